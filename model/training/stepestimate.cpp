// The step estimate in its named phases (compute, each kind of exposed communication, bubble,
// optimizer, memory), in the order one step computes them. Kept in one file over ~700 lines on
// purpose: the phases share one StepContext and the order of floating-point operations.
#include "model/training/trainingmodel.h"

#include "model/training/collectives.h"

#include <algorithm>
#include <cmath>

// estimateStep() in named phases: the layout's feasibility, the rates of the accelerator, the
// compute of one layer, the pacing stage, the communication of each kind of parallelism, the
// pipeline bubble, data parallelism, the optimizer, the FLOPs and the memory per GPU. Each phase
// keeps its formulas and their order of operations, so the figures are the same to the bit.

namespace cp {

namespace {

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

int ceilDiv(int a, int b)
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

    double seqs = 0.0; ///< sequences of the global batch
    int m = 0;         ///< micro-batches per pipeline per step

    double peakBf16 = 0.0, peakGemm = 0.0, rateBf16 = 0.0, rateGemm = 0.0, hbmBw = 0.0;
    Fabric fabric{nullptr, nullptr};

    double sl = 0.0, tok = 0.0, kvRatio = 0.0, dh = 0.0;
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
    }

    /// Whether the full recomputation runs the whole forward again.
    bool fullRecompute() const { return c.recompute == Recompute::Full; }
    /// Whether selective recomputation rebuilds the (unfused) attention scores.
    bool selectiveScores() const
    {
        return c.recompute == Recompute::Selective &&
               training.attention == AttentionKind::Unfused;
    }
};

/// Checks that the layout divides the GPUs, heads, layers, sequence, experts and batch; sets
/// the global batch and the micro-batch count on success.
Infeasible checkLayout(StepContext &x)
{
    const int t = x.t, p = x.p, dp = x.dp, cpn = x.cpn, ep = x.ep, b = x.b, v = x.v, L = x.L;
    if ((long long)t * p * dp * cpn != x.cluster.gpus)
        return Infeasible::GpuCount;
    if (x.a % t != 0)
        return Infeasible::Heads;
    if (p > L || (v > 1 && (p == 1 || ceilDiv(L, p) % v != 0)))
        return Infeasible::Layers;
    if (x.training.seqLen % cpn != 0)
        return Infeasible::Sequence;
    if ((!x.moe && ep != 1) ||
        (x.moe && (x.model.experts % ep != 0 || (dp * cpn) % ep != 0)))
        return Infeasible::Experts;
    const double seqs = x.training.globalBatchSeqs();
    const double perRank = seqs / dp;
    const int m = int(std::llround(perRank / b));
    if (seqs < 1 || std::fabs(perRank - std::round(perRank)) > 1e-6 || m < 1 ||
        std::fabs(double(m) * b - perRank) > 1e-6 || (v > 1 && m < p))
        return Infeasible::Batch;
    x.seqs = seqs;
    x.m = m;
    return Infeasible::None;
}

/// The accelerator's GEMM and HBM rates, the fabric, and the per-GPU token sizes.
void deriveRates(StepContext &x)
{
    const GpuSpec &gpu = x.cluster.gpu;
    const Calibration &cal = x.cal;
    x.peakBf16 = gpu.peakTflopsBf16 * 1e12;
    x.peakGemm = x.training.precision == Precision::Fp8
                     ? (gpu.peakTflopsFp8 > 0 ? gpu.peakTflopsFp8 * 1e12 : 2.0 * x.peakBf16)
                     : x.peakBf16;
    // GEMMs run at the accelerator's sustained rate (power-limited clocks), not its nominal peak:
    // a measured figure of the catalog entry, or the documented default share. The same share
    // applies to FP8 (same clocks, same power limit). MFU stays against the nominal peak.
    const double sustainedShare = gpu.gemmTflopsBf16 > 0 && gpu.peakTflopsBf16 > 0
                                      ? std::min(1.0, gpu.gemmTflopsBf16 / gpu.peakTflopsBf16)
                                      : cal.defaultGemmFraction;
    x.rateBf16 = x.peakBf16 * sustainedShare;
    x.rateGemm = x.peakGemm * sustainedShare;
    x.hbmBw = gpu.hbmTbPerS * 1e12 * cal.memoryEfficiency;
    x.fabric = Fabric{&x.cluster, &cal};

    x.sl = x.s / x.cpn;   // local sequence under context parallelism
    x.tok = x.b * x.sl;   // tokens of one micro-batch on one GPU's TP group
    x.kvRatio = double(x.kvh) / x.a;
    x.dh = x.h / x.a;
    x.sp = x.training.sequenceParallel && x.t > 1;
    x.spDiv = x.sp ? x.t : 1.0;
    x.mats = x.model.mlp == MlpKind::SwiGlu ? 3.0 : 2.0;
}

