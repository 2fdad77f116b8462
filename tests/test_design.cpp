// Tests design validation: each kind of problem is found, with its place.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/generate/templates.h"
#include "model/io/designjson.h"

#include <nlohmann/json.hpp>
#include "testsupport.h"

#include <functional>

using namespace cp;

Q_DECLARE_METATYPE(std::function<void(cp::Design &, cp::Catalog &)>)

class TestDesign : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sampleIsValid();
    void problems_data();
    void problems();
    void warnings();
    void rowWarnings();
    void floorRatingDefaultCarriesASupernode();
    void usedEntriesFollowReferences();
};

void TestDesign::sampleIsValid()
{
    const Catalog c = Catalog::builtin();
    const Problems p = validate(sampleDesign(c), c);
    QVERIFY2(p.empty(), p.empty() ? "" : (p[0].place + ": " + p[0].message).c_str());
}

using Edit = std::function<void(Design &, Catalog &)>;

void TestDesign::problems_data()
{
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("message");

    const auto row = [](const char *name, Edit edit, const char *place, const char *message) {
        QTest::newRow(name) << edit << QString::fromUtf8(place) << QString::fromUtf8(message);
    };
    row("empty name", [](Design &d, Catalog &) { d.name.clear(); }, "name", "must not be empty");
    row("negative hall", [](Design &d, Catalog &) { d.hall.widthM = -5; }, "hall.width_m", "positive");
    row("absurd hall", [](Design &d, Catalog &) { d.hall.depthM = 1e7; }, "hall", "not plausible");
    row("duplicate rack id", [](Design &d, Catalog &) { d.racks[1].id = d.racks[0].id; }, "racks[1]", "duplicate rack id");
    row("unknown rack model", [](Design &d, Catalog &) { d.racks[2].catalogId = "rack-9000"; }, "racks[2] (\"C003\").catalog_id", "unknown catalog id \"rack-9000\"");
    row("rack model not a rack", [](Design &d, Catalog &) { d.racks[2].catalogId = "qm9700"; }, "racks[2] (\"C003\").catalog_id", "not a rack");
    row("rack outside hall", [](Design &d, Catalog &) { d.racks[0].xM = d.hall.widthM + 10; }, "racks[0] (\"C001\")", "outside the hall");
    row("unknown part", [](Design &d, Catalog &) { d.racks[0].contents[0].catalogId = "dgx-z9"; }, "racks[0] (\"C001\").contents[0].catalog_id", "unknown catalog id");
    row("unmountable part", [](Design &d, Catalog &) { d.racks[0].contents[0].catalogId = "h100-sxm"; }, "racks[0] (\"C001\").contents[0].catalog_id", "cannot be mounted");
    row("zero count", [](Design &d, Catalog &) { d.racks[0].contents[0].count = 0; }, "contents[0].count", "between 1 and");
    row("absurd count", [](Design &d, Catalog &) { d.racks[0].contents[0].count = 2000000000; }, "contents[0].count", "between 1 and");
    row("beyond rack height", [](Design &d, Catalog &) { d.racks[0].contents[0].u = 40; }, "contents[0].u", "of a 42U rack");
    row("overlapping parts", [](Design &d, Catalog &) { d.racks[0].contents.push_back({"qm9700", 3, 1, SwitchRole::Leaf}); }, "contents[1].u", "overlaps");
    row("role on a server", [](Design &d, Catalog &) { d.racks[0].contents[0].role = SwitchRole::Spine; }, "contents[0].role", "only switches");
    row("supernode in air rack", [](Design &d, Catalog &) { d.racks[0].contents = {{"gb200-nvl72", 1, 1, SwitchRole::None}}; }, "racks[0] (\"C001\").contents[0]", "needs a liquid-cooled rack");
    row("mixed accelerators", [](Design &d, Catalog &) { d.racks[3].contents[0].catalogId = "dgx-b200"; }, "racks[3] (\"C004\")", "one design trains on one kind of node");
    row("overweight rack", [](Design &, Catalog &c) { CatalogEntry r = c.at("rack-42u-air"); r.figures["max_weight_kg"] = 300; c.put(r); }, "racks[0] (\"C001\")", "weigh");
    // The floor: service space in front and behind (TIA-942's minimum clearances), floor loading.
    row("front service space taken", [](Design &d, Catalog &) {
        d.racks[0].rotationDeg = 0; // front towards −y
        d.racks[1].rotationDeg = 0;
        d.racks[1].xM = d.racks[0].xM;
        d.racks[1].yM = d.racks[0].yM - 1.2 - 0.5; // 0.5 m in front of C001, less than its 1 m
    }, "racks[0] (\"C001\")", "front service space (1.0 m) is taken by rack \"C002\" (racks[1])");
    row("rear service space at the wall", [](Design &d, Catalog &) {
        d.racks[0].rotationDeg = 0; // rear towards +y
        d.racks[0].yM = d.hall.depthM - 0.6 - 0.3; // 0.3 m between its back and the wall
    }, "racks[0] (\"C001\")", "rear service space (0.6 m) runs into the hall's wall");
    row("turned into its neighbour's service space", [](Design &d, Catalog &) {
        // C002 turned 90° beside C001 stands in front of it, not in it.
        d.racks[0].rotationDeg = 0;
        d.racks[1].rotationDeg = 90;
        d.racks[1].xM = d.racks[0].xM;
        d.racks[1].yM = d.racks[0].yM - 0.6 - 0.5;
    }, "racks[0] (\"C001\")", "front service space");
    row("floor overloaded", [](Design &d, Catalog &) { d.hall.floorLoadKgPerM2 = 200; }, "racks[0] (\"C001\")",
        "above the floor's rated 200 kg/m²");
    row("unit unknown model", [](Design &d, Catalog &) { d.powerUnits[0].catalogId = "busway-9"; }, "power_units[0]", "unknown catalog id");
    row("power unit is a cooler", [](Design &d, Catalog &) { d.powerUnits[0].catalogId = "crah-250kw"; }, "power_units[0]", "not a power unit");
    row("cooling unit is a PDU", [](Design &d, Catalog &) { d.coolingUnits[0].catalogId = "pdu-floor-300kw"; }, "cooling_units[0]", "not a cooling unit");
    row("feeds unknown rack", [](Design &d, Catalog &) { d.powerUnits[0].serves.push_back("R999"); }, "power_units[0]", "unknown rack \"R999\"");
    row("feeds rack twice", [](Design &d, Catalog &) { d.coolingUnits[0].serves.push_back(d.coolingUnits[0].serves[0]); }, "cooling_units[0]", "listed twice");
    row("duplicate unit id", [](Design &d, Catalog &) { d.coolingUnits[0].id = d.powerUnits[0].id; }, "cooling_units[0]", "duplicate id");
    row("fabric switch missing", [](Design &d, Catalog &) { d.fabric.switchId.clear(); }, "fabric.switch_id", "must name a catalog switch");
    row("fabric switch wrong kind", [](Design &d, Catalog &) { d.fabric.switchId = "cx7-400g"; }, "fabric.switch_id", "not a switch");
    row("fabric tiers", [](Design &d, Catalog &) { d.fabric.tiers = 9; }, "fabric.tiers", "1–4");
    row("oversubscription", [](Design &d, Catalog &) { d.fabric.oversubscription = {1.0, 0.5}; }, "fabric.oversubscription[1]", "between 1 and 64");
    row("heads divide hidden", [](Design &d, Catalog &) { d.workload.heads = 100; }, "workload.heads", "not divisible");
    row("zero layers", [](Design &d, Catalog &) { d.workload.layers = 0; }, "workload.layers", "at least 1");
    row("moe load imbalance", [](Design &d, Catalog &) { d.workload.moeLoadImbalance = 0.5; }, "workload.moe_load_imbalance", "between 1");
    row("absurd tokens", [](Design &d, Catalog &) { d.workload.tokens = 1e20; }, "workload.tokens", "not plausible");
    row("precision", [](Design &d, Catalog &) { d.workload.precision = "fp64"; }, "workload.precision", "bf16");
    row("mxfp8 without MX tensor cores", [](Design &d, Catalog &) { d.workload.precision = "mxfp8"; }, "workload.precision", "block-scaled");
    row("manual parallelism zero", [](Design &d, Catalog &) { d.workload.parallelism = {false, 8, 0, 64, 1, 1, 1, 1}; }, "workload.parallelism.pp", "at least 1");
    // Stages may differ by a layer (the sample's 80 layers on 7 stages of up to 12 are fine, as the
    // model runs them); more stages than layers, or chunks that do not split the largest stage
    // (12 layers into 5), are refused.
    row("more stages than layers", [](Design &d, Catalog &) { d.workload.parallelism = {false, 8, 81, 1, 1, 1, 1, 1}; }, "workload.parallelism.pp", "do not split into 81 stages");
    row("interleave splits stages", [](Design &d, Catalog &) { d.workload.parallelism = {false, 8, 7, 64, 1, 1, 1, 5}; }, "workload.parallelism.pp", "do not split into 7 stages of 5 chunks");
    row("recompute name", [](Design &d, Catalog &) { d.workload.recompute = "sometimes"; }, "workload.recompute", "\"auto\"");
    row("dispatcher name", [](Design &d, Catalog &) { d.workload.experts = 64; d.workload.activeExperts = 8; d.workload.moeDispatcher = "deepep"; }, "workload.moe_dispatcher", "deduplicated");
    row("routing on a dense model", [](Design &d, Catalog &) { d.workload.moeDispatcher = "deduplicated"; }, "workload.moe_dispatcher", "models with experts");
    row("expert width on a dense model", [](Design &d, Catalog &) { d.workload.expertFfnHidden = 2048; }, "workload.moe_dispatcher", "models with experts");
    row("shared experts negative", [](Design &d, Catalog &) { d.workload.experts = 64; d.workload.activeExperts = 8; d.workload.sharedExperts = -1; }, "workload.shared_experts", "between 0");
    row("multi-token prediction depth", [](Design &d, Catalog &) { d.workload.mtpLayers = 17; }, "workload.mtp_layers", "between 0 and 16");
    row("attention kernel name", [](Design &d, Catalog &) { d.workload.attention = "flash3"; }, "workload.attention", "unfused");
    row("sequence parallelism word", [](Design &d, Catalog &) { d.workload.sequenceParallel = "yes"; }, "workload.sequence_parallel", "default");
    row("overlap word", [](Design &d, Catalog &) { d.workload.overlapComm = ""; }, "workload.overlap_comm", "false");
    row("gradient precision", [](Design &d, Catalog &) { d.workload.gradReduce = "fp16"; }, "workload.grad_reduce", "bf16");
    row("fp8 dispatch under bf16", [](Design &d, Catalog &) { d.workload.experts = 64; d.workload.activeExperts = 8; d.workload.moeDispatchPrecision = "fp8"; }, "workload.moe_dispatch_precision", "FP8 precision");
    row("groups do not divide experts", [](Design &d, Catalog &) { d.workload.experts = 64; d.workload.activeExperts = 8; d.workload.moeGroups = 7; d.workload.moeTopGroups = 2; }, "workload.moe_groups", "divide the expert count 64");
    row("groups too few for the active experts", [](Design &d, Catalog &) { d.workload.experts = 64; d.workload.activeExperts = 8; d.workload.moeGroups = 16; d.workload.moeTopGroups = 1; }, "workload.moe_top_groups", "hold the active experts");
    row("pipeline schedule", [](Design &d, Catalog &) { d.workload.pipelineSchedule = "gpipe"; }, "workload.pipeline_schedule", "dualpipe");
    row("zero stage", [](Design &d, Catalog &) { d.workload.parallelism.zero = 4; }, "workload.parallelism.zero", "0, 1, 2 or 3");
    row("expert tp on a dense model", [](Design &d, Catalog &) { d.workload.parallelism.etp = 1; }, "workload.parallelism.etp", "models with experts");
    row("expert tp not 1 or tp", [](Design &d, Catalog &) {
        d.workload.experts = 64;
        d.workload.activeExperts = 8;
        d.workload.parallelism = {false, 8, 9, 16, 1, 8, 1, 1, 2};
    }, "workload.parallelism.etp", "its TP (8)");
    row("expert tp above 1 with automatic parallelism", [](Design &d, Catalog &) {
        d.workload.experts = 64;
        d.workload.activeExperts = 8;
        d.workload.parallelism.etp = 8;
    }, "workload.parallelism.etp", "or, with a pinned layout");
    row("negative mtbf", [](Design &d, Catalog &) { d.reliability.gpuMtbfHours = -1; }, "reliability.gpu_mtbf_hours", "positive");
    row("pue", [](Design &d, Catalog &) { d.finance.pue = 0.5; }, "finance.pue", "between 1.0 and 3.0");
    row("negative energy price", [](Design &d, Catalog &) { d.finance.energyUsdPerKwh = -0.1; }, "finance.energy_usd_per_kwh", "negative");
    row("life", [](Design &d, Catalog &) { d.finance.lifeYears = 100; }, "finance.life_years", "not plausible");
}

