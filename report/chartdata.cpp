#include "report/chartdata.h"

#include <QCoreApplication>
#include <QtGlobal>

#include "model/reliability/policy.h"
#include "model/engine/evaluation.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace cp::report {

namespace {

/// Colours of the parts of a whole (cost categories, fabric levels, load against capacity):
/// Paul Tol's "bright" scheme, distinct from the design colours' order.
const char *partColour(size_t i)
{
    static const char *kColours[] = {"#4477AA", "#EE6677", "#228833", "#CCBB44", "#66CCEE", "#AA3377", "#BBBBBB"};
    return kColours[i % 7];
}

/// Readable names of the cost categories, in the order the cost stage documents them.
const std::vector<std::pair<std::string, std::string>> &capexCategories()
{
    static const std::vector<std::pair<std::string, std::string>> c = {
        {"compute", "compute"},   {"network", "network"},   {"storage", "storage"},
        {"power_cooling", "power and cooling"}, {"facility", "facility"}, {"integration", "integration"}};
    return c;
}

const std::vector<std::pair<std::string, std::string>> &opexCategories()
{
    static const std::vector<std::pair<std::string, std::string>> c = {
        {"energy", "energy"},  {"maintenance", "maintenance"}, {"software", "software"},
        {"staff", "staff"},    {"spares", "spares"},           {"colocation", "colocation"}};
    return c;
}

/// Stacked bars of one map of categories per design ($M): the known categories first, in order,
/// then any other the designs hold.
ChartData stackedCost(const std::vector<ChartDesign> &designs,
                      const std::map<std::string, double> CostResults::*map,
                      const std::vector<std::pair<std::string, std::string>> &known)
{
    ChartData c;
    std::vector<const ChartDesign *> costed;
    for (const ChartDesign &d : designs)
        if (d.results && d.results->cost.available)
            costed.push_back(&d);
    std::vector<std::pair<std::string, std::string>> categories = known;
    for (const ChartDesign *d : costed)
        for (const auto &[key, usd] : d->results->cost.*map)
            if (std::none_of(categories.begin(), categories.end(), [&](const auto &k) { return k.first == key; }))
                categories.emplace_back(key, key);
    for (const ChartDesign *d : costed)
        c.categories.push_back(d->label);
    if (costed.empty())
        return c;
    for (size_t k = 0; k < categories.size(); ++k) {
        ChartSeries s{categories[k].second};
        s.colour = partColour(k);
        bool any = false;
        for (const ChartDesign *d : costed) {
            const auto &m = d->results->cost.*map;
            const auto it = m.find(categories[k].first);
            const double v = it == m.end() ? 0.0 : it->second / 1e6;
            any = any || v != 0.0;
            s.y.push_back(v);
        }
        if (any)
            c.series.push_back(std::move(s));
    }
    return c;
}

} // namespace

