// Tests the power extras of the engine: idle power, rack density per floor area, load per feed,
// and the DGX H100 rack figures of the seeds.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "model/io/resultsjson.h"
#include "model/generate/templates.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>

using namespace cp;

class TestPower : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void dgxH100Rack();
    void idlePower();
    void densityPerSquareMetre();
    void loadPerFeed();
    void rackWeight();
    void coolingKindMatchesHeat();
};

void TestPower::dgxH100Rack()
{
    // NVIDIA DGX H100 datasheet: 8 GPUs, ~10.2 kW maximum system power; the DGX SuperPOD H100
    // reference puts four in a rack: ~41 kW, above the ~30 kW usual for air-cooled racks
    // (figures.md E: factryze ~30 kW; 15–20 kW conventional).
    const Catalog c = Catalog::builtin();
    const CatalogEntry &dgx = c.at("dgx-h100");
    QCOMPARE(dgx.figure("gpus"), 8.0);
    QVERIFY(std::abs(dgx.figure("power_max_w") - 10200.0) < 200.0);
    const Results r = evaluate(sampleDesign(c), c);
    const RackPower *compute = nullptr;
    for (const RackPower &rp : r.power.racks)
        if (!compute || rp.maxKw > compute->maxKw)
            compute = &rp;
    QVERIFY(compute);
    QVERIFY(std::abs(compute->maxKw - 41.0) < 41.0 * 0.02);
    QVERIFY(compute->maxKw > 30.0);
}

void TestPower::idlePower()
{
    const Catalog c = Catalog::builtin();
    const Results r = evaluate(sampleDesign(c), c);
    // A rack of four DGX H100 idles at 4 × power_idle_w.
    for (const RackPower &rp : r.power.racks)
        if (rp.rackId == "C001")
            QVERIFY(std::abs(rp.idleKw - 4 * c.at("dgx-h100").figure("power_idle_w") / 1000.0) < 1e-9);
    QVERIFY(r.power.itKwIdle > 0);
    QVERIFY(r.power.itKwIdle < r.power.itKwTotal);
    QVERIFY(r.power.itKwTotal < r.power.itKwNameplate);
}

void TestPower::densityPerSquareMetre()
{
    // Footprint 0.6 × 1.2 m plus half of a 1.2 m cold aisle and half of a 1.2 m hot aisle.
    const Catalog c = Catalog::builtin();
    const Results r = evaluate(generateTemplate({"supernode", 1152, ""}, c), c);
    double densest = 0;
    for (const RackPower &rp : r.power.racks) {
        QVERIFY(std::abs(rp.kwPerM2 - rp.itKw / (0.6 * 2.4)) < 1e-9);
        densest = std::max(densest, rp.kwPerM2);
    }
    QCOMPARE(r.power.maxKwPerM2, densest);
    QVERIFY(densest > 50.0); // a ~120 kW NVL72 rack on 1.44 m²
    const nlohmann::json j = resultsToJson(r)["power"];
    QVERIFY(j.contains("max_kw_per_m2"));
    QVERIFY(j["racks"][0].contains("kw_per_m2"));
    QVERIFY(j.contains("it_kw_idle"));
}

void TestPower::loadPerFeed()
{
    const Catalog c = Catalog::builtin();
    const Design d = sampleDesign(c);
    const Results r = evaluate(d, c);
    std::map<std::string, double> rackKw;
    for (const RackPower &rp : r.power.racks)
        rackKw[rp.rackId] = rp.maxKw;
    for (const FacilityUnit &u : d.powerUnits) {
        double sum = 0;
        for (const std::string &id : u.serves)
            sum += rackKw[id];
        QVERIFY(std::abs(r.power.nameplateKwByFeed.at(u.group) - sum) < 1e-6);
    }
    for (const UnitLoad &l : r.power.powerUnits)
        QVERIFY(!l.group.empty() && l.servedKw > 0);
}

void TestPower::rackWeight()
{
    // Four DGX H100 at 130.5 kg each (NVIDIA DGX H100 datasheet) in a rack rated for 1,360 kg.
    Catalog c = Catalog::builtin();
    Design d = sampleDesign(c);
    Results r = evaluate(d, c);
    for (const RackPower &rp : r.power.racks)
        if (rp.rackId == "C001")
            QVERIFY(std::abs(rp.weightKg - 4 * c.at("dgx-h100").figure("weight_kg")) < 1e-9);
    for (const Problem &p : r.problems)
        QVERIFY(p.message.find("rated load") == std::string::npos);
    // Eleven of them are too heavy (and too tall), and the problem names the rack.
    d.racks.front().contents.front().count = 11;
    r = evaluate(d, c);
    bool found = false;
    for (const Problem &p : r.problems)
        found = found || (p.place == d.racks.front().id && p.message.find("rated load of 1360 kg") != std::string::npos);
    QVERIFY(found);
}

/// Heat must go where a unit takes it: an NVL72 (mostly liquid) cooled by air units only, or
/// air-cooled servers cooled by CDUs only, is an error naming the rack, the heat and its coolers.
void TestPower::coolingKindMatchesHeat()
{
    const Catalog c = Catalog::builtin();
    const auto count = [](const Results &r, const char *text) {
        int n = 0;
        for (const Problem &p : r.problems)
            n += p.severity == Severity::Error && p.message.find(text) != std::string::npos ? 1 : 0;
        return n;
    };
    Design nvl = generateTemplate({"supernode", 1152, ""}, c);
    QCOMPARE(count(evaluate(nvl, c), "goes to"), 0); // as generated: CDUs and CRAHs
    for (FacilityUnit &u : nvl.coolingUnits)
        if (c.find(u.catalogId)->attribute("heat") == "liquid")
            u.catalogId = "crah-250kw";
    const Results air = evaluate(nvl, c);
    QVERIFY(count(air, "goes to liquid, but only air units cool it") > 0);
    for (const Problem &p : air.problems)
        if (p.message.find("goes to liquid") != std::string::npos)
            QVERIFY2(p.message.find("kW") != std::string::npos && p.message.find("CDU") != std::string::npos,
                     p.message.c_str());

    Design classic = generateTemplate({"classic", 64, ""}, c);
    QCOMPARE(count(evaluate(classic, c), "goes to"), 0);
    for (FacilityUnit &u : classic.coolingUnits)
        u.catalogId = "cdu-inrow-600kw";
    QVERIFY(count(evaluate(classic, c), "goes to air, but only liquid units cool it") > 0);
}

QTEST_GUILESS_MAIN(TestPower)
#include "test_power.moc"
