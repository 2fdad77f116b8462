#include "model/training/trainingmodel.h"

#include "model/training/collectives.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cp {

const char *mlpName(MlpKind k)
{
    return k == MlpKind::SwiGlu ? "swiglu" : "gelu";
}

const char *recomputeName(Recompute r)
{
    switch (r) {
    case Recompute::None:
        return "none";
    case Recompute::Selective:
        return "selective";
    case Recompute::Full:
        return "full";
    }
    return "none";
}

const char *precisionName(Precision p)
{
    return p == Precision::Fp8 ? "fp8" : "bf16";
}

const char *attentionName(AttentionKind a)
{
    return a == AttentionKind::Flash ? "flash" : "unfused";
}

const char *infeasibleName(Infeasible why)
{
    switch (why) {
    case Infeasible::None:
        return "ok";
    case Infeasible::GpuCount:
        return "tp·pp·dp·cp is not the GPU count";
    case Infeasible::Heads:
        return "tp does not divide the attention heads";
    case Infeasible::Layers:
        return "pipeline stages do not divide the layers";
    case Infeasible::Batch:
        return "global batch does not split into micro-batches";
    case Infeasible::Sequence:
        return "cp does not divide the sequence";
    case Infeasible::Experts:
        return "ep does not divide the experts or the data-parallel ranks";
    case Infeasible::Memory:
        return "does not fit in HBM";
    }
    return "?";
}

// Parameter counts of a decoder layer (Megatron-LM / Llama layouts): attention Q and O are h×h,
// K and V are h×(h·kv/a) with grouped-query attention (Ainslie et al. 2023); a gated (SwiGLU) MLP
// has three h×f matrices (Shazeer 2020; Llama), a classic GELU MLP two (Vaswani et al. 2017;
// GPT-3); two norms of h. Biases are left out (<0.1 %).
double ModelSpec::layerParams() const
{
    const double h = hidden, kvRatio = double(kv()) / heads;
    const double attention = h * h * (2.0 + 2.0 * kvRatio);
    const double mats = mlp == MlpKind::SwiGlu ? 3.0 : 2.0;
    const double ffn =
        moe() ? double(experts) * mats * h * (expertFfnHidden > 0 ? expertFfnHidden : ffnHidden) +
                    h * experts
              : mats * h * ffnHidden;
    return attention + ffn + 2.0 * h;
}

double ModelSpec::activeLayerParams() const
{
    if (!moe())
        return layerParams();
    const double h = hidden, kvRatio = double(kv()) / heads;
    const double mats = mlp == MlpKind::SwiGlu ? 3.0 : 2.0;
    return h * h * (2.0 + 2.0 * kvRatio) +
           double(topK) * mats * h * (expertFfnHidden > 0 ? expertFfnHidden : ffnHidden) +
           h * experts + 2.0 * h;
}

double ModelSpec::embeddingParams() const
{
    return double(vocab) * hidden * (tiedEmbeddings ? 1.0 : 2.0);
}

double ModelSpec::totalParams() const
{
    return layers * layerParams() + embeddingParams() + hidden;
}

double ModelSpec::activeParams() const
{
    return layers * activeLayerParams() + embeddingParams() + hidden;
}