std::string fixed(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

/// A number with thousands separators ("25,472").
std::string grouped(double v, int decimals)
{
    std::string s = fixed(v < 0 ? -v : v, decimals);
    const size_t dot = s.find('.');
    const size_t intEnd = dot == std::string::npos ? s.size() : dot;
    std::string out;
    for (size_t i = 0; i < intEnd; ++i) {
        if (i > 0 && (intEnd - i) % 3 == 0)
            out += ',';
        out += s[i];
    }
    out += s.substr(intEnd);
    return (v < 0 ? "-" : "") + out;
}

bool ChartData::hasData() const
{
    for (const ChartSeries &s : series)
        if (!s.y.empty())
            return true;
    return false;
}

const char *designColour(size_t i)
{
    // Okabe & Ito (2008), a palette that stays distinct for colour-blind readers.
    static const char *kColours[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"};
    return kColours[i % 6];
}

ChartData tcoChart(const std::vector<ChartDesign> &designs)
{
    ChartData c;
    c.id = "tco";
    c.title = QT_TRANSLATE_NOOP("cp::report::Charts", "Cumulative cost: owning (solid) vs renting the same GPU-hours (dashed)");
    c.xTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "months from order");
    c.yTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "cumulative cost, $M");
    c.xUnit = "month";
    c.yUnit = "$M";
    c.xTick = 12;
    c.empty = QT_TRANSLATE_NOOP("cp::report::Charts", "no cost figures");
    for (const ChartDesign &d : designs) {
        if (!d.results || !d.results->cost.available)
            continue;
        const CostResults &cost = d.results->cost;
        // One legend entry per design: its colour; the dash pattern tells owning from renting.
        ChartSeries own{d.label, d.colour}, cloud{d.label + " cloud", d.colour};
        cloud.dashed = true;
        cloud.inLegend = false;
        for (size_t m = 0; m < cost.cumulativeUsdByMonth.size(); ++m) {
            own.x.push_back(double(m));
            own.y.push_back(cost.cumulativeUsdByMonth[m] / 1e6);
        }
        for (size_t m = 0; m < cost.cloudCumulativeUsdByMonth.size(); ++m) {
            cloud.x.push_back(double(m));
            cloud.y.push_back(cost.cloudCumulativeUsdByMonth[m] / 1e6);
        }
        c.series.push_back(std::move(own));
        c.series.push_back(std::move(cloud));
        if (cost.breakEvenMonth >= 0 && size_t(cost.breakEvenMonth) < cost.cumulativeUsdByMonth.size()) {
            ChartSeries be{d.label + " break-even", d.colour};
            be.markers = true;
            be.inLegend = false;
            be.x.push_back(double(cost.breakEvenMonth));
            be.y.push_back(cost.cumulativeUsdByMonth[size_t(cost.breakEvenMonth)] / 1e6);
            c.series.push_back(std::move(be));
        }
    }
    return c;
}

ChartData capexChart(const std::vector<ChartDesign> &designs)
{
    ChartData c = stackedCost(designs, &CostResults::capexByCategoryUsd, capexCategories());
    c.id = "capex";
    c.title = QT_TRANSLATE_NOOP("cp::report::Charts", "CAPEX by category");
    c.xTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "design");
    c.yTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "CAPEX, $M");
    c.yUnit = "$M";
    c.stacked = true;
    c.empty = QT_TRANSLATE_NOOP("cp::report::Charts", "no cost figures");
    return c;
}

ChartData opexChart(const std::vector<ChartDesign> &designs)
{
    ChartData c = stackedCost(designs, &CostResults::opexByCategoryUsdPerYear, opexCategories());
    c.id = "opex";
    c.title = QT_TRANSLATE_NOOP("cp::report::Charts", "OPEX per year by category");
    c.xTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "design");
    c.yTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "OPEX, $M per year");
    c.yUnit = "$M/yr";
    c.stacked = true;
    c.empty = QT_TRANSLATE_NOOP("cp::report::Charts", "no cost figures");
    return c;
}

ChartData rackPowerChart(const std::vector<ChartDesign> &designs, int maxBins)
{
    std::vector<const Results *> results;
    for (const ChartDesign &d : designs)
        results.push_back(d.results);
    const RackPowerHistogram h = rackPowerHistogram(results, maxBins);
    ChartData c;
    c.id = "rack_power";
    c.title = QT_TRANSLATE_NOOP("cp::report::Charts", "Rack power distribution");
    c.xTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "IT power per rack at training load, kW");
    c.yTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "racks");
    c.yUnit = "racks";
    c.empty = QT_TRANSLATE_NOOP("cp::report::Charts", "no racks");
    for (int b = 0; b < h.bins(); ++b)
        c.categories.push_back(grouped(b * h.binKw, h.binKw < 1 ? 1 : 0) + "–" +
                               grouped((b + 1) * h.binKw, h.binKw < 1 ? 1 : 0));
    for (size_t i = 0; i < designs.size(); ++i) {
        ChartSeries s{designs[i].label, designs[i].colour};
        for (long long n : h.racks[i])
            s.y.push_back(double(n));
        c.series.push_back(std::move(s));
    }
    return c;
}

