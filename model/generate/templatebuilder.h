#pragma once

#include "model/core/catalog.h"
#include "model/core/design.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace cp {

/// The layout and sizing steps the design templates share (not part of the API).
namespace generate {

// Layout constants (metres). A rack is 0.6 m wide and 1.2 m deep; rows face each other across
// 1.2 m hot and cold aisles, so one row every 2.4 m; a 3 m cross aisle separates blocks of rows.
inline constexpr double kMargin = 3.0;
inline constexpr double kAisle = 1.2;
inline constexpr double kCrossAisle = 3.0;
inline constexpr int kRowsPerBlock = 16;
inline constexpr double kBlockDepth = kRowsPerBlock * (1.2 + kAisle) + kCrossAisle;
// Switches per network rack: 1U switches with room for cable management and patch panels.
inline constexpr int kSwitchesPerNetworkRack = 16;
// Storage: at least 8 storage servers per 1,024 H100 (SemiAnalysis, AI Neocloud Playbook).
inline constexpr int kGpusPerStorageNode = 128;
inline constexpr int kStorageNodesPerRack = 16;
inline constexpr int kStorageSwitchesPerRack = 2;

/// `prefix` followed by `n` zero-padded to `width` digits ("C001").
std::string numbered(const char *prefix, long long n, int width = 3);
/// The catalog entry `id`, which must be of `kind`; throws std::invalid_argument otherwise.
const CatalogEntry &need(const Catalog &catalog, const std::string &id, PartKind kind);
/// The node (server or supernode) of `kind` built around accelerator `gpuId`.
const CatalogEntry &nodeFor(const Catalog &catalog, PartKind kind, const std::string &gpuId,
                            const std::string &preferred);
/// What a fat tree must connect: `endpoints` NIC ports on `leaves` leaf switches of `ports`
/// ports, the most loaded leaf holding `fullestLeaf` NICs (a unit's leaves are alike and the
/// first unit is the fullest), with `taper` NIC ports per leaf uplink (1 = non-blocking, 2 = 2:1).
struct FabricNeeds
{
    long long endpoints = 0;
    long long leaves = 0;
    int ports = 0;
    long long fullestLeaf = 0;
    double taper = 1.0;
};
/// Switch counts per tier of a folded Clos (fat tree) of k-port switches, `tiers` tiers (see .cpp).
std::vector<long long> closTiers(const FabricNeeds &needs, int tiers);
/// Tiers of k-port switches a non-blocking fat tree needs for `endpoints` (at least 2).
int tiersFor(long long endpoints, int ports);
/// The switch role of fabric tier `tier` (0 = leaf).
SwitchRole tierRole(int tier);

/// Lays racks out in rows and blocks of rows, and wires power and cooling to them.
class Builder
{
public:
    Builder(Design &design, const Catalog &catalog) : mDesign(design), mCatalog(catalog) {}

    /// Starts a new row; rows alternate facing so that fronts share a cold aisle.
    void newRow();

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

    Rack &addRack(const std::string &id, const std::string &rackType);

    const std::vector<size_t> &rowRacks() const { return mRowRacks; }
    /// The power block (a hall's block of rows) of every rack added, in the design's order.
    const std::vector<int> &rackBlocks() const { return mRackBlock; }
    const std::string &blockName(int block) const { return mBlockNames.at(block); }
    double rowY() const { return mRowY; }
    double rowEndX() const { return mBlockX + 1.0 + mCol * 0.6; }
    int row() const { return mRow; }

    double rackMaxKw(const Rack &r) const;

    double rackLiquidKw(const Rack &r) const;

    /// Gives the current row's racks groups of units: 2N pairs (A and B), each pair serving a
    /// run of racks whose load fits one unit, or one N / N+1 group sized for the whole row.
    void wireRow(std::vector<FacilityUnit> &list, const std::string &unitId, const char *prefix,
                 double capacityKw, Redundancy redundancy, bool liquid);

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

/// The switch fabric of a template: endpoints, tiers and switches per tier (leaf first).
struct Fabric
{
    long long endpoints = 0;
    int tiers = 0;
    std::vector<long long> perTier;
    double leafTaper = 1.0; ///< NIC ports per spine port above the leaves (1 = non-blocking)
};

/// The storage racks for `gpus` GPUs (one NVMe node per kGpusPerStorageNode, with their
/// switches) in the current row, calling `roomInRow` (if any) before each rack.
void addStorageRacks(Builder &b, const Catalog &catalog, long long gpus, const std::function<void()> &roomInRow);
/// Whether a design of `units` scalable units on `fabric` is one row: one unit and no tier above
/// its leaves, so its storage stands in that row (no core rows with their own busways and CRAHs).
bool fitsOneRow(long long units, const Fabric &fabric);
/// Busways, and CDUs (liquid) and CRAHs, for the builder's current row.
void wireFacility(Builder &b, Design &design, bool liquid);
/// Places switch racks for tiers above the leaf, then storage, in the last rows; wires each.
void addCoreRows(Builder &b, Design &design, const Catalog &catalog, const Fabric &fabric,
                 const std::string &switchId, long long gpus, int racksPerRow);
/// One N+1 UPS group per block of rows, sized on the nameplate load of the block.
void addUps(Design &design, const Catalog &catalog, const Builder &b);
/// Sizes the hall to hold every rack and unit with a margin, on the grid.
void fitHall(Design &design);
/// Whether one `ports`-port switch holds every one of `endpoints` NIC ports on its own.
inline bool fitsOneSwitch(long long endpoints, int ports) { return endpoints > 0 && endpoints <= ports; }
/// The fat tree for `needs`. One leaf that holds every NIC is a single tier (no spine, so no
/// taper); no leaves at all is no scale-out fabric (every GPU in one scale-up domain): tiers 0
/// and no switches.
Fabric planFabric(const FabricNeeds &needs);
/// Words for a taper in a design's description: "" when non-blocking, else " with a 2:1 taper
/// at the leaves".
std::string taperWords(double taper);
/// "non-blocking " for a fabric without a taper, else "".
std::string nonBlockingWord(double taper);

} // namespace generate
} // namespace cp
