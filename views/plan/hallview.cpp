#include "views/plan/hallview.h"

#include "model/core/catalog.h"
#include "views/session/commands.h"
#include "model/core/design.h"
#include "model/edit/designedit.h"
#include "model/io/designjson.h"
#include "views/session/document.h"
#include "views/plan/items/facilityitem.h"
#include "views/plan/hallscene.h"
#include "views/plan/legendwidget.h"
#include "views/plan/items/rackitem.h"

#include <QApplication>
#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QRubberBand>
#include <QScrollBar>
#include <QStyle>
#include <QStyleOption>
#include <QStyleOptionGraphicsItem>
#include <QUndoStack>
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
    setAcceptDrops(true);
    mLegend->raise();
}

void HallView::setDocument(Document *document)
{
    if (mDocument)
        mDocument->disconnect(this);
    mDocument = document;
    if (!mDocument)
        return;
    connect(mDocument, &QObject::destroyed, this, [this] { mDocument = nullptr; });
    connect(mDocument, &Document::patchApplied, this, [this](const DesignPatch &patch, bool reverted) {
        finishDrag(false);
        mScene->applyPatch(patch, reverted, mDocument->design(), mDocument->catalog());
        if (mFeedIndex >= 0 && !feedUnit()) {
            mFeedIndex = -1;
            mScene->clearActiveFeedUnit();
        }
    });
    connect(mDocument, &Document::resetDone, this, [this] {
        mFeedIndex = -1;
        mScene->clearActiveFeedUnit();
    });
}

