// Tests the alpha-beta collective formulas (Thakur, Rabenseifner & Gropp 2005) and NCCL's
// bus-bandwidth convention (nccl-tests doc/PERFORMANCE.md).

#include "model/training/collectives.h"
#include "testsupport.h"
#include "model/training/trainingmodel.h"

#include <cmath>

using namespace cp;

namespace {

bool near(double a, double b, double rel = 1e-9)
{
    return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b));
}

} // namespace

class TestCollectives : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ringAllReduceOnEightGpus();
    void busBandwidthEqualsLink_data();
    void busBandwidthEqualsLink();
    void reduceScatterIsHalfAllReduce();
    void allToAllFormula();
    void latencyTerms();
    void treeWinsSmallMessagesOnManyRanks();
    void ringOverGroupSharesTheNics();
    void bestIsTheFastest();
    void allToAllAcrossDomains();
    void singleRankCostsNothing();
    void groupPlacement();
};

void TestCollectives::ringAllReduceOnEightGpus()
{
    // 1 GB on 8 GPUs at 450 GB/s: 2·7/8·1e9/450e9 s.
    const CollectiveTime t = ringAllReduce(1e9, 8, Link{450e9, 0.0});
    QVERIFY(near(t.seconds, 2.0 * 7.0 / 8.0 * 1e9 / 450e9));
    QVERIFY(near(t.algBytesPerS, 1e9 / t.seconds));
}

void TestCollectives::busBandwidthEqualsLink_data()
{
    QTest::addColumn<int>("p");
    for (int p : {2, 4, 8, 64, 1024})
        QTest::newRow(qPrintable(QString::number(p))) << p;
}

void TestCollectives::busBandwidthEqualsLink()
{
    // Without latency the bus bandwidth of ring algorithms is the link bandwidth, whatever p.
    QFETCH(int, p);
    const Link l{100e9, 0.0};
    QVERIFY(near(ringAllReduce(4e9, p, l).busBytesPerS, 100e9));
    QVERIFY(near(reduceScatter(4e9, p, l).busBytesPerS, 100e9));
    QVERIFY(near(allGather(4e9, p, l).busBytesPerS, 100e9));
    QVERIFY(near(allToAll(4e9, p, l).busBytesPerS, 100e9));
    QVERIFY(near(pointToPoint(4e9, l).busBytesPerS, 100e9));
}

void TestCollectives::reduceScatterIsHalfAllReduce()
{
    const Link l{200e9, 2e-6};
    QVERIFY(near(2.0 * reduceScatter(3e8, 16, l).seconds, ringAllReduce(3e8, 16, l).seconds));
    QVERIFY(near(allGather(3e8, 16, l).seconds, reduceScatter(3e8, 16, l).seconds));
}

void TestCollectives::allToAllFormula()
{
    // (p−1)/p · S/B + (p−1)·α
    const Link l{50e9, 5e-6};
    QVERIFY(near(allToAll(1e8, 32, l).seconds, 31.0 / 32.0 * 1e8 / 50e9 + 31 * 5e-6));
}

void TestCollectives::latencyTerms()
{
    // 2(p−1)·α for the ring; 2·ceil(log2 p)·α for the tree; α for point-to-point.
    const Link l{1e30, 1e-5};
    QVERIFY(near(ringAllReduce(1.0, 8, l).seconds, 14e-5, 1e-6));
    QVERIFY(near(treeAllReduce(1.0, 8, l).seconds, 6e-5, 1e-6));
    QVERIFY(near(pointToPoint(1.0, l).seconds, 1e-5, 1e-6));
}

void TestCollectives::treeWinsSmallMessagesOnManyRanks()
{
    const Link l{50e9, 5e-6};
    QVERIFY(treeAllReduce(1e4, 1024, l).seconds < ringAllReduce(1e4, 1024, l).seconds);
    // and the ring wins large messages (the tree moves 2S instead of 2(p−1)/p·S: equal in the
    // limit, so compare on a small group where (p−1)/p matters)
    QVERIFY(ringAllReduce(1e9, 4, l).seconds < treeAllReduce(1e9, 4, l).seconds);
}

