#include "model/generate/templates.h"

#include "model/core/catalog.h"
#include "model/core/design.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace cp {

namespace {

// Layout constants (metres). A rack is 0.6 m wide and 1.2 m deep; rows face each other across
// 1.2 m hot and cold aisles, so one row every 2.4 m; a 3 m cross aisle separates blocks of rows.
constexpr double kMargin = 3.0;
constexpr double kAisle = 1.2;
constexpr double kCrossAisle = 3.0;
constexpr int kRowsPerBlock = 16;
constexpr double kBlockDepth = kRowsPerBlock * (1.2 + kAisle) + kCrossAisle;
// Switches per network rack: 1U switches with room for cable management and patch panels.
constexpr int kSwitchesPerNetworkRack = 16;
// Storage: at least 8 storage servers per 1,024 H100 (SemiAnalysis, AI Neocloud Playbook).
constexpr int kGpusPerStorageNode = 128;
constexpr int kStorageNodesPerRack = 16;
constexpr int kStorageSwitchesPerRack = 2;
// A plausible ceiling for generated designs; larger inputs are typos, not clusters.
constexpr long long kMaxGpus = 2'000'000;

std::string numbered(const char *prefix, long long n, int width = 3)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s%0*lld", prefix, width, n);
    return buf;
}

const CatalogEntry &need(const Catalog &catalog, const std::string &id, PartKind kind)
{
    const CatalogEntry *e = catalog.find(id);
    if (!e)
        throw std::invalid_argument("the catalog has no entry \"" + id + "\"");
    if (e->kind != kind)
        throw std::invalid_argument("catalog entry \"" + id + "\" is a " + partKindName(e->kind)
                                    + ", expected a " + partKindName(kind));
    return *e;
}

/// The node (server or supernode) of `kind` built around accelerator `gpuId`.
const CatalogEntry &nodeFor(const Catalog &catalog, PartKind kind, const std::string &gpuId,
                            const std::string &preferred)
{
    if (const CatalogEntry *p = catalog.find(preferred);
        p && p->kind == kind && (gpuId.empty() || p->ref("accelerator") == gpuId))
        return *p;
    for (const CatalogEntry *e : catalog.ofKind(kind))
        if (e->ref("accelerator") == gpuId)
            return *e;
    throw std::invalid_argument("the catalog has no " + std::string(partKindName(kind)) + " built on \""
                                + gpuId + "\"");
}

/// Switch counts per tier of a non-blocking folded Clos (fat tree) built from k-port switches:
/// every tier below the top uses k/2 ports down and k/2 up; the top uses all k down.
/// Capacity of L tiers is 2·(k/2)^L hosts (Al-Fares et al., SIGCOMM 2008). Each leaf has as many
/// uplinks as it has endpoints attached (non-blocking), so partly filled leaves need fewer spines.
/// In two tiers every leaf spreads its uplinks evenly over all spines, so the spine count is the
/// smallest divisor of a leaf's uplinks that gives enough spine ports: this is why the DGX
/// SuperPOD H100 reference has 16 spines, not the bare minimum of 12, for 3 units of 8 leaves.
std::vector<long long> closTiers(long long leaves, long long endpoints, int ports, int tiers)
{
    std::vector<long long> counts{leaves};
    const long long half = ports / 2;
    if (tiers == 2) {
        const long long perLeaf = std::min(half, (endpoints + leaves - 1) / leaves);
        const long long needed = (endpoints + ports - 1) / ports;
        long long spines = perLeaf;
        for (long long d = 1; d <= perLeaf; ++d)
            if (perLeaf % d == 0 && d >= needed) {
                spines = d;
                break;
            }
        counts.push_back(spines);
        return counts;
    }
    long long uplinks = endpoints;
    for (int t = 2; t <= tiers; ++t) {
        const bool top = t == tiers;
        const long long n = (uplinks + (top ? ports : half) - 1) / (top ? ports : half);
        counts.push_back(n);
        uplinks = n * half;
    }
    return counts;
}