void HallView::setDesign(const Design &design, const Catalog &catalog)
{
    finishDrag(false);
    mFeedIndex = -1;
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

void HallView::setOverviewEnabled(bool on)
{
    if (on == mOverviewEnabled)
        return;
    mOverviewEnabled = on;
    viewport()->update();
}

bool HallView::isOverview() const
{
    return mOverviewEnabled && mScene->isOverview(QStyleOptionGraphicsItem::levelOfDetailFromTransform(transform()));
}

void HallView::paintEvent(QPaintEvent *event)
{
    if (!isOverview()) {
        QGraphicsView::paintEvent(event);
        return;
    }
    // Zoomed far out: the scene paints racks and units batched by colour; background,
    // foreground and the rubber band as QGraphicsView paints them.
    QPainter painter(viewport());
    painter.setRenderHints(renderHints());
    painter.setClipRegion(event->region());
    const QRectF exposed = mapToScene(event->rect().adjusted(-2, -2, 2, 2)).boundingRect();
    painter.setWorldTransform(viewportTransform());
    drawBackground(&painter, exposed);
    mScene->drawOverview(&painter, exposed, QStyleOptionGraphicsItem::levelOfDetailFromTransform(transform()));
    drawForeground(&painter, exposed);

    if (dragMode() == RubberBandDrag && !rubberBandRect().isEmpty()) {
        painter.resetTransform();
        QStyleOptionRubberBand option;
        option.initFrom(viewport());
        option.rect = rubberBandRect();
        option.shape = QRubberBand::Rectangle;
        QStyleHintReturnMask mask;
        if (viewport()->style()->styleHint(QStyle::SH_RubberBand_Mask, &option, viewport(), &mask))
            painter.setClipRegion(mask.region, Qt::IntersectClip);
        viewport()->style()->drawControl(QStyle::CE_RubberBand, &option, &painter, viewport());
    }
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
    if (mSpacePan) {
        mFollowFit = false;
        QGraphicsView::mousePressEvent(event);
        return;
    }
    if (mTool == Tool::Feed && event->button() == Qt::LeftButton) {
        feedClick(editableItemAt(event->position().toPoint()));
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
    // A press on a selected rack or unit may start a drag of the whole selection.
    mPressOnSelection = false;
    if (mDocument && event->button() == Qt::LeftButton && !(event->modifiers() & (Qt::ControlModifier | Qt::ShiftModifier))) {
        QGraphicsItem *item = editableItemAt(event->position().toPoint());
        if (item && item->isSelected() && (item->type() == RackItem::Type || item->type() == FacilityItem::Type)) {
            mPressOnSelection = true;
            mPressScenePos = mapToScene(event->position().toPoint());
            mPressViewPos = event->position().toPoint();
        }
    }
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
    if (mPressOnSelection && (event->buttons() & Qt::LeftButton)) {
        const QPoint pos = event->position().toPoint();
        if (!mDragging && (pos - mPressViewPos).manhattanLength() >= QApplication::startDragDistance()) {
            mDragging = true;
            mDragItems.clear();
            mDragStart.clear();
            for (QGraphicsItem *item : mScene->selectedItems()) {
                if (item->type() == RackItem::Type || item->type() == FacilityItem::Type) {
                    mDragItems.push_back(item);
                    mDragStart.push_back(item->pos());
                }
            }
            viewport()->setCursor(Qt::SizeAllCursor);
        }
        if (mDragging) {
            // The whole selection moves by whole grid steps, so racks stay on the grid.
            const QPointF deltaM = HallScene::toMetres(mapToScene(pos) - mPressScenePos);
            const double grid = mScene->gridM();
            mDragDelta = QPointF(snapToGrid(deltaM.x(), grid), snapToGrid(deltaM.y(), grid));
            const QPointF deltaScene = mDragDelta * HallScene::kUnitsPerMetre;
            for (int i = 0; i < mDragItems.size(); ++i)
                mDragItems[i]->setPos(mDragStart[i] + deltaScene);
            event->accept();
            return;
        }
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
    if (mDragging && event->button() == Qt::LeftButton)
        finishDrag(true);
    mPressOnSelection = false;
    QGraphicsView::mouseReleaseEvent(event);
}

void HallView::finishDrag(bool commit)
{
    if (!mDragging)
        return;
    mDragging = false;
    mPressOnSelection = false;
    viewport()->unsetCursor();
    // Items go back to where the design has them; the command (if any) moves them for good.
    const QVector<QGraphicsItem *> items = std::exchange(mDragItems, {});
    const QVector<QPointF> start = std::exchange(mDragStart, {});
    for (int i = 0; i < items.size(); ++i)
        items[i]->setPos(start[i]);
    if (!commit || !mDocument || mDragDelta.isNull())
        return;
    push(moveBy(mDocument->design(), selection(), mDragDelta.x(), mDragDelta.y()), tr("Move"), true);
}

void HallView::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space) {
        if (!event->isAutoRepeat())
            setSpacePan(true);
        event->accept();
        return;
    }
    // The plain keys of the plan (the Edit and View menus show them too).
    if (!(event->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))) {
        switch (event->key()) {
        case Qt::Key_Plus:
        case Qt::Key_Equal:
            zoomIn();
            return;
        case Qt::Key_Minus:
            zoomOut();
            return;
        case Qt::Key_F:
            fitToView();
            return;
        case Qt::Key_R:
            rotateSelection();
            return;
        case Qt::Key_Delete:
        case Qt::Key_Backspace:
            deleteSelection();
            return;
        case Qt::Key_Escape:
            if (mDragging) {
                finishDrag(false);
                return;
            }
            if (mTool != Tool::Select) {
                setTool(Tool::Select);
                return;
            }
            break;
        case Qt::Key_Left:
        case Qt::Key_Right:
        case Qt::Key_Up:
        case Qt::Key_Down: {
            // Arrow keys pan by a tenth of the view (the scroll bars would move by a pixel).
            const int stepX = viewport()->width() / 10, stepY = viewport()->height() / 10;
            QScrollBar *h = horizontalScrollBar();
            QScrollBar *v = verticalScrollBar();
            mFollowFit = false;
            if (event->key() == Qt::Key_Left)
                h->setValue(h->value() - stepX);
            else if (event->key() == Qt::Key_Right)
                h->setValue(h->value() + stepX);
            else if (event->key() == Qt::Key_Up)
                v->setValue(v->value() - stepY);
            else
                v->setValue(v->value() + stepY);
            return;
        }
        default:
            break;
        }
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
    setDragMode(on ? ScrollHandDrag : (mTool == Tool::Select ? RubberBandDrag : NoDrag));
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

// ---- Selection -----------------------------------------------------------------------------
// The edits are in hallviewedits.cpp, the feed tool and stamping in hallviewtools.cpp.

namespace {

std::vector<int> toStd(const QVector<int> &v)
{
    return std::vector<int>(v.begin(), v.end());
}

} // namespace

QGraphicsItem *HallView::editableItemAt(const QPoint &viewPos) const
{
    for (QGraphicsItem *item : items(viewPos))
        if (item->type() == RackItem::Type || item->type() == FacilityItem::Type)
            return item;
    return nullptr;
}

Selection HallView::selection() const
{
    Selection s;
    s.racks = toStd(mScene->selectedRackIndexes());
    s.powerUnits = toStd(mScene->selectedUnitIndexes(true));
    s.coolingUnits = toStd(mScene->selectedUnitIndexes(false));
    return s;
}

void HallView::selectRacks(const QVector<int> &rackIndexes)
{
    // One selectionChanged() for the whole set, not one per rack.
    QSignalBlocker blocker(mScene);
    mScene->clearSelection();
    const auto &items = mScene->rackItems();
    for (int index : rackIndexes)
        if (index >= 0 && index < items.size())
            items[index]->setSelected(true);
    blocker.unblock();
    Q_EMIT mScene->selectionChanged();
}

void HallView::selectParts(const QVector<int> &racks, const QVector<int> &powerUnits,
                           const QVector<int> &coolingUnits)
{
    QSignalBlocker blocker(mScene);
    mScene->clearSelection();
    auto mark = [](const auto &items, const QVector<int> &indexes) {
        for (int index : indexes)
            if (index >= 0 && index < items.size())
                items[index]->setSelected(true);
    };
    mark(mScene->rackItems(), racks);
    mark(mScene->powerItems(), powerUnits);
    mark(mScene->coolingItems(), coolingUnits);
    blocker.unblock();
    Q_EMIT mScene->selectionChanged();
}

void HallView::centreOnRack(int rackIndex)
{
    const auto &items = mScene->rackItems();
    if (rackIndex < 0 || rackIndex >= items.size())
        return;
    mFollowFit = false;
    // Close enough to read the rack's id, never zooming out to get there.
    const qreal wanted = 40.0 * devicePixelRatioF();
    if (pixelsPerMetre() < wanted)
        zoomBy(wanted / pixelsPerMetre(), QRectF(viewport()->rect()).center());
    centerOn(items[rackIndex]);
}

void HallView::selectUnit(const QString &unitId)
{
    FacilityItem *item = mScene->unitItem(unitId);
    if (!item)
        return;
    mScene->clearSelection();
    item->setSelected(true);
    mFollowFit = false;
    centerOn(item);
}

void HallView::report(const QString &message, bool error)
{
    mLastError = error ? message : QString();
    Q_EMIT statusMessage(message);
}

} // namespace cp::gui
