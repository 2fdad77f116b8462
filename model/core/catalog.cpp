#include "model/core/catalog.h"

#include "model/core/jsontext.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

namespace cp {

using json = nlohmann::json;

namespace {

struct KindInfo
{
    PartKind kind;
    const char *name;
};

constexpr KindInfo kKinds[] = {
    {PartKind::Accelerator, "accelerator"}, {PartKind::Server, "server"},
    {PartKind::Supernode, "supernode"},     {PartKind::Switch, "switch"},
    {PartKind::Nic, "nic"},                 {PartKind::Cable, "cable"},
    {PartKind::Storage, "storage"},         {PartKind::Rack, "rack"},
    {PartKind::Pdu, "pdu"},                 {PartKind::Busway, "busway"},
    {PartKind::Ups, "ups"},                 {PartKind::Crah, "crah"},
    {PartKind::RearDoor, "rear_door"},      {PartKind::Cdu, "cdu"},
};

// Figures with a physical upper bound well above any real part; a value beyond it is a typo
// (a power in W entered as mW, a price with three zeros too many) and is refused.
constexpr double kAbsurd = 1e12;

std::string entryPlace(size_t index, const std::string &id)
{
    std::string place = "entries[" + std::to_string(index) + "]";
    if (!id.empty())
        place += " (\"" + id + "\")";
    return place;
}

// The dearest catalogued part, a GB300 NVL72 rack, is $3.45 M: a price 30 times that is a typing
// error (a $1e12 server would decide every cost verdict), not a quote.
constexpr double kMaxPartPriceUsd = 100e6;

void checkCatalog(const Catalog &catalog, const std::string &origin, bool refsResolved);

} // namespace

const char *partKindName(PartKind kind)
{
    for (const auto &k : kKinds)
        if (k.kind == kind)
            return k.name;
    return "?";
}

std::optional<PartKind> partKindFromName(const std::string &name)
{
    for (const auto &k : kKinds)
        if (name == k.name)
            return k.kind;
    return std::nullopt;
}

const std::vector<PartKind> &allPartKinds()
{
    static const std::vector<PartKind> kinds = [] {
        std::vector<PartKind> v;
        for (const auto &k : kKinds)
            v.push_back(k.kind);
        return v;
    }();
    return kinds;
}

bool isPowerKind(PartKind kind)
{
    return kind == PartKind::Pdu || kind == PartKind::Busway || kind == PartKind::Ups;
}

bool isCoolingKind(PartKind kind)
{
    return kind == PartKind::Crah || kind == PartKind::RearDoor || kind == PartKind::Cdu;
}

bool isMountableKind(PartKind kind)
{
    return kind == PartKind::Server || kind == PartKind::Supernode || kind == PartKind::Switch
           || kind == PartKind::Storage;
}

double partTypicalW(const CatalogEntry &e, double utilisation)
{
    if (e.hasFigure("power_typical_w"))
        return e.figure("power_typical_w");
    return partNameplateW(e) * utilisation;
}

double partNameplateW(const CatalogEntry &e)
{
    return e.figure("power_max_w", e.figure("power_w"));
}

double partIdleW(const CatalogEntry &e, double utilisation)
{
    return e.hasFigure("power_idle_w") ? e.figure("power_idle_w") : partTypicalW(e, utilisation);
}

const std::vector<std::string> &requiredFigures(PartKind kind)
{
    static const std::map<PartKind, std::vector<std::string>> table = {
        {PartKind::Accelerator,
         {"peak_tflops_bf16", "peak_tflops_fp8", "hbm_gb", "hbm_tb_per_s", "tdp_w",
          "scale_up_gb_per_s", "price_usd"}},
        {PartKind::Server,
         {"gpus", "nics", "height_u", "power_max_w", "power_typical_w", "power_idle_w",
          "weight_kg", "price_usd"}},
        {PartKind::Supernode,
         {"gpus", "spare_gpus", "nics", "height_u", "power_max_w", "power_typical_w",
          "power_idle_w", "liquid_fraction", "weight_kg", "price_usd"}},
        {PartKind::Switch,
         {"ports", "port_gbps", "height_u", "power_max_w", "power_typical_w", "power_idle_w",
          "price_usd"}},
        {PartKind::Nic, {"gbps", "power_w", "price_usd"}},
        {PartKind::Cable, {"gbps", "max_length_m", "power_w", "price_usd"}},
        {PartKind::Storage,
         {"capacity_tb", "read_gb_per_s", "write_gb_per_s", "height_u", "power_max_w",
          "power_typical_w", "price_usd"}},
        {PartKind::Rack,
         {"height_u", "width_m", "depth_m", "max_power_kw", "max_weight_kg", "price_usd"}},
        {PartKind::Pdu, {"capacity_kw", "price_usd"}},
        {PartKind::Busway, {"capacity_kw", "price_usd"}},
        {PartKind::Ups, {"capacity_kw", "efficiency", "price_usd"}},
        {PartKind::Crah, {"capacity_kw", "power_w", "price_usd"}},
        {PartKind::RearDoor, {"capacity_kw", "power_w", "price_usd"}},
        {PartKind::Cdu, {"capacity_kw", "power_w", "price_usd"}},
    };
    return table.at(kind);
}

/// Figures of a kind that must be positive, not only non-negative.
static std::vector<const char *> positiveFigures(PartKind kind)
{
    switch (kind) {
    case PartKind::Accelerator:
        return {"peak_tflops_bf16", "hbm_gb", "hbm_tb_per_s", "scale_up_gb_per_s", "tdp_w"};
    case PartKind::Switch:
        return {"ports", "port_gbps"};
    case PartKind::Nic:
        return {"gbps"};
    case PartKind::Cable:
        return {"gbps", "max_length_m"};
    case PartKind::Storage:
        return {"read_gb_per_s", "write_gb_per_s"};
    case PartKind::Rack:
        return {"height_u", "width_m", "depth_m", "max_power_kw"};
    default:
        return {};
    }
}

const std::vector<std::pair<std::string, PartKind>> &requiredRefs(PartKind kind)
{
    static const std::vector<std::pair<std::string, PartKind>> none;
    static const std::vector<std::pair<std::string, PartKind>> node = {
        {"accelerator", PartKind::Accelerator}, {"nic", PartKind::Nic}};
    if (kind == PartKind::Server || kind == PartKind::Supernode)
        return node;
    return none;
}

double CatalogEntry::figure(const std::string &key, double fallback) const
{
    auto it = figures.find(key);
    return it == figures.end() ? fallback : it->second;
}

std::string CatalogEntry::attribute(const std::string &key, const std::string &fallback) const
{
    auto it = attributes.find(key);
    return it == attributes.end() ? fallback : it->second;
}

std::string CatalogEntry::ref(const std::string &key) const
{
    auto it = refs.find(key);
    return it == refs.end() ? std::string() : it->second;
}

std::string CatalogEntry::sourceOf(const std::string &key) const
{
    auto it = sources.find(key);
    if (it != sources.end())
        return it->second;
    it = sources.find("*");
    return it == sources.end() ? std::string() : it->second;
}

// --- parsing ---------------------------------------------------------------------------------

namespace {

std::map<std::string, std::string> stringMap(const json &object, const std::string &origin,
                                             const std::string &place)
{
    std::map<std::string, std::string> out;
    if (object.is_null())
        return out;
    if (!object.is_object())
        throw LoadError(origin, place, "expected an object of strings, found " + std::string(object.type_name()));
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!it.value().is_string())
            throw LoadError(origin, place + "." + it.key(),
                            "expected a string, found " + std::string(it.value().type_name()));
        out[it.key()] = it.value().get<std::string>();
    }
    return out;
}

