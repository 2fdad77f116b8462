// Tests the cost stage (model/cost.cpp, docs/cost.md): the energy and cloud arithmetic against
// published figures, invariants on the templates, CAPEX categories, the bill of materials and its CSV.

#include "catalog.h"
#include "cost.h"
#include "design.h"
#include "designjson.h"
#include "evaluation.h"
#include "templates.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>

using namespace cp;

namespace {

Design templateDesign(const Catalog &c, const std::string &kind, long long gpus)
{
    TemplateOptions o;
    o.kind = kind;
    o.gpus = gpus;
    return generateTemplate(o, c);
}

bool near(double a, double b, double rel)
{
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

/// Splits CSV text (RFC 4180: quoted fields, doubled quotes, CRLF) into rows of fields.
std::vector<std::vector<std::string>> parseCsv(const std::string &text)
{
    std::vector<std::vector<std::string>> rows(1);
    std::string field;
    bool quoted = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char ch = text[i];
        if (quoted) {
            if (ch == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (ch == '"') {
                quoted = false;
            } else {
                field += ch;
            }
        } else if (ch == '"') {
            quoted = true;
        } else if (ch == ',') {
            rows.back().push_back(field);
            field.clear();
        } else if (ch == '\r') {
        } else if (ch == '\n') {
            rows.back().push_back(field);
            field.clear();
            rows.emplace_back();
        } else {
            field += ch;
        }
    }
    if (rows.back().empty())
        rows.pop_back();
    return rows;
}

} // namespace

class TestCost : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void energyArithmetic();
    void cloudArithmetic();
    void moreGpusNeverLowerCapex_data();
    void moreGpusNeverLowerCapex();
    void higherEnergyPriceNeverLowersTco();
    void breakEvenLaterWhenCloudCheaper();
    void categoriesSumToCapex_data();
    void categoriesSumToCapex();
    void bomCsvTotalsEqualHardware();
    void csvQuoting();
    void colocationReplacesBuild();
    void jsonContract();
    void financeRoundTrip();
};

void TestCost::energyArithmetic()
{
    // SemiAnalysis, "100,000 H100 Clusters" (2024): ~150 MW critical IT, 1.59 TWh/yr, $123.9M/yr
    // at $0.078/kWh (figures.md E). 150 MW × 8,760 h = 1.314 TWh of IT energy; at PUE 1.2 that is
    // 1.577 TWh and × $0.078/kWh = $123.0M.
    QVERIFY(near(150000.0 * 8760.0 / 1e9, 1.314, 0.001));
    QVERIFY(near(energyUsdPerYear(150000.0, 1.0, 1.0) / 1e9, 1.314, 0.001)); // kWh → TWh
    const double usd = energyUsdPerYear(150000.0, 1.2, 0.078);
    QVERIFY(near(usd, 123.0e6, 0.005));
    QVERIFY(near(usd, 123.9e6, 0.01)); // the published figure, within 1 %

    // Through the cost stage: the energy line of OPEX is that arithmetic on the power results.
    const Catalog c = Catalog::builtin();
    Design d;
    d.finance.energyUsdPerKwh = 0.078;
    Results r;
    r.power.itKwTotal = 150000.0;
    r.power.pue = 1.2;
    const CostResults cost = evaluateCost(d, c, r);
    QVERIFY(near(cost.opexByCategoryUsdPerYear.at("energy"), usd, 1e-9));
}

void TestCost::cloudArithmetic()
{
    // DeepSeek-V3 technical report, Table 1: 2.788M H800 GPU-hours at $2/GPU-hour = $5.576M.
    QVERIFY(near(cloudCostUsd(2.788e6, 2.0), 5.576e6, 1e-9));

    // The cost stage reaches it from GPUs used × effective days × 24 h × price.
    const Catalog c = Catalog::builtin();
    Design d;
    d.finance.cloudUsdPerGpuHour = 2.0;
    Results r;
    r.inventory.gpusTotal = r.inventory.gpusActive = 2048; // DeepSeek-V3 trained on 2,048 H800
    r.performance.available = true;
    r.performance.outcome.gpusUsed = 2048;
    r.performance.outcome.estimate.timeToTrainDays = 2.788e6 / (2048.0 * 24.0);
    r.reliability.available = true;
    r.reliability.goodput = 1.0;
    r.reliability.effectiveTimeToTrainDays = 2.788e6 / (2048.0 * 24.0);
    const CostResults cost = evaluateCost(d, c, r);
    QVERIFY(near(cost.trainGpuHours, 2.788e6, 1e-9));
    QVERIFY(near(cost.cloudCostToTrainUsd, 5.576e6, 1e-9));
}

