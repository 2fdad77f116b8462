// Tests the inventory and power stages of the engine against arithmetic on catalog figures.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/core/parallellayout.h"
#include "model/edit/designedit.h"
#include "model/engine/evaluation.h"
#include "model/engine/stages.h"
#include "model/reliability/failuredomain.h"
#include "model/io/resultsjson.h"
#include "model/generate/templates.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <algorithm>

using namespace cp;

namespace {

/// The results JSON without the search's own run time (the one figure that is a measurement).
nlohmann::json comparable(const Results &r)
{
    nlohmann::json j = resultsToJson(r);
    if (j.contains("performance") && j["performance"].contains("search"))
        j["performance"]["search"].erase("seconds");
    return j;
}

/// The first key path where two JSON values differ, for a readable failure.
std::string firstDifference(const nlohmann::json &a, const nlohmann::json &b, const std::string &path = "")
{
    if (a.type() != b.type())
        return path + " (type)";
    if (a.is_object()) {
        for (const auto &[k, v] : a.items())
            if (!b.contains(k))
                return path + "/" + k + " (missing)";
            else if (std::string d = firstDifference(v, b[k], path + "/" + k); !d.empty())
                return d;
        return a.size() == b.size() ? std::string() : path + " (extra keys)";
    }
    if (a.is_array()) {
        if (a.size() != b.size())
            return path + " (length)";
        for (size_t i = 0; i < a.size(); ++i)
            if (std::string d = firstDifference(a[i], b[i], path + "[" + std::to_string(i) + "]"); !d.empty())
                return d;
        return {};
    }
    return a == b ? std::string() : path + ": " + a.dump() + " vs " + b.dump();
}

bool hasProblem(const Results &r, const std::string &part, const QString &text)
{
    for (const Problem &p : r.problems)
        if (p.place == part && QString::fromStdString(p.message).contains(text))
            return true;
    return false;
}

/// 256 GPUs on 8-GPU servers training a fine-grained MoE (64 experts, 8 active) at a pinned
/// layout whose expert group (EP 32) spans four servers.
Design moeAcrossServers(const Catalog &c)
{
    TemplateOptions o;
    o.gpus = 256;
    o.spareServerFraction = 0.0;
    Design d = generateTemplate(o, c);
    d.workload.layers = 32;
    d.workload.hidden = 4096;
    d.workload.heads = 32;
    d.workload.kvHeads = 8;
    d.workload.ffnHidden = 2048; // fine-grained experts
    d.workload.experts = 64;
    d.workload.activeExperts = 8;
    d.workload.parallelism = {false, 1, 4, 64, 1, 32, 1, 1, 1, 1};
    d.workload.globalBatchTokens = 8192.0 * 256;
    return d;
}

} // namespace

class TestEvaluation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void itPowerIsSumOfParts();
    void rackOverItsLimit();
    void redundancyDecidesUnitLoad();
    void coolingSplitsLiquidAndAir();
    void pueFromCoolingDesign();
    void fixedPue();
    void dualPipeFromTheWorkload();
    void moeDispatchFromTheWorkload();
    void stackFromTheWorkload();
    void expertShapeFromTheWorkload();
    void resultsJsonHasContractKeys();
    void cancelStopsEarly();
    void incrementalEqualsFull_data();
    void incrementalEqualsFull();
    void incrementalRunsOnlyDependentStages();
    void incrementalAfterCancel();
    void stageTableDerivesTheInvalidation();
    void stageTableIsInDependencyOrder();
    void failureDomainStageEqualsDirectBuild();
    void validationLeadsTheProblems();
};

void TestEvaluation::itPowerIsSumOfParts()
{
    const Catalog c = Catalog::builtin();
    const Design d = sampleDesign(c);
    const Results r = evaluate(d, c);
    // 128 servers, 48 switches (32 leaf + 16 spine) and 2 storage switches, 8 storage nodes.
    const double expected = (128 * c.at("dgx-h100").figure("power_typical_w")
                             + 48 * c.at("qm9700").figure("power_typical_w")
                             + 2 * c.at("sn5600").figure("power_typical_w")
                             + 8 * c.at("storage-nvme-2u").figure("power_typical_w"))
                            / 1000.0;
    // Plus the transceivers of the fabric's cables, which no rack's parts list carries.
    double optics = 0;
    for (const CableRun &c : r.fabric.cables)
        optics += c.powerW / 1000.0;
    QVERIFY(optics > 0);
    QCOMPARE(r.power.opticsKw, optics);
    QVERIFY(qAbs(r.power.itKwTotal - (expected + optics)) < 1e-6);
    QCOMPARE(r.power.maxRackKw, 4 * c.at("dgx-h100").figure("power_typical_w") / 1000.0);
    double rows = 0;
    for (const auto &[row, kw] : r.power.kwByRow)
        rows += kw;
    QVERIFY(qAbs(rows + optics - r.power.itKwTotal) < 1e-6);
    QVERIFY(r.power.facilityKwTotal > r.power.itKwTotal);
    QVERIFY(qAbs(r.power.energyMwhPerYear - r.power.facilityKwTotal * 8.76) < 1e-6);
}

