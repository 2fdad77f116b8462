#pragma once

#include "model/cost/cost.h"
#include "model/fabric/fabric.h"
#include "model/core/problem.h"
#include "model/reliability/failuredomain.h"
#include "model/reliability/reliability.h"
#include "model/training/estimate.h"

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cp {

/// Counts and bill of materials.
struct InventoryResults
{
    long long gpusTotal = 0;
    long long gpusActive = 0;
    long long gpusSpare = 0;
    long long servers = 0;    ///< 8-GPU (or other) servers
    long long supernodes = 0;
    long long racksTotal = 0;
    long long computeRacks = 0;
    long long networkRacks = 0;
    long long storageRacks = 0;
    long long nics = 0;
    std::map<std::string, long long> switchesByTier; ///< leaf/spine/core of the compute fabric
    std::map<std::string, long long> otherSwitches;  ///< storage, management networks
    long long storageNodes = 0;
    double storageCapacityTb = 0.0;
    long long powerUnits = 0;
    long long coolingUnits = 0;
    std::map<std::string, long long> partsByCatalogId; ///< every mounted or placed part
};

/// IT power of one rack.
struct RackPower
{
    std::string rackId;
    std::string row;
    double itKw = 0.0;     ///< at training load
    double maxKw = 0.0;    ///< nameplate
    double idleKw = 0.0;   ///< idle (parts' power_idle_w, else their training-load power)
    double limitKw = 0.0;  ///< the rack's rated limit
    double kwPerM2 = 0.0;  ///< training load over the rack's footprint plus its share of the aisles
    double weightKg = 0.0; ///< parts with a catalog weight_kg
};

/// Load on one power or cooling unit against its capacity.
struct UnitLoad
{
    std::string unitId;
    std::string catalogId;
    double loadKw = 0.0;     ///< load carried in the worst single failure of its group
    double capacityKw = 0.0;
    std::string group;       ///< the feed or redundancy group (the unit's id when it has none)
    double servedKw = 0.0;   ///< what its racks draw (power: nameplate; cooling: heat at training load)
};

struct PowerResults
{
    double itKwTotal = 0.0;     ///< at training load
    double itKwNameplate = 0.0;
    double itKwIdle = 0.0;      ///< every part idle (racks only; optics at full power)
    double maxKwPerM2 = 0.0;    ///< the densest rack, over footprint plus aisle share
    double opticsKw = 0.0;      ///< transceivers of the fabric's cables (included in itKwTotal)
    double facilityKwTotal = 0.0;
    double pue = 0.0;
    double maxRackKw = 0.0;
    std::vector<RackPower> racks;
    std::map<std::string, double> kwByRow;
    std::map<std::string, double> nameplateKwByFeed; ///< power group -> nameplate of the racks it feeds
    std::vector<UnitLoad> powerUnits;
    std::vector<UnitLoad> coolingUnits;
    double energyMwhPerYear = 0.0;
};

/// Training speed of the design's workload on the design's cluster (fabric as built).
struct PerformanceResults
{
    bool available = false; ///< false when the design has no GPUs or no workload runs
    EstimateSpec spec;      ///< the cluster and workload as the training model saw them (one job's)
    EstimateOutcome outcome;
    int jobs = 1;           ///< equal jobs the design runs (workload.jobs); the figures are one job's
    /// The outcome's figures are the model's times this (workload.stack_efficiency; 1 = a tuned
    /// stack, as the model and its published runs are).
    double stackEfficiency = 1.0;
};

/// Everything the engine computes for one design snapshot.
struct Results
{
    InventoryResults inventory;
    FabricResults fabric;
    PerformanceResults performance;
    PowerResults power;
    ReliabilityResults reliability;
    CostResults cost;
    Problems problems;
    std::size_t validationCount = 0; ///< problems[0, validationCount) are the design's validation
    /// Built only when the evaluation asks for them (EvaluationOptions::failureDomains); shared so
    /// that copies of the results stay cheap. Not part of the results JSON.
    std::shared_ptr<const FailureDomainIndex> failureDomains;
    std::shared_ptr<const FailurePlaces> failurePlaces; ///< the places of each failure kind
    bool refused = false; ///< beyond the design limits (DesignLimits): nothing evaluated
    bool cancelled = false;
};

} // namespace cp
