#include "hallscene.h"

#include "catalog.h"
#include "design.h"
#include "facilityitem.h"
#include "hallflooritem.h"
#include "rackcategory.h"
#include "rackitem.h"

#include <algorithm>
#include <map>

namespace cp::gui {

namespace {

// Units are symbols, not footprints: small enough that neighbours placed at rack pitch stay apart.
constexpr qreal kUnitSymbolM = 0.45;

} // namespace

HallScene::HallScene(QObject *parent)
    : QGraphicsScene(parent)
{
    // Racks never move at this stage: the BSP index makes hit tests and exposure fast.
    setItemIndexMethod(BspTreeIndex);
    setBackgroundBrush(QColor(0xEE, 0xEF, 0xF1));
}

HallScene::~HallScene()
{
    // QGraphicsScene deletes the items after this body; a selected item would emit
    // selectionChanged() into listeners that are already being torn down.
    blockSignals(true);
}

void HallScene::setDesign(const Design &design, const Catalog &catalog)
{
    clearSelection();
    clear();
    mRackItems.clear();
    mPowerItems.clear();
    mCoolingItems.clear();

    const qreal k = kUnitsPerMetre;
    mHallRect = QRectF(0, 0, std::max(design.hall.widthM, 1.0) * k, std::max(design.hall.depthM, 1.0) * k);
    mFloor = new HallFloorItem(mHallRect, design.hall.gridM * k);
    addItem(mFloor);
    QRectF content = mHallRect;

    // Rows: label to the left of the row's leftmost rack, as tall as its deepest rack.
    struct RowExtent
    {
        qreal left = 1e300;
        qreal top = 1e300;
        qreal bottom = -1e300;
    };
    std::map<std::string, RowExtent> rows;

    mRackItems.reserve(static_cast<int>(design.racks.size()));
    for (size_t i = 0; i < design.racks.size(); ++i) {
        const Rack &rack = design.racks[i];
        const RackGeometry geometry = rackGeometry(rack, catalog);
        auto *item = new RackItem(static_cast<int>(i), QString::fromStdString(rack.id),
                                  QSizeF(geometry.widthM * k, geometry.depthM * k),
                                  rackCategory(rack, catalog));
        item->setPos(toScene(rack.xM, rack.yM));
        item->setRotation(rack.rotationDeg);
        addItem(item);
        mRackItems.push_back(item);
        const QRectF bounds = item->sceneBoundingRect();
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

    auto addUnits = [&](const std::vector<FacilityUnit> &units, FacilityItem::Kind kind,
                        QVector<FacilityItem *> &items) {
        items.reserve(static_cast<int>(units.size()));
        for (size_t i = 0; i < units.size(); ++i) {
            const FacilityUnit &unit = units[i];
            auto *item = new FacilityItem(kind, static_cast<int>(i), QString::fromStdString(unit.id),
                                          kUnitSymbolM * k);
            item->setPos(toScene(unit.xM, unit.yM));
            addItem(item);
            items.push_back(item);
            content = content.united(item->sceneBoundingRect());
        }
    };
    addUnits(design.powerUnits, FacilityItem::Kind::Power, mPowerItems);
    addUnits(design.coolingUnits, FacilityItem::Kind::Cooling, mCoolingItems);

    mContentRect = content;
    // Generous margins so the user can pan past the walls.
    const qreal margin = std::max(content.width(), content.height()) * 0.25 + 2 * k;
    setSceneRect(content.adjusted(-margin, -margin, margin, margin));
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

RackItem *HallScene::rackItem(const QString &id) const
{
    for (RackItem *item : mRackItems)
        if (item->id() == id)
            return item;
    return nullptr;
}

} // namespace cp::gui