void TestEvaluation::rackOverItsLimit()
{
    const Catalog c = Catalog::builtin();
    Design d = sampleDesign(c);
    // Five DGX H100 (51 kW nameplate) in a 41 kW air-cooled rack.
    d.racks[0].contents = {{"dgx-h100", 1, 5, SwitchRole::None}};
    const Results r = evaluate(d, c);
    QVERIFY(hasProblem(r, "C001", QStringLiteral("exceeds the rack limit of 41 kW")));
}

void TestEvaluation::redundancyDecidesUnitLoad()
{
    const Catalog c = Catalog::builtin();
    Design d;
    d.fabric.switchId = "qm9700";
    d.racks.push_back({"A", "rack-42u-air", 2, 2, 0, "Row 1", {{"dgx-h100", 2, 4, SwitchRole::None}}});
    d.racks.push_back({"B", "rack-42u-air", 3, 2, 0, "Row 1", {{"dgx-h100", 2, 4, SwitchRole::None}}});
    const double rackKw = 4 * 10.2; // nameplate, used for power capacity checks
    // 2N pair of 300 kW floor PDUs: each must carry both racks alone.
    d.powerUnits.push_back({"P1", "pdu-floor-300kw", 5, 5, "AB", Redundancy::TwoN, {"A", "B"}});
    d.powerUnits.push_back({"P2", "pdu-floor-300kw", 6, 5, "AB", Redundancy::TwoN, {"A", "B"}});
    // N+1 trio of CRAHs: after one fails, two share the heat.
    for (const char *id : {"K1", "K2", "K3"})
        d.coolingUnits.push_back({id, "crah-250kw", 7, 5, "air", Redundancy::NPlus1, {"A", "B"}});
    Results r = evaluate(d, c);
    QCOMPARE(r.power.powerUnits.size(), size_t(2));
    QVERIFY(qAbs(r.power.powerUnits[0].loadKw - 2 * rackKw) < 1e-9);
    const double heat = 8 * c.at("dgx-h100").figure("power_typical_w") / 1000.0;
    QVERIFY(qAbs(r.power.coolingUnits[0].loadKw - heat / 2) < 1e-9);
    // No power or cooling unit is over its capacity (the design has no fabric, which is reported).
    for (const char *unit : {"P1", "P2", "K1", "K2", "K3"})
        QVERIFY(!hasProblem(r, unit, QString()));
    QVERIFY(hasProblem(r, "fabric", QStringLiteral("no leaf switches")));

    // Ten racks (408 kW) on the same 2N pair: each PDU is over its 300 kW.
    for (int i = 0; i < 8; ++i) {
        const std::string id = "X" + std::to_string(i);
        d.racks.push_back({id, "rack-42u-air", 2.0 + 0.6 * i, 8, 0, "Row 2", {{"dgx-h100", 2, 4, SwitchRole::None}}});
        d.powerUnits[0].serves.push_back(id);
        d.powerUnits[1].serves.push_back(id);
        for (auto &k : d.coolingUnits)
            k.serves.push_back(id);
    }
    // And only two CRAHs left as N+1: one must carry all 347 kW of heat alone.
    d.coolingUnits.pop_back();
    r = evaluate(d, c);
    QVERIFY(hasProblem(r, "P1", QStringLiteral("after the worst single failure exceeds its capacity of 300 kW")));
    QVERIFY(hasProblem(r, "P2", QStringLiteral("exceeds")));
    QVERIFY(hasProblem(r, "K1", QStringLiteral("cooling load 347 kW after the worst single failure")));
    QVERIFY(!hasProblem(r, "K3", QStringLiteral("cooling")));
}

