#include "model/reliability/reliability.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace cp {

namespace {

// z of the 90th percentile of the standard normal distribution.
constexpr double kZ90 = 1.2815515655446004;

/// A factor with median 1 whose 10th and 90th percentiles are `low` and `high`: a split
/// log-normal (each side its own spread), so an asymmetric range stays asymmetric.
double factor(double z, double low, double high)
{
    const double spread = z >= 0 ? std::log(std::max(1.0, high)) : std::log(1.0 / std::clamp(low, 1e-9, 1.0));
    return std::exp(z * spread / kZ90);
}

double quantile(std::vector<double> v, double q)
{
    if (v.empty())
        return 0.0;
    std::sort(v.begin(), v.end());
    // Nearest rank (Hyndman & Fan 1996, definition 1), as the Monte Carlo's.
    const size_t k = size_t(std::ceil(q * double(v.size())));
    return v[std::min(v.size() - 1, k > 0 ? k - 1 : 0)];
}

} // namespace

double JobModel::chosenIntervalH() const
{
    if (!intervalOptimal)
        return intervalH;
    double t = dalyIntervalHours(checkpointWriteH, mtbfHours());
    if (std::isinf(t))
        t = 24.0; // no failures: checkpoint daily for other reasons
    return std::max(t, minIntervalH);
}

JobModel JobModel::scaled(const UncertaintyFactors &f) const
{
    JobModel j = *this;
    for (FailureClass &c : j.classes) {
        c.ratePerHour *= c.sizeIndependent ? f.job : f.hardware;
        c.repairH *= f.repair;
    }
    j.repairH *= f.repair;
    j.recoveryH = (recoveryH - restoreH) * f.recovery + restoreH;
    j.intervalH = j.chosenIntervalH();
    return j;
}

UncertaintyFactors sampleFactors(const UncertaintyRanges &r, const double (&u)[8])
{
    // Box–Muller: two uniforms give a standard normal.
    const auto normal = [&](int i) {
        const double a = std::max(u[2 * i], 1e-300), b = u[2 * i + 1];
        // Truncated at ±3σ: a factor beyond (high)^(3/1.28) says more about the tail's shape,
        // which nobody knows, than about the fleet.
        return std::clamp(std::sqrt(-2.0 * std::log(a)) * std::cos(2.0 * M_PI * b), -3.0, 3.0);
    };
    return {factor(normal(0), r.hardwareLow, r.hardwareHigh), factor(normal(1), r.jobLow, r.jobHigh),
            factor(normal(2), r.recoveryLow, r.recoveryHigh), factor(normal(3), r.repairLow, r.repairHigh)};
}

GoodputBand goodputBand(const JobModel &job, double workDays, int samples)
{
    GoodputBand b;
    std::mt19937_64 rng(20240723); // fixed: the same design always gets the same band
    std::uniform_real_distribution<double> uni(0.0, 1.0);
    std::vector<double> g, d;
    g.reserve(size_t(std::max(0, samples)));
    d.reserve(g.capacity());
    for (int i = 0; i < samples; ++i) {
        double u[8];
        for (double &x : u)
            x = uni(rng);
        const JobModel j = job.scaled(sampleFactors(job.ranges, u));
        const double gi = j.goodput(j.intervalH);
        g.push_back(gi);
        // Goodput 0 would mean forever: the time is capped at 10,000 × the work (never infinite).
        d.push_back(workDays / std::max(gi, 1e-4));
    }
    b.samples = samples;
    b.goodputP10 = quantile(g, 0.1);
    b.goodputP50 = quantile(g, 0.5);
    b.goodputP90 = quantile(g, 0.9);
    b.daysP10 = quantile(d, 0.1);
    b.daysP50 = quantile(d, 0.5);
    b.daysP90 = quantile(d, 0.9);
    return b;
}

} // namespace cp
