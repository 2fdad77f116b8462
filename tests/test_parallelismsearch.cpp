// The parallelism search (what it finds, why the runners-up lost, ranking, cancel and progress,
// why nothing runs, odd GPU counts) and the estimate spec reader (the defaults it reports, the
// errors it names). The step model itself: test_trainingmodel.cpp.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/io/estimateoutput.h"
#include "model/io/estimatespec.h"
#include "model/engine/evaluation.h"
#include "model/engine/performance.h"
#include "model/training/estimate.h"
#include "model/training/parallelismsearch.h"
#include "model/generate/templates.h"
#include "testsupport.h"
#include "trainingcases.h"
#include "model/training/trainingmodel.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>

using namespace cp;
using namespace cptest;
using json = nlohmann::json;

class TestParallelismSearch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void oddGpuCountsLeaveGpusIdle();
    void searchFindsAConfigThatFits();
    void searchExplainsRunnersUp();
    void searchRanksByThroughputWhenBatchFollowsLayout();
    void searchCancel();
    void searchProgress();
    void searchSaysWhyNothingRuns();
    void specDefaultsAreReported();
    void assumptionEffectsOfTheDefaults();
    void specErrors_data();
    void specErrors();
};

void TestParallelismSearch::oddGpuCountsLeaveGpusIdle()
{
    // 16,416 GB200 in NVL72 racks with 8 spares each leave 14,592 = 2^8 · 57 working GPUs: every
    // layout on all of them has a factor 57 in PP, DP or CP. Running on 14,336 (7 · 2^11, whole
    // 64-GPU domains) must be found, be faster in tokens/s, and be reported.
    TemplateOptions o;
    o.kind = "supernode";
    o.gpus = 16384;
    const Catalog catalog = Catalog::builtin();
    Design design = generateTemplate(o, catalog);
    design.workload.globalBatchTokens = 16777216.0; // a fixed batch of 2,048 sequences
    const Results evaluated = evaluate(design, catalog);
    QCOMPARE(evaluated.inventory.gpusActive, 14592LL);
    const EstimateSpec spec =
        estimateSpecFromDesign(design, catalog, evaluated.inventory.gpusActive, evaluated.fabric);
    const EstimateOutcome out = runEstimate(spec);
    QVERIFY(out.estimate.feasible());
    QCOMPARE(out.gpusUsed, 14336LL);
    const ParallelConfig &c = out.estimate.config;
    QCOMPARE((long long)c.tp * c.pp * c.dp * c.cp, 14336LL);
    // The same search held to all 14,592 GPUs trains slower.
    const SearchResult all = searchParallelism(spec.cluster, spec.model, spec.training, {});
    QVERIFY(all.found());
    QVERIFY(out.estimate.tokensPerS > all.top.front().estimate.tokensPerS);
    // With the automatic batch (the template's), the batch follows each layout's data
    // parallelism, so a layout on all 14,592 GPUs divides it too.
    Design automatic = design;
    automatic.workload.globalBatchTokens = 0.0;
    const EstimateSpec autoSpec = estimateSpecFromDesign(automatic, catalog, 14592, evaluated.fabric);
    QVERIFY(autoSpec.training.batchFollowsLayout);
    QVERIFY(searchParallelism(autoSpec.cluster, autoSpec.model, autoSpec.training, {}).found());
    // The workload's MoE routing imbalance reaches the model.
    Design moe = design;
    moe.workload.experts = 64;
    moe.workload.activeExperts = 8;
    moe.workload.moeLoadImbalance = 1.4;
    QCOMPARE(estimateSpecFromDesign(moe, catalog, 14592, evaluated.fabric).model.moeLoadImbalance, 1.4);
    // MXFP8 on this Blackwell design: FP8 with block scaling, slower than per-tensor FP8.
    QVERIFY(catalog.find(spec.cluster.gpu.id)->attribute("fp8_block_scaling") == "mx");
    Design mx = design, fp8 = design;
    mx.workload.precision = "mxfp8";
    fp8.workload.precision = "fp8";
    QVERIFY(!hasErrors(validate(mx, catalog)));
    const EstimateSpec mxSpec = estimateSpecFromDesign(mx, catalog, 14592, evaluated.fabric);
    QVERIFY(mxSpec.training.precision == Precision::Fp8 && mxSpec.training.fp8Recipe == Fp8Recipe::Mx);
    QVERIFY(runEstimate(mxSpec).estimate.tokensPerS <
            runEstimate(estimateSpecFromDesign(fp8, catalog, 14592, evaluated.fabric)).estimate.tokensPerS);
}