int tiersFor(long long endpoints, int ports)
{
    const double half = ports / 2.0;
    int tiers = 2;
    while (2.0 * std::pow(half, tiers) < double(endpoints))
        ++tiers;
    return tiers;
}

SwitchRole tierRole(int tier)
{
    // A fourth tier (beyond (k/2)³·2 endpoints) sits above the core.
    return tier == 0 ? SwitchRole::Leaf : tier == 1 ? SwitchRole::Spine : tier == 2 ? SwitchRole::Core : SwitchRole::SuperCore;
}

/// Lays racks out in rows and blocks of rows, and wires power and cooling to them.
class Builder
{
public:
    Builder(Design &design, const Catalog &catalog) : mDesign(design), mCatalog(catalog) {}

    /// Starts a new row; rows alternate facing so that fronts share a cold aisle.
    void newRow()
    {
        ++mRow;
        ++mRowInHall;
        mCol = 0;
        mRowRacks.clear();
        // Blocks of rows tile the floor in a near-square grid so that large designs stay compact.
        const int block = (mRowInHall - 1) / kRowsPerBlock;
        const int inBlock = (mRowInHall - 1) % kRowsPerBlock;
        const int column = block % mBlocksPerLine;
        const int line = block / mBlocksPerLine;
        mRowY = mOriginY + kMargin + line * kBlockDepth + inBlock * (1.2 + kAisle) + 0.6;
        mBlockX = mOriginX + kMargin + column * (mBlockWidth + kCrossAisle);
        mRowName = mPrefix + numbered("Row ", mRowInHall, 2);
        mBlock = mHall * 100000 + block;
        mBlockName = mPrefix + "Block " + std::to_string(block + 1);
        mUnitsInRow = 0;
    }

    /// Starts a hall of a campus: later rows are laid out from (originX, originY) and named with
    /// `prefix` ("H01 Row 01"); power blocks are the hall's own.
    void startHall(int hall, const std::string &prefix, double originX, double originY)
    {
        mHall = hall;
        mPrefix = prefix;
        mOriginX = originX;
        mOriginY = originY;
        mRowInHall = 0;
    }

    /// Floor a hall of `rows` rows takes with the current shape, margins on both sides (metres).
    double hallWidth() const { return kMargin + mBlocksPerLine * (mBlockWidth + kCrossAisle) + kMargin; }
    double hallDepth(long long rows) const
    {
        const long long blocks = (rows + kRowsPerBlock - 1) / kRowsPerBlock;
        const long long lines = (blocks + mBlocksPerLine - 1) / mBlocksPerLine;
        return kMargin + double(lines) * kBlockDepth + kMargin;
    }

    /// Sets the width of a block (racks per row) and how many rows the design will have.
    void setShape(double racksPerRow, long long expectedRows, double unitRoomM)
    {
        mBlockWidth = racksPerRow * 0.6 + 2.0 + unitRoomM; // room for the row's power and cooling units
        const long long blocks = (expectedRows + kRowsPerBlock - 1) / kRowsPerBlock;
        mBlocksPerLine = std::max(1, int(std::ceil(std::sqrt(double(blocks)))));
    }

    Rack &addRack(const std::string &id, const std::string &rackType)
    {
        Rack r;
        r.id = id;
        r.catalogId = rackType;
        r.xM = mBlockX + 1.0 + mCol * 0.6 + 0.3;
        r.yM = mRowY;
        r.rotationDeg = (mRowInHall % 2 == 0) ? 180.0 : 0.0;
        r.row = mRowName;
        ++mCol;
        mDesign.racks.push_back(std::move(r));
        mRackBlock.push_back(mBlock);
        mBlockNames.emplace(mBlock, mBlockName);
        mRowRacks.push_back(mDesign.racks.size() - 1);
        return mDesign.racks.back();
    }

