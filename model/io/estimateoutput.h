#pragma once
// What `estimate` prints: the JSON of docs/estimate.md and the same as readable text.

#include "model/training/estimate.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace cp {

/// The output JSON of `estimate` (docs/estimate.md): step_time_s, model/hardware TFLOP/s per GPU,
/// mfu, tokens_per_s, memory_gb_per_gpu, time_to_train_days, breakdown, parallelism_used, …
/// `stackEfficiency` below 1: the outcome's figures are scaled by a design's
/// workload.stack_efficiency, which the nearest runs' caveat says.
nlohmann::json estimateToJson(const EstimateSpec &spec, const EstimateOutcome &outcome,
                              double stackEfficiency = 1.0);
/// Why the outcome's layout does not run (the search's reason, or the fixed layout's), or empty.
std::string whyItDoesNotRun(const EstimateOutcome &outcome);
/// The layout cannot run at all (its degrees do not divide the model or the GPUs, no layout is
/// left): bad input. Running out of memory is an answer, not this.
bool layoutCannotRun(const EstimateOutcome &outcome);
/// One assumed field's change as printed: "fp32 -> bf16: +0.3 %" (tokens/s), or "… -> …: does not
/// fit in memory at this layout".
std::string assumptionChangeText(const AssumptionEffect &a);
/// The same as readable text.
std::string estimateToText(const EstimateSpec &spec, const EstimateOutcome &outcome);

nlohmann::json parallelToJson(const ParallelConfig &c);

} // namespace cp
