#include "model/core/design.h"

#include "model/core/catalog.h"
#include "model/core/footprint.h"
#include "model/core/parallellayout.h"

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

/// `v` as printf's "%.<decimals>f" writes it, however long.
std::string fixed(double v, int decimals)
{
    const int n = std::snprintf(nullptr, 0, "%.*f", decimals, v);
    std::string out(size_t(std::max(n, 0)), '\0');
    std::snprintf(out.data(), out.size() + 1, "%.*f", decimals, v);
    return out;
}

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

    /// `text` is a message template marked with CP_TR_NOOP("cp::Problems", …), %1 … %9 for `args`.
    void error(const std::string &place, const char *text, std::vector<std::string> args = {})
    {
        mOut.push_back(problem(Severity::Error, place, text, std::move(args)));
    }
    void warning(const std::string &place, const char *text, std::vector<std::string> args = {})
    {
        mOut.push_back(problem(Severity::Warning, place, text, std::move(args)));
    }
    void positive(const std::string &place, double value)
    {
        if (!std::isfinite(value) || value <= 0.0)
            error(place, CP_TR_NOOP("cp::Problems", "must be a positive number"));
    }
    void nonNegative(const std::string &place, double value)
    {
        if (!std::isfinite(value) || value < 0.0)
            error(place, CP_TR_NOOP("cp::Problems", "must not be negative"));
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
            check.error(place + ".id", CP_TR_NOOP("cp::Problems", "must not be empty"));
        else if (!unitIds.insert(u.id).second)
            check.error(place + ".id", CP_TR_NOOP("cp::Problems", "duplicate id %1"), {quoted(u.id)});
        if (const std::string bad = controlCharacterIn(u.id); !bad.empty())
            check.error(place + ".id", CP_TR_NOOP("cp::Problems", "contains a control character (%1)"), {bad});
        const CatalogEntry *e = catalog.find(u.catalogId);
        if (!e)
            check.error(place + ".catalog_id", CP_TR_NOOP("cp::Problems", "unknown catalog id %1"),
                        {quoted(u.catalogId)});
        else if (power && !isPowerKind(e->kind))
            check.error(place + ".catalog_id", CP_TR_NOOP("cp::Problems", "%1 is a %2, not a power unit"),
                        {quoted(u.catalogId), partKindName(e->kind)});
        else if (!power && !isCoolingKind(e->kind))
            check.error(place + ".catalog_id", CP_TR_NOOP("cp::Problems", "%1 is a %2, not a cooling unit"),
                        {quoted(u.catalogId), partKindName(e->kind)});
        if (u.xM < 0 || u.yM < 0 || u.xM > design.hall.widthM || u.yM > design.hall.depthM)
            check.error(place, CP_TR_NOOP("cp::Problems", "position lies outside the hall"));
        std::set<std::string> served;
        for (size_t k = 0; k < u.serves.size(); ++k) {
            const std::string &rid = u.serves[k];
            if (!rackIds.count(rid))
                check.error(place + ".serves[" + std::to_string(k) + "]", CP_TR_NOOP("cp::Problems", "unknown rack %1"),
                            {quoted(rid)});
            else if (!served.insert(rid).second)
                check.error(place + ".serves[" + std::to_string(k) + "]",
                            CP_TR_NOOP("cp::Problems", "rack %1 listed twice"), {quoted(rid)});
        }
        if (u.serves.empty())
            check.warning(place, CP_TR_NOOP("cp::Problems", "serves no rack"));
    }
}

