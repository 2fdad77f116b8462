#include "railonlygenerator.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

namespace cp {

namespace {

bool isFabricRole(SwitchRole r)
{
    return r == SwitchRole::Leaf || r == SwitchRole::Spine || r == SwitchRole::Core || r == SwitchRole::SuperCore;
}

long long ceilDiv(long long a, long long b)
{
    return (a + b - 1) / b;
}

// Switches per network rack the built-in templates use (model/templates.cpp): 1U switches with
// room for cable management. A rack that held more keeps its count.
constexpr int kSwitchesPerNetworkRack = 16;

} // namespace

RailOnlyPlan planRailOnly(long long domains, long long rails, int radix)
{
    if (domains < 1 || rails < 1 || radix < 2)
        throw std::invalid_argument("rail-only: needs at least one scale-up domain, one NIC per domain and a switch");
    RailOnlyPlan p;
    p.domains = domains;
    p.rails = rails;
    p.radix = radix;
    const long long half = radix / 2;
    if (domains <= radix) {
        // One switch reaches every domain of a rail; a switch with room for several rails hosts
        // them side by side, ports partitioned so that rails stay apart.
        p.tiers = 1;
        p.railsPerSwitch = radix / domains;
        p.leaves = ceilDiv(rails, p.railsPerSwitch);
    } else if (domains <= half * radix) {
        // Each rail a non-blocking two-tier leaf/spine: k/2 domains per leaf, the leaves' k/2
        // uplinks each spread over spines of k ports.
        p.tiers = 2;
        p.railsPerSwitch = 0;
        const long long leavesPerRail = ceilDiv(domains, half);
        p.leaves = leavesPerRail * rails;
        p.spines = ceilDiv(leavesPerRail * half, radix) * rails;
    } else {
        throw std::invalid_argument("rail-only: " + std::to_string(domains) + " domains per rail exceed the "
                                    + std::to_string(half * radix) + " (k²/2) a two-tier rail of " + std::to_string(radix)
                                    + "-port switches reaches; use larger scale-up domains or the fat-tree templates");
    }
    return p;
}

std::string RailOnlyGenerator::description() const
{
    return "Rail-only scale-out fabric (Wang et al. 2023): one switch group per GPU rank, no spine "
           "between rails; cross-rail traffic goes through the scale-up domain.";
}

Design RailOnlyGenerator::generate(const TemplateOptions &options, const Catalog &catalog) const
{
    // The base layout: 8-GPU servers when the catalog has a server for the GPU, else supernodes.
    TemplateOptions base = options;
    base.kind = "supernode";
    if (options.gpuId.empty()) {
        base.kind = "classic";
    } else {
        for (const CatalogEntry *s : catalog.ofKind(PartKind::Server))
            if (s->ref("accelerator") == options.gpuId)
                base.kind = "classic";
    }
    Design d = generateTemplate(base, catalog);

    // Domains and rails from what the template placed.
    long long domains = 0, rails = 0;
    for (const Rack &r : d.racks)
        for (const Mount &m : r.contents)
            if (const CatalogEntry *e = catalog.find(m.catalogId);
                e && (e->kind == PartKind::Server || e->kind == PartKind::Supernode)) {
                domains += m.count;
                rails = std::max(rails, std::llround(e->figure("nics")));
            }
    const CatalogEntry *sw = catalog.find(d.fabric.switchId);
    if (!sw)
        throw std::invalid_argument("rail-only: the catalog has no switch \"" + d.fabric.switchId + "\"");
    const RailOnlyPlan plan = planRailOnly(domains, rails, int(std::lround(sw->figure("ports"))));

    // Empty the fat tree's racks, keeping them (they stand in the rows, with power and cooling) as
    // places for the rail switches: leaf racks first, as leaves serve the rows they stand in.
    struct Slot
    {
        size_t rack;
        int capacity;
        bool leafRack;
    };
    std::vector<Slot> slots;
    for (size_t i = 0; i < d.racks.size(); ++i) {
        Rack &r = d.racks[i];
        int held = 0;
        bool leaf = false;
        for (const Mount &m : r.contents)
            if (isFabricRole(m.role)) {
                held += m.count;
                leaf = leaf || m.role == SwitchRole::Leaf;
            }
        if (held == 0)
            continue;
        std::erase_if(r.contents, [](const Mount &m) { return isFabricRole(m.role); });
        slots.push_back({i, std::max(held, kSwitchesPerNetworkRack), leaf});
    }
    std::stable_partition(slots.begin(), slots.end(), [](const Slot &s) { return s.leafRack; });

    // Spread the leaves over the leaf racks (so every row keeps its share), spines after them.
    std::vector<int> placed(slots.size(), 0);
    const auto placeAt = [&](size_t k, long long count, SwitchRole role) {
        const int n = int(std::min<long long>(count, slots[k].capacity - placed[k]));
        if (n <= 0)
            return 0LL;
        Rack &r = d.racks[slots[k].rack];
        int u = 2;
        for (const Mount &m : r.contents) {
            const CatalogEntry *e = catalog.find(m.catalogId);
            u = std::max(u, m.u + m.count * std::max(1, int(std::lround(e ? e->figure("height_u") : 1.0))));
        }
        r.contents.push_back({sw->id, u, n, role});
        placed[k] += n;
        return (long long)n;
    };
    const auto spill = [&](long long count, SwitchRole role, size_t from) {
        for (size_t k = from; k < slots.size() && count > 0; ++k)
            count -= placeAt(k, count, role);
        return count;
    };
    const size_t leafRacks = size_t(std::count_if(slots.begin(), slots.end(), [](const Slot &s) { return s.leafRack; }));
    long long leftLeaves = plan.leaves;
    if (plan.tiers == 1) {
        // One tier: every rail switch reaches every domain, so they stand together (the racks of
        // the upper tiers first) and share one row name: the fabric model groups leaves by row,
        // and compute racks with no leaf in their row join the nearest leaf row.
        std::stable_partition(slots.begin(), slots.end(), [](const Slot &s) { return !s.leafRack; });
        leftLeaves = spill(leftLeaves, SwitchRole::Leaf, 0);
        for (size_t k = 0; k < slots.size(); ++k)
            if (placed[k] > 0)
                d.racks[slots[k].rack].row = "Rail switches";
    } else if (leafRacks > 0) {
        const long long share = ceilDiv(plan.leaves, (long long)leafRacks);
        for (size_t k = 0; k < leafRacks && leftLeaves > 0; ++k)
            leftLeaves -= placeAt(k, std::min(share, leftLeaves), SwitchRole::Leaf);
    }
    leftLeaves = spill(leftLeaves, SwitchRole::Leaf, 0);
    long long leftSpines = spill(plan.spines, SwitchRole::Spine, leafRacks);
    leftSpines = spill(leftSpines, SwitchRole::Spine, 0);
    if (leftLeaves > 0 || leftSpines > 0)
        throw std::invalid_argument("rail-only: the network racks have no room for "
                                    + std::to_string(plan.leaves + plan.spines) + " rail switches");

    // Racks left empty go, and so do the power and cooling units that served only them.
    std::set<std::string> gone;
    for (size_t k = 0; k < slots.size(); ++k)
        if (d.racks[slots[k].rack].contents.empty())
            gone.insert(d.racks[slots[k].rack].id);
    std::erase_if(d.racks, [&](const Rack &r) { return gone.count(r.id) != 0; });
    for (auto *units : {&d.powerUnits, &d.coolingUnits}) {
        for (FacilityUnit &f : *units)
            std::erase_if(f.serves, [&](const std::string &id) { return gone.count(id) != 0; });
        std::erase_if(*units, [](const FacilityUnit &f) { return f.serves.empty(); });
    }

    d.fabric.topology = TopologyKind::RailOptimized;
    d.fabric.tiers = plan.tiers;
    d.fabric.oversubscription.clear();
    const std::string gpus = std::to_string(domains) + (base.kind == "classic" ? " servers" : " supernodes");
    d.name = "Rail-only " + d.name;
    d.description = gpus + " on a rail-only fabric of " + sw->name + ": " + std::to_string(plan.rails) + " rails, "
                    + std::to_string(plan.leaves) + " rail switches"
                    + (plan.tiers == 1 ? " (" + std::to_string(plan.railsPerSwitch) + " rails per switch)"
                                       : " and " + std::to_string(plan.spines) + " rail spines (two tiers per rail)")
                    + ", no spine between rails (Wang et al. 2023).";
    return d;
}

} // namespace cp
