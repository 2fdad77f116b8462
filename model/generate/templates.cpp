#include "model/generate/templates.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/generate/templatebuilder.h"
#include "model/reliability/policy.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace cp {

namespace {

using namespace generate;

// A plausible ceiling for generated designs; larger inputs are typos, not clusters.
constexpr long long kMaxGpus = 2'000'000;
// Above this many GPUs per job the templates take the state-of-the-art resilience policy.
constexpr long long kLlama3PolicyMaxGpus = 32'768;

Design classic(const TemplateOptions &o, const Catalog &catalog)
{
    const std::string gpuId = o.gpuId.empty() ? "h100-sxm" : o.gpuId;
    need(catalog, gpuId, PartKind::Accelerator);
    const CatalogEntry &server = nodeFor(catalog, PartKind::Server, gpuId, "dgx-h100");
    const CatalogEntry &rack = need(catalog, "rack-42u-air", PartKind::Rack);
    const CatalogEntry &sw = need(catalog, "qm9700", PartKind::Switch);

    const long long gpusPerServer = std::llround(server.figure("gpus"));
    const long long gpus = o.gpus > 0 ? o.gpus : 1024;
    const long long servers = (gpus + gpusPerServer - 1) / gpusPerServer;
    // Four servers per air-cooled rack (DGX SuperPOD H100 pattern, 40.8 kW), fewer where the
    // rack's power limit or height demands.
    const int serverU = std::max(1, int(std::lround(server.figure("height_u"))));
    const int byPower = int(rack.figure("max_power_kw") * 1000.0 / server.figure("power_max_w"));
    const int byHeight = (int(rack.figure("height_u")) - 2) / serverU;
    const int perRack = std::min({4, byPower, byHeight});
    if (perRack < 1)
        throw std::invalid_argument("a \"" + server.id + "\" does not fit the power limit of \"" + rack.id + "\"");

    const int ports = int(sw.figure("ports"));
    const int down = ports / 2;
    const long long rails = std::llround(server.figure("nics"));
    // When one switch has a port for every NIC (8 servers of 8 NICs on 64 ports), it carries
    // every rail on its own: one switch, one tier, where a rail-optimised build would stand a
    // leaf per rail and a spine. Above that, rail-optimised: one leaf per rail per scalable unit
    // of `down` servers (DGX SuperPOD H100), so 512 GPUs stay its 16 leaves and 8 spines.
    const bool oneSwitch = fitsOneSwitch(servers * rails, ports);
    const long long leavesPerUnit = oneSwitch ? 1 : rails;
    const long long serversPerUnit = oneSwitch ? servers : down;
    const long long units = (servers + serversPerUnit - 1) / serversPerUnit;
    const long long firstUnit = std::min(servers, serversPerUnit);
    const Fabric fabric = planFabric({servers * rails, units * leavesPerUnit, ports,
                                      (firstUnit * rails + leavesPerUnit - 1) / leavesPerUnit, o.taper});

    Design d;
    d.name = "Classic " + std::to_string(servers * gpusPerServer) + "-GPU " + server.name + " cluster";
    d.description = "8-GPU servers, " + std::to_string(perRack) + " per air-cooled rack, "
                    + (oneSwitch ? "on a single " + sw.name + ": its " + std::to_string(ports)
                                       + " ports hold all " + std::to_string(servers * rails)
                                       + " NICs, so one tier and no spine."
                                 : "on a rail-optimised " + nonBlockingWord(fabric.leafTaper)
                                       + "fat tree of " + sw.name + " (" + std::to_string(fabric.tiers) + " tiers"
                                       + taperWords(fabric.leafTaper) + ").");
    d.fabric.topology = TopologyKind::RailOptimized;
    d.fabric.tiers = fabric.tiers;
    d.fabric.switchId = sw.id;
    d.fabric.shortCableId = "dac-400g";
    d.fabric.longCableId = "sr4-400g";

    const long long racksPerUnit = (serversPerUnit + perRack - 1) / perRack;
    Builder b(d, catalog);
    b.setShape(double(racksPerUnit + (leavesPerUnit + kSwitchesPerNetworkRack - 1) / kSwitchesPerNetworkRack),
               units + units / 8 + 2, 4.0);
    // A small design (one unit, no spine) is one row, its storage at the end of it.
    const bool oneRow = fitsOneRow(units, fabric);
    long long placed = 0, rackNo = 0, leafRackNo = 0;
    for (long long unit = 0; unit < units; ++unit) {
        b.newRow();
        const long long inUnit = std::min<long long>(serversPerUnit, servers - placed);
        for (long long s = 0; s < inUnit; s += perRack) {
            Rack &r = b.addRack(numbered("C", ++rackNo), rack.id);
            const int n = int(std::min<long long>(perRack, inUnit - s));
            r.contents.push_back({server.id, 2, n, SwitchRole::None});
        }
        placed += inUnit;
        // The unit's leaves (one per rail, or the one switch) in network racks at the row's end.
        long long left = leavesPerUnit;
        while (left > 0) {
            const int n = int(std::min<long long>(left, kSwitchesPerNetworkRack));
            Rack &r = b.addRack(numbered("L", ++leafRackNo), rack.id);
            r.contents.push_back({sw.id, 2, n, SwitchRole::Leaf});
            left -= n;
        }
        if (oneRow)
            addStorageRacks(b, catalog, servers * gpusPerServer, {});
        wireFacility(b, d, false);
    }
    if (!oneRow)
        addCoreRows(b, d, catalog, fabric, sw.id, servers * gpusPerServer, int(racksPerUnit + 1));
    addUps(d, catalog, b);
    fitHall(d);
    // The spare pool: whole installed servers kept out of the job, cabled and powered like the
    // others so that a failed server's share moves to one at restart.
    if (o.spareServerFraction > 0) {
        const long long pool = std::llround(double(servers) * o.spareServerFraction);
        d.reliability.spareServers = int(std::min<long long>(pool, servers - 1));
        if (d.reliability.spareServers > 0)
            d.description += " " + std::to_string(d.reliability.spareServers) + " of the servers ("
                             + std::to_string(d.reliability.spareServers * gpusPerServer)
                             + " GPUs) " + (d.reliability.spareServers == 1 ? "is" : "are") + " a spare pool.";
    }
    return d;
}

Design supernode(const TemplateOptions &o, const Catalog &catalog)
{
    const std::string gpuId = o.gpuId.empty() ? "gb200" : o.gpuId;
    need(catalog, gpuId, PartKind::Accelerator);
    const CatalogEntry &node = nodeFor(catalog, PartKind::Supernode, gpuId, "gb200-nvl72");
    const CatalogEntry &rack = need(catalog, "rack-48u-liquid", PartKind::Rack);
    const CatalogEntry &sw = need(catalog, "qm9700", PartKind::Switch);
    need(catalog, "rack-42u-air", PartKind::Rack);

    const long long perNode = std::llround(node.figure("gpus"));
    const long long gpus = o.gpus > 0 ? o.gpus : 1152;
    const long long nodes = (gpus + perNode - 1) / perNode;
    const int ports = int(sw.figure("ports"));
    const int down = ports / 2;
    const long long nics = std::llround(node.figure("nics"));
    // 8 racks per scalable unit (DGX SuperPOD GB200: 576 GPUs per SU); classic leaf/spine:
    // a supernode's own NVLink domain makes rail alignment across racks unnecessary.
    constexpr long long kRacksPerUnit = 8;
    const long long units = (nodes + kRacksPerUnit - 1) / kRacksPerUnit;
    // One supernode is one NVLink domain: its job never leaves it, so no scale-out switches (its
    // NICs stay uncabled until a second rack joins). One switch when it holds every NIC.
    const bool noFabric = nodes == 1;
    const bool oneSwitch = !noFabric && fitsOneSwitch(nodes * nics, ports);
    const auto leavesOf = [&](long long inUnit) {
        return noFabric ? 0LL : oneSwitch ? 1LL : (inUnit * nics + down - 1) / down;
    };
    long long leaves = 0;
    for (long long unit = 0; unit < units; ++unit)
        leaves += leavesOf(std::min(kRacksPerUnit, nodes - unit * kRacksPerUnit));
    const long long firstUnit = std::min(kRacksPerUnit, nodes), firstLeaves = std::max(1LL, leavesOf(firstUnit));
    const Fabric fabric =
        planFabric({nodes * nics, leaves, ports, (firstUnit * nics + firstLeaves - 1) / firstLeaves, o.taper});

    Design d;
    d.name = "Supernode " + std::to_string(nodes * perNode) + "-GPU " + node.name + " cluster";
    const std::string split = " (" + std::to_string(perNode - std::llround(node.figure("spare_gpus")))
                              + " working + " + std::to_string(std::llround(node.figure("spare_gpus"))) + " spare)";
    if (noFabric)
        d.description = "One " + std::to_string(perNode) + "-GPU liquid-cooled scale-up rack" + split
                        + ": the job trains on its NVLink domain alone, so the design has no scale-out fabric"
                          " (no leaf or spine switches).";
    else
        d.description = std::to_string(perNode) + "-GPU liquid-cooled scale-up racks" + split
                        + (oneSwitch ? " on a single " + sw.name + " (one tier)."
                                     : " on a " + nonBlockingWord(fabric.leafTaper)
                                           + "leaf/spine fabric of " + sw.name + " (" + std::to_string(fabric.tiers)
                                           + " tiers" + taperWords(fabric.leafTaper) + ").");
    d.fabric.topology = TopologyKind::LeafSpine;
    d.fabric.tiers = fabric.tiers;
    d.fabric.switchId = sw.id;
    d.fabric.shortCableId = "dac-400g";
    d.fabric.longCableId = "sr4-400g";

    const long long leafRacksPerUnit = ((kRacksPerUnit * nics + down - 1) / down + kSwitchesPerNetworkRack - 1)
                                       / kSwitchesPerNetworkRack;
    Builder b(d, catalog);
    b.setShape(double(kRacksPerUnit + leafRacksPerUnit), units + units / 4 + 2, 8.0);
    const bool oneRow = fitsOneRow(units, fabric);
    long long rackNo = 0, leafRackNo = 0;
    for (long long unit = 0; unit < units; ++unit) {
        b.newRow();
        const long long inUnit = std::min(kRacksPerUnit, nodes - unit * kRacksPerUnit);
        for (long long s = 0; s < inUnit; ++s) {
            Rack &r = b.addRack(numbered("S", ++rackNo), rack.id);
            r.contents.push_back({node.id, 1, 1, SwitchRole::None});
        }
        long long left = leavesOf(inUnit);
        while (left > 0) {
            const int n = int(std::min<long long>(left, kSwitchesPerNetworkRack));
            Rack &r = b.addRack(numbered("L", ++leafRackNo), "rack-42u-air");
            r.contents.push_back({sw.id, 2, n, SwitchRole::Leaf});
            left -= n;
        }
        if (oneRow)
            addStorageRacks(b, catalog, nodes * perNode, {});
        wireFacility(b, d, true);
    }
    if (!oneRow)
        addCoreRows(b, d, catalog, fabric, sw.id, nodes * perNode, int(kRacksPerUnit + leafRacksPerUnit));
    addUps(d, catalog, b);
    fitHall(d);
    return d;
}


// A gigawatt campus: halls on a grid of cells with roads between them, the network hall(s) in the
// middle so that every hall's fibre runs to the spines are about equally long.
constexpr double kRoadM = 10.0;

/// The first supernode built on `gpuId` (the catalog's NVL72 for a GB200), or none.
const CatalogEntry *supernodeFor(const Catalog &catalog, const std::string &gpuId)
{
    if (const CatalogEntry *p = catalog.find("gb200-nvl72");
        p && p->kind == PartKind::Supernode && p->ref("accelerator") == gpuId)
        return p;
    for (const CatalogEntry *e : catalog.ofKind(PartKind::Supernode))
        if (e->ref("accelerator") == gpuId)
            return e;
    return nullptr;
}

/// The sizes of a gigawatt campus: its node and rack, the fabric, and how units fill halls.
struct CampusPlan
{
    const CatalogEntry *sn = nullptr; ///< the supernode, or none for 8-GPU servers
    bool noFabric = false;  ///< one supernode: the job never leaves its NVLink domain
    bool oneSwitch = false; ///< one switch holds every NIC: a single tier
    const CatalogEntry *node = nullptr;
    const CatalogEntry *rack = nullptr;
    const CatalogEntry *sw = nullptr;
    const CatalogEntry *storage = nullptr;
    int storageU = 1;
    long long perNode = 0, nodes = 0, nics = 0;
    int down = 0;
    int perRack = 1;
    long long nodesPerUnit = 0, units = 0;
    Fabric fabric;
    long long unitsPerHall = 0, halls = 0, racksPerRow = 0, gpusPerHall = 0, rowsPerHall = 0;
    long long networkHalls = 0;

