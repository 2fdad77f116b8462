#include "model/fabric/fabric.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/fabric/cablepicker.h"
#include "model/fabric/topology.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

namespace cp {

namespace {

// Achievable share of the line rate (the same constants as the collectives: InfiniBand/RoCE
// ~0.9, NVLink ~0.8 of wire speed; docs/model.md §Calibration).
constexpr double kNetworkEfficiency = 0.9;
constexpr double kScaleUpEfficiency = 0.8;
// Latency: a switch hop (assumption: ~300 ns port to port for NDR InfiniBand or a cut-through
// Ethernet switch, unless the catalog gives latency_ns) and 5 ns per metre of fibre or copper.
constexpr double kSwitchHopNs = 300.0;
constexpr double kPropagationNsPerM = 5.0;

/// A rack holding switches of one tier, with what the pair loops need of it.
struct SwitchRack
{
    size_t rack;
    long long switches = 0;
    double xM = 0.0, yM = 0.0; ///< the rack's position, kept here for the pair loops
};

/// routeM() between two switch racks.
double routeM(const SwitchRack &a, const SwitchRack &b)
{
    if (a.rack == b.rack)
        return kSameRackM;
    return kRouteSlack * (std::abs(a.xM - b.xM) + std::abs(a.yM - b.yM)) + kRiseAndDropM;
}

/// The racks of tier `level`, design order.
std::vector<SwitchRack> switchRacks(const Design &design, const Topology &t, int level)
{
    std::vector<SwitchRack> out;
    for (int i : t.tiers[level].racks) {
        const Rack &r = design.racks[size_t(i)];
        out.push_back({size_t(i), t.racks[size_t(i)].switches[level], r.xM, r.yM});
    }
    return out;
}

/// The endpoints' side: NIC line rates and the scale-up domain, read from the catalog.
struct Endpoints
{
    double nicGbpsSum = 0.0;   ///< line rate of every GPU NIC
    bool rackIsDomain = false; ///< a supernode makes its rack one scale-up domain
};

/// Reads NIC speeds and the largest scale-up domain into `f` (domainGpus, scaleUpGbPerSPerGpu).
Endpoints readEndpoints(const Design &design, const Catalog &catalog, FabricResults &f)
{
    Endpoints ep;
    for (const Rack &rack : design.racks)
        for (const Mount &m : rack.contents) {
            const CatalogEntry *e = catalog.find(m.catalogId);
            if (!e || m.count < 1 || (e->kind != PartKind::Server && e->kind != PartKind::Supernode))
                continue;
            const long long nodeNics = std::llround(e->figure("nics")) * m.count;
            const CatalogEntry *nic = catalog.find(design.fabric.nicId.empty() ? e->ref("nic") : design.fabric.nicId);
            ep.nicGbpsSum += nodeNics * (nic ? nic->figure("gbps") : 0.0);
            const int domain = int(std::llround(e->figure("gpus")));
            if (domain > f.domainGpus) {
                f.domainGpus = domain;
                if (const CatalogEntry *acc = catalog.find(e->ref("accelerator")))
                    f.scaleUpGbPerSPerGpu = acc->figure("scale_up_gb_per_s");
            }
            ep.rackIsDomain = ep.rackIsDomain || e->kind == PartKind::Supernode;
        }
    return ep;
}

/// Lower switch racks of a tier pair, each with the uplinks it spreads over the upper racks.
using Uplinks = std::vector<std::pair<const SwitchRack *, double>>;

/// Sums the fabric's links into a handful of (tier, cable) runs, in the order they first occur,
/// and warns once about a missing speed and reports once (an error) a link beyond every cable's reach. The
/// pair loops of the upper tiers meet millions of pairs of switch racks at a million GPUs, so a
/// link's run is found by tier and cable pointer and a speed's cable types are looked up once
/// per tier.
class CableRouter
{
public:
    CableRouter(const Catalog &catalog, FabricResults &f, FabricCache *cache)
        : mCatalog(catalog), mPicker(catalog), mFabric(f), mCache(cache)
    {
    }

    /// `count` links of tier `tier` (link tier level) at `gbps`, each `lengthM` long.
    void add(int tier, double gbps, double count, double lengthM);

    /// Every pair of a lower and an upper switch rack of one tier: 12 million pairs at a million
    /// GPUs. The same sums as add() in the same order (so the same results to the last bit), kept
    /// per cable type in plain arrays and turned into runs in the order the types first occur.
    void pairs(int tier, double portGbps, const Uplinks &lower, const std::vector<SwitchRack> &upper,
               double upperCount);

