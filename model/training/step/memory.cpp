// Memory phases of the step estimate: the parameters each pipeline rank holds and the memory
// per GPU on the most loaded one.
#include "model/training/step/stepcontext.h"

namespace cp::step {

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

/// Activation bytes per token of one layer: kept in full, and as kept under the recomputation.
struct ActivationBytes
{
    double fullLayerPerTok = 0.0, perLayerPerTok = 0.0;
};

/// Activations per layer per micro-batch, 16-bit, bytes per token.
ActivationBytes activationsPerToken(const StepContext &x)
{
    const ModelSpec &model = x.model;
    const double h = x.h, f = x.f, fe = x.fe, s = x.s, spDiv = x.spDiv;
    const int t = x.t, a = x.a;
    // Activations per layer per micro-batch, 16-bit, bytes per token: Korthikanti et al. 2022,
    // Table 2, rebuilt tensor by tensor so that GQA, gated MLPs, flash attention and dropout
    // change it. What each backward needs:
    // - sequence-parallel part (÷ t only with SP, Korthikanti §4.2.2: the inputs of the
    //   column-parallel GEMMs are kept sharded and gathered again in backward): the two norm
    //   inputs (4h), the QKV and MLP-in GEMM inputs (4h), dropout masks (2h, GPT-era only);
    // - TP-sharded part (÷ t): Q (2h) and K, V after RoPE (4h·kv/a, grouped-query attention,
    //   Ainslie et al. 2023), the attention output (2h: flash attention's saved O is the output
    //   projection's input) — with other head widths 2·(a·d), 2·(kv·(d + dv)) and 2·(a·dv); MLP: GELU keeps its input and output (4f); SwiGLU keeps gate and up
    //   (4f), which its backward needs — the product silu(gate)·up, the down projection's input, is
    //   rebuilt from them by the fused SwiGLU backward (a pointwise op, not layer recomputation);
    // - attention core: unfused keeps the softmax output 2·a·s (+ 3·a·s mask and dropout output
    //   with dropout); flash attention keeps only its fp32 log-sum-exp (4·a bytes), Dao et al.
    //   2022.
    // GELU, kv = a, dropout, unfused, no TP: 34h + 5as, Table 2 (tests/test_trainingmodel.cpp).
    // FP8 training keeps the inputs of its FP8 linear layers in FP8 for the weight gradient
    // (Transformer Engine saves the cast input, 1 byte instead of 2): the QKV and MLP-in inputs,
    // the attention output (the output projection's input) and GELU's output (MLP-out's input).
    const double gemmInput = x.training.precision == Precision::Fp8 ? 1.0 : 2.0; // bytes per value
    const double mlpAct = x.model.mlp == MlpKind::Gelu ? 2.0 + gemmInput : 4.0; // per f: GELU in + out, SwiGLU gate + up
    const double seqPart = (4.0 * h + 2.0 * gemmInput * h + (model.dropout ? 2.0 * h : 0.0)) / spDiv;
    double tpPart = (2.0 * x.qw + gemmInput * x.vw + 2.0 * x.kvw) / t;
    const double routed = model.routedCopiesBusiest() * (mlpAct * fe + 4.0 * h); // busiest EP rank
    tpPart += x.moe ? (routed + model.sharedExperts * mlpAct * fe) / t : mlpAct * f / t;
    // Multi-head latent attention also keeps its latents, the up projections' inputs, on every
    // tensor-parallel rank.
    if (model.mla())
        tpPart += 2.0 * (double(model.qLoraRank) + model.kvLoraRank + model.ropeHeadDim);
    const double scores = x.training.attention == AttentionKind::Unfused
                              ? (model.dropout ? 5.0 : 2.0) * a * s / t
                              : 4.0 * a / t;
    ActivationBytes r;
    r.fullLayerPerTok = seqPart + tpPart + scores;
    r.perLayerPerTok = r.fullLayerPerTok;
    if (x.selectiveScores())
        r.perLayerPerTok = seqPart + tpPart; // scores recomputed (Korthikanti et al. 2022, §4.2)
    else if (x.recomputes()) // the layer input only, on the recomputed share of the layers
        r.perLayerPerTok = r.fullLayerPerTok -
                           (r.fullLayerPerTok - 2.0 * h / spDiv) * x.recomputeShare;
    else if (x.offloadShare > 0) // the offloaded share lives in host memory
        r.perLayerPerTok = r.fullLayerPerTok * (1.0 - x.offloadShare);
    return r;
}

double layerActivationBytesPerToken(const StepContext &x)
{
    return activationsPerToken(x).fullLayerPerTok;
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
        if (x.training.dualPipe()) // p + 1 micro-batches of one stage (DeepSeek-V3 Table 2)
            return std::min(double(m), double(p + 1)) * sp.rankLayers(rank);
        const double chunks =
            v == 1 ? std::min(m, p - rank)
                   : std::min(double(m) * v, 2.0 * (p - rank - 1) + double(v - 1) * p + 1.0);
        return chunks * sp.rankLayers(rank) / v;
    };
    // Mixed-precision Adam: 16-bit weights (2 B), fp32 gradient accumulation (4 B, Megatron's main
    // grads; Llama 3 accumulates and reduce-scatters gradients in fp32, §3.3.2; 2 B under fp16,
    // gradientBytes), fp32 master weights + m + v (12 B): 18 B/parameter (ZeRO paper §3.1 counts 16 with 16-bit gradients). ZeRO-1
    // shards the optimizer state over the dp·cp ranks, ZeRO-2 also the gradients, ZeRO-3 also the
    // weights (Rajbhandari et al. 2020); with ZeRO-2 the weights stay whole during the step (FSDP
    // without reshard after forward).
    const double shardDense = dpGroup, shardExpert = std::max(1, x.experts.edp);
    const double layerLocal =
        sp.layerDense / t + sp.layerExpert / (double(ep) * x.experts.etp); // one layer's share
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
        const double copies = x.stageCopies(); // DualPipe: two stages' weights, gradients, state
        mem.weights = copies * sharded(2.0, 3);
        if (c.zero >= 3)
            mem.weights += 2.0 * 2.0 * layerLocal; // two layers gathered at a time
        const double grad = gradientBytes(x);
        mem.gradients = copies * sharded(grad, 2);
        if (c.zero >= 2 && dpGroup > 1)
            mem.gradients += grad * layerLocal; // one layer's gradients on their way to the shards
        mem.optimizer = copies * sharded(12.0, 1);
        mem.layersInFlight = layersInFlight(rank);
        mem.activations = x.tok * act.perLayerPerTok * mem.layersInFlight;
        if (x.recomputes())
            mem.activations += x.tok * act.fullLayerPerTok; // one layer rebuilt during backward
        else if (x.offloadShare > 0) // one layer on its way out, one on its way back
            mem.activations += 2.0 * x.tok * act.fullLayerPerTok;
        // fp32 logits and their gradient of the micro-batch in the head (last rank), and the
        // reserve (CUDA context, NCCL buffers, allocator fragmentation).
        mem.other =
            (rank == p - 1 ? x.tok * x.V / t * 4.0 * 2.0 : 0.0) + x.cal.memoryReserveGb * kBytesPerMemoryGb;
        if (first || mem.total() > most.total())
            most = mem;
        first = false;
    }
    return most;
}

} // namespace cp::step
