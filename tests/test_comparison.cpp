// Tests the comparison table (model/comparison.cpp, docs/report.md): the better value marked per
// row, rows traceable to the results JSON, the seeds' dimensions as numbers, and the chart data
// (goodput by checkpoint interval, MFU by GPU count, rack power histogram).

#include "model/core/catalog.h"
#include "model/analysis/assumedstack.h"
#include "model/analysis/comparison.h"
#include "model/analysis/curves.h"
#include "model/analysis/figures.h"
#include "model/core/design.h"
#include "model/cost/uncertainty.h"
#include "model/engine/evaluation.h"
#include "model/io/resultsjson.h"
#include "model/generate/templates.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <algorithm>

#include <cmath>
#include <algorithm>
#include <set>

using namespace cp;

namespace {

Results evaluated(const Catalog &c, const std::string &kind, long long gpus)
{
    TemplateOptions o;
    o.kind = kind;
    o.gpus = gpus;
    o.spareServerFraction = 0.0; // every GPU in the job: the curves double from the design's count
    return evaluate(generateTemplate(o, c), c);
}

const ComparisonRow &row(const std::vector<ComparisonRow> &rows, const std::string &key)
{
    for (const ComparisonRow &r : rows)
        if (r.key == key)
            return r;
    qFatal("no row %s", key.c_str());
}

/// A JSON value at a dotted path ("cost.capex_usd"), or null.
nlohmann::json at(const nlohmann::json &j, const std::string &path)
{
    const nlohmann::json *p = &j;
    size_t start = 0;
    while (start <= path.size()) {
        const size_t dot = path.find('.', start);
        const std::string part = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (!p->is_object() || !p->contains(part))
            return nullptr;
        p = &p->at(part);
        if (dot == std::string::npos)
            break;
        start = dot + 1;
    }
    return *p;
}

} // namespace

class TestComparison : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void betterValueMarked_data();
    void betterValueMarked();
    void keyFiguresText();
    void bestSettledByTheDraws();
    void rowsTraceToResultsJson();
    void seedDimensionsAreNumbers();
    void templatesDiffer();
    void goodputCurvePeaksAtTheOptimum();
    void mfuByGpuCount();
    void rackPowerHistogram();
    void optimalCheckpoint();
    void scalingByGpuCount();
    void busBandwidthByMessageSize();
    void busBandwidthWithoutGpus();
    void powerByRowAndFeed();
    void documented();
    void figureKeysResolveInResultsJson();
    void figureKeysUnique();
    void comparisonRowsNameFigures();
    void assumedStackSideBySide();
    void throughputResponseFollowsTheStackEfficiency();

private:
    Catalog mCatalog = Catalog::builtin();
    Results mClassic;
    Results mSupernode;
};

void TestComparison::initTestCase()
{
    mClassic = evaluated(mCatalog, "classic", 1024);
    mSupernode = evaluated(mCatalog, "supernode", 1152);
    QVERIFY(mClassic.performance.available && mSupernode.performance.available);
    QVERIFY(mClassic.reliability.available && mSupernode.reliability.available);
}

void TestComparison::betterValueMarked_data()
{
    QTest::addColumn<double>("a");
    QTest::addColumn<double>("b");
    QTest::addColumn<bool>("markA");
    QTest::addColumn<bool>("markB");
    // CAPEX: lower is better, compared as printed ($M to 2 decimals).
    QTest::newRow("lower wins") << 10e6 << 20e6 << true << false;
    QTest::newRow("lower wins, second") << 30e6 << 20e6 << false << true;
    QTest::newRow("equal: no mark") << 20e6 << 20e6 << false << false;
    QTest::newRow("equal as printed: no mark") << 20.001e6 << 20.002e6 << false << false;
}

void TestComparison::betterValueMarked()
{
    QFETCH(double, a);
    QFETCH(double, b);
    QFETCH(bool, markA);
    QFETCH(bool, markB);
    Results ra = mClassic, rb = mClassic;
    ra.cost.capexUsd = a;
    rb.cost.capexUsd = b;
    const Comparison c = compareDesigns({{"A", &ra}, {"B", &rb}});
    const ComparisonRow &capex = row(c.keyFigures, "capex");
    QCOMPARE(capex.better, Better::Lower);
    QCOMPARE(capex.cells.size(), size_t(2));
    QCOMPARE(capex.cells[0].best, markA);
    QCOMPARE(capex.cells[1].best, markB);
    // Rows without a better direction are never marked, even when the values differ.
    ra.inventory.gpusTotal = 8;
    const Comparison compared = compareDesigns({{"A", &ra}, {"B", &rb}}); // kept alive: `gpus` refers into it
    const ComparisonRow &gpus = row(compared.keyFigures, "gpus");
    QVERIFY(!gpus.cells[0].best && !gpus.cells[1].best);
}

