#include "model/generate/templatebuilder.h"

#include "model/core/catalog.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <iomanip>
#include <sstream>
#include <stdexcept>

namespace cp::generate {

std::string numbered(const char *prefix, long long n, int width)
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
/// A leaf with ports to spare may instead round its uplinks up to a multiple of the spine count;
/// without that, a prime number of uplinks per leaf (5 leaves of 29 NICs for two NVL72) asked for
/// a spine per uplink, 29 where 3 serve.
std::vector<long long> closTiers(const FabricNeeds &n, int tiers)
{
    std::vector<long long> counts{n.leaves};
    const long long ports = n.ports, half = ports / 2;
    // A taper of t leaves a leaf one uplink per t NICs (rounded up), so fewer spines above it.
    const auto up = [&](long long nics) { return (long long)std::ceil(double(nics) / n.taper - 1e-9); };
    if (tiers == 2) {
        const long long downPerLeaf = std::min(half, (n.endpoints + n.leaves - 1) / n.leaves);
        const long long perLeaf = up(downPerLeaf);
        const long long fullest = std::clamp(n.fullestLeaf, downPerLeaf, half);
        const long long fullestUp = up(fullest);
        const long long needed = (up(n.endpoints) + ports - 1) / ports;
        // A tapered leaf's uplinks fill the fewest spines that hold them (the fabric counts the
        // spine ports as the leaf-spine links, so even spreading would only blunt the taper).
        if (n.taper > 1.0) {
            counts.push_back(std::max(1LL, needed));
            return counts;
        }
        long long spines = perLeaf;
        for (long long s = std::max(1LL, needed); s <= perLeaf; ++s) {
            const long long linksPerSpine = (fullestUp + s - 1) / s; // from the fullest leaf, rounded up
            const bool padded = fullest + linksPerSpine * s <= ports && n.leaves * linksPerSpine <= ports;
            if (perLeaf % s == 0 || padded) {
                spines = s;
                break;
            }
        }
        counts.push_back(spines);
        return counts;
    }
    long long uplinks = up(n.endpoints);
    for (int t = 2; t <= tiers; ++t) {
        const bool top = t == tiers;
        const long long count = (uplinks + (top ? ports : half) - 1) / (top ? ports : half);
        counts.push_back(count);
        uplinks = count * half;
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

void Builder::newRow()
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

Rack &Builder::addRack(const std::string &id, const std::string &rackType)
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

double Builder::rackMaxKw(const Rack &r) const
{
    double w = 0;
    for (const Mount &m : r.contents)
        w += mCatalog.at(m.catalogId).figure("power_max_w") * m.count;
    return w / 1000.0;
}

double Builder::rackLiquidKw(const Rack &r) const
{
    double w = 0;
    for (const Mount &m : r.contents) {
        const CatalogEntry &e = mCatalog.at(m.catalogId);
        w += e.figure("power_max_w") * m.count * e.figure("liquid_fraction", 0.0);
    }
    return w / 1000.0;
}

void Builder::wireRow(std::vector<FacilityUnit> &list, const std::string &unitId, const char *prefix, double capacityKw, Redundancy redundancy, bool liquid)
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
    addStorageRacks(b, catalog, gpus, roomInRow);
    wireFacility(b, design, false);
}

void addStorageRacks(Builder &b, const Catalog &catalog, long long gpus, const std::function<void()> &roomInRow)
{
    const CatalogEntry &storage = need(catalog, "storage-nvme-2u", PartKind::Storage);
    const int storageU = std::max(1, int(storage.figure("height_u")));
    long long nodes = (gpus + kGpusPerStorageNode - 1) / kGpusPerStorageNode;
    int storageRack = 0;
    while (nodes > 0) {
        const int n = int(std::min<long long>(nodes, kStorageNodesPerRack));
        if (roomInRow)
            roomInRow();
        Rack &r = b.addRack(numbered("ST", ++storageRack), "rack-42u-air");
        r.contents.push_back({storage.id, 2, n, SwitchRole::None});
        r.contents.push_back({"sn5600", 2 + n * storageU + 1, kStorageSwitchesPerRack, SwitchRole::Storage});
        nodes -= n;
    }
}

bool fitsOneRow(long long units, const Fabric &fabric) { return units == 1 && fabric.perTier.size() <= 1; }

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
    // One UPS group per block of rows, N+1, sized on the nameplate load of the block: 1 MW
    // lineups, or two 250 kW modular frames for a block that one frame carries (a small design:
    // 64 GPUs draw ~90 kW, where two 1 MW lineups were 25 % of its CAPEX).
    const double upsKw = need(catalog, "ups-1mw", PartKind::Ups).figure("capacity_kw");
    const CatalogEntry *small = catalog.find("ups-250kw");
    const double smallKw = small && small->kind == PartKind::Ups ? small->figure("capacity_kw") : 0.0;
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
        const bool frames = loads[block] <= smallKw;
        const int units = frames ? 2 : int(std::ceil(loads[block] / upsKw)) + 1;
        for (int u = 0; u < units; ++u) {
            FacilityUnit f;
            f.id = numbered("UPS", ++n, 2);
            f.catalogId = frames ? "ups-250kw" : "ups-1mw";
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

Fabric planFabric(const FabricNeeds &needs)
{
    Fabric f;
    f.endpoints = needs.endpoints;
    // A spine above a switch that already holds every NIC would add only hops, optics and cost:
    // one switch is a single tier. Without leaves the job never leaves its scale-up domain.
    if (needs.leaves == 0)
        return f;
    if (needs.leaves == 1 && needs.endpoints <= needs.ports) {
        f.tiers = 1;
        f.perTier = {1};
        return f;
    }
    f.tiers = tiersFor(needs.endpoints, needs.ports);
    f.perTier = closTiers(needs, f.tiers);
    // The taper built: NIC ports over the spine ports facing the leaves (all of a top spine's, half
    // of one with a core above it), as the fabric evaluation counts them.
    const double spineDown = double(f.perTier[1]) * (f.tiers == 2 ? needs.ports : needs.ports / 2);
    f.leafTaper = std::max(1.0, double(needs.endpoints) / spineDown);
    return f;
}

namespace {
bool nonBlocking(double taper) { return taper <= 1.005; } // within rounding of 1:1
} // namespace

std::string nonBlockingWord(double taper) { return nonBlocking(taper) ? "non-blocking " : ""; }

std::string taperWords(double taper)
{
    if (nonBlocking(taper))
        return "";
    std::ostringstream s;
    s << std::setprecision(taper < 10 ? 2 : 3) << taper;
    return " with a " + s.str() + ":1 taper at the leaves";
}

} // namespace cp::generate
