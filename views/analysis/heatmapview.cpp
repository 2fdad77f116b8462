#include "views/analysis/heatmapview.h"

#include "views/analysis/heatmapscale.h"

#include "model/fabric/fabric.h"
#include "views/session/selectionmodel.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QToolButton>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cp::gui {

using namespace heatmap;

HeatmapView::HeatmapView(QWidget *parent)
    : QWidget(parent)
    , mFitButton(new QToolButton(this))
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    mFitButton->setText(tr("Fit"));
    mFitButton->setToolTip(tr("Show the whole matrix (Home)"));
    mFitButton->setAutoRaise(true);
    connect(mFitButton, &QToolButton::clicked, this, &HeatmapView::fitToView);
    placeFitButton();
}

HeatmapView::~HeatmapView() = default;

// --- the data --------------------------------------------------------------------------------

void HeatmapView::setFabric(const FabricResults &fabric)
{
    const int side = fabric.matrixSide();
    const bool valid = side > 0 && fabric.bandwidthGbPerS.size() == size_t(side) * size_t(side);
    const QString level = QString::fromStdString(fabric.matrixLevel);
    const bool keepView = valid && side == mSide && level == mLevel && !mFollowFit;

    mSide = valid ? side : 0;
    mLevel = valid ? level : QString();
    mLabels.clear();
    mValues.clear();
    mHops.clear();
    mRackGroup.clear();
    if (valid) {
        mLabels.reserve(side);
        for (const std::string &label : fabric.matrixLabels)
            mLabels.push_back(QString::fromStdString(label));
        mValues = fabric.bandwidthGbPerS;
        if (fabric.hops.size() == mValues.size())
            mHops = fabric.hops;
        mRackGroup = fabric.rackGroup;
    }
    // Racks by group, for a click to select them.
    mGroupStart.assign(size_t(mSide) + 1, 0);
    for (int g : mRackGroup)
        if (g >= 0 && g < mSide)
            ++mGroupStart[size_t(g) + 1];
    for (int g = 0; g < mSide; ++g)
        mGroupStart[size_t(g) + 1] += mGroupStart[size_t(g)];
    mGroupRacks.assign(size_t(mGroupStart.back()), 0);
    {
        std::vector<int> next(mGroupStart.begin(), mGroupStart.end() - 1);
        for (int r = 0; r < int(mRackGroup.size()); ++r)
            if (const int g = mRackGroup[size_t(r)]; g >= 0 && g < mSide)
                mGroupRacks[size_t(next[size_t(g)]++)] = r;
    }

    buildImage();
    findBoundaries();
    updateMarks();
    mFitButton->setEnabled(mSide > 0);
    if (keepView) {
        clampView();
        viewChanged();
    } else {
        fitToView();
    }
}

void HeatmapView::clear()
{
    setFabric(FabricResults());
}

void HeatmapView::setSelectionModel(SelectionModel *model)
{
    if (mSelection)
        mSelection->disconnect(this);
    mSelection = model;
    if (mSelection)
        connect(mSelection, &SelectionModel::selectionChanged, this, [this] { updateMarks(); });
    updateMarks();
}

SelectionModel *HeatmapView::selectionModel() const
{
    return mSelection;
}

void HeatmapView::updateMarks()
{
    QVector<int> marked;
    if (mSelection) {
        for (int rack : mSelection->selection().racks)
            if (const int g = groupOfRack(rack); g >= 0)
                marked.push_back(g);
        std::sort(marked.begin(), marked.end());
        marked.erase(std::unique(marked.begin(), marked.end()), marked.end());
    }
    if (marked == mMarked)
        return;
    mMarked = std::move(marked);
    update();
}

QString HeatmapView::label(int index) const
{
    return index >= 0 && index < mLabels.size() ? mLabels[index] : QString();
}

float HeatmapView::valueAt(int row, int column) const
{
    if (row < 0 || column < 0 || row >= mSide || column >= mSide)
        return std::numeric_limits<float>::quiet_NaN();
    return mValues[size_t(row) * size_t(mSide) + size_t(column)];
}

int HeatmapView::hopsAt(int row, int column) const
{
    if (mHops.empty() || row < 0 || column < 0 || row >= mSide || column >= mSide)
        return -1;
    return mHops[size_t(row) * size_t(mSide) + size_t(column)];
}

int HeatmapView::groupOfRack(int rack) const
{
    if (rack < 0 || rack >= int(mRackGroup.size()))
        return -1;
    const int g = mRackGroup[size_t(rack)];
    return g >= 0 && g < mSide ? g : -1;
}

