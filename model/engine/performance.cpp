#include "model/engine/performance.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/fabric/fabric.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace cp {

namespace {

constexpr double kAutoBatchTokensPerGpu = 1024.0;     // Llama 3 405B: 16,777,216 / 16,384
constexpr double kAutoBatchFloorTokens = 16777216.0;  // Llama 3 405B's main batch: 16M tokens
constexpr double kCriticalBatchMargin = 2.0;          // DeepSeek-V3 ran at ~2 × the law

} // namespace

ClusterSpec clusterFromDesign(const Design &design, const Catalog &catalog, long long gpusActive,
                              const FabricResults &fabric)
{
    ClusterSpec c;
    const CatalogEntry *node = nullptr;
    for (const Rack &r : design.racks) {
        for (const Mount &m : r.contents) {
            const CatalogEntry *e = catalog.find(m.catalogId);
            if (e && (e->kind == PartKind::Server || e->kind == PartKind::Supernode)) {
                node = e;
                break;
            }
        }
        if (node)
            break;
    }
    if (!node)
        throw std::invalid_argument("the design has no GPU server or supernode");
    const CatalogEntry *acc = catalog.find(node->ref("accelerator"));
    if (!acc)
        throw std::invalid_argument("\"" + node->id + "\" names no accelerator in the catalog");
    c.gpu = gpuFromCatalog(*acc);
    const int nodeGpus = int(std::llround(node->figure("gpus")));
    int spares = 0;
    if (node->kind == PartKind::Supernode) {
        spares = int(std::llround(node->figure("spare_gpus")));
        if (design.reliability.hotSparesPerDomain >= 0)
            spares = std::min(design.reliability.hotSparesPerDomain, nodeGpus);
    }
    c.domainGpus = std::max(1, nodeGpus - spares);
    c.scaleUpGbPerSPerGpu = acc->figure("scale_up_gb_per_s");
    const CatalogEntry *nic =
        catalog.find(!design.fabric.nicId.empty() ? design.fabric.nicId : node->ref("nic"));
    const double nics = node->figure("nics", nodeGpus);
    c.scaleOutGbpsPerGpu = nic ? nics * nic->figure("gbps") / std::max(1, nodeGpus) : 400.0;
    const CatalogEntry *sw = catalog.find(design.fabric.switchId);
    c.radix = sw ? std::max(4, int(sw->figure("ports", 64))) : 64;
    c.gpus = gpusActive;
    // The tiers and tapers the racks actually build; the design's settings when it has no switches.
    c.tiers = fabric.tiers > 0 ? fabric.tiers
                               : (design.fabric.tiers > 0 ? design.fabric.tiers
                                                          : fatTreeTiers(double(c.gpus), c.radix));
    // The fabric lists oversubscription per tier above the leaf; ours starts at the leaf.
    c.oversubscription.push_back(1.0);
    for (double o : fabric.tiers > 0 ? fabric.oversubscription : design.fabric.oversubscription)
        c.oversubscription.push_back(std::max(1.0, o));
    while (int(c.oversubscription.size()) > c.tiers)
        c.oversubscription.pop_back();
    return c;
}

long long jobGpus(long long gpusActive, int jobs, int domainGpus)
{
    if (jobs <= 1)
        return gpusActive;
    const long long d = std::max(1, domainGpus);
    return std::max(d, gpusActive / jobs / d * d);
}

double criticalBatchTokens(const ModelSpec &model, double tokens)
{
    // DeepSeek LLM (2024), §3.1: B_opt = 0.2920 · C^0.3271 tokens for compute budget C; C here is
    // 6 × active parameters × training tokens. Loss is flat near the optimum and DeepSeek-V3 ran at
    // about twice its law (15,360 × 4,096 = 62.9M tokens where the law gives ~31M), so the
    // automatic batch may grow to twice B_opt.
    const double c = 6.0 * model.activeParams() * std::max(0.0, tokens);
    return c > 0 ? kCriticalBatchMargin * 0.2920 * std::pow(c, 0.3271) : 0.0;
}

double automaticBatchTokens(const ModelSpec &model, double tokens, long long gpus, int seqLen)
{
    // Llama 3 405B ran 16,777,216 tokens on 16,384 GPUs: 1,024 per GPU, which keeps each
    // data-parallel rank's microbatches (and so the pipeline's fill) as the GPU count grows; not
    // below Llama 3's 16M-token batch (fewer GPUs accumulate gradients to reach it), nor above the
    // critical batch.
    const double cap = criticalBatchTokens(model, tokens);
    double b = std::max(kAutoBatchFloorTokens, kAutoBatchTokensPerGpu * double(std::max<long long>(1, gpus)));
    if (cap > 0)
        b = std::min(b, std::max(cap, double(seqLen)));
    // Whole sequences, rounded to a power of two of them (the layouts then round to their DP).
    const double seqs = std::max(1.0, b / std::max(1, seqLen));
    return std::exp2(std::round(std::log2(seqs))) * seqLen;
}

