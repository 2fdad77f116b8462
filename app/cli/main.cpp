// cluster-planner-cli: the command-line face of the model. Runs with no display.

#include "model/core/catalog.h"
#include "model/analysis/comparison.h"
#include "model/cost/cost.h"
#include "model/core/design.h"
#include "model/io/designjson.h"
#include "model/engine/evaluation.h"
#include "model/fabric/topology.h"
#include "model/io/resultsjson.h"
#include "model/core/designlimits.h"
#include "model/reliability/montecarlo.h"
#include "model/io/estimatespec.h"
#include "pluginregistry.h"
#include "model/io/projectfile.h"
#include "model/generate/templates.h"
#ifdef CP_HAVE_REPORT
#include "report/report.h"
#endif

#include <nlohmann/json.hpp>

#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

namespace {

constexpr const char *kUsage = R"(Usage: cluster-planner-cli [--catalog FILE] COMMAND [ARGS]

Designs AI training clusters and evaluates what they deliver.

Commands:
  new --template classic|supernode|gigawatt|GENERATOR [--gpus N] [--gpu CATALOG_ID]
        [--spare-servers SHARE] -o FILE
        Generate a design from a template and save it (.cplan project, or .json).
        GENERATOR: a topology generator plugin, e.g. rail-only.
        classic: 8-GPU servers on a rail-optimised fat tree; supernode: 72-GPU
        liquid-cooled scale-up racks; gigawatt: a campus of halls (one super-pod
        each, default 1,000,000 GPUs) around central network halls on a 4-tier
        fabric, 72-GPU supernodes (--gpu gb200, the default) or 8-GPU servers
        (e.g. --gpu h100-sxm). --gpus counts installed GPUs, spares included,
        rounded up to whole servers or supernodes. --spare-servers: share of
        8-GPU servers held as a spare pool (e.g. 0.02).
  evaluate FILE [--json]
        Evaluate a design (.cplan or .json) and print every figure; with --json,
        one JSON object (documented in docs/results.md) on stdout.
  validate FILE
        Check a design; prints every problem with its place. Exit 1 if any error.
  export FILE --json OUT
        Write a project's design, with the catalog entries it uses, as JSON.
  export FILE --format FORMAT -o DIR
        Write the design for another tool through an exporter plugin: netbox-csv
        (NetBox bulk-import CSV files), calculon, astra-sim (simulator input),
        rack-list; `plugins` lists them all (docs/plugins.md).
  import-devicetypes YAML_OR_DIR... -o CATALOG.json
        Read NetBox device-type YAML files into a user catalog for --catalog;
        every figure the files lack is marked as an assumption and reported.
  plugins [--json]
        List the plugins loaded (generators, importers, exporters) and those
        refused, with the reason.
  import IN.json -o OUT.cplan
        Read a design JSON file and save it as a project.
  catalog [--json]
        List the catalog (the default plus any --catalog file).
  estimate SPEC.json [--json]
        Predict a training workload on a described cluster without a layout
        (format in docs/estimate.md): step time, TFLOP/s per GPU, MFU, tokens/s,
        memory per GPU, time to train. Parallelism left out is searched.
  search FILE [--top N] [--json]
        Search the best parallelism (TP, PP, DP, CP, EP, micro-batch, interleave,
        recomputation, ZeRO) for a design's (.cplan or .json) cluster and workload;
        prints the top N (default 5) and why the others lost.
  simulate FILE [--runs N] [--seed S] [--json]
        Monte Carlo of the design's training run (default 1000 runs, seed 1):
        failures drawn per part kind, checkpoints, spares and repairs; prints
        the distribution of the time to train (p50, p90) beside the analytic
        goodput (docs/reliability.md).
  compare A.cplan B.cplan ... [--report OUT.html|OUT.pdf] [--bom OUT.csv] [--json]
        Evaluate 2 to 6 designs and print their key figures side by side
        (GPUs, racks, power, fabric, MFU, time to train, reliability, CAPEX,
        OPEX, TCO, cost per effective PFLOP-hour, cloud break-even; docs/cost.md),
        the better value of each row marked with '*'. --report writes the
        comparison report, by the file's extension: a self-contained HTML page
        (charts as inline SVG, no network) or an A4 PDF (docs/report.md).
        --bom writes the bill of materials of all of them as CSV; --json prints
        every design's results as one JSON array instead of the table.

  bench [--sizes N,N,...] [--template KIND] [--json]
        Time the engine at each size (default 1024,16384,100000,1000000 GPUs of
        the gigawatt template), each in a child process: generate, full
        evaluation, re-evaluation after moving one rack and after a finance
        edit, parallelism search, save, load, peak memory; time per GPU and its
        ratio between the largest size and 16,384 (docs/benchmarks.md).

  scenario list FILE.cplan [--json]
  scenario add FILE.cplan --name NAME (--from DESIGN | --template classic|supernode
        [--gpus N] [--gpu CATALOG_ID] [--spare-servers SHARE]) [--replace]
  scenario remove FILE.cplan --name NAME
        A project holds several named designs (scenarios); the first is its
        default. Anywhere a design FILE is read, FILE.cplan#NAME picks one.
        add copies DESIGN (a .cplan, .cplan#NAME or .json) or generates one from
        a template (--spare-servers: share of classic servers held as a spare
        pool, e.g. 0.02) and creates FILE.cplan if needed; an existing NAME
        needs --replace. Names: letters, digits, '.', '_', '-' (docs/file-format.md).

Options:
  --catalog FILE   load a user catalog beside the default one (its entries win)
  -h, --help       show this help
  --version        show the version

Exit status: 0 success; 1 bad input (unreadable, corrupt or invalid file, a design
with errors); 2 bad usage; 3 an output that cannot be written.
)";

struct Failure
{
    int code;
    std::string message;
};

[[noreturn]] void usageError(const std::string &message)
{
    throw Failure{2, message + " (see cluster-planner-cli --help)"};
}

/// Splits arguments into positionals and --options (with or without a value).
struct Args
{
    std::vector<std::string> positional;
    std::map<std::string, std::string> options;
    std::vector<std::string> flags;