    const std::vector<size_t> &rowRacks() const { return mRowRacks; }
    /// The power block (a hall's block of rows) of every rack added, in the design's order.
    const std::vector<int> &rackBlocks() const { return mRackBlock; }
    const std::string &blockName(int block) const { return mBlockNames.at(block); }
    double rowY() const { return mRowY; }
    double rowEndX() const { return mBlockX + 1.0 + mCol * 0.6; }
    int row() const { return mRow; }

    double rackMaxKw(const Rack &r) const
    {
        double w = 0;
        for (const Mount &m : r.contents)
            w += mCatalog.at(m.catalogId).figure("power_max_w") * m.count;
        return w / 1000.0;
    }

    double rackLiquidKw(const Rack &r) const
    {
        double w = 0;
        for (const Mount &m : r.contents) {
            const CatalogEntry &e = mCatalog.at(m.catalogId);
            w += e.figure("power_max_w") * m.count * e.figure("liquid_fraction", 0.0);
        }
        return w / 1000.0;
    }

    /// Gives the current row's racks groups of units: 2N pairs (A and B), each pair serving a
    /// run of racks whose load fits one unit, or one N / N+1 group sized for the whole row.
    void wireRow(std::vector<FacilityUnit> &list, const std::string &unitId, const char *prefix,
                 double capacityKw, Redundancy redundancy, bool liquid)
    {
        std::vector<std::vector<std::string>> runs;
        std::vector<double> loads;
        double load = 0;
        for (size_t idx : mRowRacks) {
            const Rack &r = mDesign.racks[idx];
            const double kw = liquid ? rackLiquidKw(r)
                                     : (mLiquidOnly ? rackMaxKw(r) - rackLiquidKw(r) : rackMaxKw(r));
            // A 2N pair must carry its run alone, so runs are cut at one unit's capacity; N and
            // N+1 groups grow by adding units, so one group serves the whole row.
            const bool cut = redundancy == Redundancy::TwoN && load + kw > capacityKw;
            if (runs.empty() || cut) {
                runs.emplace_back();
                loads.push_back(0);
                load = 0;
            }
            runs.back().push_back(r.id);
            load += kw;
            loads.back() = load;
        }
        int n = 0;
        for (size_t k = 0; k < runs.size(); ++k) {
            if (loads[k] <= 0.0)
                continue;
            int units = 2;
            if (redundancy == Redundancy::NPlus1)
                units = int(std::ceil(loads[k] / capacityKw)) + 1;
            if (redundancy == Redundancy::N)
                units = int(std::ceil(loads[k] / capacityKw));
            const std::string group = mRowName + " " + prefix + " " + std::to_string(k + 1);
            for (int u = 0; u < units; ++u) {
                FacilityUnit f;
                f.id = numbered(prefix, mRow, 2) + "-" + std::to_string(++n);
                f.catalogId = unitId;
                f.xM = rowEndX() + 0.5 + 0.45 * mUnitsInRow++; // side by side past the row's end
                f.yM = mRowY;
                f.group = group;
                f.redundancy = redundancy;
                f.serves = runs[k];
                list.push_back(std::move(f));
            }
        }
    }

    /// Cooling units in air take only the air share of heat when the racks are liquid-cooled.
    void setAirShareOnly(bool on) { mLiquidOnly = on; }

private:
    Design &mDesign;
    const Catalog &mCatalog;
    int mRow = 0;
    int mRowInHall = 0;
    int mCol = 0;
    int mHall = 0;
    int mBlock = 0;
    std::string mPrefix;
    std::string mBlockName;
    double mOriginX = 0;
    double mOriginY = 0;
    std::vector<int> mRackBlock;
    std::map<int, std::string> mBlockNames;
    double mRowY = 0;
    double mBlockX = kMargin;
    double mBlockWidth = 12.0;
    int mBlocksPerLine = 1;
    int mUnitsInRow = 0;
    std::string mRowName;
    std::vector<size_t> mRowRacks;
    bool mLiquidOnly = false;
};

struct Fabric
{
    long long endpoints = 0;
    int tiers = 0;
    std::vector<long long> perTier;
};

void wireFacility(Builder &b, Design &design, bool liquid);