void TestComparison::keyFiguresText()
{
    // A design with a break-even month beats one without; "never" is printed for the other.
    Results ra = mClassic, rb = mSupernode;
    ra.cost.breakEvenMonth = 30;
    rb.cost.breakEvenMonth = -1;
    // Point figures set by hand: the draws no longer belong to them, so none are compared.
    ra.cost.uncertainty.samples.reset();
    rb.cost.uncertainty.samples.reset();
    const Comparison c = compareDesigns({{"first", &ra}, {"second", &rb}, {"third", &rb}});
    const ComparisonRow &be = row(c.keyFigures, "break_even_month");
    QCOMPARE(be.cells[0].text, std::string("30"));
    QVERIFY(be.cells[0].best);
    QCOMPARE(be.cells[1].text, std::string("never"));
    QVERIFY(!be.cells[1].best);

    const std::string text = cp::keyFiguresText(c);
    QVERIFY(text.find("first") != std::string::npos && text.find("third") != std::string::npos);
    QVERIFY(text.find("\ncloud break-even month ") != std::string::npos);
    QVERIFY(text.find("30*") != std::string::npos);
    QVERIFY(text.find("never*") == std::string::npos);
    // Every key row is printed once, in order, one line each.
    size_t pos = 0;
    for (const ComparisonRow &r : c.keyFigures) {
        const size_t found = text.find("\n" + r.label + " ", pos);
        QVERIFY2(found != std::string::npos, r.label.c_str());
        pos = found + 1;
    }
}

void TestComparison::bestSettledByTheDraws()
{
    // Two parts: the model's throughput errors on them are drawn apart (costDraw), so a few
    // per cent between their times to train is not settled; on one part the draws are shared and
    // twice the GPUs train faster in every draw.
    TemplateOptions o;
    o.gpus = 1024;
    o.spareServerFraction = 0.0;
    o.gpuId = "h200-sxm";
    const Results h200 = evaluate(generateTemplate(o, mCatalog), mCatalog);
    o.gpuId.clear();
    o.gpus = 2048;
    const Results twice = evaluate(generateTemplate(o, mCatalog), mCatalog);
    QVERIFY(h200.cost.uncertainty.available && twice.cost.uncertainty.available);
    const auto check = [](const Results &a, const Results &b, bool expectSettled) {
        const Comparison c = compareDesigns({{"A", &a}, {"B", &b}});
        const ComparisonRow &days = row(c.keyFigures, "time_to_train");
        const int best = days.cells[0].best ? 0 : 1;
        QVERIFY(days.cells[size_t(best)].best && !days.cells[size_t(1 - best)].best);
        const double p = probabilityABetter((best ? b : a).cost.uncertainty, (best ? a : b).cost.uncertainty,
                                            "cost.time_to_train_days");
        QVERIFY2(days.cells[size_t(best)].settled == (p >= kSettledShare), std::to_string(p).c_str());
        QCOMPARE(days.cells[size_t(best)].settled, expectSettled);
        const std::string text = cp::keyFiguresText(c);
        QCOMPARE(text.find("~ ahead as printed") != std::string::npos, !expectSettled);
        // A row the cost Monte Carlo does not draw keeps its plain mark.
        for (const ComparisonCell &cell : row(c.keyFigures, "racks").cells)
            QVERIFY(cell.settled);
    };
    const double gap = std::abs(h200.cost.timeToTrainDays / mClassic.cost.timeToTrainDays - 1.0);
    QVERIFY2(gap > 0.001 && gap < 0.05, std::to_string(gap).c_str());
    check(mClassic, h200, false);
    check(mClassic, twice, true);

    // MFU follows the throughput draw alone: H100 servers against GB200 supernodes within a few
    // per cent is not settled (the parts draw apart); on one part the higher MFU wins every draw.
    const auto mfuBest = [](const Results &a, const Results &b) {
        const Comparison c = compareDesigns({{"A", &a}, {"B", &b}});
        const ComparisonRow &mfu = row(c.keyFigures, "mfu");
        return mfu.cells[0].best ? mfu.cells[0] : mfu.cells[1];
    };
    QVERIFY(std::abs(mClassic.performance.outcome.estimate.mfu / mSupernode.performance.outcome.estimate.mfu - 1.0) < 0.05);
    QVERIFY(!mfuBest(mClassic, mSupernode).settled);
    const double p = probabilityScaledBetter(mClassic.cost.uncertainty, 1.0, mSupernode.cost.uncertainty, 1.0,
                                             ThroughputScaling::Proportional, true);
    QVERIFY2(p > 0.3 && p < 0.7, std::to_string(p).c_str()); // equal points: a coin toss
    Results lower = mClassic;
    lower.performance.outcome.estimate.mfu *= 0.99;
    QVERIFY(mfuBest(mClassic, lower).best && mfuBest(mClassic, lower).settled);
    QCOMPARE(probabilityScaledBetter(mClassic.cost.uncertainty, 1.0, mClassic.cost.uncertainty, 0.99,
                                     ThroughputScaling::Proportional, true), 1.0);
    QCOMPARE(probabilityScaledBetter(mClassic.cost.uncertainty, 1.0, mClassic.cost.uncertainty, 0.99,
                                     ThroughputScaling::Inverse, false), 0.0);

    // Goodput follows the draw's goodput factor, capped at 1: the mark is settled exactly when the
    // leader's capped goodput is the better one in 80 % of the paired draws.
    const auto goodputBest = [](const Results &a, const Results &b) {
        const Comparison c = compareDesigns({{"A", &a}, {"B", &b}});
        const ComparisonRow &g = row(c.keyFigures, "goodput");
        return std::make_pair(g.cells[0].best ? 0 : g.cells[1].best ? 1 : -1, g);
    };
    const auto [leader, goodputRow] = goodputBest(mClassic, mSupernode);
    QVERIFY(leader >= 0);
    const Results &lead = leader == 0 ? mClassic : mSupernode, &other = leader == 0 ? mSupernode : mClassic;
    const double pg = probabilityGoodputBetter(lead.cost.uncertainty, lead.reliability.goodput, other.cost.uncertainty,
                                               other.reliability.goodput);
    QVERIFY(!std::isnan(pg));
    QCOMPARE(goodputRow.cells[size_t(leader)].settled, pg >= kSettledShare);
    // One design against itself a hair lower: the shared factors keep the order until both reach
    // the cap, where they tie, so only the draws below the cap count for the leader.
    Results slightly = mClassic;
    slightly.reliability.goodput -= 0.0004;
    const double cap = probabilityGoodputBetter(mClassic.cost.uncertainty, mClassic.reliability.goodput,
                                                mClassic.cost.uncertainty, slightly.reliability.goodput);
    QVERIFY2(cap > 0.5 && cap <= 1.0, std::to_string(cap).c_str());
    double below = 0, ties = 0;
    for (const DrawFigures &d : *mClassic.cost.uncertainty.samples) {
        const double x = std::min(1.0, mClassic.reliability.goodput * d.goodput);
        const double y = std::min(1.0, slightly.reliability.goodput * d.goodput);
        below += x > y;
        ties += x == y;
    }
    QCOMPARE(cap, (below + 0.5 * ties) / double(mClassic.cost.uncertainty.samples->size()));
    QVERIFY(ties < double(mClassic.cost.uncertainty.samples->size())); // the factors are drawn, not all 1
}

