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
/// The transformer a design's workload describes (dense unless it names experts).
ModelSpec modelFromWorkload(const Workload &workload);
/// The design's cluster and workload as an estimate spec (parallelism fixed where the workload
/// fixes it, searched otherwise; recomputation searched).
EstimateSpec estimateSpecFromDesign(const Design &design, const Catalog &catalog,
                                    long long gpusActive, const FabricResults &fabric);

} // namespace cp
