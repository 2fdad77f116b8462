#include "model/engine/stages.h"

#include <stdexcept>

namespace cp {

DesignParts designParts(std::initializer_list<DesignPart> parts)
{
    DesignParts p;
    for (DesignPart part : parts)
        p.set(std::size_t(part));
    return p;
}

StageOutputs stageOutputs(std::initializer_list<StageOutput> outputs)
{
    StageOutputs o;
    for (StageOutput output : outputs)
        o.set(std::size_t(output));
    return o;
}

const std::array<StageSpec, kStageCount> &stageTable()
{
    using P = DesignPart;
    using O = StageOutput;
    static const std::array<StageSpec, kStageCount> table{{
        // Validation reads everything; it reuses the racks' and units' problems when only settings changed.
        {StageId::Validate, "validate", DesignParts().set(), {}, stageOutputs({O::Validation}), {}},
        {StageId::Inventory, "inventory", designParts({P::RackContents, P::Utilisation, P::Spares}), {},
         stageOutputs({O::Inventory}), {}},
        {StageId::Fabric, "fabric", designParts({P::RackContents, P::RackPlaces, P::Fabric}), {},
         stageOutputs({O::Fabric, O::ClusterFigures}), stageOutputs({O::ClusterFigures})},
        // Workload errors from validation, the racks or the fabric keep the search from running.
        {StageId::WorkloadCheck, "workload check", {}, stageOutputs({O::Validation, O::Inventory, O::Fabric}),
         stageOutputs({O::WorkloadSound}), stageOutputs({O::WorkloadSound})},
        // The search sees the GPUs and the fabric's cluster figures, not where the racks stand.
        // The job size is chosen by goodput under the reliability settings (chooseByGoodput).
        {StageId::Performance, "performance", designParts({P::Fabric, P::Workload, P::Reliability}),
         stageOutputs({O::Inventory, O::ClusterFigures, O::WorkloadSound}), stageOutputs({O::Performance}), {}},
        {StageId::Facility, "facility", designParts({P::Units, P::Utilisation, P::Pue}),
         stageOutputs({O::Inventory, O::Fabric}), stageOutputs({O::Facility}), {}},
        {StageId::Reliability, "reliability", designParts({P::Units, P::Reliability, P::Workload}),
         stageOutputs({O::Inventory, O::Fabric, O::Performance, O::Facility}), stageOutputs({O::Reliability}), {}},
        {StageId::FailureDomains, "failure domains",
         designParts({P::RackContents, P::RackPlaces, P::Units, P::Fabric, P::Reliability}),
         stageOutputs({O::Inventory, O::Facility, O::Reliability}), stageOutputs({O::FailureDomains}), {}, true},
        // Cost reads every figure before it: it runs on any edit.
        {StageId::Cost, "cost", DesignParts().set(),
         stageOutputs({O::Inventory, O::Fabric, O::Performance, O::Facility, O::Reliability}),
         stageOutputs({O::Cost}), {}},
    }};
    return table;
}

const StageSpec &stageSpec(StageId id)
{
    return stageTable()[std::size_t(id)];
}

StageId producerOf(StageOutput output)
{
    for (const StageSpec &s : stageTable())
        if (s.outputs.test(std::size_t(output)))
            return s.id;
    throw std::logic_error("no stage writes this output");
}

bool stageReached(const StageSpec &stage, const DesignParts &parts, const StageOutputs &outputs)
{
    return (stage.reads & parts).any() || (stage.readsOutputs & outputs).any();
}

StageSet stagesReachedBy(const DesignParts &parts, bool assumeDifferent)
{
    StageSet reached;
    if (parts.none())
        return reached;
    StageOutputs changed;
    // The table is in dependency order: each stage reads only outputs of stages above it.
    for (const StageSpec &s : stageTable()) {
        if (!stageReached(s, parts, changed))
            continue;
        reached.set(std::size_t(s.id));
        changed |= assumeDifferent ? s.outputs : s.outputs & ~s.changedOnlyWhenDifferent;
    }
    return reached;
}

} // namespace cp
