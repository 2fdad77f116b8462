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
        return Edit::refused("no rack at index " + std::to_string(rackIndex));
    const Rack &before = design.racks[static_cast<size_t>(rackIndex)];
    if (rack == before)
        return Edit::refused("nothing changed");
    if (rack.id.empty())
        return Edit::refused("the rack id must not be empty");
    if (rack.id != before.id && idUsedElsewhere(design, rack.id, &before, nullptr))
        return Edit::refused("the id " + quoted(rack.id) + " is already used");
    if (!insideHall(design, rack.xM, rack.yM))
        return Edit::refused(outsideMessage(design, rack.xM, rack.yM));
    if (!rotationInRange(rack.rotationDeg))
        return Edit::refused("the rotation must be between -360 and 360 degrees");
    if (const std::string bad = controlCharacterIn(rack.id); !bad.empty())
        return Edit::refused("the rack id contains a control character (" + bad + ")");
    if (std::string error = checkRackModelAndContents(rack, catalog); !error.empty())
        return Edit::refused(error);

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
            return Edit::refused("no rack at index " + std::to_string(index));
        if (seen[static_cast<size_t>(index)]++)
            return Edit::refused("rack " + quoted(rack.id) + " is listed twice");
        const Rack &before = design.racks[static_cast<size_t>(index)];
        if (rack.id != before.id)
            return Edit::refused("rename racks one at a time (" + quoted(before.id) + ")");
        if (rack == before)
            continue;
        Edit one = changeRack(design, catalog, index, rack);
        if (!one.ok())
            return Edit::refused("rack " + quoted(before.id) + ": " + one.error);
        for (auto &change : one.patch.racks.changed)
            edit.patch.racks.changed.push_back(std::move(change));
    }
    if (edit.patch.racks.changed.empty())
        return Edit::refused("nothing changed");
    std::sort(edit.patch.racks.changed.begin(), edit.patch.racks.changed.end(),
              [](const auto &a, const auto &b) { return a.index < b.index; });
    return edit;
}

Edit changeUnit(const Design &design, const Catalog &catalog, bool power, int unitIndex, const FacilityUnit &unit)
{
    const auto &units = power ? design.powerUnits : design.coolingUnits;
    if (unitIndex < 0 || static_cast<size_t>(unitIndex) >= units.size())
        return Edit::refused(std::string("no ") + (power ? "power" : "cooling") + " unit at index "
                             + std::to_string(unitIndex));
    const FacilityUnit &before = units[static_cast<size_t>(unitIndex)];
    if (unit == before)
        return Edit::refused("nothing changed");
    if (unit.id.empty())
        return Edit::refused("the unit id must not be empty");
    if (unit.id != before.id && idUsedElsewhere(design, unit.id, nullptr, &before))
        return Edit::refused("the id " + quoted(unit.id) + " is already used");
    const CatalogEntry *entry = catalog.find(unit.catalogId);
    if (!entry)
        return Edit::refused("unknown catalog id " + quoted(unit.catalogId));
    if (power ? !isPowerKind(entry->kind) : !isCoolingKind(entry->kind))
        return Edit::refused(quoted(unit.catalogId) + " is a " + partKindName(entry->kind) + ", not a "
                             + (power ? "power" : "cooling") + " unit");
    if (!insideHall(design, unit.xM, unit.yM))
        return Edit::refused(outsideMessage(design, unit.xM, unit.yM));
    std::unordered_set<std::string> rackIds;
    for (const Rack &r : design.racks)
        rackIds.insert(r.id);
    std::unordered_set<std::string> seen;
    for (const std::string &id : unit.serves) {
        if (!rackIds.count(id))
            return Edit::refused("unknown rack " + quoted(id) + " in the racks served");
        if (!seen.insert(id).second)
            return Edit::refused("rack " + quoted(id) + " is listed twice");
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
        return Edit::refused("nothing changed");
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
            return Edit::refused(p.place + ": " + p.message);
    }
    // A smaller hall must still hold every rack and unit.
    if (after.hall.widthM < before.hall.widthM || after.hall.depthM < before.hall.depthM) {
        for (const Rack &r : design.racks)
            if (!insideHall(after, r.xM, r.yM))
                return Edit::refused("rack " + quoted(r.id) + " would lie outside the smaller hall");
        for (const auto *list : {&design.powerUnits, &design.coolingUnits})
            for (const FacilityUnit &u : *list)
                if (!insideHall(after, u.xM, u.yM))
                    return Edit::refused("unit " + quoted(u.id) + " would lie outside the smaller hall");
    }
    Edit edit;
    edit.patch.settingsBefore = std::move(before);
    edit.patch.settingsAfter = std::move(after);
    return edit;
}

} // namespace cp
