#include "model/analysis/assumedstack.h"

#include "model/engine/evaluation.h"
#include "model/io/estimateoutput.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iomanip>
#include <set>
#include <sstream>

namespace cp {

namespace {

/// The fields in the order assumptionEffects tries them, so that every table reads alike.
const std::vector<std::string> &stackFields()
{
    static const std::vector<std::string> fields{"training.grad_reduce", "training.overlap_comm", "training.attention",
                                                 "training.sequence_parallel", "training.moe_dispatcher"};
    return fields;
}

/// The row's leader: the design whose value, at the row's decimals, is strictly the best; -1 on a
/// tie or when fewer than two designs have a value.
int leaderOf(const std::vector<double> &values, Better better, int decimals)
{
    int leader = -1, present = 0;
    double best = 0.0;
    bool tie = false;
    for (size_t i = 0; i < values.size(); ++i) {
        if (std::isnan(values[i]))
            continue;
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.*f", decimals, values[i]);
        const double shown = std::atof(buf);
        ++present;
        if (leader < 0 || (better == Better::Higher ? shown > best : shown < best)) {
            leader = int(i);
            best = shown;
            tie = false;
        } else if (shown == best) {
            tie = true;
        }
    }
    return present < 2 || tie ? -1 : leader;
}

/// The rows whose leader changes when each design's throughput is scaled by its factor.
std::vector<LeadChange> leadChanges(const Comparison &comparison, const std::vector<double> &factors)
{
    std::vector<LeadChange> out;
    std::set<std::string> seen;
    const auto scan = [&](const std::vector<ComparisonRow> &rows) {
        for (const ComparisonRow &row : rows) {
            const std::optional<ThroughputScaling> response = throughputResponseOf(row.figure);
            if (!response || row.better == Better::Neither || !seen.insert(row.figure).second)
                continue;
            std::vector<double> before, after;
            for (size_t i = 0; i < row.cells.size(); ++i) {
                const double v = row.cells[i].value;
                before.push_back(v);
                after.push_back(*response == ThroughputScaling::Proportional ? v * factors[i] : v / factors[i]);
            }
            const int was = leaderOf(before, row.better, row.decimals);
            const int now = leaderOf(after, row.better, row.decimals);
            if (was >= 0 && now >= 0 && was != now)
                out.push_back({row.key, row.label, was, now});
        }
    };
    scan(comparison.keyFigures);
    scan(comparison.dimensions);
    return out;
}

} // namespace

std::optional<ThroughputScaling> throughputResponseOf(const std::string &figure)
{
    if (const std::optional<ThroughputScaling> s = throughputScalingOf(figure))
        return s;
    if (figure == "cost.effective_pflops_per_gpu" || figure == "derived.effective_pflops")
        return ThroughputScaling::Proportional;
    if (figure == "reliability.effective_time_to_train_days" || figure == "cost.cost_per_effective_pflop_hour_usd" ||
        figure == "cost.cost_per_million_tokens_usd" || figure == "cost.cost_to_train_usd" ||
        figure == "cost.cloud_cost_to_train_usd")
        return ThroughputScaling::Inverse;
    return std::nullopt;
}

std::vector<AssumedStackRow> assumedStackRows(const std::vector<ComparedDesign> &designs,
                                              const Comparison &comparison)
{
    // Each design's effects once: an estimate per assumed field at its own layout.
    std::vector<std::vector<AssumptionEffect>> effects;
    for (const ComparedDesign &d : designs)
        effects.push_back(d.results && d.results->performance.available
                              ? assumptionEffects(d.results->performance.spec, d.results->performance.outcome)
                              : std::vector<AssumptionEffect>{});
    std::vector<AssumedStackRow> rows;
    for (const std::string &field : stackFields()) {
        AssumedStackRow row;
        row.field = field;
        std::vector<double> factors;
        bool any = false;
        for (const std::vector<AssumptionEffect> &own : effects) {
            const auto it = std::find_if(own.begin(), own.end(), [&](const AssumptionEffect &a) { return a.field == field; });
            row.effects.push_back(it == own.end() ? std::nullopt : std::optional<AssumptionEffect>(*it));
            if (it != own.end() && !any) {
                row.assumed = it->assumed;
                row.alternative = it->alternative;
            }
            any = any || it != own.end();
            factors.push_back(it != own.end() && it->runs ? 1.0 + it->throughputChange : 1.0);
            row.someDoNotFit = row.someDoNotFit || (it != own.end() && !it->runs);
        }
        if (!any)
            continue;
        // A design whose layout no longer fits would run another layout at a speed this does not
        // know, so no leader is named for the field then.
        if (!row.someDoNotFit)
            row.leadChanges = leadChanges(comparison, factors);
        rows.push_back(std::move(row));
    }
    return rows;
}

std::string assumedStackCellText(const std::optional<AssumptionEffect> &effect)
{
    if (!effect)
        return "-";
    if (!effect->runs)
        return "does not fit";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f %%", 100.0 * effect->throughputChange);
    return buf;
}

std::string assumedStackLabel(const AssumedStackRow &row)
{
    const std::string name = row.field.rfind("training.", 0) == 0 ? row.field.substr(9) : row.field;
    return name + " " + row.assumed + " -> " + row.alternative;
}

std::string assumedStackText(const std::vector<AssumedStackRow> &rows, const Comparison &comparison)
{
    if (rows.empty())
        return {};
    constexpr int kLabel = 30, kColumn = 22;
    std::ostringstream out;
    out << "What the assumed training stack moves: tokens/s at each design's own layout, one field set the other "
           "way (docs/report.md)\n";
    out << std::left << std::setw(kLabel) << "";
    for (const std::string &name : comparison.designs)
        out << std::right << std::setw(kColumn) << (name.size() > size_t(kColumn) - 2 ? name.substr(0, kColumn - 5) + "..." : name)
            << ' ';
    out << "\n";
    for (const AssumedStackRow &row : rows) {
        out << std::left << std::setw(kLabel) << assumedStackLabel(row);
        for (const std::optional<AssumptionEffect> &e : row.effects)
            out << std::right << std::setw(kColumn) << assumedStackCellText(e) << ' ';
        out << "\n";
    }
    out << "- given in the design, or not applicable; does not fit: the layout runs out of memory with it\n";
    bool changes = false, unknown = false;
    for (const AssumedStackRow &row : rows) {
        unknown = unknown || row.someDoNotFit;
        for (const LeadChange &c : row.leadChanges) {
            if (!changes)
                out << "Rows whose leader changes with the stack the other way:\n";
            changes = true;
            out << "  " << assumedStackLabel(row) << ": " << c.label << " led by "
                << comparison.designs[size_t(c.before)] << ", then by " << comparison.designs[size_t(c.after)] << "\n";
        }
    }
    if (!changes)
        out << (unknown ? "No leader changes with the fields whose layouts all fit.\n"
                        : "No row changes leader with any one of these fields set the other way.\n");
    return out.str();
}

} // namespace cp
