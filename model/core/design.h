#pragma once

#include "model/core/problem.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cp {

class Catalog;

/// The floor the racks stand on: its size and the grid racks snap to (metres).
/// The distributed floor load a hall is rated for unless it says otherwise: 12 kPa (250 lbf/ft²),
/// TIA-942's recommended distributed floor loading capacity for a computer room (its minimum is
/// 7.2 kPa), as kg/m² (12,000 Pa / 9.80665 m/s²). docs/editing.md, "Design rules".
inline constexpr double kDefaultFloorLoadKgPerM2 = 1223.7;

struct Hall
{
    std::string name = "Hall 1";
    double widthM = 40.0;
    double depthM = 30.0;
    double gridM = 0.6;
    /// The floor's rated distributed (superimposed live) load; each rack's weight spread over its
    /// footprint and half its service clearances must stay within it.
    double floorLoadKgPerM2 = kDefaultFloorLoadKgPerM2;

    bool operator==(const Hall &) const = default;
};

/// The network role of a mounted switch (scale-out compute fabric tiers, or other networks).
enum class SwitchRole { None, Leaf, Spine, Core, Storage, Management, SuperCore };
const char *switchRoleName(SwitchRole role);
std::optional<SwitchRole> switchRoleFromName(const std::string &name);

/// A part mounted in a rack: `count` units of a catalog entry from rack unit `u` upwards.
struct Mount
{
    std::string catalogId;
    int u = 1;     ///< lowest rack unit occupied, 1-based
    int count = 1; ///< identical units stacked from `u`
    SwitchRole role = SwitchRole::None;

    bool operator==(const Mount &) const = default;
};

/// A rack on the hall floor. Position is the rack's centre in metres; rotation in degrees.
struct Rack
{
    std::string id;
    std::string catalogId;
    double xM = 0.0;
    double yM = 0.0;
    double rotationDeg = 0.0;
    std::string row;
    std::vector<Mount> contents;

    bool operator==(const Rack &) const = default;
};

enum class Redundancy { N, NPlus1, TwoN };
const char *redundancyName(Redundancy r);
std::optional<Redundancy> redundancyFromName(const std::string &name);

/// A power unit (PDU, busway, UPS) or cooling unit (CRAH, rear door, CDU) and the racks it serves.
/// Units with the same `group` share the load of the racks they serve under the group's redundancy.
struct FacilityUnit
{
    std::string id;
    std::string catalogId;
    double xM = 0.0;
    double yM = 0.0;
    std::string group; ///< units that back each other up (A/B feeds, N+1 CRAHs)
    Redundancy redundancy = Redundancy::N;
    std::vector<std::string> serves; ///< rack ids

    bool operator==(const FacilityUnit &) const = default;
};

enum class TopologyKind { RailOptimized, LeafSpine };
const char *topologyName(TopologyKind kind);
std::optional<TopologyKind> topologyFromName(const std::string &name);

/// The scale-out compute fabric: its shape, switch and link models.
struct FabricSettings
{
    TopologyKind topology = TopologyKind::RailOptimized;
    int tiers = 0;                       ///< 0 = chosen from size and switch radix
    std::vector<double> oversubscription; ///< per tier above the leaf; empty = 1:1
    std::string switchId;                ///< catalog switch used for every tier
    std::string nicId;                   ///< overrides the servers' NIC when set
    std::string shortCableId;            ///< within a row (copper)
    std::string longCableId;             ///< between rows (optics)

    bool operator==(const FabricSettings &) const = default;
};

/// Parallelism of the training job. `automatic`: the search chooses every degree; otherwise the
/// degrees are the layout as run (each at least 1). `etp` and `zero` hold in both modes.
struct Parallelism
{
    bool automatic = true;
    int tp = 0, pp = 0, dp = 0, cp = 0, ep = 0;
    int microbatch = 0;
    int interleave = 0;
    /// MoE only: tensor-parallel ranks one expert is split over (Megatron-Core
    /// expert_tensor_parallel_size): 0 = the search's choice, 1 = each expert whole on one GPU,
    /// tp = split like the dense MLP (docs/model.md §2.2).
    int etp = 0;
    /// ZeRO / distributed-optimizer stage 0-3; -1 = the search's choice. Files name it "auto".
    int zero = -1;