void TestParallelismSearch::searchFindsAConfigThatFits()
{
    SearchOptions o;
    o.topK = 5;
    const SearchResult r =
        searchParallelism(h100Cluster(64), llama8b(), training(8192, 8192.0 * 512), o);
    QVERIFY(r.found());
    QVERIFY(r.evaluated > 100);
    for (const RankedConfig &rc : r.top) {
        QVERIFY(rc.estimate.feasible());
        QVERIFY(rc.estimate.memoryGb() <= 80.0);
        QVERIFY(rc.estimate.stepTimeS >= r.top.front().estimate.stepTimeS);
    }
    const ParallelConfig &best = r.top.front().estimate.config;
    QCOMPARE((long long)best.tp * best.pp * best.dp * best.cp, 64LL);
}

void TestParallelismSearch::searchExplainsRunnersUp()
{
    SearchOptions o;
    o.topK = 4;
    const SearchResult r =
        searchParallelism(h100Cluster(64), llama8b(), training(8192, 8192.0 * 512), o);
    QCOMPARE(int(r.top.size()), 4);
    QVERIFY(r.top[0].why.empty());
    for (size_t i = 1; i < r.top.size(); ++i)
        QVERIFY2(r.top[i].why.find("slower by") == 0, r.top[i].why.c_str());
}

/// With the batch following the layout (whole sequences per data-parallel rank), layouts' steps
/// carry different batches: a short step with a smaller batch must not beat a longer one that
/// trains faster. The winner is the fastest in tokens per second, and the list is in that order.
void TestParallelismSearch::searchRanksByThroughputWhenBatchFollowsLayout()
{
    // Llama 3 405B on 9,984 H100 (1,248 servers), a 16M-token target: TP4 PP16 CP4 leaves DP 39
    // with 53 sequences each (16.9M tokens); layouts with many more replicas round it differently.
    TrainingSpec t = training(8192, 16777216.0);
    t.batchFollowsLayout = true;
    const SearchResult r = searchParallelism(h100Cluster(9984), llama405b(), t);
    QVERIFY(r.found());
    for (size_t i = 1; i < r.top.size(); ++i)
        QVERIFY(r.top[i].estimate.tokensPerS <= r.top[i - 1].estimate.tokensPerS);
    // No layout has more replicas than the 2,048 target sequences (one each would be a larger
    // batch than the target); rounding keeps every batch within a third of it.
    for (const RankedConfig &rc : r.top) {
        QVERIFY(rc.estimate.config.dp <= 2048);
        const double batch = rc.estimate.tokensPerS * rc.estimate.stepTimeS;
        QVERIFY2(batch >= 16777216.0 * 2 / 3 && batch <= 16777216.0 * 4 / 3, qPrintable(QString::number(batch)));
    }
    // 16 sequences on 9,984 GPUs: only layouts with at most 16 replicas (e.g. TP8 PP39 CP2) run.
    TrainingSpec few = t;
    few.globalBatchTokens = 8192.0 * 16;
    const SearchResult small = searchParallelism(h100Cluster(9984), llama405b(), few);
    QVERIFY(small.found());
    for (const RankedConfig &rc : small.top)
        QVERIFY(rc.estimate.config.dp <= 16);
    ParallelConfig c;
    c.tp = 4;
    c.pp = 16;
    c.cp = 4;
    c.dp = 39;
    c.microbatch = 1;
    c.interleave = 8;
    c.zero = 1;
    TrainingSpec fixed = t;
    fixed.globalBatchTokens = 39.0 * 53 * 8192; // 2,048 / 39 = 52.5, rounded to 53
    const StepEstimate known = estimateStep(h100Cluster(9984), llama405b(), fixed, c);
    QVERIFY(known.feasible());
    QVERIFY2(r.top.front().estimate.tokensPerS >= known.tokensPerS * (1 - 1e-9),
             qPrintable(QStringLiteral("%1 (%2) against %3 (TP4 PP16 CP4 DP39)")
                            .arg(r.top.front().estimate.tokensPerS)
                            .arg(QString::fromStdString(describe(r.top.front().estimate.config)))
                            .arg(known.tokensPerS)));
}

