#pragma once
// The published training runs the model is validated on (tests/data/validation,
// docs/validation.md "Every row"), shipped with the tool so that every estimate can name the runs
// most like it and what the model's error was on each: the evidence beside the band.

#include <cmath>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cp {

struct EstimateSpec;

/// One validation row: what it ran and how far the model was from it.
struct PublishedRun
{
    const char *id;     ///< the spec's file name, tests/data/validation/ID.json
    const char *source; ///< the source id of docs/validation.md
    const char *name;   ///< what ran, as the source says it
    const char *gpu;    ///< catalog id of the accelerator
    double gpuPeakTflopsBf16;
    const char *precision; ///< "bf16", "fp16" or "fp8"
    bool moe;
    double paramsB; ///< total parameters, billions
    long long gpus;
    int seqLen;
    double errorPct;   ///< predicted / published − 1, in %, the calibration fitted on every row
    double heldOutPct; ///< the same with the calibration fitted without the row's source
    /// Its step was communication-bound (PerformanceBands::communicationBound): the band does not
    /// hold there, and a ratio between parts leaves it out.
    bool communicationBound;
};

/// Every validation row (model/training/publishedrunsdata.inc, written by
/// scripts/published-runs.sh; test_validation checks it against the rows and the model).
std::span<const PublishedRun> publishedRuns();

/// What the distance between two runs compares: the part, the precision class, dense or MoE, and
/// the size, scale and sequence.
struct RunShape
{
    std::string gpu;
    double gpuPeakTflopsBf16 = 0.0;
    bool fp8 = false;
    bool moe = false;
    double paramsB = 0.0, gpus = 0.0, seqLen = 0.0;
};
RunShape shapeOf(const EstimateSpec &spec);
RunShape shapeOf(const PublishedRun &run);
/// The distance nearestPublishedRuns() ranks by; finite for any input.
double runDistance(const RunShape &a, const RunShape &b);

struct NearbyRun
{
    const PublishedRun *run = nullptr;
    double distance = 0.0; ///< 0 = the same accelerator, precision, size, scale and sequence
};

/// The `count` published runs most like the spec, nearest first. The distance adds, each as a
/// log ratio: the accelerators' BF16 peaks (twice, plus 0.5 for another part), the parameters,
/// half the GPU count and half the sequence length; and 1 for another precision class (FP8 or
/// 16-bit), 1 for dense against MoE (docs/validation.md, "Nearest published runs").
std::vector<NearbyRun> nearestPublishedRuns(const EstimateSpec &spec, std::size_t count = 3);
/// What the nearest runs cannot vouch for in an estimate, shown beside them.
struct NearbyRunsCaveat
{
    /// No published run ran on the estimate's accelerator: the runs listed ran on other parts.
    bool partUnseen = false;
    /// Some published run ran on the accelerator, but none of those listed did: the nearest that
    /// did (nullptr otherwise).
    const PublishedRun *nearestOnPart = nullptr;
    /// The figures shown are the model's times this share (workload.stack_efficiency, below 1);
    /// the runs' errors are the model's own, a tuned stack's.
    double stackEfficiency = 1.0;
    bool empty() const { return !partUnseen && !nearestOnPart && !(stackEfficiency < 1.0); }
};
NearbyRunsCaveat nearbyRunsCaveat(const EstimateSpec &spec, std::span<const NearbyRun> runs,
                                  double stackEfficiency = 1.0);
/// The caveat in words, one sentence per point ("" when it is empty), for the command line and
/// the JSON; the window and the report word it themselves, translated.
std::string nearbyRunsCaveatText(const NearbyRunsCaveat &caveat, const std::string &gpuId);

/// One pair of published runs that cancels the software: the same stack (a source's release: the
/// run id's first word, within one source), model, sequence length and precision on two parts,
/// per-tensor scaling, the largest run of each side that was not communication-bound. `ratio` is
/// the published ratio of throughputs (part A over part B) over the model's, (1 + e_B) / (1 + e_A).
struct PartPair
{
    std::string stack, partA, partB;
    double ratio = 1.0;
};
/// Every such pair of the shipped runs, each two parts once.
std::vector<PartPair> sameStackPartPairs();

/// How well the model ranks two parts against each other, from the published pairs that cancel
/// the software: the same stack (a source's release: the run id's first word), model and precision
/// on both parts, per-tensor scaling, the largest run of each side that was not communication-bound.
/// Each pair's published ratio of throughputs (part A over part B) over the model's,
/// (1 + e_B) / (1 + e_A): below 1 the model rates A too high against B
/// (docs/validation.md, "Blackwell against H100 within one stack", "Between two parts").
struct PartRatioRecord
{
    std::string partA, partB; ///< catalog ids; partA "blackwell" for any of B200, GB200, GB300
    int pairs = 0;
    int stacks = 0;
    double lowest = 0.0, median = 0.0, highest = 0.0; ///< published ratio ÷ the model's
    /// How far the model's ratio of A to B is from the published one at the median, in %:
    /// positive, the model rates A too high against B.
    double modelLeanPct() const { return median > 0 ? (1.0 / median - 1.0) * 100.0 : 0.0; }
    /// The lean in whole percent, unsigned; under 3 the ratio reads as about right.
    int leanPct() const { return int(std::lround(std::fabs(modelLeanPct()))); }
    bool aboutRight() const { return leanPct() < 3; }
};
/// H100 against any Blackwell part (B200, GB200, GB300): the record across a generation.
PartRatioRecord partRatioRecord();
/// Part `a` against part `b` (catalog ids), where one stack published both; no pairs when none did.
PartRatioRecord partRatioRecord(std::string_view a, std::string_view b);
/// What a comparison of designs on `parts` (catalog ids, two or more distinct) can quote: for each
/// two of them the record between those parts where same-stack pairs exist, and otherwise — and
/// when no two have one — the record across a generation, once.
std::vector<PartRatioRecord> partRatioRecords(const std::vector<std::string> &parts);
/// A record in one line, for the command line and the JSON ("gb200 over b200: the published ratio
/// was 0.83 to 1.01 of the model's, median 0.91 (3 same-stack pairs from 2 stacks): the model rates
/// gb200 against b200 about 10 % too high"); the window and the report word it themselves,
/// translated (report::partRatioCaution).
std::string partRatioText(const PartRatioRecord &r);

/// "+17.5 %  NeMo 25.04 Nemotron-340B on 128 GB200 FP8 (nemo-25.04)": the held-out error, what ran
/// and its source, as the estimate and the evaluation print each nearby run.
std::string nearbyRunText(const NearbyRun &n);

} // namespace cp
