#pragma once

#include "model/training/parallelismsearch.h"
#include "model/training/trainingmodel.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace cp {

class Catalog;
struct Design;
struct FabricResults;
struct Workload;

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
};

/// Reads an estimate spec; throws LoadError naming the file, the JSON path and the problem.
EstimateSpec loadEstimateSpec(const std::string &path, const Catalog &catalog);
EstimateSpec parseEstimateSpec(const nlohmann::json &json, const std::string &origin,
                               const Catalog &catalog);

/// The cluster a design describes: GPUs active (inventory), the accelerator of its servers or
/// supernodes, the scale-up domain (node GPUs minus spares), NIC bandwidth per GPU (nics × Gb/s /
/// GPUs, or the fabric's NIC override), tiers, switch radix and oversubscription of its fabric.
/// `gpusActive` and `fabric` come from the engine's inventory and fabric stages: the tiers and the
/// oversubscription are those the racks build.
/// Throws std::invalid_argument if the design has no GPU node.
ClusterSpec clusterFromDesign(const Design &design, const Catalog &catalog, long long gpusActive,
                              const FabricResults &fabric);
/// The transformer a design's workload describes (dense unless it names experts).
ModelSpec modelFromWorkload(const Workload &workload);
/// The design's cluster and workload as an estimate spec (parallelism fixed where the workload
/// fixes it, searched otherwise; recomputation searched).
EstimateSpec estimateSpecFromDesign(const Design &design, const Catalog &catalog,
                                    long long gpusActive, const FabricResults &fabric);

/// The outcome of `estimate`: the configuration used and, when a search ran, what it found.
struct EstimateOutcome
{
    StepEstimate estimate;
    bool searched = false;
    SearchResult search;
    std::vector<std::string> chosenBySearch; ///< parallelism fields the search chose
    long long gpusUsed = 0; ///< GPUs the job runs on: the cluster's, or fewer when that trains faster
};

/// Runs a spec: a direct estimate when the parallelism is complete, else a search over the
/// free fields. `outcome.estimate.infeasible` tells when nothing runs.
EstimateOutcome runEstimate(const EstimateSpec &spec, const SearchOptions &options = {});

/// The output JSON of `estimate` (docs/estimate.md): step_time_s, model/hardware TFLOP/s per GPU,
/// mfu, tokens_per_s, memory_gb_per_gpu, time_to_train_days, breakdown, parallelism_used, …
nlohmann::json estimateToJson(const EstimateSpec &spec, const EstimateOutcome &outcome);
/// The same as readable text.
std::string estimateToText(const EstimateSpec &spec, const EstimateOutcome &outcome);

nlohmann::json parallelToJson(const ParallelConfig &c);

} // namespace cp