/// Places switch racks for tiers above the leaf, then storage, in the last rows; wires each.
void addCoreRows(Builder &b, Design &design, const Catalog &catalog, const Fabric &fabric,
                 const std::string &switchId, long long gpus, int racksPerRow)
{
    b.newRow();
    const auto roomInRow = [&] {
        if (int(b.rowRacks().size()) >= racksPerRow) {
            wireFacility(b, design, false);
            b.newRow();
        }
    };
    int networkRack = 0;
    for (size_t t = 1; t < fabric.perTier.size(); ++t) {
        long long left = fabric.perTier[t];
        while (left > 0) {
            const int n = int(std::min<long long>(left, kSwitchesPerNetworkRack));
            roomInRow();
            Rack &r = b.addRack(numbered("N", ++networkRack), "rack-42u-air");
            r.contents.push_back({switchId, 2, n, tierRole(int(t))});
            left -= n;
        }
    }
    const CatalogEntry &storage = need(catalog, "storage-nvme-2u", PartKind::Storage);
    const int storageU = std::max(1, int(storage.figure("height_u")));
    long long nodes = (gpus + kGpusPerStorageNode - 1) / kGpusPerStorageNode;
    int storageRack = 0;
    while (nodes > 0) {
        const int n = int(std::min<long long>(nodes, kStorageNodesPerRack));
        roomInRow();
        Rack &r = b.addRack(numbered("ST", ++storageRack), "rack-42u-air");
        r.contents.push_back({storage.id, 2, n, SwitchRole::None});
        r.contents.push_back({"sn5600", 2 + n * storageU + 1, kStorageSwitchesPerRack, SwitchRole::Storage});
        nodes -= n;
    }
    wireFacility(b, design, false);
}

void wireFacility(Builder &b, Design &design, bool liquid)
{
    b.wireRow(design.powerUnits, "busway-800a", "BW", 460.0, Redundancy::TwoN, false);
    if (liquid) {
        b.wireRow(design.coolingUnits, "cdu-inrow-600kw", "CDU", 600.0, Redundancy::NPlus1, true);
        b.setAirShareOnly(true);
    }
    b.wireRow(design.coolingUnits, "crah-250kw", "CRAH", 250.0, Redundancy::NPlus1, false);
    b.setAirShareOnly(false);
}

void addUps(Design &design, const Catalog &catalog, const Builder &b)
{
    // One UPS group per block of rows, N+1, sized on the nameplate load of the block.
    const double upsKw = need(catalog, "ups-1mw", PartKind::Ups).figure("capacity_kw");
    std::map<int, std::vector<std::string>> blocks;
    std::map<int, double> loads;
    std::map<int, double> blockX, blockY;
    for (size_t i = 0; i < design.racks.size(); ++i) {
        const Rack &r = design.racks[i];
        const int block = b.rackBlocks()[i];
        blocks[block].push_back(r.id);
        double w = 0;
        for (const Mount &m : r.contents)
            w += catalog.at(m.catalogId).figure("power_max_w") * m.count;
        loads[block] += w / 1000.0;
        blockX[block] = blockX.count(block) ? std::min(blockX[block], r.xM) : r.xM;
        blockY[block] = blockY.count(block) ? std::min(blockY[block], r.yM) : r.yM;
    }
    int n = 0;
    for (const auto &[block, racks] : blocks) {
        const int units = int(std::ceil(loads[block] / upsKw)) + 1;
        for (int u = 0; u < units; ++u) {
            FacilityUnit f;
            f.id = numbered("UPS", ++n, 2);
            f.catalogId = "ups-1mw";
            f.xM = blockX[block] + 0.5 + u * 1.0;
            f.yM = blockY[block] - 1.8; // in the cross aisle above the block
            f.group = b.blockName(block) + " UPS";
            f.redundancy = Redundancy::NPlus1;
            f.serves = racks;
            design.powerUnits.push_back(std::move(f));
        }
    }
}

