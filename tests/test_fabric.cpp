// Tests the fabric as the racks build it: links, oversubscription, bisection, cables by reach,
// and the achievable-bandwidth matrix.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "model/fabric/fabric.h"
#include "model/generate/templates.h"
#include "testsupport.h"

#include <map>

using namespace cp;

namespace {

long long cablesOnTier(const FabricResults &f, const std::string &tier)
{
    long long n = 0;
    for (const CableRun &c : f.cables)
        if (c.tier == tier)
            n += c.count;
    return n;
}

const CableRun *run(const FabricResults &f, const std::string &tier, const std::string &id)
{
    for (const CableRun &c : f.cables)
        if (c.tier == tier && c.catalogId == id)
            return &c;
    return nullptr;
}

} // namespace

class TestFabric : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void classicTwoTiers();
    void classicThreeTiersHasPods();
    void rowsInNumberOrder();
    void removingSpinesOversubscribes();
    void cableTypeFollowsLength();
    void supernodeRackIsOneDomain();
    void largeDesignsAggregate();
    void noLeafIsAnError();
};

void TestFabric::classicTwoTiers()
{
    const Catalog c = Catalog::builtin();
    const FabricResults f = buildFabric(generateTemplate({"classic", 1024, {}}, c), c);
    QCOMPARE(f.tiers, 2);
    QCOMPARE(f.radix, 64);
    QCOMPARE(f.linksByTier.at("endpoint"), 1024LL);
    QCOMPARE(f.linksByTier.at("leaf-spine"), 1024LL); // 32 leaves × 32 up = 16 spines × 64
    QCOMPARE(f.oversubscription.size(), size_t(1));
    QCOMPARE(f.oversubscription[0], 1.0);
    // Bisection of a non-blocking fabric: half the GPUs at full NIC rate, 512 × 400 Gb/s / 8.
    QCOMPARE(f.bisectionGbPerS, 512 * 50.0);
    QCOMPARE(cablesOnTier(f, "endpoint"), 1024LL);
    QCOMPARE(cablesOnTier(f, "leaf-spine"), 1024LL);
    double power = 0;
    for (const CableRun &r : f.cables) {
        QVERIFY(r.maxLengthM <= c.at(r.catalogId).figure("max_length_m"));
        power += r.powerW;
    }
    QVERIFY(qAbs(f.opticsPowerKw - power / 1000.0) < 1e-9);
    QCOMPARE(f.scaleUpGbPerSPerGpu, 450.0);
    QCOMPARE(f.scaleOutGbpsPerGpu, 400.0);
    QCOMPARE(f.domainGpus, 8);
    // Rack matrix: 32 compute racks, 4 leaf groups (rows), one pod; rail-aligned traffic in a
    // row crosses one leaf, between rows leaf–spine–leaf.
    QCOMPARE(f.matrixLevel, std::string("rack"));
    QCOMPARE(f.matrixSide(), 32);
    QCOMPARE(f.leafGroups, 4LL);
    QCOMPARE(int(f.hops[0 * 32 + 1]), 1);
    QCOMPARE(int(f.hops[0 * 32 + 31]), 3);
    QCOMPARE(f.maxHops, 3);
    QCOMPARE(f.bandwidth(0, 31), float(50.0 * 0.9));
    QVERIFY(f.maxLatencyUs > 0.9 && f.maxLatencyUs < 2.0);
    QVERIFY(f.problems.empty());
}

void TestFabric::classicThreeTiersHasPods()
{
    // 4,096 GPUs: 3 tiers; a pod of 64-port switches holds (64/2)² = 1,024 endpoints → 4 pods;
    // traffic between pods climbs to the core: 5 switch hops.
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({"classic", 4096, {}}, c);
    const FabricResults f = buildFabric(d, c);
    QCOMPARE(f.tiers, 3);
    QCOMPARE(f.pods, 4LL);
    QCOMPARE(f.oversubscription.size(), size_t(2));
    QCOMPARE(f.oversubscription[0], 1.0);
    QCOMPARE(f.oversubscription[1], 1.0);
    QCOMPARE(f.linksByTier.at("spine-core"), 4096LL);
    QCOMPARE(f.maxHops, 5);
    QCOMPARE(f.matrixSide(), 128);
    QCOMPARE(int(f.hops[0 * 128 + 127]), 5);
}

void TestFabric::rowsInNumberOrder()
{
    // Rows numbered without zero padding ("Row 2" … "Row 10" … "Row 16"): leaf groups, pods and the
    // matrix follow the numbers, not the text ("Row 10" before "Row 2"). Same figures either way.
    const Catalog c = Catalog::builtin();
    const Design padded = generateTemplate({"classic", 4096, {}}, c);
    Design d = padded;
    std::map<std::string, int> number;
    for (Rack &r : d.racks) {
        const size_t space = r.row.rfind(' ');
        QVERIFY(space != std::string::npos);
        const int n = std::stoi(r.row.substr(space + 1));
        r.row = r.row.substr(0, space + 1) + std::to_string(n);
        number[r.row] = n;
    }
    QVERIFY(number.size() > 10);
    const FabricResults f = buildFabric(d, c);
    const FabricResults g = buildFabric(padded, c);
    QCOMPARE(f.pods, g.pods);
    QCOMPARE(f.bisectionGbPerS, g.bisectionGbPerS);
    QCOMPARE(f.bandwidthGbPerS, g.bandwidthGbPerS);
    std::vector<int> rackAt(size_t(f.matrixSide()), -1);
    for (size_t i = 0; i < d.racks.size(); ++i)
        if (f.rackGroup[i] >= 0)
            rackAt[size_t(f.rackGroup[i])] = int(i);
    int last = 0;
    for (int rack : rackAt) {
        QVERIFY(rack >= 0);
        const int n = number[d.racks[size_t(rack)].row];
        QVERIFY2(n >= last, qPrintable(QStringLiteral("row %1 after row %2").arg(n).arg(last)));
        last = n;
    }
}

