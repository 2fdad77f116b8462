// The NetBox plugin: the bulk-import CSV export has the columns NetBox's import forms require
// (and no others), with values that match the design and its evaluated fabric; the device-type
// importer reads the real, untidy library files into a catalog the loader accepts.

#include "model/engine/evaluation.h"
#include "plugintestsupport.h"
#include "model/generate/templates.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <functional>
#include <map>
#include <set>

using namespace cp;

namespace {

using Table = std::vector<std::map<std::string, std::string>>;

/// Parses RFC 4180 CSV (quoted fields, doubled quotes) into rows keyed by the header; the header
/// itself goes to `header`.
Table parseCsv(const std::string &text, std::vector<std::string> &header)
{
    std::vector<std::vector<std::string>> rows(1);
    std::string cell;
    bool quoted = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                cell += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                cell += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            rows.back().push_back(cell);
            cell.clear();
        } else if (c == '\n') {
            rows.back().push_back(cell);
            cell.clear();
            rows.emplace_back();
        } else {
            cell += c;
        }
    }
    rows.pop_back(); // after the last newline
    header = rows.front();
    Table t;
    for (size_t r = 1; r < rows.size(); ++r) {
        if (rows[r].size() != header.size())
            throw std::runtime_error("row " + std::to_string(r) + " has " + std::to_string(rows[r].size()) + " cells");
        std::map<std::string, std::string> m;
        for (size_t k = 0; k < header.size(); ++k)
            m[header[k]] = rows[r][k];
        t.push_back(std::move(m));
    }
    return t;
}

/// NetBox 4's import forms (netbox/dcim/forms/bulk_import.py): the fields each accepts and the
/// ones it requires (the model's required fields; rack position and face once a rack is given).
struct Form
{
    std::set<std::string> fields;
    std::set<std::string> required;
};

const std::map<std::string, Form> &netboxForms()
{
    static const std::map<std::string, Form> forms = {
        {"01-manufacturers.csv", {{"name", "slug", "description", "tags"}, {"name", "slug"}}},
        {"02-device-roles.csv", {{"name", "slug", "color", "vm_role", "config_template", "description", "tags"}, {"name", "slug", "color"}}},
        {"03-sites.csv", {{"name", "slug", "status", "region", "group", "tenant", "facility", "time_zone", "description",
                           "physical_address", "shipping_address", "latitude", "longitude", "comments", "tags"},
                          {"name", "slug", "status"}}},
        {"04-locations.csv", {{"site", "parent", "name", "slug", "status", "tenant", "facility", "description", "tags"},
                              {"site", "name", "slug", "status"}}},
        {"05-device-types.csv", {{"manufacturer", "default_platform", "model", "slug", "part_number", "u_height",
                                  "exclude_from_utilization", "is_full_depth", "subdevice_role", "airflow", "description",
                                  "weight", "weight_unit", "comments", "tags"},
                                 {"manufacturer", "model", "slug", "u_height"}}},
        {"06-racks.csv", {{"site", "location", "name", "facility_id", "tenant", "status", "role", "form_factor", "serial",
                           "asset_tag", "width", "u_height", "desc_units", "outer_width", "outer_depth", "outer_unit",
                           "mounting_depth", "airflow", "weight", "max_weight", "weight_unit", "description", "comments", "tags"},
                          {"site", "name", "status", "width", "u_height"}}},
        {"07-devices.csv", {{"name", "role", "tenant", "manufacturer", "device_type", "platform", "serial", "asset_tag", "status",
                             "site", "location", "rack", "position", "face", "latitude", "longitude", "parent", "device_bay",
                             "airflow", "virtual_chassis", "vc_position", "vc_priority", "cluster", "description",
                             "config_template", "comments", "tags"},
                            {"role", "manufacturer", "device_type", "status", "site", "rack", "position", "face"}}},
        {"08-interfaces.csv", {{"device", "name", "label", "parent", "bridge", "lag", "type", "speed", "duplex", "enabled",
                                "mark_connected", "wwn", "vdcs", "mtu", "mgmt_only", "description", "poe_mode", "poe_type",
                                "mode", "vrf", "rf_role", "rf_channel", "rf_channel_frequency", "rf_channel_width", "tx_power", "tags"},
                               {"device", "name", "type"}}},
        {"09-cables.csv", {{"side_a_device", "side_a_type", "side_a_name", "side_b_device", "side_b_type", "side_b_name", "type",
                            "status", "tenant", "label", "color", "length", "length_unit", "description", "comments", "tags"},
                           {"side_a_device", "side_a_type", "side_a_name", "side_b_device", "side_b_type", "side_b_name"}}},
        {"10-power-panels.csv", {{"site", "location", "name", "description", "comments", "tags"}, {"site", "name"}}},
        {"11-power-feeds.csv", {{"site", "power_panel", "location", "rack", "name", "status", "type", "mark_connected", "supply",
                                 "phase", "voltage", "amperage", "max_utilization", "tenant", "description", "comments", "tags"},
                                {"site", "power_panel", "name", "status", "type", "supply", "phase", "voltage", "amperage",
                                 "max_utilization"}}},
    };
    return forms;
}

