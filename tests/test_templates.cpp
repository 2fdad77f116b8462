// Tests the template generators against counts worked out by hand (written out below).

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "model/generate/templates.h"
#include "testsupport.h"

#include <array>
#include <map>
#include <stdexcept>

using namespace cp;

class TestTemplates : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void classic1024();
    void supernode1152();
    void superPodH100_data();
    void superPodH100();
    void classicThreeTiers();
    void fatTreeCapacity_data();
    void fatTreeCapacity();
    void roundsUpToWholeNodes();
    void rackLimitDecidesServersPerRack();
    void generatedDesignsAreValid_data();
    void generatedDesignsAreValid();
    void refusals_data();
    void refusals();
    void spareServerPool();
    void gigawatt_data();
    void gigawatt();
};

void TestTemplates::spareServerPool()
{
    // Classic 16,384 GPUs = 2,048 servers; a 2 % pool (Lenovo guidance, figures.md) is
    // 2,048 × 0.02 = 40.96 → 41 whole servers = 328 GPUs installed but not in the job:
    // 16,384 − 328 = 16,056 active. The layout and fabric do not change (the spares are cabled).
    const Catalog c = Catalog::builtin();
    const Design bare = generateTemplate({"classic", 16384, {}, 0.0}, c);
    const Design pooled = generateTemplate({"classic", 16384, {}, kRecommendedSpareServerFraction}, c);
    QCOMPARE(pooled.reliability.spareServers, 41);
    QCOMPARE(bare.reliability.spareServers, 0);
    QCOMPARE(pooled.racks, bare.racks);
    const Results a = evaluate(bare, c), b = evaluate(pooled, c);
    QCOMPARE(b.inventory.gpusTotal, 16384LL);
    QCOMPARE(b.inventory.gpusSpare, 328LL);
    QCOMPARE(b.inventory.gpusActive, 16056LL);
    QCOMPARE(b.inventory.servers, a.inventory.servers);
    // The reliability stage credits the pool as it credits an NVL72's hot spares: a failure in a
    // server swaps in a spare instead of idling a replica until the repair (issue 4's caveat:
    // 79 % goodput without spares).
    QVERIFY(b.reliability.goodput > a.reliability.goodput + 0.05);
    bool gpuSpare = false, serverSpare = false;
    for (const FailureDomainKind &k : b.reliability.kinds) {
        gpuSpare = gpuSpare || (k.kind == "gpu" && k.recovery == "spare");
        serverSpare = serverSpare || (k.kind == "server" && k.recovery == "spare");
        if (k.kind == "gpu") // only the GPUs in service interrupt the job
            QCOMPARE(k.jobParts, 16056LL);
    }
    QVERIFY(gpuSpare && serverSpare);
    QCOMPARE(b.reliability.job.sparesPerDomain, 41);
    // 1,024 GPUs: 128 × 0.02 = 2.56 → 3 servers.
    QCOMPARE(generateTemplate({"classic", 1024, {}, 0.02}, c).reliability.spareServers, 3);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, generateTemplate({"classic", 1024, {}, 0.9}, c));
}

void TestTemplates::classic1024()
{
    // By hand: 1,024 GPUs / 8 per DGX H100 = 128 servers; 4 per air-cooled rack (4 × 10.2 kW =
    // 40.8 kW ≤ 41 kW) = 32 compute racks. Rail-optimised: 128 servers / 32 per leaf = 4 scalable
    // units × 8 rails = 32 leaves (one network rack of 8 per unit = 4 racks); non-blocking spine:
    // 1,024 uplinks / 64 ports = 16 spines (1 rack). 1,024 ≤ 64²/2 = 2,048, so 2 tiers, no core.
    // Storage: 1,024 / 128 = 8 nodes in 1 rack. Racks: 32 + 4 + 1 + 1 = 38 — the DGX SuperPOD
    // H100 4-SU reference lists 32 leaves and 16 spines too (RA Table 4).
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({"classic", 1024, {}, 0.0}, c); // no spare pool: all 1,024 in the job
    const Results r = evaluate(d, c);
    QCOMPARE(r.inventory.gpusTotal, 1024LL);
    QCOMPARE(r.inventory.gpusActive, 1024LL);
    QCOMPARE(r.inventory.servers, 128LL);
    QCOMPARE(r.inventory.computeRacks, 32LL);
    QCOMPARE(r.inventory.networkRacks, 5LL);
    QCOMPARE(r.inventory.storageRacks, 1LL);
    QCOMPARE(r.inventory.racksTotal, 38LL);
    QCOMPARE(r.inventory.switchesByTier.at("leaf"), 32LL);
    QCOMPARE(r.inventory.switchesByTier.at("spine"), 16LL);
    QCOMPARE(r.inventory.switchesByTier.at("core"), 0LL);
    QCOMPARE(r.inventory.nics, 1024LL);
    QCOMPARE(r.inventory.storageNodes, 8LL);
    QCOMPARE(d.fabric.tiers, 2);
    QCOMPARE(d.fabric.topology, TopologyKind::RailOptimized);
    // Every compute rack holds 4 servers.
    for (const Rack &rack : d.racks)
        if (rack.id[0] == 'C')
            QCOMPARE(rack.contents[0].count, 4);
    QVERIFY(r.problems.empty());
}

