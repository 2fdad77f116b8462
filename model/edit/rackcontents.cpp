#include "model/edit/rackcontents.h"

#include "model/core/catalog.h"
#include "model/edit/editsupport.h"

#include <algorithm>
#include <map>
#include <optional>

namespace cp {



namespace {

bool validRack(const Design &design, int index)
{
    return index >= 0 && static_cast<size_t>(index) < design.racks.size();
}

std::string partName(const CatalogEntry &part)
{
    return editsupport::quoted(part.name.empty() ? part.id : part.name);
}

/// `rack` with one device (the `index`th of mount `mountIndex`) taken out: the mount's stack is
/// split into the parts below and above it. The removed mount (count 1) goes to `taken`.
Rack without(const Rack &rack, const Catalog &catalog, size_t mountIndex, int index, Mount &taken)
{
    Rack after = rack;
    const Mount m = rack.contents[mountIndex];
    const CatalogEntry *part = catalog.find(m.catalogId);
    const int h = part ? editsupport::partHeightU(*part) : 1;
    after.contents.erase(after.contents.begin() + static_cast<std::ptrdiff_t>(mountIndex));
    if (index > 0) {
        Mount below = m;
        below.count = index;
        after.contents.push_back(below);
    }
    if (index + 1 < m.count) {
        Mount above = m;
        above.u = m.u + (index + 1) * h;
        above.count = m.count - index - 1;
        after.contents.push_back(above);
    }
    taken = m;
    taken.u = m.u + index * h;
    taken.count = 1;
    return after;
}

void sortContents(Rack &rack)
{
    std::stable_sort(rack.contents.begin(), rack.contents.end(),
                     [](const Mount &a, const Mount &b) { return a.u < b.u; });
}

/// The rack with `mount` added, or the reason it does not go there (the callers' refusals say
/// "rack <id>: <reason>").
std::optional<Problem> placed(Rack &rack, const Catalog &catalog, const Mount &mount)
{
    rack.contents.push_back(mount);
    sortContents(rack);
    return editsupport::checkRackModelAndContents(rack, catalog);
}

/// The usable share of a unit's capacity in its redundancy group.
double usableShare(Redundancy r, int groupSize)
{
    if (groupSize <= 0)
        return 1.0;
    switch (r) {
    case Redundancy::TwoN: return 0.5;
    case Redundancy::NPlus1: return groupSize > 1 ? double(groupSize - 1) / groupSize : 0.0;
    case Redundancy::N: return 1.0;
    }
    return 1.0;
}

std::optional<Problem> checkDevice(const Design &design, int rackIndex, int mountIndex, int index)
{
    using editsupport::reason;
    if (!validRack(design, rackIndex))
        return reason(CP_TR_NOOP("cp::Problems", "no rack at index %1"), {std::to_string(rackIndex)});
    const Rack &rack = design.racks[static_cast<size_t>(rackIndex)];
    if (mountIndex < 0 || static_cast<size_t>(mountIndex) >= rack.contents.size())
        return reason(CP_TR_NOOP("cp::Problems", "rack %1 has no contents[%2]"),
                      {editsupport::quoted(rack.id), std::to_string(mountIndex)});
    if (index < 0 || index >= rack.contents[static_cast<size_t>(mountIndex)].count)
        return reason(CP_TR_NOOP("cp::Problems", "rack %1: contents[%2] has no part %3"),
                      {editsupport::quoted(rack.id), std::to_string(mountIndex), std::to_string(index + 1)});
    return std::nullopt;
}

} // namespace

std::vector<RackDevice> rackDevices(const Rack &rack, const Catalog &catalog)
{
    std::vector<RackDevice> out;
    for (size_t m = 0; m < rack.contents.size(); ++m) {
        const Mount &mount = rack.contents[m];
        const CatalogEntry *part = catalog.find(mount.catalogId);
        const int h = part ? editsupport::partHeightU(*part) : 1;
        for (int k = 0; k < std::clamp(mount.count, 0, 1000); ++k)
            out.push_back({m, k, mount.u + k * h, h, mount.catalogId, mount.role});
    }
    std::stable_sort(out.begin(), out.end(), [](const RackDevice &a, const RackDevice &b) { return a.u < b.u; });
    return out;
}

RackBudget rackBudget(const Design &design, const Catalog &catalog, size_t rackIndex)
{
    RackBudget b;
    if (rackIndex >= design.racks.size())
        return b;
    const Rack &rack = design.racks[rackIndex];
    if (const CatalogEntry *type = catalog.find(rack.catalogId)) {
        b.heightU = static_cast<int>(type->figure("height_u"));
        b.maxPowerKw = type->figure("max_power_kw");
        b.maxWeightKg = type->figure("max_weight_kg");
        b.weightKg = type->figure("weight_kg");
    }
    const double util = design.finance.utilisation;
    for (const Mount &m : rack.contents) {
        const CatalogEntry *part = catalog.find(m.catalogId);
        if (!part)
            continue;
        const double n = std::clamp(m.count, 0, 1000);
        const double typical = partTypicalW(*part, util) * n / 1000.0;
        b.usedU += editsupport::partHeightU(*part) * static_cast<int>(n);
        b.typicalKw += typical;
        b.nameplateKw += partNameplateW(*part) * n / 1000.0;
        b.weightKg += part->figure("weight_kg") * n;
        b.liquidHeatKw += typical * part->figure("liquid_fraction", 0.0);
    }
    b.airHeatKw = b.typicalKw - b.liquidHeatKw;
    std::map<std::string, int> groupSize;
    for (const FacilityUnit &u : design.coolingUnits)
        ++groupSize[u.group.empty() ? u.id : u.group];
    for (const FacilityUnit &u : design.coolingUnits) {
        if (u.serves.empty() || std::find(u.serves.begin(), u.serves.end(), rack.id) == u.serves.end())
            continue;
        const CatalogEntry *type = catalog.find(u.catalogId);
        if (!type)
            continue;
        const double share = type->figure("capacity_kw")
                             * usableShare(u.redundancy, groupSize[u.group.empty() ? u.id : u.group])
                             / static_cast<double>(u.serves.size());
        (type->attribute("heat") == "liquid" ? b.liquidCoolingKw : b.airCoolingKw) += share;
    }
    return b;
}

Edit mountAt(const Design &design, const Catalog &catalog, int rackIndex, const std::string &partCatalogId, int u)
{
    if (!validRack(design, rackIndex))
        return Edit::refused(CP_TR_NOOP("cp::Problems", "no rack at index %1"), {std::to_string(rackIndex)});
    const CatalogEntry *part = catalog.find(partCatalogId);
    if (!part)
        return Edit::refused(CP_TR_NOOP("cp::Problems", "unknown catalog id %1"),
                             {editsupport::quoted(partCatalogId)});
    if (!isMountableKind(part->kind))
        return Edit::refused(CP_TR_NOOP("cp::Problems", "a %1 cannot be mounted in a rack"),
                             {partKindName(part->kind)});
    const Rack &rack = design.racks[static_cast<size_t>(rackIndex)];
    if (std::optional<Problem> error = editsupport::checkRackModelAndContents(rack, catalog))
        return Edit::refused(CP_TR_NOOP("cp::Problems", "rack %1: %2"), {editsupport::quoted(rack.id)}, *error);
    Mount mount;
    mount.catalogId = partCatalogId;
    mount.u = u;
    if (part->kind == PartKind::Switch)
        mount.role = SwitchRole::Leaf;
    Rack after = rack;
    if (std::optional<Problem> error = placed(after, catalog, mount))
        return Edit::refused(CP_TR_NOOP("cp::Problems", "%1 at U%2: rack %3: %4"),
                             {partName(*part), std::to_string(u), editsupport::quoted(after.id)}, *error);
    Edit edit;
    edit.patch.racks.changed.push_back({static_cast<size_t>(rackIndex), rack, std::move(after)});
    return edit;
}

Edit unmountDevice(const Design &design, const Catalog &catalog, int rackIndex, int mountIndex, int index)
{
    if (std::optional<Problem> error = checkDevice(design, rackIndex, mountIndex, index))
        return Edit::refused(*error);
    const Rack &rack = design.racks[static_cast<size_t>(rackIndex)];
    Mount taken;
    Rack after = without(rack, catalog, static_cast<size_t>(mountIndex), index, taken);
    sortContents(after);
    Edit edit;
    edit.patch.racks.changed.push_back({static_cast<size_t>(rackIndex), rack, std::move(after)});
    return edit;
}

Edit moveDevice(const Design &design, const Catalog &catalog, int fromRack, int mountIndex, int index,
                int toRack, int toU)
{
    if (std::optional<Problem> error = checkDevice(design, fromRack, mountIndex, index))
        return Edit::refused(*error);
    if (!validRack(design, toRack))
        return Edit::refused(CP_TR_NOOP("cp::Problems", "no rack at index %1"), {std::to_string(toRack)});
    const Rack &source = design.racks[static_cast<size_t>(fromRack)];
    Mount taken;
    Rack sourceAfter = without(source, catalog, static_cast<size_t>(mountIndex), index, taken);
    const int fromU = taken.u;
    if (fromRack == toRack && fromU == toU)
        return Edit::refused(CP_TR_NOOP("cp::Problems", "the part is already at U%1"), {std::to_string(toU)});
    taken.u = toU;
    const CatalogEntry *part = catalog.find(taken.catalogId);
    const std::string name = part ? partName(*part) : editsupport::quoted(taken.catalogId);
    Edit edit;
    if (fromRack == toRack) {
        if (std::optional<Problem> error = placed(sourceAfter, catalog, taken))
            return Edit::refused(CP_TR_NOOP("cp::Problems", "%1 to U%2: rack %3: %4"),
                                 {name, std::to_string(toU), editsupport::quoted(sourceAfter.id)}, *error);
        edit.patch.racks.changed.push_back({static_cast<size_t>(fromRack), source, std::move(sourceAfter)});
        return edit;
    }
    const Rack &target = design.racks[static_cast<size_t>(toRack)];
    Rack targetAfter = target;
    if (std::optional<Problem> error = placed(targetAfter, catalog, taken))
        return Edit::refused(CP_TR_NOOP("cp::Problems", "%1 to U%2: rack %3: %4"),
                             {name, std::to_string(toU), editsupport::quoted(targetAfter.id)}, *error);
    sortContents(sourceAfter);
    // Changes in ascending index order (ListPatch's rule).
    auto a = ListPatch<Rack>::Change{static_cast<size_t>(fromRack), source, std::move(sourceAfter)};
    auto b = ListPatch<Rack>::Change{static_cast<size_t>(toRack), target, std::move(targetAfter)};
    if (a.index > b.index)
        std::swap(a, b);
    edit.patch.racks.changed.push_back(std::move(a));
    edit.patch.racks.changed.push_back(std::move(b));
    return edit;
}

std::string deviceName(const std::string &rackId, int u)
{
    return rackId + "-U" + (u < 10 && u >= 0 ? "0" : "") + std::to_string(u);
}

} // namespace cp
