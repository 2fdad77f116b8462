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
#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QKeyEvent>
#include <QLocale>
#include <QMimeData>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QRubberBand>
#include <QScrollBar>
#include <QSpinBox>
#include <QStyle>
#include <QStyleOption>
#include <QStyleOptionGraphicsItem>
#include <QUndoStack>
#include <QWheelEvent>

#include <nlohmann/json.hpp>

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

// ---- Editing -------------------------------------------------------------------------------

namespace {

std::vector<int> toStd(const QVector<int> &v)
{
    return std::vector<int>(v.begin(), v.end());
}

QString partLabel(const CatalogEntry &entry)
{
    return QString::fromStdString(entry.name.empty() ? entry.id : entry.name);
}

} // namespace

QGraphicsItem *HallView::editableItemAt(const QPoint &viewPos) const
{
    for (QGraphicsItem *item : items(viewPos))
        if (item->type() == RackItem::Type || item->type() == FacilityItem::Type)
            return item;
    return nullptr;
}

void HallView::setTool(Tool tool)
{
    if (tool == mTool)
        return;
    finishDrag(false);
    mTool = tool;
    mFeedIndex = -1;
    mScene->clearActiveFeedUnit();
    setDragMode(tool == Tool::Select && !mSpacePan ? RubberBandDrag : NoDrag);
    if (tool == Tool::Feed) {
        viewport()->setCursor(Qt::CrossCursor);
        report(tr("Feed: click a power or cooling unit, then the racks it feeds (click again to disconnect). Esc ends."),
               false);
    } else {
        viewport()->unsetCursor();
    }
    Q_EMIT toolChanged(tool);
}

