#pragma once

#include <QGraphicsView>

namespace cp {
class Catalog;
struct Design;
} // namespace cp

namespace cp::gui {

class HallScene;
class LegendWidget;

/// The top-down hall plan: wheel zoom under the mouse, middle- or space-drag pan, fit to view.
class HallView final : public QGraphicsView
{
    Q_OBJECT

public:
    explicit HallView(QWidget *parent = nullptr);

    HallScene *hallScene() const { return mScene; }
    LegendWidget *legend() const { return mLegend; }

    /// Rebuilds the plan from the design and fits it into the view.
    void setDesign(const Design &design, const Catalog &catalog);

    /// Device pixels per metre at the current zoom.
    qreal pixelsPerMetre() const;
    /// True until the user zooms or pans: a resize then refits the plan.
    bool followsFit() const { return mFollowFit; }

public Q_SLOTS:
    void fitToView();
    void zoomIn();
    void zoomOut();

Q_SIGNALS:
    void zoomChanged(qreal pixelsPerMetre);

protected:
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void keyReleaseEvent(QKeyEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    /// Scales by `factor` (clamped) keeping the scene point under `anchor` (viewport
    /// coordinates) in place.
    void zoomBy(qreal factor, const QPointF &anchor);
    void placeLegend();
    void setSpacePan(bool on);
    void scaleChanged();

    HallScene *mScene;
    LegendWidget *mLegend;
    bool mFollowFit = true;
    bool mMiddlePanning = false;
    bool mSpacePan = false;
    QPoint mLastPanPos;
};

} // namespace cp::gui
