#pragma once

#include "model/analysis/curves.h"

#include <string>
#include <vector>

namespace cp {

struct Results;

namespace report {

/// One line or marker series of a chart, or one bar set; `design` picks its colour.
struct ChartSeries
{
    std::string name;
    int design = 0;
    std::vector<double> x;
    std::vector<double> y;
    bool dashed = false;
    bool dotted = false;   ///< with `dashed`: dash-dot
    bool markers = false;  ///< points only, no line
    bool inLegend = true;
    bool rightAxis = false; ///< plotted against the second value axis (ChartData::y2Title)
    std::string colour;     ///< #rrggbb instead of the design's colour (bar sets of categories, tiers)
};

/// A chart as data: lines over value axes (linear or logarithmic), or bars over categories.
struct ChartData
{
    std::string id;      ///< stable key of the kind of chart ("tco", "capex", …)
    std::string title;
    std::string xTitle;
    std::string yTitle;
    std::string y2Title; ///< non-empty: a second value axis on the right for `rightAxis` series
    bool logX = false;
    double xTick = 0.0;  ///< linear x: a tick every this much from 0 (months: 12); 0 = automatic
    int logBase = 10;
    std::vector<std::string> categories; ///< non-empty: a bar chart, series y per category
    std::string titleSuffix; ///< shown after the title as it is (a design's tag), never translated
    bool stacked = false;                ///< bars: the series stacked into one bar per category
    std::vector<ChartSeries> series;
    bool yFromZero = true;
    std::string empty;   ///< what to say when there is nothing to plot
    // Units of the values, for readers of single points (the app's hover text).
    std::string xUnit;   ///< "month", "min", "GPUs", "bytes"
    std::string yUnit;   ///< "$M", "%", "GB/s", "kW"
    std::string y2Unit;

    bool hasData() const;
};

/// A design as the charts see it: its label in legends, its colour index, its results.
struct ChartDesign
{
    std::string label;
    int colour = 0;
    const Results *results = nullptr;
};

/// The chart's own words — title, axis titles, what an empty chart says, series names — in the
/// language of the installed translator (context "cp::report::Charts", the strings marked with
/// QT_TRANSLATE_NOOP in chartdata.cpp). Without a translator (the CLI, an English window) nothing
/// changes; words composed with a design's name stay as they are.
void translateChart(ChartData &chart);

/// The colour of design i (#rrggbb), the same in every chart and the HTML (Okabe & Ito 2008).
const char *designColour(size_t i);

/// `v` with `decimals` decimals ("%.*f").
std::string fixed(double v, int decimals);
/// A number with thousands separators ("25,472,000").
std::string grouped(double v, int decimals = 0);

// Chart data built from the designs' results with the model's curve functions (model/comparison.h);
// the report and the app's Charts view draw the same data. Each chart says what it lacks when no
// design has the figures (`empty`).

/// Cumulative cost by month, owning (solid) against renting (dashed), a dot at the break-even.
ChartData tcoChart(const std::vector<ChartDesign> &designs);
/// CAPEX by category (cost.capex_by_category_usd), one stacked bar per design, $M.
ChartData capexChart(const std::vector<ChartDesign> &designs);
/// OPEX per year by category (cost.opex_by_category_usd_per_year), one stacked bar per design, $M/yr.
ChartData opexChart(const std::vector<ChartDesign> &designs);
/// Racks per bin of IT power at training load (rackPowerHistogram).
ChartData rackPowerChart(const std::vector<ChartDesign> &designs, int maxBins = 12);
/// Goodput against the checkpoint interval; a dot at the interval used and, with
/// `markOptimum`, a ring at the Young/Daly optimum (series "LABEL optimum").
ChartData goodputChart(const std::vector<ChartDesign> &designs, int points = 41, bool markOptimum = false);
/// Goodput of each design under each resilience preset (reliability.by_policy): bars per preset.
ChartData policyChart(const std::vector<ChartDesign> &designs);
/// Supernode designs: goodput and tokens after failures (goodput × capacity, relative to the design's
/// own spares) as hot spares per domain go 0, 2, 4, 8 (reliability.by_spares), the same job.
ChartData sparesChart(const std::vector<ChartDesign> &designs);
/// MFU against the GPUs the job runs on (scalingByGpuCount) and, with `withTimeToTrain`, the
/// failure-free time to train on a second axis (dashed).
ChartData scalingChart(const std::vector<ChartDesign> &designs, int points = 5, bool withTimeToTrain = false);
/// Bus bandwidth against message size at each level of the fabric (busBandwidthByMessageSize):
/// the design's colour, one line style per level.
ChartData busBandwidthChart(const std::vector<ChartDesign> &designs,
                            CollectiveKind kind = CollectiveKind::AllReduce);
/// One design's tornado: the five uncertain inputs that move its NPV of owning vs the cloud most,
/// each at its P10 and its P90 (the others typical), as the change from the point NPV ($M).
ChartData tornadoChart(const ChartDesign &design, size_t bars = 5);
/// One design's rows: IT load at training and nameplate against the racks' rated limits (powerByRow).
ChartData rowPowerChart(const ChartDesign &design);
/// One design's power feeds: the most loaded unit against its capacity (powerByFeed).
ChartData feedPowerChart(const ChartDesign &design);

} // namespace report
} // namespace cp
