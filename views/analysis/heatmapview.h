#pragma once

#include <QColor>
#include <QImage>
#include <QPointer>
#include <QRectF>
#include <QString>
#include <QVector>
#include <QWidget>

#include <vector>

class QToolButton;

namespace cp {
struct FabricResults;
}

namespace cp::gui {

class SelectionModel;

/// The achievable-bandwidth matrix between racks (or leaf groups, pods) as an image.
///
/// The matrix is copied once per fabric and drawn from one image of one pixel per cell (an
/// 8-bit indexed image on a viridis scale) and a pyramid of halved copies, so a 4,096 × 4,096
/// matrix paints in a few milliseconds at any zoom: nearest neighbour when a cell covers a pixel
/// or more, averaged when it covers less. Wheel zooms at the mouse, a left drag zooms into the
/// dragged block, a middle drag pans; Home, a double-click or the Fit button show everything.
/// A click selects the racks of the row's and the column's groups in the shared selection; the
/// groups of racks selected anywhere are marked on the axes without moving the view.
class HeatmapView final : public QWidget
{
    Q_OBJECT

public:
    explicit HeatmapView(QWidget *parent = nullptr);
    ~HeatmapView() override;

    /// Copies the matrix, labels and rack-to-group map of the fabric results and rebuilds the
    /// image. The zoom is kept when the matrix has the same side and level (a re-evaluation after
    /// an edit), else the view fits the new matrix.
    void setFabric(const FabricResults &fabric);
    /// Forgets the matrix: the view says there is no fabric.
    void clear();
    /// The selection clicks write and marks read; null detaches.
    void setSelectionModel(SelectionModel *model);
    SelectionModel *selectionModel() const;

    /// Cells on a side (0 without a fabric), the grouping ("rack", "leaf group", "pod").
    int side() const { return mSide; }
    QString level() const { return mLevel; }
    QString label(int index) const;
    /// GB/s per GPU (one direction) and switch hops from the row's group to the column's.
    float valueAt(int row, int column) const;
    int hopsAt(int row, int column) const;
    /// The matrix index of a rack of the design (Design::racks), -1 if it has none.
    int groupOfRack(int rack) const;
    /// The cell (x = column, y = row) of the racks `rackA` (row) and `rackB` (column); (-1, -1)
    /// when either has no group.
    QPoint cellForRacks(int rackA, int rackB) const;
    /// The racks of the design in a group, in Design::racks order.
    QVector<int> racksOfGroup(int group) const;

    /// The cell (x = column, y = row) under a widget point; (-1, -1) outside the matrix.
    QPoint cellAt(const QPoint &widgetPos) const;
    /// Where a cell is drawn, in widget coordinates (may lie outside the plot when not shown).
    QRectF cellRect(int row, int column) const;
    /// The area of the widget the matrix is drawn in.
    QRect plotRect() const;
    /// The text the tooltip shows at a widget point: both ends, GB/s per GPU, hops; empty off
    /// the matrix.
    QString toolTipAt(const QPoint &widgetPos) const;

    /// The image, one pixel per cell (x = column, y = row).
    const QImage &image() const { return mImage; }
    /// The colour of a value on the view's scale (exactly the image's colour for that value).
    QColor colorFor(float value) const;
    /// The top of the colour scale: the largest value between two different groups (the
    /// diagonal of a supernode rack, NVLink, is above it and has its own colour).
    float scaleMax() const { return mScaleMax; }
    /// The viridis stops the scale interpolates, low to high.
    static const QVector<QColor> &colorScale();
    /// The colour of values above the scale (within a scale-up domain).
    static QColor aboveScaleColor();
    /// The colour that marks the rows and columns of selected racks' groups.
    static QColor markColor();

    /// The part of the matrix shown, in cells (x = columns, y = rows; may extend past the
    /// matrix when it is smaller than the plot).
    QRectF visibleCells() const;
    /// Widget pixels per cell.
    qreal cellSize() const { return mScale; }
    /// True until the user zooms or pans: a resize then refits.
    bool followsFit() const { return mFollowFit; }
    /// Shows the cells of `cells` (x = columns, y = rows) as large as they fit.
    void zoomToCells(const QRectF &cells);
    /// Scales by `factor` (clamped) keeping the cell under `anchor` (widget coordinates) in place.
    void zoomBy(qreal factor, const QPointF &anchor);

    /// Matrix indexes of the groups of the selected racks, sorted.
    const QVector<int> &markedGroups() const { return mMarked; }
    /// Indexes i where a block of the topology starts (i and i - 1 lie in different blocks),
    /// with the switch hops between them (3: leaf groups, 5: pods, 7: super-pods).
    struct Boundary
    {
        int index;
        int hops;
    };
    const std::vector<Boundary> &boundaries() const { return mBoundaries; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

public Q_SLOTS:
    void fitToView();
    void zoomIn();
    void zoomOut();

Q_SIGNALS:
    void visibleCellsChanged(const QRectF &cells);

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    struct Layout
    {
        QRect header, plot, rowAxis, columnAxis, colorBar, footer;
    };
    Layout layout() const;
    void buildImage();
    void findBoundaries();
    void updateMarks();
    void clampView();
    void viewChanged();
    void placeFitButton();
    int axisWidth() const;
    /// Cell coordinate of a widget point (fractional; may lie outside the matrix).
    QPointF toCells(const QPointF &widgetPos) const;
    QString titleText() const;
    QString blockName(int hops) const;

    void paintMatrix(QPainter &p, const QRect &plot) const;
    void paintBoundaries(QPainter &p, const QRect &plot) const;
    void paintMarks(QPainter &p, const Layout &l) const;
    void paintAxes(QPainter &p, const Layout &l) const;
    void paintColorBar(QPainter &p, const QRect &area) const;

    QPointer<SelectionModel> mSelection;

    int mSide = 0;
    QString mLevel;
    QStringList mLabels;
    std::vector<float> mValues;         ///< side × side, row-major
    std::vector<unsigned char> mHops;   ///< same layout; empty if the fabric has none
    std::vector<int> mRackGroup;        ///< per rack of the design
    std::vector<int> mGroupStart;       ///< side + 1 offsets into mGroupRacks
    std::vector<int> mGroupRacks;       ///< racks sorted by group
    std::vector<Boundary> mBoundaries;
    float mScaleMax = 1.0f;
    float mScaleMin = 0.0f;             ///< lowest value, for the colour bar's mark
    bool mHasAbove = false;             ///< some value lies above the scale

    QImage mImage;                      ///< Indexed8, side × side
    std::vector<QImage> mPyramid;       ///< RGB32: level k (from 1) holds 2^k × 2^k cells per pixel

    QVector<int> mMarked;
    qreal mScale = 1.0;                 ///< widget pixels per cell
    QPointF mOrigin;                    ///< cell coordinate at the plot's top-left corner
    bool mFollowFit = true;

    enum class Drag { None, Pending, Zoom, Pan } mDrag = Drag::None;
    QPoint mPressPos, mDragPos;
    QPointF mPanOrigin;

    QToolButton *mFitButton;
};

} // namespace cp::gui