    /// Leaf switches of a scalable unit of `inUnit` nodes.
    long long leavesOf(long long inUnit) const
    {
        return noFabric ? 0 : oneSwitch ? 1 : sn ? (inUnit * nics + down - 1) / down : nics;
    }
};

/// Sizes the campus: nodes, racks, the fat tree, and the halls (compute and network) it needs.
CampusPlan planCampus(const TemplateOptions &o, const Catalog &catalog)
{
    CampusPlan c;
    const std::string gpuId = o.gpuId.empty() ? "gb200" : o.gpuId;
    need(catalog, gpuId, PartKind::Accelerator);
    c.sn = supernodeFor(catalog, gpuId);
    const CatalogEntry &node = c.sn ? *c.sn : nodeFor(catalog, PartKind::Server, gpuId, "dgx-b200");
    c.node = &node;
    const CatalogEntry &rack = need(catalog, c.sn ? "rack-48u-liquid" : "rack-42u-air", PartKind::Rack);
    c.rack = &rack;
    c.sw = &need(catalog, "qm9700", PartKind::Switch);
    need(catalog, "rack-42u-air", PartKind::Rack);
    c.storage = &need(catalog, "storage-nvme-2u", PartKind::Storage);
    c.storageU = std::max(1, int(c.storage->figure("height_u")));

    c.perNode = std::llround(node.figure("gpus"));
    const long long gpus = o.gpus > 0 ? o.gpus : 1'000'000;
    c.nodes = (gpus + c.perNode - 1) / c.perNode;
    const int ports = int(c.sw->figure("ports"));
    c.down = ports / 2;
    c.nics = std::llround(node.figure("nics"));
    // Nodes per rack and per scalable unit (one row): 8 supernode racks (DGX SuperPOD GB200,
    // 576 GPUs), or `down` servers on one leaf per rail (DGX SuperPOD H100), as the other templates.
    if (!c.sn) {
        const int serverU = std::max(1, int(std::lround(node.figure("height_u"))));
        const int byPower = int(rack.figure("max_power_kw") * 1000.0 / node.figure("power_max_w"));
        const int byHeight = (int(rack.figure("height_u")) - 2) / serverU;
        c.perRack = std::min({4, byPower, byHeight});
        if (c.perRack < 1)
            throw std::invalid_argument("a \"" + node.id + "\" does not fit the power limit of \"" + rack.id + "\"");
    }
    c.nodesPerUnit = c.sn ? 8 : c.down;
    c.units = (c.nodes + c.nodesPerUnit - 1) / c.nodesPerUnit;
    // Small campuses are sized as the other templates: no fabric for one supernode, and one
    // switch for a single unit whose NICs it holds.
    c.noFabric = c.sn && c.nodes == 1;
    c.oneSwitch = !c.noFabric && c.units == 1 && fitsOneSwitch(c.nodes * c.nics, ports);
    long long leaves = 0;
    for (long long unit = 0; unit < c.units; ++unit)
        leaves += c.leavesOf(std::min(c.nodesPerUnit, c.nodes - unit * c.nodesPerUnit));
    const long long firstUnit = std::min(c.nodesPerUnit, c.nodes), firstLeaves = std::max(1LL, c.leavesOf(firstUnit));
    c.fabric = planFabric({c.nodes * c.nics, leaves, ports, (firstUnit * c.nics + firstLeaves - 1) / firstLeaves, o.taper});

    // A hall is one super-pod: as many units as (k/2)³ NICs hold (at least one).
    const long long superPodNics = (long long)c.down * c.down * c.down;
    c.unitsPerHall = std::max(1LL, superPodNics / (c.nodesPerUnit * c.nics));
    c.halls = (c.units + c.unitsPerHall - 1) / c.unitsPerHall;
    const long long racksPerUnit = (c.nodesPerUnit + c.perRack - 1) / c.perRack;
    const long long leafRacksPerUnit =
        (c.leavesOf(c.nodesPerUnit) + kSwitchesPerNetworkRack - 1) / kSwitchesPerNetworkRack;
    c.racksPerRow = racksPerUnit + leafRacksPerUnit;
    c.gpusPerHall = c.unitsPerHall * c.nodesPerUnit * c.perNode;
    const long long storageRowsPerHall =
        ((c.gpusPerHall + kGpusPerStorageNode - 1) / kGpusPerStorageNode + kStorageNodesPerRack * c.racksPerRow - 1)
        / (kStorageNodesPerRack * c.racksPerRow);
    c.rowsPerHall = c.unitsPerHall + storageRowsPerHall;
    long long networkRacks = 0;
    for (size_t t = 1; t < c.fabric.perTier.size(); ++t)
        networkRacks += (c.fabric.perTier[t] + kSwitchesPerNetworkRack - 1) / kSwitchesPerNetworkRack;
    const long long networkRows = (networkRacks + c.racksPerRow - 1) / c.racksPerRow;
    c.networkHalls = networkRacks > 0 ? std::max(1LL, (networkRows + c.rowsPerHall - 1) / c.rowsPerHall) : 0;
    return c;
}

/// The campus's cells: which hold compute halls and which network halls, and where each lies.
struct CampusGrid
{
    double cellW = 0.0, cellD = 0.0;
    long long columns = 1;
    std::vector<long long> hallCells, networkCells;
    int hallDigits = 2;

