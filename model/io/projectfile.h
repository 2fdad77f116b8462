#pragma once

#include "model/core/catalog.h"
#include "model/core/design.h"

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

/// One named design of a project: a scenario or variant ("nvl72", "classic-16k", …).
struct Scenario
{
    std::string name;
    Design design;

    bool operator==(const Scenario &) const = default;
};

/// The contents of a .cplan file: its scenarios, the catalog entries they use, the history.
struct Project
{
    Design design;        ///< the scenario asked for; by default the first (the project's default design)
    std::string scenario; ///< the name of `design`'s scenario
    std::vector<Scenario> scenarios; ///< every scenario, in the project's order (the first is the default)
    Catalog catalog;      ///< the entries the scenarios use, as they were when saved
    std::vector<Revision> revisions;
};

/// Reads and writes `.cplan` project files (one SQLite database each).
namespace ProjectFile {

/// The schema version this program writes. 3: several named designs (scenarios); 4: a design's
/// recomputation is applied ("auto" = the search's choice).
constexpr int kSchemaVersion = 4;

/// The scenario name a project's only design gets (new files, files migrated from schema 2).
constexpr const char *kDefaultScenario = "main";

/// Why `name` cannot name a scenario (empty when it can): 1-64 characters of letters, digits,
/// '.', '_' and '-', starting with a letter or digit, so that `FILE.cplan#NAME` needs no quoting.
std::string scenarioNameProblem(const std::string &name);

/// Opens a project; older schemas are migrated in memory. Throws LoadError naming the file,
/// the table/row and the problem for a missing, truncated, corrupt or newer file.
Project load(const std::string &path);

/// Opens a project with `scenario` as its design; an unknown name throws LoadError listing the
/// project's scenarios. An empty name is the default (first) scenario.
Project load(const std::string &path, const std::string &scenario);

/// The project's scenario names, in order.
std::vector<std::string> scenarioNames(const std::string &path);

/// Whether the file at `path` is an SQLite database (what a project is); it says nothing of
/// whether it can be read now. For messages that must say what a file holds without opening it.
bool looksLikeProject(const std::string &path);

/// Saves in one transaction: the file on disk is the old or the new project, never a mixture.
/// Keeps the revision history already in the file and appends one revision.
/// `design` replaces the default (first) scenario; the project's other scenarios are kept.
/// Only the catalog entries the scenarios use are stored (this design's taken from `catalog`).
void save(const std::string &path, const Design &design, const Catalog &catalog,
          const std::string &author, const std::string &comment);

/// Adds scenario `name` (at the end), or replaces the scenario of that name in place, in one
/// transaction; creates the file when it does not exist. A bad name throws std::invalid_argument.
void saveScenario(const std::string &path, const std::string &name, const Design &design,
                  const Catalog &catalog, const std::string &author, const std::string &comment);

/// Writes `scenarios` (at least one, names valid and distinct) as the whole project, in their
/// order, in one transaction, keeping the file's revision history and appending one revision: what
/// the window saves after its scenarios were added, renamed, reordered or removed. The catalog
/// entries stored are the file's ones with those the scenarios use taken from `catalog`.
/// Throws std::invalid_argument for a bad or repeated name or an empty list.
void saveProject(const std::string &path, const std::vector<Scenario> &scenarios, const Catalog &catalog,
                 const std::string &author, const std::string &comment);

/// Removes scenario `name` in one transaction. Throws LoadError for an unknown name or when it is
/// the project's last scenario (a project holds at least one design).
void removeScenario(const std::string &path, const std::string &name, const std::string &author,
                    const std::string &comment);

} // namespace ProjectFile

} // namespace cp
