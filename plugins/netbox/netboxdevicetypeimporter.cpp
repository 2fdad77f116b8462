#include "netboxexporter.h"

#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

#include <cstdint>

#include <fstream>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

namespace cp {

namespace {

/// A device-type file's text, refused before yaml-cpp parses it when it is larger than any
/// device type (4 MB; the library's files are a few KB) or nested deeper than a device type ever
/// is: yaml-cpp's parser recurses once per level, so ~70,000 levels ("[[[…" or "- - - …")
/// overflowed the stack (docs/robustness.md). Flow brackets outside quotes and block sequence
/// indicators starting a line each count a level; 64 are allowed.
std::string checkedYamlText(const std::string &path)
{
    constexpr std::uintmax_t kMaxBytes = 4u << 20;
    constexpr int kMaxDepth = 64;
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec)
        throw LoadError(path, "", "cannot be read");
    if (size > kMaxBytes)
        throw LoadError(path, "", "larger than 4 MB; a NetBox device type is a few KB");
    std::ifstream in(path, std::ios::binary);
    std::stringstream buf;
    buf << in.rdbuf();
    if (!in && !in.eof())
        throw LoadError(path, "", "cannot be read");
    const std::string text = buf.str();
    int flow = 0, line = 1;
    bool lineStart = true;
    int dashes = 0;
    char quote = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n') { // a quote ends with its line here: an apostrophe cannot hide brackets after it
            ++line;
            lineStart = true;
            dashes = 0;
            quote = 0;
            continue;
        }
        if (quote) {
            if (c == quote)
                quote = 0;
            continue;
        }
        if (c == '"' || c == '\'') {
            quote = c;
            lineStart = false;
            continue;
        }
        if (c == '#') { // a comment to the end of the line
            while (i + 1 < text.size() && text[i + 1] != '\n')
                ++i;
            continue;
        }
        if (lineStart && c == '-' && i + 1 < text.size() && (text[i + 1] == ' ' || text[i + 1] == '\n'))
            ++dashes;
        else if (c != ' ' && c != '\t')
            lineStart = false;
        if (c == '[' || c == '{')
            ++flow;
        else if ((c == ']' || c == '}') && flow > 0)
            --flow;
        if (flow > kMaxDepth || dashes > kMaxDepth)
            throw LoadError(path, "line " + std::to_string(line),
                            "nested more than " + std::to_string(kMaxDepth) + " levels deep (a device type needs a few)");
    }
    return text;
}

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

std::string alnum(const std::string &s)
{
    std::string out;
    for (unsigned char c : lower(s))
        if (std::isalnum(c))
            out += char(c);
    return out;
}

