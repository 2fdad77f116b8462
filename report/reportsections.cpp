// The report's sections on each design's parts: the training stack it assumed, failure domains,
// resilience, the decisions and their ranges, delivery and the bill of materials (ReportDocument's other half,
// reportdocument.cpp).
#include "report/reportdocument.h"

#include "model/analysis/assumedstack.h"
#include "model/analysis/comparison.h"
#include "model/analysis/rangetable.h"
#include "model/engine/evaluation.h"
#include "report/chartdata.h"
#include "report/partnames.h"
#include "report/reportcells.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace cp::report {

using namespace cells;

void ReportDocument::addAssumedStack(const std::vector<ReportDesign> &designs, const Comparison &comparison)
{
    // The software-stack fields the workloads left to their defaults, each set the other way at
    // every design's own layout: how much of a verdict rests on a stack nobody stated.
    std::vector<ComparedDesign> compared;
    for (const ReportDesign &d : designs)
        compared.push_back({d.name, d.results});
    const std::vector<AssumedStackRow> rows = assumedStackRows(compared, comparison);
    if (rows.empty())
        return;
    add(Block::Kind::SubHeading, u8(Text::tr("What the assumed training stack moves")));
    add(Block::Kind::Paragraph,
        u8(Text::tr("The workloads leave these software-stack fields to the model's defaults. Each is set the other "
                    "way at every design's own layout, the rest as it is: the change in tokens per second (evaluate "
                    "--json: performance.assumption_effects; docs/report.md). \"-\": the design gives the field, or "
                    "it does not apply; \"does not fit\": the layout runs out of memory with it.")));
    Table t;
    t.header.push_back(text(u8(Text::tr("Field: assumed, other setting"))));
    for (size_t i = 0; i < designs.size(); ++i) {
        Cell c = number(tag(i));
        c.design = int(i);
        t.header.push_back(c);
    }
    const int n = int(designs.size());
    t.widths.push_back(100 - 12 * n);
    for (int i = 0; i < n; ++i)
        t.widths.push_back(12);
    for (const AssumedStackRow &row : rows) {
        std::vector<Cell> line{text(assumedStackLabel(row))};
        for (const std::optional<AssumptionEffect> &e : row.effects) {
            Cell cell = !e ? muted("-") : e->runs ? number(assumedStackCellText(e)) : muted(u8(Text::tr("does not fit")));
            cell.numeric = true;
            line.push_back(std::move(cell));
        }
        t.rows.push_back(std::move(line));
    }
    addTable(std::move(t));
    QStringList changes;
    bool unknown = false;
    for (const AssumedStackRow &row : rows) {
        unknown = unknown || row.someDoNotFit;
        for (const LeadChange &c : row.leadChanges)
            changes << Text::tr("with %1, %2 goes from %3 to %4")
                           .arg(q(assumedStackLabel(row)), q(figureWord(c.label)), q(tag(size_t(c.before))),
                                q(tag(size_t(c.after))));
    }
    if (!changes.isEmpty())
        add(Block::Kind::Paragraph,
            u8(Text::tr("The verdict rests on the stack: %1. State the stack the run will use in the workload before "
                        "deciding on these rows.").arg(changes.join(QStringLiteral("; ")))));
    else
        add(Block::Kind::Paragraph,
            u8(unknown ? Text::tr("No row changes leader with any field whose layouts all fit; where a layout does "
                                  "not fit, it would run another layout, which this table does not estimate.")
                       : Text::tr("No row changes leader with any one of these fields set the other way.")));
}