    bool flag(const std::string &name) const
    {
        for (const auto &f : flags)
            if (f == name)
                return true;
        return false;
    }
    std::string option(const std::string &name) const
    {
        auto it = options.find(name);
        return it == options.end() ? std::string() : it->second;
    }
};

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

bool endsWith(const std::string &s, const std::string &suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// Loads a design argument: FILE.json, FILE.cplan (its default scenario) or FILE.cplan#SCENARIO.
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
                const std::string &comment)
{
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

/// A built-in template, or else a topology generator plugin of that id.
cp::Design generateDesign(const cp::TemplateOptions &options, const cp::Catalog &catalog)
{
    try {
        return cp::generateTemplate(options, catalog);
    } catch (const std::invalid_argument &) {
        cp::PluginRegistry plugins;
        plugins.loadStandard();
        if (const cp::TopologyGenerator *g = plugins.generator(options.kind))
            return g->generate(options, catalog);
        throw;
    }
}

int cmdNew(const std::vector<std::string> &argv, const cp::Catalog &catalog)
{
    const Args a = parse(argv, {"--template", "--gpus", "--gpu", "--spare-servers", "-o", "--output"}, {});
    if (!a.positional.empty())
        usageError("new takes no positional argument");
    const std::string out = a.option("-o").empty() ? a.option("--output") : a.option("-o");
    if (out.empty())
        usageError("new needs -o FILE");
    cp::TemplateOptions options;
    options.kind = a.option("--template").empty() ? "classic" : a.option("--template");
    options.gpuId = a.option("--gpu");
    if (const std::string g = a.option("--gpus"); !g.empty()) {
        try {
            size_t used = 0;
            options.gpus = std::stoll(g, &used);
            if (used != g.size() || options.gpus <= 0)
                throw std::invalid_argument(g);
        } catch (const std::exception &) {
            usageError("--gpus needs a positive whole number, got \"" + g + "\"");
        }
    }
    if (const std::string f = a.option("--spare-servers"); !f.empty()) {
        try {
            size_t used = 0;
            options.spareServerFraction = std::stod(f, &used);
            if (used != f.size())
                throw std::invalid_argument(f);
        } catch (const std::exception &) {
            usageError("--spare-servers needs a share such as 0.02, got \"" + f + "\"");
        }
    }
    cp::Design design;
    try {
        design = generateDesign(options, catalog);
    } catch (const std::invalid_argument &e) {
        throw Failure{1, e.what()};
    }
    saveDesign(out, design, catalog, "Generated from the " + options.kind + " template");
    const cp::Results r = cp::evaluate(design, catalog);
    std::cout << out << ": " << design.name << " — " << r.inventory.gpusTotal << " GPUs, "
              << r.inventory.racksTotal << " racks\n";
    return 0;
}

std::string musd(double usd)
{
    return "$" + fixed(usd / 1e6, 2) + "M";
}

void printCost(const cp::CostResults &c)
{
    std::cout << "\nCost (docs/cost.md)\n";
    if (!c.available) {
        std::cout << "  not available\n";
        return;
    }
    std::cout << "  CAPEX                 " << musd(c.capexUsd) << " (hardware " << musd(c.hardwareCapexUsd) << ")\n";
    for (const char *k : {"compute", "network", "storage", "power_cooling", "facility", "integration"})
        std::cout << "    " << std::left << std::setw(20) << k << std::right << std::setw(12)
                  << musd(c.capexByCategoryUsd.at(k)) << "\n";
    std::cout << "  OPEX per year         " << musd(c.opexUsdPerYear) << " (staff " << fixed(c.staffFte, 1)
              << " FTE)\n";
    for (const auto &[k, v] : c.opexByCategoryUsdPerYear)
        std::cout << "    " << std::left << std::setw(20) << k << std::right << std::setw(12) << musd(v) << "\n";
    std::cout << "  depreciation          " << musd(c.depreciationUsdPerYear) << " per year over "
              << fixed(c.lifeYears, 1) << " years\n"
              << "  delivery              " << fixed(c.deliveryMonths, 1) << " months, " << musd(c.deliveryCostUsd)
              << " (renting meanwhile: " << musd(c.deliveryOpportunityUsd) << ")\n"
              << "  TCO                   " << musd(c.tcoUsd) << "\n"
              << "  per GPU-hour          $" << fixed(c.costPerGpuHourUsd, 2) << " (cloud $"
              << fixed(c.cloudUsdPerGpuHour, 2) << ")\n"
              << "  per effective PFLOP-h $" << fixed(c.costPerEffectivePflopHourUsd, 2) << "\n"
              << "  per million tokens    $" << fixed(c.costPerMillionTokensUsd, 3) << "\n"
              << "  cost to train         " << musd(c.costToTrainUsd) << " (cloud " << musd(c.cloudCostToTrainUsd)
              << " for " << fixed(c.trainGpuHours / 1e6, 3) << "M GPU-hours)\n"
              << "  cloud break-even      "
              << (c.breakEvenMonth >= 0 ? "month " + std::to_string(c.breakEvenMonth) : std::string("never within the life"))
              << "\n";
}

void printText(const cp::Design &design, const cp::Results &r)
{
    const auto &inv = r.inventory;
    const auto &p = r.power;
    std::cout << design.name << "\n\n"
              << "Inventory\n"
              << "  GPUs total            " << inv.gpusTotal << "\n"
              << "  GPUs active           " << inv.gpusActive << "\n"
              << "  GPUs spare            " << inv.gpusSpare << "\n"
              << "  servers               " << inv.servers << "\n"
              << "  supernodes            " << inv.supernodes << "\n"
              << "  racks                 " << inv.racksTotal << " (" << inv.computeRacks << " compute, "
              << inv.networkRacks << " network, " << inv.storageRacks << " storage)\n"
              << "  NICs                  " << inv.nics << "\n";
    for (const std::string &tier : cp::switchTierNames())
        if (auto it = inv.switchesByTier.find(tier); it != inv.switchesByTier.end())
            std::cout << "  " << std::left << std::setw(22) << (std::string(tier) + " switches") << it->second
                      << "\n";
    for (const auto &[role, n] : inv.otherSwitches)
        std::cout << "  " << std::left << std::setw(22) << (role + " switches") << n << "\n";
    std::cout << "  storage               " << inv.storageNodes << " nodes, " << fixed(inv.storageCapacityTb, 0)
              << " TB\n";

    const auto &f = r.fabric;
    std::string taper;
    for (double o : f.oversubscription)
        taper += (taper.empty() ? "" : ", ") + fixed(o, 2) + ":1";
    std::cout << "\nFabric\n"
              << "  topology              " << f.topology << ", " << f.tiers << " tiers of " << f.switchId
              << " (" << f.radix << " × " << fixed(f.portGbps, 0) << " Gb/s)\n"
              << "  scale-up              " << f.domainGpus << " GPUs per domain, "
              << fixed(f.scaleUpGbPerSPerGpu, 0) << " GB/s per GPU\n"
              << "  scale-out             " << fixed(f.scaleOutGbpsPerGpu, 0) << " Gb/s per GPU\n"
              << "  oversubscription      " << (taper.empty() ? std::string("none") : taper) << "\n"
              << "  bisection             " << fixed(f.bisectionGbPerS / 1000.0, 1) << " TB/s\n"
              << "  leaf groups, pods     " << f.leafGroups << ", " << f.pods << "\n"
              << "  worst path            " << f.maxHops << " switch hops, " << fixed(f.maxLatencyUs, 2) << " µs\n"
              << "  cables                ";
    long long cables = 0;
    double metres = 0;
    for (const auto &c : f.cables) {
        cables += c.count;
        metres += c.totalLengthM;
    }
    std::cout << cables << " (" << fixed(metres / 1000.0, 1) << " km), optics " << fixed(f.opticsPowerKw, 1)
              << " kW, $" << fixed(f.cablesPriceUsd / 1e6, 2) << "M\n";
    for (const auto &c : f.cables)
        std::cout << "    " << std::left << std::setw(16) << c.tier << std::setw(12) << c.catalogId << std::right
                  << std::setw(8) << c.count << "  up to " << fixed(c.maxLengthM, 1) << " m\n";

    std::cout << "\nPerformance (" << design.workload.name << ")\n";
    if (r.performance.available) {
        const auto &e = r.performance.outcome.estimate;
        const auto &pc = e.config;
        std::cout << "  parallelism           TP" << pc.tp << " PP" << pc.pp << " DP" << pc.dp << " CP" << pc.cp
                  << " EP" << pc.ep << ", micro-batch " << pc.microbatch << ", interleave " << pc.interleave
                  << ", recompute " << cp::recomputeName(pc.recompute) << ", ZeRO-" << pc.zero
                  << (r.performance.outcome.searched ? " (searched)" : "") << "\n"
                  << "  MFU                   " << fixed(e.mfu * 100.0, 1) << " %\n"
                  << "  model TFLOP/s per GPU " << fixed(e.modelTflopsPerGpu, 0) << "\n"
                  << "  step time             " << fixed(e.stepTimeS, 2) << " s\n"
                  << "  tokens per second     " << fixed(e.tokensPerS, 0) << "\n"
                  << "  memory per GPU        " << fixed(e.memoryGb(), 1) << " GB of " << fixed(e.hbmGb, 0) << " GB\n"
                  << "  time to train         " << fixed(e.timeToTrainDays, 1) << " days\n";
    } else {
        std::cout << "  not available (see problems)\n";
    }

    std::cout << "\nPower\n"
              << "  IT power              " << fixed(p.itKwTotal, 1) << " kW at training load ("
              << fixed(p.itKwNameplate, 1) << " kW nameplate)\n"
              << "  optics (in IT power)  " << fixed(p.opticsKw, 1) << " kW\n"
              << "  PUE                   " << fixed(p.pue, 2) << "\n"
              << "  facility power        " << fixed(p.facilityKwTotal, 1) << " kW\n"
              << "  max rack power        " << fixed(p.maxRackKw, 1) << " kW\n"
              << "  energy per year       " << fixed(p.energyMwhPerYear, 0) << " MWh\n";
    const auto &rel = r.reliability;
    std::cout << "\nReliability\n";
    if (rel.available) {
        std::cout << "  interruptions         " << fixed(rel.interruptionsPerHour * 24.0, 2) << " per day (job MTBF "
                  << fixed(rel.jobMtbfHours, 1) << " h)\n"
                  << "  largest domain        " << rel.largestFailureDomainGpus << " GPUs";
        if (!rel.largestDomains.empty())
            std::cout << " (" << rel.largestDomains.front().part << ")";
        std::cout << "\n"
                  << "  checkpoint            " << fixed(rel.checkpointSizeTb, 2) << " TB (" << fixed(rel.bytesPerParam, 0)
                  << " B/param), write " << fixed(rel.checkpointWriteS, 1) << " s, restore "
                  << fixed(rel.checkpointRestoreS, 1) << " s at " << fixed(rel.storageWriteGbPerS, 0) << "/"
                  << fixed(rel.storageReadGbPerS, 0) << " GB/s\n"
                  << "  checkpoint interval   " << fixed(rel.checkpointIntervalMinutes, 1) << " min"
                  << (rel.intervalOptimal ? " (Young/Daly)" : " (set)") << "\n"
                  << "  lost per failure      " << fixed(rel.timeLostPerFailureMinutes, 1) << " min\n"
                  << "  hot spares            " << rel.job.sparesPerDomain << " per domain\n"
                  << "  goodput               " << fixed(rel.goodput * 100.0, 1) << " % ("
                  << fixed(rel.goodputWithoutSpares * 100.0, 1) << " % without spares)\n";
        if (rel.effectiveTimeToTrainDays > 0)
            std::cout << "  effective time        " << fixed(rel.effectiveTimeToTrainDays, 1) << " days to train\n";
        std::cout << "  failure domains       count   GPUs lost (max/mean)  per part MTBF h  job events/day  recovery\n";
        for (const auto &k : rel.kinds)
            std::cout << "    " << std::left << std::setw(20) << k.kind << std::right << std::setw(7) << k.count
                      << std::setw(10) << k.gpusLostMax << " / " << std::left << std::setw(9)
                      << fixed(k.gpusLostMean, 1) << std::right << std::setw(15)
                      << (k.failuresPerHour > 0 ? fixed(1.0 / k.failuresPerHour, 0) : std::string("-"))
                      << std::setw(16) << fixed(k.jobFailuresPerHour * 24.0, 3) << "  " << k.recovery << "\n";
    } else {
        std::cout << "  not available (no GPUs)\n";
    }
    printCost(r.cost);
    std::cout << "\nProblems: " << r.problems.size() << "\n";
    for (const auto &pr : r.problems)
        std::cout << "  " << cp::severityName(pr.severity) << "  " << pr.place << ": " << pr.message << "\n";
}

int cmdEvaluate(const std::vector<std::string> &argv, cp::Catalog catalog)
{
    const Args a = parse(argv, {}, {"--json"});
    if (a.positional.size() != 1)
        usageError("evaluate needs exactly one FILE");
    const cp::Design design = loadDesign(a.positional[0], catalog);
    const cp::Results r = cp::evaluate(design, catalog);
    if (a.flag("--json"))
        std::cout << cp::resultsToJson(r).dump(2) << "\n";
    else
        printText(design, r);
    return 0;
}

int cmdValidate(const std::vector<std::string> &argv, cp::Catalog catalog)
{
    const Args a = parse(argv, {}, {});
    if (a.positional.size() != 1)
        usageError("validate needs exactly one FILE");
    const cp::Design design = loadDesign(a.positional[0], catalog);
    const cp::Problems problems = cp::validate(design, catalog);
    for (const auto &p : problems)
        std::cout << a.positional[0] << ": " << p.place << ": " << cp::severityName(p.severity) << ": "
                  << p.message << "\n";
    size_t errors = 0;
    for (const auto &p : problems)
        errors += p.severity == cp::Severity::Error;
    if (errors > 0)
        throw Failure{1, a.positional[0] + ": " + std::to_string(errors) + " error(s) in the design"};
    std::cout << a.positional[0] << ": valid (" << problems.size() << " warning(s))\n";
    return 0;
}

int cmdExportWith(const Args &a, cp::Catalog catalog);

int cmdExport(const std::vector<std::string> &argv, cp::Catalog catalog)
{
    const Args a = parse(argv, {"--json", "--format", "-o"}, {});
    if (!a.option("--format").empty())
        return cmdExportWith(a, catalog);
    if (a.positional.size() != 1 || a.option("--json").empty())
        usageError("export needs FILE --json OUT");
    const cp::Design design = loadDesign(a.positional[0], catalog);
    try {
        cp::exportDesignJson(design, catalog, a.option("--json"));
    } catch (const cp::LoadError &e) {
        throw Failure{3, e.what()};
    }
    return 0;
}

int cmdImport(const std::vector<std::string> &argv, cp::Catalog catalog)
{
    const Args a = parse(argv, {"-o", "--output"}, {});
    const std::string out = a.option("-o").empty() ? a.option("--output") : a.option("-o");
    if (a.positional.size() != 1 || out.empty())
        usageError("import needs IN.json -o OUT.cplan");
    const cp::Design design = cp::importDesignJson(a.positional[0], catalog);
    const cp::Problems problems = cp::validate(design, catalog);
    if (cp::hasErrors(problems)) {
        for (const auto &p : problems)
            std::cerr << a.positional[0] << ": " << p.place << ": " << p.message << "\n";
        throw Failure{1, a.positional[0] + ": the design has errors; nothing was written"};
    }
    saveDesign(out, design, catalog, "Imported from " + a.positional[0]);
    return 0;
}

int cmdCatalog(const std::vector<std::string> &argv, const cp::Catalog &catalog)
{
    const Args a = parse(argv, {}, {"--json"});
    if (a.flag("--json")) {
        std::cout << catalog.toJson().dump(2) << "\n";
        return 0;
    }
    for (const auto &e : catalog.entries())
        std::cout << std::left << std::setw(12) << cp::partKindName(e.kind) << std::setw(22) << e.id << e.name << "\n";
    return 0;
}

int cmdEstimate(const std::vector<std::string> &argv, const cp::Catalog &catalog)
{
    const Args a = parse(argv, {}, {"--json"});
    if (a.positional.size() != 1)
        usageError("estimate needs exactly one SPEC.json");
    const cp::EstimateSpec spec = cp::loadEstimateSpec(a.positional[0], catalog);
    const cp::EstimateOutcome outcome = cp::runEstimate(spec);
    if (a.flag("--json"))
        std::cout << cp::estimateToJson(spec, outcome).dump(2) << "\n";
    else
        std::cout << cp::estimateToText(spec, outcome);
    return 0;
}

int cmdSearch(const std::vector<std::string> &argv, cp::Catalog catalog)
{
    const Args a = parse(argv, {"--top"}, {"--json"});
    if (a.positional.size() != 1)
        usageError("search needs exactly one FILE");
    int top = 5;
    if (const std::string t = a.option("--top"); !t.empty()) {
        try {
            size_t used = 0;
            top = std::stoi(t, &used);
            if (used != t.size() || top < 1 || top > 1000)
                throw std::invalid_argument(t);
        } catch (const std::exception &) {
            usageError("--top needs a whole number from 1 to 1000, got \"" + t + "\"");
        }
    }
    const cp::Design design = loadDesign(a.positional[0], catalog);
    cp::EstimateSpec spec;
    try {
        const cp::Results evaluated = cp::evaluate(design, catalog);
        spec = cp::estimateSpecFromDesign(design, catalog, evaluated.inventory.gpusActive, evaluated.fabric);
    } catch (const std::invalid_argument &e) {
        throw Failure{1, a.positional[0] + ": " + e.what()};
    }
    // The search explores every free field, recomputation included.
    spec.parallelism.recompute = -1;
    cp::SearchOptions options;
    options.topK = top;
    const cp::EstimateOutcome outcome = cp::runEstimate(spec, options);
    if (a.flag("--json"))
        std::cout << cp::estimateToJson(spec, outcome).dump(2) << "\n";
    else
        std::cout << cp::estimateToText(spec, outcome);
    return 0;
}

int cmdSimulate(const std::vector<std::string> &argv, cp::Catalog catalog)
{
    const Args a = parse(argv, {"--runs", "--seed"}, {"--json"});
    if (a.positional.size() != 1)
        usageError("simulate needs exactly one FILE");
    const auto whole = [](const std::string &name, const std::string &text, long long lo, long long hi) {
        try {
            size_t used = 0;
            const long long v = std::stoll(text, &used);
            if (used != text.size() || v < lo || v > hi)
                throw std::invalid_argument(text);
            return v;
        } catch (const std::exception &) {
            usageError(name + " needs a whole number from " + std::to_string(lo) + " to " + std::to_string(hi)
                       + ", got \"" + text + "\"");
        }
    };
    cp::SimulationOptions options;
    if (const std::string t = a.option("--runs"); !t.empty())
        options.runs = int(whole("--runs", t, 1, 1000000));
    if (const std::string t = a.option("--seed"); !t.empty())
        options.seed = std::uint64_t(whole("--seed", t, 0, std::numeric_limits<long long>::max()));
    const cp::Design design = loadDesign(a.positional[0], catalog);
    const cp::Results r = cp::evaluate(design, catalog);
    const auto &rel = r.reliability;
    if (!rel.available || rel.job.workHours <= 0)
        throw Failure{1, a.positional[0] + ": no training run to simulate (the design has no GPUs or the "
                             "workload does not run; see evaluate)"};
    const cp::SimulationResults sim = cp::simulate(rel.job, options);
    if (a.flag("--json")) {
        nlohmann::json j = {{"runs", sim.runs}, {"seed", options.seed},
                            {"work_days", sim.workHours / 24.0},
                            {"checkpoint_interval_minutes", sim.intervalH * 60.0},
                            {"mean_days", sim.meanDays}, {"p50_days", sim.p50Days}, {"p90_days", sim.p90Days},
                            {"min_days", sim.minDays}, {"max_days", sim.maxDays},
                            {"goodput", sim.goodput}, {"analytic_goodput", sim.analyticGoodput},
                            {"analytic_effective_days", sim.analyticGoodput > 0 ? sim.workHours / 24.0 / sim.analyticGoodput : 0.0},
                            {"failures_per_run", sim.meanFailures}, {"lost_hours_per_run", sim.meanLostHours},
                            {"spare_misses_per_run", sim.spareMisses}};
        std::cout << j.dump(2) << "\n";
        return 0;
    }
    std::cout << design.name << "\n\n"
              << "Monte Carlo: " << sim.runs << " runs, seed " << options.seed << "\n"
              << "  failure-free time     " << fixed(sim.workHours / 24.0, 1) << " days\n"
              << "  checkpoint interval   " << fixed(sim.intervalH * 60.0, 1) << " min\n"
              << "  time to train         mean " << fixed(sim.meanDays, 1) << ", p50 " << fixed(sim.p50Days, 1)
              << ", p90 " << fixed(sim.p90Days, 1) << " days (min " << fixed(sim.minDays, 1) << ", max "
              << fixed(sim.maxDays, 1) << ")\n"
              << "  goodput               " << fixed(sim.goodput * 100.0, 1) << " % (analytic "
              << fixed(sim.analyticGoodput * 100.0, 1) << " %)\n"
              << "  failures per run      " << fixed(sim.meanFailures, 1) << ", spare misses " << fixed(sim.spareMisses, 2)
              << "\n";
    return 0;
}

/// Writes `text` to `path` atomically: a temporary file beside it, then a rename.
void writeFileAtomically(const std::string &path, const std::string &text)
{
    const std::filesystem::path target(path);
    std::filesystem::path tmp = target;
    tmp += ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out << text;
        out.flush();
        if (!out) {
            std::error_code ignored;
            std::filesystem::remove(tmp, ignored);
            throw Failure{3, "cannot write " + path};
        }
    }
    std::error_code ec;
    std::filesystem::rename(tmp, target, ec);
    if (ec) {
        std::filesystem::remove(tmp, ec);
        throw Failure{3, "cannot write " + path};
    }
}

std::string lowerCase(std::string s)
{
    for (char &ch : s)
        ch = char(std::tolower(static_cast<unsigned char>(ch)));
    return s;
}

int cmdCompare(const std::vector<std::string> &argv, const cp::Catalog &catalog)
{
    const Args a = parse(argv, {"--bom", "--report"}, {"--json"});
    const std::string reportPath = a.option("--report");
    const bool pdf = reportPath.size() > 4 && lowerCase(reportPath.substr(reportPath.size() - 4)) == ".pdf";
    if (a.options.count("--report")) {
        const bool html = reportPath.size() > 5 && lowerCase(reportPath.substr(reportPath.size() - 5)) == ".html";
        if (!html && !pdf)
            usageError("--report needs a file ending in .html or .pdf, got \"" + reportPath + "\"");
#ifndef CP_HAVE_REPORT
        usageError("--report is unavailable: this build has no report writer (it needs the GUI libraries, "
                   "CP_BUILD_GUI=ON)");
#endif
    }
    if (a.positional.size() < 2 || a.positional.size() > 6)
        usageError("compare needs 2 to 6 design FILEs");
    struct Evaluated
    {
        cp::Design design;
        cp::Results results;
    };
    std::vector<Evaluated> all;
    for (const std::string &path : a.positional) {
        cp::Catalog own = catalog; // each project brings its own embedded prices
        cp::Design design = loadDesign(path, own);
        cp::Results results = cp::evaluate(design, own);
        all.push_back({std::move(design), std::move(results)});
    }
    if (!a.option("--bom").empty()) {
        std::vector<std::pair<std::string, const cp::CostResults *>> rows;
        for (const Evaluated &e : all)
            rows.emplace_back(e.design.name, &e.results.cost);
        writeFileAtomically(a.option("--bom"), cp::bomToCsv(rows));
    }
#ifdef CP_HAVE_REPORT
    if (!reportPath.empty()) {
        std::vector<cp::report::ReportDesign> designs;
        for (size_t i = 0; i < all.size(); ++i) {
            cp::report::ReportDesign d{all[i].design.name, a.positional[i], &all[i].results, {}};
            // The revision history of a project (FILE.cplan or FILE.cplan#SCENARIO).
            std::string file = a.positional[i];
            if (const size_t hash = file.find(".cplan#"); hash != std::string::npos)
                file.resize(hash + 6);
            if (endsWith(file, ".cplan"))
                d.revisions = cp::ProjectFile::load(file).revisions;
            designs.push_back(std::move(d));
        }
        writeFileAtomically(reportPath, pdf ? cp::report::pdfReport(designs) : cp::report::htmlReport(designs));
    }
#endif
    if (a.flag("--json")) {
        nlohmann::json out = nlohmann::json::array();
        for (size_t i = 0; i < all.size(); ++i)
            out.push_back({{"file", a.positional[i]}, {"design", all[i].design.name},
                           {"results", cp::resultsToJson(all[i].results)}});
        std::cout << out.dump(2) << "\n";
        return 0;
    }
    // The key figures, their better values marked: the same rows as the report's first table.
    std::vector<cp::ComparedDesign> compared;
    for (const Evaluated &e : all)
        compared.push_back({e.design.name, &e.results});
    std::cout << cp::keyFiguresText(cp::compareDesigns(compared));
    return 0;
}

/// `scenario list|add|remove FILE.cplan …`: the named designs of a project.
int cmdScenario(const std::vector<std::string> &argv, cp::Catalog catalog)
{
    if (argv.empty())
        usageError("scenario needs list, add or remove");
    const std::string action = argv[0];
    const std::vector<std::string> rest(argv.begin() + 1, argv.end());
    const Args a = parse(rest, {"--name", "--from", "--template", "--gpus", "--gpu", "--spare-servers"},
                         {"--json", "--replace"});
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
        cp::TemplateOptions options;
        options.kind = a.option("--template");
        options.gpuId = a.option("--gpu");
        try {
            if (const std::string g = a.option("--gpus"); !g.empty()) {
                size_t used = 0;
                options.gpus = std::stoll(g, &used);
                if (used != g.size() || options.gpus <= 0)
                    throw std::invalid_argument(g);
            }
        } catch (const std::exception &) {
            usageError("--gpus needs a positive whole number, got \"" + a.option("--gpus") + "\"");
        }
        try {
            if (const std::string f = a.option("--spare-servers"); !f.empty()) {
                size_t used = 0;
                options.spareServerFraction = std::stod(f, &used);
                if (used != f.size())
                    throw std::invalid_argument(f);
            }
        } catch (const std::exception &) {
            usageError("--spare-servers needs a share such as 0.02, got \"" + a.option("--spare-servers") + "\"");
        }
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

/// Prints the plugins' problems (refused plugins) on stderr, once per command that loads them.
void reportPluginProblems(const cp::PluginRegistry &plugins)
{
    for (const cp::Problem &p : plugins.problems())
        if (p.severity != cp::Severity::Info)
            std::cerr << "cluster-planner-cli: plugin " << p.place << ": " << p.message << "\n";
}

/// `export FILE --format ID -o DIR`: an exporter plugin writes its files into DIR.
int cmdExportWith(const Args &a, cp::Catalog catalog)
{
    const std::string format = a.option("--format");
    const std::string dir = a.option("-o");
    if (a.positional.size() != 1 || dir.empty())
        usageError("export needs FILE --format FORMAT -o DIR");
    cp::PluginRegistry plugins;
    plugins.loadStandard();
    reportPluginProblems(plugins);
    const cp::Exporter *exporter = plugins.exporter(format);
    if (!exporter) {
        std::string known;
        for (const cp::Exporter *e : plugins.exporters())
            known += (known.empty() ? "" : ", ") + e->id();
        usageError("no exporter \"" + format + "\" (available: " + (known.empty() ? std::string("none") : known) + ")");
    }
    const cp::Design design = loadDesign(a.positional[0], catalog);
    std::vector<cp::ExportedFile> files;
    try {
        files = exporter->exportDesign(design, catalog);
    } catch (const std::runtime_error &e) {
        throw Failure{1, a.positional[0] + ": " + e.what()};
    }
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec)
        throw Failure{3, "cannot create " + dir + ": " + ec.message()};
    for (const cp::ExportedFile &f : files)
        writeFileAtomically((std::filesystem::path(dir) / f.name).string(), f.content);
    std::cout << dir << ": " << files.size() << " files (" << exporter->name() << ")\n";
    return 0;
}

/// `import-devicetypes YAML_OR_DIR... -o CATALOG.json`: NetBox device types into a user catalog.
int cmdImportDeviceTypes(const std::vector<std::string> &argv, const cp::Catalog &catalog)
{
    const Args a = parse(argv, {"-o", "--output"}, {});
    const std::string out = a.option("-o").empty() ? a.option("--output") : a.option("-o");
    if (a.positional.empty() || out.empty())
        usageError("import-devicetypes needs YAML_OR_DIR... -o CATALOG.json");
    cp::PluginRegistry plugins;
    plugins.loadStandard();
    reportPluginProblems(plugins);
    const cp::Importer *importer = plugins.importer("netbox-devicetypes");
    if (!importer)
        throw Failure{1, "the NetBox plugin is not installed (see cluster-planner-cli plugins)"};
    const cp::ImportResult r = importer->importFiles(a.positional, catalog);
    for (const cp::Problem &p : r.notes)
        std::cout << p.place << ": " << cp::severityName(p.severity) << ": " << p.message << "\n";
    writeFileAtomically(out, r.catalog.toJson().dump(2) + "\n");
    std::cout << out << ": " << r.catalog.size() << " catalog entries\n";
    return 0;
}

/// `plugins [--json]`: what was loaded, what each provides, and what was refused.
int cmdPlugins(const std::vector<std::string> &argv)
{
    const Args a = parse(argv, {}, {"--json"});
    cp::PluginRegistry plugins;
    plugins.loadStandard();
    if (a.flag("--json")) {
        nlohmann::json out = {{"folders", cp::PluginRegistry::standardFolders()},
                              {"plugins", nlohmann::json::array()},
                              {"generators", nlohmann::json::array()},
                              {"importers", nlohmann::json::array()},
                              {"exporters", nlohmann::json::array()},
                              {"problems", nlohmann::json::array()}};
        for (const auto &p : plugins.plugins())
            out["plugins"].push_back({{"name", p.name}, {"version", p.version}, {"file", p.file}, {"kinds", p.kinds},
                                      {"description", p.description}});
        for (const auto *g : plugins.generators())
            out["generators"].push_back({{"id", g->id()}, {"name", g->name()}});
        for (const auto *i : plugins.importers())
            out["importers"].push_back({{"id", i->id()}, {"name", i->name()}});
        for (const auto *e : plugins.exporters())
            out["exporters"].push_back({{"id", e->id()}, {"name", e->name()}});
        for (const auto &p : plugins.problems())
            out["problems"].push_back({{"severity", cp::severityName(p.severity)}, {"file", p.place}, {"message", p.message}});
        std::cout << out.dump(2) << "\n";
        return 0;
    }
    std::cout << "Plugins (" << plugins.plugins().size() << ")\n";
    for (const auto &p : plugins.plugins())
        std::cout << "  " << p.name << " " << p.version << "  " << p.file << "\n";
    const auto list = [](const char *title, const auto &objects) {
        std::cout << title << "\n";
        for (const auto *o : objects)
            std::cout << "  " << std::left << std::setw(20) << o->id() << o->name() << "\n";
    };
    list("Topology generators (new --template ID)", plugins.generators());
    list("Importers", plugins.importers());
    list("Exporters (export FILE --format ID -o DIR)", plugins.exporters());
    if (!plugins.problems().empty()) {
        std::cout << "Problems\n";
        for (const auto &p : plugins.problems())
            std::cout << "  " << cp::severityName(p.severity) << "  " << p.place << ": " << p.message << "\n";
    }
    return 0;
}

/// Peak resident memory of this process so far (Linux /proc/self/status VmHWM), in MB; 0 elsewhere.
double peakRssMb()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmHWM:", 0) == 0)
            return std::stod(line.substr(6)) / 1024.0;
    return 0.0;
}