/// Times of one layer and of the LM head, forward and backward, one micro-batch, one GPU.
struct LayerTimes
{
    double attnFwd = 0.0, attnBwd = 0.0, elemFwd = 0.0;
    double layerFwd = 0.0, layerBwd = 0.0, layerRecompute = 0.0;
    double headTotal = 0.0;
};

/// Compute of one layer, forward and backward, and of the LM head.
LayerTimes computeLayer(const StepContext &x)
{
    const Calibration &cal = x.cal;
    const ModelSpec &model = x.model;
    const int t = x.t, ep = x.ep, a = x.a;
    const double h = x.h, f = x.f, fe = x.fe, V = x.V, s = x.s, b = x.b, sl = x.sl, tok = x.tok;
    const double kvRatio = x.kvRatio, mats = x.mats, spDiv = x.spDiv;
    const double rateGemm = x.rateGemm, rateBf16 = x.rateBf16, hbmBw = x.hbmBw;
    LayerTimes r;

    // --- compute of one layer, forward, one micro-batch, one GPU ------------------------------
    // Linear layers: Megatron-LM tensor parallelism splits QKV and MLP-in by columns and the output
    // projections by rows (Shoeybi et al. 2019, §3), so each GPU runs 1/t of every GEMM.
    double gemmF = gemmTime(tok, h * (1.0 + 2.0 * kvRatio) / t, h, 1, rateGemm, hbmBw, cal) +
                   gemmTime(tok, h, h / t, 1, rateGemm, hbmBw, cal);
    double ffnActBytes = 0.0; // elementwise bytes of the activation function per token
    if (!x.moe) {
        gemmF += gemmTime(tok, (mats - 1.0) * f / t, h, 1, rateGemm, hbmBw, cal) +
                 gemmTime(tok, h, f / t, 1, rateGemm, hbmBw, cal);
        // GELU reads and writes f values; SwiGLU reads gate and up (2f) and writes f (2 bytes
        // each).
        ffnActBytes = (model.mlp == MlpKind::SwiGlu ? 6.0 : 4.0) * f / t;
    } else {
        // Each GPU holds E/ep experts and receives tok·k assignments from its EP group (balanced
        // routing assumed), i.e. tok·k·ep/E tokens per local expert (Lepikhin et al. 2020;
        // Megatron-Core MoE).
        const double local = double(model.experts) / ep;
        const double perExpert = std::max(1.0, tok * model.topK / local);
        gemmF += gemmTime(perExpert, (mats - 1.0) * fe / t, h, local, rateGemm, hbmBw, cal) +
                 gemmTime(perExpert, h, fe / t, local, rateGemm, hbmBw, cal) +
                 gemmTime(tok, model.experts, h, 1, rateBf16, hbmBw, cal); // router
        // Activation plus permute/unpermute copies of each routed token (read + write h, twice).
        ffnActBytes =
            model.topK * ((model.mlp == MlpKind::SwiGlu ? 6.0 : 4.0) * fe / t + 8.0 * h / spDiv);
    }

    // Attention core: QKᵀ and AV, 4·b·s²·h FLOPs per layer forward over all heads (Narayanan et al.
    // 2021, §5.1 formula) — with context parallelism each rank's queries meet the whole sequence.
    const double headsLocal = double(a) / t;
    double attnF = 0.0, attnElemBytes = 0.0;
    if (x.training.attention == AttentionKind::Flash) {
        // Fused kernel (Dao et al. 2022): causal masking skips half the blocks; nothing s² is
        // stored.
        const double flops = 4.0 * b * sl * s * h / t * 0.5;
        attnF = flops / (rateBf16 * gemmEfficiency(sl, s, x.dh, cal) * cal.flashEfficiency);
    } else {
        // Unfused: two batched GEMMs per head over the full s×s scores, then scale+mask+softmax
        // (fused kernel: read and write 2 bytes each) and, with dropout, dropout (read, write,
        // 1-byte mask).
        attnF = gemmTime(sl, s, x.dh, b * headsLocal, rateBf16, hbmBw, cal) +
                gemmTime(sl, x.dh, s, b * headsLocal, rateBf16, hbmBw, cal);
        attnElemBytes = b * headsLocal * sl * s * (4.0 + (model.dropout ? 5.0 : 0.0));
    }
    r.attnFwd = attnF + attnElemBytes / hbmBw;

    // Memory-bound elementwise work per token: two norms (read+write h), two residual adds (read
    // 2h, write h), dropout masks; sharded over TP only with sequence parallelism.
    const double elemPerTok =
        (8.0 * h + 12.0 * h + (model.dropout ? 4.0 * h : 0.0)) / spDiv + ffnActBytes;
    r.elemFwd = tok * elemPerTok / hbmBw;

    r.layerFwd = gemmF + r.attnFwd + r.elemFwd + cal.layerOverheadS;
    // Backward: twice the GEMM FLOPs (data and weight gradients) and twice the elementwise traffic;
    // flash attention's backward does 2.5× the forward's matmuls as it recomputes the scores
    // (Dao 2023, §3.1).
    r.attnBwd = x.training.attention == AttentionKind::Flash ? 2.5 * attnF : 2.0 * r.attnFwd;
    r.layerBwd = 2.0 * gemmF + r.attnBwd + 2.0 * r.elemFwd + cal.layerOverheadS;
    if (x.fullRecompute())
        r.layerRecompute = r.layerFwd; // the whole forward again (Chen et al. 2016; Megatron full)
    else if (x.selectiveScores())
        r.layerRecompute = r.attnFwd; // only the attention core (Korthikanti et al. 2022, §4.2)

    // LM head and loss on the last stage: h×V/t GEMM (vocab-parallel), fp32 logits read and
    // written ~3 times by the fused cross-entropy.
    const double headFwd =
        gemmTime(tok, V / t, h, 1, rateGemm, hbmBw, cal) + tok * 12.0 * V / t / hbmBw;
    r.headTotal = 3.0 * headFwd;
    return r;
}