double routeM(const Rack &a, const Rack &b)
{
    // The fabric model's route (model/fabric.cpp): 1.1 × Manhattan + 3 m, 2 m within a rack.
    if (a.id == b.id)
        return 2.0;
    return 1.1 * (std::abs(a.xM - b.xM) + std::abs(a.yM - b.yM)) + 3.0;
}

} // namespace

class TestNetBox : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void exportMatchesDesign_data();
    void exportMatchesDesign();
    void csvQuotesAwkwardNames();
    void importsRealDeviceTypes();
    void importedCatalogLoadsAndDesignsWithIt();
    void importRefusesBadFiles();
    void importSurvivesFuzzedFiles_data();
    void importSurvivesFuzzedFiles();
    void cliRoundTrip();
};

void TestNetBox::exportMatchesDesign_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<qlonglong>("gpus");
    QTest::newRow("classic 1024") << QStringLiteral("classic") << 1024LL;
    QTest::newRow("supernode 1152") << QStringLiteral("supernode") << 1152LL;
    QTest::newRow("classic 16384 (3 tiers)") << QStringLiteral("classic") << 16384LL;
}

void TestNetBox::exportMatchesDesign()
{
    QFETCH(QString, kind);
    QFETCH(qlonglong, gpus);
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({kind.toStdString(), gpus, {}}, c);
    const Results r = evaluate(d, c);
    const Exporter *e = cptest::builtPlugins().exporter("netbox-csv");
    QVERIFY(e);
    const auto files = e->exportDesign(d, c);

    std::map<std::string, Table> t;
    for (const auto &f : files) {
        if (f.name == "README.txt")
            continue;
        auto it = netboxForms().find(f.name);
        QVERIFY2(it != netboxForms().end(), f.name.c_str());
        std::vector<std::string> header;
        t[f.name] = parseCsv(f.content, header);
        for (const std::string &h : header)
            QVERIFY2(it->second.fields.count(h), (f.name + ": NetBox has no field " + h).c_str());
        for (const std::string &req : it->second.required) {
            QVERIFY2(std::find(header.begin(), header.end(), req) != header.end(), (f.name + " lacks " + req).c_str());
            for (const auto &row : t[f.name])
                QVERIFY2(!row.at(req).empty(), (f.name + ": empty " + req).c_str());
        }
    }
    QCOMPARE(int(t.size()), 11);

    // Racks: every rack of the design, in its row, with its height.
    QCOMPARE(t["06-racks.csv"].size(), d.racks.size());
    std::map<std::string, int> rackHeight;
    for (const auto &row : t["06-racks.csv"]) {
        const Rack *rack = d.findRack(row.at("name"));
        QVERIFY(rack);
        CP_COMPARE_STR(row.at("location"), rack->row);
        QCOMPARE(row.at("width"), std::string("19"));
        rackHeight[rack->id] = std::stoi(row.at("u_height"));
        QCOMPARE(rackHeight[rack->id], int(c.at(rack->catalogId).figure("height_u")));
    }
    std::set<std::string> locations;
    for (const auto &row : t["04-locations.csv"])
        locations.insert(row.at("name"));
    for (const auto &row : t["06-racks.csv"])
        QVERIFY(locations.count(row.at("location")));

    // Devices: one per mounted unit; every U within its rack, no two devices on the same U.
    long long mounted = 0;
    for (const Rack &rack : d.racks)
        for (const Mount &m : rack.contents)
            mounted += m.count;
    QCOMPARE(qlonglong(t["07-devices.csv"].size()), qlonglong(mounted));
    long long servers = 0, switches = 0;
    std::map<std::string, std::set<int>> usedU;
    std::map<std::string, double> typeHeight;
    for (const auto &row : t["05-device-types.csv"])
        typeHeight[row.at("model")] = std::stod(row.at("u_height"));
    std::set<std::string> deviceNames;
    for (const auto &row : t["07-devices.csv"]) {
        QVERIFY2(deviceNames.insert(row.at("name")).second, "device names are unique");
        QVERIFY(typeHeight.count(row.at("device_type")));
        const int pos = std::stoi(row.at("position"));
        const int h = int(typeHeight[row.at("device_type")]);
        QVERIFY(pos >= 1 && pos + h - 1 <= rackHeight[row.at("rack")]);
        for (int u = pos; u < pos + h; ++u)
            QVERIFY2(usedU[row.at("rack")].insert(u).second, (row.at("name") + " overlaps").c_str());
        servers += row.at("role") == "GPU server" || row.at("role") == "GPU supernode";
        switches += row.at("role").find("switch") != std::string::npos;
    }
    QCOMPARE(qlonglong(servers), qlonglong(r.inventory.servers + r.inventory.supernodes));
    long long fabricSwitches = 0, allSwitches = 0;
    for (const auto &[tier, n] : r.inventory.switchesByTier)
        fabricSwitches += n;
    allSwitches = fabricSwitches;
    for (const auto &[role, n] : r.inventory.otherSwitches)
        allSwitches += n;
    QCOMPARE(qlonglong(switches), qlonglong(allSwitches));

    // Cables: both ends are interfaces of the export, each used once; per tier as many as the
    // evaluated fabric; lengths as the fabric routes them; types from the catalog cable chosen.
    std::set<std::pair<std::string, std::string>> ifaces;
    for (const auto &row : t["08-interfaces.csv"])
        QVERIFY(ifaces.insert({row.at("device"), row.at("name")}).second);
    std::set<std::pair<std::string, std::string>> used;
    std::map<std::string, long long> byTier;
    std::map<std::string, std::string> rackOf;
    for (const auto &row : t["07-devices.csv"])
        rackOf[row.at("name")] = row.at("rack");
    for (const auto &row : t["09-cables.csv"]) {
        for (const char *side : {"a", "b"}) {
            const std::pair<std::string, std::string> end{row.at(std::string("side_") + side + "_device"),
                                                          row.at(std::string("side_") + side + "_name")};
            QVERIFY2(ifaces.count(end), (end.first + " " + end.second).c_str());
            QVERIFY2(used.insert(end).second, "an interface is cabled twice");
            QCOMPARE(row.at(std::string("side_") + side + "_type"), std::string("dcim.interface"));
        }
        const std::string desc = row.at("description");
        const std::string tier = desc.substr(0, desc.find(','));
        ++byTier[tier];
        const std::string cableId = desc.substr(desc.find(", ") + 2);
        const CatalogEntry &cable = c.at(cableId);
        const std::string medium = cable.attribute("medium");
        const std::string type = row.at("type");
        QVERIFY2((medium == "dac" && type == "dac-passive") || (medium == "aec" && type == "dac-active")
                     || (medium == "aoc" && type == "aoc") || (medium == "transceiver" && (type == "mmf-om4" || type == "smf-os2")),
                 (cableId + " as " + type).c_str());
        const double length = routeM(*d.findRack(rackOf[row.at("side_a_device")]), *d.findRack(rackOf[row.at("side_b_device")]));
        QVERIFY(std::abs(std::stod(row.at("length")) - length) < 0.051);
        QVERIFY(cable.figure("max_length_m") >= std::stod(row.at("length")) - 0.05);
        QCOMPARE(row.at("length_unit"), std::string("m"));
    }
    for (const auto &[tier, links] : r.fabric.linksByTier)
        QCOMPARE(qlonglong(byTier[tier]), qlonglong(links));
    long long cablesTotal = 0;
    for (const auto &run : r.fabric.cables)
        cablesTotal += run.count;
    QCOMPARE(qlonglong(t["09-cables.csv"].size()), qlonglong(cablesTotal));

    // Power: a panel per power unit; a feed per busway/PDU and rack it serves; valid choices.
    QCOMPARE(t["10-power-panels.csv"].size(), d.powerUnits.size());
    size_t feeds = 0;
    for (const FacilityUnit &u : d.powerUnits)
        if (c.at(u.catalogId).kind != PartKind::Ups)
            feeds += u.serves.size();
    QCOMPARE(t["11-power-feeds.csv"].size(), feeds);
    std::set<std::string> panels;
    for (const auto &row : t["10-power-panels.csv"])
        panels.insert(row.at("name"));
    for (const auto &row : t["11-power-feeds.csv"]) {
        QVERIFY(panels.count(row.at("power_panel")));
        QVERIFY(d.findRack(row.at("rack")));
        QVERIFY(row.at("type") == "primary" || row.at("type") == "redundant");
        QCOMPARE(row.at("supply"), std::string("ac"));
        QCOMPARE(row.at("phase"), std::string("three-phase"));
        QVERIFY(std::stoi(row.at("amperage")) >= 1);
    }
}