std::string num(double v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

std::string text(const YAML::Node &n, const char *key)
{
    if (!n.IsMap())
        return {};
    const YAML::Node v = n[key];
    return v && v.IsScalar() ? v.as<std::string>() : std::string();
}

/// Link speed in Gb/s from a NetBox interface type ("400gbase-x-osfp" → 400, "1000base-t" → 1).
double speedGbps(const std::string &type)
{
    // At most 6 digits (and 6 decimals): longer numbers name no real link and would overflow
    // std::stod; such a type counts as unknown (0).
    static const std::regex gig(R"(^(\d{1,6}(?:\.\d{1,6})?)gbase)"), meg(R"(^(\d{1,6})base)");
    std::smatch m;
    if (std::regex_search(type, m, gig))
        return std::stod(m[1].str());
    if (std::regex_search(type, m, meg))
        return std::stod(m[1].str()) / 1000.0;
    return 0.0;
}

struct Port
{
    std::string name;
    std::string type;
    std::string description;
    double gbps = 0;
};

/// The paths to read: files as given, a folder's YAML files in name order.
std::vector<std::string> deviceTypeFiles(const std::vector<std::string> &paths)
{
    std::vector<std::string> files;
    for (const std::string &p : paths) {
        std::error_code ec;
        if (std::filesystem::is_directory(p, ec)) {
            std::vector<std::string> inDir;
            for (const auto &f : std::filesystem::directory_iterator(p, ec)) {
                const std::string ext = lower(f.path().extension().string());
                if (f.is_regular_file() && (ext == ".yaml" || ext == ".yml"))
                    inDir.push_back(f.path().string());
            }
            std::sort(inDir.begin(), inDir.end());
            files.insert(files.end(), inDir.begin(), inDir.end());
        } else {
            files.push_back(p);
        }
    }
    return files;
}

/// Reads one device-type file into a catalog entry: the figures every kind shares, then those of
/// the kind it turns out to be (GPU server, CDU or fabric switch), with a note for each assumption.
class DeviceTypeReader
{
public:
    DeviceTypeReader(const std::string &path, const Catalog &known, ImportResult &result,
                     std::map<std::string, std::string> &referenced)
        : path(path), known(known), result(result), referenced(referenced)
    {
        const std::string file = std::filesystem::path(path).filename().string();
        cite = "NetBox devicetype-library " + file;
    }

    /// The entry, or none when the device is of no kind the catalog holds (noted as skipped).
    std::optional<CatalogEntry> read()
    {
        readHeader();
        e.id = slug;
        e.name = manufacturer + " " + model;
        e.vendor = manufacturer;
        readHeightAndWeight();
        readPowerPorts();
        readInterfaces();
        readModuleBays();

        const std::string all = lower(model + " " + comments);
        const bool isCdu = all.find("coolant distribution") != std::string::npos || alnum(model).find("cdu") != std::string::npos;
        if (gpuBays > 0) {
            asGpuServer();
        } else if (isCdu) {
            asCdu();
        } else if (topGbps >= 100 && ports.size() >= 8) {
            asSwitch();
        } else {
            note(Severity::Warning, "", "skipped: " + manufacturer + " " + model
                                            + " is neither a GPU server (no GPU module bays), a switch (no 100G+ ports) nor a CDU");
            return std::nullopt;
        }
        if (!part.empty())
            e.attributes["part_number"] = part;
        e.attributes["netbox_slug"] = slug;
        return std::move(e);
    }

    const std::string &slugRead() const { return slug; }

private:
    void note(Severity s, const std::string &where, const std::string &message)
    {
        result.notes.push_back({s, path + (where.empty() ? "" : ": " + where), message});
    }
    void set(const std::string &key, double value, const std::string &source)
    {
        e.figures[key] = value;
        e.sources[key] = source;
    }
    void assume(const std::string &key, double value, const std::string &why)
    {
        set(key, value, "assumption: " + why);
        note(Severity::Warning, key, "not in the file; assumed " + num(value) + " (" + why + ")");
    }

    /// The YAML document and its manufacturer, model, slug, comments and part number.
    void readHeader()
    {
        try {
            doc = YAML::Load(checkedYamlText(path));
        } catch (const YAML::ParserException &e) {
            throw LoadError(path, "line " + std::to_string(e.mark.line + 1), "not valid YAML: " + e.msg);
        }
        if (!doc.IsMap())
            throw LoadError(path, "", "not a NetBox device type (expected a mapping with manufacturer and model)");
        manufacturer = text(doc, "manufacturer");
        model = text(doc, "model");
        if (manufacturer.empty() || model.empty())
            throw LoadError(path, manufacturer.empty() ? "manufacturer" : "model", "missing (a device type needs both)");
        slug = text(doc, "slug");
        if (slug.empty())
            slug = lower(manufacturer + "-" + model);
        comments = text(doc, "comments");
        part = text(doc, "part_number");

    }

    /// The U height (NetBox's default of 1U when missing) and the weight in kg (−1 when missing).
    void readHeightAndWeight()
    {
        try {
            if (doc["u_height"])
                height = doc["u_height"].as<double>();
            else
                note(Severity::Warning, "u_height", "missing; NetBox's default of 1U is used");
            if (!doc["u_height"])
                height = 1;
        } catch (const YAML::Exception &) {
            throw LoadError(path, "u_height", "not a number: \"" + text(doc, "u_height") + "\"");
        }
        if (doc["weight"]) {
            double w = 0;
            try {
                w = doc["weight"].as<double>();
            } catch (const YAML::Exception &) {
                throw LoadError(path, "weight", "not a number: \"" + text(doc, "weight") + "\"");
            }
            const std::string unit = lower(text(doc, "weight_unit"));
            const double factor = unit == "kg" || unit.empty() ? 1.0 : unit == "g" ? 0.001 : unit == "lb" ? 0.45359237
                                                                 : unit == "oz" ? 0.028349523
                                                                                : -1.0;
            if (factor < 0)
                throw LoadError(path, "weight_unit", "unknown unit \"" + unit + "\" (kg, g, lb or oz)");
            if (unit.empty())
                note(Severity::Warning, "weight_unit", "missing; kg assumed");
            weightKg = w * factor;
        }

    }

    /// The entries of a list (power-ports, interfaces, module-bays): each must be a mapping.
    std::vector<YAML::Node> entries(const char *key) const
    {
        std::vector<YAML::Node> out;
        const YAML::Node list = doc[key];
        if (!list || !list.IsSequence())
            return out;
        for (std::size_t k = 0; k < list.size(); ++k) {
            const YAML::Node entry = list[k];
            if (!entry.IsMap())
                throw LoadError(path, std::string(key) + "[" + std::to_string(k) + "]",
                                "expected a mapping (name, type, …), found "
                                    + (entry.IsScalar() ? "\"" + entry.Scalar() + "\"" : entry.IsSequence() ? "a list" : "nothing"));
            out.push_back(entry);
        }
        return out;
    }

    /// Power ports: each PSU's maximum draw. A device's nameplate draw is what its active
    /// supplies deliver, not their sum: redundant supplies are assumed N+N for two, and two
    /// thirds active from three up (4+2 for six, as DGX H100's 6 × 3.3 kW; docs/catalog.md 6).
    void readPowerPorts()
    {
        for (const YAML::Node &p : entries("power-ports")) {
            ++psus;
            if (p["maximum_draw"]) {
                const double d = p["maximum_draw"].as<double>(0.0);
                psuW += d;
                maxDraw = std::max(maxDraw, d);
            }
        }
        activePsus = psus <= 1 ? psus : psus == 2 ? 1 : psus - psus / 3;
    }

    /// The network interfaces (virtual, LAG and management ones left out) and the top speed.
    void readInterfaces()
    {
        for (const YAML::Node &i : entries("interfaces")) {
            const std::string type = text(i, "type");
            if (type == "virtual" || type == "lag" || (i["mgmt_only"] && i["mgmt_only"].as<bool>(false)))
                continue;
            ports.push_back({text(i, "name"), type, text(i, "description"), speedGbps(type)});
        }
        for (const Port &p : ports)
            topGbps = std::max(topGbps, p.gbps);
    }

    /// The module bays named GPU, and the first one's description.
    void readModuleBays()
    {
        for (const YAML::Node &b : entries("module-bays"))
            if (lower(text(b, "name")).find("gpu") != std::string::npos) {
                ++gpuBays;
                if (gpuText.empty())
                    gpuText = text(b, "description");
            }
    }

    /// A GPU server: its accelerator and NICs from the catalog, power, price.
    void asGpuServer()
    {
        e.kind = PartKind::Server;
        set("gpus", gpuBays, cite + ": " + std::to_string(gpuBays) + " module bays named GPU");
        // The accelerator: a known accelerator whose id or name the GPU bays' description names.
        const CatalogEntry *acc = nullptr;
        const std::string bay = alnum(gpuText + " " + comments);
        for (const CatalogEntry *a : known.ofKind(PartKind::Accelerator)) {
            const std::string id = alnum(a->id.substr(0, a->id.find('-')));
            if (!id.empty() && bay.find(id) != std::string::npos && (!acc || id.size() > alnum(acc->id).size()))
                acc = a;
        }
        if (!acc)
            throw LoadError(path, "module-bays", "the GPU bays (\"" + gpuText
                                                     + "\") name no accelerator of the catalog; add it to a user catalog first");
        e.refs["accelerator"] = acc->id;
        referenced[acc->id] = acc->id;
        // Fabric NICs: interfaces described as GPU fabric ports, else every port at the top speed.
        std::vector<Port> fabric;
        for (const Port &p : ports)
            if (lower(p.description).find("gpu") != std::string::npos && p.gbps > 0)
                fabric.push_back(p);
        if (fabric.empty()) {
            for (const Port &p : ports)
                if (p.gbps == topGbps && p.gbps > 0)
                    fabric.push_back(p);
            note(Severity::Warning, "interfaces", "no interface is described as a GPU fabric port; the "
                                                      + std::to_string(fabric.size()) + " ports at "
                                                      + num(topGbps) + " Gb/s are taken as the compute fabric");
        }
        if (fabric.empty())
            throw LoadError(path, "interfaces", "no network interface to carry the GPU fabric");
        set("nics", double(fabric.size()), cite + ": " + std::to_string(fabric.size()) + " GPU fabric interfaces ("
                                               + fabric.front().type + ")");
        const CatalogEntry *nic = nullptr;
        const std::string nicText = alnum(fabric.front().description);
        for (const CatalogEntry *n : known.ofKind(PartKind::Nic)) {
            const std::string id = alnum(n->id.substr(0, n->id.find('-')));
            if (!id.empty() && nicText.find(id) != std::string::npos)
                nic = n;
        }
        if (!nic) {
            for (const CatalogEntry *n : known.ofKind(PartKind::Nic))
                if (n->figure("gbps") == fabric.front().gbps) {
                    nic = n;
                    break;
                }
            if (!nic)
                throw LoadError(path, "interfaces", "no catalog NIC runs at " + num(fabric.front().gbps) + " Gb/s");
            note(Severity::Warning, "interfaces", "the NIC model is not named; \"" + nic->id + "\" (same speed) is used");
        }
        e.refs["nic"] = nic->id;
        referenced[nic->id] = nic->id;
        set("height_u", height, cite + ": u_height");
        if (weightKg >= 0)
            set("weight_kg", weightKg, cite + ": weight");
        else
            assume("weight_kg", 0.0, "no weight in the NetBox file; 0 kg counts nothing against the rack's limit");
        if (maxDraw > 0) {
            const double maxW = activePsus * maxDraw;
            set("power_max_w", maxW, "assumption: " + cite + " lists " + std::to_string(psus) + " PSUs of "
                                         + num(maxDraw) + " W maximum draw (" + num(psuW) + " W installed); "
                                         + std::to_string(activePsus) + " assumed active, the rest redundant, = "
                                         + num(maxW) + " W");
            note(Severity::Info, "power-ports", "power_max_w = " + std::to_string(activePsus) + " active of "
                                                    + std::to_string(psus) + " PSUs × " + num(maxDraw) + " W");
        } else {
            const double maxW = acc->figure("tdp_w") * gpuBays * 1.45;
            assume("power_max_w", maxW, "no maximum_draw in the NetBox file; GPU TDP × GPUs × 1.45 (DGX H100: "
                                            "10.2 kW / 8 × 700 W = 1.82; HGX platforms ~1.45 without the NVSwitch trays)");
        }
        const double maxW = e.figures["power_max_w"];
        assume("power_typical_w", 0.85 * maxW, "0.85 × power_max_w at training load (docs/catalog.md, assumption 1)");
        assume("power_idle_w", 0.30 * maxW, "0.30 × power_max_w with no job (docs/catalog.md, assumption 1)");
        assume("price_usd", gpuBays * acc->figure("price_usd") + 110000.0,
               std::to_string(gpuBays) + " × " + acc->id + " catalog price + $110,000 non-GPU content (docs/catalog.md, assumption 24)");
        const std::string airflow = text(doc, "airflow");
        e.attributes["cooling"] = "air"; // NetBox says nothing of liquid cooling
        if (airflow.empty())
            note(Severity::Info, "airflow", "missing; air cooling assumed");
    }

    /// An in-rack coolant distribution unit: its capacity from the free-text comments.
    void asCdu()
    {
        e.kind = PartKind::Cdu;
        // A number std::stod can hold: at most 6 digits (and 6 decimals) before "kW".
        static const std::regex kw(R"((?:^|[^\d.])(\d{1,6}(?:\.\d{1,6})?)\s{0,3}kW)", std::regex::icase);
        std::smatch m;
        if (!std::regex_search(comments, m, kw))
            throw LoadError(path, "comments", "a CDU needs its cooling capacity; none found (e.g. \"Cooling Capacity: 250 kW\")");
        const double capacity = std::stod(m[1].str());
        set("capacity_kw", capacity, cite + ": comments (free text \"" + m[1].str() + " kW\")");
        note(Severity::Info, "comments", "capacity " + num(capacity) + " kW read from free text");
        assume("power_w", capacity * 10.0, "pumps ~1 % of capacity (docs/catalog.md, assumption 11)");
        assume("price_usd", capacity * 240.0, "$240 per kW, as cdu-supermicro-250kw (docs/catalog.md, assumption 30)");
        set("height_u", height, cite + ": u_height");
        if (weightKg >= 0)
            set("weight_kg", weightKg, cite + ": weight");
        e.attributes["heat"] = "liquid";
    }

    /// A fabric switch: its ports at the top speed, power, price and fabric kind.
    void asSwitch()
    {
        e.kind = PartKind::Switch;
        std::vector<Port> fabric;
        for (const Port &p : ports)
            if (p.gbps == topGbps)
                fabric.push_back(p);
        set("ports", double(fabric.size()), cite + ": " + std::to_string(fabric.size()) + " interfaces of type "
                                                + fabric.front().type);
        set("port_gbps", topGbps, cite + ": interface type " + fabric.front().type);
        // Untidy files leave ports out: names like P<cage>.<lane> imply cages × lanes ports
        // (at most 3 digits each, names of at most 16 characters: std::regex recurses per character).
        static const std::regex cageLane(R"(^[A-Za-z]+(\d{1,3})[./](\d{1,3})$)");
        int maxCage = -1, maxLane = -1;
        bool allMatch = true;
        std::set<std::string> names;
        for (const Port &p : fabric) {
            std::smatch m;
            names.insert(p.name);
            if (p.name.size() <= 16 && std::regex_match(p.name, m, cageLane)) {
                maxCage = std::max(maxCage, std::stoi(m[1].str()));
                maxLane = std::max(maxLane, std::stoi(m[2].str()));
            } else {
                allMatch = false;
            }
        }
        if (allMatch && maxCage >= 0 && (maxCage + 1) * (maxLane + 1) > int(fabric.size())) {
            std::string missing;
            const std::string prefix = fabric.front().name.substr(0, fabric.front().name.find_first_of("0123456789"));
            const char sep = fabric.front().name.find('/') != std::string::npos ? '/' : '.';
            int shown = 0; // the first 16 missing names, then "…" (the loop stays short)
            for (int c = 0; c <= maxCage && shown <= 16; ++c)
                for (int l = 0; l <= maxLane && shown <= 16; ++l) {
                    const std::string n = prefix + std::to_string(c) + sep + std::to_string(l);
                    if (!names.count(n))
                        missing += ++shown > 16 ? std::string(", …") : (shown == 1 ? "" : ", ") + n;
                }
            note(Severity::Warning, "interfaces", "the port names imply " + std::to_string((maxCage + 1) * (maxLane + 1))
                                                      + " ports but " + std::to_string(fabric.size())
                                                      + " are listed (missing: " + missing
                                                      + "); the listed count is kept — edit \"ports\" if the switch has more");
        }
        set("height_u", height, cite + ": u_height");
        if (weightKg >= 0)
            set("weight_kg", weightKg, cite + ": weight");
        const double tbps = fabric.size() * topGbps / 1000.0;
        if (maxDraw > 0)
            set("power_max_w", activePsus * maxDraw, "assumption: " + cite + ": " + std::to_string(activePsus) + " of "
                                                         + std::to_string(psus) + " PSUs × " + num(maxDraw) + " W");
        else
            assume("power_max_w", std::round(29.2 * tbps), "no maximum_draw in the NetBox file; 29.2 W per Tb/s of "
                                                           "switching (QM9700: 747 W / 25.6 Tb/s, docs/catalog.md 7) × "
                                                           + num(tbps) + " Tb/s");
        const double maxW = e.figures["power_max_w"];
        assume("power_typical_w", std::round(0.85 * maxW), "0.85 × power_max_w (docs/catalog.md, assumption 2)");
        assume("power_idle_w", std::round(0.50 * maxW), "0.50 × power_max_w (docs/catalog.md, assumption 2)");
        assume("price_usd", std::round(1953.0 * tbps), "$1,953 per Tb/s, the 64 × 400G InfiniBand switch's "
                                                       "~$50,000 / 25.6 Tb/s (docs/catalog.md, assumption 26)");
        const std::string vendor = lower(manufacturer);
        const bool ib = (vendor == "nvidia" || vendor == "mellanox") && (lower(model).rfind("qm", 0) == 0 || lower(model).rfind("q3", 0) == 0);
        e.attributes["fabric"] = ib ? "infiniband" : "ethernet";
        note(Severity::Info, "attributes.fabric", std::string(ib ? "infiniband" : "ethernet") + " (from the vendor and model; NetBox names ports by Ethernet type)");
    }

    const std::string &path;
    const Catalog &known;
    ImportResult &result;
    std::map<std::string, std::string> &referenced; ///< ids of known entries the new ones refer to
    std::string cite;
    YAML::Node doc;
    std::string manufacturer, model, slug, comments, part;
    CatalogEntry e;
    double height = 0;
    double weightKg = -1;
    int psus = 0;
    double psuW = 0, maxDraw = 0;
    int activePsus = 0;
    std::vector<Port> ports;
    double topGbps = 0;
    int gpuBays = 0;
    std::string gpuText;
};

} // namespace

