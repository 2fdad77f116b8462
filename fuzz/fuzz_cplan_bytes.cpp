// Fuzz target: a .cplan project as raw bytes — a truncated copy, a damaged page, a file that is
// not SQLite at all — written to a scratch file and opened by the project loader.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "fuzzsupport.h"
#include "model/io/projectfile.h"

#include <cstdio>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string &path = cpfuzz::scratchPath(".cplan");
    std::remove((path + "-journal").c_str());
    cpfuzz::writeBytes(path, data, size);
    cpfuzz::expectCleanAnswer([&] {
        const cp::Project project = cp::ProjectFile::load(path);
        cp::Catalog catalog = cp::Catalog::builtin();
        catalog.merge(project.catalog, path);
        (void)cp::validate(project.design, catalog);
    });
    return 0;
}