void TestNetBox::csvQuotesAwkwardNames()
{
    const Catalog c = Catalog::builtin();
    Design d = generateTemplate({"classic", 64, {}}, c);
    d.name = "Hall \"B\", phase 2";
    const auto files = cptest::builtPlugins().exporter("netbox-csv")->exportDesign(d, c);
    for (const auto &f : files)
        if (f.name == "03-sites.csv") {
            std::vector<std::string> header;
            const Table t = parseCsv(f.content, header);
            QCOMPARE(int(t.size()), 1);
            CP_COMPARE_STR(t[0].at("name"), d.name);
            CP_COMPARE_STR(t[0].at("slug"), "hall-b-phase-2");
        }
    // A name a spreadsheet would run as a formula is neutralised with a leading quote (OWASP).
    d.name = "=HYPERLINK(\"http://x\")";
    d.racks.front().id = "+R1";
    const auto evil = cptest::builtPlugins().exporter("netbox-csv")->exportDesign(d, c);
    bool sawSite = false, sawRack = false;
    for (const auto &f : evil) {
        if (f.name != "03-sites.csv" && f.name != "06-racks.csv")
            continue;
        std::vector<std::string> header;
        const Table t = parseCsv(f.content, header);
        if (f.name == "03-sites.csv") {
            CP_COMPARE_STR(t[0].at("name"), "'" + d.name);
            sawSite = true;
        }
        if (f.name == "06-racks.csv")
            for (const auto &row : t)
                if (row.at("name") == "'+R1")
                    sawRack = true;
    }
    QVERIFY(sawSite && sawRack);
}

