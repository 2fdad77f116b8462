#pragma once

#include "report/chartdata.h"
#include "report/report.h"

#include <string>
#include <vector>

namespace cp {
struct Comparison;
struct ReliabilityResults;
}

namespace cp::report {

/// One cell of a report table. Text is plain (escaped by whoever writes it out).
struct Cell
{
    std::string text;
    bool best = false;    ///< the better value of its row (shaded, bold)
    bool numeric = false; ///< right-aligned
    bool muted = false;   ///< secondary text (results keys, sources, notes)
    bool head = false;    ///< a row heading (first column) or a section row
    int colspan = 1;
    int design = -1;      ///< a design's column heading: its colour swatch
    bool ahead = false;   ///< ahead as printed, not settled by the draws (pale shade, italic)
};

/// A table: header row, body rows, relative column widths (percent, may be empty).
struct Table
{
    std::vector<Cell> header;
    std::vector<std::vector<Cell>> rows;
    std::vector<int> widths;
    bool small = false; ///< long listings (bill of materials) in a smaller font
};

/// A block of the report, in reading order.
struct Block
{
    enum class Kind { Title, Heading, SubHeading, Paragraph, Table, Chart, PageBreak };
    Kind kind = Kind::Paragraph;
    std::string text;
    Table table;
    int chart = -1;       ///< index into ReportDocument::charts
    std::string caption;  ///< under a chart
};

/// The report's content, independent of the output format: built once from the designs and
/// their results, written out as HTML or laid out into a PDF.
class ReportDocument
{
public:
    ReportDocument(const std::vector<ReportDesign> &designs, const ReportOptions &options);
    /// An empty document titled `title`, for another report to fill (the sweep report).
    explicit ReportDocument(std::string title) : mTitle(std::move(title)) {}

    const std::vector<Block> &blocks() const { return mBlocks; }
    const std::vector<ChartData> &charts() const { return mCharts; }
    const std::string &title() const { return mTitle; }
    const std::string &language() const { return mLanguage; }
    /// The short tag of design i in tables and chart legends: A, B, C, …
    static std::string tag(size_t i);
    /// The colour of design i (#rrggbb), the same in every chart and the HTML.
    static const char *colour(size_t i);

    /// The page as self-contained HTML; `svgCharts` holds each chart's inline <svg> element.
    std::string toHtml(const std::vector<std::string> &svgCharts) const;

    // Blocks in reading order, for the report that fills the document.
    void add(Block::Kind kind, std::string text = {});
    void addTable(Table table);
    void addChart(ChartData chart, std::string caption);

private:

    // The report's parts, in reading order.
    /// The title, the designs with their files and latest revisions, and how to read the report.
    void addTitlePage(const std::vector<ReportDesign> &designs, const ReportOptions &options);
    /// The key figures and the comparison dimensions, as tables of a column per design.
    void addComparisonTables(const Comparison &comparison, const std::string &names);
    /// Under the key figures: the designs whose training figures the band does not cover.
    void addTrainingCautions(const std::vector<ReportDesign> &designs);
    void addPartRatioCaution(const std::vector<ReportDesign> &designs);
    void addNearestPublishedRuns(const std::vector<ReportDesign> &designs);
    /// The stack fields the workloads assumed, what each moves per design, and the rows whose
    /// leader it decides (model/analysis/assumedstack.h).
    void addAssumedStack(const std::vector<ReportDesign> &designs, const Comparison &comparison);
    /// The cost over time, rack power, goodput and scaling charts.
    void addCharts(const std::vector<ReportDesign> &designs, const std::string &names);
    /// Each design's failure domains by kind of part, and its largest domains.
    void addFailureDomains(const std::vector<ReportDesign> &designs);
    /// Per design: the policy, the goodput waterfall, the time lost per interruption by mechanism,
    /// interruptions by kind, the presets and (supernodes) the spares compared.
    void addResilience(const std::vector<ReportDesign> &designs);
    /// Like for like, the headline figures as ranges, P(A beats B) and each design's tornado.
    void addDecisions(const std::vector<ReportDesign> &designs);
    /// "Delivery": what each design waits for, its lead times and sources, and a month's cost.
    void addDelivery(const std::vector<ReportDesign> &designs);
    void addResilienceOf(const ReliabilityResults &rel);
    /// Each design's priced parts, most expensive first, and the hardware total.
    void addBillOfMaterials(const std::vector<ReportDesign> &designs);

    std::vector<Block> mBlocks;
    std::vector<ChartData> mCharts;
    std::string mTitle;
    std::string mLanguage = "en"; ///< the language the report is written in (ReportOptions::language)
};

/// Escapes & < > " ' for HTML text and attributes.
std::string escapeHtml(const std::string &text);

} // namespace cp::report
