#pragma once

// The headline figures as ranges, for the CLI, the report and the Charts dock: each design's
// point figure with its P10, P50 and P90 (model/cost/uncertainty.h), and the probability that the
// first design beats each other one.

#include "model/analysis/comparison.h"

#include <string>
#include <vector>

namespace cp {

/// One design's range of one figure, as shown (after the row's scale).
struct RangeCell
{
    double point = 0, p10 = 0, p50 = 0, p90 = 0;
    bool present = false;
    bool never = false; ///< a break-even beyond the life at the point
};

struct RangeRow
{
    std::string key;   ///< the results key (cost.tco_usd)
    std::string label; ///< with its unit
    int decimals = 0;
    Better better = Better::Lower;
    std::vector<RangeCell> cells;
    /// P(first design better than design k), k ≥ 1; NaN when unknown. [0] is unused.
    std::vector<double> pFirstBetter;
};

std::vector<RangeRow> rangeRows(const std::vector<ComparedDesign> &designs);

/// The rows as the text `compare` prints under the key figures.
std::string rangesText(const std::vector<ComparedDesign> &designs);

} // namespace cp