void TestEvaluation::coolingSplitsLiquidAndAir()
{
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({"supernode", 72, {}}, c);
    const Results r = evaluate(d, c);
    const CatalogEntry &nvl = c.at("gb200-nvl72");
    const double liquid = nvl.figure("power_typical_w") * nvl.figure("liquid_fraction") / 1000.0;
    bool sawCdu = false;
    for (const UnitLoad &u : r.power.coolingUnits)
        if (u.catalogId == "cdu-inrow-600kw") {
            sawCdu = true;
            // One supernode rack on an N+1 pair of CDUs: one carries it all.
            QVERIFY(qAbs(u.loadKw - liquid) < 1e-9);
        }
    QVERIFY(sawCdu);
}

void TestEvaluation::pueFromCoolingDesign()
{
    const Catalog c = Catalog::builtin();
    const double air = evaluate(generateTemplate({"classic", 1024, {}}, c), c).power.pue;
    const double liquid = evaluate(generateTemplate({"supernode", 1152, {}}, c), c).power.pue;
    QVERIFY2(air > 1.3 && air < 1.6, qPrintable(QString::number(air)));
    QVERIFY2(liquid > 1.1 && liquid < 1.3, qPrintable(QString::number(liquid)));
    QVERIFY(liquid < air);
}

void TestEvaluation::fixedPue()
{
    const Catalog c = Catalog::builtin();
    Design d = sampleDesign(c);
    d.finance.pue = 1.3;
    const Results r = evaluate(d, c);
    QCOMPARE(r.power.pue, 1.3);
    QVERIFY(qAbs(r.power.facilityKwTotal - 1.3 * r.power.itKwTotal) < 1e-9);
}

void TestEvaluation::dualPipeFromTheWorkload()
{
    // A MoE workload on 8-GPU servers at a pinned layout whose expert group spans servers: 1F1B
    // exposes all of the all-to-all; the workload's DualPipe hides most of it, and an automatic
    // layout under DualPipe is one it can run (even pipeline depth, no interleaving).
    const Catalog c = Catalog::builtin();
    Design d = moeAcrossServers(c);
    const Results one = evaluate(d, c);
    QVERIFY(one.performance.available && one.performance.outcome.estimate.feasible());
    const StepBreakdown &t1 = one.performance.outcome.estimate.time;
    QVERIFY(t1.epTotalS > 0);
    QCOMPARE(t1.epExposedS, t1.epTotalS);
    d.workload.pipelineSchedule = "dualpipe";
    const Results two = evaluate(d, c);
    QVERIFY(two.performance.spec.training.dualPipe());
    QVERIFY(two.performance.outcome.estimate.feasible());
    QVERIFY(two.performance.outcome.estimate.time.epExposedS < 0.5 * t1.epExposedS);
    QVERIFY(two.performance.outcome.estimate.stepTimeS < one.performance.outcome.estimate.stepTimeS);
    d.workload.parallelism.automatic = true;
    const Results searched = evaluate(d, c);
    const ParallelConfig &cfg = searched.performance.outcome.estimate.config;
    QVERIFY(searched.performance.outcome.estimate.feasible());
    QVERIFY2(cfg.pp >= 2 && cfg.pp % 2 == 0 && cfg.interleave == 1, describe(cfg).c_str());
}

void TestEvaluation::moeDispatchFromTheWorkload()
{
    // The same MoE design, EP 32 over four servers: a deduplicating dispatcher sends each token
    // once per other server its experts are on, fewer still with group-limited routing, and FP8
    // dispatch (under an FP8 precision) carries fewer bytes; the compute does not move.
    const Catalog c = Catalog::builtin();
    Design d = moeAcrossServers(c);
    d.workload.precision = "fp8";
    const auto ep = [&](const Design &x) {
        const Problems problems = validate(x, c);
        const bool clean = std::none_of(problems.begin(), problems.end(), [](const Problem &p) {
            return p.severity == Severity::Error && p.place.rfind("workload.moe", 0) == 0;
        });
        const Results r = evaluate(x, c);
        return clean && r.performance.outcome.estimate.feasible() ? r.performance.outcome.estimate.time
                                                                  : StepBreakdown{};
    };
    const StepBreakdown plain = ep(d);
    d.workload.moeDispatcher = "deduplicated";
    const StepBreakdown once = ep(d);
    d.workload.moeGroups = 8;
    d.workload.moeTopGroups = 2;
    const StepBreakdown limited = ep(d);
    d.workload.moeDispatchPrecision = "fp8";
    const StepBreakdown fp8 = ep(d);
    QVERIFY2(plain.epTotalS > once.epTotalS && once.epTotalS > limited.epTotalS && limited.epTotalS > fp8.epTotalS,
             qPrintable(QStringLiteral("%1 %2 %3 %4").arg(plain.epTotalS).arg(once.epTotalS).arg(limited.epTotalS).arg(fp8.epTotalS)));
    QCOMPARE(fp8.computeS, plain.computeS);
    // Under BF16 the design rules refuse FP8 dispatch, naming the field.
    d.workload.precision = "bf16";
    const Problems problems = validate(d, c);
    QVERIFY(std::any_of(problems.begin(), problems.end(), [](const Problem &p) {
        return p.place == "workload.moe_dispatch_precision";
    }));
}