void TestNetBox::importsRealDeviceTypes()
{
    const Importer *imp = cptest::builtPlugins().importer("netbox-devicetypes");
    QVERIFY(imp);
    const Catalog builtin = Catalog::builtin();
    const ImportResult r = imp->importFiles({CP_NETBOX_DIR}, builtin);

    // The switch (NVIDIA QM9700): 62 of its 64 ports are listed; the importer keeps what is there
    // and names the two missing; no power draw in the file, so power and price are assumptions.
    const CatalogEntry *sw = r.catalog.find("nvidia-qm9700");
    QVERIFY(sw);
    QCOMPARE(sw->kind, PartKind::Switch);
    QCOMPARE(sw->figure("ports"), 62.0);
    QCOMPARE(sw->figure("port_gbps"), 400.0);
    QCOMPARE(sw->figure("height_u"), 1.0);
    QCOMPARE(sw->figure("weight_kg"), 14.8);
    QCOMPARE(sw->figure("power_max_w"), std::round(29.2 * 62 * 0.4)); // 29.2 W per Tb/s × 24.8 Tb/s
    QVERIFY(sw->sourceOf("power_max_w").rfind("assumption:", 0) == 0);
    QVERIFY(sw->sourceOf("price_usd").rfind("assumption:", 0) == 0);
    QVERIFY(sw->sourceOf("ports").rfind("NetBox devicetype-library Nvidia-QM9700.yaml", 0) == 0);
    CP_COMPARE_STR(sw->attribute("fabric"), "infiniband");
    bool gapNoted = false;
    for (const Problem &p : r.notes)
        gapNoted = gapNoted || (p.message.find("P22.1, P23.0") != std::string::npos && p.message.find("64 ports") != std::string::npos);
    QVERIFY(gapNoted);

    // The GPU server (Supermicro AS-8125GS-TNMR2): 8 MI300X bays and 8 GPU-fabric BCM57608 NICs;
    // 6 × 3,000 W PSUs with 4 assumed active. The shipped catalog's mi300x-platform was entered by
    // hand from the same file: the importer must reach the same figures.
    const CatalogEntry *srv = r.catalog.find("supermicro-as-8125gs-tnmr2");
    QVERIFY(srv);
    const CatalogEntry &ref = builtin.at("mi300x-platform");
    QCOMPARE(srv->kind, PartKind::Server);
    CP_COMPARE_STR(srv->ref("accelerator"), "mi300x");
    CP_COMPARE_STR(srv->ref("nic"), "bcm57608-400g");
    for (const char *k : {"gpus", "nics", "height_u", "weight_kg", "power_max_w", "power_typical_w", "power_idle_w", "price_usd"})
        QVERIFY2(std::abs(srv->figure(k) - ref.figure(k)) < 1e-6, k);
    QVERIFY(srv->sourceOf("gpus").find("8 module bays named GPU") != std::string::npos);
    QVERIFY(srv->sourceOf("price_usd").rfind("assumption:", 0) == 0);
    QVERIFY(srv->sourceOf("weight_kg").rfind("NetBox", 0) == 0);

    // The CDU (Supermicro LCS-SCDU-250L4001): capacity only in free text.
    const CatalogEntry *cdu = r.catalog.find("supermicro-lcs-scdu-250l4001");
    QVERIFY(cdu);
    const CatalogEntry &cduRef = builtin.at("cdu-supermicro-250kw");
    QCOMPARE(cdu->kind, PartKind::Cdu);
    for (const char *k : {"capacity_kw", "power_w", "price_usd", "height_u", "weight_kg"})
        QVERIFY2(std::abs(cdu->figure(k) - cduRef.figure(k)) < 1e-6, k);
    QVERIFY(cdu->sourceOf("capacity_kw").find("free text") != std::string::npos);

    // Every assumption is also reported as a note.
    int assumptions = 0, notesOfAssumptions = 0;
    for (const auto &e : r.catalog.entries())
        if (e.sources.count("*") == 0 && builtin.find(e.id) == nullptr)
            for (const auto &[k, s] : e.sources)
                assumptions += s.rfind("assumption:", 0) == 0;
    for (const Problem &p : r.notes)
        notesOfAssumptions += p.message.find("assumed") != std::string::npos || p.message.find("active of") != std::string::npos;
    QVERIFY(assumptions > 0);
    QCOMPARE(notesOfAssumptions, assumptions);
}

