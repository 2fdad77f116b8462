// Tests resilience as a design choice: the policy presets and what each mechanism does, job-level
// failures, the P10/P90 band from the rate ranges, job sizes chosen by effective throughput, the
// automatic batch and jobs per partition. Sources of the figures asserted: docs/reliability.md.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "model/engine/performance.h"
#include "model/generate/templates.h"
#include "model/io/designjson.h"
#include "model/io/resultsjson.h"
#include "model/reliability/montecarlo.h"
#include "model/reliability/policy.h"
#include "model/reliability/reliability.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <cmath>

using namespace cp;

namespace {

Design make(const char *kind, long long gpus)
{
    return generateTemplate({kind, gpus, ""}, Catalog::builtin());
}

const Problem *findProblem(const Problems &problems, const std::string &place)
{
    for (const Problem &p : problems)
        if (p.place == place)
            return &p;
    return nullptr;
}

Results withPolicy(Design d, const std::string &policy)
{
    d.reliability.policy = policy;
    return evaluate(d, Catalog::builtin());
}

} // namespace

class TestResilience : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void templatesDefaultToPlausibleFigures();
    void policiesAreOrdered();
    void restartGrowsWithTheJob();
    void checkpointKinds();
    void waitingForRepairsCostsMore();
    void jobLevelCausesDoNotScale();
    void bandComesFromTheRanges();
    void monteCarloSamplesTheRanges();
    void sparesTradeCapacityForGoodput();
    void automaticBatchFollowsTheGpus();
    void campusRunsOneJobPerHall();
    void filesBeforePoliciesKeepTheirFigures();
    void policySettingsRoundTrip();
    void badPolicySettingsAreRefused();
    void lowGoodputWarnsWithTheReason();
};

void TestResilience::templatesDefaultToPlausibleFigures()
{
    // The bar: classic 16,384 ≥ 85 % and classic 100,000 ≥ 75 % with the templates'
    // defaults (Llama 3 (2024) up to 32,768 GPUs per job, the state of the art above; a 2 % pool).
    const Results a = evaluate(make("classic", 16384), Catalog::builtin());
    const Results b = evaluate(make("classic", 100000), Catalog::builtin());
    qInfo("classic 16,384: %s, goodput %.3f; classic 100,000: %s, goodput %.3f", a.reliability.policy.c_str(),
          a.reliability.goodput, b.reliability.policy.c_str(), b.reliability.goodput);
    QCOMPARE(a.reliability.policy, std::string("llama3-2024"));
    QCOMPARE(b.reliability.policy, std::string("state-of-the-art"));
    QVERIFY(a.reliability.goodput >= 0.85);
    QVERIFY(b.reliability.goodput >= 0.75);
    QVERIFY(a.problems.empty());
}

void TestResilience::policiesAreOrdered()
{
    // Classic 16,384 H100: Llama 3 (2024) gives ≥ 88 % (Llama 3 reports > 90 % effective training
    // time on 16,384 H100) with 419 ± 20 % interruptions in 54 days; the 2021 baseline is lower
    // and the state of the art higher.
    const Design d = make("classic", 16384);
    const Results base = withPolicy(d, "2021-baseline");
    const Results llama = withPolicy(d, "llama3-2024");
    const Results sota = withPolicy(d, "state-of-the-art");
    const double interruptions = llama.reliability.interruptionsPerHour * 54.0 * 24.0;
    qInfo("16,384 H100: baseline %.3f, Llama 3 %.3f, state of the art %.3f; %.0f interruptions in 54 days",
          base.reliability.goodput, llama.reliability.goodput, sota.reliability.goodput, interruptions);
    QVERIFY(llama.reliability.goodput >= 0.88);
    QVERIFY(interruptions > 419.0 * 0.8 && interruptions < 419.0 * 1.2);
    QVERIFY(base.reliability.goodput < llama.reliability.goodput);
    QVERIFY(sota.reliability.goodput > llama.reliability.goodput);
    // The mechanisms, not only the result: detection and restart get shorter.
    QVERIFY(base.reliability.timeLostPerFailureMinutes > llama.reliability.timeLostPerFailureMinutes);
    QVERIFY(llama.reliability.timeLostPerFailureMinutes > sota.reliability.timeLostPerFailureMinutes);
    // Goodput and its losses sum to the whole.
    for (const Results *r : {&base, &llama, &sota}) {
        const ReliabilityResults &x = r->reliability;
        QVERIFY(std::abs(x.goodput + x.lossCheckpoint + x.lossRework + x.lossRecovery + x.lossRepair - 1.0) < 1e-9);
    }
}