void TestParallelismSearch::searchCancel()
{
    std::atomic<bool> cancel{true};
    SearchOptions o;
    o.cancel = &cancel;
    const SearchResult r =
        searchParallelism(h100Cluster(16384), llama405b(), training(8192, 16777216.0), o);
    QVERIFY(r.cancelled);
    QCOMPARE(r.evaluated, 0LL);
    QVERIFY(!r.found());

    // Cancelled from the progress callback part-way: stops early.
    std::atomic<bool> stop{false};
    SearchOptions p;
    p.cancel = &stop;
    int calls = 0;
    p.progress = [&](double) {
        if (++calls == 3)
            stop = true;
    };
    const SearchResult partial =
        searchParallelism(h100Cluster(16384), llama405b(), training(8192, 16777216.0), p);
    const SearchResult full =
        searchParallelism(h100Cluster(16384), llama405b(), training(8192, 16777216.0));
    QVERIFY(partial.cancelled);
    QVERIFY(partial.evaluated < full.evaluated);
}

void TestParallelismSearch::searchProgress()
{
    std::vector<double> seen;
    SearchOptions o;
    o.progress = [&](double f) { seen.push_back(f); };
    searchParallelism(h100Cluster(1024), llama8b(), training(8192, 8192.0 * 1024), o);
    QVERIFY(seen.size() > 2);
    QCOMPARE(seen.back(), 1.0);
    for (size_t i = 1; i < seen.size(); ++i)
        QVERIFY(seen[i] >= seen[i - 1]);
}

void TestParallelismSearch::searchSaysWhyNothingRuns()
{
    // A fixed field that rules out every layout is named with its numbers, not "no layout".
    const ModelSpec m = llama8b();
    const TrainingSpec t = training(4096, 4096.0 * 64);
    SearchOptions options;
    options.fixed.tp = 3;
    SearchResult r = searchParallelism(h100Cluster(24), m, t, options);
    QVERIFY(!r.found());
    QVERIFY2(r.failureReason().find("tp 3 does not divide the 32 heads") != std::string::npos,
             r.failureReason().c_str());
    options.fixed = {};
    options.fixed.cp = 3;
    r = searchParallelism(h100Cluster(24), m, t, options);
    QVERIFY2(r.failureReason().find("cp 3 does not divide the sequence of 4096") != std::string::npos,
             r.failureReason().c_str());
    // Layouts tried and rejected: the reason most of them failed on. 63 sequences split over
    // DP ranks that do not divide them.
    options.fixed = {};
    options.fixed.tp = 1;
    options.fixed.pp = 1;
    options.fixed.cp = 1;
    const TrainingSpec odd = training(4096, 4096.0 * 63);
    r = searchParallelism(h100Cluster(8), m, odd, options);
    QVERIFY(!r.found());
    QVERIFY2(r.failureReason().find("global batch") != std::string::npos ||
                 r.failureReason().find(infeasibleName(Infeasible::Batch)) != std::string::npos,
             r.failureReason().c_str());
}

