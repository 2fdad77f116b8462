#include "report/report.h"

#include "report/pdfreport.h"
#include "report/reportcharts.h"
#include "report/reportdocument.h"
#include "translations/translator.h"

#include <stdexcept>

namespace cp::report {

std::string htmlReport(const std::vector<ReportDesign> &designs, const ReportOptions &options)
{
    ensureApplication();
    const i18n::LanguageScope language(options.language);
    if (!language.ok())
        throw std::runtime_error(language.error().toStdString());
    const ReportDocument document(designs, options);
    std::vector<std::string> svg;
    for (const ChartData &chart : document.charts())
        svg.push_back(ReportCharts::svg(chart));
    return document.toHtml(svg);
}

std::string pdfReport(const std::vector<ReportDesign> &designs, const ReportOptions &options)
{
    ensureApplication();
    const i18n::LanguageScope language(options.language);
    if (!language.ok())
        throw std::runtime_error(language.error().toStdString());
    const ReportDocument document(designs, options);
    return PdfReport(document).write();
}

} // namespace cp::report