void TestNetBox::importedCatalogLoadsAndDesignsWithIt()
{
    QTemporaryDir dir;
    const Catalog builtin = Catalog::builtin();
    const ImportResult r = cptest::builtPlugins().importer("netbox-devicetypes")->importFiles({CP_NETBOX_DIR}, builtin);
    const std::string path = cptest::tempPath(dir, "netbox.json");
    cptest::writeFile(path, r.catalog.toJson().dump(2));
    // The user catalog loads alone (the accelerator and NIC it refers to travel with it) and beside
    // the default one.
    const Catalog user = Catalog::fromFile(path);
    Catalog merged = builtin;
    merged.merge(user, path);
    QVERIFY(merged.contains("supermicro-as-8125gs-tnmr2"));
    // Drop the vendor's server into a design in place of the template's.
    Design d = generateTemplate({"classic", 256, "mi300x"}, merged);
    for (Rack &rack : d.racks)
        for (Mount &m : rack.contents)
            if (merged.at(m.catalogId).kind == PartKind::Server)
                m.catalogId = "supermicro-as-8125gs-tnmr2";
    QVERIFY(!hasErrors(validate(d, merged)));
    const Results res = evaluate(d, merged);
    QCOMPARE(res.inventory.gpusTotal, 256LL);
}

void TestNetBox::importRefusesBadFiles()
{
    QTemporaryDir dir;
    const Importer *imp = cptest::builtPlugins().importer("netbox-devicetypes");
    const Catalog builtin = Catalog::builtin();
    const std::string broken = cptest::tempPath(dir, "broken.yaml");
    cptest::writeFile(broken, "manufacturer: X\nmodel: [unclosed\nu_height: 1\n");
    try {
        imp->importFiles({broken}, builtin);
        QFAIL("broken YAML accepted");
    } catch (const LoadError &e) {
        CP_COMPARE_STR(e.file(), broken);
        QVERIFY(e.place().rfind("line ", 0) == 0);
    }
    const std::string noModel = cptest::tempPath(dir, "nomodel.yaml");
    cptest::writeFile(noModel, "manufacturer: X\nu_height: 1\n");
    QVERIFY_THROWS_EXCEPTION(LoadError, imp->importFiles({noModel}, builtin));
    const std::string badHeight = cptest::tempPath(dir, "height.yaml");
    cptest::writeFile(badHeight, "manufacturer: X\nmodel: Y\nu_height: tall\n");
    try {
        imp->importFiles({badHeight}, builtin);
        QFAIL("a word as u_height accepted");
    } catch (const LoadError &e) {
        CP_COMPARE_STR(e.place(), "u_height");
    }
    // A device that is none of the kinds the catalog holds is skipped with a note, not an error.
    const std::string pdu = cptest::tempPath(dir, "pdu.yaml");
    cptest::writeFile(pdu, "manufacturer: APC\nmodel: AP8941\nu_height: 0\n");
    const ImportResult r = imp->importFiles({pdu}, builtin);
    QCOMPARE(int(r.catalog.size()), 0);
    QCOMPARE(int(r.notes.size()), 1);
    QVERIFY(r.notes[0].message.find("skipped") != std::string::npos);
}

