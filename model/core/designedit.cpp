#include "model/core/designedit.h"

#include "model/core/catalog.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace cp {

// ---- Patches -------------------------------------------------------------------------------

namespace {

/// Removes the items at ascending `indexes` in one pass (erasing one by one is quadratic).
template<typename T, typename Index>
void eraseIndexes(std::vector<T> &list, const std::vector<Index> &indexes)
{
    if (indexes.empty())
        return;
    size_t next = 0, out = 0;
    for (size_t i = 0; i < list.size(); ++i) {
        if (next < indexes.size() && indexes[next] == i) {
            ++next;
            continue;
        }
        if (out != i)
            list[out] = std::move(list[i]);
        ++out;
    }
    list.resize(out);
}

/// Inserts items so that each ends at its (ascending) index in the new list, in one pass.
template<typename T>
void insertAt(std::vector<T> &list, const std::vector<std::pair<size_t, T>> &items)
{
    if (items.empty())
        return;
    std::vector<T> merged;
    merged.reserve(list.size() + items.size());
    size_t from = 0, next = 0;
    while (merged.size() < list.size() + items.size()) {
        if (next < items.size() && items[next].first == merged.size())
            merged.push_back(items[next++].second);
        else if (from < list.size())
            merged.push_back(std::move(list[from++]));
        else
            merged.push_back(items[next++].second); // index past the end: append in order
    }
    list = std::move(merged);
}

template<typename T>
std::vector<size_t> indexesOf(const std::vector<std::pair<size_t, T>> &items)
{
    std::vector<size_t> out;
    out.reserve(items.size());
    for (const auto &item : items)
        out.push_back(item.first);
    return out;
}

template<typename T>
bool sameChangedIndexes(const ListPatch<T> &a, const ListPatch<T> &b)
{
    if (a.changed.size() != b.changed.size())
        return false;
    for (size_t i = 0; i < a.changed.size(); ++i)
        if (a.changed[i].index != b.changed[i].index)
            return false;
    return true;
}

template<typename T>
void mergeChanges(ListPatch<T> &into, const ListPatch<T> &next)
{
    for (size_t i = 0; i < into.changed.size(); ++i)
        into.changed[i].after = next.changed[i].after;
}

} // namespace

template<typename T>
void ListPatch<T>::apply(std::vector<T> &list) const
{
    for (const Change &c : changed)
        list[c.index] = c.after;
    eraseIndexes(list, indexesOf(removed));
    insertAt(list, inserted);
}

template<typename T>
void ListPatch<T>::revert(std::vector<T> &list) const
{
    eraseIndexes(list, indexesOf(inserted));
    insertAt(list, removed);
    for (const Change &c : changed)
        list[c.index] = c.before;
}

template struct ListPatch<Rack>;
template struct ListPatch<FacilityUnit>;

bool DesignPatch::empty() const
{
    return racks.empty() && powerUnits.empty() && coolingUnits.empty() && !settingsAfter;
}

namespace {

void copySettings(Design &design, const Design &settings)
{
    std::vector<Rack> racks = std::move(design.racks);
    std::vector<FacilityUnit> power = std::move(design.powerUnits);
    std::vector<FacilityUnit> cooling = std::move(design.coolingUnits);
    design = settings;
    design.racks = std::move(racks);
    design.powerUnits = std::move(power);
    design.coolingUnits = std::move(cooling);
}

} // namespace

void DesignPatch::apply(Design &design) const
{
    racks.apply(design.racks);
    powerUnits.apply(design.powerUnits);
    coolingUnits.apply(design.coolingUnits);
    if (settingsAfter)
        copySettings(design, *settingsAfter);
}

void DesignPatch::revert(Design &design) const
{
    if (settingsBefore)
        copySettings(design, *settingsBefore);
    coolingUnits.revert(design.coolingUnits);
    powerUnits.revert(design.powerUnits);
    racks.revert(design.racks);
}

