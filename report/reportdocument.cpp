#include "report/reportdocument.h"

#include "model/analysis/rangetable.h"

#include "report/chartdata.h"
#include "model/analysis/comparison.h"
#include "model/analysis/curves.h"
#include "model/engine/evaluation.h"
#include "model/training/accuracy.h"
#include "model/training/publishedruns.h"
#include "report/partnames.h"
#include "report/partratio.h"
#include "report/reportcells.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <sstream>

namespace cp::report {

using namespace cells;

namespace {

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
        for (const ComparisonCell &c : r.cells) {
            Cell cell = number(c.text == "never" ? u8(Text::tr("never")) : c.text, c.best && c.settled);
            cell.ahead = c.best && !c.settled;
            line.push_back(std::move(cell));
        }
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

/// What a design's nearest runs cannot vouch for, as sentences to append to their paragraph
/// (model/training/publishedruns.h, NearbyRunsCaveat); empty when nothing.
QString caveatSentences(const NearbyRunsCaveat &c, const QString &part)
{
    QString s;
    if (c.partUnseen)
        s += QLatin1Char(' ') + Text::tr("No published run here ran on %1: these ran on other parts, and their errors "
                                         "are the model's there, not on this one.").arg(part);
    if (c.nearestOnPart) {
        char err[32];
        std::snprintf(err, sizeof err, "%+.1f %%", c.nearestOnPart->heldOutPct);
        s += QLatin1Char(' ') + Text::tr("None of these ran on %1; the nearest run that did: %2 (%3), %4.")
                                    .arg(part, q(c.nearestOnPart->name), q(c.nearestOnPart->source), q(err));
    }
    if (c.stackEfficiency < 1.0)
        s += QLatin1Char(' ') + Text::tr("The figures shown are the model's times the workload's stack efficiency, "
                                         "%1; these errors are the model's own, on tuned stacks.")
                                    .arg(c.stackEfficiency, 0, 'f', 2);
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
    addTrainingCautions(designs);
    addNearestPublishedRuns(designs);
    addAssumedStack(designs, comparison);
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
                    "not marked. A pale, italic value is ahead as printed but better in fewer than %1 % of the paired "
                    "draws of the model's bands and the cost ranges (Ranges and decisions, below): the model's own "
                    "uncertainty does not settle that row.")
               .arg(kSettledPercent)));
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

void ReportDocument::addTrainingCautions(const std::vector<ReportDesign> &designs)
{
    // A communication-bound step lies outside the P10–P90 band (docs/validation.md,
    // "Communication-bound steps"): say which design, beside the table that shows its band.
    for (size_t i = 0; i < designs.size(); ++i) {
        const Results *r = designs[i].results;
        if (!r || !r->performance.available)
            continue;
        const PerformanceBands b = performanceBands(r->performance.spec, r->performance.outcome.estimate);
        if (!b.communicationBound())
            continue;
        char ratio[32];
        std::snprintf(ratio, sizeof ratio, "%.2f", b.dpOverCompute);
        const CommunicationBoundRecord rec = communicationBoundRecord();
        add(Block::Kind::Paragraph,
            u8(Text::tr("%1 %2: communication-bound step. Its data-parallel traffic is %3× its compute, more than "
                        "the backward pass it hides behind, so how it is scheduled decides the step, and the P10–P90 "
                        "band does not hold: the %4 published runs like this ran at %5 % to %6 % of the predicted "
                        "throughput (docs/validation.md, \"Communication-bound steps\").")
                   .arg(q(tag(i)), q(designs[i].name), q(ratio), QString::number(rec.runs),
                        QString::number(rec.lowestPct), QString::number(rec.highestPct))));
    }
    addPartRatioCaution(designs);
}

void ReportDocument::addPartRatioCaution(const std::vector<ReportDesign> &designs)
{
    // Designs on different accelerators: how far the model's ratio between their parts is from
    // what one software stack published on both, beside the table whose rows compare them.
    std::vector<std::string> parts;
    for (const ReportDesign &d : designs)
        if (d.results && d.results->performance.available)
            parts.push_back(d.results->performance.spec.cluster.gpu.id);
    if (const QString caution = partRatioCaution(parts); !caution.isEmpty())
        add(Block::Kind::Paragraph, u8(caution));
}

void ReportDocument::addNearestPublishedRuns(const std::vector<ReportDesign> &designs)
{
    // The evidence beside each design's band: the published runs most like it and the model's
    // held-out error on each (model/training/publishedruns.h, docs/validation.md).
    for (size_t i = 0; i < designs.size(); ++i) {
        const Results *r = designs[i].results;
        if (!r || !r->performance.available)
            continue;
        QStringList runs;
        const std::vector<NearbyRun> nearest = nearestPublishedRuns(r->performance.spec);
        for (const NearbyRun &n : nearest) {
            char err[32];
            std::snprintf(err, sizeof err, "%+.1f %%", n.run->heldOutPct);
            runs << q(std::string(n.run->name) + " (" + n.run->source + "): " + err);
        }
        if (runs.isEmpty())
            continue;
        add(Block::Kind::Paragraph,
            u8(Text::tr("%1 %2, the published runs most like it and the model's error on each, predicted without its "
                        "source (+: the model predicted it faster than it ran; docs/validation.md): %3.")
                   .arg(q(tag(i)), q(designs[i].name), runs.join(QStringLiteral("; ")))
                   + caveatSentences(nearbyRunsCaveat(r->performance.spec, nearest, r->performance.stackEfficiency),
                                     q(r->performance.spec.cluster.gpu.id))));
    }
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
         "td.ahead { background: #eef8f0; font-style: italic; }\n"
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
                    if (cell.ahead)
                        cls += " ahead";
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