ChartData policyChart(const std::vector<ChartDesign> &designs)
{
    ChartData c;
    c.id = "policy";
    c.title = QT_TRANSLATE_NOOP("cp::report::Charts", "Goodput by resilience policy");
    c.xTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "policy");
    c.yTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "goodput, %");
    c.yUnit = "%";
    c.empty = QT_TRANSLATE_NOOP("cp::report::Charts", "no training job (no GPUs or no workload)");
    for (const PolicyPreset &p : resiliencePresets())
        c.categories.push_back(p.label);
    for (const ChartDesign &d : designs) {
        if (!d.results || !d.results->reliability.available || d.results->reliability.byPolicy.empty())
            continue;
        ChartSeries s{d.label, d.colour};
        for (const auto &p : d.results->reliability.byPolicy)
            s.y.push_back(p.goodput * 100.0);
        c.series.push_back(std::move(s));
    }
    return c;
}

ChartData tornadoChart(const ChartDesign &design, size_t bars)
{
    ChartData c;
    c.id = "tornado";
    c.title = QT_TRANSLATE_NOOP("cp::report::Charts", "What moves the verdict: NPV of owning vs the cloud");
    c.titleSuffix = design.label.empty() ? "" : ", " + design.label;
    c.xTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "uncertain input (docs/cost.md)");
    c.yTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "change of the NPV, $M");
    c.yUnit = "$M";
    c.empty = QT_TRANSLATE_NOOP("cp::report::Charts", "no cost ranges (the design has no cost figures)");
    if (!design.results || !design.results->cost.uncertainty.available)
        return c;
    const CostResults &cost = design.results->cost;
    ChartSeries low{QT_TRANSLATE_NOOP("cp::report::Charts", "input at its P10"), design.colour},
        high{QT_TRANSLATE_NOOP("cp::report::Charts", "input at its P90"), design.colour};
    low.colour = "#56B4E9";
    high.colour = "#D55E00";
    for (const TornadoBar &b : cost.uncertainty.tornado) {
        if (c.categories.size() >= bars || b.swing() <= 0)
            break;
        c.categories.push_back(costInputs()[size_t(b.input)].label);
        low.y.push_back((b.npvAtLow - cost.npvOwningVsCloudUsd) / 1e6);
        high.y.push_back((b.npvAtHigh - cost.npvOwningVsCloudUsd) / 1e6);
    }
    if (c.categories.empty())
        return c;
    c.yFromZero = false;
    c.series.push_back(std::move(low));
    c.series.push_back(std::move(high));
    return c;
}

ChartData sparesChart(const std::vector<ChartDesign> &designs)
{
    ChartData c;
    c.id = "spares";
    c.title = QT_TRANSLATE_NOOP("cp::report::Charts", "Goodput and tokens after failures vs hot spares (dashed: goodput)");
    c.xTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "hot spares per scale-up domain");
    c.yTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "share, % (tokens: of the design's own spares)");
    c.xUnit = "spares";
    c.yUnit = "%";
    c.yFromZero = false;
    c.empty = QT_TRANSLATE_NOOP("cp::report::Charts", "no supernode design (spares are per scale-up domain of a supernode)");
    for (const ChartDesign &d : designs) {
        if (!d.results || d.results->reliability.bySpares.empty())
            continue;
        ChartSeries after{d.label + " tokens after failures", d.colour};
        ChartSeries good{d.label + " goodput", d.colour};
        good.dashed = true;
        for (const auto &s : d.results->reliability.bySpares) {
            after.x.push_back(s.spares);
            after.y.push_back(s.goodput * s.capacity * 100.0);
            good.x.push_back(s.spares);
            good.y.push_back(s.goodput * 100.0);
        }
        c.series.push_back(std::move(after));
        c.series.push_back(std::move(good));
    }
    return c;
}

