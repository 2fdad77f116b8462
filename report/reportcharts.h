#pragma once

#include "report/reportdocument.h"

#include <QRectF>
#include <QString>
#include <QSize>

#include <string>

#include <memory>

#include <QStringList>

class QChart;
class QPainter;

namespace cp::report {

/// How a chart is coloured: the report's light page, or the app's dark theme.
struct ChartStyle
{
    bool dark = false;
};

/// Draws a report's ChartData with Qt Charts, offscreen: as an inline SVG element for HTML, or
/// onto any painter (a PDF page keeps it vector). Fonts are sized in pixels of the chart's logical
/// size, so the drawing scales as a whole to any target and device resolution.
class ReportCharts
{
public:
    /// The logical size every chart is laid out at (pixels); targets scale it.
    static QSize logicalSize() { return {900, 430}; }

    /// The chart as an <svg> element: no XML prolog and no namespace URIs (inline HTML needs
    /// neither), scaling to the width of its container.
    static std::string svg(const ChartData &data);
    /// Draws the chart into `target` of `painter`, laid out at `logical` size (default
    /// logicalSize()) and scaled to the target; a chart without data says `data.empty`.
    static void paint(const ChartData &data, QPainter *painter, const QRectF &target, const ChartStyle &style = {},
                      const QSizeF &logical = QSizeF());
    /// Writes the chart to `path`: SVG (QSvgGenerator, text kept as text) or PNG at twice the
    /// logical size, by the file's suffix. On failure returns false and sets `error` (the path
    /// and what went wrong).
    static bool save(const ChartData &data, const QString &path, const ChartStyle &style = {},
                     const QSizeF &logical = QSizeF(), QString *error = nullptr);
    /// The chart as Qt Charts objects (axes, series named as in `data`, points as given, in the
    /// order of `data.series`; bars as one bar series of sets), for a QChartView or a scene. A
    /// chart without data has no series: say `data.empty` over it.
    static std::unique_ptr<QChart> chart(const ChartData &data, const ChartStyle &style = {});
};

/// Makes sure a QApplication exists (Qt Charts draws through Qt Widgets): creates one on the
/// offscreen platform, unless QT_QPA_PLATFORM names another, and keeps it for the process.
/// Throws std::runtime_error when a non-widget application object already exists.
void ensureApplication();

/// The reports' fonts, in order: DejaVu Sans for Latin text, then WenQuanYi Micro Hei
/// (fonts-wqy-microhei) for Chinese, then Noto Sans CJK SC (fonts-noto-cjk) for what it lacks.
/// Named so that the PDF embeds a CJK font rather than whatever fontconfig finds first; WenQuanYi
/// first because Noto Sans CJK maps the Kangxi radicals to the same glyphs as 一, 文, 目, 页 …, and
/// the PDF's text layer would then name the radical (docs/translation.md).
QStringList reportFontFamilies();

} // namespace cp::report