void TestComparison::rowsTraceToResultsJson()
{
    // Every row whose source is one results key shows that key's value, scaled by a unit change
    // (×1, %, k, M) — the report's figures are the JSON's.
    const nlohmann::json j = resultsToJson(mSupernode);
    const Comparison c = compareDesigns({{"s", &mSupernode}, {"c", &mClassic}});
    std::vector<ComparisonRow> rows = c.keyFigures;
    rows.insert(rows.end(), c.dimensions.begin(), c.dimensions.end());
    int traced = 0;
    for (const ComparisonRow &r : rows) {
        if (r.source.empty() || r.source.find_first_of(" ()[]{}*/+-") != std::string::npos)
            continue;
        const nlohmann::json v = at(j, r.source);
        if (!v.is_number())
            continue; // break_even_month is null when it never breaks even
        const double value = r.cells[0].value;
        const double want = v.get<double>();
        bool ok = false;
        for (double scale : {1.0, 100.0, 1e-3, 1e-6, 1e-9})
            ok = ok || std::abs(value - want * scale) <= 1e-9 * std::max(1.0, std::abs(want * scale));
        QVERIFY2(ok, (r.key + ": " + std::to_string(value) + " vs " + r.source + " = " + std::to_string(want)).c_str());
        ++traced;
    }
    QVERIFY2(traced >= 30, std::to_string(traced).c_str());
}

void TestComparison::seedDimensionsAreNumbers()
{
    const Comparison c = compareDesigns({{"c", &mClassic}, {"s", &mSupernode}});
    std::set<std::string> dims;
    std::set<std::string> keys;
    for (const ComparisonRow &r : c.dimensions) {
        dims.insert(r.dimension);
        QVERIFY2(keys.insert(r.key).second, r.key.c_str()); // keys are unique
        QCOMPARE(r.cells.size(), size_t(2));
        if (!r.note.empty()) {
            // A dimension the model has no figure for says so and shows no number.
            for (const ComparisonCell &cell : r.cells)
                QVERIFY(std::isnan(cell.value));
            continue;
        }
        QVERIFY2(!r.source.empty(), r.key.c_str());
        for (const ComparisonCell &cell : r.cells)
            QVERIFY2(std::isfinite(cell.value), (r.key + " has no figure").c_str());
    }
    for (const char *d : {"Architecture", "Communication", "Storage and checkpoints", "Scheduling and placement",
                          "Failure domain", "Redundancy", "Power per rack", "Cooling", "NIC speed", "Scale",
                          "Operations", "Delivery time", "Cost structure", "MFU"})
        QVERIFY2(dims.count(d) == 1, d);
    // Every performance figure the report shows carries its band: the same key with _p10 and _p90,
    // each row within the band's ends (a time's P10 is its short end).
    std::set<std::string> sources;
    for (const ComparisonRow &r : c.dimensions)
        sources.insert(r.source);
    for (const char *key : {"performance.mfu", "performance.model_tflops_per_gpu", "performance.hardware_tflops_per_gpu",
                            "performance.step_time_s", "performance.tokens_per_s", "performance.time_to_train_days"}) {
        const std::string k(key);
        QVERIFY2(sources.count(k) && sources.count(k + "_p10") && sources.count(k + "_p90"), key);
        for (const ComparisonRow &r : c.dimensions)
            if (r.source == k) {
                const ComparisonRow &lo = *std::find_if(c.dimensions.begin(), c.dimensions.end(),
                                                        [&](const ComparisonRow &x) { return x.source == k + "_p10"; });
                const ComparisonRow &hi = *std::find_if(c.dimensions.begin(), c.dimensions.end(),
                                                        [&](const ComparisonRow &x) { return x.source == k + "_p90"; });
                for (size_t i = 0; i < r.cells.size(); ++i)
                    QVERIFY2(lo.cells[i].value <= r.cells[i].value && r.cells[i].value <= hi.cells[i].value &&
                                 lo.cells[i].value < hi.cells[i].value,
                             key);
            }
    }
    // The CAPEX shares add up to the whole.
    for (size_t i = 0; i < 2; ++i) {
        double sum = 0;
        for (const char *k : {"capex_compute", "capex_network", "capex_storage", "capex_power_cooling",
                              "capex_facility", "capex_integration"})
            sum += row(c.dimensions, k).cells[i].value;
        QVERIFY2(std::abs(sum - 100.0) < 1e-6, std::to_string(sum).c_str());
    }
}

