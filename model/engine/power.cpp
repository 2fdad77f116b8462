#include "model/engine/power.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/fabric/topology.h"

#include <algorithm>
#include <cmath>

namespace cp {

namespace {

bool cancelled(const std::atomic<bool> *cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

// Floor area a rack accounts for: its own footprint plus half of the cold aisle in front and half
// of the hot aisle behind, at the rack's width. 1.2 m aisles (the templates' layout; ASHRAE TC 9.9
// hot/cold-aisle practice of two floor tiles) give 0.6 m × (1.2 + 1.2) m = 1.44 m² for a 0.6 × 1.2 m rack.
constexpr double kAisleShareDepthM = 1.2;

// Cooling overhead per kW of heat removed, by the path the heat takes. Assumptions documented in
// docs/results.md: chilled-water CRAH air cooling ~0.35 kW/kW, rear-door heat exchangers ~0.25,
// direct liquid cooling with warm water ~0.10; plus power-distribution losses from UPS efficiency
// and ~2 % for lighting and building loads. They reproduce PUE ~1.4 for air-cooled halls (Uptime
// Institute industry average 1.56–1.58 includes older sites) and ~1.15–1.2 for liquid (hyperscale
// 1.1–1.2).
constexpr double kAirOverhead = 0.35;
constexpr double kRearDoorOverhead = 0.25;
constexpr double kLiquidOverhead = 0.10;
constexpr double kBuildingOverhead = 0.02;
constexpr double kDefaultUpsEfficiency = 0.96;

/// Load per unit after the worst single failure of its group: 2N — one side carries all;
/// N+1 — the load spreads over n−1 units; N — over n units.
double loadPerUnit(double groupLoad, int units, Redundancy redundancy)
{
    if (units <= 0)
        return groupLoad;
    switch (redundancy) {
    case Redundancy::TwoN: return groupLoad / std::max(1, units / 2);
    case Redundancy::NPlus1: return groupLoad / std::max(1, units - 1);
    case Redundancy::N: return groupLoad / units;
    }
    return groupLoad;
}

/// Catalog figures of a part, read once per part, not once per mount: a million-GPU design mounts
/// ~40k times.
struct PartFigures
{
    const CatalogEntry *entry;
    double typicalW, nameplateW, idleW, weightKg, liquidFraction;
    long long gpus, spareGpus, nics;
    std::string nicId, gpuId;
};

/// The figures of each part met so far, by catalog id.
class PartFigureCache
{
public:
    PartFigureCache(const Catalog &catalog, double utilisation) : mCatalog(catalog), mUtilisation(utilisation) {}

    /// The part's figures, or null when the catalog does not know it.
    const PartFigures *find(const std::string &id)
    {
        auto it = mFigures.find(id);
        if (it == mFigures.end()) {
            const CatalogEntry *e = mCatalog.find(id);
            if (!e)
                return nullptr;
            const double util = mUtilisation;
            it = mFigures.emplace(id, PartFigures{e, partTypicalW(*e, util), partNameplateW(*e), partIdleW(*e, util),
                                                  e->figure("weight_kg"), e->figure("liquid_fraction", 0.0),
                                                  std::llround(e->figure("gpus")), std::llround(e->figure("spare_gpus")),
                                                  std::llround(e->figure("nics")), e->ref("nic"), e->ref("accelerator")})
                     .first;
        }
        return &it->second;
    }

private:
    const Catalog &mCatalog;
    double mUtilisation;
    std::unordered_map<std::string, PartFigures> mFigures;
};

/// What the parts of one rack make it: compute, network or storage.
struct RackKinds
{
    bool compute = false, network = false, storage = false;
};

/// Counts `n` of a mounted part into the inventory and the rack's loads.
void countMount(const Design &design, const Mount &m, const PartFigures &f, long long n, size_t i,
                InventoryResults &inv, RackLoads &loads, double &weightKg, RackKinds &kinds)
{
    const CatalogEntry *e = f.entry;
    inv.partsByCatalogId[e->id] += n;
    loads.typicalKw[i] += f.typicalW * n / 1000.0;
    loads.maxKw[i] += f.nameplateW * n / 1000.0;
    loads.idleKw[i] += f.idleW * n / 1000.0;
    weightKg += f.weightKg * double(n); // parts without a weight count 0
    loads.liquidKw[i] += f.typicalW * n * f.liquidFraction / 1000.0;
    switch (e->kind) {
    case PartKind::Server:
    case PartKind::Supernode: {
        kinds.compute = true;
        const long long g = f.gpus * n;
        long long spare = e->kind == PartKind::Supernode ? f.spareGpus * n : 0;
        if (e->kind == PartKind::Supernode && design.reliability.hotSparesPerDomain >= 0)
            spare = std::min<long long>(design.reliability.hotSparesPerDomain, f.gpus) * n;
        inv.gpusTotal += g;
        inv.gpusSpare += spare;
        inv.nics += f.nics * n;
        (e->kind == PartKind::Server ? inv.servers : inv.supernodes) += n;
        if (!f.nicId.empty())
            inv.partsByCatalogId[f.nicId] += f.nics * n;
        if (!f.gpuId.empty())
            inv.partsByCatalogId[f.gpuId] += f.gpus * n;
        break;
    }
    case PartKind::Switch:
        kinds.network = true;
        switch (m.role) {
        case SwitchRole::Leaf:
        case SwitchRole::Spine:
        case SwitchRole::Core:
        case SwitchRole::SuperCore: inv.switchesByTier[tierName(tierLevel(m.role))] += n; break;
        case SwitchRole::Storage: inv.otherSwitches["storage"] += n; break;
        case SwitchRole::Management: inv.otherSwitches["management"] += n; break;
        case SwitchRole::None: inv.otherSwitches["unassigned"] += n; break;
        }
        break;
    case PartKind::Storage:
        kinds.storage = true;
        inv.storageNodes += n;
        inv.storageCapacityTb += e->figure("capacity_tb") * double(n);
        break;
    default: break;
    }
}

/// One rack's power against its limits: its RackPower row and its problems (nameplate over the
/// rack's rated power, contents over its rated load).
RackPower rackRow(const Rack &r, const CatalogEntry *rackType, const RackLoads &loads, size_t i,
                  double weightKg, Problems &problems)
{
    RackPower rp{r.id, r.row, loads.typicalKw[i], loads.maxKw[i], loads.idleKw[i],
                 rackType ? rackType->figure("max_power_kw") : 0.0, 0.0};
    if (rackType) {
        const double w = rackType->figure("width_m", 0.6), depth = rackType->figure("depth_m", 1.2);
        rp.kwPerM2 = rp.itKw / (w * (depth + kAisleShareDepthM));
    }
    if (rp.limitKw > 0 && rp.maxKw > rp.limitKw)
        problems.push_back(problem(Severity::Error, r.id,
                                   CP_TR_NOOP("cp::Problems", "nameplate %1 kW exceeds the rack limit of %2 kW"),
                                   {std::to_string(int(std::lround(rp.maxKw))),
                                    std::to_string(int(std::lround(rp.limitKw)))}));
    // Floor loading: the rack's rated load (catalog max_weight_kg) against the parts it holds.
    rp.weightKg = weightKg;
    if (rackType && rackType->hasFigure("max_weight_kg") && rp.weightKg > rackType->figure("max_weight_kg"))
        problems.push_back(problem(Severity::Error, r.id,
                                   CP_TR_NOOP("cp::Problems", "contents weigh %1 kg, above the rack's rated load of %2 kg"),
                                   {std::to_string(int(std::lround(rp.weightKg))),
                                    std::to_string(int(std::lround(rackType->figure("max_weight_kg"))))}));
    return rp;
}

/// The totals after every rack: tiers listed even when absent, the spare-server pool, GPUs active.
void finishInventory(const Design &design, const Catalog &catalog, InventoryResults &inv)
{
    // The contract lists leaf, spine and core even when a tier is absent.
    for (int level = 0; level < 3; ++level)
        inv.switchesByTier.emplace(tierName(level), 0);
    // A pool of whole spare servers (reliability.spare_servers): installed, not given to the job.
    if (design.reliability.spareServers > 0 && inv.servers > 0) {
        long long serverGpus = 0;
        for (const auto &[id, n] : inv.partsByCatalogId)
            if (const CatalogEntry *e = catalog.find(id); e && e->kind == PartKind::Server)
                serverGpus += std::llround(e->figure("gpus")) * n;
        const long long pool = std::min<long long>(design.reliability.spareServers, inv.servers);
        inv.gpusSpare += pool * serverGpus / inv.servers;
    }
    inv.gpusActive = inv.gpusTotal - inv.gpusSpare;
}

} // namespace

bool rackPower(const Design &design, const Catalog &catalog, InventoryResults &inv, PowerResults &pow,
               RackLoads &loads, Problems &problems, const std::atomic<bool> *cancel)
{
    inv = InventoryResults{};
    pow.racks.clear();
    pow.kwByRow.clear();
    pow.maxKwPerM2 = pow.maxRackKw = 0.0;
    problems.clear();
    const double util = design.finance.utilisation > 0 ? design.finance.utilisation : 0.9;
    const size_t n = design.racks.size();
    loads.rackIndex.clear();
    loads.rackIndex.reserve(n);
    loads.typicalKw.assign(n, 0.0);
    loads.maxKw.assign(n, 0.0);
    loads.liquidKw.assign(n, 0.0);
    loads.idleKw.assign(n, 0.0);
    pow.racks.reserve(n);
    double itKw = 0, nameplateKw = 0, idleKw = 0;
    PartFigureCache figures(catalog, util);
    for (size_t i = 0; i < n; ++i) {
        if ((i & 1023) == 0 && cancelled(cancel))
            return false;
        const Rack &r = design.racks[i];
        loads.rackIndex.emplace(r.id, i);
        ++inv.racksTotal;
        ++inv.partsByCatalogId[r.catalogId];
        RackKinds kinds;
        double weightKg = 0.0;
        for (const Mount &m : r.contents) {
            const PartFigures *f = figures.find(m.catalogId);
            if (!f || m.count < 1)
                continue; // reported by validate()
            countMount(design, m, *f, m.count, i, inv, loads, weightKg, kinds);
        }
        inv.computeRacks += kinds.compute;
        inv.networkRacks += !kinds.compute && kinds.network && !kinds.storage;
        inv.storageRacks += !kinds.compute && kinds.storage;

        RackPower rp = rackRow(r, catalog.find(r.catalogId), loads, i, weightKg, problems);
        pow.maxKwPerM2 = std::max(pow.maxKwPerM2, rp.kwPerM2);
        itKw += rp.itKw;
        nameplateKw += rp.maxKw;
        idleKw += rp.idleKw;
        pow.kwByRow[r.row] += rp.itKw;
        pow.maxRackKw = std::max(pow.maxRackKw, rp.itKw);
        pow.racks.push_back(std::move(rp));
    }
    loads.itKw = itKw;
    loads.nameplateKw = nameplateKw;
    loads.idleKwTotal = idleKw;
    finishInventory(design, catalog, inv);
    loads.parts = inv.partsByCatalogId;
    return true;
}

namespace {

/// Loads on the units of one list (power or cooling) against their capacity, by group.
void checkUnits(const std::vector<FacilityUnit> &units, bool power, const Catalog &catalog,
                const RackLoads &loads, PowerResults &pow, std::vector<UnitLoad> &out, Problems &problems)
{
    std::map<std::string, std::pair<double, int>> groups; // group -> (load, units)
    std::vector<double> served(units.size(), 0.0);
    for (size_t i = 0; i < units.size(); ++i) {
        const FacilityUnit &u = units[i];
        const CatalogEntry *e = catalog.find(u.catalogId);
        const bool liquid = e && e->attribute("heat") == "liquid";
        for (const std::string &rid : u.serves) {
            auto it = loads.rackIndex.find(rid);
            if (it == loads.rackIndex.end())
                continue;
            const size_t k = it->second;
            // Power units are checked on nameplate; cooling on heat at training load,
            // split between the liquid loop and the air by the parts' liquid fraction.
            served[i] += power ? loads.maxKw[k]
                               : (liquid ? loads.liquidKw[k]
                                         : loads.typicalKw[k] - (e && e->kind == PartKind::RearDoor
                                                                     ? 0.0
                                                                     : loads.liquidKw[k]));
        }
        const std::string group = u.group.empty() ? u.id : u.group;
        auto &g = groups[group];
        g.first = std::max(g.first, served[i]);
        g.second += 1;
    }
    out.reserve(units.size());
    for (size_t i = 0; i < units.size(); ++i) {
        const FacilityUnit &u = units[i];
        const CatalogEntry *e = catalog.find(u.catalogId);
        const std::string group = u.group.empty() ? u.id : u.group;
        const auto &g = groups[group];
        UnitLoad load{u.id, u.catalogId, loadPerUnit(g.first, g.second, u.redundancy),
                      e ? e->figure("capacity_kw") : 0.0, group, served[i]};
        // Units of a group serve the same racks (A/B feeds, N+1 sets): the group's load is the
        // largest any of them serves.
        if (power)
            pow.nameplateKwByFeed[group] = std::max(pow.nameplateKwByFeed[group], served[i]);
        if (load.capacityKw > 0 && load.loadKw > load.capacityKw)
            problems.push_back(problem(
                Severity::Error, u.id,
                power ? (u.redundancy == Redundancy::N
                             ? CP_TR_NOOP("cp::Problems", "power load %1 kW exceeds its capacity of %2 kW")
                             : CP_TR_NOOP("cp::Problems", "power load %1 kW after the worst single failure exceeds "
                                                          "its capacity of %2 kW"))
                      : (u.redundancy == Redundancy::N
                             ? CP_TR_NOOP("cp::Problems", "cooling load %1 kW exceeds its capacity of %2 kW")
                             : CP_TR_NOOP("cp::Problems", "cooling load %1 kW after the worst single failure "
                                                          "exceeds its capacity of %2 kW")),
                {std::to_string(int(std::lround(load.loadKw))), std::to_string(int(std::lround(load.capacityKw)))}));
        out.push_back(std::move(load));
    }
}

/// Racks with no power or no cooling at all, and racks whose heat goes where no unit takes it:
/// liquid heat (the liquid fraction of direct-liquid-cooled parts, e.g. an NVL72) with no liquid
/// unit (CDU) among the rack's coolers, or air heat with only liquid units (an air unit or a rear
/// door takes air heat). Each names the rack, the heat in kW and the units that cool it.
void unfedRacks(const Design &design, const Catalog &catalog, const RackLoads &loads, Problems &problems)
{
    std::vector<char> powered(design.racks.size(), 0), cooled(design.racks.size(), 0);
    std::vector<char> liquidUnit(design.racks.size(), 0), airUnit(design.racks.size(), 0);
    std::vector<std::string> coolers(design.racks.size());
    for (const FacilityUnit &u : design.powerUnits)
        for (const std::string &rid : u.serves)
            if (auto it = loads.rackIndex.find(rid); it != loads.rackIndex.end())
                powered[it->second] = 1;
    for (const FacilityUnit &u : design.coolingUnits) {
        const CatalogEntry *e = catalog.find(u.catalogId);
        const bool liquid = e && e->attribute("heat") == "liquid";
        for (const std::string &rid : u.serves)
            if (auto it = loads.rackIndex.find(rid); it != loads.rackIndex.end()) {
                const size_t k = it->second;
                cooled[k] = 1;
                (liquid ? liquidUnit : airUnit)[k] = 1;
                if (coolers[k].size() < 80)
                    coolers[k] += (coolers[k].empty() ? "" : ", ") + u.id;
            }
    }
    const auto kw = [](double v) { return std::to_string(int(std::lround(v))); };
    for (size_t i = 0; i < design.racks.size(); ++i) {
        if (loads.maxKw[i] <= 0)
            continue;
        if (!powered[i])
            problems.push_back(problem(Severity::Warning, design.racks[i].id,
                                       CP_TR_NOOP("cp::Problems", "no power unit feeds this rack")));
        if (!cooled[i]) {
            problems.push_back(problem(Severity::Warning, design.racks[i].id,
                                       CP_TR_NOOP("cp::Problems", "no cooling unit cools this rack")));
            continue;
        }
        const double liquidKw = loads.liquidKw[i], airKw = loads.typicalKw[i] - loads.liquidKw[i];
        if (liquidKw > 0.5 && !liquidUnit[i])
            problems.push_back(problem(Severity::Error, design.racks[i].id,
                                       CP_TR_NOOP("cp::Problems", "%1 kW of its heat goes to liquid, but only air "
                                                                  "units cool it (%2): add a CDU (liquid-to-liquid "
                                                                  "heat exchanger)"),
                                       {kw(liquidKw), coolers[i]}));
        if (airKw > 0.5 && !airUnit[i])
            problems.push_back(problem(Severity::Error, design.racks[i].id,
                                       CP_TR_NOOP("cp::Problems", "%1 kW of its heat goes to air, but only liquid "
                                                                  "units cool it (%2): add an air unit (CRAH) or a "
                                                                  "rear-door heat exchanger"),
                                       {kw(airKw), coolers[i]}));
    }
}

/// Facility power and PUE: the design's PUE when set, else the cooling paths' overheads plus the
/// UPS losses and the building's share; the transceivers' power added to the IT load.
void facilityTotals(const Design &design, const Catalog &catalog, const RackLoads &loads, double opticsKw,
                    PowerResults &pow)
{
    double heatAir = 0, heatDoor = 0, heatLiquid = 0, upsEff = 0;
    int upsCount = 0;
    for (const FacilityUnit &u : design.powerUnits)
        if (const CatalogEntry *e = catalog.find(u.catalogId); e && e->kind == PartKind::Ups) {
            upsEff += e->figure("efficiency", kDefaultUpsEfficiency);
            ++upsCount;
        }
    upsEff = upsCount ? upsEff / upsCount : kDefaultUpsEfficiency;
    std::vector<char> doorCooled(design.racks.size(), 0);
    for (const FacilityUnit &u : design.coolingUnits)
        if (const CatalogEntry *e = catalog.find(u.catalogId); e && e->kind == PartKind::RearDoor)
            for (const std::string &rid : u.serves)
                if (auto it = loads.rackIndex.find(rid); it != loads.rackIndex.end())
                    doorCooled[it->second] = 1;
    for (size_t i = 0; i < design.racks.size(); ++i) {
        heatLiquid += loads.liquidKw[i];
        (doorCooled[i] ? heatDoor : heatAir) += loads.typicalKw[i] - loads.liquidKw[i];
    }
    pow.itKwTotal = loads.itKw;
    pow.itKwNameplate = loads.nameplateKw;
    pow.itKwIdle = loads.idleKwTotal;
    if (design.finance.pue > 0) {
        pow.pue = design.finance.pue;
    } else if (pow.itKwTotal > 0) {
        const double cooling = heatAir * kAirOverhead + heatDoor * kRearDoorOverhead + heatLiquid * kLiquidOverhead;
        pow.pue = 1.0 + cooling / pow.itKwTotal + (1.0 / upsEff - 1.0) + kBuildingOverhead;
    } else {
        pow.pue = 1.0;
    }
    // Transceivers are network IT load that no rack's parts list carries.
    pow.opticsKw = opticsKw;
    pow.itKwTotal += pow.opticsKw;
    pow.itKwNameplate += pow.opticsKw;
    pow.itKwIdle += pow.opticsKw;
    pow.facilityKwTotal = pow.itKwTotal * pow.pue;
    pow.energyMwhPerYear = pow.facilityKwTotal * 8760.0 / 1000.0;
}

} // namespace

void facilityPower(const Design &design, const Catalog &catalog, const RackLoads &loads, double opticsKw,
                   InventoryResults &inv, PowerResults &pow, Problems &problems)
{
    problems.clear();
    inv.partsByCatalogId = loads.parts;
    inv.powerUnits = (long long)design.powerUnits.size();
    inv.coolingUnits = (long long)design.coolingUnits.size();
    for (const auto *list : {&design.powerUnits, &design.coolingUnits})
        for (const FacilityUnit &u : *list)
            ++inv.partsByCatalogId[u.catalogId];
    pow.powerUnits.clear();
    pow.coolingUnits.clear();
    pow.nameplateKwByFeed.clear();
    checkUnits(design.powerUnits, true, catalog, loads, pow, pow.powerUnits, problems);
    checkUnits(design.coolingUnits, false, catalog, loads, pow, pow.coolingUnits, problems);
    unfedRacks(design, catalog, loads, problems);
    facilityTotals(design, catalog, loads, opticsKw, pow);
}

} // namespace cp
