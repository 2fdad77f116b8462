#pragma once

#include "model/training/trainingmodel.h"

#include <array>
#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace cp {

/// Options of a parallelism search: what is fixed, how many results to keep, progress and cancel.
struct SearchOptions
{
    ParallelConstraints fixed;
    int topK = 5;
    /// Called now and then with the share done (0..1); runs on the searching thread.
    std::function<void(double)> progress;
    const std::atomic<bool> *cancel = nullptr;
};

/// One configuration that lost, and why (for the report).
struct RankedConfig
{
    StepEstimate estimate;
    std::string why; ///< empty for the winner; "slower by 8 %: bubble 12 % (best 4 %)" otherwise
};

/// What a parallelism search found.
struct SearchResult
{
    std::vector<RankedConfig> top; ///< best first; empty when nothing fits
    long long evaluated = 0;       ///< configurations estimated
    long long feasible = 0;        ///< of those, how many run and fit
    long long rejectedMemory = 0;
    long long rejectedLayout = 0; ///< heads, layers, batch, sequence or experts do not divide
    /// Why the layouts were rejected, counted by Infeasible reason (index = the enum's value).
    std::array<long long, 16> rejectedWhy{};
    /// When no layout at all was left to try (the fixed fields rule every one out): why a layout
    /// of the fixed fields does not run, e.g. "tp 3 does not divide the 32 heads".
    std::string noLayoutReason;
    /// The configuration that came closest to fitting when none fits (its memory is filled in).
    StepEstimate closestMiss;
    bool cancelled = false;
    double seconds = 0.0;

    bool found() const { return !top.empty(); }
    /// One line: why nothing fits ("does not fit: 512 GB > 80 GB at best (TP8 …)"), or empty.
    std::string failureReason() const;
};

/// The training as a layout with `dp` replicas runs it: a target batch (`batchFollowsLayout`) is
/// rounded to whole sequences per data-parallel rank. A layout with more replicas than the target
/// has sequences would train a larger batch than the target (and than the critical batch the
/// automatic one stays under): it gets none, and is not listed.
TrainingSpec trainingForLayout(const TrainingSpec &training, int dp);

/// Enumerates TP, PP, DP, CP, EP, micro-batch, interleaving, recomputation and ZeRO stage for the
/// cluster's GPU count, drops layouts that do not divide or do not fit in HBM, and returns the
/// best by step time with the runners-up and why they lost.
SearchResult searchParallelism(const ClusterSpec &cluster, const ModelSpec &model,
                               const TrainingSpec &training, const SearchOptions &options = {},
                               const Calibration &cal = defaultCalibration());

} // namespace cp
