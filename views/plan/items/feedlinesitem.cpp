#include "views/plan/items/feedlinesitem.h"

#include "views/plan/items/rackcategory.h"

#include <QPainter>

namespace cp::gui {

FeedLinesItem::FeedLinesItem()
{
    // Above racks, below units; never in the way of a click.
    setZValue(0.5);
    setAcceptedMouseButtons(Qt::NoButton);
}

void FeedLinesItem::setLines(QVector<QLineF> power, QVector<QLineF> cooling)
{
    if (power == mPower && cooling == mCooling)
        return;
    QRectF bounds;
    for (const auto *lines : {&power, &cooling})
        for (const QLineF &line : *lines)
            bounds = bounds.united(QRectF(line.p1(), line.p2()).normalized());
    bounds = bounds.adjusted(-2, -2, 2, 2);
    update(); // the old lines' area
    if (bounds != mBounds) {
        prepareGeometryChange();
        mBounds = bounds;
    }
    mPower = std::move(power);
    mCooling = std::move(cooling);
    update();
}

void FeedLinesItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    if (!mPower.isEmpty()) {
        QPen pen(powerUnitColor().darker(120), 1.5);
        pen.setCosmetic(true);
        painter->setPen(pen);
        painter->drawLines(mPower.constData(), static_cast<int>(mPower.size()));
    }
    // Cooling lines dashed, so a rack fed by both shows two distinct lines where they overlap.
    if (!mCooling.isEmpty()) {
        QPen pen(coolingUnitColor().darker(130), 1.5, Qt::DashLine);
        pen.setCosmetic(true);
        painter->setPen(pen);
        painter->drawLines(mCooling.constData(), static_cast<int>(mCooling.size()));
    }
}

} // namespace cp::gui