void TestComparison::templatesDiffer()
{
    // The seed 004 contrasts, as numbers: the failure domain of one GPU, scale-up bandwidth,
    // liquid cooling and hot spares.
    const Comparison c = compareDesigns({{"classic", &mClassic}, {"supernode", &mSupernode}});
    const ComparisonRow &gpuDomain = row(c.dimensions, "gpu_failure_gpus");
    QCOMPARE(gpuDomain.cells[0].value, 8.0);
    QCOMPARE(gpuDomain.cells[1].value, 72.0);
    QVERIFY(gpuDomain.cells[0].best && !gpuDomain.cells[1].best);
    const ComparisonRow &scaleUp = row(c.dimensions, "scale_up_gb_per_s");
    QVERIFY(scaleUp.cells[1].value > scaleUp.cells[0].value);
    QVERIFY(scaleUp.cells[1].best);
    QVERIFY(row(c.dimensions, "liquid_share").cells[1].value > row(c.dimensions, "liquid_share").cells[0].value);
    QCOMPARE(row(c.dimensions, "spares").cells[1].value, double(mSupernode.inventory.gpusSpare));
    QVERIFY(row(c.dimensions, "spare_share").cells[1].value > 10.0); // 8 of 72
    QVERIFY(row(c.dimensions, "max_rack_kw_dim").cells[1].value > 3 * row(c.dimensions, "max_rack_kw_dim").cells[0].value);
}

void TestComparison::goodputCurvePeaksAtTheOptimum()
{
    const std::vector<double> grid = checkpointIntervalGridMinutes({&mClassic.reliability.job, &mSupernode.reliability.job}, 41);
    QCOMPARE(grid.size(), size_t(41));
    for (size_t i = 1; i < grid.size(); ++i)
        QVERIFY(grid[i] > grid[i - 1]);
    for (const Results *r : {&mClassic, &mSupernode}) {
        const JobModel &job = r->reliability.job;
        const double optMin = dalyIntervalHours(job.checkpointWriteH, job.mtbfHours()) * 60.0;
        QVERIFY(grid.front() < optMin && optMin < grid.back());
        const Curve curve = goodputByCheckpointInterval(job, grid);
        QCOMPARE(curve.x.size(), grid.size());
        size_t peak = 0;
        for (size_t i = 0; i < curve.y.size(); ++i) {
            QVERIFY(curve.y[i] >= 0.0 && curve.y[i] <= 1.0);
            if (curve.y[i] > curve.y[peak])
                peak = i;
        }
        // The highest grid point neighbours the optimum, and no point beats the optimum itself.
        QVERIFY(curve.x[peak] / optMin < grid[1] / grid[0] * 1.0001);
        QVERIFY(optMin / curve.x[peak] < grid[1] / grid[0] * 1.0001);
        QVERIFY(curve.y[peak] <= job.goodput(optMin / 60.0) + 1e-12);
        // Far from the optimum it falls: checkpoints too often, or too much rework.
        QVERIFY(curve.y.front() < curve.y[peak] && curve.y.back() < curve.y[peak]);
    }
    QVERIFY(checkpointIntervalGridMinutes({}).empty());
}

void TestComparison::mfuByGpuCount()
{
    const Curve c = cp::mfuByGpuCount(mClassic.performance, 5);
    QCOMPARE(c.x.size(), size_t(5));
    for (size_t i = 0; i < c.x.size(); ++i) {
        QVERIFY(c.y[i] > 0.0 && c.y[i] < 1.0);
        QCOMPARE(std::fmod(c.x[i], double(mClassic.fabric.domainGpus)), 0.0);
        if (i > 0)
            QCOMPARE(c.x[i], 2 * c.x[i - 1]);
    }
    // The last point is the design itself.
    QCOMPARE(c.x.back(), double(mClassic.performance.spec.cluster.gpus));
    QCOMPARE(c.y.back(), mClassic.performance.outcome.estimate.mfu);
    QVERIFY(cp::mfuByGpuCount(PerformanceResults{}).x.empty());
}

void TestComparison::rackPowerHistogram()
{
    const RackPowerHistogram h = cp::rackPowerHistogram({&mClassic, &mSupernode});
    QCOMPARE(h.racks.size(), size_t(2));
    QVERIFY(h.bins() >= 2 && h.bins() <= 17);
    QVERIFY(h.binKw > 0);
    const Results *rs[] = {&mClassic, &mSupernode};
    for (size_t d = 0; d < 2; ++d) {
        long long sum = 0;
        for (long long n : h.racks[d])
            sum += n;
        QCOMPARE(sum, (long long)rs[d]->power.racks.size());
        // The densest rack falls in the bin of its power.
        const int top = int(rs[d]->power.maxRackKw / h.binKw);
        QVERIFY(h.racks[d][size_t(std::min(top, h.bins() - 1))] > 0);
    }
    // A supernode rack (~120 kW) lands in a higher bin than any classic rack.
    int lastClassic = 0, lastSupernode = 0;
    for (int i = 0; i < h.bins(); ++i) {
        if (h.racks[0][size_t(i)] > 0)
            lastClassic = i;
        if (h.racks[1][size_t(i)] > 0)
            lastSupernode = i;
    }
    QVERIFY(lastSupernode > lastClassic);
}

