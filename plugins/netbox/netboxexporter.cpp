#include "netboxexporter.h"

#include "model/edit/rackcontents.h"

#include "model/core/textcells.h"
#include "model/fabric/cablepicker.h"
#include "model/fabric/topology.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

namespace cp {

namespace {

// --- CSV -------------------------------------------------------------------------------------

/// Rows of one CSV file under a fixed header; fields are quoted when they need it (RFC 4180).
class Csv
{
public:
    explicit Csv(std::vector<std::string> header) : mHeader(std::move(header)) {}

    /// Adds a row by column name; columns left out are empty.
    void add(const std::map<std::string, std::string> &row)
    {
        for (const auto &[key, value] : row)
            if (std::find(mHeader.begin(), mHeader.end(), key) == mHeader.end())
                throw std::logic_error("NetBox CSV: no column \"" + key + "\"");
        std::vector<std::string> cells;
        for (const std::string &h : mHeader) {
            auto it = row.find(h);
            cells.push_back(it == row.end() ? std::string() : it->second);
        }
        mRows.push_back(std::move(cells));
    }

    std::string text() const
    {
        std::string out = line(mHeader);
        for (const auto &r : mRows)
            out += line(r);
        return out;
    }

private:
    static std::string line(const std::vector<std::string> &cells)
    {
        std::string s;
        for (size_t i = 0; i < cells.size(); ++i)
            s += (i ? "," : "") + csvField(cells[i]); // quoting and the formula guard
        return s + "\n";
    }