/// One size of `bench`: every figure measured in this process (a fresh child per size).
nlohmann::json benchOneSize(const std::string &kind, long long gpus, const cp::Catalog &catalog)
{
    using Clock = std::chrono::steady_clock;
    const auto seconds = [](Clock::time_point since) {
        return std::chrono::duration<double>(Clock::now() - since).count();
    };
    nlohmann::json row;
    auto t = Clock::now();
    cp::TemplateOptions options;
    options.kind = kind;
    options.gpus = gpus;
    cp::Design design = cp::generateTemplate(options, catalog);
    row["new_s"] = seconds(t);

    cp::Evaluator evaluator(catalog);
    t = Clock::now();
    const cp::Results &full = evaluator.evaluate(design);
    row["evaluate_s"] = seconds(t);
    row["gpus"] = full.inventory.gpusTotal;
    row["racks"] = full.inventory.racksTotal;
    row["problems"] = full.problems.size();

    // An edit: the first compute rack moves one grid step into the free space at the start of its
    // row (as a drag would).
    size_t moved = 0;
    while (moved + 1 < design.racks.size() && design.racks[moved].contents.empty())
        ++moved;
    design.racks[moved].xM -= design.hall.gridM;
    t = Clock::now();
    evaluator.evaluate(design);
    row["edit_move_s"] = seconds(t);
    const cp::Evaluator::Stages moveStages = evaluator.lastStages();
    row["edit_move_stages"] = {{"inventory", moveStages.inventory}, {"fabric", moveStages.fabric},
                               {"performance", moveStages.performance}, {"facility", moveStages.facility},
                               {"reliability", moveStages.reliability}};
    design.finance.energyUsdPerKwh *= 1.1;
    t = Clock::now();
    evaluator.evaluate(design);
    row["edit_finance_s"] = seconds(t);

    // The parallelism search alone, on the cluster the evaluation saw.
    if (evaluator.results().performance.spec.cluster.gpus > 0) {
        t = Clock::now();
        const cp::EstimateOutcome outcome = cp::runEstimate(evaluator.results().performance.spec);
        row["search_s"] = seconds(t);
        row["search_configurations"] = outcome.search.evaluated;
    }

    const std::filesystem::path file = std::filesystem::temp_directory_path()
                                       / ("cluster-planner-bench-" + std::to_string(::getpid()) + ".cplan");
    std::error_code ec;
    std::filesystem::remove(file, ec);
    t = Clock::now();
    cp::ProjectFile::save(file.string(), design, catalog, "bench", "bench");
    row["save_s"] = seconds(t);
    row["file_mb"] = double(std::filesystem::file_size(file, ec)) / 1e6;
    t = Clock::now();
    const cp::Project loaded = cp::ProjectFile::load(file.string());
    row["load_s"] = seconds(t);
    row["loaded_racks"] = loaded.design.racks.size();
    std::filesystem::remove(file, ec);
    row["peak_rss_mb"] = peakRssMb();
    row["evaluate_us_per_gpu"] = full.inventory.gpusTotal > 0 ? row["evaluate_s"].get<double>() * 1e6 / double(full.inventory.gpusTotal) : 0.0;
    return row;
}

