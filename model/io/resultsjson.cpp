#include "model/io/resultsjson.h"

#include "model/engine/results.h"
#include "model/io/estimatespec.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace cp {

using json = nlohmann::json;

namespace {

json reliabilityToJson(const ReliabilityResults &rel)
{
    if (!rel.available)
        return {{"available", false}};
    json kinds = json::object();
    for (const FailureDomainKind &k : rel.kinds)
        kinds[k.kind] = {{"count", k.count},
                         {"failures_per_hour_each", k.failuresPerHour},
                         {"mtbf_hours_each", k.failuresPerHour > 0 ? 1.0 / k.failuresPerHour : 0.0},
                         {"gpus_lost_max", k.gpusLostMax},
                         {"gpus_lost_mean", k.gpusLostMean},
                         {"interrupts_job", k.interruptsJob},
                         {"job_parts", k.jobParts},
                         {"job_interruptions_per_day", k.jobFailuresPerHour * 24.0},
                         {"events_per_month", k.eventsPerMonth},
                         {"job_hours_lost_per_month", k.lostHoursPerMonth},
                         {"downtime_share", k.downtimeShare},
                         {"recovery", k.recovery}};
    json largest = json::array();
    for (const FailureDomain &d : rel.largestDomains)
        largest.push_back({{"kind", d.kind}, {"part", d.part}, {"gpus", d.gpus}});
    return {{"available", true},
            {"job_mtbf_hours", rel.jobMtbfHours},
            {"interruptions_per_day", rel.interruptionsPerHour * 24.0},
            {"goodput", rel.goodput},
            {"goodput_without_spares", rel.goodputWithoutSpares},
            {"largest_failure_domain_gpus", rel.largestFailureDomainGpus},
            {"largest_failure_domains", largest},
            {"failure_domains", kinds},
            {"params", rel.params},
            {"checkpoint_bytes_per_param", rel.bytesPerParam},
            {"checkpoint_size_tb", rel.checkpointSizeTb},
            {"storage_write_gb_per_s", rel.storageWriteGbPerS},
            {"storage_read_gb_per_s", rel.storageReadGbPerS},
            {"checkpoint_write_s", rel.checkpointWriteS},
            {"checkpoint_restore_s", rel.checkpointRestoreS},
            {"checkpoint_interval_minutes", rel.checkpointIntervalMinutes},
            {"checkpoint_interval_optimal", rel.intervalOptimal},
            {"recovery_minutes", rel.job.recoveryH * 60.0},
            {"time_lost_per_failure_minutes", rel.timeLostPerFailureMinutes},
            {"hot_spares_per_domain", rel.job.sparesPerDomain},
            {"time_to_train_days", rel.timeToTrainDays},
            {"effective_time_to_train_days", rel.effectiveTimeToTrainDays}};
}

json costToJson(const CostResults &c)
{
    json bom = json::array();
    for (const BomLine &l : c.bom)
        bom.push_back({{"catalog_id", l.catalogId}, {"name", l.name}, {"kind", l.kind},
                       {"category", l.category}, {"quantity", l.quantity},
                       {"unit_price_usd", l.unitPriceUsd}, {"total_usd", l.totalUsd}, {"source", l.source}});
    const json breakEven = c.breakEvenMonth >= 0 ? json(c.breakEvenMonth) : json(nullptr);
    return {{"available", c.available},
            {"capex_usd", c.capexUsd},
            {"capex_by_category_usd", c.capexByCategoryUsd},
            {"hardware_capex_usd", c.hardwareCapexUsd},
            {"cooling_plant_usd", c.coolingPlantUsd},
            {"facility_build_usd", c.facilityBuildUsd},
            {"integration_usd", c.integrationUsd},
            {"critical_it_kw", c.criticalItKw},
            {"liquid_heat_kw", c.liquidHeatKw},
            {"air_heat_kw", c.airHeatKw},
            {"opex_usd_per_year", c.opexUsdPerYear},
            {"opex_by_category_usd_per_year", c.opexByCategoryUsdPerYear},
            {"staff_fte", c.staffFte},
            {"depreciation_usd_per_year", c.depreciationUsdPerYear},
            {"life_years", c.lifeYears},
            {"delivery_months", c.deliveryMonths},
            {"delivery_cost_usd", c.deliveryCostUsd},
            {"delivery_opportunity_usd", c.deliveryOpportunityUsd},
            {"tco_usd", c.tcoUsd},
            {"gpus_paid", c.gpusPaid},
            {"gpu_hours_per_year", c.gpuHoursPerYear},
            {"cost_per_gpu_hour_usd", c.costPerGpuHourUsd},
            {"effective_pflops_per_gpu", c.effectivePflopsPerGpu},
            {"cost_per_effective_pflop_hour_usd", c.costPerEffectivePflopHourUsd},
            {"cost_per_million_tokens_usd", c.costPerMillionTokensUsd},
            {"cost_to_train_usd", c.costToTrainUsd},
            {"train_gpu_hours", c.trainGpuHours},
            {"cloud_usd_per_gpu_hour", c.cloudUsdPerGpuHour},
            {"cloud_cost_to_train_usd", c.cloudCostToTrainUsd},
            {"cloud_usd_per_year", c.cloudUsdPerYear},
            {"break_even_month", breakEven},
            {"break_even_month_discounted",
             c.breakEvenMonthDiscounted >= 0 ? json(c.breakEvenMonthDiscounted) : json(nullptr)},
            {"discount_rate", c.discountRate},
            {"tco_present_value_usd", c.tcoPresentValueUsd},
            {"cloud_total_usd", c.cloudTotalUsd},
            {"cloud_present_value_usd", c.cloudPresentValueUsd},
            {"npv_owning_vs_cloud_usd", c.npvOwningVsCloudUsd},
            {"ownership", c.ownership},
            {"cloud_pricing", c.cloudPricing},
            {"cloud_accelerator_id", c.cloudAcceleratorId},
            {"cloud_on_demand_usd_per_gpu_hour", c.cloudOnDemandUsdPerGpuHour},
            {"cloud_reserved_usd_per_gpu_hour", c.cloudReservedUsdPerGpuHour},
            {"reserved_term_years", c.reservedTermYears},
            {"cloud_committed_usd", c.cloudCommittedUsd},
            {"cloud_price_source", c.cloudPriceSource},
            {"rent_usd_per_year", c.rentUsdPerYear},
            {"discounted_cumulative_usd_by_month", c.discountedCumulativeUsdByMonth},
            {"cloud_discounted_cumulative_usd_by_month", c.cloudDiscountedCumulativeUsdByMonth},
            {"cumulative_usd_by_month", c.cumulativeUsdByMonth},
            {"cloud_cumulative_usd_by_month", c.cloudCumulativeUsdByMonth},
            {"bom", bom}};
}

} // namespace