void ReportDocument::addFailureDomains(const std::vector<ReportDesign> &designs)
{
    // Failure domains.
    add(Block::Kind::PageBreak);
    add(Block::Kind::Heading, u8(Text::tr("Failure domains")));
    add(Block::Kind::Paragraph,
        u8(Text::tr("For each kind of part: how many the design holds, the GPUs one failure takes down or cuts off, "
                    "its MTBF, how often it interrupts the training job, and how the job recovers "
                    "(reliability.failure_domains).")));
    for (size_t i = 0; i < designs.size(); ++i) {
        const Results *r = designs[i].results;
        add(Block::Kind::SubHeading, tag(i) + " · " + designs[i].name);
        if (!r || !r->reliability.available) {
            add(Block::Kind::Paragraph, u8(Text::tr("No failure domains: the design has no GPUs.")));
            continue;
        }
        Table t;
        t.header = {text(u8(Text::tr("Part"))), number(u8(Text::tr("Parts"))), number(u8(Text::tr("GPUs lost, max"))),
                    number(u8(Text::tr("GPUs lost, mean"))), number(u8(Text::tr("MTBF per part, h"))),
                    number(u8(Text::tr("Job interruptions per day"))), text(u8(Text::tr("Recovery")))};
        t.widths = {22, 10, 12, 12, 14, 16, 14};
        for (const FailureDomainKind &k : r->reliability.kinds)
            t.rows.push_back({text(kindNameUtf8(k.kind)), number(grouped(double(k.count))), number(grouped(double(k.gpusLostMax))),
                              number(fixed(k.gpusLostMean, 1)),
                              number(k.failuresPerHour > 0 ? grouped(1.0 / k.failuresPerHour) : "-"),
                              number(fixed(k.jobFailuresPerHour * 24.0, 3)), text(recoveryNameUtf8(k.recovery))});
        addTable(std::move(t));
        if (!r->reliability.largestDomains.empty()) {
            Table big;
            big.header = {text(u8(Text::tr("Largest failure domains"))), text(u8(Text::tr("Part"))), number(u8(Text::tr("GPUs")))};
            big.widths = {30, 50, 20};
            for (size_t j = 0; j < r->reliability.largestDomains.size() && j < 5; ++j) {
                const FailureDomain &d = r->reliability.largestDomains[j];
                big.rows.push_back({text(kindNameUtf8(d.kind)), text(d.part), number(grouped(double(d.gpus)))});
            }
            addTable(std::move(big));
        }
    }
}

void ReportDocument::addResilience(const std::vector<ReportDesign> &designs)
{
    add(Block::Kind::PageBreak);
    add(Block::Kind::Heading, u8(Text::tr("Resilience")));
    add(Block::Kind::Paragraph,
        u8(Text::tr("How much of the wall time trains after failures, where the rest goes, and what another "
                    "resilience policy or spare count would give (reliability model and its sources: "
                    "docs/reliability.md).")));
    for (size_t i = 0; i < designs.size(); ++i) {
        const Results *r = designs[i].results;
        add(Block::Kind::SubHeading, tag(i) + " · " + designs[i].name);
        if (!r || !r->reliability.available) {
            add(Block::Kind::Paragraph, u8(Text::tr("No training job: the design has no GPUs.")));
            continue;
        }
        addResilienceOf(r->reliability);
    }
}