void TestEvaluation::stackFromTheWorkload()
{
    // A workload that states its stack is estimated with it: the field leaves the defaults used
    // and the assumed fields' effects, and the throughput is what the effect of the default
    // predicted (the same layout, pinned). A file without the keys reads "default".
    const Catalog c = Catalog::builtin();
    Design d = sampleDesign(c);
    QCOMPARE(d.workload.overlapComm, std::string("default"));
    const Results assumed = evaluate(d, c);
    QVERIFY(assumed.performance.available);
    const auto listed = [](const Results &r, const std::string &field) {
        const std::vector<std::string> &used = r.performance.spec.defaultsUsed;
        return std::any_of(used.begin(), used.end(), [&](const std::string &s) { return s.rfind(field + " = ", 0) == 0; });
    };
    const std::vector<AssumptionEffect> effects = assumptionEffects(assumed.performance.spec, assumed.performance.outcome);
    const auto overlap = std::find_if(effects.begin(), effects.end(),
                                      [](const AssumptionEffect &a) { return a.field == "training.overlap_comm"; });
    QVERIFY(overlap != effects.end() && overlap->runs);
    for (const char *f : {"training.attention", "training.sequence_parallel", "training.overlap_comm", "training.grad_reduce"})
        QVERIFY2(listed(assumed, f), f);

    // Stated, pinned at the assumed estimate's layout.
    d.workload.overlapComm = "false";
    d.workload.gradReduce = "fp32";
    QVERIFY(parseLayoutText(describe(assumed.performance.outcome.estimate.config), d.workload.parallelism,
                            d.workload.recompute).message.empty());
    const Problems problems = validate(d, c);
    QVERIFY(std::none_of(problems.begin(), problems.end(), [](const Problem &p) { return p.severity == Severity::Error; }));
    const Results stated = evaluate(d, c);
    QVERIFY(stated.performance.available);
    QVERIFY(!stated.performance.spec.training.overlapComm);
    QVERIFY(!listed(stated, "training.overlap_comm") && !listed(stated, "training.grad_reduce"));
    QVERIFY(listed(stated, "training.attention"));
    const double expected = assumed.performance.outcome.estimate.tokensPerS * (1.0 + overlap->throughputChange);
    QVERIFY2(std::abs(stated.performance.outcome.estimate.tokensPerS / expected - 1.0) < 1e-9,
             qPrintable(QStringLiteral("%1 vs %2").arg(stated.performance.outcome.estimate.tokensPerS).arg(expected)));
    for (const AssumptionEffect &a : assumptionEffects(stated.performance.spec, stated.performance.outcome))
        QVERIFY2(a.field != "training.overlap_comm" && a.field != "training.grad_reduce", a.field.c_str());
}

void TestEvaluation::expertShapeFromTheWorkload()
{
    // DeepSeek-V3's shape in a design: narrow routed experts beside a wide dense FFN, a shared
    // expert and one multi-token-prediction module reach the model as the estimate spec's
    // model.moe.ffn_hidden, model.moe.shared_experts and model.mtp_layers would, and leave the
    // defaults listed; the parameter counts are those of the same model read from a spec.
    const Catalog c = Catalog::builtin();
    Design d = moeAcrossServers(c);
    d.workload.ffnHidden = 18432;
    d.workload.expertFfnHidden = 2048;
    d.workload.sharedExperts = 1;
    d.workload.mtpLayers = 1;
    const Problems problems = validate(d, c);
    QVERIFY(std::none_of(problems.begin(), problems.end(), [](const Problem &p) { return p.severity == Severity::Error; }));
    const Results r = evaluate(d, c);
    const ModelSpec &m = r.performance.spec.model;
    QCOMPARE(m.expertFfnHidden, 2048);
    QCOMPARE(m.sharedExperts, 1);
    QCOMPARE(m.mtpLayers, 1);
    for (const std::string &used : r.performance.spec.defaultsUsed)
        QVERIFY2(used.rfind("model.moe.ffn_hidden", 0) != 0 && used.rfind("model.moe.shared_experts", 0) != 0 &&
                     used.rfind("model.mtp_layers", 0) != 0,
                 used.c_str());
    ModelSpec same;
    same.layers = 32;
    same.hidden = 4096;
    same.heads = 32;
    same.kvHeads = 8;
    same.ffnHidden = 18432;
    same.vocab = d.workload.vocab;
    same.experts = 64;
    same.topK = 8;
    same.expertFfnHidden = 2048;
    same.sharedExperts = 1;
    same.mtpLayers = 1;
    QCOMPARE(m.totalParams(), same.totalParams());
    QCOMPARE(m.activeParams(), same.activeParams());
    // The narrow experts are fewer parameters than 64 experts of the dense width; the shared expert
    // adds one expert's worth to every token's path.
    Design wide = d;
    wide.workload.expertFfnHidden = 0;
    wide.workload.sharedExperts = 0;
    const Results rw = evaluate(wide, c);
    QVERIFY(rw.performance.spec.model.totalParams() > m.totalParams());
    ModelSpec noShared = same;
    noShared.sharedExperts = 0;
    QVERIFY(same.activeParams() > noShared.activeParams());
}

