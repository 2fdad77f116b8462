// Tests the cost stage (model/cost.cpp, docs/cost.md): the energy and cloud arithmetic against
// published figures, invariants on the templates, CAPEX categories, the bill of materials and its CSV.

#include "model/core/catalog.h"
#include "model/core/textcells.h"
#include "model/cost/cost.h"
#include "model/cost/schedule.h"
#include "model/core/design.h"
#include "model/io/designjson.h"
#include "model/engine/evaluation.h"
#include "model/io/resultsjson.h"
#include "model/generate/templates.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>
#include <tuple>

using namespace cp;

namespace {

Design templateDesign(const Catalog &c, const std::string &kind, long long gpus)
{
    TemplateOptions o;
    o.kind = kind;
    o.gpus = gpus;
    return generateTemplate(o, c);
}

/// The cloud path without the utilisation and the price decline, and a building written off over
/// the design's life (no residual value): the arithmetic the older tests check by hand.
Design plain(Design d)
{
    d.finance.fleetUtilisation = 1.0;
    d.finance.cloudPriceDeclinePerYear = 0.0;
    d.finance.facilityLifeYears = d.finance.lifeYears;
    return d;
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
    void cloudPricePerAccelerator();
    void levelAnnuityPresentValue();
    void discountedBreakEvenNoEarlier();
    void reservedCommitsWholeTerms();
    void cloudHostedPaysRent();
    void stackEfficiencyScalesThroughput();
    void invariantsOnExamples_data();
    void invariantsOnExamples();
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
    Design d = plain(templateDesign(c, "classic", 1024));
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
    // TCO = CAPEX + delivery + OPEX × life − the building's residual value, and the monthly curve ends on it.
    QVERIFY(cost.residualValueUsd > 0);
    QVERIFY(near(cost.tcoUsd,
                 cost.capexUsd + cost.deliveryCostUsd + cost.opexUsdPerYear * cost.lifeYears - cost.residualValueUsd,
                 1e-12));
    QVERIFY(near(cost.cumulativeUsdByMonth.back(), cost.tcoUsd, 1e-9));
    // The CAPEX is paid as it is delivered: the hall over the months it takes, the hardware when
    // it arrives (the delivery less its installation); by then all of it is paid.
    const double installMonths = weeksToMonths(cost.delivery.installWeeks);
    const size_t arrival = size_t(std::ceil(cost.deliveryMonths - installMonths - 1e-9));
    const double building = cost.facilityBuildUsd + cost.coolingPlantUsd;
    QVERIFY(arrival >= 1);
    QVERIFY(cost.cumulativeUsdByMonth[arrival - 1] <= building + 1e-6);
    QVERIFY(cost.cumulativeUsdByMonth[arrival] >= cost.capexUsd);
    QVERIFY(cost.cumulativeUsdByMonth.front() < cost.capexUsd);
    // Rising every month but the last, which credits the residual value.
    for (size_t m = 1; m + 1 < cost.cumulativeUsdByMonth.size(); ++m)
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
    // The whole cluster's cost over the compute its jobs deliver: $ per effective PFLOP-hour ×
    // effective PFLOP/s per job GPU × the jobs' GPUs × the fleet utilisation = the cluster's $ per
    // hour (every paid GPU's, spares and idle remainders included).
    QVERIFY(cost.effectivePflopsPerGpu > 0);
    const double jobGpus = double(r.performance.outcome.gpusUsed) * std::max(1, r.performance.jobs);
    QVERIFY(jobGpus <= double(cost.gpusPaid));
    QVERIFY(near(cost.costPerEffectivePflopHourUsd * cost.effectivePflopsPerGpu * jobGpus * cost.fleetUtilisation,
                 cost.costPerGpuHourUsd * double(cost.gpusPaid), 1e-12));
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

    // Formula injection (OWASP "CSV Injection"): a text a spreadsheet would run gets a leading
    // quote; a plain number is left alone; TSV fields never split a row.
    CP_COMPARE_STR(csvField("=HYPERLINK(\"http://x\",\"y\")"), "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"");
    CP_COMPARE_STR(csvField("+cmd|' /C calc'!A0"), "'+cmd|' /C calc'!A0");
    CP_COMPARE_STR(csvField("@SUM(A1)"), "'@SUM(A1)");
    CP_COMPARE_STR(csvField("-2+3"), "'-2+3");
    CP_COMPARE_STR(csvField("\tx"), "'\tx");
    CP_COMPARE_STR(csvField("-1.5"), "-1.5");
    CP_COMPARE_STR(csvField("+3e2"), "+3e2");
    CP_COMPARE_STR(tsvField("=cmd"), "'=cmd");
    CP_COMPARE_STR(tsvField("row\t1\nrow 2\r"), "row 1 row 2 ");
    // A design named like a formula: every BOM row's first cell is neutralised.
    const std::string evil = bomToCsv({{"=HYPERLINK(\"http://x\")", &r.cost}});
    const auto evilRows = parseCsv(evil);
    for (size_t i = 1; i < evilRows.size(); ++i)
        QCOMPARE(evilRows[i][0].front(), '\'');
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
    // The delivery from lead times: a liquid-cooled hall of ~2 MW waits for its switchgear (47
    // weeks, longer than its 6.5 months of construction), then 6 weeks of installation; then 5
    // years, month by month from the order.
    QVERIFY(r.cost.deliveryFromLeadTimes);
    QVERIFY(r.cost.deliveryMonths > 12.0);
    QCOMPARE(j.at("cumulative_usd_by_month").size(), size_t(std::ceil(r.cost.deliveryMonths + 60 - 1e-9)) + 1);
    QCOMPARE(j.at("delivery").at("critical_item").get<std::string>(), std::string("switchgear"));
    QVERIFY(std::abs(j.at("delivery").at("weeks").get<double>() - (47.0 + 6.0)) < 1e-9);
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
    d.finance.cloudPricing = CloudPricing::Reserved;
    d.finance.cloudReservedUsdPerGpuHour = 1.7; // 1-year H100 contract low, Oct 2025 (figures.md A.5)
    d.finance.reservedTermYears = 3.0;
    d.finance.discountRate = 0.1;
    d.finance.ownership = Ownership::CloudHosted;
    d.workload.stackEfficiency = 0.55;
    d.reliability.spareServers = 41;
    const Design back = designFromJson(designToJson(d), "test");
    QVERIFY(back.finance == d.finance);
    QVERIFY(back == d);
    // Bad values are refused with their place.
    for (const auto &[key, value, place] :
         {std::tuple<const char *, nlohmann::json, const char *>{"cloud_pricing", "spot", "finance.cloud_pricing"},
          {"ownership", "leased", "finance.ownership"},
          {"discount_rate", 8, "finance.discount_rate"},
          {"reserved_term_years", 0, "finance.reserved_term_years"}}) {
        nlohmann::json j = designToJson(d);
        j["design"]["finance"][key] = value;
        try {
            designFromJson(j, "bad.json");
            QFAIL(key);
        } catch (const LoadError &e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QString::fromLatin1(place)), e.what());
        }
    }
    // A file without the new keys reads the defaults.
    nlohmann::json j = designToJson(Design());
    for (const char *k : {"facility_usd_per_mw", "colocation_usd_per_kw_month", "cooling_air_usd_per_kw",
                          "cooling_liquid_usd_per_kw", "integration_fraction", "maintenance_fraction",
                          "software_usd_per_gpu_year", "spares_fraction", "delivery_months"})
        QVERIFY2(j.at("design").at("finance").erase(k) == 1, k);
    const Design old = designFromJson(j, "old");
    QVERIFY(old.finance == FinanceSettings());
    QCOMPARE(old.finance.facilityUsdPerMw, 11.7e6);
    QCOMPARE(old.finance.softwareUsdPerGpuYear, 0.0); // an explicit option, off by default
}