/// How the layers fall on the pipeline stages, and the compute of the stage that paces it.
struct StageTimes
{
    int Ls = 0, firstLayers = 0, lastLayers = 0, stageLayers = 0;
    double stageCompute = 0.0, stageAttention = 0.0, stageElem = 0.0;
};

/// The pipeline stages' layers and the compute of the slowest stage, one micro-batch.
StageTimes paceStages(const StepContext &x, const LayerTimes &l)
{
    const int L = x.L, p = x.p;
    StageTimes r;
    // Stages: ceil(L/p) layers; a shortfall is taken from the first and last stages, as Llama 3
    // does to balance the embedding and the head (Llama 3 paper §3.3.2).
    const int Ls = ceilDiv(L, p);
    const int deficit = Ls * p - L;
    r.Ls = Ls;
    r.lastLayers = p == 1 ? L : std::max(0, Ls - (deficit + 1) / 2);
    r.firstLayers = p == 1 ? L : std::max(0, Ls - deficit / 2);
    const double layerAll = l.layerFwd + l.layerBwd + l.layerRecompute;
    // The slowest stage paces the pipeline: a full middle stage, the first, or the last with the
    // head.
    r.stageCompute = std::max((p > 2 ? Ls : r.firstLayers) * layerAll,
                              r.lastLayers * layerAll + l.headTotal);
    if (p == 1)
        r.stageCompute = L * layerAll + l.headTotal;
    const bool attnRecomputed = x.fullRecompute() || x.selectiveScores();
    r.stageAttention =
        (p == 1 ? L : Ls) * (l.attnFwd + l.attnBwd + (attnRecomputed ? l.attnFwd : 0.0));
    r.stageElem = (p == 1 ? L : Ls) * (3.0 + (x.fullRecompute() ? 1.0 : 0.0)) * l.elemFwd;
    r.stageLayers = p == 1 ? L : std::max(Ls, r.lastLayers);
    return r;
}

