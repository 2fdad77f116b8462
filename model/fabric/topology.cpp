#include "model/fabric/topology.h"

#include "model/core/catalog.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace cp {

const std::string &tierName(int level)
{
    static const std::string empty;
    const std::vector<std::string> &names = switchTierNames();
    return level >= 0 && level < int(names.size()) ? names[size_t(level)] : empty;
}

std::string linkFailureKind(int level)
{
    std::string kind = "link_" + linkTierName(level);
    std::replace(kind.begin(), kind.end(), '-', '_');
    return kind;
}

const std::string &linkTierName(int level)
{
    static const std::string names[kSwitchTiers] = {"endpoint", "leaf-spine", "spine-core", "core-super-core"};
    static const std::string empty;
    return level >= 0 && level < kSwitchTiers ? names[level] : empty;
}

const std::vector<std::string> &switchTierNames()
{
    static const std::vector<std::string> names{"leaf", "spine", "core", "super_core"};
    return names;
}

int tierLevel(SwitchRole role)
{
    switch (role) {
    case SwitchRole::Leaf: return 0;
    case SwitchRole::Spine: return 1;
    case SwitchRole::Core: return 2;
    case SwitchRole::SuperCore: return 3;
    default: return -1;
    }
}

bool NaturalLess::operator()(const std::string &a, const std::string &b) const
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

double routeM(const Rack &a, const Rack &b)
{
    if (&a == &b)
        return kSameRackM;
    return kRouteSlack * (std::abs(a.xM - b.xM) + std::abs(a.yM - b.yM)) + kRiseAndDropM;
}

int Topology::tierCount() const
{
    int count = 0;
    for (const TopologyTier &t : tiers)
        count += t.switches > 0;
    return count;
}

std::vector<std::string> Topology::tierNames() const
{
    std::vector<std::string> names;
    for (const TopologyTier &t : tiers)
        if (t.switches > 0)
            names.push_back(tierName(t.level));
    return names;
}

std::vector<int> Topology::groupRacksSorted(int g) const
{
    if (g < 0 || size_t(g) >= leafGroups.size())
        return {};
    const LeafGroup &group = leafGroups[size_t(g)];
    std::vector<int> out = group.leafRacks;
    out.insert(out.end(), group.racks.begin(), group.racks.end());
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

namespace {

/// What each rack holds: GPUs, NICs, its largest scale-up domain and its fabric switches.
void readRacks(const Design &design, const Catalog &catalog, Topology &t)
{
    const size_t n = design.racks.size();
    t.racks.assign(n, TopologyRack{});
    for (int level = 0; level < kSwitchTiers; ++level)
        t.tiers[level].level = level;
    for (size_t i = 0; i < n; ++i) {
        TopologyRack &r = t.racks[i];
        for (const Mount &m : design.racks[i].contents) {
            const CatalogEntry *e = catalog.find(m.catalogId);
            if (!e || m.count < 1)
                continue;
            if (e->kind == PartKind::Server || e->kind == PartKind::Supernode) {
                const long long g = std::llround(e->figure("gpus"));
                r.gpus += g * m.count;
                r.nics += std::llround(e->figure("nics")) * m.count;
                if (g > r.domainGpus) {
                    r.domainGpus = g;
                    r.supernode = e->kind == PartKind::Supernode;
                }
            } else if (e->kind == PartKind::Switch) {
                if (const int level = tierLevel(m.role); level >= 0)
                    r.switches[level] += m.count;
            }
        }
        for (int level = 0; level < kSwitchTiers; ++level)
            if (r.switches[level] > 0) {
                t.tiers[level].switches += r.switches[level];
                t.tiers[level].racks.push_back(int(i));
            }
        t.gpus += r.gpus;
        t.nics += r.nics;
    }
}

/// The leaf-group rule: the leaf racks of a row serve that row's racks with NICs; a row without
/// leaves attaches to the row of the nearest leaf rack (the first of equally near ones in design
/// order). Groups by row number.
void formLeafGroups(const Design &design, Topology &t)
{
    const size_t n = design.racks.size();
    t.rackGroup.assign(n, -1);
    t.leafGroupOfRack.assign(n, -1);
    const std::vector<int> &leafRacks = t.tiers[0].racks;
    std::map<std::string, std::vector<int>, NaturalLess> leafRacksByRow;
    for (int l : leafRacks)
        leafRacksByRow[design.racks[size_t(l)].row].push_back(l);
    std::map<std::string, int> groupOfRow;
    for (auto &[row, list] : leafRacksByRow) {
        const int g = int(t.leafGroups.size());
        groupOfRow[row] = g;
        LeafGroup group;
        group.row = row;
        group.leafRacks = std::move(list);
        for (int l : group.leafRacks) {
            group.leaves += t.racks[size_t(l)].switches[0];
            t.leafGroupOfRack[size_t(l)] = g;
        }
        t.leafGroups.push_back(std::move(group));
    }
    if (t.leafGroups.empty())
        return;
    for (size_t i = 0; i < n; ++i) {
        if (t.racks[i].nics == 0)
            continue;
        const Rack &r = design.racks[i];
        int g = -1;
        if (auto it = groupOfRow.find(r.row); it != groupOfRow.end()) {
            g = it->second;
        } else {
            double best = 1e300;
            for (int l : leafRacks) {
                const double d = routeM(r, design.racks[size_t(l)]);
                if (d < best) {
                    best = d;
                    g = t.leafGroupOfRack[size_t(l)];
                }
            }
        }
        t.rackGroup[i] = g;
        LeafGroup &group = t.leafGroups[size_t(g)];
        group.racks.push_back(int(i));
        group.nics += t.racks[i].nics;
        group.gpus += t.racks[i].gpus;
    }
    t.groupsInDesignOrder.resize(t.leafGroups.size());
    for (size_t g = 0; g < t.leafGroups.size(); ++g)
        t.groupsInDesignOrder[g] = int(g);
    std::sort(t.groupsInDesignOrder.begin(), t.groupsInDesignOrder.end(), [&](int a, int b) {
        return t.leafGroups[size_t(a)].leafRacks.front() < t.leafGroups[size_t(b)].leafRacks.front();
    });
}

/// Pods: runs of consecutive leaf groups whose endpoints one set of spines serves, (k/2)² each
/// with a core tier above the spines; super-pods of (k/2)³ share a core layer with a 4th tier.
/// Without the tier above, everything is one pod.
void formPods(Topology &t)
{
    const auto partition = [&](long long capacity, int LeafGroup::*out) {
        long long inSet = 0;
        int set = 0;
        for (LeafGroup &g : t.leafGroups) {
            if (inSet > 0 && inSet + g.nics > capacity) {
                ++set;
                inSet = 0;
            }
            g.*out = set;
            inSet += g.nics;
        }
        return set + 1;
    };
    const long long half = std::max(2, t.radix) / 2;
    t.pods = partition(t.tiers[2].switches > 0 ? half * half : t.nics, &LeafGroup::pod);
    partition(t.tiers[3].switches > 0 ? half * half * half : t.nics, &LeafGroup::superPod);
}

} // namespace

Topology buildTopology(const Design &design, const Catalog &catalog)
{
    Topology t;
    if (const CatalogEntry *sw = catalog.find(design.fabric.switchId))
        t.radix = int(sw->figure("ports"));
    readRacks(design, catalog, t);
    formLeafGroups(design, t);
    formPods(t);
    return t;
}

} // namespace cp