void TestCost::moreGpusNeverLowerCapex_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("small");
    QTest::addColumn<int>("large");
    QTest::newRow("classic 256 -> 1024") << "classic" << 256 << 1024;
    QTest::newRow("classic 1024 -> 2048") << "classic" << 1024 << 2048;
    QTest::newRow("supernode 576 -> 1152") << "supernode" << 576 << 1152;
}

void TestCost::moreGpusNeverLowerCapex()
{
    QFETCH(QString, kind);
    QFETCH(int, small);
    QFETCH(int, large);
    const Catalog c = Catalog::builtin();
    const Results a = evaluate(templateDesign(c, kind.toStdString(), small), c);
    const Results b = evaluate(templateDesign(c, kind.toStdString(), large), c);
    QVERIFY(b.inventory.gpusTotal > a.inventory.gpusTotal);
    QVERIFY(b.cost.capexUsd >= a.cost.capexUsd);
    QVERIFY(b.cost.hardwareCapexUsd >= a.cost.hardwareCapexUsd);
    QVERIFY(b.cost.capexByCategoryUsd.at("compute") >= a.cost.capexByCategoryUsd.at("compute"));
}

void TestCost::higherEnergyPriceNeverLowersTco()
{
    const Catalog c = Catalog::builtin();
    for (const char *kind : {"classic", "supernode"}) {
        Design d = templateDesign(c, kind, 1024);
        double last = 0.0;
        for (double price : {0.0, 0.05, 0.078, 0.12, 0.1864}) { // 0.1864: California industrial 2023 (EIA)
            d.finance.energyUsdPerKwh = price;
            const double tco = evaluate(d, c).cost.tcoUsd;
            QVERIFY2(tco >= last, kind);
            last = tco;
        }
    }
}

void TestCost::breakEvenLaterWhenCloudCheaper()
{
    const Catalog c = Catalog::builtin();
    Design d = templateDesign(c, "classic", 1024);
    int last = 0;
    for (double price : {12.29, 6.0, 4.0, 3.0, 2.49}) { // AWS p5 2023 on-demand per GPU down to neocloud
        d.finance.cloudUsdPerGpuHour = price;
        const CostResults cost = evaluate(d, c).cost;
        QVERIFY(cost.breakEvenMonth >= 0); // each of these prices is recouped within the life
        QVERIFY2(cost.breakEvenMonth >= last, qPrintable(QString::number(price)));
        last = cost.breakEvenMonth;
    }
    // Far below the owning cost per GPU-hour it never breaks even.
    d.finance.cloudUsdPerGpuHour = 0.5;
    QCOMPARE(evaluate(d, c).cost.breakEvenMonth, -1);
}

void TestCost::categoriesSumToCapex_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("gpus");
    QTest::newRow("classic 1024") << "classic" << 1024;
    QTest::newRow("supernode 1152") << "supernode" << 1152;
}

