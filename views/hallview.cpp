#include "hallview.h"

#include "design.h"
#include "facilityitem.h"
#include "hallscene.h"
#include "legendwidget.h"
#include "rackitem.h"

#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include <cmath>

namespace cp::gui {

namespace {

// Zoom range in device pixels per metre: from a whole gigawatt campus to a single rack unit.
constexpr qreal kMinPixelsPerMetre = 0.02;
constexpr qreal kMaxPixelsPerMetre = 600.0;

} // namespace

HallView::HallView(QWidget *parent)
    : QGraphicsView(parent)
    , mScene(new HallScene(this))
    , mLegend(new LegendWidget(this))
{
    setScene(mScene);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(RubberBandDrag);
    setRubberBandSelectionMode(Qt::IntersectsItemShape);
    // Zoom anchoring is done by hand in zoomBy(): AnchorUnderMouse uses the last mouse move,
    // not the wheel event's position.
    setTransformationAnchor(NoAnchor);
    setResizeAnchor(AnchorViewCenter);
    setViewportUpdateMode(SmartViewportUpdate);
    setFocusPolicy(Qt::StrongFocus);
    mLegend->raise();
}

void HallView::setDesign(const Design &design, const Catalog &catalog)
{
    mScene->setDesign(design, catalog);

    std::array<int, kRackCategoryCount> counts{};
    for (const RackItem *item : mScene->rackItems())
        ++counts[static_cast<int>(item->category())];
    mLegend->setTitle(tr("%1 · %2 × %3 m")
                          .arg(QString::fromStdString(design.hall.name), QLocale().toString(design.hall.widthM),
                               QLocale().toString(design.hall.depthM)));
    mLegend->setRackCounts(counts);
    mLegend->setUnitCounts(static_cast<int>(design.powerUnits.size()), static_cast<int>(design.coolingUnits.size()));
    placeLegend();
    fitToView();
}

qreal HallView::pixelsPerMetre() const
{
    return transform().m11() * HallScene::kUnitsPerMetre * devicePixelRatioF();
}

void HallView::fitToView()
{
    mFollowFit = true;
    const QRectF content = mScene->contentRect();
    if (content.isEmpty())
        return;
    // Leave the band on the left the legend covers, so the legend hides no rack after a fit.
    const QRect area = viewport()->rect();
    const int legendBand = mLegend->isHidden() ? 0 : mLegend->sizeHint().width() + 16;
    const qreal pad = 12.0;
    const qreal availW = std::max(40.0, area.width() - legendBand - 2 * pad);
    const qreal availH = std::max(40.0, area.height() - 2 * pad);
    qreal s = std::min(availW / content.width(), availH / content.height());
    s = std::clamp(s, kMinPixelsPerMetre / HallScene::kUnitsPerMetre, kMaxPixelsPerMetre / HallScene::kUnitsPerMetre);
    setTransform(QTransform::fromScale(s, s));
    // Centre the content in the free area: shift the view centre left by half the band.
    centerOn(content.center() - QPointF(legendBand / 2.0 / s, 0.0));
    scaleChanged();
}

void HallView::zoomIn()
{
    zoomBy(1.25, QRectF(viewport()->rect()).center());
}

void HallView::zoomOut()
{
    zoomBy(1.0 / 1.25, QRectF(viewport()->rect()).center());
}

void HallView::zoomBy(qreal factor, const QPointF &anchor)
{
    const qreal current = transform().m11() * HallScene::kUnitsPerMetre;
    const qreal target = std::clamp(current * factor, kMinPixelsPerMetre, kMaxPixelsPerMetre);
    if (qFuzzyCompare(target, current))
        return;
    mFollowFit = false;
    const QPointF sceneAnchor = mapToScene(anchor.toPoint());
    scale(target / current, target / current);
    // Scroll so the anchor's scene point is back under the anchor.
    const QPointF moved = mapFromScene(sceneAnchor) - anchor;
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() + qRound(moved.x()));
    verticalScrollBar()->setValue(verticalScrollBar()->value() + qRound(moved.y()));
    scaleChanged();
}

void HallView::scaleChanged()
{
    mLegend->setPixelsPerMetre(transform().m11() * HallScene::kUnitsPerMetre);
    Q_EMIT zoomChanged(pixelsPerMetre());
}

void HallView::wheelEvent(QWheelEvent *event)
{
    // Ctrl+wheel and plain wheel both zoom, as in map and CAD editors; 120 units = one notch.
    const int delta = event->angleDelta().y() != 0 ? event->angleDelta().y() : event->angleDelta().x();
    if (delta == 0) {
        event->ignore();
        return;
    }
    zoomBy(std::pow(1.2, delta / 120.0), event->position());
    event->accept();
}

void HallView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::MiddleButton) {
        mMiddlePanning = true;
        mFollowFit = false;
        mLastPanPos = event->position().toPoint();
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    if (mSpacePan)
        mFollowFit = false;
    QGraphicsView::mousePressEvent(event);
}

void HallView::mouseMoveEvent(QMouseEvent *event)
{
    if (mMiddlePanning) {
        const QPoint pos = event->position().toPoint();
        const QPoint delta = pos - mLastPanPos;
        mLastPanPos = pos;
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void HallView::mouseReleaseEvent(QMouseEvent *event)
{
    if (mMiddlePanning && event->button() == Qt::MiddleButton) {
        mMiddlePanning = false;
        viewport()->unsetCursor();
        event->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void HallView::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space) {
        if (!event->isAutoRepeat())
            setSpacePan(true);
        event->accept();
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void HallView::keyReleaseEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space) {
        if (!event->isAutoRepeat())
            setSpacePan(false);
        event->accept();
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

void HallView::focusOutEvent(QFocusEvent *event)
{
    // A space released while another widget has focus must not leave the view in pan mode.
    setSpacePan(false);
    QGraphicsView::focusOutEvent(event);
}

void HallView::setSpacePan(bool on)
{
    if (mSpacePan == on)
        return;
    mSpacePan = on;
    // Non-interactive while panning, so a drag that starts on a rack pans instead of selecting.
    setInteractive(!on);
    setDragMode(on ? ScrollHandDrag : RubberBandDrag);
}

void HallView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    placeLegend();
    if (mFollowFit)
        fitToView();
}

void HallView::showEvent(QShowEvent *event)
{
    QGraphicsView::showEvent(event);
    placeLegend();
    if (mFollowFit)
        fitToView();
}

void HallView::placeLegend()
{
    mLegend->adjustSize();
    const QRect area = viewport()->geometry();
    mLegend->move(area.left() + 10, area.top() + 10);
}

} // namespace cp::gui