void TestParallelismSearch::specDefaultsAreReported()
{
    const json j = json::parse(R"({"gpu": "h100-sxm", "gpus": 64,
        "model": {"layers": 32, "hidden": 4096, "heads": 32, "vocab": 128256},
        "training": {"seq_len": 8192, "global_batch_tokens": 4194304},
        "parallelism": "auto"})");
    const EstimateSpec spec = parseEstimateSpec(j, "mem.json", Catalog::builtin());
    QCOMPARE(spec.model.kvHeads, 32);
    QCOMPARE(spec.model.ffnHidden, 11008); // 8/3·4096 rounded up to 256
    QCOMPARE(spec.cluster.scaleUpGbPerSPerGpu, 450.0);
    bool reported = false;
    for (const auto &d : spec.defaultsUsed)
        reported = reported || d.find("model.kv_heads") == 0;
    QVERIFY(reported);
    // The attention rate the tool derives for a part without a measured one is listed too; a
    // part with one (B200) lists nothing for it.
    const auto lists = [](const EstimateSpec &s, const std::string &key) {
        return std::any_of(s.defaultsUsed.begin(), s.defaultsUsed.end(),
                           [&](const std::string &d) { return d.find(key) == 0; });
    };
    QVERIFY(lists(spec, "gpu.attention_tflops_bf16 = derived"));
    // Every model and training field the spec leaves out is listed with the value chosen (those
    // the search chooses are in chosen_by_search; the name, moe and mla blocks have no default).
    for (const char *key : {"model.kv_heads", "model.head_dim", "model.v_head_dim", "model.ffn_hidden", "model.mlp",
                            "model.mtp_layers", "model.tied_embeddings", "model.dropout", "training.precision",
                            "training.tokens", "training.attention", "training.sequence_parallel",
                            "training.overlap_comm", "training.grad_reduce", "training.pipeline_schedule"})
        QVERIFY2(lists(spec, std::string(key) + " = "), key);
    // A design's estimate lists what its workload does not say in the same words.
    TemplateOptions small;
    small.gpus = 64;
    const Results evaluated = evaluate(generateTemplate(small, Catalog::builtin()), Catalog::builtin());
    QVERIFY(evaluated.performance.available);
    for (const char *key : {"model.head_dim", "model.v_head_dim", "model.mlp", "model.mtp_layers",
                            "model.tied_embeddings", "model.dropout", "training.attention", "training.sequence_parallel",
                            "training.overlap_comm", "training.grad_reduce"})
        QVERIFY2(lists(evaluated.performance.spec, std::string(key) + " = "), key);
    json b200 = j;
    b200["gpu"] = "b200";
    const EstimateSpec b200Spec = parseEstimateSpec(b200, "mem.json", Catalog::builtin());
    QVERIFY(!lists(b200Spec, "gpu.attention_tflops_bf16"));
    // The values used are in the output, the attention rate among them (0: derived).
    QCOMPARE(estimateToJson(b200Spec, runEstimate(b200Spec)).at("cluster").at("attention_tflops_bf16").get<double>(), 1240.0);
    const EstimateOutcome o = runEstimate(spec);
    QVERIFY(o.searched && o.estimate.feasible());
    const json out = estimateToJson(spec, o);
    QCOMPARE(out.at("cluster").at("attention_tflops_bf16").get<double>(), 0.0);
    for (const char *key : {"step_time_s", "model_tflops_per_gpu", "hardware_tflops_per_gpu", "mfu",
                            "tokens_per_s", "memory_gb_per_gpu", "time_to_train_days", "breakdown",
                            "parallelism_used", "chosen_by_search", "defaults_used"})
        QVERIFY2(out.contains(key), key);
    for (const char *key : {"compute_s", "tp_exposed_s", "pp_exposed_s", "dp_exposed_s",
                            "ep_exposed_s", "cp_exposed_s", "bubble_s", "optimizer_s"})
        QVERIFY2(out.at("breakdown").contains(key), key);
    QCOMPARE(int(out.at("chosen_by_search").size()), 8); // all but ep (dense model)
}