QPoint HeatmapView::cellForRacks(int rackA, int rackB) const
{
    const int a = groupOfRack(rackA), b = groupOfRack(rackB);
    return a >= 0 && b >= 0 ? QPoint(b, a) : QPoint(-1, -1);
}

QVector<int> HeatmapView::racksOfGroup(int group) const
{
    if (group < 0 || group >= mSide)
        return {};
    return QVector<int>(mGroupRacks.begin() + mGroupStart[size_t(group)],
                        mGroupRacks.begin() + mGroupStart[size_t(group) + 1]);
}

// --- geometry --------------------------------------------------------------------------------

int HeatmapView::axisWidth() const
{
    // Wide enough for the labels seen so far at this font, within reason: long labels are elided.
    const QFontMetrics fm(font());
    int widest = fm.horizontalAdvance(QStringLiteral("super-pod 00"));
    const int step = std::max<int>(1, int(mLabels.size()) / 256); // a sample is enough
    for (int i = 0; i < mLabels.size(); i += step)
        widest = std::max(widest, fm.horizontalAdvance(mLabels[i]));
    return std::clamp(widest + 2 * kMargin + kMarkStrip, 60, 8 * fm.averageCharWidth() + 60);
}

HeatmapView::Layout HeatmapView::layout() const
{
    const QFontMetrics fm(font());
    Layout l;
    const int headerH = std::max(fm.height(), mFitButton->sizeHint().height()) + 2 * kMargin;
    const int footerH = fm.height() + kMargin;
    l.header = QRect(0, 0, width(), headerH);
    l.footer = QRect(0, height() - footerH, width(), footerH);
    const int axis = axisWidth();
    const int barArea = std::max(fm.horizontalAdvance(tr("GB/s per GPU")),
                                 kBarWidth + 6 + fm.horizontalAdvance(QStringLiteral("0,000.0")))
                        + 3 * kMargin;
    const int top = l.header.bottom() + 1 + axis;
    const int left = kMargin + axis;
    l.plot = QRect(left, top, std::max(1, width() - left - barArea - kMargin),
                   std::max(1, l.footer.top() - top - kMargin));
    l.rowAxis = QRect(kMargin, top, axis, l.plot.height());
    l.columnAxis = QRect(left, l.header.bottom() + 1, l.plot.width(), axis);
    l.colorBar = QRect(l.plot.right() + 1 + 2 * kMargin, l.header.bottom() + 1, barArea - 2 * kMargin,
                       l.plot.bottom() - l.header.bottom());
    return l;
}

QRect HeatmapView::plotRect() const
{
    return layout().plot;
}

void HeatmapView::placeFitButton()
{
    const QSize s = mFitButton->sizeHint();
    mFitButton->setGeometry(width() - s.width() - kMargin, kMargin, s.width(), s.height());
    mFitButton->setEnabled(mSide > 0);
}

QPointF HeatmapView::toCells(const QPointF &widgetPos) const
{
    const QRect plot = plotRect();
    return mOrigin + (widgetPos - QPointF(plot.topLeft())) / mScale;
}

QPoint HeatmapView::cellAt(const QPoint &widgetPos) const
{
    const QRect plot = plotRect();
    if (mSide == 0 || !plot.contains(widgetPos))
        return {-1, -1};
    const QPointF c = toCells(QPointF(widgetPos) + QPointF(0.5, 0.5));
    const int column = int(std::floor(c.x())), row = int(std::floor(c.y()));
    if (row < 0 || column < 0 || row >= mSide || column >= mSide)
        return {-1, -1};
    return {column, row};
}

QRectF HeatmapView::cellRect(int row, int column) const
{
    const QRect plot = plotRect();
    const QPointF topLeft = QPointF(plot.topLeft()) + (QPointF(column, row) - mOrigin) * mScale;
    return QRectF(topLeft, QSizeF(mScale, mScale));
}

QRectF HeatmapView::visibleCells() const
{
    const QRect plot = plotRect();
    return QRectF(mOrigin, QSizeF(plot.width() / mScale, plot.height() / mScale));
}

// --- zoom ------------------------------------------------------------------------------------

void HeatmapView::clampView()
{
    if (mSide == 0) {
        mScale = 1.0;
        mOrigin = {};
        return;
    }
    const QRect plot = plotRect();
    const qreal fit = std::min(plot.width(), plot.height()) / qreal(mSide);
    mScale = std::clamp(mScale, fit, std::max(fit, kMaxCellSize));
    const auto clampAxis = [this](qreal origin, qreal extent) {
        if (extent >= mSide)
            return 0.0; // the whole axis shows: against the axis labels
        return std::clamp(origin, 0.0, mSide - extent);
    };
    mOrigin = QPointF(clampAxis(mOrigin.x(), plot.width() / mScale), clampAxis(mOrigin.y(), plot.height() / mScale));
}