ChartData goodputChart(const std::vector<ChartDesign> &designs, int points, bool markOptimum)
{
    std::vector<const JobModel *> jobs;
    for (const ChartDesign &d : designs)
        if (d.results && d.results->reliability.available)
            jobs.push_back(&d.results->reliability.job);
    const std::vector<double> grid = checkpointIntervalGridMinutes(jobs, points);
    ChartData c;
    c.id = "goodput";
    c.title = markOptimum ? QT_TRANSLATE_NOOP("cp::report::Charts", "Goodput vs checkpoint interval (ring: the Young/Daly optimum)") : QT_TRANSLATE_NOOP("cp::report::Charts", "Goodput vs checkpoint interval");
    c.xTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "checkpoint interval, minutes (log scale)");
    c.yTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "goodput, %");
    c.xUnit = "min";
    c.yUnit = "%";
    c.logX = true;
    c.yFromZero = false;
    c.empty = QT_TRANSLATE_NOOP("cp::report::Charts", "no training job (no GPUs or no workload)");
    for (const ChartDesign &d : designs) {
        const Results *r = d.results;
        if (!r || !r->reliability.available || grid.empty())
            continue;
        const Curve curve = goodputByCheckpointInterval(r->reliability.job, grid);
        ChartSeries s{d.label, d.colour, curve.x, {}};
        for (double g : curve.y)
            s.y.push_back(g * 100.0);
        c.series.push_back(std::move(s));
        ChartSeries at{d.label + " interval used", d.colour};
        at.markers = true;
        at.inLegend = markOptimum;
        at.x.push_back(r->reliability.checkpointIntervalMinutes);
        at.y.push_back(r->reliability.goodput * 100.0);
        c.series.push_back(std::move(at));
        if (!markOptimum)
            continue;
        const CheckpointPoint opt = optimalCheckpoint(r->reliability.job);
        if (opt.intervalMinutes <= 0)
            continue;
        ChartSeries o{d.label + " optimum", d.colour}; // Young/Daly (chart title, tooltips)
        o.markers = true;
        o.dotted = true; // drawn as a ring
        o.x.push_back(opt.intervalMinutes);
        o.y.push_back(opt.goodput * 100.0);
        c.series.push_back(std::move(o));
    }
    return c;
}

ChartData scalingChart(const std::vector<ChartDesign> &designs, int points, bool withTimeToTrain)
{
    ChartData c;
    c.id = "scaling";
    c.title = withTimeToTrain ? QT_TRANSLATE_NOOP("cp::report::Charts", "MFU and time to train vs GPU count") : QT_TRANSLATE_NOOP("cp::report::Charts", "MFU vs GPU count");
    c.xTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "GPUs the job runs on (log scale)");
    c.yTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "MFU, %");
    c.xUnit = "GPUs";
    c.yUnit = "%";
    if (withTimeToTrain) {
        c.y2Title = QT_TRANSLATE_NOOP("cp::report::Charts", "failure-free time to train, days");
        c.y2Unit = "days";
    }
    c.logX = true;
    c.logBase = 2;
    c.yFromZero = false;
    c.empty = QT_TRANSLATE_NOOP("cp::report::Charts", "no workload runs on these designs");
    for (const ChartDesign &d : designs) {
        if (!d.results)
            continue;
        const ScalingCurve curve = scalingByGpuCount(d.results->performance, points);
        ChartSeries line{withTimeToTrain ? d.label + " MFU" : d.label, d.colour, curve.gpus, {}};
        for (double m : curve.mfu)
            line.y.push_back(m * 100.0);
        ChartSeries dots = line;
        dots.markers = true;
        dots.inLegend = false;
        c.series.push_back(std::move(line));
        c.series.push_back(std::move(dots));
        if (withTimeToTrain && !curve.gpus.empty()) {
            ChartSeries days{d.label + " time to train", d.colour, curve.gpus, curve.timeToTrainDays};
            days.dashed = true;
            days.rightAxis = true;
            c.series.push_back(std::move(days));
        }
    }
    return c;
}

