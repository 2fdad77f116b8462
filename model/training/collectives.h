#pragma once

namespace cp {

/// A link as a collective sees it: achievable bandwidth per GPU in one direction, and latency.
struct Link
{
    double bytesPerS = 0.0; ///< achievable (wire × efficiency), one direction, per GPU
    double latencyS = 0.0;  ///< per step of an algorithm (alpha)
};

/// How a group of GPUs lies on the cluster: how many of its members share a scale-up domain,
/// how many domains it spans, and the links it uses inside a domain and across domains.
/// `scaleOut` is already the bandwidth of the highest tier the group crosses (NIC bandwidth
/// divided by the oversubscription of every tier up to it).
struct GroupSpan
{
    int perDomain = 1; ///< members of the group in each scale-up domain
    int domains = 1;   ///< scale-up domains the group spans
    Link scaleUp;
    Link scaleOut;

    int size() const { return perDomain * domains; }
};

/// Time of one collective and its bandwidths in NCCL's convention (nccl-tests PERFORMANCE.md):
/// algorithm bandwidth = S / t; bus bandwidth = algorithm bandwidth × the algorithm's factor
/// (2(p−1)/p for all-reduce, (p−1)/p for reduce-scatter, all-gather and all-to-all, 1 for
/// point-to-point), so that bus bandwidth compares directly with the link's.
struct CollectiveTime
{
    double seconds = 0.0;
    double algBytesPerS = 0.0;
    double busBytesPerS = 0.0;
};

enum class AllReduceAlgorithm { Ring, Tree, Hierarchical, Best };

// Alpha-beta formulas on one link with p ranks (Thakur, Rabenseifner & Gropp, "Optimization of
// Collective Communication Operations in MPICH", IJHPCA 2005). S is the whole message in bytes
// (for reduce-scatter the input, for all-gather the output, for all-to-all what each rank holds).
CollectiveTime ringAllReduce(double bytes, int p, const Link &link);
CollectiveTime treeAllReduce(double bytes, int p, const Link &link);
CollectiveTime reduceScatter(double bytes, int p, const Link &link);
CollectiveTime allGather(double bytes, int p, const Link &link);
CollectiveTime allToAll(double bytes, int p, const Link &link);
CollectiveTime pointToPoint(double bytes, const Link &link);

// The same collectives for a group placed on the cluster (GroupSpan). A ring that leaves its
// domain threads each domain's d members in turn: d−1 of every d hops stay on scale-up, one leaves
// on one of the domain's d NICs (NCCL runs a ring per NIC), and both legs stream at once, so the
// slower leg paces it; hierarchical all-reduce reduce-scatters inside each domain, all-reduces S/d
// across domains on every GPU's own NIC (the rails run in parallel) and all-gathers inside again.
CollectiveTime allReduce(double bytes, const GroupSpan &group,
                         AllReduceAlgorithm algorithm = AllReduceAlgorithm::Best);
CollectiveTime hierarchicalAllReduce(double bytes, const GroupSpan &group);
CollectiveTime reduceScatter(double bytes, const GroupSpan &group);
CollectiveTime allGather(double bytes, const GroupSpan &group);
/// All-to-all in a group spanning domains: the share of each rank's data bound for its own
/// domain moves on scale-up, the rest on the NIC, both at once.
CollectiveTime allToAll(double bytes, const GroupSpan &group);
/// Routed all-to-all that crosses the scale-out network once per destination domain (DeepEP's
/// internode dispatch and combine; DeepSeek-V3 §3.2.2): `tokenBytes` is one copy of the tokens a
/// rank holds, `copies` the routed copies per token, `remoteDomains` the other domains a token
/// reaches on average. Each token goes once to each of those domains on the NIC, and every copy
/// moves to its expert's rank inside the destination domain on scale-up; the two stream at once.
CollectiveTime deduplicatedAllToAll(double tokenBytes, double copies, double remoteDomains,
                                    const GroupSpan &group);

} // namespace cp