/// The design's name and the hall's size.
void checkHall(const Design &design, Checker &check)
{
    if (design.name.empty())
        check.error("name", CP_TR_NOOP("cp::Problems", "must not be empty"));
    check.positive("hall.width_m", design.hall.widthM);
    check.positive("hall.depth_m", design.hall.depthM);
    check.positive("hall.grid_m", design.hall.gridM);
    if (design.hall.widthM > kMaxHallM || design.hall.depthM > kMaxHallM)
        check.error("hall", CP_TR_NOOP("cp::Problems", "a hall larger than 5 km on a side is not plausible"));
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
    check.error(place,
                CP_TR_NOOP("cp::Problems", "weighs %1 kg: %2 kg/m² over its footprint and half its service space "
                                           "(%3 m²), above the floor's rated %4 kg/m² (hall.floor_load_kg_per_m2): "
                                           "lighten the rack or rate the floor higher"),
                {fixed(weightKg, 0), fixed(load, 0), fixed(area, 2), fixed(hall.floorLoadKgPerM2, 0)});
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
            check.error(mplace + ".catalog_id", CP_TR_NOOP("cp::Problems", "unknown catalog id %1"),
                        {quoted(mount.catalogId)});
            continue;
        }
        if (!isMountableKind(part->kind)) {
            check.error(mplace + ".catalog_id", CP_TR_NOOP("cp::Problems", "a %1 cannot be mounted in a rack"),
                        {partKindName(part->kind)});
            continue;
        }
        if (mount.count < 1 || mount.count > kMaxCount) {
            check.error(mplace + ".count", CP_TR_NOOP("cp::Problems", "must be between 1 and %1"),
                        {std::to_string(kMaxCount)});
            continue;
        }
        if (part->kind == PartKind::Switch && mount.role == SwitchRole::None)
            check.warning(mplace + ".role", CP_TR_NOOP("cp::Problems", "switch has no network role"));
        if (part->kind != PartKind::Switch && mount.role != SwitchRole::None)
            check.error(mplace + ".role", CP_TR_NOOP("cp::Problems", "only switches have a network role"));
        if (rackType && part->kind == PartKind::Supernode
            && rackType->attribute("cooling") != "liquid")
            check.error(mplace, CP_TR_NOOP("cp::Problems", "%1 needs a liquid-cooled rack"), {quoted(part->id)});
        const int h = std::max(1, int(std::lround(part->figure("height_u"))));
        const int first = mount.u;
        const int last = mount.u + h * mount.count - 1;
        if (heightU > 0 && (first < 1 || last > heightU)) {
            check.error(mplace + ".u", CP_TR_NOOP("cp::Problems", "occupies U%1–U%2 of a %3U rack"),
                        {std::to_string(first), std::to_string(last), std::to_string(heightU)});
        }
        for (const auto &[a, b] : used)
            if (first <= b && a <= last)
                check.error(mplace + ".u", CP_TR_NOOP("cp::Problems", "overlaps another part at U%1"),
                            {std::to_string(std::max(a, first))});
        used.emplace_back(first, last);
        weightKg += part->figure("weight_kg") * mount.count;
    }
    if (rackType && rackType->figure("max_weight_kg") > 0
        && weightKg > rackType->figure("max_weight_kg"))
        check.error(place, CP_TR_NOOP("cp::Problems", "contents weigh %1 kg, above the rack's %2 kg limit"),
                    {std::to_string(int(weightKg)), std::to_string(int(rackType->figure("max_weight_kg")))});
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
        const std::string place = "racks[" + std::to_string(first.later) + "] (" + quoted(rack.id) + ")";
        if (n == 1)
            check.error(place,
                        CP_TR_NOOP("cp::Problems", "its footprint overlaps rack %1 (racks[%2]) by %3 m: "
                                                   "move or turn one of them"),
                        {quoted(other.id), std::to_string(first.earlier), depth});
        else if (n == 2)
            check.error(place,
                        CP_TR_NOOP("cp::Problems", "its footprint overlaps rack %1 (racks[%2]) by %3 m and 1 other "
                                                   "rack: move or turn one of them"),
                        {quoted(other.id), std::to_string(first.earlier), depth});
        else
            check.error(place,
                        CP_TR_NOOP("cp::Problems", "its footprint overlaps rack %1 (racks[%2]) by %3 m and %4 other "
                                                   "racks: move or turn one of them"),
                        {quoted(other.id), std::to_string(first.earlier), depth, std::to_string(n - 1)});
        k += n;
    }
}

