#include "model/engine/performance.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/fabric/fabric.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace cp {

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
    return m;
}

EstimateSpec estimateSpecFromDesign(const Design &design, const Catalog &catalog,
                                    long long gpusActive, const FabricResults &fabric)
{
    EstimateSpec spec;
    spec.name = design.name;
    spec.cluster = clusterFromDesign(design, catalog, gpusActive, fabric);
    const Workload &w = design.workload;
    spec.model = modelFromWorkload(w);
    TrainingSpec &t = spec.training;
    t.seqLen = w.seqLen;
    t.globalBatchTokens = w.globalBatchTokens;
    t.precision = w.precision == "fp8" ? Precision::Fp8 : Precision::Bf16;
    t.tokens = w.tokens;
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
    if (!spec.model.moe())
        spec.parallelism.ep = 1;
    spec.defaultsUsed.push_back("model.mlp = swiglu (designs describe modern decoders)");
    spec.defaultsUsed.push_back("training.attention = flash (default)");
    return spec;
}

} // namespace cp