int cmdBench(const std::vector<std::string> &argv, const cp::Catalog &catalog)
{
    const Args a = parse(argv, {"--sizes", "--template"}, {"--json"});
    if (!a.positional.empty())
        usageError("bench takes no positional argument");
    const std::string kind = a.option("--template").empty() ? "gigawatt" : a.option("--template");
    if (kind != "classic" && kind != "supernode" && kind != "gigawatt")
        usageError("bench --template needs classic, supernode or gigawatt, got \"" + kind + "\"");
    std::vector<long long> sizes;
    {
        std::stringstream list(a.option("--sizes").empty() ? "1024,16384,100000,1000000" : a.option("--sizes"));
        for (std::string item; std::getline(list, item, ',');) {
            try {
                size_t used = 0;
                const long long n = std::stoll(item, &used);
                if (used != item.size() || n <= 0 || n > 2'000'000)
                    throw std::invalid_argument(item);
                sizes.push_back(n);
            } catch (const std::exception &) {
                usageError("--sizes needs GPU counts from 1 to 2,000,000 separated by commas, got \"" + item + "\"");
            }
        }
        if (sizes.empty())
            usageError("--sizes needs at least one GPU count");
    }

    nlohmann::json rows = nlohmann::json::array();
    for (const long long gpus : sizes) {
        // A child process per size, so that its peak memory is its own.
        int pipeFds[2];
        if (::pipe(pipeFds) != 0)
            throw Failure{3, "bench: cannot create a pipe"};
        std::cout.flush();
        const pid_t child = ::fork();
        if (child < 0)
            throw Failure{3, "bench: cannot start a child process"};
        if (child == 0) {
            ::close(pipeFds[0]);
            std::string text;
            try {
                text = benchOneSize(kind, gpus, catalog).dump();
            } catch (const std::exception &e) {
                text = nlohmann::json{{"error", e.what()}}.dump();
            }
            for (size_t done = 0; done < text.size();) {
                const ssize_t n = ::write(pipeFds[1], text.data() + done, text.size() - done);
                if (n <= 0)
                    break;
                done += size_t(n);
            }
            ::close(pipeFds[1]);
            std::_Exit(0);
        }
        ::close(pipeFds[1]);
        std::string text;
        char buffer[4096];
        for (ssize_t n; (n = ::read(pipeFds[0], buffer, sizeof buffer)) > 0;)
            text.append(buffer, size_t(n));
        ::close(pipeFds[0]);
        int status = 0;
        ::waitpid(child, &status, 0);
        nlohmann::json row = nlohmann::json::parse(text, nullptr, false);
        if (row.is_discarded() || !WIFEXITED(status))
            throw Failure{1, "bench: the run at " + std::to_string(gpus) + " GPUs did not finish"};
        if (row.contains("error"))
            throw Failure{1, "bench: " + std::to_string(gpus) + " GPUs: " + row["error"].get<std::string>()};
        row["size"] = gpus;
        rows.push_back(std::move(row));
    }
    // Time per GPU of the full evaluation: the largest size against 16,384 (else the smallest).
    const auto perGpu = [](const nlohmann::json &r) { return r["evaluate_us_per_gpu"].get<double>(); };
    const nlohmann::json *base = &rows.front();
    for (const auto &r : rows)
        if (r["size"] == 16384)
            base = &r;
    const nlohmann::json &top = rows.back();
    const double ratio = perGpu(*base) > 0 ? perGpu(top) / perGpu(*base) : 0.0;
    const unsigned cores = std::thread::hardware_concurrency();

    if (a.flag("--json")) {
        std::cout << nlohmann::json{{"template", kind},
                                    {"cores", cores},
                                    {"sizes", rows},
                                    {"per_gpu_ratio", {{"from", (*base)["size"]}, {"to", top["size"]}, {"ratio", ratio}}}}
                         .dump(2)
                  << "\n";
        return 0;
    }
    std::cout << "Template " << kind << ", " << cores << " cores; times in seconds unless marked\n\n";
    std::cout << std::left << std::setw(9) << "GPUs" << std::right << std::setw(8) << "racks" << std::setw(10) << "generate"
              << std::setw(10) << "evaluate" << std::setw(11) << "edit move" << std::setw(13) << "edit finance"
              << std::setw(9) << "search" << std::setw(8) << "save" << std::setw(8) << "load" << std::setw(10)
              << "peak MB" << std::setw(12) << "µs/GPU" << "\n";
    for (const auto &r : rows) {
        const auto sec = [&](const char *key, int decimals) {
            return r.contains(key) ? fixed(r[key].get<double>(), decimals) : std::string("-");
        };
        std::cout << std::left << std::setw(9) << r["gpus"].get<long long>() << std::right << std::setw(8)
                  << r["racks"].get<long long>() << std::setw(10) << sec("new_s", 3) << std::setw(10)
                  << sec("evaluate_s", 3) << std::setw(11) << sec("edit_move_s", 3) << std::setw(13)
                  << sec("edit_finance_s", 4) << std::setw(9) << sec("search_s", 3) << std::setw(8) << sec("save_s", 3)
                  << std::setw(8) << sec("load_s", 3) << std::setw(10) << sec("peak_rss_mb", 0) << std::setw(11)
                  << sec("evaluate_us_per_gpu", 3) << "\n";
    }
    std::cout << "\nevaluation time per GPU, " << top["size"].get<long long>() << " vs "
              << (*base)["size"].get<long long>() << " GPUs: ratio " << fixed(ratio, 2) << "\n";
    return 0;
}