namespace {

/// A hand-built result: `gpus` GPUs, no parts (no CAPEX), no power; the OPEX is then the staff
/// (2 FTE × $200,000) and, where a test sets it, the software (GPUs × $4,500) lines only.
Results bareResults(long long gpus)
{
    Results r;
    r.inventory.gpusTotal = r.inventory.gpusActive = gpus;
    return r;
}

/// The classic and supernode designs of the four example comparisons (resources/examples/,
/// scripts/examples.sh) at the same sizes, generated the same way.
Design exampleDesign(const Catalog &c, const QString &name)
{
    TemplateOptions o;
    if (name == QStringLiteral("16k-classic")) {
        o = {"classic", 16384, "", kRecommendedSpareServerFraction};
    } else if (name == QStringLiteral("16k-supernode")) {
        o = {"supernode", 16416, "", 0.0};
    } else if (name == QStringLiteral("256")) {
        o = {"classic", 256, "", 0.0};
    } else if (name == QStringLiteral("10k")) {
        o = {"classic", 10240, "", kRecommendedSpareServerFraction};
    } else if (name == QStringLiteral("hosted")) {
        o = {"classic", 2048, "", 0.0};
        Design d = generateTemplate(o, c);
        d.finance.ownership = Ownership::CloudHosted;
        d.finance.lifeYears = 3.0;
        return d;
    } else if (name == QStringLiteral("100k-classic")) {
        o = {"classic", 102400, "", kRecommendedSpareServerFraction};
    } else {
        o = {"supernode", 102528, "", 0.0};
    }
    return generateTemplate(o, c);
}

} // namespace