void fitHall(Design &design)
{
    double maxX = 0, maxY = 0;
    for (const Rack &r : design.racks) {
        maxX = std::max(maxX, r.xM);
        maxY = std::max(maxY, r.yM);
    }
    for (const auto *list : {&design.powerUnits, &design.coolingUnits})
        for (const FacilityUnit &u : *list) {
            maxX = std::max(maxX, u.xM);
            maxY = std::max(maxY, u.yM);
        }
    design.hall.widthM = std::ceil((maxX + kMargin) / design.hall.gridM) * design.hall.gridM;
    design.hall.depthM = std::ceil((maxY + kMargin) / design.hall.gridM) * design.hall.gridM;
}

Fabric planFabric(long long endpoints, long long leaves, int ports)
{
    Fabric f;
    f.endpoints = endpoints;
    f.tiers = tiersFor(endpoints, ports);
    f.perTier = closTiers(leaves, endpoints, ports, f.tiers);
    return f;
}

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
    // Rail-optimised: one leaf per rail per scalable unit of `down` servers (DGX SuperPOD H100).
    const long long units = (servers + down - 1) / down;
    const Fabric fabric = planFabric(servers * rails, units * rails, ports);

    Design d;
    d.name = "Classic " + std::to_string(servers * gpusPerServer) + "-GPU " + server.name + " cluster";
    d.description = "8-GPU servers, " + std::to_string(perRack)
                    + " per air-cooled rack, on a rail-optimised non-blocking fat tree of "
                    + sw.name + " (" + std::to_string(fabric.tiers) + " tiers).";
    d.fabric.topology = TopologyKind::RailOptimized;
    d.fabric.tiers = fabric.tiers;
    d.fabric.switchId = sw.id;
    d.fabric.shortCableId = "dac-400g";
    d.fabric.longCableId = "sr4-400g";

    const long long racksPerUnit = (down + perRack - 1) / perRack;
    Builder b(d, catalog);
    b.setShape(double(racksPerUnit + (rails + kSwitchesPerNetworkRack - 1) / kSwitchesPerNetworkRack),
               units + units / 8 + 2, 4.0);
    long long placed = 0, rackNo = 0, leafRackNo = 0;
    for (long long unit = 0; unit < units; ++unit) {
        b.newRow();
        const long long inUnit = std::min<long long>(down, servers - placed);
        for (long long s = 0; s < inUnit; s += perRack) {
            Rack &r = b.addRack(numbered("C", ++rackNo), rack.id);
            const int n = int(std::min<long long>(perRack, inUnit - s));
            r.contents.push_back({server.id, 2, n, SwitchRole::None});
        }
        placed += inUnit;
        // The unit's leaves (one per rail) in network racks at the end of the row.
        long long left = rails;
        while (left > 0) {
            const int n = int(std::min<long long>(left, kSwitchesPerNetworkRack));
            Rack &r = b.addRack(numbered("L", ++leafRackNo), rack.id);
            r.contents.push_back({sw.id, 2, n, SwitchRole::Leaf});
            left -= n;
        }
        wireFacility(b, d, false);
    }
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
                             + " GPUs) are a spare pool.";
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
    long long leaves = 0;
    for (long long unit = 0; unit < units; ++unit) {
        const long long inUnit = std::min(kRacksPerUnit, nodes - unit * kRacksPerUnit);
        leaves += (inUnit * nics + down - 1) / down;
    }
    const Fabric fabric = planFabric(nodes * nics, leaves, ports);

    Design d;
    d.name = "Supernode " + std::to_string(nodes * perNode) + "-GPU " + node.name + " cluster";
    d.description = std::to_string(perNode) + "-GPU liquid-cooled scale-up racks ("
                    + std::to_string(perNode - std::llround(node.figure("spare_gpus"))) + " working + "
                    + std::to_string(std::llround(node.figure("spare_gpus")))
                    + " spare) on a non-blocking leaf/spine fabric of " + sw.name + " ("
                    + std::to_string(fabric.tiers) + " tiers).";
    d.fabric.topology = TopologyKind::LeafSpine;
    d.fabric.tiers = fabric.tiers;
    d.fabric.switchId = sw.id;
    d.fabric.shortCableId = "dac-400g";
    d.fabric.longCableId = "sr4-400g";

    const long long leafRacksPerUnit = ((kRacksPerUnit * nics + down - 1) / down + kSwitchesPerNetworkRack - 1)
                                       / kSwitchesPerNetworkRack;
    Builder b(d, catalog);
    b.setShape(double(kRacksPerUnit + leafRacksPerUnit), units + units / 4 + 2, 8.0);
    long long rackNo = 0, leafRackNo = 0;
    for (long long unit = 0; unit < units; ++unit) {
        b.newRow();
        const long long inUnit = std::min(kRacksPerUnit, nodes - unit * kRacksPerUnit);
        for (long long s = 0; s < inUnit; ++s) {
            Rack &r = b.addRack(numbered("S", ++rackNo), rack.id);
            r.contents.push_back({node.id, 1, 1, SwitchRole::None});
        }
        long long left = (inUnit * nics + down - 1) / down;
        while (left > 0) {
            const int n = int(std::min<long long>(left, kSwitchesPerNetworkRack));
            Rack &r = b.addRack(numbered("L", ++leafRackNo), "rack-42u-air");
            r.contents.push_back({sw.id, 2, n, SwitchRole::Leaf});
            left -= n;
        }
        wireFacility(b, d, true);
    }
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