bool DesignPatch::mergeWith(const DesignPatch &next)
{
    if (settingsAfter || next.settingsAfter)
        return false;
    if (!racks.changesOnly() || !powerUnits.changesOnly() || !coolingUnits.changesOnly()
        || !next.racks.changesOnly() || !next.powerUnits.changesOnly() || !next.coolingUnits.changesOnly())
        return false;
    if (!sameChangedIndexes(racks, next.racks) || !sameChangedIndexes(powerUnits, next.powerUnits)
        || !sameChangedIndexes(coolingUnits, next.coolingUnits))
        return false;
    mergeChanges(racks, next.racks);
    mergeChanges(powerUnits, next.powerUnits);
    mergeChanges(coolingUnits, next.coolingUnits);
    return true;
}

Edit Edit::refused(std::string message)
{
    Edit edit;
    edit.error = std::move(message);
    return edit;
}

Design settingsOf(const Design &design)
{
    Design settings;
    copySettings(settings, design);
    return settings;
}

// ---- Helpers ---------------------------------------------------------------------------------

namespace {

std::string quoted(const std::string &s)
{
    return "\"" + s + "\"";
}

std::string metres(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return buf;
}

bool insideHall(const Design &design, double x, double y)
{
    return std::isfinite(x) && std::isfinite(y) && x >= 0.0 && y >= 0.0 && x <= design.hall.widthM
           && y <= design.hall.depthM;
}

std::string outsideMessage(const Design &design, double x, double y)
{
    return "position (" + metres(x) + ", " + metres(y) + ") m lies outside the " + metres(design.hall.widthM)
           + " × " + metres(design.hall.depthM) + " m hall";
}

/// Splits "R01-07" into "R01-" and 7 (with 2 digits); an id without a trailing number gets "-".
void splitNumbered(const std::string &id, std::string &prefix, int &width)
{
    size_t end = id.size();
    while (end > 0 && std::isdigit(static_cast<unsigned char>(id[end - 1])))
        --end;
    width = static_cast<int>(id.size() - end);
    prefix = id.substr(0, end);
    if (width == 0) {
        prefix += "-";
        width = 2;
    }
}

std::string numbered(const std::string &prefix, long long n, int width)
{
    std::string digits = std::to_string(n);
    if (static_cast<int>(digits.size()) < width)
        digits.insert(0, static_cast<size_t>(width) - digits.size(), '0');
    return prefix + digits;
}

/// Hands out ids not used by any rack or unit of the design (nor by ids handed out before).
class IdAllocator
{
public:
    explicit IdAllocator(const Design &design)
    {
        mUsed.reserve(design.racks.size() + design.powerUnits.size() + design.coolingUnits.size());
        for (const Rack &r : design.racks)
            mUsed.insert(r.id);
        for (const FacilityUnit &u : design.powerUnits)
            mUsed.insert(u.id);
        for (const FacilityUnit &u : design.coolingUnits)
            mUsed.insert(u.id);
    }

    std::string next(const std::string &prefix, int width)
    {
        long long &n = mNext[prefix];
        std::string id;
        do
            id = numbered(prefix, ++n, width);
        while (mUsed.count(id));
        mUsed.insert(id);
        return id;
    }

