#pragma once

#include <QGraphicsItem>
#include <QString>

namespace cp::gui {

/// A power unit (amber square) or cooling unit (blue circle) on the hall plan.
class FacilityItem final : public QGraphicsItem
{
public:
    enum { Type = UserType + 2 };
    enum class Kind { Power, Cooling };

    /// `size` is the symbol's edge in scene units.
    FacilityItem(Kind kind, int unitIndex, const QString &id, qreal size);

    int type() const override { return Type; }
    Kind kind() const { return mKind; }
    int unitIndex() const { return mUnitIndex; }
    QString id() const { return mId; }
    void setUnitIndex(int index) { mUnitIndex = index; }
    void setId(const QString &id);

    QRectF boundingRect() const override;
    /// The symbol only: the label under it must not steal clicks from racks nearby.
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    Kind mKind;
    int mUnitIndex;
    QString mId;
    QRectF mSymbol;
    QRectF mLabelBox; ///< below the symbol, no wider, so neighbours' labels never overlap
};

} // namespace cp::gui
