#include "report/sweepreport.h"

#include "model/sweep/sweepfigures.h"
#include "report/pdfreport.h"
#include "report/reportcharts.h"
#include "report/reportdocument.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <map>

namespace cp::report {

using json = nlohmann::json;

namespace {

/// Dollars above a million are drawn and listed in $M.
bool inMillions(const std::string &figure, const std::vector<VariantRow> &rows)
{
    if (figure.find("_usd") == std::string::npos)
        return false;
    double largest = 0.0;
    for (const VariantRow &r : rows)
        if (const auto it = r.figures.find(figure); it != r.figures.end())
            largest = std::max(largest, std::abs(it->second));
    return largest >= 1e6;
}

std::string chartWord(const char *text)
{
    return QCoreApplication::translate("cp::report::Charts", text).toStdString();
}

std::string axisTitle(const std::string &figure, bool millions, bool maximise)
{
    std::string label = sweepFigureWord(figure);
    if (millions) {
        // "Cost to train ($)" → "Cost to train ($M)"; the Chinese label's bracket is full-width.
        if (const size_t at = label.find("($"); at != std::string::npos)
            label = label.substr(0, at) + "($M" + label.substr(at + 2);
        else if (const size_t wide = label.find("（$"); wide != std::string::npos)
            label = label.substr(0, wide) + "（$M" + label.substr(wide + std::string("（$").size());
        else
            label += " ($M)";
    }
    return label + (maximise ? chartWord(QT_TRANSLATE_NOOP("cp::report::Charts", ", max"))
                             : chartWord(QT_TRANSLATE_NOOP("cp::report::Charts", ", min")));
}

std::string valueText(double v)
{
    const double a = std::abs(v);
    if (a >= 1e4)
        return grouped(v, 0);
    if (a >= 100)
        return fixed(v, 0);
    if (a >= 1)
        return fixed(v, 2);
    return fixed(v, 3);
}

std::string figureCell(const VariantRow &r, const std::string &figure, bool millions)
{
    const auto it = r.figures.find(figure);
    if (it == r.figures.end())
        return "—";
    const double v = millions ? it->second / 1e6 : it->second;
    std::string text = valueText(v);
    const auto lo = r.figures.find(figure + "_p10"), hi = r.figures.find(figure + "_p90");
    if (lo != r.figures.end() && hi != r.figures.end()) {
        const double s = millions ? 1e-6 : 1.0;
        text += " (" + valueText(lo->second * s) + "–" + valueText(hi->second * s) + ")";
    }
    return text;
}

std::string valueOf(const json &v)
{
    return v.is_string() ? v.get<std::string>() : v.dump();
}

} // namespace

std::string sweepFigureWord(const std::string &figure)
{
    const std::string label = sweepFigureLabel(figure);
    return findSweepFigure(figure) ? chartWord(label.c_str()) : label;
}

std::string variantParameters(const SweepSpec &spec, const VariantRow &row)
{
    return parameterText(spec, row.parameters);
}

ChartData sweepChart(const SweepSpec &spec, const std::vector<VariantRow> &rows, const ParetoAxis &x,
                     const ParetoAxis &y, std::vector<std::vector<size_t>> *pointRows)
{
    (void)spec;
    const bool mx = inMillions(x.figure, rows), my = inMillions(y.figure, rows);
    ChartData c;
    c.id = "sweep";
    c.title = QCoreApplication::translate("cp::report::Charts", "Pareto front: %1 against %2")
                  .arg(QString::fromStdString(sweepFigureWord(x.figure)), QString::fromStdString(sweepFigureWord(y.figure)))
                  .toStdString();
    c.xTitle = axisTitle(x.figure, mx, x.maximise);
    c.yTitle = axisTitle(y.figure, my, y.maximise);
    c.yFromZero = true;
    c.empty = chartWord(QT_TRANSLATE_NOOP("cp::report::Charts", "No variant has both figures"));
    ChartSeries violators, feasible, front;
    violators.name = chartWord(QT_TRANSLATE_NOOP("cp::report::Charts", "Violate a constraint"));
    feasible.name = chartWord(QT_TRANSLATE_NOOP("cp::report::Charts", "Meet every constraint"));
    front.name = chartWord(QT_TRANSLATE_NOOP("cp::report::Charts", "Pareto front"));
    violators.markers = feasible.markers = true;
    violators.colour = "#b8b8b8";
    feasible.colour = designColour(0);
    front.colour = designColour(1);
    std::vector<std::vector<size_t>> positions(3);
    for (size_t i = 0; i < rows.size(); ++i) {
        const VariantRow &r = rows[i];
        const auto fx = r.figures.find(x.figure), fy = r.figures.find(y.figure);
        if (!r.ok || fx == r.figures.end() || fy == r.figures.end())
            continue;
        ChartSeries &s = r.feasible ? feasible : violators;
        s.x.push_back(mx ? fx->second / 1e6 : fx->second);
        s.y.push_back(my ? fy->second / 1e6 : fy->second);
        positions[r.feasible ? 1 : 0].push_back(i);
    }
    for (const size_t i : paretoFront(rows, x, y)) {
        front.x.push_back(mx ? rows[i].figures.at(x.figure) / 1e6 : rows[i].figures.at(x.figure));
        front.y.push_back(my ? rows[i].figures.at(y.figure) / 1e6 : rows[i].figures.at(y.figure));
        positions[2].push_back(i);
    }
    c.series = {violators, feasible, front};
    c.xUnit = mx ? "$M" : "";
    c.yUnit = my ? "$M" : "";
    if (pointRows)
        *pointRows = positions;
    return c;
}

namespace {

ReportDocument sweepDocument(const SweepReportInput &in)
{
    ReportDocument doc("Sweep: " + in.spec.name);
    doc.add(Block::Kind::Title, "Sweep: " + in.spec.name);
    size_t ok = 0, feasible = 0;
    std::map<std::string, size_t> missed;
    for (const VariantRow &r : in.rows) {
        ok += r.ok;
        feasible += r.feasible;
        if (!r.ok) {
            ++missed["evaluation failed"];
            continue;
        }
        for (const SweepConstraint &c : in.spec.constraints)
            if (r.violations.find(c.figure + " ") != std::string::npos)
                ++missed[c.figure + (c.hasMax ? " ≤ " + valueText(c.max) : "") + (c.hasMin ? " ≥ " + valueText(c.min) : "")];
        if (r.violations.find("design error") != std::string::npos)
            ++missed["design errors"];
    }
    if (!in.spec.description.empty())
        doc.add(Block::Kind::Paragraph, in.spec.description);
    doc.add(Block::Kind::Paragraph,
            grouped(double(in.rows.size())) + " of " + grouped(double(in.spec.variants)) + " variants (" +
                samplingName(in.spec.sampling) + " sampling, seed " + std::to_string(in.spec.seed) + ") from " +
                in.file + ": " + grouped(double(ok)) + " evaluated, " + grouped(double(feasible)) +
                " meet every constraint. Figures in brackets are the P10–P90 band the model gives (docs/validation.md, docs/cost.md).");

    doc.add(Block::Kind::Heading, "What was varied");
    Table axes;
    axes.header = {{"Axis", false, false, false, true}, {"Parameter"}, {"Values"}};
    for (const SweepAxis &a : in.spec.axes) {
        std::string values;
        if (a.isRange())
            values = valueText(a.low) + " to " + valueText(a.high) + (a.logScale ? " (log)" : "") +
                     (a.steps > 0 ? ", " + std::to_string(a.steps) + " steps" : "");
        else
            for (size_t k = 0; k < a.values.size(); ++k)
                values += (k ? ", " : "") + (k < a.labels.size() ? a.labels[k] : valueOf(a.values[k]));
        axes.rows.push_back({{a.name, false, false, false, true}, {a.parameter, false, false, true}, {values}});
    }
    axes.widths = {20, 30, 50};
    doc.addTable(axes);

    Table goals;
    goals.header = {{"Goal", false, false, false, true}, {"Figure"}, {"Variants that miss it", false, true}};
    for (const SweepObjective &o : in.spec.objectives)
        goals.rows.push_back({{o.maximise ? "Maximise" : "Minimise", false, false, false, true},
                              {sweepFigureLabel(o.figure)}, {"", false, true}});
    for (const auto &[what, count] : missed)
        goals.rows.push_back({{"Constraint", false, false, false, true}, {what}, {grouped(double(count)), false, true}});
    goals.widths = {20, 55, 25};
    doc.addTable(goals);

    doc.add(Block::Kind::Heading, "Pareto front");
    const ChartData chart = sweepChart(in.spec, in.rows, in.x, in.y);
    doc.addChart(chart, "Each dot is a variant. Grey: misses a constraint. The line joins the variants no other "
                        "variant meeting every constraint beats on both figures.");
    const bool mx = inMillions(in.x.figure, in.rows), my = inMillions(in.y.figure, in.rows);
    Table front;
    front.header = {{"#", false, true, false, true}, {"Parameters"}, {chart.xTitle.substr(0, chart.xTitle.rfind(", m")), false, true},
                    {chart.yTitle.substr(0, chart.yTitle.rfind(", m")), false, true}, {"MW", false, true},
                    {"GPUs", false, true}, {"MFU", false, true}, {"Goodput", false, true}};
    for (const size_t i : paretoFront(in.rows, in.x, in.y)) {
        const VariantRow &r = in.rows[i];
        front.rows.push_back({{std::to_string(r.index), false, true, false, true},
                              {variantParameters(in.spec, r)},
                              {figureCell(r, in.x.figure, mx), false, true},
                              {figureCell(r, in.y.figure, my), false, true},
                              {figureCell(r, "facility_mw", false), false, true},
                              {figureCell(r, "gpus_total", false), false, true},
                              {figureCell(r, "mfu", false), false, true},
                              {figureCell(r, "goodput", false), false, true}});
    }
    front.widths = {5, 29, 15, 15, 7, 8, 11, 10};
    front.small = true;
    doc.addTable(front);

    doc.add(Block::Kind::Heading, "Best variant by each objective");
    Table best;
    best.header = {{"Objective", false, false, false, true}, {"#", false, true}, {"Value", false, true}, {"Parameters"}};
    for (const SweepObjective &o : in.spec.objectives) {
        const VariantRow *winner = nullptr;
        for (const VariantRow &r : in.rows) {
            const auto it = r.figures.find(o.figure);
            if (!r.feasible || it == r.figures.end())
                continue;
            const double w = winner ? winner->figures.at(o.figure) : 0.0;
            if (!winner || (o.maximise ? it->second > w : it->second < w))
                winner = &r;
        }
        if (!winner) {
            best.rows.push_back({{sweepFigureLabel(o.figure), false, false, false, true}, {"—"}, {"—"},
                                 {"no variant meets every constraint"}});
            continue;
        }
        best.rows.push_back({{sweepFigureLabel(o.figure), false, false, false, true},
                             {std::to_string(winner->index), false, true},
                             {figureCell(*winner, o.figure, inMillions(o.figure, in.rows)), false, true},
                             {variantParameters(in.spec, *winner)}});
    }
    best.widths = {28, 8, 20, 44};
    doc.addTable(best);
    doc.add(Block::Kind::Paragraph, "Open a variant as a design with: cluster-planner-cli sweep design " + in.file +
                                        " --variant N -o variant.cplan, or in the window (File › Open Sweep Results, "
                                        "click a point).");
    return doc;
}

} // namespace

std::string sweepHtmlReport(const SweepReportInput &input)
{
    ensureApplication();
    const ReportDocument doc = sweepDocument(input);
    std::vector<std::string> svg;
    for (const ChartData &chart : doc.charts())
        svg.push_back(ReportCharts::svg(chart));
    return doc.toHtml(svg);
}

std::string sweepPdfReport(const SweepReportInput &input)
{
    ensureApplication();
    const ReportDocument doc = sweepDocument(input);
    return PdfReport(doc).write();
}

} // namespace cp::report
