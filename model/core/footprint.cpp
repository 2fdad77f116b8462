#include "model/core/footprint.h"

#include "model/core/catalog.h"
#include "model/core/design.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <optional>
#include <unordered_map>

namespace cp {

namespace {

constexpr size_t kCellLimit = 256;
constexpr double kMaxPositionM = 1e7; // 10,000 km: a hall is at most 5 km on a side

struct Corners
{
    std::array<double, 4> x{};
    std::array<double, 4> y{};
};

Corners cornersOf(const Footprint &f)
{
    const double a = f.rotationDeg * std::numbers::pi / 180.0;
    const double c = std::cos(a), s = std::sin(a);
    const double hw = f.width / 2, hd = f.depth / 2;
    const double dx[4] = {-hw, hw, hw, -hw};
    const double dy[4] = {-hd, -hd, hd, hd};
    Corners out;
    for (int i = 0; i < 4; ++i) {
        out.x[size_t(i)] = f.x + dx[i] * c - dy[i] * s;
        out.y[size_t(i)] = f.y + dx[i] * s + dy[i] * c;
    }
    return out;
}

/// The overlap of the two rectangles' shadows on the axis (ax, ay), a unit vector.
double shadowOverlap(const Corners &p, const Corners &q, double ax, double ay)
{
    double pMin = INFINITY, pMax = -INFINITY, qMin = INFINITY, qMax = -INFINITY;
    for (size_t i = 0; i < 4; ++i) {
        const double u = p.x[i] * ax + p.y[i] * ay;
        const double v = q.x[i] * ax + q.y[i] * ay;
        pMin = std::min(pMin, u);
        pMax = std::max(pMax, u);
        qMin = std::min(qMin, v);
        qMax = std::max(qMax, v);
    }
    return std::min(pMax, qMax) - std::max(pMin, qMin);
}

/// A footprint ready for many comparisons: its corners, bounding box and the two axes of its
/// sides, computed once (a million-GPU hall compares each rack with its neighbours several
/// times per edit; the sines and cosines were most of the check).
struct Shape
{
    Corners c;
    double minX = 0, maxX = 0, minY = 0, maxY = 0;
    std::array<double, 2> ax{}, ay{}; ///< unit axes of the sides
};

Shape shapeOf(const Footprint &f)
{
    Shape s;
    s.c = cornersOf(f);
    s.minX = *std::min_element(s.c.x.begin(), s.c.x.end());
    s.maxX = *std::max_element(s.c.x.begin(), s.c.x.end());
    s.minY = *std::min_element(s.c.y.begin(), s.c.y.end());
    s.maxY = *std::max_element(s.c.y.begin(), s.c.y.end());
    const double r = f.rotationDeg * std::numbers::pi / 180.0;
    const double cs = std::cos(r), sn = std::sin(r);
    s.ax = {cs, -sn};
    s.ay = {sn, cs};
    return s;
}

/// Whether two shapes overlap by more than the tolerance: footprintPenetration(a, b) >
/// kFootprintToleranceM. Their bounding boxes first: a box overlap is a shadow on an axis, never
/// shallower than the penetration, so boxes apart by the tolerance settle it.
bool penetrates(const Shape &p, const Shape &q)
{
    if (std::min(p.maxX, q.maxX) - std::max(p.minX, q.minX) <= kFootprintToleranceM
        || std::min(p.maxY, q.maxY) - std::max(p.minY, q.minY) <= kFootprintToleranceM)
        return false;
    for (const Shape *f : {&p, &q})
        for (size_t k = 0; k < 2; ++k)
            if (shadowOverlap(p.c, q.c, f->ax[k], f->ay[k]) <= kFootprintToleranceM)
                return false;
    return true;
}

std::optional<Footprint> footprintOf(const Rack &rack, const Catalog &catalog)
{
    const CatalogEntry *type = catalog.find(rack.catalogId);
    if (!type || type->kind != PartKind::Rack)
        return std::nullopt;
    Footprint f{rack.xM, rack.yM, type->figure("width_m"), type->figure("depth_m"), rack.rotationDeg};
    // A position beyond kMaxPositionM is not in any hall (validation reports it outside): left out.
    if (!(std::abs(f.x) <= kMaxPositionM) || !(std::abs(f.y) <= kMaxPositionM) || !rotationInRange(f.rotationDeg)
        || !(f.width > 0) || !(f.depth > 0))
        return std::nullopt;
    return f;
}

/// Footprints bucketed on a grid as wide as the longest diagonal: racks that overlap have centres
/// in the same or neighbouring cells.
class FootprintGrid
{
public:
    explicit FootprintGrid(double cell) : mCell(std::max(cell, 0.01)) {}

