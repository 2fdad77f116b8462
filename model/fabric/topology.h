#pragma once

// The shape of the scale-out fabric as the racks on the floor form it, read from the design once
// and shared by the stages that need it: the fabric stage routes cables over it, the reliability
// stage counts what a leaf takes down, the failure-domain index points at its groups.
//
// The rules that decide the shape live here and nowhere else:
// - a rack's scale-up domain is its largest node (an 8-GPU server, a 72-GPU supernode);
// - leaf groups: the leaf racks of a row serve that row's racks with NICs; a row without leaves
//   attaches to the row of the nearest leaf rack (by cable route); groups are ordered by row
//   number ("Row 9" before "Row 10");
// - switch tiers bottom up (leaf, spine, core, super-core), named by tierName();
// - pods: consecutive leaf groups whose endpoints one set of spines serves, (k/2)² endpoints each
//   with a core tier, and super-pods of (k/2)³ with a fourth tier.
//
// A new fabric kind (dragonfly groups, rail-only domains, a torus from a plugin) adds its grouping
// here: a step in buildTopology() that fills its own fields of Topology from the racks (as
// formLeafGroups() and formPods() do for the Clos fabrics), selected by Design::fabric.topology.
// The stages then read those groups instead of forming their own, so the fabric, reliability and
// failure-domain figures of the new kind agree by construction.

#include "model/core/design.h"

#include <string>
#include <vector>

namespace cp {

class Catalog;

/// Number of switch tiers the fabric knows: leaf, spine, core, super-core.
constexpr int kSwitchTiers = 4;

/// The name of the switches of tier `level` (0 = leaf … 3 = super-core) as the results count them
/// (InventoryResults::switchesByTier): "leaf", "spine", "core", "super_core"; empty out of range.
const std::string &tierName(int level);

/// The name of the links from tier `level` down (0 = NIC to leaf … 3 = core to super-core) as
/// FabricResults::linksByTier and CableRun::tier name them: "endpoint", "leaf-spine",
/// "spine-core", "core-super-core"; empty out of range.
const std::string &linkTierName(int level);

/// The reliability stage's failure kind of the links from tier `level` down: "link_" and the
/// link tier's name with '_' for '-' ("link_endpoint", "link_leaf_spine", "link_spine_core").
std::string linkFailureKind(int level);

/// Every switch tier's name bottom up (tierName of 0 … kSwitchTiers − 1).
const std::vector<std::string> &switchTierNames();

/// The tier level of a switch role (0 = leaf … 3 = super-core); -1 for a role outside the
/// compute fabric (storage, management, none).
int tierLevel(SwitchRole role);

/// Less-than for row names in the order people number them: "Row 9" < "Row 10" < "Row 100"
/// (runs of digits compared as numbers).
struct NaturalLess
{
    bool operator()(const std::string &a, const std::string &b) const;
};

/// What one rack of the design brings to the fabric.
struct TopologyRack
{
    long long gpus = 0;            ///< installed, spares included
    long long nics = 0;            ///< scale-out NICs of its servers and supernodes
    long long domainGpus = 0;      ///< GPUs of its largest scale-up domain; 0 without GPUs
    bool supernode = false;        ///< that largest domain is a supernode (else a server)
    long long switches[kSwitchTiers] = {}; ///< fabric switches it holds, by tier level
};

/// The racks of one switch tier.
struct TopologyTier
{
    int level = 0;
    long long switches = 0;        ///< in all racks
    std::vector<int> racks;        ///< racks holding switches of the tier, design order
};

/// Racks sharing leaf switches: the leaf racks of a row and the racks whose NICs attach to them.
struct LeafGroup
{
    std::string row;
    std::vector<int> leafRacks;    ///< racks holding its leaf switches, design order
    std::vector<int> racks;        ///< racks with NICs attached to it, design order
    long long leaves = 0;          ///< leaf switches
    long long nics = 0;            ///< NICs of the attached racks
    long long gpus = 0;            ///< GPUs of the attached racks
    int pod = 0;                   ///< pod of the group (0 without a core tier)
    int superPod = 0;              ///< super-pod of the group (0 without a fourth tier)
};

/// The fabric's racks, tiers, leaf groups and pods, built once per design by buildTopology().
struct Topology
{
    std::vector<TopologyRack> racks;        ///< one per rack of the design
    TopologyTier tiers[kSwitchTiers];       ///< by level, present or not
    std::vector<LeafGroup> leafGroups;      ///< by row number
    std::vector<int> rackGroup;             ///< leaf group a rack's NICs attach to; -1 if none
    std::vector<int> leafGroupOfRack;       ///< leaf group whose leaf switches the rack holds; -1 if none
    /// The leaf groups by their first leaf rack in the design: the order the reliability stage
    /// and the failure-domain lists have always visited them in (their sums and ties follow it).
    std::vector<int> groupsInDesignOrder;
    int pods = 0;                           ///< pods the leaf groups form (1 without a core tier)
    int radix = 0;                          ///< ports of the design's fabric switch; 0 if unknown
    long long gpus = 0;                     ///< in all racks
    long long nics = 0;                     ///< in all racks

    /// Switch tiers present in the racks.
    int tierCount() const;
    /// The names of the tiers present, bottom up.
    std::vector<std::string> tierNames() const;
    /// The racks of leaf group `g` and its leaf racks, sorted, each once.
    std::vector<int> groupRacksSorted(int g) const;
};

// Cable routes run up to an overhead tray, along it and down again: a Manhattan route with 10 %
// slack for bends and service loops, plus 3 m of rise and drop (assumption, docs/model.md).
// Two ports in the same rack take a 2 m patch lead.
constexpr double kRouteSlack = 1.1;
constexpr double kRiseAndDropM = 3.0;
constexpr double kSameRackM = 2.0;

/// Cable route between two racks (m). The fabric stage sizes cables by it, and a rack's nearest
/// leaf rack is the one it finds shortest.
double routeM(const Rack &a, const Rack &b);

/// Reads the racks of `design` into a Topology: what each holds, the switch tiers, the leaf groups
/// and the pods. Linear in the racks, plus racks without leaves × leaf racks for the nearest leaf.
Topology buildTopology(const Design &design, const Catalog &catalog);

} // namespace cp