void ReportDocument::addDecisions(const std::vector<ReportDesign> &designs)
{
    add(Block::Kind::PageBreak);
    add(Block::Kind::Heading, u8(Text::tr("Ranges and decisions")));
    // What each side is: a difference beyond the one under study is named before any figure.
    std::vector<ComparedSide> sides;
    for (const ReportDesign &d : designs)
        if (!d.side.name.empty())
            sides.push_back(d.side);
    if (sides.size() == designs.size() && !sides.empty()) {
        Table t;
        for (const QString &h : {QString(), Text::tr("Accelerator"), Text::tr("Workload"), Text::tr("Tokens"),
                                 Text::tr("Precision"), Text::tr("Sequence"), Text::tr("Policy")})
            t.header.push_back(text(u8(h)));
        for (size_t i = 0; i < sides.size(); ++i)
            t.rows.push_back({head(tag(i)), text(sides[i].accelerator + " (" + sides[i].generation + ")"), text(sides[i].workload),
                              number(fixed(sides[i].tokens / 1e12, 2) + "T"), text(sides[i].precision),
                              number(grouped(sides[i].seqLen)), text(sides[i].policy)});
        addTable(std::move(t));
        const std::vector<Problem> warnings = likeForLikeProblems(sides);
        if (warnings.empty())
            add(Block::Kind::Paragraph, u8(Text::tr("Like for like: the designs share accelerator, workload, tokens, "
                                                    "precision, context and policy.")));
        for (const Problem &w : warnings) // translated as the window translates problems
            add(Block::Kind::Paragraph,
                u8(Text::tr("Warning: %1.")
                       .arg(q(fillTemplate(u8(QCoreApplication::translate("cp::Problems", w.text.c_str())), w.args)))));
    }
    std::vector<ComparedDesign> compared;
    for (const ReportDesign &d : designs)
        compared.push_back({d.name, d.results});
    const std::vector<RangeRow> rows = rangeRows(compared);
    int draws = 0, seed = 0;
    for (const ReportDesign &d : designs)
        if (d.results && d.results->cost.uncertainty.available) {
            draws = d.results->cost.uncertainty.draws;
            seed = d.results->cost.uncertainty.seed;
        }
    add(Block::Kind::Paragraph,
        u8(Text::tr("Every uncertain input (prices, rates, the cloud price path, fleet utilisation, the training "
                    "model's throughput band and the reliability model's goodput band) is drawn from its range, %1 "
                    "draws with seed %2; each cell is P10 / P50 / P90 (cost.KEY_p10, _p50, _p90). The designs share "
                    "the draws (all but the training throughput, which designs on different accelerators draw "
                    "apart: the model's errors on two parts are not correlated), so P(A better) counts the draws "
                    "in which design A's figure is the better one (compare --json: p_a_better). Ranges and "
                    "sources: docs/cost.md.")
               .arg(q(grouped(draws))).arg(seed)));
    Table t;
    t.header.push_back(text(u8(Text::tr("Figure"))));
    for (size_t i = 0; i < designs.size(); ++i)
        t.header.push_back(text(tag(i)));
    for (size_t k = 1; k < designs.size(); ++k)
        t.header.push_back(text(u8(Text::tr("P(A better than %1)").arg(q(tag(k))))));
    for (const RangeRow &row : rows) {
        std::vector<Cell> cells{head(figureWord(row.label))};
        const auto shown = [&](double v) { return std::isinf(v) ? u8(Text::tr("never")) : fixed(v, row.decimals); };
        for (const RangeCell &c : row.cells)
            cells.push_back(number(c.present ? shown(c.p10) + " / " + shown(c.p50) + " / " + shown(c.p90) : "-"));
        for (size_t k = 1; k < row.pFirstBetter.size(); ++k)
            cells.push_back(number(std::isnan(row.pFirstBetter[k]) ? "-" : fixed(row.pFirstBetter[k] * 100.0, 0) + " %"));
        t.rows.push_back(std::move(cells));
    }
    addTable(std::move(t));
    for (size_t i = 0; i < designs.size(); ++i) {
        const Results *r = designs[i].results;
        if (!r || !r->cost.uncertainty.available)
            continue;
        const CostResults &cost = r->cost;
        const QString owning = q(fixed(cost.uncertainty.pOwningBeatsCloud * 100.0, 0));
        QString verdict;
        if (!std::isfinite(cost.breakEvenUtilisation))
            verdict = Text::tr("%1: owning beats renting on demand in %2 % of the draws; no break-even utilisation "
                               "(a reservation pays its idle hours too, or a hosted design).")
                          .arg(q(tag(i)), owning);
        else if (cost.breakEvenUtilisation > 1)
            verdict = Text::tr("%1: owning beats renting on demand in %2 % of the draws; it breaks even at a fleet "
                               "utilisation of %3 % (assumed %4 %), above 100 %: never.")
                          .arg(q(tag(i)), owning, q(fixed(cost.breakEvenUtilisation * 100.0, 0)),
                               q(fixed(cost.fleetUtilisation * 100.0, 0)));
        else
            verdict = Text::tr("%1: owning beats renting on demand in %2 % of the draws; it breaks even at a fleet "
                               "utilisation of %3 % (assumed %4 %).")
                          .arg(q(tag(i)), owning, q(fixed(cost.breakEvenUtilisation * 100.0, 0)),
                               q(fixed(cost.fleetUtilisation * 100.0, 0)));
        add(Block::Kind::Paragraph, u8(verdict));
        addChart(tornadoChart({tag(i), int(i), r}),
                 u8(Text::tr("Each bar: the change of %1's NPV of owning vs the cloud when one input moves to its "
                             "P10 (blue) or P90 (orange), the others typical; the five inputs that move it most "
                             "(cost.uncertainty.tornado).").arg(q(tag(i)))));
    }
}

