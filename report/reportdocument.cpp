#include "report/reportdocument.h"

#include "model/analysis/rangetable.h"

#include "report/chartdata.h"
#include "model/analysis/comparison.h"
#include "model/analysis/curves.h"
#include "model/engine/evaluation.h"
#include "report/partnames.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <sstream>

namespace cp::report {

namespace {

/// The report's own words, in the language the report is written in (translation context
/// cp::report::Report; the language is installed for the report's duration, report.cpp).
class Text
{
    Q_DECLARE_TR_FUNCTIONS(cp::report::Report)
};

std::string u8(const QString &s)
{
    return s.toStdString();
}

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

/// A figure's name or a dimension from the model's figure table (context cp::Figures, as the
/// window's docks translate them).
std::string figureWord(const std::string &word)
{
    return word.empty() ? word : u8(QCoreApplication::translate("cp::Figures", word.c_str()));
}

/// A word the model puts in a value that the report shows as it is in English and translated
/// otherwise: a delivery item's label or path (model/cost/schedule.cpp), a bill-of-materials
/// category (model/cost/cost.cpp). A word the list does not know stays as it is.
std::string modelWord(const std::string &word)
{
    static const char *const words[] = {
        QT_TRANSLATE_NOOP("cp::report::Report", "GPU systems (servers, supernodes)"),
        QT_TRANSLATE_NOOP("cp::report::Report", "Hall construction"),
        QT_TRANSLATE_NOOP("cp::report::Report", "Switchgear and transformers"),
        QT_TRANSLATE_NOOP("cp::report::Report", "Chillers and generators"),
        QT_TRANSLATE_NOOP("cp::report::Report", "Liquid-cooling loop (CDUs, facility water)"),
        QT_TRANSLATE_NOOP("cp::report::Report", "Provider onboarding"),
        QT_TRANSLATE_NOOP("cp::report::Report", "CDU fit-out of the leased hall"),
        QT_TRANSLATE_NOOP("cp::report::Report", "Racking, cabling and burn-in"),
        QT_TRANSLATE_NOOP("cp::report::Report", "hardware"),
        QT_TRANSLATE_NOOP("cp::report::Report", "facility"),
        QT_TRANSLATE_NOOP("cp::report::Report", "both"),
        QT_TRANSLATE_NOOP("cp::report::Report", "compute"),
        QT_TRANSLATE_NOOP("cp::report::Report", "network"),
        QT_TRANSLATE_NOOP("cp::report::Report", "storage"),
        QT_TRANSLATE_NOOP("cp::report::Report", "power and cooling"),
    };
    const std::string w = word == "power_cooling" ? std::string("power and cooling") : word;
    for (const char *known : words)
        if (w == known)
            return u8(QCoreApplication::translate("cp::report::Report", known));
    return word;
}

std::string usd(double v)
{
    return "$" + grouped(v);
}

Cell text(std::string s)
{
    Cell c;
    c.text = std::move(s);
    return c;
}

Cell number(std::string s, bool best = false)
{
    Cell c;
    c.text = std::move(s);
    c.numeric = true;
    c.best = best;
    return c;
}

Cell muted(std::string s)
{
    Cell c;
    c.text = std::move(s);
    c.muted = true;
    return c;
}

Cell head(std::string s)
{
    Cell c;
    c.text = std::move(s);
    c.head = true;
    return c;
}

/// The report's date: the option, else SOURCE_DATE_EPOCH (reproducible output), else today (UTC).
std::string reportDate(const ReportOptions &options)
{
    if (!options.date.empty())
        return options.date;
    std::time_t t = std::time(nullptr);
    if (const char *epoch = std::getenv("SOURCE_DATE_EPOCH"); epoch && *epoch) {
        char *end = nullptr;
        const long long v = std::strtoll(epoch, &end, 10);
        if (end && *end == '\0' && v >= 0)
            t = std::time_t(v);
    }
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
    return buf;
}

/// "2026-11-29T20:23:16Z" as "2026-11-29 20:23" (the column says UTC); anything else as it is.
std::string readableTime(const std::string &iso)
{
    if (iso.size() >= 16 && iso[10] == 'T')
        return iso.substr(0, 10) + " " + iso.substr(11, 5);
    return iso;
}

/// The table of one comparison row set: label, a column per design, and the results key.
Table comparisonTable(const std::vector<ComparisonRow> &rows, const std::vector<std::string> &designs,
                      bool sections)
{
    Table t;
    t.header.push_back(text(u8(sections ? Text::tr("Dimension and figure") : Text::tr("Figure"))));
    for (size_t i = 0; i < designs.size(); ++i) {
        Cell c = number(ReportDocument::tag(i));
        c.design = int(i);
        t.header.push_back(c);
    }
    t.header.push_back(text(u8(Text::tr("Results key (evaluate --json)"))));
    // The results key keeps a readable width however many designs there are.
    const int n = int(designs.size());
    const int designWidth = n <= 3 ? 14 : n == 4 ? 11 : 9;
    t.widths.push_back(n <= 3 ? 30 : 24);
    for (int i = 0; i < n; ++i)
        t.widths.push_back(designWidth);
    t.widths.push_back(100 - t.widths.front() - designWidth * n);
    std::string dimension;
    for (const ComparisonRow &r : rows) {
        if (sections && r.dimension != dimension) {
            dimension = r.dimension;
            Cell c = head(figureWord(dimension));
            c.colspan = int(designs.size()) + 2;
            t.rows.push_back({c});
        }
        std::vector<Cell> line{text(figureWord(r.label))};
        for (const ComparisonCell &c : r.cells)
            line.push_back(number(c.text == "never" ? u8(Text::tr("never")) : c.text, c.best));
        line.push_back(muted(r.note.empty() ? r.source : r.note));
        t.rows.push_back(std::move(line));
    }
    return t;
}

std::string caption(const std::vector<ReportDesign> &designs)
{
    std::string s;
    for (size_t i = 0; i < designs.size(); ++i)
        s += (i ? "; " : "") + ReportDocument::tag(i) + " = " + designs[i].name;
    return s;
}

} // namespace

std::string escapeHtml(const std::string &in)
{
    std::string out;
    out.reserve(in.size());
    for (char ch : in) {
        switch (ch) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&#39;"; break;
        default: out += ch;
        }
    }
    return out;
}

