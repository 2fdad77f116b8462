// Fuzz target: a user catalog (`--catalog FILE`) — the JSON loader, its checks, and the merge
// over the default catalog.

#include "model/core/catalog.h"
#include "fuzzsupport.h"

#include <nlohmann/json.hpp>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string text(reinterpret_cast<const char *>(data), size);
    cpfuzz::expectCleanAnswer([&] {
        const cp::Catalog user = cp::Catalog::fromJsonText(text, "fuzz.json");
        cp::Catalog catalog = cp::Catalog::builtin();
        catalog.merge(user, "fuzz.json");
        (void)catalog.toJson();
    });
    return 0;
}