void ReportDocument::addDelivery(const std::vector<ReportDesign> &designs)
{
    add(Block::Kind::Heading, u8(Text::tr("Delivery")));
    add(Block::Kind::Paragraph,
        u8(Text::tr("From the order to a productive cluster: the GPU systems on one path, the hall (construction "
                    "and its long-lead plant) on the other, then installation once both are there (cost.delivery; "
                    "docs/cost.md, \"Delivery from lead times\"). The critical item is marked. A month of delay "
                    "costs the rent of the design's useful capacity for a month (cost.delay_cost_usd_per_month).")));
    for (size_t i = 0; i < designs.size(); ++i) {
        const Results *r = designs[i].results;
        if (!r || !r->cost.available)
            continue;
        const CostResults &c = r->cost;
        add(Block::Kind::SubHeading, tag(i) + " · " + designs[i].name);
        const QString months = q(fixed(c.deliveryMonths, 1)), p10 = q(fixed(c.uncertainty.deliveryMonths.p10, 1)),
                      p90 = q(fixed(c.uncertainty.deliveryMonths.p90, 1)), delay = q(fixed(c.delayCostUsdPerMonth / 1e6, 1));
        add(Block::Kind::Paragraph,
            u8(c.deliveryFromLeadTimes
                   ? Text::tr("Delivery %1 months (P10-P90 %2-%3), from the lead times below; a month of delay $%4M.")
                         .arg(months, p10, p90, delay)
                   : Text::tr("Delivery %1 months (P10-P90 %2-%3), as the design sets it (finance.delivery_months); a "
                              "month of delay $%4M.")
                         .arg(months, p10, p90, delay)));
        Table t;
        t.header = {text(u8(Text::tr("Item"))), text(u8(Text::tr("Path"))), number(u8(Text::tr("Weeks"))),
                    text(u8(Text::tr("Source")))};
        t.widths = {26, 10, 8, 56};
        for (const ScheduleItem &item : c.delivery.items)
            t.rows.push_back({text((item.id == c.delivery.criticalItem ? "* " : "") + modelWord(item.label)),
                              text(modelWord(item.path)), number(fixed(item.weeks, 0)), text(item.source)});
        addTable(std::move(t));
    }
}

void ReportDocument::addResilienceOf(const ReliabilityResults &rel)
{
    const auto pct = [](double v) { return fixed(v * 100.0, 1) + " %"; };
    add(Block::Kind::Paragraph,
        u8(Text::tr("Policy %1, %2 checkpoints; one job of %3 GPUs fails every %4 h (%5 interruptions a day). "
                    "Goodput %6, P10–P90 %7 – %8 from the rate and time ranges.")
               .arg(q(rel.policy), q(rel.checkpointKind), q(grouped(double(rel.jobGpus))), q(fixed(rel.jobMtbfHours, 2)),
                    q(fixed(rel.interruptionsPerHour * 24.0, 1)), q(pct(rel.goodput)), q(pct(rel.band.goodputP10)),
                    q(pct(rel.band.goodputP90)))));
    Table fall;
    fall.header = {text(u8(Text::tr("Goodput waterfall"))), number(u8(Text::tr("share of wall time")))};
    fall.widths = {60, 40};
    fall.rows = {{text(u8(Text::tr("Failure-free"))), number("100.0 %")},
                 {text(u8(Text::tr("− checkpoint stalls"))), number(pct(rel.lossCheckpoint))},
                 {text(u8(Text::tr("− work redone since the last checkpoint"))), number(pct(rel.lossRework))},
                 {text(u8(Text::tr("− recoveries (detection, restart, restore, warm-up)"))), number(pct(rel.lossRecovery))},
                 {text(u8(Text::tr("− GPUs idle or waiting for repairs"))), number(pct(rel.lossRepair))},
                 {head(u8(Text::tr("= goodput"))), number(pct(rel.goodput), true)}};
    addTable(std::move(fall));
    const JobModel &job = rel.job;
    const double rework = (job.intervalH + job.checkpointWriteH) / 2.0 * 60.0;
    Table lost;
    lost.header = {text(u8(Text::tr("Time lost per interruption, by mechanism"))), number(u8(Text::tr("minutes")))};
    lost.widths = {60, 40};
    lost.rows = {{text(u8(Text::tr("detection"))), number(fixed(rel.detectMinutes, 1))},
                 {text(u8(Text::tr("restart for %1 GPUs (launch + initialisation)").arg(q(grouped(double(rel.jobGpus)))))),
                  number(fixed(rel.restartMinutes, 1))},
                 {text(u8(Text::tr("restore (%1)").arg(q(rel.checkpointKind)))), number(fixed(rel.restoreS / 60.0, 2))},
                 {text(u8(Text::tr("warm-up"))), number(fixed(rel.warmupMinutes, 1))},
                 {text(u8(Text::tr("work redone (half a checkpoint interval)"))), number(fixed(rework, 1))},
                 {text(u8(Text::tr("repairs, on average over interruptions"))), number(fixed(job.meanShrinkLossH() * 60.0, 1))},
                 {head(u8(Text::tr("all told"))), number(fixed(rel.timeLostPerFailureMinutes, 1), true)}};
    addTable(std::move(lost));
    Table kinds;
    kinds.header = {text(u8(Text::tr("Interruptions by kind"))), number(u8(Text::tr("per day"))),
                    number(u8(Text::tr("job hours lost a month"))), number(u8(Text::tr("share of the loss")))};
    kinds.widths = {34, 20, 26, 20};
    for (const FailureDomainKind &k : rel.kinds)
        if (k.interruptsJob && k.jobFailuresPerHour > 0)
            kinds.rows.push_back({text(kindNameUtf8(k.kind)), number(fixed(k.jobFailuresPerHour * 24.0, 2)),
                                  number(fixed(k.lostHoursPerMonth, 1)), number(pct(k.downtimeShare))});
    addTable(std::move(kinds));
    Table policies;
    policies.header = {text(u8(Text::tr("The same design under"))), number(u8(Text::tr("goodput"))),
                       number(u8(Text::tr("lost per interruption, min"))), number(u8(Text::tr("days to train")))};
    policies.widths = {34, 20, 26, 20};
    for (const auto &p : rel.byPolicy)
        policies.rows.push_back({text(p.policy == rel.policy ? u8(Text::tr("%1 (the design's)").arg(q(p.policy))) : p.policy),
                                 number(pct(p.goodput)), number(fixed(p.lostPerFailureMinutes, 1)),
                                 number(p.effectiveTimeToTrainDays > 0 && p.effectiveTimeToTrainDays < 1e5
                                            ? fixed(p.effectiveTimeToTrainDays, 1)
                                            : u8(Text::tr("never")))});
    addTable(std::move(policies));
    if (!rel.bySpares.empty()) {
        Table spares;
        spares.header = {text(u8(Text::tr("Hot spares per domain, same job"))), number(u8(Text::tr("goodput"))),
                         number(u8(Text::tr("capacity"))), number(u8(Text::tr("after failures")))};
        spares.widths = {34, 20, 26, 20};
        for (const auto &s : rel.bySpares)
            spares.rows.push_back({text(std::to_string(s.spares)), number(pct(s.goodput)), number(pct(s.capacity)),
                                   number(pct(s.goodput * s.capacity))});
        addTable(std::move(spares));
    }
}

