#include "model/edit/editsupport.h"

#include "model/core/catalog.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace cp::editsupport {

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

std::string checkRackModelAndContents(const Rack &rack, const Catalog &catalog, RackFill *fillOut)
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

std::string selectedItems(const Design &design, const Selection &selection, Selection &out)
{
    if (std::string error = checkSelection(design, selection); !error.empty())
        return error;
    out = normalised(selection);
    return out.empty() ? "nothing is selected" : "";
}

std::string unitPrefix(const CatalogEntry &entry)
{
    std::string prefix = partKindName(entry.kind);
    for (char &c : prefix)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return prefix + "-";
}

} // namespace cp::editsupport
