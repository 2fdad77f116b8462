// Benchmarks of the training-performance model: one step estimate, and the full parallelism
// search for 16,384 H100 (issue 3 aims at >= 100,000 configurations per second per core).

#include "model/training/parallelismsearch.h"
#include "model/training/trainingmodel.h"

#include <benchmark/benchmark.h>

#include "model/analysis/assumedstack.h"
#include "model/analysis/comparison.h"
#include "model/core/catalog.h"
#include "model/cost/cost.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "model/engine/performance.h"
#include "model/fabric/fabric.h"
#include "model/reliability/montecarlo.h"
#include "model/reliability/reliability.h"
#include "model/generate/templates.h"

namespace {

cp::ClusterSpec h100(long long gpus)
{
    cp::ClusterSpec c;
    c.gpu = cp::GpuSpec{"h100-sxm", 989.4, 1978.9, 80, 3.35};
    c.gpus = gpus;
    c.domainGpus = 8;
    c.scaleUpGbPerSPerGpu = 450;
    c.scaleOutGbpsPerGpu = 400;
    c.tiers = 3;
    c.oversubscription = {1, 1, 7};
    return c;
}

/// Llama 3 405B: the design's default workload (model/core/design.h), as the engine reads it.
cp::ModelSpec llama405b()
{
    return cp::modelFromWorkload(cp::Workload{});
}

cp::TrainingSpec training()
{
    cp::TrainingSpec t;
    t.seqLen = 8192;
    t.globalBatchTokens = 16777216.0;
    t.tokens = 15.6e12;
    return t;
}

void BM_EstimateStep(benchmark::State &state)
{
    const cp::ClusterSpec c = h100(8192);
    const cp::ModelSpec m = llama405b();
    const cp::TrainingSpec t = training();
    cp::ParallelConfig p;
    p.tp = 8;
    p.pp = 16;
    p.dp = 64;
    p.interleave = 4;
    p.recompute = cp::Recompute::Full;
    for (auto _ : state)
        benchmark::DoNotOptimize(cp::estimateStep(c, m, t, p));
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EstimateStep);

void BM_SearchParallelism(benchmark::State &state)
{
    const cp::ClusterSpec c = h100(state.range(0));
    const cp::ModelSpec m = llama405b();
    const cp::TrainingSpec t = training();
    long long evaluated = 0;
    for (auto _ : state) {
        const cp::SearchResult r = cp::searchParallelism(c, m, t);
        evaluated += r.evaluated;
        benchmark::DoNotOptimize(r.top.data());
    }
    state.SetItemsProcessed(evaluated);
    state.counters["configs_per_s"] =
        benchmark::Counter(double(evaluated), benchmark::Counter::kIsRate);
    state.counters["configs_per_search"] = double(evaluated) / double(state.iterations());
}
BENCHMARK(BM_SearchParallelism)->Arg(1024)->Arg(16384)->Unit(benchmark::kMillisecond);

} // namespace

// The fabric as built from the racks of a classic template (cables routed rack to rack, the
// bandwidth matrix), and the whole evaluation (inventory, fabric, training search, power).
static void BM_BuildFabric(benchmark::State &state)
{
    const cp::Catalog catalog = cp::Catalog::builtin();
    const cp::Design design = cp::generateTemplate({"classic", state.range(0), {}}, catalog);
    for (auto _ : state)
        benchmark::DoNotOptimize(cp::buildFabric(design, catalog));
    state.counters["racks"] = double(design.racks.size());
}
BENCHMARK(BM_BuildFabric)->Arg(16384)->Arg(100000)->Unit(benchmark::kMillisecond);

static void BM_Evaluate(benchmark::State &state)
{
    const cp::Catalog catalog = cp::Catalog::builtin();
    const cp::Design design = cp::generateTemplate({"classic", state.range(0), {}}, catalog);
    for (auto _ : state)
        benchmark::DoNotOptimize(cp::evaluate(design, catalog));
    state.counters["racks"] = double(design.racks.size());
}
BENCHMARK(BM_Evaluate)->Arg(16384)->Arg(100000)->Unit(benchmark::kMillisecond);

// A comparison's assumed training stack (the Comparison dock and the report recompute it on every
// rebuild, on the window's thread): classic servers against NVL72 supernodes at the given size,
// each design's assumed fields run again at its layout, and the rows' leaders checked.
static void BM_AssumedStack(benchmark::State &state)
{
    const cp::Catalog catalog = cp::Catalog::builtin();
    const cp::Results a = cp::evaluate(cp::generateTemplate({"classic", state.range(0), {}}, catalog), catalog);
    const cp::Results b = cp::evaluate(cp::generateTemplate({"supernode", state.range(0), {}}, catalog), catalog);
    const std::vector<cp::ComparedDesign> designs{{"classic", &a}, {"supernode", &b}};
    const cp::Comparison comparison = cp::compareDesigns(designs);
    for (auto _ : state)
        benchmark::DoNotOptimize(cp::assumedStackRows(designs, comparison));
}
BENCHMARK(BM_AssumedStack)->Arg(1024)->Arg(100000)->Unit(benchmark::kMicrosecond);

// The reliability stage alone (failure domains of every part from the wiring, interruption rate,
// checkpoints, goodput), on the earlier stages' results of a classic template.
static void BM_Reliability(benchmark::State &state)
{
    const cp::Catalog catalog = cp::Catalog::builtin();
    const cp::Design design = cp::generateTemplate({"classic", state.range(0), {}}, catalog);
    const cp::Results earlier = cp::evaluate(design, catalog);
    for (auto _ : state)
        benchmark::DoNotOptimize(cp::evaluateReliability(design, catalog, earlier));
    state.counters["racks"] = double(design.racks.size());
    state.counters["units"] = double(design.powerUnits.size() + design.coolingUnits.size());
}
BENCHMARK(BM_Reliability)->Arg(16384)->Arg(100000)->Unit(benchmark::kMillisecond);

