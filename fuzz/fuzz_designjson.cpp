// Fuzz target: a design JSON file as `import` and `evaluate FILE.json` read it — the loader, the
// catalog entries it embeds, validation, and the evaluation of whatever loaded.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/io/designjson.h"
#include "model/engine/evaluation.h"
#include "fuzzsupport.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string &path = cpfuzz::scratchPath(".json");
    cpfuzz::writeBytes(path, data, size);
    cpfuzz::expectCleanAnswer([&] {
        cp::Catalog catalog = cp::Catalog::builtin();
        const cp::Design design = cp::importDesignJson(path, catalog);
        (void)cp::validate(design, catalog);
        (void)cp::evaluate(design, catalog);
    });
    return 0;
}