ChartData busBandwidthChart(const std::vector<ChartDesign> &designs, CollectiveKind kind)
{
    ChartData c;
    c.id = "bus_bandwidth";
    c.title = std::string("Bus bandwidth of ") + collectiveName(kind) + " vs message size";
    c.xTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "message size, MB (log scale)");
    c.yTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "bus bandwidth, GB/s per GPU");
    c.xUnit = "MB";
    c.yUnit = "GB/s";
    c.logX = true;
    c.empty = QT_TRANSLATE_NOOP("cp::report::Charts", "no GPUs");
    for (size_t i = 0; i < designs.size(); ++i) {
        const ChartDesign &d = designs[i];
        if (!d.results)
            continue;
        const std::vector<TierBandwidth> tiers = busBandwidthByMessageSize(d.results->performance, kind);
        for (size_t t = 0; t < tiers.size(); ++t) {
            const std::string level = tiers[t].tier + " (" + grouped(double(tiers[t].gpus)) + " GPUs)";
            ChartSeries s{designs.size() > 1 ? d.label + " · " + level : level, d.colour};
            // The level's colour; designs beyond the first dashed, dotted, dash-dotted.
            s.colour = partColour(t);
            s.dashed = i % 4 == 1 || i % 4 == 3;
            s.dotted = i % 4 >= 2;
            for (double bytes : tiers[t].curve.x)
                s.x.push_back(bytes / 1e6);
            s.y = tiers[t].curve.y;
            c.series.push_back(std::move(s));
        }
    }
    return c;
}

ChartData rowPowerChart(const ChartDesign &design)
{
    ChartData c;
    c.id = "row_power";
    c.title = QT_TRANSLATE_NOOP("cp::report::Charts", "Power per row against the racks' rated limits");
    c.xTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "row");
    c.yTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "power, kW");
    c.yUnit = "kW";
    c.empty = QT_TRANSLATE_NOOP("cp::report::Charts", "no rows");
    if (!design.results)
        return c;
    const std::vector<LoadBar> rows = powerByRow(design.results->power);
    if (rows.empty())
        return c;
    ChartSeries load{"IT load at training", 0}, nameplate{"nameplate", 0}, limit{"rated limit", 0};
    load.colour = partColour(0);
    nameplate.colour = partColour(3);
    limit.colour = partColour(6);
    for (const LoadBar &b : rows) {
        c.categories.push_back(b.name);
        load.y.push_back(b.loadKw);
        nameplate.y.push_back(b.nameplateKw);
        limit.y.push_back(b.capacityKw);
    }
    c.series = {load, nameplate, limit};
    return c;
}

ChartData feedPowerChart(const ChartDesign &design)
{
    ChartData c;
    c.id = "feed_power";
    c.title = QT_TRANSLATE_NOOP("cp::report::Charts", "Power feeds: the most loaded unit in the worst single failure against its capacity");
    c.xTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "power feed");
    c.yTitle = QT_TRANSLATE_NOOP("cp::report::Charts", "power, kW");
    c.yUnit = "kW";
    c.empty = QT_TRANSLATE_NOOP("cp::report::Charts", "no power units");
    if (!design.results)
        return c;
    const std::vector<LoadBar> feeds = powerByFeed(design.results->power);
    if (feeds.empty())
        return c;
    ChartSeries load{"load", 0}, capacity{"capacity", 0};
    load.colour = partColour(0);
    capacity.colour = partColour(6);
    for (const LoadBar &b : feeds) {
        c.categories.push_back(b.name);
        load.y.push_back(b.loadKw);
        capacity.y.push_back(b.capacityKw);
    }
    c.series = {load, capacity};
    return c;
}

void translateChart(ChartData &chart)
{
    const auto tr = [](std::string &text) {
        if (!text.empty())
            text = QCoreApplication::translate("cp::report::Charts", text.c_str()).toStdString();
    };
    for (std::string *t : {&chart.title, &chart.xTitle, &chart.yTitle, &chart.y2Title, &chart.empty})
        tr(*t);
    for (ChartSeries &s : chart.series)
        tr(s.name);
    for (std::string &c : chart.categories)
        tr(c); // the resilience presets' names; a design's tag or part name has no translation
}

} // namespace cp::report
