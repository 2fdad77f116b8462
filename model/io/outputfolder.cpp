#include "model/io/outputfolder.h"

#include "model/core/problem.h"
#include "model/io/outputfile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <set>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cp {

namespace fs = std::filesystem;

namespace {

/// A folder held open with an exclusive flock while an export works in it: a staging folder, or
/// the previous set while it is moved aside. The lock is what tells a later export that a
/// hidden folder beside the target is a leftover (its writer is gone: the kernel dropped the
/// lock) and not the work of an export running now.
class HeldFolder
{
public:
    HeldFolder() = default;
    explicit HeldFolder(const fs::path &folder)
        : fd_(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW))
    {
        if (fd_ >= 0 && ::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
            ::close(fd_);
            fd_ = -1;
        }
    }
    HeldFolder(const HeldFolder &) = delete;
    HeldFolder &operator=(const HeldFolder &) = delete;
    HeldFolder &operator=(HeldFolder &&o) noexcept
    {
        std::swap(fd_, o.fd_);
        return *this;
    }
    ~HeldFolder()
    {
        if (fd_ >= 0)
            ::close(fd_);
    }
    bool held() const { return fd_ >= 0; }

private:
    int fd_ = -1;
};

/// The hidden folders an export of `target` makes beside it: `.NAME.new-XXXXXX` (the set being
/// written) and `.NAME.old-XXXXXX` (the previous set moved aside).
std::string stagingPrefix(const fs::path &target, const char *what)
{
    return "." + target.filename().string() + "." + what + "-";
}

bool isStagingName(const std::string &name, const std::string &prefix)
{
    return name.size() == prefix.size() + 6 && name.compare(0, prefix.size(), prefix) == 0;
}

/// What an earlier export killed mid-way left beside `target`: a staging folder is removed; a
/// previous set moved aside while the target is missing (killed between the two renames of a
/// filesystem without an exchange) is put back first, so it is replaced like any export. A
/// folder whose lock is held belongs to an export running now and is left alone; so is anything
/// that is not a flat folder of files.
void clearLeftovers(const fs::path &target)
{
    const std::string newPrefix = stagingPrefix(target, "new"), oldPrefix = stagingPrefix(target, "old");
    std::error_code ec;
    std::vector<fs::path> found;
    for (const fs::directory_entry &e : fs::directory_iterator(target.parent_path(), ec)) {
        const std::string name = e.path().filename().string();
        if ((isStagingName(name, newPrefix) || isStagingName(name, oldPrefix)) && e.is_directory(ec) && !e.is_symlink(ec))
            found.push_back(e.path());
    }
    for (const fs::path &leftover : found) {
        const HeldFolder lock(leftover);
        if (!lock.held())
            continue; // an export running now
        bool flat = true;
        for (const fs::directory_entry &e : fs::directory_iterator(leftover, ec))
            flat = flat && e.is_regular_file(ec) && !e.is_symlink(ec);
        if (!flat || ec)
            continue;
        const bool old = isStagingName(leftover.filename().string(), oldPrefix);
        if (old && !fs::exists(fs::symlink_status(target, ec)) && ::rename(leftover.c_str(), target.c_str()) == 0)
            continue;
        fs::remove_all(leftover, ec);
    }
}

void checkNames(const std::string &dir, const std::vector<OutputFolderFile> &files)
{
    std::set<std::string> seen;
    for (const OutputFolderFile &f : files) {
        const bool plain = !f.name.empty() && f.name != "." && f.name != ".." && f.name != kExportMarker
                           && f.name.find('/') == std::string::npos && f.name.find('\0') == std::string::npos;
        if (!plain)
            throw LoadError(dir, "", "the exporter named a file \"" + f.name
                                         + "\", which is not a plain file name; nothing was written");
        if (!seen.insert(f.name).second)
            throw LoadError(dir, "", "the exporter wrote \"" + f.name + "\" twice; nothing was written");
    }
}