void TestCost::cloudPricePerAccelerator()
{
    // Each design is compared with the cloud price of its own accelerator (catalog figures with
    // sources), not the H100 price for every design.
    const Catalog c = Catalog::builtin();
    const Results h100 = evaluate(templateDesign(c, "classic", 1024), c);
    const Results gb200 = evaluate(templateDesign(c, "supernode", 1152), c);
    QCOMPARE(h100.cost.cloudAcceleratorId, std::string("h100-sxm"));
    QCOMPARE(gb200.cost.cloudAcceleratorId, std::string("gb200"));
    QCOMPARE(h100.cost.cloudUsdPerGpuHour, c.at("h100-sxm").figure("cloud_usd_per_gpu_hour"));
    QCOMPARE(gb200.cost.cloudUsdPerGpuHour, c.at("gb200").figure("cloud_usd_per_gpu_hour"));
    QVERIFY(gb200.cost.cloudUsdPerGpuHour > h100.cost.cloudUsdPerGpuHour);
    QVERIFY(gb200.cost.cloudPriceSource.find("catalog gb200") == 0);
    for (const CatalogEntry *e : c.ofKind(PartKind::Accelerator)) {
        QVERIFY2(e->figure("cloud_usd_per_gpu_hour") > 0, e->id.c_str());
        QVERIFY2(e->figure("cloud_reserved_usd_per_gpu_hour") <= e->figure("cloud_usd_per_gpu_hour"), e->id.c_str());
        QVERIFY(!e->sourceOf("cloud_usd_per_gpu_hour").empty());
    }
    // A design's own setting wins, and the cloud line follows it.
    Design d = templateDesign(c, "supernode", 1152);
    d.finance.cloudUsdPerGpuHour = 6.5;
    const CostResults own = evaluate(d, c).cost;
    QCOMPARE(own.cloudUsdPerGpuHour, 6.5);
    CP_COMPARE_STR(own.cloudPriceSource, std::string("design setting"));
    // The on-demand alternative rents the useful hours only.
    QVERIFY(near(own.cloudUsdPerYear, double(own.gpusPaid) * 8760.0 * 6.5 * d.finance.fleetUtilisation, 1e-12));
}

