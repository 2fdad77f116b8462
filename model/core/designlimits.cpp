#include "model/core/designlimits.h"

#include "model/core/catalog.h"
#include "model/core/design.h"

#include <cmath>
#include <string>

namespace cp {

namespace {

/// 12345678 -> "12,345,678".
std::string grouped(long long v)
{
    std::string digits = std::to_string(v), out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

} // namespace

DesignSize designSize(const Design &design, const Catalog &catalog)
{
    constexpr long long kSaturate = 1'000'000'000'000'000LL; // far above every limit, far below overflow
    DesignSize s;
    s.racks = (long long)design.racks.size();
    s.facilityUnits = (long long)(design.powerUnits.size() + design.coolingUnits.size());
    for (const Rack &r : design.racks) {
        s.mounts += (long long)r.contents.size();
        for (const Mount &m : r.contents) {
            const CatalogEntry *e = catalog.find(m.catalogId);
            if (!e || m.count < 1 || (e->kind != PartKind::Server && e->kind != PartKind::Supernode))
                continue;
            const double perNode = e->figure("gpus");
            if (!std::isfinite(perNode) || perNode <= 0)
                continue;
            const double add = perNode * double(m.count);
            s.gpus = add >= double(kSaturate - s.gpus) ? kSaturate : s.gpus + (long long)add;
        }
    }
    return s;
}

std::optional<Problem> limitProblem(const Design &design, const Catalog &catalog)
{
    const DesignSize s = designSize(design, catalog);
    // `text`: a message template marked with CP_TR_NOOP("cp::Problems", …) where the call names it,
    // %1 the design's count and %2 the limit.
    const auto over = [](const char *place, const char *text, long long n, long long limit) {
        return problem(Severity::Error, place, text, {grouped(n), grouped(limit)});
    };
    if (s.racks > DesignLimits::kMaxRacks)
        return over("racks",
                    CP_TR_NOOP("cp::Problems", "the design holds %1 racks, above the %2 the engine evaluates "
                                               "(docs/robustness.md)"),
                    s.racks, DesignLimits::kMaxRacks);
    if (s.facilityUnits > DesignLimits::kMaxFacilityUnits)
        return over("power_units",
                    CP_TR_NOOP("cp::Problems", "the design holds %1 power and cooling units, above the %2 the "
                                               "engine evaluates (docs/robustness.md)"),
                    s.facilityUnits, DesignLimits::kMaxFacilityUnits);
    if (s.mounts > DesignLimits::kMaxMounts)
        return over("racks",
                    CP_TR_NOOP("cp::Problems", "the design holds %1 rack contents entries, above the %2 the "
                                               "engine evaluates (docs/robustness.md)"),
                    s.mounts, DesignLimits::kMaxMounts);
    if (s.gpus > DesignLimits::kMaxGpus)
        return over("racks",
                    CP_TR_NOOP("cp::Problems", "the design holds %1 GPUs, above the %2 the engine evaluates "
                                               "(docs/robustness.md)"),
                    s.gpus, DesignLimits::kMaxGpus);
    return std::nullopt;
}

} // namespace cp
