#pragma once

// A set of files written as one (an exporter's output): the folder afterwards holds exactly the
// new set, or is as it was. Used by `export --format` and every multi-file writer.

#include <string>
#include <vector>

namespace cp {

struct OutputFolderFile
{
    std::string name;  ///< a plain file name: no folder, not "." or ".."
    std::string bytes;
};

/// The file an export leaves in its folder to say the folder is an export's, listing its files.
/// A folder that holds other files and no marker is not replaced.
inline constexpr const char *kExportMarker = ".cluster-planner-export";

/// Writes `files` as the whole content of folder `dir`. The set is written and flushed to disk in
/// a new folder beside `dir`, which then takes `dir`'s place in one rename (an exchange when `dir`
/// exists), and the previous set is removed: a failure or a kill at any point leaves `dir` with
/// the old set or the new one, never a mix. `dir` may be missing (its parents are created), empty,
/// a previous export (it has the marker), or a link to one of those. Refused with LoadError(dir,
/// …) — nothing written — when it is a file, or a folder holding files that no export wrote, or
/// when a name is not a plain file name.
void writeOutputFolder(const std::string &dir, const std::vector<OutputFolderFile> &files,
                       const std::string &writtenBy);

} // namespace cp