FacilityItem *HallView::feedUnit() const
{
    const QVector<FacilityItem *> &items = mFeedPower ? mScene->powerItems() : mScene->coolingItems();
    return mFeedIndex >= 0 && mFeedIndex < items.size() ? items[mFeedIndex] : nullptr;
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

bool HallView::push(Edit &&edit, const QString &text, bool move)
{
    if (!mDocument)
        return false;
    QString error;
    if (!pushEdit(mDocument, std::move(edit), text, &error, move ? CommandId::Move : CommandId::None)) {
        report(tr("%1 refused: %2").arg(text, error), true);
        return false;
    }
    mLastError.clear();
    return true;
}

void HallView::selectAppended(int racksBefore, int powerBefore, int coolingBefore)
{
    QSignalBlocker blocker(mScene);
    mScene->clearSelection();
    for (int i = racksBefore; i < mScene->rackItems().size(); ++i)
        mScene->rackItems()[i]->setSelected(true);
    for (int i = powerBefore; i < mScene->powerItems().size(); ++i)
        mScene->powerItems()[i]->setSelected(true);
    for (int i = coolingBefore; i < mScene->coolingItems().size(); ++i)
        mScene->coolingItems()[i]->setSelected(true);
    blocker.unblock();
    Q_EMIT mScene->selectionChanged();
}

bool HallView::dropPart(const QString &catalogId, const QPointF &scenePos)
{
    if (!mDocument) {
        report(tr("This plan is read-only."), true);
        return false;
    }
    const Design &design = mDocument->design();
    const Catalog &catalog = mDocument->catalog();
    const CatalogEntry *entry = catalog.find(catalogId.toStdString());
    if (!entry) {
        report(tr("Unknown catalog id “%1”.").arg(catalogId), true);
        return false;
    }
    const QPointF m = HallScene::toMetres(scenePos);
    const Point at{m.x(), m.y()};
    const int racks = static_cast<int>(design.racks.size());
    const int power = static_cast<int>(design.powerUnits.size());
    const int cooling = static_cast<int>(design.coolingUnits.size());
    if (entry->kind == PartKind::Rack) {
        if (!push(addRack(design, catalog, entry->id, at), tr("Place %1").arg(partLabel(*entry))))
            return false;
        selectAppended(racks, power, cooling);
        report(tr("Placed rack %1.").arg(QString::fromStdString(mDocument->design().racks.back().id)), false);
        return true;
    }
    if (isPowerKind(entry->kind) || isCoolingKind(entry->kind)) {
        if (!push(addUnit(design, catalog, entry->id, at), tr("Place %1").arg(partLabel(*entry))))
            return false;
        selectAppended(racks, power, cooling);
        report(tr("Placed %1; connect it to racks with the feed tool.").arg(partLabel(*entry)), false);
        return true;
    }
    if (isMountableKind(entry->kind)) {
        RackItem *target = nullptr;
        for (QGraphicsItem *item : mScene->items(scenePos))
            if (item->type() == RackItem::Type) {
                target = static_cast<RackItem *>(item);
                break;
            }
        if (!target) {
            report(tr("Drop %1 onto a rack to mount it.").arg(partLabel(*entry)), true);
            return false;
        }
        const int index = target->rackIndex();
        if (!push(mountPart(design, catalog, index, entry->id), tr("Mount %1").arg(partLabel(*entry))))
            return false;
        report(tr("Mounted %1 in rack %2.").arg(partLabel(*entry), target->id()), false);
        return true;
    }
    report(tr("A %1 is not placed on the plan; it is part of a server or the fabric settings.")
               .arg(QString::fromLatin1(partKindName(entry->kind))),
           true);
    return false;
}

void HallView::dragEnterEvent(QDragEnterEvent *event)
{
    if (mDocument && event->mimeData()->hasFormat(QLatin1String(kPartMimeType)))
        event->acceptProposedAction();
    else
        event->ignore();
}

void HallView::dragMoveEvent(QDragMoveEvent *event)
{
    if (mDocument && event->mimeData()->hasFormat(QLatin1String(kPartMimeType)))
        event->acceptProposedAction();
    else
        event->ignore();
}

void HallView::dragLeaveEvent(QDragLeaveEvent *event)
{
    event->accept();
}

void HallView::dropEvent(QDropEvent *event)
{
    if (!event->mimeData()->hasFormat(QLatin1String(kPartMimeType))) {
        event->ignore();
        return;
    }
    const QString id = QString::fromUtf8(event->mimeData()->data(QLatin1String(kPartMimeType)));
    if (dropPart(id, mapToScene(event->position().toPoint())))
        event->acceptProposedAction();
    else
        event->ignore();
}

void HallView::rotateSelection()
{
    if (mDocument)
        push(rotateBy(mDocument->design(), selection(), 90.0), tr("Rotate"));
}

void HallView::deleteSelection()
{
    if (!mDocument)
        return;
    const Selection s = selection();
    const size_t count = s.racks.size() + s.powerUnits.size() + s.coolingUnits.size();
    if (push(remove(mDocument->design(), s), tr("Delete %n item(s)", nullptr, static_cast<int>(count))))
        report(tr("Deleted %n item(s).", nullptr, static_cast<int>(count)), false);
}

QMimeData *HallView::selectionMimeData() const
{
    if (!mDocument)
        return nullptr;
    const Selection s = selection();
    if (s.empty())
        return nullptr;
    const Design &design = mDocument->design();
    Design part = settingsOf(design);
    for (int i : s.racks)
        part.racks.push_back(design.racks[static_cast<size_t>(i)]);
    for (int i : s.powerUnits)
        part.powerUnits.push_back(design.powerUnits[static_cast<size_t>(i)]);
    for (int i : s.coolingUnits)
        part.coolingUnits.push_back(design.coolingUnits[static_cast<size_t>(i)]);
    auto *mime = new QMimeData;
    const QByteArray json = QByteArray::fromStdString(designToJson(part).dump());
    mime->setData(QLatin1String(kSelectionMimeType), json);
    QStringList ids;
    for (const Rack &r : part.racks)
        ids << QString::fromStdString(r.id);
    for (const auto *list : {&part.powerUnits, &part.coolingUnits})
        for (const FacilityUnit &u : *list)
            ids << QString::fromStdString(u.id);
    mime->setText(ids.join(QLatin1Char('\n')));
    return mime;
}

void HallView::copySelection()
{
    QMimeData *mime = selectionMimeData();
    if (!mime) {
        report(tr("Nothing selected to copy."), true);
        return;
    }
    QApplication::clipboard()->setMimeData(mime);
    report(tr("Copied."), false);
}

void HallView::cutSelection()
{
    QMimeData *mime = selectionMimeData();
    if (!mime) {
        report(tr("Nothing selected to cut."), true);
        return;
    }
    QApplication::clipboard()->setMimeData(mime);
    if (push(remove(mDocument->design(), selection()), tr("Cut")))
        report(tr("Cut."), false);
}

QPointF HallView::pastePoint() const
{
    const QPoint cursor = viewport()->mapFromGlobal(QCursor::pos());
    const QPointF scene = viewport()->rect().contains(cursor) ? mapToScene(cursor)
                                                              : mapToScene(viewport()->rect().center());
    return HallScene::toMetres(scene);
}

void HallView::paste()
{
    if (!mDocument)
        return;
    const QMimeData *mime = QApplication::clipboard()->mimeData();
    if (!mime || !mime->hasFormat(QLatin1String(kSelectionMimeType))) {
        report(tr("The clipboard holds no racks or units."), true);
        return;
    }
    Design part;
    try {
        part = designFromJsonText(mime->data(QLatin1String(kSelectionMimeType)).toStdString(), "clipboard");
    } catch (const std::exception &e) {
        report(tr("Cannot paste: %1").arg(QString::fromLocal8Bit(e.what())), true);
        return;
    }
    const Design &design = mDocument->design();
    const int racks = static_cast<int>(design.racks.size());
    const int power = static_cast<int>(design.powerUnits.size());
    const int cooling = static_cast<int>(design.coolingUnits.size());
    const QPointF at = pastePoint();
    if (push(cp::paste(design, mDocument->catalog(), part.racks, part.powerUnits, part.coolingUnits, {at.x(), at.y()}),
             tr("Paste")))
        selectAppended(racks, power, cooling);
}

void HallView::duplicateSelection()
{
    if (!mDocument)
        return;
    const Design &design = mDocument->design();
    const int racks = static_cast<int>(design.racks.size());
    const int power = static_cast<int>(design.powerUnits.size());
    const int cooling = static_cast<int>(design.coolingUnits.size());
    // One grid step down and right, so the copy is visibly apart and still on the grid.
    const double step = std::max(design.hall.gridM, 0.6);
    if (push(duplicate(design, selection(), step, step), tr("Duplicate")))
        selectAppended(racks, power, cooling);
}

void HallView::selectAll()
{
    QSignalBlocker blocker(mScene);
    for (RackItem *item : mScene->rackItems())
        item->setSelected(true);
    for (FacilityItem *item : mScene->powerItems())
        item->setSelected(true);
    for (FacilityItem *item : mScene->coolingItems())
        item->setSelected(true);
    blocker.unblock();
    Q_EMIT mScene->selectionChanged();
}

bool HallView::stampSelection(int copies, double dxM, double dyM)
{
    if (!mDocument)
        return false;
    const Design &design = mDocument->design();
    const int racks = static_cast<int>(design.racks.size());
    const int power = static_cast<int>(design.powerUnits.size());
    const int cooling = static_cast<int>(design.coolingUnits.size());
    if (!push(stamp(design, selection(), copies, dxM, dyM), tr("Stamp %n copies", nullptr, copies)))
        return false;
    selectAppended(racks, power, cooling);
    report(tr("Stamped %n copies.", nullptr, copies), false);
    return true;
}

void HallView::stampDialog()
{
    if (!mDocument)
        return;
    const Selection s = selection();
    if (s.empty()) {
        report(tr("Select a row or a pod to stamp first."), true);
        return;
    }
    // Default spacing: the selection's depth plus a 1.2 m aisle, so a row repeats as the next row.
    QRectF bounds;
    for (QGraphicsItem *item : mScene->selectedItems())
        bounds = bounds.united(item->sceneBoundingRect());
    const QRectF m(HallScene::toMetres(bounds.topLeft()), HallScene::toMetres(bounds.bottomRight()));
    const double grid = std::max(mDocument->design().hall.gridM, 0.01);

    QDialog dialog(this);
    dialog.setWindowTitle(tr("Stamp Selection"));
    auto *copies = new QSpinBox;
    copies->setObjectName(QStringLiteral("stampCopies"));
    copies->setRange(1, 1000);
    copies->setValue(3);
    auto *dx = new QDoubleSpinBox;
    dx->setObjectName(QStringLiteral("stampDx"));
    dx->setRange(-5000, 5000);
    dx->setDecimals(2);
    dx->setSingleStep(grid);
    dx->setSuffix(tr(" m"));
    dx->setValue(m.width() > 3 * m.height() ? 0.0 : snapToGrid(m.width() + 1.2, grid));
    auto *dy = new QDoubleSpinBox;
    dy->setObjectName(QStringLiteral("stampDy"));
    dy->setRange(-5000, 5000);
    dy->setDecimals(2);
    dy->setSingleStep(grid);
    dy->setSuffix(tr(" m"));
    dy->setValue(m.width() > 3 * m.height() ? snapToGrid(m.height() + 1.2, grid) : 0.0);
    auto *form = new QFormLayout(&dialog);
    form->addRow(tr("Copies:"), copies);
    form->addRow(tr("Spacing across (x):"), dx);
    form->addRow(tr("Spacing down (y):"), dy);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (dialog.exec() == QDialog::Accepted)
        stampSelection(copies->value(), dx->value(), dy->value());
}

void HallView::autoAssignFeeds()
{
    if (!mDocument)
        return;
    if (push(autoAssignNearest(mDocument->design()), tr("Auto-assign feeds")))
        report(tr("Every rack without a feed now has its nearest power and cooling unit."), false);
}

void HallView::feedClick(QGraphicsItem *item)
{
    if (!mDocument)
        return;
    if (item && item->type() == FacilityItem::Type) {
        auto *unit = static_cast<FacilityItem *>(item);
        mFeedPower = unit->kind() == FacilityItem::Kind::Power;
        mFeedIndex = unit->unitIndex();
        mScene->clearSelection();
        mScene->setActiveFeedUnit(mFeedPower, mFeedIndex);
        report(tr("Feeding from %1: click racks to connect or disconnect them.").arg(unit->id()), false);
        return;
    }
    if (!item || item->type() != RackItem::Type)
        return;
    const auto *rack = static_cast<RackItem *>(item);
    FacilityItem *unit = feedUnit();
    if (!unit) {
        report(tr("Click a power or cooling unit first."), true);
        return;
    }
    const Design &design = mDocument->design();
    const FacilityUnit &u = (mFeedPower ? design.powerUnits : design.coolingUnits)[static_cast<size_t>(mFeedIndex)];
    const bool fed = std::find(u.serves.begin(), u.serves.end(), rack->id().toStdString()) != u.serves.end();
    if (fed) {
        if (push(unfeed(design, mFeedPower, mFeedIndex, {rack->rackIndex()}), tr("Disconnect %1").arg(rack->id())))
            report(tr("%1 no longer feeds %2.").arg(unit->id(), rack->id()), false);
    } else if (push(feed(design, mFeedPower, mFeedIndex, {rack->rackIndex()}), tr("Feed %1").arg(rack->id()))) {
        report(tr("%1 now feeds %2.").arg(unit->id(), rack->id()), false);
    }
}

} // namespace cp::gui