void TestResilience::restartGrowsWithTheJob()
{
    // MegaScale §3.5: initialisation under 5 s at 2,048 GPUs and under 30 s at 12,288 once
    // optimised; 1,047 s at 2,048 before. The presets keep those points.
    const auto preset = [](const std::string &name) {
        for (const PolicyPreset &p : resiliencePresets())
            if (p.policy.name == name)
                return p.policy;
        return ResiliencePolicy{};
    };
    const ResiliencePolicy sota = preset("state-of-the-art"), base = preset("2021-baseline");
    QVERIFY(std::abs((sota.restartMinutes(2048) - sota.launchMinutes) * 60.0 - 5.0) < 0.01);
    QVERIFY((sota.restartMinutes(12288) - sota.launchMinutes) * 60.0 <= 30.0 + 1e-9);
    QVERIFY(std::abs((base.restartMinutes(2048) - base.launchMinutes) * 60.0 - 1047.0) < 0.01);
    QVERIFY(sota.restartMinutes(100000) > sota.restartMinutes(10000));
    // And the evaluated design uses its job's size.
    const Results small = evaluate(make("classic", 1024), Catalog::builtin());
    const Results large = evaluate(make("classic", 16384), Catalog::builtin());
    QVERIFY(large.reliability.restartMinutes > small.reliability.restartMinutes);
}

void TestResilience::checkpointKinds()
{
    // A blocking checkpoint stops training for the storage write; an asynchronous one for the
    // copy of each GPU's shard to host memory; an in-memory one restores from a peer.
    Design d = make("classic", 16384);
    d.reliability.policy = "custom";
    Results r[3];
    const char *kinds[] = {"blocking", "async", "in-memory"};
    for (int i = 0; i < 3; ++i) {
        d.reliability.checkpointKind = kinds[i];
        r[i] = evaluate(d, Catalog::builtin());
        QCOMPARE(r[i].reliability.checkpointKind, std::string(kinds[i]));
    }
    QCOMPARE(r[0].reliability.checkpointStallS, r[0].reliability.checkpointWriteS);
    QVERIFY(r[1].reliability.checkpointStallS < r[0].reliability.checkpointStallS);
    QCOMPARE(r[1].reliability.restoreS, r[0].reliability.restoreS);
    QVERIFY(r[2].reliability.restoreS < r[1].reliability.restoreS);
    QVERIFY(r[1].reliability.goodput >= r[0].reliability.goodput);
    QVERIFY(r[2].reliability.goodput >= r[1].reliability.goodput);
    // The interval is never shorter than a training step.
    QVERIFY(r[2].reliability.job.intervalH * 3600.0 >= r[2].performance.outcome.estimate.stepTimeS);
}

void TestResilience::waitingForRepairsCostsMore()
{
    // Without spares, waiting for the repair idles the whole job; shrinking idles one replica.
    Design d = generateTemplate({"classic", 4096, "", 0.0}, Catalog::builtin());
    d.reliability.policy = "custom";
    d.reliability.withoutSpare = "shrink";
    const Results shrink = evaluate(d, Catalog::builtin());
    d.reliability.withoutSpare = "wait";
    const Results wait = evaluate(d, Catalog::builtin());
    QVERIFY(wait.reliability.goodput < shrink.reliability.goodput);
    QVERIFY(wait.reliability.lossRepair > shrink.reliability.lossRepair);
}