void HeatmapView::viewChanged()
{
    update();
    Q_EMIT visibleCellsChanged(visibleCells());
}

void HeatmapView::fitToView()
{
    mFollowFit = true;
    mScale = 0.0; // clamped up to the fit
    clampView();
    viewChanged();
}

void HeatmapView::zoomToCells(const QRectF &cells)
{
    const QRectF r = cells.normalized();
    if (mSide == 0 || r.width() <= 0 || r.height() <= 0)
        return;
    const QRect plot = plotRect();
    mScale = std::min(plot.width() / r.width(), plot.height() / r.height());
    mOrigin = r.center() - QPointF(plot.width(), plot.height()) / (2.0 * std::clamp(mScale, 1e-9, 1e9));
    const qreal wanted = mScale;
    clampView();
    if (!qFuzzyCompare(wanted, mScale)) // clamped: keep the block's centre in the middle
        mOrigin = r.center() - QPointF(plot.width(), plot.height()) / (2.0 * mScale);
    clampView();
    mFollowFit = false;
    viewChanged();
}

void HeatmapView::zoomBy(qreal factor, const QPointF &anchor)
{
    if (mSide == 0)
        return;
    const QPointF cell = toCells(anchor);
    const qreal before = mScale;
    mScale *= factor;
    clampView();
    if (qFuzzyCompare(before, mScale))
        return;
    const QRect plot = plotRect();
    mOrigin = cell - (anchor - QPointF(plot.topLeft())) / mScale;
    clampView();
    mFollowFit = false;
    viewChanged();
}

void HeatmapView::zoomIn()
{
    zoomBy(1.5, QRectF(plotRect()).center());
}

void HeatmapView::zoomOut()
{
    zoomBy(1.0 / 1.5, QRectF(plotRect()).center());
}

// --- events ----------------------------------------------------------------------------------

bool HeatmapView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            const QPoint cell = cellAt(help->pos());
            // Hidden as soon as the mouse leaves the cell, so the next cell gets its own tip.
            QToolTip::showText(help->globalPos(), text, this,
                               cellRect(cell.y(), cell.x()).toAlignedRect().intersected(plotRect()));
        }
        return true;
    }
    return QWidget::event(event);
}

QString HeatmapView::blockName(int hops) const
{
    switch (hops) {
    case 3: return tr("leaf group");
    case 5: return tr("pod");
    case 7: return tr("super-pod");
    default: return tr("block");
    }
}

QString HeatmapView::toolTipAt(const QPoint &widgetPos) const
{
    const QPoint cell = cellAt(widgetPos);
    if (cell.x() < 0)
        return {};
    const int row = cell.y(), column = cell.x();
    const float value = valueAt(row, column);
    QString text = tr("%1 → %2").arg(label(row), label(column));
    QString figure = tr("%1 GB/s per GPU").arg(number(value, value < 10.0f ? 2 : 1));
    if (value > mScaleMax * 1.000001f)
        figure += tr(" (within one scale-up domain)");
    text += QLatin1Char('\n') + figure;
    if (const int hops = hopsAt(row, column); hops >= 0)
        text += QLatin1Char('\n')
                + (hops == 0 ? tr("no switch") : hops == 1 ? tr("1 switch hop") : tr("%1 switch hops").arg(hops));
    text += QLatin1Char('\n') + tr("%1 %2 × %1 %3").arg(mLevel, integer(row + 1), integer(column + 1));
    return text;
}

void HeatmapView::resizeEvent(QResizeEvent *)
{
    placeFitButton();
    if (mFollowFit) {
        mScale = 0.0;
        clampView();
    } else {
        clampView();
    }
    Q_EMIT visibleCellsChanged(visibleCells());
}

void HeatmapView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange) {
        placeFitButton();
        if (mFollowFit)
            mScale = 0.0;
        clampView();
    }
    QWidget::changeEvent(event);
}

void HeatmapView::wheelEvent(QWheelEvent *event)
{
    const int delta = event->angleDelta().y();
    if (delta == 0 || mSide == 0) {
        event->ignore();
        return;
    }
    zoomBy(std::pow(1.2, delta / 120.0), event->position());
    event->accept();
}