void TestDesign::problems()
{
    QFETCH(Edit, edit);
    QFETCH(QString, place);
    QFETCH(QString, message);
    Catalog c = Catalog::builtin();
    Design d = sampleDesign(c);
    edit(d, c);
    const Problems problems = validate(d, c);
    bool found = false;
    QStringList all;
    for (const Problem &p : problems) {
        all << QString::fromStdString(p.place + ": " + p.message);
        if (p.severity == Severity::Error && QString::fromStdString(p.place).contains(place)
            && QString::fromStdString(p.message).contains(message))
            found = true;
    }
    QVERIFY2(found, qPrintable(all.join(QStringLiteral(" | "))));
}

void TestDesign::warnings()
{
    const Catalog c = Catalog::builtin();
    Design d = sampleDesign(c);
    d.racks.back().contents.push_back({"qm9700", 40, 1, SwitchRole::None});
    d.powerUnits[0].serves.clear();
    const Problems p = validate(d, c);
    QVERIFY(!hasErrors(p));
    QCOMPARE(p.size(), size_t(2));
    QCOMPARE(p[0].severity, Severity::Warning);
    QVERIFY(QString::fromStdString(p[0].message).contains(QStringLiteral("no network role")));
    QVERIFY(QString::fromStdString(p[1].message).contains(QStringLiteral("serves no rack")));
}

