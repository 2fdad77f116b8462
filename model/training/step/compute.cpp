// Compute phases of the step estimate: the layout check, the rates, one layer, the pacing
// stage, the FLOP count.
#include "model/training/step/stepcontext.h"

#include "model/core/parallellayout.h"

namespace cp::step {

/// Checks that the layout divides the GPUs, heads, layers, sequence, experts and batch; sets
/// the global batch and the micro-batch count on success.
Infeasible checkLayout(StepContext &x)
{
    const int t = x.t, p = x.p, dp = x.dp, cpn = x.cpn, ep = x.ep, b = x.b, v = x.v, L = x.L;
    if (layoutGpus(t, p, dp, cpn) != x.cluster.gpus)
        return Infeasible::GpuCount;
    if (x.a % t != 0)
        return Infeasible::Heads;
    if (!pipelineSplits(L, p, v))
        return Infeasible::Layers;
    if (x.training.seqLen % cpn != 0)
        return Infeasible::Sequence;
    x.experts = expertLayout(x.model, t, dp, cpn, ep, x.c.expertTp);
    if (!x.experts.valid)
        return Infeasible::Experts;
    const double seqs = x.training.globalBatchSeqs();
    const double perRank = seqs / dp;
    const int m = int(std::llround(perRank / b));
    if (seqs < 1 || std::fabs(perRank - std::round(perRank)) > 1e-6 || m < 1 ||
        std::fabs(double(m) * b - perRank) > 1e-6 || (v > 1 && m < p))
        return Infeasible::Batch;
    // DualPipe pairs ranks r and p − 1 − r and feeds half the micro-batches from each end
    // (DeepSeek-V3 §3.2.1: "the pipeline stages and micro-batches be divisible by 2").
    if (x.training.dualPipe() && (p < 2 || p % 2 != 0 || v != 1 || m % 2 != 0))
        return Infeasible::Schedule;
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
                     ? (gpu.peakTflopsFp8 > 0 ? gpu.peakTflopsFp8 * 1e12 : x.peakBf16)
                     : x.peakBf16;
    // GEMMs run at the accelerator's sustained rate (power-limited clocks), not its nominal peak:
    // a measured figure of the catalog entry, or the documented default share. The same share
    // applies to FP8 (same clocks, same power limit). MFU stays against the nominal peak.
    const double sustainedShare = gpu.gemmTflopsBf16 > 0 && gpu.peakTflopsBf16 > 0
                                      ? std::min(1.0, gpu.gemmTflopsBf16 / gpu.peakTflopsBf16)
                                      : cal.defaultGemmFraction;
    x.rateBf16 = x.peakBf16 * sustainedShare;
    // FP8 GEMMs: the FP8 peak at the same sustained share, times the share of it a step's FP8
    // GEMMs reach relative to BF16 ones (scaling factors, amax bookkeeping, the larger FP8 tiles:
    // Calibration::fp8GemmEfficiency).
    // MXFP8 (one scale per 32 values) runs at a measured share of that (Calibration).
    const bool fp8 = x.training.precision == Precision::Fp8;
    x.rateGemm = x.peakGemm * sustainedShare * (fp8 ? cal.fp8GemmEfficiency : 1.0) *
                 (fp8 && x.training.fp8Recipe == Fp8Recipe::Mx ? cal.mxfp8GemmShare : 1.0);
    x.hbmBw = gpu.hbmTbPerS * 1e12 * cal.memoryEfficiency;
    x.fabric = Fabric{&x.cluster, &cal};

    x.sl = x.s / x.cpn;   // local sequence under context parallelism
    x.tok = x.b * x.sl;   // tokens of one micro-batch on one GPU's TP group
    x.kvRatio = double(x.kvh) / x.a;
    x.dh = x.model.qkHeadDim();
    x.qw = x.model.qWidth();
    x.vw = x.model.vWidth();
    x.kvw = x.model.kvWidth();
    x.sp = x.training.sequenceParallel && x.t > 1;
    x.spDiv = x.sp ? x.t : 1.0;
    x.mats = x.model.mlp == MlpKind::SwiGlu ? 3.0 : 2.0;
}

/// Forward time of the query, key and value projections of one layer, one micro-batch.
static double attentionProjections(const StepContext &x)
{
    const Calibration &cal = x.cal;
    const ModelSpec &model = x.model;
    const double tok = x.tok, h = x.h, t = x.t, rate = x.rateGemm, hbm = x.hbmBw;
    if (!model.mla())
        // Q, K and V column-parallel over the heads (Shoeybi et al. 2019, §3).
        return gemmTime(tok, (x.qw + model.kv() * (x.dh + model.vHeadDimOf())) / t, h, 1, rate,
                        hbm, cal);
    // Multi-head latent attention (DeepSeek-V2 §2.1): the down projections to the latents are
    // small and kept whole on every tensor-parallel rank; the up projections split over the heads.
    const double q = model.qLoraRank > 0
                         ? gemmTime(tok, model.qLoraRank, h, 1, rate, hbm, cal) +
                               gemmTime(tok, x.qw / t, model.qLoraRank, 1, rate, hbm, cal)
                         : gemmTime(tok, x.qw / t, h, 1, rate, hbm, cal);
    const double kvDown =
        gemmTime(tok, double(model.kvLoraRank) + model.ropeHeadDim, h, 1, rate, hbm, cal);
    const double kvUp = gemmTime(
        tok, model.heads * (x.dh - model.ropeHeadDim + model.vHeadDimOf()) / t,
        model.kvLoraRank, 1, rate, hbm, cal);
    return q + kvDown + kvUp;
}

/// Forward rate of the fused attention kernel (Dao et al. 2022) over one rank's queries.
static double flashAttentionRate(const StepContext &x)
{
    const Calibration &cal = x.cal;
    const double shape = gemmEfficiency(x.sl, x.s, x.dh, cal);
    const double measured = x.cluster.gpu.attentionTflopsBf16 * 1e12;
    if (measured <= 0)
        // No measured kernel rate: the GEMM curve at the head dimension, times the share a
        // fused kernel reaches of it.
        return x.rateBf16 * shape * cal.flashEfficiency;
    // The measured rate holds at head dimension 128 and long sequences (kAttentionRefLen); a
    // step reaches the same share of it as of an isolated GEMM (gemmEfficiencyMax), and shorter
    // sequences or other head dimensions move it along the GEMM curve. The attention kernels
    // are bound by the exponential units and shared memory, not by power (Zadouri et al. 2026,
    // FlashAttention-4), so no sustained-clock share applies (docs/model.md §2).
    constexpr double kAttentionRefLen = 16384.0, kAttentionRefHeadDim = 128.0;
    const double reference =
        gemmEfficiency(kAttentionRefLen, kAttentionRefLen, kAttentionRefHeadDim, cal);
    return measured * cal.gemmEfficiencyMax * shape / reference;
}

/// Compute of one layer, forward and backward, and of the LM head.
LayerTimes computeLayer(const StepContext &x)
{
    const Calibration &cal = x.cal;
    const ModelSpec &model = x.model;
    const int t = x.t, ep = x.ep, a = x.a;
    const double h = x.h, f = x.f, fe = x.fe, V = x.V, s = x.s, b = x.b, sl = x.sl, tok = x.tok;
    const double mats = x.mats, spDiv = x.spDiv;
    const double rateGemm = x.rateGemm, rateBf16 = x.rateBf16, hbmBw = x.hbmBw;
    LayerTimes r;

    // --- compute of one layer, forward, one micro-batch, one GPU ------------------------------
    // Linear layers: Megatron-LM tensor parallelism splits QKV and MLP-in by columns and the output
    // projections by rows (Shoeybi et al. 2019, §3), so each GPU runs 1/t of every GEMM.
    double gemmF = attentionProjections(x) + gemmTime(tok, h, x.vw / t, 1, rateGemm, hbmBw, cal);
    double ffnActBytes = 0.0; // elementwise bytes of the activation function per token
    if (!x.moe) {
        gemmF += gemmTime(tok, (mats - 1.0) * f / t, h, 1, rateGemm, hbmBw, cal) +
                 gemmTime(tok, h, f / t, 1, rateGemm, hbmBw, cal);
        // GELU reads and writes f values; SwiGLU reads gate and up (2f) and writes f (2 bytes
        // each).
        ffnActBytes = (model.mlp == MlpKind::SwiGlu ? 6.0 : 4.0) * f / t;
    } else {
        // Each GPU holds E/ep experts and receives tok·k assignments from its EP group (balanced
        // routing assumed), i.e. tok·k·ep/E tokens per local expert, each expert split over the
        // TP group (Lepikhin et al. 2020; Megatron-Core MoE). Folded (ExpertLayout), the TP
        // ranks dispatch their own 1/t of the tokens and every expert is whole.
        const double local = double(model.experts) / ep;
        const double etp = x.experts.etp, tokSent = x.experts.folded ? tok / t : tok;
        // The busiest rank's experts hold load_imbalance × the mean share and pace the others.
        const double perExpert = std::max(1.0, tokSent * model.routedCopiesBusiest() / local);
        gemmF += gemmTime(perExpert, (mats - 1.0) * fe / etp, h, local, rateGemm, hbmBw, cal) +
                 gemmTime(perExpert, h, fe / etp, local, rateGemm, hbmBw, cal) +
                 gemmTime(tok, model.experts, h, 1, rateBf16, hbmBw, cal); // router
        // Shared experts: a dense FFN of width shared·fe that every token passes through
        // (DeepSeek-AI 2024, DeepSeekMoE), tensor-parallel like the dense MLP.
        const double shared = double(model.sharedExperts) * fe;
        if (shared > 0)
            gemmF += gemmTime(tok, (mats - 1.0) * shared / t, h, 1, rateGemm, hbmBw, cal) +
                     gemmTime(tok, h, shared / t, 1, rateGemm, hbmBw, cal);
        // Activation plus permute/unpermute copies of each routed token (read + write h, twice).
        ffnActBytes =
            model.routedCopiesBusiest() * ((model.mlp == MlpKind::SwiGlu ? 6.0 : 4.0) * fe / t +
                                           8.0 * h / (x.experts.folded ? t : spDiv)) +
            model.sharedExperts * (model.mlp == MlpKind::SwiGlu ? 6.0 : 4.0) * fe / t;
    }

    // Attention core: QKᵀ and AV, 2·b·s²·(query + value width) FLOPs per layer forward over all
    // heads — 4·b·s²·h when both are h wide (Narayanan et al. 2021, §5.1 formula); with context
    // parallelism each rank's queries meet the whole sequence.
    const double headsLocal = double(a) / t;
    double attnF = 0.0, attnElemBytes = 0.0;
    if (x.training.attention == AttentionKind::Flash) {
        // Fused kernel (Dao et al. 2022): causal masking skips half the blocks; nothing s² is
        // stored.
        const double flops = 2.0 * b * sl * s * (x.qw + x.vw) / t * 0.5;
        attnF = flops / flashAttentionRate(x);
    } else {
        // Unfused: two batched GEMMs per head over the full s×s scores, then scale+mask+softmax
        // (fused kernel: read and write 2 bytes each) and, with dropout, dropout (read, write,
        // 1-byte mask).
        attnF = gemmTime(sl, s, x.dh, b * headsLocal, rateBf16, hbmBw, cal) +
                gemmTime(sl, model.vHeadDimOf(), s, b * headsLocal, rateBf16, hbmBw, cal);
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
    if (x.recomputes()) // the whole forward again (Chen et al. 2016; Megatron full / block)
        r.layerRecompute = r.layerFwd * x.recomputeShare;
    else if (x.selectiveScores())
        r.layerRecompute = r.attnFwd; // only the attention core (Korthikanti et al. 2022, §4.2)

    // LM head and loss on the last stage: h×V/t GEMM (vocab-parallel), fp32 logits read and
    // written ~3 times by the fused cross-entropy.
    // The output layer stays in BF16 under FP8 training (Megatron-Core and Transformer Engine
    // run only the transformer layers' linear layers in FP8).
    const double headFwd =
        gemmTime(tok, V / t, h, 1, rateBf16, hbmBw, cal) + tok * 12.0 * V / t / hbmBw;
    r.headTotal = 3.0 * headFwd;
    return r;
}

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
    // Offloaded activations (Megatron-Core cpu_offloading): copied to the host after a layer's
    // forward and back before its backward on their own stream, hidden under that layer's forward
    // and backward as far as the host link allows.
    double offloadLayer = 0.0;
    if (x.offloadShare > 0) {
        // A PCIe link shared with the NIC leaves the copies what the NIC does not use at its line
        // rate (docs/model.md §2.2).
        const GpuSpec &gpu = x.cluster.gpu;
        const double link = std::max(0.0, gpu.hostLinkGbPerS - (gpu.hostLinkSharedWithNic
                                                                    ? x.cluster.scaleOutGbpsPerGpu / 8.0
                                                                    : 0.0));
        const double bw = link * 1e9 * x.cal.hostLinkEfficiency;
        const double copy = bw > 0 ? x.tok * layerActivationBytesPerToken(x) / bw : 0.0;
        offloadLayer = x.offloadShare * (std::max(0.0, copy - l.layerFwd) +
                                         std::max(0.0, copy - l.layerBwd));
    }
    const double layerAll = l.layerFwd + l.layerBwd + l.layerRecompute + offloadLayer;
    // The last stage also runs the multi-token prediction modules: one layer and one more pass
    // through the head each (the 2h → h projection, < 1 % of a layer, is left out).
    const int mtp = x.model.mtpLayers;
    const double lastExtra = mtp * (layerAll + l.headTotal);
    // The slowest stage paces the pipeline: a full middle stage, the first, or the last with the
    // head.
    r.stageCompute = std::max((p > 2 ? Ls : r.firstLayers) * layerAll,
                              r.lastLayers * layerAll + l.headTotal + lastExtra);
    if (p == 1)
        r.stageCompute = L * layerAll + l.headTotal + lastExtra;
    const double attnRecomputed = x.selectiveScores() ? 1.0 : x.recomputeShare;
    r.stageAttention = (p == 1 ? L : Ls) * (l.attnFwd + l.attnBwd + attnRecomputed * l.attnFwd);
    r.stageElem = (p == 1 ? L : Ls) * (3.0 + x.recomputeShare) * l.elemFwd;
    r.stageOffload = (p == 1 ? L : Ls) * offloadLayer;
    // Every micro-batch meets the rest of the job at its TP, PP and DP synchronisations, so the
    // job computes at its slowest GPU's rate: the expected extreme of N GPUs whose rates spread
    // by σ is σ·√(2 ln N) below the mean (the catalog's sustained rate is a node mean).
    const double n = double(std::max<long long>(1, x.cluster.gpus));
    r.stageStraggler = r.stageCompute * x.cal.rankSpread * std::sqrt(2.0 * std::log(n));
    r.stageCompute += r.stageStraggler;
    r.stageLayers = p == 1 ? L + mtp : std::max(Ls, r.lastLayers + mtp);
    return r;
}

/// Model and hardware FLOPs of the step and the rates derived from them.
void countFlops(const StepContext &x, StepEstimate &r)
{
    const ModelSpec &model = x.model;
    const double h = x.h, V = x.V, s = x.s;
    const int L = x.L;
    // Model FLOPs per token = 6·N + 12·L·h·s (DESIGN.md; Narayanan et al. 2021 §5.1; Chowdhery et
    // al. 2022 App. B): N counts the matrices a token passes through (active experts only) and the
    // LM head, not the embedding lookup. Hardware FLOPs add what recomputation runs again.
    const double layerMatrices =
        model.activeLayerParams() - 2.0 * h - (x.moe ? h * model.experts : 0.0);
    // Multi-token prediction: per module one more layer, its 2h → h projection and one more pass
    // through the head (counted as NVIDIA's Megatron-Bridge FLOP formula counts them).
    const int mtp = model.mtpLayers;
    const double nFlop = L * layerMatrices + V * h + mtp * (layerMatrices + 2.0 * h * h + V * h);
    // Attention is counted as the kernel computes it: the unfused kernel scores every query
    // against every key (the causal mask is applied afterwards), flash attention skips the masked
    // half (Dao et al. 2022) — the same share its time is modelled with (computeLayer), and the
    // convention of NVIDIA's published model FLOPs (NeMo / Megatron-Bridge flops formulas,
    // causal_self_attn halves the s² term).
    const double causal = x.training.attention == AttentionKind::Flash ? 0.5 : 1.0;
    const double attnTok = 2.0 * s * (x.qw + x.vw) * (L + mtp) * causal; // forward, per token
    const double tokensStep = x.seqs * s;
    r.modelFlopsPerStep = tokensStep * (6.0 * nFlop + 3.0 * attnTok);
    double extra = 0.0;
    if (x.recomputes())
        extra = x.recomputeShare * (2.0 * L * layerMatrices + attnTok);
    else if (x.selectiveScores())
        extra = attnTok; // with flash attention the kernel's own recomputation is not counted
    r.hardwareFlopsPerStep = r.modelFlopsPerStep + tokensStep * extra;
    const double g = double(x.cluster.gpus);
    r.modelTflopsPerGpu = r.modelFlopsPerStep / r.stepTimeS / g / 1e12;
    r.hardwareTflopsPerGpu = r.hardwareFlopsPerStep / r.stepTimeS / g / 1e12;
    r.mfu = r.modelFlopsPerStep / (r.stepTimeS * g * x.peakGemm);
    r.tokensPerS = tokensStep / r.stepTimeS;
    r.globalBatchTokens = tokensStep;
    r.timeToTrainDays = x.training.tokens > 0 ? x.training.tokens / r.tokensPerS / 86400.0 : 0.0;
    r.bubbleFraction = r.time.bubbleS / r.stepTimeS;
}

} // namespace cp::step
