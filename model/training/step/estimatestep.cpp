// estimateStep(): the phases of model/training/step/stepcontext.h in order, and the step time
// they add up to.
#include "model/training/trainingmodel.h"

#include "model/training/step/stepcontext.h"

namespace cp {

using namespace step;

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

    const LayerTimes layer = computeLayer(x);
    const StageTimes stage = paceStages(x, layer);

    // --- communication per micro-batch ---------------------------------------------------------
    const CommTime tp = tensorParallelComm(x, stage);
    const CommTime cp = contextParallelComm(x, stage, layer);
    const CommTime ep = expertParallelComm(x, stage);
    const CommTime pp = pipelineParallelComm(x);

    // --- the step ------------------------------------------------------------------------------
    const double mbTime = stage.stageCompute + tp.exposed + cp.exposed + ep.exposed;
    const double bubble = pipelineBubble(x, mbTime);
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
    r.time.gemmS = std::max(0.0, r.time.computeS - r.time.attentionS - r.time.elementwiseS);
    r.stepTimeS = m * mbTime + bubble + r.time.ppExposedS + dpComm.exposed + optimizer;

    countFlops(x, r);

    r.memory = memoryPerGpu(x, params);
    if (r.memory.total() > cluster.gpu.hbmGb * 1e9)
        r.infeasible = Infeasible::Memory;
    return r;
}

} // namespace cp
