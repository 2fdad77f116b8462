#include "model/reliability/recovery.h"

#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "model/reliability/policy.h"
#include "model/reliability/reliability.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <string>

namespace cp::resilience {

namespace {

// An asynchronous snapshot copies each GPU's shard to pinned host memory: the share of the host
// link a large copy reaches (the same 0.80 as the training model's offload calibration), a fixed
// stall for the synchronisation around it (assumption: 0.5 s), and 16 GB/s when the catalog
// gives no host link (PCIe Gen4 x16 at 0.5 of its 32 GB/s, assumption).
constexpr double kHostCopyEfficiency = 0.80;
constexpr double kSnapshotFixedS = 0.5;
constexpr double kFallbackHostCopyGbPerS = 16.0;
// A peer copy shares the scale-out NIC with training traffic: half of it (assumption).
constexpr double kPeerCopyEfficiency = 0.5;
// A design warns below this goodput, or beyond this many days to train.
constexpr double kGoodputWarning = 0.5;
constexpr double kDaysWarning = 730.0;
constexpr double kDaysNever = 36500.0; // a century: say so rather than print the number

/// What the checkpoint kind makes the job wait for (seconds), and the shortest interval its
/// background work allows: a blocking write stops training for the whole write; an asynchronous
/// one for the copy of each GPU's shard to host memory (its storage write must finish before the
/// next); an in-memory one also sends the shard to a peer over the scale-out NIC, and restores
/// from the peer's memory instead of storage.
struct CheckpointCost
{
    double stallS = 0.0, restoreS = 0.0, minIntervalS = 0.0;
};

CheckpointCost checkpointCost(CheckpointKind kind, const Results &earlier, const ReliabilityResults &rel,
                              long long jobGpus)
{
    CheckpointCost c;
    if (kind == CheckpointKind::Blocking) {
        c.stallS = rel.checkpointWriteS;
        c.restoreS = rel.checkpointRestoreS;
        return c;
    }
    // Each GPU holds 1/N of a fully sharded checkpoint (Megatron-LM distributed checkpoints).
    const double shardBytes = rel.params * rel.bytesPerParam / double(std::max<long long>(1, jobGpus));
    const ClusterSpec &cluster = earlier.performance.spec.cluster;
    const double hostGbPerS = cluster.gpu.hostLinkGbPerS > 0 ? cluster.gpu.hostLinkGbPerS * kHostCopyEfficiency
                                                            : kFallbackHostCopyGbPerS;
    c.stallS = kSnapshotFixedS + shardBytes / (hostGbPerS * 1e9);
    c.minIntervalS = rel.checkpointWriteS;
    c.restoreS = rel.checkpointRestoreS;
    if (kind == CheckpointKind::InMemory) {
        const double nicGbPerS = std::max(1.0, cluster.scaleOutGbpsPerGpu / 8.0 * kPeerCopyEfficiency);
        const double peerS = shardBytes / (nicGbPerS * 1e9);
        c.minIntervalS = peerS;
        c.restoreS = kSnapshotFixedS + peerS;
    }
    return c;
}

} // namespace

void recovery(const Design &design, const Results &earlier, const ResiliencePolicy &policy, ReliabilityResults &rel)
{
    const ReliabilitySettings &s = design.reliability;
    JobModel &job = rel.job;
    const CheckpointCost cc = checkpointCost(policy.checkpoint, earlier, rel, rel.jobGpus);
    rel.policy = policy.name;
    rel.checkpointKind = checkpointKindName(policy.checkpoint);
    rel.detectMinutes = policy.detectMinutes;
    rel.restartMinutes = policy.restartMinutes(double(rel.jobGpus));
    rel.warmupMinutes = policy.warmupMinutes;
    rel.checkpointStallS = cc.stallS;
    rel.restoreS = cc.restoreS;
    job.checkpointWriteH = cc.stallS / 3600.0;
    job.restoreH = cc.restoreS / 3600.0;
    job.recoveryH = (rel.detectMinutes + rel.restartMinutes + rel.warmupMinutes) / 60.0 + job.restoreH;
    // A checkpoint is taken between steps, and not before the last one's background work is done.
    const double stepS = earlier.performance.available ? earlier.performance.outcome.estimate.stepTimeS : 0.0;
    job.minIntervalH = std::max({1.0 / 60.0, stepS / 3600.0, cc.minIntervalS / 3600.0});
    if (s.checkpointIntervalMinutes > 0) {
        job.intervalH = std::max(s.checkpointIntervalMinutes / 60.0, stepS / 3600.0);
        job.intervalOptimal = rel.intervalOptimal = false;
    } else {
        job.intervalOptimal = true;
        job.intervalH = job.chosenIntervalH();
    }
    job.ranges = {s.hardwareRange.low, s.hardwareRange.high, s.jobRange.low, s.jobRange.high,
                  s.recoveryRange.low, s.recoveryRange.high, s.repairRange.low, s.repairRange.high};
}

void waterfall(ReliabilityResults &rel)
{
    const JobModel &job = rel.job;
    const double tau = job.intervalH, m = job.mtbfHours();
    const double ckpt = job.checkpointWriteH / (tau + job.checkpointWriteH);
    double rework = 0, rec = 0, rep = 0;
    if (std::isfinite(m)) {
        const double r = m * -std::expm1(-job.recoveryH / m);
        rework = std::max(0.0, 1.0 - r / m) * (tau + job.checkpointWriteH) / 2.0 / m;
        rec = r / m;
        rep = job.meanShrinkLossH() / m;
    }
    const double sum = ckpt + rework + rec + rep, lost = std::max(0.0, 1.0 - rel.goodput);
    const double k = sum > 0 ? lost / sum : 0.0;
    rel.lossCheckpoint = ckpt * k;
    rel.lossRework = rework * k;
    rel.lossRecovery = rec * k;
    rel.lossRepair = rep * k;
}

void warnings(ReliabilityResults &rel)
{
    const auto pct = [](double v) { return std::to_string(int(std::lround(v * 100))); };
    if (rel.goodput < kGoodputWarning) {
        // The largest loss names the cause, one whole sentence each (%1 goodput and %3 the loss in
        // percent, %2 the job's MTBF in minutes, %4 the policy).
        const std::pair<double, const char *> losses[] = {
            {rel.lossRecovery,
             CP_TR_NOOP("cp::Problems", "goodput is only %1 %: the job fails every %2 min and recoveries (detection, "
                                        "restart, restore, warm-up) take %3 % of the time (policy \"%4\"; a faster "
                                        "policy, spares or smaller jobs help)")},
            {rel.lossRework,
             CP_TR_NOOP("cp::Problems", "goodput is only %1 %: the job fails every %2 min and work redone since the "
                                        "last checkpoint take %3 % of the time (policy \"%4\"; a faster policy, "
                                        "spares or smaller jobs help)")},
            {rel.lossRepair,
             CP_TR_NOOP("cp::Problems", "goodput is only %1 %: the job fails every %2 min and GPUs idle or waiting "
                                        "for repairs take %3 % of the time (policy \"%4\"; a faster policy, spares "
                                        "or smaller jobs help)")},
            {rel.lossCheckpoint,
             CP_TR_NOOP("cp::Problems", "goodput is only %1 %: the job fails every %2 min and checkpoint stalls take "
                                        "%3 % of the time (policy \"%4\"; a faster policy, spares or smaller jobs "
                                        "help)")}};
        const auto worst = *std::max_element(std::begin(losses), std::end(losses),
                                             [](const auto &a, const auto &b) { return a.first < b.first; });
        char mtbf[64];
        std::snprintf(mtbf, sizeof mtbf, "%.2g", rel.jobMtbfHours * 60.0);
        rel.problems.push_back(problem(Severity::Warning, "reliability.goodput", worst.second,
                                       {pct(rel.goodput), mtbf, pct(worst.first), rel.policy}));
    }
    if (rel.effectiveTimeToTrainDays > kDaysNever)
        rel.problems.push_back(problem(Severity::Warning, "reliability.effective_time_to_train_days",
                                       CP_TR_NOOP("cp::Problems", "training would never finish: failures leave almost "
                                                                  "no time to train")));
    else if (rel.effectiveTimeToTrainDays > kDaysWarning)
        rel.problems.push_back(problem(Severity::Warning, "reliability.effective_time_to_train_days",
                                       CP_TR_NOOP("cp::Problems", "training would take %1 days: more than two years is "
                                                                  "not a plan"),
                                       {std::to_string(std::llround(rel.effectiveTimeToTrainDays))}));
}

} // namespace cp::resilience
