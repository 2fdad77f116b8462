#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cp {

class Catalog;
struct Design;
struct PowerResults;
struct Topology;

/// A part of a design the user can point at: a rack, a power unit or a cooling unit, by index
/// into Design::racks, Design::powerUnits or Design::coolingUnits.
struct PartRef
{
    enum class Kind { Rack, PowerUnit, CoolingUnit };
    Kind kind = Kind::Rack;
    int index = -1;
};

/// The wiring facts failure domains are read from, built once per design (linear in its size)
/// so that asking for one part's domain is a short walk over the racks it touches.
/// The leaf groups are the topology's (model/fabric/topology.h), indexed as Topology::leafGroups.
struct FailureDomainIndex
{
    std::shared_ptr<const Topology> topology; ///< the racks and leaf groups the index was read from
    std::vector<long long> rackGpus;       ///< GPUs installed per rack (spares included)
    std::vector<int> rackGroup;            ///< leaf group a rack's NICs attach to; -1 if none
    std::vector<int> leafGroupOfRack;      ///< group whose leaf switches the rack holds; -1 if none
    std::vector<std::string> groupNames;   ///< the row of each leaf group
    std::vector<std::vector<int>> groupRacks; ///< leaf racks and attached racks of each group, sorted
    std::vector<long long> groupGpus;      ///< GPUs of the racks attached to each group
    /// Per unit: one failure is carried by the rest of its redundant group (2N, N+1 and the
    /// survivors' capacity suffices), so it takes nothing down.
    std::vector<char> powerUnitHolds;
    std::vector<char> coolingUnitHolds;
    /// Per unit: its catalog kind's name ("pdu", "crah", …), as FailureDomainKind::kind names it;
    /// empty when the catalog does not know the unit.
    std::vector<std::string> powerUnitKinds;
    std::vector<std::string> coolingUnitKinds;
    /// Per rack: GPUs of its largest scale-up domain (an 8-GPU server, a 72-GPU supernode); 0
    /// without GPUs.
    std::vector<long long> rackDomainGpus;
    /// Per rack: the largest domain is a supernode (else a server).
    std::vector<char> rackSupernode;
};

/// Builds the index. `power` (the evaluation's power stage) tells whether a redundant group
/// can carry its load after a failure; without it redundancy alone decides. `topology` is the
/// one the fabric stage was built on (FabricResults::layout); without it one is built.
FailureDomainIndex buildFailureDomainIndex(const Design &design, const Catalog &catalog,
                                           const PowerResults *power = nullptr,
                                           std::shared_ptr<const Topology> topology = nullptr);

/// What one failure of a part takes down.
struct PartFailure
{
    std::string part;             ///< e.g. "power unit \"PDU-A1\"", "rack \"C004\""
    std::vector<int> racksDown;   ///< racks whose GPUs leave the job, sorted indexes
    std::vector<int> racksServed; ///< racks the part serves that redundancy keeps up, sorted
    long long gpusDown = 0;       ///< as the reliability stage counts them for this part
    bool redundant = false;       ///< the part's group carries the failure
};

/// The failure domain of one part:
/// - a power or cooling unit without redundancy (or whose group cannot carry the load): the racks
///   it serves, and whole leaf groups whose leaf racks it serves (their GPUs lose the fabric);
/// - a rack: its own GPUs, and the leaf group(s) whose leaf switches it holds.
/// An invalid reference gives an empty result.
PartFailure partFailure(const Design &design, const FailureDomainIndex &index, PartRef part);

/// One place on the plan where a kind of failure (FailureDomainKind::kind) strikes.
struct FailureInstance
{
    std::string label;            ///< e.g. "power unit \"PDU-A1\"", "leaf group R03", "rack \"C004\""
    PartRef::Kind partKind = PartRef::Kind::Rack; ///< what `parts` index
    std::vector<int> parts;       ///< the parts to select: one unit, the group's leaf racks, one rack
    std::vector<int> racksDown;   ///< sorted rack indexes, as partFailure gives them for units
    std::vector<int> racksServed; ///< sorted; served but kept up by redundancy
    long long gpusDown = 0;
    bool redundant = false;
};

/// The instances of a failure kind that have a place on the plan, most GPUs down first (ties in
/// design order):
/// - power and cooling kinds ("pdu", "busway", "crah", …): every unit of that catalog kind, with
///   its partFailure;
/// - "leaf": every leaf group, its leaf racks as the parts, its racks and GPUs as the reliability
///   stage counts them;
/// - node kinds ("gpu", "nic", "link_endpoint", "server", "compute_tray", "nvlink_switch_tray"):
///   the racks whose GPUs form a single scale-up domain (a supernode rack), where one failure
///   takes the whole rack; a rack of several 8-GPU servers is no single domain and is left out.
/// Any other kind (spine, core, links, software, storage_node) loses no GPUs in one place: empty.
/// Linear in the design's racks plus the racks the kind's units serve.
std::vector<FailureInstance> failureInstances(const Design &design, const FailureDomainIndex &index,
                                              const std::string &kind);

/// Whether failureInstances lists places for `kind` (its instances may still be none).
bool kindHasPlaces(const std::string &kind);

/// failureInstances of several kinds, by kind: built once per evaluation (in the GUI's worker
/// thread; a million-GPU campus has ~95,000 places).
using FailurePlaces = std::map<std::string, std::vector<FailureInstance>>;
FailurePlaces failurePlaces(const Design &design, const FailureDomainIndex &index,
                            const std::vector<std::string> &kinds);

} // namespace cp
