#include "views/plan/items/facilityitem.h"

#include "views/plan/items/rackcategory.h"
#include "views/plan/items/rackitem.h"

#include <QPainter>
#include <QPainterPath>
#include <QStyleOptionGraphicsItem>

namespace cp::gui {

FacilityItem::FacilityItem(Kind kind, int unitIndex, const QString &id, qreal size)
    : mKind(kind)
    , mUnitIndex(unitIndex)
    , mId(id)
    , mSymbol(-size / 2, -size / 2, size, size)
    , mLabelBox(-size * 0.45, size / 2, size * 0.9, size * 0.5)
{
    setFlag(ItemIsSelectable);
    setFlag(ItemUsesExtendedStyleOption);
    setToolTip(id);
    // Units sit above racks so an overlapping unit stays clickable.
    setZValue(1.0);
}

void FacilityItem::setId(const QString &id)
{
    if (id == mId)
        return;
    mId = id;
    setToolTip(id);
    update();
}

QRectF FacilityItem::boundingRect() const
{
    return mSymbol.united(mLabelBox).adjusted(-1, -1, 1, 1);
}

QPainterPath FacilityItem::shape() const
{
    QPainterPath path;
    if (mKind == Kind::Power)
        path.addRect(mSymbol);
    else
        path.addEllipse(mSymbol);
    return path;
}

void FacilityItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const bool selected = option->state & QStyle::State_Selected;
    const QColor fill = mKind == Kind::Power ? powerUnitColor() : coolingUnitColor();

    QPen pen(selected ? QColor(Qt::black) : fill.darker(170), selected ? 3 : 1);
    pen.setCosmetic(true);
    painter->setPen(pen);
    painter->setBrush(fill);
    if (mKind == Kind::Power)
        painter->drawRect(mSymbol);
    else
        painter->drawEllipse(mSymbol);

    drawFittedLabel(painter, mLabelBox, mId, lod, QColor(0x30, 0x30, 0x30), 12.0);
}

} // namespace cp::gui
