#include "model/analysis/figures.h"
#include "model/analysis/figuresections.h"

#include "model/engine/evaluation.h"
#include "model/training/accuracy.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>

namespace cp {

namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

using J = FigureJson;
using N = FigureNeeds;
using P = FigurePresent;

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

// Each section below is one table: a figure per line-group, no logic beyond the reads.

std::vector<Figure> inventoryFigures()
{
    return {
        {.key = "inventory.gpus_total", .json = J::Integer,
         .read = [](const Results &r) { return double(r.inventory.gpusTotal); },
         .brief = {"GPUs"}, .detail = {"GPUs installed"}, .dock = {"GPUs installed", "GPUs"}, .text = {"GPUs total"}},
        {.key = "inventory.gpus_active", .json = J::Integer,
         .read = [](const Results &r) { return double(r.inventory.gpusActive); },
         .detail = {"GPUs active"}, .dock = {"GPUs active", "GPUs"}, .text = {"GPUs active"}},
        {.key = "inventory.gpus_spare", .json = J::Integer,
         .read = [](const Results &r) { return double(r.inventory.gpusSpare); },
         .detail = {"hot-spare GPUs"}, .dock = {"GPUs spare", "GPUs"}, .text = {"GPUs spare"}},
        {.key = "inventory.servers", .json = J::Integer,
         .read = [](const Results &r) { return double(r.inventory.servers); },
         .dock = {"Servers", "nodes"}, .text = {"servers"}},
        {.key = "inventory.supernodes", .json = J::Integer,
         .read = [](const Results &r) { return double(r.inventory.supernodes); },
         .dock = {"Supernodes", "nodes"}, .text = {"supernodes"}},
        {.key = "inventory.racks_total", .json = J::Integer,
         .read = [](const Results &r) { return double(r.inventory.racksTotal); },
         .brief = {"racks"}, .dock = {"Racks", "racks"}},
        {.key = "inventory.racks_compute", .json = J::Integer,
         .read = [](const Results &r) { return double(r.inventory.computeRacks); }, .dock = {"   compute", "racks"}},
        {.key = "inventory.racks_network", .json = J::Integer,
         .read = [](const Results &r) { return double(r.inventory.networkRacks); }, .dock = {"   network", "racks"}},
        {.key = "inventory.racks_storage", .json = J::Integer,
         .read = [](const Results &r) { return double(r.inventory.storageRacks); }, .dock = {"   storage", "racks"}},
        {.key = "inventory.nics", .json = J::Integer, .read = [](const Results &r) { return double(r.inventory.nics); },
         .dock = {"NICs", "NICs"}, .text = {"NICs"}},
        {.key = "inventory.storage_nodes", .json = J::Integer,
         .read = [](const Results &r) { return double(r.inventory.storageNodes); }, .dock = {"Storage nodes", "nodes"}},
        {.key = "inventory.storage_capacity_tb", .json = J::Real,
         .read = [](const Results &r) { return r.inventory.storageCapacityTb; },
         .detail = {"storage capacity TB"}, .dock = {"Storage capacity", "TB"}},
        {.key = "inventory.power_units", .json = J::Integer,
         .read = [](const Results &r) { return double(r.inventory.powerUnits); }, .dock = {"Power units", "units"}},
        {.key = "inventory.cooling_units", .json = J::Integer,
         .read = [](const Results &r) { return double(r.inventory.coolingUnits); },
         .detail = {"cooling units"}, .dock = {"Cooling units", "units"}},
    };
}

std::vector<Figure> fabricFigures()
{
    return {
        {.key = "fabric.tiers", .json = J::Integer, .read = [](const Results &r) { return double(r.fabric.tiers); },
         .detail = {"scale-out switch tiers"}, .dock = {"Fabric (%1)", "tiers"}},
        {.key = "fabric.radix", .json = J::Integer, .read = [](const Results &r) { return double(r.fabric.radix); }},
        {.key = "fabric.port_gbps", .json = J::Real, .read = [](const Results &r) { return r.fabric.portGbps; },
         .better = Better::Higher, .detail = {"switch port Gb/s"}},
        {.key = "fabric.domain_gpus", .json = J::Integer,
         .read = [](const Results &r) { return double(r.fabric.domainGpus); },
         .brief = {"scale-up domain GPUs"}, .detail = {"GPUs per scale-up domain"}},
        {.key = "fabric.scale_up_gb_per_s_per_gpu", .json = J::Real,
         .read = [](const Results &r) { return r.fabric.scaleUpGbPerSPerGpu; }, .better = Better::Higher,
         .detail = {"scale-up GB/s per GPU"}, .dock = {"Scale-up (%1-GPU domain)", "GB/s"}},
        {.key = "fabric.scale_out_gbps_per_gpu", .json = J::Real,
         .read = [](const Results &r) { return r.fabric.scaleOutGbpsPerGpu; }, .better = Better::Higher,
         .detail = {"scale-out Gb/s per GPU"}, .dock = {"Scale-out per GPU", "Gb/s"},
         .text = {"scale-out", " Gb/s per GPU"}},
        {.key = "fabric.scale_out_gb_per_s_per_gpu", .json = J::Real,
         .read = [](const Results &r) { return r.fabric.scaleOutGbpsPerGpu / 8.0; }},
        {.key = "fabric.bisection_gb_per_s", .json = J::Real,
         .read = [](const Results &r) { return r.fabric.bisectionGbPerS; }, .better = Better::Higher,
         .brief = {"bisection TB/s", "", 1.0, 1000.0, 1}, .dock = {"Bisection", "TB/s", 1.0, 1000.0, 1},
         .text = {"bisection", " TB/s", 1.0, 1000.0, 1}},
        {.key = "fabric.optics_power_kw", .json = J::Real, .read = [](const Results &r) { return r.fabric.opticsPowerKw; },
         .dock = {"Optics power", "kW", 1.0, 1.0, 1}},
        {.key = "fabric.cables_price_usd", .json = J::Real,
         .read = [](const Results &r) { return r.fabric.cablesPriceUsd; }},
        {.key = "fabric.leaf_groups", .json = J::Integer,
         .read = [](const Results &r) { return double(r.fabric.leafGroups); }},
        {.key = "fabric.pods", .json = J::Integer, .read = [](const Results &r) { return double(r.fabric.pods); },
         .detail = {"pods"}},
        {.key = "fabric.max_switch_hops", .json = J::Integer,
         .read = [](const Results &r) { return double(r.fabric.maxHops); }, .better = Better::Lower,
         .detail = {"worst path switch hops"}, .dock = {"Worst path", "switch hops"}},
        {.key = "fabric.max_latency_us", .json = J::Real, .read = [](const Results &r) { return r.fabric.maxLatencyUs; },
         .better = Better::Lower, .detail = {"worst path latency µs", "", 1.0, 1.0, 2}},
    };
}

/// One end of a performance figure's P10–P90 band (docs/validation.md, "Error bands").
template <BandedFigure PerformanceBands::*F, bool High>
double bandEnd(const Results &r)
{
    if (!r.performance.available)
        return kNone;
    const BandedFigure f = performanceBands(r.performance.spec, r.performance.outcome.estimate).*F;
    return High ? f.p90 : f.p10;
}

/// The P10 and P90 of the estimate's performance figures: KEY_p10 and KEY_p90 beside each KEY.
std::vector<Figure> performanceBandFigures()
{
    using B = PerformanceBands;
    return {
        {.key = "performance.mfu_p10", .json = J::Estimate, .read = bandEnd<&B::mfu, false>, .needs = N::Performance,
         .better = Better::Higher, .detail = {"MFU P10 %", "", 100.0, 1.0, 1}, .dock = {"MFU P10", "%", 100.0, 1.0, 1},
         .text = {"MFU P10", " %", 100.0, 1.0, 1}},
        {.key = "performance.mfu_p90", .json = J::Estimate, .read = bandEnd<&B::mfu, true>, .needs = N::Performance,
         .better = Better::Higher, .detail = {"MFU P90 %", "", 100.0, 1.0, 1}, .dock = {"MFU P90", "%", 100.0, 1.0, 1},
         .text = {"MFU P90", " %", 100.0, 1.0, 1}},
        {.key = "performance.model_tflops_per_gpu_p10", .json = J::Estimate,
         .read = bandEnd<&B::modelTflopsPerGpu, false>, .needs = N::Performance, .better = Better::Higher,
         .detail = {"model TFLOP/s per GPU P10"}, .dock = {"Model TFLOP/s per GPU P10", "TFLOP/s"},
         .text = {"model TFLOP/s per GPU P10"}},
        {.key = "performance.model_tflops_per_gpu_p90", .json = J::Estimate,
         .read = bandEnd<&B::modelTflopsPerGpu, true>, .needs = N::Performance, .better = Better::Higher,
         .detail = {"model TFLOP/s per GPU P90"}, .dock = {"Model TFLOP/s per GPU P90", "TFLOP/s"},
         .text = {"model TFLOP/s per GPU P90"}},
        {.key = "performance.hardware_tflops_per_gpu_p10", .json = J::Estimate,
         .read = bandEnd<&B::hardwareTflopsPerGpu, false>, .needs = N::Performance, .better = Better::Higher,
         .detail = {"hardware TFLOP/s per GPU P10"}, .dock = {"Hardware TFLOP/s per GPU P10", "TFLOP/s"},
         .text = {"hardware TFLOP/s/GPU P10"}},
        {.key = "performance.hardware_tflops_per_gpu_p90", .json = J::Estimate,
         .read = bandEnd<&B::hardwareTflopsPerGpu, true>, .needs = N::Performance, .better = Better::Higher,
         .detail = {"hardware TFLOP/s per GPU P90"}, .dock = {"Hardware TFLOP/s per GPU P90", "TFLOP/s"},
         .text = {"hardware TFLOP/s/GPU P90"}},
        {.key = "performance.step_time_s_p10", .json = J::Estimate, .read = bandEnd<&B::stepTimeS, false>,
         .needs = N::Performance, .better = Better::Lower, .detail = {"step time P10 s", "", 1.0, 1.0, 2},
         .dock = {"Step time P10", "s", 1.0, 1.0, 2},
         .text = {"step time P10", " s", 1.0, 1.0, 2}},
        {.key = "performance.step_time_s_p90", .json = J::Estimate, .read = bandEnd<&B::stepTimeS, true>,
         .needs = N::Performance, .better = Better::Lower, .detail = {"step time P90 s", "", 1.0, 1.0, 2},
         .dock = {"Step time P90", "s", 1.0, 1.0, 2},
         .text = {"step time P90", " s", 1.0, 1.0, 2}},
        {.key = "performance.tokens_per_s_p10", .json = J::Estimate, .read = bandEnd<&B::tokensPerS, false>,
         .needs = N::Performance, .better = Better::Higher, .detail = {"tokens per s P10, thousands", "", 1.0, 1000.0, 0},
         .dock = {"Tokens per second P10", "k tok/s", 1.0, 1000.0, 0}, .text = {"tokens per second P10"}},
        {.key = "performance.tokens_per_s_p90", .json = J::Estimate, .read = bandEnd<&B::tokensPerS, true>,
         .needs = N::Performance, .better = Better::Higher, .detail = {"tokens per s P90, thousands", "", 1.0, 1000.0, 0},
         .dock = {"Tokens per second P90", "k tok/s", 1.0, 1000.0, 0}, .text = {"tokens per second P90"}},
        {.key = "performance.time_to_train_days_p10", .json = J::Estimate,
         .read = bandEnd<&B::timeToTrainDays, false>, .needs = N::Performance, .better = Better::Lower,
         .detail = {"failure-free time to train P10 days", "", 1.0, 1.0, 1},
         .dock = {"Time to train P10", "days", 1.0, 1.0, 1}, .text = {"time to train P10", " days", 1.0, 1.0, 1}},
        {.key = "performance.time_to_train_days_p90", .json = J::Estimate,
         .read = bandEnd<&B::timeToTrainDays, true>, .needs = N::Performance, .better = Better::Lower,
         .detail = {"failure-free time to train P90 days", "", 1.0, 1.0, 1},
         .dock = {"Time to train P90", "days", 1.0, 1.0, 1}, .text = {"time to train P90", " days", 1.0, 1.0, 1}},
    };
}

/// The training estimate's figures: written into the JSON by estimateToJson, read here.
std::vector<Figure> performanceFigures()
{
    return {
        {.key = "performance.mfu", .json = J::Estimate,
         .read = [](const Results &r) { return r.performance.outcome.estimate.mfu; }, .needs = N::Performance,
         .better = Better::Higher, .brief = {"MFU %", "", 100.0, 1.0, 1}, .dock = {"MFU", "%", 100.0, 1.0, 1},
         .text = {"MFU", " %", 100.0, 1.0, 1}},
        {.key = "performance.model_tflops_per_gpu", .json = J::Estimate,
         .read = [](const Results &r) { return r.performance.outcome.estimate.modelTflopsPerGpu; },
         .needs = N::Performance, .better = Better::Higher, .detail = {"model TFLOP/s per GPU"},
         .dock = {"Model TFLOP/s per GPU", "TFLOP/s"}, .text = {"model TFLOP/s per GPU"}},
        // Counted as the hardware runs it (recomputation included): MFU's numerator is the model's.
        {.key = "performance.hardware_tflops_per_gpu", .json = J::Estimate,
         .read = [](const Results &r) { return r.performance.outcome.estimate.hardwareTflopsPerGpu; },
         .needs = N::Performance, .better = Better::Higher, .detail = {"hardware TFLOP/s per GPU"},
         .dock = {"Hardware TFLOP/s per GPU", "TFLOP/s"}, .text = {"hardware TFLOP/s/GPU"}},
        {.key = "performance.step_time_s", .json = J::Estimate,
         .read = [](const Results &r) { return r.performance.outcome.estimate.stepTimeS; }, .needs = N::Performance,
         .better = Better::Lower, .detail = {"step time s", "", 1.0, 1.0, 2}, .dock = {"Step time", "s", 1.0, 1.0, 2},
         .text = {"step time", " s", 1.0, 1.0, 2}},
        {.key = "performance.tokens_per_s", .json = J::Estimate,
         .read = [](const Results &r) { return r.performance.outcome.estimate.tokensPerS; }, .needs = N::Performance,
         .better = Better::Higher, .detail = {"tokens per s, thousands", "", 1.0, 1000.0, 0},
         .dock = {"Tokens per second", "k tok/s", 1.0, 1000.0, 0}, .text = {"tokens per second"}},
        {.key = "performance.memory_gb_per_gpu", .json = J::Estimate,
         .read = [](const Results &r) { return r.performance.outcome.estimate.memoryGb(); }, .needs = N::Performance,
         .dock = {"Memory per GPU", "GB", 1.0, 1.0, 1}},
        {.key = "performance.time_to_train_days", .json = J::Estimate,
         .read = [](const Results &r) { return r.performance.outcome.estimate.timeToTrainDays; },
         .needs = N::Performance, .better = Better::Lower, .detail = {"failure-free time to train days", "", 1.0, 1.0, 1},
         .dock = {"Time to train", "days", 1.0, 1.0, 1}, .text = {"time to train", " days", 1.0, 1.0, 1}},
        {.key = "performance.bubble_fraction", .json = J::Estimate,
         .read = [](const Results &r) { return r.performance.outcome.estimate.bubbleFraction; },
         .needs = N::Performance, .better = Better::Lower, .detail = {"pipeline bubble %", "", 100.0, 1.0, 1}},
        {.key = "performance.gpus_used", .json = J::Estimate,
         .read = [](const Results &r) {
             return double(r.performance.outcome.gpusUsed > 0 ? r.performance.outcome.gpusUsed
                                                              : r.performance.spec.cluster.gpus);
         },
         .needs = N::Performance, .dock = {"GPUs the job uses", "of %1"}},
        {.key = "performance.params_total", .json = J::Estimate,
         .read = [](const Results &r) { return double(r.performance.spec.model.totalParams()); },
         .needs = N::Performance, .detail = {"workload parameters, billions", "", 1.0, 1e9, 1}},
    };
}

/// The estimate's figures, each followed by its P10 and P90 where it has a band.
std::vector<Figure> performanceWithBands()
{
    std::vector<Figure> out = performanceFigures();
    for (const Figure &band : performanceBandFigures()) {
        const std::string_view base = band.key.substr(0, band.key.size() - 4); // less "_p10" / "_p90"
        auto at = std::find_if(out.begin(), out.end(), [&](const Figure &f) { return f.key == base; });
        if (at == out.end())
            throw std::logic_error("figure table: a band without its figure");
        while (at + 1 != out.end() && (at + 1)->key.substr(0, base.size()) == base)
            ++at; // after the figure and the band end before it
        out.insert(at + 1, band);
    }
    return out;
}

std::vector<Figure> powerFigures()
{
    return {
        {.key = "power.it_kw_total", .json = J::Real, .read = [](const Results &r) { return r.power.itKwTotal; },
         .brief = {"IT power MW", "", 1.0, 1000.0, 2}, .dock = {"IT power (training load)", "kW", 1.0, 1.0, 1}},
        {.key = "power.it_kw_nameplate", .json = J::Real, .read = [](const Results &r) { return r.power.itKwNameplate; },
         .dock = {"IT power (nameplate)", "kW", 1.0, 1.0, 1}},
        {.key = "power.it_kw_idle", .json = J::Real, .read = [](const Results &r) { return r.power.itKwIdle; }},
        {.key = "power.optics_kw", .json = J::Real, .read = [](const Results &r) { return r.power.opticsKw; },
         .text = {"optics (in IT power)", " kW", 1.0, 1.0, 1}},
        {.key = "power.max_kw_per_m2", .json = J::Real, .read = [](const Results &r) { return r.power.maxKwPerM2; },
         .detail = {"max kW per m²", "", 1.0, 1.0, 1}},
        {.key = "power.facility_kw_total", .json = J::Real,
         .read = [](const Results &r) { return r.power.facilityKwTotal; },
         .brief = {"facility power MW", "", 1.0, 1000.0, 2}, .dock = {"Facility power", "kW", 1.0, 1.0, 1},
         .text = {"facility power", " kW", 1.0, 1.0, 1}},
        {.key = "power.pue", .json = J::Real, .read = [](const Results &r) { return r.power.pue; },
         .present = P::Positive, .better = Better::Lower, .detail = {"PUE", "", 1.0, 1.0, 2},
         .dock = {"PUE", "", 1.0, 1.0, 2}, .text = {"PUE", "", 1.0, 1.0, 2}},
        {.key = "power.max_rack_kw", .json = J::Real, .read = [](const Results &r) { return r.power.maxRackKw; },
         .brief = {"max kW per rack", "", 1.0, 1.0, 1}, .dock = {"Densest rack", "kW/rack", 1.0, 1.0, 1},
         .text = {"max rack power", " kW", 1.0, 1.0, 1}},
        {.key = "power.energy_mwh_per_year", .json = J::Real,
         .read = [](const Results &r) { return r.power.energyMwhPerYear; },
         .dock = {"Energy per year", "MWh/yr"}, .text = {"energy per year", " MWh"}},
    };
}

/// A cost figure in US dollars, shown in millions where it is shown.
constexpr double kMillion = 1e6;

std::vector<Figure> costFigures()
{
    const auto real = [](const char *key, double (*read)(const Results &)) {
        return Figure{.key = key, .json = J::Real, .read = read};
    };
    return {
        {.key = "cost.capex_usd", .json = J::Real, .read = [](const Results &r) { return r.cost.capexUsd; },
         .better = Better::Lower, .brief = {"CAPEX $M", "", 1.0, kMillion, 2},
         .dock = {"CAPEX", "M USD", 1.0, kMillion, 2}},
        real("cost.hardware_capex_usd", [](const Results &r) { return r.cost.hardwareCapexUsd; }),
        {.key = "cost.cooling_plant_usd", .json = J::Real, .read = [](const Results &r) { return r.cost.coolingPlantUsd; },
         .present = P::CostAvailable, .better = Better::Lower, .detail = {"cooling plant $M", "", 1.0, kMillion, 2}},
        real("cost.facility_build_usd", [](const Results &r) { return r.cost.facilityBuildUsd; }),
        real("cost.integration_usd", [](const Results &r) { return r.cost.integrationUsd; }),
        real("cost.critical_it_kw", [](const Results &r) { return r.cost.criticalItKw; }),
        real("cost.liquid_heat_kw", [](const Results &r) { return r.cost.liquidHeatKw; }),
        real("cost.air_heat_kw", [](const Results &r) { return r.cost.airHeatKw; }),
        {.key = "cost.opex_usd_per_year", .json = J::Real, .read = [](const Results &r) { return r.cost.opexUsdPerYear; },
         .better = Better::Lower, .brief = {"OPEX $M/yr", "", 1.0, kMillion, 2},
         .dock = {"OPEX per year", "M USD/yr", 1.0, kMillion, 2}},
        {.key = "cost.staff_fte", .json = J::Real, .read = [](const Results &r) { return r.cost.staffFte; },
         .present = P::CostAvailable, .better = Better::Lower, .detail = {"staff FTE", "", 1.0, 1.0, 1}},
        real("cost.depreciation_usd_per_year", [](const Results &r) { return r.cost.depreciationUsdPerYear; }),
        real("cost.life_years", [](const Results &r) { return r.cost.lifeYears; }),
        {.key = "cost.delivery_months", .json = J::Real, .read = [](const Results &r) { return r.cost.deliveryMonths; },
         .present = P::CostAvailable, .better = Better::Lower, .detail = {"delivery months", "", 1.0, 1.0, 1},
         .dock = {"Delivery (order to productive)", "months", 1.0, 1.0, 1}},
        {.key = "cost.delivery_cost_usd", .json = J::Real, .read = [](const Results &r) { return r.cost.deliveryCostUsd; },
         .present = P::CostAvailable, .better = Better::Lower, .detail = {"delivery cost $M", "", 1.0, kMillion, 2}},
        {.key = "cost.delivery_opportunity_usd", .json = J::Real,
         .read = [](const Results &r) { return r.cost.deliveryOpportunityUsd; }, .present = P::CostAvailable,
         .better = Better::Lower, .detail = {"renting meanwhile $M", "", 1.0, kMillion, 2}},
        {.key = "cost.tco_usd", .json = J::Real, .read = [](const Results &r) { return r.cost.tcoUsd; },
         .better = Better::Lower, .brief = {"TCO $M", "", 1.0, kMillion, 2},
         .dock = {"TCO over %1 years", "M USD", 1.0, kMillion, 2}},
        {.key = "cost.gpus_paid", .json = J::Integer, .read = [](const Results &r) { return double(r.cost.gpusPaid); }},
        real("cost.gpu_hours_per_year", [](const Results &r) { return r.cost.gpuHoursPerYear; }),
        {.key = "cost.cost_per_gpu_hour_usd", .json = J::Real,
         .read = [](const Results &r) { return r.cost.costPerGpuHourUsd; }, .present = P::CostAvailable,
         .better = Better::Lower, .detail = {"cost per GPU-hour $", "", 1.0, 1.0, 2},
         .dock = {"Cost per GPU-hour", "USD", 1.0, 1.0, 2}},
        {.key = "cost.effective_pflops_per_gpu", .json = J::Real,
         .read = [](const Results &r) { return r.cost.effectivePflopsPerGpu; }, .present = P::CostPositive,
         .better = Better::Higher, .detail = {"effective PFLOP/s per GPU", "", 1.0, 1.0, 3}},
        {.key = "cost.cost_per_effective_pflop_hour_usd", .json = J::Real,
         .read = [](const Results &r) { return r.cost.costPerEffectivePflopHourUsd; }, .present = P::Positive,
         .better = Better::Lower, .brief = {"$ per effective PFLOP-h", "", 1.0, 1.0, 2},
         .dock = {"Cost per effective PFLOP-hour", "USD", 1.0, 1.0, 2}},
        {.key = "cost.cost_per_million_tokens_usd", .json = J::Real,
         .read = [](const Results &r) { return r.cost.costPerMillionTokensUsd; }, .present = P::CostPositive,
         .better = Better::Lower, .detail = {"cost per million tokens $", "", 1.0, 1.0, 3}},
        {.key = "cost.cost_to_train_usd", .json = J::Real, .read = [](const Results &r) { return r.cost.costToTrainUsd; },
         .present = P::CostPositive, .better = Better::Lower, .detail = {"cost to train $M", "", 1.0, kMillion, 2}},
        real("cost.train_gpu_hours", [](const Results &r) { return r.cost.trainGpuHours; }),
        {.key = "cost.cloud_usd_per_gpu_hour", .json = J::Real,
         .read = [](const Results &r) { return r.cost.cloudUsdPerGpuHour; }, .present = P::CostAvailable,
         .detail = {"cloud price per GPU-hour $", "", 1.0, 1.0, 2}},
        {.key = "cost.cloud_cost_to_train_usd", .json = J::Real,
         .read = [](const Results &r) { return r.cost.cloudCostToTrainUsd; }, .present = P::CostPositive,
         .better = Better::Lower, .detail = {"cloud cost to train $M", "", 1.0, kMillion, 2}},
        real("cost.cloud_usd_per_year", [](const Results &r) { return r.cost.cloudUsdPerYear; }),
        {.key = "cost.break_even_month", .json = J::IntegerOrNull,
         .read = [](const Results &r) { return r.cost.breakEvenMonth >= 0 ? double(r.cost.breakEvenMonth) : kNone; },
         .better = Better::Lower, .missing = "never", .brief = {"cloud break-even month"},
         .dock = {"Break-even against the cloud", "month"}},
        {.key = "cost.break_even_month_discounted", .json = J::IntegerOrNull,
         .read = [](const Results &r) {
             return r.cost.breakEvenMonthDiscounted >= 0 ? double(r.cost.breakEvenMonthDiscounted) : kNone;
         }},
        real("cost.discount_rate", [](const Results &r) { return r.cost.discountRate; }),
        real("cost.tco_present_value_usd", [](const Results &r) { return r.cost.tcoPresentValueUsd; }),
        real("cost.cloud_total_usd", [](const Results &r) { return r.cost.cloudTotalUsd; }),
        real("cost.cloud_present_value_usd", [](const Results &r) { return r.cost.cloudPresentValueUsd; }),
        real("cost.cloud_on_demand_usd_per_gpu_hour", [](const Results &r) { return r.cost.cloudOnDemandUsdPerGpuHour; }),
        real("cost.cloud_reserved_usd_per_gpu_hour", [](const Results &r) { return r.cost.cloudReservedUsdPerGpuHour; }),
        real("cost.reserved_term_years", [](const Results &r) { return r.cost.reservedTermYears; }),
        real("cost.cloud_committed_usd", [](const Results &r) { return r.cost.cloudCommittedUsd; }),
        real("cost.rent_usd_per_year", [](const Results &r) { return r.cost.rentUsdPerYear; }),
    };
}

/// Figures the comparison derives from several results figures; not in the results JSON. Their
/// reads return the value as shown.
std::vector<Figure> derivedFigures()
{
    return {
        {.key = "derived.scale_up_domains", .read = [](const Results &r) { return double(r.inventory.servers + r.inventory.supernodes); },
         .source = "inventory.servers + inventory.supernodes", .detail = {"scale-up domains (servers, supernodes)"}},
        {.key = "derived.fabric_switches", .read = [](const Results &r) { return double(fabricSwitches(r)); },
         .source = "inventory.switches_by_tier (sum)", .detail = {"compute-fabric switches"}},
        {.key = "derived.bisection_per_gpu",
         .read = [](const Results &r) {
             return r.inventory.gpusTotal > 0 ? r.fabric.bisectionGbPerS / double(r.inventory.gpusTotal) : kNone;
         },
         .better = Better::Higher, .source = "fabric.bisection_gb_per_s / inventory.gpus_total",
         .detail = {"bisection GB/s per GPU", "", 1.0, 1.0, 1}},
        {.key = "derived.oversubscription",
         .read = [](const Results &r) {
             double worst = 1.0;
             for (double o : r.fabric.oversubscription)
                 worst = std::max(worst, o);
             return worst;
         },
         .better = Better::Lower, .source = "fabric.oversubscription (max)",
         .detail = {"worst oversubscription :1", "", 1.0, 1.0, 2}},
        {.key = "derived.exposed_comm",
         .read = [](const Results &r) {
             return perf(r, [](const StepEstimate &e) {
                 const StepBreakdown &b = e.time;
                 return percent(b.tpExposedS + b.ppExposedS + b.dpExposedS + b.epExposedS + b.cpExposedS, e.stepTimeS);
             });
         },
         .better = Better::Lower, .source = "performance.breakdown.{tp,pp,dp,ep,cp}_exposed_s / step_time_s",
         .detail = {"exposed communication % of step", "", 1.0, 1.0, 1}},
        {.key = "derived.job_gpus",
         .read = [](const Results &r) { return r.performance.available ? double(r.performance.outcome.gpusUsed) : kNone; },
         .source = "performance.gpus_used", .detail = {"GPUs the job runs on"}},
        {.key = "derived.idle_share",
         .read = [](const Results &r) {
             return r.performance.available ? percent(double(r.inventory.gpusActive - r.performance.outcome.gpusUsed),
                                                      double(r.inventory.gpusActive))
                                            : kNone;
         },
         .better = Better::Lower, .source = "1 - performance.gpus_used / inventory.gpus_active",
         .detail = {"active GPUs idle to the job %", "", 1.0, 1.0, 1}},
        {.key = "derived.replica_gpus",
         .read = [](const Results &r) {
             return perf(r, [](const StepEstimate &e) { return double(e.config.tp) * e.config.pp * e.config.cp; });
         },
         .source = "performance.parallelism_used", .detail = {"GPUs per model replica (TP·PP·CP)"}},
        {.key = "derived.leaf_group_gpus",
         .read = [](const Results &r) {
             return r.fabric.leafGroups > 0 ? double(r.inventory.gpusTotal) / double(r.fabric.leafGroups) : kNone;
         },
         .source = "inventory.gpus_total / fabric.leaf_groups", .detail = {"GPUs under one leaf group"}},
        {.key = "derived.gpu_failure_gpus",
         .read = [](const Results &r) {
             const FailureDomainKind *k = kind(r, "gpu");
             return k ? double(k->gpusLostMax) : kNone;
         },
         .better = Better::Lower, .source = "reliability.failure_domains.gpu.gpus_lost_max",
         .detail = {"GPUs down per GPU failure"}},
        {.key = "derived.spare_share",
         .read = [](const Results &r) { return percent(double(r.inventory.gpusSpare), double(r.inventory.gpusTotal)); },
         .source = "inventory.gpus_spare / inventory.gpus_total", .detail = {"spare share of GPUs %", "", 1.0, 1.0, 1}},
        {.key = "derived.spare_gain",
         .read = [](const Results &r) {
             return rel(r, (r.reliability.goodput - r.reliability.goodputWithoutSpares) * 100.0);
         },
         .better = Better::Higher, .source = "reliability.goodput - goodput_without_spares",
         .detail = {"goodput gained by spares, points", "", 1.0, 1.0, 1}},
        {.key = "derived.power_unit_load", .read = [](const Results &r) { return worstUnitLoad(r.power.powerUnits); },
         .better = Better::Lower, .source = "power.power_units[].load_kw / capacity_kw",
         .detail = {"worst power unit load after a failure %"}},
        {.key = "derived.cooling_unit_load", .read = [](const Results &r) { return worstUnitLoad(r.power.coolingUnits); },
         .better = Better::Lower, .source = "cooling.cooling_units[].load_kw / capacity_kw",
         .detail = {"worst cooling unit load after a failure %"}},
        {.key = "derived.mean_rack_kw",
         .read = [](const Results &r) {
             double sum = 0;
             for (const RackPower &p : r.power.racks)
                 sum += p.itKw;
             return r.power.racks.empty() ? kNone : sum / double(r.power.racks.size());
         },
         .source = "power.racks[].it_kw (mean)", .detail = {"mean kW per rack", "", 1.0, 1.0, 1}},
        {.key = "derived.kw_per_gpu",
         .read = [](const Results &r) {
             return r.inventory.gpusTotal > 0 ? r.power.itKwTotal / double(r.inventory.gpusTotal) : kNone;
         },
         .source = "power.it_kw_total / inventory.gpus_total", .detail = {"IT kW per GPU", "", 1.0, 1.0, 2}},
        {.key = "derived.liquid_share",
         .read = [](const Results &r) {
             return costFigure(r, percent(r.cost.liquidHeatKw, r.cost.liquidHeatKw + r.cost.airHeatKw));
         },
         .source = "cost.liquid_heat_kw / (liquid + air)", .detail = {"liquid-cooled share of heat %"}},
        {.key = "derived.nic_gbps",
         .read = [](const Results &r) {
             return r.inventory.nics > 0
                        ? r.fabric.scaleOutGbpsPerGpu * double(r.inventory.gpusTotal) / double(r.inventory.nics)
                        : kNone;
         },
         .better = Better::Higher, .source = "fabric.scale_out_gbps_per_gpu × gpus_total / inventory.nics",
         .detail = {"NIC line rate Gb/s"}},
        {.key = "derived.nics_per_gpu",
         .read = [](const Results &r) {
             return r.inventory.gpusTotal > 0 ? double(r.inventory.nics) / double(r.inventory.gpusTotal) : kNone;
         },
         .source = "inventory.nics / inventory.gpus_total", .detail = {"NICs per GPU", "", 1.0, 1.0, 2}},
        {.key = "derived.effective_pflops",
         .read = [](const Results &r) { return costFigure(r, r.cost.effectivePflopsPerGpu * double(r.cost.gpusPaid)); },
         .better = Better::Higher, .source = "cost.effective_pflops_per_gpu × cost.gpus_paid",
         .detail = {"effective PFLOP/s of the cluster", "", 1.0, 1.0, 1}},
        {.key = "derived.gpus_per_fte",
         .read = [](const Results &r) {
             return r.cost.available && r.cost.staffFte > 0 ? double(r.inventory.gpusTotal) / r.cost.staffFte : kNone;
         },
         .better = Better::Higher, .source = "inventory.gpus_total / cost.staff_fte", .detail = {"GPUs per FTE"}},
        {.key = "derived.part_failures",
         .read = [](const Results &r) {
             double sum = 0;
             for (const FailureDomainKind &k : r.reliability.kinds)
                 sum += k.eventsPerMonth;
             return rel(r, sum);
         },
         .better = Better::Lower, .source = "reliability.failure_domains.*.events_per_month (sum)",
         .detail = {"part failures per month", "", 1.0, 1.0, 1}},
        {.key = "derived.onboarding", .read = [](const Results &) { return kNone; },
         .note = "not modelled: the results hold no figure for it", .detail = {"onboarding and migration effort"}},
    };
}

std::vector<Figure> costStructureFigures()
{
    const auto share = [](const char *key, const char *source, const char *label, double (*read)(const Results &)) {
        return Figure{.key = key, .read = read, .source = source, .detail = {label, "", 1.0, 1.0, 1}};
    };
    return {
        share("derived.capex_compute", "cost.capex_by_category_usd.compute / capex_usd", "CAPEX compute %",
              [](const Results &r) { return capexShare(r, "compute"); }),
        share("derived.capex_network", "cost.capex_by_category_usd.network / capex_usd", "CAPEX network %",
              [](const Results &r) { return capexShare(r, "network"); }),
        share("derived.capex_storage", "cost.capex_by_category_usd.storage / capex_usd", "CAPEX storage %",
              [](const Results &r) { return capexShare(r, "storage"); }),
        share("derived.capex_power_cooling", "cost.capex_by_category_usd.power_cooling / capex_usd",
              "CAPEX power and cooling %", [](const Results &r) { return capexShare(r, "power_cooling"); }),
        share("derived.capex_facility", "cost.capex_by_category_usd.facility / capex_usd", "CAPEX facility %",
              [](const Results &r) { return capexShare(r, "facility"); }),
        share("derived.capex_integration", "cost.capex_by_category_usd.integration / capex_usd", "CAPEX integration %",
              [](const Results &r) { return capexShare(r, "integration"); }),
        share("derived.opex_share", "cost.opex_usd_per_year × life_years / tco_usd", "OPEX share of TCO %",
              [](const Results &r) {
                  return costFigure(r, percent(r.cost.opexUsdPerYear * r.cost.lifeYears, r.cost.tcoUsd));
              }),
        share("derived.energy_share", "cost.opex_by_category_usd_per_year.energy / opex", "energy share of OPEX %",
              [](const Results &r) {
                  const auto it = r.cost.opexByCategoryUsdPerYear.find("energy");
                  return r.cost.available && it != r.cost.opexByCategoryUsdPerYear.end()
                             ? percent(it->second, r.cost.opexUsdPerYear)
                             : kNone;
              }),
    };
}

std::vector<Figure> allFigures()
{
    std::vector<Figure> all;
    for (auto part : {inventoryFigures, fabricFigures, performanceWithBands, powerFigures, figuretable::reliabilityFigures,
                      costFigures, figuretable::costRangeFigures, derivedFigures, costStructureFigures})
        for (Figure &f : part())
            all.push_back(f);
    return all;
}

} // namespace