    /// Rounds the runs to whole cables and records them with their power and price.
    void finish();

private:
    void warnReach(int tier, double lengthM, double gbps, const std::string &longestId);
    /// The cached runs of `tier` when its inputs are unchanged (they are then added), else null
    /// with the new inputs stored; null without a cache.
    bool reuseCached(int tier, double portGbps, const Uplinks &lower, const std::vector<SwitchRack> &upper,
                     double upperCount, FabricCache::TierPairs *&cached);

    const Catalog &mCatalog;
    CablePicker mPicker;
    FabricResults &mFabric;
    FabricCache *mCache;
    std::vector<std::pair<const CableType *, CableRun>> mRuns;
    std::vector<std::pair<const CableType *, size_t>> mRunOf[kSwitchTiers]; // cable -> index into mRuns
    const std::vector<CableType> *mTypesOf[kSwitchTiers] = {};
    double mTypesGbps[kSwitchTiers] = {-1.0, -1.0, -1.0, -1.0};
    bool mWarnedReach = false, mWarnedSpeed = false;
};

void CableRouter::warnReach(int tier, double lengthM, double gbps, const std::string &longestId)
{
    if (mWarnedReach)
        return;
    // An error, not a warning: no cable the catalog holds can be bought for this link, so the
    // design cannot be built as drawn (and its cable bill counts a cable that cannot reach).
    mFabric.problems.push_back(problem(Severity::Error, "fabric",
                                       CP_TR_NOOP("cp::Problems", "%1 link of %2 m is beyond the reach of every %3 "
                                                                  "Gb/s cable in the catalog (longest: \"%4\"): "
                                                                  "bring the racks closer, or add a cable that "
                                                                  "reaches to the catalog"),
                                       {linkTierName(tier), std::to_string(int(std::lround(lengthM))),
                                        std::to_string(int(gbps)), longestId}));
    mWarnedReach = true;
}

void CableRouter::add(int tier, double gbps, double count, double lengthM)
{
    if (count <= 0)
        return;
    if (mTypesGbps[tier] != gbps) {
        mTypesOf[tier] = mPicker.typesFor(gbps);
        mTypesGbps[tier] = gbps;
    }
    bool tooLong = false;
    const CableType *c = mTypesOf[tier] ? CablePicker::pick(*mTypesOf[tier], lengthM, tooLong) : nullptr;
    if (!c) {
        if (!mWarnedSpeed)
            mFabric.problems.push_back(problem(Severity::Warning, "fabric",
                                               CP_TR_NOOP("cp::Problems", "the catalog has no cable for %1 Gb/s links"),
                                               {std::to_string(int(gbps))}));
        mWarnedSpeed = true;
        return;
    }
    if (tooLong)
        warnReach(tier, lengthM, gbps, c->entry->id);
    CableRun *run = nullptr;
    for (const auto &[entry, index] : mRunOf[tier])
        if (entry == c) {
            run = &mRuns[index].second;
            break;
        }
    if (!run) {
        mRunOf[tier].push_back({c, mRuns.size()});
        mRuns.push_back({c, CableRun{linkTierName(tier), c->entry->id, 0, 0.0, 0.0, 0.0, 0.0}});
        run = &mRuns.back().second;
    }
    run->shareCount += count; // shares of a rack's links sum to whole cables per tier
    run->totalLengthM += count * lengthM;
    run->maxLengthM = std::max(run->maxLengthM, lengthM);
    run->powerW += count * c->powerW;
    run->priceUsd += count * c->priceUsd;
}

bool CableRouter::reuseCached(int tier, double portGbps, const Uplinks &lower, const std::vector<SwitchRack> &upper,
                              double upperCount, FabricCache::TierPairs *&cached)
{
    cached = nullptr;
    if (!mCache)
        return false;
    std::vector<double> key;
    key.reserve(lower.size() * 4 + upper.size() * 4 + 2);
    for (const auto &[l, up] : lower)
        key.insert(key.end(), {double(l->rack), l->xM, l->yM, up});
    for (const SwitchRack &u : upper)
        key.insert(key.end(), {double(u.rack), u.xM, u.yM, double(u.switches)});
    key.insert(key.end(), {upperCount, portGbps});
    if (mCache->catalog != &mCatalog) {
        *mCache = FabricCache{};
        mCache->catalog = &mCatalog;
    }
    cached = &mCache->tiers[tier];
    if (cached->key == key) {
        // The same inputs as last time: the same runs, and the same warning.
        if (cached->firstTooLongM >= 0)
            warnReach(tier, cached->firstTooLongM, portGbps, cached->longestId);
        for (const CableRun &run : cached->runs)
            mRuns.push_back({nullptr, run});
        return true;
    }
    cached->key = std::move(key);
    return false;
}

void CableRouter::pairs(int tier, double portGbps, const Uplinks &lower, const std::vector<SwitchRack> &upper,
                        double upperCount)
{
    const std::vector<CableType> *types = mPicker.typesFor(portGbps);
    if (!types || types->empty()) {
        for (const auto &[l, up] : lower)
            for (const SwitchRack &u : upper)
                if (up * double(u.switches) / upperCount > 0) {
                    add(tier, portGbps, up * double(u.switches) / upperCount, routeM(*l, u));
                    return; // the catalog has no cable of this speed: one warning
                }
        return;
    }
    FabricCache::TierPairs *cached = nullptr;
    if (reuseCached(tier, portGbps, lower, upper, upperCount, cached))
        return;
    const size_t runsBefore = mRuns.size();
    double firstTooLongM = -1.0;
    const size_t nt = types->size();
    size_t longest = 0; // the first of the longest-reaching types, as CablePicker::pick
    for (size_t t = 1; t < nt; ++t)
        if ((*types)[t].reachM > (*types)[longest].reachM)
            longest = t;
    std::vector<double> share(nt, 0.0), length(nt, 0.0), maxLength(nt, 0.0), power(nt, 0.0), price(nt, 0.0);
    std::vector<char> used(nt, 0);
    std::vector<size_t> order;
    for (const auto &[l, up] : lower)
        for (const SwitchRack &u : upper) {
            const double count = up * double(u.switches) / upperCount;
            if (count <= 0)
                continue;
            const double lengthM = routeM(*l, u);
            size_t t = 0;
            while (t < nt && (*types)[t].reachM < lengthM)
                ++t;
            if (t == nt) {
                t = longest;
                if (firstTooLongM < 0)
                    firstTooLongM = lengthM;
                warnReach(tier, lengthM, portGbps, (*types)[t].entry->id);
            }
            if (!used[t]) {
                used[t] = 1;
                order.push_back(t);
            }
            share[t] += count;
            length[t] += count * lengthM;
            maxLength[t] = std::max(maxLength[t], lengthM);
            power[t] += count * (*types)[t].powerW;
            price[t] += count * (*types)[t].priceUsd;
        }
    for (size_t t : order)
        mRuns.push_back({&(*types)[t], CableRun{linkTierName(tier), (*types)[t].entry->id, 0, length[t],
                                                maxLength[t], power[t], price[t], share[t]}});
    if (cached) {
        cached->runs.clear();
        for (size_t k = runsBefore; k < mRuns.size(); ++k)
            cached->runs.push_back(mRuns[k].second);
        cached->firstTooLongM = firstTooLongM;
        cached->longestId = (*types)[longest].entry->id;
    }
}

void CableRouter::finish()
{
    for (auto &[entry, run] : mRuns) {
        run.count = std::llround(run.shareCount);
        mFabric.opticsPowerKw += run.powerW / 1000.0;
        mFabric.cablesPriceUsd += run.priceUsd;
        mFabric.cables.push_back(run);
    }
}

/// Endpoint cables: each rack's NICs spread over its leaf group's leaf racks by switch count.
void routeEndpoints(const Design &design, const Topology &t, double nicGbps, CableRouter &router)
{
    for (size_t i = 0; i < design.racks.size(); ++i) {
        const int g = t.rackGroup[i];
        if (t.racks[i].nics == 0 || g < 0)
            continue;
        const LeafGroup &group = t.leafGroups[size_t(g)];
        for (int l : group.leafRacks) {
            const double share = double(t.racks[size_t(l)].switches[0]) / double(group.leaves);
            router.add(0, nicGbps, double(t.racks[i].nics) * share, routeM(design.racks[i], design.racks[size_t(l)]));
        }
    }
}

/// Each leaf group's uplinks: as many up as down (non-blocking) where the switch has room; a group
/// with more NICs than leaf ports is an error.
std::vector<double> leafUplinks(const Topology &t, int radix, FabricResults &f)
{
    std::vector<double> groupUp(t.leafGroups.size(), 0.0);
    for (size_t g = 0; g < t.leafGroups.size(); ++g) {
        const LeafGroup &group = t.leafGroups[g];
        const double ports = double(group.leaves) * radix;
        if (double(group.nics) > ports)
            f.problems.push_back(problem(Severity::Error, group.row,
                                         CP_TR_NOOP("cp::Problems", "%1 NICs attach to %2 leaf switches of %3 ports"),
                                         {std::to_string(group.nics), std::to_string(group.leaves),
                                          std::to_string(radix)}));
        groupUp[g] = std::max(0.0, std::min(double(group.nics), ports - double(group.nics)));
    }
    return groupUp;
}

/// The tiers above the leaves: leaf-spine links from each group's uplinks, then each further tier
/// whose lower tier's k/2 uplinks per switch meet the upper tier's down-ports (k, or k/2 when a
/// tier sits above it); each lower rack's links spread over the upper racks by switch count.
/// Records taper, links and cables per tier.
void routeUpperTiers(const Design &design, const Topology &t, int radix, double portGbps, double nicGbpsSum,
                     CableRouter &router, FabricResults &f)
{
    std::vector<SwitchRack> racks[kSwitchTiers];
    for (int level = 0; level < kSwitchTiers; ++level)
        racks[level] = switchRacks(design, t, level);
    const long long spines = t.tiers[1].switches, cores = t.tiers[2].switches, supers = t.tiers[3].switches;
    const std::vector<double> groupUp = leafUplinks(t, radix, f);
    double leafUp = 0;
    for (double up : groupUp)
        leafUp += up;
    double leafSpineLinks = 0, spineCoreLinks = 0;
    if (spines > 0) {
        const double spineDown = double(spines) * (cores > 0 ? radix / 2 : radix);
        leafSpineLinks = std::min(leafUp, spineDown);
        const double scale = leafUp > 0 ? leafSpineLinks / leafUp : 0.0;
        std::vector<int> slot(design.racks.size(), -1); // rack -> index into racks[0]
        for (size_t k = 0; k < racks[0].size(); ++k)
            slot[racks[0][k].rack] = int(k);
        Uplinks lower; // leaf racks by group, and their uplinks
        for (size_t g = 0; g < t.leafGroups.size(); ++g)
            for (int l : t.leafGroups[g].leafRacks) {
                const SwitchRack &leaf = racks[0][size_t(slot[size_t(l)])];
                lower.push_back({&leaf, groupUp[g] * scale * double(leaf.switches) / double(t.leafGroups[g].leaves)});
            }
        router.pairs(1, portGbps, lower, racks[1], double(spines));
        f.oversubscription.push_back(std::max(1.0, nicGbpsSum / (leafSpineLinks * portGbps)));
        f.linksByTier[linkTierName(1)] = std::llround(leafSpineLinks);
    }
    const auto upperTier = [&](int level, bool topOfFabric, double linksBelow) {
        const long long lowerCount = t.tiers[level - 1].switches, upperCount = t.tiers[level].switches;
        const double lowerUp = double(lowerCount) * (radix / 2);
        const double upperDown = double(upperCount) * (topOfFabric ? radix : radix / 2);
        const double links = std::min(lowerUp, upperDown);
        Uplinks uplinks;
        for (const SwitchRack &l : racks[level - 1])
            uplinks.push_back({&l, links * double(l.switches) / double(lowerCount)});
        router.pairs(level, portGbps, uplinks, racks[level], double(upperCount));
        f.oversubscription.push_back(std::max(1.0, linksBelow / links));
        f.linksByTier[linkTierName(level)] = std::llround(links);
        return links;
    };
    if (cores > 0 && spines > 0)
        spineCoreLinks = upperTier(2, supers == 0, leafSpineLinks);
    if (supers > 0 && cores > 0)
        upperTier(3, true, spineCoreLinks);
}

/// A group of racks the bandwidth matrix has a row and a column for.
struct Member
{
    int group, pod, superPod;
    double leafRackDistanceM;
};

/// The matrix's groups: racks while there are at most kMaxMatrixSide of them, else leaf groups,
/// else pods; in topology order (by pod, then leaf group, then position in the design). Sets the
/// level, labels and each rack's group of `f`.
std::vector<Member> matrixMembers(const Design &design, const Topology &t, FabricResults &f)
{
    const size_t n = design.racks.size();
    std::vector<size_t> computeRacks;
    for (size_t i = 0; i < n; ++i)
        if (t.rackGroup[i] >= 0)
            computeRacks.push_back(i);
    const auto podOf = [&](int g) { return t.leafGroups[size_t(g)].pod; };
    std::stable_sort(computeRacks.begin(), computeRacks.end(), [&](size_t a, size_t b) {
        const int ga = t.rackGroup[a], gb = t.rackGroup[b];
        if (podOf(ga) != podOf(gb))
            return podOf(ga) < podOf(gb);
        return ga < gb;
    });
    std::vector<Member> members; // one per matrix index
    f.rackGroup.assign(n, -1);
    const auto leafDistance = [&](size_t rack) {
        const LeafGroup &group = t.leafGroups[size_t(t.rackGroup[rack])];
        return routeM(design.racks[rack], design.racks[size_t(group.leafRacks.front())]);
    };
    if (computeRacks.size() <= size_t(FabricResults::kMaxMatrixSide)) {
        f.matrixLevel = "rack";
        for (size_t i : computeRacks) {
            const LeafGroup &group = t.leafGroups[size_t(t.rackGroup[i])];
            f.rackGroup[i] = int(members.size());
            f.matrixLabels.push_back(design.racks[i].id);
            members.push_back({t.rackGroup[i], group.pod, group.superPod, leafDistance(i)});
        }
    } else if (t.leafGroups.size() <= size_t(FabricResults::kMaxMatrixSide)) {
        f.matrixLevel = "leaf group";
        std::vector<int> index(t.leafGroups.size(), -1);
        for (size_t i : computeRacks) {
            const int g = t.rackGroup[i];
            if (index[g] < 0) {
                index[g] = int(members.size());
                f.matrixLabels.push_back(t.leafGroups[size_t(g)].row);
                members.push_back({g, podOf(g), t.leafGroups[size_t(g)].superPod, leafDistance(i)});
            }
            f.rackGroup[i] = index[g];
        }
    } else {
        f.matrixLevel = "pod";
        std::vector<int> index(size_t(f.pods), -1);
        for (size_t i : computeRacks) {
            const int p = podOf(t.rackGroup[i]);
            if (index[p] < 0) {
                index[p] = int(members.size());
                f.matrixLabels.push_back("Pod " + std::to_string(p + 1));
                members.push_back({-1, p, t.leafGroups[size_t(t.rackGroup[i])].superPod, leafDistance(i)});
            }
            f.rackGroup[i] = index[p];
        }
    }
    return members;
}

/// The achievable-bandwidth and hop matrices between the groups, and the worst hops and latency.
void fillMatrix(const Design &design, const std::vector<Member> &members, bool rackIsDomain, double hopNs,
                FabricResults &f)
{
    const double nicGBps = f.scaleOutGbpsPerGpu / 8.0 * kNetworkEfficiency;
    const double os1 = f.oversubscription.size() > 0 ? f.oversubscription[0] : 1.0;
    const double os2 = f.oversubscription.size() > 1 ? f.oversubscription[1] : 1.0;
    const double os3 = f.oversubscription.size() > 2 ? f.oversubscription[2] : 1.0;
    const bool leafSpineGroups = design.fabric.topology == TopologyKind::LeafSpine;
    const size_t side = members.size();
    f.bandwidthGbPerS.assign(side * side, 0.0f);
    f.hops.assign(side * side, 0);
    const double upGBps = f.scaleUpGbPerSPerGpu * kScaleUpEfficiency;
    double spineDistance = 0.0; // typical leaf-to-spine run, for latency
    if (!f.cables.empty()) {
        double len = 0, count = 0;
        for (const CableRun &c : f.cables)
            if (c.tier != linkTierName(0)) {
                len += c.totalLengthM;
                count += double(c.count);
            }
        spineDistance = count > 0 ? len / count : 0.0;
    }
    const bool rackLevel = f.matrixLevel == "rack";
    for (size_t a = 0; a < side; ++a) {
        for (size_t b = 0; b < side; ++b) {
            double bw;
            int hops;
            const Member &ma = members[a], &mb = members[b];
            if (a == b && rackLevel && rackIsDomain) {
                bw = upGBps; // a supernode rack is one NVLink domain
                hops = 0;
            } else if (ma.group >= 0 && ma.group == mb.group && !leafSpineGroups) {
                bw = nicGBps; // rail-aligned: one leaf
                hops = 1;
            } else if (ma.pod == mb.pod && f.tiers >= 2) {
                bw = nicGBps / os1;
                hops = 3;
            } else if (ma.pod == mb.pod) {
                bw = nicGBps;
                hops = 1;
            } else if (ma.superPod == mb.superPod) {
                bw = nicGBps / (os1 * os2);
                hops = 5;
            } else {
                bw = nicGBps / (os1 * os2 * os3);
                hops = 7;
            }
            f.bandwidthGbPerS[a * side + b] = float(bw);
            f.hops[a * side + b] = (unsigned char)hops;
            if (hops > f.maxHops) {
                f.maxHops = hops;
            }
            // Each tier climbed adds a run up and a run down of the typical inter-tier length.
            const double wireM = ma.leafRackDistanceM + mb.leafRackDistanceM
                                 + (hops >= 3 ? 2 * spineDistance * ((hops - 1) / 2) : 0.0);
            f.maxLatencyUs = std::max(f.maxLatencyUs, (hops * hopNs + wireM * kPropagationNsPerM) / 1000.0);
        }
    }
}

/// Whether every GPU of the design is in one supernode: one rack, whose GPUs are its one NVL72.
bool oneSupernode(const Topology &t)
{
    int racks = 0;
    for (const TopologyRack &r : t.racks)
        if (r.gpus > 0 && (++racks > 1 || !r.supernode || r.gpus != r.domainGpus))
            return false;
    return racks == 1;
}

} // namespace

FabricResults buildFabric(const Design &design, const Catalog &catalog, FabricCache *cache)
{
    return buildFabric(design, catalog, std::make_shared<const Topology>(buildTopology(design, catalog)), cache);
}

FabricResults buildFabric(const Design &design, const Catalog &catalog, std::shared_ptr<const Topology> topology,
                          FabricCache *cache)
{
    FabricResults f;
    f.layout = std::move(topology);
    const Topology &t = *f.layout;
    f.topology = topologyName(design.fabric.topology);
    const CatalogEntry *sw = catalog.find(design.fabric.switchId);
    f.switchId = design.fabric.switchId;
    f.radix = sw ? int(sw->figure("ports")) : 0;
    f.portGbps = sw ? sw->figure("port_gbps") : 0.0;
    const double hopNs = sw ? sw->figure("latency_ns", kSwitchHopNs) : kSwitchHopNs;

    const Endpoints ep = readEndpoints(design, catalog, f);
    f.tiers = t.tierCount();
    f.scaleOutGbpsPerGpu = t.gpus > 0 ? ep.nicGbpsSum / double(t.gpus) : 0.0;
    const double nicGbps = t.nics > 0 ? ep.nicGbpsSum / double(t.nics) : 0.0;
    // Without a fabric no rack is on it (the views say so rather than wait for a matrix).
    f.rackGroup.assign(design.racks.size(), -1);
    if (t.nics > 0 && t.tiers[0].switches == 0) {
        // One supernode (an NVL72) is one scale-up domain: its job never leaves NVLink, so its
        // NICs may stay uncabled. GPUs in two domains need a fabric to train together, and 8-GPU
        // servers are given their switch (the templates build one even for one server).
        if (!oneSupernode(t))
            f.problems.push_back(problem(Severity::Error, "fabric",
                                         CP_TR_NOOP("cp::Problems", "the design has GPU NICs but no leaf switches")));
        return f;
    }
    if (t.nics == 0)
        return f;

    CableRouter router(catalog, f, cache);
    routeEndpoints(design, t, nicGbps, router);
    f.linksByTier[linkTierName(0)] = t.nics;
    f.leafGroups = (long long)t.leafGroups.size();
    const double portGbps = f.portGbps > 0 ? f.portGbps : nicGbps;
    routeUpperTiers(design, t, std::max(2, f.radix), portGbps, ep.nicGbpsSum, router, f);
    router.finish();

    // Bisection: half the GPUs send to the other half through the narrowest tier.
    double taper = 1.0;
    for (double o : f.oversubscription)
        taper *= o;
    f.bisectionGbPerS = ep.nicGbpsSum / 8.0 / 2.0 / taper;

    f.pods = t.pods;
    fillMatrix(design, matrixMembers(design, t, f), ep.rackIsDomain, hopNs, f);
    return f;
}

} // namespace cp
