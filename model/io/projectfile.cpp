// The .cplan project file: schema, migrations, scenarios, revisions and the embedded catalog. One
// room (~780 lines: the schema, its migrations, the reads and the guarded write) because every part
// shares the same SQLite statements and transaction rules; the folder lock is its own (folderlock.h).
#include "model/io/projectfile.h"

#include "model/core/jsontext.h"
#include "model/io/designjson.h"
#include "model/io/folderlock.h"
#include "model/io/outputfile.h"
#include "model/io/sqlitedb.h"

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <cstdio>
#include <cstring>


#include <cctype>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>

namespace cp {

using json = nlohmann::json;

namespace {

using sqlite::Database;
using sqlite::Statement;

constexpr const char *kFormat = "cluster-planner-project";

bool tableExists(const Database &db, const std::string &name)
{
    Statement s(db, "SELECT 1 FROM sqlite_master WHERE type='table' AND name=?1", "sqlite_master");
    s.bind(1, name);
    return s.step();
}

/// Reads meta.schema_version; 0 when the file has no meta table (an empty or foreign database).
int schemaVersion(const Database &db)
{
    if (!tableExists(db, "meta"))
        return 0;
    Statement f(db, "SELECT value FROM meta WHERE key='format'", "meta");
    if (!f.step() || f.text(0, "meta.format") != kFormat)
        throw LoadError(db.path(), "meta.format", "not a Cluster Planner project");
    Statement s(db, "SELECT value FROM meta WHERE key='schema_version'", "meta");
    if (!s.step())
        throw LoadError(db.path(), "meta.schema_version", "missing");
    const std::string v = s.text(0, "meta.schema_version");
    try {
        size_t used = 0;
        const int version = std::stoi(v, &used);
        if (used != v.size() || version < 1)
            throw std::invalid_argument(v);
        return version;
    } catch (const std::exception &) {
        throw LoadError(db.path(), "meta.schema_version", "not a positive integer: \"" + v + "\"");
    }
}

const char *kSchema = R"sql(
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS design(id INTEGER PRIMARY KEY, name TEXT NOT NULL, settings TEXT NOT NULL,
  scenario TEXT NOT NULL DEFAULT 'main', seq INTEGER NOT NULL DEFAULT 0);
CREATE UNIQUE INDEX IF NOT EXISTS design_scenario ON design(scenario);
CREATE TABLE IF NOT EXISTS rack(design_id INTEGER NOT NULL, seq INTEGER NOT NULL, id TEXT NOT NULL,
  catalog_id TEXT NOT NULL, x_m REAL NOT NULL, y_m REAL NOT NULL, rotation_deg REAL NOT NULL,
  row_name TEXT NOT NULL, contents TEXT NOT NULL, PRIMARY KEY(design_id, seq));
CREATE TABLE IF NOT EXISTS facility_unit(design_id INTEGER NOT NULL, seq INTEGER NOT NULL,
  type TEXT NOT NULL, id TEXT NOT NULL, catalog_id TEXT NOT NULL, x_m REAL NOT NULL,
  y_m REAL NOT NULL, grp TEXT NOT NULL, redundancy TEXT NOT NULL, serves TEXT NOT NULL,
  PRIMARY KEY(design_id, seq));
CREATE TABLE IF NOT EXISTS catalog_entry(id TEXT PRIMARY KEY, json TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS revision(id INTEGER PRIMARY KEY AUTOINCREMENT, time_utc TEXT NOT NULL,
  author TEXT NOT NULL, comment TEXT NOT NULL);
)sql";

/// One step of the file-format history. Applied in order inside the caller's transaction.
struct Migration
{
    int from;
    const char *what;
    std::function<void(const Database &)> apply;
};

const std::vector<Migration> &migrations()
{
    static const std::vector<Migration> steps = {
        // Schema 1 kept no author with revisions and stored racks without rotation.
        {1, "add revision authors and rack rotation",
         [](const Database &db) {
             db.exec("ALTER TABLE revision ADD COLUMN author TEXT NOT NULL DEFAULT 'unknown';"
                     "ALTER TABLE rack ADD COLUMN rotation_deg REAL NOT NULL DEFAULT 0;"
                     "UPDATE meta SET value='2' WHERE key='schema_version';",
                     "migration 1 to 2");
         }},
        // Schema 2 held one design; schema 3 names each design (a scenario) and orders them.
        // Schema 2 also stored the old cloud-price default, the H100 price $2.49, for every
        // design: exactly that value becomes 0 again (= the catalog price of the design's GPU).
        {2, "name scenarios; cloud price from the catalog",
         [](const Database &db) {
             db.exec("ALTER TABLE design ADD COLUMN scenario TEXT NOT NULL DEFAULT 'main';"
                     "ALTER TABLE design ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;"
                     "UPDATE design SET seq = id, scenario = CASE WHEN id = (SELECT MIN(id) FROM design)"
                     "  THEN 'main' ELSE 'design-' || id END;"
                     "CREATE UNIQUE INDEX design_scenario ON design(scenario);"
                     "UPDATE design SET settings = json_set(settings, '$.finance.cloud_usd_per_gpu_hour', 0)"
                     "  WHERE json_valid(settings)"
                     "  AND json_extract(settings, '$.finance.cloud_usd_per_gpu_hour') = 2.49;"
                     "UPDATE meta SET value='3' WHERE key='schema_version';",
                     "migration 2 to 3");
         }},
        // Schema 3 stored a recomputation with every design that the evaluation never applied (the
        // search chose it); schema 4 applies it, and "auto" keeps the search's choice: old designs
        // become "auto" and show the figures they showed (design JSON version 1 does the same).
        {3, "recomputation the search chooses",
         [](const Database &db) {
             db.exec("UPDATE design SET settings = json_set(settings, '$.workload.recompute', 'auto')"
                     "  WHERE json_valid(settings) AND json_type(settings, '$.workload') = 'object';"
                     "UPDATE meta SET value='4' WHERE key='schema_version';",
                     "migration 3 to 4");
         }},
    };
    return steps;
}

void migrate(const Database &db, int version)
{
    for (const Migration &m : migrations())
        if (m.from >= version && m.from < ProjectFile::kSchemaVersion)
            m.apply(db);
}

void refuseNewer(const Database &db, int version)
{
    if (version > ProjectFile::kSchemaVersion)
        throw LoadError(db.path(), "meta.schema_version",
                        "the file uses schema version " + std::to_string(version)
                            + ", newer than this program's " + std::to_string(ProjectFile::kSchemaVersion)
                            + "; open it with a newer Cluster Planner");
}

std::string nowUtc()
{
    const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

json parseStored(const std::string &text, const std::string &file, const std::string &place)
{
    // The same reader as every JSON file (nesting limit, duplicate keys), its message kept and
    // the column of the project named.
    try {
        return parseJsonText(text, file);
    } catch (const LoadError &e) {
        const std::string at = e.place().empty() ? std::string() : " (" + e.place() + ")";
        throw LoadError(file, place, "stored JSON" + at + ": " + e.problem());
    }
}

Design readDesign(const Database &db, long long designId, const std::string &name, const std::string &settingsText)
{
    json settings = parseStored(settingsText, db.path(), "design.settings");
    if (!settings.is_object())
        throw LoadError(db.path(), "design.settings", "expected a JSON object");
    settings["name"] = name;

    json racks = json::array();
    Statement rs(db, "SELECT seq, id, catalog_id, x_m, y_m, rotation_deg, row_name, contents FROM rack "
                     "WHERE design_id=?1 ORDER BY seq", "rack");
    rs.bind(1, designId);
    while (rs.step()) {
        const std::string place = "table rack, seq " + std::to_string(rs.integer(0, "rack.seq"));
        racks.push_back({{"id", rs.text(1, place + ", id")},
                         {"catalog_id", rs.text(2, place + ", catalog_id")},
                         {"x_m", rs.real(3, place + ", x_m")},
                         {"y_m", rs.real(4, place + ", y_m")},
                         {"rotation_deg", rs.real(5, place + ", rotation_deg")},
                         {"row", rs.text(6, place + ", row_name")},
                         {"contents", parseStored(rs.text(7, place + ", contents"), db.path(), place + ", contents")}});
    }
    json power = json::array(), cooling = json::array();
    Statement us(db, "SELECT seq, type, id, catalog_id, x_m, y_m, grp, redundancy, serves FROM facility_unit "
                     "WHERE design_id=?1 ORDER BY seq", "facility_unit");
    us.bind(1, designId);
    while (us.step()) {
        const std::string place = "table facility_unit, seq " + std::to_string(us.integer(0, "facility_unit.seq"));
        const std::string type = us.text(1, place + ", type");
        json unit = {{"id", us.text(2, place + ", id")},
                     {"catalog_id", us.text(3, place + ", catalog_id")},
                     {"x_m", us.real(4, place + ", x_m")},
                     {"y_m", us.real(5, place + ", y_m")},
                     {"group", us.text(6, place + ", grp")},
                     {"redundancy", us.text(7, place + ", redundancy")},
                     {"serves", parseStored(us.text(8, place + ", serves"), db.path(), place + ", serves")}};
        if (type == "power")
            power.push_back(std::move(unit));
        else if (type == "cooling")
            cooling.push_back(std::move(unit));
        else
            throw LoadError(db.path(), place + ", type", "unknown unit type \"" + type + "\"");
    }
    settings["racks"] = std::move(racks);
    settings["power_units"] = std::move(power);
    settings["cooling_units"] = std::move(cooling);
    return designFromJson(
        json{{"format", "cluster-planner-design"}, {"version", kDesignJsonVersion}, {"design", settings}},
        db.path());
}

std::string joinNames(const std::vector<Scenario> &scenarios)
{
    std::string out;
    for (const Scenario &s : scenarios)
        out += (out.empty() ? "" : ", ") + s.name;
    return out;
}

/// Reads every scenario; `wanted` (empty = the first) becomes the project's design.
Project readProject(const Database &db, const std::string &wanted)
{
    Project project;

    Statement cat(db, "SELECT id, json FROM catalog_entry ORDER BY id", "catalog_entry");
    json entries = json::array();
    while (cat.step()) {
        const std::string id = cat.text(0, "catalog_entry.id");
        entries.push_back(parseStored(cat.text(1, "catalog_entry \"" + id + "\""), db.path(),
                                      "catalog_entry \"" + id + "\""));
    }
    project.catalog = Catalog::fromJson(
        json{{"format", "cluster-planner-catalog"}, {"version", 1}, {"entries", entries}},
        db.path() + " (table catalog_entry)");

    Statement des(db, "SELECT id, name, settings, scenario FROM design ORDER BY seq, id", "design");
    while (des.step()) {
        const long long designId = des.integer(0, "design.id");
        const std::string place = "table design, id " + std::to_string(designId);
        Scenario sc;
        sc.name = des.text(3, place + ", scenario");
        sc.design = readDesign(db, designId, des.text(1, place + ", name"), des.text(2, place + ", settings"));
        project.scenarios.push_back(std::move(sc));
    }
    if (project.scenarios.empty())
        throw LoadError(db.path(), "table design", "the project holds no design");
    const Scenario *chosen = &project.scenarios.front();
    if (!wanted.empty()) {
        chosen = nullptr;
        for (const Scenario &sc : project.scenarios)
            if (sc.name == wanted)
                chosen = &sc;
        if (!chosen)
            throw LoadError(db.path(), "scenario \"" + wanted + "\"",
                            "no such scenario (the project has: " + joinNames(project.scenarios) + ")");
    }
    project.design = chosen->design;
    project.scenario = chosen->name;

    Statement rev(db, "SELECT id, time_utc, author, comment FROM revision ORDER BY id", "revision");
    while (rev.step()) {
        Revision r;
        r.id = rev.integer(0, "revision.id");
        const std::string place = "table revision, id " + std::to_string(r.id);
        r.timeUtc = rev.text(1, place + ", time_utc");
        r.author = rev.text(2, place + ", author");
        r.comment = rev.text(3, place + ", comment");
        project.revisions.push_back(std::move(r));
    }
    return project;
}

/// Triggers and views are not part of a project: a trigger would run inside the tool's own save
/// (and survive it), so a file holding one is refused, on open and before any write.
void refuseForeignObjects(const Database &db)
{
    sqlite3_stmt *raw = nullptr;
    if (sqlite3_prepare_v2(db.handle(), "SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'view')", -1,
                           &raw, nullptr) != SQLITE_OK)
        db.fail("sqlite_master", sqlite3_errcode(db.handle()));
    std::unique_ptr<sqlite3_stmt, decltype(&sqlite3_finalize)> st(raw, sqlite3_finalize);
    if (sqlite3_step(st.get()) == SQLITE_ROW) {
        const std::string type = reinterpret_cast<const char *>(sqlite3_column_text(st.get(), 0));
        const char *name = reinterpret_cast<const char *>(sqlite3_column_text(st.get(), 1));
        throw LoadError(db.path(), "sqlite_master " + type + " \"" + (name ? name : "") + "\"",
                        "a " + type + " is not part of a Cluster Planner project (it would run inside a save); "
                        "refusing the file: remove it with the sqlite3 tool if you trust the file");
    }
}

void quickCheck(const Database &db)
{
    Statement check(db, "PRAGMA quick_check", "integrity check");
    if (check.step()) {
        const std::string result = check.text(0, "integrity check");
        if (result != "ok")
            throw LoadError(db.path(), "integrity check", "the file is damaged or truncated (" + result + ")");
    }
}

} // namespace

std::string ProjectFile::scenarioNameProblem(const std::string &name)
{
    if (name.empty())
        return "a scenario needs a name";
    if (name.size() > 64)
        return "a scenario name has at most 64 characters";
    const auto plain = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) != 0; };
    if (!plain(name.front()))
        return "a scenario name starts with a letter or digit";
    for (char ch : name)
        if (!plain(ch) && ch != '.' && ch != '_' && ch != '-')
            return std::string("a scenario name holds only letters, digits, '.', '_' and '-' (found '") + ch + "')";
    return {};
}

