#pragma once

#include <limits>
#include <string>
#include <vector>

namespace cp {

struct JobModel;
struct PerformanceResults;
struct PowerResults;
struct Results;

/// One design of a comparison: the name shown and its evaluated results.
struct ComparedDesign
{
    std::string name;
    const Results *results = nullptr;
};

/// Which way a figure is better; `Neither` for figures that are a trade-off (rack density, size).
enum class Better { Neither, Higher, Lower };

/// One design's figure in a comparison row.
struct ComparisonCell
{
    double value = std::numeric_limits<double>::quiet_NaN(); ///< NaN when the design has none
    std::string text; ///< as shown: the value at the row's decimals, or the row's missing text
    bool best = false; ///< the better value of the row (never set when `Better::Neither`)
};

/// One row of a comparison: a figure of every design, where it comes from, and the best marked.
struct ComparisonRow
{
    std::string key;       ///< stable identifier ("capex", "scale_up_gb_per_s")
    std::string dimension; ///< the seeds' comparison dimension ("Communication"); "Key figures"
    std::string label;     ///< with its unit ("CAPEX $M")
    std::string source;    ///< the results JSON key(s) it is computed from (docs/results.md)
    Better better = Better::Neither;
    int decimals = 0;
    std::string note;      ///< for a dimension the model has no figure for: says so
    std::vector<ComparisonCell> cells;
};

/// Two to six designs side by side: the key figures and the seeds' comparison dimensions, each a
/// row of numbers computed from the designs' results (docs/report.md lists every row).
struct Comparison
{
    std::vector<std::string> designs;
    std::vector<ComparisonRow> keyFigures;
    std::vector<ComparisonRow> dimensions;
};

/// Builds the comparison. A row's best value is the highest or lowest as shown (so values that
/// print alike tie); it is marked only when the shown values differ or some design has none.
Comparison compareDesigns(const std::vector<ComparedDesign> &designs);

/// The key figures as the fixed-width text table `cluster-planner-cli compare` prints, the better
/// value of each row followed by '*'.
std::string keyFiguresText(const Comparison &comparison);

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