std::string ReportDocument::tag(size_t i)
{
    return i < 26 ? std::string(1, char('A' + i)) : std::to_string(i + 1);
}

const char *ReportDocument::colour(size_t i)
{
    return designColour(i);
}

void ReportDocument::add(Block::Kind kind, std::string text)
{
    Block b;
    b.kind = kind;
    b.text = std::move(text);
    mBlocks.push_back(std::move(b));
}

void ReportDocument::addTable(Table table)
{
    Block b;
    b.kind = Block::Kind::Table;
    b.table = std::move(table);
    mBlocks.push_back(std::move(b));
}

void ReportDocument::addChart(ChartData chart, std::string caption)
{
    Block b;
    b.kind = Block::Kind::Chart;
    b.chart = int(mCharts.size());
    b.caption = std::move(caption);
    translateChart(chart); // the chart words in the report's language
    mCharts.push_back(std::move(chart));
    mBlocks.push_back(std::move(b));
}

ReportDocument::ReportDocument(const std::vector<ReportDesign> &designs, const ReportOptions &options)
{
    std::vector<ComparedDesign> compared;
    for (const ReportDesign &d : designs)
        compared.push_back({d.name, d.results});
    const Comparison comparison = compareDesigns(compared);
    const std::string names = caption(designs);
    mLanguage = options.language;
    mTitle = options.title.empty() ? u8(Text::tr("Cluster design comparison")) : options.title;

    addTitlePage(designs, options);
    addComparisonTables(comparison, names);
    addCharts(designs, names);
    addFailureDomains(designs);
    addResilience(designs);
    addDecisions(designs);
    addDelivery(designs);
    addBillOfMaterials(designs);
}

