#pragma once
// Where a rack stands on the floor: its footprint (centre, size, rotation) and the racks whose
// footprints overlap. Shared by validation (design.cpp) and, through it, the Problems dock.

#include <cstddef>
#include <utility>
#include <vector>

namespace cp {

struct Design;
class Catalog;

/// A rack's footprint: a rectangle of width × depth metres centred on (x, y), turned by
/// rotationDeg about its centre (the plan draws racks this way).
struct Footprint
{
    double x = 0.0;
    double y = 0.0;
    double width = 0.0;
    double depth = 0.0;
    double rotationDeg = 0.0;
};

/// Two racks whose footprints overlap: `later` is the rack that comes second in the design, and
/// `depthM` how far the two footprints reach into each other (the smallest push that separates them).
struct FootprintOverlap
{
    std::size_t earlier = 0;
    std::size_t later = 0;
    double depthM = 0.0;
};

/// Footprints that touch (racks side by side in a row) are not an overlap: two footprints must
/// reach more than this into each other (1 cm, well above rounding, well below a rack's panel).
inline constexpr double kFootprintToleranceM = 0.01;

/// How far two footprints reach into each other along the axis that separates them best
/// (separating axes of the two rectangles); ≤ 0 when they do not overlap.
double footprintPenetration(const Footprint &a, const Footprint &b);

/// Every pair of racks whose footprints overlap by more than kFootprintToleranceM, in the order
/// of `later` then `earlier`. Racks of an unknown model or with a non-finite position or rotation
/// are left out (validation reports those). Racks are bucketed on a grid, so a hall of a million
/// racks in rows is checked in one pass.
std::vector<FootprintOverlap> overlappingRacks(const Design &design, const Catalog &catalog);

/// Where copies of the racks `racks` (indexes into design.racks) can go: the nearest offset in
/// whole steps of `stepM` (nearest first; right and down before left and up) at which no copy
/// overlaps a rack of the design and every copy's centre stays in the hall. Used by Duplicate so a
/// copy never lands in its original's row. Without such an offset within `maxSteps` steps on each
/// axis, the offset that puts the copies just right of the selection (which may leave the hall);
/// {stepM, stepM} when no selected rack has a footprint.
std::pair<double, double> freeCopyOffset(const Design &design, const Catalog &catalog,
                                         const std::vector<std::size_t> &racks, double stepM,
                                         int maxSteps = 30);

} // namespace cp
