#include "views/plan/hallscene.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/edit/designedit.h"
#include "views/plan/items/facilityitem.h"
#include "views/plan/items/feedlinesitem.h"
#include "views/plan/items/hallflooritem.h"
#include "views/plan/items/rackcategory.h"
#include "views/plan/items/rackitem.h"

#include <QPainter>
#include <QTransform>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>
#include <map>

namespace cp::gui {

namespace {

// Units are symbols, not footprints: small enough that neighbours placed at rack pitch stay apart.
constexpr qreal kUnitSymbolM = 0.45;

/// Share of a rack's height units its contents occupy.
qreal rackFill(const Rack &rack, const Catalog &catalog, int heightU)
{
    if (heightU <= 0)
        return 0.0;
    int used = 0;
    for (const Mount &mount : rack.contents) {
        const CatalogEntry *entry = catalog.find(mount.catalogId);
        used += std::max(1, entry ? static_cast<int>(entry->figure("height_u", 1.0)) : 1) * mount.count;
    }
    return std::min<qreal>(1.0, qreal(used) / heightU);
}

} // namespace

HallScene::HallScene(QObject *parent)
    : QGraphicsScene(parent)
{
    // Hit tests and exposure go through the BSP index; an edit moves few items, and a drag
    // moves only the selection.
    setItemIndexMethod(BspTreeIndex);
    setBackgroundBrush(QColor(0xEE, 0xEF, 0xF1));
    connect(this, &QGraphicsScene::selectionChanged, this, &HallScene::updateFeedLines);
}

HallScene::~HallScene()
{
    // QGraphicsScene deletes the items after this body; a selected item would emit
    // selectionChanged() into listeners that are already being torn down.
    blockSignals(true);
}

RackItem *HallScene::makeRackItem(int index, const Design &design, const Catalog &catalog)
{
    const Rack &rack = design.racks[static_cast<size_t>(index)];
    const RackGeometry geometry = rackGeometry(rack, catalog);
    const qreal k = kUnitsPerMetre;
    auto *item = new RackItem(index, QString::fromStdString(rack.id),
                              QSizeF(geometry.widthM * k, geometry.depthM * k), rackCategory(rack, catalog));
    item->setPos(toScene(rack.xM, rack.yM));
    item->setRotation(rack.rotationDeg);
    item->setFill(rackFill(rack, catalog, geometry.heightU));
    return item;
}

void HallScene::updateRackItem(RackItem *item, int index, const Design &design, const Catalog &catalog)
{
    const Rack &rack = design.racks[static_cast<size_t>(index)];
    const RackGeometry geometry = rackGeometry(rack, catalog);
    const qreal k = kUnitsPerMetre;
    item->setRackIndex(index);
    item->setId(QString::fromStdString(rack.id));
    item->setSize(QSizeF(geometry.widthM * k, geometry.depthM * k));
    item->setCategory(rackCategory(rack, catalog));
    item->setFill(rackFill(rack, catalog, geometry.heightU));
    item->setPos(toScene(rack.xM, rack.yM));
    item->setRotation(rack.rotationDeg);
}

FacilityItem *HallScene::makeUnitItem(bool power, int index, const Design &design)
{
    const FacilityUnit &unit = (power ? design.powerUnits : design.coolingUnits)[static_cast<size_t>(index)];
    auto *item = new FacilityItem(power ? FacilityItem::Kind::Power : FacilityItem::Kind::Cooling, index,
                                  QString::fromStdString(unit.id), kUnitSymbolM * kUnitsPerMetre);
    item->setPos(toScene(unit.xM, unit.yM));
    return item;
}

void HallScene::updateUnitItem(FacilityItem *item, int index, const Design &design, bool power)
{
    const FacilityUnit &unit = (power ? design.powerUnits : design.coolingUnits)[static_cast<size_t>(index)];
    item->setUnitIndex(index);
    item->setId(QString::fromStdString(unit.id));
    item->setPos(toScene(unit.xM, unit.yM));
}

void HallScene::setDesign(const Design &design, const Catalog &catalog)
{
    clearSelection();
    clear();
    mRackItems.clear();
    mPowerItems.clear();
    mCoolingItems.clear();
    mActiveUnit = -1;

    const qreal k = kUnitsPerMetre;
    mGridM = design.hall.gridM;
    mHallRect = QRectF(0, 0, std::max(design.hall.widthM, 1.0) * k, std::max(design.hall.depthM, 1.0) * k);
    mFloor = new HallFloorItem(mHallRect, design.hall.gridM * k);
    addItem(mFloor);
    mFeedLines = new FeedLinesItem;
    addItem(mFeedLines);

    mRackItems.reserve(static_cast<int>(design.racks.size()));
    for (size_t i = 0; i < design.racks.size(); ++i) {
        RackItem *item = makeRackItem(static_cast<int>(i), design, catalog);
        addItem(item);
        mRackItems.push_back(item);
    }
    for (bool power : {true, false}) {
        const auto &units = power ? design.powerUnits : design.coolingUnits;
        QVector<FacilityItem *> &items = power ? mPowerItems : mCoolingItems;
        items.reserve(static_cast<int>(units.size()));
        for (size_t i = 0; i < units.size(); ++i) {
            FacilityItem *item = makeUnitItem(power, static_cast<int>(i), design);
            addItem(item);
            items.push_back(item);
        }
    }
    updateDerived(design);
    applyOverlay();

    // Generous margins so the user can pan past the walls.
    const qreal margin = std::max(mContentRect.width(), mContentRect.height()) * 0.25 + 2 * k;
    setSceneRect(mContentRect.adjusted(-margin, -margin, margin, margin));
}

void HallScene::applyPatch(const DesignPatch &patch, bool reverted, const Design &design, const Catalog &catalog)
{
    // Deleting a selected item announces the selection at once, while the item lists still
    // hold it: hold the signal back until the lists match the design again.
    const qsizetype selectedBefore = selectedItems().size();
    {
        QSignalBlocker blocker(this);
        syncItems(patch, reverted, design, catalog);
    }
    if (selectedItems().size() != selectedBefore)
        Q_EMIT selectionChanged();
}

void HallScene::syncItems(const DesignPatch &patch, bool reverted, const Design &design, const Catalog &catalog)
{
    // The hall itself changed (size, grid): the floor is rebuilt with everything else.
    if (patch.settingsAfter && !(patch.settingsBefore->hall == patch.settingsAfter->hall)) {
        setDesign(design, catalog);
        return;
    }
    // Racks changed in place and racks added or removed in one patch do not occur in the
    // model's edits; should one come, rebuilding is always right.
    if (!patch.racks.changed.empty() && !patch.racks.changesOnly()) {
        const QRectF rect = sceneRect();
        setDesign(design, catalog);
        setSceneRect(sceneRect().united(rect));
        return;
    }

    // Seen from the items as they are now: on undo, inserts go and removals come back.
    const auto syncList = [&](const auto &list, auto &items, auto makeItem, auto setIndex) {
        const auto &gone = reverted ? list.inserted : list.removed;
        const auto &added = reverted ? list.removed : list.inserted;
        if (gone.empty() && added.empty())
            return false;
        // Drop the gone items in one pass, then put the new ones at their final indexes.
        std::vector<char> dropped(static_cast<size_t>(items.size()), 0);
        for (const auto &entry : gone)
            if (entry.first < dropped.size()) {
                dropped[entry.first] = 1;
                delete items[static_cast<int>(entry.first)];
            }
        int out = 0;
        for (int i = 0; i < items.size(); ++i)
            if (!dropped[static_cast<size_t>(i)])
                items[out++] = items[i];
        items.resize(out);
        for (const auto &entry : added) {
            auto *item = makeItem(static_cast<int>(entry.first));
            addItem(item);
            items.insert(std::min<int>(static_cast<int>(entry.first), items.size()), item);
        }
        for (int i = 0; i < items.size(); ++i)
            setIndex(items[i], i);
        return true;
    };
    syncList(patch.racks, mRackItems, [&](int i) { return makeRackItem(i, design, catalog); },
             [](RackItem *item, int i) { item->setRackIndex(i); });
    for (const auto &change : patch.racks.changed)
        if (change.index < static_cast<size_t>(mRackItems.size()) && change.index < design.racks.size())
            updateRackItem(mRackItems[static_cast<int>(change.index)], static_cast<int>(change.index), design, catalog);
    for (bool power : {true, false}) {
        const auto &list = power ? patch.powerUnits : patch.coolingUnits;
        const auto &units = power ? design.powerUnits : design.coolingUnits;
        QVector<FacilityItem *> &items = power ? mPowerItems : mCoolingItems;
        const bool moved = syncList(list, items, [&](int i) { return makeUnitItem(power, i, design); },
                                    [](FacilityItem *item, int i) { item->setUnitIndex(i); });
        if (moved) {
            // Units added or removed along with changes (a delete drops racks from feeds): a few
            // thousand units at most, all brought up to date.
            for (int i = 0; i < items.size() && i < static_cast<int>(units.size()); ++i)
                updateUnitItem(items[i], i, design, power);
        } else {
            for (const auto &change : list.changed)
                if (change.index < static_cast<size_t>(items.size()) && change.index < units.size())
                    updateUnitItem(items[static_cast<int>(change.index)], static_cast<int>(change.index), design, power);
        }
    }
    if (mRackItems.size() != static_cast<int>(design.racks.size()) || mPowerItems.size() != static_cast<int>(design.powerUnits.size())
        || mCoolingItems.size() != static_cast<int>(design.coolingUnits.size())) {
        // A patch that does not match the items (it should not happen): start again from the design.
        const QRectF rect = sceneRect();
        setDesign(design, catalog);
        setSceneRect(sceneRect().united(rect));
        return;
    }
    if (mActiveUnit >= static_cast<int>((mActivePower ? mPowerItems : mCoolingItems).size()))
        mActiveUnit = -1;
    // Ids move only when racks come, go or are renamed; feeds only when a unit changed.
    bool reindex = !patch.racks.changesOnly();
    for (const auto &change : patch.racks.changed)
        reindex = reindex || change.before.id != change.after.id;
    const bool units = reindex || !patch.powerUnits.empty() || !patch.coolingUnits.empty();
    updateDerived(design, reindex, units);
    applyOverlay();
    // Grow the scene rect if the content now reaches beyond it; never shrink it under the user.
    const qreal margin = 2 * kUnitsPerMetre;
    const QRectF grown = sceneRect().united(mContentRect.adjusted(-margin, -margin, margin, margin));
    if (grown != sceneRect())
        setSceneRect(grown);
}

void HallScene::updateDerived(const Design &design, bool reindex, bool units)
{
    const qreal k = kUnitsPerMetre;
    QRectF content = mHallRect;

    // Rows: label to the left of the row's leftmost rack, as tall as its deepest rack.
    struct RowExtent
    {
        qreal left = 1e300;
        qreal top = 1e300;
        qreal bottom = -1e300;
    };
    std::map<std::string, RowExtent> rows;
    if (reindex) {
        mRackIndexById.clear();
        mRackIndexById.reserve(design.racks.size());
        for (size_t i = 0; i < design.racks.size(); ++i)
            mRackIndexById.emplace(design.racks[i].id, static_cast<int>(i));
    }
    qreal minSide = 0.0;
    for (size_t i = 0; i < design.racks.size() && i < static_cast<size_t>(mRackItems.size()); ++i) {
        const Rack &rack = design.racks[i];
        const RackItem *item = mRackItems[static_cast<int>(i)];
        const QRectF bounds = item->sceneBoundingRect();
        const qreal side = std::min(item->rackRect().width(), item->rackRect().height());
        minSide = i == 0 ? side : std::min(minSide, side);
        content = content.united(bounds);
        if (!rack.row.empty()) {
            RowExtent &row = rows[rack.row];
            row.left = std::min(row.left, bounds.left());
            row.top = std::min(row.top, bounds.top());
            row.bottom = std::max(row.bottom, bounds.bottom());
        }
    }
    QVector<HallFloorItem::RowLabel> labels;
    for (const auto &[name, extent] : rows) {
        const qreal height = std::min(extent.bottom - extent.top, 1.5 * k);
        const qreal width = 2.4 * k;
        const QRectF box(extent.left - width - 0.15 * k, (extent.top + extent.bottom - height) / 2, width, height);
        labels.push_back({QString::fromStdString(name), box});
        content = content.united(box);
    }
    mFloor->setRowLabels(std::move(labels));
    mMinRackSide = minSide;

    for (bool power : {true, false}) {
        const auto &list = power ? design.powerUnits : design.coolingUnits;
        QVector<QVector<int>> &serves = power ? mPowerServes : mCoolingServes;
        if (reindex || units) {
            serves.resize(static_cast<int>(list.size()));
            for (size_t i = 0; i < list.size(); ++i) {
                QVector<int> &racks = serves[static_cast<int>(i)];
                racks.clear();
                for (const std::string &id : list[i].serves) {
                    const auto it = mRackIndexById.find(id);
                    if (it != mRackIndexById.end())
                        racks.push_back(it->second);
                }
            }
        }
        for (FacilityItem *item : power ? mPowerItems : mCoolingItems)
            content = content.united(item->sceneBoundingRect());
    }
    mContentRect = content;
    updateFeedLines();
}

void HallScene::updateFeedLines()
{
    if (!mFeedLines)
        return;
    QVector<bool> showPower(mPowerItems.size(), false), showCooling(mCoolingItems.size(), false);
    QVector<bool> rackSelected(mRackItems.size(), false);
    bool anyRack = false;
    for (QGraphicsItem *item : selectedItems()) {
        if (item->type() == RackItem::Type) {
            const int i = static_cast<RackItem *>(item)->rackIndex();
            if (i >= 0 && i < rackSelected.size()) {
                rackSelected[i] = true;
                anyRack = true;
            }
        } else if (item->type() == FacilityItem::Type) {
            auto *unit = static_cast<FacilityItem *>(item);
            QVector<bool> &show = unit->kind() == FacilityItem::Kind::Power ? showPower : showCooling;
            if (unit->unitIndex() >= 0 && unit->unitIndex() < show.size())
                show[unit->unitIndex()] = true;
        }
    }
    if (mActiveUnit >= 0) {
        QVector<bool> &show = mActivePower ? showPower : showCooling;
        if (mActiveUnit < show.size())
            show[mActiveUnit] = true;
    }
    QVector<QLineF> lines[2];
    for (int kind = 0; kind < 2; ++kind) {
        const QVector<FacilityItem *> &items = kind == 0 ? mPowerItems : mCoolingItems;
        const QVector<QVector<int>> &serves = kind == 0 ? mPowerServes : mCoolingServes;
        const QVector<bool> &show = kind == 0 ? showPower : showCooling;
        for (int u = 0; u < items.size() && u < serves.size(); ++u) {
            const QPointF from = items[u]->pos();
            for (int r : serves[u]) {
                // A selected unit shows all its racks; a selected rack shows only its own feeds.
                if ((show[u] || (anyRack && rackSelected[r])) && r < mRackItems.size())
                    lines[kind].push_back(QLineF(from, mRackItems[r]->pos()));
            }
        }
    }
    mFeedLines->setLines(std::move(lines[0]), std::move(lines[1]));
}

void HallScene::setActiveFeedUnit(bool power, int unitIndex)
{
    mActivePower = power;
    mActiveUnit = unitIndex;
    updateFeedLines();
}

void HallScene::clearActiveFeedUnit()
{
    mActiveUnit = -1;
    updateFeedLines();
}

void HallScene::setRackOverlay(const QVector<QColor> &colors)
{
    mOverlay = colors;
    applyOverlay();
}

void HallScene::setDimmedRacks(const QVector<bool> &dimmed)
{
    mDimmed = dimmed;
    applyOverlay();
}

void HallScene::applyOverlay()
{
    // A vector for another design (sizes differ) is ignored until the next one arrives.
    const bool colours = mOverlay.size() == mRackItems.size();
    const bool dims = mDimmed.size() == mRackItems.size();
    for (int i = 0; i < mRackItems.size(); ++i) {
        mRackItems[i]->setOverlayColor(colours ? mOverlay[i] : QColor());
        mRackItems[i]->setDimmed(dims && mDimmed[i]);
    }
}

bool HallScene::isOverview(qreal lod) const
{
    // The largest rack is at most a few times the smallest: when the smallest is flat, the
    // others are a few pixels too, and the batched drawing matches their own paint.
    return !mRackItems.isEmpty() && lod * mMinRackSide < RackItem::kFlatPixels;
}

void HallScene::drawOverview(QPainter *painter, const QRectF &exposed, qreal lod) const
{
    const auto paintItem = [&](QGraphicsItem *item) {
        QStyleOptionGraphicsItem option;
        option.state = item->isSelected() ? QStyle::State_Selected : QStyle::State_None;
        option.exposedRect = item->mapRectFromScene(exposed).intersected(item->boundingRect());
        painter->save();
        painter->setTransform(item->sceneTransform(), true);
        item->paint(painter, &option, nullptr);
        painter->restore();
    };
    if (mFloor && mFloor->isVisible())
        paintItem(mFloor);

    // Racks (z 0): flat rectangles, one drawRects() per colour. The footprint is centred on
    // the position, so a half turn leaves it as it is and a quarter turn swaps its sides
    // (other angles: its bounding box, a pixel or two here); no scene transform is needed.
    QVector<RackItem *> selected;
    QHash<QRgb, QVector<QRectF>> byColour;
    for (RackItem *item : mRackItems) {
        if (!item->isVisible())
            continue;
        QRectF rect = item->rackRect();
        const qreal turn = std::fmod(std::abs(item->rotation()), 180.0);
        if (turn != 0.0)
            rect = turn == 90.0 ? QRectF(-rect.height() / 2, -rect.width() / 2, rect.height(), rect.width())
                                : QTransform().rotate(turn).mapRect(rect);
        rect.translate(item->pos());
        if (!rect.intersects(exposed))
            continue;
        if (item->isSelected()) {
            selected.push_back(item);
            continue;
        }
        // Racks side by side in a row with the same colour become one rectangle.
        QVector<QRectF> &rects = byColour[item->paintColor(false).rgba()];
        if (!rects.isEmpty()) {
            QRectF &last = rects.back();
            const qreal eps = 1e-3 * rect.width();
            if (std::abs(last.top() - rect.top()) < eps && std::abs(last.bottom() - rect.bottom()) < eps
                && std::abs(last.right() - rect.left()) < eps) {
                last.setRight(rect.right());
                continue;
            }
        }
        rects.push_back(rect);
    }
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->setPen(Qt::NoPen);
    for (auto it = byColour.cbegin(); it != byColour.cend(); ++it) {
        painter->setBrush(QColor::fromRgba(it.key()));
        painter->drawRects(it.value().constData(), static_cast<int>(it.value().size()));
    }
    painter->restore();
    for (RackItem *item : selected)
        paintItem(item);

    // Feed lines (z 0.5) over the racks, under the units.
    if (mFeedLines && mFeedLines->isVisible())
        paintItem(mFeedLines);

    // Units (z 1): their symbol with its outline, batched per kind; labels are too small here.
    for (int kind = 0; kind < 2; ++kind) {
        const bool power = kind == 0;
        QVector<QRectF> symbols;
        QVector<FacilityItem *> chosen;
        for (FacilityItem *item : power ? mPowerItems : mCoolingItems) {
            if (!item->isVisible())
                continue;
            const qreal size = kUnitSymbolM * kUnitsPerMetre; // as makeUnitItem() sizes it
            const QRectF rect(item->pos() - QPointF(size / 2, size / 2), QSizeF(size, size));
            if (!rect.intersects(exposed))
                continue;
            if (item->isSelected())
                chosen.push_back(item);
            else
                symbols.push_back(rect);
        }
        const QColor fill = power ? powerUnitColor() : coolingUnitColor();
        QPen pen(fill.darker(170), 1);
        pen.setCosmetic(true);
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing, false);
        const qreal symbolPixels = lod * kUnitSymbolM * kUnitsPerMetre;
        if (symbolPixels < 3.0) {
            // Its one-pixel outline is all there is of a unit this small: filled in the outline's
            // colour, at least a pixel big (stroking thousands of outlines costs more).
            const qreal grow = std::max(0.0, (1.0 / lod - kUnitSymbolM * kUnitsPerMetre) / 2);
            for (QRectF &rect : symbols)
                rect.adjust(-grow, -grow, grow, grow);
            painter->setPen(Qt::NoPen);
            painter->setBrush(pen.color());
        } else {
            painter->setPen(pen);
            painter->setBrush(fill);
        }
        // Cooling units are circles; below a few pixels a circle and a square look the same.
        const bool round = !power && lod * (symbols.isEmpty() ? 0.0 : symbols.front().width()) >= 4.0;
        if (round)
            for (const QRectF &rect : symbols)
                painter->drawEllipse(rect);
        else
            painter->drawRects(symbols.constData(), static_cast<int>(symbols.size()));
        painter->restore();
        for (FacilityItem *item : chosen)
            paintItem(item);
    }
}

