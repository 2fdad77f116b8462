#include "model/training/estimate.h"

#include "model/core/catalog.h"

#include <algorithm>
#include <cmath>

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
    g.hostLinkGbPerS = e.figure("host_link_gb_per_s"); // optional
    g.hostLinkSharedWithNic = e.attribute("host_link") == "pcie";
    return g;
}

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
        out.estimate = estimateStep(spec.cluster, spec.model, spec.training, c, cal);
        return out;
    }
    SearchOptions o = options;
    o.fixed = p;
    out.searched = true;
    out.search = searchParallelism(spec.cluster, spec.model, spec.training, o, cal);
    out.gpusUsed = spec.cluster.gpus;
    // A GPU count with a large odd factor (64 working GPUs of 72 per supernode gives
    // 14,592 = 2^8·57) forces odd pipeline or data-parallel degrees. Jobs then run on fewer GPUs,
    // a whole number of 2^k scale-up domains, and leave the rest idle: try those counts down to
    // 85 % of the cluster when the data-parallel degree is free, and keep the fastest by tokens/s.
    if (p.dp <= 0 && spec.cluster.domainGpus > 0) {
        std::vector<long long> counts;
        for (long long m = spec.cluster.domainGpus; m <= spec.cluster.gpus; m *= 2) {
            const long long n = spec.cluster.gpus / m * m;
            if (n < spec.cluster.gpus && n >= spec.cluster.gpus * 85 / 100
                && std::find(counts.begin(), counts.end(), n) == counts.end())
                counts.push_back(n);
        }
        for (long long n : counts) {
            if (o.cancel && o.cancel->load())
                break;
            ClusterSpec fewer = spec.cluster;
            fewer.gpus = n;
            SearchResult r = searchParallelism(fewer, spec.model, spec.training, o, cal);
            const double best = out.search.found() ? out.search.top.front().estimate.tokensPerS : 0.0;
            if (r.found() && r.top.front().estimate.tokensPerS > best * 1.0001) {
                out.search = std::move(r);
                out.gpusUsed = n;
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
    if (out.search.found())
        out.estimate = out.search.top.front().estimate;
    else {
        out.estimate = out.search.closestMiss;
        if (out.estimate.infeasible == Infeasible::None)
            out.estimate.infeasible = Infeasible::Batch; // nothing divides
    }
    return out;
}

} // namespace cp
