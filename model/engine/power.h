#pragma once

#include "model/engine/results.h"

#include <atomic>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace cp {

class Catalog;
struct Design;

/// What the rack stage leaves for the facility stage: each rack's loads, by index into
/// Design::racks, and their sums.
struct RackLoads
{
    std::unordered_map<std::string, size_t> rackIndex; ///< rack id -> index
    std::vector<double> typicalKw, maxKw, liquidKw, idleKw;
    std::map<std::string, long long> parts; ///< parts mounted in racks (units are added later)
    double itKw = 0, nameplateKw = 0, idleKwTotal = 0;
};

/// Inventory and rack power: counts every part mounted, each rack's power at training load,
/// nameplate and idle, and the racks' own problems (power and weight limits). Resets `inventory`,
/// the racks' part of `power`, `loads` and `problems`. Returns false when cancelled part-way (the
/// inventory then counts the racks seen so far).
bool rackPower(const Design &design, const Catalog &catalog, InventoryResults &inventory,
               PowerResults &power, RackLoads &loads, Problems &problems,
               const std::atomic<bool> *cancel);

/// Power and cooling units against their capacity, unfed racks, facility power and PUE, from the
/// racks' loads and the transceivers' power (`opticsKw`, the fabric's). Fills the units' part of
/// `inventory` and `power`; resets `problems`.
void facilityPower(const Design &design, const Catalog &catalog, const RackLoads &loads,
                   double opticsKw, InventoryResults &inventory, PowerResults &power,
                   Problems &problems);

} // namespace cp