// Files found by fuzz/fuzz_devicetypes and by review of the importer (docs/robustness.md): each
// once escaped as a yaml-cpp or std::stod/stoi exception, overflowed an int, ran for minutes or
// overflowed the stack. Each now gives a LoadError naming the file and the place, or imports what
// is there.
void TestNetBox::importSurvivesFuzzedFiles_data()
{
    QTest::addColumn<QString>("content");
    QTest::addColumn<QString>("place"); // the LoadError's place; empty: the import succeeds
    QTest::addColumn<QString>("expect"); // in the LoadError's problem, or in a note
    const std::string head = "manufacturer: Acme\nmodel: X1\nu_height: 1\n";
    // A switch: eight 400G interfaces with these names.
    const auto switchWith = [&](const std::function<std::string(int)> &name, const std::string &type = "400gbase-x-osfp") {
        std::string y = head + "interfaces:\n";
        for (int i = 0; i < 8; ++i)
            y += "  - name: " + name(i) + "\n    type: " + type + "\n";
        return QString::fromStdString(y);
    };
    const std::string cdu = "manufacturer: Acme\nmodel: CDU-1\nu_height: 4\ncomments: \"Coolant distribution unit, ";
    QTest::newRow("interface as a scalar") << QString::fromStdString(head + "interfaces:\n  - eth0\n")
                                           << "interfaces[0]" << "expected a mapping";
    QTest::newRow("power port as a scalar") << QString::fromStdString(head + "power-ports:\n  - PSU1\n")
                                            << "power-ports[0]" << "found \"PSU1\"";
    QTest::newRow("module bay as a list") << QString::fromStdString(head + "module-bays:\n  - [GPU1]\n")
                                          << "module-bays[0]" << "found a list";
    QTest::newRow("400-digit link speed") << switchWith([](int i) { return "p" + std::to_string(i); }, std::string(400, '9') + "gbase-x")
                                          << "" << "skipped";
    QTest::newRow("link speed below a double") << switchWith([](int i) { return "p" + std::to_string(i); }, "0." + std::string(400, '0') + "1gbase-x")
                                               << "" << "skipped";
    QTest::newRow("400-digit CDU capacity") << QString::fromStdString(cdu + std::string(400, '9') + " kW\"\n")
                                            << "comments" << "none found";
    QTest::newRow("cage number beyond an int") << switchWith([](int i) { return "P" + std::to_string(i) + "99999999999.0"; })
                                               << "" << "8 interfaces";
    QTest::newRow("cages x lanes beyond an int") << switchWith([](int i) { return "P9999" + std::to_string(i) + ".99999"; })
                                                 << "" << "8 interfaces";
    QTest::newRow("100,000 implied ports") << switchWith([](int i) { return "P99" + std::to_string(i) + ".99"; })
                                           << "" << "imply 99800 ports but 8 are listed (missing: P0.0, P0.1";
    QTest::newRow("port names of 200,000 letters") << switchWith([](int i) { return std::string(200000, 'P') + std::to_string(i) + ".0"; })
                                                   << "" << "8 interfaces";
    QTest::newRow("200,000 spaces before kW") << QString::fromStdString(cdu + "250" + std::string(200000, ' ') + "kW\"\n")
                                              << "comments" << "none found";
}

