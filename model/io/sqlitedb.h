#pragma once

// A SQLite connection and its prepared statements, every failure a LoadError naming the file and
// the place: what the project file (projectfile.cpp) and the sweep results (model/sweep) share.

#include "model/core/problem.h"

#include <sqlite3.h>

#include <cstring>
#include <memory>
#include <string>

namespace cp::sqlite {

/// Owns a SQLite connection; every failure becomes a LoadError naming the file.
class Database
{
public:
    /// `what` names the kind of file for a file that is no SQLite database ("a Cluster Planner project").
    Database(const std::string &path, int flags, const std::string &what = "a Cluster Planner project")
        : mPath(path)
        , mNotOurs("not " + what + " (not an SQLite database)")
    {
        sqlite3 *db = nullptr;
        const int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
        mDb.reset(db);
        if (rc != SQLITE_OK) {
            std::string message = std::string("cannot open: ") + (db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
            // SQLite says only "unable to open database file": add what the system said (a
            // read-only folder, a missing folder, no permission).
            if (const int err = db ? sqlite3_system_errno(db) : 0; err != 0)
                message += " (" + std::string(std::strerror(err)) + ")";
            throw LoadError(path, "", message);
        }
        sqlite3_extended_result_codes(db, 1);
        sqlite3_busy_timeout(db, 2000);
    }

    sqlite3 *handle() const { return mDb.get(); }
    const std::string &path() const { return mPath; }

    [[noreturn]] void fail(const std::string &place, int rc) const
    {
        std::string message = sqlite3_errmsg(mDb.get());
        const int primary = rc & 0xff;
        if (primary == SQLITE_NOTADB)
            message = mNotOurs;
        else if (primary == SQLITE_CORRUPT)
            message = "the file is damaged or truncated (" + message + ")";
        else if (primary == SQLITE_BUSY || primary == SQLITE_LOCKED)
            message = "the file is locked by another program (" + message + ")";
        else if (primary == SQLITE_FULL)
            message = "the disk is full (" + message + "); the file is unchanged";
        throw LoadError(mPath, place, message);
    }

    void exec(const std::string &sql, const std::string &place = {}) const
    {
        char *err = nullptr;
        const int rc = sqlite3_exec(mDb.get(), sql.c_str(), nullptr, nullptr, &err);
        if (err)
            sqlite3_free(err);
        if (rc != SQLITE_OK)
            fail(place, rc);
    }

private:
    struct Closer
    {
        void operator()(sqlite3 *db) const { sqlite3_close_v2(db); }
    };
    std::string mPath;
    std::string mNotOurs;
    std::unique_ptr<sqlite3, Closer> mDb;
};

/// A prepared statement, reset for reuse in bulk inserts.
class Statement
{
public:
    Statement(const Database &db, const std::string &sql, std::string place)
        : mDb(db), mPlace(std::move(place))
    {
        sqlite3_stmt *stmt = nullptr;
        const int rc = sqlite3_prepare_v2(db.handle(), sql.c_str(), -1, &stmt, nullptr);
        mStmt.reset(stmt);
        if (rc != SQLITE_OK)
            db.fail(mPlace, rc);
    }

    /// Steps once; true while a row is available.
    bool step()
    {
        const int rc = sqlite3_step(mStmt.get());
        if (rc == SQLITE_ROW)
            return true;
        if (rc == SQLITE_DONE)
            return false;
        mDb.fail(mPlace, rc);
    }
    void run()
    {
        step();
        sqlite3_reset(mStmt.get());
        sqlite3_clear_bindings(mStmt.get());
    }

    void bind(int i, const std::string &s) { sqlite3_bind_text(mStmt.get(), i, s.data(), int(s.size()), SQLITE_TRANSIENT); }
    void bind(int i, double d) { sqlite3_bind_double(mStmt.get(), i, d); }
    void bind(int i, long long v) { sqlite3_bind_int64(mStmt.get(), i, v); }
    void bindNull(int i) { sqlite3_bind_null(mStmt.get(), i); }

    bool isNull(int col) const { return sqlite3_column_type(mStmt.get(), col) == SQLITE_NULL; }
    std::string text(int col, const std::string &place) const
    {
        if (sqlite3_column_type(mStmt.get(), col) != SQLITE_TEXT)
            throw LoadError(mDb.path(), place, "expected text");
        const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(mStmt.get(), col));
        return std::string(p, size_t(sqlite3_column_bytes(mStmt.get(), col)));
    }
    double real(int col, const std::string &place) const
    {
        const int t = sqlite3_column_type(mStmt.get(), col);
        if (t != SQLITE_FLOAT && t != SQLITE_INTEGER)
            throw LoadError(mDb.path(), place, "expected a number");
        return sqlite3_column_double(mStmt.get(), col);
    }
    long long integer(int col, const std::string &place) const
    {
        if (sqlite3_column_type(mStmt.get(), col) != SQLITE_INTEGER)
            throw LoadError(mDb.path(), place, "expected an integer");
        return sqlite3_column_int64(mStmt.get(), col);
    }

private:
    struct Finalizer
    {
        void operator()(sqlite3_stmt *s) const { sqlite3_finalize(s); }
    };
    const Database &mDb;
    std::string mPlace;
    std::unique_ptr<sqlite3_stmt, Finalizer> mStmt;
};

} // namespace cp::sqlite
