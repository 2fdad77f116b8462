#include "model/edit/designedit.h"

#include "model/core/catalog.h"
#include "model/edit/editsupport.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

namespace cp {

using namespace editsupport;

// ---- Copies ----------------------------------------------------------------------------------

namespace {

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

/// A copy that lands outside the hall: a rack or a unit, its id and where it lands.
struct OutsideCopy
{
    bool rack = true;
    std::string id; ///< quoted
    Problem where;  ///< outsideMessage
};

std::optional<OutsideCopy> checkCopiesInHall(const Design &design, const DesignPatch &patch)
{
    for (const auto &[index, rack] : patch.racks.inserted)
        if (!insideHall(design, rack.xM, rack.yM))
            return OutsideCopy{true, quoted(rack.id), outsideMessage(design, rack.xM, rack.yM)};
    for (const auto *list : {&patch.powerUnits.inserted, &patch.coolingUnits.inserted})
        for (const auto &[index, unit] : *list)
            if (!insideHall(design, unit.xM, unit.yM))
                return OutsideCopy{false, quoted(unit.id), outsideMessage(design, unit.xM, unit.yM)};
    return std::nullopt;
}

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
    Selection s;
    if (std::optional<Problem> error = selectedItems(design, selection, s))
        return Edit::refused(*error);
    Edit edit;
    IdAllocator ids(design);
    size_t rackEnd = design.racks.size(), powerEnd = design.powerUnits.size(), coolingEnd = design.coolingUnits.size();
    appendCopies(design, pick(design.racks, s.racks), pick(design.powerUnits, s.powerUnits),
                 pick(design.coolingUnits, s.coolingUnits), dxM, dyM, ids, {}, edit.patch, rackEnd, powerEnd,
                 coolingEnd);
    if (std::optional<OutsideCopy> out = checkCopiesInHall(design, edit.patch))
        return Edit::refused(out->rack ? CP_TR_NOOP("cp::Problems", "the copy would not fit: rack %1: %2")
                                       : CP_TR_NOOP("cp::Problems", "the copy would not fit: unit %1: %2"),
                             {out->id}, out->where);
    return edit;
}

Edit paste(const Design &design, const Catalog &catalog, const std::vector<Rack> &racks,
           const std::vector<FacilityUnit> &powerUnits, const std::vector<FacilityUnit> &coolingUnits, Point at)
{
    if (racks.empty() && powerUnits.empty() && coolingUnits.empty())
        return Edit::refused(CP_TR_NOOP("cp::Problems", "nothing to paste"), {});
    double left = std::numeric_limits<double>::max(), top = left;
    for (const Rack &r : racks) {
        if (std::optional<Problem> error = checkRackModelAndContents(r, catalog))
            return Edit::refused(CP_TR_NOOP("cp::Problems", "pasted rack %1: %2"), {quoted(r.id)}, *error);
        left = std::min(left, r.xM);
        top = std::min(top, r.yM);
    }
    for (const auto *list : {&powerUnits, &coolingUnits})
        for (const FacilityUnit &u : *list) {
            const CatalogEntry *e = catalog.find(u.catalogId);
            const bool power = list == &powerUnits;
            if (!e)
                return Edit::refused(CP_TR_NOOP("cp::Problems", "pasted unit %1: unknown catalog id %2"),
                                     {quoted(u.id), quoted(u.catalogId)});
            if (power ? !isPowerKind(e->kind) : !isCoolingKind(e->kind))
                return Edit::refused(CP_TR_NOOP("cp::Problems", "pasted unit %1: %2 is a %3"),
                                     {quoted(u.id), quoted(u.catalogId), partKindName(e->kind)});
            left = std::min(left, u.xM);
            top = std::min(top, u.yM);
        }
    const double dx = snapToGrid(at.xM - left, design.hall.gridM);
    const double dy = snapToGrid(at.yM - top, design.hall.gridM);
    Edit edit;
    IdAllocator ids(design);
    size_t rackEnd = design.racks.size(), powerEnd = design.powerUnits.size(), coolingEnd = design.coolingUnits.size();
    appendCopies(design, racks, powerUnits, coolingUnits, dx, dy, ids, {}, edit.patch, rackEnd, powerEnd, coolingEnd);
    if (std::optional<OutsideCopy> out = checkCopiesInHall(design, edit.patch))
        return Edit::refused(out->rack ? CP_TR_NOOP("cp::Problems", "cannot paste here: rack %1: %2")
                                       : CP_TR_NOOP("cp::Problems", "cannot paste here: unit %1: %2"),
                             {out->id}, out->where);
    return edit;
}

Edit stamp(const Design &design, const Selection &selection, int copies, double dxM, double dyM)
{
    if (copies < 1 || copies > 10000)
        return Edit::refused(CP_TR_NOOP("cp::Problems", "the number of copies must be between 1 and 10,000"),
                             {});
    if (!std::isfinite(dxM) || !std::isfinite(dyM) || (dxM == 0.0 && dyM == 0.0))
        return Edit::refused(CP_TR_NOOP("cp::Problems", "the spacing must not be zero"), {});
    Selection s;
    if (std::optional<Problem> error = selectedItems(design, selection, s))
        return Edit::refused(*error);

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
    if (std::optional<OutsideCopy> out = checkCopiesInHall(design, edit.patch))
        return Edit::refused(out->rack ? CP_TR_NOOP("cp::Problems", "%1 copies do not fit in the hall: rack %2: %3")
                                       : CP_TR_NOOP("cp::Problems", "%1 copies do not fit in the hall: unit %2: %3"),
                             {std::to_string(copies), out->id}, out->where);
    return edit;
}

} // namespace cp
