#pragma once

#include "views/plan/overlay.h"
#include "views/plan/items/rackcategory.h"

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
    /// Shows an overlay's key (scale, ticks, swatches, note) instead of the rack categories.
    void setOverlay(const OverlayLegend &legend);
    /// Back to the rack categories.
    void clearOverlay();
    bool hasOverlay() const { return mHasOverlay; }
    const OverlayLegend &overlay() const { return mOverlay; }

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    struct Row
    {
        enum class Symbol { Rack, Power, Cooling, Tick, None } symbol;
        QColor color;
        QString text;
    };
    QVector<Row> rows() const;
    /// A round scale length (1, 2, 5 × 10^n m) that is 60–150 px long, and its length in px.
    std::pair<double, qreal> scaleBar() const;
    /// Height of the overlay's colour scale block (bar, ticks and end labels); 0 without one.
    int colorScaleHeight() const;
    void relayout();

    QString mTitle;
    std::array<int, kRackCategoryCount> mRackCounts{};
    int mPowerUnits = 0;
    int mCoolingUnits = 0;
    qreal mPixelsPerMetre = 0.0;
    OverlayLegend mOverlay;
    bool mHasOverlay = false;
};

} // namespace cp::gui