void TestNetBox::importSurvivesFuzzedFiles()
{
    QFETCH(QString, content);
    QFETCH(QString, place);
    QFETCH(QString, expect);
    QTemporaryDir dir;
    const std::string path = cptest::tempPath(dir, "fuzzed.yaml");
    cptest::writeFile(path, content.toStdString());
    const Importer *imp = cptest::builtPlugins().importer("netbox-devicetypes");
    try {
        const ImportResult r = imp->importFiles({path}, Catalog::builtin());
        QVERIFY2(place.isEmpty(), "accepted a file that should be refused");
        std::string all;
        for (const CatalogEntry *e : r.catalog.ofKind(PartKind::Switch))
            all += e->sourceOf("ports") + "\n";
        for (const Problem &n : r.notes)
            all += n.message + "\n";
        QVERIFY2(all.find(expect.toStdString()) != std::string::npos, all.c_str());
    } catch (const LoadError &e) {
        QVERIFY2(!place.isEmpty(), e.what());
        CP_COMPARE_STR(e.file(), path);
        CP_COMPARE_STR(e.place(), place.toStdString());
        QVERIFY2(e.problem().find(expect.toStdString()) != std::string::npos, e.what());
    }
}

void TestNetBox::cliRoundTrip()
{
    QTemporaryDir dir;
    qputenv("CLUSTER_PLANNER_PLUGIN_PATH", CP_PLUGIN_DIR);
    const QString cat = QString::fromStdString(cptest::tempPath(dir, "cat.json"));
    auto run = cptest::runCli(QStringLiteral(CP_CLI), {QStringLiteral("import-devicetypes"), QStringLiteral(CP_NETBOX_DIR),
                                                       QStringLiteral("-o"), cat});
    QCOMPARE(run.code, 0);
    QVERIFY(run.out.contains(QStringLiteral("P22.1")));
    run = cptest::runCli(QStringLiteral(CP_CLI), {QStringLiteral("--catalog"), cat, QStringLiteral("catalog")});
    QCOMPARE(run.code, 0);
    QVERIFY(run.out.contains(QStringLiteral("supermicro-as-8125gs-tnmr2")));
    const QString design = QString::fromStdString(cptest::tempPath(dir, "d.json"));
    QCOMPARE(cptest::runCli(QStringLiteral(CP_CLI), {QStringLiteral("new"), QStringLiteral("--gpus"), QStringLiteral("128"),
                                                     QStringLiteral("-o"), design}).code, 0);
    const QString out = QString::fromStdString(cptest::tempPath(dir, "nb"));
    run = cptest::runCli(QStringLiteral(CP_CLI), {QStringLiteral("export"), design, QStringLiteral("--format"),
                                                  QStringLiteral("netbox-csv"), QStringLiteral("-o"), out});
    QCOMPARE(run.code, 0);
    QVERIFY(QFile::exists(out + QStringLiteral("/09-cables.csv")));
    run = cptest::runCli(QStringLiteral(CP_CLI), {QStringLiteral("export"), design, QStringLiteral("--format"),
                                                  QStringLiteral("nonesuch"), QStringLiteral("-o"), out});
    QCOMPARE(run.code, 2);
    QVERIFY(run.err.contains(QStringLiteral("netbox-csv")));
}

QTEST_GUILESS_MAIN(TestNetBox)
#include "test_netbox.moc"