    /// Starts hall `index` of the campus in `cell`, its rows named with `prefix`.
    void startCell(Builder &b, int index, long long cell, const std::string &prefix) const
    {
        b.startHall(index, prefix, kRoadM / 2 + double(cell % columns) * cellW, kRoadM / 2 + double(cell / columns) * cellD);
    }
};

/// Cells of a near-square campus; the network halls take the cells nearest its centre.
CampusGrid layOutCampus(const Builder &b, const CampusPlan &plan)
{
    CampusGrid g;
    g.cellW = b.hallWidth() + kRoadM;
    g.cellD = b.hallDepth(plan.rowsPerHall) + kRoadM;
    const double cellW = g.cellW, cellD = g.cellD;
    const long long cells = plan.halls + plan.networkHalls;
    const long long columns = std::max(1LL, (long long)std::ceil(std::sqrt(double(cells) * cellD / cellW)));
    g.columns = columns;
    const long long lines = (cells + columns - 1) / columns;
    std::vector<long long> order(size_t(columns * lines));
    for (size_t k = 0; k < order.size(); ++k)
        order[k] = (long long)k;
    const auto distance = [&](long long k) {
        const double dx = (double(k % columns) + 0.5) * cellW - columns * cellW / 2;
        const double dy = (double(k / columns) + 0.5) * cellD - lines * cellD / 2;
        return std::abs(dx) + std::abs(dy);
    };
    std::stable_sort(order.begin(), order.end(), [&](long long a, long long c) { return distance(a) < distance(c); });
    std::vector<bool> network(order.size(), false);
    for (long long k = 0; k < plan.networkHalls; ++k)
        network[size_t(order[size_t(k)])] = true;
    for (long long k = 0; k < columns * lines; ++k)
        (network[size_t(k)] ? g.networkCells : g.hallCells).push_back(k);
    g.hallDigits = plan.halls >= 100 ? 3 : 2;
    return g;
}

/// Fills the compute halls: one row per scalable unit (nodes, then its leaves), then storage.
void placeComputeHalls(Builder &b, Design &d, const CampusPlan &c, const CampusGrid &grid)
{
    const CatalogEntry *sn = c.sn;
    long long rackNo = 0, leafRackNo = 0, storageRackNo = 0, placed = 0;
    for (long long h = 0; h < c.halls; ++h) {
        grid.startCell(b, int(h), grid.hallCells[size_t(h)], numbered("H", h + 1, grid.hallDigits) + " ");
        long long hallGpus = 0;
        for (long long u = 0; u < c.unitsPerHall && placed < c.nodes; ++u) {
            b.newRow();
            const long long inUnit = std::min(c.nodesPerUnit, c.nodes - placed);
            for (long long s = 0; s < inUnit; s += c.perRack) {
                Rack &r = b.addRack(numbered(sn ? "S" : "C", ++rackNo, 5), c.rack->id);
                const int n = int(std::min<long long>(c.perRack, inUnit - s));
                r.contents.push_back({c.node->id, sn ? 1 : 2, n, SwitchRole::None});
            }
            placed += inUnit;
            hallGpus += inUnit * c.perNode;
            for (long long left = c.leavesOf(inUnit); left > 0;) {
                const int n = int(std::min<long long>(left, kSwitchesPerNetworkRack));
                Rack &r = b.addRack(numbered("L", ++leafRackNo, 4), "rack-42u-air");
                r.contents.push_back({c.sw->id, 2, n, SwitchRole::Leaf});
                left -= n;
            }
            wireFacility(b, d, sn != nullptr);
        }
        // The hall's storage (8 servers per 1,024 GPUs, as the other templates) in its last rows.
        long long storageNodes = (hallGpus + kGpusPerStorageNode - 1) / kGpusPerStorageNode;
        b.newRow();
        while (storageNodes > 0) {
            if ((long long)b.rowRacks().size() >= c.racksPerRow) {
                wireFacility(b, d, false);
                b.newRow();
            }
            const int n = int(std::min<long long>(storageNodes, kStorageNodesPerRack));
            Rack &r = b.addRack(numbered("ST", ++storageRackNo, 4), "rack-42u-air");
            r.contents.push_back({c.storage->id, 2, n, SwitchRole::None});
            r.contents.push_back({"sn5600", 2 + n * c.storageU + 1, kStorageSwitchesPerRack, SwitchRole::Storage});
            storageNodes -= n;
        }
        wireFacility(b, d, false);
    }
}

/// Spine, core and super-core switches in the network halls, row after row.
void placeNetworkHalls(Builder &b, Design &d, const CampusPlan &c, const CampusGrid &grid)
{
    if (c.networkHalls == 0)
        return; // a single tier: the leaves stand in the compute hall
    const long long halls = c.halls;
    long long networkRackNo = 0, netHall = 0, rowsInCell = 0;
    grid.startCell(b, int(halls), grid.networkCells[0], "N1 ");
    b.newRow();
    for (size_t t = 1; t < c.fabric.perTier.size(); ++t) {
        for (long long left = c.fabric.perTier[t]; left > 0;) {
            if ((long long)b.rowRacks().size() >= c.racksPerRow) {
                wireFacility(b, d, false);
                if (++rowsInCell >= c.rowsPerHall) {
                    ++netHall;
                    rowsInCell = 0;
                    grid.startCell(b, int(halls + netHall), grid.networkCells[size_t(netHall)],
                                   "N" + std::to_string(netHall + 1) + " ");
                }
                b.newRow();
            }
            const int n = int(std::min<long long>(left, kSwitchesPerNetworkRack));
            Rack &r = b.addRack(numbered("N", ++networkRackNo, 4), "rack-42u-air");
            r.contents.push_back({c.sw->id, 2, n, tierRole(int(t))});
            left -= n;
        }
    }
    wireFacility(b, d, false);
}

/// The campus's name and description (halls, network halls, fabric, IT nameplate), and its spares.
void describeCampus(Design &d, const CampusPlan &c, const Builder &b, const TemplateOptions &o)
{
    const CatalogEntry *sn = c.sn;
    const long long installed = c.nodes * c.perNode;
    double nameplateMw = 0;
    for (const Rack &r : d.racks)
        nameplateMw += b.rackMaxKw(r) / 1000.0;
    d.hall.name = "Campus";
    d.name = "Gigawatt " + std::to_string(installed) + "-GPU " + c.node->name + " campus";
    // A campus too small for spines has no network hall: its fabric is said in a few words.
    const std::string fabric =
        c.noFabric    ? "; no scale-out fabric (no leaf or spine switches): the job trains on one NVLink domain"
        : c.oneSwitch ? "; every NIC on a single " + c.sw->name + " (one tier, no spine)"
                      : " around " + std::to_string(c.networkHalls)
                            + " network hall(s) of spine, core and super-core switches; a "
                            + std::to_string(c.fabric.tiers) + "-tier " + nonBlockingWord(c.fabric.leafTaper)
                            + "fat tree of " + c.sw->name + taperWords(c.fabric.leafTaper);
    // Below 10 MW a tenth of a megawatt matters (one NVL72 is 0.13 MW).
    std::ostringstream mw;
    mw << std::fixed << std::setprecision(nameplateMw < 10 ? 1 : 0) << nameplateMw;
    d.description = std::to_string(c.halls) + (c.halls == 1 ? " hall" : " halls") + " of up to "
                    + std::to_string(c.gpusPerHall) + " GPUs ("
                    + (sn ? std::to_string(c.perNode) + "-GPU liquid-cooled supernode racks"
                          : std::to_string(c.perRack) + " 8-GPU servers per air-cooled rack")
                    + ", one super-pod each)" + fabric + "; " + mw.str() + " MW IT nameplate.";
    if (!sn && o.spareServerFraction > 0) {
        const long long pool = std::llround(double(c.nodes) * o.spareServerFraction);
        d.reliability.spareServers = int(std::min<long long>(pool, c.nodes - 1));
    }
}

/// Gigawatt campus: a million GPUs and more as one design. Supernode racks (72 GPUs, liquid) when
/// the catalog has a supernode for the accelerator, else 8-GPU servers (4 per air-cooled rack, as
/// the classic template). Scalable units of one row each are grouped into halls of one super-pod
/// ((k/2)³ NICs of a 4-tier fat tree: 32,768 for 64-port switches), each hall with its own storage
/// rows, busways, CDUs, CRAHs and UPS blocks; the spine, core and super-core switches stand in
/// central network halls. Halls and network halls tile a near-square grid of cells.
Design gigawatt(const TemplateOptions &o, const Catalog &catalog)
{
    const CampusPlan plan = planCampus(o, catalog);

    Design d;
    d.fabric.topology = plan.sn ? TopologyKind::LeafSpine : TopologyKind::RailOptimized;
    d.fabric.tiers = plan.fabric.tiers;
    d.fabric.switchId = plan.sw->id;
    d.fabric.shortCableId = "dac-400g";
    d.fabric.longCableId = "sr4-400g";

    Builder b(d, catalog);
    b.setShape(double(plan.racksPerRow), plan.rowsPerHall, plan.sn ? 8.0 : 4.0);
    const CampusGrid grid = layOutCampus(b, plan);
    placeComputeHalls(b, d, plan, grid);
    placeNetworkHalls(b, d, plan, grid);
    addUps(d, catalog, b);
    fitHall(d);
    describeCampus(d, plan, b, o);
    return d;
}

} // namespace

