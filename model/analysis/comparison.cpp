#include "model/analysis/comparison.h"

#include "model/training/collectives.h"
#include "model/engine/evaluation.h"
#include "model/training/trainingmodel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <map>
#include <sstream>

namespace cp {

namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

/// How a row is computed: a figure of one design's results, NaN when it has none.
struct RowSpec
{
    const char *key;
    const char *label;
    const char *source;
    double (*value)(const Results &);
    int decimals;
    Better better;
    const char *missing = "-";
    const char *note = "";
};

std::string fixed(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

/// A share in percent, NaN when the whole is zero.
double percent(double part, double whole)
{
    return whole > 0 ? 100.0 * part / whole : kNone;
}

double perf(const Results &r, double (*f)(const StepEstimate &))
{
    return r.performance.available && r.performance.outcome.estimate.feasible() ? f(r.performance.outcome.estimate)
                                                                                : kNone;
}

double rel(const Results &r, double v)
{
    return r.reliability.available ? v : kNone;
}

double costFigure(const Results &r, double v)
{
    return r.cost.available ? v : kNone;
}

double capexShare(const Results &r, const char *category)
{
    const auto it = r.cost.capexByCategoryUsd.find(category);
    return r.cost.available && it != r.cost.capexByCategoryUsd.end() ? percent(it->second, r.cost.capexUsd) : kNone;
}

/// The highest load of a unit after the worst single failure of its group, % of its capacity
/// (N: the unit itself carries its racks; N+1 and 2N: a survivor carries the failed unit's share).
double worstUnitLoad(const std::vector<UnitLoad> &units)
{
    double worst = kNone;
    for (const UnitLoad &u : units)
        if (u.capacityKw > 0) {
            const double p = 100.0 * u.loadKw / u.capacityKw;
            worst = std::isnan(worst) ? p : std::max(worst, p);
        }
    return worst;
}

long long fabricSwitches(const Results &r)
{
    long long n = 0;
    for (const auto &[tier, count] : r.inventory.switchesByTier)
        n += count;
    return n;
}

const FailureDomainKind *kind(const Results &r, const char *name)
{
    for (const FailureDomainKind &k : r.reliability.kinds)
        if (k.kind == name)
            return &k;
    return nullptr;
}

// The key figures: what `compare` prints and the report's first table. Labels and decimals are
// the CLI's contract (tests/test_compare_cli.cpp); add rows at the end.
const std::vector<RowSpec> &keyRows()
{
    static const std::vector<RowSpec> rows = {
        {"gpus", "GPUs", "inventory.gpus_total", [](const Results &r) { return double(r.inventory.gpusTotal); }, 0,
         Better::Neither},
        {"racks", "racks", "inventory.racks_total", [](const Results &r) { return double(r.inventory.racksTotal); },
         0, Better::Neither},
        {"it_mw", "IT power MW", "power.it_kw_total", [](const Results &r) { return r.power.itKwTotal / 1000.0; }, 2,
         Better::Neither},
        {"facility_mw", "facility power MW", "power.facility_kw_total",
         [](const Results &r) { return r.power.facilityKwTotal / 1000.0; }, 2, Better::Neither},
        {"max_rack_kw", "max kW per rack", "power.max_rack_kw", [](const Results &r) { return r.power.maxRackKw; }, 1,
         Better::Neither},
        {"domain_gpus", "scale-up domain GPUs", "fabric.domain_gpus",
         [](const Results &r) { return double(r.fabric.domainGpus); }, 0, Better::Neither},
        {"bisection", "bisection TB/s", "fabric.bisection_gb_per_s",
         [](const Results &r) { return r.fabric.bisectionGbPerS / 1000.0; }, 1, Better::Higher},
        {"mfu", "MFU %", "performance.mfu",
         [](const Results &r) {
             return r.performance.available ? r.performance.outcome.estimate.mfu * 100.0 : kNone;
         },
         1, Better::Higher},
        {"time_to_train", "time to train days", "reliability.effective_time_to_train_days",
         [](const Results &r) {
             return r.reliability.effectiveTimeToTrainDays > 0 ? r.reliability.effectiveTimeToTrainDays : kNone;
         },
         1, Better::Lower},
        {"job_mtbf", "job MTBF h", "reliability.job_mtbf_hours",
         [](const Results &r) { return rel(r, r.reliability.jobMtbfHours); }, 1, Better::Higher},
        {"goodput", "goodput %", "reliability.goodput",
         [](const Results &r) { return rel(r, r.reliability.goodput * 100.0); }, 1, Better::Higher},
        {"largest_failure_domain", "largest failure domain GPUs", "reliability.largest_failure_domain_gpus",
         [](const Results &r) { return rel(r, double(r.reliability.largestFailureDomainGpus)); }, 0, Better::Lower},
        {"capex", "CAPEX $M", "cost.capex_usd", [](const Results &r) { return r.cost.capexUsd / 1e6; }, 2,
         Better::Lower},
        {"opex", "OPEX $M/yr", "cost.opex_usd_per_year", [](const Results &r) { return r.cost.opexUsdPerYear / 1e6; },
         2, Better::Lower},
        {"tco", "TCO $M", "cost.tco_usd", [](const Results &r) { return r.cost.tcoUsd / 1e6; }, 2, Better::Lower},
        {"cost_per_effective_pflop_hour", "$ per effective PFLOP-h", "cost.cost_per_effective_pflop_hour_usd",
         [](const Results &r) {
             return r.cost.costPerEffectivePflopHourUsd > 0 ? r.cost.costPerEffectivePflopHourUsd : kNone;
         },
         2, Better::Lower},
        {"break_even_month", "cloud break-even month", "cost.break_even_month",
         [](const Results &r) { return r.cost.breakEvenMonth >= 0 ? double(r.cost.breakEvenMonth) : kNone; }, 0,
         Better::Lower, "never"},
    };
    return rows;
}

/// The seeds' comparison dimensions (../shared/seeds: 000 §5, 001, 002, 004 §5), each as figures
/// the engine computes. Grouped by dimension, in the seeds' order.
struct DimensionSpec
{
    const char *dimension;
    std::vector<RowSpec> rows;
};

const std::vector<DimensionSpec> &dimensionRows()
{
    static const std::vector<DimensionSpec> dims = {
        {"Architecture",
         {
             {"scale_up_domains", "scale-up domains (servers, supernodes)", "inventory.servers + inventory.supernodes",
              [](const Results &r) { return double(r.inventory.servers + r.inventory.supernodes); }, 0,
              Better::Neither},
             {"domain_gpus_arch", "GPUs per scale-up domain", "fabric.domain_gpus",
              [](const Results &r) { return double(r.fabric.domainGpus); }, 0, Better::Neither},
             {"tiers", "scale-out switch tiers", "fabric.tiers", [](const Results &r) { return double(r.fabric.tiers); },
              0, Better::Neither},
             {"fabric_switches", "compute-fabric switches", "inventory.switches_by_tier (sum)",
              [](const Results &r) { return double(fabricSwitches(r)); }, 0, Better::Neither},
         }},
        {"Communication",
         {
             {"scale_up_gb_per_s", "scale-up GB/s per GPU", "fabric.scale_up_gb_per_s_per_gpu",
              [](const Results &r) { return r.fabric.scaleUpGbPerSPerGpu; }, 0, Better::Higher},
             {"scale_out_gbps", "scale-out Gb/s per GPU", "fabric.scale_out_gbps_per_gpu",
              [](const Results &r) { return r.fabric.scaleOutGbpsPerGpu; }, 0, Better::Higher},
             {"bisection_per_gpu", "bisection GB/s per GPU", "fabric.bisection_gb_per_s / inventory.gpus_total",
              [](const Results &r) {
                  return r.inventory.gpusTotal > 0 ? r.fabric.bisectionGbPerS / double(r.inventory.gpusTotal) : kNone;
              },
              1, Better::Higher},
             {"oversubscription", "worst oversubscription :1", "fabric.oversubscription (max)",
              [](const Results &r) {
                  double worst = 1.0;
                  for (double o : r.fabric.oversubscription)
                      worst = std::max(worst, o);
                  return worst;
              },
              2, Better::Lower},
             {"max_hops", "worst path switch hops", "fabric.max_switch_hops",
              [](const Results &r) { return double(r.fabric.maxHops); }, 0, Better::Lower},
             {"max_latency", "worst path latency µs", "fabric.max_latency_us",
              [](const Results &r) { return r.fabric.maxLatencyUs; }, 2, Better::Lower},
             {"exposed_comm", "exposed communication % of step",
              "performance.breakdown.{tp,pp,dp,ep,cp}_exposed_s / step_time_s",
              [](const Results &r) {
                  return perf(r, [](const StepEstimate &e) {
                      const StepBreakdown &b = e.time;
                      return percent(b.tpExposedS + b.ppExposedS + b.dpExposedS + b.epExposedS + b.cpExposedS,
                                     e.stepTimeS);
                  });
              },
              1, Better::Lower},
         }},
        {"Storage and checkpoints",
         {
             {"checkpoint_tb", "checkpoint size TB", "reliability.checkpoint_size_tb",
              [](const Results &r) { return rel(r, r.reliability.checkpointSizeTb); }, 2, Better::Neither},
             {"storage_write", "storage write GB/s", "reliability.storage_write_gb_per_s",
              [](const Results &r) { return rel(r, r.reliability.storageWriteGbPerS); }, 0, Better::Higher},
             {"checkpoint_write", "checkpoint write s", "reliability.checkpoint_write_s",
              [](const Results &r) { return rel(r, r.reliability.checkpointWriteS); }, 1, Better::Lower},
             {"checkpoint_restore", "checkpoint restore s", "reliability.checkpoint_restore_s",
              [](const Results &r) { return rel(r, r.reliability.checkpointRestoreS); }, 1, Better::Lower},
             {"checkpoint_interval", "checkpoint interval min", "reliability.checkpoint_interval_minutes",
              [](const Results &r) { return rel(r, r.reliability.checkpointIntervalMinutes); }, 1, Better::Neither},
             {"storage_capacity", "storage capacity TB", "inventory.storage_capacity_tb",
              [](const Results &r) { return r.inventory.storageCapacityTb; }, 0, Better::Neither},
         }},
        {"Scheduling and placement",
         {
             {"job_gpus", "GPUs the job runs on", "performance.gpus_used",
              [](const Results &r) {
                  return r.performance.available ? double(r.performance.outcome.gpusUsed) : kNone;
              },
              0, Better::Neither},
             {"idle_share", "active GPUs idle to the job %", "1 - performance.gpus_used / inventory.gpus_active",
              [](const Results &r) {
                  return r.performance.available
                             ? percent(double(r.inventory.gpusActive - r.performance.outcome.gpusUsed),
                                       double(r.inventory.gpusActive))
                             : kNone;
              },
              1, Better::Lower},
             {"replica_gpus", "GPUs per model replica (TP·PP·CP)", "performance.parallelism_used",
              [](const Results &r) {
                  return perf(r, [](const StepEstimate &e) {
                      return double(e.config.tp) * e.config.pp * e.config.cp;
                  });
              },
              0, Better::Neither},
             {"leaf_group_gpus", "GPUs under one leaf group", "inventory.gpus_total / fabric.leaf_groups",
              [](const Results &r) {
                  return r.fabric.leafGroups > 0 ? double(r.inventory.gpusTotal) / double(r.fabric.leafGroups)
                                                 : kNone;
              },
              0, Better::Neither},
         }},
        {"Failure domain",
         {
             {"gpu_failure_gpus", "GPUs down per GPU failure", "reliability.failure_domains.gpu.gpus_lost_max",
              [](const Results &r) {
                  const FailureDomainKind *k = kind(r, "gpu");
                  return k ? double(k->gpusLostMax) : kNone;
              },
              0, Better::Lower},
             {"largest_domain", "largest failure domain GPUs", "reliability.largest_failure_domain_gpus",
              [](const Results &r) { return rel(r, double(r.reliability.largestFailureDomainGpus)); }, 0,
              Better::Lower},
             {"interruptions", "job interruptions per day", "reliability.interruptions_per_day",
              [](const Results &r) { return rel(r, r.reliability.interruptionsPerHour * 24.0); }, 2, Better::Lower},
             {"lost_per_failure", "time lost per failure min", "reliability.time_lost_per_failure_minutes",
              [](const Results &r) { return rel(r, r.reliability.timeLostPerFailureMinutes); }, 1, Better::Lower},
             {"recovery", "recovery min", "reliability.recovery_minutes",
              [](const Results &r) { return rel(r, r.reliability.job.recoveryH * 60.0); }, 1, Better::Lower},
         }},
        {"Redundancy",
         {
             {"spares", "hot-spare GPUs", "inventory.gpus_spare",
              [](const Results &r) { return double(r.inventory.gpusSpare); }, 0, Better::Neither},
             {"spare_share", "spare share of GPUs %", "inventory.gpus_spare / inventory.gpus_total",
              [](const Results &r) { return percent(double(r.inventory.gpusSpare), double(r.inventory.gpusTotal)); }, 1,
              Better::Neither},
             {"spare_gain", "goodput gained by spares, points", "reliability.goodput - goodput_without_spares",
              [](const Results &r) {
                  return rel(r, (r.reliability.goodput - r.reliability.goodputWithoutSpares) * 100.0);
              },
              1, Better::Higher},
             {"power_unit_load", "worst power unit load after a failure %", "power.power_units[].load_kw / capacity_kw",
              [](const Results &r) { return worstUnitLoad(r.power.powerUnits); }, 0, Better::Lower},
             {"cooling_unit_load", "worst cooling unit load after a failure %",
              "cooling.cooling_units[].load_kw / capacity_kw",
              [](const Results &r) { return worstUnitLoad(r.power.coolingUnits); }, 0, Better::Lower},
         }},
        {"Power per rack",
         {
             {"max_rack_kw_dim", "max kW per rack", "power.max_rack_kw", [](const Results &r) { return r.power.maxRackKw; },
              1, Better::Neither},
             {"mean_rack_kw", "mean kW per rack", "power.racks[].it_kw (mean)",
              [](const Results &r) {
                  double sum = 0;
                  for (const RackPower &p : r.power.racks)
                      sum += p.itKw;
                  return r.power.racks.empty() ? kNone : sum / double(r.power.racks.size());
              },
              1, Better::Neither},
             {"max_kw_per_m2", "max kW per m²", "power.max_kw_per_m2", [](const Results &r) { return r.power.maxKwPerM2; },
              1, Better::Neither},
             {"kw_per_gpu", "IT kW per GPU", "power.it_kw_total / inventory.gpus_total",
              [](const Results &r) {
                  return r.inventory.gpusTotal > 0 ? r.power.itKwTotal / double(r.inventory.gpusTotal) : kNone;
              },
              2, Better::Neither},
         }},
        {"Cooling",
         {
             {"liquid_share", "liquid-cooled share of heat %", "cost.liquid_heat_kw / (liquid + air)",
              [](const Results &r) {
                  return costFigure(r, percent(r.cost.liquidHeatKw, r.cost.liquidHeatKw + r.cost.airHeatKw));
              },
              0, Better::Neither},
             {"pue", "PUE", "power.pue", [](const Results &r) { return r.power.pue > 0 ? r.power.pue : kNone; }, 2,
              Better::Lower},
             {"cooling_units", "cooling units", "inventory.cooling_units",
              [](const Results &r) { return double(r.inventory.coolingUnits); }, 0, Better::Neither},
             {"cooling_plant", "cooling plant $M", "cost.cooling_plant_usd",
              [](const Results &r) { return costFigure(r, r.cost.coolingPlantUsd / 1e6); }, 2, Better::Lower},
         }},
        {"NIC speed",
         {
             {"nic_gbps", "NIC line rate Gb/s", "fabric.scale_out_gbps_per_gpu × gpus_total / inventory.nics",
              [](const Results &r) {
                  return r.inventory.nics > 0
                             ? r.fabric.scaleOutGbpsPerGpu * double(r.inventory.gpusTotal) / double(r.inventory.nics)
                             : kNone;
              },
              0, Better::Higher},
             {"nics_per_gpu", "NICs per GPU", "inventory.nics / inventory.gpus_total",
              [](const Results &r) {
                  return r.inventory.gpusTotal > 0 ? double(r.inventory.nics) / double(r.inventory.gpusTotal) : kNone;
              },
              2, Better::Neither},
             {"port_gbps", "switch port Gb/s", "fabric.port_gbps", [](const Results &r) { return r.fabric.portGbps; }, 0,
              Better::Higher},
         }},
        {"Scale",
         {
             {"gpus_total", "GPUs installed", "inventory.gpus_total",
              [](const Results &r) { return double(r.inventory.gpusTotal); }, 0, Better::Neither},
             {"gpus_active", "GPUs active", "inventory.gpus_active",
              [](const Results &r) { return double(r.inventory.gpusActive); }, 0, Better::Neither},
             {"racks_total", "racks", "inventory.racks_total",
              [](const Results &r) { return double(r.inventory.racksTotal); }, 0, Better::Neither},
             {"pods", "pods", "fabric.pods", [](const Results &r) { return double(r.fabric.pods); }, 0, Better::Neither},
             {"params", "workload parameters, billions", "performance.params_total",
              [](const Results &r) {
                  return r.performance.available ? r.performance.spec.model.totalParams() / 1e9 : kNone;
              },
              1, Better::Neither},
             {"effective_pflops", "effective PFLOP/s of the cluster", "cost.effective_pflops_per_gpu × cost.gpus_paid",
              [](const Results &r) {
                  return costFigure(r, r.cost.effectivePflopsPerGpu * double(r.cost.gpusPaid));
              },
              1, Better::Higher},
         }},
        {"Operations",
         {
             {"staff", "staff FTE", "cost.staff_fte", [](const Results &r) { return costFigure(r, r.cost.staffFte); }, 1,
              Better::Lower},
             {"gpus_per_fte", "GPUs per FTE", "inventory.gpus_total / cost.staff_fte",
              [](const Results &r) {
                  return r.cost.available && r.cost.staffFte > 0 ? double(r.inventory.gpusTotal) / r.cost.staffFte
                                                                 : kNone;
              },
              0, Better::Higher},
             {"part_failures", "part failures per month", "reliability.failure_domains.*.events_per_month (sum)",
              [](const Results &r) {
                  double sum = 0;
                  for (const FailureDomainKind &k : r.reliability.kinds)
                      sum += k.eventsPerMonth;
                  return rel(r, sum);
              },
              1, Better::Lower},
             {"onboarding", "onboarding and migration effort", "", [](const Results &) { return kNone; }, 0,
              Better::Neither, "-", "not modelled: the results hold no figure for it"},
         }},
        {"Delivery time",
         {
             {"delivery_months", "delivery months", "cost.delivery_months",
              [](const Results &r) { return costFigure(r, r.cost.deliveryMonths); }, 1, Better::Lower},
             {"delivery_cost", "delivery cost $M", "cost.delivery_cost_usd",
              [](const Results &r) { return costFigure(r, r.cost.deliveryCostUsd / 1e6); }, 2, Better::Lower},
             {"delivery_rent", "renting meanwhile $M", "cost.delivery_opportunity_usd",
              [](const Results &r) { return costFigure(r, r.cost.deliveryOpportunityUsd / 1e6); }, 2, Better::Lower},
         }},
        {"Cost structure",
         {
             {"capex_compute", "CAPEX compute %", "cost.capex_by_category_usd.compute / capex_usd",
              [](const Results &r) { return capexShare(r, "compute"); }, 1, Better::Neither},
             {"capex_network", "CAPEX network %", "cost.capex_by_category_usd.network / capex_usd",
              [](const Results &r) { return capexShare(r, "network"); }, 1, Better::Neither},
             {"capex_storage", "CAPEX storage %", "cost.capex_by_category_usd.storage / capex_usd",
              [](const Results &r) { return capexShare(r, "storage"); }, 1, Better::Neither},
             {"capex_power_cooling", "CAPEX power and cooling %",
              "cost.capex_by_category_usd.power_cooling / capex_usd",
              [](const Results &r) { return capexShare(r, "power_cooling"); }, 1, Better::Neither},
             {"capex_facility", "CAPEX facility %", "cost.capex_by_category_usd.facility / capex_usd",
              [](const Results &r) { return capexShare(r, "facility"); }, 1, Better::Neither},
             {"capex_integration", "CAPEX integration %", "cost.capex_by_category_usd.integration / capex_usd",
              [](const Results &r) { return capexShare(r, "integration"); }, 1, Better::Neither},
             {"opex_share", "OPEX share of TCO %", "cost.opex_usd_per_year × life_years / tco_usd",
              [](const Results &r) {
                  return costFigure(r, percent(r.cost.opexUsdPerYear * r.cost.lifeYears, r.cost.tcoUsd));
              },
              1, Better::Neither},
             {"energy_share", "energy share of OPEX %", "cost.opex_by_category_usd_per_year.energy / opex",
              [](const Results &r) {
                  const auto it = r.cost.opexByCategoryUsdPerYear.find("energy");
                  return r.cost.available && it != r.cost.opexByCategoryUsdPerYear.end()
                             ? percent(it->second, r.cost.opexUsdPerYear)
                             : kNone;
              },
              1, Better::Neither},
             {"gpu_hour", "cost per GPU-hour $", "cost.cost_per_gpu_hour_usd",
              [](const Results &r) { return costFigure(r, r.cost.costPerGpuHourUsd); }, 2, Better::Lower},
             {"cloud_gpu_hour", "cloud price per GPU-hour $", "cost.cloud_usd_per_gpu_hour",
              [](const Results &r) { return costFigure(r, r.cost.cloudUsdPerGpuHour); }, 2, Better::Neither},
             {"million_tokens", "cost per million tokens $", "cost.cost_per_million_tokens_usd",
              [](const Results &r) {
                  return r.cost.available && r.cost.costPerMillionTokensUsd > 0 ? r.cost.costPerMillionTokensUsd
                                                                                : kNone;
              },
              3, Better::Lower},
             {"cost_to_train", "cost to train $M", "cost.cost_to_train_usd",
              [](const Results &r) {
                  return r.cost.available && r.cost.costToTrainUsd > 0 ? r.cost.costToTrainUsd / 1e6 : kNone;
              },
              2, Better::Lower},
             {"cloud_cost_to_train", "cloud cost to train $M", "cost.cloud_cost_to_train_usd",
              [](const Results &r) {
                  return r.cost.available && r.cost.cloudCostToTrainUsd > 0 ? r.cost.cloudCostToTrainUsd / 1e6 : kNone;
              },
              2, Better::Lower},
         }},
        {"MFU",
         {
             {"mfu_dim", "MFU %", "performance.mfu",
              [](const Results &r) { return perf(r, [](const StepEstimate &e) { return e.mfu * 100.0; }); }, 1,
              Better::Higher},
             {"tflops", "model TFLOP/s per GPU", "performance.model_tflops_per_gpu",
              [](const Results &r) { return perf(r, [](const StepEstimate &e) { return e.modelTflopsPerGpu; }); }, 0,
              Better::Higher},
             {"tokens_per_s", "tokens per s, thousands", "performance.tokens_per_s",
              [](const Results &r) { return perf(r, [](const StepEstimate &e) { return e.tokensPerS / 1000.0; }); },
              0, Better::Higher},
             {"bubble", "pipeline bubble %", "performance.bubble_fraction",
              [](const Results &r) { return perf(r, [](const StepEstimate &e) { return e.bubbleFraction * 100.0; }); },
              1, Better::Lower},
             {"effective_pflops_gpu", "effective PFLOP/s per GPU", "cost.effective_pflops_per_gpu",
              [](const Results &r) {
                  return r.cost.available && r.cost.effectivePflopsPerGpu > 0 ? r.cost.effectivePflopsPerGpu : kNone;
              },
              3, Better::Higher},
             {"failure_free_days", "failure-free time to train days", "performance.time_to_train_days",
              [](const Results &r) { return perf(r, [](const StepEstimate &e) { return e.timeToTrainDays; }); }, 1,
              Better::Lower},
         }},
    };
    return dims;
}

ComparisonRow buildRow(const RowSpec &spec, const char *dimension, const std::vector<ComparedDesign> &designs)
{
    ComparisonRow row;
    row.key = spec.key;
    row.dimension = dimension;
    row.label = spec.label;
    row.source = spec.source;
    row.better = spec.better;
    row.decimals = spec.decimals;
    row.note = spec.note;
    for (const ComparedDesign &d : designs) {
        ComparisonCell c;
        double v = d.results ? spec.value(*d.results) : kNone;
        if (!std::isfinite(v))
            v = kNone;
        c.value = v;
        c.text = std::isnan(v) ? std::string(spec.missing) : fixed(v, spec.decimals);
        row.cells.push_back(std::move(c));
    }
    if (row.better == Better::Neither)
        return row;
    // The best shown value, compared as printed, so that equal-looking values tie.
    double best = kNone;
    int present = 0;
    bool differ = false;
    for (const ComparisonCell &c : row.cells) {
        if (std::isnan(c.value))
            continue;
        const double v = std::stod(c.text);
        if (present > 0 && v != best)
            differ = true;
        if (present == 0 || (row.better == Better::Higher ? v > best : v < best))
            best = v;
        ++present;
    }
    differ = differ || (present > 0 && size_t(present) < row.cells.size()); // a value beats none
    for (ComparisonCell &c : row.cells)
        c.best = differ && !std::isnan(c.value) && std::stod(c.text) == best;
    return row;
}

} // namespace

Comparison compareDesigns(const std::vector<ComparedDesign> &designs)
{
    Comparison out;
    for (const ComparedDesign &d : designs)
        out.designs.push_back(d.name);
    for (const RowSpec &spec : keyRows())
        out.keyFigures.push_back(buildRow(spec, "Key figures", designs));
    for (const DimensionSpec &dim : dimensionRows())
        for (const RowSpec &spec : dim.rows)
            out.dimensions.push_back(buildRow(spec, dim.dimension, designs));
    return out;
}

std::string keyFiguresText(const Comparison &comparison)
{
    constexpr int kLabel = 30, kColumn = 22;
    const auto cell = [](std::string s) {
        if (s.size() > size_t(kColumn) - 2)
            s = s.substr(0, size_t(kColumn) - 5) + "...";
        return s;
    };
    std::ostringstream out;
    out << std::left << std::setw(kLabel) << "";
    for (const std::string &name : comparison.designs)
        out << std::right << std::setw(kColumn) << cell(name) << ' ';
    out << "\n";
    for (const ComparisonRow &row : comparison.keyFigures) {
        out << std::left << std::setw(kLabel) << row.label;
        for (const ComparisonCell &c : row.cells)
            out << std::right << std::setw(kColumn) << c.text << (c.best ? '*' : ' ');
        out << "\n";
    }
    out << "\n* the better value of a row (docs/cost.md)\n";
    return out.str();
}

std::vector<double> checkpointIntervalGridMinutes(const std::vector<const JobModel *> &jobs, int points)
{
    double lo = 0, hi = 0;
    for (const JobModel *job : jobs) {
        if (!job || job->checkpointWriteH <= 0)
            continue;
        const double opt = dalyIntervalHours(job->checkpointWriteH, job->mtbfHours()) * 60.0;
        const double tau = std::isfinite(opt) && opt > 0 ? opt : job->intervalH * 60.0;
        if (!(tau > 0) || !std::isfinite(tau))
            continue;
        lo = lo > 0 ? std::min(lo, tau / 8.0) : tau / 8.0;
        hi = std::max(hi, tau * 8.0);
    }
    std::vector<double> grid;
    if (lo <= 0 || points < 2)
        return grid;
    const double step = std::log(hi / lo) / double(points - 1);
    for (int i = 0; i < points; ++i)
        grid.push_back(lo * std::exp(step * i));
    return grid;
}

Curve goodputByCheckpointInterval(const JobModel &job, const std::vector<double> &intervalsMinutes)
{
    Curve c;
    for (double m : intervalsMinutes) {
        c.x.push_back(m);
        c.y.push_back(job.goodput(m / 60.0));
    }
    return c;
}

CheckpointPoint optimalCheckpoint(const JobModel &job)
{
    CheckpointPoint p;
    if (job.checkpointWriteH <= 0 || !(job.ratePerHour() > 0))
        return p;
    const double tauH = dalyIntervalHours(job.checkpointWriteH, job.mtbfHours());
    if (!std::isfinite(tauH) || tauH <= 0)
        return p;
    p.intervalMinutes = tauH * 60.0;
    p.goodput = job.goodput(tauH);
    return p;
}

ScalingCurve scalingByGpuCount(const PerformanceResults &performance, int points)
{
    ScalingCurve c;
    if (!performance.available || points < 1)
        return c;
    const long long domain = std::max(1, performance.spec.cluster.domainGpus);
    std::vector<long long> counts;
    for (long long n = performance.spec.cluster.gpus; n >= domain && int(counts.size()) < points; n /= 2) {
        const long long whole = n / domain * domain;
        if (counts.empty() || whole < counts.back())
            counts.push_back(whole);
    }
    std::reverse(counts.begin(), counts.end());
    // The design's outcome may be scaled by the team's stack efficiency (workload.stack_efficiency,
    // applied by the evaluation after the search); the other counts get the same share, found as
    // the design's MFU over the search's own at the design's count.
    double stack = 1.0;
    if (counts.size() > 1) {
        const EstimateOutcome raw = runEstimate(performance.spec);
        if (raw.estimate.feasible() && raw.estimate.mfu > 0)
            stack = performance.outcome.estimate.mfu / raw.estimate.mfu;
    }
    for (long long n : counts) {
        EstimateSpec spec = performance.spec;
        spec.cluster.gpus = n;
        spec.parallelism.dp = 0; // the data-parallel degree follows the GPU count
        const bool own = n == performance.spec.cluster.gpus;
        const EstimateOutcome o = own ? performance.outcome : runEstimate(spec);
        if (!o.estimate.feasible())
            continue;
        c.gpus.push_back(double(n));
        c.mfu.push_back(own ? o.estimate.mfu : o.estimate.mfu * stack);
        c.timeToTrainDays.push_back(own ? o.estimate.timeToTrainDays : o.estimate.timeToTrainDays / stack);
    }
    return c;
}

Curve mfuByGpuCount(const PerformanceResults &performance, int points)
{
    ScalingCurve s = scalingByGpuCount(performance, points);
    return Curve{std::move(s.gpus), std::move(s.mfu)};
}

const char *collectiveName(CollectiveKind kind)
{
    switch (kind) {
    case CollectiveKind::AllReduce:
        return "all-reduce";
    case CollectiveKind::AllGather:
        return "all-gather";
    case CollectiveKind::ReduceScatter:
        return "reduce-scatter";
    case CollectiveKind::AllToAll:
        return "all-to-all";
    }
    return "";
}

std::vector<TierBandwidth> busBandwidthByMessageSize(const PerformanceResults &performance, CollectiveKind kind,
                                                     double minBytes, double maxBytes)
{
    std::vector<TierBandwidth> out;
    const ClusterSpec &cluster = performance.spec.cluster;
    if (cluster.gpus <= 0 || !(minBytes > 0) || !(maxBytes >= minBytes))
        return out;
    const long long domain = std::max(1, cluster.domainGpus);
    const auto time = [kind](double bytes, const GroupSpan &g) {
        switch (kind) {
        case CollectiveKind::AllReduce:
            return allReduce(bytes, g);
        case CollectiveKind::AllGather:
            return allGather(bytes, g);
        case CollectiveKind::ReduceScatter:
            return reduceScatter(bytes, g);
        case CollectiveKind::AllToAll:
            return allToAll(bytes, g);
        }
        return CollectiveTime{};
    };
    const auto add = [&](const std::string &tier, long long gpus) {
        TierBandwidth t;
        t.tier = tier;
        t.gpus = gpus;
        // Contiguous ranks (stride 1), placed as the training model places its groups.
        const GroupSpan g = placeGroup(cluster, 1, int(std::min<long long>(gpus, std::numeric_limits<int>::max())));
        for (double bytes = minBytes; bytes <= maxBytes * (1 + 1e-12); bytes *= 2) {
            t.curve.x.push_back(bytes);
            t.curve.y.push_back(time(bytes, g).busBytesPerS / 1e9);
        }
        out.push_back(std::move(t));
    };
    long long below = 1;
    if (domain > 1 && cluster.scaleUpGbPerSPerGpu > 0) {
        below = std::min(domain, cluster.gpus);
        add("scale-up domain", below);
    }
    static const char *const kTierNames[] = {"leaf", "spine", "core", "super-core"};
    for (int tier = 1; tier <= std::max(1, cluster.tiers); ++tier) {
        // Whole scale-up domains under one switch of this tier; every active GPU at the top tier.
        const double reach = tierReachGpus(cluster, tier);
        long long gpus = std::isfinite(reach) ? std::min<long long>(cluster.gpus, (long long)reach) : cluster.gpus;
        if (gpus >= domain)
            gpus = gpus / domain * domain;
        if (gpus <= below)
            continue;
        add(tier <= 4 ? kTierNames[tier - 1] : "tier " + std::to_string(tier), gpus);
        below = gpus;
    }
    return out;
}

std::vector<LoadBar> powerByRow(const PowerResults &power)
{
    std::vector<LoadBar> out;
    std::map<std::string, size_t> index;
    for (const auto &[row, kw] : power.kwByRow) {
        index.emplace(row, out.size());
        out.push_back(LoadBar{row, kw, 0.0, 0.0});
    }
    for (const RackPower &r : power.racks) {
        const auto it = index.find(r.row);
        if (it == index.end())
            continue;
        out[it->second].nameplateKw += r.maxKw;
        out[it->second].capacityKw += r.limitKw;
    }
    return out;
}

std::vector<LoadBar> powerByFeed(const PowerResults &power)
{
    std::vector<LoadBar> out;
    std::map<std::string, size_t> index;
    for (const UnitLoad &u : power.powerUnits) {
        const std::string &group = u.group.empty() ? u.unitId : u.group;
        auto [it, added] = index.emplace(group, out.size());
        if (added) {
            LoadBar b{group, u.loadKw, 0.0, u.capacityKw};
            if (const auto np = power.nameplateKwByFeed.find(group); np != power.nameplateKwByFeed.end())
                b.nameplateKw = np->second;
            out.push_back(std::move(b));
            continue;
        }
        // The unit closest to (or furthest over) its capacity speaks for the feed.
        LoadBar &b = out[it->second];
        const auto ratio = [](double load, double cap) { return cap > 0 ? load / cap : (load > 0 ? INFINITY : 0.0); };
        if (ratio(u.loadKw, u.capacityKw) > ratio(b.loadKw, b.capacityKw)) {
            b.loadKw = u.loadKw;
            b.capacityKw = u.capacityKw;
        }
    }
    return out;
}

RackPowerHistogram rackPowerHistogram(const std::vector<const Results *> &results, int maxBins)
{
    RackPowerHistogram h;
    double top = 0;
    for (const Results *r : results)
        if (r)
            for (const RackPower &p : r->power.racks)
                top = std::max(top, p.itKw);
    maxBins = std::max(1, maxBins);
    // The smallest round width (1, 2, 5 × 10^k kW) that covers the densest rack in maxBins bins.
    double width = 1.0;
    if (top > 0) {
        const double raw = top / maxBins;
        const double mag = std::pow(10.0, std::floor(std::log10(raw)));
        for (double m : {1.0, 2.0, 5.0, 10.0})
            if (m * mag * maxBins > top) {
                width = m * mag;
                break;
            }
    }
    h.binKw = width;
    const int bins = std::max(1, int(std::floor(top / width)) + 1);
    for (const Results *r : results) {
        std::vector<long long> counts(size_t(bins), 0);
        if (r)
            for (const RackPower &p : r->power.racks)
                ++counts[size_t(std::clamp(int(std::floor(std::max(0.0, p.itKw) / width)), 0, bins - 1))];
        h.racks.push_back(std::move(counts));
    }
    return h;
}

} // namespace cp