void TestCollectives::ringOverGroupSharesTheNics()
{
    // 16 eight-GPU servers; NVLink 360 GB/s achievable; 400G NICs behind a 1:7 tier.
    GroupSpan g;
    g.perDomain = 8;
    g.domains = 16;
    g.scaleUp = Link{360e9, 3e-6};
    g.scaleOut = Link{50e9 / 7.0, 10e-6};
    const double ring = allReduce(1e9, g, AllReduceAlgorithm::Ring).seconds;
    const double hier = allReduce(1e9, g, AllReduceAlgorithm::Hierarchical).seconds;
    // The ring: one hop in 8 leaves the server, on one of its 8 NICs; the NIC leg (S/8 at 7.1 GB/s)
    // is slower than the NVLink leg (7/8·S at 360 GB/s), so it paces the ring — not S at the NIC's
    // speed, which would be 8× slower.
    const double nicLeg = 1.0 / (8 * (50e9 / 7.0));
    QVERIFY(near(ring, 2.0 * 127.0 / 128.0 * 1e9 * nicLeg + 2 * 127 * 10e-6));
    QVERIFY2(ring < 2.0 * 1e9 / (50e9 / 7.0) / 6.0, qPrintable(QString::number(ring)));
    // Hierarchical: 2·RS inside + ring AR of S/8 across 16 domains, one after the other: the same
    // NIC traffic, plus the inside phases, so no faster here.
    const double expected = 2.0 * (7.0 / 8.0 * 1e9 / 360e9 + 7 * 3e-6) +
                            2.0 * 15.0 / 16.0 * (1e9 / 8) / (50e9 / 7.0) + 2 * 15 * 10e-6;
    QVERIFY(near(hier, expected));
    QVERIFY(ring < hier);
    // With fast NICs the NVLink leg paces the ring: 7/8 of every rank's traffic stays inside.
    g.scaleOut = Link{400e9, 10e-6};
    QVERIFY(near(allReduce(1e9, g, AllReduceAlgorithm::Ring).seconds,
                 2.0 * 127.0 / 128.0 * 1e9 * (7.0 / 8.0 / 360e9) + 2 * 127 * 10e-6));
    // A group with one member per domain has no inside leg: all of it on the NIC.
    g.perDomain = 1;
    g.domains = 16;
    g.scaleOut = Link{50e9, 10e-6};
    QVERIFY(near(allReduce(1e9, g, AllReduceAlgorithm::Ring).seconds, 2.0 * 15.0 / 16.0 * 1e9 / 50e9 + 2 * 15 * 10e-6));
    // A group inside one domain never touches a NIC, however slow: the all-reduce ring and the
    // reduce-scatter both run on scale-up alone (one rule for both).
    g.perDomain = 8;
    g.domains = 1;
    g.scaleOut = Link{1e6, 1.0};
    QVERIFY(near(allReduce(1e9, g, AllReduceAlgorithm::Ring).seconds,
                 2.0 * 7.0 / 8.0 * 1e9 / 360e9 + 2 * 7 * 3e-6));
    QVERIFY(near(reduceScatter(1e9, g).seconds, 7.0 / 8.0 * 1e9 / 360e9 + 7 * 3e-6));
}

void TestCollectives::bestIsTheFastest()
{
    GroupSpan g;
    g.perDomain = 8;
    g.domains = 4;
    g.scaleUp = Link{360e9, 3e-6};
    g.scaleOut = Link{45e9, 5e-6};
    for (double bytes : {1e3, 1e6, 1e9}) {
        const double best = allReduce(bytes, g).seconds;
        for (AllReduceAlgorithm a :
             {AllReduceAlgorithm::Ring, AllReduceAlgorithm::Tree, AllReduceAlgorithm::Hierarchical})
            QVERIFY(best <= allReduce(bytes, g, a).seconds + 1e-15);
    }
}

void TestCollectives::allToAllAcrossDomains()
{
    // 16 ranks, 8 per domain: 7/16 of the data stays inside, 8/16 leaves on the NIC.
    GroupSpan g;
    g.perDomain = 8;
    g.domains = 2;
    g.scaleUp = Link{400e9, 0.0};
    g.scaleOut = Link{50e9, 0.0};
    QVERIFY(near(allToAll(1.6e9, g).seconds, 1.6e9 * 8.0 / 16.0 / 50e9));
    // Inside one domain it is the plain formula.
    g.domains = 1;
    QVERIFY(near(allToAll(1.6e9, g).seconds, allToAll(1.6e9, 8, g.scaleUp).seconds));
}

void TestCollectives::singleRankCostsNothing()
{
    const Link l{1e9, 1e-6};
    QCOMPARE(ringAllReduce(1e9, 1, l).seconds, 0.0);
    QCOMPARE(allToAll(1e9, 1, l).seconds, 0.0);
    GroupSpan g;
    QCOMPARE(allReduce(1e9, g).seconds, 0.0);
}

void TestCollectives::groupPlacement()
{
    // 8,192 GPUs in 8-GPU servers, 64-port switches, 3 tiers, 1:7 into the top tier (Llama 3-like).
    ClusterSpec c;
    c.gpus = 8192;
    c.domainGpus = 8;
    c.scaleUpGbPerSPerGpu = 450;
    c.scaleOutGbpsPerGpu = 400;
    c.tiers = 3;
    c.radix = 64;
    c.oversubscription = {1, 1, 7};
    // Rail-optimised leaf: 32 servers; two tiers reach 2·32² = 2,048 GPUs (Al-Fares et al. 2008).
    QCOMPARE(tierReachGpus(c, 1), 256.0);
    QCOMPARE(tierReachGpus(c, 2), 2048.0);
    QVERIFY(std::isinf(tierReachGpus(c, 3)));
    const Calibration &cal = defaultCalibration();
    const GroupSpan tp = placeGroup(c, 1, 8);
    QCOMPARE(tp.perDomain, 8);
    QCOMPARE(tp.domains, 1);
    QVERIFY(near(tp.scaleUp.bytesPerS, 450e9 * cal.scaleUpEfficiency));
    const GroupSpan dp = placeGroup(c, 8, 64); // 512 GPUs: inside a two-tier pod
    QCOMPARE(dp.perDomain, 1);
    QCOMPARE(dp.domains, 64);
    QVERIFY(near(dp.scaleOut.bytesPerS, 50e9 * cal.scaleOutEfficiency));
    const GroupSpan wide = placeGroup(c, 8, 1024); // all 8,192 GPUs: through the 1:7 tier
    QVERIFY(near(wide.scaleOut.bytesPerS, 50e9 * cal.scaleOutEfficiency / 7.0));
    QVERIFY(wide.scaleOut.latencyS > dp.scaleOut.latencyS);
    const GroupSpan half = placeGroup(c, 2, 8); // stride 2: 4 per server, 2 servers
    QCOMPARE(half.perDomain, 4);
    QCOMPARE(half.domains, 2);
}

QTEST_GUILESS_MAIN(TestCollectives)
#include "test_collectives.moc"