/// Communication time of one kind of parallelism: all of it, and what stays on the critical path.
struct CommTime
{
    double total = 0.0, exposed = 0.0;
};

/// One activation tensor of the micro-batch, 16-bit.
double activationBytes(const StepContext &x)
{
    return x.tok * x.h * 2.0;
}

/// Passes over each layer per micro-batch: forward, backward, and the recomputation.
double layerPasses(const StepContext &x)
{
    return 2.0 + (x.fullRecompute() ? 1.0 : 0.0);
}

/// Tensor-parallel communication per micro-batch and its exposed part.
CommTime tensorParallelComm(const StepContext &x, const StageTimes &st)
{
    CommTime r;
    if (x.t > 1) {
        const double actBytes = activationBytes(x);
        // Megatron TP: 2 all-reduces per layer forward, 2 backward (Shoeybi et al. 2019, Fig. 4);
        // with sequence parallelism each becomes a reduce-scatter + all-gather pair of the same
        // volume (Korthikanti et al. 2022, §4.2.2).
        const GroupSpan g = x.fabric.span(1, x.t);
        const double perPass =
            x.sp ? 2.0 * (reduceScatter(actBytes, g).seconds + allGather(actBytes, g).seconds)
                 : 2.0 * allReduce(actBytes, g).seconds;
        r.total = st.stageLayers * layerPasses(x) * perPass;
    }
    r.exposed = x.training.overlapComm ? r.total * x.cal.overlappedExposed : r.total;
    return r;
}

/// Context-parallel (ring attention) communication per micro-batch and its exposed part.
CommTime contextParallelComm(const StepContext &x, const StageTimes &st, const LayerTimes &l)
{
    CommTime r;
    if (x.cpn > 1) {
        // Ring attention: each rank passes its K,V chunk cpn−1 times forward; backward also
        // returns dK,dV (Liu et al. 2023; Megatron-Core context parallelism). Overlapped with the
        // attention computation of the chunk in hand.
        const GroupSpan g = x.fabric.span(x.t, x.cpn);
        const double chunk = 2.0 * x.tok * x.h * x.kvRatio * 2.0 / x.t;
        const double step = pointToPoint(chunk, g.domains > 1 ? g.scaleOut : g.scaleUp).seconds;
        const double fwd = (x.cpn - 1) * step, bwd = 2.0 * fwd;
        const double rc = x.fullRecompute() ? fwd : 0.0;
        r.total = st.stageLayers * (fwd + bwd + rc);
        r.exposed = st.stageLayers *
                    (std::max(0.0, fwd - l.attnFwd) + std::max(0.0, bwd - l.attnBwd) +
                     (rc > 0 ? std::max(0.0, rc - l.attnFwd) : 0.0));
    }
    return r;
}

/// Expert-parallel (all-to-all) communication per micro-batch; none of it is hidden.
CommTime expertParallelComm(const StepContext &x, const StageTimes &st)
{
    CommTime r;
    if (x.moe && x.ep > 1) {
        // Two all-to-alls per MoE layer forward (dispatch, combine) and two backward (GShard,
        // Lepikhin et al. 2020); each GPU sends its tokens' k copies of h values.
        const GroupSpan g = x.fabric.span((long long)x.t * x.cpn, x.ep);
        const double bytes = x.tok * x.model.topK * x.h * 2.0 / x.spDiv;
        r.total = st.stageLayers * layerPasses(x) * 2.0 * allToAll(bytes, g).seconds;
    }
    r.exposed = r.total; // not overlapped (DeepSeek-V3's DualPipe would hide it)
    return r;
}

