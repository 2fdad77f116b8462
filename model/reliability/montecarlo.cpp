#include "model/reliability/montecarlo.h"

#include "model/reliability/reliability.h"
#include "model/core/sampling.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>

namespace cp {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// SplitMix64 (Steele, Lea & Flood, OOPSLA 2014): a tiny, fast generator with good statistics;
/// each run gets its own stream from the seed and the run number, so results do not depend on
/// how runs are scheduled.
class Random
{
public:
    explicit Random(std::uint64_t seed) : mState(seed) {}
    std::uint64_t next()
    {
        std::uint64_t z = (mState += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    double uniform() { return double(next() >> 11) * 0x1.0p-53; } // [0, 1)
    double exponential(double rate) { return rate > 0 ? -std::log1p(-uniform()) / rate : kInf; }

private:
    std::uint64_t mState;
};

/// A part back in service: spares returned to a domain, or the job's lost share restored.
struct Repair
{
    double t;
    long long domain; ///< -1 for a shrink
    int spares;
    double share;
    bool operator>(const Repair &o) const { return t > o.t; }
};

enum class Phase { Run, Write, Recover };

struct RunOutcome
{
    double wallH = 0.0;
    int failures = 0;
    int spareMisses = 0;
    bool unfinished = false; ///< stopped at the wall-time cap or the event cap
    bool cancelled = false;  ///< stopped by the caller: not a run
};

// A run that has not finished after this many times its failure-free work is stopped there: it
// has collapsed (recoveries longer than the time between failures), and its length is the cap.
constexpr double kWallCapFactor = 100.0;
// ... or after kMaxEventsPerRun events, whichever comes first. A healthy million-GPU run has ~150
// failures; a design whose goodput is ~0 reached its wall cap only after billions of events
// ("simulate --runs 1" ran for minutes without an answer).
// Cancellation is checked every this many events (a few hundred microseconds).
constexpr long long kCancelCheckEvents = 4096;

RunOutcome runOnce(const JobModel &job, double work, double tau, Random &rng, std::vector<int> &spares,
                   const std::atomic<bool> *cancel)
{
    RunOutcome out;
    const double lambda = job.ratePerHour();
    const double delta = job.checkpointWriteH;
    std::fill(spares.begin(), spares.end(), job.sparesPerDomain);
    std::priority_queue<Repair, std::vector<Repair>, std::greater<>> repairs;
    double t = 0.0, done = 0.0, committed = 0.0, shrunk = 0.0, phaseLeft = 0.0;
    Phase phase = Phase::Run;
    double nextFail = rng.exponential(lambda);
    const double wallCap = kWallCapFactor * work;
    long long events = 0;
    while (done < work) {
        if (t > wallCap || ++events > kMaxEventsPerRun) {
            out.unfinished = true;
            break;
        }
        if (cancel && events % kCancelCheckEvents == 0 && cancel->load(std::memory_order_relaxed)) {
            out.cancelled = true;
            break;
        }
        const double rate = std::max(0.0, 1.0 - shrunk);
        const double nextRepair = repairs.empty() ? kInf : repairs.top().t;
        const double tEvent = std::min(nextFail, nextRepair);
        if (phase == Phase::Recover || phase == Phase::Write) {
            if (phase == Phase::Write && phaseLeft == delta && rate > 0) {
                // Skip whole write-and-compute cycles that end before the next event.
                const double cycle = delta + tau / rate;
                const double byTime = std::floor((tEvent - t) / cycle);
                const double byWork = std::ceil((work - done) / tau) - 1.0;
                const double k = std::min(byTime, byWork);
                if (k >= 1.0 && std::isfinite(k)) {
                    t += k * cycle;
                    done += k * tau;
                    committed = done - tau;
                }
            }
            if (t + phaseLeft <= tEvent) {
                t += phaseLeft;
                if (phase == Phase::Write)
                    committed = done;
                phase = Phase::Run;
                continue;
            }
            phaseLeft -= tEvent - t;
            t = tEvent;
        } else {
            const double segment = std::min(tau - (done - committed), work - done);
            const double end = rate > 0 ? t + segment / rate : kInf;
            if (end <= tEvent) {
                t = end;
                done += segment;
                if (done >= work)
                    break; // the final state is saved outside the training loop
                phase = Phase::Write;
                phaseLeft = delta;
                continue;
            }
            if (!std::isfinite(tEvent))
                break; // stalled for good: cannot happen with finite repairs
            done += (tEvent - t) * rate;
            t = tEvent;
        }
        if (nextRepair <= nextFail) {
            const Repair r = repairs.top();
            repairs.pop();
            if (r.domain >= 0)
                spares[size_t(r.domain)] += r.spares;
            else
                shrunk = std::max(0.0, shrunk - r.share);
            continue;
        }
        // A failure: back to the last checkpoint, recover, replace or shrink.
        ++out.failures;
        done = committed;
        double pick = rng.uniform() * lambda;
        const FailureClass *c = &job.classes.back();
        for (const FailureClass &fc : job.classes) {
            if (pick < fc.ratePerHour) {
                c = &fc;
                break;
            }
            pick -= fc.ratePerHour;
        }
        bool replaced = false;
        if (c->spareCovers && !spares.empty()) {
            const long long d = (long long)(rng.uniform() * double(spares.size()));
            if (spares[size_t(d)] >= c->spareNeed) {
                spares[size_t(d)] -= c->spareNeed;
                repairs.push({t + job.repairH, d, c->spareNeed, 0.0});
                replaced = true;
            } else {
                ++out.spareMisses;
            }
        }
        if (!replaced && c->shrinkFraction > 0) {
            shrunk += c->shrinkFraction;
            repairs.push({t + job.repairH, -1, 0, c->shrinkFraction});
        }
        phase = Phase::Recover;
        phaseLeft = job.recoveryH;
        nextFail = t + rng.exponential(lambda);
    }
    out.wallH = t;
    return out;
}

} // namespace

double expectedEventsPerRun(const JobModel &job, double workHours, double intervalH)
{
    const double goodput = job.goodput(intervalH);
    const double wall = goodput > 1.0 / kWallCapFactor ? workHours / goodput : kWallCapFactor * workHours;
    const double events = 2.0 * job.ratePerHour() * wall + workHours / std::max(intervalH, 1e-9);
    return std::isfinite(events) ? std::min(events, double(kMaxEventsPerRun)) : double(kMaxEventsPerRun);
}

SimulationResults simulate(const JobModel &job, const SimulationOptions &options)
{
    SimulationResults res;
    res.workHours = options.workHours > 0 ? options.workHours : job.workHours;
    res.intervalH = options.intervalH > 0 ? options.intervalH : job.intervalH;
    res.analyticGoodput = job.goodput(res.intervalH);
    if (res.workHours <= 0 || res.intervalH <= 0 || options.runs <= 0)
        return res;
    std::vector<int> spares(size_t(std::max<long long>(0, job.sparesPerDomain > 0 ? job.domains : 0)));
    double sumWall = 0, sumFailures = 0, sumMisses = 0;
    for (int i = 0; i < options.runs; ++i) {
        if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
            res.cancelled = true;
            break;
        }
        Random rng(options.seed * 0x100000001b3ULL + std::uint64_t(i) * 0x9e3779b97f4a7c15ULL);
        RunOutcome o;
        if (options.sampleRanges) {
            double u[8];
            for (double &x : u)
                x = rng.uniform();
            // The run's own fleet and team: its rates and times, and the interval it would choose
            // (or the fixed one).
            JobModel drawn = job.scaled(sampleFactors(job.ranges, u));
            const double tau = options.intervalH > 0 || !job.intervalOptimal ? res.intervalH : drawn.intervalH;
            o = runOnce(drawn, res.workHours, tau, rng, spares, options.cancel);
        } else {
            o = runOnce(job, res.workHours, res.intervalH, rng, spares, options.cancel);
        }
        if (o.cancelled) {
            res.cancelled = true;
            break;
        }
        res.days.push_back(o.wallH / 24.0);
        sumWall += o.wallH;
        sumFailures += o.failures;
        sumMisses += o.spareMisses;
        res.unfinished += o.unfinished ? 1 : 0;
        ++res.runs;
        if (options.progress)
            options.progress(res.runs, options.runs);
    }
    if (res.runs == 0)
        return res;
    std::sort(res.days.begin(), res.days.end());
    const auto quantile = [&](double q) { return nearestRankQuantile(res.days, q); };
    res.meanDays = sumWall / res.runs / 24.0;
    res.p10Days = quantile(0.1);
    res.p50Days = quantile(0.5);
    res.p90Days = quantile(0.9);
    res.goodputP10 = res.workHours / (res.p90Days * 24.0); // the long runs are the low goodputs
    res.goodputP90 = res.workHours / (res.p10Days * 24.0);
    res.minDays = res.days.front();
    res.maxDays = res.days.back();
    res.goodput = res.workHours / (res.meanDays * 24.0);
    res.meanFailures = sumFailures / res.runs;
    res.meanLostHours = res.meanDays * 24.0 - res.workHours;
    res.spareMisses = sumMisses / res.runs;
    return res;
}

} // namespace cp