void TestCost::levelAnnuityPresentValue()
{
    // A level monthly payment P for n months at a yearly rate r, each paid at its month's end:
    // PV = P (1 − (1 + i)^−n) / i with i = (1 + r)^(1/12) − 1. At r = 10 %, n = 24:
    // i = 0.00797414, 1.1^−2 = 0.82644628, annuity factor (1 − 0.82644628) / 0.00797414 = 21.76457.
    QVERIFY(near(annuityPresentValue(1.0, 24, 0.10), 21.76457, 1e-6));
    QCOMPARE(annuityPresentValue(5.0, 12, 0.0), 60.0); // no discounting: the plain sum
    QVERIFY(near(discountFactor(0.10, 24.0), 0.82644628, 1e-8));

    // Through the cost stage: 100 GPUs, no parts, 2 years, no delivery, 10 %. OPEX = 2 FTE ×
    // $200,000 + 100 × $4,500 = $850,000 a year = $70,833.33 a month → PV $1,541,657. The cloud
    // rents 100 GPUs × 730 h × $2 = $146,000 a month → PV $3,177,627.
    const Catalog c = Catalog::builtin();
    Design d;
    d.finance.lifeYears = 2.0;
    d.finance.deliveryMonths = 0.0;
    d.finance.discountRate = 0.10;
    d.finance.cloudUsdPerGpuHour = 2.0;
    d.finance.softwareUsdPerGpuYear = 4500.0; // the list price, as an explicit option
    d.finance.staffFte = 2.0;                  // set, not the default that grows with the cluster
    d = plain(d);
    CostResults cost = evaluateCost(d, c, bareResults(100));
    QVERIFY(near(cost.opexUsdPerYear, 850000.0, 1e-12));
    QVERIFY(near(cost.tcoPresentValueUsd, 1541657.0, 1e-6));
    QVERIFY(near(cost.cloudPresentValueUsd, 3177627.0, 1e-6));
    QVERIFY(near(cost.cloudTotalUsd, 146000.0 * 24, 1e-12));
    QVERIFY(near(cost.npvOwningVsCloudUsd, 3177627.0 - 1541657.0, 1e-5));
    QVERIFY(cost.tcoPresentValueUsd < cost.tcoUsd); // money later is worth less
    QCOMPARE(cost.discountedCumulativeUsdByMonth.size(), cost.cumulativeUsdByMonth.size());

    // Six months of delivery defer the cloud's rent by half a year: × 1.1^−0.5 = 0.95346.
    d.finance.deliveryMonths = 6.0;
    cost = evaluateCost(d, c, bareResults(100));
    QVERIFY(near(cost.cloudPresentValueUsd, 3177627.0 * 0.9534626, 1e-6));

    // At a rate of 0 the present values are the undiscounted totals.
    d.finance.discountRate = 0.0;
    cost = evaluateCost(d, c, bareResults(100));
    QVERIFY(near(cost.tcoPresentValueUsd, cost.tcoUsd, 1e-12));
    QVERIFY(near(cost.cloudPresentValueUsd, cost.cloudTotalUsd, 1e-12));
    QCOMPARE(cost.breakEvenMonthDiscounted, cost.breakEvenMonth);
}

void TestCost::discountedBreakEvenNoEarlier()
{
    // Owning pays its CAPEX up front, the cloud spreads its rent: discounting favours the later
    // payments, so the discounted break-even is never earlier than the undiscounted one.
    const Catalog c = Catalog::builtin();
    for (const char *kind : {"classic", "supernode"}) {
        Design d = plain(templateDesign(c, kind, 1024)); // no residual credit at the end
        for (double price : {3.0, 4.17, 6.0}) {
            d.finance.cloudUsdPerGpuHour = price;
            const CostResults cost = evaluate(d, c).cost;
            if (cost.breakEvenMonthDiscounted >= 0)
                QVERIFY2(cost.breakEvenMonthDiscounted >= cost.breakEvenMonth, kind);
            else
                QVERIFY(cost.breakEvenMonth >= -1);
            QVERIFY(cost.tcoPresentValueUsd < cost.tcoUsd);
        }
    }
}

