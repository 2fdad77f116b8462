#include "model/edit/designedit.h"

#include "model/core/catalog.h"
#include "model/edit/editsupport.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace cp {

using namespace editsupport;

double snapToGrid(double valueM, double gridM)
{
    if (!(gridM > 0.0) || !std::isfinite(valueM))
        return valueM;
    return std::round(valueM / gridM) * gridM;
}

std::string uniqueId(const Design &design, const std::string &prefix, int width)
{
    IdAllocator ids(design);
    return ids.next(prefix, width);
}

// ---- Placing ----------------------------------------------------------------------------------

Edit addRack(const Design &design, const Catalog &catalog, const std::string &rackCatalogId, Point at)
{
    const CatalogEntry *entry = catalog.find(rackCatalogId);
    if (!entry)
        return Edit::refused(CP_TR_NOOP("cp::Problems", "unknown catalog id %1"), {quoted(rackCatalogId)});
    if (entry->kind != PartKind::Rack)
        return Edit::refused(CP_TR_NOOP("cp::Problems", "%1 is a %2, not a rack"),
                             {quoted(rackCatalogId), partKindName(entry->kind)});
    Rack rack;
    rack.catalogId = rackCatalogId;
    // Racks stand on the grid with their centre half a rack from a grid line, as the templates do:
    // snap the left edge, not the centre.
    const double width = entry->figure("width_m", 0.6);
    rack.xM = snapToGrid(at.xM - width / 2, design.hall.gridM) + width / 2;
    rack.yM = snapToGrid(at.yM, design.hall.gridM);
    if (!insideHall(design, rack.xM, rack.yM))
        return Edit::refused(outsideMessage(design, rack.xM, rack.yM));
    rack.id = uniqueId(design, "R", 3);
    // A rack dropped in line with a row joins it; one dropped away from every row starts a new
    // row, the first free "Row NN" (a rack is never in no row: the plan labels racks by row).
    std::set<std::string> rows;
    for (const Rack &r : design.racks) {
        if (!r.row.empty() && rack.row.empty() && std::abs(r.yM - rack.yM) < 0.05) {
            rack.row = r.row;
            rack.rotationDeg = r.rotationDeg;
        }
        rows.insert(r.row);
    }
    for (int n = 1; rack.row.empty(); ++n) {
        char name[32];
        std::snprintf(name, sizeof name, "Row %02d", n);
        if (!rows.count(name))
            rack.row = name;
    }
    Edit edit;
    edit.patch.racks.inserted.emplace_back(design.racks.size(), std::move(rack));
    return edit;
}

Edit addUnit(const Design &design, const Catalog &catalog, const std::string &unitCatalogId, Point at)
{
    const CatalogEntry *entry = catalog.find(unitCatalogId);
    if (!entry)
        return Edit::refused(CP_TR_NOOP("cp::Problems", "unknown catalog id %1"), {quoted(unitCatalogId)});
    const bool power = isPowerKind(entry->kind);
    if (!power && !isCoolingKind(entry->kind))
        return Edit::refused(CP_TR_NOOP("cp::Problems", "%1 is a %2, not a power or cooling unit"),
                             {quoted(unitCatalogId), partKindName(entry->kind)});
    FacilityUnit unit;
    unit.catalogId = unitCatalogId;
    unit.xM = snapToGrid(at.xM, design.hall.gridM);
    unit.yM = snapToGrid(at.yM, design.hall.gridM);
    if (!insideHall(design, unit.xM, unit.yM))
        return Edit::refused(outsideMessage(design, unit.xM, unit.yM));
    unit.id = uniqueId(design, unitPrefix(*entry), 2);
    Edit edit;
    if (power)
        edit.patch.powerUnits.inserted.emplace_back(design.powerUnits.size(), std::move(unit));
    else
        edit.patch.coolingUnits.inserted.emplace_back(design.coolingUnits.size(), std::move(unit));
    return edit;
}

Edit mountPart(const Design &design, const Catalog &catalog, int rackIndex, const std::string &partCatalogId)
{
    if (rackIndex < 0 || static_cast<size_t>(rackIndex) >= design.racks.size())
        return Edit::refused(CP_TR_NOOP("cp::Problems", "no rack at index %1"), {std::to_string(rackIndex)});
    const Rack &rack = design.racks[static_cast<size_t>(rackIndex)];
    const CatalogEntry *part = catalog.find(partCatalogId);
    if (!part)
        return Edit::refused(CP_TR_NOOP("cp::Problems", "unknown catalog id %1"), {quoted(partCatalogId)});
    if (!isMountableKind(part->kind))
        return Edit::refused(CP_TR_NOOP("cp::Problems", "a %1 cannot be mounted in a rack"),
                             {partKindName(part->kind)});
    RackFill fill;
    if (std::optional<Problem> error = checkRackModelAndContents(rack, catalog, &fill))
        return Edit::refused(CP_TR_NOOP("cp::Problems", "rack %1: %2"), {quoted(rack.id)}, *error);

    const int h = partHeightU(*part);
    // The lowest free range of h units: try each U from the bottom.
    int found = 0;
    for (int u = 1; u + h - 1 <= fill.heightU && !found; ++u) {
        bool free = true;
        for (const auto &[a, b] : fill.used)
            if (u <= b && a <= u + h - 1) {
                free = false;
                u = b; // continue just above this part
                break;
            }
        if (free)
            found = u;
    }
    if (!found)
        return Edit::refused(CP_TR_NOOP("cp::Problems",
                                        "%1 (%2U) does not fit in rack %3: no %2U range is free"),
                             {quoted(part->name.empty() ? part->id : part->name), std::to_string(h),
                              quoted(rack.id)});
    Rack after = rack;
    Mount mount;
    mount.catalogId = partCatalogId;
    mount.u = found;
    if (part->kind == PartKind::Switch)
        mount.role = SwitchRole::Leaf;
    after.contents.push_back(mount);
    std::sort(after.contents.begin(), after.contents.end(), [](const Mount &a, const Mount &b) { return a.u < b.u; });
    if (std::optional<Problem> error = checkRackModelAndContents(after, catalog))
        return Edit::refused(CP_TR_NOOP("cp::Problems", "rack %1: %2"), {quoted(rack.id)}, *error);
    Edit edit;
    edit.patch.racks.changed.push_back({static_cast<size_t>(rackIndex), rack, std::move(after)});
    return edit;
}