bool Figure::available(const Results &r) const
{
    switch (needs) {
    case FigureNeeds::Nothing:
        return true;
    case FigureNeeds::Performance:
        return r.performance.available && r.performance.outcome.estimate.feasible();
    case FigureNeeds::Reliability:
        return r.reliability.available;
    }
    return true;
}

double Figure::value(const Results &r) const
{
    if (!available(r))
        return kNone;
    const double v = read(r);
    switch (present) {
    case FigurePresent::Always:
        return v;
    case FigurePresent::Positive:
        return v > 0 ? v : kNone;
    case FigurePresent::CostAvailable:
        return r.cost.available ? v : kNone;
    case FigurePresent::CostPositive:
        return r.cost.available && v > 0 ? v : kNone;
    }
    return v;
}

std::string_view Figure::jsonSection() const
{
    return key.substr(0, key.find('.'));
}

std::string_view Figure::jsonName() const
{
    const size_t dot = key.find('.');
    return dot == std::string_view::npos ? std::string_view() : key.substr(dot + 1);
}

const std::vector<Figure> &figures()
{
    static const std::vector<Figure> all = allFigures();
    return all;
}

const Figure *findFigure(std::string_view key)
{
    static const std::map<std::string_view, const Figure *> index = [] {
        std::map<std::string_view, const Figure *> m;
        for (const Figure &f : figures())
            m.emplace(f.key, &f);
        return m;
    }();
    const auto it = index.find(key);
    return it == index.end() ? nullptr : it->second;
}

const Figure &figure(std::string_view key)
{
    if (const Figure *f = findFigure(key))
        return *f;
    throw std::out_of_range("no figure " + std::string(key));
}

} // namespace cp