void TestDesign::rowWarnings()
{
    // A rack of no row and a rack far off its row's line: warnings naming the rack and the row.
    const Catalog c = Catalog::builtin();
    Design d = sampleDesign(c);
    QVERIFY(validate(d, c).empty());
    d.racks[0].row.clear();
    const std::string row = d.racks[3].row;
    size_t inRow = 0;
    for (const Rack &r : d.racks)
        inRow += r.row == row;
    QVERIFY2(inRow >= 3, "the sample's row needs three racks");
    d.racks[3].yM += 6.0;
    const Problems p = validate(d, c);
    QStringList all;
    bool noRow = false, offLine = false;
    for (const Problem &problem : p) {
        all << QString::fromStdString(problem.place + ": " + problem.message);
        if (problem.place.find(".row") != std::string::npos)
            QCOMPARE(problem.severity, Severity::Warning);
        noRow = noRow || (problem.place == "racks[0] (\"C001\").row" && problem.message.find("no row") != std::string::npos);
        offLine = offLine || (problem.place == "racks[3] (\"C004\").row"
                              && problem.message.find("6.0 m off the line of row \"" + row + "\"") != std::string::npos);
    }
    QVERIFY2(noRow && offLine, qPrintable(all.join(QStringLiteral(" | "))));
}

