// The reliability section of the figure table (model/analysis/figures.cpp): the job's MTBF,
// goodput and its band, checkpoints, the policy's recovery times and where goodput goes.
#include "model/analysis/figuresections.h"

#include "model/engine/evaluation.h"

namespace cp::figuretable {

namespace {

using J = FigureJson;
using N = FigureNeeds;
using P = FigurePresent;

} // namespace

std::vector<Figure> reliabilityFigures()
{
    const N needs = N::Reliability;
    return {
        {.key = "reliability.job_mtbf_hours", .json = J::Real, .read = [](const Results &r) { return r.reliability.jobMtbfHours; },
         .needs = needs, .better = Better::Higher, .brief = {"job MTBF h", "", 1.0, 1.0, 1},
         .dock = {"Job MTBF", "h", 1.0, 1.0, 1}},
        {.key = "reliability.interruptions_per_day", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.interruptionsPerHour * 24.0; }, .needs = needs,
         .better = Better::Lower, .detail = {"job interruptions per day", "", 1.0, 1.0, 2}},
        {.key = "reliability.goodput", .json = J::Real, .read = [](const Results &r) { return r.reliability.goodput; },
         .needs = needs, .better = Better::Higher, .brief = {"goodput %", "", 100.0, 1.0, 1},
         .dock = {"Goodput", "%", 100.0, 1.0, 1}},
        {.key = "reliability.goodput_without_spares", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.goodputWithoutSpares; }, .needs = needs},
        {.key = "reliability.largest_failure_domain_gpus", .json = J::Integer,
         .read = [](const Results &r) { return double(r.reliability.largestFailureDomainGpus); }, .needs = needs,
         .better = Better::Lower, .brief = {"largest failure domain GPUs"}, .dock = {"Largest failure domain", "GPUs"}},
        {.key = "reliability.params", .json = J::Real, .read = [](const Results &r) { return r.reliability.params; },
         .needs = needs},
        {.key = "reliability.checkpoint_bytes_per_param", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.bytesPerParam; }, .needs = needs},
        {.key = "reliability.checkpoint_size_tb", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.checkpointSizeTb; }, .needs = needs,
         .detail = {"checkpoint size TB", "", 1.0, 1.0, 2}},
        {.key = "reliability.storage_write_gb_per_s", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.storageWriteGbPerS; }, .needs = needs,
         .better = Better::Higher, .detail = {"storage write GB/s"}},
        {.key = "reliability.storage_read_gb_per_s", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.storageReadGbPerS; }, .needs = needs},
        {.key = "reliability.checkpoint_write_s", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.checkpointWriteS; }, .needs = needs,
         .better = Better::Lower, .detail = {"checkpoint write s", "", 1.0, 1.0, 1}},
        {.key = "reliability.checkpoint_restore_s", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.checkpointRestoreS; }, .needs = needs,
         .better = Better::Lower, .detail = {"checkpoint restore s", "", 1.0, 1.0, 1}},
        {.key = "reliability.checkpoint_interval_minutes", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.checkpointIntervalMinutes; }, .needs = needs,
         .detail = {"checkpoint interval min", "", 1.0, 1.0, 1}, .dock = {"Checkpoint every", "min", 1.0, 1.0, 1}},
        {.key = "reliability.recovery_minutes", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.job.recoveryH * 60.0; }, .needs = needs,
         .better = Better::Lower, .detail = {"recovery min", "", 1.0, 1.0, 1}},
        {.key = "reliability.time_lost_per_failure_minutes", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.timeLostPerFailureMinutes; }, .needs = needs,
         .better = Better::Lower, .detail = {"time lost per failure min", "", 1.0, 1.0, 1},
         .text = {"lost per failure", " min", 1.0, 1.0, 1}},
        {.key = "reliability.hot_spares_per_domain", .json = J::Integer,
         .read = [](const Results &r) { return double(r.reliability.job.sparesPerDomain); }, .needs = needs,
         .text = {"hot spares", " per domain"}},
        {.key = "reliability.time_to_train_days", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.timeToTrainDays; }, .needs = needs},
        {.key = "reliability.effective_time_to_train_days", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.effectiveTimeToTrainDays; }, .needs = needs,
         .present = P::Positive, .better = Better::Lower, .brief = {"time to train days", "", 1.0, 1.0, 1},
         .dock = {"Time to train with failures", "days", 1.0, 1.0, 1},
         .text = {"time with failures", " days", 1.0, 1.0, 1}},
        // The band the rate and time ranges give (docs/reliability.md, "Ranges").
        {.key = "reliability.goodput_p10", .json = J::Real, .read = [](const Results &r) { return r.reliability.band.goodputP10; },
         .needs = needs, .better = Better::Higher, .detail = {"goodput P10 %", "", 100.0, 1.0, 1},
         .dock = {"Goodput P10", "%", 100.0, 1.0, 1}},
        {.key = "reliability.goodput_p90", .json = J::Real, .read = [](const Results &r) { return r.reliability.band.goodputP90; },
         .needs = needs, .better = Better::Higher, .detail = {"goodput P90 %", "", 100.0, 1.0, 1},
         .dock = {"Goodput P90", "%", 100.0, 1.0, 1}},
        {.key = "reliability.effective_time_to_train_days_p10", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.band.daysP10; }, .needs = needs, .present = P::Positive,
         .better = Better::Lower, .detail = {"time to train P10 days", "", 1.0, 1.0, 1},
         .dock = {"Time to train P10", "days", 1.0, 1.0, 1}},
        {.key = "reliability.effective_time_to_train_days_p90", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.band.daysP90; }, .needs = needs, .present = P::Positive,
         .better = Better::Lower, .detail = {"time to train P90 days", "", 1.0, 1.0, 1},
         .dock = {"Time to train P90", "days", 1.0, 1.0, 1}},
        {.key = "reliability.job_gpus", .json = J::Integer,
         .read = [](const Results &r) { return double(r.reliability.jobGpus); }, .needs = needs},
        {.key = "reliability.detect_minutes", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.detectMinutes; }, .needs = needs},
        {.key = "reliability.restart_minutes", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.restartMinutes; }, .needs = needs,
         .better = Better::Lower, .detail = {"restart min", "", 1.0, 1.0, 1}},
        {.key = "reliability.warmup_minutes", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.warmupMinutes; }, .needs = needs},
        {.key = "reliability.checkpoint_stall_s", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.checkpointStallS; }, .needs = needs,
         .better = Better::Lower, .detail = {"checkpoint stall s", "", 1.0, 1.0, 1}},
        {.key = "reliability.restore_s", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.restoreS; }, .needs = needs},
        {.key = "reliability.loss_checkpoint", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.lossCheckpoint; }, .needs = needs},
        {.key = "reliability.loss_rework", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.lossRework; }, .needs = needs},
        {.key = "reliability.loss_recovery", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.lossRecovery; }, .needs = needs},
        {.key = "reliability.loss_repair", .json = J::Real,
         .read = [](const Results &r) { return r.reliability.lossRepair; }, .needs = needs},
    };
}

} // namespace cp::figuretable