    /// A fresh id shaped like `like` ("R01-07" → "R01-08" or the next free number).
    std::string nextLike(const std::string &like)
    {
        std::string prefix;
        int width = 0;
        splitNumbered(like, prefix, width);
        return next(prefix, width);
    }

private:
    std::unordered_set<std::string> mUsed;
    std::unordered_map<std::string, long long> mNext;
};

/// The U ranges [first, last] a rack's contents occupy, and their weight.
struct RackFill
{
    int heightU = 0;
    double maxWeightKg = 0.0;
    double weightKg = 0.0;
    std::vector<std::pair<int, int>> used;
};

int partHeightU(const CatalogEntry &part)
{
    return std::max(1, static_cast<int>(std::lround(part.figure("height_u"))));
}

/// Checks a rack on its own: its model, its contents (kinds, fit, overlaps, weight). Empty if sound.
std::string checkRackModelAndContents(const Rack &rack, const Catalog &catalog, RackFill *fillOut = nullptr)
{
    const CatalogEntry *type = catalog.find(rack.catalogId);
    if (!type)
        return "unknown catalog id " + quoted(rack.catalogId);
    if (type->kind != PartKind::Rack)
        return quoted(rack.catalogId) + " is a " + partKindName(type->kind) + ", not a rack";
    RackFill fill;
    fill.heightU = static_cast<int>(type->figure("height_u"));
    fill.maxWeightKg = type->figure("max_weight_kg");
    fill.weightKg = type->figure("weight_kg");
    for (size_t m = 0; m < rack.contents.size(); ++m) {
        const Mount &mount = rack.contents[m];
        const std::string place = "contents[" + std::to_string(m) + "]: ";
        const CatalogEntry *part = catalog.find(mount.catalogId);
        if (!part)
            return place + "unknown catalog id " + quoted(mount.catalogId);
        if (!isMountableKind(part->kind))
            return place + "a " + partKindName(part->kind) + " cannot be mounted in a rack";
        if (mount.count < 1 || mount.count > 1000)
            return place + "the count must be between 1 and 1000";
        if (part->kind == PartKind::Supernode && type->attribute("cooling") != "liquid")
            return place + quoted(part->id) + " needs a liquid-cooled rack";
        if (part->kind != PartKind::Switch && mount.role != SwitchRole::None)
            return place + "only switches have a network role";
        const int first = mount.u;
        const int last = mount.u + partHeightU(*part) * mount.count - 1;
        if (first < 1 || (fill.heightU > 0 && last > fill.heightU))
            return place + "U" + std::to_string(first) + "–U" + std::to_string(last) + " does not fit a "
                   + std::to_string(fill.heightU) + "U rack";
        for (const auto &[a, b] : fill.used)
            if (first <= b && a <= last)
                return place + "overlaps another part at U" + std::to_string(std::max(a, first));
        fill.used.emplace_back(first, last);
        fill.weightKg += part->figure("weight_kg") * mount.count;
    }
    if (fill.maxWeightKg > 0 && fill.weightKg > fill.maxWeightKg)
        return "contents weigh " + std::to_string(static_cast<int>(fill.weightKg)) + " kg, above the rack's "
               + std::to_string(static_cast<int>(fill.maxWeightKg)) + " kg limit";
    if (fillOut)
        *fillOut = std::move(fill);
    return {};
}

bool idUsedElsewhere(const Design &design, const std::string &id, const Rack *exceptRack,
                     const FacilityUnit *exceptUnit)
{
    for (const Rack &r : design.racks)
        if (&r != exceptRack && r.id == id)
            return true;
    for (const auto *list : {&design.powerUnits, &design.coolingUnits})
        for (const FacilityUnit &u : *list)
            if (&u != exceptUnit && u.id == id)
                return true;
    return false;
}

std::string checkSelection(const Design &design, const Selection &selection)
{
    const auto check = [](const std::vector<int> &indexes, size_t size, const char *what) -> std::string {
        for (int i : indexes)
            if (i < 0 || static_cast<size_t>(i) >= size)
                return std::string("no ") + what + " at index " + std::to_string(i);
        return {};
    };
    std::string error = check(selection.racks, design.racks.size(), "rack");
    if (error.empty())
        error = check(selection.powerUnits, design.powerUnits.size(), "power unit");
    if (error.empty())
        error = check(selection.coolingUnits, design.coolingUnits.size(), "cooling unit");
    return error;
}

/// Sorted, without duplicates.
std::vector<int> normalised(std::vector<int> indexes)
{
    std::sort(indexes.begin(), indexes.end());
    indexes.erase(std::unique(indexes.begin(), indexes.end()), indexes.end());
    return indexes;
}

Selection normalised(const Selection &s)
{
    return {normalised(s.racks), normalised(s.powerUnits), normalised(s.coolingUnits)};
}

std::string unitPrefix(const CatalogEntry &entry)
{
    std::string prefix = partKindName(entry.kind);
    for (char &c : prefix)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return prefix + "-";
}

/// Copies of racks and units shifted by (dx, dy), with fresh ids and new row names from
/// `rowName`; serves lists keep only (renamed) copied racks.
void appendCopies(const Design &design, const std::vector<Rack> &racks, const std::vector<FacilityUnit> &power,
                  const std::vector<FacilityUnit> &cooling, double dx, double dy, IdAllocator &ids,
                  const std::map<std::string, std::string> &rowNames, DesignPatch &patch, size_t &rackEnd,
                  size_t &powerEnd, size_t &coolingEnd)
{
    std::unordered_map<std::string, std::string> newIds;
    for (const Rack &r : racks) {
        Rack copy = r;
        copy.id = ids.nextLike(r.id);
        newIds[r.id] = copy.id;
        copy.xM += dx;
        copy.yM += dy;
        if (auto it = rowNames.find(r.row); it != rowNames.end())
            copy.row = it->second;
        patch.racks.inserted.emplace_back(rackEnd++, std::move(copy));
    }
    const auto copyUnits = [&](const std::vector<FacilityUnit> &units, ListPatch<FacilityUnit> &out, size_t &end) {
        for (const FacilityUnit &u : units) {
            FacilityUnit copy = u;
            copy.id = ids.nextLike(u.id);
            copy.xM += dx;
            copy.yM += dy;
            copy.serves.clear();
            for (const std::string &rid : u.serves)
                if (auto it = newIds.find(rid); it != newIds.end())
                    copy.serves.push_back(it->second);
            out.inserted.emplace_back(end++, std::move(copy));
        }
    };
    copyUnits(power, patch.powerUnits, powerEnd);
    copyUnits(cooling, patch.coolingUnits, coolingEnd);
    (void)design;
}

std::string checkCopiesInHall(const Design &design, const DesignPatch &patch)
{
    for (const auto &[index, rack] : patch.racks.inserted)
        if (!insideHall(design, rack.xM, rack.yM))
            return "rack " + quoted(rack.id) + ": " + outsideMessage(design, rack.xM, rack.yM);
    for (const auto *list : {&patch.powerUnits.inserted, &patch.coolingUnits.inserted})
        for (const auto &[index, unit] : *list)
            if (!insideHall(design, unit.xM, unit.yM))
                return "unit " + quoted(unit.id) + ": " + outsideMessage(design, unit.xM, unit.yM);
    return {};
}

} // namespace

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
        return Edit::refused("unknown catalog id " + quoted(rackCatalogId));
    if (entry->kind != PartKind::Rack)
        return Edit::refused(quoted(rackCatalogId) + " is a " + partKindName(entry->kind) + ", not a rack");
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
    // A rack dropped in line with a row joins it.
    for (const Rack &r : design.racks)
        if (!r.row.empty() && std::abs(r.yM - rack.yM) < 0.05) {
            rack.row = r.row;
            rack.rotationDeg = r.rotationDeg;
            break;
        }
    Edit edit;
    edit.patch.racks.inserted.emplace_back(design.racks.size(), std::move(rack));
    return edit;
}

