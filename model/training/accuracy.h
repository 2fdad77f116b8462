#pragma once

// How far the training model's predictions can be trusted: the regimes its validation rows fall
// in, the P10–P90 band each regime's held-out errors give (docs/validation.md), and the validation
// itself — every published row predicted with one calibration, and again with the calibration
// fitted without the row's source (leave-one-source-out).

#include "model/training/estimate.h"

#include <string>
#include <vector>

namespace cp {

/// The kinds of run whose errors differ (docs/validation.md, "Error bands"). A run belongs to
/// the first that applies, in this order.
enum class Regime {
    Moe,          ///< mixture of experts
    LongContext,  ///< sequence ≥ 32,768 tokens
    Fp8,          ///< FP8 GEMMs
    LargeScale,   ///< ≥ 4,096 GPUs
    Dense,        ///< the rest: dense BF16 below 4,096 GPUs
    Count
};
const char *regimeName(Regime r);
Regime regimeOf(const ClusterSpec &cluster, const ModelSpec &model, const TrainingSpec &training);

/// A prediction's P10–P90 band as factors on a throughput (TFLOP/s, MFU, tokens/s): the published
/// value of a run like this lies between prediction × low and prediction × high in 8 of 10 cases.
/// Times (step time, time to train) take the reciprocal factors.
struct Band
{
    double low = 1.0, high = 1.0;
    int rows = 0;            ///< validation rows the band was measured on
    bool pooled = false;     ///< too few rows of its own: measured on all rows
};
Band predictionBand(Regime r);

/// A figure with its P10–P90 band.
struct BandedFigure
{
    double value = 0.0, p10 = 0.0, p90 = 0.0;
};

/// Each performance figure of an estimate with the band of the run's regime: throughputs
/// (TFLOP/s, MFU, tokens/s) times the band's factors, times (step, time to train) divided by them.
struct PerformanceBands
{
    Regime regime = Regime::Dense;
    Band band;
    BandedFigure stepTimeS, modelTflopsPerGpu, hardwareTflopsPerGpu, mfu, tokensPerS, timeToTrainDays;
    /// The step's data-parallel traffic over its compute. From 2/3 up the traffic is at least the
    /// backward pass it hides behind (dataParallelComm's window), so how it is scheduled decides
    /// the step, and the band — measured on runs well below that — does not hold there
    /// (docs/validation.md, "Communication-bound steps").
    double dpOverCompute = 0.0;
    bool communicationBound() const;
};
PerformanceBands performanceBands(const EstimateSpec &spec, const StepEstimate &estimate);
/// The published runs that were communication-bound (PerformanceBands::communicationBound): how
/// many, and the lowest and highest of their published throughput in % of the predicted one
/// (docs/validation.md, "Communication-bound steps"). Measured on the validation rows; the one
/// place every caution — the model's text, the Results dock, the report — takes it from, and
/// test_validation recomputes it from the rows.
struct CommunicationBoundRecord
{
    int runs = 0;
    int lowestPct = 0;  ///< the published throughput, at its lowest, in % of the predicted
    int highestPct = 0; ///< the published throughput, at its highest, in % of the predicted
};
CommunicationBoundRecord communicationBoundRecord();
/// The median of `values` (the middle one, or the mean of the middle two); 0 when empty.
double median(std::vector<double> values);
/// What a reader of the band must know besides it, "" when nothing: the step is
/// communication-bound, a regime the band does not cover.
std::string bandCaution(const PerformanceBands &b);

/// The figure of an estimate a published metric names (tokens_per_s_per_gpu divides by `gpus`).
double predictedFigure(const StepEstimate &e, const std::string &metric, long long gpus);

/// One validation row: a spec with its published figure.
struct ValidationCase
{
    std::string id;
    EstimateSpec spec;
};

struct ValidationRow
{
    std::string id, source, metric, layout;
    /// The configuration the row measures — accelerator, model (depth, width, FFN width,
    /// vocabulary), precision and sequence length — whatever its layout and GPU count: rows of
    /// different sources with the same configuration measured the same thing on different software.
    std::string configuration;
    Regime regime = Regime::Dense;
    double published = 0.0;
    double predicted = 0.0;       ///< with the calibration fitted on every row
    double heldOut = 0.0;         ///< with the calibration fitted without the row's source
    bool feasible = false;
    /// When the spec leaves the micro-batch to the search: the figure's lowest and highest value
    /// over the micro-batch sizes 1, 2 and 4 that run, the rest of the layout still searched,
    /// and the sizes that give them (0 when none of them runs).
    bool microbatchSearched = false;
    double microbatchLow = 0.0, microbatchHigh = 0.0;
    int microbatchAtLow = 0, microbatchAtHigh = 0;
    bool microbatchFree() const { return microbatchSearched; }
    bool publishedInMicrobatchSpan() const
    {
        return microbatchLow > 0 && published >= microbatchLow * (1 - 1e-9) &&
               published <= microbatchHigh * (1 + 1e-9);
    }
    double error() const { return published > 0 ? predicted / published - 1.0 : 0.0; }
    double heldOutError() const { return published > 0 ? heldOut / published - 1.0 : 0.0; }
};

/// What the sources' disagreement leaves to any calibration: the rows whose configuration
/// (ValidationRow::configuration) two or more sources published, the model's median |error| on
/// them, and the median |error| left when each configuration's predictions take the one factor
/// that fits its rows best (the median published / predicted of its rows) — what a change of
/// constants or of a mechanism that moves a configuration's rows together could reach at best on
/// them (docs/validation.md, "How far one calibration can go").
struct SharedConfigurations
{
    int configurations = 0, rows = 0;
    double modelMedianError = 0.0; ///< |error| of the rows as predicted
    double floorMedianError = 0.0; ///< |error| with the best factor per configuration
    int floorWithin4Pct = 0;       ///< rows within ±4 % with that factor
    struct Configuration
    {
        std::string name;
        int sources = 0, rows = 0;
        double factor = 1.0;          ///< the median published / predicted of its rows
        double low = 1.0, high = 1.0; ///< its rows' lowest and highest published / predicted
    };
    std::vector<Configuration> each;
};
SharedConfigurations sharedConfigurations(const std::vector<ValidationRow> &rows);

/// A value and the weight it counts with.
struct Weighted
{
    double value = 0.0;
    double weight = 0.0;
};
/// Quantile `q` of weighted values: each value stands at the middle of its weight's share of the
/// total, and the quantile is read between the two values around `q` (with equal weights, the
/// Hazen plotting position).
double weightedQuantile(std::vector<Weighted> v, double q);
/// published / held-out prediction of `rows`, each source weighing 1 in all (its rows share it):
/// what the error bands are read from (docs/validation.md, "Error bands").
std::vector<Weighted> bySourceWeight(const std::vector<const ValidationRow *> &rows);

/// The validation of the model against published rows.
struct ValidationReport
{
    std::vector<ValidationRow> rows;
    double fittedGemmEfficiency = 0.0;    ///< Calibration::gemmEfficiencyMax fitted on every row
    double fittedFp8GemmEfficiency = 0.0; ///< Calibration::fp8GemmEfficiency fitted on every row
    /// The fit on every row lies on an end of its range: the rows ask for a value beyond it.
    bool fitAtBound = false;
    /// Per held-out source: the values fitted without it.
    struct HeldOutFit
    {
        std::string source;
        double gemm = 0.0, fp8 = 0.0;
        /// No row of another source to fit on: the source is predicted with the calibration in use.
        bool calibrationInUse = false;
        /// The fit without the source ran into an end of the fitted range: the other sources ask
        /// for a value beyond it, so the source's held-out rows are predicted with a clamped
        /// constant (and, where every fold is clamped alike, differ little from the in-sample ones).
        bool atBound = false;
    };
    std::vector<HeldOutFit> heldOutFits;
    double medianError = 0.0, maxError = 0.0;               ///< |error|, all rows
    double heldOutMedianError = 0.0, heldOutMaxError = 0.0; ///< |held-out error|
    int sources = 0;
    /// Band per regime from the held-out errors (as predictionBand() should hold them).
    std::vector<Band> bands;
    /// Rows whose micro-batch is unpublished, and of them those whose published figure lies within
    /// the span of the micro-batch sizes that run (ValidationRow::microbatchLow/High).
    int microbatchFreeRows = 0, publishedInMicrobatchSpan = 0;
    /// Share of rows whose published value lies inside the band of their regime (predictionBand()).
    double coverage = 0.0;
    /// The same share with nothing of the row's source used: the row's held-out prediction and a
    /// band measured on the other sources' rows alone (leave-one-source-out, like
    /// heldOutMedianError) — the coverage a run from a source the table lacks can expect.
    double heldOutCoverage = 0.0;
    SharedConfigurations shared;
};

/// The calibration constants the validation fits, together, to minimise the mean |log error| with
/// each row's share capped at a factor of 1.3 (a row the model does not explain does not move them):
/// the share of the sustained GEMM rate large GEMMs reach in a step (gemmEfficiencyMax, on
/// [0.60, 0.95] in steps of 0.005) and the FP8 GEMMs' relative share (fp8GemmEfficiency, on
/// [0.60, 1.00] in steps of 0.01).
ValidationReport validateModel(const std::vector<ValidationCase> &cases,
                               const Calibration &base = defaultCalibration());

/// The report as the Markdown tables of docs/validation.md.
std::string validationMarkdown(const ValidationReport &report);

} // namespace cp
