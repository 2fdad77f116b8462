// sweep: design-space sweeps (docs/sweep.md) — local runs on every core, the task a Slurm array
// runs, collecting shards, status, the Pareto report and one variant as a design.

#include "sweepcommands.h"

#include "clicommon.h"
#include "commands.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/io/projectfile.h"
#include "model/sweep/pareto.h"
#include "model/sweep/sweepfigures.h"
#include "model/sweep/sweeprunner.h"
#include "pluginregistry.h"
#ifdef CP_HAVE_REPORT
#include "report/sweepreport.h"
#endif

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <unistd.h>

namespace cp::cli {

namespace {

/// Generates bases with the built-in templates and the generator plugins.
struct Generators
{
    cp::PluginRegistry plugins;
    const cp::Catalog &catalog;
    explicit Generators(const cp::Catalog &c) : catalog(c) { plugins.loadStandard(); }
    cp::VariantBuilder::Generator generator() const
    {
        return [this](const cp::TemplateOptions &o) { return plugins.generate(o, catalog); };
    }
};

/// The base every variant starts from, loaded or generated once, and the spec checked on it.
struct Base
{
    std::unique_ptr<cp::Design> project; ///< a project sweep's design (null: a template sweep)
};

Base prepareBase(const cp::SweepSpec &spec, cp::Catalog &catalog, const Generators &gen, const std::string &origin)
{
    Base base;
    cp::Design design;
    if (spec.fromProject) {
        design = loadDesign(spec.project, catalog);
        base.project = std::make_unique<cp::Design>(design);
    } else {
        try {
            design = gen.generator()(spec.base);
        } catch (const std::invalid_argument &e) {
            throw Failure{1, origin + ": base.template: " + e.what()};
        }
    }
    cp::checkSweepSettings(spec, design, catalog, origin);
    return base;
}

std::string duration(double s)
{
    if (!(s >= 0) || s > 1e7)
        return "?";
    const long long t = static_cast<long long>(s + 0.5);
    if (t < 60)
        return std::to_string(t) + "s";
    if (t < 3600)
        return std::to_string(t / 60) + "m" + (t % 60 < 10 ? "0" : "") + std::to_string(t % 60) + "s";
    return std::to_string(t / 3600) + "h" + (t / 60 % 60 < 10 ? "0" : "") + std::to_string(t / 60 % 60) + "m";
}

/// Progress on stderr: count, rate, ETA; one line per second (redrawn in place on a terminal).
class Progress
{
public:
    Progress(bool wanted, size_t total, size_t already)
        : mOn(wanted || ::isatty(STDERR_FILENO))
        , mTty(::isatty(STDERR_FILENO))
        , mTotal(total)
        , mDone(already)
        , mStartDone(already)
        , mStart(std::chrono::steady_clock::now())
    {
    }
    void add(size_t n)
    {
        mDone += n;
        const auto now = std::chrono::steady_clock::now();
        if (!mOn || now - mLast < std::chrono::seconds(1))
            return;
        mLast = now;
        print(false);
    }
    void finish()
    {
        if (mOn)
            print(true);
    }

private:
    void print(bool last)
    {
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - mStart).count();
        const double rate = s > 0 ? double(mDone - mStartDone) / s : 0.0;
        const double eta = rate > 0 ? double(mTotal - mDone) / rate : -1.0;
        std::cerr << (mTty ? "\r" : "") << "sweep: " << mDone << " of " << mTotal << " variants ("
                  << (mTotal ? 100 * mDone / mTotal : 100) << " %), " << fixed(rate, 1) << "/s, "
                  << (last ? "took " + duration(s) : "ETA " + duration(eta)) << (mTty && !last ? "   " : "\n")
                  << std::flush;
    }
    bool mOn, mTty;
    size_t mTotal, mDone, mStartDone;
    std::chrono::steady_clock::time_point mStart, mLast{};
};

unsigned threadsOption(const Args &a)
{
    std::string t = a.option("--threads");
    if (t.empty())
        if (const char *slurm = std::getenv("SLURM_CPUS_PER_TASK"))
            t = slurm;
    if (t.empty())
        return 0;
    try {
        size_t used = 0;
        const long n = std::stol(t, &used);
        if (used == t.size() && n >= 1 && n <= 1024)
            return unsigned(n);
    } catch (const std::exception &) {
    }
    usageError("--threads must be a whole number from 1 to 1024, not \"" + t + "\"");
}

/// Runs `indexes` into `store` with progress and Ctrl-C; true when every one was evaluated.
bool runInto(cp::SweepStore &store, const cp::SweepSpec &spec, cp::Catalog &catalog, const Generators &gen,
             const Base &base, const std::vector<size_t> &indexes, unsigned threads, bool progressWanted)
{
    const InterruptGuard interrupt;
    Progress progress(progressWanted, spec.variants, spec.variants - indexes.size());
    cp::SweepRunOptions options;
    options.threads = threads;
    options.cancel = &InterruptGuard::flag();
    options.onRows = [&](std::vector<cp::VariantRow> &&rows) {
        store.write(rows);
        progress.add(rows.size());
    };
    size_t done = 0;
    try {
        done = cp::runSweep(spec, catalog, gen.generator(), base.project.get(), indexes, options);
    } catch (const cp::LoadError &e) {
        throw Failure{3, std::string(e.what()) + "; the rows written before stay in the file"};
    }
    progress.finish();
    return done == indexes.size() && !InterruptGuard::flag().load();
}

std::vector<size_t> missingIndexes(const cp::SweepStore &store)
{
    const std::set<size_t> written = store.writtenIndexes();
    std::vector<size_t> out;
    for (size_t i = 0; i < store.variantCount(); ++i)
        if (!written.count(i))
            out.push_back(i);
    return out;
}

std::string figureText(const std::map<std::string, double> &figures, const std::string &name)
{
    const auto it = figures.find(name);
    if (it == figures.end())
        return "—";
    const double v = it->second;
    if (std::abs(v) >= 1e6)
        return fixed(v / 1e6, 1) + "M";
    if (std::abs(v) >= 100)
        return fixed(v, 0);
    if (std::abs(v) >= 1)
        return fixed(v, 2);
    return fixed(v, 3);
}

/// The summary after a run or a collect: counts and the Pareto front.
void printSummary(const cp::SweepStore &store, size_t frontRows)
{
    const cp::SweepSpec spec = store.spec();
    const std::vector<cp::VariantRow> rows = store.rows();
    size_t ok = 0, feasible = 0;
    for (const cp::VariantRow &r : rows) {
        ok += r.ok;
        feasible += r.feasible;
    }
    std::cout << store.path() << ": " << rows.size() << " of " << store.variantCount() << " variants ("
              << ok << " evaluated, " << rows.size() - ok << " failed, " << feasible << " meet every constraint)\n";
    const auto [x, y] = cp::defaultParetoAxes(spec);
    const std::vector<size_t> front = cp::paretoFront(rows, x, y);
    std::cout << "Pareto front of " << x.figure << " (" << (x.maximise ? "max" : "min") << ") and " << y.figure << " ("
              << (y.maximise ? "max" : "min") << "): " << front.size() << " variant(s)\n";
    for (size_t k = 0; k < front.size() && k < frontRows; ++k) {
        const cp::VariantRow &r = rows[front[k]];
        std::cout << "  #" << r.index << "  " << x.figure << " " << figureText(r.figures, x.figure) << "  "
                  << y.figure << " " << figureText(r.figures, y.figure) << "  ";
        std::cout << cp::parameterText(spec, r.parameters) << "\n";
    }
    if (front.size() > frontRows)
        std::cout << "  … " << front.size() - frontRows << " more (sweep report)\n";
}

/// The number of Slurm tasks a results file records (0: a local sweep); a damaged value is a
/// failure naming the file and the place.
size_t slurmTasks(const cp::SweepStore &store)
{
    const std::string text = store.meta("slurm_tasks");
    if (text.empty())
        return 0;
    try {
        size_t used = 0;
        const unsigned long long n = std::stoull(text, &used);
        if (used == text.size() && n >= 1 && n <= 10'000)
            return size_t(n);
    } catch (const std::exception &) {
    }
    throw Failure{1, store.path() + ": meta.slurm_tasks: \"" + text + "\" is not a number of tasks from 1 to 10,000"};
}

cp::SweepStore openStore(const std::string &path)
{
    try {
        return cp::SweepStore::open(path);
    } catch (const cp::LoadError &e) {
        throw Failure{1, e.what()};
    }
}

int runLocal(const Args &a, const std::string &specFile, cp::Catalog &catalog)
{
    const std::string out = a.option("-o");
    if (out.empty())
        usageError("sweep needs -o RESULTS.sqlite");
    const cp::SweepSpec spec = cp::readSweepSpec(specFile);
    const Generators gen(catalog);
    const Base base = prepareBase(spec, catalog, gen, specFile);
    std::unique_ptr<cp::SweepStore> store;
    try {
        if (a.flag("--resume")) {
            store = std::make_unique<cp::SweepStore>(cp::SweepStore::open(out));
            if (store->specDigest() != cp::sweepSpecDigest(spec))
                throw Failure{1, out + ": was made from another spec than " + specFile +
                                     "; resume it with the spec it was made from, or start again with --replace"};
        } else {
            store = std::make_unique<cp::SweepStore>(cp::SweepStore::create(out, spec, a.flag("--replace")));
        }
    } catch (const cp::LoadError &e) {
        throw Failure{3, e.what()};
    }
    const std::vector<size_t> todo = missingIndexes(*store);
    if (a.flag("--resume"))
        std::cerr << "sweep: " << spec.variants - todo.size() << " of " << spec.variants
                  << " variants already in " << out << "; evaluating the other " << todo.size() << "\n";
    if (!runInto(*store, spec, catalog, gen, base, todo, threadsOption(a), a.flag("--progress"))) {
        std::cerr << "sweep: stopped: " << store->rowCount() << " of " << spec.variants << " variants are in " << out
                  << "; continue with: cluster-planner-cli sweep " << specFile << " -o " << out << " --resume\n";
        return 130;
    }
    printSummary(*store, 10);
    return 0;
}

/// `sweep task RESULTS --task K`: one Slurm array task evaluates its shard into its own file.
int runTask(const Args &a, cp::Catalog &catalog)
{
    if (a.positional.size() != 2 || a.option("--task").empty())
        usageError("sweep task needs RESULTS --task K");
    const std::string results = a.positional[1];
    const cp::SweepStore whole = openStore(results);
    const cp::SweepSpec spec = whole.spec();
    const size_t tasks = slurmTasks(whole);
    if (tasks == 0)
        throw Failure{1, results + ": meta.slurm_tasks: missing: this results file is not a Slurm sweep's"};
    size_t task = 0;
    try {
        size_t used = 0;
        task = std::stoull(a.option("--task"), &used);
        if (used != a.option("--task").size())
            throw std::invalid_argument(a.option("--task"));
    } catch (const std::exception &) {
        usageError("--task must be a task number, not \"" + a.option("--task") + "\"");
    }
    if (task >= tasks)
        throw Failure{2, "--task " + std::to_string(task) + " is beyond the " + std::to_string(tasks) + " tasks"};
    const std::string file = shardFile(results, task);
    std::unique_ptr<cp::SweepStore> shard;
    try {
        std::error_code ec;
        shard = std::make_unique<cp::SweepStore>(std::filesystem::exists(file, ec) ? cp::SweepStore::open(file)
                                                                                    : cp::SweepStore::create(file, spec, false));
        if (shard->specDigest() != whole.specDigest())
            throw Failure{1, file + ": belongs to another sweep than " + results};
        shard->setMeta("shard", std::to_string(task) + "/" + std::to_string(tasks));
    } catch (const cp::LoadError &e) {
        throw Failure{3, e.what()};
    }
    const Generators gen(catalog);
    const Base base = prepareBase(spec, catalog, gen, results);
    const std::set<size_t> written = shard->writtenIndexes();
    std::vector<size_t> todo;
    for (const size_t i : cp::shardIndexes(spec.variants, task, tasks))
        if (!written.count(i))
            todo.push_back(i);
    if (!runInto(*shard, spec, catalog, gen, base, todo, threadsOption(a), a.flag("--progress"))) {
        std::cerr << "sweep task " << task << ": stopped; " << shard->rowCount() << " rows in " << file << "\n";
        return 130;
    }
    std::cout << file << ": task " << task << " of " << tasks << ", " << shard->rowCount() << " variants\n";
    return 0;
}

/// `sweep collect RESULTS`: merges the shards into the results file; exit 1 while incomplete.
int runCollect(const Args &a)
{
    if (a.positional.size() != 2)
        usageError("sweep collect needs RESULTS");
    const std::string results = a.positional[1];
    cp::SweepStore store = openStore(results);
    const size_t tasks = slurmTasks(store);
    std::vector<size_t> incomplete;
    for (size_t t = 0; t < tasks; ++t) {
        const std::string file = shardFile(results, t);
        std::error_code ec;
        if (!std::filesystem::exists(file, ec)) {
            incomplete.push_back(t);
            continue;
        }
        try {
            const cp::SweepStore shard = cp::SweepStore::open(file);
            if (shard.specDigest() != store.specDigest())
                throw Failure{1, file + ": belongs to another sweep than " + results};
            store.write(shard.rows());
            if (shard.rowCount() < cp::shardIndexes(store.variantCount(), t, tasks).size())
                incomplete.push_back(t);
        } catch (const cp::LoadError &e) {
            throw Failure{1, e.what()};
        }
    }
    const size_t missing = store.variantCount() - store.rowCount();
    if (missing > 0) {
        std::string list;
        for (const size_t t : incomplete)
            list += (list.empty() ? "" : ", ") + std::to_string(t);
        std::cerr << results << ": " << missing << " of " << store.variantCount() << " variants missing"
                  << (list.empty() ? std::string() : "; tasks not finished: " + list + " (their logs: " +
                                                         shardFolder(results) + "/task-N.out)")
                  << "\n";
        printSummary(store, 5);
        return 1;
    }
    store.setMeta("collected", "yes");
    printSummary(store, 10);
    return 0;
}

int runStatus(const Args &a)
{
    if (a.positional.size() != 2)
        usageError("sweep status needs RESULTS");
    const std::string results = a.positional[1];
    const cp::SweepStore store = openStore(results);
    const cp::SweepSpec spec = store.spec();
    std::cout << results << ": " << spec.name << ", " << spec.variants << " variants (" << cp::samplingName(spec.sampling)
              << ", seed " << spec.seed << ")\n";
    std::cout << "  in the results file: " << store.rowCount() << "\n";
    const size_t tasks = slurmTasks(store);
    if (tasks > 0) {
        size_t inShards = 0;
        for (size_t t = 0; t < tasks; ++t) {
            std::error_code ec;
            if (std::filesystem::exists(shardFile(results, t), ec))
                inShards += openStore(shardFile(results, t)).rowCount();
        }
        std::cout << "  in the " << tasks << " task shards (" << shardFolder(results) << "): " << inShards << "\n";
        for (const std::string &line : slurmJobStates(store))
            std::cout << "  " << line << "\n";
    }
    const bool complete = store.rowCount() == spec.variants;
    std::cout << "  " << (complete ? "complete" : "not complete")
              << (complete || tasks == 0 ? std::string()
                                                : "; once every task has finished: cluster-planner-cli sweep collect " + results)
              << "\n";
    return 0;
}

int runReport(const Args &a)
{
    if (a.positional.size() != 2)
        usageError("sweep report needs RESULTS");
    const cp::SweepStore store = openStore(a.positional[1]);
    const cp::SweepSpec spec = store.spec();
    const std::vector<cp::VariantRow> rows = store.rows();
    auto [x, y] = cp::defaultParetoAxes(spec);
    for (auto [option, axis] : {std::pair{"--x", &x}, std::pair{"--y", &y}}) {
        std::string f = a.option(option);
        if (f.empty())
            continue;
        bool maximise = false;
        if (f.rfind("max:", 0) == 0 || f.rfind("min:", 0) == 0) {
            maximise = f[1] == 'a';
            f = f.substr(4);
        }
        if (const std::string why = cp::sweepFigureProblem(f); !why.empty())
            usageError(std::string(option) + ": " + why);
        *axis = {f, maximise};
    }
    bool wrote = false;
    if (const std::string csv = a.option("--csv"); !csv.empty()) {
        writeFileAtomically(csv, cp::sweepRowsCsv(spec, rows));
        std::cout << csv << ": " << rows.size() << " variants\n";
        wrote = true;
    }
    for (const char *kind : {"--html", "--pdf"}) {
        const std::string out = a.option(kind);
        if (out.empty())
            continue;
#ifdef CP_HAVE_REPORT
        cp::report::SweepReportInput in{spec, rows, x, y, a.positional[1]};
        const std::string bytes = std::string(kind) == "--html" ? cp::report::sweepHtmlReport(in)
                                                                : cp::report::sweepPdfReport(in);
        writeFileAtomically(out, bytes);
        std::cout << out << ": the sweep report (" << rows.size() << " variants)\n";
        wrote = true;
#else
        throw Failure{2, std::string(kind) + " needs the report library, which this build lacks (Qt Charts)"};
#endif
    }
    if (!wrote)
        printSummary(store, 1000);
    return 0;
}

/// `sweep design RESULTS --variant I -o OUT`: one variant as a design file.
int runDesign(const Args &a, cp::Catalog &catalog)
{
    const std::string out = a.option("-o");
    if (a.positional.size() != 2 || a.option("--variant").empty() || out.empty())
        usageError("sweep design needs RESULTS --variant I -o OUT.cplan");
    const cp::SweepStore store = openStore(a.positional[1]);
    const cp::SweepSpec spec = store.spec();
    size_t index = 0;
    try {
        size_t used = 0;
        index = std::stoull(a.option("--variant"), &used);
        if (used != a.option("--variant").size())
            throw std::invalid_argument("");
    } catch (const std::exception &) {
        usageError("--variant must be a variant number");
    }
    if (index >= spec.variants)
        throw Failure{1, a.positional[1] + ": the sweep has " + std::to_string(spec.variants) + " variants (0 to " +
                             std::to_string(spec.variants - 1) + ")"};
    const Generators gen(catalog);
    const Base base = prepareBase(spec, catalog, gen, a.positional[1]);
    cp::VariantBuilder builder(spec, catalog, gen.generator());
    if (base.project)
        builder.setProjectBase(*base.project);
    const cp::VariantPlan plan(spec);
    cp::Design design = builder.build(plan.values(index));
    design.name = spec.name + " #" + std::to_string(index);
    saveDesign(out, design, catalog, "Variant " + std::to_string(index) + " of sweep " + spec.name + ": " +
                                         plan.parameters(index).dump(), a.flag("--replace"));
    std::cout << out << ": variant " << index << " (" << plan.parameters(index).dump() << ")\n";
    return 0;
}

} // namespace

std::string shardFolder(const std::string &results)
{
    return results + ".shards";
}

std::string shardFile(const std::string &results, size_t task)
{
    return shardFolder(results) + "/shard-" + std::to_string(task) + ".sqlite";
}

int cmdSweep(const std::vector<std::string> &argv, cp::Catalog catalog)
{
    const Args a = parse(argv,
                         {"-o", "--threads", "--tasks", "--partition", "--time", "--cpus-per-task", "--task", "--csv",
                          "--html", "--pdf", "--x", "--y", "--variant"},
                         {"--resume", "--replace", "--progress", "--slurm"});
    if (a.positional.empty())
        usageError("sweep needs SPEC.json -o RESULTS.sqlite, or status|collect|report|design RESULTS");
    const std::string first = a.positional[0];
    if (first == "status")
        return runStatus(a);
    if (first == "collect")
        return runCollect(a);
    if (first == "report")
        return runReport(a);
    if (first == "task")
        return runTask(a, catalog);
    if (first == "design")
        return runDesign(a, catalog);
    if (a.positional.size() != 1)
        usageError("sweep takes one SPEC.json");
    if (a.flag("--slurm")) {
        const cp::SweepSpec spec = cp::readSweepSpec(first);
        const Generators gen(catalog);
        (void)prepareBase(spec, catalog, gen, first); // refuse a bad spec before anything is submitted
        return submitSweep(a, spec, first);
    }
    return runLocal(a, first, catalog);
}

} // namespace cp::cli
