#pragma once

// The step estimate's shared context and its phases, in the order estimateStep() runs them:
// compute (compute.cpp), communication and the pipeline (communication.cpp), memory (memory.cpp).
// Internal to model/training: nothing outside the step estimate includes it.

#include "model/training/collectives.h"
#include "model/training/trainingmodel.h"

#include <algorithm>
#include <cmath>

namespace cp::step {

/// The fabric seen from the groups of one layout.
struct Fabric
{
    const ClusterSpec *cluster;
    const Calibration *cal;

    GroupSpan span(long long stride, int size) const
    {
        return placeGroup(*cluster, stride, size, *cal);
    }
};

/// Achieved GEMM efficiency for an m×k by k×n product (see Calibration::gemmHalfDim).
inline double gemmEfficiency(double m, double n, double k, const Calibration &cal)
{
    return cal.gemmEfficiencyMax /
           (1.0 + cal.gemmHalfDim / m + cal.gemmHalfDim / n + cal.gemmHalfDim / k);
}

/// Roofline time of `batch` GEMMs m×k·k×n in 16-bit: compute at the achieved efficiency, or
/// streaming its operands and result from HBM, whichever is slower (Williams et al. 2009).
inline double gemmTime(double m, double n, double k, double batch, double peakFlops,
                       double hbmBytesPerS, const Calibration &cal)
{
    const double flops = 2.0 * m * n * k * batch;
    const double compute = flops / (peakFlops * gemmEfficiency(m, n, k, cal));
    const double memory = 2.0 * (m * k + k * n + m * n) * batch / hbmBytesPerS;
    return std::max(compute, memory);
}

inline int ceilDiv(int a, int b)
{
    return (a + b - 1) / b;
}

/// The inputs of one estimate and the sizes every phase reads: the layout (clamped to ≥ 1), the
/// model's shape, the accelerator's rates and the fabric.
struct StepContext
{
    const ClusterSpec &cluster;
    const ModelSpec &model;
    const TrainingSpec &training;
    const ParallelConfig &c;
    const Calibration &cal;

    int t = 1, p = 1, dp = 1, cpn = 1, ep = 1, b = 1, v = 1;
    int L = 0, a = 0, kvh = 0;
    double h = 0.0, f = 0.0, V = 0.0, s = 0.0, fe = 0.0;
    bool moe = false;
    ExpertLayout experts; ///< how the experts lie on the ranks (set by checkLayout)

    double seqs = 0.0; ///< sequences of the global batch
    int m = 0;         ///< micro-batches per pipeline per step

    double peakBf16 = 0.0, peakGemm = 0.0, rateBf16 = 0.0, rateGemm = 0.0, hbmBw = 0.0;
    Fabric fabric{nullptr, nullptr};

    double sl = 0.0, tok = 0.0, kvRatio = 0.0;
    /// Attention widths: query/key head width, all heads' queries, values, and keys + values
    /// as attention reads them (ModelSpec::qWidth, vWidth, kvWidth).
    double dh = 0.0, qw = 0.0, vw = 0.0, kvw = 0.0;
    bool sp = false;
    double spDiv = 1.0, mats = 2.0;

    StepContext(const ClusterSpec &cluster_, const ModelSpec &model_,
                const TrainingSpec &training_, const ParallelConfig &c_, const Calibration &cal_)
        : cluster(cluster_), model(model_), training(training_), c(c_), cal(cal_)
    {
        t = std::max(1, c.tp);
        p = std::max(1, c.pp);
        dp = std::max(1, c.dp);
        cpn = std::max(1, c.cp);
        ep = std::max(1, c.ep);
        b = std::max(1, c.microbatch);
        v = std::max(1, c.interleave);
        L = model.layers;
        a = model.heads;
        kvh = model.kv();
        h = model.hidden;
        f = model.ffnHidden;
        V = model.vocab;
        s = training.seqLen;
        fe = model.expertFfnHidden > 0 ? model.expertFfnHidden : model.ffnHidden;
        moe = model.moe();
        recomputeShare = c.recompute == Recompute::Full ? 1.0 : 0.0;
    }

