#include "model/training/publishedruns.h"

#include "model/training/estimate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace cp {

namespace {

constexpr PublishedRun kRuns[] = {
#include "model/training/publishedrunsdata.inc"
};

double logRatio(double a, double b)
{
    // Unknown, absurd or hostile (0, NaN, overflowing) counts as far, never as NaN or inf.
    const double r = a > 0 && b > 0 ? std::fabs(std::log(a / b)) : 3.0;
    return std::isfinite(r) ? r : 3.0;
}

bool isFp8(const char *precision)
{
    return std::strcmp(precision, "fp8") == 0;
}

double distance(const EstimateSpec &spec, const PublishedRun &r)
{
    const GpuSpec &gpu = spec.cluster.gpu;
    double d = 2.0 * logRatio(gpu.peakTflopsBf16, r.gpuPeakTflopsBf16);
    if (gpu.id != r.gpu)
        d += 0.5;
    if ((spec.training.precision == Precision::Fp8) != isFp8(r.precision))
        d += 1.0;
    if (spec.model.moe() != r.moe)
        d += 1.0;
    d += logRatio(spec.model.totalParams() / 1e9, r.paramsB);
    d += 0.5 * logRatio(double(spec.cluster.gpus), double(r.gpus));
    d += 0.5 * logRatio(double(spec.training.seqLen), double(r.seqLen));
    return d;
}

} // namespace

std::span<const PublishedRun> publishedRuns()
{
    return kRuns;
}

std::vector<NearbyRun> nearestPublishedRuns(const EstimateSpec &spec, std::size_t count)
{
    std::vector<NearbyRun> all;
    all.reserve(std::size(kRuns));
    for (const PublishedRun &r : kRuns)
        all.push_back({&r, distance(spec, r)});
    const std::size_t n = std::min(count, all.size());
    std::partial_sort(all.begin(), all.begin() + std::ptrdiff_t(n), all.end(),
                      [](const NearbyRun &a, const NearbyRun &b) {
                          return a.distance != b.distance ? a.distance < b.distance
                                                          : std::strcmp(a.run->id, b.run->id) < 0;
                      });
    all.resize(n);
    return all;
}

std::string nearbyRunText(const NearbyRun &n)
{
    char err[32];
    std::snprintf(err, sizeof err, "%+6.1f %%", n.run->heldOutPct);
    return std::string(err) + "  " + n.run->name + " (" + n.run->source + ")";
}

} // namespace cp
