#include "model/edit/editsupport.h"

#include "model/core/catalog.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace cp::editsupport {

Problem reason(const char *text, std::vector<std::string> args)
{
    return problem(Severity::Error, {}, text, std::move(args));
}

Problem reasonOf(const Edit &refusal)
{
    if (refusal.quotesCause)
        return Problem{Severity::Error, {}, refusal.error, {}, {}};
    return Problem{Severity::Error, {}, refusal.error, refusal.errorText, refusal.errorArgs};
}

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

Problem outsideMessage(const Design &design, double x, double y)
{
    return reason(CP_TR_NOOP("cp::Problems", "position (%1, %2) m lies outside the %3 × %4 m hall"),
                  {metres(x), metres(y), metres(design.hall.widthM), metres(design.hall.depthM)});
}

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

int partHeightU(const CatalogEntry &part)
{
    return std::max(1, static_cast<int>(std::lround(part.figure("height_u"))));
}

std::optional<Problem> checkRackModelAndContents(const Rack &rack, const Catalog &catalog, RackFill *fillOut)
{
    const CatalogEntry *type = catalog.find(rack.catalogId);
    if (!type)
        return reason(CP_TR_NOOP("cp::Problems", "unknown catalog id %1"), {quoted(rack.catalogId)});
    if (type->kind != PartKind::Rack)
        return reason(CP_TR_NOOP("cp::Problems", "%1 is a %2, not a rack"),
                      {quoted(rack.catalogId), partKindName(type->kind)});
    RackFill fill;
    fill.heightU = static_cast<int>(type->figure("height_u"));
    fill.maxWeightKg = type->figure("max_weight_kg");
    fill.weightKg = type->figure("weight_kg");
    for (size_t m = 0; m < rack.contents.size(); ++m) {
        const Mount &mount = rack.contents[m];
        const std::string index = std::to_string(m); // the reasons start "contents[index]: "
        const CatalogEntry *part = catalog.find(mount.catalogId);
        if (!part)
            return reason(CP_TR_NOOP("cp::Problems", "contents[%1]: unknown catalog id %2"),
                          {index, quoted(mount.catalogId)});
        if (!isMountableKind(part->kind))
            return reason(CP_TR_NOOP("cp::Problems", "contents[%1]: a %2 cannot be mounted in a rack"),
                          {index, partKindName(part->kind)});
        if (mount.count < 1 || mount.count > 1000)
            return reason(CP_TR_NOOP("cp::Problems", "contents[%1]: the count must be between 1 and 1000"),
                          {index});
        if (part->kind == PartKind::Supernode && type->attribute("cooling") != "liquid")
            return reason(CP_TR_NOOP("cp::Problems", "contents[%1]: %2 needs a liquid-cooled rack"),
                          {index, quoted(part->id)});
        if (part->kind != PartKind::Switch && mount.role != SwitchRole::None)
            return reason(CP_TR_NOOP("cp::Problems", "contents[%1]: only switches have a network role"), {index});
        const int first = mount.u;
        const int last = mount.u + partHeightU(*part) * mount.count - 1;
        if (first < 1 || (fill.heightU > 0 && last > fill.heightU))
            return reason(CP_TR_NOOP("cp::Problems", "contents[%1]: U%2–U%3 does not fit a %4U rack"),
                          {index, std::to_string(first), std::to_string(last), std::to_string(fill.heightU)});
        for (const auto &[a, b] : fill.used)
            if (first <= b && a <= last)
                return reason(CP_TR_NOOP("cp::Problems", "contents[%1]: overlaps another part at U%2"),
                              {index, std::to_string(std::max(a, first))});
        fill.used.emplace_back(first, last);
        fill.weightKg += part->figure("weight_kg") * mount.count;
    }
    if (fill.maxWeightKg > 0 && fill.weightKg > fill.maxWeightKg)
        return reason(CP_TR_NOOP("cp::Problems", "contents weigh %1 kg, above the rack's %2 kg limit"),
                      {std::to_string(static_cast<int>(fill.weightKg)),
                       std::to_string(static_cast<int>(fill.maxWeightKg))});
    if (fillOut)
        *fillOut = std::move(fill);
    return std::nullopt;
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

std::optional<Problem> checkSelection(const Design &design, const Selection &selection)
{
    // `text`: the reason for a bad index, %1 for the index.
    const auto check = [](const std::vector<int> &indexes, size_t size,
                          const char *text) -> std::optional<Problem> {
        for (int i : indexes)
            if (i < 0 || static_cast<size_t>(i) >= size)
                return reason(text, {std::to_string(i)});
        return std::nullopt;
    };
    std::optional<Problem> error = check(selection.racks, design.racks.size(),
                                         CP_TR_NOOP("cp::Problems", "no rack at index %1"));
    if (!error)
        error = check(selection.powerUnits, design.powerUnits.size(),
                      CP_TR_NOOP("cp::Problems", "no power unit at index %1"));
    if (!error)
        error = check(selection.coolingUnits, design.coolingUnits.size(),
                      CP_TR_NOOP("cp::Problems", "no cooling unit at index %1"));
    return error;
}

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

std::optional<Problem> selectedItems(const Design &design, const Selection &selection, Selection &out)
{
    if (std::optional<Problem> error = checkSelection(design, selection))
        return error;
    out = normalised(selection);
    if (out.empty())
        return reason(CP_TR_NOOP("cp::Problems", "nothing is selected"));
    return std::nullopt;
}

std::string unitPrefix(const CatalogEntry &entry)
{
    std::string prefix = partKindName(entry.kind);
    for (char &c : prefix)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return prefix + "-";
}

} // namespace cp::editsupport