void TestCost::categoriesSumToCapex()
{
    QFETCH(QString, kind);
    QFETCH(int, gpus);
    const Catalog c = Catalog::builtin();
    const Results r = evaluate(templateDesign(c, kind.toStdString(), gpus), c);
    const CostResults &cost = r.cost;
    QVERIFY(cost.available);
    double sum = 0.0;
    for (const char *k : {"compute", "network", "storage", "power_cooling", "facility", "integration"}) {
        QVERIFY2(cost.capexByCategoryUsd.count(k), k);
        sum += cost.capexByCategoryUsd.at(k);
    }
    QCOMPARE(cost.capexByCategoryUsd.size(), size_t(6));
    QVERIFY(near(sum, cost.capexUsd, 1e-12));
    double opex = 0.0;
    for (const auto &[k, v] : cost.opexByCategoryUsdPerYear)
        opex += v;
    QVERIFY(near(opex, cost.opexUsdPerYear, 1e-12));
    // TCO = CAPEX + delivery + OPEX × life, and the monthly curve ends on it.
    QVERIFY(near(cost.tcoUsd, cost.capexUsd + cost.deliveryCostUsd + cost.opexUsdPerYear * cost.lifeYears, 1e-12));
    QVERIFY(near(cost.cumulativeUsdByMonth.back(), cost.tcoUsd, 1e-9));
    QCOMPARE(cost.cumulativeUsdByMonth.front(), cost.capexUsd);
    for (size_t m = 1; m < cost.cumulativeUsdByMonth.size(); ++m)
        QVERIFY(cost.cumulativeUsdByMonth[m] >= cost.cumulativeUsdByMonth[m - 1]);
    // The GPUs inside a server's price are not priced again.
    const bool classic = kind == QStringLiteral("classic");
    const auto gpuPrice = c.at(classic ? "dgx-h100" : "gb200-nvl72").figure("price_usd");
    const double units = classic ? double(r.inventory.servers) : double(r.inventory.supernodes);
    QVERIFY(near(cost.capexByCategoryUsd.at("compute"), gpuPrice * units, 1e-12));
    // Cables are the fabric's routed cables.
    double cables = 0.0;
    for (const BomLine &l : cost.bom)
        if (l.kind == "cable")
            cables += l.totalUsd;
    QVERIFY(near(cables, r.fabric.cablesPriceUsd, 1e-9));
    // $ per effective PFLOP-hour × effective PFLOP/s per GPU = $ per GPU-hour.
    QVERIFY(cost.effectivePflopsPerGpu > 0);
    QVERIFY(near(cost.costPerEffectivePflopHourUsd * cost.effectivePflopsPerGpu, cost.costPerGpuHourUsd, 1e-12));
    QVERIFY(near(cost.effectivePflopsPerGpu,
                 r.performance.outcome.estimate.modelTflopsPerGpu / 1000.0 * r.reliability.goodput, 1e-12));
}

void TestCost::bomCsvTotalsEqualHardware()
{
    const Catalog c = Catalog::builtin();
    const Results a = evaluate(templateDesign(c, "classic", 1024), c);
    const Results b = evaluate(templateDesign(c, "supernode", 1152), c);
    const std::string csv = bomToCsv({{"A", &a.cost}, {"B", &b.cost}});
    const auto rows = parseCsv(csv);
    QVERIFY(rows.size() > 2);
    QCOMPARE(rows[0].size(), size_t(8));
    CP_COMPARE_STR(rows[0][0], "design");
    std::map<std::string, double> totals;
    for (size_t i = 1; i < rows.size(); ++i) {
        QCOMPARE(rows[i].size(), size_t(8));
        const double qty = std::stod(rows[i][4]), unit = std::stod(rows[i][5]), total = std::stod(rows[i][6]);
        QVERIFY(near(qty * unit, total, 1e-12) || total == 0.0);
        totals[rows[i][0]] += total;
    }
    QVERIFY(near(totals["A"], a.cost.hardwareCapexUsd, 1e-12));
    QVERIFY(near(totals["B"], b.cost.hardwareCapexUsd, 1e-12));
}

void TestCost::csvQuoting()
{
    CP_COMPARE_STR(csvField("plain"), "plain");
    CP_COMPARE_STR(csvField("a,\"b\""), "\"a,\"\"b\"\"\"");
    CP_COMPARE_STR(csvField("two\nlines"), "\"two\nlines\"");
    const Catalog c = Catalog::builtin();
    const Results r = evaluate(templateDesign(c, "classic", 256), c);
    const std::string csv = bomToCsv({{"a,\"b\"", &r.cost}});
    const auto rows = parseCsv(csv);
    QCOMPARE(rows.size(), r.cost.bom.size() + 1);
    for (size_t i = 1; i < rows.size(); ++i) {
        QCOMPARE(rows[i].size(), size_t(8));
        CP_COMPARE_STR(rows[i][0], "a,\"b\"");
    }
    QVERIFY(csv.find("\r\n\"a,\"\"b\"\"\",") != std::string::npos);
}

