#pragma once

#include "views/plan/items/rackcategory.h"

#include <QGraphicsItem>
#include <QString>

namespace cp::gui {

/// A rack on the hall plan: a coloured rectangle centred on the rack, its id when zoomed in.
class RackItem final : public QGraphicsItem
{
public:
    enum { Type = UserType + 1 };

    /// `size` is width (along the row) × depth, in scene units.
    RackItem(int rackIndex, const QString &id, const QSizeF &size, RackCategory category);

    int type() const override { return Type; }
    int rackIndex() const { return mRackIndex; }
    QString id() const { return mId; }
    RackCategory category() const { return mCategory; }
    /// The fill colour: the overlay's when one is set, otherwise the category's.
    QColor color() const { return mOverlay.isValid() ? mOverlay : rackCategoryColor(mCategory); }

    /// After an edit: the item's design index, id, footprint (scene units) and category.
    void setRackIndex(int index) { mRackIndex = index; }
    void setId(const QString &id);
    void setSize(const QSizeF &size);
    void setCategory(RackCategory category);
    /// Share of the rack's height units in use, 0–1, drawn as a bar along the back edge.
    void setFill(qreal fraction);
    qreal fill() const { return mFill; }
    /// An overlay colour replaces the category colour; an invalid colour restores it.
    void setOverlayColor(const QColor &color);
    QColor overlayColor() const { return mOverlay; }
    /// Dimmed racks are drawn faded (outside a highlighted failure domain, for instance).
    void setDimmed(bool dimmed);
    bool isDimmed() const { return mDimmed; }

    /// The footprint in item coordinates, centred on the rack's position.
    QRectF rackRect() const { return mRect; }
    /// The colour the rack is filled with as drawn: overlay or category, faded when dimmed
    /// (unless selected).
    QColor paintColor(bool selected) const;

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    /// Labels need this many device pixels of height or they are not drawn at all.
    static constexpr qreal kMinLabelPixels = 7.0;
    /// Below this many device pixels across its short side a rack is drawn as a flat rectangle
    /// (no outline, fill bar or label): here and in the plan's overview (HallScene::drawOverview).
    static constexpr qreal kFlatPixels = 3.0;

private:
    int mRackIndex;
    QString mId;
    QRectF mRect;
    RackCategory mCategory;
    QColor mOverlay;
    qreal mFill = 0.0;
    bool mDimmed = false;
};

/// Draws short text scaled into a box, horizontal or along the box's long side, or nothing
/// when it would be too small to read. Shared by the plan's items.
void drawFittedLabel(QPainter *painter, const QRectF &box, const QString &text, qreal lod,
                     const QColor &color, qreal maxPixels = 13.0);

} // namespace cp::gui
