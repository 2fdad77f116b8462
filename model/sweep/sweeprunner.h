#pragma once

// Evaluates a sweep's variants on several threads. Each thread keeps its own incremental
// evaluator and the last base it generated, and takes runs of variants that share a base, so a
// variant that changes only a setting re-runs only the stages that setting reaches.

#include "model/sweep/sweepstore.h"
#include "model/sweep/variants.h"

#include <atomic>
#include <functional>
#include <vector>

namespace cp {

class Catalog;

struct SweepRunOptions
{
    unsigned threads = 0;                      ///< 0 = the hardware's threads
    const std::atomic<bool> *cancel = nullptr; ///< set from anywhere: the run stops after the variants in hand
    /// Called on the calling thread with each batch of finished rows (in no particular order),
    /// at most every `batchSeconds`; what it writes is what a resumed run skips.
    std::function<void(std::vector<VariantRow> &&)> onRows;
    double batchSeconds = 0.5;
};

/// The order in which a run takes `indexes`: grouped by their template values (their base), the
/// groups and the variants in each by index.
std::vector<size_t> sweepRunOrder(const VariantPlan &plan, std::vector<size_t> indexes);

/// Evaluates one variant with `builder` and `evaluator` (never throws: a failure is the row's error).
class Evaluator;
VariantRow evaluateVariant(const SweepSpec &spec, const VariantPlan &plan, size_t index, VariantBuilder &builder,
                           Evaluator &evaluator);

/// Evaluates `indexes` of the spec's variants. `projectBase` is the loaded project of a project
/// sweep (null for a template sweep). Returns the number of variants evaluated (fewer than asked
/// when cancelled).
size_t runSweep(const SweepSpec &spec, const Catalog &catalog, const VariantBuilder::Generator &generate,
                const Design *projectBase, const std::vector<size_t> &indexes, const SweepRunOptions &options);

/// The variants of shard `task` of `tasks`: a contiguous block of indexes (variants that share a
/// base stay together), the blocks covering [0, variants) exactly once.
std::vector<size_t> shardIndexes(size_t variants, size_t task, size_t tasks);

} // namespace cp
