#include "model/edit/designedit.h"

#include "model/core/catalog.h"
#include "model/edit/editsupport.h"

#include <algorithm>
#include <cmath>

namespace cp {

using namespace editsupport;

// ---- Properties --------------------------------------------------------------------------------

Edit changeRack(const Design &design, const Catalog &catalog, int rackIndex, const Rack &rack)
{
    if (rackIndex < 0 || static_cast<size_t>(rackIndex) >= design.racks.size())
        return Edit::refused(CP_TR_NOOP("cp::Problems", "no rack at index %1"), {std::to_string(rackIndex)});
    const Rack &before = design.racks[static_cast<size_t>(rackIndex)];
    if (rack == before)
        return Edit::refused(CP_TR_NOOP("cp::Problems", "nothing changed"), {});
    if (rack.id.empty())
        return Edit::refused(CP_TR_NOOP("cp::Problems", "the rack id must not be empty"), {});
    if (rack.id != before.id && idUsedElsewhere(design, rack.id, &before, nullptr))
        return Edit::refused(CP_TR_NOOP("cp::Problems", "the id %1 is already used"), {quoted(rack.id)});
    if (!insideHall(design, rack.xM, rack.yM))
        return Edit::refused(outsideMessage(design, rack.xM, rack.yM));
    if (!rotationInRange(rack.rotationDeg))
        return Edit::refused(CP_TR_NOOP("cp::Problems", "the rotation must be between -360 and 360 degrees"), {});
    if (const std::string bad = controlCharacterIn(rack.id); !bad.empty())
        return Edit::refused(CP_TR_NOOP("cp::Problems", "the rack id contains a control character (%1)"), {bad});
    if (std::optional<Problem> error = checkRackModelAndContents(rack, catalog))
        return Edit::refused(*error);

    Edit edit;
    edit.patch.racks.changed.push_back({static_cast<size_t>(rackIndex), before, rack});
    if (rack.id != before.id) {
        // A renamed rack stays fed: every serves list follows the new id.
        const auto rename = [&](const std::vector<FacilityUnit> &units, ListPatch<FacilityUnit> &out) {
            for (size_t i = 0; i < units.size(); ++i) {
                if (std::find(units[i].serves.begin(), units[i].serves.end(), before.id) == units[i].serves.end())
                    continue;
                FacilityUnit after = units[i];
                std::replace(after.serves.begin(), after.serves.end(), before.id, rack.id);
                out.changed.push_back({i, units[i], std::move(after)});
            }
        };
        rename(design.powerUnits, edit.patch.powerUnits);
        rename(design.coolingUnits, edit.patch.coolingUnits);
    }
    return edit;
}

Edit changeRacks(const Design &design, const Catalog &catalog, const std::vector<std::pair<int, Rack>> &racks)
{
    Edit edit;
    std::vector<char> seen(design.racks.size(), 0);
    for (const auto &[index, rack] : racks) {
        if (index < 0 || static_cast<size_t>(index) >= design.racks.size())
            return Edit::refused(CP_TR_NOOP("cp::Problems", "no rack at index %1"), {std::to_string(index)});
        if (seen[static_cast<size_t>(index)]++)
            return Edit::refused(CP_TR_NOOP("cp::Problems", "rack %1 is listed twice"), {quoted(rack.id)});
        const Rack &before = design.racks[static_cast<size_t>(index)];
        if (rack.id != before.id)
            return Edit::refused(CP_TR_NOOP("cp::Problems", "rename racks one at a time (%1)"),
                                 {quoted(before.id)});
        if (rack == before)
            continue;
        Edit one = changeRack(design, catalog, index, rack);
        if (!one.ok())
            return Edit::refused(CP_TR_NOOP("cp::Problems", "rack %1: %2"), {quoted(before.id)}, reasonOf(one));
        for (auto &change : one.patch.racks.changed)
            edit.patch.racks.changed.push_back(std::move(change));
    }
    if (edit.patch.racks.changed.empty())
        return Edit::refused(CP_TR_NOOP("cp::Problems", "nothing changed"), {});
    std::sort(edit.patch.racks.changed.begin(), edit.patch.racks.changed.end(),
              [](const auto &a, const auto &b) { return a.index < b.index; });
    return edit;
}

Edit changeUnit(const Design &design, const Catalog &catalog, bool power, int unitIndex, const FacilityUnit &unit)
{
    const auto &units = power ? design.powerUnits : design.coolingUnits;
    if (unitIndex < 0 || static_cast<size_t>(unitIndex) >= units.size())
        return Edit::refused(power ? CP_TR_NOOP("cp::Problems", "no power unit at index %1")
                                   : CP_TR_NOOP("cp::Problems", "no cooling unit at index %1"),
                             {std::to_string(unitIndex)});
    const FacilityUnit &before = units[static_cast<size_t>(unitIndex)];
    if (unit == before)
        return Edit::refused(CP_TR_NOOP("cp::Problems", "nothing changed"), {});
    if (unit.id.empty())
        return Edit::refused(CP_TR_NOOP("cp::Problems", "the unit id must not be empty"), {});
    if (unit.id != before.id && idUsedElsewhere(design, unit.id, nullptr, &before))
        return Edit::refused(CP_TR_NOOP("cp::Problems", "the id %1 is already used"), {quoted(unit.id)});
    const CatalogEntry *entry = catalog.find(unit.catalogId);
    if (!entry)
        return Edit::refused(CP_TR_NOOP("cp::Problems", "unknown catalog id %1"), {quoted(unit.catalogId)});
    if (power ? !isPowerKind(entry->kind) : !isCoolingKind(entry->kind))
        return Edit::refused(power ? CP_TR_NOOP("cp::Problems", "%1 is a %2, not a power unit")
                                   : CP_TR_NOOP("cp::Problems", "%1 is a %2, not a cooling unit"),
                             {quoted(unit.catalogId), partKindName(entry->kind)});
    if (!insideHall(design, unit.xM, unit.yM))
        return Edit::refused(outsideMessage(design, unit.xM, unit.yM));
    std::unordered_set<std::string> rackIds;
    for (const Rack &r : design.racks)
        rackIds.insert(r.id);
    std::unordered_set<std::string> seen;
    for (const std::string &id : unit.serves) {
        if (!rackIds.count(id))
            return Edit::refused(CP_TR_NOOP("cp::Problems", "unknown rack %1 in the racks served"), {quoted(id)});
        if (!seen.insert(id).second)
            return Edit::refused(CP_TR_NOOP("cp::Problems", "rack %1 is listed twice"), {quoted(id)});
    }
    Edit edit;
    (power ? edit.patch.powerUnits : edit.patch.coolingUnits)
        .changed.push_back({static_cast<size_t>(unitIndex), before, unit});
    return edit;
}

Edit changeSettings(const Design &design, const Catalog &catalog, const Design &settings)
{
    Design before = settingsOf(design);
    Design after = settingsOf(settings);
    if (before == after)
        return Edit::refused(CP_TR_NOOP("cp::Problems", "nothing changed"), {});
    // Only errors the change introduces refuse it: an old problem elsewhere must not block
    // every settings edit.
    const Problems old = validate(before, catalog);
    for (const Problem &p : validate(after, catalog)) {
        if (p.severity != Severity::Error)
            continue;
        const bool known = std::any_of(old.begin(), old.end(), [&](const Problem &o) {
            return o.severity == Severity::Error && o.place == p.place && o.message == p.message;
        });
        if (!known)
            return Edit::refused(CP_TR_NOOP("cp::Problems", "%1: %2"), {p.place}, p);
    }
    // A smaller hall must still hold every rack and unit.
    if (after.hall.widthM < before.hall.widthM || after.hall.depthM < before.hall.depthM) {
        for (const Rack &r : design.racks)
            if (!insideHall(after, r.xM, r.yM))
                return Edit::refused(CP_TR_NOOP("cp::Problems", "rack %1 would lie outside the smaller hall"),
                                     {quoted(r.id)});
        for (const auto *list : {&design.powerUnits, &design.coolingUnits})
            for (const FacilityUnit &u : *list)
                if (!insideHall(after, u.xM, u.yM))
                    return Edit::refused(CP_TR_NOOP("cp::Problems", "unit %1 would lie outside the smaller hall"),
                                         {quoted(u.id)});
    }
    Edit edit;
    edit.patch.settingsBefore = std::move(before);
    edit.patch.settingsAfter = std::move(after);
    return edit;
}

} // namespace cp