Edit addUnit(const Design &design, const Catalog &catalog, const std::string &unitCatalogId, Point at)
{
    const CatalogEntry *entry = catalog.find(unitCatalogId);
    if (!entry)
        return Edit::refused("unknown catalog id " + quoted(unitCatalogId));
    const bool power = isPowerKind(entry->kind);
    if (!power && !isCoolingKind(entry->kind))
        return Edit::refused(quoted(unitCatalogId) + " is a " + partKindName(entry->kind)
                             + ", not a power or cooling unit");
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
        return Edit::refused("no rack at index " + std::to_string(rackIndex));
    const Rack &rack = design.racks[static_cast<size_t>(rackIndex)];
    const CatalogEntry *part = catalog.find(partCatalogId);
    if (!part)
        return Edit::refused("unknown catalog id " + quoted(partCatalogId));
    if (!isMountableKind(part->kind))
        return Edit::refused("a " + std::string(partKindName(part->kind)) + " cannot be mounted in a rack");
    RackFill fill;
    if (std::string error = checkRackModelAndContents(rack, catalog, &fill); !error.empty())
        return Edit::refused("rack " + quoted(rack.id) + ": " + error);

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
        return Edit::refused(quoted(part->name.empty() ? part->id : part->name) + " (" + std::to_string(h)
                             + "U) does not fit in rack " + quoted(rack.id) + ": no " + std::to_string(h)
                             + "U range is free");
    Rack after = rack;
    Mount mount;
    mount.catalogId = partCatalogId;
    mount.u = found;
    if (part->kind == PartKind::Switch)
        mount.role = SwitchRole::Leaf;
    after.contents.push_back(mount);
    std::sort(after.contents.begin(), after.contents.end(), [](const Mount &a, const Mount &b) { return a.u < b.u; });
    if (std::string error = checkRackModelAndContents(after, catalog); !error.empty())
        return Edit::refused("rack " + quoted(rack.id) + ": " + error);
    Edit edit;
    edit.patch.racks.changed.push_back({static_cast<size_t>(rackIndex), rack, std::move(after)});
    return edit;
}

