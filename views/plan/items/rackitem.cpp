#include "views/plan/items/rackitem.h"

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
    static const QFontMetricsF metrics(baseFont());
    const qreal textH = metrics.height();
    const bool vertical = box.height() > box.width();
    const qreal along = vertical ? box.height() : box.width();
    const qreal across = vertical ? box.width() : box.height();
    // Too small whatever the text's width: known before measuring it (thousands of row labels
    // in a zoomed-out hall).
    if (std::min(across * 0.8 / textH, maxPixels / (kBaseFontPixels * lod)) * kBaseFontPixels * lod
        < RackItem::kMinLabelPixels)
        return;
    const qreal textW = metrics.horizontalAdvance(text);
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

void RackItem::setId(const QString &id)
{
    if (id == mId)
        return;
    mId = id;
    setToolTip(id);
    update();
}

void RackItem::setSize(const QSizeF &size)
{
    const QRectF rect(-size.width() / 2, -size.height() / 2, size.width(), size.height());
    if (rect == mRect)
        return;
    prepareGeometryChange();
    mRect = rect;
}

void RackItem::setCategory(RackCategory category)
{
    if (category == mCategory)
        return;
    mCategory = category;
    update();
}

void RackItem::setFill(qreal fraction)
{
    fraction = std::clamp(fraction, 0.0, 1.0);
    if (qFuzzyCompare(fraction + 1.0, mFill + 1.0))
        return;
    mFill = fraction;
    update();
}

void RackItem::setOverlayColor(const QColor &color)
{
    if (color == mOverlay)
        return;
    mOverlay = color;
    update();
}

void RackItem::setDimmed(bool dimmed)
{
    if (dimmed == mDimmed)
        return;
    mDimmed = dimmed;
    update();
}

QRectF RackItem::boundingRect() const
{
    // Room for the cosmetic selection outline.
    return mRect.adjusted(-1, -1, 1, 1);
}

QColor RackItem::paintColor(bool selected) const
{
    QColor fill = color();
    if (mDimmed && !selected) {
        // Faded towards the floor colour, so the highlighted racks stand out.
        const auto fade = [](float c) { return 0.25f * c + 0.75f * 0.9f; };
        fill = QColor::fromRgbF(fade(fill.redF()), fade(fill.greenF()), fade(fill.blueF()));
    }
    return fill;
}

void RackItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const bool selected = option->state & QStyle::State_Selected;
    const QColor fill = paintColor(selected);

    if (lod * std::min(mRect.width(), mRect.height()) < kFlatPixels) {
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

    // Fill: a bar along the back edge (local top, the side away from the cold aisle), as long as
    // the share of height units in use; only where it is at least a few pixels thick.
    const qreal barThickness = mRect.height() * 0.14;
    if (mFill > 0.0 && lod * barThickness >= 2.0) {
        const QRectF track(mRect.left(), mRect.top(), mRect.width(), barThickness);
        painter->fillRect(track, QColor(255, 255, 255, 150)); // the free units: light
        painter->fillRect(QRectF(track.left(), track.top(), track.width() * mFill, track.height()),
                          QColor(0x20, 0x20, 0x20, 190));
    }

    // Relative luminance (ITU-R BT.709 weights) picks the more legible of white or black text.
    const qreal luminance = 0.2126 * shown.redF() + 0.7152 * shown.greenF() + 0.0722 * shown.blueF();
    const bool darkFill = luminance < 0.55;
    drawFittedLabel(painter, mRect, mId, lod, darkFill ? QColor(Qt::white) : QColor(Qt::black));
}

} // namespace cp::gui
