#pragma once

// The Pareto front of a sweep's variants over two objectives: the feasible variants no other
// feasible variant beats on both (at least as good on each, better on one).

#include "model/sweep/sweepstore.h"

#include <string>
#include <vector>

namespace cp {

struct ParetoAxis
{
    std::string figure;
    bool maximise = false;
};

/// Positions in `rows` of the front, ordered along the first objective (best first). Only
/// evaluated, feasible rows that have both figures take part.
std::vector<size_t> paretoFront(const std::vector<VariantRow> &rows, const ParetoAxis &x, const ParetoAxis &y);

/// The two objectives a sweep's front is drawn over: its first two, or its only one against
/// the cost per effective PFLOP-hour (or the time to train, when that is the one).
std::pair<ParetoAxis, ParetoAxis> defaultParetoAxes(const SweepSpec &spec);

} // namespace cp
