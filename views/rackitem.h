#pragma once

#include "rackcategory.h"

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
    QColor color() const { return rackCategoryColor(mCategory); }

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    /// Labels need this many device pixels of height or they are not drawn at all.
    static constexpr qreal kMinLabelPixels = 7.0;

private:
    int mRackIndex;
    QString mId;
    QRectF mRect;
    RackCategory mCategory;
};

/// Draws short text scaled into a box, horizontal or along the box's long side, or nothing
/// when it would be too small to read. Shared by the plan's items.
void drawFittedLabel(QPainter *painter, const QRectF &box, const QString &text, qreal lod,
                     const QColor &color, qreal maxPixels = 13.0);

} // namespace cp::gui