// ---------------------------------------------------------------------------------------------
// Calibration: ONE set for every case. Rationale in docs/model.md ("Calibration constants").
const Calibration &defaultCalibration()
{
    static const Calibration c = [] {
        Calibration k;
        // Share of the accelerator's *sustained* dense GEMM rate (GpuSpec::gemmTflopsBf16, a
        // measured catalog figure: the rate cuBLAS holds at the power limit) that the GEMMs of a
        // training step reach: NCCL kernels share the SMs, the step's other kernels keep the
        // caches cold. Fitted once against the five published runs (docs/validation.md); with
        // A100's measured 271 TFLOP/s it gives 217 TFLOP/s (0.70 of its peak), with H100's
        // 703 it gives 562 (0.57 of its peak).
        k.gemmEfficiencyMax = 0.80;
        // Accelerators without a measured sustained rate: assumption, the sustained share of
        // the 700 W Hopper parts (703 / 989, ml-engineering MSMF table; docs/model.md §3).
        k.defaultGemmFraction = 0.71;
        // Achieved efficiency falls as 1/(1 + d0/m + d0/n + d0/k): tile quantisation and the
        // prologue/epilogue of each tile cost about a d0-wide slice of work per dimension
        // (a 128-wide head dimension costs ~19 %, a 2,304-wide hidden ~1 %).
        k.gemmHalfDim = 24.0;
        // FlashAttention-2 reaches 50–73 % of peak on A100 forward and less backward (Dao 2023,
        // Fig. 4–6); relative to a GEMM of the same shape that is ~0.75.
        k.flashEfficiency = 0.75;
        // Streaming kernels (norms, activations, softmax) reach ~80 % of HBM bandwidth
        // (STREAM-like).
        k.memoryEfficiency = 0.80;
        // NCCL all-reduce bus bandwidth: ~360 of 450 GB/s on H100 NVLink 4, ~230 of 300 on A100
        // NVLink 3 (nccl-tests); ~90 % of line rate on 400G InfiniBand / RoCE.
        k.scaleUpEfficiency = 0.80;
        k.scaleOutEfficiency = 0.90;
        k.scaleUpLatencyS = 3e-6;
        k.scaleOutLatencyS = 5e-6;
        // Overlap is never perfect: ~20 % of overlappable communication stays on the critical
        // path (launch skew, SM contention of NCCL kernels).
        k.overlappedExposed = 0.20;
        // CUDA context (~0.5 GB), NCCL buffers and allocator fragmentation.
        k.memoryReserveGb = 4.0;
        // ~20 kernels per layer pass at ~5 µs launch and sync gaps.
        k.layerOverheadS = 100e-6;
        return k;
    }();
    return c;
}

// GPUs reached below tier t (1 = leaf): a rail-optimised leaf serves k/2 domains on one rail;
// L tiers of k-port switches reach 2·(k/2)^L hosts (Al-Fares et al., SIGCOMM 2008).
double tierReachGpus(const ClusterSpec &cluster, int tier)
{
    if (tier >= cluster.tiers)
        return std::numeric_limits<double>::infinity();
    const double half = std::max(2, cluster.radix) / 2.0;
    double r = half * std::max(1, cluster.domainGpus);
    for (int i = 2; i <= tier; ++i)
        r = std::max(r, 2.0 * std::pow(half, i));
    return r;
}

int tierClimbed(const ClusterSpec &cluster, double spanGpus)
{
    int tier = 1;
    while (tier < cluster.tiers && tierReachGpus(cluster, tier) < spanGpus)
        ++tier;
    return tier;
}

GroupSpan placeGroup(const ClusterSpec &cluster, long long stride, int size, const Calibration &cal)
{
    GroupSpan g;
    const int d = std::max(1, cluster.domainGpus);
    stride = std::max<long long>(1, stride);
    if (stride < d) {
        g.perDomain = int(std::min<long long>(size, std::max<long long>(1, d / stride)));
        g.domains = (size + g.perDomain - 1) / g.perDomain;
    } else {
        g.perDomain = 1;
        g.domains = size;
    }
    g.scaleUp =
        Link{cluster.scaleUpGbPerSPerGpu * 1e9 * cal.scaleUpEfficiency, cal.scaleUpLatencyS};
    // The group's ranks occupy a contiguous block of stride·size GPUs; it climbs to the first tier
    // whose reach holds that block.
    const int tier = tierClimbed(cluster, double(stride) * size);
    // Effective bandwidth of traffic that climbs to tier t = NIC / product of the
    // oversubscription of every tier up to t (DESIGN.md, "Model formulas").
    double taper = 1.0;
    for (int i = 0; i < tier && i < int(cluster.oversubscription.size()); ++i)
        taper *= std::max(1.0, cluster.oversubscription[size_t(i)]);
    g.scaleOut = Link{cluster.scaleOutGbpsPerGpu / 8.0 * 1e9 * cal.scaleOutEfficiency / taper,
                      cal.scaleOutLatencyS * tier};
    return g;
}

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

} // namespace