std::string requiredString(const json &object, const char *key, const std::string &origin,
                           const std::string &place)
{
    auto it = object.find(key);
    if (it == object.end())
        throw LoadError(origin, place, std::string("missing \"") + key + "\"");
    if (!it->is_string())
        throw LoadError(origin, place + "." + key,
                        "expected a string, found " + std::string(it->type_name()));
    std::string value = it->get<std::string>();
    if (value.empty())
        throw LoadError(origin, place + "." + key, "must not be empty");
    return value;
}

CatalogEntry parseEntry(const json &j, size_t index, const std::string &origin)
{
    std::string place = entryPlace(index, "");
    if (!j.is_object())
        throw LoadError(origin, place, "expected an object, found " + std::string(j.type_name()));
    CatalogEntry e;
    e.id = requiredString(j, "id", origin, place);
    place = entryPlace(index, e.id);
    const std::string kindName = requiredString(j, "kind", origin, place);
    auto kind = partKindFromName(kindName);
    if (!kind)
        throw LoadError(origin, place + ".kind", "unknown kind \"" + kindName + "\"");
    e.kind = *kind;
    e.name = requiredString(j, "name", origin, place);
    if (j.contains("vendor")) {
        if (!j["vendor"].is_string())
            throw LoadError(origin, place + ".vendor", "expected a string");
        e.vendor = j["vendor"].get<std::string>();
    }
    const json figures = j.value("figures", json::object());
    if (!figures.is_object())
        throw LoadError(origin, place + ".figures",
                        "expected an object of numbers, found " + std::string(figures.type_name()));
    for (auto it = figures.begin(); it != figures.end(); ++it) {
        const std::string fplace = place + ".figures." + it.key();
        if (!it.value().is_number())
            throw LoadError(origin, fplace,
                            "expected a number, found " + std::string(it.value().type_name()));
        const double v = it.value().get<double>();
        if (!std::isfinite(v) || v < 0.0)
            throw LoadError(origin, fplace, "must be a finite, non-negative number");
        if (v > kAbsurd)
            throw LoadError(origin, fplace, "value is absurdly large");
        e.figures[it.key()] = v;
    }
    e.attributes = stringMap(j.value("attributes", json()), origin, place + ".attributes");
    e.refs = stringMap(j.value("refs", json()), origin, place + ".refs");
    e.sources = stringMap(j.value("sources", json()), origin, place + ".sources");
    return e;
}

} // namespace

