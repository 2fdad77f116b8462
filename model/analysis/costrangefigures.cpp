// The cost section's ranges in the figure table (model/analysis/figures.cpp): each headline cost
// figure's P10, P50 and P90 from the cost Monte Carlo (model/cost/uncertainty.h), the
// utilisation figures and the probability that owning beats renting.
#include "model/analysis/figuresections.h"

#include "model/engine/evaluation.h"

#include <cmath>
#include <string_view>
#include <limits>

namespace cp::figuretable {

namespace {

using J = FigureJson;
using P = FigurePresent;
constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

template <Spread CostUncertainty::*S, double Spread::*Q>
double spread(const Results &r)
{
    const CostUncertainty &u = r.cost.uncertainty;
    return u.available ? u.*S.*Q : kNone;
}

template <int CostUncertainty::*M>
double month(const Results &r)
{
    const CostUncertainty &u = r.cost.uncertainty;
    return u.available && u.*M >= 0 ? double(u.*M) : kNone;
}

/// P10, P50 and P90 of `base` (its key with the suffix appended).
/// Each shown like its base figure in the Results dock (`dock`: unit and rounding, no label).
template <Spread CostUncertainty::*S>
void addSpread(std::vector<Figure> &out, std::string_view p10, std::string_view p50, std::string_view p90,
               FigureView dock)
{
    out.push_back({.key = p10, .json = J::Real, .read = spread<S, &Spread::p10>, .present = P::CostAvailable, .dock = dock});
    out.push_back({.key = p50, .json = J::Real, .read = spread<S, &Spread::p50>, .present = P::CostAvailable, .dock = dock});
    out.push_back({.key = p90, .json = J::Real, .read = spread<S, &Spread::p90>, .present = P::CostAvailable, .dock = dock});
}

constexpr double kMillion = 1e6;

} // namespace

std::vector<Figure> costRangeFigures()
{
    std::vector<Figure> out;
    addSpread<&CostUncertainty::tco>(out, "cost.tco_usd_p10", "cost.tco_usd_p50", "cost.tco_usd_p90",
                                     {"", "M USD", 1.0, kMillion, 2});
    addSpread<&CostUncertainty::costPerEffectivePflopHour>(out, "cost.cost_per_effective_pflop_hour_usd_p10",
                                                           "cost.cost_per_effective_pflop_hour_usd_p50",
                                                           "cost.cost_per_effective_pflop_hour_usd_p90",
                                                           {"", "USD", 1.0, 1.0, 2});
    addSpread<&CostUncertainty::costPerMillionTokens>(out, "cost.cost_per_million_tokens_usd_p10",
                                                      "cost.cost_per_million_tokens_usd_p50",
                                                      "cost.cost_per_million_tokens_usd_p90",
                                                      {"", "USD", 1.0, 1.0, 3});
    addSpread<&CostUncertainty::costToTrain>(out, "cost.cost_to_train_usd_p10", "cost.cost_to_train_usd_p50",
                                             "cost.cost_to_train_usd_p90",
                                             {"", "M USD", 1.0, kMillion, 2});
    addSpread<&CostUncertainty::npv>(out, "cost.npv_owning_vs_cloud_usd_p10", "cost.npv_owning_vs_cloud_usd_p50",
                                     "cost.npv_owning_vs_cloud_usd_p90",
                                     {"", "M USD", 1.0, kMillion, 1});
    out.push_back({.key = "cost.time_to_train_days", .json = J::Real,
                   .read = [](const Results &r) { return r.cost.timeToTrainDays; }, .present = P::CostPositive,
                   .better = Better::Lower, .dock = {"Time to train, all ranges", "days", 1.0, 1.0, 1}});
    out.push_back({.key = "cost.npv_owning_vs_cloud_usd", .json = J::Real,
                   .read = [](const Results &r) { return r.cost.npvOwningVsCloudUsd; }, .present = P::CostAvailable,
                   .better = Better::Higher, .detail = {"NPV owning vs cloud $M", "", 1.0, kMillion, 1},
                   .dock = {"NPV of owning vs the cloud", "M USD", 1.0, kMillion, 1}});
    addSpread<&CostUncertainty::timeToTrainDays>(out, "cost.time_to_train_days_p10", "cost.time_to_train_days_p50",
                                                 "cost.time_to_train_days_p90",
                                                 {"", "days", 1.0, 1.0, 1});
    addSpread<&CostUncertainty::deliveryMonths>(out, "cost.delivery_months_p10", "cost.delivery_months_p50",
                                                "cost.delivery_months_p90", {"", "months", 1.0, 1.0, 1});
    out.push_back({.key = "cost.delay_cost_usd_per_month", .json = J::Real,
                   .read = [](const Results &r) { return r.cost.delayCostUsdPerMonth; }, .present = P::CostAvailable,
                   .better = Better::Lower, .detail = {"a month's delay $M", "", 1.0, kMillion, 2}});
    out.push_back({.key = "cost.break_even_month_p10", .json = J::IntegerOrNull,
                   .read = month<&CostUncertainty::breakEvenP10>, .present = P::CostAvailable});
    out.push_back({.key = "cost.break_even_month_p50", .json = J::IntegerOrNull,
                   .read = month<&CostUncertainty::breakEvenP50>, .present = P::CostAvailable});
    out.push_back({.key = "cost.break_even_month_p90", .json = J::IntegerOrNull,
                   .read = month<&CostUncertainty::breakEvenP90>, .present = P::CostAvailable});
    out.push_back({.key = "cost.p_owning_beats_cloud", .json = J::Real,
                   .read = [](const Results &r) {
                       return r.cost.uncertainty.available ? r.cost.uncertainty.pOwningBeatsCloud : kNone;
                   },
                   .present = P::CostAvailable, .better = Better::Higher,
                   .detail = {"P(owning beats the cloud) %", "", 100.0, 1.0, 0}});
    out.push_back({.key = "cost.fleet_utilisation", .json = J::Real,
                   .read = [](const Results &r) { return r.cost.fleetUtilisation; }, .present = P::CostAvailable,
                   .detail = {"fleet utilisation %", "", 100.0, 1.0, 0}});
    out.push_back({.key = "cost.break_even_utilisation", .json = J::Real,
                   .read = [](const Results &r) {
                       return std::isfinite(r.cost.breakEvenUtilisation) ? r.cost.breakEvenUtilisation : kNone;
                   },
                   .present = P::CostAvailable, .better = Better::Lower,
                   .brief = {"break-even utilisation %", "", 100.0, 1.0, 0},
                   .dock = {"Break-even utilisation", "%", 100.0, 1.0, 0}});
    out.push_back({.key = "cost.residual_value_usd", .json = J::Real,
                   .read = [](const Results &r) { return r.cost.residualValueUsd; }, .present = P::CostAvailable});
    return out;
}

} // namespace cp::figuretable
