#include "model/edit/designedit.h"

#include "model/core/catalog.h"
#include "model/edit/editsupport.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cp {

using namespace editsupport;

// ---- Feeds -----------------------------------------------------------------------------------

namespace {

Edit changeFeeds(const Design &design, bool power, int unitIndex, const std::vector<int> &rackIndexes, bool connect)
{
    const auto &units = power ? design.powerUnits : design.coolingUnits;
    if (unitIndex < 0 || static_cast<size_t>(unitIndex) >= units.size())
        return Edit::refused(power ? CP_TR_NOOP("cp::Problems", "no power unit at index %1")
                                   : CP_TR_NOOP("cp::Problems", "no cooling unit at index %1"),
                             {std::to_string(unitIndex)});
    for (int i : rackIndexes)
        if (i < 0 || static_cast<size_t>(i) >= design.racks.size())
            return Edit::refused(CP_TR_NOOP("cp::Problems", "no rack at index %1"), {std::to_string(i)});
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
        return Edit::refused(connect ? CP_TR_NOOP("cp::Problems", "unit %1 already feeds these racks")
                                     : CP_TR_NOOP("cp::Problems", "unit %1 feeds none of these racks"),
                             {quoted(unit.id)});
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
            return Edit::refused(CP_TR_NOOP("cp::Problems", "the design has no power or cooling unit to assign"),
                                 {});
        return Edit::refused(CP_TR_NOOP("cp::Problems", "every rack is already fed by a power and a cooling unit"),
                             {});
    }
    return edit;
}

} // namespace cp
