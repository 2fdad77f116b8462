#include "model/io/outputfile.h"

#include "model/core/problem.h"

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cp {

namespace {

/// What kind of file a mode is, for a refusal message.
const char *kindOf(mode_t mode)
{
    if (S_ISDIR(mode))
        return "a folder";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISFIFO(mode))
        return "a named pipe (FIFO)";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a regular file";
}

/// Writes all of `bytes` to `fd`, retrying short writes and interruptions; errno on failure.
bool writeAll(int fd, const std::string &bytes)
{
    const char *p = bytes.data();
    size_t left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, left);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        p += n;
        left -= size_t(n);
    }
    return true;
}

} // namespace

std::string outputTarget(const std::string &path)
{
    namespace fs = std::filesystem;
    if (path.empty())
        throw LoadError(path, "", "no output file given");
    std::string target = path;
    // Follow a chain of symbolic links to the file they name (relative links from their folder).
    for (int hops = 0;; ++hops) {
        struct stat st {};
        if (::lstat(target.c_str(), &st) != 0) {
            if (errno != ENOENT)
                throw LoadError(path, "", "cannot inspect the output path" + systemReason(errno));
            break; // a new file
        }
        if (S_ISLNK(st.st_mode)) {
            if (hops >= 40)
                throw LoadError(path, "", "too many levels of symbolic links");
            std::error_code ec;
            const fs::path link = fs::read_symlink(target, ec);
            if (ec)
                throw LoadError(path, "", "cannot read the symbolic link: " + ec.message());
            target = (link.is_absolute() ? link : fs::path(target).parent_path() / link).string();
            continue;
        }
        if (!S_ISREG(st.st_mode))
            throw LoadError(path, "",
                            std::string("is ") + kindOf(st.st_mode) +
                                ", not a regular file: give the path of a file to write "
                                "(nothing was written)");
        break;
    }
    const fs::path folder = fs::path(target).parent_path();
    std::error_code ec;
    if (!folder.empty() && !fs::is_directory(folder, ec))
        throw LoadError(path, "", "cannot write the file: its folder " + folder.string() +
                                      " does not exist" + systemReason(ENOENT));
    return target;
}

void writeOutputFile(const std::string &path, const std::string &bytes)
{
    const std::string target = outputTarget(path);
    const std::string tmp = target + ".tmp";
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0)
        throw LoadError(path, "", "cannot write the file" + systemReason(errno));
    const bool ok = writeAll(fd, bytes) && ::fsync(fd) == 0;
    const int err = errno;
    if (::close(fd) != 0 || !ok) {
        const int why = ok ? errno : err;
        ::unlink(tmp.c_str()); // leave nothing half-written behind
        throw LoadError(path, "", std::string("writing failed") +
                                      (why == ENOSPC || why == EDQUOT ? " (disk full)" : "") +
                                      ", the file is unchanged" + systemReason(why));
    }
    // Keep the target's permissions when it exists (a rename would give the temporary file's).
    struct stat st {};
    if (::stat(target.c_str(), &st) == 0)
        ::chmod(tmp.c_str(), st.st_mode & 07777);
    if (::rename(tmp.c_str(), target.c_str()) != 0) {
        const int e = errno;
        ::unlink(tmp.c_str());
        throw LoadError(path, "", "cannot replace the file" + systemReason(e));
    }
    // The rename itself reaches the disk with the folder.
    syncFolder(std::filesystem::path(target).parent_path().string());
}

void syncFolder(const std::string &folder)
{
    const int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

std::string systemReason(int err)
{
    return std::string(": ") + std::strerror(err);
}

} // namespace cp