    bool operator==(const Parallelism &) const = default;
};

/// The transformer the cluster trains, and how.
struct Workload
{
    std::string name = "Llama-3-405B-like";
    int layers = 126;
    int hidden = 16384;
    int heads = 128;
    int kvHeads = 8;
    int ffnHidden = 53248;
    int vocab = 128256;
    int experts = 0;        ///< 0 = dense
    int activeExperts = 0;
    /// MoE only: one routed expert's FFN width (0 = ffn_hidden; DeepSeek-V3: 2,048 beside a dense
    /// 18,432) and the shared experts every token also passes through (DeepSeek-V3: 1).
    int expertFfnHidden = 0;
    int sharedExperts = 0;
    /// Multi-token prediction modules after the last layer (DeepSeek-V3: 1); 0 = none.
    int mtpLayers = 0;
    /// MoE only: routed tokens the busiest expert-parallel rank receives over the mean share, in
    /// [1, 16]; 1 = balanced routing (docs/model.md §2.2, "Routing imbalance").
    double moeLoadImbalance = 1.0;
    /// MoE only: group-limited routing, the experts' groups and the groups one token may use
    /// (DeepSeek-V3: 8 and 4); 0 and 0 = no limit (docs/model.md §2.3).
    int moeGroups = 0;
    int moeTopGroups = 0;
    /// MoE only: how routed tokens reach their experts, "all_to_all" (each copy on its own) or
    /// "deduplicated" (once per server, forwarded inside it: DeepEP); and the precision the
    /// dispatch direction travels in, "bf16" or "fp8" (with an FP8 precision). Files without the
    /// keys read "all_to_all" and "bf16".
    std::string moeDispatcher = "all_to_all";
    std::string moeDispatchPrecision = "bf16";
    /// The software stack the run uses. "default" leaves a field to the model's default (flash,
    /// true, true, fp32), which the estimate lists as assumed and tries the other way (docs/estimate.md,
    /// "What the defaults move"). attention "flash" or "unfused"; sequence_parallel and overlap_comm
    /// "true" or "false"; grad_reduce "fp32" or "bf16". Files without the keys read "default".
    std::string attention = "default";
    std::string sequenceParallel = "default";
    std::string overlapComm = "default";
    std::string gradReduce = "default";
    int seqLen = 8192;
    /// Tokens per optimizer step; 0 = automatic: it follows the job's GPU count up to the
    /// critical batch (docs/model.md, "Global batch"). Files name it "auto".
    double globalBatchTokens = 16777216.0;
    /// The design's GPUs run this many equal, independent jobs, each training the workload (a
    /// campus split per hall or per building); 1 = one job on every GPU.
    int jobs = 1;
    double tokens = 15.6e12;
    std::string precision = "bf16"; ///< bf16 | fp8
    /// Activation recomputation: "auto" (the search chooses), or none | selective | block |
    /// offload | full as the run was configured. Design files before version 2 (projects before
    /// schema 4) stored a value that was never applied; it is read as "auto".
    std::string recompute = "auto";
    /// The pipeline's schedule: "1f1b" (interleaved when the layout has chunks) or "dualpipe"
    /// (DeepSeek-V3's, docs/model.md §2.4). Files without the key read "1f1b".
    std::string pipelineSchedule = "1f1b";
    Parallelism parallelism;
    /// Share of the modelled (tuned) throughput the team's software stack reaches, in (0, 1].
    /// 1 = a tuned stack, as the training model is calibrated. Seed 002: a new self-built team
    /// reaches "20-something %" MFU where a hosted platform reaches 40 %+ (docs/cost.md).
    double stackEfficiency = 1.0;

    bool operator==(const Workload &) const = default;
};

