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

/// The service space a rack needs in front and behind unless its catalog entry says otherwise
/// (figures front_clearance_m, rear_clearance_m): TIA-942's minimum clearances, 1 m (3 ft) in
/// front for installing equipment and 0.6 m (2 ft) behind for service (it prefers 1.2 m and 1 m).
/// A rack's front faces the plan's −y at rotation 0 (+y at 180°), as the templates lay rows out
/// front to front and back to back.
inline constexpr double kFrontClearanceM = 1.0;
inline constexpr double kRearClearanceM = 0.6;

/// A rack whose front or rear service space is taken: by another rack's footprint (`blocker`) or
/// by the hall's wall (`wall`).
struct BlockedClearance
{
    std::size_t rack = 0;
    bool front = true;
    bool wall = false;
    std::size_t blocker = 0; ///< the rack in the way when not `wall`
    double clearanceM = 0.0; ///< the space the rack needs on that side
};

/// Every rack's blocked service spaces, front before rear, in rack order (racks without a
/// footprint are left out, as in overlappingRacks). A rack already overlapping another is
/// reported there, not here.
std::vector<BlockedClearance> blockedClearances(const Design &design, const Catalog &catalog);

/// The floor area a rack's weight is spread over: its footprint plus half its front and rear
/// service clearances (the equipment-vendor rule, e.g. IBM's floor-loading formula), m².
double loadSpreadAreaM2(double widthM, double depthM, double frontM, double rearM);

/// Where copies of the racks `racks` (indexes into design.racks) can go: the nearest offset in
/// whole steps of `stepM` (nearest first; right and down before left and up) at which no copy
/// overlaps a rack of the design or its service space (nor the other way round) and every copy
/// and its service space stay in the hall. Used by Duplicate so a
/// copy never lands on a rack or in its service space. Without such an offset within `maxSteps` steps on each
/// axis, the offset that puts the copies just right of the selection (which may leave the hall);
/// {stepM, stepM} when no selected rack has a footprint.
std::pair<double, double> freeCopyOffset(const Design &design, const Catalog &catalog,
                                         const std::vector<std::size_t> &racks, double stepM,
                                         int maxSteps = 30);

} // namespace cp
