#pragma once

#include "model/training/parallelismsearch.h"
#include "model/training/trainingmodel.h"

#include <optional>
#include <string>
#include <vector>

namespace cp {

struct CatalogEntry;

/// A published measurement of the run a spec describes (validation specs, docs/validation.md).
struct PublishedFigure
{
    std::string source; ///< short id of the publication (rows of one source are held out together)
    std::string metric; ///< hardware_tflops_per_gpu, model_tflops_per_gpu, mfu, tokens_per_s_per_gpu
    double value = 0.0;
};

/// A workload on a described cluster, without a layout: what `cluster-planner-cli estimate` reads
/// (format in docs/estimate.md).
struct EstimateSpec
{
    std::string name;
    ClusterSpec cluster;
    ModelSpec model;
    TrainingSpec training;
    ParallelConstraints parallelism; ///< unset fields are chosen by the search
    double tokens = 0.0;
    /// "key = value (why)" for every value the spec left out and a default filled in.
    std::vector<std::string> defaultsUsed;
    /// What the run measured, when the spec describes a published run (key `published`).
    std::optional<PublishedFigure> published;
};

/// The outcome of `estimate`: the configuration used and, when a search ran, what it found.
/// One job size a search tried: its GPUs, how many of each scale-up domain, and what it found.
struct JobSizeOption
{
    long long gpus = 0;
    int domainGpus = 0;
    SearchResult search;
};

struct EstimateOutcome
{
    StepEstimate estimate;
    bool searched = false;
    SearchResult search;
    std::vector<std::string> chosenBySearch; ///< parallelism fields the search chose
    long long gpusUsed = 0; ///< GPUs the job runs on: the cluster's, or fewer when that trains faster
    int domainGpusUsed = 0; ///< of each scale-up domain it runs on (fewer than the domain's: the rest idle)
    /// Every job size tried that runs, the cluster's first; `gpusUsed` is the fastest unless the
    /// caller chose another (selectJobSize) by what it delivers after failures.
    std::vector<JobSizeOption> sizes;
    bool chosenByGoodput = false; ///< the size was chosen by effective throughput, not speed

    /// Makes sizes[i] the outcome: its search, GPUs and best estimate.
    void selectJobSize(size_t i);
};

/// Runs a spec: a direct estimate when the parallelism is complete, else a search over the
/// free fields. `outcome.estimate.infeasible` tells when nothing runs.
EstimateOutcome runEstimate(const EstimateSpec &spec, const SearchOptions &options = {},
                            const Calibration &cal = defaultCalibration());

/// What one software-stack field the spec left to its default moves: the estimate's layout run
/// again with the field's other common setting (docs/estimate.md, "What the defaults move").
struct AssumptionEffect
{
    std::string field;       ///< e.g. "training.grad_reduce"
    std::string assumed;     ///< the default the estimate used
    std::string alternative; ///< the other setting tried
    bool runs = false;       ///< the layout runs with it (fits in memory)
    double throughputChange = 0.0; ///< tokens/s with it ÷ tokens/s as estimated − 1, when it runs
};

/// The effect of each defaulted stack field — gradient reduction precision, communication
/// overlap, attention kernel, sequence parallelism (with TP), MoE dispatcher (MoE) — on the
/// estimate's own layout. Empty when the estimate does not run or the spec gave every one.
std::vector<AssumptionEffect> assumptionEffects(const EstimateSpec &spec, const EstimateOutcome &outcome,
                                                const Calibration &cal = defaultCalibration());

/// Tiers of a fat tree of `radix`-port switches that reach `gpus` endpoints: 2·(k/2)^L ≥ gpus
/// (Al-Fares et al., SIGCOMM 2008).
int fatTreeTiers(double gpus, int radix);

/// The training model's view of an accelerator catalog entry (peaks, HBM, sustained GEMM rate).
GpuSpec gpuFromCatalog(const CatalogEntry &e);

} // namespace cp