json resultsToJson(const Results &r)
{
    const InventoryResults &inv = r.inventory;
    const PowerResults &p = r.power;
    json racks = json::array();
    for (const RackPower &rp : p.racks)
        racks.push_back({{"id", rp.rackId}, {"row", rp.row}, {"it_kw", rp.itKw},
                         {"nameplate_kw", rp.maxKw}, {"idle_kw", rp.idleKw}, {"limit_kw", rp.limitKw},
                         {"kw_per_m2", rp.kwPerM2}, {"weight_kg", rp.weightKg}});
    const auto units = [](const std::vector<UnitLoad> &list) {
        json a = json::array();
        for (const UnitLoad &u : list)
            a.push_back({{"id", u.unitId}, {"catalog_id", u.catalogId}, {"load_kw", u.loadKw},
                         {"capacity_kw", u.capacityKw}, {"group", u.group}, {"served_kw", u.servedKw}});
        return a;
    };
    const FabricResults &f = r.fabric;
    json cables = json::array();
    for (const CableRun &c : f.cables)
        cables.push_back({{"tier", c.tier}, {"catalog_id", c.catalogId}, {"count", c.count},
                          {"total_length_m", c.totalLengthM}, {"max_length_m", c.maxLengthM},
                          {"power_kw", c.powerW / 1000.0}, {"price_usd", c.priceUsd}});
    json matrix = {{"level", f.matrixLevel}, {"side", f.matrixSide()}};
    if (!f.bandwidthGbPerS.empty()) {
        const auto [lo, hi] = std::minmax_element(f.bandwidthGbPerS.begin(), f.bandwidthGbPerS.end());
        double sum = 0;
        for (float v : f.bandwidthGbPerS)
            sum += v;
        matrix["min_gb_per_s"] = *lo;
        matrix["max_gb_per_s"] = *hi;
        matrix["mean_gb_per_s"] = sum / double(f.bandwidthGbPerS.size());
        // The whole matrix only while it stays readable; the app reads it from Results directly.
        if (f.matrixSide() <= 256) {
            matrix["labels"] = f.matrixLabels;
            json rows = json::array();
            for (int a = 0; a < f.matrixSide(); ++a) {
                json row = json::array();
                for (int b = 0; b < f.matrixSide(); ++b)
                    row.push_back(std::round(f.bandwidth(a, b) * 100.0) / 100.0);
                rows.push_back(std::move(row));
            }
            matrix["gb_per_s"] = std::move(rows);
        }
    }
    json fabric = {{"topology", f.topology}, {"tiers", f.tiers}, {"switch_id", f.switchId},
                   {"radix", f.radix}, {"port_gbps", f.portGbps}, {"domain_gpus", f.domainGpus},
                   {"scale_up_gb_per_s_per_gpu", f.scaleUpGbPerSPerGpu},
                   {"scale_out_gbps_per_gpu", f.scaleOutGbpsPerGpu},
                   {"scale_out_gb_per_s_per_gpu", f.scaleOutGbpsPerGpu / 8.0},
                   {"oversubscription", f.oversubscription}, {"bisection_gb_per_s", f.bisectionGbPerS},
                   {"links_by_tier", f.linksByTier}, {"cables", cables},
                   {"optics_power_kw", f.opticsPowerKw}, {"cables_price_usd", f.cablesPriceUsd},
                   {"leaf_groups", f.leafGroups}, {"pods", f.pods}, {"max_switch_hops", f.maxHops},
                   {"max_latency_us", f.maxLatencyUs}, {"bandwidth_matrix", matrix}};
    json performance = {{"available", r.performance.available}};
    if (r.performance.available) {
        performance = estimateToJson(r.performance.spec, r.performance.outcome);
        performance["available"] = true;
    }

    json problems = json::array();
    for (const Problem &pr : r.problems)
        problems.push_back({{"severity", severityName(pr.severity)}, {"part", pr.place}, {"message", pr.message}});
    return {
        {"inventory",
         {{"gpus_total", inv.gpusTotal}, {"gpus_active", inv.gpusActive}, {"gpus_spare", inv.gpusSpare},
          {"servers", inv.servers}, {"supernodes", inv.supernodes}, {"racks_total", inv.racksTotal},
          {"racks_compute", inv.computeRacks}, {"racks_network", inv.networkRacks},
          {"racks_storage", inv.storageRacks}, {"nics", inv.nics},
          {"switches_by_tier", inv.switchesByTier}, {"switches_other", inv.otherSwitches},
          {"storage_nodes", inv.storageNodes}, {"storage_capacity_tb", inv.storageCapacityTb},
          {"power_units", inv.powerUnits}, {"cooling_units", inv.coolingUnits},
          {"parts_by_catalog_id", inv.partsByCatalogId}}},
        {"fabric", fabric},
        {"performance", performance},
        {"power",
         {{"it_kw_total", p.itKwTotal}, {"it_kw_nameplate", p.itKwNameplate}, {"it_kw_idle", p.itKwIdle},
          {"optics_kw", p.opticsKw}, {"max_kw_per_m2", p.maxKwPerM2}, {"nameplate_kw_by_feed", p.nameplateKwByFeed},
          {"facility_kw_total", p.facilityKwTotal}, {"pue", p.pue}, {"max_rack_kw", p.maxRackKw},
          {"energy_mwh_per_year", p.energyMwhPerYear}, {"kw_by_row", p.kwByRow}, {"racks", racks},
          {"power_units", units(p.powerUnits)}}},
        {"cooling", {{"cooling_units", units(p.coolingUnits)}}},
        {"reliability", reliabilityToJson(r.reliability)},
        {"cost", costToJson(r.cost)},
        {"problems", problems},
    };
}

} // namespace cp
