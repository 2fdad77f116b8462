#include "rackitem.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace cp::gui {

namespace {

// Text is laid out once at this pixel size and scaled by the painter, so any scene scale works.
constexpr int kBaseFontPixels = 20;

const QFont &baseFont()
{
    static const QFont font = [] {
        QFont f;
        f.setPixelSize(kBaseFontPixels);
        return f;
    }();
    return font;
}

} // namespace

void drawFittedLabel(QPainter *painter, const QRectF &box, const QString &text, qreal lod,
                     const QColor &color, qreal maxPixels)
{
    if (text.isEmpty() || lod <= 0.0)
        return;
    const QFontMetricsF metrics(baseFont());
    const qreal textW = metrics.horizontalAdvance(text);
    const qreal textH = metrics.height();
    const bool vertical = box.height() > box.width();
    const qreal along = vertical ? box.height() : box.width();
    const qreal across = vertical ? box.width() : box.height();
    // Scene units per base pixel so that the text fits with a margin both ways.
    qreal scale = std::min(along * 0.9 / textW, across * 0.8 / textH);
    scale = std::min(scale, maxPixels / (kBaseFontPixels * lod));
    if (scale * kBaseFontPixels * lod < RackItem::kMinLabelPixels)
        return;

    painter->save();
    painter->translate(box.center());
    if (vertical)
        painter->rotate(-90.0);
    painter->scale(scale, scale);
    painter->setFont(baseFont());
    painter->setPen(color);
    painter->drawText(QRectF(-textW, -textH, 2 * textW, 2 * textH), Qt::AlignCenter, text);
    painter->restore();
}

RackItem::RackItem(int rackIndex, const QString &id, const QSizeF &size, RackCategory category)
    : mRackIndex(rackIndex)
    , mId(id)
    , mRect(-size.width() / 2, -size.height() / 2, size.width(), size.height())
    , mCategory(category)
{
    setFlag(ItemIsSelectable);
    // The exposed rect and a cheap level-of-detail test keep painting fast with thousands of racks.
    setFlag(ItemUsesExtendedStyleOption);
    setToolTip(id);
}

QRectF RackItem::boundingRect() const
{
    // Room for the cosmetic selection outline.
    return mRect.adjusted(-1, -1, 1, 1);
}

void RackItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const QColor fill = color();
    const bool selected = option->state & QStyle::State_Selected;

    if (lod * std::min(mRect.width(), mRect.height()) < 3.0) {
        // Zoomed far out: a flat rectangle is all the eye can see.
        painter->fillRect(mRect, selected ? QColor(Qt::black) : fill);
        return;
    }

    const QColor shown = selected ? fill.lighter(135) : fill;
    painter->setPen(QPen(fill.darker(160), 0));
    painter->setBrush(shown);
    painter->drawRect(mRect);
    if (selected) {
        QPen outline(Qt::black, 3);
        outline.setCosmetic(true);
        painter->setPen(outline);
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(mRect);
    }

    // Relative luminance (ITU-R BT.709 weights) picks the more legible of white or black text.
    const qreal luminance = 0.2126 * shown.redF() + 0.7152 * shown.greenF() + 0.0722 * shown.blueF();
    const bool darkFill = luminance < 0.55;
    drawFittedLabel(painter, mRect, mId, lod, darkFill ? QColor(Qt::white) : QColor(Qt::black));
}

} // namespace cp::gui