void TestResilience::jobLevelCausesDoNotScale()
{
    // Llama 3's 54 software bugs in 1,296 h are counted per job: 24 h. A 1,024-GPU job then fails
    // every ~17 h instead of every ~52 h (1/16 of the 16,384-GPU rate), and the high end of the
    // ranges reaches the 7.9 h Kokolis et al. (2025) measured at 1,024 GPUs on a research cluster.
    const Results r = evaluate(generateTemplate({"classic", 1024, "", 0.0}, Catalog::builtin()), Catalog::builtin());
    qInfo("1,024 GPUs: job MTBF %.1f h", r.reliability.jobMtbfHours);
    QVERIFY(r.reliability.jobMtbfHours > 10.0 && r.reliability.jobMtbfHours < 25.0);
    const ReliabilitySettings s;
    const JobModel high = r.reliability.job.scaled({s.hardwareRange.high, s.jobRange.high, 1.0, 1.0});
    qInfo("1,024 GPUs, high rates: job MTBF %.1f h", high.mtbfHours());
    QVERIFY(high.mtbfHours() < 9.0);
}

void TestResilience::bandComesFromTheRanges()
{
    Design d = make("classic", 16384);
    const Results wide = evaluate(d, Catalog::builtin());
    const GoodputBand &w = wide.reliability.band;
    QVERIFY(w.goodputP10 <= wide.reliability.goodput && wide.reliability.goodput <= w.goodputP90);
    QVERIFY(w.daysP10 <= wide.reliability.effectiveTimeToTrainDays
            && wide.reliability.effectiveTimeToTrainDays <= w.daysP90);
    // Narrower ranges, a narrower band; none at all, none.
    for (ReliabilitySettings::Range *range : {&d.reliability.hardwareRange, &d.reliability.jobRange,
                                              &d.reliability.recoveryRange, &d.reliability.repairRange})
        *range = {0.9, 1.1};
    const Results narrow = evaluate(d, Catalog::builtin());
    const GoodputBand &n = narrow.reliability.band;
    QVERIFY(n.goodputP90 - n.goodputP10 < 0.5 * (w.goodputP90 - w.goodputP10));
    QVERIFY(n.daysP90 - n.daysP10 < 0.5 * (w.daysP90 - w.daysP10));
    for (ReliabilitySettings::Range *range : {&d.reliability.hardwareRange, &d.reliability.jobRange,
                                              &d.reliability.recoveryRange, &d.reliability.repairRange})
        *range = {1.0, 1.0};
    const Results none = evaluate(d, Catalog::builtin());
    QVERIFY(std::abs(none.reliability.band.goodputP90 - none.reliability.band.goodputP10) < 1e-12);
    QVERIFY(std::abs(none.reliability.band.goodputP50 - none.reliability.goodput) < 1e-12);
    // In the results JSON under the keys.
    const nlohmann::json j = resultsToJson(wide);
    for (const char *k : {"goodput_p10", "goodput_p90", "effective_time_to_train_days_p10",
                          "effective_time_to_train_days_p90"})
        QVERIFY2(j["reliability"].contains(k), k);
    QCOMPARE(j["reliability"]["policy"].get<std::string>(), std::string("llama3-2024"));
}

void TestResilience::monteCarloSamplesTheRanges()
{
    // Drawing each run's rates and times from the ranges widens the runs' spread well beyond the
    // randomness of failures alone (whose P90 is within a percent of its P10 here).
    const Results r = evaluate(make("supernode", 16416), Catalog::builtin());
    SimulationOptions o;
    o.runs = 300;
    o.sampleRanges = false;
    const SimulationResults typical = simulate(r.reliability.job, o);
    o.sampleRanges = true;
    const SimulationResults sampled = simulate(r.reliability.job, o);
    qInfo("P10–P90 of days: typical %.2f–%.2f, sampled %.2f–%.2f", typical.p10Days, typical.p90Days,
          sampled.p10Days, sampled.p90Days);
    QVERIFY(typical.p90Days / typical.p10Days < 1.02);
    QVERIFY(sampled.p90Days / sampled.p10Days > 1.08);
    // The Monte Carlo's band and the analytic one agree within a few points.
    QVERIFY(std::abs(sampled.goodputP10 - r.reliability.band.goodputP10) < 0.05);
    QVERIFY(std::abs(sampled.goodputP90 - r.reliability.band.goodputP90) < 0.05);
}