void TestCost::reservedCommitsWholeTerms()
{
    const Catalog c = Catalog::builtin();
    Design d;
    d.finance.lifeYears = 5.0;
    d.finance.deliveryMonths = 0.0;
    d.finance.discountRate = 0.0;
    d.finance.cloudUsdPerGpuHour = 3.0;
    d = plain(d);
    d.finance.cloudReservedUsdPerGpuHour = 2.0;
    const CostResults onDemand = evaluateCost(d, c, bareResults(100));
    QCOMPARE(onDemand.cloudUsdPerGpuHour, 3.0);
    QVERIFY(near(onDemand.cloudTotalUsd, 100 * 8760.0 * 5 * 3.0, 1e-12));
    d.finance.cloudPricing = CloudPricing::Reserved;
    d.finance.reservedTermYears = 2.0;
    const CostResults reserved = evaluateCost(d, c, bareResults(100));
    QCOMPARE(reserved.cloudUsdPerGpuHour, 2.0);
    // A 5-year life on 2-year terms pays for 3 terms = 6 years: 100 × 8,760 × 6 × $2 = $10.512M.
    QVERIFY(near(reserved.cloudTotalUsd, 10.512e6, 1e-12));
    QVERIFY(near(reserved.cloudCommittedUsd, 100 * 8760.0 * 2 * 2.0, 1e-12));
    // A job shorter than the term still pays the whole term: 100 GPUs for 10 days on a 2-year term.
    Results r = bareResults(100);
    r.performance.available = true;
    r.performance.outcome.gpusUsed = 100;
    r.performance.outcome.estimate.timeToTrainDays = 10.0;
    const CostResults job = evaluateCost(d, c, r);
    QVERIFY(near(job.trainGpuHours, 100 * 240.0, 1e-12));
    QVERIFY(near(job.cloudCostToTrainUsd, 100 * 8760.0 * 2 * 2.0, 1e-12));
    // From the catalog: the accelerator's reserved figure.
    Design h = templateDesign(c, "classic", 256);
    h.finance.cloudPricing = CloudPricing::Reserved;
    QCOMPARE(evaluate(h, c).cost.cloudUsdPerGpuHour, c.at("h100-sxm").figure("cloud_reserved_usd_per_gpu_hour"));
}

void TestCost::cloudHostedPaysRent()
{
    // Seed 002: a cloud-hosted cluster has no CAPEX; it pays rent per GPU-hour monthly, and no
    // energy, facility or hardware maintenance.
    const Catalog c = Catalog::builtin();
    Design d = plain(templateDesign(c, "classic", 1024));
    d.finance.ownership = Ownership::CloudHosted;
    const Results r = evaluate(d, c);
    const CostResults &cost = r.cost;
    QCOMPARE(cost.capexUsd, 0.0);
    QVERIFY(cost.bom.empty());
    const double price = c.at("h100-sxm").figure("cloud_usd_per_gpu_hour");
    QVERIFY(near(cost.opexByCategoryUsdPerYear.at("cloud_rent"), 1024 * 8760.0 * price, 1e-12));
    QCOMPARE(cost.opexByCategoryUsdPerYear.at("energy"), 0.0);
    QCOMPARE(cost.opexByCategoryUsdPerYear.at("maintenance"), 0.0);
    QCOMPARE(cost.staffFte, 2.0);
    QVERIFY(near(cost.tcoUsd, cost.deliveryCostUsd + cost.opexUsdPerYear * cost.lifeYears, 1e-12));
    // Renting the same GPUs plus a team never beats renting them: no break-even.
    QCOMPARE(cost.breakEvenMonth, -1);
    QCOMPARE(std::string(resultsToJson(r).at("cost").at("ownership").get<std::string>()), std::string("cloud_hosted"));
    // The same design self-built costs CAPEX.
    QVERIFY(evaluate(templateDesign(c, "classic", 1024), c).cost.capexUsd > 1e7);
}

