// Communication phases of the step estimate: tensor, context, expert, pipeline and data
// parallelism, the pipeline bubble and the optimizer step.
#include "model/training/step/stepcontext.h"

namespace cp::step {

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
        const double chunk = x.tok * x.kvw * 2.0 / x.t; // this rank's keys and values, 16-bit
        const double step = pointToPoint(chunk, g.domains > 1 ? g.scaleOut : g.scaleUp).seconds;
        const double fwd = (x.cpn - 1) * step, bwd = 2.0 * fwd;
        const double rc = fwd * x.recomputeShare;
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
        // Lepikhin et al. 2020); each GPU sends its tokens' k copies of h values. The expert
        // ranks are data-parallel ranks, t·cp apart — or, folded, consecutive ranks that
        // include the TP group, each sending its own 1/t of the tokens. The busiest rank receives
        // (dispatch) and sends back (combine) load_imbalance × the mean, and the exchange ends
        // when it does.
        // A deduplicating dispatcher sends a token once per other domain its experts lie in
        // (DeepSeek-V3 §3.2.2), as many as group-limited routing lets it reach; FP8 dispatch
        // halves the bytes of the dispatch direction (§3.3.1).
        const bool folded = x.experts.folded;
        const GroupSpan g = x.fabric.span(folded ? 1 : (long long)x.t * x.cpn, x.ep);
        const double tokenBytes =
            x.tok * x.h * x.training.moeBytesPerValue() / (folded ? x.t : x.spDiv);
        const double copies = x.model.routedCopiesBusiest();
        double once = 0.0;
        if (x.training.moeDispatch == MoeDispatch::Deduplicated) {
            const double reached = x.model.domainsPerToken(g.domains);
            const double remote = reached * (g.domains - 1) / g.domains * x.model.moeLoadImbalance;
            once = deduplicatedAllToAll(tokenBytes, copies, remote, g).seconds;
        } else {
            once = allToAll(tokenBytes * copies, g).seconds;
        }
        r.total = st.stageLayers * layerPasses(x) * 2.0 * once;
    }
    // Not overlapped under 1F1B. DualPipe runs each micro-batch's forward chunk beside another's
    // backward chunk and hides the all-to-all of one under the other's compute (DeepSeek-V3
    // §3.2.1, Fig. 4): what exceeds the paired chunk's compute stays, and never less than the
    // share any overlap leaves.
    r.exposed = x.training.dualPipe()
                    ? std::max(r.total * x.cal.overlappedExposed, r.total - st.stageCompute)
                    : r.total;
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
double pipelineBubble(const StepContext &x, double mbTime, double stageCompute)
{
    if (x.p <= 1)
        return 0.0;
    if (x.training.dualPipe()) {
        // DualPipe: (p/2 − 1)(F&B + B − 3W) (DeepSeek-V3 Table 2), F the forward chunk, B the
        // backward for inputs, W the backward for weights, F&B a forward and a backward chunk
        // run together. A backward is two GEMMs per forward GEMM, one for the inputs and one for
        // the weights, so F = B = W = a third of the compute (an assumption); F&B is F + B and
        // the communication the pairing leaves exposed, which is all that is left of the bubble.
        const double third = stageCompute / 3.0;
        const double fAndB = 2.0 * third + (mbTime - stageCompute);
        return (x.p / 2 - 1) * std::max(0.0, fAndB + third - 3.0 * third);
    }
    // Pipeline bubble of 1F1B: (p−1)/m of the ideal time; interleaving v chunks per GPU divides it
    // by v (Narayanan et al. 2021, §2.2, eq. for t_pb/t_id).
    return double(x.p - 1) / x.v * mbTime;
}

/// Data-parallel communication of a step: all of it and its exposed part.
CommTime dataParallelComm(const StepContext &x, const StageParams &sp, const StageTimes &st,
                          double bubble)
{
    const ParallelConfig &c = x.c;
    const int dpGroup = x.dp * x.cpn, ep = x.ep, m = x.m;
    // Communication per step (`dpStep`) and per micro-batch (`dpMb`) by ZeRO stage (Rajbhandari
    // et al. 2020). Gradients travel in fp32 (4 bytes), parameters in 16 bits: Megatron-LM reduces
    // gradients in fp32 whenever it trains in bf16 (`accumulate_allreduce_grads_in_fp32`, forced on
    // for bf16 in its arguments), as does Llama 3 (§3.3.2: FSDP reduce-scatters fp32 gradients);
    // under fp16 mixed precision they stay 16-bit (gradientBytes).
    // - 0: one all-reduce of the gradients (PyTorch DDP, Megatron-LM 2021);
    // - 1: reduce-scatter of the gradients + all-gather of the updated parameters, once per step
    //   — also FSDP that accumulates whole gradients over the micro-batches and reduces them
    //   after the last one, parameters not resharded after forward (Llama 3 §3.3.2/§3.3.4;
    //   PyTorch's pipeline stages run FSDP so);
    // - 2: gradients *and* optimizer state sharded, parameters kept whole from the first forward
    //   to the last backward: the parameters are gathered once per step, and each micro-batch's
    //   gradients are reduce-scattered into the sharded accumulators (a sharded gradient cannot
    //   accumulate locally; DeepSpeed ZeRO-2);
    // - 3: parameters resharded after use: gathered before forward and before backward and the
    //   gradients reduce-scattered, every micro-batch.
    double dpStep = 0.0, dpMb = 0.0;
    if (dpGroup > 1) {
        auto add = [&](double params, const GroupSpan &g) {
            const double grads = params * gradientBytes(x), weights = params * 2.0;
            const double rs = reduceScatter(grads, g).seconds, ag = allGather(weights, g).seconds;
            switch (c.zero) {
            case 0:
                dpStep += allReduce(grads, g).seconds;
                break;
            case 1:
                dpStep += rs + ag;
                break;
            case 2:
                dpStep += ag;
                dpMb += rs;
                break;
            default: // gathered before forward and again before backward
                dpMb += rs + 2.0 * ag;
                break;
            }
        };
        add(sp.stageDense * x.stageCopies(), x.fabric.span(x.t, dpGroup));
        // Expert weights: over the ranks holding the same experts (ExpertLayout::edp).
        const int edp = x.experts.edp;
        if (sp.stageExpert > 0 && edp > 1)
            add(sp.stageExpert * x.stageCopies(),
                x.fabric.span(x.experts.folded ? ep : (long long)x.t * ep, edp));
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
    return sp.stageParams() * x.stageCopies() / optShard * 32.0 / x.hbmBw;
}

} // namespace cp::step