/// What a team running this design today would do: the batch follows the GPU count; a campus runs
/// one job per hall; the resilience policy is Llama 3's (2024) up to 32,768 GPUs per job and the
/// state of the art above, where Llama 3's restarts would leave most of the time lost
/// (docs/reliability.md, "Templates"). The description says which.
static void applyOperatingDefaults(Design &d, const TemplateOptions &o, const Catalog &catalog, long long gpus)
{
    d.workload.globalBatchTokens = 0.0; // automatic
    long long perJob = gpus;
    if (o.kind == "gigawatt") {
        const CampusPlan plan = planCampus(o, catalog);
        d.workload.jobs = int(std::max(1LL, plan.halls));
        perJob = plan.gpusPerHall;
        d.description += " Runs one training job per hall (" + std::to_string(d.workload.jobs) + " jobs).";
    }
    d.reliability.policy = perJob > kLlama3PolicyMaxGpus ? "state-of-the-art" : "llama3-2024";
    for (const PolicyPreset &p : resiliencePresets())
        if (p.policy.name == d.reliability.policy)
            d.description += " Resilience policy: " + p.label + " (" + p.description + ").";
}

/// A sample workload sized to the cluster: the Llama 3 shapes (Llama 3 paper, Table 3) of 8B,
/// 70B or 405B parameters, so that the sample trains on the GPUs it is given.
Workload sampleWorkload(long long gpus)
{
    Workload w; // 405B by default (design.h)
    if (gpus < 256) {
        w.name = "Llama-3-8B-like";
        w.layers = 32;
        w.hidden = 4096;
        w.heads = 32;
        w.kvHeads = 8;
        w.ffnHidden = 14336;
    } else if (gpus < 4096) {
        w.name = "Llama-3-70B-like";
        w.layers = 80;
        w.hidden = 8192;
        w.heads = 64;
        w.kvHeads = 8;
        w.ffnHidden = 28672;
    }
    return w;
}