void TestComparison::optimalCheckpoint()
{
    // δ = 0.1 h, M = 10 h (one class at 0.1 failures/h), no recovery: Daly's
    // √(2δM)·(1 + ⅓√(δ/2M) + δ/18M) − δ = 1.41421·(1 + 0.02357 + 0.00056) − 0.1 = 1.34833 h.
    JobModel job;
    job.classes.push_back(FailureClass{"gpu", 0.1});
    job.checkpointWriteH = 0.1;
    const CheckpointPoint p = cp::optimalCheckpoint(job);
    QVERIFY(std::abs(p.intervalMinutes - 1.34833 * 60.0) < 0.01);
    QCOMPARE(p.goodput, job.goodput(p.intervalMinutes / 60.0));
    // It is the peak: shorter or longer intervals do worse.
    QVERIFY(job.goodput(p.intervalMinutes / 60.0 * 0.8) < p.goodput);
    QVERIFY(job.goodput(p.intervalMinutes / 60.0 * 1.25) < p.goodput);
    // No failures or no checkpoint: no optimum.
    QCOMPARE(cp::optimalCheckpoint(JobModel{}).intervalMinutes, 0.0);
    JobModel noWrite = job;
    noWrite.checkpointWriteH = 0;
    QCOMPARE(cp::optimalCheckpoint(noWrite).intervalMinutes, 0.0);
    // The design's own optimum sits inside the chart's grid.
    const CheckpointPoint d = cp::optimalCheckpoint(mClassic.reliability.job);
    const std::vector<double> grid = checkpointIntervalGridMinutes({&mClassic.reliability.job});
    QVERIFY(d.intervalMinutes > grid.front() && d.intervalMinutes < grid.back());
}

void TestComparison::scalingByGpuCount()
{
    const ScalingCurve s = cp::scalingByGpuCount(mClassic.performance, 4);
    QCOMPARE(s.gpus.size(), size_t(4));
    QCOMPARE(s.mfu.size(), s.gpus.size());
    QCOMPARE(s.timeToTrainDays.size(), s.gpus.size());
    for (size_t i = 1; i < s.gpus.size(); ++i) {
        QCOMPARE(s.gpus[i], 2 * s.gpus[i - 1]);
        // Twice the GPUs at no better MFU: never less than half the time, and strictly faster.
        QVERIFY(s.timeToTrainDays[i] < s.timeToTrainDays[i - 1]);
        QVERIFY(s.timeToTrainDays[i] >= s.timeToTrainDays[i - 1] / 2.0 * (s.mfu[i - 1] / s.mfu[i]) * 0.999);
    }
    // The design's own point is its outcome; the MFU curve is the same data.
    QCOMPARE(s.timeToTrainDays.back(), mClassic.performance.outcome.estimate.timeToTrainDays);
    QCOMPARE(s.mfu.back(), mClassic.performance.outcome.estimate.mfu);
    const Curve m = cp::mfuByGpuCount(mClassic.performance, 4);
    QCOMPARE(m.x, s.gpus);
    QCOMPARE(m.y, s.mfu);
    QVERIFY(cp::scalingByGpuCount(PerformanceResults{}).gpus.empty());

    // A team reaching half the tuned throughput (seed 002) halves every point, not only the
    // design's own: the curve keeps its shape.
    TemplateOptions o;
    o.kind = "classic";
    o.gpus = 1024;
    o.spareServerFraction = 0.0;
    Design d = generateTemplate(o, mCatalog);
    d.workload.stackEfficiency = 0.5;
    const Results half = evaluate(d, mCatalog);
    const ScalingCurve h = cp::scalingByGpuCount(half.performance, 4);
    QCOMPARE(h.gpus, s.gpus);
    for (size_t i = 0; i < h.gpus.size(); ++i) {
        QVERIFY(std::abs(h.mfu[i] - 0.5 * s.mfu[i]) < 1e-12);
        QVERIFY(std::abs(h.timeToTrainDays[i] - 2.0 * s.timeToTrainDays[i]) < 1e-9 * s.timeToTrainDays[i]);
    }
}