void TestParallelismSearch::assumptionEffectsOfTheDefaults()
{
    // GPT-3 175B in FP8 on 10,752 H100 (MLPerf v4.0's layout) described without its stack: each
    // stack field left to its default is tried the other way at the estimate's own layout, and
    // the change is exactly that of the same spec with the field given.
    json j = json::parse(cptest::readFile(cptest::dataPath("validation/mlperf40-gpt3-175b-10752.json")));
    for (const char *key : {"grad_reduce", "overlap_comm", "sequence_parallel", "attention"})
        j["training"].erase(key);
    const EstimateSpec loose = parseEstimateSpec(j, "loose.json", Catalog::builtin());
    const EstimateOutcome out = runEstimate(loose);
    QVERIFY(out.estimate.feasible());
    const std::vector<AssumptionEffect> effects = assumptionEffects(loose, out);
    std::map<std::string, AssumptionEffect> byField;
    for (const AssumptionEffect &a : effects)
        byField[a.field] = a;
    QCOMPARE(int(byField.size()), 4);
    for (const auto &[field, a] : byField)
        QVERIFY2(a.runs, field.c_str());
    // Gradients reduced in 16 bits, as NVIDIA's recipe did: faster by the traffic they halve.
    json given = j;
    given["training"]["grad_reduce"] = "bf16";
    const EstimateOutcome bf16 = runEstimate(parseEstimateSpec(given, "given.json", Catalog::builtin()));
    const AssumptionEffect &g = byField.at("training.grad_reduce");
    CP_COMPARE_STR(g.assumed, std::string("fp32"));
    CP_COMPARE_STR(g.alternative, std::string("bf16"));
    QVERIFY(std::fabs(g.throughputChange - (out.estimate.stepTimeS / bf16.estimate.stepTimeS - 1.0)) < 1e-12);
    QVERIFY2(g.throughputChange > 0.1, qPrintable(QString::number(g.throughputChange)));
    // Without overlap and with the unfused kernel the same layout is slower.
    QVERIFY(byField.at("training.overlap_comm").throughputChange < 0);
    QVERIFY(byField.at("training.attention").throughputChange < 0);
    // A field the spec gives is not second-guessed; a dense model has no dispatcher to try.
    const EstimateSpec full = parseEstimateSpec(given, "given.json", Catalog::builtin());
    const std::vector<AssumptionEffect> fewer = assumptionEffects(full, bf16);
    QVERIFY(std::none_of(fewer.begin(), fewer.end(), [](const AssumptionEffect &a) {
        return a.field == "training.grad_reduce" || a.field == "training.moe_dispatcher";
    }));
    QCOMPARE(int(fewer.size()), 3);
    // A design's workload carries none of these fields: its estimate tries each.
    TemplateOptions small;
    small.gpus = 64;
    const Results evaluated = evaluate(generateTemplate(small, Catalog::builtin()), Catalog::builtin());
    const std::vector<AssumptionEffect> design = assumptionEffects(evaluated.performance.spec, evaluated.performance.outcome);
    QVERIFY(std::any_of(design.begin(), design.end(), [](const AssumptionEffect &a) {
        return a.field == "training.grad_reduce" && a.assumed == "fp32" && a.runs;
    }));
    // The output carries them: JSON and text.
    const json printed = estimateToJson(loose, out);
    QCOMPARE(int(printed["assumption_effects"].size()), 4);
    QVERIFY(estimateToText(loose, out).find("training.grad_reduce fp32 -> bf16: +") != std::string::npos);
}