void TestDesign::floorRatingDefaultCarriesASupernode()
{
    // 1.36 t over 0.72 m² plus half of 0.6 m × 1.6 m of service space: 1,133 kg/m², within 12 kPa.
    const Catalog c = Catalog::builtin();
    Design d = generateTemplate({"supernode", 144, {}}, c);
    QCOMPARE(d.hall.floorLoadKgPerM2, kDefaultFloorLoadKgPerM2);
    for (const Problem &p : validate(d, c))
        QVERIFY2(p.message.find("kg/m²") == std::string::npos, p.message.c_str());
    d.hall.floorLoadKgPerM2 = 1100;
    bool refused = false;
    for (const Problem &p : validate(d, c))
        refused = refused || (p.severity == Severity::Error && p.message.find("1133 kg/m²") != std::string::npos);
    QVERIFY(refused);
    // The rating travels in the design JSON.
    QCOMPARE(designFromJson(designToJson(d), "test").hall.floorLoadKgPerM2, 1100.0);
}

void TestDesign::usedEntriesFollowReferences()
{
    const Catalog c = Catalog::builtin();
    const Catalog used = usedCatalogEntries(sampleDesign(c), c);
    QVERIFY(used.contains("dgx-h100"));
    QVERIFY(used.contains("h100-sxm")); // through the server's accelerator reference
    QVERIFY(used.contains("cx7-400g")); // through its NIC
    QVERIFY(used.contains("busway-800a"));
    QVERIFY(!used.contains("gb200-nvl72"));
    QVERIFY(used.size() < c.size());
}

QTEST_GUILESS_MAIN(TestDesign)
#include "test_design.moc"
