#include "model/analysis/rangetable.h"

#include "model/core/problem.h"
#include "model/engine/evaluation.h"

#include <cmath>
#include <cstdio>
#include <iomanip>
#include <limits>
#include <sstream>

namespace cp {

namespace {

struct RangeSpec
{
    const char *key;
    const char *label;
    double per;
    int decimals;
    Better better;
};

const std::vector<RangeSpec> &rangeSpecs()
{
    // The keys of comparableFigures() (model/cost/uncertainty.h), in the order shown.
    static const std::vector<RangeSpec> specs = {
        {"cost.tco_usd", CP_TR_NOOP("cp::Figures", "TCO, $M"), 1e6, 0, Better::Lower},
        {"cost.npv_owning_vs_cloud_usd", CP_TR_NOOP("cp::Figures", "NPV owning vs cloud, $M"), 1e6, 0, Better::Higher},
        {"cost.cost_per_effective_pflop_hour_usd", CP_TR_NOOP("cp::Figures", "cost per effective PFLOP-h, $"), 1.0, 2, Better::Lower},
        {"cost.cost_per_million_tokens_usd", CP_TR_NOOP("cp::Figures", "cost per million tokens, $"), 1.0, 3, Better::Lower},
        {"cost.time_to_train_days", CP_TR_NOOP("cp::Figures", "time to train, days"), 1.0, 1, Better::Lower},
        {"cost.cost_to_train_usd", CP_TR_NOOP("cp::Figures", "cost to train, $M"), 1e6, 1, Better::Lower},
        {"cost.break_even_month", CP_TR_NOOP("cp::Figures", "cloud break-even, month"), 1.0, 0, Better::Lower},
    };
    return specs;
}

RangeCell cellOf(const RangeSpec &spec, const Results &r)
{
    RangeCell c;
    const CostUncertainty &u = r.cost.uncertainty;
    if (!r.cost.available || !u.available)
        return c;
    const std::string key = spec.key;
    const auto set = [&](double point, const Spread &s) {
        c = {point / spec.per, s.p10 / spec.per, s.p50 / spec.per, s.p90 / spec.per, true, false};
    };
    const CostResults &cost = r.cost;
    if (key == "cost.tco_usd") set(cost.tcoUsd, u.tco);
    else if (key == "cost.npv_owning_vs_cloud_usd") set(cost.npvOwningVsCloudUsd, u.npv);
    else if (key == "cost.cost_per_effective_pflop_hour_usd") set(cost.costPerEffectivePflopHourUsd, u.costPerEffectivePflopHour);
    else if (key == "cost.cost_per_million_tokens_usd") set(cost.costPerMillionTokensUsd, u.costPerMillionTokens);
    else if (key == "cost.time_to_train_days") set(cost.timeToTrainDays, u.timeToTrainDays);
    else if (key == "cost.cost_to_train_usd") set(cost.costToTrainUsd, u.costToTrain);
    else if (key == "cost.break_even_month") {
        // "never" is shown as such; as a number it sorts after every month of the life.
        const auto m = [](int v) { return v < 0 ? std::numeric_limits<double>::infinity() : double(v); };
        c = {m(cost.breakEvenMonth), m(u.breakEvenP10), m(u.breakEvenP50), m(u.breakEvenP90), true,
             cost.breakEvenMonth < 0};
    }
    if (key != "cost.break_even_month" && key != "cost.npv_owning_vs_cloud_usd" && !(c.point > 0))
        c.present = false; // no training estimate: no unit cost
    return c;
}

std::string shown(double v, int decimals)
{
    if (std::isinf(v))
        return "never";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

} // namespace

std::vector<RangeRow> rangeRows(const std::vector<ComparedDesign> &designs)
{
    std::vector<RangeRow> rows;
    for (const RangeSpec &spec : rangeSpecs()) {
        RangeRow row{spec.key, spec.label, spec.decimals, spec.better, {}, {}};
        for (const ComparedDesign &d : designs)
            row.cells.push_back(d.results ? cellOf(spec, *d.results) : RangeCell{});
        row.pFirstBetter.assign(designs.size(), std::numeric_limits<double>::quiet_NaN());
        for (size_t k = 1; k < designs.size(); ++k)
            if (designs[0].results && designs[k].results)
                row.pFirstBetter[k] = probabilityABetter(designs[0].results->cost.uncertainty,
                                                         designs[k].results->cost.uncertainty, spec.key);
        rows.push_back(std::move(row));
    }
    return rows;
}

std::string rangesText(const std::vector<ComparedDesign> &designs)
{
    constexpr int kLabel = 30, kColumn = 28;
    std::ostringstream out;
    int draws = 0, seed = 0;
    for (const ComparedDesign &d : designs)
        if (d.results && d.results->cost.uncertainty.available) {
            draws = d.results->cost.uncertainty.draws;
            seed = d.results->cost.uncertainty.seed;
        }
    out << "Ranges: P10 / P50 / P90 over " << draws << " draws (seed " << seed << "; docs/cost.md)\n";
    out << std::left << std::setw(kLabel) << "";
    for (const ComparedDesign &d : designs)
        out << std::right << std::setw(kColumn) << (d.name.size() > 26 ? d.name.substr(0, 23) + "..." : d.name);
    for (size_t k = 1; k < designs.size(); ++k)
        out << std::right << std::setw(12) << ("P(1st>" + std::to_string(k + 1) + ")");
    out << "\n";
    for (const RangeRow &row : rangeRows(designs)) {
        out << std::left << std::setw(kLabel) << row.label;
        for (const RangeCell &c : row.cells)
            out << std::right << std::setw(kColumn)
                << (c.present ? shown(c.p10, row.decimals) + " / " + shown(c.p50, row.decimals) + " / "
                                    + shown(c.p90, row.decimals)
                              : std::string("-"));
        for (size_t k = 1; k < row.pFirstBetter.size(); ++k)
            out << std::right << std::setw(12)
                << (std::isnan(row.pFirstBetter[k]) ? std::string("-")
                                                    : shown(row.pFirstBetter[k] * 100.0, 0) + " %");
        out << "\n";
    }
    out << "P(1st>k): the share of paired draws in which the first design's figure is better\n";
    return out.str();
}

} // namespace cp
