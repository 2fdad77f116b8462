#include "model/sweep/pareto.h"

#include <algorithm>
#include <limits>

namespace cp {

std::vector<size_t> paretoFront(const std::vector<VariantRow> &rows, const ParetoAxis &x, const ParetoAxis &y)
{
    struct Point
    {
        double x, y;
        size_t at;
    };
    std::vector<Point> points;
    for (size_t i = 0; i < rows.size(); ++i) {
        const VariantRow &r = rows[i];
        if (!r.ok || !r.feasible)
            continue;
        const auto fx = r.figures.find(x.figure), fy = r.figures.find(y.figure);
        if (fx == r.figures.end() || fy == r.figures.end())
            continue;
        // Both objectives as "smaller is better".
        points.push_back({x.maximise ? -fx->second : fx->second, y.maximise ? -fy->second : fy->second, i});
    }
    // Sweep along x (ties: the better y first, then the lower index): a point is on the front
    // when its y beats every y before it.
    std::sort(points.begin(), points.end(), [](const Point &a, const Point &b) {
        if (a.x != b.x)
            return a.x < b.x;
        if (a.y != b.y)
            return a.y < b.y;
        return a.at < b.at;
    });
    std::vector<size_t> front;
    double bestY = std::numeric_limits<double>::infinity();
    for (const Point &p : points)
        if (p.y < bestY) {
            bestY = p.y;
            front.push_back(p.at);
        }
    return front;
}

std::pair<ParetoAxis, ParetoAxis> defaultParetoAxes(const SweepSpec &spec)
{
    const ParetoAxis first{spec.objectives.at(0).figure, spec.objectives.at(0).maximise};
    if (spec.objectives.size() > 1)
        return {first, {spec.objectives[1].figure, spec.objectives[1].maximise}};
    const std::string other = first.figure == "cost_per_effective_pflop_hour_usd" ? "effective_time_to_train_days"
                                                                                  : "cost_per_effective_pflop_hour_usd";
    return {first, {other, false}};
}

} // namespace cp
