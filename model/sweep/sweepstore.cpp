#include "model/sweep/sweepstore.h"

#include "model/core/jsontext.h"
#include "model/io/outputfile.h"
#include "model/io/sqlitedb.h"
#include "model/sweep/sweepfigures.h"

#include <cstdio>
#include <filesystem>

namespace cp {

using json = nlohmann::json;
using sqlite::Database;
using sqlite::Statement;

namespace {

constexpr const char *kFormat = "cluster-planner-sweep-results";
constexpr const char *kWhat = "a sweep results file";

/// The columns of the recorded figures, for SQL users (the `figures` JSON holds the same).
std::vector<std::string> figureColumns()
{
    std::vector<std::string> out;
    for (const SweepFigure &f : sweepFigures()) {
        out.push_back(f.name);
        if (f.banded) {
            out.push_back(std::string(f.name) + "_p10");
            out.push_back(std::string(f.name) + "_p90");
        }
    }
    return out;
}

std::string schema()
{
    std::string columns;
    for (const std::string &c : figureColumns())
        columns += ", " + c + " REAL";
    return "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);\n"
           "CREATE TABLE variants(idx INTEGER PRIMARY KEY, parameters TEXT NOT NULL,"
           " status TEXT NOT NULL CHECK(status IN ('ok','error')), error TEXT NOT NULL,"
           " feasible INTEGER NOT NULL, violations TEXT NOT NULL, figures TEXT NOT NULL" +
           columns + ");\n";
}

std::string metaValue(const Database &db, const std::string &key)
{
    Statement s(db, "SELECT value FROM meta WHERE key=?1", "meta");
    s.bind(1, key);
    return s.step() ? s.text(0, "meta." + key) : std::string();
}

std::string doubleText(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

} // namespace

struct SweepStore::State
{
    std::unique_ptr<Database> db;
    std::string digest;
    size_t variants = 0;
    std::string specText;
};

SweepStore::SweepStore(std::unique_ptr<State> state) : mState(std::move(state)) {}
SweepStore::SweepStore(SweepStore &&) noexcept = default;
SweepStore &SweepStore::operator=(SweepStore &&) noexcept = default;
SweepStore::~SweepStore() = default;

SweepStore SweepStore::create(const std::string &path, const SweepSpec &spec, bool replace)
{
    std::error_code ec;
    if (std::filesystem::exists(path, ec)) {
        if (!std::filesystem::is_regular_file(path, ec))
            throw LoadError(path, "", "is not a regular file (a folder or a device): a results file needs a file name");
        if (!replace)
            throw LoadError(path, "", "already exists; resume it with --resume, or replace it with --replace");
        // Replace only a results file, never another program's file.
        (void)open(path);
        if (!std::filesystem::remove(path, ec))
            throw LoadError(path, "", "cannot be replaced: " + ec.message());
    }
    auto state = std::make_unique<State>();
    state->db = std::make_unique<Database>(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, kWhat);
    Database &db = *state->db;
    state->specText = spec.toJson().dump();
    state->digest = sweepSpecDigest(spec);
    state->variants = spec.variants;
    db.exec("BEGIN IMMEDIATE", "create");
    db.exec(schema(), "create");
    Statement put(db, "INSERT INTO meta(key, value) VALUES (?1, ?2)", "meta");
    for (const auto &[k, v] : std::vector<std::pair<std::string, std::string>>{
             {"format", kFormat},
             {"schema_version", std::to_string(kSweepStoreVersion)},
             {"spec", state->specText},
             {"spec_digest", state->digest},
             {"variants", std::to_string(spec.variants)}}) {
        put.bind(1, k);
        put.bind(2, v);
        put.run();
    }
    db.exec("COMMIT", "create");
    return SweepStore(std::move(state));
}

SweepStore SweepStore::open(const std::string &path)
{
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        throw LoadError(path, "", std::filesystem::exists(path, ec) ? "is not a regular file" : "does not exist");
    auto state = std::make_unique<State>();
    state->db = std::make_unique<Database>(path, SQLITE_OPEN_READWRITE, kWhat);
    const Database &db = *state->db;
    {
        Statement t(db, "SELECT 1 FROM sqlite_master WHERE type='table' AND name='meta'", "sqlite_master");
        if (!t.step())
            throw LoadError(path, "meta", "not a sweep results file (no meta table)");
    }
    if (metaValue(db, "format") != kFormat)
        throw LoadError(path, "meta.format", "not a sweep results file");
    if (metaValue(db, "schema_version") != std::to_string(kSweepStoreVersion))
        throw LoadError(path, "meta.schema_version",
                        "results file version \"" + metaValue(db, "schema_version") + "\"; this program reads " +
                            std::to_string(kSweepStoreVersion));
    state->specText = metaValue(db, "spec");
    state->digest = metaValue(db, "spec_digest");
    try {
        state->variants = std::stoull(metaValue(db, "variants"));
    } catch (const std::exception &) {
        throw LoadError(path, "meta.variants", "not a whole number");
    }
    SweepStore store(std::move(state));
    // The spec must read back as the one it was stored from.
    const SweepSpec spec = store.spec();
    if (sweepSpecDigest(spec) != store.mState->digest || spec.variants != store.mState->variants)
        throw LoadError(path, "meta.spec", "the stored spec does not match its digest: the file was altered");
    return store;
}

const std::string &SweepStore::path() const { return mState->db->path(); }
std::string SweepStore::specDigest() const { return mState->digest; }
size_t SweepStore::variantCount() const { return mState->variants; }

SweepSpec SweepStore::spec() const
{
    const json j = parseJsonText(mState->specText, path() + " (meta.spec)");
    return sweepSpecFromJson(j, path() + " (meta.spec)");
}

std::string SweepStore::meta(const std::string &key) const { return metaValue(*mState->db, key); }

void SweepStore::setMeta(const std::string &key, const std::string &value)
{
    Statement s(*mState->db, "INSERT INTO meta(key, value) VALUES (?1, ?2) ON CONFLICT(key) DO UPDATE SET value=?2",
                "meta");
    s.bind(1, key);
    s.bind(2, value);
    s.run();
}

std::set<size_t> SweepStore::writtenIndexes() const
{
    std::set<size_t> out;
    Statement s(*mState->db, "SELECT idx FROM variants", "variants");
    while (s.step())
        out.insert(size_t(s.integer(0, "variants.idx")));
    return out;
}

size_t SweepStore::rowCount() const
{
    Statement s(*mState->db, "SELECT count(*) FROM variants", "variants");
    s.step();
    return size_t(s.integer(0, "variants"));
}

namespace {

VariantRow readRow(const Statement &s, const std::string &file)
{
    VariantRow r;
    r.index = size_t(s.integer(0, "variants.idx"));
    const std::string place = "variants[" + std::to_string(r.index) + "]";
    r.parameters = parseJsonText(s.text(1, place + ".parameters"), file);
    r.ok = s.text(2, place + ".status") == "ok";
    r.error = s.text(3, place + ".error");
    r.feasible = s.integer(4, place + ".feasible") != 0;
    r.violations = s.text(5, place + ".violations");
    const json figures = parseJsonText(s.text(6, place + ".figures"), file);
    if (!figures.is_object())
        throw LoadError(file, place + ".figures", "must be a JSON object");
    for (const auto &[k, v] : figures.items()) {
        if (!v.is_number())
            throw LoadError(file, place + ".figures." + k, "must be a number");
        r.figures[k] = v.get<double>();
    }
    return r;
}

constexpr const char *kRowColumns = "idx, parameters, status, error, feasible, violations, figures";

} // namespace

void SweepStore::write(const std::vector<VariantRow> &rows)
{
    if (rows.empty())
        return;
    Database &db = *mState->db;
    const std::vector<std::string> columns = figureColumns();
    std::string sql = std::string("INSERT OR IGNORE INTO variants(") + kRowColumns;
    for (const std::string &c : columns)
        sql += ", " + c;
    sql += ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7";
    for (size_t i = 0; i < columns.size(); ++i)
        sql += ", ?" + std::to_string(8 + i);
    sql += ")";
    db.exec("BEGIN IMMEDIATE", "variants");
    try {
        Statement insert(db, sql, "variants");
        for (const VariantRow &r : rows) {
            if (r.index >= mState->variants)
                throw LoadError(path(), "variants", "variant " + std::to_string(r.index) + " is beyond the sweep's " +
                                                        std::to_string(mState->variants));
            json figures = json::object();
            for (const auto &[k, v] : r.figures)
                figures[k] = v;
            insert.bind(1, static_cast<long long>(r.index));
            insert.bind(2, r.parameters.dump());
            insert.bind(3, std::string(r.ok ? "ok" : "error"));
            insert.bind(4, r.error);
            insert.bind(5, static_cast<long long>(r.feasible ? 1 : 0));
            insert.bind(6, r.violations);
            insert.bind(7, figures.dump());
            for (size_t i = 0; i < columns.size(); ++i) {
                const auto it = r.figures.find(columns[i]);
                if (it == r.figures.end())
                    insert.bindNull(int(8 + i));
                else
                    insert.bind(int(8 + i), it->second);
            }
            insert.run();
            if (sqlite3_changes(db.handle()) == 1)
                continue;
            Statement old(db, std::string("SELECT ") + kRowColumns + " FROM variants WHERE idx=?1", "variants");
            old.bind(1, static_cast<long long>(r.index));
            old.step();
            if (!(readRow(old, path()) == r))
                throw LoadError(path(), "variants[" + std::to_string(r.index) + "]",
                                "already holds different figures for this variant: the two runs disagree");
        }
        db.exec("COMMIT", "variants");
    } catch (...) {
        sqlite3_exec(db.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
        throw;
    }
}

std::vector<VariantRow> SweepStore::rows() const
{
    std::vector<VariantRow> out;
    Statement s(*mState->db, std::string("SELECT ") + kRowColumns + " FROM variants ORDER BY idx", "variants");
    while (s.step())
        out.push_back(readRow(s, path()));
    return out;
}

std::string sweepRowsCsv(const SweepSpec &spec, const std::vector<VariantRow> &rows)
{
    const auto cell = [](const std::string &text) {
        if (text.find_first_of(",\"\n\r") == std::string::npos)
            return text;
        std::string q = "\"";
        for (const char c : text)
            q += c == '"' ? std::string("\"\"") : std::string(1, c);
        return q + "\"";
    };
    std::vector<std::string> figures = figureColumns();
    for (const SweepConstraint &c : spec.constraints)
        if (!findSweepFigure(c.figure))
            figures.push_back(c.figure);
    for (const SweepObjective &o : spec.objectives)
        if (!findSweepFigure(o.figure))
            figures.push_back(o.figure);
    std::string out = "variant,status,feasible";
    for (const SweepAxis &a : spec.axes)
        out += "," + cell(a.name);
    for (const std::string &f : figures)
        out += "," + cell(f);
    out += ",violations,error\n";
    for (const VariantRow &r : rows) {
        out += std::to_string(r.index) + "," + (r.ok ? "ok" : "error") + "," + (r.feasible ? "1" : "0");
        for (const SweepAxis &a : spec.axes) {
            const json v = r.parameters.contains(a.name) ? r.parameters[a.name] : json();
            out += "," + cell(v.is_string() ? v.get<std::string>() : v.is_null() ? std::string() : v.dump());
        }
        for (const std::string &f : figures) {
            const auto it = r.figures.find(f);
            out += "," + (it == r.figures.end() ? std::string() : doubleText(it->second));
        }
        out += "," + cell(r.violations) + "," + cell(r.error) + "\n";
    }
    return out;
}

} // namespace cp
