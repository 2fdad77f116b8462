#include "model/training/estimate.h"

#include "model/core/catalog.h"
#include "model/core/parallellayout.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>

namespace cp {

int fatTreeTiers(double gpus, int radix)
{
    const double half = std::max(2, radix) / 2.0;
    int tiers = 1;
    while (tiers < 6 && 2.0 * std::pow(half, tiers) < gpus)
        ++tiers;
    return std::max(tiers, gpus > half ? 2 : 1);
}

GpuSpec gpuFromCatalog(const CatalogEntry &e)
{
    GpuSpec g;
    g.id = e.id;
    g.peakTflopsBf16 = e.figure("peak_tflops_bf16");
    g.peakTflopsFp8 = e.figure("peak_tflops_fp8");
    g.hbmGb = e.figure("hbm_gb");
    g.hbmTbPerS = e.figure("hbm_tb_per_s");
    g.gemmTflopsBf16 =
        e.figure("gemm_tflops_bf16_sustained"); // optional, measured (catalog source)
    g.attentionTflopsBf16 = e.figure("attention_tflops_bf16"); // optional, measured
    g.hostLinkGbPerS = e.figure("host_link_gb_per_s"); // optional
    g.hostLinkSharedWithNic = e.attribute("host_link") == "pcie";
    g.mxfp8 = e.attribute("fp8_block_scaling") == "mx";
    return g;
}

void EstimateOutcome::selectJobSize(size_t i)
{
    if (i >= sizes.size())
        return;
    search = sizes[i].search;
    gpusUsed = sizes[i].gpus;
    domainGpusUsed = sizes[i].domainGpus;
    if (search.found())
        estimate = search.top.front().estimate;
}

namespace {

/// The GPUs a layout whose TP, PP, DP and CP are all given runs on. A design's layout pinned on
/// fewer GPUs than its job has (the layout a search ran on a smaller job size, pasted back) runs
/// on tp·pp·dp·cp of them and leaves the rest idle, as the search's own smaller sizes do (noted
/// in `out`). An estimate spec's layout must use every GPU (its reader says so first); more GPUs
/// than the cluster has stays infeasible.
ClusterSpec pinnedJobCluster(const EstimateSpec &spec, EstimateOutcome &out)
{
    const ParallelConstraints &p = spec.parallelism;
    ClusterSpec cluster = spec.cluster;
    if (const long long used = layoutGpus(p.tp, p.pp, p.dp, p.cp); used > 0 && used < cluster.gpus) {
        cluster.gpus = used;
        cluster.domainGpus = int(std::min<long long>(cluster.domainGpus, used));
        out.gpusUsed = used;
        out.domainGpusUsed = cluster.domainGpus;
    }
    return cluster;
}

} // namespace

EstimateOutcome runEstimate(const EstimateSpec &spec, const SearchOptions &options, const Calibration &cal)
{
    EstimateOutcome out;
    const ParallelConstraints &p = spec.parallelism;
    if (p.complete()) {
        ParallelConfig c;
        c.tp = p.tp;
        c.pp = p.pp;
        c.dp = p.dp;
        c.cp = p.cp;
        c.ep = p.ep;
        c.microbatch = p.microbatch;
        c.interleave = p.interleave;
        c.recompute = Recompute(p.recompute);
        c.zero = p.zero;
        c.expertTp = p.expertTp;
        if (c.expertTp <= 0 && spec.model.moe() && c.tp > 1) // the placement the layout allows, shown
            if (const ExpertLayout l = expertLayout(spec.model, c.tp, c.dp, c.cp, c.ep); l.valid)
                c.expertTp = l.folded ? 1 : c.tp;
        const ClusterSpec cluster = pinnedJobCluster(spec, out);
        out.estimate = estimateStep(cluster, spec.model, trainingForLayout(spec.training, c.dp), c, cal);
        return out;
    }
    SearchOptions o = options;
    o.fixed = p;
    out.searched = true;
    // With TP, PP, DP and CP given only the rest is searched (micro-batch, recomputation, ZeRO…),
    // on the GPUs those degrees use.
    const bool degreesGiven = p.tp > 0 && p.pp > 0 && p.dp > 0 && p.cp > 0;
    const ClusterSpec cluster = degreesGiven ? pinnedJobCluster(spec, out) : spec.cluster;
    out.search = searchParallelism(cluster, spec.model, spec.training, o, cal);
    out.gpusUsed = cluster.gpus;
    if (out.search.found())
        out.sizes.push_back({cluster.gpus, cluster.domainGpus, out.search});
    out.domainGpusUsed = cluster.domainGpus;
    // A GPU count with a large odd factor (64 working GPUs of 72 per supernode gives
    // 14,592 = 2^8·57; 70 of 72 gives 2·5·7 in every domain) forces odd tensor, pipeline or
    // data-parallel degrees. Jobs then run on fewer GPUs and leave the rest idle: a whole number
    // of 2^k scale-up domains, and on each domain all its GPUs or the largest power of two of
    // them (64 of 70). Those counts down to 85 % of the cluster are tried when the data-parallel
    // degree is free, and the fastest by tokens/s is kept.
    if (p.dp <= 0 && spec.cluster.domainGpus > 0) {
        const long long domains = spec.cluster.gpus / spec.cluster.domainGpus;
        std::vector<std::pair<long long, int>> counts; // (GPUs, per domain)
        std::vector<int> perDomain{spec.cluster.domainGpus};
        if (const int pow2 = int(std::bit_floor(unsigned(spec.cluster.domainGpus))); pow2 != spec.cluster.domainGpus)
            perDomain.push_back(pow2);
        for (const int g : perDomain)
            for (long long m = 1; m <= domains; m *= 2) {
                const long long n = domains / m * m * g;
                const bool seen = std::find_if(counts.begin(), counts.end(), [&](auto &c) { return c.first == n; })
                                  != counts.end();
                if (n < spec.cluster.gpus && n >= spec.cluster.gpus * 85 / 100 && !seen)
                    counts.emplace_back(n, g);
            }
        for (const auto &[n, g] : counts) {
            if (o.cancel && o.cancel->load())
                break;
            ClusterSpec fewer = spec.cluster;
            fewer.gpus = n;
            fewer.domainGpus = g;
            SearchResult r = searchParallelism(fewer, spec.model, spec.training, o, cal);
            if (r.found())
                out.sizes.push_back({n, g, r});
            const double best = out.search.found() ? out.search.top.front().estimate.tokensPerS : 0.0;
            if (r.found() && r.top.front().estimate.tokensPerS > best * 1.0001) {
                out.search = std::move(r);
                out.gpusUsed = n;
                out.domainGpusUsed = g;
            }
        }
    }
    auto add = [&](bool free, const char *name) {
        if (free)
            out.chosenBySearch.push_back(name);
    };
    add(p.tp <= 0, "tp");
    add(p.pp <= 0, "pp");
    add(p.dp <= 0, "dp");
    add(p.cp <= 0, "cp");
    add(p.ep <= 0, "ep");
    add(p.microbatch <= 0, "microbatch");
    add(p.interleave <= 0, "interleave");
    add(p.recompute < 0, "recompute");
    add(p.zero < 0, "zero");
    add(spec.model.moe() && p.expertTp <= 0 && p.tp != 1, "etp");
    if (out.search.found())
        out.estimate = out.search.top.front().estimate;
    else {
        out.estimate = out.search.closestMiss;
        if (degreesGiven && layoutGpus(p.tp, p.pp, p.dp, p.cp) > spec.cluster.gpus)
            out.estimate.infeasible = Infeasible::GpuCount; // the given degrees want more GPUs
        else if (out.estimate.infeasible == Infeasible::None)
            out.estimate.infeasible = Infeasible::Batch; // nothing divides
    }
    return out;
}

std::vector<AssumptionEffect> assumptionEffects(const EstimateSpec &spec, const EstimateOutcome &outcome,
                                                const Calibration &cal)
{
    std::vector<AssumptionEffect> out;
    const StepEstimate &e = outcome.estimate;
    if (!e.feasible() || e.stepTimeS <= 0.0)
        return out;
    // The estimate's layout, pinned, so that only the field changes.
    EstimateSpec pinned = spec;
    ParallelConstraints &p = pinned.parallelism;
    const ParallelConfig &c = e.config;
    p = {c.tp, c.pp, c.dp, c.cp, c.ep, c.microbatch, c.interleave, int(c.recompute), c.zero, c.expertTp};
    // The baseline at that layout, run again rather than read from the outcome, whose figures a
    // design may have scaled since (workload.stack_efficiency): both sides of the ratio unscaled.
    const StepEstimate base = runEstimate(pinned, {}, cal).estimate;
    const double baseStepS = base.feasible() && base.stepTimeS > 0.0 ? base.stepTimeS : e.stepTimeS;
    const auto defaulted = [&](const std::string &field) {
        return std::any_of(spec.defaultsUsed.begin(), spec.defaultsUsed.end(),
                           [&](const std::string &d) { return d.rfind(field + " = ", 0) == 0; });
    };
    const auto tryField = [&](const std::string &field, const char *assumed, const char *alternative,
                              const std::function<void(TrainingSpec &)> &set) {
        if (!defaulted(field))
            return;
        EstimateSpec alt = pinned;
        set(alt.training);
        const StepEstimate a = runEstimate(alt, {}, cal).estimate;
        AssumptionEffect effect{field, assumed, alternative, a.feasible() && a.stepTimeS > 0.0, 0.0};
        if (effect.runs)
            effect.throughputChange = baseStepS / a.stepTimeS - 1.0;
        out.push_back(effect);
    };
    const TrainingSpec &t = spec.training;
    if (t.gradReduceBytes() == 4)
        tryField("training.grad_reduce", "fp32", "bf16", [](TrainingSpec &x) { x.gradBytes = 2; });
    tryField("training.overlap_comm", t.overlapComm ? "true" : "false", t.overlapComm ? "false" : "true",
             [](TrainingSpec &x) { x.overlapComm = !x.overlapComm; });
    tryField("training.attention", attentionName(t.attention),
             attentionName(t.attention == AttentionKind::Flash ? AttentionKind::Unfused : AttentionKind::Flash),
             [](TrainingSpec &x) {
                 x.attention = x.attention == AttentionKind::Flash ? AttentionKind::Unfused : AttentionKind::Flash;
             });
    if (c.tp > 1)
        tryField("training.sequence_parallel", t.sequenceParallel ? "true" : "false",
                 t.sequenceParallel ? "false" : "true", [](TrainingSpec &x) { x.sequenceParallel = !x.sequenceParallel; });
    if (spec.model.moe() && c.ep > 1)
        tryField("training.moe_dispatcher", moeDispatchName(t.moeDispatch),
                 moeDispatchName(t.moeDispatch == MoeDispatch::AllToAll ? MoeDispatch::Deduplicated : MoeDispatch::AllToAll),
                 [](TrainingSpec &x) {
                     x.moeDispatch = x.moeDispatch == MoeDispatch::AllToAll ? MoeDispatch::Deduplicated : MoeDispatch::AllToAll;
                 });
    return out;
}

} // namespace cp