Project ProjectFile::load(const std::string &path)
{
    return load(path, std::string());
}

Project ProjectFile::load(const std::string &path, const std::string &scenario)
{
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        throw LoadError(path, "", "no such file");
    if (std::filesystem::is_directory(path, ec))
        throw LoadError(path, "", "is a folder, not a project file");
    if (std::filesystem::file_size(path, ec) == 0)
        throw LoadError(path, "", "the file is empty");

    // A save killed mid-way leaves a hot journal beside the file, which a read-only connection
    // cannot roll back: roll it back first (restoring the last committed save).
    if (std::filesystem::exists(path + "-journal", ec)) {
        try {
            Database recover(path, SQLITE_OPEN_READWRITE);
            recover.exec("SELECT count(*) FROM sqlite_master", "journal");
        } catch (const LoadError &) {
            throw LoadError(path, path + "-journal", "a save was interrupted; rolling it back needs write access to "
                                                     "the file and its folder");
        }
    }
    Database file(path, SQLITE_OPEN_READONLY);
    quickCheck(file);
    refuseForeignObjects(file);
    const int version = schemaVersion(file);
    if (version == 0)
        throw LoadError(path, "table meta", "not a Cluster Planner project (no meta table)");
    refuseNewer(file, version);
    if (version == kSchemaVersion)
        return readProject(file, scenario);

    // An older file: migrate a copy in memory, leaving the file on disk untouched until saved.
    Database memory(":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    sqlite3_backup *backup = sqlite3_backup_init(memory.handle(), "main", file.handle(), "main");
    if (!backup)
        memory.fail("copy for migration", sqlite3_errcode(memory.handle()));
    sqlite3_backup_step(backup, -1);
    const int rc = sqlite3_backup_finish(backup);
    if (rc != SQLITE_OK)
        memory.fail("copy for migration", rc);
    memory.exec("BEGIN");
    migrate(memory, version);
    memory.exec("COMMIT");
    try {
        return readProject(memory, scenario);
    } catch (const LoadError &e) {
        // Name the file, not the in-memory copy.
        throw LoadError(path, e.place(), e.problem());
    }
}

bool ProjectFile::looksLikeProject(const std::string &path)
{
    std::FILE *f = std::fopen(path.c_str(), "rb");
    if (!f)
        return false;
    char header[16] = {};
    const size_t n = std::fread(header, 1, sizeof header, f);
    std::fclose(f);
    return n == sizeof header && std::memcmp(header, "SQLite format 3", 16) == 0;
}

std::vector<std::string> ProjectFile::scenarioNames(const std::string &path)
{
    std::vector<std::string> names;
    for (const Scenario &s : load(path).scenarios)
        names.push_back(s.name);
    return names;
}

namespace {

/// The schema version of an existing file: -1 when it is not a project (foreign or damaged),
/// 0 when it does not exist or is empty.
int existingVersion(const std::string &path)
{
    std::error_code ec;
    if (!std::filesystem::exists(path, ec) || std::filesystem::file_size(path, ec) == 0)
        return 0;
    // Read-write, so that a journal left by a save killed mid-way is rolled back first.
    Database probe(path, SQLITE_OPEN_READWRITE);
    try {
        const int version = schemaVersion(probe);
        return version > 0 ? version : -1;
    } catch (const LoadError &) {
        // A project locked by another program or unreadable just now is not foreign: never
        // replace it (the caller would delete it). Only other files count as foreign.
        const int rc = sqlite3_errcode(probe.handle()) & 0xff;
        if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED || rc == SQLITE_READONLY || rc == SQLITE_IOERR
            || rc == SQLITE_CANTOPEN || rc == SQLITE_PERM || rc == SQLITE_NOMEM)
            throw;
        return -1;
    }
}

/// A rack's contents as stored in rack.contents: the JSON array designToJson() writes for them.
std::string contentsText(const Rack &rack)
{
    json contents = json::array();
    for (const Mount &m : rack.contents) {
        json mj = {{"catalog_id", m.catalogId}, {"u", m.u}, {"count", m.count}};
        if (m.role != SwitchRole::None)
            mj["role"] = switchRoleName(m.role);
        contents.push_back(std::move(mj));
    }
    return contents.dump();
}

/// Writes the whole project in one transaction: every scenario in order, the catalog entries
/// they use (looked up in `catalog`), and one more revision.
void writeProject(const std::string &path, const std::vector<Scenario> &scenarios, const Catalog &catalog,
                  const std::string &author, const std::string &comment)
{
    std::error_code ec;
    const int existing = existingVersion(path);
    // Overwrite a foreign file (the user confirmed Save As) but never a newer project.
    if (existing > ProjectFile::kSchemaVersion)
        throw LoadError(path, "meta.schema_version",
                        "the file was written by a newer Cluster Planner (schema "
                            + std::to_string(existing) + "); refusing to overwrite it");
    if (existing < 0 && !std::filesystem::remove(path, ec))
        throw LoadError(path, "", "cannot replace the file");

    Database db(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    db.exec("PRAGMA journal_mode=DELETE; PRAGMA synchronous=FULL;", "settings");
    // One transaction: a crash at any point leaves the previous save intact (SQLite's journal).
    db.exec("BEGIN IMMEDIATE", "begin");
    try {
        refuseForeignObjects(db);
        const int version = schemaVersion(db);
        refuseNewer(db, version);
        if (version > 0 && version < ProjectFile::kSchemaVersion)
            migrate(db, version);
        db.exec(kSchema, "schema");
        db.exec("INSERT OR REPLACE INTO meta(key, value) VALUES ('format', '" + std::string(kFormat)
                    + "'), ('schema_version', '" + std::to_string(ProjectFile::kSchemaVersion)
                    + "'), ('app_version', '0.1.0');"
                      "DELETE FROM rack; DELETE FROM facility_unit; DELETE FROM design;"
                      "DELETE FROM catalog_entry;",
                "clear");

        Statement ds(db, "INSERT INTO design(id, name, settings, scenario, seq) VALUES (?1, ?2, ?3, ?4, ?5)", "design");
        Statement rs(db, "INSERT INTO rack(design_id, seq, id, catalog_id, x_m, y_m, rotation_deg, "
                         "row_name, contents) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)", "rack");
        Statement us(db, "INSERT INTO facility_unit(design_id, seq, type, id, catalog_id, x_m, y_m, grp, "
                         "redundancy, serves) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)", "facility_unit");
        std::map<std::string, json> entries;
        for (size_t k = 0; k < scenarios.size(); ++k) {
            const Design &design = scenarios[k].design;
            const long long designId = (long long)k + 1;
            // The settings as JSON without converting the racks and units too (a million-GPU
            // design has ~23k racks and ~40k units, written below row by row).
            json settings = designToJson(designSettings(design))["design"];
            settings.erase("racks");
            settings.erase("power_units");
            settings.erase("cooling_units");
            settings.erase("name");
            ds.bind(1, designId);
            ds.bind(2, design.name);
            ds.bind(3, settings.dump());
            ds.bind(4, scenarios[k].name);
            ds.bind(5, (long long)k);
            ds.run();
            for (size_t i = 0; i < design.racks.size(); ++i) {
                const Rack &r = design.racks[i];
                rs.bind(1, designId);
                rs.bind(2, (long long)i);
                rs.bind(3, r.id);
                rs.bind(4, r.catalogId);
                rs.bind(5, r.xM);
                rs.bind(6, r.yM);
                rs.bind(7, r.rotationDeg);
                rs.bind(8, r.row);
                rs.bind(9, contentsText(r));
                rs.run();
            }
            long long seq = 0;
            for (const auto *list : {&design.powerUnits, &design.coolingUnits}) {
                const std::string type = list == &design.powerUnits ? "power" : "cooling";
                for (const FacilityUnit &u : *list) {
                    us.bind(1, designId);
                    us.bind(2, seq++);
                    us.bind(3, type);
                    us.bind(4, u.id);
                    us.bind(5, u.catalogId);
                    us.bind(6, u.xM);
                    us.bind(7, u.yM);
                    us.bind(8, u.group);
                    us.bind(9, std::string(redundancyName(u.redundancy)));
                    us.bind(10, json(u.serves).dump());
                    us.run();
                }
            }
            // A named copy: a range-for over a temporary's member would read freed memory.
            const json used = usedCatalogEntries(design, catalog).toJson()["entries"];
            for (const auto &e : used)
                entries[e["id"].get<std::string>()] = e;
        }
        {
            Statement s(db, "INSERT INTO catalog_entry(id, json) VALUES (?1, ?2)", "catalog_entry");
            for (const auto &[id, e] : entries) {
                s.bind(1, id);
                s.bind(2, e.dump());
                s.run();
            }
        }
        {
            Statement s(db, "INSERT INTO revision(time_utc, author, comment) VALUES (?1, ?2, ?3)", "revision");
            s.bind(1, nowUtc());
            s.bind(2, author.empty() ? std::string("unknown") : author);
            s.bind(3, comment);
            s.run();
        }
        db.exec("COMMIT", "commit");
    } catch (...) {
        sqlite3_exec(db.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
        if (existing <= 0) { // the file held no project: leave no empty one behind (a full disk)
            std::filesystem::remove(path, ec);
            std::filesystem::remove(path + "-journal", ec);
        }
        throw;
    }
}

/// The project already in `path` (none when the file does not exist or is not a project).
/// `required`: a file that is a project but cannot be read is an error (else it is replaced).
std::optional<Project> existingProject(const std::string &path, bool required)
{
    const int version = existingVersion(path);
    if (version <= 0 || version > ProjectFile::kSchemaVersion)
        return std::nullopt; // writeProject refuses a newer file and replaces a foreign one
    try {
        return ProjectFile::load(path);
    } catch (const LoadError &) {
        if (required)
            throw;
        return std::nullopt;
    }
}

/// `catalog` with the entries `design` uses replaced by those of `fresh` (the newer figures win).
Catalog combinedCatalog(const Catalog &stored, const Design &design, const Catalog &fresh)
{
    Catalog combined = stored;
    const Catalog used = usedCatalogEntries(design, fresh);
    for (const CatalogEntry &e : used.entries())
        combined.put(e);
    return combined;
}

} // namespace

// Every write starts from outputTarget(): a device, FIFO or folder at the path is refused before
// anything reads or replaces it, and a symbolic link is followed to the project it names.
void ProjectFile::save(const std::string &path, const Design &design, const Catalog &catalog,
                       const std::string &author, const std::string &comment)
{
    const std::string file = outputTarget(path);
    const FolderLock lock(file);
    std::vector<Scenario> scenarios{{kDefaultScenario, design}};
    Catalog combined = catalog;
    if (std::optional<Project> old = existingProject(file, false)) {
        scenarios = old->scenarios;
        scenarios.front().design = design;
        combined = combinedCatalog(old->catalog, design, catalog);
    }
    writeProject(file, scenarios, combined, author, comment);
}

void ProjectFile::saveScenario(const std::string &path, const std::string &name, const Design &design,
                               const Catalog &catalog, const std::string &author, const std::string &comment)
{
    if (const std::string why = scenarioNameProblem(name); !why.empty())
        throw std::invalid_argument("\"" + name + "\": " + why);
    const std::string file = outputTarget(path);
    const FolderLock lock(file);
    std::vector<Scenario> scenarios;
    Catalog combined = catalog;
    if (std::optional<Project> old = existingProject(file, true)) {
        scenarios = old->scenarios;
        combined = combinedCatalog(old->catalog, design, catalog);
    }
    bool replaced = false;
    for (Scenario &s : scenarios)
        if (s.name == name) {
            s.design = design;
            replaced = true;
        }
    if (!replaced)
        scenarios.push_back({name, design});
    writeProject(file, scenarios, combined, author, comment);
}

void ProjectFile::saveProject(const std::string &path, const std::vector<Scenario> &scenarios,
                              const Catalog &catalog, const std::string &author, const std::string &comment)
{
    if (scenarios.empty())
        throw std::invalid_argument("a project holds at least one scenario");
    std::set<std::string> seen;
    for (const Scenario &s : scenarios) {
        if (const std::string why = scenarioNameProblem(s.name); !why.empty())
            throw std::invalid_argument("\"" + s.name + "\": " + why);
        if (!seen.insert(s.name).second)
            throw std::invalid_argument("\"" + s.name + "\": two scenarios cannot share a name");
    }
    const std::string file = outputTarget(path);
    const FolderLock lock(file);
    Catalog combined = catalog;
    if (std::optional<Project> old = existingProject(file, false)) {
        combined = old->catalog;
        for (const Scenario &s : scenarios)
            combined = combinedCatalog(combined, s.design, catalog);
    }
    writeProject(file, scenarios, combined, author, comment);
}

void ProjectFile::removeScenario(const std::string &path, const std::string &name, const std::string &author,
                                 const std::string &comment)
{
    const std::string file = outputTarget(path);
    const FolderLock lock(file);
    const Project old = load(file);
    std::vector<Scenario> scenarios;
    for (const Scenario &s : old.scenarios)
        if (s.name != name)
            scenarios.push_back(s);
    if (scenarios.size() == old.scenarios.size())
        throw LoadError(path, "scenario \"" + name + "\"",
                        "no such scenario (the project has: " + joinNames(old.scenarios) + ")");
    if (scenarios.empty())
        throw LoadError(path, "scenario \"" + name + "\"",
                        "it is the project's only scenario; a project holds at least one design");
    writeProject(file, scenarios, old.catalog, author, comment);
}

} // namespace cp