void TestFabric::removingSpinesOversubscribes()
{
    const Catalog c = Catalog::builtin();
    Design d = generateTemplate({"classic", 1024, {}}, c);
    for (Rack &r : d.racks)
        for (Mount &m : r.contents)
            if (m.role == SwitchRole::Spine)
                m.count /= 2; // 16 → 8 spines: 512 ports for 1,024 leaf uplinks
    const FabricResults f = buildFabric(d, c);
    QCOMPARE(f.linksByTier.at("leaf-spine"), 512LL);
    QCOMPARE(f.oversubscription[0], 2.0);
    QCOMPARE(f.bisectionGbPerS, 512 * 50.0 / 2.0);
    QCOMPARE(f.bandwidth(0, 31), float(50.0 * 0.9 / 2.0)); // between rows
    QCOMPARE(f.bandwidth(0, 1), float(50.0 * 0.9));       // same rail leaf
    // The training model sees the taper the racks build.
    const Results r = evaluate(d, c);
    QCOMPARE(r.performance.spec.cluster.oversubscription.size(), size_t(2));
    QCOMPARE(r.performance.spec.cluster.oversubscription[1], 2.0);
}

void TestFabric::cableTypeFollowsLength()
{
    // Two racks of servers and a leaf rack: beside it (copper), then 40 m away (multimode
    // optics), then 300 m away (single-mode): the route is 1.1 × Manhattan + 3 m.
    const Catalog c = Catalog::builtin();
    Design d;
    d.hall.widthM = 400;
    d.hall.depthM = 20;
    d.fabric.switchId = "qm9700";
    d.racks.push_back({"L", "rack-42u-air", 1.0, 5.0, 0, "Row 1", {{"qm9700", 2, 1, SwitchRole::Leaf}}});
    const auto place = [&](double x) {
        d.racks.resize(1);
        d.racks.push_back({"C", "rack-42u-air", x, 5.0, 0, "Row 1", {{"dgx-h100", 2, 1, SwitchRole::None}}});
        return buildFabric(d, c);
    };
    FabricResults f = place(1.0 + 0.0); // same spot: 3 m route, passive copper reaches 3 m
    QVERIFY(run(f, "endpoint", "dac-400g"));
    f = place(1.6); // 0.66 + 3 = 3.66 m: active copper (7 m)
    QVERIFY(run(f, "endpoint", "aec-400g"));
    f = place(37.0); // 39.6 + 3 = 42.6 m: the cheapest optics reaching it
    const CableRun *r = f.cables.empty() ? nullptr : &f.cables[0];
    QVERIFY(r);
    QVERIFY(c.at(r->catalogId).figure("max_length_m") >= 42.6);
    QCOMPARE(c.at(r->catalogId).attribute("medium") == "dac", false);
    f = place(300.0); // 332 m: single-mode
    QVERIFY(run(f, "endpoint", "dr4-400g"));
    QCOMPARE(run(f, "endpoint", "dr4-400g")->count, 8LL);
    QVERIFY(qAbs(run(f, "endpoint", "dr4-400g")->maxLengthM - (1.1 * 299.0 + 3.0)) < 1e-9);
}

void TestFabric::supernodeRackIsOneDomain()
{
    const Catalog c = Catalog::builtin();
    const FabricResults f = buildFabric(generateTemplate({"supernode", 1152, {}}, c), c);
    QCOMPARE(f.domainGpus, 72);
    QCOMPARE(f.scaleUpGbPerSPerGpu, 900.0);
    QCOMPARE(f.matrixSide(), 16);
    QCOMPARE(f.bandwidth(0, 0), float(900.0 * 0.8)); // inside the NVLink domain
    QCOMPARE(int(f.hops[0]), 0);
    // Leaf/spine: two racks of one row talk through a spine when their NICs sit on different leaves.
    QCOMPARE(int(f.hops[1]), 3);
    QCOMPARE(f.bandwidth(0, 1), float(50.0 * 0.9));
}

void TestFabric::largeDesignsAggregate()
{
    const Catalog c = Catalog::builtin();
    const FabricResults f = buildFabric(generateTemplate({"classic", 100000, {}}, c), c);
    QVERIFY(f.matrixSide() <= FabricResults::kMaxMatrixSide);
    QCOMPARE(f.matrixLevel, std::string("leaf group"));
    QCOMPARE(f.bandwidthGbPerS.size(), size_t(f.matrixSide()) * size_t(f.matrixSide()));
    QCOMPARE(f.linksByTier.at("endpoint"), 100000LL);
}

void TestFabric::noLeafIsAnError()
{
    const Catalog c = Catalog::builtin();
    Design d;
    d.fabric.switchId = "qm9700";
    d.racks.push_back({"C", "rack-42u-air", 1.0, 5.0, 0, "Row 1", {{"dgx-h100", 2, 1, SwitchRole::None}}});
    const FabricResults f = buildFabric(d, c);
    QCOMPARE(f.problems.size(), size_t(1));
    QVERIFY(QString::fromStdString(f.problems[0].message).contains(QStringLiteral("no leaf switches")));
}

QTEST_GUILESS_MAIN(TestFabric)
#include "test_fabric.moc"