/// The folder to replace: `dir`, or where its links lead. Refuses what must not be replaced.
fs::path resolveFolder(const std::string &dir)
{
    if (dir.empty())
        throw LoadError(dir, "", "no output folder given");
    std::error_code ec;
    fs::path target = dir;
    if (fs::is_symlink(fs::symlink_status(target, ec))) {
        target = fs::canonical(target, ec);
        if (ec)
            throw LoadError(dir, "", "the symbolic link leads nowhere (" + ec.message() + "); nothing was written");
    }
    const fs::file_status st = fs::status(target, ec);
    if (!fs::exists(st))
        return fs::absolute(target);
    if (!fs::is_directory(st))
        throw LoadError(dir, "", "is not a folder: an export writes a folder of files (nothing was written)");
    std::vector<std::string> foreign;
    bool marked = false;
    for (const fs::directory_entry &e : fs::directory_iterator(target, ec)) {
        const std::string name = e.path().filename().string();
        if (name == kExportMarker)
            marked = true;
        else if (foreign.size() < 3)
            foreign.push_back(name);
    }
    if (ec)
        throw LoadError(dir, "", "cannot read the folder: " + ec.message());
    if (!foreign.empty() && !marked) {
        std::string list;
        for (const std::string &n : foreign)
            list += (list.empty() ? "" : ", ") + n;
        throw LoadError(dir, "", "the folder holds files no export wrote (" + list
                                     + (foreign.size() == 3 ? ", …" : "")
                                     + "), which replacing it would delete; give a new or empty folder "
                                       "(nothing was written)");
    }
    return fs::absolute(target);
}

/// A new, empty folder beside `target` (hidden, named after it), with `mode`, held by `lock`.
fs::path stagingFolder(const fs::path &target, const char *what, mode_t mode, HeldFolder &lock)
{
    std::string pattern = (target.parent_path() / (stagingPrefix(target, what) + "XXXXXX")).string();
    if (!::mkdtemp(pattern.data()))
        throw LoadError(target.string(), "", "cannot create a folder beside it" + systemReason(errno) + "; nothing was written");
    lock = HeldFolder(pattern);
    ::chmod(pattern.c_str(), mode);
    return pattern;
}

/// Puts `staged` in `target`'s place. Returns where the previous content went (to remove), or an
/// empty path when `target` did not exist.
fs::path swapIn(const fs::path &staged, const fs::path &target, bool exists)
{
    if (!exists) {
        if (::rename(staged.c_str(), target.c_str()) != 0)
            throw LoadError(target.string(), "", "cannot move the new files in" + systemReason(errno));
        return {};
    }
    if (::renameat2(AT_FDCWD, staged.c_str(), AT_FDCWD, target.c_str(), RENAME_EXCHANGE) == 0)
        return staged; // the old set is now at the staging path
    // A filesystem without the exchange: move the old set aside, then the new one in. A kill
    // between the two leaves the old set complete beside the folder's name.
    HeldFolder asideLock;
    const fs::path aside = stagingFolder(target, "old", 0700, asideLock);
    ::rmdir(aside.c_str());
    const HeldFolder previous(target); // the old set keeps its lock under its new name
    if (::rename(target.c_str(), aside.c_str()) != 0)
        throw LoadError(target.string(), "", "cannot move the previous files aside" + systemReason(errno));
    if (::rename(staged.c_str(), target.c_str()) != 0) {
        const int e = errno;
        ::rename(aside.c_str(), target.c_str());
        throw LoadError(target.string(), "", "cannot move the new files in" + systemReason(e));
    }
    return aside;
}

} // namespace

void writeOutputFolder(const std::string &dir, const std::vector<OutputFolderFile> &files,
                       const std::string &writtenBy)
{
    checkNames(dir, files);
    const fs::path target = resolveFolder(dir);
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    if (ec)
        throw LoadError(dir, "", "cannot create its parent folder: " + ec.message());
    clearLeftovers(target);
    struct stat st {};
    const bool exists = ::stat(target.c_str(), &st) == 0;
    HeldFolder stagedLock;
    const fs::path staged = stagingFolder(target, "new", exists ? (st.st_mode & 07777) : 0755, stagedLock);
    try {
        std::string marker = "Written by " + writtenBy + "; replaced whole by the next export to this folder.\n";
        for (const OutputFolderFile &f : files) {
            writeOutputFile((staged / f.name).string(), f.bytes);
            marker += f.name + "\n";
        }
        writeOutputFile((staged / kExportMarker).string(), marker);
        syncFolder(staged.string());
    } catch (const LoadError &e) {
        fs::remove_all(staged, ec);
        // The file writer's message ends with the system's reason ("…: No space left on device").
        const std::string &p = e.problem();
        const size_t colon = p.rfind(": ");
        const std::string why = colon == std::string::npos ? p : p.substr(colon + 2);
        throw LoadError(dir, "", "writing " + fs::path(e.file()).filename().string() + " failed ("
                                     + (p.find("disk full") != std::string::npos ? "disk full: " : "") + why
                                     + "); the folder is unchanged");
    }
    fs::path old;
    try {
        old = swapIn(staged, target, exists);
    } catch (const LoadError &) {
        fs::remove_all(staged, ec);
        throw;
    }
    syncFolder(target.parent_path().string());
    if (!old.empty())
        fs::remove_all(old, ec);
}

} // namespace cp
