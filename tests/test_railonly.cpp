// The rail-only topology generator plugin: switch counts against figures worked out by hand, and
// the designs it builds are valid and evaluate.

#include "model/engine/evaluation.h"
#include "plugintestsupport.h"
#include "railonlygenerator.h"
#include "testsupport.h"

using namespace cp;

class TestRailOnly : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void plan_data();
    void plan();
    void designs_data();
    void designs();
    void refusesThreeTiers();
    void cliGeneratesFromPlugin();
};

void TestRailOnly::plan_data()
{
    QTest::addColumn<qlonglong>("domains");
    QTest::addColumn<qlonglong>("rails");
    QTest::addColumn<int>("radix");
    QTest::addColumn<int>("tiers");
    QTest::addColumn<qlonglong>("leaves");
    QTest::addColumn<qlonglong>("spines");
    // 64 servers × 8 rails, 64-port switches: one switch per rail reaches all 64 servers → 8.
    QTest::newRow("64 servers") << 64LL << 8LL << 64 << 1 << 8LL << 0LL;
    // 32 servers: a 64-port switch holds two 32-port rails → 8 / 2 = 4 switches.
    QTest::newRow("32 servers") << 32LL << 8LL << 64 << 1 << 4LL << 0LL;
    // 8 NVL72 × 72 rails: 64 / 8 = 8 rails per switch → ⌈72 / 8⌉ = 9 switches.
    QTest::newRow("8 NVL72") << 8LL << 72LL << 64 << 1 << 9LL << 0LL;
    // 64 NVL72 (4,608 GPUs): 72 rails of one switch each → 72 switches, where a non-blocking fat
    // tree needs 3 tiers (4,608 > 64²/2 endpoints): 144 leaves + 144 spines + 72 cores.
    QTest::newRow("64 NVL72") << 64LL << 72LL << 64 << 1 << 72LL << 0LL;
    // 128 servers: a two-tier rail each: ⌈128 / 32⌉ = 4 leaves and ⌈4 × 32 / 64⌉ = 2 spines per
    // rail → 32 leaves, 16 spines.
    QTest::newRow("128 servers") << 128LL << 8LL << 64 << 2 << 32LL << 16LL;
    // 1,000 servers, 144-port switches (Q3400): ⌈1000 / 72⌉ = 14 leaves, ⌈14 × 72 / 144⌉ = 7
    // spines per rail → 112 and 56.
    QTest::newRow("1000 servers k144") << 1000LL << 8LL << 144 << 2 << 112LL << 56LL;
}

void TestRailOnly::plan()
{
    QFETCH(qlonglong, domains);
    QFETCH(qlonglong, rails);
    QFETCH(int, radix);
    QFETCH(int, tiers);
    QFETCH(qlonglong, leaves);
    QFETCH(qlonglong, spines);
    const RailOnlyPlan p = planRailOnly(domains, rails, radix);
    QCOMPARE(p.tiers, tiers);
    QCOMPARE(qlonglong(p.leaves), leaves);
    QCOMPARE(qlonglong(p.spines), spines);
}

void TestRailOnly::designs_data()
{
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<qlonglong>("gpus");
    QTest::addColumn<qlonglong>("leaves");
    QTest::addColumn<qlonglong>("spines");
    QTest::addColumn<int>("tiers");
    // The same hand-worked counts, through the plugin as loaded and the engine's inventory.
    QTest::newRow("512 H100") << QString() << 512LL << 8LL << 0LL << 1;
    QTest::newRow("1024 H100") << QString() << 1024LL << 32LL << 16LL << 2;
    QTest::newRow("576 GB200") << QStringLiteral("gb200") << 576LL << 9LL << 0LL << 1;
    QTest::newRow("4608 GB200") << QStringLiteral("gb200") << 4608LL << 72LL << 0LL << 1;
}

void TestRailOnly::designs()
{
    QFETCH(QString, gpu);
    QFETCH(qlonglong, gpus);
    QFETCH(qlonglong, leaves);
    QFETCH(qlonglong, spines);
    QFETCH(int, tiers);
    const TopologyGenerator *g = cptest::builtPlugins().generator("rail-only");
    QVERIFY(g);
    const Catalog c = Catalog::builtin();
    TemplateOptions o;
    o.kind = "rail-only";
    o.gpus = gpus;
    o.gpuId = gpu.toStdString();
    const Design d = g->generate(o, c);
    const Problems problems = validate(d, c);
    QVERIFY2(!hasErrors(problems), problems.empty() ? "" : problems.front().message.c_str());
    const Results r = evaluate(d, c);
    QCOMPARE(qlonglong(r.inventory.gpusTotal), gpus);
    QCOMPARE(qlonglong(r.inventory.switchesByTier.at("leaf")), leaves);
    QCOMPARE(qlonglong(r.inventory.switchesByTier.at("spine")), spines);
    QCOMPARE(qlonglong(r.inventory.switchesByTier.at("core")), 0LL);
    QCOMPARE(r.fabric.tiers, tiers);
    for (const Problem &p : r.problems)
        QVERIFY2(p.severity != Severity::Error, (p.place + ": " + p.message).c_str());
    // Every NIC is cabled to a rail switch, none left over.
    QCOMPARE(qlonglong(r.fabric.linksByTier.at("endpoint")), qlonglong(r.inventory.nics));
    // Power and cooling units serve only racks that exist.
    for (const auto *units : {&d.powerUnits, &d.coolingUnits})
        for (const FacilityUnit &u : *units)
            for (const std::string &id : u.serves)
                QVERIFY(d.findRack(id));
}

void TestRailOnly::refusesThreeTiers()
{
    // 2,049 servers per rail on 64-port switches is beyond k²/2 = 2,048.
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, planRailOnly(2049, 8, 64));
}

void TestRailOnly::cliGeneratesFromPlugin()
{
    QTemporaryDir dir;
    qputenv("CLUSTER_PLANNER_PLUGIN_PATH", CP_PLUGIN_DIR);
    const auto out = cptest::tempPath(dir, "ro.json");
    const auto run = cptest::runCli(QStringLiteral(CP_CLI), {QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("rail-only"),
                                                             QStringLiteral("--gpus"), QStringLiteral("512"), QStringLiteral("-o"),
                                                             QString::fromStdString(out)});
    QCOMPARE(run.code, 0);
    QVERIFY(run.out.contains(QStringLiteral("Rail-only")));
    const auto bad = cptest::runCli(QStringLiteral(CP_CLI), {QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("nonesuch"),
                                                             QStringLiteral("-o"), QString::fromStdString(out)});
    QCOMPARE(bad.code, 1);
    QVERIFY(bad.err.contains(QStringLiteral("unknown template")));
}

QTEST_GUILESS_MAIN(TestRailOnly)
#include "test_railonly.moc"
