#include "model/io/resultsjson.h"

#include "model/analysis/figures.h"
#include "model/engine/results.h"
#include "model/io/estimateoutput.h"

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
    json byPolicy = json::array(), bySpares = json::array();
    for (const auto &p : rel.byPolicy)
        byPolicy.push_back({{"policy", p.policy}, {"goodput", p.goodput},
                            {"time_lost_per_failure_minutes", p.lostPerFailureMinutes},
                            {"effective_time_to_train_days", p.effectiveTimeToTrainDays}});
    for (const auto &s : rel.bySpares)
        bySpares.push_back({{"hot_spares_per_domain", s.spares}, {"goodput", s.goodput}, {"capacity", s.capacity},
                            {"effective_share", s.goodput * s.capacity}});
    json largest = json::array();
    for (const FailureDomain &d : rel.largestDomains)
        largest.push_back({{"kind", d.kind}, {"part", d.part}, {"gpus", d.gpus}});
    // The scalar figures are added from the figure table (writeFigures).
    return {{"available", true},
            {"largest_failure_domains", largest},
            {"failure_domains", kinds},
            {"checkpoint_interval_optimal", rel.intervalOptimal},
            {"policy", rel.policy},
            {"checkpoint_kind", rel.checkpointKind},
            {"by_policy", byPolicy},
            {"by_spares", bySpares}};
}

json costToJson(const CostResults &c)
{
    json schedule = json::array();
    for (const ScheduleItem &i : c.delivery.items)
        schedule.push_back({{"item", i.id}, {"label", i.label}, {"path", i.path}, {"weeks", i.weeks}, {"source", i.source}});
    json bom = json::array();
    for (const BomLine &l : c.bom)
        bom.push_back({{"catalog_id", l.catalogId}, {"name", l.name}, {"kind", l.kind},
                       {"category", l.category}, {"quantity", l.quantity},
                       {"unit_price_usd", l.unitPriceUsd}, {"total_usd", l.totalUsd}, {"source", l.source}});
    // The uncertain inputs as used, and the tornado (model/cost/uncertainty.h).
    const CostUncertainty &u = c.uncertainty;
    json ranges = json::array(), tornado = json::array();
    for (const CostInputSpec &s : costInputs()) {
        const FactorRange &r = u.ranges[size_t(s.id)];
        ranges.push_back({{"input", s.key}, {"label", s.label}, {"low", r.low}, {"high", r.high}, {"source", s.source}});
    }
    for (const TornadoBar &b : u.tornado)
        tornado.push_back({{"input", costInputs()[size_t(b.input)].key}, {"low", b.low}, {"high", b.high},
                           {"npv_owning_vs_cloud_usd_at_low", b.npvAtLow}, {"npv_owning_vs_cloud_usd_at_high", b.npvAtHigh},
                           {"cost_per_effective_pflop_hour_usd_at_low", b.cpeAtLow},
                           {"cost_per_effective_pflop_hour_usd_at_high", b.cpeAtHigh}});
    // The scalar figures are added from the figure table (writeFigures).
    return {{"available", c.available},
            {"delivery", {{"from_lead_times", c.deliveryFromLeadTimes},
                          {"weeks", c.delivery.weeks},
                          {"hardware_weeks", c.delivery.hardwareWeeks},
                          {"facility_weeks", c.delivery.facilityWeeks},
                          {"install_weeks", c.delivery.installWeeks},
                          {"critical_item", c.delivery.criticalItem},
                          {"items", schedule}}},
            {"uncertainty", {{"draws", u.draws}, {"seed", u.seed}, {"ranges", ranges}, {"tornado", tornado}}},
            {"capex_by_category_usd", c.capexByCategoryUsd},
            {"opex_by_category_usd_per_year", c.opexByCategoryUsdPerYear},
            {"ownership", c.ownership},
            {"cloud_pricing", c.cloudPricing},
            {"cloud_accelerator_id", c.cloudAcceleratorId},
            {"cloud_price_source", c.cloudPriceSource},
            {"discounted_cumulative_usd_by_month", c.discountedCumulativeUsdByMonth},
            {"cloud_discounted_cumulative_usd_by_month", c.cloudDiscountedCumulativeUsdByMonth},
            {"cumulative_usd_by_month", c.cumulativeUsdByMonth},
            {"cloud_cumulative_usd_by_month", c.cloudCumulativeUsdByMonth},
            {"bom", bom}};
}

/// Adds every scalar figure of the figure table (model/analysis/figures.cpp) that this writer
/// owns, where the design has it; the training estimate's figures come with estimateToJson.
void writeFigures(json &out, const Results &r)
{
    for (const Figure &f : figures()) {
        if (f.json == FigureJson::None || f.json == FigureJson::Estimate || !f.available(r))
            continue;
        json &section = out[std::string(f.jsonSection())];
        const std::string name(f.jsonName());
        const double v = f.read(r);
        switch (f.json) {
        case FigureJson::Integer:
            section[name] = static_cast<long long>(v);
            break;
        case FigureJson::IntegerOrNull:
            section[name] = std::isnan(v) ? json(nullptr) : json(static_cast<long long>(v));
            break;
        default:
            section[name] = std::isnan(v) ? json(nullptr) : json(v); // JSON has no NaN
        }
    }
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
    json fabric = {{"topology", f.topology}, {"switch_id", f.switchId},
                   {"oversubscription", f.oversubscription}, {"links_by_tier", f.linksByTier},
                   {"cables", cables}, {"bandwidth_matrix", matrix}};
    json performance = {{"available", r.performance.available}};
    if (r.performance.available) {
        performance = estimateToJson(r.performance.spec, r.performance.outcome, r.performance.stackEfficiency);
        performance["available"] = true;
    }

    json problems = json::array();
    for (const Problem &pr : r.problems)
        problems.push_back({{"severity", severityName(pr.severity)}, {"part", pr.place}, {"message", pr.message}});
    // Objects are std::map-ordered, so where a key is added does not change the dump.
    json out = {
        {"inventory",
         {{"switches_by_tier", inv.switchesByTier}, {"switches_other", inv.otherSwitches},
          {"parts_by_catalog_id", inv.partsByCatalogId}}},
        {"fabric", fabric},
        {"performance", performance},
        {"power",
         {{"nameplate_kw_by_feed", p.nameplateKwByFeed}, {"kw_by_row", p.kwByRow}, {"racks", racks},
          {"power_units", units(p.powerUnits)}}},
        {"cooling", {{"cooling_units", units(p.coolingUnits)}}},
        {"reliability", reliabilityToJson(r.reliability)},
        {"cost", costToJson(r.cost)},
        {"problems", problems},
    };
    writeFigures(out, r);
    return out;
}

std::vector<std::string> nonFiniteNumbers(const nlohmann::json &j, size_t max)
{
    // Iterative walk (a results JSON is shallow, but the rule holds for any input).
    std::vector<std::string> found;
    std::vector<std::pair<const nlohmann::json *, std::string>> todo{{&j, std::string()}};
    while (!todo.empty() && found.size() < max) {
        auto [node, at] = todo.back();
        todo.pop_back();
        if (node->is_number_float()) {
            if (!std::isfinite(node->get<double>()))
                found.push_back(at.empty() ? "/" : at);
        } else if (node->is_object()) {
            for (auto it = node->begin(); it != node->end(); ++it)
                todo.emplace_back(&it.value(), at + "/" + it.key());
        } else if (node->is_array()) {
            for (size_t i = 0; i < node->size(); ++i)
                todo.emplace_back(&(*node)[i], at + "/" + std::to_string(i));
        }
    }
    return found;
}

} // namespace cp
