#include "feedlinesitem.h"

#include "rackcategory.h"

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
    prepareGeometryChange();
    mPower = std::move(power);
    mCooling = std::move(cooling);
    QRectF bounds;
    for (const auto *lines : {&mPower, &mCooling})
        for (const QLineF &line : *lines)
            bounds = bounds.united(QRectF(line.p1(), line.p2()).normalized());
    mBounds = bounds.adjusted(-2, -2, 2, 2);
    update();
}

void FeedLinesItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    const auto draw = [painter](const QVector<QLineF> &lines, const QColor &color) {
        if (lines.isEmpty())
            return;
        QPen pen(color.darker(120), 1.5);
        pen.setCosmetic(true);
        painter->setPen(pen);
        painter->drawLines(lines.constData(), static_cast<int>(lines.size()));
    };
    draw(mPower, powerUnitColor());
    // Cooling lines dashed, so a rack fed by both shows two distinct lines where they overlap.
    if (!mCooling.isEmpty()) {
        QPen pen(coolingUnitColor().darker(130), 1.5, Qt::DashLine);
        pen.setCosmetic(true);
        painter->setPen(pen);
        painter->drawLines(mCooling.constData(), static_cast<int>(mCooling.size()));
    }
}

} // namespace cp::gui