void TestComparison::busBandwidthByMessageSize()
{
    // Classic 1,024 GPUs: 8-GPU NVLink domains at 450 GB/s, 400 Gb/s NICs, 64-port switches,
    // non-blocking. Levels: one domain (8), one leaf (32 ports down × 8 rails = 256), the rest.
    const std::vector<TierBandwidth> tiers = cp::busBandwidthByMessageSize(mClassic.performance);
    QVERIFY(tiers.size() >= 3);
    QCOMPARE(tiers[0].tier, std::string("scale-up domain"));
    QCOMPARE(tiers[0].gpus, 8LL);
    QCOMPARE(tiers[1].tier, std::string("leaf"));
    QCOMPARE(tiers[1].gpus, 256LL);
    QCOMPARE(tiers.back().gpus, mClassic.performance.spec.cluster.gpus);
    for (const TierBandwidth &t : tiers) {
        // 1 KiB to 16 GiB, doubling: 25 sizes.
        QCOMPARE(t.curve.x.size(), size_t(25));
        QCOMPARE(t.curve.x.front(), 1024.0);
        QCOMPARE(t.curve.x.back(), 16.0 * (1ll << 30));
        // Latency dominates small messages: bus bandwidth never falls as messages grow.
        for (size_t i = 1; i < t.curve.y.size(); ++i)
            QVERIFY(t.curve.y[i] >= t.curve.y[i - 1] * (1 - 1e-9));
        QVERIFY(t.curve.y.front() < t.curve.y.back() / 10);
    }
    // Inside the domain, by hand: ring all-reduce of S = 16 GiB on 8 ranks at 450 × 0.80 = 360 GB/s
    // and α = 3 µs: t = 2·7/8·S/B + 2·7·α = 0.0835077 s + 42 µs; bus bandwidth 2·7/8·S/t = 359.82 GB/s.
    QVERIFY(std::abs(tiers[0].curve.y.back() - 359.82) < 0.05);
    // Under one leaf, the ring across 32 domains: one hop in 8 leaves the server, on one of its 8
    // NICs at 50 × 0.90 = 45 GB/s, so the NIC leg (S/8 at 45) is slower than the NVLink leg (7/8·S
    // at 360) and paces it: t = 2·255/256·S/(8·45 GB/s) + 2·255·5 µs = 0.097621 s; bus bandwidth
    // 2·255/256·S/t = 350.6 GB/s — the servers' 8 NICs together, as NCCL measures multi-node
    // (192 GB/s on DGX A100's 8 × 200G, NVIDIA/nccl#812). The two-level form (reduce-scatter in the
    // domain, then S/8 across, one after the other) would give 194.5.
    QVERIFY(std::abs(tiers[1].curve.y.back() - 350.6) < 0.5);
    // All-to-all is bound by the NIC beyond one domain: below the line rate of 50 GB/s.
    const auto a2a = cp::busBandwidthByMessageSize(mClassic.performance, CollectiveKind::AllToAll);
    QVERIFY(a2a.back().curve.y.back() < 50.0);
    QCOMPARE(std::string(collectiveName(CollectiveKind::AllToAll)), std::string("all-to-all"));
    // A supernode's domain is its 72 GPUs (64 active + spares the job may use or not: the model's).
    const auto sn = cp::busBandwidthByMessageSize(mSupernode.performance);
    QCOMPARE(sn.front().gpus, (long long)mSupernode.performance.spec.cluster.domainGpus);
    QVERIFY(sn.front().curve.y.back() > tiers[0].curve.y.back());
}

void TestComparison::busBandwidthWithoutGpus()
{
    QVERIFY(cp::busBandwidthByMessageSize(PerformanceResults{}).empty());
    QVERIFY(cp::busBandwidthByMessageSize(mClassic.performance, CollectiveKind::AllReduce, 0.0).empty());
    QVERIFY(cp::busBandwidthByMessageSize(mClassic.performance, CollectiveKind::AllReduce, 1e6, 1e3).empty());
}

void TestComparison::powerByRowAndFeed()
{
    PowerResults p;
    p.kwByRow = {{"Row 01", 70.0}, {"Row 02", 30.0}};
    RackPower a, b, c;
    a.row = "Row 01", a.maxKw = 45, a.limitKw = 40;
    b.row = "Row 01", b.maxKw = 35, b.limitKw = 40;
    c.row = "Row 02", c.maxKw = 33, c.limitKw = 50;
    p.racks = {a, b, c};
    const std::vector<LoadBar> rows = powerByRow(p);
    QCOMPARE(rows.size(), size_t(2));
    QCOMPARE(rows[0].name, std::string("Row 01"));
    QCOMPARE(rows[0].loadKw, 70.0);
    QCOMPARE(rows[0].nameplateKw, 80.0);
    QCOMPARE(rows[0].capacityKw, 80.0);
    QCOMPARE(rows[1].capacityKw, 50.0);
    // 2N feed: both busways carry everything in the worst failure; an N+1 trio with a weak unit.
    p.nameplateKwByFeed = {{"F1", 300.0}, {"F2", 500.0}};
    p.powerUnits = {{"BW1", "busway", 300, 460, "F1", 150}, {"BW2", "busway", 300, 460, "F1", 150},
                    {"U1", "ups", 250, 500, "F2", 160}, {"U2", "ups", 250, 300, "F2", 160},
                    {"U3", "ups", 250, 500, "F2", 180}, {"U4", "ups", 90, 100, "", 90}};
    const std::vector<LoadBar> feeds = powerByFeed(p);
    QCOMPARE(feeds.size(), size_t(3));
    QCOMPARE(feeds[0].name, std::string("F1"));
    QCOMPARE(feeds[0].loadKw, 300.0);
    QCOMPARE(feeds[0].capacityKw, 460.0);
    QCOMPARE(feeds[0].nameplateKw, 300.0);
    QCOMPARE(feeds[1].name, std::string("F2"));
    QCOMPARE(feeds[1].capacityKw, 300.0); // U2 at 83 % speaks for the feed
    QCOMPARE(feeds[1].nameplateKw, 500.0);
    QCOMPARE(feeds[2].name, std::string("U4")); // no group: the unit is its own feed
    // The evaluated design: every row of kw_by_row, every group of power units.
    QCOMPARE(powerByRow(mClassic.power).size(), mClassic.power.kwByRow.size());
    std::set<std::string> groups;
    for (const UnitLoad &u : mClassic.power.powerUnits)
        groups.insert(u.group.empty() ? u.unitId : u.group);
    QCOMPARE(powerByFeed(mClassic.power).size(), groups.size());
}

