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
    std::vector<FootprintOverlap> out;
    for (size_t i = 0; i < prints.size(); ++i) {
        if (!prints[i])
            continue;
        std::vector<FootprintOverlap> found;
        grid.near(prints[i]->x, prints[i]->y, [&](size_t j) {
            const double depth = footprintPenetration(*prints[j], *prints[i]);
            if (depth > kFootprintToleranceM)
                found.push_back({j, i, depth});
        });
        std::sort(found.begin(), found.end(),
                  [](const FootprintOverlap &a, const FootprintOverlap &b) { return a.earlier < b.earlier; });
        out.insert(out.end(), found.begin(), found.end());
        grid.add(prints[i]->x, prints[i]->y, i);
    }
    return out;
}

std::pair<double, double> freeCopyOffset(const Design &design, const Catalog &catalog,
                                         const std::vector<size_t> &racks, double stepM, int maxSteps)
{
    double cell = 0.0;
    const std::vector<std::optional<Footprint>> prints = footprints(design, catalog, cell);
    std::vector<Footprint> copies;
    double minX = INFINITY, maxX = -INFINITY;
    for (size_t i : racks)
        if (i < prints.size() && prints[i]) {
            copies.push_back(*prints[i]);
            minX = std::min(minX, prints[i]->x);
            maxX = std::max(maxX, prints[i]->x);
        }
    if (copies.empty() || !(stepM > 0) || cell <= 0)
        return {stepM, stepM};
    FootprintGrid grid(cell);
    for (size_t i = 0; i < prints.size(); ++i)
        if (prints[i])
            grid.add(prints[i]->x, prints[i]->y, i);
    const auto fits = [&](double dx, double dy) {
        for (const Footprint &c : copies) {
            Footprint moved = c;
            moved.x += dx;
            moved.y += dy;
            if (moved.x < 0 || moved.y < 0 || moved.x > design.hall.widthM || moved.y > design.hall.depthM)
                return false;
            bool clear = true;
            grid.near(moved.x, moved.y, [&](size_t j) {
                clear = clear && footprintPenetration(*prints[j], moved) <= kFootprintToleranceM;
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