// ---- Moving, rotating, deleting ---------------------------------------------------------------

Edit moveBy(const Design &design, const Selection &selection, double dxM, double dyM)
{
    if (!std::isfinite(dxM) || !std::isfinite(dyM))
        return Edit::refused(CP_TR_NOOP("cp::Problems", "the move must be a finite distance"), {});
    Selection s;
    if (std::optional<Problem> error = selectedItems(design, selection, s))
        return Edit::refused(*error);
    Edit edit;
    for (int i : s.racks) {
        const Rack &r = design.racks[static_cast<size_t>(i)];
        Rack after = r;
        after.xM += dxM;
        after.yM += dyM;
        if (!insideHall(design, after.xM, after.yM))
            return Edit::refused(CP_TR_NOOP("cp::Problems", "rack %1: %2"), {quoted(r.id)},
                                 outsideMessage(design, after.xM, after.yM));
        edit.patch.racks.changed.push_back({static_cast<size_t>(i), r, std::move(after)});
    }
    const auto moveUnits = [&](const std::vector<int> &indexes, const std::vector<FacilityUnit> &units,
                               ListPatch<FacilityUnit> &out) -> Edit {
        for (int i : indexes) {
            const FacilityUnit &u = units[static_cast<size_t>(i)];
            FacilityUnit after = u;
            after.xM += dxM;
            after.yM += dyM;
            if (!insideHall(design, after.xM, after.yM))
                return Edit::refused(CP_TR_NOOP("cp::Problems", "unit %1: %2"), {quoted(u.id)},
                                     outsideMessage(design, after.xM, after.yM));
            out.changed.push_back({static_cast<size_t>(i), u, std::move(after)});
        }
        return {}; // every unit stays in the hall
    };
    if (Edit e = moveUnits(s.powerUnits, design.powerUnits, edit.patch.powerUnits); !e.ok())
        return e;
    if (Edit e = moveUnits(s.coolingUnits, design.coolingUnits, edit.patch.coolingUnits); !e.ok())
        return e;
    return edit;
}

Edit rotateBy(const Design &design, const Selection &selection, double degrees)
{
    if (!std::isfinite(degrees))
        return Edit::refused(CP_TR_NOOP("cp::Problems", "the rotation must be a number"), {});
    if (std::optional<Problem> error = checkSelection(design, selection))
        return Edit::refused(*error);
    const std::vector<int> racks = normalised(selection.racks);
    if (racks.empty())
        return Edit::refused(CP_TR_NOOP("cp::Problems", "no rack is selected (only racks have an orientation)"),
                             {});
    Edit edit;
    for (int i : racks) {
        const Rack &r = design.racks[static_cast<size_t>(i)];
        Rack after = r;
        after.rotationDeg = std::fmod(r.rotationDeg + degrees, 360.0);
        if (after.rotationDeg < 0)
            after.rotationDeg += 360.0;
        edit.patch.racks.changed.push_back({static_cast<size_t>(i), r, std::move(after)});
    }
    return edit;
}

Edit remove(const Design &design, const Selection &selection)
{
    Selection s;
    if (std::optional<Problem> error = selectedItems(design, selection, s))
        return Edit::refused(*error);
    Edit edit;
    std::unordered_set<std::string> goneRacks;
    for (int i : s.racks) {
        goneRacks.insert(design.racks[static_cast<size_t>(i)].id);
        edit.patch.racks.removed.emplace_back(static_cast<size_t>(i), design.racks[static_cast<size_t>(i)]);
    }
    const auto removeUnits = [&](const std::vector<int> &indexes, const std::vector<FacilityUnit> &units,
                                 ListPatch<FacilityUnit> &out) {
        std::unordered_set<int> gone(indexes.begin(), indexes.end());
        for (int i : indexes)
            out.removed.emplace_back(static_cast<size_t>(i), units[static_cast<size_t>(i)]);
        if (goneRacks.empty())
            return;
        // Units that stay forget the deleted racks.
        for (size_t i = 0; i < units.size(); ++i) {
            if (gone.count(static_cast<int>(i)))
                continue;
            const FacilityUnit &u = units[i];
            if (std::none_of(u.serves.begin(), u.serves.end(), [&](const std::string &id) { return goneRacks.count(id); }))
                continue;
            FacilityUnit after = u;
            std::erase_if(after.serves, [&](const std::string &id) { return goneRacks.count(id) != 0; });
            out.changed.push_back({i, u, std::move(after)});
        }
    };
    removeUnits(s.powerUnits, design.powerUnits, edit.patch.powerUnits);
    removeUnits(s.coolingUnits, design.coolingUnits, edit.patch.coolingUnits);
    return edit;
}

} // namespace cp