void TestComparison::documented()
{
    // docs/report.md lists every row with the key it comes from.
    const std::string doc = cptest::readFile(std::string(CP_SOURCE_DIR) + "/docs/report.md");
    QVERIFY(!doc.empty());
    const Comparison c = compareDesigns({{"c", &mClassic}});
    for (const std::vector<ComparisonRow> *rows : {&c.keyFigures, &c.dimensions})
        for (const ComparisonRow &r : *rows) {
            const std::string line = "| " + r.label + " | " + (r.source.empty() ? "" : "`" + r.source + "`");
            QVERIFY2(doc.find(line) != std::string::npos, line.c_str());
        }
    for (const ComparisonRow &r : c.dimensions)
        QVERIFY2(doc.find("### " + r.dimension + "\n") != std::string::npos, r.dimension.c_str());
}

void TestComparison::figureKeysResolveInResultsJson()
{
    // Every JSON figure of the table is in resultsToJson's output, with the value the table reads;
    // a figure whose part was not evaluated is absent.
    Results none;
    for (const Results *r : {&mClassic, &mSupernode, &none}) {
        const nlohmann::json j = resultsToJson(*r);
        for (const Figure &f : figures()) {
            if (f.json == FigureJson::None) {
                QVERIFY2(f.key.substr(0, 8) == "derived.", std::string(f.key).c_str());
                continue;
            }
            const std::string key(f.key);
            const nlohmann::json v = at(j, key);
            if (!f.available(*r)) {
                QVERIFY2(v.is_null(), key.c_str());
                continue;
            }
            const double read = f.read(*r);
            if (std::isnan(read)) {
                QVERIFY2(v.is_null() && at(j, std::string(f.jsonSection())).contains(std::string(f.jsonName())),
                         key.c_str());
                continue;
            }
            QVERIFY2(v.is_number(), key.c_str());
            QCOMPARE(v.get<double>(), read);
            const bool whole = f.json == FigureJson::Integer || f.json == FigureJson::IntegerOrNull;
            if (f.json != FigureJson::Estimate)
                QVERIFY2(whole ? v.is_number_integer() : v.is_number_float(), key.c_str());
        }
    }
}

void TestComparison::figureKeysUnique()
{
    std::set<std::string> keys;
    for (const Figure &f : figures()) {
        QVERIFY2(keys.insert(std::string(f.key)).second, std::string(f.key).c_str());
        QVERIFY(f.read != nullptr);
        QCOMPARE(&figure(f.key), &f);
    }
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, figure("inventory.no_such_figure"));
}

void TestComparison::comparisonRowsNameFigures()
{
    // Each row shows a figure of the table, with the table's words, decimals and direction.
    const Comparison c = compareDesigns({{"c", &mClassic}, {"s", &mSupernode}});
    for (const std::vector<ComparisonRow> *rows : {&c.keyFigures, &c.dimensions})
        for (const ComparisonRow &r : *rows) {
            const Figure &f = figure(r.figure);
            const FigureView &view = rows == &c.keyFigures ? f.brief : f.comparisonView();
            QVERIFY2(!view.label.empty(), r.key.c_str());
            QCOMPARE(r.label, std::string(view.label));
            QCOMPARE(r.decimals, view.decimals);
            QCOMPARE(r.better, f.better);
        }
}

QTEST_GUILESS_MAIN(TestComparison)
#include "test_comparison.moc"

