// Fuzz target: an estimate spec (`estimate SPEC.json`) — the loader, then the estimate or the
// parallelism search it asks for.

#include "model/core/catalog.h"
#include "model/io/estimateoutput.h"
#include "model/io/estimatespec.h"
#include "fuzzsupport.h"

#include <nlohmann/json.hpp>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string &path = cpfuzz::scratchPath(".json");
    cpfuzz::writeBytes(path, data, size);
    cpfuzz::expectCleanAnswer([&] {
        const cp::EstimateSpec spec = cp::loadEstimateSpec(path, cp::Catalog::builtin());
        const cp::EstimateOutcome outcome = cp::runEstimate(spec);
        (void)cp::estimateToJson(spec, outcome).dump();
        (void)cp::estimateToText(spec, outcome);
    });
    return 0;
}
