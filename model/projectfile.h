#pragma once

#include "catalog.h"
#include "design.h"

#include <string>
#include <vector>

namespace cp {

/// One saved revision of a project: when, by whom, why.
struct Revision
{
    long long id = 0;
    std::string timeUtc; ///< ISO 8601
    std::string author;
    std::string comment;

    bool operator==(const Revision &) const = default;
};

/// The contents of a .cplan file: the design, the catalog entries it uses, the history.
struct Project
{
    Design design;
    Catalog catalog; ///< the entries the design uses, as they were when saved
    std::vector<Revision> revisions;
};

/// Reads and writes `.cplan` project files (one SQLite database each).
namespace ProjectFile {

/// The schema version this program writes.
constexpr int kSchemaVersion = 2;

/// Opens a project; older schemas are migrated in memory. Throws LoadError naming the file,
/// the table/row and the problem for a missing, truncated, corrupt or newer file.
Project load(const std::string &path);

/// Saves in one transaction: the file on disk is the old or the new project, never a mixture.
/// Keeps the revision history already in the file and appends one revision.
/// Only the catalog entries the design uses are stored, taken from `catalog`.
void save(const std::string &path, const Design &design, const Catalog &catalog,
          const std::string &author, const std::string &comment);

} // namespace ProjectFile

} // namespace cp