void TestTemplates::supernode1152()
{
    // By hand: 1,152 GPUs / 72 = 16 GB200 NVL72 racks, 8 spare each → 128 spare, 1,024 active.
    // Two scalable units of 8 racks. NICs: 16 × 72 = 1,152; per unit 576 / 32 down-ports = 18
    // leaves (2 network racks of ≤16) → 36 leaves, 4 racks. 1,152 ≤ 2,048 → 2 tiers. Spines: at
    // least 1,152 / 64 = 18, but each leaf spreads its 32 uplinks evenly over the spines, so the
    // count must divide 32 → 32 spines (2 racks). Storage 1,152 / 128 = 9 nodes, 1 rack.
    // Racks: 16 + 4 + 2 + 1 = 23.
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({"supernode", 1152, {}}, c);
    const Results r = evaluate(d, c);
    QCOMPARE(r.inventory.gpusTotal, 1152LL);
    QCOMPARE(r.inventory.gpusSpare, 128LL);
    QCOMPARE(r.inventory.gpusActive, 1024LL);
    QCOMPARE(r.inventory.supernodes, 16LL);
    QCOMPARE(r.inventory.servers, 0LL);
    QCOMPARE(r.inventory.computeRacks, 16LL);
    QCOMPARE(r.inventory.networkRacks, 6LL);
    QCOMPARE(r.inventory.racksTotal, 23LL);
    QCOMPARE(r.inventory.switchesByTier.at("leaf"), 36LL);
    QCOMPARE(r.inventory.switchesByTier.at("spine"), 32LL);
    QCOMPARE(r.inventory.switchesByTier.at("core"), 0LL);
    QCOMPARE(r.inventory.storageNodes, 9LL);
    QCOMPARE(d.fabric.topology, TopologyKind::LeafSpine);
    // Liquid-cooled racks, each cooled by a CDU group and a CRAH group.
    int cdus = 0;
    for (const FacilityUnit &u : d.coolingUnits)
        cdus += u.catalogId == "cdu-inrow-600kw";
    QVERIFY(cdus >= 4);
    QVERIFY2(r.problems.empty(), r.problems.empty() ? "" : r.problems[0].message.c_str());
    // The hottest rack is a supernode at its typical training load (catalog: 120 kW).
    QCOMPARE(r.power.maxRackKw, c.at("gb200-nvl72").figure("power_typical_w") / 1000.0);
}

void TestTemplates::superPodH100_data()
{
    // NVIDIA DGX SuperPOD H100 reference architecture, compute fabric, Table 4 (rail-optimised,
    // QM9700 64×400G): 1/2/3/4 scalable units of 32 DGX slots → 8/16/24/32 leaf and 4/8/16/16
    // spine switches. (Each unit gives one slot to the fabric manager: 31 nodes; the switch
    // counts are those of 32 slots, which the template fills with DGX nodes.)
    QTest::addColumn<int>("gpus");
    QTest::addColumn<int>("leaves");
    QTest::addColumn<int>("spines");
    QTest::newRow("1 SU") << 256 << 8 << 4;
    QTest::newRow("2 SU") << 512 << 16 << 8;
    QTest::newRow("3 SU") << 768 << 24 << 16;
    QTest::newRow("4 SU") << 1024 << 32 << 16;
}

void TestTemplates::superPodH100()
{
    QFETCH(int, gpus);
    QFETCH(int, leaves);
    QFETCH(int, spines);
    const Catalog c = Catalog::builtin();
    const Results r = evaluate(generateTemplate({"classic", gpus, {}}, c), c);
    QCOMPARE(r.inventory.switchesByTier.at("leaf"), (long long)leaves);
    QCOMPARE(r.inventory.switchesByTier.at("spine"), (long long)spines);
    QCOMPARE(r.inventory.switchesByTier.at("core"), 0LL);
}

