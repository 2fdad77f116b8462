#pragma once
// Shared by the fuzz targets: what counts as a clean answer to bad input, and scratch files.

#include "model/core/problem.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>

namespace cpfuzz {

/// Runs `body`; a LoadError (the documented answer to a bad file) is fine, and so is
/// std::invalid_argument from the engine refusing a design beyond its limits. Anything else
/// escaping is a finding: abort so that libFuzzer records the input.
template<typename Body>
void expectCleanAnswer(Body &&body)
{
    try {
        body();
    } catch (const cp::LoadError &e) {
        if (e.file().empty() || e.problem().empty()) {
            std::fprintf(stderr, "LoadError without a file or a problem: %s\n", e.what());
            std::abort();
        }
    } catch (const std::invalid_argument &) {
    } catch (const std::exception &e) {
        std::fprintf(stderr, "unexpected exception: %s\n", e.what());
        std::abort();
    }
}

/// A scratch file of this fuzzer process for `suffix` (in $TMPDIR, /tmp by default), and its
/// SQLite journal, removed when the process exits (libFuzzer ends a run with exit()).
inline const std::string &scratchPath(const std::string &suffix)
{
    static std::map<std::string, std::string> paths;
    auto it = paths.find(suffix);
    if (it == paths.end()) {
        if (paths.empty())
            std::atexit([] {
                for (const auto &entry : paths) {
                    std::remove(entry.second.c_str());
                    std::remove((entry.second + "-journal").c_str());
                }
            });
        const char *dir = std::getenv("TMPDIR");
        it = paths.emplace(suffix, std::string(dir && *dir ? dir : "/tmp") + "/cp-fuzz-" + std::to_string(::getpid()) + suffix).first;
    }
    return it->second;
}

inline void writeBytes(const std::string &path, const uint8_t *data, size_t size)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char *>(data), std::streamsize(size));
}

} // namespace cpfuzz