Design generateTemplate(const TemplateOptions &options, const Catalog &catalog)
{
    if (options.gpus < 0)
        throw std::invalid_argument("--gpus must be positive");
    if (!(options.spareServerFraction >= 0 && options.spareServerFraction < 0.5))
        throw std::invalid_argument("the spare-server share must be from 0 to 0.5");
    if (!(options.taper >= 1.0 && options.taper <= kMaxTaper))
        throw std::invalid_argument("the taper must be from 1 (non-blocking) to " + std::to_string(int(kMaxTaper))
                                    + " (NIC ports per leaf uplink)");
    if (options.gpus > kMaxGpus)
        throw std::invalid_argument("--gpus " + std::to_string(options.gpus) + " is above the "
                                    + std::to_string(kMaxGpus) + " GPUs a template can generate");
    if (options.kind == "classic" || options.kind == "supernode" || options.kind == "gigawatt") {
        Design d = options.kind == "classic"     ? classic(options, catalog)
                   : options.kind == "supernode" ? supernode(options, catalog)
                                                 : gigawatt(options, catalog);
        long long gpus = 0;
        for (const Rack &r : d.racks)
            for (const Mount &m : r.contents)
                if (const CatalogEntry *e = catalog.find(m.catalogId);
                    e && (e->kind == PartKind::Server || e->kind == PartKind::Supernode))
                    gpus += std::llround(e->figure("gpus")) * m.count;
        d.workload = sampleWorkload(gpus);
        applyOperatingDefaults(d, options, catalog, gpus);
        return d;
    }
    throw std::invalid_argument("unknown template \"" + options.kind + "\" (classic, supernode or gigawatt)");
}

Design sampleDesign(const Catalog &catalog)
{
    Design d = generateTemplate({"classic", 1024, "h100-sxm"}, catalog);
    d.name = "Sample: 1,024 H100 GPUs, rail-optimised";
    return d;
}

} // namespace cp
