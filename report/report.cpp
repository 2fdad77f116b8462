#include "report/report.h"

#include "report/pdfreport.h"
#include "report/reportcharts.h"
#include "report/reportdocument.h"
#include "translations/translator.h"

#include <QFontDatabase>

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

namespace {

/// A PDF in Chinese needs a font with Chinese glyphs on this machine, or every character would be
/// drawn as a box: refuse, naming the packages, rather than write such a file.
void requireChineseFont(const ReportOptions &options)
{
    if (i18n::canonicalLanguage(options.language) != "zh_CN")
        return;
    const QStringList installed = QFontDatabase::families();
    for (const QString &family : reportFontFamilies())
        if (family != QLatin1String("DejaVu Sans") && installed.contains(family))
            return;
    throw std::runtime_error("no Chinese font is installed (WenQuanYi Micro Hei or Noto Sans CJK SC): the PDF would show "
                             "boxes instead of Chinese characters; install fonts-wqy-microhei (or fonts-noto-cjk), or "
                             "write the report as .html");
}

} // namespace

std::string pdfReport(const std::vector<ReportDesign> &designs, const ReportOptions &options)
{
    ensureApplication();
    requireChineseFont(options);
    const i18n::LanguageScope language(options.language);
    if (!language.ok())
        throw std::runtime_error(language.error().toStdString());
    const ReportDocument document(designs, options);
    return PdfReport(document).write();
}

} // namespace cp::report