/// An uncertain input as factors on its typical value: the 10th (low ≤ 1) and 90th (high ≥ 1)
/// percentile, sampled as a split log-normal (model/core/sampling.h). {1, 1} is a point.
struct FactorRange
{
    double low = 1.0, high = 1.0;
    bool operator==(const FactorRange &) const = default;
};

/// Failure rates, checkpointing and spares.
/// The default rates are derived from Llama 3 Table 5 (419 unexpected interruptions in 54 days on
/// 16,384 H100 in 8-GPU servers): each cause divided by the part-hours of its kind in that cluster
/// (derivation in docs/reliability.md). Facility rates are assumptions (Table 5 has no facility cause).
struct ReliabilitySettings
{
    double gpuMtbfHours = 79200.0;      ///< 268 GPU causes / (16,384 GPUs × 1,296 h)
    double nodeMtbfHours = 57700.0;     ///< 46 host causes / (2,048 servers × 1,296 h)
    double switchMtbfHours = 502000.0;  ///< share of 35 switch/cable causes (4 × a link's rate)
    double linkMtbfHours = 2010000.0;   ///< share of 35 switch/cable causes, per cable or optic pair
    double nicMtbfHours = 3030000.0;    ///< 7 NIC causes / (16,384 NICs × 1,296 h)
    /// Per GPU: the 9 NCCL watchdog and dependency causes of Table 5 (the 54 software bugs are
    /// counted per job, jobMtbfHours). Files without `job_mtbf_hours` read 337,000 h (all 63 per GPU).
    double softwareMtbfHours = 2360000.0;
    /// Causes that stop a job whatever its size (software bugs, storage, scheduler, network-wide
    /// events), per job: Llama 3's 54 software bugs in 1,296 h. 0 = none (files written before).
    double jobMtbfHours = 24.0;
    double powerUnitMtbfHours = 500000.0;   ///< PDU, busway, UPS (assumption)
    double coolingUnitMtbfHours = 200000.0; ///< CRAH, rear door, CDU (assumption)
    double checkpointIntervalMinutes = 0.0; ///< 0 = optimal (Young/Daly)
    /// A preset of model/reliability/policy.h ("2021-baseline", "llama3-2024", "state-of-the-art")
    /// or "custom": then the fields below, from detectMinutes to repairHours, are the policy.
    /// Files written before policies existed read "custom".
    std::string policy = "llama3-2024";
    double detectMinutes = 5.0;  ///< from the fault to the job noticing it (watchdog, health check)
    double restartMinutes = 10.0; ///< relaunch on healthy GPUs (a hot spare swaps in here), fixed part
    double initSecondsAt1k = 0.0; ///< communicator initialisation of a 1,024-GPU job (custom policy)
    double initExponent = 1.0;    ///< … growing as (GPUs / 1,024)^initExponent
    std::string checkpointKind = "blocking"; ///< blocking | async | in-memory (custom policy)
    std::string withoutSpare = "shrink";     ///< shrink | wait (custom policy)
    double warmupMinutes = 5.0;  ///< after the restore, until steps run at full speed again
    double repairHours = 24.0;   ///< a failed part back in service (no spare: the job shrinks meanwhile)
    int hotSparesPerDomain = -1; ///< -1 = the catalog's default for the domain
    /// Whole servers (8-GPU class) installed as a spare pool: counted in gpus_total, not given to
    /// the job; a failed server's share moves to a spare at restart (docs/cost.md, "Spare servers").
    int spareServers = 0;
    /// What is not known about the rates and times: each factor's 10th and 90th percentile
    /// (log-normal around 1), sampled for the P10/P90 band (docs/reliability.md, "Ranges").
    using Range = FactorRange;
    Range hardwareRange{0.5, 2.0}; ///< per-part rates: fleets differ several-fold
    Range jobRange{0.5, 3.0};      ///< size-independent causes: production run vs research cluster
    Range recoveryRange{0.6, 2.0}; ///< detection, restart and warm-up times
    Range repairRange{0.5, 2.0};   ///< repair and RMA times