void ReportDocument::addTitlePage(const std::vector<ReportDesign> &designs, const ReportOptions &options)
{
    // Title page: the designs, where they come from, their latest saved revision, the date.
    add(Block::Kind::Title, mTitle);
    {
        std::string vs;
        for (size_t i = 0; i < designs.size(); ++i)
            vs += (i ? u8(Text::tr(" vs ")) : std::string()) + designs[i].name;
        add(Block::Kind::Paragraph, vs);
    }
    add(Block::Kind::Paragraph, u8(Text::tr("Report date %1. Generated by %2 from the designs' evaluated results.")
                                       .arg(q(reportDate(options)), q(options.generator))));
    {
        Table t;
        for (const QString &h : {QString(), Text::tr("Design"), Text::tr("File"), Text::tr("GPUs"), Text::tr("Revision (file)"),
                                 Text::tr("Saved (UTC)"), Text::tr("Author"), Text::tr("Comment (file)")})
            t.header.push_back(text(u8(h)));
        t.widths = {3, 23, 15, 8, 9, 15, 10, 17};
        for (size_t i = 0; i < designs.size(); ++i) {
            const ReportDesign &d = designs[i];
            std::vector<Cell> row{head(tag(i)), text(d.name), muted(d.file),
                                  number(d.results ? grouped(double(d.results->inventory.gpusTotal)) : "-")};
            if (d.revisions.empty()) {
                row.push_back(muted(u8(Text::tr("not a project file"))));
                row.push_back(muted("-"));
                row.push_back(muted("-"));
                row.push_back(muted("-"));
            } else {
                const Revision &r = d.revisions.back();
                row.push_back(number(u8(Text::tr("%1 of %2").arg(r.id).arg(qulonglong(d.revisions.size())))));
                row.push_back(text(readableTime(r.timeUtc)));
                row.push_back(text(r.author.empty() ? "-" : r.author));
                row.push_back(text(r.comment));
            }
            t.rows.push_back(std::move(row));
        }
        addTable(std::move(t));
    }
    add(Block::Kind::Paragraph,
        u8(Text::tr("A project file's revision history belongs to the whole file: scenarios of one file "
                    "(FILE.cplan#NAME) share its latest revision, time, author and comment.")));
    add(Block::Kind::Paragraph,
        u8(Text::tr("How to read it: every figure is computed by the planner's engine from the design as saved, with "
                    "the catalog prices and specifications embedded in its file. Each row names the results key it "
                    "comes from, so it can be traced in the JSON of `cluster-planner-cli evaluate --json`. A shaded, "
                    "bold value is the better one of its row; rows without a better direction (size, density) are "
                    "not marked.")));
}

void ReportDocument::addComparisonTables(const Comparison &comparison, const std::string &names)
{
    // Key figures.
    add(Block::Kind::PageBreak);
    add(Block::Kind::Heading, u8(Text::tr("Key figures")));
    add(Block::Kind::Paragraph, names);
    addTable(comparisonTable(comparison.keyFigures, comparison.designs, false));

    // The seeds' comparison dimensions, as figures.
    add(Block::Kind::Heading, u8(Text::tr("Comparison dimensions")));
    add(Block::Kind::Paragraph,
        u8(Text::tr("The dimensions on which architecture comparisons weigh designs (architecture, communication, "
                    "storage and checkpoints, scheduling, failure domain, redundancy, power, cooling, NIC speed, "
                    "scale, operations, delivery, cost structure, MFU), each as figures for these designs.")));
    addTable(comparisonTable(comparison.dimensions, comparison.designs, true));
}

