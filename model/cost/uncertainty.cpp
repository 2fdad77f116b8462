#include "model/cost/uncertainty.h"

#include "model/core/problem.h"
#include "model/core/sampling.h"
#include "model/engine/evaluation.h"
#include "model/training/accuracy.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

namespace cp {

namespace {
constexpr FactorRange kModelBand{0.0, 0.0};
} // namespace

const std::array<CostInputSpec, kCostInputs> &costInputs()
{
    // Each default range is the spread of the public figures around the default (docs/cost.md,
    // "Ranges and decisions", has the arithmetic and the dates).
    static const std::array<CostInputSpec, kCostInputs> inputs{{
        {CostInput::ComputePrice, "compute_price", CP_TR_NOOP("cp::report::Charts", "Server and supernode prices"), {0.95, 1.17},
         "8xH100 server: SemiAnalysis optimised $256.4k and Thinkmate quote ~$317k around the $270k OEM quote (Oct 2024)"},
        {CostInput::NetworkPrice, "network_price", CP_TR_NOOP("cp::report::Charts", "Network prices (switches, optics)"), {0.72, 1.25},
         "64-port NDR switch: FS.com-class $36k vs NVIDIA $50k (low); branded optics at list (high, assumption)"},
        {CostInput::FacilityCost, "facility_cost", CP_TR_NOOP("cp::report::Charts", "Facility build and plant"), {0.79, 1.28},
         "Cushman & Wakefield 2025: $9.3M-15.0M per MW around the $11.7M average of 19 US markets"},
        {CostInput::EnergyPrice, "energy_price", CP_TR_NOOP("cp::report::Charts", "Energy price"), {0.75, 1.30},
         "EIA 2023 industrial prices: Louisiana 5.88 c to Virginia 8.92 c around 7.8 c; high includes rises over the life (assumption)"},
        {CostInput::Maintenance, "maintenance", CP_TR_NOOP("cp::report::Charts", "Maintenance and spares rates"), {0.5, 1.5},
         "assumption: no authoritative rate was found (figures.md F)"},
        {CostInput::Staff, "staff", CP_TR_NOOP("cp::report::Charts", "Staff cost"), {0.75, 1.5}, "assumption: no public staffing ratio was found"},
        {CostInput::CloudPrice, "cloud_price", CP_TR_NOOP("cp::report::Charts", "Cloud price per GPU-hour"), {0.76, 1.18},
         "H100 neocloud on-demand $1.90-2.94 around $2.49 (figures.md A.5)"},
        {CostInput::CloudDecline, "cloud_decline", CP_TR_NOOP("cp::report::Charts", "Cloud price decline a year"), {0.3, 2.0},
         "3 %-20 % a year around 10 %: H100 on-demand $2.99 (Oct 2024) to $2.49-2.85 (Q1 2026) is ~8 %/yr; $8 (2023) to <$2 (late 2024) far steeper (figures.md A.5)"},
        {CostInput::Utilisation, "utilisation", CP_TR_NOOP("cp::report::Charts", "Fleet utilisation"), {0.8, 1.1},
         "0.68-0.94 around 0.85 (assumption, docs/cost.md)"},
        {CostInput::Throughput, "throughput", CP_TR_NOOP("cp::report::Charts", "Training throughput (MFU)"), kModelBand,
         "the training model's P10-P90 validation band for the run's regime (docs/validation.md)"},
        {CostInput::Goodput, "goodput", CP_TR_NOOP("cp::report::Charts", "Goodput (failures)"), kModelBand,
         "the reliability model's P10-P90 band over its rate and time ranges (docs/reliability.md)"},
        {CostInput::Delivery, "delivery", CP_TR_NOOP("cp::report::Charts", "Delivery time"), {0.8, 1.6},
         "switchgear 46-48 weeks is tight, but chillers and generators run 30 to 110 weeks (Cushman & Wakefield 2025, H) "
         "and GPU servers 8 to 52 weeks (Dell 2024, Omdia 2023, M): assumption, a longer slip than gain"},
    }};
    return inputs;
}

const CostInputSpec *costInputByKey(const std::string &key)
{
    for (const CostInputSpec &s : costInputs())
        if (key == s.key)
            return &s;
    return nullptr;
}

double TornadoBar::swing() const
{
    return std::abs(npvAtHigh - npvAtLow);
}

std::array<FactorRange, kCostInputs> costRanges(const Design &design, const Results &r)
{
    std::array<FactorRange, kCostInputs> out;
    for (const CostInputSpec &s : costInputs()) {
        FactorRange range = s.range;
        if (s.id == CostInput::Throughput) {
            range = {1.0, 1.0};
            if (r.performance.available) {
                const Band b = performanceBands(r.performance.spec, r.performance.outcome.estimate).band;
                range = {std::min(1.0, b.low), std::max(1.0, b.high)};
            }
        } else if (s.id == CostInput::Goodput) {
            range = {1.0, 1.0};
            if (r.reliability.available && r.reliability.goodput > 0 && r.reliability.band.samples > 0) {
                const double g = r.reliability.goodput;
                range = {std::clamp(r.reliability.band.goodputP10 / g, 1e-3, 1.0),
                         std::clamp(r.reliability.band.goodputP90 / g, 1.0, 1.0 / g)};
            }
        }
        if (const auto it = design.finance.ranges.find(s.key); it != design.finance.ranges.end())
            range = it->second;
        out[size_t(s.id)] = range;
    }
    return out;
}

namespace {

/// A seed of the accelerator's own throughput stream: FNV-1a over its id (the same on every
/// platform).
std::uint64_t partStream(std::string_view part)
{
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const char c : part) {
        h ^= std::uint8_t(c);
        h *= 0x100000001b3ULL;
    }
    return h;
}

/// SplitMix64 (Steele, Lea and Flood 2014): the next 64 bits of `state`.
std::uint64_t splitMix64(std::uint64_t &state)
{
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

} // namespace

CostDraw costDraw(const std::array<FactorRange, kCostInputs> &ranges, int seed, int i, std::string_view part)
{
    // One generator per draw, its two uniforms per input in the table's order, so that draw i of
    // two designs with the same seed sees the same input values (common random numbers).
    // Uniforms from the generator's raw bits: the same on every standard library.
    const std::uint64_t base = std::uint64_t(std::uint32_t(seed)) * 0x9e3779b97f4a7c15ULL + std::uint64_t(i);
    std::mt19937_64 rng(base);
    const auto uniform = [&rng] { return double(rng() >> 11) * 0x1.0p-53; };
    CostDraw d;
    for (size_t k = 0; k < kCostInputs; ++k) {
        const double u1 = uniform(), u2 = uniform();
        double z = standardNormal(u1, u2);
        if (CostInput(k) == CostInput::Throughput && !part.empty()) {
            // The part's own stream (two SplitMix64 outputs: cheap to seed per draw); the common
            // generator still advances, so that every other input draws what it would without it.
            std::uint64_t state = base ^ partStream(part);
            const double v1 = double(splitMix64(state) >> 11) * 0x1.0p-53;
            const double v2 = double(splitMix64(state) >> 11) * 0x1.0p-53;
            z = standardNormal(v1, v2);
        }
        d.factor[k] = splitLogFactor(z, ranges[k].low, ranges[k].high);
    }
    return d;
}

namespace {

constexpr double kNever = 1e9; // a break-even month beyond the life, for the quantiles

Spread spreadOf(const std::vector<DrawFigures> &draws, double DrawFigures::*figure)
{
    std::vector<double> v;
    v.reserve(draws.size());
    for (const DrawFigures &d : draws)
        v.push_back(d.*figure);
    return {nearestRankQuantile(v, 0.1), nearestRankQuantile(v, 0.5), nearestRankQuantile(v, 0.9)};
}

double breakEvenValue(int month)
{
    return month < 0 ? kNever : double(month);
}

int breakEvenMonthOf(double v)
{
    return v >= kNever ? -1 : int(v);
}

} // namespace

CostUncertainty sampleCostUncertainty(const std::array<FactorRange, kCostInputs> &ranges, int seed, int draws,
                                      const std::function<DrawFigures(const CostDraw &)> &evaluate, std::string_view part)
{
    CostUncertainty u;
    u.ranges = ranges;
    u.seed = seed;
    u.part = std::string(part);
    u.draws = std::max(0, draws);
    if (u.draws == 0)
        return u;
    auto samples = std::make_shared<std::vector<DrawFigures>>();
    samples->reserve(size_t(u.draws));
    for (int i = 0; i < u.draws; ++i) {
        const CostDraw draw = costDraw(ranges, seed, i, part);
        DrawFigures figures = evaluate(draw);
        figures.throughput = draw[CostInput::Throughput];
        figures.goodput = draw[CostInput::Goodput];
        samples->push_back(figures);
    }
    u.tco = spreadOf(*samples, &DrawFigures::tcoUsd);
    u.npv = spreadOf(*samples, &DrawFigures::npvUsd);
    u.costPerEffectivePflopHour = spreadOf(*samples, &DrawFigures::costPerEffectivePflopHourUsd);
    u.costPerMillionTokens = spreadOf(*samples, &DrawFigures::costPerMillionTokensUsd);
    u.timeToTrainDays = spreadOf(*samples, &DrawFigures::timeToTrainDays);
    u.costToTrain = spreadOf(*samples, &DrawFigures::costToTrainUsd);
    u.deliveryMonths = spreadOf(*samples, &DrawFigures::deliveryMonths);
    std::vector<double> months;
    int owningWins = 0;
    for (const DrawFigures &d : *samples) {
        months.push_back(breakEvenValue(d.breakEvenMonth));
        owningWins += d.npvUsd > 0;
    }
    u.breakEvenP10 = breakEvenMonthOf(nearestRankQuantile(months, 0.1));
    u.breakEvenP50 = breakEvenMonthOf(nearestRankQuantile(months, 0.5));
    u.breakEvenP90 = breakEvenMonthOf(nearestRankQuantile(months, 0.9));
    u.pOwningBeatsCloud = double(owningWins) / double(u.draws);
    for (const CostInputSpec &s : costInputs()) {
        TornadoBar bar{s.id, ranges[size_t(s.id)].low, ranges[size_t(s.id)].high};
        CostDraw d;
        d.factor[size_t(s.id)] = bar.low;
        const DrawFigures lo = evaluate(d);
        d.factor[size_t(s.id)] = bar.high;
        const DrawFigures hi = evaluate(d);
        bar.npvAtLow = lo.npvUsd;
        bar.npvAtHigh = hi.npvUsd;
        bar.cpeAtLow = lo.costPerEffectivePflopHourUsd;
        bar.cpeAtHigh = hi.costPerEffectivePflopHourUsd;
        u.tornado.push_back(bar);
    }
    std::stable_sort(u.tornado.begin(), u.tornado.end(),
                     [](const TornadoBar &a, const TornadoBar &b) { return a.swing() > b.swing(); });
    u.samples = std::move(samples);
    u.available = true;
    return u;
}

const std::vector<std::string> &comparableFigures()
{
    static const std::vector<std::string> keys{
        "cost.tco_usd", "cost.cost_per_effective_pflop_hour_usd", "cost.cost_per_million_tokens_usd",
        "cost.time_to_train_days", "cost.cost_to_train_usd", "cost.break_even_month", "cost.npv_owning_vs_cloud_usd", "cost.delivery_months"};
    return keys;
}

double probabilityABetter(const CostUncertainty &a, const CostUncertainty &b, const std::string &figure)
{
    if (!a.samples || !b.samples || a.samples->empty() || a.samples->size() != b.samples->size())
        return std::numeric_limits<double>::quiet_NaN();
    // The figure of a draw, oriented so that lower is better.
    const auto lowerIsBetter = [&](const DrawFigures &d) -> double {
        if (figure == "cost.tco_usd") return d.tcoUsd;
        if (figure == "cost.cost_per_effective_pflop_hour_usd") return d.costPerEffectivePflopHourUsd > 0 ? d.costPerEffectivePflopHourUsd : kNever;
        if (figure == "cost.cost_per_million_tokens_usd") return d.costPerMillionTokensUsd > 0 ? d.costPerMillionTokensUsd : kNever;
        if (figure == "cost.time_to_train_days") return d.timeToTrainDays > 0 ? d.timeToTrainDays : kNever;
        if (figure == "cost.cost_to_train_usd") return d.costToTrainUsd > 0 ? d.costToTrainUsd : kNever;
        if (figure == "cost.break_even_month") return breakEvenValue(d.breakEvenMonth);
        if (figure == "cost.delivery_months") return d.deliveryMonths;
        if (figure == "cost.npv_owning_vs_cloud_usd") return -d.npvUsd;
        return std::numeric_limits<double>::quiet_NaN();
    };
    double wins = 0;
    for (size_t i = 0; i < a.samples->size(); ++i) {
        const double x = lowerIsBetter((*a.samples)[i]), y = lowerIsBetter((*b.samples)[i]);
        if (std::isnan(x) || std::isnan(y))
            return std::numeric_limits<double>::quiet_NaN();
        wins += x < y ? 1.0 : x == y ? 0.5 : 0.0;
    }
    return wins / double(a.samples->size());
}

double probabilityScaledBetter(const CostUncertainty &a, double pointA, const CostUncertainty &b, double pointB,
                               ThroughputScaling scaling, bool higherIsBetter)
{
    if (!a.samples || !b.samples || a.samples->empty() || a.samples->size() != b.samples->size() ||
        !std::isfinite(pointA) || !std::isfinite(pointB))
        return std::numeric_limits<double>::quiet_NaN();
    double wins = 0;
    for (size_t i = 0; i < a.samples->size(); ++i) {
        const double fa = (*a.samples)[i].throughput, fb = (*b.samples)[i].throughput;
        double x = scaling == ThroughputScaling::Proportional ? pointA * fa : pointA / fa;
        double y = scaling == ThroughputScaling::Proportional ? pointB * fb : pointB / fb;
        if (!higherIsBetter)
            std::swap(x, y);
        wins += x > y ? 1.0 : x == y ? 0.5 : 0.0;
    }
    return wins / double(a.samples->size());
}

double probabilityGoodputBetter(const CostUncertainty &a, double goodputA, const CostUncertainty &b, double goodputB)
{
    if (!a.samples || !b.samples || a.samples->empty() || a.samples->size() != b.samples->size() ||
        !std::isfinite(goodputA) || !std::isfinite(goodputB))
        return std::numeric_limits<double>::quiet_NaN();
    double wins = 0;
    for (size_t i = 0; i < a.samples->size(); ++i) {
        const double x = std::min(1.0, goodputA * (*a.samples)[i].goodput);
        const double y = std::min(1.0, goodputB * (*b.samples)[i].goodput);
        wins += x > y ? 1.0 : x == y ? 0.5 : 0.0;
    }
    return wins / double(a.samples->size());
}

} // namespace cp
