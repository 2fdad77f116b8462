#include "model/training/collectives.h"

#include <algorithm>
#include <cmath>

namespace cp {

namespace {

CollectiveTime make(double bytes, double seconds, double busFactor)
{
    CollectiveTime t;
    t.seconds = seconds;
    if (seconds > 0.0) {
        t.algBytesPerS = bytes / seconds;
        t.busBytesPerS = t.algBytesPerS * busFactor;
    }
    return t;
}

double safeBw(const Link &l)
{
    return l.bytesPerS > 0.0 ? l.bytesPerS : 1e-9;
}

/// The link of a flat ring over the whole group: the slower one it uses, latency of the worst.
Link flatLink(const GroupSpan &g)
{
    if (g.domains <= 1)
        return g.scaleUp;
    if (g.perDomain <= 1)
        return g.scaleOut;
    return Link{std::min(g.scaleUp.bytesPerS, g.scaleOut.bytesPerS),
                std::max(g.scaleUp.latencyS, g.scaleOut.latencyS)};
}

double ringFactor(int p)
{
    return p > 1 ? double(p - 1) / p : 0.0;
}

/// Seconds of `passes` ring passes ((p−1)/p·S each: 1 for reduce-scatter or all-gather, 2 for
/// all-reduce) over a group placed on the cluster. Inside one domain the whole ring runs on
/// scale-up. Across domains the ring threads each domain's d members in turn, so of every rank's
/// traffic d−1 hops in d stay on scale-up and one leaves the domain; NCCL runs one ring per NIC
/// with its own exit rank, so a domain's d NICs share the leaving flow, and chunks stream through
/// both links at once (NCCL's pipelined ring): the slower leg paces the ring.
double ringOverGroup(double bytes, const GroupSpan &g, double passes)
{
    const int p = g.size();
    if (g.domains <= 1)
        return passes * reduceScatter(bytes, p, g.scaleUp).seconds;
    const int d = std::max(1, g.perDomain);
    const double upLeg = double(d - 1) / d / safeBw(g.scaleUp), outLeg = 1.0 / (d * safeBw(g.scaleOut));
    const double latency = std::max(g.scaleUp.latencyS, g.scaleOut.latencyS);
    return passes * (ringFactor(p) * bytes * std::max(upLeg, outLeg) + (p - 1) * latency);
}

} // namespace

// Ring all-reduce: reduce-scatter then all-gather, 2(p−1) steps of S/p each:
// t = 2(p−1)/p · S/B + 2(p−1)·α (Thakur et al. 2005, §4; Patarasuk & Yuan 2009 bandwidth
// optimality).
CollectiveTime ringAllReduce(double bytes, int p, const Link &link)
{
    if (p <= 1)
        return {};
    const double t = 2.0 * ringFactor(p) * bytes / safeBw(link) + 2.0 * (p - 1) * link.latencyS;
    return make(bytes, t, 2.0 * ringFactor(p));
}

// Pipelined (double binary) tree all-reduce as NCCL runs it: a reduce up and a broadcast down,
// each moving the whole message at link speed, latency 2·log2(p) steps
// (Sanders, Speck & Träff 2009; NCCL 2.4 release notes on double binary trees).
CollectiveTime treeAllReduce(double bytes, int p, const Link &link)
{
    if (p <= 1)
        return {};
    const double t =
        2.0 * bytes / safeBw(link) + 2.0 * std::ceil(std::log2(double(p))) * link.latencyS;
    return make(bytes, t, 2.0 * ringFactor(p));
}

// Ring reduce-scatter / all-gather: (p−1)/p · S/B + (p−1)·α (Thakur et al. 2005, §4).
CollectiveTime reduceScatter(double bytes, int p, const Link &link)
{
    if (p <= 1)
        return {};
    return make(bytes, ringFactor(p) * bytes / safeBw(link) + (p - 1) * link.latencyS,
                ringFactor(p));
}

CollectiveTime allGather(double bytes, int p, const Link &link)
{
    return reduceScatter(bytes, p, link);
}

// Pairwise-exchange all-to-all: each rank sends (p−1)/p of its S bytes, p−1 steps:
// (p−1)/p · S/B + (p−1)·α (Thakur et al. 2005, §3.6).
CollectiveTime allToAll(double bytes, int p, const Link &link)
{
    return reduceScatter(bytes, p, link);
}

CollectiveTime pointToPoint(double bytes, const Link &link)
{
    return make(bytes, bytes / safeBw(link) + link.latencyS, 1.0);
}

// Hierarchical all-reduce over scale-up domains of d members and n domains (DESIGN.md, "Model
// formulas"; NCCL's NVLS/CollNet and Horovod's hierarchical all-reduce): reduce-scatter inside the
// domain at scale-up bandwidth, ring all-reduce of S/d across domains on each GPU's own NIC (all d
// rails at once), all-gather inside.
CollectiveTime hierarchicalAllReduce(double bytes, const GroupSpan &g)
{
    const int d = std::max(1, g.perDomain), n = std::max(1, g.domains);
    const double inside = 2.0 * reduceScatter(bytes, d, g.scaleUp).seconds;
    const double across = ringAllReduce(bytes / d, n, g.scaleOut).seconds;
    return make(bytes, inside + across, 2.0 * ringFactor(d * n));
}

CollectiveTime allReduce(double bytes, const GroupSpan &g, AllReduceAlgorithm algorithm)
{
    const int p = g.size();
    if (p <= 1)
        return {};
    const auto ring = [&] {
        return make(bytes, ringOverGroup(bytes, g, 2.0), 2.0 * ringFactor(p));
    };
    switch (algorithm) {
    case AllReduceAlgorithm::Ring:
        return ring();
    case AllReduceAlgorithm::Tree:
        return treeAllReduce(bytes, p, flatLink(g));
    case AllReduceAlgorithm::Hierarchical:
        return hierarchicalAllReduce(bytes, g);
    case AllReduceAlgorithm::Best:
        break;
    }
    // NCCL picks the fastest algorithm for the size and group; so do we.
    CollectiveTime best = ring();
    for (const CollectiveTime &t :
         {treeAllReduce(bytes, p, flatLink(g)), hierarchicalAllReduce(bytes, g)})
        if (t.seconds < best.seconds)
            best = t;
    return best;
}

// Reduce-scatter (all-gather) across domains: the faster of a flat ring and the two-level form —
// inside the domain first at scale-up speed, then S/d across domains on every rail at once.
CollectiveTime reduceScatter(double bytes, const GroupSpan &g)
{
    const int p = g.size();
    if (p <= 1)
        return {};
    const double flat = ringOverGroup(bytes, g, 1.0);
    const int d = std::max(1, g.perDomain), n = std::max(1, g.domains);
    const double twoLevel = reduceScatter(bytes, d, g.scaleUp).seconds +
                            reduceScatter(bytes / d, n, g.scaleOut).seconds;
    return make(bytes, std::min(flat, twoLevel), ringFactor(p));
}

CollectiveTime allGather(double bytes, const GroupSpan &g)
{
    return reduceScatter(bytes, g);
}

CollectiveTime allToAll(double bytes, const GroupSpan &g)
{
    const int p = g.size();
    if (p <= 1)
        return {};
    const int d = std::max(1, g.perDomain);
    // Of the S bytes a rank holds, (d−1)/p stay in its domain and (p−d)/p leave it.
    const double inside =
        bytes * double(d - 1) / p / safeBw(g.scaleUp) + (d - 1) * g.scaleUp.latencyS;
    const double outside = g.domains > 1 ? bytes * double(p - d) / p / safeBw(g.scaleOut) +
                                               (g.domains - 1) * g.scaleOut.latencyS
                                         : 0.0;
    return make(bytes, std::max(inside, outside), ringFactor(p));
}

CollectiveTime deduplicatedAllToAll(double tokenBytes, double copies, double remoteDomains,
                                    const GroupSpan &g)
{
    const int p = g.size();
    if (p <= 1)
        return {};
    if (g.domains <= 1)
        return allToAll(tokenBytes * copies, g);
    const int d = std::max(1, g.perDomain);
    const double inside = tokenBytes * copies * double(d - 1) / d / safeBw(g.scaleUp) +
                          (d - 1) * g.scaleUp.latencyS;
    const double outside = tokenBytes * remoteDomains / safeBw(g.scaleOut) +
                           (g.domains - 1) * g.scaleOut.latencyS;
    return make(tokenBytes * copies, std::max(inside, outside), ringFactor(p));
}

} // namespace cp
