#pragma once

#include "model/core/problem.h"

#include <string>
#include <vector>

namespace cp {

class Catalog;
struct Design;
struct Results;

/// What one kind of part does to the cluster when an instance of it fails.
struct FailureDomainKind
{
    std::string kind;            ///< gpu, node, nvlink_switch_tray, nic, link_endpoint, leaf, …
    long long count = 0;         ///< instances in the design
    double failuresPerHour = 0.0; ///< per instance
    long long gpusLostMax = 0;   ///< GPUs one failure takes down or cuts off (worst instance)
    double gpusLostMean = 0.0;   ///< the same, averaged over the instances
    bool interruptsJob = false;  ///< a failure stops the training job (it restarts from a checkpoint)
    long long jobParts = 0;      ///< instances the job depends on (their failures interrupt it)
    double jobFailuresPerHour = 0.0; ///< jobParts × failuresPerHour
    double eventsPerMonth = 0.0; ///< all instances, 730 h per month
    std::string recovery;        ///< "none", "restart", "spare" or "shrink"
    /// Job time this kind's failures cost per month of wall time: its interruptions ×
    /// the time each loses (rework, recovery, shrink until repair; JobModel::lostPerFailureH).
    double lostHoursPerMonth = 0.0;
    /// This kind's share of the time failures cost the job (0–1; the kinds sum to 1 when the
    /// job can fail at all). Checkpoint writes, which no failure causes, are not counted.
    double downtimeShare = 0.0;
};

/// One large failure domain: the part and the GPUs it takes down.
struct FailureDomain
{
    std::string kind;
    std::string part; ///< rack id, unit id or leaf group
    long long gpus = 0;
};

/// A cause of job interruptions as the analytic model and the Monte Carlo see it.
struct FailureClass
{
    std::string kind;
    double ratePerHour = 0.0;   ///< all parts of this kind the job depends on
    bool spareCovers = false;   ///< a hot spare in the domain takes over (supernode spares)
    int spareNeed = 0;          ///< spare GPUs one failure consumes
    double shrinkFraction = 0.0; ///< share of the job's GPUs idle until repair when no spare covers
    double repairH = 24.0;      ///< the failed part back in service (the policy's time for its kind)
    bool sizeIndependent = false; ///< a job-level cause (its rate does not scale with the parts)
};

/// The factors by which uncertain rates and times are multiplied (1 = the typical values).
struct UncertaintyFactors
{
    double hardware = 1.0, job = 1.0, recovery = 1.0, repair = 1.0;
};

/// Each factor's 10th and 90th percentile (log-normal, median 1): from ReliabilitySettings.
struct UncertaintyRanges
{
    double hardwareLow = 1.0, hardwareHigh = 1.0, jobLow = 1.0, jobHigh = 1.0;
    double recoveryLow = 1.0, recoveryHigh = 1.0, repairLow = 1.0, repairHigh = 1.0;
};

/// The training job as the reliability model sees it: failure causes, checkpointing, recovery.
/// Times in hours.
struct JobModel
{
    std::vector<FailureClass> classes;
    double workHours = 0.0;        ///< failure-free time to train
    double checkpointWriteH = 0.0; ///< blocking write of one checkpoint (δ)
    double intervalH = 0.0;        ///< compute time between checkpoints (τ)
    double recoveryH = 0.0;        ///< detection + restart + restore + warm-up
    double restoreH = 0.0;         ///< the restore part of recoveryH (not scaled by the recovery factor)
    double minIntervalH = 0.0;     ///< the interval cannot be shorter (a step; a background write)
    bool intervalOptimal = true;   ///< the interval follows Young/Daly when the rates change
    double repairH = 24.0;         ///< the longest repair time of the classes (for the spares' return)
    long long domains = 0;         ///< scale-up domains holding spares
    int sparesPerDomain = 0;