StepEstimate estimateStep(const ClusterSpec &cluster, const ModelSpec &model,
                          const TrainingSpec &training, const ParallelConfig &c,
                          const Calibration &cal)
{
    StepEstimate r;
    r.config = c;
    r.hbmGb = cluster.gpu.hbmGb;

    const int t = std::max(1, c.tp), p = std::max(1, c.pp), dp = std::max(1, c.dp),
              cpn = std::max(1, c.cp), ep = std::max(1, c.ep), b = std::max(1, c.microbatch),
              v = std::max(1, c.interleave);
    const int L = model.layers, a = model.heads, kvh = model.kv();
    const double h = model.hidden, f = model.ffnHidden, V = model.vocab, s = training.seqLen;
    const double fe = model.expertFfnHidden > 0 ? model.expertFfnHidden : model.ffnHidden;
    const bool moe = model.moe();

    // --- feasibility of the layout ----------------------------------------------------------
    if ((long long)t * p * dp * cpn != cluster.gpus) {
        r.infeasible = Infeasible::GpuCount;
        return r;
    }
    if (a % t != 0) {
        r.infeasible = Infeasible::Heads;
        return r;
    }
    if (p > L || (v > 1 && (p == 1 || ceilDiv(L, p) % v != 0))) {
        r.infeasible = Infeasible::Layers;
        return r;
    }
    if (training.seqLen % cpn != 0) {
        r.infeasible = Infeasible::Sequence;
        return r;
    }
    if ((!moe && ep != 1) || (moe && (model.experts % ep != 0 || (dp * cpn) % ep != 0))) {
        r.infeasible = Infeasible::Experts;
        return r;
    }
    const double seqs = training.globalBatchSeqs();
    const double perRank = seqs / dp;
    const int m = int(std::llround(perRank / b));
    if (seqs < 1 || std::fabs(perRank - std::round(perRank)) > 1e-6 || m < 1 ||
        std::fabs(double(m) * b - perRank) > 1e-6 || (v > 1 && m < p)) {
        r.infeasible = Infeasible::Batch;
        return r;
    }
    r.microbatches = m;

    const double peakBf16 = cluster.gpu.peakTflopsBf16 * 1e12;
    const double peakGemm =
        training.precision == Precision::Fp8
            ? (cluster.gpu.peakTflopsFp8 > 0 ? cluster.gpu.peakTflopsFp8 * 1e12 : 2.0 * peakBf16)
            : peakBf16;
    // GEMMs run at the accelerator's sustained rate (power-limited clocks), not its nominal peak:
    // a measured figure of the catalog entry, or the documented default share. The same share
    // applies to FP8 (same clocks, same power limit). MFU stays against the nominal peak.
    const double sustainedShare =
        cluster.gpu.gemmTflopsBf16 > 0 && cluster.gpu.peakTflopsBf16 > 0
            ? std::min(1.0, cluster.gpu.gemmTflopsBf16 / cluster.gpu.peakTflopsBf16)
            : cal.defaultGemmFraction;
    const double rateBf16 = peakBf16 * sustainedShare;
    const double rateGemm = peakGemm * sustainedShare;
    const double hbmBw = cluster.gpu.hbmTbPerS * 1e12 * cal.memoryEfficiency;
    const Fabric fabric{&cluster, &cal};

    const double sl = s / cpn; // local sequence under context parallelism
    const double tok = b * sl; // tokens of one micro-batch on one GPU's TP group
    const double kvRatio = double(kvh) / a;
    const double dh = h / a;
    const bool sp = training.sequenceParallel && t > 1;
    const double spDiv = sp ? t : 1.0;
    const double mats = model.mlp == MlpKind::SwiGlu ? 3.0 : 2.0;

    // --- compute of one layer, forward, one micro-batch, one GPU ------------------------------
    // Linear layers: Megatron-LM tensor parallelism splits QKV and MLP-in by columns and the output
    // projections by rows (Shoeybi et al. 2019, §3), so each GPU runs 1/t of every GEMM.
    double gemmF = gemmTime(tok, h * (1.0 + 2.0 * kvRatio) / t, h, 1, rateGemm, hbmBw, cal) +
                   gemmTime(tok, h, h / t, 1, rateGemm, hbmBw, cal);
    double ffnActBytes = 0.0; // elementwise bytes of the activation function per token
    if (!moe) {
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
    if (training.attention == AttentionKind::Flash) {
        // Fused kernel (Dao et al. 2022): causal masking skips half the blocks; nothing s² is
        // stored.
        const double flops = 4.0 * b * sl * s * h / t * 0.5;
        attnF = flops / (rateBf16 * gemmEfficiency(sl, s, dh, cal) * cal.flashEfficiency);
    } else {
        // Unfused: two batched GEMMs per head over the full s×s scores, then scale+mask+softmax
        // (fused kernel: read and write 2 bytes each) and, with dropout, dropout (read, write,
        // 1-byte mask).
        attnF = gemmTime(sl, s, dh, b * headsLocal, rateBf16, hbmBw, cal) +
                gemmTime(sl, dh, s, b * headsLocal, rateBf16, hbmBw, cal);
        attnElemBytes = b * headsLocal * sl * s * (4.0 + (model.dropout ? 5.0 : 0.0));
    }
    const double attnFwd = attnF + attnElemBytes / hbmBw;

    // Memory-bound elementwise work per token: two norms (read+write h), two residual adds (read
    // 2h, write h), dropout masks; sharded over TP only with sequence parallelism.
    const double elemPerTok =
        (8.0 * h + 12.0 * h + (model.dropout ? 4.0 * h : 0.0)) / spDiv + ffnActBytes;
    const double elemFwd = tok * elemPerTok / hbmBw;

    const double layerFwd = gemmF + attnFwd + elemFwd + cal.layerOverheadS;
    // Backward: twice the GEMM FLOPs (data and weight gradients) and twice the elementwise traffic;
    // flash attention's backward does 2.5× the forward's matmuls as it recomputes the scores
    // (Dao 2023, §3.1).
    const double attnBwd = training.attention == AttentionKind::Flash ? 2.5 * attnF : 2.0 * attnFwd;
    const double layerBwd = 2.0 * gemmF + attnBwd + 2.0 * elemFwd + cal.layerOverheadS;
    double layerRecompute = 0.0;
    if (c.recompute == Recompute::Full)
        layerRecompute = layerFwd; // the whole forward again (Chen et al. 2016; Megatron full)
    else if (c.recompute == Recompute::Selective && training.attention == AttentionKind::Unfused)
        layerRecompute = attnFwd; // only the attention core (Korthikanti et al. 2022, §4.2)

    // LM head and loss on the last stage: h×V/t GEMM (vocab-parallel), fp32 logits read and
    // written ~3 times by the fused cross-entropy.
    const double headFwd =
        gemmTime(tok, V / t, h, 1, rateGemm, hbmBw, cal) + tok * 12.0 * V / t / hbmBw;
    const double headTotal = 3.0 * headFwd;

    // Stages: ceil(L/p) layers; a shortfall is taken from the first and last stages, as Llama 3
    // does to balance the embedding and the head (Llama 3 paper §3.3.2).
    const int Ls = ceilDiv(L, p);
    const int deficit = Ls * p - L;
    const int lastLayers = p == 1 ? L : std::max(0, Ls - (deficit + 1) / 2);
    const int firstLayers = p == 1 ? L : std::max(0, Ls - deficit / 2);
    const double layerAll = layerFwd + layerBwd + layerRecompute;
    // The slowest stage paces the pipeline: a full middle stage, the first, or the last with the
    // head.
    double stageCompute =
        std::max((p > 2 ? Ls : firstLayers) * layerAll, lastLayers * layerAll + headTotal);
    if (p == 1)
        stageCompute = L * layerAll + headTotal;
    const bool attnRecomputed =
        c.recompute == Recompute::Full ||
        (c.recompute == Recompute::Selective && training.attention == AttentionKind::Unfused);
    const double stageAttention =
        (p == 1 ? L : Ls) * (attnFwd + attnBwd + (attnRecomputed ? attnFwd : 0.0));
    const double stageElem =
        (p == 1 ? L : Ls) * (3.0 + (c.recompute == Recompute::Full ? 1.0 : 0.0)) * elemFwd;
    const int stageLayers = p == 1 ? L : std::max(Ls, lastLayers);

    // --- communication per micro-batch ---------------------------------------------------------
    const double actBytes = tok * h * 2.0; // one activation tensor of the micro-batch, 16-bit
    const double passes = 2.0 + (c.recompute == Recompute::Full ? 1.0 : 0.0); // fwd, bwd, recompute
    double tpMb = 0.0;
    if (t > 1) {
        // Megatron TP: 2 all-reduces per layer forward, 2 backward (Shoeybi et al. 2019, Fig. 4);
        // with sequence parallelism each becomes a reduce-scatter + all-gather pair of the same
        // volume (Korthikanti et al. 2022, §4.2.2).
        const GroupSpan g = fabric.span(1, t);
        const double perPass =
            sp ? 2.0 * (reduceScatter(actBytes, g).seconds + allGather(actBytes, g).seconds)
               : 2.0 * allReduce(actBytes, g).seconds;
        tpMb = stageLayers * passes * perPass;
    }
    const double tpMbExposed = training.overlapComm ? tpMb * cal.overlappedExposed : tpMb;

    double cpMb = 0.0, cpMbExposed = 0.0;
    if (cpn > 1) {
        // Ring attention: each rank passes its K,V chunk cpn−1 times forward; backward also
        // returns dK,dV (Liu et al. 2023; Megatron-Core context parallelism). Overlapped with the
        // attention computation of the chunk in hand.
        const GroupSpan g = fabric.span(t, cpn);
        const double chunk = 2.0 * tok * h * kvRatio * 2.0 / t;
        const double step = pointToPoint(chunk, g.domains > 1 ? g.scaleOut : g.scaleUp).seconds;
        const double fwd = (cpn - 1) * step, bwd = 2.0 * fwd;
        const double rc = c.recompute == Recompute::Full ? fwd : 0.0;
        cpMb = stageLayers * (fwd + bwd + rc);
        cpMbExposed = stageLayers * (std::max(0.0, fwd - attnFwd) + std::max(0.0, bwd - attnBwd) +
                                     (rc > 0 ? std::max(0.0, rc - attnFwd) : 0.0));
    }

    double epMb = 0.0;
    if (moe && ep > 1) {
        // Two all-to-alls per MoE layer forward (dispatch, combine) and two backward (GShard,
        // Lepikhin et al. 2020); each GPU sends its tokens' k copies of h values.
        const GroupSpan g = fabric.span((long long)t * cpn, ep);
        const double bytes = tok * model.topK * h * 2.0 / spDiv;
        epMb = stageLayers * passes * 2.0 * allToAll(bytes, g).seconds;
    }
    const double epMbExposed = epMb; // not overlapped (DeepSeek-V3's DualPipe would hide it)

    double ppMb = 0.0;
    if (p > 1) {
        // 1F1B sends one activation forward and one gradient back per micro-batch per (virtual)
        // stage boundary; with TP the scatter/gather optimisation sends 1/t over the network
        // (Narayanan et al. 2021, §4.1).
        const GroupSpan g = fabric.span((long long)t * cpn * dp, 2);
        const Link &l = g.domains > 1 ? g.scaleOut : g.scaleUp;
        ppMb = 2.0 * v * pointToPoint(actBytes / t, l).seconds;
    }
    const double ppMbExposed = training.overlapComm ? ppMb * cal.overlappedExposed : ppMb;

    // --- the step ------------------------------------------------------------------------------
    const double mbTime = stageCompute + tpMbExposed + cpMbExposed + epMbExposed;
    // Pipeline bubble of 1F1B: (p−1)/m of the ideal time; interleaving v chunks per GPU divides it
    // by v (Narayanan et al. 2021, §2.2, eq. for t_pb/t_id).
    const double bubble = p > 1 ? double(p - 1) / v * mbTime : 0.0;

    // Data parallelism: gradients of a rank's parameters reduced over its dp·cp ranks (CP ranks
    // hold the same weights); expert weights over dp·cp/ep ranks.
    const double layerDense = model.moe()
                                  ? model.layerParams() - double(model.experts) * mats * h * fe
                                  : model.layerParams();
    const double layerExpert = model.layerParams() - layerDense;
    // Parameters of pipeline rank r (÷ t): its layers, plus the input embedding on the first rank
    // and the LM head on the last — which therefore hold one layer fewer (Llama 3 §3.3.2;
    // tied embeddings keep a copy on both, as Megatron-LM does). DP traffic and the optimizer
    // step follow the rank holding the most.
    auto rankLayers = [&](int rank) {
        return p == 1 ? L : rank == 0 ? firstLayers : rank == p - 1 ? lastLayers : Ls;
    };
    auto rankDense = [&](int rank) {
        const double emb =
            p == 1 ? model.embeddingParams() : (rank == 0 || rank == p - 1 ? V * h : 0.0);
        return (rankLayers(rank) * layerDense + emb) / t;
    };
    auto rankExpert = [&](int rank) { return rankLayers(rank) * layerExpert / (double(t) * ep); };
    // The ranks that can be the most loaded: the first, the first full middle one (most
    // micro-batches in flight of the middle ranks), the last.
    const int candidates[3] = {0, p > 2 ? 1 : 0, p - 1};
    double stageDense = 0.0, stageExpert = 0.0;
    for (int rank : candidates)
        if (rankDense(rank) + rankExpert(rank) > stageDense + stageExpert) {
            stageDense = rankDense(rank);
            stageExpert = rankExpert(rank);
        }
    const double stageParams = stageDense + stageExpert;
    const int dpGroup = dp * cpn;
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
        add(stageDense, fabric.span(t, dpGroup));
        if (stageExpert > 0 && dpGroup / ep > 1)
            add(stageExpert, fabric.span((long long)t * ep, dpGroup / ep));
    }
    const double dpTime = dpStep + m * dpMb;
    double dpExposed = dpTime;
    if (training.overlapComm) {
        // Overlap never hides everything: at least `overlappedExposed` of each part stays.
        auto exposed = [&](double total, double window) {
            return std::max(total * cal.overlappedExposed, total - window);
        };
        // Once per step: gradient buckets reduce while the last micro-batch's backward runs
        // (PyTorch DDP, Li et al. 2020; Megatron overlap-grad-reduce), or — ZeRO-2 — the
        // parameters are prefetched under the first forward; the bubble helps either way.
        const double stepWindow =
            (c.zero == 2 ? stageCompute / 3.0 : stageCompute * (2.0 / 3.0)) + bubble;
        // Per micro-batch: asynchronous on its own stream, under that micro-batch's work.
        dpExposed = exposed(dpStep, stepWindow) + m * exposed(dpMb, stageCompute);
    }

    // Adam step: read fp32 weight, gradient, m, v; write weight, m, v and the 16-bit copy
    // (~32 bytes per parameter), on this GPU's shard of the optimizer state.
    const double optShard = c.zero >= 1 ? dpGroup : 1;
    const double optimizer = stageParams / optShard * 32.0 / hbmBw;

    r.time.computeS = m * stageCompute;
    r.time.tpTotalS = m * tpMb;
    r.time.tpExposedS = m * tpMbExposed;
    r.time.cpTotalS = m * cpMb;
    r.time.cpExposedS = m * cpMbExposed;
    r.time.epTotalS = m * epMb;
    r.time.epExposedS = m * epMbExposed;
    r.time.ppTotalS = m * ppMb;
    r.time.ppExposedS = m * ppMbExposed;
    r.time.dpTotalS = dpTime;
    r.time.dpExposedS = dpExposed;
    r.time.bubbleS = bubble;
    r.time.optimizerS = optimizer;
    r.time.attentionS = m * stageAttention;
    r.time.elementwiseS = m * stageElem;
    r.time.gemmS = std::max(0.0, r.time.computeS - r.time.attentionS - r.time.elementwiseS);
    r.stepTimeS = m * mbTime + bubble + r.time.ppExposedS + dpExposed + optimizer;

    // --- FLOPs ----------------------------------------------------------------------------------
    // Model FLOPs per token = 6·N + 12·L·h·s (DESIGN.md; Narayanan et al. 2021 §5.1; Chowdhery et
    // al. 2022 App. B): N counts the matrices a token passes through (active experts only) and the
    // LM head, not the embedding lookup; attention counted in full (no causal discount), as
    // Megatron-LM does. Hardware FLOPs add what recomputation runs again.
    const double layerMatrices =
        model.activeLayerParams() - 2.0 * h - (moe ? h * model.experts : 0.0);
    const double nFlop = L * layerMatrices + V * h;
    const double attnTok = 4.0 * s * h * L; // forward, per token
    const double tokensStep = seqs * s;
    r.modelFlopsPerStep = tokensStep * (6.0 * nFlop + 3.0 * attnTok);
    double extra = 0.0;
    if (c.recompute == Recompute::Full)
        extra = 2.0 * L * layerMatrices + attnTok;
    else if (c.recompute == Recompute::Selective && training.attention == AttentionKind::Unfused)
        extra = attnTok; // with flash attention the kernel's own recomputation is not counted
    r.hardwareFlopsPerStep = r.modelFlopsPerStep + tokensStep * extra;
    const double g = double(cluster.gpus);
    r.modelTflopsPerGpu = r.modelFlopsPerStep / r.stepTimeS / g / 1e12;
    r.hardwareTflopsPerGpu = r.hardwareFlopsPerStep / r.stepTimeS / g / 1e12;
    r.mfu = r.modelFlopsPerStep / (r.stepTimeS * g * peakGemm);
    r.tokensPerS = tokensStep / r.stepTimeS;
    r.timeToTrainDays = training.tokens > 0 ? training.tokens / r.tokensPerS / 86400.0 : 0.0;
    r.bubbleFraction = bubble / r.stepTimeS;

    // --- memory per GPU (docs/model.md §2.5) ---------------------------------------------------
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
    tpPart += moe ? model.topK * (mlpAct * fe + 4.0 * h) / t : mlpAct * f / t;
    const double scores = training.attention == AttentionKind::Unfused
                              ? (model.dropout ? 5.0 : 2.0) * a * s / t
                              : 4.0 * a / t;
    const double fullLayerPerTok = seqPart + tpPart + scores;
    double perLayerPerTok = fullLayerPerTok;
    if (c.recompute == Recompute::Selective && training.attention == AttentionKind::Unfused)
        perLayerPerTok = seqPart + tpPart; // scores recomputed (Korthikanti et al. 2022, §4.2)
    else if (c.recompute == Recompute::Full)
        perLayerPerTok = 2.0 * h / spDiv; // the layer input only

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
        return chunks * rankLayers(rank) / v;
    };
    // Mixed-precision Adam: 16-bit weights (2 B), fp32 gradient accumulation (4 B, Megatron's main
    // grads; Llama 3 accumulates and reduce-scatters gradients in fp32, §3.3.2), fp32 master
    // weights
    // + m + v (12 B): 18 B/parameter (ZeRO paper §3.1 counts 16 with 16-bit gradients). ZeRO-1
    // shards the optimizer state over the dp·cp ranks, ZeRO-2 also the gradients, ZeRO-3 also the
    // weights (Rajbhandari et al. 2020); with ZeRO-2 the weights stay whole during the step (FSDP
    // without reshard after forward, as Llama 3).
    const double shardDense = dpGroup, shardExpert = std::max(1, dpGroup / ep);
    const double layerLocal = (layerDense + layerExpert / ep) / t; // one layer's share on a GPU
    bool first = true;
    for (int rank : candidates) {
        const double dense = rankDense(rank), expert = rankExpert(rank);
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
        mem.activations = tok * perLayerPerTok * mem.layersInFlight;
        if (c.recompute == Recompute::Full)
            mem.activations += tok * fullLayerPerTok; // one layer rebuilt during backward
        // fp32 logits and their gradient of the micro-batch in the head (last rank), and the
        // reserve (CUDA context, NCCL buffers, allocator fragmentation).
        mem.other = (rank == p - 1 ? tok * V / t * 4.0 * 2.0 : 0.0) + cal.memoryReserveGb * 1e9;
        if (first || mem.total() > r.memory.total())
            r.memory = mem;
        first = false;
    }

    if (r.memory.total() > cluster.gpu.hbmGb * 1e9)
        r.infeasible = Infeasible::Memory;
    return r;
}

std::string describe(const ParallelConfig &c)
{
    return "TP" + std::to_string(c.tp) + " PP" + std::to_string(c.pp) + " DP" +
           std::to_string(c.dp) + " CP" + std::to_string(c.cp) + " EP" + std::to_string(c.ep) +
           " mb" + std::to_string(c.microbatch) + " v" + std::to_string(c.interleave) +
           " recompute " + recomputeName(c.recompute) + " zero" + std::to_string(c.zero);
}

} // namespace cp
