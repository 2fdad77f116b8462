// Fuzz target: a valid .cplan project whose rows are changed — a hand-edited or crafted file
// that SQLite itself opens fine. A small template project is saved once; each input is a list of
// edits (set a column of some row to an integer, a real — NaN and infinities included —, text,
// a blob or NULL; delete a row; duplicate a row) applied with SQL, then the project is loaded and
// validated. The edits name tables and columns by index into the file's own
// schema, so the target follows schema changes without edits. Evaluation is left to
// fuzz_designjson (it would divide the rate here by five): this target is about the loader.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "fuzzsupport.h"
#include "model/io/projectfile.h"
#include "model/generate/templates.h"

#include <fuzzer/FuzzedDataProvider.h>
#include <sqlite3.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <vector>

namespace {

struct Table
{
    std::string name;
    std::vector<std::string> columns;
};

struct Base
{
    std::string bytes;
    std::vector<Table> tables;
};

std::string quoted(const std::string &identifier)
{
    std::string q = "\"";
    for (char c : identifier)
        q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

const Base &base()
{
    static const Base b = [] {
        Base out;
        const std::string path = cpfuzz::scratchPath(".base.cplan");
        std::remove(path.c_str());
        const cp::Catalog &catalog = cp::Catalog::builtin();
        cp::TemplateOptions options;
        options.kind = "classic";
        options.gpus = 64;
        cp::ProjectFile::save(path, cp::generateTemplate(options, catalog), catalog, "fuzz", "base");
        std::ifstream in(path, std::ios::binary);
        out.bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        sqlite3 *db = nullptr;
        sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
        sqlite3_stmt *st = nullptr;
        sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
                           -1, &st, nullptr);
        while (sqlite3_step(st) == SQLITE_ROW)
            out.tables.push_back({reinterpret_cast<const char *>(sqlite3_column_text(st, 0)), {}});
        sqlite3_finalize(st);
        for (Table &t : out.tables) {
            sqlite3_prepare_v2(db, ("PRAGMA table_info(" + quoted(t.name) + ")").c_str(), -1, &st, nullptr);
            while (sqlite3_step(st) == SQLITE_ROW)
                t.columns.push_back(reinterpret_cast<const char *>(sqlite3_column_text(st, 1)));
            sqlite3_finalize(st);
        }
        sqlite3_close(db);
        std::remove(path.c_str());
        return out;
    }();
    return b;
}

/// Applies the edits the input describes; the edits that SQLite refuses (constraints) are skipped.
void mutate(sqlite3 *db, FuzzedDataProvider &in)
{
    const Base &b = base();
    for (int n = 0; n < 16 && in.remaining_bytes() > 0; ++n) {
        const Table &t = b.tables[in.ConsumeIntegralInRange<size_t>(0, b.tables.size() - 1)];
        const int op = in.ConsumeIntegralInRange<int>(0, 9);
        const int offset = in.ConsumeIntegralInRange<int>(0, 63);
        const std::string row = "rowid = (SELECT rowid FROM " + quoted(t.name) + " ORDER BY rowid LIMIT 1 OFFSET "
                                + std::to_string(offset) + ")";
        if (op == 8) {
            sqlite3_exec(db, ("DELETE FROM " + quoted(t.name) + " WHERE " + row).c_str(), nullptr, nullptr, nullptr);
            continue;
        }
        if (op == 9) {
            sqlite3_exec(db, ("INSERT INTO " + quoted(t.name) + " SELECT * FROM " + quoted(t.name) + " WHERE " + row).c_str(),
                         nullptr, nullptr, nullptr);
            continue;
        }
        if (t.columns.empty())
            continue;
        const std::string &column = t.columns[in.ConsumeIntegralInRange<size_t>(0, t.columns.size() - 1)];
        sqlite3_stmt *st = nullptr;
        const std::string sql = "UPDATE " + quoted(t.name) + " SET " + quoted(column) + " = ?1 WHERE " + row;
        if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) != SQLITE_OK) {
            sqlite3_finalize(st);
            continue;
        }
        switch (op) {
        case 0:
        case 1:
            sqlite3_bind_int64(st, 1, in.ConsumeIntegral<sqlite3_int64>());
            break;
        case 2:
            sqlite3_bind_double(st, 1, in.ConsumeFloatingPoint<double>());
            break;
        case 3:
            sqlite3_bind_double(st, 1, in.PickValueInArray({0.0, -1.0, 1e300, -1e300, 1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0}));
            break;
        case 4:
        case 5: {
            const std::string text = in.ConsumeRandomLengthString(4096);
            sqlite3_bind_text(st, 1, text.data(), int(text.size()), SQLITE_TRANSIENT);
            break;
        }
        case 6: {
            const std::string blob = in.ConsumeRandomLengthString(256);
            sqlite3_bind_blob(st, 1, blob.data(), int(blob.size()), SQLITE_TRANSIENT);
            break;
        }
        default:
            sqlite3_bind_null(st, 1);
        }
        sqlite3_step(st);
        sqlite3_finalize(st);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const Base &b = base();
    const std::string &path = cpfuzz::scratchPath(".cplan");
    std::remove((path + "-journal").c_str());
    cpfuzz::writeBytes(path, reinterpret_cast<const uint8_t *>(b.bytes.data()), b.bytes.size());
    {
        FuzzedDataProvider in(data, size);
        sqlite3 *db = nullptr;
        sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr);
        sqlite3_exec(db, "PRAGMA ignore_check_constraints = 1", nullptr, nullptr, nullptr);
        mutate(db, in);
        sqlite3_close(db);
    }
    cpfuzz::expectCleanAnswer([&] {
        const cp::Project project = cp::ProjectFile::load(path);
        cp::Catalog catalog = cp::Catalog::builtin();
        catalog.merge(project.catalog, path);
        (void)cp::validate(project.design, catalog);
    });
    return 0;
}