    std::vector<std::string> mHeader;
    std::vector<std::vector<std::string>> mRows;
};

std::string num(double v, int decimals = 2)
{
    std::ostringstream s;
    s.setf(std::ios::fixed);
    s.precision(decimals);
    s << v;
    std::string t = s.str();
    if (t.find('.') != std::string::npos) {
        while (t.back() == '0')
            t.pop_back();
        if (t.back() == '.')
            t.pop_back();
    }
    return t;
}

// --- routing: the fabric model's routes and cable choice (model/fabric) --------------------

/// NetBox cable type (CableTypeChoices) for a catalog cable.
std::string netboxCableType(const CatalogEntry &c)
{
    const std::string m = c.attribute("medium");
    if (m == "dac")
        return "dac-passive";
    if (m == "aec")
        return "dac-active";
    if (m == "aoc")
        return "aoc";
    // Transceiver pairs: short-reach (SR) optics run on multimode fibre, DR/FR/LR on single-mode.
    if (c.id.rfind("sr", 0) == 0)
        return "mmf-om4";
    return "smf-os2";
}

/// NetBox interface type (InterfaceTypeChoices) for a port speed.
std::string netboxInterfaceType(double gbps)
{
    if (gbps == 800)
        return "800gbase-x-osfp";
    if (gbps == 400)
        return "400gbase-x-osfp";
    if (gbps == 200)
        return "200gbase-x-qsfp56";
    if (gbps == 100)
        return "100gbase-x-qsfp28";
    return "other";
}

const char *roleName(const CatalogEntry &e, SwitchRole role)
{
    switch (e.kind) {
    case PartKind::Server:
        return "GPU server";
    case PartKind::Supernode:
        return "GPU supernode";
    case PartKind::Storage:
        return "Storage server";
    case PartKind::Switch:
        switch (role) {
        case SwitchRole::Leaf:
            return "Leaf switch";
        case SwitchRole::Spine:
            return "Spine switch";
        case SwitchRole::Core:
            return "Core switch";
        case SwitchRole::SuperCore:
            return "Super-core switch";
        case SwitchRole::Storage:
            return "Storage switch";
        case SwitchRole::Management:
            return "Management switch";
        case SwitchRole::None:
            return "Switch";
        }
        return "Switch";
    case PartKind::Cdu:
        return "Coolant distribution unit";
    default:
        return "Other";
    }
}

const char *roleColor(const std::string &role)
{
    static const std::map<std::string, const char *> colors = {
        {"GPU server", "4caf50"},   {"GPU supernode", "2e7d32"}, {"Storage server", "795548"},
        {"Leaf switch", "2196f3"},  {"Spine switch", "3f51b5"},  {"Core switch", "673ab7"},
        {"Super-core switch", "9c27b0"}, {"Storage switch", "607d8b"}, {"Management switch", "9e9e9e"},
        {"Switch", "03a9f4"}, {"Coolant distribution unit", "00bcd4"}, {"Other", "bdbdbd"}};
    auto it = colors.find(role);
    return it == colors.end() ? "bdbdbd" : it->second;
}

/// One device placed in a rack, with the fabric ports it has.
struct Device
{
    std::string name;
    size_t rack;
    const CatalogEntry *entry;
    SwitchRole role;
    int position;
    int ports = 0;        ///< fabric ports (NICs of a node, switch ports)
    double portGbps = 0;
    int used = 0;         ///< ports cabled so far
};

/// A fabric cable between two devices' ports, and the tier it belongs to.
struct FabricLink
{
    size_t a, b;
    int portA, portB;
    std::string tier;
};

/// The name of fabric port `p` of a device.
std::string portName(const Device &d, int p)
{
    return (d.entry->kind == PartKind::Switch ? std::string("p") : std::string("gpu-nic")) + std::to_string(p);
}

/// The design being exported and the names its files share.
struct ExportScope
{
    const Design &design;
    const Catalog &catalog;
    std::string site; ///< the NetBox site: the design's name
    std::string hall; ///< the location of rows and power panels
};

/// Every device of every rack, in rack order, with its fabric ports; the device types and roles used.
std::vector<Device> placeDevices(const Design &design, const Catalog &catalog, std::set<std::string> &usedTypes,
                                 std::set<std::string> &usedRoles)
{
    // --- devices, in rack order -------------------------------------------------------------
    std::vector<Device> devices;
    for (size_t i = 0; i < design.racks.size(); ++i) {
        const Rack &r = design.racks[i];
        for (const Mount &m : r.contents) {
            const CatalogEntry *e = catalog.find(m.catalogId);
            if (!e)
                throw std::runtime_error("rack " + r.id + ": unknown catalog entry \"" + m.catalogId + "\"");
            const int h = std::max(1, int(std::lround(e->figure("height_u", 1.0))));
            for (int k = 0; k < m.count; ++k) {
                Device d{deviceName(r.id, m.u + k * h), i, e, m.role, m.u + k * h};
                if (e->kind == PartKind::Server || e->kind == PartKind::Supernode) {
                    d.ports = int(std::lround(e->figure("nics")));
                    const CatalogEntry *nic =
                        catalog.find(design.fabric.nicId.empty() ? e->ref("nic") : design.fabric.nicId);
                    d.portGbps = nic ? nic->figure("gbps") : 0.0;
                } else if (e->kind == PartKind::Switch) {
                    d.ports = int(std::lround(e->figure("ports")));
                    d.portGbps = e->figure("port_gbps");
                }
                devices.push_back(d);
                usedTypes.insert(e->id);
                usedRoles.insert(roleName(*e, m.role));
            }
        }
    }

    return devices;
}

/// The fabric cables between the devices' ports.
std::vector<FabricLink> wireFabric(const Design &design, const Catalog &catalog, std::vector<Device> &devices)
{
    // --- fabric wiring: the leaf groups, tiers and radix of the model's topology (model/fabric/topology.h)
    std::vector<FabricLink> links;
    const auto connect = [&](size_t a, size_t b, const std::string &tier) {
        Device &da = devices[a];
        Device &db = devices[b];
        links.push_back({a, b, da.used++, db.used++, tier});
    };
    const Topology topology = buildTopology(design, catalog);
    const size_t groups = topology.leafGroups.size();
    std::vector<std::vector<size_t>> groupLeaves(groups);
    std::vector<size_t> spines, cores, supers;
    for (size_t k = 0; k < devices.size(); ++k) {
        if (devices[k].entry->kind != PartKind::Switch)
            continue;
        switch (devices[k].role) {
        case SwitchRole::Leaf:
            if (const int g = topology.leafGroupOfRack[size_t(devices[k].rack)]; g >= 0)
                groupLeaves[size_t(g)].push_back(k);
            break;
        case SwitchRole::Spine:
            spines.push_back(k);
            break;
        case SwitchRole::Core:
            cores.push_back(k);
            break;
        case SwitchRole::SuperCore:
            supers.push_back(k);
            break;
        default:
            break;
        }
    }
    // Endpoints: every node's NICs round-robin over the leaves of its rack's leaf group, so NIC j
    // of consecutive servers meets leaf j: rail-optimised wiring.
    std::vector<long long> groupNics(groups, 0), groupCounter(groups, 0);
    for (size_t k = 0; k < devices.size(); ++k) {
        Device &d = devices[k];
        if (d.entry->kind != PartKind::Server && d.entry->kind != PartKind::Supernode)
            continue;
        const int g = topology.rackGroup[size_t(d.rack)];
        if (g < 0 || groupLeaves[size_t(g)].empty())
            continue; // no leaf switches at all: nothing to cable (the model reports it)
        const auto &leaves = groupLeaves[size_t(g)];
        for (int j = 0; j < d.ports; ++j) {
            for (size_t tries = 0; tries < leaves.size(); ++tries) {
                const size_t leaf = leaves[size_t(groupCounter[size_t(g)]++ % (long long)leaves.size())];
                if (devices[leaf].used < devices[leaf].ports) {
                    connect(k, leaf, linkTierName(0));
                    ++groupNics[size_t(g)];
                    break;
                }
            }
        }
    }
    // Leaf uplinks: as many up as down where the switch has room (per row group, as the model),
    // spread over the spines while they have down-ports.
    const auto spreadUp = [&](const std::vector<size_t> &lower, const std::vector<long long> &upCount,
                              const std::vector<size_t> &upper, int upperDownPorts, const std::string &tier) {
        if (upper.empty())
            return;
        std::vector<int> down(upper.size(), 0);
        size_t next = 0;
        for (size_t i = 0; i < lower.size(); ++i)
            for (long long u = 0; u < upCount[i]; ++u) {
                bool done = false;
                for (size_t tries = 0; tries < upper.size() && !done; ++tries) {
                    const size_t s = next++ % upper.size();
                    if (down[s] < upperDownPorts && devices[upper[s]].used < devices[upper[s]].ports) {
                        ++down[s];
                        connect(lower[i], upper[s], tier);
                        done = true;
                    }
                }
                if (!done)
                    return; // the upper tier is full
            }
    };
    const int radix = std::max(2, topology.radix > 0 ? topology.radix : 64);
    {
        std::vector<size_t> lower;
        std::vector<long long> up;
        for (size_t g = 0; g < groups; ++g) {
            const std::vector<size_t> &leaves = groupLeaves[g];
            const long long nics = groupNics[g];
            long long portsTotal = 0;
            for (size_t l : leaves)
                portsTotal += devices[l].ports;
            const long long groupUp = std::max(0LL, std::min(nics, portsTotal - nics));
            for (size_t k = 0; k < leaves.size(); ++k) {
                lower.push_back(leaves[k]);
                // The group's uplinks shared evenly; the first leaves take the remainder.
                up.push_back(groupUp / (long long)leaves.size() + ((long long)k < groupUp % (long long)leaves.size()));
            }
        }
        spreadUp(lower, up, spines, cores.empty() ? radix : radix / 2, linkTierName(1));
    }
    if (!cores.empty())
        spreadUp(spines, std::vector<long long>(spines.size(), radix / 2), cores, supers.empty() ? radix : radix / 2,
                 linkTierName(2));
    if (!supers.empty())
        spreadUp(cores, std::vector<long long>(cores.size(), radix / 2), supers, radix, linkTierName(3));

    return links;
}

/// Manufacturers, device roles, the site and its locations (hall and rows).
void addOrganisationFiles(std::vector<ExportedFile> &files, const ExportScope &x, const std::set<std::string> &usedTypes,
                          const std::set<std::string> &usedRoles)
{
    const Design &design = x.design;
    const Catalog &catalog = x.catalog;
    const std::string &site = x.site, &hall = x.hall;
    Csv manufacturers({"name", "slug", "description"});
    std::set<std::string> vendors;
    for (const std::string &id : usedTypes)
        vendors.insert(catalog.at(id).vendor.empty() ? std::string("Generic") : catalog.at(id).vendor);
    for (const std::string &v : vendors)
        manufacturers.add({{"name", v}, {"slug", slugify(v)}});
    files.push_back({"01-manufacturers.csv", manufacturers.text()});

    Csv roles({"name", "slug", "color", "description"});
    for (const std::string &r : usedRoles)
        roles.add({{"name", r}, {"slug", slugify(r)}, {"color", roleColor(r)}});
    files.push_back({"02-device-roles.csv", roles.text()});

    Csv sites({"name", "slug", "status", "description", "comments"});
    sites.add({{"name", site}, {"slug", slugify(site)}, {"status", "planned"}, {"description", design.description},
               {"comments", "Exported by Cluster Planner"}});
    files.push_back({"03-sites.csv", sites.text()});

    Csv locations({"site", "parent", "name", "slug", "status", "description"});
    locations.add({{"site", site}, {"name", hall}, {"slug", slugify(hall)}, {"status", "planned"},
                   {"description", num(design.hall.widthM) + " m × " + num(design.hall.depthM) + " m"}});
    std::vector<std::string> rows;
    for (const Rack &r : design.racks)
        if (!r.row.empty() && std::find(rows.begin(), rows.end(), r.row) == rows.end())
            rows.push_back(r.row);
    for (const std::string &row : rows)
        locations.add({{"site", site}, {"parent", hall}, {"name", row}, {"slug", slugify(hall + " " + row)},
                       {"status", "planned"}});
    files.push_back({"04-locations.csv", locations.text()});

}

/// The device types used, with height, weight and airflow.
void addDeviceTypeFile(std::vector<ExportedFile> &files, const ExportScope &x, const std::set<std::string> &usedTypes)
{
    const Catalog &catalog = x.catalog;
    Csv types({"manufacturer", "model", "slug", "part_number", "u_height", "is_full_depth", "airflow", "weight",
               "weight_unit", "description", "comments"});
    for (const std::string &id : usedTypes) {
        const CatalogEntry &e = catalog.at(id);
        std::map<std::string, std::string> row = {
            {"manufacturer", e.vendor.empty() ? std::string("Generic") : e.vendor},
            {"model", e.name},
            {"slug", slugify(e.id)},
            {"part_number", e.id},
            {"u_height", num(std::max(1.0, std::round(e.figure("height_u", 1.0))), 0)},
            {"is_full_depth", "true"},
            {"description", std::string(partKindName(e.kind)) + " from the Cluster Planner catalog"},
            {"comments", "Max power " + num(e.figure("power_max_w")) + " W; source: " + e.sourceOf("power_max_w")}};
        if (e.hasFigure("weight_kg")) {
            row["weight"] = num(e.figure("weight_kg"));
            row["weight_unit"] = "kg";
        }
        if (e.attribute("cooling") == "air" || e.kind == PartKind::Switch)
            row["airflow"] = "front-to-rear";
        types.add(row);
    }
    files.push_back({"05-device-types.csv", types.text()});

}

/// The racks, their floor positions in the comments.
void addRackFile(std::vector<ExportedFile> &files, const ExportScope &x)
{
    const Design &design = x.design;
    const Catalog &catalog = x.catalog;
    const std::string &site = x.site, &hall = x.hall;
    Csv racks({"site", "location", "name", "facility_id", "status", "role", "form_factor", "width", "u_height",
               "outer_width", "outer_depth", "outer_unit", "max_weight", "weight_unit", "description", "comments"});
    for (const Rack &r : design.racks) {
        const CatalogEntry *e = catalog.find(r.catalogId);
        std::map<std::string, std::string> row = {
            {"site", site},
            {"location", r.row.empty() ? hall : r.row},
            {"name", r.id},
            {"facility_id", r.id},
            {"status", "planned"},
            {"form_factor", "4-post-cabinet"},
            {"width", "19"},
            {"u_height", num(e ? e->figure("height_u", 42.0) : 42.0, 0)},
            {"description", e ? e->name : r.catalogId},
            // NetBox keeps no floor coordinates: the position goes in the comments.
            {"comments", "Floor position x " + num(r.xM) + " m, y " + num(r.yM) + " m, rotation "
                             + num(r.rotationDeg) + "°; catalog " + r.catalogId}};
        if (e) {
            row["outer_width"] = num(e->figure("width_m") * 1000.0, 0);
            row["outer_depth"] = num(e->figure("depth_m") * 1000.0, 0);
            row["outer_unit"] = "mm";
            if (e->hasFigure("max_weight_kg")) {
                row["max_weight"] = num(e->figure("max_weight_kg"), 0);
                row["weight_unit"] = "kg";
            }
        }
        racks.add(row);
    }
    files.push_back({"06-racks.csv", racks.text()});

}

/// The devices in their racks and rack units.
void addDeviceFile(std::vector<ExportedFile> &files, const ExportScope &x, const std::vector<Device> &devices)
{
    const Design &design = x.design;
    const std::string &site = x.site, &hall = x.hall;
    Csv devs({"name", "role", "manufacturer", "device_type", "status", "site", "location", "rack", "position", "face",
              "airflow", "description"});
    for (const Device &d : devices) {
        const Rack &r = design.racks[d.rack];
        devs.add({{"name", d.name},
                  {"role", roleName(*d.entry, d.role)},
                  {"manufacturer", d.entry->vendor.empty() ? std::string("Generic") : d.entry->vendor},
                  {"device_type", d.entry->name},
                  {"status", "planned"},
                  {"site", site},
                  {"location", r.row.empty() ? hall : r.row},
                  {"rack", r.id},
                  {"position", std::to_string(d.position)},
                  {"face", "front"},
                  {"description", d.entry->id}});
    }
    files.push_back({"07-devices.csv", devs.text()});

}

/// The devices' fabric interfaces.
void addInterfaceFile(std::vector<ExportedFile> &files, const std::vector<Device> &devices)
{
    // Fabric interfaces: device types carry no interface templates in CSV, so each device's
    // fabric ports are created here (NetBox's speed column is in kbit/s).
    Csv ifaces({"device", "name", "type", "speed", "enabled", "mgmt_only", "description"});
    for (const Device &d : devices)
        for (int p = 0; p < d.ports; ++p)
            ifaces.add({{"device", d.name},
                        {"name", portName(d, p)},
                        {"type", netboxInterfaceType(d.portGbps)},
                        {"speed", num(d.portGbps * 1e6, 0)},
                        {"enabled", "true"},
                        {"mgmt_only", "false"},
                        {"description", d.entry->kind == PartKind::Switch ? "fabric port" : "GPU fabric NIC"}});
    files.push_back({"08-interfaces.csv", ifaces.text()});

}

/// The fabric cables with their types and lengths.
void addCableFile(std::vector<ExportedFile> &files, const ExportScope &x, const std::vector<Device> &devices,
                  const std::vector<FabricLink> &links)
{
    const Design &design = x.design;
    const Catalog &catalog = x.catalog;
    Csv cables({"side_a_device", "side_a_type", "side_a_name", "side_b_device", "side_b_type", "side_b_name", "type",
                "status", "label", "length", "length_unit", "description"});
    long long cableNo = 0;
    const CablePicker picker(catalog);
    for (const FabricLink &l : links) {
        const Device &a = devices[l.a];
        const Device &b = devices[l.b];
        const double length = routeM(design.racks[a.rack], design.racks[b.rack]);
        const double gbps = std::min(a.portGbps > 0 ? a.portGbps : b.portGbps, b.portGbps > 0 ? b.portGbps : a.portGbps);
        bool tooLong = false;
        const CableType *type = picker.pick(gbps, length, tooLong);
        const CatalogEntry *c = type ? type->entry : nullptr;
        cables.add({{"side_a_device", a.name},
                    {"side_a_type", "dcim.interface"},
                    {"side_a_name", portName(a, l.portA)},
                    {"side_b_device", b.name},
                    {"side_b_type", "dcim.interface"},
                    {"side_b_name", portName(b, l.portB)},
                    {"type", c ? netboxCableType(*c) : std::string()},
                    {"status", "planned"},
                    {"label", "CBL-" + std::to_string(++cableNo)},
                    {"length", num(length, 1)},
                    {"length_unit", "m"},
                    {"description", l.tier + (c ? ", " + c->id : std::string())}});
    }
    files.push_back({"09-cables.csv", cables.text()});

}

/// Power panels (the power units) and the feeds from busways and PDUs to the racks.
void addPowerFiles(std::vector<ExportedFile> &files, const ExportScope &x)
{
    const Design &design = x.design;
    const Catalog &catalog = x.catalog;
    const std::string &site = x.site, &hall = x.hall;
    // Power: each power unit is a panel; each busway or PDU feeds the racks it serves (the first
    // unit of a 2N group primary, its partner redundant). 415 V three-phase (docs/catalog.md,
    // assumption 19); the feed's amperage carries the rack's nameplate load at power factor ~1.
    Csv panels({"site", "location", "name", "description", "comments"});
    Csv feeds({"site", "power_panel", "location", "rack", "name", "status", "type", "mark_connected", "supply",
               "phase", "voltage", "amperage", "max_utilization", "description"});
    std::map<std::string, double> rackKw;
    for (const Rack &r : design.racks) {
        double w = 0;
        for (const Mount &m : r.contents)
            if (const CatalogEntry *e = catalog.find(m.catalogId))
                w += e->figure("power_max_w") * m.count;
        rackKw[r.id] = w / 1000.0;
    }
    std::map<std::string, int> seenInGroup;
    for (const FacilityUnit &u : design.powerUnits) {
        const CatalogEntry *e = catalog.find(u.catalogId);
        panels.add({{"site", site},
                    {"location", hall},
                    {"name", u.id},
                    {"description", (e ? e->name : u.catalogId) + ", group " + u.group + ", " + redundancyName(u.redundancy)},
                    {"comments", "Floor position x " + num(u.xM) + " m, y " + num(u.yM) + " m; capacity "
                                     + num(e ? e->figure("capacity_kw") : 0.0) + " kW"}});
        if (!e || e->kind == PartKind::Ups)
            continue; // the UPS is upstream of the busways and PDUs; it feeds no rack directly
        const int nth = seenInGroup[u.group]++;
        const bool redundant = u.redundancy != Redundancy::N && nth > 0;
        for (const std::string &rackId : u.serves) {
            const Rack *r = design.findRack(rackId);
            const double amps = std::ceil(rackKw[rackId] * 1000.0 / (std::sqrt(3.0) * 415.0));
            feeds.add({{"site", site},
                       {"power_panel", u.id},
                       {"location", r && !r->row.empty() ? r->row : hall},
                       {"rack", rackId},
                       {"name", u.id + "-" + rackId},
                       {"status", "planned"},
                       {"type", redundant ? "redundant" : "primary"},
                       {"mark_connected", "false"},
                       {"supply", "ac"},
                       {"phase", "three-phase"},
                       {"voltage", "415"},
                       {"amperage", num(std::max(1.0, amps), 0)},
                       {"max_utilization", "80"},
                       {"description", num(rackKw[rackId], 1) + " kW nameplate"}});
        }
    }
    files.push_back({"10-power-panels.csv", panels.text()});
    files.push_back({"11-power-feeds.csv", feeds.text()});

}

/// How to import the files, and what they hold.
void addReadme(std::vector<ExportedFile> &files, const ExportScope &x, const std::vector<Device> &devices,
               const std::vector<FabricLink> &links)
{
    const Design &design = x.design;
    const std::string &site = x.site;
    std::ostringstream readme;
    readme << "NetBox bulk import of \"" << site << "\", exported by Cluster Planner.\n\n"
           << "Import the files in their numbered order (each refers to objects of the earlier ones by name):\n"
           << "Organization > Sites, Locations; Devices > Manufacturers, Device roles, Device types, Racks (Racks menu),\n"
           << "Devices, Interfaces; Connections > Cables; Power > Power panels, Power feeds.\n\n"
           << devices.size() << " devices in " << design.racks.size() << " racks, " << links.size()
           << " fabric cables, " << design.powerUnits.size() << " power panels.\n"
           << "Rack floor positions are in each rack's comments (NetBox keeps no floor coordinates).\n"
           << "Only the scale-out compute fabric is cabled; storage and management networks are not.\n";
    files.push_back({"README.txt", readme.str()});
}

} // namespace

std::string NetBoxCsvExporter::description() const
{
    return "NetBox bulk-import CSV files: manufacturers, device roles, site, locations (hall, rows), device "
           "types, racks, devices in rack units, fabric interfaces, cables with types and lengths, power "
           "panels and power feeds.";
}

std::vector<ExportedFile> NetBoxCsvExporter::exportDesign(const Design &design, const Catalog &catalog) const
{
    const std::string site = design.name.empty() ? std::string("Cluster Planner design") : design.name;
    const std::string hall = design.hall.name.empty() ? std::string("Hall") : design.hall.name;
    const ExportScope x{design, catalog, site, hall};

    std::set<std::string> usedTypes, usedRoles;
    std::vector<Device> devices = placeDevices(design, catalog, usedTypes, usedRoles);
    const std::vector<FabricLink> links = wireFabric(design, catalog, devices);

    std::vector<ExportedFile> files;
    addOrganisationFiles(files, x, usedTypes, usedRoles);
    addDeviceTypeFile(files, x, usedTypes);
    addRackFile(files, x);
    addDeviceFile(files, x, devices);
    addInterfaceFile(files, devices);
    addCableFile(files, x, devices, links);
    addPowerFiles(files, x);
    addReadme(files, x, devices, links);
    return files;
}

} // namespace cp