void TestCost::colocationReplacesBuild()
{
    const Catalog c = Catalog::builtin();
    Design d = templateDesign(c, "classic", 1024);
    const CostResults built = evaluate(d, c).cost;
    QVERIFY(built.facilityBuildUsd > 0);
    // C&W 2025: $11.7M per MW of critical load.
    QVERIFY(near(built.facilityBuildUsd, built.criticalItKw / 1000.0 * 11.7e6, 1e-12));
    d.finance.colocationUsdPerKwMonth = 150.0;
    const CostResults leased = evaluate(d, c).cost;
    QCOMPARE(leased.facilityBuildUsd, 0.0);
    QCOMPARE(leased.coolingPlantUsd, 0.0);
    QVERIFY(near(leased.opexByCategoryUsdPerYear.at("colocation"), leased.criticalItKw * 150.0 * 12.0, 1e-12));
    QVERIFY(leased.capexUsd < built.capexUsd);
}

void TestCost::jsonContract()
{
    const Catalog c = Catalog::builtin();
    const Results r = evaluate(templateDesign(c, "supernode", 1152), c);
    const nlohmann::json j = resultsToJson(r).at("cost");
    for (const char *k : {"capex_usd", "capex_by_category_usd", "opex_usd_per_year", "tco_usd",
                          "opex_by_category_usd_per_year", "cost_per_gpu_hour_usd",
                          "cost_per_effective_pflop_hour_usd", "cost_per_million_tokens_usd", "cost_to_train_usd",
                          "cloud_cost_to_train_usd", "break_even_month", "cumulative_usd_by_month",
                          "cloud_cumulative_usd_by_month", "bom"})
        QVERIFY2(j.contains(k), k);
    for (const char *k : {"compute", "network", "storage", "power_cooling", "facility", "integration"})
        QVERIFY2(j.at("capex_by_category_usd").contains(k), k);
    QCOMPARE(j.at("cumulative_usd_by_month").size(), size_t(6 + 60 + 1)); // 6 months delivery + 5 years
    QVERIFY(j.at("liquid_heat_kw").get<double>() > 0); // NVL72 is liquid-cooled
    QVERIFY(j.at("cooling_plant_usd").get<double>() > 0);
}

void TestCost::financeRoundTrip()
{
    Design d;
    d.finance.facilityUsdPerMw = 9.3e6; // San Antonio, C&W 2025
    d.finance.colocationUsdPerKwMonth = 140.0;
    d.finance.coolingLiquidUsdPerKw = 2000.0;
    d.finance.integrationFraction = 0.05;
    d.finance.maintenanceFraction = 0.2;
    d.finance.softwareUsdPerGpuYear = 0.0;
    d.finance.sparesFraction = 0.01;
    d.finance.deliveryMonths = 12.0;
    const Design back = designFromJson(designToJson(d), "test");
    QVERIFY(back.finance == d.finance);
    // A file without the new keys reads the defaults.
    nlohmann::json j = designToJson(Design());
    for (const char *k : {"facility_usd_per_mw", "colocation_usd_per_kw_month", "cooling_air_usd_per_kw",
                          "cooling_liquid_usd_per_kw", "integration_fraction", "maintenance_fraction",
                          "software_usd_per_gpu_year", "spares_fraction", "delivery_months"})
        QVERIFY2(j.at("design").at("finance").erase(k) == 1, k);
    const Design old = designFromJson(j, "old");
    QVERIFY(old.finance == FinanceSettings());
    QCOMPARE(old.finance.facilityUsdPerMw, 11.7e6);
    QCOMPARE(old.finance.softwareUsdPerGpuYear, 4500.0);
}

QTEST_GUILESS_MAIN(TestCost)
#include "test_cost.moc"
