#pragma once

// The sweep report (docs/sweep.md): what was varied, the Pareto front of two objectives drawn
// over every variant (constraint violators grey), the front's variants and the best of each
// objective — as a self-contained HTML page or an A4 PDF, like the comparison report.

#include "model/sweep/pareto.h"
#include "report/chartdata.h"

#include <string>
#include <vector>

namespace cp::report {

struct SweepReportInput
{
    const SweepSpec &spec;
    const std::vector<VariantRow> &rows;
    ParetoAxis x, y;
    std::string file; ///< the results file, named in the report
};

/// The scatter of every evaluated variant over x and y: "Violate a constraint" (grey), "Meet
/// every constraint", and "Pareto front" (a line through the front, best x first). A figure in
/// dollars above a million is drawn in $M. Series points keep the rows' order; `pointRows`
/// (when given) receives, per series, the row position of each point.
ChartData sweepChart(const SweepSpec &spec, const std::vector<VariantRow> &rows, const ParetoAxis &x,
                     const ParetoAxis &y, std::vector<std::vector<size_t>> *pointRows = nullptr);

/// A sweep figure's label (sweepFigureLabel) in the application's language (context
/// cp::report::Charts); a JSON pointer as it is.
std::string sweepFigureWord(const std::string &figure);

/// A variant's parameters as "name = value, …".
std::string variantParameters(const SweepSpec &spec, const VariantRow &row);

std::string sweepHtmlReport(const SweepReportInput &input);
std::string sweepPdfReport(const SweepReportInput &input);

} // namespace cp::report
