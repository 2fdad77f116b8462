// Tests the per-part failure domain (model/failuredomain.h) against the reliability stage,
// which counts the same domains kind by kind: both must agree on every part.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "model/fabric/topology.h"
#include "model/reliability/failuredomain.h"
#include "model/generate/templates.h"
#include "testsupport.h"

#include <algorithm>
#include <cmath>

using namespace cp;

namespace {

const FailureDomainKind *findKind(const ReliabilityResults &r, const std::string &kind)
{
    for (const FailureDomainKind &k : r.kinds)
        if (k.kind == kind)
            return &k;
    return nullptr;
}

int rackWithLeaves(const Design &d)
{
    for (size_t i = 0; i < d.racks.size(); ++i)
        for (const Mount &m : d.racks[i].contents)
            if (m.role == SwitchRole::Leaf)
                return int(i);
    return -1;
}

int rowNumber(const std::string &row)
{
    return std::stoi(row.substr(row.rfind(' ') + 1));
}

} // namespace

class TestFailureDomain : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void redundantUnitsTakeNothingDown();
    void unitsWithoutRedundancyAgreeWithReliability_data();
    void unitsWithoutRedundancyAgreeWithReliability();
    void leafRackTakesItsGroup();
    void computeRackTakesItself();
    void invalidReferences();
    void unitInstancesArePartFailures();
    void leafInstancesAreGroups();
    void nodeInstancesAreSingleDomainRacks();
    void kindsWithoutPlaces();
    void downtimeSharesSumToTimeLost_data();
    void downtimeSharesSumToTimeLost();
    void stagesAgreeWithTopology();
};

void TestFailureDomain::redundantUnitsTakeNothingDown()
{
    // The classic template feeds racks from 2N busways and cools them with N+1 CRAHs.
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({"classic", 1024, ""}, c);
    const Results r = evaluate(d, c);
    const FailureDomainIndex ix = buildFailureDomainIndex(d, c, &r.power);
    QVERIFY(!d.powerUnits.empty());
    for (int i = 0; i < int(d.powerUnits.size()); ++i) {
        const PartFailure f = partFailure(d, ix, {PartRef::Kind::PowerUnit, i});
        QVERIFY(f.redundant);
        QCOMPARE(f.gpusDown, 0LL);
        QVERIFY(f.racksDown.empty());
        // The racks it serves are still listed, as kept up by the rest of the group.
        QCOMPARE(f.racksServed.size(), d.powerUnits[size_t(i)].serves.size());
    }
}

void TestFailureDomain::unitsWithoutRedundancyAgreeWithReliability_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<long long>("gpus");
    QTest::newRow("classic") << QStringLiteral("classic") << 2048LL;
    QTest::newRow("supernode") << QStringLiteral("supernode") << 1152LL;
}

