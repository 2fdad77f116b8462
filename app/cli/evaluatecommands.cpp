// evaluate, estimate, search and simulate: the figures of one design.

#include "clicommon.h"
#include "commands.h"

#include "model/analysis/figures.h"
#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/cost/cost.h"
#include "model/engine/evaluation.h"
#include "model/engine/performance.h"
#include "model/fabric/topology.h"
#include "model/io/estimateoutput.h"
#include "model/training/publishedruns.h"
#include "model/io/estimatespec.h"
#include "model/io/resultsjson.h"
#include "model/reliability/montecarlo.h"
#include "model/training/accuracy.h"

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <filesystem>
#include <iomanip>
#include <cmath>
#include <iostream>
#include <limits>
#include <stdexcept>

namespace cp::cli {

namespace {

std::string musd(double usd)
{
    return "$" + fixed(usd / 1e6, 2) + "M";
}


/// The delivery's items, the critical one marked, or that the months are the design's setting.
void printSchedule(const cp::CostResults &c)
{
    if (!c.deliveryFromLeadTimes) {
        std::cout << "    (finance.delivery_months as set; 0 builds it from lead times)\n";
        return;
    }
    for (const cp::ScheduleItem &i : c.delivery.items)
        std::cout << "    " << (i.id == c.delivery.criticalItem ? "* " : "  ") << std::left << std::setw(44) << i.label
                  << std::right << std::setw(6) << fixed(i.weeks, 0) << " weeks  (" << i.path << ")\n";
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
              << " (renting meanwhile: " << musd(c.deliveryOpportunityUsd) << "; "
              << musd(c.delayCostUsdPerMonth) << " a month)\n";
    printSchedule(c);
    std::cout << "  TCO                   " << musd(c.tcoUsd) << "\n"
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

/// A value of figure `f` as `evaluate`'s text prints it (Figure::text), without its unit.
std::string textValue(const cp::Figure &f, double v)
{
    const bool whole = f.json == cp::FigureJson::Integer || f.json == cp::FigureJson::IntegerOrNull;
    return whole ? std::to_string(static_cast<long long>(v)) : fixed(v * f.text.scale / f.text.per, f.text.decimals);
}

/// Lines of `evaluate`'s text, one per figure: its label (Figure::text) padded to a column, its
/// value and unit, and where the figure table has KEY_p10 and KEY_p90 its P10–P90 band after it,
/// rounded as the figure is. Lines that combine several figures are written out in printText.
std::string figureLines(const cp::Results &r, std::initializer_list<const char *> keys)
{
    std::string out;
    for (const char *key : keys) {
        const cp::Figure &f = cp::figure(key);
        std::string label(f.text.label);
        label.resize(std::max<size_t>(label.size() + 1, 22), ' ');
        out += "  " + label + textValue(f, f.read(r)) + std::string(f.text.unit);
        const cp::Figure *low = cp::findFigure(std::string(key) + "_p10");
        const cp::Figure *high = cp::findFigure(std::string(key) + "_p90");
        if (low && high && std::isfinite(low->read(r)) && std::isfinite(high->read(r)))
            out += " (P10–P90 " + textValue(f, low->read(r)) + "–" + textValue(f, high->read(r)) +
                   std::string(f.text.unit) + ")";
        out += "\n";
    }
    return out;
}

/// A spec whose parallelism cannot run at all (tp not dividing the heads, no layout left for the
/// search) is bad input: exit 1 with the reason, after the output that shows it.
void failIfLayoutCannotRun(const std::string &file, const cp::EstimateOutcome &outcome)
{
    if (cp::layoutCannotRun(outcome))
        throw Failure{1, file + ": parallelism: " + cp::whyItDoesNotRun(outcome)};
}

// One statement per section, as the text reads; the function is long because the report is.
void printText(const cp::Design &design, const cp::Results &r)
{
    const auto &inv = r.inventory;
    const auto &p = r.power;
    std::cout << design.name << "\n\n"
              << "Inventory\n"
              << figureLines(r, {"inventory.gpus_total", "inventory.gpus_active", "inventory.gpus_spare",
                                 "inventory.servers", "inventory.supernodes"})
              << "  racks                 " << inv.racksTotal << " (" << inv.computeRacks << " compute, "
              << inv.networkRacks << " network, " << inv.storageRacks << " storage)\n"
              << figureLines(r, {"inventory.nics"});
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
              << figureLines(r, {"fabric.scale_out_gbps_per_gpu"})
              << "  oversubscription      " << (taper.empty() ? std::string("none") : taper) << "\n"
              << figureLines(r, {"fabric.bisection_gb_per_s"})
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
        // The estimate's notation, which a design's parallelism reads back (docs/editing.md).
        std::cout << "  parallelism           " << cp::describe(pc)
                  << (r.performance.outcome.searched ? " (searched)" : "") << "\n"
                  << figureLines(r, {"performance.mfu", "performance.model_tflops_per_gpu",
                                     "performance.hardware_tflops_per_gpu", "performance.step_time_s",
                                     "performance.tokens_per_s"})
                  << "  memory per GPU        " << fixed(e.memoryGb(), 1) << " GB of " << fixed(e.hbmGb, 0) << " GB\n"
                  << figureLines(r, {"performance.time_to_train_days"});
        const auto &o = r.performance.outcome;
        std::cout << "  job                   " << o.gpusUsed << " GPUs, global batch "
                  << fixed(e.globalBatchTokens / 1e6, 1) << "M tokens"
                  << (r.performance.spec.training.batchFollowsLayout ? " (automatic)" : "")
                  << (o.chosenByGoodput ? "; size chosen by tokens/s after failures" : "") << "\n";
        if (design.workload.jobs > 1)
            std::cout << "  jobs                  " << design.workload.jobs << " equal jobs; together "
                      << fixed(e.tokensPerS * design.workload.jobs / 1e6, 1) << "M tokens/s\n";
        // The stack fields the workload left to their defaults, each tried the other way (the
        // Results dock's unit column; workload.attention, … state them).
        if (const std::vector<cp::AssumptionEffect> effects = cp::assumptionEffects(r.performance.spec, o);
            !effects.empty()) {
            std::cout << "  assumed stack         each field left to its default, set the other way: tokens/s at this "
                         "layout (docs/estimate.md)\n";
            for (const cp::AssumptionEffect &x : effects)
                std::cout << "    " << x.field << " " << cp::assumptionChangeText(x) << "\n";
        }
        if (const std::string caution = cp::bandCaution(cp::performanceBands(r.performance.spec, e)); !caution.empty())
            std::cout << "  caution               " << caution << "\n";
        std::cout << "  nearest published     the model's held-out error on each (+: it predicted faster; docs/validation.md)\n";
        const std::vector<cp::NearbyRun> runs = cp::nearestPublishedRuns(r.performance.spec);
        for (const cp::NearbyRun &n : runs)
            std::cout << "    " << cp::nearbyRunText(n) << "\n";
        if (const std::string caveat = cp::nearbyRunsCaveatText(
                cp::nearbyRunsCaveat(r.performance.spec, runs, r.performance.stackEfficiency),
                r.performance.spec.cluster.gpu.id);
            !caveat.empty())
            std::cout << "    " << caveat << "\n";
    } else {
        std::cout << "  not available (see problems)\n";
    }

    std::cout << "\nPower\n"
              << "  IT power              " << fixed(p.itKwTotal, 1) << " kW at training load ("
              << fixed(p.itKwNameplate, 1) << " kW nameplate)\n"
              << figureLines(r, {"power.optics_kw", "power.pue", "power.facility_kw_total", "power.max_rack_kw",
                                 "power.energy_mwh_per_year"});
    const auto &rel = r.reliability;
    std::cout << "\nReliability\n";
    if (rel.available) {
        std::cout << "  policy                " << rel.policy << ", " << rel.checkpointKind << " checkpoints; detection "
                  << fixed(rel.detectMinutes, 1) << " + restart " << fixed(rel.restartMinutes, 1) << " + warm-up "
                  << fixed(rel.warmupMinutes, 1) << " min for a job of " << rel.jobGpus << " GPUs\n"
                  << "  interruptions         " << fixed(rel.interruptionsPerHour * 24.0, 2) << " per day (job MTBF "
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
                  << figureLines(r, {"reliability.time_lost_per_failure_minutes", "reliability.hot_spares_per_domain"})
                  << "  goodput               " << fixed(rel.goodput * 100.0, 1) << " % ("
                  << fixed(rel.goodputWithoutSpares * 100.0, 1) << " % without spares; P10–P90 "
                  << fixed(rel.band.goodputP10 * 100.0, 1) << "–" << fixed(rel.band.goodputP90 * 100.0, 1) << " %)\n"
                  << "  lost to               checkpoints " << fixed(rel.lossCheckpoint * 100.0, 1) << " %, rework "
                  << fixed(rel.lossRework * 100.0, 1) << " %, recoveries " << fixed(rel.lossRecovery * 100.0, 1)
                  << " %, repairs " << fixed(rel.lossRepair * 100.0, 1) << " %\n";
        if (rel.effectiveTimeToTrainDays > 0)
            std::cout << figureLines(r, {"reliability.effective_time_to_train_days"});
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

} // namespace

int cmdEvaluate(const std::vector<std::string> &argv, cp::Catalog catalog)
{
    const Args a = parse(argv, {}, {"--json"});
    if (a.positional.size() != 1)
        usageError("evaluate needs exactly one FILE");
    const cp::Design design = loadDesign(a.positional[0], catalog);
    const cp::Results r = cp::evaluate(design, catalog);
    if (a.flag("--json"))
        printJson(cp::resultsToJson(r), a.positional[0]);
    else
        printText(design, r);
    // The figures are printed either way (what an architect fixes next is in them); the exit
    // status says the design is not sound, as validate's does.
    if (const size_t errors = cp::errorCount(r.problems); errors > 0)
        throw Failure{1, a.positional[0] + ": " + std::to_string(errors)
                             + " error(s) in the design (listed under problems); the figures they touch are incomplete"};
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
        printJson(cp::estimateToJson(spec, outcome), a.positional[0]);
    else
        std::cout << cp::estimateToText(spec, outcome);
    failIfLayoutCannotRun(a.positional[0], outcome);
    return 0;
}

int cmdValidateModel(const std::vector<std::string> &argv, const cp::Catalog &catalog)
{
    const Args a = parse(argv, {}, {});
    if (a.positional.empty())
        usageError("validate-model needs at least one SPEC.json with a `published` figure");
    std::vector<cp::ValidationCase> cases;
    for (const std::string &path : a.positional) {
        cp::EstimateSpec spec = cp::loadEstimateSpec(path, catalog);
        if (!spec.published)
            throw cp::LoadError(path, "published", "is required: validate-model compares with a published run");
        cases.push_back({std::filesystem::path(path).stem().string(), std::move(spec)});
    }
    std::cout << cp::validationMarkdown(cp::validateModel(cases));
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
        printJson(cp::estimateToJson(spec, outcome), a.positional[0]);
    else
        std::cout << cp::estimateToText(spec, outcome);
    return 0;
}

namespace {

// The events one simulate command may process: about a minute. A collapsed run of 2e7 events took
// 3.5 s on this 2-core machine with a build beside it (~175 ns an event), so 3e8 is 15 such runs.
constexpr double kMaxSimulationEvents = 3e8;

/// Refuses, before it starts, a simulation expected to run for more than about a minute: a design
/// that fails faster than it recovers needs its caps on every run (docs/robustness.md).
void refuseRunawaySimulation(const std::string &file, const cp::JobModel &job, const cp::SimulationOptions &options)
{
    const double intervalH = options.intervalH > 0 ? options.intervalH : job.intervalH;
    const double perRun = cp::expectedEventsPerRun(job, job.workHours, intervalH);
    const double total = perRun * options.runs;
    if (total <= kMaxSimulationEvents)
        return;
    char text[512];
    const long long fit = std::max<long long>(1, (long long)(kMaxSimulationEvents / std::max(perRun, 1.0)));
    std::snprintf(text, sizeof text,
                  "simulate: about %.1e events expected (%d runs x %.1e; the job fails every %.3g h, "
                  "goodput %.1f %%), above the %.0e one command processes (about a minute): "
                  "use --runs %lld or fewer, or improve the design (evaluate shows its goodput)",
                  total, options.runs, perRun, job.ratePerHour() > 0 ? 1.0 / job.ratePerHour() : 0.0,
                  100.0 * job.goodput(intervalH), kMaxSimulationEvents, fit);
    throw Failure{1, file + ": " + text};
}

/// Runs the simulation with Ctrl-C (SIGINT) and SIGTERM cancelling it, inside a run too; with
/// `progress` (or standard error on a terminal) a line on stderr for every tenth of the runs.
cp::SimulationResults simulateInterruptibly(const cp::JobModel &job, cp::SimulationOptions options, bool progress)
{
    const InterruptGuard interrupt;
    options.cancel = &InterruptGuard::flag();
    if (progress || ::isatty(STDERR_FILENO)) {
        const auto start = std::chrono::steady_clock::now();
        options.progress = [start, progress, last = -1](int done, int all) mutable {
            const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            const int tenth = all > 0 ? done * 10 / all : 10;
            if (tenth == last || (!progress && s < 2.0))
                return;
            last = tenth;
            std::cerr << "simulate: " << done << " of " << all << " runs, " << fixed(s, 1) << " s" << std::endl;
        };
    }
    return cp::simulate(job, options);
}

} // namespace

int cmdSimulate(const std::vector<std::string> &argv, cp::Catalog catalog)
{
    const Args a = parse(argv, {"--runs", "--seed"}, {"--json", "--typical", "--progress"});
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
    options.sampleRanges = !a.flag("--typical");
    refuseRunawaySimulation(a.positional[0], rel.job, options);
    const cp::SimulationResults sim = simulateInterruptibly(rel.job, options, a.flag("--progress"));
    if (sim.cancelled)
        throw Failure{130, a.positional[0] + ": simulate: interrupted after " + std::to_string(sim.runs) + " of "
                               + std::to_string(options.runs) + " runs; nothing printed"};
    if (a.flag("--json")) {
        nlohmann::json j = {{"runs", sim.runs}, {"seed", options.seed},
                            {"work_days", sim.workHours / 24.0},
                            {"checkpoint_interval_minutes", sim.intervalH * 60.0},
                            {"ranges_sampled", options.sampleRanges},
                            {"mean_days", sim.meanDays}, {"p10_days", sim.p10Days}, {"p50_days", sim.p50Days},
                            {"p90_days", sim.p90Days}, {"goodput_p10", sim.goodputP10}, {"goodput_p90", sim.goodputP90},
                            {"min_days", sim.minDays}, {"max_days", sim.maxDays},
                            {"goodput", sim.goodput}, {"analytic_goodput", sim.analyticGoodput},
                            {"analytic_effective_days", sim.analyticGoodput > 0 ? sim.workHours / 24.0 / sim.analyticGoodput : 0.0},
                            {"failures_per_run", sim.meanFailures}, {"lost_hours_per_run", sim.meanLostHours},
                            {"spare_misses_per_run", sim.spareMisses}, {"runs_unfinished", sim.unfinished}};
        printJson(j, a.positional[0]);
        return 0;
    }
    std::cout << design.name << "\n\n"
              << "Monte Carlo: " << sim.runs << " runs, seed " << options.seed
              << (options.sampleRanges ? ", rates and times drawn from their ranges" : ", typical rates and times") << "\n"
              << "  failure-free time     " << fixed(sim.workHours / 24.0, 1) << " days\n"
              << "  checkpoint interval   " << fixed(sim.intervalH * 60.0, 1) << " min\n"
              << "  time to train         mean " << fixed(sim.meanDays, 1) << ", p10 " << fixed(sim.p10Days, 1)
              << ", p50 " << fixed(sim.p50Days, 1)
              << ", p90 " << fixed(sim.p90Days, 1) << " days (min " << fixed(sim.minDays, 1) << ", max "
              << fixed(sim.maxDays, 1) << ")\n"
              << "  goodput               " << fixed(sim.goodput * 100.0, 1) << " % (analytic "
              << fixed(sim.analyticGoodput * 100.0, 1) << " %; P10 " << fixed(sim.goodputP10 * 100.0, 1) << " %, P90 "
              << fixed(sim.goodputP90 * 100.0, 1) << " %)\n"
              << "  failures per run      " << fixed(sim.meanFailures, 1) << ", spare misses " << fixed(sim.spareMisses, 2)
              << "\n";
    return 0;
}

} // namespace cp::cli
