#include "model/core/design.h"

#include "model/core/catalog.h"
#include "model/core/footprint.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

namespace cp {

namespace {

template<typename Enum, size_t N>
const char *nameOf(const std::pair<Enum, const char *> (&table)[N], Enum value)
{
    for (const auto &[e, name] : table)
        if (e == value)
            return name;
    return "?";
}

template<typename Enum, size_t N>
std::optional<Enum> valueOf(const std::pair<Enum, const char *> (&table)[N], const std::string &name)
{
    for (const auto &[e, n] : table)
        if (name == n)
            return e;
    return std::nullopt;
}

const std::pair<SwitchRole, const char *> kRoles[] = {
    {SwitchRole::None, "none"},       {SwitchRole::Leaf, "leaf"},
    {SwitchRole::Spine, "spine"},     {SwitchRole::Core, "core"},
    {SwitchRole::Storage, "storage"}, {SwitchRole::Management, "management"},
    {SwitchRole::SuperCore, "super-core"},
};
const std::pair<Redundancy, const char *> kRedundancy[] = {
    {Redundancy::N, "N"}, {Redundancy::NPlus1, "N+1"}, {Redundancy::TwoN, "2N"}};
const std::pair<TopologyKind, const char *> kTopologies[] = {
    {TopologyKind::RailOptimized, "rail-optimized"}, {TopologyKind::LeafSpine, "leaf-spine"}};

// Limits beyond which a value is a mistake, not a design: a hall of 10 km, 10^12 GPUs.
constexpr double kMaxHallM = 5000.0;
constexpr int kMaxCount = 1000000;

std::string quoted(const std::string &s) { return "\"" + s + "\""; }

} // namespace

std::string controlCharacterIn(const std::string &id)
{
    for (size_t i = 0; i < id.size(); ++i) {
        const auto c = static_cast<unsigned char>(id[i]);
        if (c < 0x20 || c == 0x7f) {
            char code[16];
            std::snprintf(code, sizeof code, "U+%04X", unsigned(c));
            return std::string(code) + " at position " + std::to_string(i + 1);
        }
    }
    return {};
}

bool rotationInRange(double degrees)
{
    return std::isfinite(degrees) && std::abs(degrees) <= 360.0;
}

const char *switchRoleName(SwitchRole role) { return nameOf(kRoles, role); }
std::optional<SwitchRole> switchRoleFromName(const std::string &name) { return valueOf(kRoles, name); }
const char *redundancyName(Redundancy r) { return nameOf(kRedundancy, r); }
std::optional<Redundancy> redundancyFromName(const std::string &name) { return valueOf(kRedundancy, name); }
const char *topologyName(TopologyKind kind) { return nameOf(kTopologies, kind); }
std::optional<TopologyKind> topologyFromName(const std::string &name) { return valueOf(kTopologies, name); }

const Rack *Design::findRack(const std::string &id) const
{
    for (const auto &r : racks)
        if (r.id == id)
            return &r;
    return nullptr;
}

namespace {

/// Collects problems with a common place prefix.
class Checker
{
public:
    explicit Checker(Problems &out) : mOut(out) {}