/// Reads every file into entries; `current` is set to the file being read, for the caller's
/// message if yaml-cpp's node access throws.
static ImportResult importDeviceTypes(const std::vector<std::string> &paths, const Catalog &known, std::string &current)
{
    ImportResult result;
    const std::vector<std::string> files = deviceTypeFiles(paths);
    std::map<std::string, std::string> referenced; // ids of known entries the new ones refer to

    for (const std::string &path : files) {
        current = path;
        DeviceTypeReader reader(path, known, result, referenced);
        std::optional<CatalogEntry> e = reader.read();
        if (!e)
            continue;
        if (result.catalog.contains(e->id))
            throw LoadError(path, "slug", "\"" + reader.slugRead() + "\" is imported twice");
        result.catalog.put(std::move(*e));
    }
    // The known entries the new ones refer to travel with them, so the catalog file loads alone
    // (a project embeds the entries it uses the same way).
    for (const auto &[id, unused] : referenced)
        if (!result.catalog.contains(id))
            result.catalog.put(known.at(id));
    // Checked as the catalog loader will check it.
    Catalog::fromJson(result.catalog.toJson(), files.empty() ? std::string("netbox import") : files.front());
    return result;
}

std::string NetBoxDeviceTypeImporter::description() const
{
    return "Reads device types from NetBox's community device-type library (YAML: model, U height, weight, "
           "power ports with maximum draw, interfaces, GPU module bays) into catalog entries.";
}

ImportResult NetBoxDeviceTypeImporter::importFiles(const std::vector<std::string> &paths, const Catalog &known) const
{
    // The reading above checks the shapes it relies on; whatever yaml-cpp still refuses (a key
    // asked of a scalar, a value that does not convert) is the file's fault, said with its line.
    std::string current;
    try {
        return importDeviceTypes(paths, known, current);
    } catch (const YAML::Exception &e) {
        throw LoadError(current, e.mark.is_null() ? std::string() : "line " + std::to_string(e.mark.line + 1),
                        "not a NetBox device type as this importer reads it: " + e.msg);
    }
}

} // namespace cp
