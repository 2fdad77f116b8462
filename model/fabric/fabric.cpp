#include "model/fabric/fabric.h"

#include "model/core/catalog.h"
#include "model/core/design.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

namespace cp {

namespace {

/// Row names in the order people number them: "Row 9" < "Row 10" < "Row 100" (runs of digits
/// compared as numbers), so leaf groups, pods and the bandwidth matrix follow the hall's rows.
struct NaturalLess
{
    bool operator()(const std::string &a, const std::string &b) const
    {
        size_t i = 0, j = 0;
        const auto digit = [](char c) { return c >= '0' && c <= '9'; };
        while (i < a.size() && j < b.size()) {
            if (digit(a[i]) && digit(b[j])) {
                size_t ie = i, je = j;
                while (ie < a.size() && digit(a[ie]))
                    ++ie;
                while (je < b.size() && digit(b[je]))
                    ++je;
                size_t ia = i, jb = j; // leading zeros do not change the number
                while (ia + 1 < ie && a[ia] == '0')
                    ++ia;
                while (jb + 1 < je && b[jb] == '0')
                    ++jb;
                if (ie - ia != je - jb)
                    return ie - ia < je - jb;
                if (const int c = a.compare(ia, ie - ia, b, jb, je - jb); c != 0)
                    return c < 0;
                i = ie;
                j = je;
            } else {
                if (a[i] != b[j])
                    return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]);
                ++i;
                ++j;
            }
        }
        if (i == a.size() && j < b.size())
            return true; // a is a prefix of b
        if (j == b.size() && i < a.size())
            return false;
        return a < b; // equal but for leading zeros: any fixed order
    }
};

// Cable routes run up to an overhead tray, along it and down again: a Manhattan route with 10 %
// slack for bends and service loops, plus 3 m of rise and drop (assumption, docs/model.md).
// Two ports in the same rack take a 2 m patch lead.
constexpr double kRouteSlack = 1.1;
constexpr double kRiseAndDropM = 3.0;
constexpr double kSameRackM = 2.0;
// Achievable share of the line rate (the same constants as the collectives: InfiniBand/RoCE
// ~0.9, NVLink ~0.8 of wire speed; docs/model.md §Calibration).
constexpr double kNetworkEfficiency = 0.9;
constexpr double kScaleUpEfficiency = 0.8;
// Latency: a switch hop (assumption: ~300 ns port to port for NDR InfiniBand or a cut-through
// Ethernet switch, unless the catalog gives latency_ns) and 5 ns per metre of fibre or copper.
constexpr double kSwitchHopNs = 300.0;
constexpr double kPropagationNsPerM = 5.0;

double routeM(const Rack &a, const Rack &b)
{
    if (&a == &b)
        return kSameRackM;
    return kRouteSlack * (std::abs(a.xM - b.xM) + std::abs(a.yM - b.yM)) + kRiseAndDropM;
}

int mediumRank(const CatalogEntry &c)
{
    const std::string m = c.attribute("medium");
    if (m == "dac")
        return 0;
    if (m == "aec")
        return 1;
    return 2; // optics: AOC or a transceiver pair
}

/// A cable type with the figures routing needs, read from the catalog once.
struct CableType
{
    const CatalogEntry *entry;
    int rank;      ///< 0 passive copper, 1 active copper, 2 optics
    double reachM;
    double powerW;
    double priceUsd;
};

/// Picks cables by reach: passive copper while it reaches, then active copper, then the cheapest
/// optics that reach.
class CablePicker
{
public:
    CablePicker(const Catalog &catalog)
    {
        for (const CatalogEntry *c : catalog.ofKind(PartKind::Cable))
            mBySpeed[c->figure("gbps")].push_back({c, mediumRank(*c), c->figure("max_length_m"),
                                                  c->figure("power_w"), c->figure("price_usd")});
        for (auto &[speed, list] : mBySpeed)
            std::sort(list.begin(), list.end(), [](const CableType &a, const CableType &b) {
                if (a.rank != b.rank)
                    return a.rank < b.rank;
                if (a.rank < 2)
                    return a.reachM < b.reachM;
                return a.priceUsd < b.priceUsd;
            });
    }