// ---- Moving, rotating, deleting ---------------------------------------------------------------

Edit moveBy(const Design &design, const Selection &selection, double dxM, double dyM)
{
    if (!std::isfinite(dxM) || !std::isfinite(dyM))
        return Edit::refused("the move must be a finite distance");
    if (std::string error = checkSelection(design, selection); !error.empty())
        return Edit::refused(error);
    const Selection s = normalised(selection);
    if (s.empty())
        return Edit::refused("nothing is selected");
    Edit edit;
    for (int i : s.racks) {
        const Rack &r = design.racks[static_cast<size_t>(i)];
        Rack after = r;
        after.xM += dxM;
        after.yM += dyM;
        if (!insideHall(design, after.xM, after.yM))
            return Edit::refused("rack " + quoted(r.id) + ": " + outsideMessage(design, after.xM, after.yM));
        edit.patch.racks.changed.push_back({static_cast<size_t>(i), r, std::move(after)});
    }
    const auto moveUnits = [&](const std::vector<int> &indexes, const std::vector<FacilityUnit> &units,
                               ListPatch<FacilityUnit> &out) -> std::string {
        for (int i : indexes) {
            const FacilityUnit &u = units[static_cast<size_t>(i)];
            FacilityUnit after = u;
            after.xM += dxM;
            after.yM += dyM;
            if (!insideHall(design, after.xM, after.yM))
                return "unit " + quoted(u.id) + ": " + outsideMessage(design, after.xM, after.yM);
            out.changed.push_back({static_cast<size_t>(i), u, std::move(after)});
        }
        return {};
    };
    if (std::string e = moveUnits(s.powerUnits, design.powerUnits, edit.patch.powerUnits); !e.empty())
        return Edit::refused(e);
    if (std::string e = moveUnits(s.coolingUnits, design.coolingUnits, edit.patch.coolingUnits); !e.empty())
        return Edit::refused(e);
    return edit;
}