/// Pipeline-parallel point-to-point traffic per micro-batch and its exposed part.
CommTime pipelineParallelComm(const StepContext &x)
{
    CommTime r;
    if (x.p > 1) {
        // 1F1B sends one activation forward and one gradient back per micro-batch per (virtual)
        // stage boundary; with TP the scatter/gather optimisation sends 1/t over the network
        // (Narayanan et al. 2021, §4.1).
        const GroupSpan g = x.fabric.span((long long)x.t * x.cpn * x.dp, 2);
        const Link &l = g.domains > 1 ? g.scaleOut : g.scaleUp;
        r.total = 2.0 * x.v * pointToPoint(activationBytes(x) / x.t, l).seconds;
    }
    r.exposed = x.training.overlapComm ? r.total * x.cal.overlappedExposed : r.total;
    return r;
}

/// Pipeline bubble of 1F1B given the time of one micro-batch on the pacing stage.
double pipelineBubble(const StepContext &x, double mbTime)
{
    // Pipeline bubble of 1F1B: (p−1)/m of the ideal time; interleaving v chunks per GPU divides it
    // by v (Narayanan et al. 2021, §2.2, eq. for t_pb/t_id).
    return x.p > 1 ? double(x.p - 1) / x.v * mbTime : 0.0;
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

    int rankLayers(int rank) const
    {
        const int p = x.p;
        return p == 1 ? x.L : rank == 0 ? st.firstLayers : rank == p - 1 ? st.lastLayers : st.Ls;
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
        return rankLayers(rank) * layerExpert / (double(x.t) * x.ep);
    }
    double stageParams() const { return stageDense + stageExpert; }
};

/// Splits a layer's parameters into dense and expert ones and finds the most loaded rank.
StageParams loadStages(const StepContext &x, const StageTimes &st)
{
    const ModelSpec &model = x.model;
    StageParams r(x, st);
    // Data parallelism: gradients of a rank's parameters reduced over its dp·cp ranks (CP ranks
    // hold the same weights); expert weights over dp·cp/ep ranks.
    r.layerDense = model.moe()
                       ? model.layerParams() - double(model.experts) * x.mats * x.h * x.fe
                       : model.layerParams();
    r.layerExpert = model.layerParams() - r.layerDense;
    // Parameters of pipeline rank r (÷ t): its layers, plus the input embedding on the first rank
    // and the LM head on the last — which therefore hold one layer fewer (Llama 3 §3.3.2;
    // tied embeddings keep a copy on both, as Megatron-LM does). DP traffic and the optimizer
    // step follow the rank holding the most.
    // The ranks that can be the most loaded: the first, the first full middle one (most
    // micro-batches in flight of the middle ranks), the last.
    r.candidates[0] = 0;
    r.candidates[1] = x.p > 2 ? 1 : 0;
    r.candidates[2] = x.p - 1;
    for (int rank : r.candidates)
        if (r.rankDense(rank) + r.rankExpert(rank) > r.stageDense + r.stageExpert) {
            r.stageDense = r.rankDense(rank);
            r.stageExpert = r.rankExpert(rank);
        }
    return r;
}