ModelSpec modelFromWorkload(const Workload &w)
{
    ModelSpec m;
    m.layers = w.layers;
    m.hidden = w.hidden;
    m.heads = w.heads;
    m.kvHeads = w.kvHeads;
    m.ffnHidden = w.ffnHidden;
    m.vocab = w.vocab;
    m.experts = w.experts;
    m.topK = w.activeExperts;
    m.moeLoadImbalance = w.moeLoadImbalance;
    m.moeGroups = w.moeGroups;
    m.moeTopGroups = w.moeTopGroups;
    m.expertFfnHidden = w.expertFfnHidden;
    m.sharedExperts = w.sharedExperts;
    m.mtpLayers = w.mtpLayers;
    return m;
}

EstimateSpec estimateSpecFromDesign(const Design &design, const Catalog &catalog,
                                    long long gpusActive, const FabricResults &fabric)
{
    EstimateSpec spec;
    spec.name = design.name;
    const Workload &w = design.workload;
    // Each of the design's jobs runs on its share of the GPUs (whole scale-up domains).
    spec.cluster = clusterFromDesign(design, catalog, gpusActive, fabric);
    if (w.jobs > 1) {
        ClusterSpec &c = spec.cluster;
        c.gpus = jobGpus(gpusActive, w.jobs, c.domainGpus);
        // A job on its partition climbs only the tiers its GPUs need (a hall's super-pod).
        c.tiers = std::min(c.tiers, fatTreeTiers(double(c.gpus), c.radix));
        c.oversubscription.resize(size_t(std::max(1, c.tiers)), 1.0);
    }
    spec.model = modelFromWorkload(w);
    TrainingSpec &t = spec.training;
    t.seqLen = w.seqLen;
    t.globalBatchTokens = w.globalBatchTokens;
    if (w.globalBatchTokens <= 0) {
        t.globalBatchTokens = automaticBatchTokens(spec.model, w.tokens, spec.cluster.gpus, w.seqLen);
        t.batchFollowsLayout = true;
    }
    t.precision = w.precision == "fp8" || w.precision == "mxfp8" ? Precision::Fp8 : Precision::Bf16;
    t.fp8Recipe = w.precision == "mxfp8" ? Fp8Recipe::Mx : Fp8Recipe::Tensor;
    t.tokens = w.tokens;
    t.schedule = pipelineScheduleFromName(w.pipelineSchedule);
    t.moeDispatch = w.moeDispatcher == moeDispatchName(MoeDispatch::Deduplicated) ? MoeDispatch::Deduplicated
                                                                                   : MoeDispatch::AllToAll;
    t.moeDispatchFp8 = t.precision == Precision::Fp8 && w.moeDispatchPrecision == "fp8";
    spec.tokens = w.tokens;
    if (!w.parallelism.automatic) {
        const Parallelism &p = w.parallelism;
        spec.parallelism.tp = p.tp;
        spec.parallelism.pp = p.pp;
        spec.parallelism.dp = p.dp;
        spec.parallelism.cp = p.cp;
        spec.parallelism.ep = p.ep;
        spec.parallelism.microbatch = p.microbatch;
        spec.parallelism.interleave = p.interleave;
    }
    // Pinned in either mode: the recomputation as the run was configured, the ZeRO stage, and
    // where the experts lie; "auto", -1 and 0 leave each to the search.
    if (w.recompute != "auto")
        spec.parallelism.recompute = int(recomputeFromName(w.recompute));
    spec.parallelism.zero = w.parallelism.zero;
    if (spec.model.moe())
        spec.parallelism.expertTp = w.parallelism.etp;
    if (!spec.model.moe())
        spec.parallelism.ep = 1;
    // What a design's workload does not say and the estimate assumes, worded as the spec reader
    // words its defaults (docs/estimate.md), so that a design's estimate lists every field it chose.
    std::vector<std::string> &d = spec.defaultsUsed;
    const ModelSpec &m = spec.model;
    const std::string head = std::to_string(int(m.qkHeadDim()));
    d.push_back("model.head_dim = " + head + " (= hidden / heads)");
    d.push_back("model.v_head_dim = " + head + " (= head_dim)");
    d.push_back("model.mlp = swiglu (designs describe modern decoders)");
    d.push_back("model.tied_embeddings = false (default)");
    if (w.mtpLayers == 0)
        d.push_back("model.mtp_layers = 0 (no multi-token prediction)");
    d.push_back("model.dropout = false (default)");
    if (m.moe() && w.expertFfnHidden == 0)
        d.push_back("model.moe.ffn_hidden = " + std::to_string(m.ffnHidden) + " (= model.ffn_hidden)");
    if (m.moe() && w.sharedExperts == 0)
        d.push_back("model.moe.shared_experts = 0 (routed experts only)");
    // The stack the workload states, the rest assumed and listed (checkStack keeps the names).
    if (w.attention == "default")
        d.push_back("training.attention = flash (default)");
    else
        t.attention = w.attention == "unfused" ? AttentionKind::Unfused : AttentionKind::Flash;
    if (w.sequenceParallel == "default")
        d.push_back("training.sequence_parallel = true (default)");
    else
        t.sequenceParallel = w.sequenceParallel == "true";
    if (w.overlapComm == "default")
        d.push_back("training.overlap_comm = true (default)");
    else
        t.overlapComm = w.overlapComm == "true";
    if (w.gradReduce == "default")
        d.push_back("training.grad_reduce = fp32 (default)");
    else
        t.gradBytes = w.gradReduce == "bf16" ? 2 : 4;
    return spec;
}

} // namespace cp
