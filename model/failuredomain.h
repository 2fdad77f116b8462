#pragma once

#include <string>
#include <vector>

namespace cp {

class Catalog;
struct Design;
struct PowerResults;

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
/// Leaf groups follow the reliability stage (model/reliability.cpp): the leaf racks of a row serve
/// that row's racks with NICs; a row without leaves attaches to the nearest leaf rack's row.
struct FailureDomainIndex
{
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
};

/// Builds the index. `power` (the evaluation's power stage) tells whether a redundant group
/// can carry its load after a failure; without it redundancy alone decides.
FailureDomainIndex buildFailureDomainIndex(const Design &design, const Catalog &catalog,
                                           const PowerResults *power = nullptr);

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

} // namespace cp
