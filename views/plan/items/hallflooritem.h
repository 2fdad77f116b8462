#pragma once

#include <QGraphicsItem>
#include <QString>
#include <QVector>

namespace cp::gui {

/// The hall floor: outline, grid lines (coarser as the view zooms out) and row labels.
class HallFloorItem final : public QGraphicsItem
{
public:
    enum { Type = UserType + 3 };

    /// A row label, drawn right-aligned inside `box` (scene units) to the left of the row.
    struct RowLabel
    {
        QString text;
        QRectF box;
    };

    /// `hall` and `grid` in scene units.
    HallFloorItem(const QRectF &hall, qreal grid);

    int type() const override { return Type; }
    void setRowLabels(QVector<RowLabel> labels);
    const QVector<RowLabel> &rowLabels() const { return mRowLabels; }

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    QRectF mHall;
    qreal mGrid;
    QVector<RowLabel> mRowLabels;
    QRectF mBounds;
};

} // namespace cp::gui
