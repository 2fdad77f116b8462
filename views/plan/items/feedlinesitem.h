#pragma once

#include <QGraphicsItem>
#include <QLineF>
#include <QPainterPath>
#include <QVector>

namespace cp::gui {

/// Lines from power units (amber) and cooling units (blue) to the racks they feed, for the
/// part of the plan the user is looking at; one item for all lines so thousands stay cheap.
class FeedLinesItem final : public QGraphicsItem
{
public:
    enum { Type = UserType + 4 };

    FeedLinesItem();

    int type() const override { return Type; }
    void setLines(QVector<QLineF> power, QVector<QLineF> cooling);
    int lineCount() const { return static_cast<int>(mPower.size() + mCooling.size()); }

    QRectF boundingRect() const override { return mBounds; }
    /// Empty: lines are never hit, so clicks and drops reach the racks under them.
    QPainterPath shape() const override { return {}; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    QVector<QLineF> mPower;
    QVector<QLineF> mCooling;
    QRectF mBounds;
};

} // namespace cp::gui