    bool operator==(const ReliabilitySettings &) const = default;
};

/// How the cloud alternative (and a cloud-hosted design's rent) is priced.
enum class CloudPricing { OnDemand, Reserved };
const char *cloudPricingName(CloudPricing p);
std::optional<CloudPricing> cloudPricingFromName(const std::string &name);

/// Who owns the hardware: the user (bought, CAPEX) or a cloud provider (rented per GPU-hour).
enum class Ownership { SelfBuilt, CloudHosted };
const char *ownershipName(Ownership o);
std::optional<Ownership> ownershipFromName(const std::string &name);

/// The longest hardware life and delivery a design may set: validation reports more as an error,
/// and the cost model never plans beyond them.
inline constexpr double kMaxLifeYears = 30.0;
inline constexpr double kMaxDeliveryMonths = 120.0;

/// Money: life, energy, cooling efficiency, staff and the cloud alternative.
struct FinanceSettings
{
    double lifeYears = 5.0;          ///< depreciation lives in 10-Ks: 5-6 years (figures.md F)
    double energyUsdPerKwh = 0.078;  ///< SemiAnalysis "100,000 H100 Clusters" (EIA 2023 industrial 8.06 c)
    double pue = 0.0; ///< 0 = derived from the cooling design
    double staffFte = 0.0; ///< 0 = scaled from the design size (model/cost.cpp)
    double staffUsdPerYear = 200000.0; ///< assumption: fully loaded HPC operations engineer
    /// On-demand cloud price per GPU-hour; 0 = the catalog price of the design's accelerator
    /// (figure cloud_usd_per_gpu_hour, with its source). Schema 2 files stored the old default, the
    /// H100 price 2.49, for every design; the migration to schema 3 turns exactly 2.49 back into 0.
    double cloudUsdPerGpuHour = 0.0;
    double utilisation = 0.9; ///< share of nameplate drawn at training load (devices without typical power)
    // Cost model (model/cost.cpp, docs/cost.md): every default cites its source.
    /// Facility build per MW of critical IT: Cushman & Wakefield "Data Center Development Cost
    /// Guide 2025", average of 19 US markets ($9.3M-15.0M), excl. land and soft costs.
    double facilityUsdPerMw = 11.7e6;
    /// > 0: rent colocation space instead of building (per kW of critical IT per month, OPEX);
    /// 0 = build. No public colocation rate was collected (figures.md), so no default.
    double colocationUsdPerKwMonth = 0.0;
    /// Cooling plant on top of the facility build, per kW of heat. Air: 0, as C&W's $/MW includes the
    /// mechanical plant of an air-cooled hall. Liquid: assumption $3,300/kW = AI-optimised build
    /// $15M/MW (infra-economics.com, low end, L) minus C&W's $11.7M/MW average.
    double coolingAirUsdPerKw = 0.0;
    double coolingLiquidUsdPerKw = 3300.0;
    /// Integration, burn-in and acceptance labour, share of hardware CAPEX (assumption: no public figure).
    double integrationFraction = 0.03;
    /// Maintenance and support per year, share of hardware CAPEX. Assumption with its arithmetic
    /// (docs/cost.md): an OEM price includes 3 years of hardware warranty; years 4-5 are bought at
    /// about the DGX list support rate, ~12 % a year of the base price (supercluster.blog: ~20 % for
    /// 1 year, list, L; less at volume), plus ~1 %/yr of on-site parts logistics over all 5 years:
    /// (2 × 12 % + 5 × 1 %) / 5 ≈ 5 % a year. No authoritative figure was found (figures.md F).
    double maintenanceFraction = 0.05;
    /// Software licences per GPU per year, an explicit option: 0 by default, as frontier builders
    /// run their own stack and an HGX/DGX purchase bundles the vendor's (docs/cost.md); the list
    /// price of NVIDIA AI Enterprise is $4,500 (SemiAnalysis "AI Neocloud Playbook", M).
    double softwareUsdPerGpuYear = 0.0;
    /// Spare parts bought per year, share of hardware CAPEX. Assumption: a ~2% spare pool (Lenovo
    /// guidance, figures.md Caveats) replenished once a year.
    double sparesFraction = 0.02;
    /// Months from order to a productive cluster (staff paid meanwhile); 0 = from the lead times
    /// of what the design needs (model/cost/schedule.h: GPU systems, hall construction,
    /// switchgear, chillers, liquid loop, installation). Files saved with a figure keep it.
    double deliveryMonths = 0.0;
    /// The cloud comparison (and a hosted design's rent): on-demand, or reserved for a term.
    CloudPricing cloudPricing = CloudPricing::OnDemand;
    /// Reserved (committed) price per GPU-hour; 0 = the catalog figure cloud_reserved_usd_per_gpu_hour.
    double cloudReservedUsdPerGpuHour = 0.0;
    /// Length of a reservation; the rented time is rounded up to whole terms (committed spend).
    double reservedTermYears = 1.0;
    /// Discount rate (cost of capital, WACC) a year for present values. Assumption: 8 % (docs/cost.md).
    double discountRate = 0.08;
    /// Self-built (CAPEX) or cloud-hosted (rent per GPU-hour, no hardware, energy or facility).
    Ownership ownership = Ownership::SelfBuilt;
    /// Share of the installed GPU-hours doing useful work over the life (queues, idle time,
    /// maintenance windows; separate from goodput, which is the running job's own loss). The
    /// on-demand cloud alternative rents only these hours (docs/cost.md, "Utilisation").
    double fleetUtilisation = 0.85;
    /// The cloud price falls by this share a year from the order date (on demand each month; a
    /// reservation at each new term). Source in docs/cost.md.
    double cloudPriceDeclinePerYear = 0.10;
    /// The building and its plant are written off over this life; at the end of the design's
    /// life their book value is credited (residual value). Source in docs/cost.md.
    double facilityLifeYears = 20.0;
    /// The uncertain inputs' ranges (model/cost/uncertainty.h lists them with their sources), keyed
    /// by their file name ("compute_price"). Absent = the documented default; throughput and
    /// goodput default to the training and reliability models' own bands.
    std::map<std::string, FactorRange> ranges;
    int uncertaintySeed = 1;     ///< the Monte Carlo's seed: the same seed gives the same ranges
    int uncertaintyDraws = 1000; ///< draws of the cost Monte Carlo