void TestTemplates::classicThreeTiers()
{
    // By hand: 4,096 GPUs = 512 servers = 16 units × 8 rails = 128 leaves; 4,096 > 2,048 → 3
    // tiers; spines 4,096 / 32 = 128; core 128 × 32 / 64 = 64. Racks: 128 compute + 16 leaf +
    // (192 switches / 16 = 12) + 4,096/128 = 32 storage nodes in 2 racks = 158.
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({"classic", 4096, {}}, c);
    const Results r = evaluate(d, c);
    QCOMPARE(d.fabric.tiers, 3);
    QCOMPARE(r.inventory.switchesByTier.at("leaf"), 128LL);
    QCOMPARE(r.inventory.switchesByTier.at("spine"), 128LL);
    QCOMPARE(r.inventory.switchesByTier.at("core"), 64LL);
    QCOMPARE(r.inventory.racksTotal, 158LL);
    QVERIFY(r.problems.empty());
}

void TestTemplates::fatTreeCapacity_data()
{
    // Al-Fares et al., "A Scalable, Commodity Data Center Network Architecture", SIGCOMM 2008:
    // k-port switches give k²/2 hosts in 2 tiers and k³/4 in 3 (k = 64: 2,048 and 65,536). One
    // 8-GPU server (8 NICs) past each limit needs one more tier.
    QTest::addColumn<int>("gpus");
    QTest::addColumn<int>("tiers");
    QTest::newRow("k²/2") << 2048 << 2;
    QTest::newRow("k²/2 + 8") << 2056 << 3;
    QTest::newRow("k³/4") << 65536 << 3;
    QTest::newRow("k³/4 + 8") << 65544 << 4;
}

void TestTemplates::fatTreeCapacity()
{
    QFETCH(int, gpus);
    QFETCH(int, tiers);
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({"classic", gpus, {}}, c);
    QCOMPARE(d.fabric.tiers, tiers);
    const Results r = evaluate(d, c);
    QCOMPARE(r.fabric.tiers, tiers);
    QCOMPARE(r.fabric.oversubscription.size(), size_t(tiers - 1)); // non-blocking as built
    QCOMPARE(r.inventory.switchesByTier.count("super_core") > 0, tiers == 4);
    for (double o : r.fabric.oversubscription)
        QCOMPARE(o, 1.0);
}

void TestTemplates::roundsUpToWholeNodes()
{
    const Catalog c = Catalog::builtin();
    QCOMPARE(evaluate(generateTemplate({"classic", 1001, {}}, c), c).inventory.gpusTotal, 1008LL);
    QCOMPARE(evaluate(generateTemplate({"supernode", 100, {}}, c), c).inventory.gpusTotal, 144LL);
}

void TestTemplates::rackLimitDecidesServersPerRack()
{
    // A DGX B200 draws 14.3 kW: only 2 fit the 41 kW air-cooled rack (3 would be 42.9 kW).
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({"classic", 512, "b200"}, c);
    const Results r = evaluate(d, c);
    QCOMPARE(r.inventory.servers, 64LL);
    QCOMPARE(r.inventory.computeRacks, 32LL);
    for (const Rack &rack : d.racks)
        if (rack.id[0] == 'C')
            QCOMPARE(rack.contents[0].count, 2);
    QVERIFY(r.problems.empty());
}

void TestTemplates::generatedDesignsAreValid_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<QString>("gpu");
    QTest::newRow("classic 8") << QStringLiteral("classic") << 8 << QString();
    QTest::newRow("classic 2048") << QStringLiteral("classic") << 2048 << QString();
    QTest::newRow("classic h200 1024") << QStringLiteral("classic") << 1024 << QStringLiteral("h200-sxm");
    QTest::newRow("classic mi300x 512") << QStringLiteral("classic") << 512 << QStringLiteral("mi300x");
    QTest::newRow("classic 16384") << QStringLiteral("classic") << 16384 << QString();
    QTest::newRow("supernode 72") << QStringLiteral("supernode") << 72 << QString();
    QTest::newRow("supernode 16384") << QStringLiteral("supernode") << 16384 << QString();
}

