#pragma once

#include "model/core/problem.h"

#include <optional>

namespace cp {

class Catalog;
struct Design;

/// The largest design the engine evaluates (docs/robustness.md). A million GPUs is the top of the
/// range the tool is built for (DESIGN.md); the limits leave a factor of ten above it and refuse
/// only what no hall holds, so that a crafted or mistyped file (10^12 GPUs) is answered with a
/// message instead of hours of work or memory the machine does not have.
struct DesignLimits
{
    static constexpr long long kMaxGpus = 10'000'000;
    static constexpr long long kMaxRacks = 1'000'000;
    static constexpr long long kMaxFacilityUnits = 1'000'000;
    static constexpr long long kMaxMounts = 10'000'000; ///< rack contents entries, all racks together
};

/// The design's size as the engine would count it: GPUs installed (mount counts × GPUs per node),
/// racks, power and cooling units, rack contents entries. Saturates instead of overflowing.
struct DesignSize
{
    long long gpus = 0;
    long long racks = 0;
    long long facilityUnits = 0;
    long long mounts = 0;
};
DesignSize designSize(const Design &design, const Catalog &catalog);

/// The first limit the design exceeds, as an error with its place ("racks", "gpus", …), or none.
/// Cheap: one pass over the racks, nothing allocated.
std::optional<Problem> limitProblem(const Design &design, const Catalog &catalog);

} // namespace cp
