#pragma once

#include "model/cost/cost.h"
#include "model/io/estimatespec.h"
#include "model/fabric/fabric.h"
#include "model/core/problem.h"
#include "model/reliability/reliability.h"

#include <nlohmann/json_fwd.hpp>

#include <atomic>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cp {

class Catalog;
struct Design;

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
    EstimateSpec spec;      ///< the cluster and workload as the training model saw them
    EstimateOutcome outcome;
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
    bool cancelled = false;
};

/// Evaluates a design. Pure function of its inputs; `cancel` may be set from another thread,
/// in which case the partial results are returned with `cancelled` true.
Results evaluate(const Design &design, const Catalog &catalog,
                 const std::atomic<bool> *cancel = nullptr);

/// Re-evaluates a design as it is edited, recomputing only the stages an edit reaches.
///
/// Keeps the last design and every stage's output. Each call compares the new design with the
/// last one and runs: validation always (any change); inventory and rack power when racks are
/// added, removed or refilled, or the utilisation or spares change; the fabric when racks change
/// or move, or the fabric settings change; the parallelism search when the cluster it sees (GPUs,
/// fabric figures) or the workload changes; power and cooling units when racks, units, the fabric
/// or finance change; reliability on anything but finance; cost always. The results equal those
/// of evaluate() on the same design (tests/test_evaluation.cpp checks each kind of edit).
/// A cancelled run leaves partial results and makes the next call a full evaluation. The catalog
/// must outlive the evaluator and must not change (make a new evaluator for a new catalog).
/// Not thread-safe: one evaluator per thread (the GUI's worker owns one).
class Evaluator
{
public:
    explicit Evaluator(const Catalog &catalog);
    ~Evaluator();
    Evaluator(const Evaluator &) = delete;
    Evaluator &operator=(const Evaluator &) = delete;

    /// Evaluates `design`, reusing the stages whose inputs did not change since the last call.
    const Results &evaluate(const Design &design, const std::atomic<bool> *cancel = nullptr);
    /// The results of the last call.
    const Results &results() const;
    /// Forgets the last design: the next call evaluates everything.
    void reset();

    /// The stages the last call ran.
    struct Stages
    {
        bool validate = false;
        bool inventory = false; ///< inventory and rack power
        bool fabric = false;
        bool performance = false; ///< the parallelism search
        bool facility = false;    ///< power and cooling units, PUE
        bool reliability = false;
        bool cost = false;
    };
    Stages lastStages() const;

    struct State; ///< internal (model/evaluation.cpp)

private:
    std::unique_ptr<State> mState;
};

/// The results JSON of DESIGN.md ("Results JSON"); units in key names.
nlohmann::json resultsToJson(const Results &results);

} // namespace cp
