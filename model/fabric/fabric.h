#pragma once

#include "model/core/problem.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cp {

class Catalog;
struct Design;
struct Topology;

/// Cables of one catalog type on one tier of the fabric, as routed on the floor.
struct CableRun
{
    std::string tier;      ///< linkTierName(): "endpoint" (NIC to leaf), "leaf-spine", "spine-core", …
    std::string catalogId; ///< the cable or transceiver pair chosen for the length
    long long count = 0;
    double totalLengthM = 0.0;
    double maxLengthM = 0.0;
    double powerW = 0.0;   ///< transceivers at both ends, all cables
    double priceUsd = 0.0;
    double shareCount = 0.0; ///< links summed as shares while routing; `count` is it rounded
};

/// The scale-out fabric as the racks on the floor build it, and what it delivers.
struct FabricResults
{
    std::string topology;
    int tiers = 0;                 ///< switch tiers found in the racks (Topology::tierNames())
    std::string switchId;
    int radix = 0;
    double portGbps = 0.0;
    int domainGpus = 0;            ///< GPUs per scale-up domain (the largest node)
    double scaleUpGbPerSPerGpu = 0.0;  ///< one direction
    double scaleOutGbpsPerGpu = 0.0;   ///< NIC line rate per GPU
    std::vector<double> oversubscription; ///< per tier above the leaf: leaf→spine, spine→core
    double bisectionGbPerS = 0.0;
    std::map<std::string, long long> linksByTier;
    std::vector<CableRun> cables;
    double opticsPowerKw = 0.0;
    double cablesPriceUsd = 0.0;
    long long leafGroups = 0;      ///< sets of racks sharing leaf switches
    long long pods = 0;            ///< sets of leaf groups sharing spines (3+ tiers)

    /// Achievable GPU-to-GPU bandwidth between groups of racks (GB/s per GPU, one direction),
    /// ordered by the topology (racks of a leaf group together, leaf groups of a pod together).
    /// Groups are racks while there are at most kMaxMatrixSide compute racks, else leaf groups,
    /// else pods, so the matrix never exceeds kMaxMatrixSide on a side.
    static constexpr int kMaxMatrixSide = 2048;
    std::string matrixLevel;             ///< "rack", "leaf group" or "pod"
    std::vector<std::string> matrixLabels;
    std::vector<float> bandwidthGbPerS;  ///< row-major, side × side
    std::vector<unsigned char> hops;     ///< switch hops between groups, same layout
    std::vector<int> rackGroup;          ///< matrix index of each rack of the design; -1 if none
    int matrixSide() const { return int(matrixLabels.size()); }
    float bandwidth(int a, int b) const { return bandwidthGbPerS[size_t(a) * matrixLabels.size() + b]; }
    int maxHops = 0;
    double maxLatencyUs = 0.0;

    /// The racks, tiers, leaf groups and pods the fabric was built on, shared (not copied) with
    /// the later stages so that they read the same groups; null only in results made by hand.
    std::shared_ptr<const Topology> layout;

    Problems problems;
};

/// What buildFabric() keeps between calls so that an edit that leaves the switch racks alone (a
/// compute rack moved, say) does not route the millions of pairs of switch racks again. Each
/// tier's runs are reused only when every input of that tier's pair loop is the same.
struct FabricCache
{
    struct TierPairs
    {
        std::vector<double> key;      ///< lower and upper racks (index, position, links), speeds
        std::vector<CableRun> runs;   ///< in the order the cable types first occurred
        double firstTooLongM = -1.0;  ///< the first link beyond every cable's reach; -1 = none
        std::string longestId;        ///< the longest-reaching cable, for that warning
    };
    const Catalog *catalog = nullptr;
    TierPairs tiers[4]; ///< by tier: endpoint (unused), leaf-spine, spine-core, core-super-core
};

/// Builds the fabric from the racks: endpoint cables from each compute rack to the leaf rack of its
/// row (else the nearest), leaf-to-spine and spine-to-core links spread over the switch racks,
/// each cable's length from the rack positions and its type by reach. A design whose GPUs are all
/// one supernode (one scale-up domain) needs no switches: no fabric, and no error. With a cache,
/// the pairs of switch racks of a tier are routed again only when that tier's inputs changed
/// (same results).
FabricResults buildFabric(const Design &design, const Catalog &catalog, FabricCache *cache = nullptr);

/// The same on a topology already built from `design` and `catalog` (buildTopology()).
FabricResults buildFabric(const Design &design, const Catalog &catalog, std::shared_ptr<const Topology> topology,
                          FabricCache *cache = nullptr);

} // namespace cp
