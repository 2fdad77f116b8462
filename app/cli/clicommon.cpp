#include "clicommon.h"

#include <signal.h>

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/core/designlimits.h"
#include "model/generate/templates.h"
#include "model/io/designjson.h"
#include "model/io/outputfile.h"
#include "model/io/projectfile.h"
#include "model/io/resultsjson.h"
#include "pluginregistry.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>

namespace cp::cli {

[[noreturn]] void usageError(const std::string &message)
{
    throw Failure{2, message + " (see cluster-planner-cli --help)"};
}

Args parse(const std::vector<std::string> &argv, const std::vector<std::string> &valued,
           const std::vector<std::string> &boolean)
{
    Args a;
    for (size_t i = 0; i < argv.size(); ++i) {
        const std::string &s = argv[i];
        if (s.size() > 1 && s[0] == '-') {
            bool known = false;
            for (const auto &v : valued)
                if (s == v) {
                    if (i + 1 >= argv.size())
                        usageError(s + " needs a value");
                    a.options[s] = argv[++i];
                    known = true;
                }
            for (const auto &b : boolean)
                if (s == b) {
                    a.flags.push_back(s);
                    known = true;
                }
            if (!known)
                usageError("unknown option " + s);
        } else {
            a.positional.push_back(s);
        }
    }
    return a;
}

const std::vector<std::string> kTemplateOptionNames{"--template", "--gpus", "--gpu", "--spare-servers", "--taper"};

namespace {

/// `a`'s number after `name` (the whole text a number, `valid` of it), or `fallback` without one.
template<typename T, typename Convert>
T numberOption(const Args &a, const std::string &name, T fallback, Convert convert, bool (*valid)(T),
               const std::string &wanted)
{
    const std::string text = a.option(name);
    if (text.empty())
        return fallback;
    try {
        size_t used = 0;
        const T v = convert(text, &used);
        if (used == text.size() && valid(v))
            return v;
    } catch (const std::exception &) {
    }
    usageError(name + " needs " + wanted + ", got \"" + text + "\"");
}

} // namespace

cp::TemplateOptions templateOptions(const Args &a)
{
    cp::TemplateOptions o;
    o.kind = a.option("--template").empty() ? "classic" : a.option("--template");
    o.gpuId = a.option("--gpu");
    const auto toLong = [](const std::string &t, size_t *used) { return std::stoll(t, used); };
    const auto toDouble = [](const std::string &t, size_t *used) { return std::stod(t, used); };
    o.gpus = numberOption<long long>(a, "--gpus", o.gpus, toLong, [](long long v) { return v > 0; },
                                     "a positive whole number");
    o.spareServerFraction = numberOption<double>(a, "--spare-servers", o.spareServerFraction, toDouble,
                                                 [](double v) { return std::isfinite(v); }, "a share such as 0.02");
    o.taper = numberOption<double>(a, "--taper", o.taper, toDouble, [](double v) { return std::isfinite(v); },
                                   "a ratio such as 2 (2:1)");
    return o;
}

bool endsWith(const std::string &s, const std::string &suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

cp::Design loadDesign(const std::string &path, cp::Catalog &catalog)
{
    std::string file = path, scenario;
    std::error_code ec;
    if (const size_t hash = path.rfind('#'); hash != std::string::npos && !std::filesystem::exists(path, ec)) {
        file = path.substr(0, hash);
        scenario = path.substr(hash + 1);
        if (const std::string why = cp::ProjectFile::scenarioNameProblem(scenario); !why.empty())
            throw Failure{1, path + ": " + why};
    }
    if (endsWith(file, ".json")) {
        if (!scenario.empty())
            throw Failure{1, path + ": a design JSON file holds one design; #" + scenario + " names a scenario of a .cplan project"};
        return cp::importDesignJson(file, catalog);
    }
    cp::Project project = cp::ProjectFile::load(file, scenario);
    catalog.merge(project.catalog, file);
    if (const auto tooLarge = cp::limitProblem(project.design, catalog)) // docs/robustness.md
        throw Failure{1, file + ": " + tooLarge->place + ": " + tooLarge->message};
    return project.design;
}

void saveDesign(const std::string &path, const cp::Design &design, const cp::Catalog &catalog,
                const std::string &comment, bool replace)
{
    std::error_code ec;
    try {
        cp::outputTarget(path); // a device, FIFO or folder is refused with its own message first
    } catch (const cp::LoadError &e) {
        throw Failure{3, e.what()};
    }
    if (!replace && std::filesystem::exists(path, ec)) {
        std::string holds = "a file of another program";
        if (endsWith(path, ".cplan") && cp::ProjectFile::looksLikeProject(path)) {
            try {
                const std::vector<std::string> names = cp::ProjectFile::scenarioNames(path);
                std::string list;
                for (const std::string &n : names)
                    list += (list.empty() ? "" : ", ") + n;
                holds = "a project (scenarios: " + list + "); its default scenario would be replaced";
            } catch (const cp::LoadError &e) {
                holds = "a project that cannot be read now (" + std::string(e.what()) + ")";
            }
        } else if (endsWith(path, ".json")) {
            holds = "a JSON file";
        }
        throw Failure{3, path + ": the file exists and holds " + holds
                             + "; nothing was written (add --replace to replace it, or scenario add to add a design)"};
    }
    try {
        if (endsWith(path, ".json"))
            cp::exportDesignJson(design, catalog, path);
        else
            cp::ProjectFile::save(path, design, catalog, std::getenv("USER") ? std::getenv("USER") : "", comment);
    } catch (const cp::LoadError &e) {
        throw Failure{3, e.what()};
    }
}

std::string fixed(double v, int decimals)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(decimals) << v;
    return s.str();
}

void writeFileAtomically(const std::string &path, const std::string &text)
{
    try {
        cp::writeOutputFile(path, text);
    } catch (const cp::LoadError &e) {
        throw Failure{3, e.what()};
    }
}

void printJson(const nlohmann::json &j, const std::string &file)
{
    const std::vector<std::string> bad = cp::nonFiniteNumbers(j);
    if (!bad.empty()) {
        std::string places;
        for (const std::string &p : bad)
            places += (places.empty() ? "" : ", ") + p;
        throw Failure{1, file + ": the evaluation gave a non-finite figure at " + places +
                             " (nothing printed; a figure the model cannot compute for this input)"};
    }
    std::cout << j.dump(2) << "\n";
}

std::string lowerCase(std::string s)
{
    for (char &ch : s)
        ch = char(std::tolower(static_cast<unsigned char>(ch)));
    return s;
}

void reportPluginProblems(const cp::PluginRegistry &plugins)
{
    for (const cp::Problem &p : plugins.problems())
        if (p.severity != cp::Severity::Info)
            std::cerr << "cluster-planner-cli: plugin " << p.place << ": " << p.message << "\n";
}

namespace {

std::atomic<bool> gInterrupted{false};

extern "C" void onInterrupt(int)
{
    gInterrupted.store(true);
}

} // namespace

struct InterruptGuard::Saved
{
    struct sigaction interrupt {}, terminate {};
};

InterruptGuard::InterruptGuard() : mSaved(new Saved)
{
    gInterrupted.store(false);
    struct sigaction action {};
    action.sa_handler = onInterrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &mSaved->interrupt);
    sigaction(SIGTERM, &action, &mSaved->terminate);
}

InterruptGuard::~InterruptGuard()
{
    sigaction(SIGINT, &mSaved->interrupt, nullptr);
    sigaction(SIGTERM, &mSaved->terminate, nullptr);
    delete mSaved;
}

const std::atomic<bool> &InterruptGuard::flag()
{
    return gInterrupted;
}

namespace {
std::string gCatalogFile;
} // namespace

const std::string &catalogFile()
{
    return gCatalogFile;
}

void setCatalogFile(const std::string &path)
{
    gCatalogFile = path;
}

} // namespace cp::cli
