#pragma once

#include <QColor>
#include <QGraphicsScene>
#include <QHash>
#include <QVector>

class QPainter;

#include <string>
#include <unordered_map>

namespace cp {
class Catalog;
struct Design;
struct DesignPatch;
} // namespace cp

namespace cp::gui {

class FacilityItem;
class FeedLinesItem;
class HallFloorItem;
class RackItem;

/// The hall plan as graphics items: floor, racks, power and cooling units (1 m = kUnitsPerMetre).
/// Items keep their design index: after an edit only the items it touches are updated.
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
    /// Brings the items up to date after `patch` was applied to (or reverted from) `design`:
    /// changed items are updated in place, appended ones added, anything else rebuilt.
    void applyPatch(const DesignPatch &patch, bool reverted, const Design &design, const Catalog &catalog);

    const QVector<RackItem *> &rackItems() const { return mRackItems; }
    const QVector<FacilityItem *> &powerItems() const { return mPowerItems; }
    const QVector<FacilityItem *> &coolingItems() const { return mCoolingItems; }
    HallFloorItem *floorItem() const { return mFloor; }
    FeedLinesItem *feedLinesItem() const { return mFeedLines; }
    /// The hall outline in scene units.
    QRectF hallRect() const { return mHallRect; }
    /// Everything drawn (hall, racks, units, labels), for fit-to-view.
    QRectF contentRect() const { return mContentRect; }
    /// The grid pitch in metres.
    double gridM() const { return mGridM; }

    /// Indexes into Design::racks of the selected racks, in design order.
    QVector<int> selectedRackIndexes() const;
    QVector<int> selectedUnitIndexes(bool power) const;
    RackItem *rackItem(const QString &id) const;
    FacilityItem *unitItem(const QString &id) const;

    /// One colour per Design::racks index; an empty vector restores the category colours.
    void setRackOverlay(const QVector<QColor> &colors);
    /// One flag per Design::racks index: dimmed racks are drawn faded; empty = none dimmed.
    void setDimmedRacks(const QVector<bool> &dimmed);

    /// The unit whose feed lines are shown besides the selection's (the feed tool's unit), or none.
    void setActiveFeedUnit(bool power, int unitIndex);
    void clearActiveFeedUnit();
    /// Redraws the feed lines: those of the selected units, of the units feeding the selected
    /// racks, and of the active feed unit.
    void updateFeedLines();

    /// Level of detail: at `lod` (device pixels per scene unit) every rack is a few pixels, so
    /// the plan can be drawn by drawOverview() instead of item by item.
    bool isOverview(qreal lod) const;
    /// Paints the plan's items in `exposed` (scene units) for a zoomed-out view: the floor and
    /// the feed lines as their items do, racks and units as flat shapes batched by colour,
    /// selected ones by their items. One pass over the item lists, no scene index query, no
    /// per-item painter state; what QGraphicsView's item-by-item paint costs for 20k racks.
    void drawOverview(QPainter *painter, const QRectF &exposed, qreal lod) const;

    static QPointF toScene(double xM, double yM) { return {xM * kUnitsPerMetre, yM * kUnitsPerMetre}; }
    static QPointF toMetres(const QPointF &scene) { return scene / kUnitsPerMetre; }

private:
    void syncItems(const DesignPatch &patch, bool reverted, const Design &design, const Catalog &catalog);
    RackItem *makeRackItem(int index, const Design &design, const Catalog &catalog);
    void updateRackItem(RackItem *item, int index, const Design &design, const Catalog &catalog);
    FacilityItem *makeUnitItem(bool power, int index, const Design &design);
    void updateUnitItem(FacilityItem *item, int index, const Design &design, bool power);
    /// Row labels, feeds and the content rect, from the design as it is now. The id index and
    /// the units' rack lists are rebuilt only when `reindex` (ids or lists changed) or
    /// `units` (a unit's feeds may have changed): a move needs neither.
    void updateDerived(const Design &design, bool reindex = true, bool units = true);
    void applyOverlay();

    HallFloorItem *mFloor = nullptr;
    FeedLinesItem *mFeedLines = nullptr;
    QVector<RackItem *> mRackItems;
    QVector<FacilityItem *> mPowerItems;
    QVector<FacilityItem *> mCoolingItems;
    std::unordered_map<std::string, int> mRackIndexById;
    /// Per unit, the indexes of the racks it serves.
    QVector<QVector<int>> mPowerServes;
    QVector<QVector<int>> mCoolingServes;
    QVector<QColor> mOverlay;
    QVector<bool> mDimmed;
    bool mActivePower = true;
    int mActiveUnit = -1;
    QRectF mHallRect;
    QRectF mContentRect;
    double mGridM = 0.6;
    /// The shortest side of any rack footprint, scene units (for isOverview()).
    qreal mMinRackSide = 0.0;
};

} // namespace cp::gui