int run(int argc, char **argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    std::string catalogFile;
    while (!args.empty() && args[0].rfind("-", 0) == 0) {
        if (args[0] == "-h" || args[0] == "--help") {
            std::cout << kUsage;
            return 0;
        }
        if (args[0] == "--version") {
            std::cout << "cluster-planner-cli 0.1.0\n";
            return 0;
        }
        if (args[0] == "--catalog") {
            if (args.size() < 2)
                usageError("--catalog needs a FILE");
            catalogFile = args[1];
            args.erase(args.begin(), args.begin() + 2);
            continue;
        }
        usageError("unknown option " + args[0]);
    }
    if (args.empty())
        usageError("no command given");
    const std::string command = args[0];
    args.erase(args.begin());
    for (const auto &s : args)
        if (s == "-h" || s == "--help") {
            std::cout << kUsage;
            return 0;
        }

    cp::Catalog catalog = cp::Catalog::builtin();
    if (!catalogFile.empty())
        catalog.merge(cp::Catalog::fromFile(catalogFile), catalogFile);

    if (command == "new")
        return cmdNew(args, catalog);
    if (command == "evaluate")
        return cmdEvaluate(args, catalog);
    if (command == "validate")
        return cmdValidate(args, catalog);
    if (command == "export")
        return cmdExport(args, catalog);
    if (command == "import")
        return cmdImport(args, catalog);
    if (command == "catalog")
        return cmdCatalog(args, catalog);
    if (command == "estimate")
        return cmdEstimate(args, catalog);
    if (command == "search")
        return cmdSearch(args, catalog);
    if (command == "simulate")
        return cmdSimulate(args, catalog);
    if (command == "compare")
        return cmdCompare(args, catalog);
    if (command == "scenario")
        return cmdScenario(args, catalog);
    if (command == "plugins")
        return cmdPlugins(args);
    if (command == "bench")
        return cmdBench(args, catalog);
    if (command == "import-devicetypes")
        return cmdImportDeviceTypes(args, catalog);
    usageError("unknown command \"" + command + "\"");
}

} // namespace

int main(int argc, char **argv)
{
    try {
        return run(argc, argv);
    } catch (const Failure &f) {
        std::cerr << "cluster-planner-cli: " << f.message << "\n";
        return f.code;
    } catch (const cp::LoadError &e) {
        std::cerr << "cluster-planner-cli: " << e.what() << "\n";
        return 1;
    } catch (const std::exception &e) {
        std::cerr << "cluster-planner-cli: " << e.what() << "\n";
        return 1;
    }
}
