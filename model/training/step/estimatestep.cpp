// estimateStep(): the phases of model/training/step/stepcontext.h in order, and the step time
// they add up to.
#include "model/training/trainingmodel.h"

#include "model/training/step/stepcontext.h"

namespace cp {

using namespace step;

namespace {

/// Block recomputation (Megatron-LM `recompute_method block`) or activation offloading
/// (Megatron-Core `cpu_offloading_num_layers`): the fewest layers per pipeline chunk whose
/// recomputation (offloading) brings the most loaded rank under its HBM, by bisection (memory
/// falls with every layer taken); all of the chunk's layers if even that does not fit. Sets the
/// context's share and returns the layer count.
int chooseLayers(StepContext &x, double StepContext::*share)
{
    const StageTimes counts = paceStages(x, LayerTimes{}); // layer counts only
    const StageParams params = loadStages(x, counts);
    const int chunk = std::max(1, (x.p == 1 ? x.L : counts.Ls) / x.v);
    const double hbm = x.cluster.gpu.hbmGb * kBytesPerMemoryGb;
    auto fits = [&](int n) {
        x.*share = double(n) / chunk;
        return memoryPerGpu(x, params).total() <= hbm;
    };
    int lo = 1, hi = chunk;
    if (!fits(hi))
        lo = hi;
    while (lo < hi) {
        const int mid = (lo + hi) / 2;
        if (fits(mid))
            hi = mid;
        else
            lo = mid + 1;
    }
    x.*share = double(lo) / chunk;
    return lo;
}

} // namespace

StepEstimate estimateStep(const ClusterSpec &cluster, const ModelSpec &model,
                          const TrainingSpec &training, const ParallelConfig &c,
                          const Calibration &cal)
{
    StepEstimate r;
    r.config = c;
    r.hbmGb = cluster.gpu.hbmGb;

    StepContext x(cluster, model, training, c, cal);
    r.infeasible = checkLayout(x);
    if (r.infeasible != Infeasible::None)
        return r;
    r.microbatches = x.m;
    deriveRates(x);
    const int m = x.m;
    if (c.recompute == Recompute::Block)
        r.config.recomputeLayers = chooseLayers(x, &StepContext::recomputeShare);
    else if (c.recompute == Recompute::Offload) {
        if (cluster.gpu.hostLinkGbPerS <= 0) {
            r.infeasible = Infeasible::HostLink;
            return r;
        }
        r.config.recomputeLayers = chooseLayers(x, &StepContext::offloadShare);
    }

    const LayerTimes layer = computeLayer(x);
    const StageTimes stage = paceStages(x, layer);

    // --- communication per micro-batch ---------------------------------------------------------
    const CommTime tp = tensorParallelComm(x, stage);
    const CommTime cp = contextParallelComm(x, stage, layer);
    const CommTime ep = expertParallelComm(x, stage);
    const CommTime pp = pipelineParallelComm(x);

    // --- the step ------------------------------------------------------------------------------
    const double mbTime = stage.stageCompute + tp.exposed + cp.exposed + ep.exposed;
    const double bubble = pipelineBubble(x, mbTime, stage.stageCompute);
    const StageParams params = loadStages(x, stage);
    const CommTime dpComm = dataParallelComm(x, params, stage, bubble);
    const double optimizer = optimizerTime(x, params);

    r.time.computeS = m * stage.stageCompute;
    r.time.tpTotalS = m * tp.total;
    r.time.tpExposedS = m * tp.exposed;
    r.time.cpTotalS = m * cp.total;
    r.time.cpExposedS = m * cp.exposed;
    r.time.epTotalS = m * ep.total;
    r.time.epExposedS = m * ep.exposed;
    r.time.ppTotalS = m * pp.total;
    r.time.ppExposedS = m * pp.exposed;
    r.time.dpTotalS = dpComm.total;
    r.time.dpExposedS = dpComm.exposed;
    r.time.bubbleS = bubble;
    r.time.optimizerS = optimizer;
    r.time.attentionS = m * stage.stageAttention;
    r.time.elementwiseS = m * stage.stageElem;
    r.time.offloadExposedS = m * stage.stageOffload;
    r.time.stragglerS = m * stage.stageStraggler;
    r.time.gemmS = std::max(0.0, r.time.computeS - r.time.attentionS - r.time.elementwiseS -
                                     r.time.offloadExposedS - r.time.stragglerS);
    r.stepTimeS = m * mbTime + bubble + r.time.ppExposedS + dpComm.exposed + optimizer;

    countFlops(x, r);

    r.memory = memoryPerGpu(x, params);
    if (r.memory.total() > cluster.gpu.hbmGb * kBytesPerMemoryGb)
        r.infeasible = Infeasible::Memory;
    return r;
}

} // namespace cp
