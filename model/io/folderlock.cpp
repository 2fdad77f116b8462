#include "model/io/folderlock.h"

#include "model/core/problem.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <thread>

namespace cp {

FolderLock::FolderLock(const std::string &file)
{
    std::filesystem::path dir = std::filesystem::path(file).parent_path();
    if (dir.empty())
        dir = ".";
    mFd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (mFd < 0)
        return;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (::flock(mFd, LOCK_EX | LOCK_NB) != 0) {
        if (errno != EWOULDBLOCK && errno != EINTR) {
            release();
            return;
        }
        if (std::chrono::steady_clock::now() > deadline) {
            release();
            throw LoadError(file, "", "another program has been saving a project in this folder for a minute; "
                                      "the file is unchanged (try again)");
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

void FolderLock::release()
{
    if (mFd >= 0)
        ::close(mFd); // closing the last descriptor releases the flock
    mFd = -1;
}

} // namespace cp
