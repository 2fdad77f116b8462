// Tests the cost ranges (model/cost/uncertainty.h, docs/cost.md "Ranges and decisions"): the
// same seed gives the same numbers, point ranges collapse to the point figures, the quantiles
// order, the probability that one design beats another, the tornado, fleet and break-even
// utilisation, the cloud price decline and the building's residual value.

#include "model/analysis/likeforlike.h"
#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/cost/cost.h"
#include "model/cost/uncertainty.h"
#include "model/engine/evaluation.h"
#include "model/generate/templates.h"
#include "model/io/designjson.h"
#include "model/io/resultsjson.h"
#include "model/training/publishedruns.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <cmath>

using namespace cp;

namespace {

Design templateDesign(const Catalog &c, const std::string &kind, long long gpus, const std::string &gpu = {})
{
    TemplateOptions o;
    o.kind = kind;
    o.gpus = gpus;
    o.gpuId = gpu;
    return generateTemplate(o, c);
}

/// Every uncertain input's range a point.
Design pointRanges(Design d)
{
    for (const CostInputSpec &s : costInputs())
        d.finance.ranges[s.key] = {1.0, 1.0};
    return d;
}

} // namespace

class TestCostRanges : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sameSeedSameNumbers();
    void pointRangesCollapseToThePoint();
    void quantilesOrderAndBracketThePoint();
    void probabilityOfBeating();
    void throughputDrawnPerPart();
    void tornadoRanksInputs();
    void breakEvenUtilisation();
    void cloudPriceDecline();
    void residualValue();
    void rangesRoundTripAndReject();
    void likeForLike();
};

void TestCostRanges::sameSeedSameNumbers()
{
    const Catalog c = Catalog::builtin();
    Design d = templateDesign(c, "classic", 1024);
    const nlohmann::json a = resultsToJson(evaluate(d, c)).at("cost");
    const nlohmann::json b = resultsToJson(evaluate(d, c)).at("cost");
    for (const char *k : {"tco_usd_p10", "tco_usd_p50", "tco_usd_p90", "cost_per_effective_pflop_hour_usd_p90",
                          "time_to_train_days_p10", "npv_owning_vs_cloud_usd_p50"}) {
        QVERIFY2(a.at(k).is_number(), k);
        QCOMPARE(a.at(k).get<double>(), b.at(k).get<double>());
    }
    QCOMPARE(a.at("break_even_month_p10"), b.at("break_even_month_p10"));
    // Another seed draws other numbers.
    d.finance.uncertaintySeed = 7;
    const nlohmann::json other = resultsToJson(evaluate(d, c)).at("cost");
    QVERIFY(other.at("tco_usd_p50").get<double>() != a.at("tco_usd_p50").get<double>());
}

void TestCostRanges::pointRangesCollapseToThePoint()
{
    const Catalog c = Catalog::builtin();
    for (const char *kind : {"classic", "supernode"}) {
        const Results r = evaluate(pointRanges(templateDesign(c, kind, 1152)), c);
        const CostResults &cost = r.cost;
        const CostUncertainty &u = cost.uncertainty;
        QVERIFY(u.available);
        for (const auto &[spread, point] :
             {std::pair{u.tco, cost.tcoUsd}, {u.npv, cost.npvOwningVsCloudUsd},
              {u.costPerEffectivePflopHour, cost.costPerEffectivePflopHourUsd},
              {u.costPerMillionTokens, cost.costPerMillionTokensUsd}, {u.timeToTrainDays, cost.timeToTrainDays},
              {u.costToTrain, cost.costToTrainUsd}}) {
            QCOMPARE(spread.p10, point);
            QCOMPARE(spread.p50, point);
            QCOMPARE(spread.p90, point);
        }
        QCOMPARE(u.breakEvenP10, cost.breakEvenMonth);
        QCOMPARE(u.breakEvenP90, cost.breakEvenMonth);
        QVERIFY(cost.timeToTrainDays > 0);
        // The JSON carries them under the documented keys.
        const nlohmann::json j = resultsToJson(r).at("cost");
        QCOMPARE(j.at("tco_usd_p10").get<double>(), j.at("tco_usd").get<double>());
        QCOMPARE(j.at("cost_per_effective_pflop_hour_usd_p90").get<double>(),
                 j.at("cost_per_effective_pflop_hour_usd").get<double>());
    }
}

