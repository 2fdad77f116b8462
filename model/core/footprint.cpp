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
    std::vector<std::optional<Footprint>> prints;
    prints.reserve(design.racks.size());
    double cell = 0.0;
    for (const Rack &r : design.racks) {
        prints.push_back(footprintOf(r, catalog));
        if (prints.back())
            cell = std::max(cell, std::hypot(prints.back()->width, prints.back()->depth));
    }
    if (cell <= 0)
        return {};
    // Cells of at least 1 cm keep a cell index within a long long for any position this checks.
    cell = std::max(cell, 0.01);
    // A footprint lies within half its diagonal of its centre, so racks that overlap have centres
    // in the same or neighbouring cells of a grid as wide as the longest diagonal.
    const auto key = [cell](double x, double y) {
        const auto cx = static_cast<long long>(std::floor(x / cell));
        const auto cy = static_cast<long long>(std::floor(y / cell));
        return std::pair{cx, cy};
    };
    struct PairHash
    {
        size_t operator()(const std::pair<long long, long long> &k) const
        {
            return std::hash<long long>()(k.first * 1'000'003LL ^ k.second);
        }
    };
    std::unordered_map<std::pair<long long, long long>, std::vector<size_t>, PairHash> grid;
    std::vector<FootprintOverlap> out;
    for (size_t i = 0; i < prints.size(); ++i) {
        if (!prints[i])
            continue;
        const auto [cx, cy] = key(prints[i]->x, prints[i]->y);
        std::vector<FootprintOverlap> found;
        for (long long gx = cx - 1; gx <= cx + 1; ++gx)
            for (long long gy = cy - 1; gy <= cy + 1; ++gy) {
                auto it = grid.find({gx, gy});
                if (it == grid.end())
                    continue;
                for (size_t j : it->second) {
                    const double depth = footprintPenetration(*prints[j], *prints[i]);
                    if (depth > kFootprintToleranceM)
                        found.push_back({j, i, depth});
                }
            }
        std::sort(found.begin(), found.end(),
                  [](const FootprintOverlap &a, const FootprintOverlap &b) { return a.earlier < b.earlier; });
        out.insert(out.end(), found.begin(), found.end());
        // A cell holds a handful of racks that do not overlap; beyond kCellLimit the rest are
        // compared with the first ones only, so a crafted design with every rack on one point is
        // checked in linear time (and reports each of them).
        if (std::vector<size_t> &members = grid[{cx, cy}]; members.size() < kCellLimit)
            members.push_back(i);
    }
    return out;
}

} // namespace cp