void TestParallelismSearch::specErrors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("problem");
    const QString base = QStringLiteral(
        R"({"gpu": %1, "gpus": %2, "model": {"layers": %3, "hidden": 4096, "heads": 32, "vocab": 32000},
            "training": {"seq_len": 4096, "global_batch_tokens": 4194304}, "parallelism": %4})");
    QTest::newRow("unknown gpu") << base.arg(QStringLiteral("\"z9000\""), QStringLiteral("64"),
                                             QStringLiteral("32"), QStringLiteral("\"auto\""))
                                 << "gpu"
                                 << "unknown catalog id";
    QTest::newRow("not an accelerator")
        << base.arg(QStringLiteral("\"qm9700\""), QStringLiteral("64"), QStringLiteral("32"),
                    QStringLiteral("\"auto\""))
        << "gpu"
        << "not an accelerator";
    QTest::newRow("layers a string")
        << base.arg(QStringLiteral("\"h100-sxm\""), QStringLiteral("64"), QStringLiteral("\"32\""),
                    QStringLiteral("\"auto\""))
        << "model.layers"
        << "must be a number";
    QTest::newRow("negative gpus") << base.arg(QStringLiteral("\"h100-sxm\""), QStringLiteral("-8"),
                                               QStringLiteral("32"), QStringLiteral("\"auto\""))
                                   << "gpus"
                                   << "out of range";
    QTest::newRow("absurd gpus") << base.arg(QStringLiteral("\"h100-sxm\""), QStringLiteral("1e12"),
                                             QStringLiteral("32"), QStringLiteral("\"auto\""))
                                 << "gpus"
                                 << "out of range";
    QTest::newRow("product") << base.arg(QStringLiteral("\"h100-sxm\""), QStringLiteral("64"),
                                         QStringLiteral("32"),
                                         QStringLiteral(R"({"tp": 8, "pp": 2, "dp": 8, "cp": 1})"))
                             << "parallelism"
                             << "but gpus is 64";
    QTest::newRow("parallelism word")
        << base.arg(QStringLiteral("\"h100-sxm\""), QStringLiteral("64"), QStringLiteral("32"),
                    QStringLiteral("\"best\""))
        << "parallelism"
        << "\"auto\"";
    QTest::newRow("inline gpu missing hbm")
        << base.arg(QStringLiteral(R"({"peak_tflops_bf16": 312})"), QStringLiteral("64"),
                    QStringLiteral("32"), QStringLiteral("\"auto\""))
        << "gpu.hbm_gb"
        << "is required";
    QTest::newRow("unknown key") << base.arg(QStringLiteral("\"h100-sxm\""), QStringLiteral("64"),
                                             QStringLiteral("32"),
                                             QStringLiteral(R"({"tp": 8, "pipeline": 2})"))
                                 << "parallelism.pipeline"
                                 << "unknown key";
    const QString mla = QStringLiteral(
        R"({"gpu": "h100-sxm", "gpus": 64, "model": {"layers": 32, "hidden": 4096, "heads": 32,
            "vocab": 32000, "head_dim": 128, "mla": %1},
            "training": {"seq_len": 4096, "global_batch_tokens": 4194304}, "parallelism": "auto"})");
    QTest::newRow("rotary key as wide as the head")
        << mla.arg(QStringLiteral(R"({"kv_lora_rank": 512, "rope_head_dim": 128})"))
        << "model.mla.rope_head_dim"
        << "not below the head width";
    QTest::newRow("latent attention without its latent")
        << mla.arg(QStringLiteral(R"({"q_lora_rank": 1536})")) << "model.mla.kv_lora_rank"
        << "is required";
    QTest::newRow("heads not dividing hidden")
        << QStringLiteral(R"({"gpu": "h100-sxm", "gpus": 64, "model": {"layers": 32, "hidden": 4000,
            "heads": 48, "vocab": 32000}, "training": {"seq_len": 4096, "global_batch_tokens": 4194304}})")
        << "model.heads"
        << "give model.head_dim";
}

void TestParallelismSearch::specErrors()
{
    QFETCH(QString, text);
    QFETCH(QString, place);
    QFETCH(QString, problem);
    try {
        parseEstimateSpec(json::parse(text.toStdString()), "bad.json", Catalog::builtin());
        QFAIL("no LoadError");
    } catch (const LoadError &e) {
        CP_COMPARE_STR(e.file(), std::string("bad.json"));
        CP_COMPARE_STR(e.place(), place.toStdString());
        QVERIFY2(QString::fromStdString(e.problem()).contains(problem), e.what());
    }
}

QTEST_GUILESS_MAIN(TestParallelismSearch)
#include "test_parallelismsearch.moc"
