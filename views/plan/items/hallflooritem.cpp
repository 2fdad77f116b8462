#include "views/plan/items/hallflooritem.h"

#include "views/plan/items/rackitem.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>

namespace cp::gui {

namespace {

// Grid lines closer than this on screen turn into a grey wash; coarsen the grid instead.
constexpr qreal kMinGridPixels = 7.0;

} // namespace

HallFloorItem::HallFloorItem(const QRectF &hall, qreal grid)
    : mHall(hall)
    , mGrid(grid)
    , mBounds(hall)
{
    setFlag(ItemUsesExtendedStyleOption);
    setZValue(-1.0);
    setAcceptedMouseButtons(Qt::NoButton);
}

void HallFloorItem::setRowLabels(QVector<RowLabel> labels)
{
    const auto same = [](const RowLabel &a, const RowLabel &b) { return a.text == b.text && a.box == b.box; };
    if (std::equal(labels.begin(), labels.end(), mRowLabels.begin(), mRowLabels.end(), same))
        return; // most edits move no row: nothing to redraw
    QRectF bounds = mHall;
    for (const RowLabel &label : labels)
        bounds = bounds.united(label.box);
    // The floor spans the whole hall: a geometry change re-files it in every cell of the scene's
    // index, so only announce one when the outline really grows or shrinks.
    if (bounds != mBounds) {
        prepareGeometryChange();
        mBounds = bounds;
    }
    mRowLabels = std::move(labels);
    update();
}

QRectF HallFloorItem::boundingRect() const
{
    return mBounds.adjusted(-2, -2, 2, 2);
}

void HallFloorItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const QRectF exposed = option->exposedRect.intersected(mHall);

    painter->fillRect(exposed, QColor(0xFB, 0xFB, 0xF8));

    if (mGrid > 0.0 && !exposed.isEmpty()) {
        qreal step = mGrid;
        int guard = 0;
        while (step * lod < kMinGridPixels && guard++ < 12)
            step *= (guard % 2) ? 5.0 : 2.0;
        QPen gridPen(QColor(0xE3, 0xE5, 0xE8), 0);
        painter->setPen(gridPen);
        const qreal x0 = mHall.left() + std::ceil((exposed.left() - mHall.left()) / step) * step;
        for (qreal x = x0; x <= exposed.right(); x += step)
            painter->drawLine(QPointF(x, exposed.top()), QPointF(x, exposed.bottom()));
        const qreal y0 = mHall.top() + std::ceil((exposed.top() - mHall.top()) / step) * step;
        for (qreal y = y0; y <= exposed.bottom(); y += step)
            painter->drawLine(QPointF(exposed.left(), y), QPointF(exposed.right(), y));
    }

    QPen outline(QColor(0x40, 0x44, 0x4A), 2);
    outline.setCosmetic(true);
    painter->setPen(outline);
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(mHall);

    for (const RowLabel &label : mRowLabels) {
        if (label.box.intersects(option->exposedRect))
            drawFittedLabel(painter, label.box, label.text, lod, QColor(0x40, 0x44, 0x4A), 14.0);
    }
}

} // namespace cp::gui