Edit rotateBy(const Design &design, const Selection &selection, double degrees)
{
    if (!std::isfinite(degrees))
        return Edit::refused("the rotation must be a number");
    if (std::string error = checkSelection(design, selection); !error.empty())
        return Edit::refused(error);
    const std::vector<int> racks = normalised(selection.racks);
    if (racks.empty())
        return Edit::refused("no rack is selected (only racks have an orientation)");
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
    if (std::string error = checkSelection(design, selection); !error.empty())
        return Edit::refused(error);
    const Selection s = normalised(selection);
    if (s.empty())
        return Edit::refused("nothing is selected");
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

// ---- Copies ----------------------------------------------------------------------------------

namespace {

template<typename T>
std::vector<T> pick(const std::vector<T> &list, const std::vector<int> &indexes)
{
    std::vector<T> out;
    out.reserve(indexes.size());
    for (int i : indexes)
        out.push_back(list[static_cast<size_t>(i)]);
    return out;
}

} // namespace

Edit duplicate(const Design &design, const Selection &selection, double dxM, double dyM)
{
    if (std::string error = checkSelection(design, selection); !error.empty())
        return Edit::refused(error);
    const Selection s = normalised(selection);
    if (s.empty())
        return Edit::refused("nothing is selected");
    Edit edit;
    IdAllocator ids(design);
    size_t rackEnd = design.racks.size(), powerEnd = design.powerUnits.size(), coolingEnd = design.coolingUnits.size();
    appendCopies(design, pick(design.racks, s.racks), pick(design.powerUnits, s.powerUnits),
                 pick(design.coolingUnits, s.coolingUnits), dxM, dyM, ids, {}, edit.patch, rackEnd, powerEnd,
                 coolingEnd);
    if (std::string error = checkCopiesInHall(design, edit.patch); !error.empty())
        return Edit::refused("the copy would not fit: " + error);
    return edit;
}

Edit paste(const Design &design, const Catalog &catalog, const std::vector<Rack> &racks,
           const std::vector<FacilityUnit> &powerUnits, const std::vector<FacilityUnit> &coolingUnits, Point at)
{
    if (racks.empty() && powerUnits.empty() && coolingUnits.empty())
        return Edit::refused("nothing to paste");
    double left = std::numeric_limits<double>::max(), top = left;
    for (const Rack &r : racks) {
        if (std::string error = checkRackModelAndContents(r, catalog); !error.empty())
            return Edit::refused("pasted rack " + quoted(r.id) + ": " + error);
        left = std::min(left, r.xM);
        top = std::min(top, r.yM);
    }
    for (const auto *list : {&powerUnits, &coolingUnits})
        for (const FacilityUnit &u : *list) {
            const CatalogEntry *e = catalog.find(u.catalogId);
            const bool power = list == &powerUnits;
            if (!e)
                return Edit::refused("pasted unit " + quoted(u.id) + ": unknown catalog id " + quoted(u.catalogId));
            if (power ? !isPowerKind(e->kind) : !isCoolingKind(e->kind))
                return Edit::refused("pasted unit " + quoted(u.id) + ": " + quoted(u.catalogId) + " is a "
                                     + partKindName(e->kind));
            left = std::min(left, u.xM);
            top = std::min(top, u.yM);
        }
    const double dx = snapToGrid(at.xM - left, design.hall.gridM);
    const double dy = snapToGrid(at.yM - top, design.hall.gridM);
    Edit edit;
    IdAllocator ids(design);
    size_t rackEnd = design.racks.size(), powerEnd = design.powerUnits.size(), coolingEnd = design.coolingUnits.size();
    appendCopies(design, racks, powerUnits, coolingUnits, dx, dy, ids, {}, edit.patch, rackEnd, powerEnd, coolingEnd);
    if (std::string error = checkCopiesInHall(design, edit.patch); !error.empty())
        return Edit::refused("cannot paste here: " + error);
    return edit;
}

Edit stamp(const Design &design, const Selection &selection, int copies, double dxM, double dyM)
{
    if (copies < 1 || copies > 10000)
        return Edit::refused("the number of copies must be between 1 and 10,000");
    if (!std::isfinite(dxM) || !std::isfinite(dyM) || (dxM == 0.0 && dyM == 0.0))
        return Edit::refused("the spacing must not be zero");
    if (std::string error = checkSelection(design, selection); !error.empty())
        return Edit::refused(error);
    const Selection s = normalised(selection);
    if (s.empty())
        return Edit::refused("nothing is selected");

    const std::vector<Rack> racks = pick(design.racks, s.racks);
    const std::vector<FacilityUnit> power = pick(design.powerUnits, s.powerUnits);
    const std::vector<FacilityUnit> cooling = pick(design.coolingUnits, s.coolingUnits);
    std::set<std::string> usedRows;
    for (const Rack &r : design.racks)
        if (!r.row.empty())
            usedRows.insert(r.row);
    std::set<std::string> selectedRows;
    for (const Rack &r : racks)
        if (!r.row.empty())
            selectedRows.insert(r.row);

    Edit edit;
    IdAllocator ids(design);
    size_t rackEnd = design.racks.size(), powerEnd = design.powerUnits.size(), coolingEnd = design.coolingUnits.size();
    for (int k = 1; k <= copies; ++k) {
        // Each copy of a row is a new row: "Row 03" → the next free "Row NN".
        std::map<std::string, std::string> rowNames;
        for (const std::string &row : selectedRows) {
            std::string prefix;
            int width = 0;
            splitNumbered(row, prefix, width);
            long long n = 0;
            std::string name;
            do
                name = numbered(prefix, ++n, width);
            while (usedRows.count(name));
            usedRows.insert(name);
            rowNames[row] = name;
        }
        appendCopies(design, racks, power, cooling, dxM * k, dyM * k, ids, rowNames, edit.patch, rackEnd, powerEnd,
                     coolingEnd);
    }
    if (std::string error = checkCopiesInHall(design, edit.patch); !error.empty())
        return Edit::refused(std::to_string(copies) + " copies do not fit in the hall: " + error);
    return edit;
}

// ---- Feeds -----------------------------------------------------------------------------------

namespace {

Edit changeFeeds(const Design &design, bool power, int unitIndex, const std::vector<int> &rackIndexes, bool connect)
{
    const auto &units = power ? design.powerUnits : design.coolingUnits;
    if (unitIndex < 0 || static_cast<size_t>(unitIndex) >= units.size())
        return Edit::refused(std::string("no ") + (power ? "power" : "cooling") + " unit at index "
                             + std::to_string(unitIndex));
    for (int i : rackIndexes)
        if (i < 0 || static_cast<size_t>(i) >= design.racks.size())
            return Edit::refused("no rack at index " + std::to_string(i));
    const FacilityUnit &unit = units[static_cast<size_t>(unitIndex)];
    FacilityUnit after = unit;
    std::unordered_set<std::string> served(unit.serves.begin(), unit.serves.end());
    bool changed = false;
    for (int i : normalised(rackIndexes)) {
        const std::string &id = design.racks[static_cast<size_t>(i)].id;
        if (connect && !served.count(id)) {
            after.serves.push_back(id);
            served.insert(id);
            changed = true;
        } else if (!connect && served.count(id)) {
            std::erase(after.serves, id);
            served.erase(id);
            changed = true;
        }
    }
    if (!changed)
        return Edit::refused(connect ? "unit " + quoted(unit.id) + " already feeds these racks"
                                     : "unit " + quoted(unit.id) + " feeds none of these racks");
    Edit edit;
    (power ? edit.patch.powerUnits : edit.patch.coolingUnits)
        .changed.push_back({static_cast<size_t>(unitIndex), unit, std::move(after)});
    return edit;
}

} // namespace

Edit feed(const Design &design, bool power, int unitIndex, const std::vector<int> &rackIndexes)
{
    return changeFeeds(design, power, unitIndex, rackIndexes, true);
}

Edit unfeed(const Design &design, bool power, int unitIndex, const std::vector<int> &rackIndexes)
{
    return changeFeeds(design, power, unitIndex, rackIndexes, false);
}

Edit autoAssignNearest(const Design &design)
{
    Edit edit;
    const auto assign = [&](const std::vector<FacilityUnit> &units, ListPatch<FacilityUnit> &out) {
        if (units.empty())
            return;
        std::unordered_set<std::string> fed;
        for (const FacilityUnit &u : units)
            fed.insert(u.serves.begin(), u.serves.end());
        std::map<size_t, FacilityUnit> changed;
        for (const Rack &r : design.racks) {
            if (fed.count(r.id))
                continue;
            size_t best = 0;
            double bestD = std::numeric_limits<double>::max();
            for (size_t i = 0; i < units.size(); ++i) {
                const double d = std::hypot(units[i].xM - r.xM, units[i].yM - r.yM);
                if (d < bestD) {
                    bestD = d;
                    best = i;
                }
            }
            auto it = changed.find(best);
            if (it == changed.end())
                it = changed.emplace(best, units[best]).first;
            it->second.serves.push_back(r.id);
        }
        for (auto &[index, after] : changed)
            out.changed.push_back({index, units[index], std::move(after)});
    };
    assign(design.powerUnits, edit.patch.powerUnits);
    assign(design.coolingUnits, edit.patch.coolingUnits);
    if (edit.patch.empty()) {
        if (design.powerUnits.empty() && design.coolingUnits.empty())
            return Edit::refused("the design has no power or cooling unit to assign");
        return Edit::refused("every rack is already fed by a power and a cooling unit");
    }
    return edit;
}

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
    if (!std::isfinite(rack.rotationDeg))
        return Edit::refused("the rotation must be a number");
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
