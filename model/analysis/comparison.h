#pragma once

#include "model/analysis/figures.h"
#include "model/cost/uncertainty.h"

#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace cp {

struct Results;

/// One design of a comparison: the name shown and its evaluated results.
struct ComparedDesign
{
    std::string name;
    const Results *results = nullptr;
};

/// One design's figure in a comparison row.
struct ComparisonCell
{
    double value = std::numeric_limits<double>::quiet_NaN(); ///< NaN when the design has none
    std::string text; ///< as shown: the value at the row's decimals, or the row's missing text
    bool best = false; ///< the better value of the row (never set when `Better::Neither`)
    /// For a best value of a row the cost Monte Carlo draws (comparableFigures()) or that follows
    /// the training model's throughput draw (MFU, TFLOP/s, tokens/s, step time): whether it stays
    /// the better one in at least kSettledShare of the paired draws against every design it beats
    /// as printed. False: ahead at the point figures only, which the model's own uncertainty does
    /// not settle.
    bool settled = true;
};

/// The share of paired draws a best value must win against every other design to be settled:
/// the P10-P90 convention of every band in the tool (a lead that holds in 4 draws of 5).
constexpr int kSettledPercent = 80;
constexpr double kSettledShare = kSettledPercent / 100.0;

/// One row of a comparison: a figure of every design, where it comes from, and the best marked.
struct ComparisonRow
{
    std::string key;       ///< stable identifier ("capex", "scale_up_gb_per_s")
    std::string figure;    ///< the figure shown (figures.h): its key, "cost.capex_usd"
    std::string dimension; ///< the seeds' comparison dimension ("Communication"); "Key figures"
    std::string label;     ///< with its unit ("CAPEX $M")
    std::string source;    ///< the results JSON key(s) it is computed from (docs/results.md)
    Better better = Better::Neither;
    int decimals = 0;
    std::string note;      ///< for a dimension the model has no figure for: says so
    std::vector<ComparisonCell> cells;
};

/// Two to six designs side by side: the key figures and the seeds' comparison dimensions, each a
/// row of numbers computed from the designs' results (docs/report.md lists every row).
struct Comparison
{
    std::vector<std::string> designs;
    std::vector<ComparisonRow> keyFigures;
    std::vector<ComparisonRow> dimensions;
};

/// A performance figure that follows the training model's throughput draw alone, and how; none for
/// every other figure (the cost Monte Carlo draws those itself).
std::optional<ThroughputScaling> throughputScalingOf(const std::string &figure);

/// Builds the comparison. A row's best value is the highest or lowest as shown (so values that
/// print alike tie); it is marked only when the shown values differ or some design has none.
/// Where the row's figure is drawn, a best value is `settled` only if it wins at least
/// kSettledShare of the paired draws (probabilityABetter, probabilityScaledBetter) against each
/// design it beats.
Comparison compareDesigns(const std::vector<ComparedDesign> &designs);

/// The key figures as the fixed-width text table `cluster-planner-cli compare` prints, the better
/// value of each row followed by '*', or by '~' when it is not settled.
std::string keyFiguresText(const Comparison &comparison);

} // namespace cp
