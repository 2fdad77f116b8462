// Tests the per-part failure domain (model/failuredomain.h) against the reliability stage,
// which counts the same domains kind by kind: both must agree on every part.

#include "catalog.h"
#include "design.h"
#include "evaluation.h"
#include "failuredomain.h"
#include "templates.h"
#include "testsupport.h"

#include <algorithm>

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

QTEST_GUILESS_MAIN(TestFailureDomain)
#include "test_failuredomain.moc"
