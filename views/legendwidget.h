#pragma once

#include "rackcategory.h"

#include <QWidget>

#include <array>

namespace cp::gui {

/// The key to the hall plan's colours and symbols, with a scale bar; floats over the plan.
class LegendWidget final : public QWidget
{
    Q_OBJECT

public:
    explicit LegendWidget(QWidget *parent = nullptr);

    void setTitle(const QString &title);
    void setRackCounts(const std::array<int, kRackCategoryCount> &counts);
    void setUnitCounts(int power, int cooling);
    /// Device pixels per metre of the plan at the current zoom.
    void setPixelsPerMetre(qreal pixelsPerMetre);

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    struct Row
    {
        enum class Symbol { Rack, Power, Cooling } symbol;
        QColor color;
        QString text;
    };
    QVector<Row> rows() const;
    /// A round scale length (1, 2, 5 × 10^n m) that is 60–150 px long, and its length in px.
    std::pair<double, qreal> scaleBar() const;

    QString mTitle;
    std::array<int, kRackCategoryCount> mRackCounts{};
    int mPowerUnits = 0;
    int mCoolingUnits = 0;
    qreal mPixelsPerMetre = 0.0;
};

} // namespace cp::gui
