// The hall plan's edits: parts dropped from the palette, rotate, delete, the clipboard
// (copy, cut, paste as design JSON), duplicate and select all; each edit one undo command.

#include "views/plan/hallview.h"

#include "model/core/footprint.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/edit/designedit.h"
#include "model/io/designjson.h"
#include "views/plan/hallscene.h"
#include "views/plan/items/facilityitem.h"
#include "views/plan/items/rackitem.h"
#include "views/session/commands.h"
#include "views/session/document.h"

#include <QApplication>
#include <QClipboard>
#include <QCursor>
#include <QDragEnterEvent>
#include <QDragMoveEvent>
#include <QDropEvent>
#include <QMimeData>

#include <nlohmann/json.hpp>

namespace cp::gui {

namespace {

QString partLabel(const CatalogEntry &entry)
{
    return QString::fromStdString(entry.name.empty() ? entry.id : entry.name);
}

} // namespace

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
    // On the grid, at the nearest place where the copied racks stand on free floor in the hall
    // (one grid step down and right when that is free), never into their neighbours.
    const double step = std::max(design.hall.gridM, 0.6);
    const Selection s = selection();
    std::vector<size_t> chosen;
    for (int i : s.racks)
        chosen.push_back(static_cast<size_t>(i));
    const auto [dx, dy] = chosen.empty() ? std::pair{step, step}
                                         : freeCopyOffset(design, mDocument->catalog(), chosen, step);
    if (push(duplicate(design, s, dx, dy), tr("Duplicate")))
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

} // namespace cp::gui