Catalog Catalog::fromJsonText(const std::string &text, const std::string &origin)
{
    return fromJson(parseJsonText(text, origin), origin);
}

Catalog Catalog::fromFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw LoadError(path, "", "cannot open the file");
    std::stringstream buffer;
    buffer << in.rdbuf();
    return fromJsonText(buffer.str(), path);
}

Catalog Catalog::fromJson(const json &j, const std::string &origin)
{
    if (!j.is_object())
        throw LoadError(origin, "", "a catalog is a JSON object, found " + std::string(j.type_name()));
    const auto format = j.find("format"); // not value(): it throws for a format that is not a string
    if (format == j.end() || !format->is_string() || format->get<std::string>() != "cluster-planner-catalog")
        throw LoadError(origin, "format", "not a Cluster Planner catalog (expected \"format\": \"cluster-planner-catalog\")");
    if (!j.contains("version") || !j["version"].is_number_integer())
        throw LoadError(origin, "version", "missing or not an integer");
    const int version = j["version"].get<int>();
    if (version > 1)
        throw LoadError(origin, "version",
                        "catalog format version " + std::to_string(version)
                            + " is newer than this program reads (1); update Cluster Planner");
    if (!j.contains("entries") || !j["entries"].is_array())
        throw LoadError(origin, "entries", "missing or not an array");
    Catalog catalog;
    std::set<std::string> seen;
    size_t index = 0;
    for (const auto &item : j["entries"]) {
        CatalogEntry e = parseEntry(item, index, origin);
        if (!seen.insert(e.id).second)
            throw LoadError(origin, entryPlace(index, e.id), "duplicate id");
        catalog.mEntries.push_back(std::move(e));
        ++index;
    }
    catalog.reindex();
    checkCatalog(catalog, origin, false); // references to other catalogs: checked when merged
    return catalog;
}

void Catalog::check(const std::string &origin) const
{
    checkCatalog(*this, origin, true);
}

