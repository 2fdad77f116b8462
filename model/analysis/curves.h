#pragma once

#include <string>
#include <vector>

namespace cp {

struct JobModel;
struct PerformanceResults;
struct PowerResults;
struct Results;

// The curves and bars of the comparison's charts, computed from evaluated results
// (report/chartdata.h draws them; views/analysis/chartsview.h shows them).

/// A curve of a chart: x and y of the same length.
struct Curve
{
    std::vector<double> x;
    std::vector<double> y;
};

/// Checkpoint intervals (minutes) to plot goodput against: log-spaced from an eighth of the
/// shortest optimum to eight times the longest, `points` of them; empty without any job.
std::vector<double> checkpointIntervalGridMinutes(const std::vector<const JobModel *> &jobs, int points = 25);
/// Goodput (0..1) of a job at each checkpoint interval in minutes (JobModel::goodput).
Curve goodputByCheckpointInterval(const JobModel &job, const std::vector<double> &intervalsMinutes);

/// The Young/Daly optimum of a job's checkpoint interval (dalyIntervalHours) and the goodput there.
struct CheckpointPoint
{
    double intervalMinutes = 0.0; ///< 0 when the job has no checkpoint write time or no failures
    double goodput = 0.0;         ///< 0..1
};
CheckpointPoint optimalCheckpoint(const JobModel &job);

/// The design's workload at several GPU counts: MFU and failure-free time to train per count.
struct ScalingCurve
{
    std::vector<double> gpus;
    std::vector<double> mfu;             ///< 0..1
    std::vector<double> timeToTrainDays; ///< failure-free (StepEstimate::timeToTrainDays)
};
/// The workload at `points` GPU counts, halving from the design's active GPUs down (whole
/// scale-up domains, at least one); each point re-runs the parallelism search with the
/// data-parallel degree free (the global batch stays). Counts where nothing fits are left out.
/// The last point is the design's own outcome (PerformanceResults::outcome); the others carry
/// the same stack efficiency (workload.stack_efficiency) as the outcome does.
ScalingCurve scalingByGpuCount(const PerformanceResults &performance, int points = 5);
/// MFU (0..1) of scalingByGpuCount: x GPUs, y MFU.
Curve mfuByGpuCount(const PerformanceResults &performance, int points = 5);

/// The collective a bus-bandwidth curve times (model/collectives.h).
enum class CollectiveKind { AllReduce, AllGather, ReduceScatter, AllToAll };
const char *collectiveName(CollectiveKind kind);

/// Bus bandwidth of one collective in a group of GPUs reaching one level of the fabric.
struct TierBandwidth
{
    std::string tier;   ///< "scale-up domain", "leaf", "spine", "core"
    long long gpus = 0; ///< ranks of the group
    Curve curve;        ///< x: message size in bytes; y: bus bandwidth, GB/s per GPU
};
/// Bus bandwidth (NCCL's convention, model/collectives.h) against message size for a group of
/// contiguous GPUs at each level of the design's fabric as the training model sees it
/// (PerformanceResults::spec.cluster): one scale-up domain, then everything under one leaf, one
/// spine, …, the top tier holding all active GPUs. A tier whose group is no larger than the level
/// below is left out. Sizes double from `minBytes` up to `maxBytes`. Empty without GPUs.
std::vector<TierBandwidth> busBandwidthByMessageSize(const PerformanceResults &performance,
                                                     CollectiveKind kind = CollectiveKind::AllReduce,
                                                     double minBytes = 1024.0, double maxBytes = 16.0 * (1ll << 30));

/// Load of a row or a power feed against its capacity, kW.
struct LoadBar
{
    std::string name;
    double loadKw = 0.0;      ///< rows: IT at training load; feeds: the most loaded unit in the worst single failure
    double nameplateKw = 0.0; ///< rows: the racks' nameplate; feeds: nameplate of the racks the feed serves
    double capacityKw = 0.0;  ///< rows: sum of the racks' rated limits; feeds: that unit's capacity
};
/// Each row (power.kw_by_row), its racks' nameplate and rated limits summed (power.racks[]).
std::vector<LoadBar> powerByRow(const PowerResults &power);
/// Each power feed (group of power.power_units): its most loaded unit against that unit's capacity.
std::vector<LoadBar> powerByFeed(const PowerResults &power);

/// Racks per IT-power bin (training load), the same bins for every design.
struct RackPowerHistogram
{
    double binKw = 0.0;                       ///< bin width; bin i holds [i·binKw, (i+1)·binKw)
    std::vector<std::vector<long long>> racks; ///< per design, per bin
    int bins() const { return racks.empty() ? 0 : int(racks.front().size()); }
};
/// Histogram of `power.racks[].it_kw` for each design; bin width a round number (1, 2, 5 × 10^k kW)
/// giving at most `maxBins` bins up to the densest rack.
RackPowerHistogram rackPowerHistogram(const std::vector<const Results *> &results, int maxBins = 16);

} // namespace cp