void TestFailureDomain::unitsWithoutRedundancyAgreeWithReliability()
{
    QFETCH(QString, kind);
    QFETCH(long long, gpus);
    const Catalog c = Catalog::builtin();
    Design d = generateTemplate({kind.toStdString(), gpus, ""}, c);
    for (auto *units : {&d.powerUnits, &d.coolingUnits})
        for (FacilityUnit &u : *units)
            u.redundancy = Redundancy::N;
    const Results r = evaluate(d, c);
    const FailureDomainIndex ix = buildFailureDomainIndex(d, c, &r.power);

    // Each kind's worst instance, and the largest domains listed by part, must match.
    std::map<std::string, long long> worstByKind;
    std::map<std::string, long long> byPart;
    for (const auto &[units, refKind] : {std::pair{&d.powerUnits, PartRef::Kind::PowerUnit},
                                         {&d.coolingUnits, PartRef::Kind::CoolingUnit}})
        for (int i = 0; i < int(units->size()); ++i) {
            const FacilityUnit &u = (*units)[size_t(i)];
            const PartFailure f = partFailure(d, ix, {refKind, i});
            QVERIFY(!f.redundant);
            const std::string kn = partKindName(c.find(u.catalogId)->kind);
            worstByKind[kn] = std::max(worstByKind[kn], f.gpusDown);
            byPart[kn + " " + u.id] = f.gpusDown;
            // Every rack it serves goes down with it.
            for (const std::string &rid : u.serves) {
                const auto it = std::find_if(f.racksDown.begin(), f.racksDown.end(),
                                             [&](int k) { return d.racks[size_t(k)].id == rid; });
                QVERIFY2(it != f.racksDown.end(), rid.c_str());
            }
        }
    QVERIFY(!worstByKind.empty());
    bool someGpusLost = false;
    for (const auto &[kn, worst] : worstByKind) {
        const FailureDomainKind *k = findKind(r.reliability, kn);
        QVERIFY2(k, kn.c_str());
        QCOMPARE(worst, k->gpusLostMax);
        someGpusLost = someGpusLost || worst > 0;
    }
    QVERIFY(someGpusLost);
    for (const FailureDomain &fd : r.reliability.largestDomains)
        if (auto it = byPart.find(fd.part); it != byPart.end())
            QCOMPARE(it->second, fd.gpus);
}

void TestFailureDomain::leafRackTakesItsGroup()
{
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({"classic", 1024, ""}, c);
    const Results r = evaluate(d, c);
    const FailureDomainIndex ix = buildFailureDomainIndex(d, c, &r.power);
    const int leafRack = rackWithLeaves(d);
    QVERIFY(leafRack >= 0);
    const PartFailure f = partFailure(d, ix, {PartRef::Kind::Rack, leafRack});
    // A leaf's failure cuts its whole group off: the reliability stage's worst leaf domain.
    QCOMPARE(f.gpusDown, findKind(r.reliability, "leaf")->gpusLostMax);
    QVERIFY(std::binary_search(f.racksDown.begin(), f.racksDown.end(), leafRack));
    long long sum = 0;
    for (int k : f.racksDown)
        sum += ix.rackGpus[size_t(k)];
    QCOMPARE(sum, f.gpusDown);
    // Racks outside the group stay up.
    QVERIFY(int(f.racksDown.size()) < int(d.racks.size()));
}

void TestFailureDomain::computeRackTakesItself()
{
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({"classic", 1024, ""}, c);
    const FailureDomainIndex ix = buildFailureDomainIndex(d, c);
    for (int i = 0; i < int(d.racks.size()); ++i) {
        if (ix.rackGpus[size_t(i)] == 0 || ix.leafGroupOfRack[size_t(i)] >= 0)
            continue;
        const PartFailure f = partFailure(d, ix, {PartRef::Kind::Rack, i});
        QCOMPARE(f.racksDown, std::vector<int>{i});
        QCOMPARE(f.gpusDown, ix.rackGpus[size_t(i)]);
        CP_COMPARE_STR(f.part, "rack \"" + d.racks[size_t(i)].id + "\"");
        return;
    }
    QFAIL("the template has no compute rack without leaves");
}

void TestFailureDomain::invalidReferences()
{
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({"classic", 256, ""}, c);
    const FailureDomainIndex ix = buildFailureDomainIndex(d, c);
    for (const PartRef ref : {PartRef{PartRef::Kind::Rack, -1}, PartRef{PartRef::Kind::Rack, int(d.racks.size())},
                              PartRef{PartRef::Kind::PowerUnit, 100000}, PartRef{PartRef::Kind::CoolingUnit, -3}}) {
        const PartFailure f = partFailure(d, ix, ref);
        QVERIFY(f.part.empty());
        QVERIFY(f.racksDown.empty());
        QCOMPARE(f.gpusDown, 0LL);
    }
    // An index built for another design is not used on this one.
    const Design bigger = generateTemplate({"classic", 1024, ""}, c);
    QVERIFY(partFailure(bigger, ix, {PartRef::Kind::Rack, 0}).part.empty());
}