void TestComparison::assumedStackSideBySide()
{
    // Each design's cell is its own effect (assumptionEffects at its layout), the fields in a fixed
    // order; a field no design assumed is not a row.
    const std::vector<ComparedDesign> designs{{"classic", &mClassic}, {"supernode", &mSupernode}};
    const Comparison c = compareDesigns(designs);
    const std::vector<AssumedStackRow> rows = assumedStackRows(designs, c);
    QVERIFY(rows.size() >= 3);
    QCOMPARE(rows.front().field, std::string("training.grad_reduce"));
    QCOMPARE(assumedStackLabel(rows.front()), std::string("grad_reduce fp32 -> bf16"));
    for (size_t d = 0; d < designs.size(); ++d) {
        const Results &r = *designs[d].results;
        const std::vector<AssumptionEffect> own = assumptionEffects(r.performance.spec, r.performance.outcome);
        size_t present = 0;
        for (const AssumedStackRow &row : rows) {
            QCOMPARE(row.effects.size(), designs.size());
            if (!row.effects[d])
                continue;
            ++present;
            const auto it = std::find_if(own.begin(), own.end(), [&](const AssumptionEffect &a) { return a.field == row.field; });
            QVERIFY(it != own.end());
            QCOMPARE(row.effects[d]->throughputChange, it->throughputChange);
            QCOMPARE(row.effects[d]->runs, it->runs);
            QCOMPARE(row.someDoNotFit || !it->runs, row.someDoNotFit);
        }
        QCOMPARE(present, own.size());
    }
    // Overlap off costs both designs throughput; the cell says by how much, as printed.
    const auto overlap = std::find_if(rows.begin(), rows.end(), [](const AssumedStackRow &r) { return r.field == "training.overlap_comm"; });
    QVERIFY(overlap != rows.end() && overlap->effects[0] && overlap->effects[0]->runs);
    QVERIFY(overlap->effects[0]->throughputChange < -0.01);
    char shown[32];
    std::snprintf(shown, sizeof shown, "%+.1f %%", 100.0 * overlap->effects[0]->throughputChange);
    QCOMPARE(assumedStackCellText(overlap->effects[0]), std::string(shown));
    QCOMPARE(assumedStackCellText(std::nullopt), std::string("-"));

    // Lead changes, recomputed by hand: 256 against 10,240 H100 (the seeds' scale comparison).
    // With overlap off the small cluster loses more, so some throughput row changes leader; every
    // row listed does, at the row's printed decimals, and no row left out does.
    const Results small = evaluated(mCatalog, "classic", 256), large = evaluated(mCatalog, "classic", 10240);
    const std::vector<ComparedDesign> scale{{"256", &small}, {"10k", &large}};
    const Comparison sc = compareDesigns(scale);
    const std::vector<AssumedStackRow> scaleRows = assumedStackRows(scale, sc);
    const auto shownLeader = [](const ComparisonRow &row, const std::vector<double> &factor, ThroughputScaling s) {
        double v[2];
        for (int i = 0; i < 2; ++i) {
            const double x = s == ThroughputScaling::Proportional ? row.cells[size_t(i)].value * factor[size_t(i)]
                                                                    : row.cells[size_t(i)].value / factor[size_t(i)];
            char buf[64];
            std::snprintf(buf, sizeof buf, "%.*f", row.decimals, x);
            v[i] = std::atof(buf);
        }
        if (v[0] == v[1])
            return -1;
        return (row.better == Better::Higher) == (v[0] > v[1]) ? 0 : 1;
    };
    int changes = 0, rowsChecked = 0;
    for (const AssumedStackRow &field : scaleRows) {
        if (field.someDoNotFit) {
            QVERIFY(field.leadChanges.empty());
            continue;
        }
        std::vector<double> factor;
        for (const std::optional<AssumptionEffect> &e : field.effects)
            factor.push_back(e ? 1.0 + e->throughputChange : 1.0);
        std::set<std::string> seen;
        for (const std::vector<ComparisonRow> *list : {&sc.keyFigures, &sc.dimensions})
            for (const ComparisonRow &row : *list) {
                const std::optional<ThroughputScaling> s = throughputResponseOf(row.figure);
                if (!s || row.better == Better::Neither || !seen.insert(row.figure).second)
                    continue;
                ++rowsChecked;
                const int before = shownLeader(row, {1.0, 1.0}, *s), after = shownLeader(row, factor, *s);
                const auto listed = std::find_if(field.leadChanges.begin(), field.leadChanges.end(),
                                                 [&](const LeadChange &l) { return l.key == row.key; });
                const bool changed = before >= 0 && after >= 0 && before != after;
                QVERIFY2(changed == (listed != field.leadChanges.end()), (field.field + " " + row.key).c_str());
                if (changed) {
                    ++changes;
                    QCOMPARE(listed->before, before);
                    QCOMPARE(listed->after, after);
                }
            }
    }
    QVERIFY(rowsChecked >= 5);
    QVERIFY2(changes >= 1, "overlap off should hand some throughput row to the 10,240-GPU cluster");
    const std::string scaleText = assumedStackText(scaleRows, sc);
    QVERIFY(scaleText.find("Rows whose leader changes") != std::string::npos);

    // The text names the fields and says no leader changes where none does.
    const std::string text = assumedStackText(rows, c);
    QVERIFY(text.find("overlap_comm true -> false") != std::string::npos);
    QVERIFY(assumedStackText({}, c).empty());
}

void TestComparison::throughputResponseFollowsTheStackEfficiency()
{
    // workload.stack_efficiency scales the training throughput alone: every figure
    // throughputResponseOf names moves with it (in proportion or inversely), and the assumed
    // fields' effects, a ratio at the layout, do not.
    TemplateOptions o;
    o.kind = "classic";
    o.gpus = 1024;
    o.spareServerFraction = 0.0;
    const Design full = generateTemplate(o, mCatalog);
    Design half = full;
    half.workload.stackEfficiency = 0.5;
    const Results rf = evaluate(full, mCatalog), rh = evaluate(half, mCatalog);
    const Comparison c = compareDesigns({{"full", &rf}, {"half", &rh}});
    int named = 0;
    for (const std::vector<ComparisonRow> *list : {&c.keyFigures, &c.dimensions})
        for (const ComparisonRow &row : *list) {
            const std::optional<ThroughputScaling> s = throughputResponseOf(row.figure);
            if (!s || std::isnan(row.cells[0].value))
                continue;
            ++named;
            const double expected = *s == ThroughputScaling::Proportional ? 0.5 : 2.0;
            const double ratio = row.cells[1].value / row.cells[0].value;
            QVERIFY2(std::abs(ratio / expected - 1.0) < 0.02,
                     (row.figure + ": " + std::to_string(ratio) + " for " + std::to_string(expected)).c_str());
        }
    QVERIFY(named >= 8);
    const std::vector<AssumptionEffect> ef = assumptionEffects(rf.performance.spec, rf.performance.outcome);
    const std::vector<AssumptionEffect> eh = assumptionEffects(rh.performance.spec, rh.performance.outcome);
    QCOMPARE(eh.size(), ef.size());
    QVERIFY(!ef.empty());
    for (size_t i = 0; i < ef.size(); ++i) {
        QCOMPARE(eh[i].field, ef[i].field);
        QVERIFY2(std::abs(eh[i].throughputChange - ef[i].throughputChange) < 1e-12, eh[i].field.c_str());
    }
}
