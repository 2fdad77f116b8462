#pragma once
// The two designs the kill-during-save test alternates between (tests/test_killsave.cpp and its
// helper program tests/killsave_helper.cpp build them the same way).

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/generate/templates.h"

#include <utility>

namespace cptest {

/// A: a classic template of `gpus` GPUs. B: the same hall with every rack moved one tile, its
/// contents' counts changed and another name, so that a file mixing rows of A and B matches neither.
inline std::pair<cp::Design, cp::Design> killSaveDesigns(const cp::Catalog &catalog, long long gpus)
{
    cp::TemplateOptions options;
    options.kind = "classic";
    options.gpus = gpus;
    cp::Design a = cp::generateTemplate(options, catalog);
    a.name = "A";
    cp::Design b = a;
    b.name = "B";
    for (cp::Rack &r : b.racks) {
        r.xM += 0.6;
        r.row += "-b";
    }
    for (cp::FacilityUnit &u : b.powerUnits)
        u.yM += 0.6;
    b.workload.tokens *= 2.0;
    return {std::move(a), std::move(b)};
}

} // namespace cptest
