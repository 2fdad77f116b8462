#pragma once

#include "model/analysis/likeforlike.h"
#include "model/io/projectfile.h"

#include <string>
#include <vector>

namespace cp {

struct Results;

namespace report {

/// One design of a report: its name, the file it came from, its results and its saved history.
struct ReportDesign
{
    std::string name;
    std::string file;
    const Results *results = nullptr;
    std::vector<Revision> revisions; ///< empty for a design read from JSON
    /// Accelerator, workload, token budget, policy: the like-for-like header (empty name: not shown).
    ComparedSide side;
};

/// What the title block says besides the designs.
struct ReportOptions
{
    /// Empty: "Cluster design comparison" in the report's language.
    std::string title;
    /// The language of the report's words: "en" or a translation of cp::i18n::languages() ("zh_CN").
    /// Numbers keep the same form in both (grouping comma, decimal point: also zh_CN's convention).
    std::string language = "en";
    /// The report's date (YYYY-MM-DD); empty = SOURCE_DATE_EPOCH when set (reproducible
    /// reports), else today.
    std::string date;
    std::string generator = "cluster-planner-cli";
};

/// The comparison as one self-contained HTML page: styles inline, charts as inline SVG, no
/// scripts and no network reference; every user-provided text escaped (docs/report.md).
/// Creates an offscreen QApplication when none exists (Qt Charts needs one).
std::string htmlReport(const std::vector<ReportDesign> &designs, const ReportOptions &options = {});

/// The same content as a paginated A4 PDF (vector charts), returned as the file's bytes. A
/// language without its translation throws std::runtime_error naming the embedded file.
std::string pdfReport(const std::vector<ReportDesign> &designs, const ReportOptions &options = {});

} // namespace report
} // namespace cp
