#include "model/analysis/comparison.h"

#include "model/cost/uncertainty.h"
#include "model/engine/evaluation.h"

#include <cmath>
#include <cstdio>
#include <iomanip>
#include <optional>
#include <sstream>

namespace cp {

namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

/// A comparison row: its stable key and the figure it shows (label, unit, decimals, better and
/// the read all come from the figure table, model/analysis/figures.cpp).
struct RowSpec
{
    const char *key;
    const char *figure;
};

std::string fixed(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

// The key figures: what `compare` prints and the report's first table. Labels and decimals are
// the CLI's contract (tests/test_compare_cli.cpp); add rows at the end.
const std::vector<RowSpec> &keyRows()
{
    static const std::vector<RowSpec> rows = {
        {"gpus", "inventory.gpus_total"},
        {"racks", "inventory.racks_total"},
        {"it_mw", "power.it_kw_total"},
        {"facility_mw", "power.facility_kw_total"},
        {"max_rack_kw", "power.max_rack_kw"},
        {"domain_gpus", "fabric.domain_gpus"},
        {"bisection", "fabric.bisection_gb_per_s"},
        {"mfu", "performance.mfu"},
        {"time_to_train", "reliability.effective_time_to_train_days"},
        {"job_mtbf", "reliability.job_mtbf_hours"},
        {"goodput", "reliability.goodput"},
        {"largest_failure_domain", "reliability.largest_failure_domain_gpus"},
        {"capex", "cost.capex_usd"},
        {"opex", "cost.opex_usd_per_year"},
        {"tco", "cost.tco_usd"},
        {"cost_per_effective_pflop_hour", "cost.cost_per_effective_pflop_hour_usd"},
        {"break_even_month", "cost.break_even_month"},
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
         {{"scale_up_domains", "derived.scale_up_domains"},
          {"domain_gpus_arch", "fabric.domain_gpus"},
          {"tiers", "fabric.tiers"},
          {"fabric_switches", "derived.fabric_switches"}}},
        {"Communication",
         {{"scale_up_gb_per_s", "fabric.scale_up_gb_per_s_per_gpu"},
          {"scale_out_gbps", "fabric.scale_out_gbps_per_gpu"},
          {"bisection_per_gpu", "derived.bisection_per_gpu"},
          {"oversubscription", "derived.oversubscription"},
          {"max_hops", "fabric.max_switch_hops"},
          {"max_latency", "fabric.max_latency_us"},
          {"exposed_comm", "derived.exposed_comm"}}},
        {"Storage and checkpoints",
         {{"checkpoint_tb", "reliability.checkpoint_size_tb"},
          {"storage_write", "reliability.storage_write_gb_per_s"},
          {"checkpoint_write", "reliability.checkpoint_write_s"},
          {"checkpoint_restore", "reliability.checkpoint_restore_s"},
          {"checkpoint_interval", "reliability.checkpoint_interval_minutes"},
          {"storage_capacity", "inventory.storage_capacity_tb"}}},
        {"Scheduling and placement",
         {{"job_gpus", "derived.job_gpus"},
          {"idle_share", "derived.idle_share"},
          {"replica_gpus", "derived.replica_gpus"},
          {"leaf_group_gpus", "derived.leaf_group_gpus"}}},
        {"Failure domain",
         {{"gpu_failure_gpus", "derived.gpu_failure_gpus"},
          {"largest_domain", "reliability.largest_failure_domain_gpus"},
          {"interruptions", "reliability.interruptions_per_day"},
          {"lost_per_failure", "reliability.time_lost_per_failure_minutes"},
          {"recovery", "reliability.recovery_minutes"}}},
        {"Redundancy",
         {{"spares", "inventory.gpus_spare"},
          {"spare_share", "derived.spare_share"},
          {"spare_gain", "derived.spare_gain"},
          {"power_unit_load", "derived.power_unit_load"},
          {"cooling_unit_load", "derived.cooling_unit_load"}}},
        {"Power per rack",
         {{"max_rack_kw_dim", "power.max_rack_kw"},
          {"mean_rack_kw", "derived.mean_rack_kw"},
          {"max_kw_per_m2", "power.max_kw_per_m2"},
          {"kw_per_gpu", "derived.kw_per_gpu"}}},
        {"Cooling",
         {{"liquid_share", "derived.liquid_share"},
          {"pue", "power.pue"},
          {"cooling_units", "inventory.cooling_units"},
          {"cooling_plant", "cost.cooling_plant_usd"}}},
        {"NIC speed",
         {{"nic_gbps", "derived.nic_gbps"}, {"nics_per_gpu", "derived.nics_per_gpu"}, {"port_gbps", "fabric.port_gbps"}}},
        {"Scale",
         {{"gpus_total", "inventory.gpus_total"},
          {"gpus_active", "inventory.gpus_active"},
          {"racks_total", "inventory.racks_total"},
          {"pods", "fabric.pods"},
          {"params", "performance.params_total"},
          {"effective_pflops", "derived.effective_pflops"}}},
        {"Operations",
         {{"staff", "cost.staff_fte"},
          {"gpus_per_fte", "derived.gpus_per_fte"},
          {"part_failures", "derived.part_failures"},
          {"onboarding", "derived.onboarding"}}},
        {"Delivery time",
         {{"delivery_months", "cost.delivery_months"},
          {"delivery_cost", "cost.delivery_cost_usd"},
          {"delivery_rent", "cost.delivery_opportunity_usd"},
          {"delay_month", "cost.delay_cost_usd_per_month"}}},
        {"Cost structure",
         {{"capex_compute", "derived.capex_compute"},
          {"capex_network", "derived.capex_network"},
          {"capex_storage", "derived.capex_storage"},
          {"capex_power_cooling", "derived.capex_power_cooling"},
          {"capex_facility", "derived.capex_facility"},
          {"capex_integration", "derived.capex_integration"},
          {"opex_share", "derived.opex_share"},
          {"energy_share", "derived.energy_share"},
          {"gpu_hour", "cost.cost_per_gpu_hour_usd"},
          {"cloud_gpu_hour", "cost.cloud_usd_per_gpu_hour"},
          {"million_tokens", "cost.cost_per_million_tokens_usd"},
          {"cost_to_train", "cost.cost_to_train_usd"},
          {"cloud_cost_to_train", "cost.cloud_cost_to_train_usd"}}},
        {"MFU",
         {{"mfu_dim", "performance.mfu"},
          {"mfu_p10", "performance.mfu_p10"},
          {"mfu_p90", "performance.mfu_p90"},
          {"tflops", "performance.model_tflops_per_gpu"},
          {"tflops_p10", "performance.model_tflops_per_gpu_p10"},
          {"tflops_p90", "performance.model_tflops_per_gpu_p90"},
          {"hardware_tflops", "performance.hardware_tflops_per_gpu"},
          {"hardware_tflops_p10", "performance.hardware_tflops_per_gpu_p10"},
          {"hardware_tflops_p90", "performance.hardware_tflops_per_gpu_p90"},
          {"step_time", "performance.step_time_s"},
          {"step_time_p10", "performance.step_time_s_p10"},
          {"step_time_p90", "performance.step_time_s_p90"},
          {"tokens_per_s", "performance.tokens_per_s"},
          {"tokens_per_s_p10", "performance.tokens_per_s_p10"},
          {"tokens_per_s_p90", "performance.tokens_per_s_p90"},
          {"bubble", "performance.bubble_fraction"},
          {"effective_pflops_gpu", "cost.effective_pflops_per_gpu"},
          {"failure_free_days", "performance.time_to_train_days"},
          {"failure_free_days_p10", "performance.time_to_train_days_p10"},
          {"failure_free_days_p90", "performance.time_to_train_days_p90"}}},
    };
    return dims;
}

/// The cost Monte Carlo's key for the same quantity as figure `figure`, or empty: the time to
/// train with failures is the cost stage's time to train (model/cost/cost.cpp, derivedFigures).
std::string rangeKeyOf(const std::string &figure)
{
    if (figure == "reliability.effective_time_to_train_days")
        return "cost.time_to_train_days";
    for (const std::string &key : comparableFigures())
        if (key == figure)
            return key;
    return {};
}

/// Clears `settled` on each best cell that wins fewer than kSettledShare of the paired draws
/// against some design it beats as printed (designs without draws are not counted): the cost
/// Monte Carlo's own figures by their draws, the throughput-driven performance figures by the
/// draws' throughput factors.
void settleBest(ComparisonRow &row, const std::vector<ComparedDesign> &designs)
{
    const std::string key = rangeKeyOf(row.figure);
    const std::optional<ThroughputScaling> scaling = throughputScalingOf(row.figure);
    const bool goodput = row.figure == "reliability.goodput"; // follows the draw's goodput factor
    if (key.empty() && !scaling && !goodput)
        return;
    for (size_t i = 0; i < row.cells.size(); ++i) {
        if (!row.cells[i].best || !designs[i].results)
            continue;
        for (size_t j = 0; j < row.cells.size(); ++j) {
            if (j == i || row.cells[j].best || std::isnan(row.cells[j].value) || !designs[j].results)
                continue;
            const CostUncertainty &a = designs[i].results->cost.uncertainty, &b = designs[j].results->cost.uncertainty;
            const double p = !key.empty() ? probabilityABetter(a, b, key)
                : goodput ? probabilityGoodputBetter(a, designs[i].results->reliability.goodput, b,
                                                     designs[j].results->reliability.goodput)
                          : probabilityScaledBetter(a, row.cells[i].value, b, row.cells[j].value, *scaling,
                                                    row.better == Better::Higher);
            if (!std::isnan(p) && p < kSettledShare)
                row.cells[i].settled = false;
        }
    }
}

/// One row: `view` is the figure's key-figures or dimension wording (FigureView).
ComparisonRow buildRow(const RowSpec &spec, const FigureView &view, const char *dimension,
                       const std::vector<ComparedDesign> &designs)
{
    const Figure &figure = cp::figure(spec.figure);
    ComparisonRow row;
    row.key = spec.key;
    row.figure = spec.figure;
    row.dimension = dimension;
    row.label = view.label;
    row.source = figure.json == FigureJson::None ? figure.source : figure.key;
    row.better = figure.better;
    row.decimals = view.decimals;
    row.note = figure.note;
    for (const ComparedDesign &d : designs) {
        ComparisonCell c;
        double v = d.results ? figure.value(*d.results) * view.scale / view.per : kNone;
        if (!std::isfinite(v))
            v = kNone;
        c.value = v;
        c.text = std::isnan(v) ? std::string(figure.missing) : fixed(v, view.decimals);
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
    settleBest(row, designs);
    return row;
}

} // namespace

std::optional<ThroughputScaling> throughputScalingOf(const std::string &figure)
{
    if (figure == "performance.mfu" || figure == "performance.model_tflops_per_gpu" ||
        figure == "performance.hardware_tflops_per_gpu" || figure == "performance.tokens_per_s")
        return ThroughputScaling::Proportional;
    if (figure == "performance.step_time_s" || figure == "performance.time_to_train_days")
        return ThroughputScaling::Inverse;
    return std::nullopt;
}

Comparison compareDesigns(const std::vector<ComparedDesign> &designs)
{
    Comparison out;
    for (const ComparedDesign &d : designs)
        out.designs.push_back(d.name);
    for (const RowSpec &spec : keyRows())
        out.keyFigures.push_back(buildRow(spec, figure(spec.figure).brief, "Key figures", designs));
    for (const DimensionSpec &dim : dimensionRows())
        for (const RowSpec &spec : dim.rows)
            out.dimensions.push_back(buildRow(spec, figure(spec.figure).comparisonView(), dim.dimension, designs));
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
    bool unsettled = false;
    for (const ComparisonRow &row : comparison.keyFigures) {
        out << std::left << std::setw(kLabel) << row.label;
        for (const ComparisonCell &c : row.cells) {
            out << std::right << std::setw(kColumn) << c.text << (c.best ? (c.settled ? '*' : '~') : ' ');
            unsettled = unsettled || (c.best && !c.settled);
        }
        out << "\n";
    }
    out << "\n* the better value of a row (docs/cost.md)\n";
    if (unsettled)
        out << "~ ahead as printed, but better in fewer than " << kSettledPercent
            << " % of the paired draws of the model's bands and the cost ranges (docs/cost.md)\n";
    return out.str();
}

} // namespace cp