void TestEvaluation::resultsJsonHasContractKeys()
{
    const Catalog c = Catalog::builtin();
    const nlohmann::json j = resultsToJson(evaluate(sampleDesign(c), c));
    for (const char *path : {"/inventory/gpus_total", "/inventory/gpus_active", "/inventory/racks_total",
                             "/inventory/switches_by_tier/leaf", "/inventory/switches_by_tier/spine",
                             "/inventory/switches_by_tier/core", "/power/it_kw_total",
                             "/power/facility_kw_total", "/power/max_rack_kw", "/problems"})
        QVERIFY2(j.contains(nlohmann::json::json_pointer(path)), path);
    QCOMPARE(j["inventory"]["gpus_total"].get<long long>(), 1024LL);
    QVERIFY(j["power"]["racks"].size() == 38);
}

void TestEvaluation::cancelStopsEarly()
{
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({"classic", 65536, {}}, c);
    std::atomic<bool> cancel{true};
    const Results r = evaluate(d, c, &cancel);
    QVERIFY(r.cancelled);
    QVERIFY(r.inventory.racksTotal < long(d.racks.size()));
}

void TestEvaluation::incrementalEqualsFull_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<qlonglong>("gpus");
    QTest::newRow("classic 4096 (3 tiers)") << QStringLiteral("classic") << 4096LL;
    QTest::newRow("gigawatt 70k (4 tiers, halls)") << QStringLiteral("gigawatt") << 70000LL;
}

