// The hall plan's tools: the feed tool (a unit, then the racks it feeds), automatic feeds, and
// stamping copies of the selection at a step, and the right click that asks for the plan's menu.

#include "views/plan/hallview.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/edit/designedit.h"
#include "views/plan/hallscene.h"
#include "views/plan/items/facilityitem.h"
#include "views/plan/items/rackitem.h"
#include "views/session/commands.h"
#include "views/session/document.h"

#include <QContextMenuEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSpinBox>

namespace cp::gui {

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

void HallView::contextMenuEvent(QContextMenuEvent *event)
{
    if (!mDocument || mTool != Tool::Select) {
        event->ignore();
        return;
    }
    // As in every editor: a right click on a part outside the selection selects it alone; on a
    // selected part the selection stays (the menu acts on all of it); on the floor it stays too.
    if (QGraphicsItem *item = editableItemAt(event->pos()); item && !item->isSelected()) {
        mScene->clearSelection();
        item->setSelected(true);
    }
    event->accept();
    Q_EMIT contextMenuRequested(event->globalPos());
}

bool HallView::feedSelection(bool power, int unitIndex)
{
    if (!mDocument)
        return false;
    const Selection s = selection();
    const Design &design = mDocument->design();
    const auto &units = power ? design.powerUnits : design.coolingUnits;
    if (unitIndex < 0 || unitIndex >= int(units.size()))
        return false;
    if (s.racks.empty()) {
        report(tr("Select the racks to feed first."), true);
        return false;
    }
    const QString unit = QString::fromStdString(units[size_t(unitIndex)].id);
    if (!push(feed(design, power, unitIndex, s.racks), tr("Feed %n rack(s) from %1", nullptr, int(s.racks.size())).arg(unit)))
        return false;
    report(tr("%1 now feeds the %n selected rack(s).", nullptr, int(s.racks.size())).arg(unit), false);
    return true;
}

} // namespace cp::gui
