#pragma once

// What is not known about a design's cost and speed, as ranges, and what it does to the verdict:
// the uncertain inputs (prices, rates, the training and reliability models' bands), a seeded Monte
// Carlo over them, the P10/P50/P90 of the headline figures, and the tornado (docs/cost.md,
// "Ranges and decisions").

#include "model/core/design.h"

#include <array>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace cp {

/// The uncertain inputs, in the order their random numbers are drawn (so that two designs with
/// the same seed see the same draw of every input: common random numbers).
enum class CostInput {
    ComputePrice,  ///< servers, supernodes (× on the compute CAPEX)
    NetworkPrice,  ///< switches, cables and optics
    FacilityCost,  ///< the hall, its cooling plant, and power and cooling parts
    EnergyPrice,
    Maintenance,   ///< maintenance and spares rates
    Staff,         ///< staff cost
    CloudPrice,    ///< the cloud price per GPU-hour
    CloudDecline,  ///< the cloud price's yearly decline
    Utilisation,   ///< fleet utilisation (capped at 1)
    Throughput,    ///< the training model's throughput (its validation band)
    Goodput,       ///< the reliability model's goodput (its band)
    Delivery,      ///< the delivery time (lead times slip)
    Count
};
constexpr size_t kCostInputs = size_t(CostInput::Count);

/// One uncertain input: its file key (finance.ranges.KEY), its words, its default range and the
/// source of that range. Throughput and goodput have no default here: theirs is the model's band.
struct CostInputSpec
{
    CostInput id;
    const char *key;
    const char *label;
    FactorRange range; ///< {0, 0}: the model's own band
    const char *source;
};
const std::array<CostInputSpec, kCostInputs> &costInputs();
/// The input of file key `key`, or nullptr.
const CostInputSpec *costInputByKey(const std::string &key);

/// One draw: a factor on every input's typical value (all 1: the point figures).
struct CostDraw
{
    std::array<double, kCostInputs> factor;
    CostDraw() { factor.fill(1.0); }
    double operator[](CostInput i) const { return factor[size_t(i)]; }
};

/// The headline figures of one draw, as the cost stage computes them.
struct DrawFigures
{
    double tcoUsd = 0, npvUsd = 0, costPerEffectivePflopHourUsd = 0, costPerMillionTokensUsd = 0;
    double timeToTrainDays = 0, costToTrainUsd = 0;
    double deliveryMonths = 0;
    int breakEvenMonth = -1; ///< -1 = never in the life
    double throughput = 1.0; ///< the draw's factor on the training model's throughput
    double goodput = 1.0;    ///< the draw's factor on the reliability model's goodput (capped at 1 when applied)
};

/// A figure's P10, P50 and P90 over the draws.
struct Spread
{
    double p10 = 0, p50 = 0, p90 = 0;
};

/// One bar of the tornado: the verdict figures with one input at its P10 and at its P90, the others typical.
struct TornadoBar
{
    CostInput input;
    double low = 1, high = 1;                 ///< the factors used
    double npvAtLow = 0, npvAtHigh = 0;       ///< NPV of owning vs the cloud
    double cpeAtLow = 0, cpeAtHigh = 0;       ///< cost per effective PFLOP-hour
    double swing() const;                     ///< |npvAtHigh − npvAtLow|
};

/// What the cost Monte Carlo found.
struct CostUncertainty
{
    bool available = false;
    int draws = 0;
    int seed = 0;
    std::string part; ///< the accelerator whose throughput stream the draws used (costDraw)
    std::array<FactorRange, kCostInputs> ranges; ///< as used (the models' bands filled in)
    Spread tco, npv, costPerEffectivePflopHour, costPerMillionTokens, timeToTrainDays, costToTrain, deliveryMonths;
    /// Break-even month's quantiles; -1 = never in the life (a P90 beyond the life is "never").
    int breakEvenP10 = -1, breakEvenP50 = -1, breakEvenP90 = -1;
    double pOwningBeatsCloud = 0; ///< share of draws with NPV > 0
    std::vector<TornadoBar> tornado; ///< every input, the largest swing first
    /// Every draw's figures, in draw order, for the probability that one design beats another
    /// (shared: copies of the results stay cheap).
    std::shared_ptr<const std::vector<DrawFigures>> samples;
};

/// The draw of index `i` of `seed`: each input's factor from its range (common random numbers).
/// The throughput's factor comes from a stream of the accelerator's own (`part`, a catalog id;
/// empty: the common one): two designs on one part see the same throughput draw, designs on two
/// parts independent ones, because the model's errors on two parts are not correlated — in the 32
/// pairs one software stack published on two parts, the log ratio of the two errors has an rms of
/// 0.146, no less than √2 × the rows' own 0.097 (docs/cost.md, "Ranges and decisions";
/// test_costranges recomputes both from the shipped runs).
CostDraw costDraw(const std::array<FactorRange, kCostInputs> &ranges, int seed, int i, std::string_view part = {});

struct Results;

/// The ranges a design's Monte Carlo uses: its finance.ranges, else the documented defaults; the
/// throughput's from the training model's validation band and the goodput's from the reliability
/// model's band (as factors on the point figures) unless the design sets them.
std::array<FactorRange, kCostInputs> costRanges(const Design &design, const Results &earlier);

/// Draws `draws` factor sets (seed `seed`), evaluates each with `evaluate`, and returns the
/// quantiles; the tornado evaluates each input at its P10 and P90 with the others typical.
CostUncertainty sampleCostUncertainty(const std::array<FactorRange, kCostInputs> &ranges, int seed, int draws,
                                      const std::function<DrawFigures(const CostDraw &)> &evaluate,
                                      std::string_view part = {});

/// The share of paired draws in which A's figure is better than B's (ties count half; the
/// throughput is paired only between designs on one accelerator, costDraw); NaN when
/// either design has no draws or their counts differ. `figure` is a results key of
/// comparableFigures().
double probabilityABetter(const CostUncertainty &a, const CostUncertainty &b, const std::string &figure);
/// How a performance figure follows the training model's throughput: in proportion (MFU, TFLOP/s,
/// tokens/s) or inversely (step time, failure-free time to train).
enum class ThroughputScaling { Proportional, Inverse };
/// The share of paired draws in which A's figure beats B's for a figure that scales with the
/// throughput alone: `pointA` and `pointB` each times (or, Inverse, over) its draw's throughput
/// factor; ties count half. NaN when either design has no draws or their counts differ.
double probabilityScaledBetter(const CostUncertainty &a, double pointA, const CostUncertainty &b, double pointB,
                               ThroughputScaling scaling, bool higherIsBetter);
/// The share of paired draws in which A's goodput beats B's: each point goodput times its draw's
/// goodput factor, capped at 1 as the cost stage applies it; ties count half. NaN as above.
double probabilityGoodputBetter(const CostUncertainty &a, double goodputA, const CostUncertainty &b, double goodputB);
/// The headline figures a comparison states a probability for, as results keys.
const std::vector<std::string> &comparableFigures();

} // namespace cp