void ReportDocument::addCharts(const std::vector<ReportDesign> &designs, const std::string &names)
{
    // Charts.
    add(Block::Kind::PageBreak);
    add(Block::Kind::Heading, u8(Text::tr("Charts")));
    std::vector<const Results *> results;
    for (const ReportDesign &d : designs)
        results.push_back(d.results);
    std::vector<ChartDesign> chartDesigns;
    for (size_t i = 0; i < designs.size(); ++i)
        chartDesigns.push_back({tag(i), int(i), designs[i].results});
    const auto withNames = [&names](const QString &caption) { return u8(caption) + " " + names; };
    addChart(tcoChart(chartDesigns),
             withNames(Text::tr("Solid: owning (cost.cumulative_usd_by_month: the hall paid as it is built, the hardware "
                                "when it arrives, staff during delivery, then OPEX); dashed: renting the GPU-hours the "
                                "design delivers (cost.cloud_cumulative_usd_by_month); a dot marks the break-even month "
                                "(cost.break_even_month).")));
    {
        const RackPowerHistogram h = rackPowerHistogram(results, 12);
        addChart(rackPowerChart(chartDesigns, 12),
                 withNames(Text::tr("Racks by IT power at training load (power.racks[].it_kw), compute, network and "
                                    "storage racks alike, in bins of %1 kW.")
                               .arg(q(grouped(h.binKw, h.binKw < 1 ? 1 : 0)))));
    }
    addChart(goodputChart(chartDesigns, 41),
             withNames(Text::tr("Useful share of wall time as the checkpoint interval varies, all else equal "
                                "(reliability model, docs/reliability.md); a dot marks each design's interval "
                                "(reliability.checkpoint_interval_minutes) and goodput (reliability.goodput).")));
    addChart(policyChart(chartDesigns),
             withNames(Text::tr("Goodput of each design under each resilience preset, all else equal "
                                "(reliability.by_policy; the presets and their sources: docs/reliability.md).")));
    if (sparesChart(chartDesigns).hasData())
        addChart(sparesChart(chartDesigns),
                 withNames(Text::tr("Supernode designs, the same job with 0, 2, 4 or 8 hot spares per domain: goodput "
                                    "(dashed) and the tokens trained after failures, goodput × the GPUs in service "
                                    "relative to the design's own spares (reliability.by_spares).")));
    addChart(scalingChart(chartDesigns, 5),
             withNames(Text::tr("The design's workload and global batch at half, a quarter, … of its active GPUs "
                                "(whole scale-up domains), the parallelism searched again at each count; the "
                                "rightmost point is the design (performance.mfu).")));
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
                    "the draws, so P(A better) counts the draws in which design A's figure is the better one "
                    "(compare --json: p_a_better). Ranges and sources: docs/cost.md.")
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