void TestCost::stackEfficiencyScalesThroughput()
{
    // Seed 002: a new self-built team reaches "20-something %" MFU where a tuned stack reaches
    // 40 %+; the workload's stack efficiency scales the modelled throughput.
    const Catalog c = Catalog::builtin();
    Design d = templateDesign(c, "classic", 1024);
    const Results tuned = evaluate(d, c);
    d.workload.stackEfficiency = 0.55;
    const Results team = evaluate(d, c);
    QVERIFY(tuned.performance.available && team.performance.available);
    const auto &a = tuned.performance.outcome.estimate, &b = team.performance.outcome.estimate;
    QVERIFY(near(b.mfu, a.mfu * 0.55, 1e-9));
    QVERIFY(near(b.tokensPerS, a.tokensPerS * 0.55, 1e-9));
    QVERIFY(near(b.timeToTrainDays, a.timeToTrainDays / 0.55, 1e-9));
    QVERIFY(team.cost.costPerEffectivePflopHourUsd > tuned.cost.costPerEffectivePflopHourUsd);
    d.workload.stackEfficiency = 1.5;
    bool flagged = false;
    for (const Problem &p : evaluate(d, c).problems)
        flagged = flagged || p.place == "workload.stack_efficiency";
    QVERIFY(flagged);
}

void TestCost::invariantsOnExamples_data()
{
    QTest::addColumn<QString>("name");
    for (const char *n : {"16k-classic", "16k-supernode", "256", "10k", "hosted", "100k-classic", "100k-supernode"})
        QTest::newRow(n) << QString::fromLatin1(n);
}

void TestCost::invariantsOnExamples()
{
    // The invariants on the designs of the example comparisons (generated as
    // scripts/examples.sh generates them): more GPUs at the same price never lower CAPEX; a higher
    // energy price never lowers TCO; the break-even month moves later when the cloud price falls.
    QFETCH(QString, name);
    const Catalog c = Catalog::builtin();
    const Design d = exampleDesign(c, name);
    const Results base = evaluate(d, c);
    QVERIFY(base.cost.available);

    // More GPUs: the same design with one more compute rack's contents duplicated.
    Design more = d;
    for (const Rack &r : d.racks)
        if (!r.contents.empty()) {
            const CatalogEntry *e = c.find(r.contents.front().catalogId);
            if (e && (e->kind == PartKind::Server || e->kind == PartKind::Supernode)) {
                Rack copy = r;
                copy.id += "-extra";
                copy.xM += 0.6;
                more.racks.push_back(copy);
                break;
            }
        }
    const Results bigger = evaluate(more, c);
    QVERIFY(bigger.inventory.gpusTotal > base.inventory.gpusTotal);
    QVERIFY(bigger.cost.capexUsd >= base.cost.capexUsd);

    Design dear = d;
    dear.finance.energyUsdPerKwh = d.finance.energyUsdPerKwh * 2.0;
    QVERIFY(evaluate(dear, c).cost.tcoUsd >= base.cost.tcoUsd);

    // Cloud price falling from 3× to a third of the catalog price: the break-even (undiscounted and
    // discounted) never comes earlier; "never" (-1) counts as the latest.
    const auto later = [](int a, int b) { return b < 0 || (a >= 0 && b >= a); };
    int last = 0, lastPv = 0;
    for (double f : {3.0, 2.0, 1.5, 1.0, 0.7, 0.33}) {
        Design cheap = d;
        cheap.finance.cloudUsdPerGpuHour = base.cost.cloudOnDemandUsdPerGpuHour * f;
        const CostResults cost = evaluate(cheap, c).cost;
        QVERIFY2(later(last, cost.breakEvenMonth), qPrintable(QString::number(f)));
        QVERIFY2(later(lastPv, cost.breakEvenMonthDiscounted), qPrintable(QString::number(f)));
        last = cost.breakEvenMonth < 0 ? -1 : cost.breakEvenMonth;
        lastPv = cost.breakEvenMonthDiscounted < 0 ? -1 : cost.breakEvenMonthDiscounted;
    }
}

QTEST_GUILESS_MAIN(TestCost)
#include "test_cost.moc"