// The cost stage alone (bill of materials, CAPEX, OPEX, monthly curves, break-even), on the
// earlier stages' results of a classic template.
static void BM_Cost(benchmark::State &state)
{
    const cp::Catalog catalog = cp::Catalog::builtin();
    const cp::Design design = cp::generateTemplate({"classic", state.range(0), {}}, catalog);
    const cp::Results earlier = cp::evaluate(design, catalog);
    for (auto _ : state)
        benchmark::DoNotOptimize(cp::evaluateCost(design, catalog, earlier));
    state.counters["bom_lines"] = double(earlier.cost.bom.size());
}
BENCHMARK(BM_Cost)->Arg(16384)->Arg(100000)->Unit(benchmark::kMicrosecond);

// Monte Carlo of a 30-day training run on the classic 16,384-GPU template, 1,000 runs.
static void BM_MonteCarlo(benchmark::State &state)
{
    const cp::Catalog catalog = cp::Catalog::builtin();
    const cp::Design design = cp::generateTemplate({"classic", 16384, {}}, catalog);
    const cp::Results r = cp::evaluate(design, catalog);
    cp::SimulationOptions o;
    o.runs = int(state.range(0));
    o.workHours = 30 * 24.0;
    double failures = 0;
    for (auto _ : state) {
        const cp::SimulationResults s = cp::simulate(r.reliability.job, o);
        failures = s.meanFailures;
        benchmark::DoNotOptimize(s.p90Days);
    }
    state.counters["failures_per_run"] = failures;
}
BENCHMARK(BM_MonteCarlo)->Arg(1000)->Unit(benchmark::kMillisecond);

// Million-GPU scale (issue 8): the gigawatt template at 100k and 1M GPUs. Each stage alone on
// the design, the whole evaluation, and re-evaluations after one edit (cp::Evaluator).
static cp::Design gigawatt(long long gpus)
{
    static const cp::Catalog catalog = cp::Catalog::builtin();
    return cp::generateTemplate({"gigawatt", gpus, {}}, catalog);
}

static void BM_GigawattGenerate(benchmark::State &state)
{
    const cp::Catalog catalog = cp::Catalog::builtin();
    for (auto _ : state)
        benchmark::DoNotOptimize(cp::generateTemplate({"gigawatt", state.range(0), {}}, catalog));
}
BENCHMARK(BM_GigawattGenerate)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);

static void BM_GigawattValidate(benchmark::State &state)
{
    const cp::Catalog catalog = cp::Catalog::builtin();
    const cp::Design design = gigawatt(state.range(0));
    for (auto _ : state)
        benchmark::DoNotOptimize(cp::validate(design, catalog));
}
BENCHMARK(BM_GigawattValidate)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);

static void BM_GigawattFabric(benchmark::State &state)
{
    const cp::Catalog catalog = cp::Catalog::builtin();
    const cp::Design design = gigawatt(state.range(0));
    for (auto _ : state)
        benchmark::DoNotOptimize(cp::buildFabric(design, catalog));
}
BENCHMARK(BM_GigawattFabric)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);

static void BM_GigawattReliability(benchmark::State &state)
{
    const cp::Catalog catalog = cp::Catalog::builtin();
    const cp::Design design = gigawatt(state.range(0));
    const cp::Results earlier = cp::evaluate(design, catalog);
    for (auto _ : state)
        benchmark::DoNotOptimize(cp::evaluateReliability(design, catalog, earlier));
}
BENCHMARK(BM_GigawattReliability)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);

static void BM_GigawattCost(benchmark::State &state)
{
    const cp::Catalog catalog = cp::Catalog::builtin();
    const cp::Design design = gigawatt(state.range(0));
    const cp::Results earlier = cp::evaluate(design, catalog);
    for (auto _ : state)
        benchmark::DoNotOptimize(cp::evaluateCost(design, catalog, earlier));
}
BENCHMARK(BM_GigawattCost)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);

static void BM_GigawattEvaluate(benchmark::State &state)
{
    const cp::Catalog catalog = cp::Catalog::builtin();
    const cp::Design design = gigawatt(state.range(0));
    for (auto _ : state)
        benchmark::DoNotOptimize(cp::evaluate(design, catalog));
}
BENCHMARK(BM_GigawattEvaluate)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond)->UseRealTime();

// An edit re-evaluated: arg 1 = one rack moved back and forth by a grid step, 2 = the energy price
// changed, 3 = the workload's sequence length changed.
static void BM_GigawattEdit(benchmark::State &state)
{
    const cp::Catalog catalog = cp::Catalog::builtin();
    cp::Design design = gigawatt(state.range(0));
    cp::Evaluator evaluator(catalog);
    evaluator.evaluate(design);
    int step = 0;
    for (auto _ : state) {
        const double sign = (step++ % 2) ? 1.0 : -1.0;
        switch (state.range(1)) {
        case 1: design.racks[0].xM += sign * design.hall.gridM; break;
        case 2: design.finance.energyUsdPerKwh *= sign > 0 ? 1.1 : 1.0 / 1.1; break;
        default: design.workload.seqLen = sign > 0 ? 8192 : 4096; break;
        }
        benchmark::DoNotOptimize(evaluator.evaluate(design));
    }
}
BENCHMARK(BM_GigawattEdit)
    ->ArgsProduct({{100000, 1000000}, {1, 2, 3}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

BENCHMARK_MAIN();