/// Data-parallel communication of a step: all of it and its exposed part.
CommTime dataParallelComm(const StepContext &x, const StageParams &sp, const StageTimes &st,
                          double bubble)
{
    const ParallelConfig &c = x.c;
    const int dpGroup = x.dp * x.cpn, ep = x.ep, m = x.m;
    // Communication per step (`dpStep`) and per micro-batch (`dpMb`) by ZeRO stage (Rajbhandari
    // et al. 2020), 16-bit values:
    // - 0: one all-reduce of the gradients (PyTorch DDP, Megatron-LM 2021);
    // - 1: reduce-scatter of the gradients + all-gather of the updated parameters (same volume);
    // - 2: gradients *and* optimizer state sharded, parameters kept whole from the first forward
    //   to the last backward — FSDP "no reshard after forward", as Llama 3 ran (§3.3.2): the
    //   parameters are gathered once per step, and each micro-batch's gradients are
    //   reduce-scattered into the sharded accumulators (a sharded gradient cannot accumulate
    //   locally; DeepSpeed ZeRO-2 does the same);
    // - 3: parameters resharded after use: gathered before forward and before backward and the
    //   gradients reduce-scattered, every micro-batch (1.5 × an all-reduce's volume).
    double dpStep = 0.0, dpMb = 0.0;
    if (dpGroup > 1) {
        auto add = [&](double params, const GroupSpan &g) {
            const double bytes = params * 2.0;
            const double rs = reduceScatter(bytes, g).seconds, ag = allGather(bytes, g).seconds;
            switch (c.zero) {
            case 0:
                dpStep += allReduce(bytes, g).seconds;
                break;
            case 1:
                dpStep += rs + ag;
                break;
            case 2:
                dpStep += ag;
                dpMb += rs;
                break;
            default:
                dpMb += 1.5 * (rs + ag);
                break;
            }
        };
        add(sp.stageDense, x.fabric.span(x.t, dpGroup));
        if (sp.stageExpert > 0 && dpGroup / ep > 1)
            add(sp.stageExpert, x.fabric.span((long long)x.t * ep, dpGroup / ep));
    }
    CommTime r;
    r.total = dpStep + m * dpMb;
    r.exposed = r.total;
    if (x.training.overlapComm) {
        // Overlap never hides everything: at least `overlappedExposed` of each part stays.
        auto exposed = [&](double total, double window) {
            return std::max(total * x.cal.overlappedExposed, total - window);
        };
        // Once per step: gradient buckets reduce while the last micro-batch's backward runs
        // (PyTorch DDP, Li et al. 2020; Megatron overlap-grad-reduce), or — ZeRO-2 — the
        // parameters are prefetched under the first forward; the bubble helps either way.
        const double stepWindow =
            (c.zero == 2 ? st.stageCompute / 3.0 : st.stageCompute * (2.0 / 3.0)) + bubble;
        // Per micro-batch: asynchronous on its own stream, under that micro-batch's work.
        r.exposed = exposed(dpStep, stepWindow) + m * exposed(dpMb, st.stageCompute);
    }
    return r;
}

/// Adam's step on this GPU's shard of the optimizer state.
double optimizerTime(const StepContext &x, const StageParams &sp)
{
    // Adam step: read fp32 weight, gradient, m, v; write weight, m, v and the 16-bit copy
    // (~32 bytes per parameter), on this GPU's shard of the optimizer state.
    const int dpGroup = x.dp * x.cpn;
    const double optShard = x.c.zero >= 1 ? dpGroup : 1;
    return sp.stageParams() / optShard * 32.0 / x.hbmBw;
}

/// Model and hardware FLOPs of the step and the rates derived from them.
void countFlops(const StepContext &x, StepEstimate &r)
{
    const ModelSpec &model = x.model;
    const double h = x.h, V = x.V, s = x.s;
    const int L = x.L;
    // Model FLOPs per token = 6·N + 12·L·h·s (DESIGN.md; Narayanan et al. 2021 §5.1; Chowdhery et
    // al. 2022 App. B): N counts the matrices a token passes through (active experts only) and the
    // LM head, not the embedding lookup; attention counted in full (no causal discount), as
    // Megatron-LM does. Hardware FLOPs add what recomputation runs again.
    const double layerMatrices =
        model.activeLayerParams() - 2.0 * h - (x.moe ? h * model.experts : 0.0);
    const double nFlop = L * layerMatrices + V * h;
    const double attnTok = 4.0 * s * h * L; // forward, per token
    const double tokensStep = x.seqs * s;
    r.modelFlopsPerStep = tokensStep * (6.0 * nFlop + 3.0 * attnTok);
    double extra = 0.0;
    if (x.fullRecompute())
        extra = 2.0 * L * layerMatrices + attnTok;
    else if (x.selectiveScores())
        extra = attnTok; // with flash attention the kernel's own recomputation is not counted
    r.hardwareFlopsPerStep = r.modelFlopsPerStep + tokensStep * extra;
    const double g = double(x.cluster.gpus);
    r.modelTflopsPerGpu = r.modelFlopsPerStep / r.stepTimeS / g / 1e12;
    r.hardwareTflopsPerGpu = r.hardwareFlopsPerStep / r.stepTimeS / g / 1e12;
    r.mfu = r.modelFlopsPerStep / (r.stepTimeS * g * x.peakGemm);
    r.tokensPerS = tokensStep / r.stepTimeS;
    r.timeToTrainDays = x.training.tokens > 0 ? x.training.tokens / r.tokensPerS / 86400.0 : 0.0;
    r.bubbleFraction = r.time.bubbleS / r.stepTimeS;
}