    /// Calls visit(j) for each stored footprint whose cell neighbours (x, y)'s.
    template<typename Visit>
    void near(double x, double y, Visit &&visit) const
    {
        const auto [cx, cy] = key(x, y);
        for (long long gx = cx - 1; gx <= cx + 1; ++gx)
            for (long long gy = cy - 1; gy <= cy + 1; ++gy)
                if (auto it = mCells.find({gx, gy}); it != mCells.end())
                    for (size_t j : it->second)
                        visit(j);
    }
    /// A cell holds a handful of racks that do not overlap; beyond kCellLimit the rest are
    /// compared with the first ones only, so a crafted design with every rack on one point is
    /// checked in linear time (and reports each of them).
    void add(double x, double y, size_t index)
    {
        if (std::vector<size_t> &members = mCells[key(x, y)]; members.size() < kCellLimit)
            members.push_back(index);
    }

private:
    using Key = std::pair<long long, long long>;
    struct KeyHash
    {
        size_t operator()(const Key &k) const { return std::hash<long long>()(k.first * 1'000'003LL ^ k.second); }
    };
    // Cells of at least 1 cm keep a cell index within a long long for any position checked.
    Key key(double x, double y) const
    {
        return {static_cast<long long>(std::floor(x / mCell)), static_cast<long long>(std::floor(y / mCell))};
    }
    double mCell;
    std::unordered_map<Key, std::vector<size_t>, KeyHash> mCells;
};

/// Every rack's footprint (nullopt where validation reports why there is none) and the longest
/// diagonal among them.
std::vector<std::optional<Footprint>> footprints(const Design &design, const Catalog &catalog, double &diagonal)
{
    std::vector<std::optional<Footprint>> prints;
    prints.reserve(design.racks.size());
    diagonal = 0.0;
    for (const Rack &r : design.racks) {
        prints.push_back(footprintOf(r, catalog));
        if (prints.back())
            diagonal = std::max(diagonal, std::hypot(prints.back()->width, prints.back()->depth));
    }
    return prints;
}

std::vector<std::optional<Shape>> shapesOf(const std::vector<std::optional<Footprint>> &prints)
{
    std::vector<std::optional<Shape>> shapes(prints.size());
    for (size_t i = 0; i < prints.size(); ++i)
        if (prints[i])
            shapes[i] = shapeOf(*prints[i]);
    return shapes;
}

/// The front and rear clearances of a rack of `design` (its catalog entry's, else the defaults).
std::pair<double, double> clearancesOf(const Rack &rack, const Catalog &catalog)
{
    const CatalogEntry *type = catalog.find(rack.catalogId);
    if (!type)
        return {kFrontClearanceM, kRearClearanceM};
    return {std::max(0.0, type->figure("front_clearance_m", kFrontClearanceM)),
            std::max(0.0, type->figure("rear_clearance_m", kRearClearanceM))};
}

/// A footprint grown by its service spaces (front and rear), a little narrower than the rack so
/// that racks side by side in a row do not reach into each other's.
Footprint serviceEnvelope(const Footprint &f, double front, double rear)
{
    const double a = f.rotationDeg * std::numbers::pi / 180.0;
    const double fx = std::sin(a), fy = -std::cos(a); // the front direction (local −y)
    const double shift = (front - rear) / 2;
    return {f.x + fx * shift, f.y + fy * shift, f.width - 2 * kFootprintToleranceM,
            f.depth + front + rear - 2 * kFootprintToleranceM, f.rotationDeg};
}

} // namespace

double footprintPenetration(const Footprint &a, const Footprint &b)
{
    const Corners p = cornersOf(a), q = cornersOf(b);
    double least = INFINITY;
    for (const Footprint *f : {&a, &b}) {
        const double r = f->rotationDeg * std::numbers::pi / 180.0;
        const double c = std::cos(r), s = std::sin(r);
        least = std::min({least, shadowOverlap(p, q, c, s), shadowOverlap(p, q, -s, c)});
    }
    return least;
}

std::vector<FootprintOverlap> overlappingRacks(const Design &design, const Catalog &catalog)
{
    double cell = 0.0;
    const std::vector<std::optional<Footprint>> prints = footprints(design, catalog, cell);
    if (cell <= 0)
        return {};
    FootprintGrid grid(cell);
    const std::vector<std::optional<Shape>> shapes = shapesOf(prints);
    std::vector<FootprintOverlap> out;
    for (size_t i = 0; i < prints.size(); ++i) {
        if (!prints[i])
            continue;
        std::vector<FootprintOverlap> found;
        grid.near(prints[i]->x, prints[i]->y, [&](size_t j) {
            if (penetrates(*shapes[j], *shapes[i]))
                found.push_back({j, i, footprintPenetration(*prints[j], *prints[i])});
        });
        std::sort(found.begin(), found.end(),
                  [](const FootprintOverlap &a, const FootprintOverlap &b) { return a.earlier < b.earlier; });
        out.insert(out.end(), found.begin(), found.end());
        grid.add(prints[i]->x, prints[i]->y, i);
    }
    return out;
}

double loadSpreadAreaM2(double widthM, double depthM, double frontM, double rearM)
{
    return widthM * depthM + 0.5 * widthM * (frontM + rearM);
}

std::vector<BlockedClearance> blockedClearances(const Design &design, const Catalog &catalog)
{
    double diagonal = 0.0;
    const std::vector<std::optional<Footprint>> prints = footprints(design, catalog, diagonal);
    if (diagonal <= 0)
        return {};
    // Cells wide enough that a service zone and any rack reaching into it are neighbours.
    double reach = 0.0;
    std::vector<std::pair<double, double>> clearances(prints.size(), {kFrontClearanceM, kRearClearanceM});
    for (size_t i = 0; i < prints.size(); ++i)
        if (prints[i]) {
            const CatalogEntry *type = catalog.find(design.racks[i].catalogId);
            clearances[i] = {type->figure("front_clearance_m", kFrontClearanceM),
                             type->figure("rear_clearance_m", kRearClearanceM)};
            reach = std::max({reach, clearances[i].first, clearances[i].second});
        }
    FootprintGrid grid(diagonal + reach);
    for (size_t i = 0; i < prints.size(); ++i)
        if (prints[i])
            grid.add(prints[i]->x, prints[i]->y, i);
    const std::vector<std::optional<Shape>> shapes = shapesOf(prints);
    std::vector<BlockedClearance> out;
    for (size_t i = 0; i < prints.size(); ++i) {
        if (!prints[i])
            continue;
        const Footprint &f = *prints[i];
        const double a = f.rotationDeg * std::numbers::pi / 180.0;
        // The rack's front direction: its local −y turned by its rotation.
        const double fx = std::sin(a), fy = -std::cos(a);
        for (const bool front : {true, false}) {
            const double clear = front ? clearances[i].first : clearances[i].second;
            if (!(clear > kFootprintToleranceM))
                continue;
            const double sign = front ? 1.0 : -1.0;
            const double along = f.depth / 2 + clear / 2;
            // Narrowed by the tolerance on every side: racks side by side in the row, and a
            // rack whose face touches the zone's far edge, do not block it.
            Footprint zone{f.x + sign * fx * along, f.y + sign * fy * along, f.width - 2 * kFootprintToleranceM,
                           clear - 2 * kFootprintToleranceM, f.rotationDeg};
            BlockedClearance hit{i, front, false, 0, clear};
            const Shape zoneShape = shapeOf(zone);
            const Corners &c = zoneShape.c;
            for (size_t k = 0; k < 4 && !hit.wall; ++k)
                hit.wall = c.x[k] < 0 || c.y[k] < 0 || c.x[k] > design.hall.widthM || c.y[k] > design.hall.depthM;
            bool blocked = hit.wall;
            if (!blocked)
                grid.near(zone.x, zone.y, [&](size_t j) {
                    if (blocked || j == i || penetrates(*shapes[j], *shapes[i]))
                        return; // an overlapping pair is reported as an overlap
                    if (penetrates(*shapes[j], zoneShape)) {
                        blocked = true;
                        hit.blocker = j;
                    }
                });
            if (blocked)
                out.push_back(hit);
        }
    }
    return out;
}

std::pair<double, double> freeCopyOffset(const Design &design, const Catalog &catalog,
                                         const std::vector<size_t> &racks, double stepM, int maxSteps)
{
    double cell = 0.0;
    const std::vector<std::optional<Footprint>> prints = footprints(design, catalog, cell);
    std::vector<Footprint> copies;
    std::vector<Footprint> copyEnvelopes;
    double minX = INFINITY, maxX = -INFINITY;
    for (size_t i : racks)
        if (i < prints.size() && prints[i]) {
            copies.push_back(*prints[i]);
            const auto [front, rear] = clearancesOf(design.racks[i], catalog);
            copyEnvelopes.push_back(serviceEnvelope(*prints[i], front, rear));
            minX = std::min(minX, prints[i]->x);
            maxX = std::max(maxX, prints[i]->x);
        }
    if (copies.empty() || !(stepM > 0) || cell <= 0)
        return {stepM, stepM};
    // A copy must keep clear of every rack and of its service space, and keep its own clear.
    std::vector<std::optional<Footprint>> envelopes(prints.size());
    double reach = 0.0;
    for (size_t i = 0; i < prints.size(); ++i)
        if (prints[i]) {
            const auto [front, rear] = clearancesOf(design.racks[i], catalog);
            envelopes[i] = serviceEnvelope(*prints[i], front, rear);
            reach = std::max({reach, front, rear});
        }
    FootprintGrid grid(cell + 2 * reach);
    for (size_t i = 0; i < prints.size(); ++i)
        if (prints[i])
            grid.add(prints[i]->x, prints[i]->y, i);
    const auto fits = [&](double dx, double dy) {
        for (size_t k = 0; k < copies.size(); ++k) {
            Footprint moved = copies[k];
            moved.x += dx;
            moved.y += dy;
            Footprint movedEnvelope = copyEnvelopes[k];
            movedEnvelope.x += dx;
            movedEnvelope.y += dy;
            // The copy and its service space stay in the hall.
            const Corners c = cornersOf(movedEnvelope);
            for (size_t n = 0; n < 4; ++n)
                if (c.x[n] < 0 || c.y[n] < 0 || c.x[n] > design.hall.widthM || c.y[n] > design.hall.depthM)
                    return false;
            bool clear = true;
            grid.near(moved.x, moved.y, [&](size_t j) {
                clear = clear && footprintPenetration(*prints[j], movedEnvelope) <= kFootprintToleranceM
                        && footprintPenetration(*envelopes[j], moved) <= kFootprintToleranceM;
            });
            if (!clear)
                return false;
        }
        return true;
    };
    // Nearest first; at equal distance right and down (the plan's +x, +y) before left and up.
    std::vector<std::pair<int, int>> offsets;
    for (int i = -maxSteps; i <= maxSteps; ++i)
        for (int j = -maxSteps; j <= maxSteps; ++j)
            if (i != 0 || j != 0)
                offsets.push_back({i, j});
    std::sort(offsets.begin(), offsets.end(), [](const auto &a, const auto &b) {
        const int da = a.first * a.first + a.second * a.second, db = b.first * b.first + b.second * b.second;
        if (da != db)
            return da < db;
        return (a.first < 0) + (a.second < 0) < (b.first < 0) + (b.second < 0);
    });
    // A bounded search: a selection of thousands of racks tries fewer offsets.
    const size_t budget = std::max<size_t>(64, 4'000'000 / copies.size());
    for (size_t k = 0; k < offsets.size() && k < budget; ++k)
        if (fits(offsets[k].first * stepM, offsets[k].second * stepM))
            return {offsets[k].first * stepM, offsets[k].second * stepM};
    // Beside the selection, one step right of its right-most rack.
    const double beside = std::ceil((maxX - minX + cell) / stepM) * stepM;
    return {beside, 0.0};
}

} // namespace cp
