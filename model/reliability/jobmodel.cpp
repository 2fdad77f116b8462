// The training job's model: its rates, time lost per failure, goodput and checkpoint interval, and
// the same under uncertain rates and times (the P10/P90 band).
#include "model/reliability/reliability.h"

#include "model/core/sampling.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace cp {

double JobModel::ratePerHour() const
{
    double r = 0.0;
    for (const FailureClass &c : classes)
        r += c.ratePerHour;
    return r;
}

double JobModel::mtbfHours() const
{
    const double r = ratePerHour();
    return r > 0 ? 1.0 / r : std::numeric_limits<double>::infinity();
}

namespace {

/// Time one failure of class `c` idles part of the job until repair (hours): none when a spare
/// in the domain covers it.
double shrinkLossH(const JobModel &job, const FailureClass &c)
{
    if (c.spareCovers && job.sparesPerDomain >= c.spareNeed)
        return 0.0;
    return std::min(1.0, c.shrinkFraction) * c.repairH;
}

} // namespace

double JobModel::meanShrinkLossH() const
{
    const double r = ratePerHour();
    if (r <= 0)
        return 0.0;
    double s = 0.0;
    for (const FailureClass &c : classes)
        s += c.ratePerHour * shrinkLossH(*this, c);
    return s / r;
}

double JobModel::lostPerFailureH(double tau) const
{
    // A failure while the job runs or writes strikes uniformly within a segment of compute τ plus
    // its write δ: half of it is redone on average (Young 1974). Then recovery R; a failure during
    // a recovery restarts it, so a recovery lasts M(1 − e^(−R/M)) on average and that share of
    // failures (R_eff/M of the wall time) finds no work to lose. Then the shrink loss until repair.
    const double m = mtbfHours();
    const double r = std::isinf(m) ? recoveryH : m * -std::expm1(-recoveryH / m);
    const double running = std::isinf(m) ? 1.0 : std::max(0.0, 1.0 - r / m);
    return running * (tau + checkpointWriteH) / 2.0 + r + meanShrinkLossH();
}

double JobModel::lostPerFailureH(double tau, const FailureClass &c) const
{
    return lostPerFailureH(tau) - meanShrinkLossH() + shrinkLossH(*this, c);
}

double JobModel::goodput(double tau) const
{
    // Per unit of wall time, failures arrive at 1/M; each costs the rework of half a segment and
    // the recovery, during which nothing runs; of the time left, the share τ/(τ+δ) computes
    // (DESIGN.md: goodput ≈ 1 − δ/τ − (τ/2 + R)/M to first order). A job shrunk until a repair
    // runs at a lower rate: by Little's law the mean idle share is (rate × f × repair) = S/M, and
    // it only costs while the job runs, hence the product.
    if (tau <= 0)
        return 0.0;
    const double m = mtbfHours();
    if (std::isinf(m))
        return 1.0 / (1.0 + checkpointWriteH / tau);
    const double shrinkH = meanShrinkLossH();
    const double down = std::max(0.0, 1.0 - (lostPerFailureH(tau) - shrinkH) / m);
    const double shrunk = std::max(0.0, 1.0 - shrinkH / m);
    return down * shrunk / (1.0 + checkpointWriteH / tau);
}

double dalyIntervalHours(double writeH, double mtbfH)
{
    if (writeH <= 0 || std::isinf(mtbfH))
        return std::isinf(mtbfH) ? std::numeric_limits<double>::infinity() : 0.0;
    // Daly, "A higher order estimate of the optimum checkpoint interval for restart dumps",
    // FGCS 22 (2006), eq. 37.
    if (writeH >= 2.0 * mtbfH)
        return mtbfH;
    const double x = writeH / (2.0 * mtbfH);
    return std::sqrt(2.0 * writeH * mtbfH) * (1.0 + std::sqrt(x) / 3.0 + x / 9.0) - writeH;
}


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
    const auto normal = [&](int i) { return standardNormal(u[2 * i], u[2 * i + 1]); };
    return {splitLogFactor(normal(0), r.hardwareLow, r.hardwareHigh), splitLogFactor(normal(1), r.jobLow, r.jobHigh),
            splitLogFactor(normal(2), r.recoveryLow, r.recoveryHigh),
            splitLogFactor(normal(3), r.repairLow, r.repairHigh)};
}

double effectiveDays(double workDays, double goodput)
{
    return workDays / std::max(goodput, 1e-4);
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
        d.push_back(effectiveDays(workDays, gi));
    }
    b.samples = samples;
    b.goodputP10 = nearestRankQuantile(g, 0.1);
    b.goodputP50 = nearestRankQuantile(g, 0.5);
    b.goodputP90 = nearestRankQuantile(g, 0.9);
    b.daysP10 = nearestRankQuantile(d, 0.1);
    b.daysP50 = nearestRankQuantile(d, 0.5);
    b.daysP90 = nearestRankQuantile(d, 0.9);
    return b;
}

} // namespace cp