void TestEvaluation::incrementalEqualsFull()
{
    // After each kind of edit the evaluator's results equal a full evaluation of the edited design.
    QFETCH(QString, kind);
    QFETCH(qlonglong, gpus);
    const Catalog c = Catalog::builtin();
    Design d = generateTemplate({kind.toStdString(), gpus, {}}, c);
    Evaluator evaluator(c);
    evaluator.evaluate(d);
    const auto check = [&](const char *what) {
        const nlohmann::json incremental = comparable(evaluator.evaluate(d));
        const nlohmann::json full = comparable(evaluate(d, c));
        QVERIFY2(incremental == full, (std::string(what) + ": " + firstDifference(incremental, full)).c_str());
    };
    const auto applyEdit = [&](const Edit &e) {
        QVERIFY2(e.ok(), e.error.c_str());
        e.patch.apply(d);
    };
    int compute = 0;
    while (d.racks[size_t(compute)].contents.empty() || d.racks[size_t(compute)].id[0] == 'L')
        ++compute;

    applyEdit(moveBy(d, Selection{{compute}, {}, {}}, -d.hall.gridM, 0.0)); // into the row's free start
    check("move a rack");
    applyEdit(rotateBy(d, Selection{{compute}, {}, {}}, 180.0));
    check("turn a rack");
    // Switch racks: the pairs of switch racks are routed again (the fabric's cache must not hold).
    for (const char prefix : {'L', 'N'}) {
        int k = 0;
        while (d.racks[size_t(k)].id[0] != prefix)
            ++k;
        applyEdit(moveBy(d, Selection{{k}, {}, {}}, 0.3, 0.0));
        check(prefix == 'L' ? "move a leaf rack" : "move a spine rack");
    }
    applyEdit(moveBy(d, Selection{{compute}, {}, {}}, 0.0, 0.3));
    check("move a rack again");
    Design s = settingsOf(d);
    s.finance.energyUsdPerKwh *= 1.5;
    applyEdit(changeSettings(d, c, s));
    check("energy price");
    s.finance.pue = 1.3;
    applyEdit(changeSettings(d, c, s));
    check("fixed PUE");
    s.finance.utilisation = 0.8;
    applyEdit(changeSettings(d, c, s));
    check("utilisation");
    s.workload.seqLen = 4096;
    applyEdit(changeSettings(d, c, s));
    check("sequence length");
    s.reliability.checkpointIntervalMinutes = 30;
    applyEdit(changeSettings(d, c, s));
    check("checkpoint interval");
    s.reliability.hotSparesPerDomain = 0;
    applyEdit(changeSettings(d, c, s));
    check("hot spares");
    s.fabric.oversubscription = {2.0};
    applyEdit(changeSettings(d, c, s));
    check("oversubscription");
    // One server or supernode fewer in the rack: inventory, power, fabric, search.
    Rack fewer = d.racks[size_t(compute)];
    if (fewer.contents[0].count > 1)
        --fewer.contents[0].count;
    else
        fewer.contents.clear();
    applyEdit(changeRack(d, c, compute, fewer));
    check("rack contents");
    // A rack loses its power feed: the units' loads and an unfed-rack warning.
    for (size_t u = 0; u < d.powerUnits.size(); ++u)
        if (std::find(d.powerUnits[u].serves.begin(), d.powerUnits[u].serves.end(), d.racks[0].id)
            != d.powerUnits[u].serves.end()) {
            applyEdit(unfeed(d, true, int(u), {0}));
            break;
        }
    check("unfeed");
    applyEdit(remove(d, Selection{{compute + 1}, {}, {}}));
    check("delete a rack");
    // Problems from the racks and from the settings together, in validate()'s order: a rack
    // outside a shrunk hall, then a settings error; then a settings-only change keeps the rack's
    // problem where validate() puts it.
    d.hall.widthM = d.racks.back().xM - 1.0;
    check("hall shrunk");
    d.workload.heads = 7;
    check("bad head count");
    d.finance.energyUsdPerKwh = -1.0;
    check("bad energy price");
    d.name.clear();
    check("no name");
    QVERIFY(hasErrors(evaluator.results().problems));
}

void TestEvaluation::incrementalRunsOnlyDependentStages()
{
    const Catalog c = Catalog::builtin();
    Design d = generateTemplate({"classic", 4096, {}}, c);
    Evaluator evaluator(c);
    evaluator.evaluate(d);
    Evaluator::Stages s = evaluator.lastStages();
    QVERIFY(s.inventory && s.fabric && s.performance && s.facility && s.reliability && s.cost);

    evaluator.evaluate(d); // nothing changed: nothing runs
    s = evaluator.lastStages();
    QVERIFY(!s.validate && !s.inventory && !s.fabric && !s.performance && !s.facility && !s.reliability && !s.cost);

    d.racks[0].xM -= d.hall.gridM; // a move: cable lengths (fabric), optics power, failure domains
    evaluator.evaluate(d);
    s = evaluator.lastStages();
    QVERIFY(!s.inventory && s.fabric && !s.performance && s.facility && s.reliability && s.cost);

    d.finance.energyUsdPerKwh *= 2; // finance: cost only
    evaluator.evaluate(d);
    s = evaluator.lastStages();
    QVERIFY(!s.inventory && !s.fabric && !s.performance && !s.facility && !s.reliability && s.cost);

    d.workload.seqLen = 4096; // workload: performance, reliability, cost
    evaluator.evaluate(d);
    s = evaluator.lastStages();
    QVERIFY(!s.inventory && !s.fabric && s.performance && !s.facility && s.reliability && s.cost);
}

void TestEvaluation::incrementalAfterCancel()
{
    // A cancelled run leaves partial results; the next run is a full one and equals evaluate().
    const Catalog c = Catalog::builtin();
    Design d = generateTemplate({"classic", 16384, {}}, c);
    Evaluator evaluator(c);
    std::atomic<bool> cancel{true};
    QVERIFY(evaluator.evaluate(d, &cancel).cancelled);
    d.finance.energyUsdPerKwh *= 2;
    const Results &r = evaluator.evaluate(d);
    QVERIFY(!r.cancelled);
    QVERIFY(evaluator.lastStages().inventory && evaluator.lastStages().fabric);
    QCOMPARE(comparable(r), comparable(evaluate(d, c)));
}

