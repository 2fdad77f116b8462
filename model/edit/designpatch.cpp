#include "model/edit/designedit.h"

#include <algorithm>
#include <utility>

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

Edit Edit::refused(const char *text, std::vector<std::string> args)
{
    Edit edit;
    edit.error = fillTemplate(text, args);
    edit.errorText = text;
    edit.errorArgs = std::move(args);
    return edit;
}

Edit Edit::refused(const Problem &problem)
{
    Edit edit;
    edit.error = problem.message;
    edit.errorText = problem.text;
    edit.errorArgs = problem.args;
    return edit;
}

Edit Edit::refused(const char *text, std::vector<std::string> args, const Problem &cause)
{
    args.push_back(cause.message);
    Edit edit = refused(text, std::move(args));
    edit.quotesCause = true;
    edit.causeText = cause.text;
    edit.causeArgs = cause.args;
    return edit;
}

Design settingsOf(const Design &design)
{
    Design settings;
    copySettings(settings, design);
    return settings;
}

} // namespace cp
