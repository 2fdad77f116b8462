#include "model/training/publishedruns.h"

#include "model/training/accuracy.h"
#include "model/training/estimate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>
#include <string_view>
#include <tuple>

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

} // namespace

RunShape shapeOf(const EstimateSpec &spec)
{
    return {spec.cluster.gpu.id,
            spec.cluster.gpu.peakTflopsBf16,
            spec.training.precision == Precision::Fp8,
            spec.model.moe(),
            spec.model.totalParams() / 1e9,
            double(spec.cluster.gpus),
            double(spec.training.seqLen)};
}

RunShape shapeOf(const PublishedRun &r)
{
    return {r.gpu, r.gpuPeakTflopsBf16, isFp8(r.precision), r.moe, r.paramsB, double(r.gpus), double(r.seqLen)};
}

double runDistance(const RunShape &a, const RunShape &b)
{
    double d = 2.0 * logRatio(a.gpuPeakTflopsBf16, b.gpuPeakTflopsBf16);
    if (a.gpu != b.gpu)
        d += 0.5;
    if (a.fp8 != b.fp8)
        d += 1.0;
    if (a.moe != b.moe)
        d += 1.0;
    d += logRatio(a.paramsB, b.paramsB);
    d += 0.5 * logRatio(a.gpus, b.gpus);
    d += 0.5 * logRatio(a.seqLen, b.seqLen);
    return d;
}

std::span<const PublishedRun> publishedRuns()
{
    return kRuns;
}

std::vector<NearbyRun> nearestPublishedRuns(const EstimateSpec &spec, std::size_t count)
{
    const RunShape shape = shapeOf(spec);
    std::vector<NearbyRun> all;
    all.reserve(std::size(kRuns));
    for (const PublishedRun &r : kRuns)
        all.push_back({&r, runDistance(shape, shapeOf(r))});
    const std::size_t n = std::min(count, all.size());
    std::partial_sort(all.begin(), all.begin() + std::ptrdiff_t(n), all.end(),
                      [](const NearbyRun &a, const NearbyRun &b) {
                          return a.distance != b.distance ? a.distance < b.distance
                                                          : std::strcmp(a.run->id, b.run->id) < 0;
                      });
    all.resize(n);
    return all;
}

NearbyRunsCaveat nearbyRunsCaveat(const EstimateSpec &spec, std::span<const NearbyRun> runs, double stackEfficiency)
{
    NearbyRunsCaveat c;
    c.stackEfficiency = stackEfficiency > 0 && stackEfficiency < 1 ? stackEfficiency : 1.0;
    const std::string &part = spec.cluster.gpu.id;
    if (runs.empty() || std::any_of(runs.begin(), runs.end(), [&](const NearbyRun &n) { return part == n.run->gpu; }))
        return c;
    const RunShape shape = shapeOf(spec);
    double best = 0.0;
    for (const PublishedRun &r : kRuns) {
        if (part != r.gpu)
            continue;
        const double d = runDistance(shape, shapeOf(r));
        if (!c.nearestOnPart || d < best) {
            c.nearestOnPart = &r;
            best = d;
        }
    }
    c.partUnseen = c.nearestOnPart == nullptr;
    return c;
}

std::string nearbyRunsCaveatText(const NearbyRunsCaveat &c, const std::string &gpuId)
{
    std::string s;
    if (c.partUnseen)
        s += "No published run here ran on " + gpuId +
             ": these ran on other parts, and their errors are the model's there, not on this one.";
    if (c.nearestOnPart) {
        char err[32];
        std::snprintf(err, sizeof err, "%+.1f %%", c.nearestOnPart->heldOutPct);
        s += "None of these ran on " + gpuId + "; the nearest run that did: " + c.nearestOnPart->name + " (" +
             c.nearestOnPart->source + "), " + err + ".";
    }
    if (c.stackEfficiency < 1.0) {
        char eff[32];
        std::snprintf(eff, sizeof eff, "%.2f", c.stackEfficiency);
        s += std::string(s.empty() ? "" : " ") + "The figures shown are the model's times the workload's stack efficiency, " +
             eff + "; these errors are the model's own, on tuned stacks.";
    }
    return s;
}

std::string nearbyRunText(const NearbyRun &n)
{
    char err[32];
    std::snprintf(err, sizeof err, "%+6.1f %%", n.run->heldOutPct);
    return std::string(err) + "  " + n.run->name + " (" + n.run->source + ")";
}