namespace {

/// The stages an edit reached before the stage table: the engine's hand-written conditions.
/// `figuresChanged`: the rebuilt fabric's cluster figures differ; `soundChanged`: the workload's
/// soundness differs (both only known while running).
StageSet handWrittenStages(const DesignParts &c, bool figuresChanged, bool soundChanged)
{
    const auto has = [&](DesignPart p) { return c.test(size_t(p)); };
    using P = DesignPart;
    StageSet s;
    if (c.none())
        return s;
    const bool inventory = has(P::RackContents) || has(P::Utilisation) || has(P::Spares);
    const bool fabric = has(P::RackContents) || has(P::RackPlaces) || has(P::Fabric);
    const bool clusterChanged = inventory || has(P::Fabric) || (fabric && figuresChanged);
    // Since the job size is chosen by goodput, the reliability settings reach the search too.
    const bool performance = clusterChanged || has(P::Workload) || has(P::Reliability) || soundChanged;
    const bool facility = inventory || fabric || has(P::Units) || has(P::Utilisation) || has(P::Pue);
    const bool reliability = inventory || fabric || performance || facility || has(P::Units)
                             || has(P::Reliability) || has(P::Workload);
    // The GUI's runner rebuilt these on every run; the stage rebuilds them when what they read changed.
    const bool failureDomains = inventory || fabric || facility || reliability || has(P::Units)
                                || has(P::Reliability) || has(P::Fabric);
    s.set(size_t(StageId::Validate));
    s.set(size_t(StageId::WorkloadCheck));
    s.set(size_t(StageId::Inventory), inventory);
    s.set(size_t(StageId::Fabric), fabric);
    s.set(size_t(StageId::Performance), performance);
    s.set(size_t(StageId::Facility), facility);
    s.set(size_t(StageId::Reliability), reliability);
    s.set(size_t(StageId::FailureDomains), failureDomains);
    s.set(size_t(StageId::Cost));
    return s;
}

bool sameIndex(const FailureDomainIndex &a, const FailureDomainIndex &b)
{
    return a.rackGpus == b.rackGpus && a.rackGroup == b.rackGroup && a.leafGroupOfRack == b.leafGroupOfRack
           && a.groupNames == b.groupNames && a.groupRacks == b.groupRacks && a.groupGpus == b.groupGpus
           && a.powerUnitHolds == b.powerUnitHolds && a.coolingUnitHolds == b.coolingUnitHolds
           && a.powerUnitKinds == b.powerUnitKinds && a.coolingUnitKinds == b.coolingUnitKinds
           && a.rackDomainGpus == b.rackDomainGpus && a.rackSupernode == b.rackSupernode;
}

bool samePlaces(const FailurePlaces &a, const FailurePlaces &b)
{
    if (a.size() != b.size())
        return false;
    for (const auto &[kind, list] : a) {
        auto it = b.find(kind);
        if (it == b.end() || it->second.size() != list.size())
            return false;
        for (size_t i = 0; i < list.size(); ++i) {
            const FailureInstance &x = list[i], &y = it->second[i];
            if (x.label != y.label || x.partKind != y.partKind || x.parts != y.parts || x.racksDown != y.racksDown
                || x.racksServed != y.racksServed || x.gpusDown != y.gpusDown || x.redundant != y.redundant)
                return false;
        }
    }
    return true;
}

/// The failure-domain stage's outputs against a direct build from the same results.
void checkFailureDomains(const Design &d, const Catalog &c, const Results &r)
{
    QVERIFY(r.failureDomains && r.failurePlaces);
    const FailureDomainIndex index = buildFailureDomainIndex(d, c, &r.power);
    QVERIFY(sameIndex(*r.failureDomains, index));
    std::vector<std::string> kinds;
    for (const FailureDomainKind &k : r.reliability.kinds)
        kinds.push_back(k.kind);
    QVERIFY(samePlaces(*r.failurePlaces, failurePlaces(d, index, kinds)));
}

} // namespace