    void error(const std::string &place, const std::string &message)
    {
        mOut.push_back({Severity::Error, place, message});
    }
    void warning(const std::string &place, const std::string &message)
    {
        mOut.push_back({Severity::Warning, place, message});
    }
    void positive(const std::string &place, double value)
    {
        if (!std::isfinite(value) || value <= 0.0)
            error(place, "must be a positive number");
    }
    void nonNegative(const std::string &place, double value)
    {
        if (!std::isfinite(value) || value < 0.0)
            error(place, "must not be negative");
    }

private:
    Problems &mOut;
};

void checkUnits(const std::vector<FacilityUnit> &units, const char *listName, bool power,
                const Design &design, const Catalog &catalog,
                const std::set<std::string> &rackIds, std::set<std::string> &unitIds,
                Checker &check)
{
    for (size_t i = 0; i < units.size(); ++i) {
        const FacilityUnit &u = units[i];
        const std::string place = std::string(listName) + "[" + std::to_string(i) + "] (" + quoted(u.id) + ")";
        if (u.id.empty())
            check.error(place + ".id", "must not be empty");
        else if (!unitIds.insert(u.id).second)
            check.error(place + ".id", "duplicate id " + quoted(u.id));
        if (const std::string bad = controlCharacterIn(u.id); !bad.empty())
            check.error(place + ".id", "contains a control character (" + bad + ")");
        const CatalogEntry *e = catalog.find(u.catalogId);
        if (!e)
            check.error(place + ".catalog_id", "unknown catalog id " + quoted(u.catalogId));
        else if (power ? !isPowerKind(e->kind) : !isCoolingKind(e->kind))
            check.error(place + ".catalog_id", quoted(u.catalogId) + " is a " + partKindName(e->kind)
                                                  + ", not a " + (power ? "power" : "cooling") + " unit");
        if (u.xM < 0 || u.yM < 0 || u.xM > design.hall.widthM || u.yM > design.hall.depthM)
            check.error(place, "position lies outside the hall");
        std::set<std::string> served;
        for (size_t k = 0; k < u.serves.size(); ++k) {
            const std::string &rid = u.serves[k];
            if (!rackIds.count(rid))
                check.error(place + ".serves[" + std::to_string(k) + "]", "unknown rack " + quoted(rid));
            else if (!served.insert(rid).second)
                check.error(place + ".serves[" + std::to_string(k) + "]", "rack " + quoted(rid) + " listed twice");
        }
        if (u.serves.empty())
            check.warning(place, "serves no rack");
    }
}

/// The design's name and the hall's size.
void checkHall(const Design &design, Checker &check)
{
    if (design.name.empty())
        check.error("name", "must not be empty");
    check.positive("hall.width_m", design.hall.widthM);
    check.positive("hall.depth_m", design.hall.depthM);
    check.positive("hall.grid_m", design.hall.gridM);
    if (design.hall.widthM > kMaxHallM || design.hall.depthM > kMaxHallM)
        check.error("hall", "a hall larger than 5 km on a side is not plausible");
}

/// The rack's weight spread over its footprint and half its service clearances (loadSpreadAreaM2)
/// against the hall floor's rated load.
void checkFloorLoad(const CatalogEntry *rackType, double weightKg, const std::string &place, const Hall &hall,
                    Checker &check)
{
    if (!rackType || !(weightKg > 0) || !(hall.floorLoadKgPerM2 > 0))
        return;
    const double area = loadSpreadAreaM2(rackType->figure("width_m"), rackType->figure("depth_m"),
                                         rackType->figure("front_clearance_m", kFrontClearanceM),
                                         rackType->figure("rear_clearance_m", kRearClearanceM));
    if (!(area > 0))
        return;
    const double load = weightKg / area;
    if (load <= hall.floorLoadKgPerM2)
        return;
    char text[160];
    std::snprintf(text, sizeof text, "weighs %.0f kg: %.0f kg/m² over its footprint and half its service space "
                                     "(%.2f m²), above the floor's rated %.0f kg/m² (hall.floor_load_kg_per_m2)",
                  weightKg, load, area, hall.floorLoadKgPerM2);
    check.error(place, std::string(text) + ": lighten the rack or rate the floor higher");
}

/// The contents of one rack (`rackType` when its model is a known rack): kinds, counts, roles,
/// fit in the rack's height, overlaps and weight.
void checkRackContents(const Rack &r, const CatalogEntry *rackType, const std::string &place, const Catalog &catalog,
                       const Hall &hall, Checker &check)
{
    const int heightU = rackType ? int(rackType->figure("height_u")) : 0;
    std::vector<std::pair<int, int>> used; // [first, last] U ranges
    double weightKg = rackType ? rackType->figure("weight_kg") : 0.0;
    for (size_t m = 0; m < r.contents.size(); ++m) {
        const Mount &mount = r.contents[m];
        const std::string mplace = place + ".contents[" + std::to_string(m) + "]";
        const CatalogEntry *part = catalog.find(mount.catalogId);
        if (!part) {
            check.error(mplace + ".catalog_id", "unknown catalog id " + quoted(mount.catalogId));
            continue;
        }
        if (!isMountableKind(part->kind)) {
            check.error(mplace + ".catalog_id", "a " + std::string(partKindName(part->kind))
                                                   + " cannot be mounted in a rack");
            continue;
        }
        if (mount.count < 1 || mount.count > kMaxCount) {
            check.error(mplace + ".count", "must be between 1 and " + std::to_string(kMaxCount));
            continue;
        }
        if (part->kind == PartKind::Switch && mount.role == SwitchRole::None)
            check.warning(mplace + ".role", "switch has no network role");
        if (part->kind != PartKind::Switch && mount.role != SwitchRole::None)
            check.error(mplace + ".role", "only switches have a network role");
        if (rackType && part->kind == PartKind::Supernode
            && rackType->attribute("cooling") != "liquid")
            check.error(mplace, quoted(part->id) + " needs a liquid-cooled rack");
        const int h = std::max(1, int(std::lround(part->figure("height_u"))));
        const int first = mount.u;
        const int last = mount.u + h * mount.count - 1;
        if (heightU > 0 && (first < 1 || last > heightU)) {
            check.error(mplace + ".u", "occupies U" + std::to_string(first) + "–U"
                                           + std::to_string(last) + " of a "
                                           + std::to_string(heightU) + "U rack");
        }
        for (const auto &[a, b] : used)
            if (first <= b && a <= last)
                check.error(mplace + ".u", "overlaps another part at U" + std::to_string(std::max(a, first)));
        used.emplace_back(first, last);
        weightKg += part->figure("weight_kg") * mount.count;
    }
    if (rackType && rackType->figure("max_weight_kg") > 0
        && weightKg > rackType->figure("max_weight_kg"))
        check.error(place, "contents weigh " + std::to_string(int(weightKg)) + " kg, above the rack's "
                               + std::to_string(int(rackType->figure("max_weight_kg"))) + " kg limit");
    checkFloorLoad(rackType, weightKg, place, hall, check);
}

/// Racks standing in each other's footprint (rotation included): one error on the later rack of
/// each overlapping group, naming the first rack it overlaps and how many others.
void checkFootprints(const Design &design, const Catalog &catalog, Checker &check)
{
    const std::vector<FootprintOverlap> overlaps = overlappingRacks(design, catalog);
    for (size_t k = 0; k < overlaps.size();) {
        const FootprintOverlap &first = overlaps[k];
        size_t n = 0;
        while (k + n < overlaps.size() && overlaps[k + n].later == first.later)
            ++n;
        const Rack &rack = design.racks[first.later];
        const Rack &other = design.racks[first.earlier];
        char depth[32];
        std::snprintf(depth, sizeof depth, "%.2f", first.depthM);
        std::string message = "its footprint overlaps rack " + quoted(other.id) + " (racks["
                              + std::to_string(first.earlier) + "]) by " + depth + " m";
        if (n > 1)
            message += " and " + std::to_string(n - 1) + " other rack" + (n > 2 ? "s" : "");
        message += ": move or turn one of them";
        check.error("racks[" + std::to_string(first.later) + "] (" + quoted(rack.id) + ")", message);
        k += n;
    }
}

/// Front and rear service space (blockedClearances): an error naming the rack or the wall in the way.
void checkClearances(const Design &design, const Catalog &catalog, Checker &check)
{
    for (const BlockedClearance &b : blockedClearances(design, catalog)) {
        char clear[32];
        std::snprintf(clear, sizeof clear, "%.1f m", b.clearanceM);
        const std::string side = std::string(b.front ? "front" : "rear") + " service space (" + clear + ")";
        const std::string by = b.wall ? std::string("runs into the hall's wall")
                                      : "is taken by rack " + quoted(design.racks[b.blocker].id) + " (racks["
                                            + std::to_string(b.blocker) + "])";
        check.error("racks[" + std::to_string(b.rack) + "] (" + quoted(design.racks[b.rack].id) + ")",
                    "its " + side + " " + by + ": move or turn one of them");
    }
}

/// Every rack in a row, and near the row's other racks: a rack of no row, or standing more than
/// a rack's depth off the line its row's racks stand on (their median position across the row),
/// is not where power, cooling and the failure domains think it is. Warnings: the figures still
/// hold, the layout needs a look.
void checkRows(const Design &design, const Catalog &catalog, Checker &check)
{
    std::map<std::string, std::vector<size_t>> rows;
    for (size_t i = 0; i < design.racks.size(); ++i) {
        const Rack &r = design.racks[i];
        const std::string place = "racks[" + std::to_string(i) + "] (" + quoted(r.id) + ")";
        if (r.row.empty())
            check.warning(place + ".row", "stands in no row: give it one (the Row field), so that power, "
                                          "cooling and the failure domains group it");
        else
            rows[r.row].push_back(i);
    }
    for (const auto &[name, members] : rows) {
        if (members.size() < 3)
            continue; // no line to stand off
        // A row's line runs along x for a row turned 0° or 180°, along y for 90° or 270°.
        const double turn = std::fmod(std::abs(design.racks[members.front()].rotationDeg), 180.0);
        const bool alongX = turn < 45.0 || turn > 135.0;
        std::vector<double> across;
        for (size_t i : members)
            across.push_back(alongX ? design.racks[i].yM : design.racks[i].xM);
        std::vector<double> sorted = across;
        std::nth_element(sorted.begin(), sorted.begin() + long(sorted.size() / 2), sorted.end());
        const double line = sorted[sorted.size() / 2];
        for (size_t k = 0; k < members.size(); ++k) {
            const Rack &r = design.racks[members[k]];
            const CatalogEntry *type = catalog.find(r.catalogId);
            const double depth = type ? std::max(type->figure("depth_m"), 0.6) : 1.2;
            const double off = std::abs(across[k] - line);
            if (!(off > depth))
                continue;
            char text[64];
            std::snprintf(text, sizeof text, "%.1f m", off);
            check.warning("racks[" + std::to_string(members[k]) + "] (" + quoted(r.id) + ").row",
                          "stands " + std::string(text) + " off the line of row " + quoted(name)
                              + "'s other racks: move it into the row or give it its own row");
        }
    }
}

/// Every rack: unique ids, a known rack model, a position in the hall, sound contents. Returns
/// the rack ids.
/// One accelerator and one scale-up domain for the cluster: the training model runs one job on one
/// kind of node (the first it finds), so a design that mixes them (H100 servers beside a GB200
/// NVL72) would silently be evaluated as if every rack held the first kind. An error on the first
/// rack of each other kind, naming both kinds and how many racks hold each.
void checkOneNodeKind(const Design &design, const Catalog &catalog, Checker &check)
{
    struct Kind
    {
        size_t firstRack = 0, racks = 0;
    };
    std::map<std::string, Kind> kinds; // accelerator id and GPUs per node -> where
    std::vector<std::string> order;
    for (size_t i = 0; i < design.racks.size(); ++i) {
        std::set<std::string> inRack;
        for (const Mount &m : design.racks[i].contents) {
            const CatalogEntry *e = catalog.find(m.catalogId);
            if (!e || (e->kind != PartKind::Server && e->kind != PartKind::Supernode) || e->ref("accelerator").empty())
                continue;
            inRack.insert(e->ref("accelerator") + " in " + std::to_string(int(e->figure("gpus"))) + "-GPU "
                          + (e->kind == PartKind::Supernode ? "supernodes" : "servers"));
        }
        for (const std::string &k : inRack) {
            auto [it, fresh] = kinds.try_emplace(k, Kind{i, 0});
            if (fresh)
                order.push_back(k);
            ++it->second.racks;
        }
    }
    if (order.size() < 2)
        return;
    const Kind &first = kinds[order.front()];
    for (size_t k = 1; k < order.size(); ++k) {
        const Kind &other = kinds[order[k]];
        const Rack &r = design.racks[other.firstRack];
        check.error("racks[" + std::to_string(other.firstRack) + "] (" + quoted(r.id) + ")",
                    "holds " + order[k] + " (" + std::to_string(other.racks) + " rack(s)) where rack "
                        + quoted(design.racks[first.firstRack].id) + " holds " + order.front() + " ("
                        + std::to_string(first.racks)
                        + " rack(s)): one design trains on one kind of node; put each kind in its own "
                          "scenario, or replace one of them");
    }
}

std::set<std::string> checkRacks(const Design &design, const Catalog &catalog, Checker &check)
{
    std::set<std::string> rackIds;
    for (size_t i = 0; i < design.racks.size(); ++i) {
        const Rack &r = design.racks[i];
        const std::string place = "racks[" + std::to_string(i) + "] (" + quoted(r.id) + ")";
        if (r.id.empty())
            check.error(place + ".id", "must not be empty");
        else if (!rackIds.insert(r.id).second)
            check.error(place + ".id", "duplicate rack id " + quoted(r.id));
        if (const std::string bad = controlCharacterIn(r.id); !bad.empty())
            check.error(place + ".id", "contains a control character (" + bad + ")");
        if (const std::string bad = controlCharacterIn(r.row); !bad.empty())
            check.error(place + ".row", "contains a control character (" + bad + ")");
        const CatalogEntry *rackType = catalog.find(r.catalogId);
        if (!rackType) {
            check.error(place + ".catalog_id", "unknown catalog id " + quoted(r.catalogId));
        } else if (rackType->kind != PartKind::Rack) {
            check.error(place + ".catalog_id", quoted(r.catalogId) + " is a "
                                                  + partKindName(rackType->kind) + ", not a rack");
            rackType = nullptr;
        }
        if (!std::isfinite(r.xM) || !std::isfinite(r.yM) || r.xM < 0 || r.yM < 0
            || r.xM > design.hall.widthM || r.yM > design.hall.depthM)
            check.error(place, "position (" + std::to_string(r.xM) + ", " + std::to_string(r.yM)
                                   + ") m lies outside the hall");
        if (!rotationInRange(r.rotationDeg))
            check.error(place + ".rotation_deg", "must be between -360 and 360 degrees");

        checkRackContents(r, rackType, place, catalog, design.hall, check);
    }
    checkFootprints(design, catalog, check);
    checkClearances(design, catalog, check);
    checkRows(design, catalog, check);
    checkOneNodeKind(design, catalog, check);
    return rackIds;
}

/// Fabric: the switch and link models must exist and be of the right kind.
void checkFabric(const Design &design, const Catalog &catalog, Checker &check)
{
    const auto checkRef = [&](const std::string &place, const std::string &id, PartKind kind, bool required) {
        if (id.empty()) {
            if (required)
                check.error(place, "must name a catalog " + std::string(partKindName(kind)));
            return;
        }
        const CatalogEntry *e = catalog.find(id);
        if (!e)
            check.error(place, "unknown catalog id " + quoted(id));
        else if (e->kind != kind)
            check.error(place, quoted(id) + " is a " + partKindName(e->kind) + ", not a " + partKindName(kind));
    };
    checkRef("fabric.switch_id", design.fabric.switchId, PartKind::Switch, true);
    checkRef("fabric.nic_id", design.fabric.nicId, PartKind::Nic, false);
    checkRef("fabric.short_cable_id", design.fabric.shortCableId, PartKind::Cable, false);
    checkRef("fabric.long_cable_id", design.fabric.longCableId, PartKind::Cable, false);
    if (design.fabric.tiers < 0 || design.fabric.tiers > 4)
        check.error("fabric.tiers", "must be 0 (automatic) or 1–4");
    for (size_t i = 0; i < design.fabric.oversubscription.size(); ++i) {
        const double o = design.fabric.oversubscription[i];
        if (!std::isfinite(o) || o < 1.0 || o > 64.0)
            check.error("fabric.oversubscription[" + std::to_string(i) + "]", "must be between 1 and 64");
    }
}

/// Workload: a transformer of sane shape, and a parallelism that fits it.
void checkWorkload(const Design &design, Checker &check)
{
    const Workload &w = design.workload;
    const std::pair<const char *, int> dims[] = {{"layers", w.layers}, {"hidden", w.hidden},
                                                 {"heads", w.heads},   {"kv_heads", w.kvHeads},
                                                 {"ffn_hidden", w.ffnHidden}, {"vocab", w.vocab},
                                                 {"seq_len", w.seqLen}};
    for (const auto &[name, value] : dims)
        if (value < 1)
            check.error(std::string("workload.") + name, "must be at least 1");
    if (w.heads > 0 && w.hidden % w.heads != 0)
        check.error("workload.heads", "hidden size " + std::to_string(w.hidden)
                                          + " is not divisible by the head count");
    if (w.heads > 0 && w.kvHeads > 0 && w.heads % w.kvHeads != 0)
        check.error("workload.kv_heads", "head count is not divisible by the KV-head count");
    if (w.experts < 0 || w.activeExperts < 0 || w.activeExperts > w.experts)
        check.error("workload.active_experts", "must be between 0 and the expert count");
    check.positive("workload.tokens", w.tokens);
    check.nonNegative("workload.global_batch_tokens", w.globalBatchTokens); // 0 = automatic
    if (w.jobs < 1)
        check.error("workload.jobs", "must be at least 1");
    if (w.tokens > 1e17)
        check.error("workload.tokens", "more than 10^17 tokens is not plausible");
    if (w.precision != "bf16" && w.precision != "fp8")
        check.error("workload.precision", "must be \"bf16\" or \"fp8\"");
    if (w.recompute != "none" && w.recompute != "selective" && w.recompute != "full" &&
        w.recompute != "block" && w.recompute != "offload")
        check.error("workload.recompute",
                    "must be \"none\", \"selective\", \"block\", \"offload\" or \"full\"");
    const Parallelism &p = w.parallelism;
    if (!p.automatic) {
        const std::pair<const char *, int> degrees[] = {{"tp", p.tp}, {"pp", p.pp}, {"dp", p.dp},
                                                        {"cp", p.cp}, {"ep", p.ep},
                                                        {"microbatch", p.microbatch},
                                                        {"interleave", p.interleave}};
        for (const auto &[name, value] : degrees)
            if (value < 1)
                check.error(std::string("workload.parallelism.") + name,
                            "must be at least 1 (or set the parallelism to automatic)");
        if (p.pp > 0 && w.layers % p.pp != 0)
            check.error("workload.parallelism.pp", std::to_string(w.layers)
                                                       + " layers do not split evenly into "
                                                       + std::to_string(p.pp) + " stages");
        if (p.tp > 0 && w.heads % p.tp != 0)
            check.error("workload.parallelism.tp", "head count is not divisible by TP");
    }
}

/// Reliability and finance settings in their plausible ranges.
void checkReliabilityAndFinance(const Design &design, Checker &check)
{
    const ReliabilitySettings &rel = design.reliability;
    check.positive("reliability.gpu_mtbf_hours", rel.gpuMtbfHours);
    check.positive("reliability.node_mtbf_hours", rel.nodeMtbfHours);
    check.positive("reliability.switch_mtbf_hours", rel.switchMtbfHours);
    check.positive("reliability.link_mtbf_hours", rel.linkMtbfHours);
    check.nonNegative("reliability.checkpoint_interval_minutes", rel.checkpointIntervalMinutes);
    check.nonNegative("reliability.restart_minutes", rel.restartMinutes);
    if (rel.hotSparesPerDomain < -1)
        check.error("reliability.hot_spares_per_domain", "must be -1 (catalog default) or more");
    const FinanceSettings &f = design.finance;
    check.positive("finance.life_years", f.lifeYears);
    if (f.lifeYears > kMaxLifeYears)
        check.error("finance.life_years", "a life above 30 years is not plausible");
    if (!(f.deliveryMonths >= 0 && f.deliveryMonths <= kMaxDeliveryMonths))
        check.error("finance.delivery_months", "must be 0 (from the lead times) or at most 120 months");
    check.nonNegative("finance.energy_usd_per_kwh", f.energyUsdPerKwh);
    if (f.pue != 0.0 && (!std::isfinite(f.pue) || f.pue < 1.0 || f.pue > 3.0))
        check.error("finance.pue", "must be 0 (derived) or between 1.0 and 3.0");
    check.nonNegative("finance.staff_fte", f.staffFte);
    check.nonNegative("finance.staff_usd_per_year", f.staffUsdPerYear);
    check.nonNegative("finance.cloud_usd_per_gpu_hour", f.cloudUsdPerGpuHour);
    if (!(f.utilisation > 0.0 && f.utilisation <= 1.0))
        check.error("finance.utilisation", "must be in (0, 1]");
}

} // namespace

Problems validate(const Design &design, const Catalog &catalog)
{
    Problems problems;
    Checker check(problems);
    checkHall(design, check);
    const std::set<std::string> rackIds = checkRacks(design, catalog, check);
    std::set<std::string> unitIds;
    checkUnits(design.powerUnits, "power_units", true, design, catalog, rackIds, unitIds, check);
    checkUnits(design.coolingUnits, "cooling_units", false, design, catalog, rackIds, unitIds, check);
    checkFabric(design, catalog, check);
    checkWorkload(design, check);
    checkReliabilityAndFinance(design, check);
    return problems;
}

Design designSettings(const Design &design)
{
    Design d;
    d.name = design.name;
    d.description = design.description;
    d.hall = design.hall;
    d.fabric = design.fabric;
    d.workload = design.workload;
    d.reliability = design.reliability;
    d.finance = design.finance;
    return d;
}

} // namespace cp