    double ratePerHour() const;
    double mtbfHours() const;
    /// Mean extra time per failure beyond recovery: shrink losses, spare misses ignored (hours).
    double meanShrinkLossH() const;
    /// Expected time lost per failure: rework of half a segment (when the job was running) +
    /// recovery (restarted by a failure during it) + shrink loss (hours).
    double lostPerFailureH(double intervalH) const;
    /// The same for a failure of one class: the shared rework and recovery, plus that class's
    /// own shrink loss. Averaged over the classes by rate it equals lostPerFailureH (hours).
    double lostPerFailureH(double intervalH, const FailureClass &c) const;
    /// Useful share of wall time at checkpoint interval τ (docs/reliability.md, "Goodput").
    double goodput(double intervalH) const;
    /// The interval the job checkpoints at: Young/Daly for its rates (at least minIntervalH), or
    /// the fixed one.
    double chosenIntervalH() const;
    /// The same job with its rates and times multiplied by `f` (hardware classes, job-level
    /// classes, recovery without the restore, repairs); a Young/Daly interval is chosen again.
    JobModel scaled(const UncertaintyFactors &f) const;
    UncertaintyRanges ranges;
};

/// Samples the uncertain factors: log-normal with median 1 and the ranges' 10th/90th percentiles,
/// from two uniform numbers per factor (Box–Muller). Deterministic in `u`.
UncertaintyFactors sampleFactors(const UncertaintyRanges &r, const double (&u)[8]);

/// P10, P50 and P90 of goodput and of the effective time to train over sampled factors.
struct GoodputBand
{
    double goodputP10 = 0, goodputP50 = 0, goodputP90 = 0;
    double daysP10 = 0, daysP50 = 0, daysP90 = 0; ///< effective time to train; P90 is the long one
    int samples = 0;
};
/// `samples` draws of the factors (fixed seed), each job's analytic goodput at its own interval.
GoodputBand goodputBand(const JobModel &job, double workDays, int samples = 512);
/// Days `workDays` of work take at `goodput`. Goodput 0 would mean forever: the time is capped at
/// 10,000 × the work — never infinite, and far past the "training would never finish" warning.
double effectiveDays(double workDays, double goodput);

/// The optimum checkpoint interval for write time δ and MTBF M (Daly 2006, eq. 37; Young 1974
/// to first order): √(2δM)·(1 + ⅓√(δ/2M) + δ/18M) − δ for δ < 2M, else M.
double dalyIntervalHours(double writeH, double mtbfH);

/// Failure domains, interruption rate, checkpointing and goodput of the design's training job.
struct ReliabilityResults
{
    bool available = false; ///< false without GPUs
    std::vector<FailureDomainKind> kinds;
    std::vector<FailureDomain> largestDomains; ///< up to 10, largest first
    long long largestFailureDomainGpus = 0;
    double interruptionsPerHour = 0.0;
    double jobMtbfHours = 0.0;
    double bytesPerParam = 16.0;
    double params = 0.0;
    double checkpointSizeTb = 0.0;
    double storageWriteGbPerS = 0.0; ///< aggregate, capped by the network path
    double storageReadGbPerS = 0.0;
    double checkpointWriteS = 0.0;
    double checkpointRestoreS = 0.0;
    double checkpointIntervalMinutes = 0.0;
    bool intervalOptimal = true;     ///< Young/Daly, not the user's
    double timeLostPerFailureMinutes = 0.0;
    double goodput = 0.0;
    double goodputWithoutSpares = 0.0;
    std::string policy;              ///< the resilience policy's name
    std::string checkpointKind;      ///< blocking | async | in-memory
    double restartMinutes = 0.0;     ///< launch + initialisation for the job's size
    double detectMinutes = 0.0, warmupMinutes = 0.0;
    long long jobGpus = 0;           ///< GPUs of one job
    double checkpointStallS = 0.0;   ///< what one checkpoint stops training for (the kind's)
    double restoreS = 0.0;           ///< what one restore takes (storage, or a peer's memory)
    /// Where goodput goes, as shares of wall time (sum with goodput to 1): checkpoint stalls, work
    /// redone after failures, recoveries, and the job shrunk or waiting for repairs.
    double lossCheckpoint = 0.0, lossRework = 0.0, lossRecovery = 0.0, lossRepair = 0.0;
    GoodputBand band;
    /// The same design under each preset policy (for the report's comparison).
    struct PolicyOutcome
    {
        std::string policy;
        double goodput = 0.0, lostPerFailureMinutes = 0.0, effectiveTimeToTrainDays = 0.0;
    };
    std::vector<PolicyOutcome> byPolicy;
    /// Supernode designs: the same job with 0, 2, 4, 8 hot spares per domain; capacity = GPUs in
    /// service relative to the design's own spares.
    struct SparesOutcome
    {
        int spares = 0;
        double goodput = 0.0, capacity = 0.0;
    };
    std::vector<SparesOutcome> bySpares;
    double timeToTrainDays = 0.0;    ///< failure-free, from the performance stage
    double effectiveTimeToTrainDays = 0.0;
    JobModel job;
    Problems problems;
};

/// The reliability stage: runs after inventory, fabric, performance and power (`earlier`).
/// Linear in the design's size: racks, units and leaf groups are visited a bounded number of times.
ReliabilityResults evaluateReliability(const Design &design, const Catalog &catalog, const Results &earlier);

} // namespace cp