namespace {

/// Every entry's figures, sources and references. A reference to an id the catalog lacks is an
/// error only when `refsResolved`: a user catalog is checked alone first (its entries may refer to
/// built-in ones, such as a server repeated from the default catalog referring to its
/// accelerator), and as a whole once merged.
void checkCatalog(const Catalog &catalog, const std::string &origin, bool refsResolved)
{
    const std::vector<CatalogEntry> &entries = catalog.entries();
    for (size_t i = 0; i < entries.size(); ++i) {
        const CatalogEntry &e = entries[i];
        const std::string place = entryPlace(i, e.id);
        for (const auto &key : requiredFigures(e.kind))
            if (!e.hasFigure(key))
                throw LoadError(origin, place + ".figures",
                                "a " + std::string(partKindName(e.kind)) + " needs \"" + key + "\"");
        for (const auto &[key, value] : e.figures)
            if (e.sourceOf(key).empty())
                throw LoadError(origin, place + ".sources",
                                "figure \"" + key + "\" has no source (give sources." + key
                                    + " or sources.*)");
        for (const auto &[key, kind] : requiredRefs(e.kind)) {
            const std::string target = e.ref(key);
            if (target.empty())
                throw LoadError(origin, place + ".refs", "missing reference \"" + key + "\"");
            const CatalogEntry *t = catalog.find(target);
            if (!t && !refsResolved)
                continue;
            if (!t)
                throw LoadError(origin, place + ".refs." + key, "unknown catalog id \"" + target + "\"");
            if (t->kind != kind)
                throw LoadError(origin, place + ".refs." + key,
                                "\"" + target + "\" is a " + partKindName(t->kind)
                                    + "; expected an entry of kind " + partKindName(kind));
        }
        // Figures the models divide by: zero would print inf or NaN (docs/robustness.md).
        for (const char *key : positiveFigures(e.kind))
            if (e.hasFigure(key) && !(e.figure(key) > 0.0))
                throw LoadError(origin, place + ".figures." + key,
                                "must be positive (the models divide by it)");
        if ((e.kind == PartKind::Server || e.kind == PartKind::Supernode) && e.figure("gpus") < 1)
            throw LoadError(origin, place + ".figures.gpus", "must be at least 1");
        if (e.kind == PartKind::Supernode && e.figure("spare_gpus") >= e.figure("gpus"))
            throw LoadError(origin, place + ".figures.spare_gpus", "must be fewer than gpus");
        if (e.hasFigure("liquid_fraction") && e.figure("liquid_fraction") > 1.0)
            throw LoadError(origin, place + ".figures.liquid_fraction", "must be between 0 and 1");
        if (e.kind == PartKind::Ups && (e.figure("efficiency") <= 0 || e.figure("efficiency") > 1))
            throw LoadError(origin, place + ".figures.efficiency", "must be in (0, 1]");
        // Absurd sizes (docs/robustness.md): a unit that carries nothing, a rack a kilometre tall.
        if (e.hasFigure("capacity_kw") && e.figure("capacity_kw") <= 0)
            throw LoadError(origin, place + ".figures.capacity_kw", "must be positive");
        if (e.figure("height_u") > 60)
            throw LoadError(origin, place + ".figures.height_u",
                            "more than 60U (2.7 m) is not plausible for a rack or a part in one");
        if (e.kind == PartKind::Rack && (e.figure("width_m") > 5 || e.figure("depth_m") > 5))
            throw LoadError(origin, place + ".figures", "a rack wider or deeper than 5 m is not plausible");
        if (e.figure("price_usd") > kMaxPartPriceUsd)
            throw LoadError(origin, place + ".figures.price_usd",
                            "more than $100 million for one part is not plausible (the dearest built-in part, "
                            "an NVL72 rack, is $3.45 million)");
    }
}

} // namespace

json Catalog::toJson() const
{
    json entries = json::array();
    for (const auto &e : mEntries) {
        json j;
        j["id"] = e.id;
        j["kind"] = partKindName(e.kind);
        j["name"] = e.name;
        if (!e.vendor.empty())
            j["vendor"] = e.vendor;
        j["figures"] = e.figures;
        if (!e.attributes.empty())
            j["attributes"] = e.attributes;
        if (!e.refs.empty())
            j["refs"] = e.refs;
        j["sources"] = e.sources;
        entries.push_back(std::move(j));
    }
    return json{{"format", "cluster-planner-catalog"}, {"version", 1}, {"entries", entries}};
}

void Catalog::merge(const Catalog &other, const std::string &origin)
{
    Catalog merged = *this;
    for (const auto &e : other.mEntries)
        merged.put(e);
    merged.check(origin);
    *this = std::move(merged);
}

void Catalog::put(CatalogEntry entry)
{
    auto it = mIndex.find(entry.id);
    if (it != mIndex.end()) {
        mEntries[it->second] = std::move(entry);
        return;
    }
    mIndex[entry.id] = mEntries.size();
    mEntries.push_back(std::move(entry));
}

void Catalog::reindex()
{
    mIndex.clear();
    for (size_t i = 0; i < mEntries.size(); ++i)
        mIndex[mEntries[i].id] = i;
}

const CatalogEntry *Catalog::find(const std::string &id) const
{
    auto it = mIndex.find(id);
    return it == mIndex.end() ? nullptr : &mEntries[it->second];
}

const CatalogEntry &Catalog::at(const std::string &id) const
{
    const CatalogEntry *e = find(id);
    if (!e)
        throw std::out_of_range("unknown catalog id \"" + id + "\"");
    return *e;
}

std::vector<const CatalogEntry *> Catalog::ofKind(PartKind kind) const
{
    std::vector<const CatalogEntry *> out;
    for (const auto &e : mEntries)
        if (e.kind == kind)
            out.push_back(&e);
    return out;
}

} // namespace cp

namespace cp {

const std::string &builtinCatalogText(); // generated from resources/catalog/default.json

Catalog Catalog::builtin()
{
    static const Catalog catalog = fromJsonText(builtinCatalogText(), "default catalog (resources/catalog/default.json)");
    return catalog;
}

} // namespace cp
