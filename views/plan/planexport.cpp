#include "views/plan/planexport.h"

#include "model/io/outputfile.h"
#include "views/plan/hallscene.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFile>
#include <QGraphicsScene>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <cmath>
#include <stdexcept>

namespace cp::gui {

namespace {

/// The exported plan's words, in the window's language.
class PlanText
{
    Q_DECLARE_TR_FUNCTIONS(cp::gui::PlanExport)
};

/// A scale bar of a round length near a fifth of the drawing's width, under `area`'s left edge.
void drawScaleBar(QPainter &p, const QRectF &area, double pixelsPerMetre, qreal unit)
{
    // The largest 1, 2 or 5 × 10^k metres not longer than a fifth of the drawing.
    const double target = std::max(area.width() / pixelsPerMetre / 5.0, 1e-3);
    const double decade = std::pow(10.0, std::floor(std::log10(target)));
    double metres = decade;
    for (double step : {2.0, 5.0})
        if (decade * step <= target)
            metres = decade * step;
    const qreal length = qreal(metres * pixelsPerMetre);
    const QPointF start(area.left(), area.bottom() + 6 * unit);
    p.setPen(QPen(Qt::black, unit));
    p.drawLine(start, start + QPointF(length, 0));
    for (qreal x : {qreal(0), length / 2, length})
        p.drawLine(start + QPointF(x, -2 * unit), start + QPointF(x, 2 * unit));
    p.drawText(QRectF(start.x(), start.y() + 3 * unit, length + 60 * unit, 12 * unit), Qt::AlignLeft | Qt::AlignTop,
               QStringLiteral("%1 m").arg(metres, 0, 'g', 4));
}

/// The title block: a ruled box at the bottom right of `page`, one field per row.
void drawTitleBlock(QPainter &p, const QRectF &box, const PlanTitleBlock &block, qreal unit)
{
    const QList<QPair<QString, QString>> rows = {
        {PlanText::tr("Design"), block.title},
        {PlanText::tr("Scenario"), block.scenario.isEmpty() ? QStringLiteral("—") : block.scenario},
        {PlanText::tr("File"), block.file},
        {PlanText::tr("Figures"), block.summary.isEmpty() ? PlanText::tr("not evaluated") : block.summary},
        {PlanText::tr("Date"), block.date},
        //: the title block's "drawn by" field of an exported plan drawing
        {PlanText::tr("Drawn by"), QStringLiteral("Cluster Planner")},
    };
    p.setPen(QPen(Qt::black, unit));
    p.setBrush(Qt::white);
    p.drawRect(box);
    const qreal rowHeight = box.height() / rows.size();
    const qreal labelWidth = box.width() * 0.18;
    QFont font = p.font();
    for (int i = 0; i < rows.size(); ++i) {
        const QRectF row(box.left(), box.top() + i * rowHeight, box.width(), rowHeight);
        if (i > 0)
            p.drawLine(row.topLeft(), row.topRight());
        font.setBold(true);
        p.setFont(font);
        p.drawText(row.adjusted(3 * unit, 0, 0, 0).intersected(QRectF(row.left(), row.top(), labelWidth, rowHeight)),
                   Qt::AlignVCenter | Qt::AlignLeft, rows[i].first);
        font.setBold(false);
        p.setFont(font);
        const QRectF value = row.adjusted(labelWidth, 0, -3 * unit, 0);
        p.drawText(value, Qt::AlignVCenter | Qt::AlignLeft,
                   p.fontMetrics().elidedText(rows[i].second, Qt::ElideMiddle, int(value.width())));
    }
    p.drawLine(QPointF(box.left() + labelWidth - 3 * unit, box.top()), QPointF(box.left() + labelWidth - 3 * unit, box.bottom()));
}

/// Draws the plan and its title block on a page of `size` device units.
void drawPage(QPainter &p, QGraphicsScene &scene, const QRectF &source, const PlanTitleBlock &block, const QSizeF &size)
{
    const qreal unit = size.width() / 1000.0; // line widths and text scale with the page
    const QRectF page(QPointF(0, 0), size);
    p.fillRect(page, Qt::white);
    const QRectF margins = page.adjusted(20 * unit, 20 * unit, -20 * unit, -20 * unit);
    const qreal blockHeight = 110 * unit;
    const QRectF drawing = margins.adjusted(0, 0, 0, -(blockHeight + 30 * unit));
    // Fit the plan, keeping its proportions.
    const qreal scale = std::min(drawing.width() / source.width(), drawing.height() / source.height());
    const QSizeF fitted = source.size() * scale;
    const QRectF target(drawing.topLeft() + QPointF((drawing.width() - fitted.width()) / 2, 0), fitted);
    scene.render(&p, target, source, Qt::KeepAspectRatio);
    QFont font = p.font();
    font.setPixelSize(std::max(1, int(11 * unit)));
    p.setFont(font);
    drawScaleBar(p, target, scale * HallScene::kUnitsPerMetre, unit);
    const QRectF box(margins.right() - 520 * unit, margins.bottom() - blockHeight, 520 * unit, blockHeight);
    drawTitleBlock(p, box, block, unit);
}

} // namespace

void writePlan(QGraphicsScene &scene, const QRectF &sourceRect, const PlanTitleBlock &block, const QString &path)
{
    const std::string file = QFile::encodeName(path).toStdString();
    QRectF source = sourceRect.isEmpty() ? scene.itemsBoundingRect() : sourceRect;
    if (source.isEmpty())
        throw std::runtime_error(PlanText::tr("%1: the plan is empty; nothing to export").arg(path).toStdString());
    source.adjust(-source.width() * 0.02, -source.height() * 0.02, source.width() * 0.02, source.height() * 0.02);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        const QSize size(1600, 1131); // A-series proportions, as the PDF
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(block.title);
        svg.setDescription(PlanText::tr("Hall plan: %1").arg(block.summary));
        QPainter p(&svg);
        drawPage(p, scene, source, block, size);
    } else if (path.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive)) {
        QPdfWriter pdf(&buffer);
        pdf.setPageSize(QPageSize(QPageSize::A3));
        pdf.setPageOrientation(QPageLayout::Landscape);
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setResolution(300);
        pdf.setTitle(block.title);
        pdf.setCreator(QStringLiteral("Cluster Planner"));
        QPainter p(&pdf);
        drawPage(p, scene, source, block, QSizeF(pdf.width(), pdf.height()));
    } else {
        throw std::runtime_error(PlanText::tr("%1: a plan is exported as .svg or .pdf").arg(path).toStdString());
    }
    buffer.close();
    writeOutputFile(file, buffer.data().toStdString());
}

} // namespace cp::gui