void TestTemplates::generatedDesignsAreValid()
{
    QFETCH(QString, kind);
    QFETCH(int, gpus);
    QFETCH(QString, gpu);
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({kind.toStdString(), gpus, gpu.toStdString()}, c);
    const Results r = evaluate(d, c);
    // Eight GPUs cannot train an 8B model on Llama 3's 15.6T tokens in under two years: the one
    // warning a template may carry is that one, saying so.
    Problems problems = r.problems;
    if (gpus < 256)
        std::erase_if(problems, [](const Problem &p) { return p.place == "reliability.effective_time_to_train_days"; });
    QVERIFY2(problems.empty(), problems.empty() ? "" : (problems[0].place + ": " + problems[0].message).c_str());
    QVERIFY(r.inventory.gpusTotal >= gpus);
    // Every rack is fed and cooled, and racks do not overlap on the floor.
    for (size_t i = 1; i < d.racks.size(); ++i) {
        const Rack &a = d.racks[i - 1], &b = d.racks[i];
        QVERIFY(std::abs(a.xM - b.xM) >= 0.59 || std::abs(a.yM - b.yM) >= 1.19);
    }
}

void TestTemplates::refusals_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<qlonglong>("gpus");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown template") << QStringLiteral("torus") << 64LL << QString() << QStringLiteral("unknown template");
    QTest::newRow("10^12 GPUs") << QStringLiteral("classic") << 1000000000000LL << QString() << QStringLiteral("above");
    QTest::newRow("negative") << QStringLiteral("classic") << -8LL << QString() << QStringLiteral("positive");
    QTest::newRow("unknown gpu") << QStringLiteral("classic") << 64LL << QStringLiteral("rtx-4090") << QStringLiteral("no entry \"rtx-4090\"");
    QTest::newRow("no supernode for gpu") << QStringLiteral("supernode") << 72LL << QStringLiteral("h100-sxm") << QStringLiteral("no supernode built on");
}

void TestTemplates::refusals()
{
    QFETCH(QString, kind);
    QFETCH(qlonglong, gpus);
    QFETCH(QString, gpu);
    QFETCH(QString, message);
    const Catalog c = Catalog::builtin();
    try {
        generateTemplate({kind.toStdString(), gpus, gpu.toStdString()}, c);
        QFAIL("expected a refusal");
    } catch (const std::invalid_argument &e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
    }
}


void TestTemplates::gigawatt_data()
{
    // Counts by hand. 64-port switches: 32 down, a super-pod holds 32³ = 32,768 NICs, 3 tiers hold
    // 2 × 32³ = 65,536, so both cases need 4 tiers. Spines = ⌈NICs / 32⌉, cores = spines (32 up
    // per spine, 32 down per core), super-cores = ⌈cores × 32 / 64⌉. 16 switches per network rack.
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<qlonglong>("gpus");
    QTest::addColumn<qlonglong>("installed");
    QTest::addColumn<qlonglong>("computeRacks");
    QTest::addColumn<qlonglong>("networkRacks");
    QTest::addColumn<qlonglong>("storageRacks");
    QTest::addColumn<qlonglong>("storageNodes");
    QTest::addColumn<qlonglong>("leaves");
    QTest::addColumn<qlonglong>("spines");
    QTest::addColumn<qlonglong>("superCores");
    QTest::addColumn<int>("halls");
    // GB200 NVL72: ⌈70,000 / 72⌉ = 973 racks = 70,056 GPUs. Units of 8 racks (576 NICs, 18 leaves
    // in 2 racks): 121 full + one of 5 racks (360 NICs → ⌈11.25⌉ = 12 leaves, 1 rack) = 122 units;
    // leaves 121 × 18 + 12 = 2,190 in 243 racks. A hall is ⌊32,768 / 576⌋ = 56 units → 3 halls
    // (56, 56, 10 units). Spines ⌈70,056 / 32⌉ = 2,190 = cores, super-cores 1,095: 137 + 137 + 69
    // = 343 racks; network racks 243 + 343 = 586. Storage per hall: 56 × 576 = 32,256 GPUs → 252
    // nodes (16 racks), twice; hall 3: 77 racks × 72 = 5,544 GPUs → 44 nodes (3 racks): 548 nodes,
    // 35 racks.
    QTest::newRow("NVL72 70k") << QStringLiteral("gb200") << 70000LL << 70056LL << 973LL << 586LL << 35LL
                               << 548LL << 2190LL << 2190LL << 1095LL << 3;
    // DGX H100: 8,750 servers in units of 32 (8 racks of 4, 8 rail leaves in 1 rack): 273 full
    // units + one of 14 servers (4 racks) = 274 units, 2,188 compute racks, 2,192 leaves in 274
    // racks. A hall is 32,768 / 256 = 128 units → 3 halls (128, 128, 18). Spines ⌈70,000 / 32⌉ =
    // 2,188 = cores, super-cores 1,094: 137 + 137 + 69 = 343 racks; network 274 + 343 = 617.
    // Storage: 32,768 GPUs → 256 nodes (16 racks), twice; hall 3: 558 servers = 4,464 GPUs → 35
    // nodes (3 racks): 547 nodes, 35 racks.
    QTest::newRow("DGX H100 70k") << QStringLiteral("h100-sxm") << 70000LL << 70000LL << 2188LL << 617LL << 35LL
                                  << 547LL << 2192LL << 2188LL << 1094LL << 3;
}

