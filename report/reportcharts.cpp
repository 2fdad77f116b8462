#include "report/reportcharts.h"

#include <QCoreApplication>

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QBuffer>
#include <QCategoryAxis>
#include <QChart>
#include <QFile>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPainter>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QSvgGenerator>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

namespace cp::report {

namespace {

QFont font(int pixels, bool bold = false)
{
    QFont f;
    f.setFamilies(reportFontFamilies());
    f.setPixelSize(pixels);
    f.setBold(bold);
    return f;
}

/// Qt Charts reads titles and legend names as rich text: plain text must be escaped.
QString richText(const std::string &s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

/// The colours of the chart's furniture in a style.
struct Ink
{
    QColor background, title, text, grid, minorGrid, line;
};

Ink ink(const ChartStyle &style)
{
    if (style.dark)
        return {QColor(0x2a, 0x2a, 0x2a), QColor(0xee, 0xee, 0xee), QColor(0xd0, 0xd0, 0xd0),
                QColor(0x4a, 0x4a, 0x4a), QColor(0x38, 0x38, 0x38), QColor(0x9a, 0x9a, 0x9a)};
    return {Qt::white, QColor(0x22, 0x22, 0x22), QColor(0x33, 0x33, 0x33), QColor(0xdd, 0xdd, 0xdd),
            QColor(0xee, 0xee, 0xee), QColor(0x88, 0x88, 0x88)};
}

/// Bar charts label each category up to this many, else every k-th.
constexpr size_t kMaxCategoryLabels = 12;

void styleAxis(QAbstractAxis *axis, const std::string &title, const Ink &ink)
{
    axis->setTitleText(richText(title));
    axis->setTitleFont(font(13));
    axis->setTitleBrush(ink.text);
    axis->setLabelsFont(font(12));
    axis->setLabelsColor(ink.text);
    axis->setLinePenColor(ink.line);
    axis->setGridLineColor(ink.grid);
    axis->setMinorGridLineColor(ink.minorGrid);
}

QColor seriesColour(const ChartSeries &s)
{
    return QColor(QString::fromLatin1(s.colour.empty() ? designColour(size_t(std::max(0, s.design)))
                                                        : s.colour.c_str()));
}

/// A value range with a little room, rounded by the axis (applyNiceNumbers).
void setValueRange(QValueAxis *axis, double lo, double hi, bool fromZero)
{
    if (fromZero)
        lo = std::min(0.0, lo);
    if (!(hi > lo)) {
        hi = lo + 1.0;
        lo = fromZero ? lo : lo - 1.0;
    } else if (!fromZero) {
        const double pad = (hi - lo) * 0.08;
        lo -= pad;
        hi += pad;
    } else {
        hi += (hi - lo) * 0.05;
    }
    axis->setRange(lo, hi);
    axis->applyNiceNumbers();
}

/// Decimals that show the axis' tick step.
QString labelFormat(const QValueAxis *axis)
{
    const int ticks = std::max(2, axis->tickCount());
    const double step = (axis->max() - axis->min()) / double(ticks - 1);
    int decimals = 0;
    while (decimals < 4 && std::abs(step * std::pow(10.0, decimals) - std::round(step * std::pow(10.0, decimals))) > 1e-6)
        ++decimals;
    return QStringLiteral("%.") + QString::number(decimals) + QStringLiteral("f");
}

bool hasData(const ChartData &d)
{
    return d.hasData();
}

/// The bars of a chart over categories: one bar set per series, stacked or side by side, on a
/// category axis (a label per bar, or on every k-th bar when there are many) and a value axis.
void addBars(QChart *chart, const ChartData &d, const Ink &colours)
{
    QAbstractBarSeries *bars = d.stacked ? static_cast<QAbstractBarSeries *>(new QStackedBarSeries)
                                         : static_cast<QAbstractBarSeries *>(new QBarSeries);
    double top = 0, bottom = 0; // bars grow from 0, up or down (a tornado's changes)
    std::vector<double> stackTop(d.categories.size(), 0.0);
    for (const ChartSeries &s : d.series) {
        auto *set = new QBarSet(richText(s.name));
        set->setColor(seriesColour(s));
        set->setBorderColor(d.categories.size() > 24 ? seriesColour(s) : colours.background);
        for (size_t i = 0; i < s.y.size(); ++i) {
            set->append(s.y[i]);
            top = std::max(top, s.y[i]);
            bottom = std::min(bottom, s.y[i]);
            if (i < stackTop.size())
                stackTop[i] += std::max(0.0, s.y[i]);
        }
        bars->append(set);
    }
    if (d.stacked)
        top = *std::max_element(stackTop.begin(), stackTop.end());
    bars->setBarWidth(d.stacked ? 0.6 : 0.85);
    chart->legend()->setMarkerShape(QLegend::MarkerShapeRectangle);
    chart->addSeries(bars);
    QAbstractAxis *x = nullptr;
    if (d.categories.size() <= kMaxCategoryLabels) {
        auto *axis = new QBarCategoryAxis;
        QStringList labels;
        for (const std::string &c : d.categories)
            labels << QString::fromStdString(c);
        axis->append(labels);
        x = axis;
    } else {
        // Too many categories (rows, feeds) for a label each: bars on a value axis of their
        // indices, a label on every k-th bar, upright.
        const size_t n = d.categories.size();
        const size_t step = (n + kMaxCategoryLabels - 1) / kMaxCategoryLabels;
        auto *axis = new QCategoryAxis;
        axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
        axis->setStartValue(-0.5);
        axis->setRange(-0.5, double(n) - 0.5);
        for (size_t i = 0; i < n; i += step)
            axis->append(QString::fromStdString(d.categories[i]), double(i));
        axis->setLabelsAngle(-90);
        x = axis;
    }
    styleAxis(x, d.xTitle, colours);
    x->setGridLineVisible(false);
    auto *y = new QValueAxis;
    styleAxis(y, d.yTitle, colours);
    setValueRange(y, bottom < 0 ? bottom - (top - bottom) * 0.05 : 0.0, top, true);
    y->setLabelFormat(labelFormat(y));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    bars->attachAxis(x);
    bars->attachAxis(y);
}

/// The axes of a chart of x-y series (x linear, ticked or logarithmic; y on the left, and
/// on the right for the series that ask for it), ranged over the data they show.
struct XYAxes
{
    QAbstractAxis *x = nullptr;
    QValueAxis *y = nullptr;
    QValueAxis *y2 = nullptr; ///< null without a right axis
};

XYAxes addXYAxes(QChart *chart, const ChartData &d, const Ink &colours)
{
    double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;
    std::pair<double, double> ry{INFINITY, -INFINITY}; // the right axis' values
    for (const ChartSeries &s : d.series)
        for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
            if (!std::isfinite(s.x[i]) || !std::isfinite(s.y[i]) || (d.logX && s.x[i] <= 0))
                continue;
            xlo = std::min(xlo, s.x[i]);
            xhi = std::max(xhi, s.x[i]);
            if (s.rightAxis && !d.y2Title.empty()) {
                ry.first = std::min(ry.first, s.y[i]);
                ry.second = std::max(ry.second, s.y[i]);
                continue;
            }
            ylo = std::min(ylo, s.y[i]);
            yhi = std::max(yhi, s.y[i]);
        }
    if (ylo > yhi) { // every series on the right
        ylo = 0;
        yhi = 1;
    }
    QAbstractAxis *xAxis = nullptr;
    if (d.logX) {
        auto *x = new QLogValueAxis;
        x->setBase(d.logBase);
        // Whole powers of the base around the data, so that ticks fall on them.
        const double b = d.logBase;
        x->setRange(std::pow(b, std::floor(std::log(xlo) / std::log(b) + 1e-9)),
                    std::pow(b, std::ceil(std::log(xhi) / std::log(b) - 1e-9)));
        x->setLabelFormat(QStringLiteral("%g"));
        x->setMinorTickCount(d.logBase == 10 ? 8 : 0);
        xAxis = x;
    } else {
        auto *x = new QValueAxis;
        if (d.xTick > 0) {
            x->setRange(std::min(0.0, xlo), std::max(d.xTick, std::ceil(xhi / d.xTick) * d.xTick));
            x->setTickType(QValueAxis::TicksDynamic);
            x->setTickAnchor(0.0);
            x->setTickInterval(d.xTick);
            x->setLabelFormat(QStringLiteral("%.0f"));
        } else {
            setValueRange(x, xlo, xhi, true);
            x->setLabelFormat(labelFormat(x));
        }
        xAxis = x;
    }
    styleAxis(xAxis, d.xTitle, colours);
    auto *y = new QValueAxis;
    styleAxis(y, d.yTitle, colours);
    setValueRange(y, ylo, yhi, d.yFromZero);
    y->setLabelFormat(labelFormat(y));
    chart->addAxis(xAxis, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    QValueAxis *y2 = nullptr;
    if (!d.y2Title.empty() && ry.first <= ry.second) {
        y2 = new QValueAxis;
        styleAxis(y2, d.y2Title, colours);
        y2->setGridLineVisible(false);
        setValueRange(y2, ry.first, ry.second, true);
        y2->setLabelFormat(labelFormat(y2));
        chart->addAxis(y2, Qt::AlignRight);
    }
    return {xAxis, y, y2};
}

/// The x-y series: markers (dots or rings) or lines (solid, dashed, dotted), each attached to
/// its axes; series outside the legend have their markers hidden.
void addXYSeries(QChart *chart, const ChartData &d, const Ink &colours, const XYAxes &axes)
{
    for (const ChartSeries &s : d.series) {
        const QColor colour = seriesColour(s);
        QXYSeries *series = nullptr;
        if (s.markers) {
            auto *scatter = new QScatterSeries;
            if (s.dotted) {
                // A ring: the point marked without hiding a dot drawn at the same place.
                scatter->setMarkerSize(17);
                scatter->setColor(Qt::transparent);
                scatter->setBorderColor(colour);
                QPen ring(colour, 2.5);
                scatter->setPen(ring);
            } else {
                scatter->setMarkerSize(11);
                scatter->setColor(colour);
                scatter->setBorderColor(colours.background);
            }
            series = scatter;
        } else {
            auto *line = new QLineSeries;
            QPen pen(colour, 2.5);
            pen.setStyle(s.dashed && s.dotted ? Qt::DashDotLine
                         : s.dotted           ? Qt::DotLine
                         : s.dashed           ? Qt::DashLine
                                              : Qt::SolidLine);
            pen.setCapStyle(Qt::FlatCap);
            line->setPen(pen);
            series = line;
        }
        series->setName(richText(s.name));
        for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i)
            if (std::isfinite(s.x[i]) && std::isfinite(s.y[i]) && (!d.logX || s.x[i] > 0))
                series->append(s.x[i], s.y[i]);
        chart->addSeries(series);
        series->attachAxis(axes.x);
        series->attachAxis(s.rightAxis && axes.y2 ? axes.y2 : axes.y);
        if (!s.inLegend)
            for (QLegendMarker *m : chart->legend()->markers(series))
                m->setVisible(false);
    }
}

std::unique_ptr<QChart> build(const ChartData &d, const ChartStyle &style = {})
{
    const Ink colours = ink(style);
    auto chart = std::make_unique<QChart>();
    chart->setTheme(style.dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setBackgroundRoundness(0);
    chart->setBackgroundBrush(colours.background);
    chart->setMargins(QMargins(6, 4, 10, 4));
    chart->setTitle(richText(d.title + d.titleSuffix));
    chart->setTitleFont(font(16, true));
    chart->setTitleBrush(colours.title);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setFont(font(12));
    chart->legend()->setLabelColor(colours.text);
    chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    chart->legend()->setShowToolTips(true); // full names where a label is elided
    if (!hasData(d)) {
        chart->legend()->hide();
        return chart;
    }
    // Many entries in a row would be elided: a column on the right instead.
    if (std::count_if(d.series.begin(), d.series.end(), [](const ChartSeries &s) { return s.inLegend; }) > 4 &&
        d.categories.empty())
        chart->legend()->setAlignment(Qt::AlignRight);

    if (!d.categories.empty()) {
        addBars(chart.get(), d, colours);
        return chart;
    }
    addXYSeries(chart.get(), d, colours, addXYAxes(chart.get(), d, colours));
    return chart;
}

/// Lays the chart out at the logical size in a scene of its own and draws it into `target`.
void render(const ChartData &d, QPainter *painter, const QRectF &target, const ChartStyle &style = {},
            QSizeF size = QSizeF())
{
    if (size.isEmpty())
        size = ReportCharts::logicalSize();
    std::unique_ptr<QChart> chart = build(d, style);
    QGraphicsScene scene;
    scene.addItem(chart.get());
    chart->setGeometry(QRectF(QPointF(0, 0), size));
    scene.setSceneRect(QRectF(QPointF(0, 0), size));
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setRenderHint(QPainter::TextAntialiasing);
    scene.render(painter, target, scene.sceneRect(), Qt::KeepAspectRatio);
    if (!hasData(d)) {
        // Nothing to plot: say why where the plot would be.
        painter->translate(target.topLeft());
        painter->scale(target.width() / size.width(), target.height() / size.height());
        painter->setFont(font(14));
        painter->setPen(style.dark ? QColor(0xaa, 0xaa, 0xaa) : QColor(0x66, 0x66, 0x66));
        painter->drawRect(QRectF(40, 50, size.width() - 80, size.height() - 90));
        painter->drawText(QRectF(40, 50, size.width() - 80, size.height() - 90), Qt::AlignCenter | Qt::TextWordWrap,
                          QString::fromStdString(d.empty.empty() ? QCoreApplication::translate("cp::report::Charts", "no data").toStdString() : d.empty));
    }
    painter->restore();
    scene.removeItem(chart.get());
}

QtMessageHandler gPreviousHandler = nullptr;

/// Passes messages on, except the offscreen platform's note that XDG_RUNTIME_DIR is unset: a
/// command-line run needs no runtime directory, and its stderr is for errors.
void messageHandler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (type == QtWarningMsg && message.startsWith(QStringLiteral("QStandardPaths: XDG_RUNTIME_DIR not set")))
        return;
    if (gPreviousHandler)
        gPreviousHandler(type, context, message);
}

} // namespace

std::string ReportCharts::svg(const ChartData &data)
{
    ensureApplication();
    const QSize size = logicalSize();
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(size);
        generator.setViewBox(QRect(QPoint(0, 0), size));
        generator.setResolution(96);
        generator.setTitle(QString::fromStdString(data.title).toHtmlEscaped());
        QPainter painter(&generator);
        render(data, &painter, QRectF(QPointF(0, 0), QSizeF(size)));
    }
    QString svg = QString::fromUtf8(buffer.data());
    // Inline in HTML: no XML prolog; the HTML parser puts <svg> in the SVG namespace, so the
    // namespace URIs (which look like network references) go; width follows the container.
    const qsizetype start = svg.indexOf(QStringLiteral("<svg"));
    if (start > 0)
        svg.remove(0, start);
    svg.remove(QRegularExpression(QStringLiteral("\\s+xmlns(:\\w+)?=\"[^\"]*\"")));
    svg.replace(QRegularExpression(QStringLiteral("^<svg width=\"[^\"]*\" height=\"[^\"]*\"")),
                QStringLiteral("<svg role=\"img\" preserveAspectRatio=\"xMidYMid meet\""));
    return svg.toStdString();
}