    bool operator==(const FinanceSettings &) const = default;
};

/// The layout the user edits: hall, racks and their contents, power and cooling, and settings.
struct Design
{
    std::string name = "Untitled design";
    std::string description;
    Hall hall;
    std::vector<Rack> racks;
    std::vector<FacilityUnit> powerUnits;
    std::vector<FacilityUnit> coolingUnits;
    FabricSettings fabric;
    Workload workload;
    ReliabilitySettings reliability;
    FinanceSettings finance;

    const Rack *findRack(const std::string &id) const;
    bool operator==(const Design &) const = default;
};

/// The first control character in an id or a row name (a NUL, an escape, a line break) as
/// "U+00HH at position N"; empty when there is none. Ids are printed, exported and matched.
std::string controlCharacterIn(const std::string &text);

/// A rack's rotation as validation and the editor accept it: finite, within ±360 degrees.
bool rotationInRange(double degrees);

/// Checks a design against itself and the catalog. Returns every problem with its place
/// (e.g. "racks[3] (\"R03\").contents[1]"); an empty list means the design is sound.
Problems validate(const Design &design, const Catalog &catalog);

/// The catalog entries a design uses, directly or through references (a server's accelerator
/// and NIC): what a saved project embeds so that it keeps the figures it was decided on.
Catalog usedCatalogEntries(const Design &design, const Catalog &catalog);

/// The design's settings without its racks and units (name, description, hall, fabric, workload,
/// reliability, finance). A field added to Design must be copied here too (test_projectfile's
/// round trips compare whole designs).
Design designSettings(const Design &design);

} // namespace cp
