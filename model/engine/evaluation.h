#pragma once

#include "model/engine/results.h"

#include <atomic>
#include <memory>

namespace cp {

class Catalog;
struct Design;

/// What an evaluation computes beyond the figures.
struct EvaluationOptions
{
    /// Build the failure-domain index and the places of each failure kind
    /// (Results::failureDomains, Results::failurePlaces): what the plan's failure overlay and the
    /// Failure Domains table read.
    bool failureDomains = false;
};

/// Evaluates a design. Pure function of its inputs; `cancel` may be set from another thread,
/// in which case the partial results are returned with `cancelled` true.
Results evaluate(const Design &design, const Catalog &catalog,
                 const std::atomic<bool> *cancel = nullptr, EvaluationOptions options = {});

/// Re-evaluates a design as it is edited, recomputing only the stages an edit reaches.
///
/// Keeps the last design and every stage's output. Each call compares the new design with the
/// last one and runs the stages the stage table (model/engine/stages.h) says the edit reaches:
/// validation always (any change); inventory and rack power when racks are added, removed or
/// refilled, or the utilisation or spares change; the fabric when racks change or move, or the
/// fabric settings change; the parallelism search when the cluster it sees (GPUs, fabric figures)
/// or the workload changes; power and cooling units when racks, units, the fabric or finance
/// change; reliability on anything but finance; cost always. The results equal those
/// of evaluate() on the same design (tests/test_evaluation.cpp checks each kind of edit).
/// A cancelled run leaves partial results and makes the next call a full evaluation. The catalog
/// must outlive the evaluator and must not change (make a new evaluator for a new catalog).
/// Not thread-safe: one evaluator per thread (the GUI's worker owns one).
class Evaluator
{
public:
    explicit Evaluator(const Catalog &catalog, EvaluationOptions options = {});
    ~Evaluator();
    Evaluator(const Evaluator &) = delete;
    Evaluator &operator=(const Evaluator &) = delete;

    /// Evaluates `design`, reusing the stages whose inputs did not change since the last call.
    const Results &evaluate(const Design &design, const std::atomic<bool> *cancel = nullptr);
    /// The results of the last call.
    const Results &results() const;
    /// Forgets the last design: the next call evaluates everything.
    void reset();

    /// The stages the last call ran.
    struct Stages
    {
        bool validate = false;
        bool inventory = false; ///< inventory and rack power
        bool fabric = false;
        bool performance = false; ///< the parallelism search
        bool facility = false;    ///< power and cooling units, PUE
        bool reliability = false;
        bool cost = false;
        bool failureDomains = false; ///< the failure-domain index and places (when asked for)
    };
    Stages lastStages() const;

    struct State; ///< internal (model/engine/evaluation.cpp)

private:
    std::unique_ptr<State> mState;
};

} // namespace cp
