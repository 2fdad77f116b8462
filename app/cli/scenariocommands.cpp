// scenario list|add|remove: the named designs of a project.

#include "clicommon.h"
#include "commands.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "model/generate/templates.h"
#include "model/io/projectfile.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <stdexcept>

namespace cp::cli {

/// `scenario list|add|remove FILE.cplan …`: the named designs of a project.
int cmdScenario(const std::vector<std::string> &argv, cp::Catalog catalog)
{
    if (argv.empty())
        usageError("scenario needs list, add or remove");
    const std::string action = argv[0];
    const std::vector<std::string> rest(argv.begin() + 1, argv.end());
    std::vector<std::string> valued = kTemplateOptionNames;
    valued.insert(valued.end(), {"--name", "--from"});
    const Args a = parse(rest, valued, {"--json", "--replace"});
    if (a.positional.size() != 1 || !endsWith(a.positional[0], ".cplan"))
        usageError("scenario " + action + " needs one FILE.cplan");
    const std::string file = a.positional[0];
    const char *user = std::getenv("USER") ? std::getenv("USER") : "";
    const std::string name = a.option("--name");
    if (action != "list") {
        if (name.empty())
            usageError("scenario " + action + " needs --name NAME");
        if (const std::string why = cp::ProjectFile::scenarioNameProblem(name); !why.empty())
            throw Failure{1, file + ": scenario \"" + name + "\": " + why};
    }
    if (action == "list") {
        const cp::Project project = cp::ProjectFile::load(file);
        if (a.flag("--json")) {
            nlohmann::json out = nlohmann::json::array();
            for (size_t i = 0; i < project.scenarios.size(); ++i)
                out.push_back({{"scenario", project.scenarios[i].name},
                               {"design", project.scenarios[i].design.name},
                               {"racks", project.scenarios[i].design.racks.size()},
                               {"default", i == 0}});
            std::cout << out.dump(2) << "\n";
            return 0;
        }
        for (size_t i = 0; i < project.scenarios.size(); ++i)
            std::cout << std::left << std::setw(24) << project.scenarios[i].name << std::setw(8)
                      << project.scenarios[i].design.racks.size() << project.scenarios[i].design.name
                      << (i == 0 ? "  (default)" : "") << "\n";
        return 0;
    }
    if (action == "remove") {
        try {
            cp::ProjectFile::removeScenario(file, name, user, "Removed scenario " + name);
        } catch (const cp::LoadError &e) {
            throw Failure{1, e.what()};
        }
        std::cout << file << ": removed scenario " << name << "\n";
        return 0;
    }
    if (action != "add")
        usageError("unknown scenario action \"" + action + "\" (list, add or remove)");
    const bool fromFile = !a.option("--from").empty(), fromTemplate = !a.option("--template").empty();
    if (fromFile == fromTemplate)
        usageError("scenario add needs either --from DESIGN or --template KIND");
    std::error_code ec;
    if (std::filesystem::exists(file, ec) && !a.flag("--replace")) {
        for (const std::string &existing : cp::ProjectFile::scenarioNames(file))
            if (existing == name)
                throw Failure{1, file + ": scenario \"" + name + "\" already exists (use --replace to overwrite it)"};
    }
    cp::Design design;
    std::string comment;
    if (fromFile) {
        design = loadDesign(a.option("--from"), catalog);
        comment = "Scenario " + name + " from " + a.option("--from");
    } else {
        const cp::TemplateOptions options = templateOptions(a);
        try {
            design = cp::generateTemplate(options, catalog);
        } catch (const std::invalid_argument &e) {
            throw Failure{1, e.what()};
        }
        comment = "Scenario " + name + " generated from the " + options.kind + " template";
    }
    const cp::Problems problems = cp::validate(design, catalog);
    if (cp::hasErrors(problems))
        throw Failure{1, file + ": scenario \"" + name + "\": the design has errors (run validate); nothing was written"};
    try {
        cp::ProjectFile::saveScenario(file, name, design, catalog, user, comment);
    } catch (const cp::LoadError &e) {
        throw Failure{e.problem().find("newer") != std::string::npos ? 1 : 3, e.what()};
    }
    std::cout << file << ": scenario " << name << " — " << design.name << "\n";
    return 0;
}

} // namespace cp::cli