/// Front and rear service space (blockedClearances): an error naming the rack or the wall in the way.
void checkClearances(const Design &design, const Catalog &catalog, Checker &check)
{
    for (const BlockedClearance &b : blockedClearances(design, catalog)) {
        char clear[32];
        std::snprintf(clear, sizeof clear, "%.1f m", b.clearanceM);
        const std::string place = "racks[" + std::to_string(b.rack) + "] (" + quoted(design.racks[b.rack].id) + ")";
        if (b.wall)
            check.error(place,
                        b.front ? CP_TR_NOOP("cp::Problems", "its front service space (%1) runs into the hall's wall: "
                                                             "move or turn one of them")
                                : CP_TR_NOOP("cp::Problems", "its rear service space (%1) runs into the hall's wall: "
                                                             "move or turn one of them"),
                        {clear});
        else
            check.error(place,
                        b.front ? CP_TR_NOOP("cp::Problems", "its front service space (%1) is taken by rack %2 "
                                                             "(racks[%3]): move or turn one of them")
                                : CP_TR_NOOP("cp::Problems", "its rear service space (%1) is taken by rack %2 "
                                                             "(racks[%3]): move or turn one of them"),
                        {clear, quoted(design.racks[b.blocker].id), std::to_string(b.blocker)});
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
            check.warning(place + ".row", CP_TR_NOOP("cp::Problems", "stands in no row: give it one (the Row field), "
                                                                     "so that power, cooling and the failure domains "
                                                                     "group it"));
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
                          CP_TR_NOOP("cp::Problems", "stands %1 off the line of row %2's other racks: move it into "
                                                     "the row or give it its own row"),
                          {text, quoted(name)});
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
                    CP_TR_NOOP("cp::Problems", "holds %1 (%2 rack(s)) where rack %3 holds %4 (%5 rack(s)): one "
                                               "design trains on one kind of node; put each kind in its own "
                                               "scenario, or replace one of them"),
                    {order[k], std::to_string(other.racks), quoted(design.racks[first.firstRack].id), order.front(),
                     std::to_string(first.racks)});
    }
}

/// MXFP8 runs only on accelerators with block-scaled (OCP MX) tensor cores (catalog attribute
/// `fp8_block_scaling: mx`; docs/model.md §2.2).
void checkPrecisionFitsAccelerators(const Design &design, const Catalog &catalog, Checker &check)
{
    if (design.workload.precision != "mxfp8")
        return;
    std::set<std::string> without;
    for (const Rack &r : design.racks)
        for (const Mount &m : r.contents) {
            const CatalogEntry *e = catalog.find(m.catalogId);
            if (!e || (e->kind != PartKind::Server && e->kind != PartKind::Supernode))
                continue;
            const CatalogEntry *acc = catalog.find(e->ref("accelerator"));
            if (acc && acc->attribute("fp8_block_scaling") != "mx")
                without.insert(acc->id);
        }
    for (const std::string &id : without)
        check.error("workload.precision",
                    CP_TR_NOOP("cp::Problems", "mxfp8 needs block-scaled (MX) tensor cores, which %1 does not "
                                               "have: use fp8 (Blackwell parts have them)"),
                    {id});
}