/// Activation bytes per token of one layer: kept in full, and as kept under the recomputation.
struct ActivationBytes
{
    double fullLayerPerTok = 0.0, perLayerPerTok = 0.0;
};

/// Activations per layer per micro-batch, 16-bit, bytes per token.
ActivationBytes activationsPerToken(const StepContext &x)
{
    const ModelSpec &model = x.model;
    const double h = x.h, f = x.f, fe = x.fe, s = x.s, kvRatio = x.kvRatio, spDiv = x.spDiv;
    const int t = x.t, a = x.a;
    // Activations per layer per micro-batch, 16-bit, bytes per token: Korthikanti et al. 2022,
    // Table 2, rebuilt tensor by tensor so that GQA, gated MLPs, flash attention and dropout
    // change it. What each backward needs:
    // - sequence-parallel part (÷ t only with SP, Korthikanti §4.2.2: the inputs of the
    //   column-parallel GEMMs are kept sharded and gathered again in backward): the two norm
    //   inputs (4h), the QKV and MLP-in GEMM inputs (4h), dropout masks (2h, GPT-era only);
    // - TP-sharded part (÷ t): Q (2h) and K, V after RoPE (4h·kv/a, grouped-query attention,
    //   Ainslie et al. 2023), the attention output (2h: flash attention's saved O is the output
    //   projection's input); MLP: GELU keeps its input and output (4f); SwiGLU keeps gate and up
    //   (4f), which its backward needs — the product silu(gate)·up, the down projection's input, is
    //   rebuilt from them by the fused SwiGLU backward (a pointwise op, not layer recomputation);
    // - attention core: unfused keeps the softmax output 2·a·s (+ 3·a·s mask and dropout output
    //   with dropout); flash attention keeps only its fp32 log-sum-exp (4·a bytes), Dao et al.
    //   2022.
    // GELU, kv = a, dropout, unfused, no TP: 34h + 5as, Table 2 (tests/test_trainingmodel.cpp).
    const double mlpAct = 4.0; // bytes per f: GELU input + output, or SwiGLU gate + up
    const double seqPart = (8.0 * h + (model.dropout ? 2.0 * h : 0.0)) / spDiv;
    double tpPart = (4.0 * h + 4.0 * h * kvRatio) / t;
    tpPart += x.moe ? model.topK * (mlpAct * fe + 4.0 * h) / t : mlpAct * f / t;
    const double scores = x.training.attention == AttentionKind::Unfused
                              ? (model.dropout ? 5.0 : 2.0) * a * s / t
                              : 4.0 * a / t;
    ActivationBytes r;
    r.fullLayerPerTok = seqPart + tpPart + scores;
    r.perLayerPerTok = r.fullLayerPerTok;
    if (x.selectiveScores())
        r.perLayerPerTok = seqPart + tpPart; // scores recomputed (Korthikanti et al. 2022, §4.2)
    else if (x.fullRecompute())
        r.perLayerPerTok = 2.0 * h / spDiv; // the layer input only
    return r;
}