    /// The cable for `lengthM` at `gbps`; nullptr when the catalog has none of that speed.
    /// `tooLong` is set when nothing reaches and the longest-reaching cable is returned.
    const CableType *pick(double gbps, double lengthM, bool &tooLong) const
    {
        tooLong = false;
        const std::vector<CableType> *list = typesFor(gbps);
        return list ? pick(*list, lengthM, tooLong) : nullptr;
    }

    /// The cable types a link of `gbps` may use, best first; nullptr when the catalog has none.
    const std::vector<CableType> *typesFor(double gbps) const
    {
        auto it = mBySpeed.find(gbps);
        if (it == mBySpeed.end()) {
            // Breakout: a faster port split into lanes of this speed uses the faster cable type.
            it = mBySpeed.upper_bound(gbps);
            if (it == mBySpeed.end())
                return nullptr;
        }
        return &it->second;
    }

    /// The first of `types` that reaches `lengthM`, else the longest-reaching (`tooLong` set).
    static const CableType *pick(const std::vector<CableType> &types, double lengthM, bool &tooLong)
    {
        tooLong = false;
        const CableType *longest = nullptr;
        for (const CableType &c : types) {
            if (c.reachM >= lengthM)
                return &c;
            if (!longest || c.reachM > longest->reachM)
                longest = &c;
        }
        tooLong = true;
        return longest;
    }

private:
    std::map<double, std::vector<CableType>> mBySpeed;
};

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

} // namespace