void ReportCharts::paint(const ChartData &data, QPainter *painter, const QRectF &target, const ChartStyle &style,
                         const QSizeF &logical)
{
    ensureApplication();
    render(data, painter, target, style, logical);
}

bool ReportCharts::save(const ChartData &data, const QString &path, const ChartStyle &style, const QSizeF &logical,
                        QString *error)
{
    const auto fail = [&](const QString &why) {
        if (error)
            *error = path + QStringLiteral(": ") + why;
        return false;
    };
    ensureApplication();
    const QSizeF size = logical.isEmpty() ? QSizeF(logicalSize()) : logical;
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QStringLiteral("svg")) {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return fail(QStringLiteral("cannot write: ") + file.errorString());
        {
            QSvgGenerator generator;
            generator.setOutputDevice(&file);
            generator.setSize(size.toSize());
            generator.setViewBox(QRectF(QPointF(0, 0), size));
            generator.setResolution(96);
            generator.setTitle(QString::fromStdString(data.title).toHtmlEscaped());
            QPainter painter(&generator);
            render(data, &painter, QRectF(QPointF(0, 0), size), style, size);
        }
        if (!file.flush() || file.error() != QFileDevice::NoError)
            return fail(QStringLiteral("cannot write: ") + file.errorString());
        return true;
    }
    if (suffix == QStringLiteral("png")) {
        // Twice the logical size, so that text stays sharp when the image is scaled down.
        QImage image((size * 2).toSize(), QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        {
            QPainter painter(&image);
            render(data, &painter, QRectF(QPointF(0, 0), size * 2), style, size);
        }
        if (!image.save(path, "PNG"))
            return fail(QStringLiteral("cannot write the PNG file"));
        return true;
    }
    return fail(QStringLiteral("unsupported format \"") + suffix + QStringLiteral("\" (use .png or .svg)"));
}

std::unique_ptr<QChart> ReportCharts::chart(const ChartData &data, const ChartStyle &style)
{
    return build(data, style);
}

QStringList reportFontFamilies()
{
    return {QStringLiteral("DejaVu Sans"), QStringLiteral("WenQuanYi Micro Hei"), QStringLiteral("Noto Sans CJK SC")};
}

void ensureApplication()
{
    if (QCoreApplication::instance()) {
        if (!qobject_cast<QApplication *>(QCoreApplication::instance()))
            throw std::runtime_error("reports need a QApplication (Qt Charts draws through Qt Widgets)");
        return;
    }
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    gPreviousHandler = qInstallMessageHandler(messageHandler);
    // Kept for the life of the process: a report may be written more than once, and Qt does not
    // support a second application object after the first is gone.
    static int argc = 1;
    static char name[] = "cluster-planner-report";
    static char *argv[] = {name, nullptr};
    static QApplication *app = new QApplication(argc, argv);
    (void)app;
}

} // namespace cp::report
