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
    double repairH = 24.0;
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
};

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
    double timeToTrainDays = 0.0;    ///< failure-free, from the performance stage
    double effectiveTimeToTrainDays = 0.0;
    JobModel job;
    Problems problems;
};

/// The reliability stage: runs after inventory, fabric, performance and power (`earlier`).
/// Linear in the design's size: racks, units and leaf groups are visited a bounded number of times.
ReliabilityResults evaluateReliability(const Design &design, const Catalog &catalog, const Results &earlier);

} // namespace cp
