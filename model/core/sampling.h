#pragma once

// The sampling rules every Monte Carlo of the model shares (the reliability band and runs, the
// cost ranges): a range given as its 10th and 90th percentile around a typical value, drawn as a
// split log-normal, and the nearest-rank quantile of the draws.

#include <vector>

namespace cp {

/// z of the 90th percentile of the standard normal distribution.
inline constexpr double kZ90 = 1.2815515655446004;

/// A standard normal from two uniform numbers in [0, 1) (Box–Muller), truncated at ±3σ: a draw
/// beyond says more about the tail's shape, which nobody knows, than about the input.
double standardNormal(double u1, double u2);

/// A factor with median 1 whose 10th and 90th percentiles are `low` (≤ 1) and `high` (≥ 1): a split
/// log-normal, each side its own spread, so an asymmetric range stays asymmetric. low = high = 1
/// gives exactly 1.
double splitLogFactor(double z, double low, double high);

/// The q-quantile of `v` by nearest rank (Hyndman & Fan 1996, definition 1): always one of the
/// draws, so a point range gives back the point exactly. 0 for no draws.
double nearestRankQuantile(std::vector<double> v, double q);

} // namespace cp