void TestCostRanges::quantilesOrderAndBracketThePoint()
{
    const Catalog c = Catalog::builtin();
    const Results r = evaluate(templateDesign(c, "classic", 4096), c);
    const CostUncertainty &u = r.cost.uncertainty;
    QCOMPARE(u.draws, 1000);
    for (const Spread &s : {u.tco, u.npv, u.costPerEffectivePflopHour, u.timeToTrainDays}) {
        QVERIFY(s.p10 < s.p50);
        QVERIFY(s.p50 < s.p90);
    }
    // The typical inputs sit inside the P10-P90 band of every figure.
    QVERIFY(u.tco.p10 < r.cost.tcoUsd && r.cost.tcoUsd < u.tco.p90);
    QVERIFY(u.timeToTrainDays.p10 < r.cost.timeToTrainDays && r.cost.timeToTrainDays < u.timeToTrainDays.p90);
    QVERIFY(std::isfinite(u.pOwningBeatsCloud) && u.pOwningBeatsCloud >= 0 && u.pOwningBeatsCloud <= 1);
}

void TestCostRanges::probabilityOfBeating()
{
    const Catalog c = Catalog::builtin();
    const Design smallDesign = templateDesign(c, "classic", 1024);
    Design largeDesign = templateDesign(c, "classic", 4096);
    largeDesign.workload = smallDesign.workload; // the same work on both
    const Results small = evaluate(smallDesign, c);
    const Results large = evaluate(largeDesign, c);
    // The larger cluster costs more in every draw and trains faster in every draw: the same seed
    // draws the same inputs for both (common random numbers).
    QCOMPARE(probabilityABetter(small.cost.uncertainty, large.cost.uncertainty, "cost.tco_usd"), 1.0);
    QCOMPARE(probabilityABetter(small.cost.uncertainty, large.cost.uncertainty, "cost.time_to_train_days"), 0.0);
    // A design against itself ties in every draw.
    QCOMPARE(probabilityABetter(small.cost.uncertainty, small.cost.uncertainty, "cost.tco_usd"), 0.5);
    // P(A better) + P(B better) = 1.
    const double ab = probabilityABetter(small.cost.uncertainty, large.cost.uncertainty, "cost.cost_per_effective_pflop_hour_usd");
    const double ba = probabilityABetter(large.cost.uncertainty, small.cost.uncertainty, "cost.cost_per_effective_pflop_hour_usd");
    QVERIFY(std::abs(ab + ba - 1.0) < 1e-12);
    QVERIFY(std::isnan(probabilityABetter(small.cost.uncertainty, CostUncertainty(), "cost.tco_usd")));
}

/// The throughput's draw is the accelerator's own: designs on one part share it (common random
/// numbers), designs on two parts draw it independently, as the published pairs say the model's
/// errors on two parts are not correlated; every other input is drawn as before.
void TestCostRanges::throughputDrawnPerPart()
{
    // The evidence (docs/cost.md): the log ratio of the two errors of a same-stack pair on two
    // parts has an rms no less than √2 × the spread of one row's held-out error, so no error is
    // shared between the parts.
    std::vector<double> logRatios;
    for (const PartPair &p : sameStackPartPairs())
        logRatios.push_back(std::log(p.ratio));
    QCOMPARE(logRatios.size(), size_t(32));
    double ss = 0;
    for (double v : logRatios)
        ss += v * v;
    const double pairRms = std::sqrt(ss / double(logRatios.size()));
    std::vector<double> rowErrors;
    for (const PublishedRun &r : publishedRuns())
        if (!r.communicationBound)
            rowErrors.push_back(std::log(1.0 + r.heldOutPct / 100.0));
    double mean = 0;
    for (double v : rowErrors)
        mean += v / double(rowErrors.size());
    double var = 0;
    for (double v : rowErrors)
        var += (v - mean) * (v - mean) / double(rowErrors.size());
    const double rowSd = std::sqrt(var);
    QCOMPARE(std::lround(pairRms * 1000), 146L);
    QCOMPARE(std::lround(rowSd * 1000), 97L);
    QVERIFY(pairRms >= std::sqrt(2.0) * rowSd); // implied correlation 1 − rms² / (2 sd²) ≤ 0

    // The draws: one part, one throughput; two parts, two, and every other input the same.
    std::array<FactorRange, kCostInputs> ranges;
    for (const CostInputSpec &spec : costInputs())
        ranges[size_t(spec.id)] = spec.range.low > 0 ? spec.range : FactorRange{0.88, 1.15};
    double sumA = 0, sumB = 0, sumAB = 0, sumAA = 0, sumBB = 0;
    const int n = 1000;
    for (int i = 0; i < n; ++i) {
        const CostDraw a = costDraw(ranges, 1, i, "b200"), b = costDraw(ranges, 1, i, "gb200");
        const CostDraw again = costDraw(ranges, 1, i, "b200"), common = costDraw(ranges, 1, i);
        for (size_t k = 0; k < kCostInputs; ++k) {
            QCOMPARE(again.factor[k], a.factor[k]);
            if (CostInput(k) != CostInput::Throughput) {
                QCOMPARE(b.factor[k], a.factor[k]);
                QCOMPARE(common.factor[k], a.factor[k]);
            }
        }
        const double x = std::log(a[CostInput::Throughput]), y = std::log(b[CostInput::Throughput]);
        sumA += x, sumB += y, sumAB += x * y, sumAA += x * x, sumBB += y * y;
    }
    const double cov = sumAB / n - sumA / n * sumB / n;
    const double corr = cov / std::sqrt((sumAA / n - sumA / n * sumA / n) * (sumBB / n - sumB / n * sumB / n));
    QVERIFY2(std::fabs(corr) < 0.1, std::to_string(corr).c_str());

    // Two designs with the same work: B200 servers against GB200 supernodes. Their times to train
    // differ by less than their bands, so with the parts drawn apart neither is faster in every draw;
    // the same two designs on one part (H100 servers at two sizes) still order in every draw.
    const Catalog c = Catalog::builtin();
    const Design servers = templateDesign(c, "classic", 4096, "b200");
    Design supernodes = templateDesign(c, "supernode", 4096, "gb200");
    supernodes.workload = servers.workload;
    const Results rs = evaluate(servers, c), rn = evaluate(supernodes, c);
    QCOMPARE(rs.cost.uncertainty.part, std::string("b200"));
    QCOMPARE(rn.cost.uncertainty.part, std::string("gb200"));
    const double p = probabilityABetter(rs.cost.uncertainty, rn.cost.uncertainty, "cost.time_to_train_days");
    QVERIFY2(p > 0.02 && p < 0.98, std::to_string(p).c_str());
}

