#include "model/training/parallelismsearch.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

namespace cp {

namespace {

std::vector<int> divisorsOf(long long n, long long limit)
{
    std::vector<int> out;
    for (long long d = 1; d <= n && d <= limit; ++d)
        if (n % d == 0)
            out.push_back(int(d));
    return out;
}

std::string fmt(const char *pattern, double a, double b = 0.0, double c = 0.0)
{
    char buf[160];
    std::snprintf(buf, sizeof buf, pattern, a, b, c);
    return buf;
}

/// Why `e` lost to `best`: the throughput gap and the part of the step that grew most.
std::string whyLost(const StepEstimate &e, const StepEstimate &best)
{
    struct Part
    {
        const char *name;
        double mine, theirs;
    };
    const Part parts[] = {
        {"bubble", e.time.bubbleS, best.time.bubbleS},
        {"compute", e.time.computeS, best.time.computeS},
        {"TP exposed", e.time.tpExposedS, best.time.tpExposedS},
        {"DP exposed", e.time.dpExposedS, best.time.dpExposedS},
        {"PP exposed", e.time.ppExposedS, best.time.ppExposedS},
        {"EP exposed", e.time.epExposedS, best.time.epExposedS},
        {"CP exposed", e.time.cpExposedS, best.time.cpExposedS},
        {"optimizer", e.time.optimizerS, best.time.optimizerS},
    };
    const Part *worst = &parts[0];
    for (const Part &p : parts)
        if (p.mine - p.theirs > worst->mine - worst->theirs)
            worst = &p;
    // Time per token: the same as the step-time gap when both steps carry the same batch.
    const double gap = e.tokensPerS > 0 ? (best.tokensPerS / e.tokensPerS - 1.0) * 100.0 : 0.0;
    std::string why = fmt("slower by %.1f %%: ", gap) + worst->name +
                      fmt(" %.1f %% of its step (best %.1f %%)", 100.0 * worst->mine / e.stepTimeS,
                          100.0 * worst->theirs / best.stepTimeS);
    return why;
}

} // namespace

std::string SearchResult::failureReason() const
{
    if (found())
        return {};
    if (cancelled)
        return "search cancelled";
    if (rejectedMemory > 0)
        return fmt("does not fit: %.0f GB > %.0f GB even at best (", closestMiss.memoryGb(),
                   closestMiss.hbmGb) +
               describe(closestMiss.config) + ")";
    if (!noLayoutReason.empty())
        return "no layout runs: " + noLayoutReason;
    // The reason most layouts failed on.
    size_t most = 0;
    for (size_t i = 1; i < rejectedWhy.size(); ++i)
        if (rejectedWhy[i] > rejectedWhy[most])
            most = i;
    if (rejectedWhy[most] > 0)
        return "no layout divides the model, batch and GPU count (most often: " +
               std::string(infeasibleName(Infeasible(most))) + ")";
    return "no layout divides the model, batch and GPU count";
}

namespace {

/// One (tp, pp, cp) layout the inner loops run over.
struct Outer
{
    int tp, pp, cp;
};

/// The (tp, pp, cp) layouts that divide the GPUs, heads, layers and sequence and keep the fixed
/// fields.
std::vector<Outer> outerLayouts(long long gpus, const ModelSpec &model, const TrainingSpec &training,
                                const ParallelConstraints &fx)
{
    std::vector<Outer> outers;
    for (int tp : divisorsOf(gpus, 64)) {
        if ((fx.tp > 0 && tp != fx.tp) || model.heads % tp != 0)
            continue;
        for (int pp : divisorsOf(gpus / tp, model.layers)) {
            if (fx.pp > 0 && pp != fx.pp)
                continue;
            for (int cpn : divisorsOf(gpus / tp / pp, 32)) {
                if ((fx.cp > 0 && cpn != fx.cp) || training.seqLen % cpn != 0)
                    continue;
                if (fx.dp > 0 && gpus / tp / pp / cpn != fx.dp)
                    continue;
                outers.push_back({tp, pp, cpn});
            }
        }
    }
    return outers;
}

/// Why no (tp, pp, cp) layout is left once the fixed fields are applied, in the user's terms.
std::string whyNoLayout(const ClusterSpec &cluster, const ModelSpec &model,
                        const TrainingSpec &training, const ParallelConstraints &fx)
{
    const long long gpus = cluster.gpus;
    auto n = [](long long v) { return std::to_string(v); };
    if (fx.tp > 0 && gpus % fx.tp != 0)
        return "tp " + n(fx.tp) + " does not divide the " + n(gpus) + " GPUs";
    if (fx.tp > 0 && model.heads % fx.tp != 0)
        return "tp " + n(fx.tp) + " does not divide the " + n(model.heads) + " heads";
    if (fx.tp > 64)
        return "tp " + n(fx.tp) + " is above the 64 the search considers";
    if (fx.pp > 0 && fx.pp > model.layers)
        return "pp " + n(fx.pp) + " is more stages than the " + n(model.layers) + " layers";
    if (fx.cp > 0 && training.seqLen % fx.cp != 0)
        return "cp " + n(fx.cp) + " does not divide the sequence of " + n(training.seqLen);
    if (fx.cp > 32)
        return "cp " + n(fx.cp) + " is above the 32 the search considers";
    const long long fixedProduct = (long long)std::max(1, fx.tp) * std::max(1, fx.pp) *
                                   std::max(1, fx.cp) * std::max(1, fx.dp);
    if (gpus % fixedProduct != 0)
        return "the fixed tp·pp·cp·dp (" + n(fixedProduct) + ") does not divide the " + n(gpus) +
               " GPUs";
    return "the fixed fields leave no tp·pp·cp·dp = " + n(gpus) + " GPUs";
}

/// The expert placements to try on one (tp, dp, cp) layout, as (ep, expert TP): every EP degree
/// the spec allows that divides the experts, each split over the TP group (classic) and whole on
/// one GPU (folded) where both fit and the spec leaves `etp` free. Folding keeps the EP group on
/// the TP ranks' server and each expert's GEMMs whole; the classic layout spreads the EP group
/// over data-parallel ranks; which is faster depends on the fabric (docs/model.md §2.2). A dense
/// model has one placement, EP 1. Fills `out` (cleared first; its capacity is kept).
void expertPlacements(const ModelSpec &model, const ParallelConfig &c, const ParallelConstraints &fx,
                      std::vector<std::pair<int, int>> &out)
{
    out.clear();
    const int maxEp = model.moe() ? std::min(model.experts, c.tp * c.dp * c.cp) : 1;
    for (int ep = 1; ep <= maxEp; ++ep) {
        if (fx.ep > 0 && ep != fx.ep)
            continue;
        if (!model.moe() || c.tp == 1) {
            if (expertLayout(model, c.tp, c.dp, c.cp, ep, fx.expertTp).valid)
                out.emplace_back(ep, fx.expertTp);
            continue;
        }
        for (const int etp : {c.tp, 1})
            if ((fx.expertTp <= 0 || etp == fx.expertTp) &&
                expertLayout(model, c.tp, c.dp, c.cp, ep, etp).valid)
                out.emplace_back(ep, etp);
    }
}

} // namespace

TrainingSpec trainingForLayout(const TrainingSpec &training, int dp)
{
    TrainingSpec t = training;
    if (training.batchFollowsLayout) {
        const double seqs = training.globalBatchSeqs();
        const double perRankSeqs = seqs / dp >= 1.0 ? std::round(seqs / dp) : 0.0;
        t.globalBatchTokens = perRankSeqs * dp * training.seqLen;
    }
    return t;
}

SearchResult searchParallelism(const ClusterSpec &cluster, const ModelSpec &model,
                               const TrainingSpec &training, const SearchOptions &options,
                               const Calibration &cal)
{
    const auto started = std::chrono::steady_clock::now();
    SearchResult res;
    const ParallelConstraints &fx = options.fixed;
    const long long gpus = cluster.gpus;
    const int topK = std::max(1, options.topK);
    if (gpus <= 0 || model.layers <= 0 || training.seqLen <= 0)
        return res;

    // The outer layouts (tp, pp, cp) are listed first so that progress is known; the inner loops
    // are allocation-free.
    const std::vector<Outer> outers = outerLayouts(gpus, model, training, fx);
    if (outers.empty())
        res.noLayoutReason = whyNoLayout(cluster, model, training, fx);

    std::vector<StepEstimate> best;
    best.reserve(size_t(topK) + 1);
    std::vector<std::pair<int, int>> placements; // (ep, expert TP) of one outer layout
    placements.reserve(size_t(model.moe() ? 2 * model.experts : 1));
    bool haveMiss = false;
    const Recompute recomputes[] = {Recompute::None, Recompute::Selective, Recompute::Block,
                                    Recompute::Offload, Recompute::Full};

    for (size_t oi = 0; oi < outers.size(); ++oi) {
        if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
            res.cancelled = true;
            break;
        }
        if (options.progress)
            options.progress(double(oi) / double(outers.size()));
        const Outer o = outers[oi];
        ParallelConfig c;
        c.tp = o.tp;
        c.pp = o.pp;
        c.cp = o.cp;
        c.dp = int(gpus / o.tp / o.pp / o.cp);
        const TrainingSpec layoutTraining = trainingForLayout(training, c.dp);
        const double perRank = layoutTraining.globalBatchSeqs() / c.dp;
        if (perRank < 1.0 || std::fabs(perRank - std::round(perRank)) > 1e-6) {
            ++res.rejectedLayout;
            ++res.rejectedWhy[size_t(Infeasible::Batch)];
            ++res.evaluated;
            continue;
        }
        const int perRankSeqs = int(std::llround(perRank));
        const int stageLayers = (model.layers + o.pp - 1) / o.pp;
        expertPlacements(model, c, fx, placements);
        for (const auto &[ep, etp] : placements) {
            c.ep = ep;
            c.expertTp = etp;
            for (int mb = 1; mb <= perRankSeqs && mb <= 64; ++mb) {
                if ((fx.microbatch > 0 && mb != fx.microbatch) || perRankSeqs % mb != 0)
                    continue;
                c.microbatch = mb;
                // Free, the interleave goes up to 16 chunks per rank; a published one (fixed) is
                // taken whatever it is, as long as it divides the stage (NeMo ran Llama 2 70B with 20).
                const int maxInterleave = fx.interleave > 0 ? fx.interleave : 16;
                for (int v = 1; v <= (o.pp > 1 ? stageLayers : 1) && v <= maxInterleave; ++v) {
                    if ((fx.interleave > 0 && v != fx.interleave) || stageLayers % v != 0)
                        continue;
                    c.interleave = v;
                    // Block recomputation is only worth listing where the layout without any does
                    // not fit (with n ≥ 1 it is slower); remembered per ZeRO stage.
                    bool fitsWithout[4] = {false, false, false, false};
                    for (Recompute rc : recomputes) {
                        if (fx.recompute >= 0 && int(rc) != fx.recompute)
                            continue;
                        // With flash attention, selective recomputation is what the kernel does
                        // anyway: the same as none (Korthikanti et al. 2022 recompute only the
                        // attention core), so it is not listed separately.
                        if (fx.recompute < 0 && rc == Recompute::Selective &&
                            training.attention == AttentionKind::Flash)
                            continue;
                        // Offloading needs a host link the catalog knows.
                        if (fx.recompute < 0 && rc == Recompute::Offload &&
                            cluster.gpu.hostLinkGbPerS <= 0)
                            continue;
                        c.recompute = rc;
                        for (int z = 0; z <= 3; ++z) {
                            if (fx.zero >= 0 && z != fx.zero)
                                continue;
                            c.zero = z;
                            if ((rc == Recompute::Block || rc == Recompute::Offload) &&
                                fx.recompute < 0 && fitsWithout[z])
                                continue;
                            const StepEstimate e = estimateStep(cluster, model, layoutTraining, c, cal);
                            ++res.evaluated;
                            if (rc == Recompute::None && e.infeasible != Infeasible::Memory)
                                fitsWithout[z] = true;
                            if (e.infeasible == Infeasible::Memory) {
                                ++res.rejectedMemory;
                                if (!haveMiss ||
                                    e.memory.total() < res.closestMiss.memory.total()) {
                                    res.closestMiss = e;
                                    haveMiss = true;
                                }
                                continue;
                            }
                            if (!e.feasible()) {
                                ++res.rejectedLayout;
                                ++res.rejectedWhy[size_t(e.infeasible) % res.rejectedWhy.size()];
                                continue;
                            }
                            ++res.feasible;
                            // Ranked by tokens per second, not step time: with a batch that
                            // follows the layout (whole sequences per data-parallel rank) two
                            // layouts' steps can carry different batches.
                            if (int(best.size()) == topK && e.tokensPerS <= best.back().tokensPerS)
                                continue;
                            // Layouts that differ only where time does not (ZeRO 1 vs 2 without
                            // memory pressure) would crowd the list: keep the one using less
                            // memory.
                            bool tie = false;
                            for (StepEstimate &x : best)
                                if (std::fabs(e.tokensPerS - x.tokensPerS) <= 1e-9 * x.tokensPerS) {
                                    if (e.memory.total() < x.memory.total())
                                        x = e;
                                    tie = true;
                                    break;
                                }
                            if (tie)
                                continue;
                            auto at = std::upper_bound(
                                best.begin(), best.end(), e.tokensPerS,
                                [](double r, const StepEstimate &x) { return r > x.tokensPerS; });
                            best.insert(at, e);
                            if (int(best.size()) > topK)
                                best.pop_back();
                        }
                    }
                }
            }
        }
    }
    if (options.progress && !res.cancelled)
        options.progress(1.0);

    for (size_t i = 0; i < best.size(); ++i)
        res.top.push_back({best[i], i == 0 ? std::string() : whyLost(best[i], best[0])});
    res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return res;
}

} // namespace cp