void TestFailureDomain::unitInstancesArePartFailures()
{
    const Catalog c = Catalog::builtin();
    Design d = generateTemplate({"supernode", 1152, ""}, c);
    // Half the units without redundancy, so both kinds of instance appear.
    for (auto *units : {&d.powerUnits, &d.coolingUnits})
        for (size_t i = 0; i < units->size(); i += 2)
            (*units)[i].redundancy = Redundancy::N;
    const Results r = evaluate(d, c);
    const FailureDomainIndex ix = buildFailureDomainIndex(d, c, &r.power);
    int facilityKinds = 0;
    for (const FailureDomainKind &k : r.reliability.kinds) {
        const auto pk = partKindFromName(k.kind);
        if (!pk || !(isPowerKind(*pk) || isCoolingKind(*pk)))
            continue;
        ++facilityKinds;
        QVERIFY(kindHasPlaces(k.kind));
        const std::vector<FailureInstance> inst = failureInstances(d, ix, k.kind);
        QCOMPARE((long long)inst.size(), k.count);
        QCOMPARE(inst.front().gpusDown, k.gpusLostMax);
        double sum = 0;
        for (size_t j = 0; j < inst.size(); ++j) {
            const FailureInstance &f = inst[j];
            if (j > 0)
                QVERIFY(inst[j - 1].gpusDown >= f.gpusDown);
            QCOMPARE(f.parts.size(), size_t(1));
            const PartFailure pf = partFailure(d, ix, {f.partKind, f.parts[0]});
            CP_COMPARE_STR(f.label, pf.part);
            QCOMPARE(f.racksDown, pf.racksDown);
            QCOMPARE(f.racksServed, pf.racksServed);
            QCOMPARE(f.gpusDown, pf.gpusDown);
            QCOMPARE(f.redundant, pf.redundant);
            const auto &units = f.partKind == PartRef::Kind::PowerUnit ? d.powerUnits : d.coolingUnits;
            CP_COMPARE_STR(partKindName(c.find(units[size_t(f.parts[0])].catalogId)->kind), k.kind);
            sum += double(f.gpusDown);
        }
        QVERIFY(std::abs(sum / double(inst.size()) - k.gpusLostMean) < 1e-9 * (1 + k.gpusLostMean));
    }
    QVERIFY(facilityKinds >= 2);
}

void TestFailureDomain::leafInstancesAreGroups()
{
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({"classic", 2048, ""}, c);
    const Results r = evaluate(d, c);
    const FailureDomainIndex ix = buildFailureDomainIndex(d, c, &r.power);
    const std::vector<FailureInstance> inst = failureInstances(d, ix, "leaf");
    QCOMPARE(inst.size(), ix.groupNames.size());
    QVERIFY(inst.size() >= 2);
    QCOMPARE(inst.front().gpusDown, findKind(r.reliability, "leaf")->gpusLostMax);
    for (const FailureInstance &f : inst) {
        QVERIFY(!f.parts.empty());
        // Selecting a group's leaf racks shows the same domain as the failure of one of them.
        for (int rack : f.parts) {
            QVERIFY(ix.leafGroupOfRack[size_t(rack)] >= 0);
            const PartFailure pf = partFailure(d, ix, {PartRef::Kind::Rack, rack});
            QCOMPARE(pf.racksDown, f.racksDown);
            QCOMPARE(pf.gpusDown, f.gpusDown);
        }
    }
}