void TestTemplates::gigawatt()
{
    QFETCH(QString, gpu);
    QFETCH(qlonglong, gpus);
    QFETCH(qlonglong, installed);
    QFETCH(qlonglong, computeRacks);
    QFETCH(qlonglong, networkRacks);
    QFETCH(qlonglong, storageRacks);
    QFETCH(qlonglong, storageNodes);
    QFETCH(qlonglong, leaves);
    QFETCH(qlonglong, spines);
    QFETCH(qlonglong, superCores);
    QFETCH(int, halls);
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({"gigawatt", gpus, gpu.toStdString()}, c);
    const Results r = evaluate(d, c);
    QCOMPARE(r.inventory.gpusTotal, installed);
    QCOMPARE(r.inventory.computeRacks, computeRacks);
    QCOMPARE(r.inventory.networkRacks, networkRacks);
    QCOMPARE(r.inventory.storageRacks, storageRacks);
    QCOMPARE(r.inventory.storageNodes, storageNodes);
    QCOMPARE(r.inventory.racksTotal, computeRacks + networkRacks + storageRacks);
    QCOMPARE(r.inventory.switchesByTier.at("leaf"), leaves);
    QCOMPARE(r.inventory.switchesByTier.at("spine"), spines);
    QCOMPARE(r.inventory.switchesByTier.at("core"), spines);
    QCOMPARE(r.inventory.switchesByTier.at("super_core"), superCores);
    QCOMPARE(r.fabric.tiers, 4);
    QCOMPARE(d.fabric.topology, gpu == QStringLiteral("gb200") ? TopologyKind::LeafSpine : TopologyKind::RailOptimized);
    // No errors, and every rack fed, cooled and within its limits (no warnings about the floor).
    for (const Problem &p : r.problems)
        QVERIFY2(p.severity != Severity::Error && p.place.rfind("racks", 0) != 0
                     && p.message.find("no power") == std::string::npos
                     && p.message.find("no cooling") == std::string::npos,
                 (p.place + ": " + p.message).c_str());

    // Halls ("H01 Row 01") and network halls ("N1 Row 01") are separate rectangles on the campus.
    std::map<std::string, std::array<double, 4>> box; // hall -> min x, min y, max x, max y
    for (const Rack &rack : d.racks) {
        const std::string hall = rack.row.substr(0, rack.row.find(' '));
        auto [it, fresh] = box.try_emplace(hall, std::array<double, 4>{rack.xM, rack.yM, rack.xM, rack.yM});
        auto &b = it->second;
        b = {std::min(b[0], rack.xM), std::min(b[1], rack.yM), std::max(b[2], rack.xM), std::max(b[3], rack.yM)};
    }
    int computeHalls = 0;
    for (const auto &[name, b] : box)
        computeHalls += name[0] == 'H';
    QCOMPARE(computeHalls, halls);
    QVERIFY(box.size() > size_t(halls)); // and at least one network hall
    for (auto a = box.begin(); a != box.end(); ++a)
        for (auto b = std::next(a); b != box.end(); ++b) {
            const auto &p = a->second, &q = b->second;
            QVERIFY2(p[2] < q[0] || q[2] < p[0] || p[3] < q[1] || q[3] < p[1], (a->first + " overlaps " + b->first).c_str());
        }
    // One UPS group per block of each hall: its units serve racks of that hall only.
    for (const FacilityUnit &u : d.powerUnits) {
        if (u.catalogId != "ups-1mw")
            continue;
        const std::string hall = u.group.substr(0, u.group.find(' '));
        for (const std::string &id : u.serves)
            QCOMPARE(d.findRack(id)->row.substr(0, hall.size() + 1), hall + " ");
    }
}

QTEST_GUILESS_MAIN(TestTemplates)
#include "test_templates.moc"
