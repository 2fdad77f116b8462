#pragma once

// One way to write an output file, used by every writer of the project: the path is checked and
// resolved first (outputTarget), and the bytes reach it all or not at all (writeOutputFile).

#include <string>

namespace cp {

/// The file a writer should write for `path`: `path` itself, or the final target of a symbolic
/// link chain (so a link keeps pointing at the new content instead of being replaced by a
/// file). Throws LoadError(path, "", why) when the path or its target exists and is not a regular
/// file — a device, FIFO, socket or folder is never replaced — or when its folder does not exist.
std::string outputTarget(const std::string &path);

/// Writes `bytes` to `path`: resolves it (outputTarget), writes a temporary file beside the
/// target, flushes it to disk (fsync), renames it over the target and flushes the folder. On
/// any failure the target is unchanged and no temporary file is left behind; throws LoadError
/// naming `path` and the reason (the system's: "No space left on device", …).
void writeOutputFile(const std::string &path, const std::string &bytes);

/// Flushes a folder's entries (a rename, a new file) to disk; "" is the current folder.
void syncFolder(const std::string &folder);

/// ": " and the system's words for `err` ("No space left on device"), to end a message with.
std::string systemReason(int err);

} // namespace cp