void TestCostRanges::tornadoRanksInputs()
{
    const Catalog c = Catalog::builtin();
    const Results r = evaluate(templateDesign(c, "classic", 1024), c);
    const auto &t = r.cost.uncertainty.tornado;
    QCOMPARE(t.size(), kCostInputs);
    for (size_t i = 1; i < t.size(); ++i)
        QVERIFY(t[i - 1].swing() >= t[i].swing());
    // A dearer cloud makes owning look better; a dearer server worse.
    for (const TornadoBar &b : t) {
        if (b.input == CostInput::CloudPrice)
            QVERIFY(b.npvAtHigh > b.npvAtLow);
        if (b.input == CostInput::ComputePrice)
            QVERIFY(b.npvAtHigh < b.npvAtLow);
        // Throughput and goodput do not move the NPV (the cloud rents the same hours), but the
        // cost per effective PFLOP-hour.
        if (b.input == CostInput::Throughput)
            QVERIFY(b.cpeAtHigh < b.cpeAtLow);
    }
}

void TestCostRanges::breakEvenUtilisation()
{
    // Seed 002: owning pays only above a utilisation. At the break-even utilisation owning and
    // renting on demand have the same present value.
    const Catalog c = Catalog::builtin();
    Design d = templateDesign(c, "classic", 1024);
    const CostResults cost = evaluate(d, c).cost;
    QVERIFY(std::isfinite(cost.breakEvenUtilisation) && cost.breakEvenUtilisation > 0);
    if (cost.breakEvenUtilisation <= 1.0) {
        d.finance.fleetUtilisation = cost.breakEvenUtilisation;
        const CostResults atIt = evaluate(d, c).cost;
        QVERIFY(std::abs(atIt.npvOwningVsCloudUsd) < 1e-6 * atIt.tcoPresentValueUsd);
    }
    // Renting less (lower utilisation) lowers the cloud path, so the NPV of owning falls.
    d.finance.fleetUtilisation = 0.5;
    const double low = evaluate(d, c).cost.npvOwningVsCloudUsd;
    d.finance.fleetUtilisation = 1.0;
    QVERIFY(evaluate(d, c).cost.npvOwningVsCloudUsd > low);
    // A reservation pays idle hours too: no break-even utilisation.
    d.finance.cloudPricing = CloudPricing::Reserved;
    QVERIFY(std::isnan(evaluate(d, c).cost.breakEvenUtilisation));
}