std::set<std::string> checkRacks(const Design &design, const Catalog &catalog, Checker &check)
{
    std::set<std::string> rackIds;
    for (size_t i = 0; i < design.racks.size(); ++i) {
        const Rack &r = design.racks[i];
        const std::string place = "racks[" + std::to_string(i) + "] (" + quoted(r.id) + ")";
        if (r.id.empty())
            check.error(place + ".id", CP_TR_NOOP("cp::Problems", "must not be empty"));
        else if (!rackIds.insert(r.id).second)
            check.error(place + ".id", CP_TR_NOOP("cp::Problems", "duplicate rack id %1"), {quoted(r.id)});
        if (const std::string bad = controlCharacterIn(r.id); !bad.empty())
            check.error(place + ".id", CP_TR_NOOP("cp::Problems", "contains a control character (%1)"), {bad});
        if (const std::string bad = controlCharacterIn(r.row); !bad.empty())
            check.error(place + ".row", CP_TR_NOOP("cp::Problems", "contains a control character (%1)"), {bad});
        const CatalogEntry *rackType = catalog.find(r.catalogId);
        if (!rackType) {
            check.error(place + ".catalog_id", CP_TR_NOOP("cp::Problems", "unknown catalog id %1"),
                        {quoted(r.catalogId)});
        } else if (rackType->kind != PartKind::Rack) {
            check.error(place + ".catalog_id", CP_TR_NOOP("cp::Problems", "%1 is a %2, not a rack"),
                        {quoted(r.catalogId), partKindName(rackType->kind)});
            rackType = nullptr;
        }
        if (!std::isfinite(r.xM) || !std::isfinite(r.yM) || r.xM < 0 || r.yM < 0
            || r.xM > design.hall.widthM || r.yM > design.hall.depthM)
            check.error(place, CP_TR_NOOP("cp::Problems", "position (%1, %2) m lies outside the hall"),
                        {std::to_string(r.xM), std::to_string(r.yM)});
        if (!rotationInRange(r.rotationDeg))
            check.error(place + ".rotation_deg", CP_TR_NOOP("cp::Problems", "must be between -360 and 360 degrees"));

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
                check.error(place, CP_TR_NOOP("cp::Problems", "must name a catalog %1"), {partKindName(kind)});
            return;
        }
        const CatalogEntry *e = catalog.find(id);
        if (!e)
            check.error(place, CP_TR_NOOP("cp::Problems", "unknown catalog id %1"), {quoted(id)});
        else if (e->kind != kind)
            check.error(place, CP_TR_NOOP("cp::Problems", "%1 is a %2, not a %3"),
                        {quoted(id), partKindName(e->kind), partKindName(kind)});
    };
    checkRef("fabric.switch_id", design.fabric.switchId, PartKind::Switch, true);
    checkRef("fabric.nic_id", design.fabric.nicId, PartKind::Nic, false);
    checkRef("fabric.short_cable_id", design.fabric.shortCableId, PartKind::Cable, false);
    checkRef("fabric.long_cable_id", design.fabric.longCableId, PartKind::Cable, false);
    if (design.fabric.tiers < 0 || design.fabric.tiers > 4)
        check.error("fabric.tiers", CP_TR_NOOP("cp::Problems", "must be 0 (automatic) or 1–4"));
    for (size_t i = 0; i < design.fabric.oversubscription.size(); ++i) {
        const double o = design.fabric.oversubscription[i];
        if (!std::isfinite(o) || o < 1.0 || o > 64.0)
            check.error("fabric.oversubscription[" + std::to_string(i) + "]",
                        CP_TR_NOOP("cp::Problems", "must be between 1 and 64"));
    }
}

/// The software-stack fields: "default" or one of their settings.
void checkStack(const Workload &w, Checker &check)
{
    const auto oneOf = [&](const char *place, const std::string &v, const char *a, const char *b) {
        if (v != "default" && v != a && v != b)
            check.error(std::string("workload.") + place, CP_TR_NOOP("cp::Problems", "must be \"default\", \"%1\" or \"%2\""),
                        {a, b});
    };
    oneOf("attention", w.attention, "flash", "unfused");
    oneOf("sequence_parallel", w.sequenceParallel, "true", "false");
    oneOf("overlap_comm", w.overlapComm, "true", "false");
    oneOf("grad_reduce", w.gradReduce, "fp32", "bf16");
}

