#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

namespace cp {

struct JobModel;

/// Settings of a Monte Carlo run of the training job.
struct SimulationOptions
{
    int runs = 1000;
    std::uint64_t seed = 1;
    double intervalH = 0.0;  ///< checkpoint interval; 0 = the job model's
    double workHours = 0.0;  ///< failure-free time to train; 0 = the job model's
    /// Each run draws its own rate and time factors from the job's ranges (what is not known about
    /// the fleet and the team), so that the spread of the runs is the spread a user should expect;
    /// false: every run uses the typical values (only the randomness of failures).
    bool sampleRanges = true;
    /// Called after each run with (runs done, runs in all); may be empty.
    std::function<void(int, int)> progress;
    const std::atomic<bool> *cancel = nullptr;
};

/// The distribution of the time to train over the runs.
struct SimulationResults
{
    int runs = 0;               ///< runs completed
    bool cancelled = false;
    double workHours = 0.0;
    double intervalH = 0.0;
    double meanDays = 0.0, p10Days = 0.0, p50Days = 0.0, p90Days = 0.0, minDays = 0.0, maxDays = 0.0;
    double goodputP10 = 0.0, goodputP90 = 0.0; ///< work / wall time of the runs' 10th and 90th percentiles
    double goodput = 0.0;        ///< work / mean wall time
    double analyticGoodput = 0.0; ///< JobModel::goodput at the same interval
    double meanFailures = 0.0;   ///< per run
    double meanLostHours = 0.0;  ///< wall time beyond the work, per run
    double spareMisses = 0.0;    ///< failures a spare would cover but none was free, per run
    int unfinished = 0;          ///< runs stopped at 100 × the work (collapsed); their length is the cap
    std::vector<double> days;    ///< every run's time to train, sorted
};

/// A run stops after this many events (failures, repairs, phase ends) and counts as unfinished: at
/// ~50 ns an event, about a second (docs/robustness.md, "Runaway work").
inline constexpr long long kMaxEventsPerRun = 20'000'000;

/// The events a run of `job` is expected to process: about two per failure (the failure and its
/// repair) over the wall time its analytic goodput gives, bounded by the run's caps. What a caller
/// multiplies by the runs to refuse a command that would not answer in reasonable time.
double expectedEventsPerRun(const JobModel &job, double workHours, double intervalH);

/// Simulates the training run `runs` times: failures of each class arrive as a Poisson process in
/// wall time; a failure loses the work since the last completed checkpoint and costs the recovery
/// time; a hot spare (if the domain has one free) replaces the failed part, else the job runs
/// shrunk until the repair. Deterministic for a given seed. `cancel` is checked between runs and
/// every few thousand events inside one; a run cancelled half-way is not counted.
SimulationResults simulate(const JobModel &job, const SimulationOptions &options);

} // namespace cp
