#pragma once

#include "model/edit/designedit.h"

#include <string>
#include <vector>

namespace cp {

class Catalog;

/// One physical device in a rack: a mount of `count` identical parts is `count` devices.
struct RackDevice
{
    size_t mount = 0;  ///< index into rack.contents
    int index = 0;     ///< which of the mount's stacked parts, from the bottom
    int u = 1;         ///< lowest U it occupies
    int heightU = 1;
    std::string catalogId;
    SwitchRole role = SwitchRole::None;
};

/// The devices of a rack, bottom up (a part the catalog does not know takes 1U).
std::vector<RackDevice> rackDevices(const Rack &rack, const Catalog &catalog);

/// The name a device goes by outside the tool (NetBox devices, Slurm nodes): its rack's id and
/// its lowest U, two digits at least, e.g. "C001-U02".
std::string deviceName(const std::string &rackId, int u);

/// What a rack's contents take of its limits: rack units, power (nameplate and at training load)
/// against the rack's rated kW, weight against its rated kg, and heat to air and to liquid
/// against the cooling units that serve the rack.
struct RackBudget
{
    int usedU = 0, heightU = 0;
    double typicalKw = 0.0, nameplateKw = 0.0, maxPowerKw = 0.0;
    double weightKg = 0.0, maxWeightKg = 0.0;
    double airHeatKw = 0.0, liquidHeatKw = 0.0;
    /// The rack's share of the air and liquid cooling units that serve it: each unit's capacity
    /// times its group's usable share (N: all, N+1: (n−1)/n, 2N: half), divided among the racks
    /// it serves. 0 when no unit of that kind serves the rack.
    double airCoolingKw = 0.0, liquidCoolingKw = 0.0;
};

/// The budget of design.racks[rackIndex] (all zero for a bad index); `utilisation` is the design's
/// finance utilisation, used for parts without a typical power figure.
RackBudget rackBudget(const Design &design, const Catalog &catalog, size_t rackIndex);

/// Mounts one `partCatalogId` with its lowest unit at `u`. Refused (with the reason) when the part
/// cannot be mounted, does not fit the rack's height, overlaps a device or overloads the rack.
Edit mountAt(const Design &design, const Catalog &catalog, int rackIndex, const std::string &partCatalogId, int u);

/// Takes one device (the `index`th of mount `mountIndex`) out of a rack; a stack of identical
/// parts is split around it.
Edit unmountDevice(const Design &design, const Catalog &catalog, int rackIndex, int mountIndex, int index);

/// Moves one device to `toU` of rack `toRack` (the same rack or another): one step.
Edit moveDevice(const Design &design, const Catalog &catalog, int fromRack, int mountIndex, int index,
                int toRack, int toU);

} // namespace cp
