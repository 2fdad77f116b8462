#include "model/engine/evaluation.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/core/designlimits.h"
#include "model/engine/performance.h"
#include "model/training/estimate.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <future>
#include <unordered_map>

namespace cp {

using json = nlohmann::json;

namespace {

bool cancelled(const std::atomic<bool> *cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

/// Typical (training-load) power of a part in W: the catalog's typical figure, else nameplate
/// times the design's utilisation factor.
double typicalW(const CatalogEntry &e, double utilisation)
{
    if (e.hasFigure("power_typical_w"))
        return e.figure("power_typical_w");
    return e.figure("power_max_w", e.figure("power_w")) * utilisation;
}

double nameplateW(const CatalogEntry &e)
{
    return e.figure("power_max_w", e.figure("power_w"));
}

/// Idle power in W: the catalog's idle figure (servers, supernodes and switches must carry one, with
/// its source), else the training-load power: storage and the like are counted as not idling down.
double idleW(const CatalogEntry &e, double utilisation)
{
    return e.hasFigure("power_idle_w") ? e.figure("power_idle_w") : typicalW(e, utilisation);
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

} // namespace

/// The engine's state between evaluations: the last design, what every stage produced, and the
/// sums the later stages start from. Stages write straight into `results`, so a stage that does
/// not run leaves its part of the last results in place.
struct Evaluator::State
{
    explicit State(const Catalog &c) : catalog(c) {}

    const Catalog &catalog;
    bool valid = false;  ///< `previous` and the stage outputs belong together
    bool keep = true;    ///< keep a copy of the design for the next diff (false for one-shot use)
    Design previous;
    Results results;
    Evaluator::Stages last;

    // Stage outputs that are not part of Results, or that later stages add to.
    Problems validateProblems, rackProblems, performanceProblems, facilityProblems;
    Problems listProblems; ///< validation's problems of the racks and units
    FabricCache fabricCache; ///< the pairs of switch racks, routed again only when they change
    std::unordered_map<std::string, size_t> rackIndex;
    std::vector<double> rackTypicalKw, rackMaxKw, rackLiquidKw, rackIdleKw;
    std::map<std::string, long long> rackParts; ///< parts mounted in racks (units are added later)
    double rackItKw = 0, rackNameplateKw = 0, rackIdleKwTotal = 0;
    bool workloadSound = true;
};

namespace {

/// What differs between the last design evaluated and the next, as the stages read it.
struct Changes
{
    bool rackContents = true;  ///< racks added, removed, renamed, retyped or refilled
    bool rackPlaces = true;    ///< a rack moved or turned
    bool units = true;
    bool fabric = true;        ///< fabric settings
    bool workload = true;
    bool spares = true;        ///< reliability settings that change the inventory
    bool reliability = true;   ///< any reliability setting
    bool utilisation = true;   ///< finance.utilisation (rack power at training load)
    bool pue = true;           ///< finance.pue (facility power)
    bool finance = true;       ///< any finance setting
    bool hall = true;
    bool other = true;         ///< name, description, hall
    bool any() const
    {
        return rackContents || rackPlaces || units || fabric || workload || reliability || finance || other;
    }
};

Changes diff(const Design &a, const Design &b)
{
    Changes c;
    c.rackContents = c.rackPlaces = a.racks.size() != b.racks.size();
    if (!c.rackContents)
        for (size_t i = 0; i < a.racks.size(); ++i) {
            const Rack &x = a.racks[i], &y = b.racks[i];
            if (!c.rackContents)
                c.rackContents = x.id != y.id || x.catalogId != y.catalogId || x.row != y.row || x.contents != y.contents;
            if (!c.rackPlaces)
                c.rackPlaces = !(x.xM == y.xM && x.yM == y.yM && x.rotationDeg == y.rotationDeg);
            if (c.rackContents && c.rackPlaces)
                break;
        }
    c.units = a.powerUnits != b.powerUnits || a.coolingUnits != b.coolingUnits;
    c.fabric = a.fabric != b.fabric;
    c.workload = a.workload != b.workload;
    c.spares = a.reliability.spareServers != b.reliability.spareServers
               || a.reliability.hotSparesPerDomain != b.reliability.hotSparesPerDomain;
    c.reliability = a.reliability != b.reliability;
    c.utilisation = !(a.finance.utilisation == b.finance.utilisation);
    c.pue = !(a.finance.pue == b.finance.pue);
    c.finance = a.finance != b.finance;
    c.hall = a.hall != b.hall;
    c.other = a.name != b.name || a.description != b.description || c.hall;
    return c;
}

/// Inventory, rack power and the racks' own problems (power and weight limits). Returns false
/// when cancelled part-way (the inventory then counts the racks seen so far).
bool rackStage(const Design &design, Evaluator::State &st, const std::atomic<bool> *cancel)
{
    const Catalog &catalog = st.catalog;
    Results &res = st.results;
    InventoryResults &inv = res.inventory;
    PowerResults &pow = res.power;
    inv = InventoryResults{};
    pow.racks.clear();
    pow.kwByRow.clear();
    pow.maxKwPerM2 = pow.maxRackKw = 0.0;
    st.rackProblems.clear();
    const double util = design.finance.utilisation > 0 ? design.finance.utilisation : 0.9;
    const size_t n = design.racks.size();
    st.rackIndex.clear();
    st.rackIndex.reserve(n);
    st.rackTypicalKw.assign(n, 0.0);
    st.rackMaxKw.assign(n, 0.0);
    st.rackLiquidKw.assign(n, 0.0);
    st.rackIdleKw.assign(n, 0.0);
    pow.racks.reserve(n);
    double itKw = 0, nameplateKw = 0, idleKw = 0;
    // Catalog figures read once per part, not once per mount: a million-GPU design mounts ~40k times.
    struct PartFigures
    {
        const CatalogEntry *entry;
        double typicalW, nameplateW, idleW, weightKg, liquidFraction;
        long long gpus, spareGpus, nics;
        std::string nicId, gpuId;
    };
    std::unordered_map<std::string, PartFigures> figures;
    const auto partFigures = [&](const std::string &id) -> const PartFigures * {
        auto it = figures.find(id);
        if (it == figures.end()) {
            const CatalogEntry *e = catalog.find(id);
            if (!e)
                return nullptr;
            it = figures.emplace(id, PartFigures{e, typicalW(*e, util), nameplateW(*e), idleW(*e, util),
                                                 e->figure("weight_kg"), e->figure("liquid_fraction", 0.0),
                                                 std::llround(e->figure("gpus")), std::llround(e->figure("spare_gpus")),
                                                 std::llround(e->figure("nics")), e->ref("nic"), e->ref("accelerator")})
                     .first;
        }
        return &it->second;
    };
    for (size_t i = 0; i < n; ++i) {
        if ((i & 1023) == 0 && cancelled(cancel))
            return false;
        const Rack &r = design.racks[i];
        st.rackIndex.emplace(r.id, i);
        ++inv.racksTotal;
        ++inv.partsByCatalogId[r.catalogId];
        bool compute = false, network = false, storage = false;
        double weightKg = 0.0;
        for (const Mount &m : r.contents) {
            const PartFigures *f = partFigures(m.catalogId);
            if (!f || m.count < 1)
                continue; // reported by validate()
            const CatalogEntry *e = f->entry;
            const long long n = m.count;
            inv.partsByCatalogId[e->id] += n;
            st.rackTypicalKw[i] += f->typicalW * n / 1000.0;
            st.rackMaxKw[i] += f->nameplateW * n / 1000.0;
            st.rackIdleKw[i] += f->idleW * n / 1000.0;
            weightKg += f->weightKg * double(n); // parts without a weight count 0
            st.rackLiquidKw[i] += f->typicalW * n * f->liquidFraction / 1000.0;
            switch (e->kind) {
            case PartKind::Server:
            case PartKind::Supernode: {
                compute = true;
                const long long g = f->gpus * n;
                long long spare = e->kind == PartKind::Supernode ? f->spareGpus * n : 0;
                if (e->kind == PartKind::Supernode && design.reliability.hotSparesPerDomain >= 0)
                    spare = std::min<long long>(design.reliability.hotSparesPerDomain, f->gpus) * n;
                inv.gpusTotal += g;
                inv.gpusSpare += spare;
                inv.nics += f->nics * n;
                (e->kind == PartKind::Server ? inv.servers : inv.supernodes) += n;
                if (!f->nicId.empty())
                    inv.partsByCatalogId[f->nicId] += f->nics * n;
                if (!f->gpuId.empty())
                    inv.partsByCatalogId[f->gpuId] += f->gpus * n;
                break;
            }
            case PartKind::Switch:
                network = true;
                switch (m.role) {
                case SwitchRole::Leaf: inv.switchesByTier["leaf"] += n; break;
                case SwitchRole::Spine: inv.switchesByTier["spine"] += n; break;
                case SwitchRole::Core: inv.switchesByTier["core"] += n; break;
                case SwitchRole::SuperCore: inv.switchesByTier["super_core"] += n; break;
                case SwitchRole::Storage: inv.otherSwitches["storage"] += n; break;
                case SwitchRole::Management: inv.otherSwitches["management"] += n; break;
                case SwitchRole::None: inv.otherSwitches["unassigned"] += n; break;
                }
                break;
            case PartKind::Storage:
                storage = true;
                inv.storageNodes += n;
                inv.storageCapacityTb += e->figure("capacity_tb") * double(n);
                break;
            default: break;
            }
        }
        inv.computeRacks += compute;
        inv.networkRacks += !compute && network && !storage;
        inv.storageRacks += !compute && storage;

        const CatalogEntry *rackType = catalog.find(r.catalogId);
        RackPower rp{r.id, r.row, st.rackTypicalKw[i], st.rackMaxKw[i], st.rackIdleKw[i],
                     rackType ? rackType->figure("max_power_kw") : 0.0, 0.0};
        if (rackType) {
            const double w = rackType->figure("width_m", 0.6), depth = rackType->figure("depth_m", 1.2);
            rp.kwPerM2 = rp.itKw / (w * (depth + kAisleShareDepthM));
        }
        pow.maxKwPerM2 = std::max(pow.maxKwPerM2, rp.kwPerM2);
        itKw += rp.itKw;
        nameplateKw += rp.maxKw;
        idleKw += rp.idleKw;
        pow.kwByRow[r.row] += rp.itKw;
        pow.maxRackKw = std::max(pow.maxRackKw, rp.itKw);
        if (rp.limitKw > 0 && rp.maxKw > rp.limitKw)
            st.rackProblems.push_back({Severity::Error, r.id,
                                       "nameplate " + std::to_string(int(std::lround(rp.maxKw)))
                                           + " kW exceeds the rack limit of "
                                           + std::to_string(int(std::lround(rp.limitKw))) + " kW"});
        // Floor loading: the rack's rated load (catalog max_weight_kg) against the parts it holds.
        rp.weightKg = weightKg;
        if (rackType && rackType->hasFigure("max_weight_kg") && rp.weightKg > rackType->figure("max_weight_kg"))
            st.rackProblems.push_back({Severity::Error, r.id,
                                       "contents weigh " + std::to_string(int(std::lround(rp.weightKg)))
                                           + " kg, above the rack's rated load of "
                                           + std::to_string(int(std::lround(rackType->figure("max_weight_kg"))))
                                           + " kg"});
        pow.racks.push_back(std::move(rp));
    }
    st.rackItKw = itKw;
    st.rackNameplateKw = nameplateKw;
    st.rackIdleKwTotal = idleKw;
    // The contract lists leaf, spine and core even when a tier is absent.
    for (const char *tier : {"leaf", "spine", "core"})
        inv.switchesByTier.emplace(tier, 0);
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
    st.rackParts = inv.partsByCatalogId;
    return true;
}

/// The fabric's figures the training model reads (tiers, taper, bandwidths, radix).
bool sameClusterFigures(const FabricResults &a, const FabricResults &b)
{
    return a.tiers == b.tiers && a.radix == b.radix && a.portGbps == b.portGbps && a.domainGpus == b.domainGpus
           && a.scaleUpGbPerSPerGpu == b.scaleUpGbPerSPerGpu && a.scaleOutGbpsPerGpu == b.scaleOutGbpsPerGpu
           && a.oversubscription == b.oversubscription && a.switchId == b.switchId && a.topology == b.topology;
}

/// The workload on the cluster: the parallelism search (the slowest stage below ~100k GPUs).
void performanceStage(const Design &design, Evaluator::State &st, const std::atomic<bool> *cancel)
{
    Results &res = st.results;
    res.performance = PerformanceResults{};
    st.performanceProblems.clear();
    if (res.inventory.gpusActive <= 0 || !st.workloadSound)
        return;
    try {
        PerformanceResults &perf = res.performance;
        perf.spec = estimateSpecFromDesign(design, st.catalog, res.inventory.gpusActive, res.fabric);
        SearchOptions options;
        options.cancel = cancel;
        perf.outcome = runEstimate(perf.spec, options);
        perf.available = perf.outcome.estimate.feasible();
        // The team's software stack reaches a share of the tuned throughput (seed 002:
        // "20-something %" MFU for a new self-built team against 40 %+ hosted; docs/cost.md).
        if (const double eff = design.workload.stackEfficiency; perf.available && eff > 0 && eff < 1) {
            StepEstimate &e = perf.outcome.estimate;
            e.stepTimeS /= eff;
            e.timeToTrainDays /= eff;
            e.modelTflopsPerGpu *= eff;
            e.hardwareTflopsPerGpu *= eff;
            e.mfu *= eff;
            e.tokensPerS *= eff;
        }
        if (!perf.available && !cancelled(cancel))
            st.performanceProblems.push_back({Severity::Warning, "workload",
                                              "no parallel layout of the workload runs on this cluster ("
                                                  + std::string(infeasibleName(perf.outcome.estimate.infeasible)) + ")"});
    } catch (const std::invalid_argument &e) {
        st.performanceProblems.push_back({Severity::Warning, "workload", e.what()});
    }
}

/// Power and cooling units against their capacity, unfed racks, facility power and PUE.
void facilityStage(const Design &design, Evaluator::State &st)
{
    const Catalog &catalog = st.catalog;
    Results &res = st.results;
    InventoryResults &inv = res.inventory;
    PowerResults &pow = res.power;
    st.facilityProblems.clear();
    Problems &problems = st.facilityProblems;
    inv.partsByCatalogId = st.rackParts;
    inv.powerUnits = (long long)design.powerUnits.size();
    inv.coolingUnits = (long long)design.coolingUnits.size();
    for (const auto *list : {&design.powerUnits, &design.coolingUnits})
        for (const FacilityUnit &u : *list)
            ++inv.partsByCatalogId[u.catalogId];
    pow.powerUnits.clear();
    pow.coolingUnits.clear();
    pow.nameplateKwByFeed.clear();
    const auto &rackIndex = st.rackIndex;

    const auto checkUnits = [&](const std::vector<FacilityUnit> &units, bool power,
                                std::vector<UnitLoad> &out) {
        std::map<std::string, std::pair<double, int>> groups; // group -> (load, units)
        std::vector<double> served(units.size(), 0.0);
        for (size_t i = 0; i < units.size(); ++i) {
            const FacilityUnit &u = units[i];
            const CatalogEntry *e = catalog.find(u.catalogId);
            const bool liquid = e && e->attribute("heat") == "liquid";
            for (const std::string &rid : u.serves) {
                auto it = rackIndex.find(rid);
                if (it == rackIndex.end())
                    continue;
                const size_t k = it->second;
                // Power units are checked on nameplate; cooling on heat at training load,
                // split between the liquid loop and the air by the parts' liquid fraction.
                served[i] += power ? st.rackMaxKw[k]
                                   : (liquid ? st.rackLiquidKw[k]
                                             : st.rackTypicalKw[k] - (e && e->kind == PartKind::RearDoor
                                                                          ? 0.0
                                                                          : st.rackLiquidKw[k]));
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
                problems.push_back(
                    {Severity::Error, u.id,
                     std::string(power ? "power" : "cooling") + " load "
                         + std::to_string(int(std::lround(load.loadKw))) + " kW"
                         + (u.redundancy == Redundancy::N ? "" : " after the worst single failure")
                         + " exceeds its capacity of " + std::to_string(int(std::lround(load.capacityKw)))
                         + " kW"});
            out.push_back(std::move(load));
        }
    };
    checkUnits(design.powerUnits, true, pow.powerUnits);
    checkUnits(design.coolingUnits, false, pow.coolingUnits);

    // Racks with no power or no cooling at all.
    std::vector<char> powered(design.racks.size(), 0), cooled(design.racks.size(), 0);
    for (const auto &[list, flags] : {std::pair{&design.powerUnits, &powered}, {&design.coolingUnits, &cooled}})
        for (const FacilityUnit &u : *list)
            for (const std::string &rid : u.serves)
                if (auto it = rackIndex.find(rid); it != rackIndex.end())
                    (*flags)[it->second] = 1;
    for (size_t i = 0; i < design.racks.size(); ++i) {
        if (st.rackMaxKw[i] <= 0)
            continue;
        if (!powered[i])
            problems.push_back({Severity::Warning, design.racks[i].id, "no power unit feeds this rack"});
        if (!cooled[i])
            problems.push_back({Severity::Warning, design.racks[i].id, "no cooling unit cools this rack"});
    }

    // --- facility power and PUE ----------------------------------------------------------
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
                if (auto it = rackIndex.find(rid); it != rackIndex.end())
                    doorCooled[it->second] = 1;
    for (size_t i = 0; i < design.racks.size(); ++i) {
        heatLiquid += st.rackLiquidKw[i];
        (doorCooled[i] ? heatDoor : heatAir) += st.rackTypicalKw[i] - st.rackLiquidKw[i];
    }
    pow.itKwTotal = st.rackItKw;
    pow.itKwNameplate = st.rackNameplateKw;
    pow.itKwIdle = st.rackIdleKwTotal;
    if (design.finance.pue > 0) {
        pow.pue = design.finance.pue;
    } else if (pow.itKwTotal > 0) {
        const double cooling = heatAir * kAirOverhead + heatDoor * kRearDoorOverhead + heatLiquid * kLiquidOverhead;
        pow.pue = 1.0 + cooling / pow.itKwTotal + (1.0 / upsEff - 1.0) + kBuildingOverhead;
    } else {
        pow.pue = 1.0;
    }
    // Transceivers are network IT load that no rack's parts list carries.
    pow.opticsKw = res.fabric.opticsPowerKw;
    pow.itKwTotal += pow.opticsKw;
    pow.itKwNameplate += pow.opticsKw;
    pow.itKwIdle += pow.opticsKw;
    pow.facilityKwTotal = pow.itKwTotal * pow.pue;
    pow.energyMwhPerYear = pow.facilityKwTotal * 8760.0 / 1000.0;
}

/// Places of the problems validate() finds in the racks and units (the rest are settings).
bool isListPlace(const std::string &place)
{
    return place.rfind("racks[", 0) == 0 || place.rfind("power_units[", 0) == 0 || place.rfind("cooling_units[", 0) == 0;
}

/// validate(), reusing the racks' and units' problems when neither they nor the hall changed.
/// validate() checks the name and hall, then racks and units (against the hall and the catalog
/// only), then the settings; a settings-only copy of the design gives the settings' problems in
/// the same order. tests/test_evaluation.cpp checks the merge equals a full validation.
Problems validateIncrementally(const Design &design, const Catalog &catalog, const Changes *c,
                               Problems &listProblems)
{
    if (!c || c->rackContents || c->rackPlaces || c->units || c->hall) {
        Problems all = validate(design, catalog);
        listProblems.clear();
        for (const Problem &p : all)
            if (isListPlace(p.place))
                listProblems.push_back(p);
        return all;
    }
    Design settings = designSettings(design);
    Problems rest = validate(settings, catalog);
    Problems all;
    all.reserve(rest.size() + listProblems.size());
    auto it = rest.begin();
    for (; it != rest.end() && (it->place.rfind("name", 0) == 0 || it->place.rfind("hall", 0) == 0); ++it)
        all.push_back(*it);
    all.insert(all.end(), listProblems.begin(), listProblems.end());
    all.insert(all.end(), it, rest.end());
    return all;
}

/// Runs the stages `changes` reaches (every stage when `changes` is null), on two threads:
///   this thread:   inventory and rack power → fabric → power and cooling units
///   second thread: validation → (once the fabric is built) the parallelism search
/// then reliability and cost, which read everything before them. Each stage writes its own outputs.
const Results &run(const Design &design, Evaluator::State &st, const Changes *changes,
                   const std::atomic<bool> *cancel)
{
    Results &res = st.results;
    Evaluator::Stages &ran = st.last;
    ran = {};
    const bool all = changes == nullptr;
    const Changes c = all ? Changes{} : *changes;
    if (!all && !c.any())
        return res;
    st.valid = false; // until every stage has finished
    res.cancelled = false;
    // Beyond the documented limits nothing is evaluated (and nothing allocated): the one problem says why.
    if (auto tooLarge = limitProblem(design, st.catalog)) {
        res = Results{};
        res.problems = {*tooLarge};
        return res;
    }

    // The second thread: validation, then the search once this thread says whether it must run.
    std::promise<bool> clusterReady; // true: the cluster the search sees changed
    std::future<bool> clusterChangedFuture = clusterReady.get_future();
    bool promised = false;
    const auto promise = [&](bool value) {
        if (!promised) {
            promised = true;
            clusterReady.set_value(value);
        }
    };
    auto second = std::async(std::launch::async, [&] {
        st.validateProblems = validateIncrementally(design, st.catalog, changes, st.listProblems);
        const bool clusterChanged = clusterChangedFuture.get();
        if (cancelled(cancel))
            return false;
        const auto workloadError = [](const Problem &p) {
            return p.severity == Severity::Error && p.place.rfind("workload", 0) == 0;
        };
        const bool sound = std::none_of(st.validateProblems.begin(), st.validateProblems.end(), workloadError)
                           && std::none_of(st.rackProblems.begin(), st.rackProblems.end(), workloadError)
                           && std::none_of(res.fabric.problems.begin(), res.fabric.problems.end(), workloadError);
        if (!(clusterChanged || c.workload || sound != st.workloadSound))
            return false;
        st.workloadSound = sound;
        performanceStage(design, st, cancel);
        return true;
    });
    ran.validate = true;
    try {
        // --- inventory and rack power ---------------------------------------------------------
        if (all || c.rackContents || c.utilisation || c.spares) {
            rackStage(design, st, cancel);
            ran.inventory = true;
        }
        // --- fabric as built ----------------------------------------------------------------------
        bool clusterChanged = all || ran.inventory || c.fabric;
        if ((all || c.rackContents || c.rackPlaces || c.fabric) && !cancelled(cancel)) {
            FabricResults fabric = buildFabric(design, st.catalog, &st.fabricCache);
            clusterChanged = clusterChanged || !sameClusterFigures(fabric, res.fabric);
            res.fabric = std::move(fabric);
            ran.fabric = true;
        }
        promise(clusterChanged);
        // --- power and cooling units, PUE ---------------------------------------------------------
        if ((all || ran.inventory || ran.fabric || c.units || c.utilisation || c.pue) && !cancelled(cancel)) {
            facilityStage(design, st);
            ran.facility = true;
        }
    } catch (...) {
        promise(false);
        throw;
    }
    ran.performance = second.get();
    if (cancelled(cancel)) {
        res.cancelled = true;
        return res;
    }

    // --- reliability: failure domains, interruptions, checkpoints, goodput ---------------------
    if (all || ran.inventory || ran.fabric || ran.performance || ran.facility || c.units || c.reliability
        || c.workload) {
        res.reliability = evaluateReliability(design, st.catalog, res);
        ran.reliability = true;
    }
    // --- cost: CAPEX, OPEX, TCO, cloud break-even (model/cost.cpp) ----------------------------
    res.cost = evaluateCost(design, st.catalog, res);
    ran.cost = true;

    // Problems in the order of the stages.
    res.problems = st.validateProblems;
    for (const Problems *list : {&st.rackProblems, &res.fabric.problems, &st.performanceProblems,
                                 &st.facilityProblems, &res.reliability.problems, &res.cost.problems})
        res.problems.insert(res.problems.end(), list->begin(), list->end());
    if (res.inventory.gpusTotal == 0)
        res.problems.push_back({Severity::Warning, "design", "the design has no GPUs"});
    st.valid = true;
    return res;
}

} // namespace

Evaluator::Evaluator(const Catalog &catalog) : mState(std::make_unique<State>(catalog)) {}
Evaluator::~Evaluator() = default;

const Results &Evaluator::evaluate(const Design &design, const std::atomic<bool> *cancel)
{
    State &st = *mState;
    const bool incremental = st.valid;
    const Changes changes = incremental ? diff(st.previous, design) : Changes{};
    const Results &res = run(design, st, incremental ? &changes : nullptr, cancel);
    if (st.valid && st.keep && (!incremental || changes.any()))
        st.previous = design;
    return res;
}

const Results &Evaluator::results() const
{
    return mState->results;
}

Evaluator::Stages Evaluator::lastStages() const
{
    return mState->last;
}

void Evaluator::reset()
{
    mState->valid = false;
}

Results evaluate(const Design &design, const Catalog &catalog, const std::atomic<bool> *cancel)
{
    Evaluator::State st(catalog);
    st.keep = false;
    run(design, st, nullptr, cancel);
    return std::move(st.results);
}

} // namespace cp