    /// Share of the layers whose forward runs again in backward: 1 with full recomputation, the
    /// recomputed layers per chunk ÷ the chunk's layers with block recomputation, else 0.
    double recomputeShare = 0.0;
    bool recomputes() const { return recomputeShare > 0.0; }
    /// Stages whose parameters a rank holds: two under DualPipe (rank r also holds stage
    /// p − 1 − r; DeepSeek-V3 Table 2, "Parameter 2×"), else one.
    double stageCopies() const { return training.dualPipe() && p > 1 ? 2.0 : 1.0; }
    /// Share of the layers whose activations are offloaded to host memory (Recompute::Offload).
    double offloadShare = 0.0;
    /// Whether selective recomputation rebuilds the (unfused) attention scores.
    bool selectiveScores() const
    {
        return c.recompute == Recompute::Selective &&
               training.attention == AttentionKind::Unfused;
    }
};

/// Times of one layer and of the LM head, forward and backward, one micro-batch, one GPU.
struct LayerTimes
{
    double attnFwd = 0.0, attnBwd = 0.0, elemFwd = 0.0;
    double layerFwd = 0.0, layerBwd = 0.0, layerRecompute = 0.0;
    double headTotal = 0.0;
};

/// How the layers fall on the pipeline stages, and the compute of the stage that paces it.
struct StageTimes
{
    int Ls = 0, firstLayers = 0, lastLayers = 0, stageLayers = 0;
    double stageCompute = 0.0, stageAttention = 0.0, stageElem = 0.0;
    double stageOffload = 0.0; ///< activation copies to and from the host left exposed
    double stageStraggler = 0.0; ///< the slowest GPU's shortfall (Calibration::rankSpread)
};

/// Communication time of one kind of parallelism: all of it, and what stays on the critical path.
struct CommTime
{
    double total = 0.0, exposed = 0.0;
};

/// One activation tensor of the micro-batch, 16-bit.
inline double activationBytes(const StepContext &x)
{
    return x.tok * x.h * 2.0;
}

/// Bytes of one gradient as it is accumulated and reduced: as the spec says
/// (`training.grad_reduce`), else fp32, except under fp16 mixed precision (Precision::Fp16), whose
/// gradients stay 16-bit.
inline double gradientBytes(const StepContext &x)
{
    return x.training.gradReduceBytes();
}

/// Passes over each layer per micro-batch: forward, backward, and the recomputation.
inline double layerPasses(const StepContext &x)
{
    return 2.0 + x.recomputeShare;
}

/// Parameters held by each pipeline rank, and those of the most loaded one.
struct StageParams
{
    const StepContext &x;
    const StageTimes &st;
    double layerDense = 0.0, layerExpert = 0.0;
    double stageDense = 0.0, stageExpert = 0.0;
    /// The ranks that can be the most loaded.
    int candidates[3] = {0, 0, 0};

    StageParams(const StepContext &x_, const StageTimes &st_) : x(x_), st(st_) {}

    /// Layers held by pipeline rank `rank` (the last also holds the multi-token prediction ones).
    int rankLayers(int rank) const
    {
        const int p = x.p, mtp = x.model.mtpLayers;
        return p == 1            ? x.L + mtp
               : rank == 0       ? st.firstLayers
               : rank == p - 1   ? st.lastLayers + mtp
                                 : st.Ls;
    }
    double rankDense(int rank) const
    {
        const int p = x.p;
        const double emb =
            p == 1 ? x.model.embeddingParams() : (rank == 0 || rank == p - 1 ? x.V * x.h : 0.0);
        return (rankLayers(rank) * layerDense + emb) / x.t;
    }
    double rankExpert(int rank) const
    {
        return rankLayers(rank) * layerExpert / (double(x.experts.etp) * x.ep);
    }
    double stageParams() const { return stageDense + stageExpert; }
};


// --- the phases -------------------------------------------------------------------------------

/// Checks that the layout divides the GPUs, heads, layers, sequence, experts and batch; sets
/// the global batch and the micro-batch count on success.
Infeasible checkLayout(StepContext &x);
/// The accelerator's GEMM and HBM rates, the fabric, and the per-GPU token sizes.
void deriveRates(StepContext &x);
/// Compute of one layer, forward and backward, and of the LM head.
LayerTimes computeLayer(const StepContext &x);
/// The pipeline stages' layers and the compute of the slowest stage, one micro-batch.
StageTimes paceStages(const StepContext &x, const LayerTimes &l);
/// Model and hardware FLOPs of the step and the rates derived from them.
void countFlops(const StepContext &x, StepEstimate &r);

CommTime tensorParallelComm(const StepContext &x, const StageTimes &st);
CommTime contextParallelComm(const StepContext &x, const StageTimes &st, const LayerTimes &l);
CommTime expertParallelComm(const StepContext &x, const StageTimes &st);
CommTime pipelineParallelComm(const StepContext &x);
double pipelineBubble(const StepContext &x, double mbTime, double stageCompute);
CommTime dataParallelComm(const StepContext &x, const StageParams &sp, const StageTimes &st,
                          double bubble);
double optimizerTime(const StepContext &x, const StageParams &sp);

StageParams loadStages(const StepContext &x, const StageTimes &st);
/// Activation bytes per token one layer keeps for its backward, without recomputation.
double layerActivationBytesPerToken(const StepContext &x);
MemoryBreakdown memoryPerGpu(const StepContext &x, const StageParams &sp);

} // namespace cp::step