/// Gigawatt campus: a million GPUs and more as one design. Supernode racks (72 GPUs, liquid) when
/// the catalog has a supernode for the accelerator, else 8-GPU servers (4 per air-cooled rack, as
/// the classic template). Scalable units of one row each are grouped into halls of one super-pod
/// ((k/2)³ NICs of a 4-tier fat tree: 32,768 for 64-port switches), each hall with its own storage
/// rows, busways, CDUs, CRAHs and UPS blocks; the spine, core and super-core switches stand in
/// central network halls. Halls and network halls tile a near-square grid of cells.
Design gigawatt(const TemplateOptions &o, const Catalog &catalog)
{
    const std::string gpuId = o.gpuId.empty() ? "gb200" : o.gpuId;
    need(catalog, gpuId, PartKind::Accelerator);
    const CatalogEntry *sn = supernodeFor(catalog, gpuId);
    const CatalogEntry &node = sn ? *sn : nodeFor(catalog, PartKind::Server, gpuId, "dgx-b200");
    const CatalogEntry &rack = need(catalog, sn ? "rack-48u-liquid" : "rack-42u-air", PartKind::Rack);
    const CatalogEntry &sw = need(catalog, "qm9700", PartKind::Switch);
    need(catalog, "rack-42u-air", PartKind::Rack);
    const CatalogEntry &storage = need(catalog, "storage-nvme-2u", PartKind::Storage);
    const int storageU = std::max(1, int(storage.figure("height_u")));

    const long long perNode = std::llround(node.figure("gpus"));
    const long long gpus = o.gpus > 0 ? o.gpus : 1'000'000;
    const long long nodes = (gpus + perNode - 1) / perNode;
    const int ports = int(sw.figure("ports"));
    const int down = ports / 2;
    const long long nics = std::llround(node.figure("nics"));
    // Nodes per rack and per scalable unit (one row): 8 supernode racks (DGX SuperPOD GB200,
    // 576 GPUs), or `down` servers on one leaf per rail (DGX SuperPOD H100), as the other templates.
    int perRack = 1;
    if (!sn) {
        const int serverU = std::max(1, int(std::lround(node.figure("height_u"))));
        const int byPower = int(rack.figure("max_power_kw") * 1000.0 / node.figure("power_max_w"));
        const int byHeight = (int(rack.figure("height_u")) - 2) / serverU;
        perRack = std::min({4, byPower, byHeight});
        if (perRack < 1)
            throw std::invalid_argument("a \"" + node.id + "\" does not fit the power limit of \"" + rack.id + "\"");
    }
    const long long nodesPerUnit = sn ? 8 : down;
    const long long units = (nodes + nodesPerUnit - 1) / nodesPerUnit;
    const auto leavesOf = [&](long long inUnit) { return sn ? (inUnit * nics + down - 1) / down : nics; };
    long long leaves = 0;
    for (long long unit = 0; unit < units; ++unit)
        leaves += leavesOf(std::min(nodesPerUnit, nodes - unit * nodesPerUnit));
    const Fabric fabric = planFabric(nodes * nics, leaves, ports);

    // A hall is one super-pod: as many units as (k/2)³ NICs hold (at least one).
    const long long superPodNics = (long long)down * down * down;
    const long long unitsPerHall = std::max(1LL, superPodNics / (nodesPerUnit * nics));
    const long long halls = (units + unitsPerHall - 1) / unitsPerHall;
    const long long racksPerUnit = (nodesPerUnit + perRack - 1) / perRack;
    const long long leafRacksPerUnit = (leavesOf(nodesPerUnit) + kSwitchesPerNetworkRack - 1) / kSwitchesPerNetworkRack;
    const long long racksPerRow = racksPerUnit + leafRacksPerUnit;
    const long long gpusPerHall = unitsPerHall * nodesPerUnit * perNode;
    const long long storageRowsPerHall =
        ((gpusPerHall + kGpusPerStorageNode - 1) / kGpusPerStorageNode + kStorageNodesPerRack * racksPerRow - 1)
        / (kStorageNodesPerRack * racksPerRow);
    const long long rowsPerHall = unitsPerHall + storageRowsPerHall;
    long long networkRacks = 0;
    for (size_t t = 1; t < fabric.perTier.size(); ++t)
        networkRacks += (fabric.perTier[t] + kSwitchesPerNetworkRack - 1) / kSwitchesPerNetworkRack;
    const long long networkRows = (networkRacks + racksPerRow - 1) / racksPerRow;
    const long long networkHalls = std::max(1LL, (networkRows + rowsPerHall - 1) / rowsPerHall);

    Design d;
    d.fabric.topology = sn ? TopologyKind::LeafSpine : TopologyKind::RailOptimized;
    d.fabric.tiers = fabric.tiers;
    d.fabric.switchId = sw.id;
    d.fabric.shortCableId = "dac-400g";
    d.fabric.longCableId = "sr4-400g";

    Builder b(d, catalog);
    b.setShape(double(racksPerRow), rowsPerHall, sn ? 8.0 : 4.0);
    // Cells of a near-square campus; the network halls take the cells nearest its centre.
    const double cellW = b.hallWidth() + kRoadM, cellD = b.hallDepth(rowsPerHall) + kRoadM;
    const long long cells = halls + networkHalls;
    const long long columns = std::max(1LL, (long long)std::ceil(std::sqrt(double(cells) * cellD / cellW)));
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
    for (long long k = 0; k < networkHalls; ++k)
        network[size_t(order[size_t(k)])] = true;
    std::vector<long long> hallCells, networkCells;
    for (long long k = 0; k < columns * lines; ++k)
        (network[size_t(k)] ? networkCells : hallCells).push_back(k);
    const int hallDigits = halls >= 100 ? 3 : 2;
    const auto startCell = [&](int index, long long cell, const std::string &prefix) {
        b.startHall(index, prefix, kRoadM / 2 + double(cell % columns) * cellW, kRoadM / 2 + double(cell / columns) * cellD);
    };

    long long rackNo = 0, leafRackNo = 0, storageRackNo = 0, placed = 0;
    for (long long h = 0; h < halls; ++h) {
        startCell(int(h), hallCells[size_t(h)], numbered("H", h + 1, hallDigits) + " ");
        long long hallGpus = 0;
        for (long long u = 0; u < unitsPerHall && placed < nodes; ++u) {
            b.newRow();
            const long long inUnit = std::min(nodesPerUnit, nodes - placed);
            for (long long s = 0; s < inUnit; s += perRack) {
                Rack &r = b.addRack(numbered(sn ? "S" : "C", ++rackNo, 5), rack.id);
                const int n = int(std::min<long long>(perRack, inUnit - s));
                r.contents.push_back({node.id, sn ? 1 : 2, n, SwitchRole::None});
            }
            placed += inUnit;
            hallGpus += inUnit * perNode;
            for (long long left = leavesOf(inUnit); left > 0;) {
                const int n = int(std::min<long long>(left, kSwitchesPerNetworkRack));
                Rack &r = b.addRack(numbered("L", ++leafRackNo, 4), "rack-42u-air");
                r.contents.push_back({sw.id, 2, n, SwitchRole::Leaf});
                left -= n;
            }
            wireFacility(b, d, sn != nullptr);
        }
        // The hall's storage (8 servers per 1,024 GPUs, as the other templates) in its last rows.
        long long storageNodes = (hallGpus + kGpusPerStorageNode - 1) / kGpusPerStorageNode;
        b.newRow();
        while (storageNodes > 0) {
            if ((long long)b.rowRacks().size() >= racksPerRow) {
                wireFacility(b, d, false);
                b.newRow();
            }
            const int n = int(std::min<long long>(storageNodes, kStorageNodesPerRack));
            Rack &r = b.addRack(numbered("ST", ++storageRackNo, 4), "rack-42u-air");
            r.contents.push_back({storage.id, 2, n, SwitchRole::None});
            r.contents.push_back({"sn5600", 2 + n * storageU + 1, kStorageSwitchesPerRack, SwitchRole::Storage});
            storageNodes -= n;
        }
        wireFacility(b, d, false);
    }
    // Spine, core and super-core switches in the network halls, row after row.
    long long networkRackNo = 0, netHall = 0, rowsInCell = 0;
    startCell(int(halls), networkCells[0], "N1 ");
    b.newRow();
    for (size_t t = 1; t < fabric.perTier.size(); ++t) {
        for (long long left = fabric.perTier[t]; left > 0;) {
            if ((long long)b.rowRacks().size() >= racksPerRow) {
                wireFacility(b, d, false);
                if (++rowsInCell >= rowsPerHall) {
                    ++netHall;
                    rowsInCell = 0;
                    startCell(int(halls + netHall), networkCells[size_t(netHall)], "N" + std::to_string(netHall + 1) + " ");
                }
                b.newRow();
            }
            const int n = int(std::min<long long>(left, kSwitchesPerNetworkRack));
            Rack &r = b.addRack(numbered("N", ++networkRackNo, 4), "rack-42u-air");
            r.contents.push_back({sw.id, 2, n, tierRole(int(t))});
            left -= n;
        }
    }
    wireFacility(b, d, false);
    addUps(d, catalog, b);
    fitHall(d);

    const long long installed = nodes * perNode;
    double nameplateMw = 0;
    for (const Rack &r : d.racks)
        nameplateMw += b.rackMaxKw(r) / 1000.0;
    d.hall.name = "Campus";
    d.name = "Gigawatt " + std::to_string(installed) + "-GPU " + node.name + " campus";
    d.description = std::to_string(halls) + " halls of up to " + std::to_string(gpusPerHall) + " GPUs ("
                    + (sn ? std::to_string(perNode) + "-GPU liquid-cooled supernode racks"
                          : std::to_string(perRack) + " 8-GPU servers per air-cooled rack")
                    + ", one super-pod each) around " + std::to_string(networkHalls)
                    + " network hall(s) of spine, core and super-core switches; a " + std::to_string(fabric.tiers)
                    + "-tier non-blocking fat tree of " + sw.name + "; "
                    + std::to_string(std::llround(nameplateMw)) + " MW IT nameplate.";
    if (!sn && o.spareServerFraction > 0) {
        const long long pool = std::llround(double(nodes) * o.spareServerFraction);
        d.reliability.spareServers = int(std::min<long long>(pool, nodes - 1));
    }
    return d;
}

} // namespace

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
