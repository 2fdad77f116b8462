#pragma once

#include "model/training/estimate.h"

namespace cp {

class Catalog;
struct Design;
struct FabricResults;
struct Workload;

/// The cluster a design describes: GPUs active (inventory), the accelerator of its servers or
/// supernodes, the scale-up domain (node GPUs minus spares), NIC bandwidth per GPU (nics × Gb/s /
/// GPUs, or the fabric's NIC override), tiers, switch radix and oversubscription of its fabric.
/// `gpusActive` and `fabric` come from the engine's inventory and fabric stages: the tiers and the
/// oversubscription are those the racks build.
/// Throws std::invalid_argument if the design has no GPU node.
ClusterSpec clusterFromDesign(const Design &design, const Catalog &catalog, long long gpusActive,
                              const FabricResults &fabric);
/// GPUs of one of `jobs` equal jobs on `gpusActive`: whole scale-up domains of `domainGpus`.
long long jobGpus(long long gpusActive, int jobs, int domainGpus);
/// The largest batch the automatic batch grows to: twice DeepSeek LLM's optimum for the compute
/// budget (docs/model.md, "Global batch"); 0 without a budget.
double criticalBatchTokens(const ModelSpec &model, double tokens);
/// The automatic global batch: 1,024 tokens per GPU (Llama 3 405B), at least 16M (or the critical
/// batch if smaller), at most the critical batch, as a power of two of sequences.
double automaticBatchTokens(const ModelSpec &model, double tokens, long long gpus, int seqLen);
/// The transformer a design's workload describes (dense unless it names experts).
ModelSpec modelFromWorkload(const Workload &workload);
/// The design's cluster and workload as an estimate spec (parallelism fixed where the workload
/// fixes it, searched otherwise; recomputation searched).
EstimateSpec estimateSpecFromDesign(const Design &design, const Catalog &catalog,
                                    long long gpusActive, const FabricResults &fabric);

} // namespace cp
