#pragma once

// What the training-stack fields a comparison's designs left to their defaults move, side by side,
// and which rows would change leader if the stack were the other way (docs/report.md, "What the
// assumed training stack moves").

#include "model/analysis/comparison.h"
#include "model/training/estimate.h"

#include <optional>
#include <string>
#include <vector>

namespace cp {

/// A row of the comparison whose better design changes when the field is set the other way.
struct LeadChange
{
    std::string key;   ///< the row's key ("time_to_train")
    std::string label; ///< its label with the unit ("time to train days")
    int before = -1;   ///< the design that leads as printed
    int after = -1;    ///< the design that leads with the field set the other way
};

/// One stack field that at least one design assumed (EstimateSpec::defaultsUsed).
struct AssumedStackRow
{
    std::string field;       ///< "training.grad_reduce"
    std::string assumed;     ///< the default the designs assumed ("fp32")
    std::string alternative; ///< the other setting tried ("bf16")
    /// Per design: the effect at its own layout (assumptionEffects), or none where the design gave
    /// the field, the field does not apply (sequence parallelism without TP, a dispatcher without
    /// EP) or the design has no training estimate.
    std::vector<std::optional<AssumptionEffect>> effects;
    /// Some design's layout runs out of memory with the alternative: it would run another layout, so
    /// no lead changes are computed for the field.
    bool someDoNotFit = false;
    /// The throughput-driven rows (throughputResponseOf) whose leader changes when every design
    /// that assumed the field takes the other setting, the others as they are.
    std::vector<LeadChange> leadChanges;
};

/// How a comparison figure follows the training throughput alone, the cost over the life, the
/// goodput and the job held: the throughput-scaled performance figures (MFU, TFLOP/s, tokens/s in
/// proportion; step time, failure-free time to train inversely), the effective PFLOP/s in
/// proportion, and the time to train with failures and the costs per delivered unit (per effective
/// PFLOP-hour, per million tokens, to train) inversely. None for every other figure.
std::optional<ThroughputScaling> throughputResponseOf(const std::string &figure);

/// The assumed stack fields of `designs` in a fixed order (gradient reduction, overlap, attention,
/// sequence parallelism, MoE dispatcher), each with every design's effect and the lead changes
/// over `comparison`'s rows (key figures first, each figure once). Empty when no design assumed one.
std::vector<AssumedStackRow> assumedStackRows(const std::vector<ComparedDesign> &designs,
                                              const Comparison &comparison);

/// One design's cell: the tokens/s change ("+0.3 %"), "does not fit" when the layout then runs out
/// of memory, "-" when the design gave the field or it does not apply.
std::string assumedStackCellText(const std::optional<AssumptionEffect> &effect);
/// The row's heading: "grad_reduce fp32 -> bf16".
std::string assumedStackLabel(const AssumedStackRow &row);

/// What `compare` prints under its key figures: a row per field, a column per design, and the rows
/// that change leader. Empty when no design assumed a stack field.
std::string assumedStackText(const std::vector<AssumedStackRow> &rows, const Comparison &comparison);

} // namespace cp
