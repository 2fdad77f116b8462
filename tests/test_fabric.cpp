// Tests the fabric as the racks build it: links, oversubscription, bisection, cables by reach,
// and the achievable-bandwidth matrix.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "model/fabric/fabric.h"
#include "model/fabric/topology.h"
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

/// Row number of "Row 12".
int rowNumber(const std::string &row)
{
    return std::stoi(row.substr(row.rfind(' ') + 1));
}

/// A classic design with unpadded row numbers ("Row 9" … "Row 10") and no leaf switches in
/// `bareRow`, so its racks attach to the nearest leaf rack's row.
Design unpaddedWithBareRow(const Catalog &c, int bareRow)
{
    Design d = generateTemplate({"classic", 4096, {}}, c);
    for (Rack &r : d.racks) {
        const size_t space = r.row.rfind(' ');
        r.row = r.row.substr(0, space + 1) + std::to_string(rowNumber(r.row));
        if (rowNumber(r.row) == bareRow)
            std::erase_if(r.contents, [](const Mount &m) { return m.role == SwitchRole::Leaf; });
    }
    return d;
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
    void topologyLeafGroups();
    void fabricKeepsItsTopology();
    void tierNames();
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

void TestFabric::topologyLeafGroups()
{
    const Catalog c = Catalog::builtin();
    const Design d = unpaddedWithBareRow(c, 5);
    const Topology t = buildTopology(d, c);
    QVERIFY(t.leafGroups.size() > 10);
    // One group per row with leaves, by row number: "Row 9" before "Row 10"; none for row 5.
    for (size_t g = 1; g < t.leafGroups.size(); ++g)
        QVERIFY2(rowNumber(t.leafGroups[g - 1].row) < rowNumber(t.leafGroups[g].row),
                 qPrintable(QString::fromStdString(t.leafGroups[g - 1].row + " before " + t.leafGroups[g].row)));
    for (const LeafGroup &g : t.leafGroups)
        QVERIFY(rowNumber(g.row) != 5);
    bool bareRowSeen = false;
    for (size_t i = 0; i < d.racks.size(); ++i) {
        const int g = t.rackGroup[i];
        QCOMPARE(g >= 0, t.racks[i].nics > 0);
        if (g < 0)
            continue;
        if (rowNumber(d.racks[i].row) != 5) {
            QCOMPARE(t.leafGroups[size_t(g)].row, d.racks[i].row); // its own row's leaves
            continue;
        }
        // Row 5 has no leaves: the row of the nearest leaf rack (the first of equally near ones).
        bareRowSeen = true;
        double best = 1e300;
        std::string nearest;
        for (size_t l = 0; l < d.racks.size(); ++l)
            if (t.leafGroupOfRack[l] >= 0 && routeM(d.racks[i], d.racks[l]) < best) {
                best = routeM(d.racks[i], d.racks[l]);
                nearest = d.racks[l].row;
            }
        QCOMPARE(t.leafGroups[size_t(g)].row, nearest);
    }
    QVERIFY(bareRowSeen);
    // Each group's racks, NICs and GPUs are those of the racks attached to it.
    for (size_t g = 0; g < t.leafGroups.size(); ++g) {
        const LeafGroup &group = t.leafGroups[g];
        long long gpus = 0, nics = 0, leaves = 0;
        std::vector<int> racks;
        for (size_t i = 0; i < d.racks.size(); ++i) {
            if (t.rackGroup[i] == int(g)) {
                racks.push_back(int(i));
                gpus += t.racks[i].gpus;
                nics += t.racks[i].nics;
            }
            if (t.leafGroupOfRack[i] == int(g))
                leaves += t.racks[i].switches[0];
        }
        QCOMPARE(group.racks, racks);
        QCOMPARE(group.gpus, gpus);
        QCOMPARE(group.nics, nics);
        QCOMPARE(group.leaves, leaves);
        QVERIFY(group.leaves > 0);
    }
    // Design order: by each group's first leaf rack.
    QCOMPARE(t.groupsInDesignOrder.size(), t.leafGroups.size());
    for (size_t k = 1; k < t.groupsInDesignOrder.size(); ++k)
        QVERIFY(t.leafGroups[size_t(t.groupsInDesignOrder[k - 1])].leafRacks.front()
                < t.leafGroups[size_t(t.groupsInDesignOrder[k])].leafRacks.front());
}

void TestFabric::fabricKeepsItsTopology()
{
    const Catalog c = Catalog::builtin();
    const Design d = unpaddedWithBareRow(c, 5);
    const Topology t = buildTopology(d, c);
    const FabricResults f = buildFabric(d, c);
    QVERIFY(f.layout);
    QCOMPARE(f.leafGroups, (long long)t.leafGroups.size());
    QCOMPARE(f.pods, (long long)t.pods);
    QCOMPARE(f.tiers, t.tierCount());
    QCOMPARE(f.layout->rackGroup, t.rackGroup);
    for (size_t g = 0; g < t.leafGroups.size(); ++g) {
        QCOMPARE(f.layout->leafGroups[g].row, t.leafGroups[g].row);
        QCOMPARE(f.layout->leafGroups[g].racks, t.leafGroups[g].racks);
        QCOMPARE(f.layout->leafGroups[g].gpus, t.leafGroups[g].gpus);
    }
    // Endpoint links are the NICs, cabled to their group's leaf racks.
    QCOMPARE(f.linksByTier.at(linkTierName(0)), t.nics);
    // A copy of the results shares the topology.
    const FabricResults copy = f;
    QCOMPARE(copy.layout.get(), f.layout.get());
    // Given the topology, the same fabric.
    const FabricResults g = buildFabric(d, c, std::make_shared<const Topology>(t));
    QCOMPARE(g.bandwidthGbPerS, f.bandwidthGbPerS);
    QCOMPARE(g.opticsPowerKw, f.opticsPowerKw);
    QCOMPARE(g.rackGroup, f.rackGroup);
}

void TestFabric::tierNames()
{
    QCOMPARE(switchTierNames(), (std::vector<std::string>{"leaf", "spine", "core", "super_core"}));
    QCOMPARE(tierName(1), std::string("spine"));
    QCOMPARE(tierName(4), std::string());
    QCOMPARE(linkTierName(2), std::string("spine-core"));
    QCOMPARE(tierLevel(SwitchRole::SuperCore), 3);
    QCOMPARE(tierLevel(SwitchRole::Storage), -1);
    const Catalog c = Catalog::builtin();
    const Topology two = buildTopology(generateTemplate({"classic", 1024, {}}, c), c);
    QCOMPARE(two.tierNames(), (std::vector<std::string>{"leaf", "spine"}));
    const Topology three = buildTopology(generateTemplate({"classic", 4096, {}}, c), c);
    QCOMPARE(three.tierNames(), (std::vector<std::string>{"leaf", "spine", "core"}));
    QVERIFY(three.pods > 1);
}

QTEST_GUILESS_MAIN(TestFabric)
#include "test_fabric.moc"