void ReportDocument::addBillOfMaterials(const std::vector<ReportDesign> &designs)
{
    // Bill of materials.
    add(Block::Kind::PageBreak);
    add(Block::Kind::Heading, u8(Text::tr("Bill of materials")));
    add(Block::Kind::Paragraph, u8(Text::tr("Every priced part with its catalog price and the price's source "
                                            "(cost.bom; the same lines as `compare --bom`). GPUs and NICs inside a "
                                            "server's or supernode's price are not repeated.")));
    for (size_t i = 0; i < designs.size(); ++i) {
        const Results *r = designs[i].results;
        add(Block::Kind::SubHeading, tag(i) + " · " + designs[i].name);
        if (!r || r->cost.bom.empty()) {
            add(Block::Kind::Paragraph, u8(Text::tr("No priced parts.")));
            continue;
        }
        Table t;
        t.small = true;
        t.header = {text(u8(Text::tr("Part"))), text(u8(Text::tr("Catalog id"))), text(u8(Text::tr("Category"))),
                    number(u8(Text::tr("Qty"))), number(u8(Text::tr("Unit price"))), number(u8(Text::tr("Total"))),
                    text(u8(Text::tr("Source")))};
        t.widths = {20, 11, 10, 6, 10, 11, 32};
        std::vector<BomLine> lines = r->cost.bom;
        std::stable_sort(lines.begin(), lines.end(),
                         [](const BomLine &a, const BomLine &b) { return a.totalUsd > b.totalUsd; });
        double total = 0;
        for (const BomLine &l : lines) {
            total += l.totalUsd;
            t.rows.push_back({text(l.name), text(l.catalogId),
                              text(modelWord(l.category)),
                              number(grouped(double(l.quantity))),
                              number(usd(l.unitPriceUsd)), number(usd(l.totalUsd)), muted(l.source)});
        }
        t.rows.push_back({head(u8(Text::tr("Hardware total"))), text(""), text(""), text(""), text(""), number(usd(total)),
                          muted("cost.hardware_capex_usd")});
        addTable(std::move(t));
    }
}

} // namespace cp::report
