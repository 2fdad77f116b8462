#pragma once

#include <QGraphicsScene>
#include <QVector>

namespace cp {
class Catalog;
struct Design;
} // namespace cp

namespace cp::gui {

class FacilityItem;
class HallFloorItem;
class RackItem;

/// The hall plan as graphics items: floor, racks, power and cooling units (1 m = kUnitsPerMetre).
class HallScene final : public QGraphicsScene
{
    Q_OBJECT

public:
    /// Scene units per metre; big enough that text laid out in scene units stays crisp.
    static constexpr qreal kUnitsPerMetre = 50.0;

    explicit HallScene(QObject *parent = nullptr);
    ~HallScene() override;

    /// Rebuilds every item from the design; the selection is cleared.
    void setDesign(const Design &design, const Catalog &catalog);

    const QVector<RackItem *> &rackItems() const { return mRackItems; }
    const QVector<FacilityItem *> &powerItems() const { return mPowerItems; }
    const QVector<FacilityItem *> &coolingItems() const { return mCoolingItems; }
    HallFloorItem *floorItem() const { return mFloor; }
    /// The hall outline in scene units.
    QRectF hallRect() const { return mHallRect; }
    /// Everything drawn (hall, racks, units, labels), for fit-to-view.
    QRectF contentRect() const { return mContentRect; }

    /// Indexes into Design::racks of the selected racks, in design order.
    QVector<int> selectedRackIndexes() const;
    RackItem *rackItem(const QString &id) const;

    static QPointF toScene(double xM, double yM) { return {xM * kUnitsPerMetre, yM * kUnitsPerMetre}; }

private:
    HallFloorItem *mFloor = nullptr;
    QVector<RackItem *> mRackItems;
    QVector<FacilityItem *> mPowerItems;
    QVector<FacilityItem *> mCoolingItems;
    QRectF mHallRect;
    QRectF mContentRect;
};

} // namespace cp::gui