/// How an MoE workload's tokens are routed and travel: group limits that fit the experts, a
/// dispatcher and a dispatch precision by name; none of it on a dense model.
void checkMoeRouting(const Workload &w, Checker &check)
{
    const bool moe = w.experts > 0;
    if (!moe && (w.moeGroups != 0 || w.moeTopGroups != 0 || w.moeDispatcher != "all_to_all" ||
                 w.moeDispatchPrecision != "bf16" || w.expertFfnHidden != 0 || w.sharedExperts != 0)) {
        check.error("workload.moe_dispatcher",
                    CP_TR_NOOP("cp::Problems", "routing settings are for models with experts; a dense model has none"));
        return;
    }
    if (w.expertFfnHidden < 0 || w.expertFfnHidden > 100000000)
        check.error("workload.expert_ffn_hidden", CP_TR_NOOP("cp::Problems", "must be 0 (= FFN hidden) or a width up to 10^8"));
    if (w.sharedExperts < 0 || w.sharedExperts > 10000)
        check.error("workload.shared_experts", CP_TR_NOOP("cp::Problems", "must be between 0 and 10,000"));
    if (w.moeDispatcher != "all_to_all" && w.moeDispatcher != "deduplicated")
        check.error("workload.moe_dispatcher", CP_TR_NOOP("cp::Problems", "must be \"all_to_all\" or \"deduplicated\""));
    if (w.moeDispatchPrecision != "bf16" && w.moeDispatchPrecision != "fp8")
        check.error("workload.moe_dispatch_precision", CP_TR_NOOP("cp::Problems", "must be \"bf16\" or \"fp8\""));
    else if (w.moeDispatchPrecision == "fp8" && w.precision == "bf16")
        check.error("workload.moe_dispatch_precision",
                    CP_TR_NOOP("cp::Problems", "fp8 dispatch needs an FP8 precision (fp8 or mxfp8)"));
    if (w.moeGroups == 0 && w.moeTopGroups == 0)
        return;
    if (w.moeGroups < 1 || w.experts % w.moeGroups != 0)
        check.error("workload.moe_groups", CP_TR_NOOP("cp::Problems", "must divide the expert count %1"),
                    {std::to_string(w.experts)});
    else if (w.moeTopGroups < 1 || w.moeTopGroups > w.moeGroups ||
             double(w.moeTopGroups) * (w.experts / w.moeGroups) < w.activeExperts)
        check.error("workload.moe_top_groups",
                    CP_TR_NOOP("cp::Problems", "must be between 1 and the group count, and hold the active experts"));
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
            check.error(std::string("workload.") + name, CP_TR_NOOP("cp::Problems", "must be at least 1"));
    if (w.heads > 0 && w.hidden % w.heads != 0)
        check.error("workload.heads", CP_TR_NOOP("cp::Problems", "hidden size %1 is not divisible by the head count"),
                    {std::to_string(w.hidden)});
    if (w.heads > 0 && w.kvHeads > 0 && w.heads % w.kvHeads != 0)
        check.error("workload.kv_heads",
                    CP_TR_NOOP("cp::Problems", "head count is not divisible by the KV-head count"));
    if (w.experts < 0 || w.activeExperts < 0 || w.activeExperts > w.experts)
        check.error("workload.active_experts", CP_TR_NOOP("cp::Problems", "must be between 0 and the expert count"));
    if (!(w.moeLoadImbalance >= 1.0 && w.moeLoadImbalance <= 16.0))
        check.error("workload.moe_load_imbalance",
                    CP_TR_NOOP("cp::Problems", "must be between 1 (balanced routing) and 16"));
    checkMoeRouting(w, check);
    checkStack(w, check);
    if (w.mtpLayers < 0 || w.mtpLayers > 16)
        check.error("workload.mtp_layers", CP_TR_NOOP("cp::Problems", "must be between 0 and 16"));
    check.positive("workload.tokens", w.tokens);
    check.nonNegative("workload.global_batch_tokens", w.globalBatchTokens); // 0 = automatic
    if (w.jobs < 1)
        check.error("workload.jobs", CP_TR_NOOP("cp::Problems", "must be at least 1"));
    if (w.tokens > 1e17)
        check.error("workload.tokens", CP_TR_NOOP("cp::Problems", "more than 10^17 tokens is not plausible"));
    if (w.precision != "bf16" && w.precision != "fp8" && w.precision != "mxfp8")
        check.error("workload.precision", CP_TR_NOOP("cp::Problems", "must be \"bf16\", \"fp8\" or \"mxfp8\""));
    if (std::find(recomputeNames().begin(), recomputeNames().end(), w.recompute) == recomputeNames().end())
        check.error("workload.recompute",
                    CP_TR_NOOP("cp::Problems",
                               "must be \"auto\", \"none\", \"selective\", \"block\", \"offload\" or \"full\""));
    if (w.pipelineSchedule != "1f1b" && w.pipelineSchedule != "dualpipe")
        check.error("workload.pipeline_schedule", CP_TR_NOOP("cp::Problems", "must be \"1f1b\" or \"dualpipe\""));
    const Parallelism &p = w.parallelism;
    if (p.zero < -1 || p.zero > 3)
        check.error("workload.parallelism.zero", CP_TR_NOOP("cp::Problems", "must be 0, 1, 2 or 3 (or automatic)"));
    if (p.etp != 0 && w.experts == 0)
        check.error("workload.parallelism.etp",
                    CP_TR_NOOP("cp::Problems", "is for models with experts; a dense model has none to place"));
    else if (p.etp < 0 || (p.etp > 1 && (p.automatic || p.etp != p.tp)))
        check.error("workload.parallelism.etp",
                    CP_TR_NOOP("cp::Problems",
                               "must be 1 (each expert whole on one GPU) or, with a pinned layout, its TP (%1)"),
                    {std::to_string(p.tp)});
    if (!p.automatic) {
        const std::pair<const char *, int> degrees[] = {{"tp", p.tp}, {"pp", p.pp}, {"dp", p.dp},
                                                        {"cp", p.cp}, {"ep", p.ep},
                                                        {"microbatch", p.microbatch},
                                                        {"interleave", p.interleave}};
        for (const auto &[name, value] : degrees)
            if (value < 1)
                check.error(std::string("workload.parallelism.") + name,
                            CP_TR_NOOP("cp::Problems", "must be at least 1 (or set the parallelism to automatic)"));
        if (p.pp > 0 && p.interleave > 0 && w.layers > 0 && !pipelineSplits(w.layers, p.pp, p.interleave))
            check.error("workload.parallelism.pp",
                        CP_TR_NOOP("cp::Problems",
                                   "%1 layers do not split into %2 stages of %3 chunks (at most one stage per layer; "
                                   "interleaving needs two stages or more and chunks that split the largest stage "
                                   "evenly)"),
                        {std::to_string(w.layers), std::to_string(p.pp), std::to_string(p.interleave)});
        if (p.tp > 0 && w.heads % p.tp != 0)
            check.error("workload.parallelism.tp", CP_TR_NOOP("cp::Problems", "head count is not divisible by TP"));
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
        check.error("reliability.hot_spares_per_domain",
                    CP_TR_NOOP("cp::Problems", "must be -1 (catalog default) or more"));
    const FinanceSettings &f = design.finance;
    check.positive("finance.life_years", f.lifeYears);
    if (f.lifeYears > kMaxLifeYears)
        check.error("finance.life_years", CP_TR_NOOP("cp::Problems", "a life above 30 years is not plausible"));
    if (!(f.deliveryMonths >= 0 && f.deliveryMonths <= kMaxDeliveryMonths))
        check.error("finance.delivery_months",
                    CP_TR_NOOP("cp::Problems", "must be 0 (from the lead times) or at most 120 months"));
    check.nonNegative("finance.energy_usd_per_kwh", f.energyUsdPerKwh);
    if (f.pue != 0.0 && (!std::isfinite(f.pue) || f.pue < 1.0 || f.pue > 3.0))
        check.error("finance.pue", CP_TR_NOOP("cp::Problems", "must be 0 (derived) or between 1.0 and 3.0"));
    check.nonNegative("finance.staff_fte", f.staffFte);
    check.nonNegative("finance.staff_usd_per_year", f.staffUsdPerYear);
    check.nonNegative("finance.cloud_usd_per_gpu_hour", f.cloudUsdPerGpuHour);
    if (!(f.utilisation > 0.0 && f.utilisation <= 1.0))
        check.error("finance.utilisation", CP_TR_NOOP("cp::Problems", "must be in (0, 1]"));
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
    checkPrecisionFitsAccelerators(design, catalog, check);
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