void TestEvaluation::stageTableDerivesTheInvalidation()
{
    // Every combination of changed parts: the table reaches what the hand-written conditions did,
    // both when the fabric's cluster figures and the workload's soundness stay and when they change.
    for (unsigned long bits = 0; bits < (1ul << size_t(DesignPart::Count)); ++bits) {
        const DesignParts parts(bits);
        QCOMPARE(stagesReachedBy(parts, false), handWrittenStages(parts, false, false));
        QCOMPARE(stagesReachedBy(parts, true), handWrittenStages(parts, true, true));
    }
    // The edits of incrementalRunsOnlyDependentStages, read off the table.
    using P = DesignPart;
    const auto reached = [](std::initializer_list<DesignPart> p) { return stagesReachedBy(designParts(p)); };
    const auto stages = [](std::initializer_list<StageId> ids) {
        StageSet s;
        for (StageId id : ids)
            s.set(size_t(id));
        return s;
    };
    QCOMPARE(reached({P::Finance}), stages({StageId::Validate, StageId::WorkloadCheck, StageId::Cost}));
    QCOMPARE(reached({P::Finance, P::Pue}),
             stages({StageId::Validate, StageId::WorkloadCheck, StageId::Facility, StageId::Reliability,
                     StageId::FailureDomains, StageId::Cost}));
    QCOMPARE(reached({P::RackPlaces}),
             stages({StageId::Validate, StageId::Fabric, StageId::WorkloadCheck, StageId::Facility,
                     StageId::Reliability, StageId::FailureDomains, StageId::Cost}));
    QCOMPARE(reached({P::Workload}),
             stages({StageId::Validate, StageId::WorkloadCheck, StageId::Performance, StageId::Reliability,
                     StageId::FailureDomains, StageId::Cost}));
    QCOMPARE(reached({P::Reliability}),
             stages({StageId::Validate, StageId::WorkloadCheck, StageId::Performance, StageId::Reliability,
                     StageId::FailureDomains, StageId::Cost}));
    QCOMPARE(reached({P::Other}), stages({StageId::Validate, StageId::WorkloadCheck, StageId::Cost}));
    QVERIFY(reached({}).none());
}

void TestEvaluation::stageTableIsInDependencyOrder()
{
    // Each stage reads only outputs of stages above it, every output has one writer, and the
    // table's rows are in StageId order.
    StageOutputs written;
    size_t row = 0;
    for (const StageSpec &s : stageTable()) {
        QCOMPARE(size_t(s.id), row++);
        QVERIFY((s.readsOutputs & ~written).none());
        QVERIFY((s.outputs & written).none());
        QVERIFY((s.changedOnlyWhenDifferent & ~s.outputs).none());
        written |= s.outputs;
    }
    QVERIFY(written.all());
    QCOMPARE(producerOf(StageOutput::ClusterFigures), StageId::Fabric);
}

void TestEvaluation::failureDomainStageEqualsDirectBuild()
{
    const Catalog c = Catalog::builtin();
    for (const char *kind : {"classic", "supernode"}) {
        Design d = generateTemplate({kind, 4096, {}}, c);
        // Not asked for: not built.
        const Results plain = evaluate(d, c);
        QVERIFY(!plain.failureDomains && !plain.failurePlaces);
        EvaluationOptions options;
        options.failureDomains = true;
        const Results full = evaluate(d, c, nullptr, options);
        checkFailureDomains(d, c, full);
        QCOMPARE(comparable(full), comparable(plain)); // the figures do not change

        // Incrementally: an edit the stage reads rebuilds it, one it does not read keeps it.
        Evaluator evaluator(c, options);
        evaluator.evaluate(d);
        QVERIFY(evaluator.lastStages().failureDomains);
        d.racks[0].xM -= d.hall.gridM;
        checkFailureDomains(d, c, evaluator.evaluate(d));
        QVERIFY(evaluator.lastStages().failureDomains);
        d.powerUnits.pop_back();
        checkFailureDomains(d, c, evaluator.evaluate(d));
        d.finance.energyUsdPerKwh *= 2;
        checkFailureDomains(d, c, evaluator.evaluate(d));
        QVERIFY(!evaluator.lastStages().failureDomains);
    }
}

void TestEvaluation::validationLeadsTheProblems()
{
    const Catalog c = Catalog::builtin();
    Design d = generateTemplate({"classic", 4096, {}}, c);
    d.workload.heads = 7; // does not divide hidden
    for (Rack &r : d.racks)
        if (!r.contents.empty()) {
            r.contents[0].catalogId = "no-such-part";
            break;
        }
    Evaluator evaluator(c);
    for (int pass = 0; pass < 2; ++pass) {
        const Problems expected = validate(d, c);
        QVERIFY(expected.size() >= 2);
        const Results &r = evaluator.evaluate(d);
        QCOMPARE(r.validationCount, expected.size());
        QVERIFY(std::equal(expected.begin(), expected.end(), r.problems.begin()));
        d.finance.energyUsdPerKwh *= 2; // the second pass validates incrementally
    }
}

QTEST_GUILESS_MAIN(TestEvaluation)
#include "test_evaluation.moc"