void TestResilience::sparesTradeCapacityForGoodput()
{
    // NVL72 with 0, 2, 4 or 8 hot spares per rack: every one trains (70 of 72 included); with
    // more spares the job has fewer GPUs and more goodput; and each job size is the one with the
    // most tokens/s after failures among those the search found.
    const Catalog c = Catalog::builtin();
    long long previousGpus = 1LL << 40;
    double previousGoodput = 0.0;
    for (int spares : {0, 2, 4, 8}) {
        Design d = make("supernode", 16416);
        d.reliability.hotSparesPerDomain = spares;
        const Results r = evaluate(d, c);
        QVERIFY2(r.performance.available, qPrintable(QString::number(spares)));
        const EstimateOutcome &o = r.performance.outcome;
        const double effective = o.estimate.tokensPerS * r.reliability.goodput;
        qInfo("%d spares: %lld GPUs in the job, goodput %.4f, effective %.3g tokens/s", spares, o.gpusUsed,
              r.reliability.goodput, effective);
        for (size_t i = 0; i < o.sizes.size(); ++i) {
            Results trial = r;
            trial.performance.outcome.selectJobSize(i);
            const ReliabilityResults rel = evaluateReliability(d, c, trial);
            QVERIFY(trial.performance.outcome.estimate.tokensPerS * rel.goodput <= effective * 1.001);
        }
        // With none, the job may itself leave 8 of 72 idle as spares (64 per rack) when that
        // delivers more; from 2 on each step holds more GPUs back.
        if (spares >= 4) {
            QVERIFY(o.gpusUsed < previousGpus);
            QVERIFY(r.reliability.goodput > previousGoodput);
        }
        previousGpus = o.gpusUsed;
        previousGoodput = r.reliability.goodput;
    }
}

void TestResilience::automaticBatchFollowsTheGpus()
{
    // 1,024 tokens per GPU (Llama 3 405B: 16M on 16,384), from 16M up to twice DeepSeek LLM's
    // optimum.
    ModelSpec m = modelFromWorkload(Workload{});
    const double tokens = 15.6e12;
    const double cap = criticalBatchTokens(m, tokens);
    qInfo("405B on 15.6T tokens: critical batch %.3g tokens", cap);
    QVERIFY(cap > 1e8 && cap < 2e8); // 2 × 0.292 × (6 × 405e9 × 15.6e12)^0.3271 ≈ 135M
    QCOMPARE(automaticBatchTokens(m, tokens, 16384, 8192), 16777216.0);
    QVERIFY(automaticBatchTokens(m, tokens, 1000000, 8192) <= cap);
    QVERIFY(automaticBatchTokens(m, tokens, 100000, 8192) > 16777216.0);
    QCOMPARE(automaticBatchTokens(m, tokens, 64, 8192), 16777216.0); // not below Llama 3's 16M
    // The template's batch is automatic; the layout runs a multiple of its DP.
    const Results r = evaluate(make("classic", 100000), Catalog::builtin());
    QVERIFY(r.performance.spec.training.batchFollowsLayout);
    const StepEstimate &e = r.performance.outcome.estimate;
    const double perRank = e.globalBatchTokens / 8192.0 / e.config.dp;
    QCOMPARE(perRank, std::round(perRank));
}

void TestResilience::campusRunsOneJobPerHall()
{
    // The million-GPU campus runs one job per hall: each job's figures are for its hall's GPUs,
    // and failures elsewhere on the campus do not stop it.
    const Design d = make("gigawatt", 0);
    QVERIFY(d.workload.jobs > 1);
    const Results r = evaluate(d, Catalog::builtin());
    qInfo("campus: %d jobs of %lld GPUs, goodput %.3f, MFU %.3f, %.1f days", d.workload.jobs,
          r.performance.outcome.gpusUsed, r.reliability.goodput, r.performance.outcome.estimate.mfu,
          r.reliability.effectiveTimeToTrainDays);
    QVERIFY(r.performance.spec.cluster.gpus <= r.inventory.gpusActive / d.workload.jobs);
    QCOMPARE(r.reliability.jobGpus, r.performance.outcome.gpusUsed);
    QVERIFY(r.reliability.goodput > 0.8);
    QVERIFY(r.performance.outcome.estimate.mfu > 0.3);
    QVERIFY(r.reliability.effectiveTimeToTrainDays < 60.0);
    // One job on the whole campus would not train.
    Design one = d;
    one.workload.jobs = 1;
    const Results whole = evaluate(one, Catalog::builtin());
    QVERIFY(whole.reliability.goodput < 0.2);
}