QVector<int> HallScene::selectedRackIndexes() const
{
    QVector<int> indexes;
    for (QGraphicsItem *item : selectedItems())
        if (item->type() == RackItem::Type)
            indexes.push_back(static_cast<RackItem *>(item)->rackIndex());
    std::sort(indexes.begin(), indexes.end());
    return indexes;
}

QVector<int> HallScene::selectedUnitIndexes(bool power) const
{
    QVector<int> indexes;
    for (QGraphicsItem *item : selectedItems())
        if (item->type() == FacilityItem::Type) {
            auto *unit = static_cast<FacilityItem *>(item);
            if ((unit->kind() == FacilityItem::Kind::Power) == power)
                indexes.push_back(unit->unitIndex());
        }
    std::sort(indexes.begin(), indexes.end());
    return indexes;
}

RackItem *HallScene::rackItem(const QString &id) const
{
    const auto it = mRackIndexById.find(id.toStdString());
    if (it != mRackIndexById.end() && it->second < mRackItems.size())
        return mRackItems[it->second];
    return nullptr;
}

FacilityItem *HallScene::unitItem(const QString &id) const
{
    for (const auto *items : {&mPowerItems, &mCoolingItems})
        for (FacilityItem *item : *items)
            if (item->id() == id)
                return item;
    return nullptr;
}

} // namespace cp::gui