std::string ReportDocument::toHtml(const std::vector<std::string> &svgCharts) const
{
    std::ostringstream h;
    h << "<!DOCTYPE html>\n<html lang=\"" << (mLanguage == "zh_CN" ? "zh-CN" : "en") << "\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      << "<title>" << escapeHtml(mTitle) << "</title>\n"
      << "<style>\n"
         "body { font-family: 'DejaVu Sans', 'Helvetica Neue', Arial, 'WenQuanYi Micro Hei', 'Noto Sans CJK SC', "
         "'Source Han Sans SC', "
         "'PingFang SC', 'Microsoft YaHei', sans-serif; color: #222; max-width: 1100px;"
         " margin: 24px auto; padding: 0 20px; font-size: 14px; line-height: 1.4; }\n"
         "h1 { font-size: 26px; margin: 8px 0 4px; }\n"
         "h2 { font-size: 20px; margin: 28px 0 6px; border-bottom: 2px solid #334; padding-bottom: 3px; }\n"
         "h3 { font-size: 16px; margin: 18px 0 4px; }\n"
         "p.lead { font-size: 17px; color: #334; margin: 2px 0 8px; }\n"
         "table { border-collapse: collapse; width: 100%; margin: 6px 0 14px; }\n"
         "th, td { padding: 3px 7px; border-bottom: 1px solid #dde; vertical-align: top; text-align: left; }\n"
         "th { background: #eef1f6; font-weight: bold; }\n"
         "th.num, td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }\n"
         "td.best { background: #d7f0dd; font-weight: bold; }\n"
         "td.muted { color: #777; font-size: 12px; }\n"
         "td.head { font-weight: bold; }\n"
         "tr.section td { background: #e4e9f2; font-weight: bold; border-top: 1px solid #bbc; }\n"
         "table.small { font-size: 12px; }\n"
         "table.small td.muted { font-size: 11px; }\n"
         "figure { margin: 10px 0 26px; page-break-inside: avoid; }\n"
         "figure svg { width: 100%; height: auto; display: block; }\n"
         "figcaption { color: #555; font-size: 12px; margin-top: 2px; }\n"
         ".swatch { display: inline-block; width: 11px; height: 11px; margin-right: 4px; vertical-align: -1px; }\n"
         ".pagebreak { page-break-before: always; }\n"
         "@page { size: A4; margin: 14mm; }\n"
         "</style>\n</head>\n<body>\n";
    bool afterTitle = false;
    bool breakNext = false;
    for (const Block &b : mBlocks) {
        switch (b.kind) {
        case Block::Kind::Title:
            h << "<h1>" << escapeHtml(b.text) << "</h1>\n";
            afterTitle = true;
            continue;
        case Block::Kind::Heading:
            h << "<h2" << (breakNext ? " class=\"pagebreak\"" : "") << ">" << escapeHtml(b.text) << "</h2>\n";
            breakNext = false;
            break;
        case Block::Kind::SubHeading: h << "<h3>" << escapeHtml(b.text) << "</h3>\n"; break;
        case Block::Kind::Paragraph:
            h << (afterTitle ? "<p class=\"lead\">" : "<p>") << escapeHtml(b.text) << "</p>\n";
            break;
        case Block::Kind::PageBreak: breakNext = true; break;
        case Block::Kind::Chart:
            h << "<figure>\n"
              << (b.chart >= 0 && size_t(b.chart) < svgCharts.size() ? svgCharts[size_t(b.chart)] : std::string())
              << "\n<figcaption>" << escapeHtml(b.caption) << "</figcaption>\n</figure>\n";
            break;
        case Block::Kind::Table: {
            const Table &t = b.table;
            h << "<table" << (t.small ? " class=\"small\"" : "") << ">\n";
            if (!t.widths.empty()) {
                h << "<colgroup>";
                for (int w : t.widths)
                    h << "<col style=\"width:" << w << "%\">";
                h << "</colgroup>\n";
            }
            h << "<thead><tr>";
            for (const Cell &cell : t.header) {
                h << "<th" << (cell.numeric ? " class=\"num\"" : "") << ">";
                // A design's column: its colour, as in the charts.
                if (cell.design >= 0)
                    h << "<span class=\"swatch\" style=\"background:" << colour(size_t(cell.design)) << "\"></span>";
                h << escapeHtml(cell.text) << "</th>";
            }
            h << "</tr></thead>\n<tbody>\n";
            for (const std::vector<Cell> &row : t.rows) {
                const bool section = row.size() == 1 && row[0].head && row[0].colspan > 1;
                h << (section ? "<tr class=\"section\">" : "<tr>");
                for (const Cell &cell : row) {
                    std::string cls;
                    if (cell.numeric)
                        cls += " num";
                    if (cell.best)
                        cls += " best";
                    if (cell.muted)
                        cls += " muted";
                    if (cell.head && !section)
                        cls += " head";
                    h << "<td";
                    if (!cls.empty())
                        h << " class=\"" << cls.substr(1) << "\"";
                    if (cell.colspan > 1)
                        h << " colspan=\"" << cell.colspan << "\"";
                    h << ">" << escapeHtml(cell.text) << "</td>";
                }
                h << "</tr>\n";
            }
            h << "</tbody>\n</table>\n";
            break;
        }
        }
        afterTitle = false;
    }
    h << "</body>\n</html>\n";
    return h.str();
}

} // namespace cp::report