std::vector<PartPair> sameStackPartPairs()
{
    // The run each (stack, model, sequence, precision, part) keeps: the largest of its series that
    // the band holds for (a communication-bound step's error is its scheduling, not the part). A
    // stack is a source's release, the run id's first word, within one source (NeMo 25.04's
    // long-sequence table is a table of its own). Per-tensor scaling only: MXFP8 is a recipe of
    // its own.
    struct Key
    {
        std::string stack, source, precision;
        long long paramsMillions;
        int seqLen;
        std::string gpu;
        auto operator<=>(const Key &) const = default;
    };
    std::map<Key, const PublishedRun *> largest;
    for (const PublishedRun &run : publishedRuns()) {
        const std::string_view id(run.id);
        if (id.find("mxfp8") != std::string_view::npos || run.communicationBound)
            continue;
        const Key key{std::string(id.substr(0, id.find('-'))), run.source, run.precision,
                      std::llround(run.paramsB * 1000.0), run.seqLen, run.gpu};
        const PublishedRun *&kept = largest[key];
        if (!kept || run.gpus > kept->gpus)
            kept = &run;
    }
    // Keys of one series differ only in the part, and sort together.
    std::vector<PartPair> pairs;
    for (auto a = largest.begin(); a != largest.end(); ++a)
        for (auto b = std::next(a); b != largest.end(); ++b) {
            const Key &ka = a->first, &kb = b->first;
            if (std::tie(ka.stack, ka.source, ka.precision, ka.paramsMillions, ka.seqLen) !=
                std::tie(kb.stack, kb.source, kb.precision, kb.paramsMillions, kb.seqLen))
                break;
            pairs.push_back({ka.stack, ka.gpu, kb.gpu,
                             (1.0 + b->second->errorPct / 100.0) / (1.0 + a->second->errorPct / 100.0)});
        }
    return pairs;
}

namespace {

bool isBlackwell(std::string_view gpu)
{
    return gpu == "b200" || gpu == "gb200" || gpu == "gb300";
}

/// The same-stack pairs between the runs `isA` accepts and those on `b`: each pair's published
/// ratio (A over B) over the model's.
template<typename IsA>
PartRatioRecord pairRecord(IsA isA, std::string_view b)
{
    std::vector<double> ratios;
    std::set<std::string> stacks;
    for (const PartPair &p : sameStackPartPairs()) {
        if (p.partB == b && isA(p.partA))
            ratios.push_back(p.ratio);
        else if (p.partA == b && isA(p.partB))
            ratios.push_back(1.0 / p.ratio);
        else
            continue;
        stacks.insert(p.stack);
    }
    PartRatioRecord r;
    r.partB = std::string(b);
    if (ratios.empty())
        return r;
    r.pairs = int(ratios.size());
    r.stacks = int(stacks.size());
    r.lowest = *std::min_element(ratios.begin(), ratios.end());
    r.highest = *std::max_element(ratios.begin(), ratios.end());
    r.median = median(std::move(ratios));
    return r;
}

} // namespace

PartRatioRecord partRatioRecord()
{
    PartRatioRecord r = pairRecord(isBlackwell, "h100-sxm");
    r.partA = "blackwell";
    return r;
}

PartRatioRecord partRatioRecord(std::string_view a, std::string_view b)
{
    PartRatioRecord r = pairRecord([a](std::string_view gpu) { return gpu == a; }, b);
    r.partA = std::string(a);
    return r;
}

std::vector<PartRatioRecord> partRatioRecords(const std::vector<std::string> &parts)
{
    // Each record reads as the later part over the earlier one where the catalog's generations
    // tell which is later, else as listed.
    static constexpr std::string_view kOrder[] = {"a100-sxm4-80gb", "h100-sxm", "h200-sxm", "b200", "gb200", "gb300"};
    const auto rank = [](const std::string &gpu) {
        const auto *it = std::find(std::begin(kOrder), std::end(kOrder), gpu);
        return it == std::end(kOrder) ? -1 : int(it - std::begin(kOrder));
    };
    std::vector<PartRatioRecord> records;
    bool unmeasured = false;
    for (size_t i = 0; i < parts.size(); ++i)
        for (size_t j = i + 1; j < parts.size(); ++j) {
            if (parts[i] == parts[j])
                continue;
            const bool swap = rank(parts[i]) >= 0 && rank(parts[j]) > rank(parts[i]);
            PartRatioRecord r = swap ? partRatioRecord(parts[j], parts[i]) : partRatioRecord(parts[i], parts[j]);
            if (r.pairs > 0)
                records.push_back(std::move(r));
            else
                unmeasured = true;
        }
    if (unmeasured) {
        if (PartRatioRecord general = partRatioRecord(); general.pairs > 0)
            records.push_back(std::move(general));
    }
    return records;
}

std::string partRatioText(const PartRatioRecord &r)
{
    if (r.pairs == 0)
        return {};
    const bool pooled = r.partA == "blackwell";
    const std::string a = pooled ? "a Blackwell part" : r.partA, b = pooled ? "H100" : r.partB;
    const int pct = r.leanPct();
    char text[512];
    std::snprintf(text, sizeof text,
                  "%s over %s: the published ratio was %.2f to %.2f of the model's, median %.2f (%d same-stack "
                  "pairs from %d stacks)",
                  a.c_str(), b.c_str(), r.lowest, r.highest, r.median, r.pairs, r.stacks);
    std::string s = text;
    if (r.aboutRight())
        s += ": the model's ratio is about right (within " + std::to_string(pct) + " %)";
    else
        s += ": the model rates " + a + " against " + b + " about " + std::to_string(pct) + " % " +
             (r.modelLeanPct() > 0 ? "too high" : "too low");
    if (pooled)
        s += " (across a generation: no stack published these parts together)";
    return s;
}

} // namespace cp