void TestFailureDomain::nodeInstancesAreSingleDomainRacks()
{
    const Catalog c = Catalog::builtin();
    const Design sn = generateTemplate({"supernode", 1152, ""}, c);
    const Results r = evaluate(sn, c);
    const FailureDomainIndex ix = buildFailureDomainIndex(sn, c, &r.power);
    const std::vector<FailureInstance> gpu = failureInstances(sn, ix, "gpu");
    QCOMPARE((long long)gpu.size(), r.inventory.gpusTotal / 72);
    for (const FailureInstance &f : gpu) {
        QCOMPARE(f.gpusDown, findKind(r.reliability, "gpu")->gpusLostMax);
        QCOMPARE(f.racksDown, f.parts);
        QCOMPARE(ix.rackGpus[size_t(f.parts[0])], f.gpusDown);
    }
    QCOMPARE(failureInstances(sn, ix, "nvlink_switch_tray").size(), gpu.size());
    QVERIFY(failureInstances(sn, ix, "server").empty());

    // Racks of several 8-GPU servers are no single domain.
    const Design classic = generateTemplate({"classic", 1024, ""}, c);
    const FailureDomainIndex cix = buildFailureDomainIndex(classic, c);
    QVERIFY(kindHasPlaces("gpu"));
    QVERIFY(failureInstances(classic, cix, "gpu").empty());
    QVERIFY(failureInstances(classic, cix, "server").empty());
}

void TestFailureDomain::kindsWithoutPlaces()
{
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({"classic", 1024, ""}, c);
    const FailureDomainIndex ix = buildFailureDomainIndex(d, c);
    for (const char *k : {"spine", "core", "link_leaf_spine", "software", "storage_node", "nonsense", ""}) {
        QVERIFY2(!kindHasPlaces(k), k);
        QVERIFY2(failureInstances(d, ix, k).empty(), k);
    }
    // An index of another design gives nothing rather than reading past its end.
    const Design bigger = generateTemplate({"classic", 2048, ""}, c);
    QVERIFY(failureInstances(bigger, ix, "leaf").empty());
    QVERIFY(failureInstances(bigger, ix, "busway").empty());
}

void TestFailureDomain::downtimeSharesSumToTimeLost_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<long long>("gpus");
    QTest::addColumn<bool>("noRedundancy");
    QTest::newRow("classic") << QStringLiteral("classic") << 1024LL << false;
    QTest::newRow("classic N") << QStringLiteral("classic") << 1024LL << true;
    QTest::newRow("supernode") << QStringLiteral("supernode") << 1152LL << false;
}

void TestFailureDomain::downtimeSharesSumToTimeLost()
{
    QFETCH(QString, kind);
    QFETCH(long long, gpus);
    QFETCH(bool, noRedundancy);
    const Catalog c = Catalog::builtin();
    Design d = generateTemplate({kind.toStdString(), gpus, ""}, c);
    if (noRedundancy)
        for (auto *units : {&d.powerUnits, &d.coolingUnits})
            for (FacilityUnit &u : *units)
                u.redundancy = Redundancy::N;
    const ReliabilityResults rel = evaluate(d, c).reliability;
    QVERIFY(rel.available);
    double shares = 0, lost = 0;
    const FailureDomainKind *worst = nullptr;
    for (const FailureDomainKind &k : rel.kinds) {
        QVERIFY(k.downtimeShare >= 0 && k.downtimeShare <= 1);
        if (!k.interruptsJob)
            QCOMPARE(k.lostHoursPerMonth, 0.0);
        // Each failure loses at least the rework and recovery every failure shares.
        if (k.jobFailuresPerHour > 0)
            QVERIFY(k.lostHoursPerMonth >= k.jobFailuresPerHour * 730.0 * rel.job.recoveryH * 0.5);
        shares += k.downtimeShare;
        lost += k.lostHoursPerMonth;
        if (!worst || k.lostHoursPerMonth > worst->lostHoursPerMonth)
            worst = &k;
    }
    QVERIFY(std::abs(shares - 1.0) < 1e-9);
    // Per month: interruptions × time lost per failure, as the stage reports them.
    const double expected = rel.interruptionsPerHour * 730.0 * rel.timeLostPerFailureMinutes / 60.0;
    QVERIFY2(std::abs(lost - expected) < 1e-9 * expected, qPrintable(QString::number(lost) + QStringLiteral(" vs ") + QString::number(expected)));
    QCOMPARE(worst->downtimeShare, worst->lostHoursPerMonth / lost);
}