void TestResilience::filesBeforePoliciesKeepTheirFigures()
{
    // A design file without the policy keys reads "custom" with its own times, all software
    // causes per GPU and no job-level cause: it evaluates as it did.
    nlohmann::json j = designToJson(make("classic", 1024));
    nlohmann::json &rel = j["design"]["reliability"];
    for (const char *k : {"policy", "job_mtbf_hours", "init_seconds_at_1k", "init_exponent", "checkpoint_kind",
                          "without_spare", "ranges"})
        rel.erase(k);
    rel["software_mtbf_hours"] = 337000;
    const Design d = designFromJson(j, "old.json");
    QCOMPARE(d.reliability.policy, std::string("custom"));
    QCOMPARE(d.reliability.jobMtbfHours, 0.0);
    QCOMPARE(d.reliability.initSecondsAt1k, 0.0);
    const Results r = evaluate(d, Catalog::builtin());
    QVERIFY(std::abs(r.reliability.restartMinutes - d.reliability.restartMinutes) < 1e-12);
}

void TestResilience::policySettingsRoundTrip()
{
    Design d = make("classic", 1024);
    d.reliability.policy = "custom";
    d.reliability.checkpointKind = "in-memory";
    d.reliability.withoutSpare = "wait";
    d.reliability.initSecondsAt1k = 7.5;
    d.reliability.hardwareRange = {0.7, 1.6};
    const Design back = designFromJson(designToJson(d), "round.json");
    QCOMPARE(back.reliability, d.reliability);
}

void TestResilience::badPolicySettingsAreRefused()
{
    nlohmann::json j = designToJson(make("classic", 1024));
    const auto refused = [&](const char *key, const nlohmann::json &value, const char *words) {
        nlohmann::json k = j;
        k["design"]["reliability"][key] = value;
        try {
            designFromJson(k, "bad.json");
        } catch (const std::exception &e) {
            const std::string m = e.what();
            return m.find("bad.json") != std::string::npos && m.find(key) != std::string::npos
                   && m.find(words) != std::string::npos;
        }
        return false;
    };
    QVERIFY(refused("policy", "yolo", "custom"));
    QVERIFY(refused("checkpoint_kind", "tape", "in-memory"));
    QVERIFY(refused("without_spare", "pray", "shrink"));
    QVERIFY(refused("ranges", nlohmann::json{{"hardware", {{"low", 2.0}}}}, "at most 1"));
    QVERIFY(refused("ranges", nlohmann::json{{"job", {{"high", 0.5}}}}, "between 1 and 100"));
}

void TestResilience::lowGoodputWarnsWithTheReason()
{
    // The 2021 baseline on 100,000 GPUs cannot train: the warning says so and why.
    Design d = make("classic", 100000);
    d.reliability.policy = "2021-baseline";
    const Results r = evaluate(d, Catalog::builtin());
    const Problem *p = findProblem(r.problems, "reliability.goodput");
    QVERIFY(p);
    QVERIFY(p->message.find("2021-baseline") != std::string::npos);
    QVERIFY(p->message.find("take") != std::string::npos);
    QVERIFY(findProblem(r.problems, "reliability.effective_time_to_train_days"));
    // No NaN or infinity anywhere in what it prints.
    QVERIFY(std::isfinite(r.reliability.effectiveTimeToTrainDays));
    QVERIFY(std::isfinite(r.reliability.band.daysP90));
}

QTEST_GUILESS_MAIN(TestResilience)
#include "test_resilience.moc"
