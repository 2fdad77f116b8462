#pragma once

#include <array>
#include <bitset>
#include <cstddef>
#include <initializer_list>

namespace cp {

/// The parts of a design an edit can change, as the stages read them.
enum class DesignPart {
    RackContents, ///< racks added, removed, renamed, retyped or refilled
    RackPlaces,   ///< a rack moved or turned
    Units,        ///< power and cooling units
    Fabric,       ///< fabric settings
    Workload,
    Spares,       ///< reliability settings that change the inventory
    Reliability,  ///< any reliability setting
    Utilisation,  ///< finance.utilisation (rack power at training load)
    Pue,          ///< finance.pue (facility power)
    Finance,      ///< any finance setting
    Hall,
    Other,        ///< name, description, hall
    Count
};
using DesignParts = std::bitset<std::size_t(DesignPart::Count)>;

/// The engine's stages, in the order the table declares them.
enum class StageId {
    Validate,
    Inventory,      ///< inventory and rack power
    Fabric,
    WorkloadCheck,  ///< whether the workload is sound enough to search (no workload errors)
    Performance,    ///< the parallelism search
    Facility,       ///< power and cooling units, PUE
    Reliability,
    FailureDomains, ///< the failure-domain index and the places of each failure kind
    Cost,
    Count
};
constexpr std::size_t kStageCount = std::size_t(StageId::Count);
using StageSet = std::bitset<kStageCount>;

/// What the stages hand on to later ones.
enum class StageOutput {
    Validation,     ///< the design's validation problems
    Inventory,      ///< inventory, rack power, the racks' loads and problems
    Fabric,         ///< the fabric as built
    ClusterFigures, ///< the fabric's figures the training model reads (tiers, taper, bandwidths)
    WorkloadSound,  ///< whether the search may run
    Performance,
    Facility,       ///< power and cooling units, facility power
    Reliability,
    FailureDomains,
    Cost,
    Count
};
using StageOutputs = std::bitset<std::size_t(StageOutput::Count)>;

/// One row of the stage table: what a stage reads and what it writes.
struct StageSpec
{
    StageId id;
    const char *name;
    DesignParts reads;         ///< design parts whose change makes it run
    StageOutputs readsOutputs; ///< earlier stages' outputs whose change makes it run
    StageOutputs outputs;      ///< what it writes
    /// Outputs it reports as changed only when their value changed (the others change whenever
    /// it runs): the cluster figures of a rebuilt fabric, the workload's soundness.
    StageOutputs changedOnlyWhenDifferent;
    bool optional = false; ///< runs only when the evaluation asks for it
};

/// The stage table. A stage runs on a full evaluation, or when a design part it reads changed,
/// or when an output it reads changed; it starts once the stages that write what it reads are done.
const std::array<StageSpec, kStageCount> &stageTable();
const StageSpec &stageSpec(StageId id);
/// The stage that writes `output`.
StageId producerOf(StageOutput output);

/// Whether `stage` runs after an edit that changed `parts` and earlier stages that changed `outputs`.
bool stageReached(const StageSpec &stage, const DesignParts &parts, const StageOutputs &outputs);

/// The stages an edit of `parts` reaches, following the table from stage to stage. Outputs a
/// stage reports only when they differ count as changed when `assumeDifferent`, else as unchanged
/// (the edit left the cluster figures and the workload's soundness as they were). Optional stages
/// count as asked for.
StageSet stagesReachedBy(const DesignParts &parts, bool assumeDifferent = false);

DesignParts designParts(std::initializer_list<DesignPart> parts);
StageOutputs stageOutputs(std::initializer_list<StageOutput> outputs);

} // namespace cp