void TestFailureDomain::stagesAgreeWithTopology()
{
    // Unpadded rows ("Row 9" < "Row 10") and a row without leaves, whose racks attach to the
    // nearest leaf rack's row: the fabric, the reliability stage and the index see the same
    // groups with the same GPUs.
    const Catalog c = Catalog::builtin();
    Design d = generateTemplate({"classic", 4096, ""}, c);
    for (Rack &r : d.racks) {
        r.row = r.row.substr(0, r.row.rfind(' ') + 1) + std::to_string(rowNumber(r.row));
        if (rowNumber(r.row) == 5)
            std::erase_if(r.contents, [](const Mount &m) { return m.role == SwitchRole::Leaf; });
    }
    const Topology t = buildTopology(d, c);
    const Results r = evaluate(d, c);
    QVERIFY(r.fabric.layout);
    QCOMPARE(r.fabric.layout->rackGroup, t.rackGroup);
    QCOMPARE(r.fabric.leafGroups, (long long)t.leafGroups.size());
    long long leaves = 0, maxGpus = 0;
    double lost = 0;
    for (const LeafGroup &g : t.leafGroups) {
        leaves += g.leaves;
        maxGpus = std::max(maxGpus, g.gpus);
        lost += double(g.leaves) * double(g.gpus);
        QVERIFY(rowNumber(g.row) != 5);
    }
    // Reliability: one leaf kind over the groups' leaves, each taking its group's GPUs.
    const FailureDomainKind *leaf = findKind(r.reliability, tierName(0));
    QVERIFY(leaf);
    QCOMPARE(leaf->count, leaves);
    QCOMPARE(leaf->gpusLostMax, maxGpus);
    QVERIFY(std::abs(leaf->gpusLostMean - lost / double(leaves)) < 1e-9 * leaf->gpusLostMean);
    for (const FailureDomain &fd : r.reliability.largestDomains)
        if (fd.kind == tierName(0)) {
            const auto it = std::find_if(t.leafGroups.begin(), t.leafGroups.end(),
                                         [&](const LeafGroup &g) { return "leaf group " + g.row == fd.part; });
            QVERIFY(it != t.leafGroups.end());
            QCOMPARE(fd.gpus, it->gpus);
        }
    // The index, from the fabric's topology or its own: the same groups, racks and GPUs.
    for (const FailureDomainIndex &ix : {buildFailureDomainIndex(d, c, &r.power, r.fabric.layout),
                                         buildFailureDomainIndex(d, c, &r.power)}) {
        QCOMPARE(ix.rackGroup, t.rackGroup);
        QCOMPARE(ix.leafGroupOfRack, t.leafGroupOfRack);
        QCOMPARE(ix.groupNames.size(), t.leafGroups.size());
        for (size_t g = 0; g < t.leafGroups.size(); ++g) {
            QCOMPARE(ix.groupNames[g], t.leafGroups[g].row);
            QCOMPARE(ix.groupGpus[g], t.leafGroups[g].gpus);
            QCOMPARE(ix.groupRacks[g], t.groupRacksSorted(int(g)));
        }
        const std::vector<FailureInstance> inst = failureInstances(d, ix, tierName(0));
        QCOMPARE(inst.size(), t.leafGroups.size());
        for (const FailureInstance &f : inst) {
            const auto it = std::find_if(t.leafGroups.begin(), t.leafGroups.end(),
                                         [&](const LeafGroup &g) { return "leaf group " + g.row == f.label; });
            QVERIFY(it != t.leafGroups.end());
            QCOMPARE(f.gpusDown, it->gpus);
            QCOMPARE(f.parts, it->leafRacks);
        }
    }
    QVERIFY(buildFailureDomainIndex(d, c, &r.power, r.fabric.layout).topology.get() == r.fabric.layout.get());
}

QTEST_GUILESS_MAIN(TestFailureDomain)
#include "test_failuredomain.moc"