FabricResults buildFabric(const Design &design, const Catalog &catalog, FabricCache *cache)
{
    FabricResults f;
    f.topology = topologyName(design.fabric.topology);
    const CatalogEntry *sw = catalog.find(design.fabric.switchId);
    f.switchId = design.fabric.switchId;
    f.radix = sw ? int(sw->figure("ports")) : 0;
    f.portGbps = sw ? sw->figure("port_gbps") : 0.0;
    const double hopNs = sw ? sw->figure("latency_ns", kSwitchHopNs) : kSwitchHopNs;

    // --- what each rack holds --------------------------------------------------------------
    const size_t n = design.racks.size();
    std::vector<long long> nics(n, 0), gpus(n, 0);
    std::vector<SwitchRack> leafRacks, spineRacks, coreRacks, superRacks;
    long long totalNics = 0, totalGpus = 0, leaves = 0, spines = 0, cores = 0, supers = 0;
    double nicGbpsSum = 0.0;
    bool rackIsDomain = false;
    for (size_t i = 0; i < n; ++i) {
        long long leaf = 0, spine = 0, core = 0, super = 0;
        for (const Mount &m : design.racks[i].contents) {
            const CatalogEntry *e = catalog.find(m.catalogId);
            if (!e || m.count < 1)
                continue;
            if (e->kind == PartKind::Server || e->kind == PartKind::Supernode) {
                const long long nodeNics = std::llround(e->figure("nics")) * m.count;
                const CatalogEntry *nic = catalog.find(design.fabric.nicId.empty() ? e->ref("nic") : design.fabric.nicId);
                nics[i] += nodeNics;
                gpus[i] += std::llround(e->figure("gpus")) * m.count;
                nicGbpsSum += nodeNics * (nic ? nic->figure("gbps") : 0.0);
                const int domain = int(std::llround(e->figure("gpus")));
                if (domain > f.domainGpus) {
                    f.domainGpus = domain;
                    if (const CatalogEntry *acc = catalog.find(e->ref("accelerator")))
                        f.scaleUpGbPerSPerGpu = acc->figure("scale_up_gb_per_s");
                }
                rackIsDomain = rackIsDomain || e->kind == PartKind::Supernode;
            } else if (e->kind == PartKind::Switch) {
                if (m.role == SwitchRole::Leaf)
                    leaf += m.count;
                else if (m.role == SwitchRole::Spine)
                    spine += m.count;
                else if (m.role == SwitchRole::Core)
                    core += m.count;
                else if (m.role == SwitchRole::SuperCore)
                    super += m.count;
            }
        }
        const double x = design.racks[i].xM, y = design.racks[i].yM;
        if (leaf)
            leafRacks.push_back({i, leaf, x, y});
        if (spine)
            spineRacks.push_back({i, spine, x, y});
        if (core)
            coreRacks.push_back({i, core, x, y});
        if (super)
            superRacks.push_back({i, super, x, y});
        totalNics += nics[i];
        totalGpus += gpus[i];
        leaves += leaf;
        spines += spine;
        cores += core;
        supers += super;
    }
    f.tiers = (leaves > 0) + (spines > 0) + (cores > 0) + (supers > 0);
    f.scaleOutGbpsPerGpu = totalGpus > 0 ? nicGbpsSum / double(totalGpus) : 0.0;
    const double nicGbps = totalNics > 0 ? nicGbpsSum / double(totalNics) : 0.0;
    if (totalNics > 0 && leaves == 0) {
        f.problems.push_back({Severity::Error, "fabric", "the design has GPU NICs but no leaf switches"});
        return f;
    }
    if (totalNics == 0)
        return f;

    // --- leaf groups: the leaf racks of a row serve that row's compute racks ----------------
    std::map<std::string, std::vector<size_t>, NaturalLess> leafRacksByRow; // indexes into leafRacks
    for (size_t k = 0; k < leafRacks.size(); ++k)
        leafRacksByRow[design.racks[leafRacks[k].rack].row].push_back(k);
    std::map<std::string, int> groupOfRow;
    std::vector<std::string> groupRows;
    for (const auto &[row, list] : leafRacksByRow) {
        groupOfRow[row] = int(groupRows.size());
        groupRows.push_back(row);
    }
    std::vector<int> rackLeafGroup(n, -1);
    std::vector<long long> groupNics(groupRows.size(), 0), groupLeaves(groupRows.size(), 0);
    for (const auto &[row, list] : leafRacksByRow)
        for (size_t k : list)
            groupLeaves[groupOfRow[row]] += leafRacks[k].switches;

    CablePicker picker(catalog);
    // A handful of (tier, cable) runs, in the order they first occur. The pair loops of the upper
    // tiers call addCables once per pair of switch racks (millions at a million GPUs), so a link's
    // run is found by tier index and cable pointer, and the cable types of a speed are looked up
    // once per tier.
    enum Tier { Endpoint, LeafSpine, SpineCore, CoreSuperCore, kTiers };
    static constexpr const char *kTierNames[kTiers] = {"endpoint", "leaf-spine", "spine-core", "core-super-core"};
    std::vector<std::pair<const CableType *, CableRun>> runs;
    std::vector<std::pair<const CableType *, size_t>> runOf[kTiers]; // cable -> index into runs
    const std::vector<CableType> *typesOf[kTiers] = {};
    double typesGbps[kTiers] = {-1.0, -1.0, -1.0, -1.0};
    bool warnedReach = false, warnedSpeed = false;
    const auto addCables = [&](Tier tier, double gbps, double count, double lengthM) {
        if (count <= 0)
            return;
        if (typesGbps[tier] != gbps) {
            typesOf[tier] = picker.typesFor(gbps);
            typesGbps[tier] = gbps;
        }
        bool tooLong = false;
        const CableType *c = typesOf[tier] ? CablePicker::pick(*typesOf[tier], lengthM, tooLong) : nullptr;
        if (!c) {
            if (!warnedSpeed)
                f.problems.push_back({Severity::Warning, "fabric", "the catalog has no cable for "
                                          + std::to_string(int(gbps)) + " Gb/s links"});
            warnedSpeed = true;
            return;
        }
        if (tooLong && !warnedReach) {
            f.problems.push_back({Severity::Warning, "fabric",
                                  std::string(kTierNames[tier]) + " link of " + std::to_string(int(std::lround(lengthM)))
                                      + " m is beyond the reach of every " + std::to_string(int(gbps))
                                      + " Gb/s cable in the catalog (longest: \"" + c->entry->id + "\")"});
            warnedReach = true;
        }
        CableRun *run = nullptr;
        for (const auto &[entry, index] : runOf[tier])
            if (entry == c) {
                run = &runs[index].second;
                break;
            }
        if (!run) {
            runOf[tier].push_back({c, runs.size()});
            runs.push_back({c, CableRun{kTierNames[tier], c->entry->id, 0, 0.0, 0.0, 0.0, 0.0}});
            run = &runs.back().second;
        }
        run->shareCount += count; // shares of a rack's links sum to whole cables per tier
        run->totalLengthM += count * lengthM;
        run->maxLengthM = std::max(run->maxLengthM, lengthM);
        run->powerW += count * c->powerW;
        run->priceUsd += count * c->priceUsd;
    };

    // Endpoint cables: each compute rack's NICs spread over its group's leaf racks.
    for (size_t i = 0; i < n; ++i) {
        if (nics[i] == 0)
            continue;
        const Rack &r = design.racks[i];
        auto it = groupOfRow.find(r.row);
        int group = -1;
        if (it != groupOfRow.end()) {
            group = it->second;
        } else {
            // No leaf in this row: the nearest leaf rack's row.
            double best = 1e300;
            for (const SwitchRack &l : leafRacks) {
                const double d = routeM(r, design.racks[l.rack]);
                if (d < best) {
                    best = d;
                    group = groupOfRow[design.racks[l.rack].row];
                }
            }
        }
        rackLeafGroup[i] = group;
        groupNics[group] += nics[i];
        const auto &list = leafRacksByRow[groupRows[group]];
        for (size_t k : list) {
            const double share = double(leafRacks[k].switches) / double(groupLeaves[group]);
            addCables(Endpoint, nicGbps, double(nics[i]) * share, routeM(r, design.racks[leafRacks[k].rack]));
        }
    }
    f.linksByTier["endpoint"] = totalNics;
    f.leafGroups = (long long)groupRows.size();

    // Leaf ports: as many up as down (non-blocking) where the switch has room.
    const int radix = std::max(2, f.radix);
    double leafUp = 0;
    std::vector<double> groupUp(groupRows.size(), 0.0);
    for (size_t g = 0; g < groupRows.size(); ++g) {
        const double ports = double(groupLeaves[g]) * radix;
        if (double(groupNics[g]) > ports)
            f.problems.push_back({Severity::Error, groupRows[g],
                                  std::to_string(groupNics[g]) + " NICs attach to "
                                      + std::to_string(groupLeaves[g]) + " leaf switches of "
                                      + std::to_string(radix) + " ports"});
        groupUp[g] = std::max(0.0, std::min(double(groupNics[g]), ports - double(groupNics[g])));
        leafUp += groupUp[g];
    }

    // --- upper tiers -------------------------------------------------------------------------
    const double portGbps = f.portGbps > 0 ? f.portGbps : nicGbps;
    // Every pair of a lower and an upper switch rack of one tier: 12 million pairs at a million
    // GPUs. The same sums as addCables() in the same order (so the same results to the last bit),
    // kept per cable type in plain arrays and turned into runs in the order the types first occur.
    const auto pairLinks = [&](Tier tier, const std::vector<std::pair<const SwitchRack *, double>> &lower,
                               const std::vector<SwitchRack> &upper, double upperCount) {
        const std::vector<CableType> *types = picker.typesFor(portGbps);
        if (!types || types->empty()) {
            for (const auto &[l, up] : lower)
                for (const SwitchRack &u : upper)
                    if (up * double(u.switches) / upperCount > 0) {
                        addCables(tier, portGbps, up * double(u.switches) / upperCount, routeM(*l, u));
                        return; // the catalog has no cable of this speed: one warning
                    }
            return;
        }
        // The same inputs as last time (a cache given): the same runs, and the same warning.
        FabricCache::TierPairs *cached = nullptr;
        if (cache) {
            std::vector<double> key;
            key.reserve(lower.size() * 4 + upper.size() * 4 + 2);
            for (const auto &[l, up] : lower)
                key.insert(key.end(), {double(l->rack), l->xM, l->yM, up});
            for (const SwitchRack &u : upper)
                key.insert(key.end(), {double(u.rack), u.xM, u.yM, double(u.switches)});
            key.insert(key.end(), {upperCount, portGbps});
            if (cache->catalog != &catalog) {
                *cache = FabricCache{};
                cache->catalog = &catalog;
            }
            cached = &cache->tiers[tier];
            if (cached->key == key) {
                if (cached->firstTooLongM >= 0 && !warnedReach) {
                    f.problems.push_back({Severity::Warning, "fabric",
                                          std::string(kTierNames[tier]) + " link of "
                                              + std::to_string(int(std::lround(cached->firstTooLongM)))
                                              + " m is beyond the reach of every " + std::to_string(int(portGbps))
                                              + " Gb/s cable in the catalog (longest: \"" + cached->longestId + "\")"});
                    warnedReach = true;
                }
                for (const CableRun &run : cached->runs)
                    runs.push_back({nullptr, run});
                return;
            }
            cached->key = std::move(key);
        }
        const size_t runsBefore = runs.size();
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
                    if (!warnedReach) {
                        f.problems.push_back({Severity::Warning, "fabric",
                                              std::string(kTierNames[tier]) + " link of "
                                                  + std::to_string(int(std::lround(lengthM)))
                                                  + " m is beyond the reach of every " + std::to_string(int(portGbps))
                                                  + " Gb/s cable in the catalog (longest: \""
                                                  + (*types)[t].entry->id + "\")"});
                        warnedReach = true;
                    }
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
            runs.push_back({&(*types)[t], CableRun{kTierNames[tier], (*types)[t].entry->id, 0, length[t],
                                                   maxLength[t], power[t], price[t], share[t]}});
        if (cached) {
            cached->runs.clear();
            for (size_t k = runsBefore; k < runs.size(); ++k)
                cached->runs.push_back(runs[k].second);
            cached->firstTooLongM = firstTooLongM;
            cached->longestId = (*types)[longest].entry->id;
        }
    };
    double leafSpineLinks = 0, spineCoreLinks = 0;
    if (spines > 0) {
        const double spineDown = double(spines) * (cores > 0 ? radix / 2 : radix);
        leafSpineLinks = std::min(leafUp, spineDown);
        const double scale = leafUp > 0 ? leafSpineLinks / leafUp : 0.0;
        std::vector<std::pair<const SwitchRack *, double>> lower; // leaf racks by group, and their uplinks
        for (size_t g = 0; g < groupRows.size(); ++g)
            for (size_t k : leafRacksByRow[groupRows[g]])
                lower.push_back({&leafRacks[k], groupUp[g] * scale * double(leafRacks[k].switches) / double(groupLeaves[g])});
        pairLinks(LeafSpine, lower, spineRacks, double(spines));
        f.oversubscription.push_back(std::max(1.0, nicGbpsSum / (leafSpineLinks * portGbps)));
        f.linksByTier["leaf-spine"] = std::llround(leafSpineLinks);
    }
    // One tier of switches above another: the lower tier's k/2 uplinks per switch meet the upper
    // tier's down-ports (k, or k/2 when a tier sits above it); each lower rack's links spread over
    // the upper racks by switch count. Returns the links and records taper, links and cables.
    const auto upperTier = [&](Tier tier, const std::vector<SwitchRack> &lower, long long lowerCount,
                               const std::vector<SwitchRack> &upper, long long upperCount, bool topOfFabric,
                               double linksBelow) {
        const double lowerUp = double(lowerCount) * (radix / 2);
        const double upperDown = double(upperCount) * (topOfFabric ? radix : radix / 2);
        const double links = std::min(lowerUp, upperDown);
        std::vector<std::pair<const SwitchRack *, double>> uplinks;
        for (const SwitchRack &l : lower)
            uplinks.push_back({&l, links * double(l.switches) / double(lowerCount)});
        pairLinks(tier, uplinks, upper, double(upperCount));
        f.oversubscription.push_back(std::max(1.0, linksBelow / links));
        f.linksByTier[kTierNames[tier]] = std::llround(links);
        return links;
    };
    if (cores > 0 && spines > 0)
        spineCoreLinks = upperTier(SpineCore, spineRacks, spines, coreRacks, cores, supers == 0, leafSpineLinks);
    if (supers > 0 && cores > 0)
        upperTier(CoreSuperCore, coreRacks, cores, superRacks, supers, true, spineCoreLinks);
    for (auto &[entry, run] : runs) {
        run.count = std::llround(run.shareCount);
        f.opticsPowerKw += run.powerW / 1000.0;
        f.cablesPriceUsd += run.priceUsd;
        f.cables.push_back(run);
    }

    // Bisection: half the GPUs send to the other half through the narrowest tier.
    double taper = 1.0;
    for (double o : f.oversubscription)
        taper *= o;
    f.bisectionGbPerS = nicGbpsSum / 8.0 / 2.0 / taper;

    // --- pods: leaf groups whose endpoints one set of spines serves (3 or more tiers) ---------
    // With a 4th tier, super-pods of (k/2)³ endpoints share a core layer in the same way.
    const auto partition = [&](long long capacity, std::vector<int> &out) {
        long long inSet = 0;
        int set = 0;
        for (size_t g = 0; g < groupRows.size(); ++g) {
            if (inSet > 0 && inSet + groupNics[g] > capacity) {
                ++set;
                inSet = 0;
            }
            out[g] = set;
            inSet += groupNics[g];
        }
        return set + 1;
    };
    std::vector<int> groupPod(groupRows.size(), 0), groupSuperPod(groupRows.size(), 0);
    const long long half = radix / 2;
    f.pods = partition(cores > 0 ? half * half : totalNics, groupPod);
    partition(supers > 0 ? half * half * half : totalNics, groupSuperPod);

    // --- the achievable-bandwidth matrix -----------------------------------------------------
    const double nicGBps = f.scaleOutGbpsPerGpu / 8.0 * kNetworkEfficiency;
    const double os1 = f.oversubscription.size() > 0 ? f.oversubscription[0] : 1.0;
    const double os2 = f.oversubscription.size() > 1 ? f.oversubscription[1] : 1.0;
    const double os3 = f.oversubscription.size() > 2 ? f.oversubscription[2] : 1.0;
    const bool leafSpineGroups = design.fabric.topology == TopologyKind::LeafSpine;

    std::vector<size_t> computeRacks;
    for (size_t i = 0; i < n; ++i)
        if (rackLeafGroup[i] >= 0)
            computeRacks.push_back(i);
    // Topology order: by pod, then leaf group, then position in the design.
    std::stable_sort(computeRacks.begin(), computeRacks.end(), [&](size_t a, size_t b) {
        const int ga = rackLeafGroup[a], gb = rackLeafGroup[b];
        if (groupPod[ga] != groupPod[gb])
            return groupPod[ga] < groupPod[gb];
        return ga < gb;
    });
    struct Member
    {
        int group, pod, superPod;
        double leafRackDistanceM;
    };
    std::vector<Member> members; // one per matrix index
    f.rackGroup.assign(n, -1);
    const auto leafDistance = [&](size_t rack) {
        const auto &list = leafRacksByRow[groupRows[rackLeafGroup[rack]]];
        return routeM(design.racks[rack], design.racks[leafRacks[list.front()].rack]);
    };
    if (computeRacks.size() <= size_t(FabricResults::kMaxMatrixSide)) {
        f.matrixLevel = "rack";
        for (size_t i : computeRacks) {
            f.rackGroup[i] = int(members.size());
            f.matrixLabels.push_back(design.racks[i].id);
            members.push_back({rackLeafGroup[i], groupPod[rackLeafGroup[i]], groupSuperPod[rackLeafGroup[i]],
                               leafDistance(i)});
        }
    } else if (groupRows.size() <= size_t(FabricResults::kMaxMatrixSide)) {
        f.matrixLevel = "leaf group";
        std::vector<int> index(groupRows.size(), -1);
        for (size_t i : computeRacks) {
            const int g = rackLeafGroup[i];
            if (index[g] < 0) {
                index[g] = int(members.size());
                f.matrixLabels.push_back(groupRows[g]);
                members.push_back({g, groupPod[g], groupSuperPod[g], leafDistance(i)});
            }
            f.rackGroup[i] = index[g];
        }
    } else {
        f.matrixLevel = "pod";
        std::vector<int> index(size_t(f.pods), -1);
        for (size_t i : computeRacks) {
            const int p = groupPod[rackLeafGroup[i]];
            if (index[p] < 0) {
                index[p] = int(members.size());
                f.matrixLabels.push_back("Pod " + std::to_string(p + 1));
                members.push_back({-1, p, groupSuperPod[rackLeafGroup[i]], leafDistance(i)});
            }
            f.rackGroup[i] = index[p];
        }
    }
    const size_t side = members.size();
    f.bandwidthGbPerS.assign(side * side, 0.0f);
    f.hops.assign(side * side, 0);
    const double upGBps = f.scaleUpGbPerSPerGpu * kScaleUpEfficiency;
    double spineDistance = 0.0; // typical leaf-to-spine run, for latency
    if (!f.cables.empty()) {
        double len = 0, count = 0;
        for (const CableRun &c : f.cables)
            if (c.tier != "endpoint") {
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
    return f;
}

} // namespace cp