void TestCostRanges::cloudPriceDecline()
{
    const Catalog c = Catalog::builtin();
    Design d = templateDesign(c, "classic", 1024);
    d.finance.cloudPriceDeclinePerYear = 0.0;
    d.finance.fleetUtilisation = 1.0;
    d.finance.deliveryMonths = 6.0; // whole months: the last month's rent is a whole month's
    const CostResults flat = evaluate(d, c).cost;
    // Without a decline the cloud pays the same price every productive month.
    const double months = flat.lifeYears * 12.0;
    QVERIFY(std::abs(flat.cloudTotalUsd - flat.cloudUsdPerYear / 12.0 * months) < 1e-6 * flat.cloudTotalUsd);
    d.finance.cloudPriceDeclinePerYear = 0.2;
    const CostResults falling = evaluate(d, c).cost;
    QVERIFY(falling.cloudTotalUsd < flat.cloudTotalUsd);
    // The last productive month's rent is (1 − 0.2)^((delivery + life) / 12) of the order's price.
    const auto &cum = falling.cloudCumulativeUsdByMonth;
    const double last = cum[cum.size() - 1] - cum[cum.size() - 2];
    const double expected = falling.cloudUsdPerYear / 12.0 * std::pow(0.8, double(cum.size() - 1) / 12.0);
    QVERIFY(std::abs(last - expected) < 1e-9 * expected);
}

void TestCostRanges::residualValue()
{
    const Catalog c = Catalog::builtin();
    Design d = templateDesign(c, "classic", 1024);
    const CostResults cost = evaluate(d, c).cost;
    // A 20-year building used for 5 years keeps 15/20 of its cost (and its plant's).
    const double building = cost.facilityBuildUsd + cost.coolingPlantUsd;
    QVERIFY(building > 0);
    QVERIFY(std::abs(cost.residualValueUsd - building * 0.75) < 1e-9 * building);
    d.finance.facilityLifeYears = d.finance.lifeYears;
    QCOMPARE(evaluate(d, c).cost.residualValueUsd, 0.0);
}

void TestCostRanges::rangesRoundTripAndReject()
{
    Design d;
    d.finance.ranges["energy_price"] = {0.5, 2.0};
    d.finance.uncertaintySeed = 42;
    const Design back = designFromJson(designToJson(d), "x");
    QVERIFY(back.finance == d.finance);
    for (const auto &[key, value, place] :
         {std::tuple{"ranges", nlohmann::json{{"bogus", {{"low", 0.5}, {"high", 2.0}}}}, "finance.ranges.bogus"},
          {"ranges", nlohmann::json{{"energy_price", {{"low", 1.5}}}}, "finance.ranges.energy_price.low"},
          {"fleet_utilisation", nlohmann::json(1.5), "finance.fleet_utilisation"},
          {"cloud_price_decline_per_year", nlohmann::json(-0.1), "finance.cloud_price_decline_per_year"},
          {"uncertainty_draws", nlohmann::json(-1), "finance.uncertainty_draws"}}) {
        nlohmann::json j = designToJson(Design());
        j["design"]["finance"][key] = value;
        try {
            designFromJson(j, "bad.json");
            QFAIL(place);
        } catch (const LoadError &e) {
            QVERIFY2(std::string(e.what()).find(place) != std::string::npos, e.what());
        }
    }
}

void TestCostRanges::likeForLike()
{
    const Catalog c = Catalog::builtin();
    const Design a = templateDesign(c, "classic", 1152);
    const Design b = templateDesign(c, "supernode", 1152);
    const Design same = templateDesign(c, "classic", 1152, "b200");
    const Results ra = evaluate(a, c), rb = evaluate(b, c), rs = evaluate(same, c);
    std::vector<std::string> w = likeForLikeWarnings({comparedSide("A", a, ra), comparedSide("B", b, rb)});
    QCOMPARE(w.size(), size_t(1));
    QVERIFY(w[0].find("GPU generation") != std::string::npos && w[0].find("Hopper") != std::string::npos);
    Design other = a;
    other.workload.name = "Another model";
    other.workload.tokens = 1e12;
    w = likeForLikeWarnings({comparedSide("A", a, ra), comparedSide("O", other, ra)});
    QCOMPARE(w.size(), size_t(2));
    // Seed 004 like for like: B200 servers against GB200 NVL72 racks are one generation (Blackwell);
    // only the architecture differs, so no warning.
    w = likeForLikeWarnings({comparedSide("S", same, rs), comparedSide("B", b, rb)});
    QVERIFY(w.empty());
    QCOMPARE(comparedSide("S", same, rs).generation, std::string("Blackwell"));
}

QTEST_GUILESS_MAIN(TestCostRanges)
#include "test_costranges.moc"