void HeatmapView::mousePressEvent(QMouseEvent *event)
{
    if (mSide == 0)
        return QWidget::mousePressEvent(event);
    mPressPos = mDragPos = event->position().toPoint();
    if (event->button() == Qt::LeftButton) {
        mDrag = Drag::Pending;
    } else if (event->button() == Qt::MiddleButton) {
        mDrag = Drag::Pan;
        mPanOrigin = mOrigin;
        setCursor(Qt::ClosedHandCursor);
    }
    event->accept();
}

void HeatmapView::mouseMoveEvent(QMouseEvent *event)
{
    const QPoint pos = event->position().toPoint();
    switch (mDrag) {
    case Drag::Pending:
        if ((pos - mPressPos).manhattanLength() < kDragThreshold)
            break;
        mDrag = Drag::Zoom;
        [[fallthrough]];
    case Drag::Zoom:
        mDragPos = pos;
        update();
        break;
    case Drag::Pan:
        mOrigin = mPanOrigin - QPointF(pos - mPressPos) / mScale;
        clampView();
        mFollowFit = false;
        viewChanged();
        break;
    case Drag::None: break;
    }
}

void HeatmapView::mouseReleaseEvent(QMouseEvent *event)
{
    const Drag drag = mDrag;
    mDrag = Drag::None;
    unsetCursor();
    const QPoint pos = event->position().toPoint();
    if (drag == Drag::Zoom) {
        // Zoom into the dragged block, snapped out to whole cells and kept inside the matrix.
        const QRect plot = plotRect();
        const QRect band = QRect(mPressPos, pos).normalized().intersected(plot);
        update();
        if (band.width() < kDragThreshold || band.height() < kDragThreshold)
            return;
        const QPointF a = toCells(band.topLeft()), b = toCells(band.bottomRight() + QPoint(1, 1));
        const qreal x0 = std::clamp(std::floor(a.x()), 0.0, qreal(mSide)), y0 = std::clamp(std::floor(a.y()), 0.0, qreal(mSide));
        const qreal x1 = std::clamp(std::ceil(b.x()), 0.0, qreal(mSide)), y1 = std::clamp(std::ceil(b.y()), 0.0, qreal(mSide));
        if (x1 > x0 && y1 > y0)
            zoomToCells(QRectF(QPointF(x0, y0), QPointF(x1, y1)));
        return;
    }
    if (drag != Drag::Pending || !mSelection)
        return;
    // A click: the racks of the row's and the column's groups, or of one group on an axis.
    const Layout l = layout();
    const QPointF c = toCells(QPointF(pos) + QPointF(0.5, 0.5));
    const int row = int(std::floor(c.y())), column = int(std::floor(c.x()));
    QVector<int> racks;
    if (l.plot.contains(pos)) {
        const QPoint cell = cellAt(pos);
        if (cell.x() >= 0) {
            racks = racksOfGroup(cell.y());
            if (cell.x() != cell.y())
                racks += racksOfGroup(cell.x());
        }
    } else if (l.rowAxis.contains(pos)) {
        racks = racksOfGroup(row);
    } else if (l.columnAxis.contains(pos)) {
        racks = racksOfGroup(column);
    } else {
        return;
    }
    std::sort(racks.begin(), racks.end());
    mSelection->selectRacks(racks, this);
}

void HeatmapView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && mSide > 0) {
        mDrag = Drag::None;
        fitToView();
        event->accept();
        return;
    }
    QWidget::mouseDoubleClickEvent(event);
}

void HeatmapView::keyPressEvent(QKeyEvent *event)
{
    const QRectF view = visibleCells();
    switch (event->key()) {
    case Qt::Key_Home: fitToView(); break;
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomIn(); break;
    case Qt::Key_Minus: zoomOut(); break;
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down: {
        const qreal dx = event->key() == Qt::Key_Left ? -1 : event->key() == Qt::Key_Right ? 1 : 0;
        const qreal dy = event->key() == Qt::Key_Up ? -1 : event->key() == Qt::Key_Down ? 1 : 0;
        mOrigin += QPointF(dx * view.width(), dy * view.height()) / 8.0;
        clampView();
        mFollowFit = false;
        viewChanged();
        break;
    }
    case Qt::Key_Escape:
        if (mDrag == Drag::None)
            return QWidget::keyPressEvent(event);
        mDrag = Drag::None;
        update();
        break;
    default: return QWidget::keyPressEvent(event);
    }
    event->accept();
}

QSize HeatmapView::sizeHint() const
{
    return {900, 760};
}

QSize HeatmapView::minimumSizeHint() const
{
    return {320, 260};
}

// The image is built in heatmapimage.cpp, painted in heatmappaint.cpp.

} // namespace cp::gui
