#pragma once

// A lock that serialises the writers of the projects in one folder (model/io/projectfile.cpp).

#include <string>

namespace cp {

/// Serialises the writers of the projects in one folder from the read of the old project to the
/// commit of the new one: a save reads the scenarios, changes one and writes them all, so two
/// writers interleaving their reads and commits lost each other's changes (docs/robustness.md,
/// "Concurrent writers"). An exclusive flock on the folder, waited for up to a minute; a folder
/// that cannot be opened or a filesystem without flock leaves SQLite's own locking alone.
class FolderLock
{
public:
    /// Takes the lock of `file`'s folder; throws LoadError(file) after a minute of waiting.
    explicit FolderLock(const std::string &file);
    ~FolderLock() { release(); }
    FolderLock(const FolderLock &) = delete;
    FolderLock &operator=(const FolderLock &) = delete;

private:
    void release();
    int mFd = -1;
};

} // namespace cp