/// Memory per GPU on the most loaded of the candidate pipeline ranks (docs/model.md §2.5).
MemoryBreakdown memoryPerGpu(const StepContext &x, const StageParams &sp)
{
    const ParallelConfig &c = x.c;
    const int p = x.p, v = x.v, m = x.m, L = x.L, ep = x.ep, t = x.t;
    const int dpGroup = x.dp * x.cpn;
    const ActivationBytes act = activationsPerToken(x);

    // Micro-batch chunks in flight on pipeline rank r at its peak: the warm-up forwards plus the
    // first steady-state one. 1F1B: p − r (Narayanan et al. 2021 §2.2); interleaved with v chunks
    // per rank, depth-first (Megatron-LM's schedule, Llama 3's with N = p): 2(p − r − 1) +
    // (v − 1)·p + 1 chunks of (layers of the rank)/v each — Korthikanti et al. 2022 §4.3's
    // 1 + (p − 1)/(p·v) factor for the first rank. Never more than the step's m·v.
    // Pipeline-stage inputs and outputs are freed once sent (Megatron-LM deallocate_output_tensor,
    // Llama 3 §3.3.2): a stage's input is the first norm's input, counted above; its output is not
    // needed by its backward and is not held. The first rank's embedding chunk holds nothing
    // (backward needs only the token ids), the last rank's head chunk only the logits below.
    auto layersInFlight = [&](int rank) {
        if (p == 1)
            return double(L);
        const double chunks =
            v == 1 ? std::min(m, p - rank)
                   : std::min(double(m) * v, 2.0 * (p - rank - 1) + double(v - 1) * p + 1.0);
        return chunks * sp.rankLayers(rank) / v;
    };
    // Mixed-precision Adam: 16-bit weights (2 B), fp32 gradient accumulation (4 B, Megatron's main
    // grads; Llama 3 accumulates and reduce-scatters gradients in fp32, §3.3.2), fp32 master
    // weights
    // + m + v (12 B): 18 B/parameter (ZeRO paper §3.1 counts 16 with 16-bit gradients). ZeRO-1
    // shards the optimizer state over the dp·cp ranks, ZeRO-2 also the gradients, ZeRO-3 also the
    // weights (Rajbhandari et al. 2020); with ZeRO-2 the weights stay whole during the step (FSDP
    // without reshard after forward, as Llama 3).
    const double shardDense = dpGroup, shardExpert = std::max(1, dpGroup / ep);
    const double layerLocal = (sp.layerDense + sp.layerExpert / ep) / t; // one layer's share
    MemoryBreakdown most;
    bool first = true;
    for (int rank : sp.candidates) {
        const double dense = sp.rankDense(rank), expert = sp.rankExpert(rank);
        auto sharded = [&](double bytesPerParam, int fromStage) {
            if (c.zero < fromStage)
                return bytesPerParam * (dense + expert);
            return bytesPerParam * (dense / shardDense + expert / shardExpert);
        };
        MemoryBreakdown mem;
        mem.stage = rank;
        mem.weights = sharded(2.0, 3);
        if (c.zero >= 3)
            mem.weights += 2.0 * 2.0 * layerLocal; // two layers gathered at a time
        mem.gradients = sharded(4.0, 2);
        if (c.zero >= 2 && dpGroup > 1)
            mem.gradients += 4.0 * layerLocal; // one layer's gradients on their way to the shards
        mem.optimizer = sharded(12.0, 1);
        mem.layersInFlight = layersInFlight(rank);
        mem.activations = x.tok * act.perLayerPerTok * mem.layersInFlight;
        if (c.recompute == Recompute::Full)
            mem.activations += x.tok * act.fullLayerPerTok; // one layer rebuilt during backward
        // fp32 logits and their gradient of the micro-batch in the head (last rank), and the
        // reserve (CUDA context, NCCL buffers, allocator fragmentation).
        mem.other =
            (rank == p - 1 ? x.tok * x.V / t * 4.0 * 2.0 : 0.0) + x.cal.memoryReserveGb * 1e9;
        if (first || mem.total() > most.total())
            most = mem;
        first = false;
    }
    return most;
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
