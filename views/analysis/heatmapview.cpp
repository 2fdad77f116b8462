#include "views/analysis/heatmapview.h"

#include "model/fabric/fabric.h"
#include "views/session/selectionmodel.h"
#include "views/style/colorscale.h"
#include "views/style/format.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolButton>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>

namespace cp::gui {

namespace {

// Colour indexes of the image: the scale's steps, then two colours outside it.
constexpr int kScaleSteps = 254;
constexpr int kAboveIndex = 254;   // above the scale: inside a scale-up domain
constexpr int kInvalidIndex = 255; // no figure (negative or not a number)

constexpr int kMargin = 6;
constexpr int kBarWidth = 14;
constexpr int kMarkStrip = 5;          // the strip beside the plot that marks selected groups
constexpr qreal kMaxCellSize = 64.0;   // widget pixels per cell, zoomed in as far as it goes
constexpr int kDragThreshold = 4;      // pixels a press moves before it is a drag, not a click
constexpr int kMinPyramidSide = 16;

using fmt::integer;
using fmt::number;

/// The colour table of the image: kScaleSteps colours along the scale, then the two others.
const QVector<QRgb> &colorTable()
{
    static const QVector<QRgb> table = [] {
        QVector<QRgb> t(256);
        const QVector<QColor> &stops = HeatmapView::colorScale();
        for (int i = 0; i < kScaleSteps; ++i)
            t[i] = scaleRgb(stops, qreal(i) / (kScaleSteps - 1));
        t[kAboveIndex] = HeatmapView::aboveScaleColor().rgb();
        t[kInvalidIndex] = overlayNeutralColor().rgb();
        return t;
    }();
    return table;
}

/// Maps values to colour indexes on a scale from 0 to `top`; colorFor() and the image share it.
struct ColorIndexer
{
    explicit ColorIndexer(float top)
        : limit(top * 1.000001f)
        , steps(float(kScaleSteps - 1) / top)
    {}
    uchar operator()(float value) const
    {
        if (!(value >= 0.0f))
            return kInvalidIndex;
        if (value > limit)
            return kAboveIndex;
        return uchar(std::min(int(value * steps + 0.5f), kScaleSteps - 1));
    }
    float limit, steps;
};

/// The mean of four opaque pixels, rounded; red and blue (and green alone) are summed two to a
/// 32-bit word, 16 bits apart, so four 8-bit values never carry into the next channel.
inline QRgb mean4(QRgb a, QRgb b, QRgb c, QRgb d)
{
    const quint32 rb = (a & 0x00ff00ffu) + (b & 0x00ff00ffu) + (c & 0x00ff00ffu) + (d & 0x00ff00ffu) + 0x00020002u;
    const quint32 g = (a & 0x0000ff00u) + (b & 0x0000ff00u) + (c & 0x0000ff00u) + (d & 0x0000ff00u) + 0x00000200u;
    return 0xff000000u | ((rb >> 2) & 0x00ff00ffu) | ((g >> 2) & 0x0000ff00u);
}

/// Halves an image by averaging each 2 × 2 block of pixels (a lone last row or column is
/// averaged with itself), so a zoomed-out view shows the mean colour of the cells it covers.
QImage halve(const QImage &source)
{
    const int w = source.width(), h = source.height();
    const int hw = (w + 1) / 2, hh = (h + 1) / 2;
    QImage out(hw, hh, QImage::Format_RGB32);
    const bool indexed = source.format() == QImage::Format_Indexed8;
    const QRgb *table = colorTable().constData();
    for (int y = 0; y < hh; ++y) {
        const int y0 = 2 * y, y1 = std::min(2 * y + 1, h - 1);
        auto *dst = reinterpret_cast<QRgb *>(out.scanLine(y));
        if (indexed) {
            const uchar *a = source.constScanLine(y0), *b = source.constScanLine(y1);
            for (int x = 0; x < hw; ++x) {
                const int x0 = 2 * x, x1 = std::min(2 * x + 1, w - 1);
                dst[x] = mean4(table[a[x0]], table[a[x1]], table[b[x0]], table[b[x1]]);
            }
        } else {
            const auto *a = reinterpret_cast<const QRgb *>(source.constScanLine(y0));
            const auto *b = reinterpret_cast<const QRgb *>(source.constScanLine(y1));
            for (int x = 0; x < hw; ++x) {
                const int x0 = 2 * x, x1 = std::min(2 * x + 1, w - 1);
                dst[x] = mean4(a[x0], a[x1], b[x0], b[x1]);
            }
        }
    }
    return out;
}

/// A round step (1, 2, 2.5 or 5 × 10^n) giving about `count` intervals up to `top`.
double niceStep(double top, int count)
{
    const double raw = top / std::max(1, count);
    const double decade = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 2.5, 5.0})
        if (decade * m >= raw)
            return decade * m;
    return decade * 10.0;
}

int decimalsFor(double step)
{
    for (int d = 0; d < 3; ++d) {
        const double scaled = step * std::pow(10.0, d);
        if (std::abs(scaled - std::round(scaled)) < 1e-6)
            return d;
    }
    return 3;
}

} // namespace

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

const QVector<QColor> &HeatmapView::colorScale()
{
    return viridisScale();
}

QColor HeatmapView::aboveScaleColor()
{
    return QColor(0xcc, 0x79, 0xa7); // Okabe–Ito reddish purple: outside viridis
}

QColor HeatmapView::markColor()
{
    return QColor(0xd5, 0x5e, 0x00); // Okabe–Ito vermilion: apart from every viridis colour
}

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

void HeatmapView::buildImage()
{
    mPyramid.clear();
    mScaleMax = 1.0f;
    mScaleMin = 0.0f;
    mHasAbove = false;
    if (mSide == 0) {
        mImage = QImage();
        return;
    }
    // The scale's top is the largest figure between two different groups: a supernode rack's
    // diagonal (NVLink, an order of magnitude above any path through the fabric) would squash
    // every tier of the fabric into the bottom of the scale.
    const size_t n = size_t(mSide);
    float top = 0.0f, low = std::numeric_limits<float>::infinity();
    for (size_t r = 0; r < n; ++r) {
        const float *row = mValues.data() + r * n;
        for (size_t c = 0; c < n; ++c)
            if (c != r && row[c] >= 0.0f) {
                top = std::max(top, row[c]);
                low = std::min(low, row[c]);
            }
    }
    if (n == 1 && mValues[0] >= 0.0f)
        top = low = mValues[0];
    mScaleMax = top > 0.0f ? top : 1.0f;
    mScaleMin = std::isfinite(low) ? low : 0.0f;

    mImage = QImage(mSide, mSide, QImage::Format_Indexed8);
    mImage.setColorTable(colorTable());
    const ColorIndexer index(mScaleMax);
    for (size_t r = 0; r < n; ++r) {
        uchar *line = mImage.scanLine(int(r));
        const float *row = mValues.data() + r * n;
        for (size_t c = 0; c < n; ++c)
            line[c] = index(row[c]);
        mHasAbove |= std::memchr(line, kAboveIndex, n) != nullptr;
    }
    // Halved copies for the zoomed-out views, down to a few pixels.
    const QImage *level = &mImage;
    while (level->width() > kMinPyramidSide) {
        mPyramid.push_back(halve(*level));
        level = &mPyramid.back();
    }
}

void HeatmapView::findBoundaries()
{
    // A block of the topology starts where a row differs from the one before (the two cells on
    // the diagonal aside): racks of one leaf group, leaf groups of one pod, have identical rows.
    mBoundaries.clear();
    const size_t n = size_t(mSide);
    const auto same = [n](const auto *data, size_t a, size_t b) {
        const auto *ra = data + a * n, *rb = data + b * n;
        const size_t lo = std::min(a, b), hi = std::max(a, b);
        return std::memcmp(ra, rb, lo * sizeof(*ra)) == 0
               && std::memcmp(ra + hi + 1, rb + hi + 1, (n - hi - 1) * sizeof(*ra)) == 0;
    };
    for (size_t i = 1; i < n; ++i) {
        const bool differ = !same(mValues.data(), i - 1, i) || (!mHops.empty() && !same(mHops.data(), i - 1, i));
        if (differ)
            mBoundaries.push_back({int(i), mHops.empty() ? 0 : int(mHops[(i - 1) * n + i])});
    }
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

QColor HeatmapView::colorFor(float value) const
{
    return QColor(colorTable()[ColorIndexer(mScaleMax)(value)]);
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

// --- painting --------------------------------------------------------------------------------

QString HeatmapView::titleText() const
{
    const QString between = mLevel == QLatin1String("rack")         ? tr("racks")
                             : mLevel == QLatin1String("leaf group") ? tr("leaf groups")
                             : mLevel == QLatin1String("pod")        ? tr("pods")
                                                                     : mLevel;
    return tr("Achievable bandwidth between %1 (GB/s per GPU, one direction) · %2 × %2")
        .arg(between, integer(mSide));
}

void HeatmapView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Window));
    const QFontMetrics fm(font());
    if (mSide == 0) {
        QFont bold = font();
        bold.setBold(true);
        bold.setPointSizeF(font().pointSizeF() * 1.3);
        p.setFont(bold);
        p.setPen(palette().color(QPalette::WindowText));
        const QRect r = rect();
        const int h = QFontMetrics(bold).height();
        p.drawText(QRect(r.left(), r.center().y() - h, r.width(), h), Qt::AlignCenter, tr("No fabric"));
        p.setFont(font());
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(QRect(r.left(), r.center().y() + 4, r.width(), fm.height() * 2), Qt::AlignHCenter | Qt::AlignTop,
                   tr("The design has no GPUs on a scale-out network, or it has not been evaluated yet."));
        return;
    }
    const Layout l = layout();

    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(palette().color(QPalette::WindowText));
    const QRect titleRect = l.header.adjusted(kMargin, 0, -mFitButton->width() - 2 * kMargin, 0);
    p.drawText(titleRect, Qt::AlignLeft | Qt::AlignVCenter,
               QFontMetrics(bold).elidedText(titleText(), Qt::ElideRight, titleRect.width()));
    p.setFont(font());

    p.save();
    p.setClipRect(l.plot);
    paintMatrix(p, l.plot);
    paintBoundaries(p, l.plot);
    p.restore();
    // A frame around the part of the matrix shown.
    const QRectF shown = QRectF(l.plot).intersected(
        QRectF(QPointF(l.plot.topLeft()) - mOrigin * mScale, QSizeF(mSide, mSide) * mScale));
    p.setPen(QPen(palette().color(QPalette::Mid), 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(shown.adjusted(-0.5, -0.5, 0.5, 0.5));
    paintAxes(p, l);
    paintMarks(p, l);
    // The colour bar beside the matrix when the matrix is narrower than the plot.
    QRect bar = l.colorBar;
    bar.moveLeft(std::min(l.colorBar.left(), int(std::ceil(shown.right())) + 1 + 2 * kMargin));
    paintColorBar(p, bar);

    // The footer: what part shows, and what the mouse does.
    const QRectF v = visibleCells().intersected(QRectF(0, 0, mSide, mSide));
    const auto first = [](qreal x) { return integer(static_cast<long long>(std::floor(x)) + 1); };
    const auto last = [this](qreal x) { return integer(std::min<long long>(mSide, static_cast<long long>(std::ceil(x - 1e-9)))); };
    QString footer = tr("Rows %1–%2, columns %3–%4 of %5")
                         .arg(first(v.top()), last(v.bottom()), first(v.left()), last(v.right()), integer(mSide));
    footer += mScale >= 1.0 ? tr(" · %1 px per cell").arg(number(mScale, mScale < 10 ? 1 : 0))
                            : tr(" · 1 px = %1 cells").arg(number(1.0 / mScale, 1));
    if (mScaleMin == mScaleMax && mSide > 1) // a non-blocking fabric: one figure between groups
        footer += tr(" · every pair %1 GB/s per GPU").arg(number(mScaleMax, mScaleMax < 10 ? 2 : 1));
    footer += tr(" · drag to zoom into a block, click to select racks, Home to fit");
    p.setPen(palette().color(QPalette::PlaceholderText));
    p.drawText(l.footer.adjusted(kMargin, 0, -kMargin, 0), Qt::AlignLeft | Qt::AlignVCenter,
               fm.elidedText(footer, Qt::ElideRight, l.footer.width() - 2 * kMargin));

    if (mDrag == Drag::Zoom) {
        const QRect band = QRect(mPressPos, mDragPos).normalized().intersected(l.plot);
        p.setPen(QPen(Qt::white, 1, Qt::SolidLine));
        p.setBrush(QColor(255, 255, 255, 50));
        p.drawRect(band);
        p.setPen(QPen(Qt::black, 1, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(band);
    }
}

void HeatmapView::paintMatrix(QPainter &p, const QRect &plot) const
{
    const QRectF v = visibleCells().intersected(QRectF(0, 0, mSide, mSide));
    if (v.isEmpty())
        return;
    const int c0 = int(std::floor(v.left())), r0 = int(std::floor(v.top()));
    const int c1 = std::min(mSide, int(std::ceil(v.right()))), r1 = std::min(mSide, int(std::ceil(v.bottom())));
    const auto toWidget = [&](qreal column, qreal row) {
        return QPointF(plot.topLeft()) + (QPointF(column, row) - mOrigin) * mScale;
    };
    const qreal devicePixelsPerCell = mScale * devicePixelRatioF();
    if (devicePixelsPerCell >= 0.5 || mPyramid.empty()) {
        // One image pixel per cell: only the visible cells are converted to colours, then drawn
        // with nearest-neighbour sampling (sharp cells) or smoothed when just under a pixel each.
        const QImage part = mImage.copy(c0, r0, c1 - c0, r1 - r0).convertToFormat(QImage::Format_RGB32);
        p.setRenderHint(QPainter::SmoothPixmapTransform, devicePixelsPerCell < 1.0);
        p.drawImage(QRectF(toWidget(c0, r0), toWidget(c1, r1)), part);
        return;
    }
    // Zoomed out: the halved copy with at least as many pixels as the screen shows, smoothed.
    const int k = std::clamp(int(std::floor(std::log2(1.0 / devicePixelsPerCell))), 1, int(mPyramid.size()));
    const QImage &level = mPyramid[size_t(k) - 1];
    const int f = 1 << k;
    const int j0 = c0 / f, i0 = r0 / f;
    const int j1 = std::min(level.width(), (c1 + f - 1) / f), i1 = std::min(level.height(), (r1 + f - 1) / f);
    const QRectF target(toWidget(j0 * f, i0 * f), toWidget(std::min(j1 * f, mSide), std::min(i1 * f, mSide)));
    p.setRenderHint(QPainter::SmoothPixmapTransform, true);
    p.drawImage(target, level, QRectF(j0, i0, j1 - j0, i1 - i0));
}

void HeatmapView::paintBoundaries(QPainter &p, const QRect &plot) const
{
    if (mBoundaries.empty())
        return;
    const QRectF v = visibleCells().intersected(QRectF(0, 0, mSide, mSide));
    const qreal x0 = plot.left() + (v.left() - mOrigin.x()) * mScale, x1 = plot.left() + (v.right() - mOrigin.x()) * mScale;
    const qreal y0 = plot.top() + (v.top() - mOrigin.y()) * mScale, y1 = plot.top() + (v.bottom() - mOrigin.y()) * mScale;
    int topHops = 0;
    for (const Boundary &b : mBoundaries)
        topHops = std::max(topHops, b.hops);
    // A tier's lines are drawn when they are at least 12 pixels apart on average, so a zoomed-out
    // view shows the largest blocks and zooming in brings in the finer ones.
    std::array<int, 256> visible{};
    for (const Boundary &b : mBoundaries)
        if (b.index > v.left() && b.index < v.right())
            for (int h = 0; h <= b.hops; ++h)
                ++visible[size_t(h)];
    const qreal extent = std::max(x1 - x0, y1 - y0);
    const auto drawLines = [&](int hops, const QPen &pen) {
        p.setPen(pen);
        for (const Boundary &b : mBoundaries) {
            if (b.hops != hops)
                continue;
            const qreal x = plot.left() + (b.index - mOrigin.x()) * mScale;
            const qreal y = plot.top() + (b.index - mOrigin.y()) * mScale;
            if (x > x0 && x < x1)
                p.drawLine(QPointF(x, y0), QPointF(x, y1));
            if (y > y0 && y < y1)
                p.drawLine(QPointF(x0, y), QPointF(x1, y));
        }
    };
    std::vector<int> levels;
    for (const Boundary &b : mBoundaries)
        if (std::find(levels.begin(), levels.end(), b.hops) == levels.end())
            levels.push_back(b.hops);
    std::sort(levels.begin(), levels.end());
    for (int hops : levels) {
        if (visible[size_t(hops)] * 12.0 > extent)
            continue;
        const bool topTier = hops == topHops && levels.size() > 1;
        drawLines(hops, QPen(QColor(255, 255, 255, topTier ? 220 : 130), topTier ? 1.5 : 1.0));
    }
}

void HeatmapView::paintAxes(QPainter &p, const Layout &l) const
{
    const QFontMetrics fm(font());
    const QRectF v = visibleCells().intersected(QRectF(0, 0, mSide, mSide));
    const int c0 = int(std::floor(v.left())), c1 = std::min(mSide, int(std::ceil(v.right())));
    const int r0 = int(std::floor(v.top())), r1 = std::min(mSide, int(std::ceil(v.bottom())));
    const auto xOf = [&](qreal column) { return l.plot.left() + (column - mOrigin.x()) * mScale; };
    const auto yOf = [&](qreal row) { return l.plot.top() + (row - mOrigin.y()) * mScale; };
    const QRect rowText = l.rowAxis.adjusted(0, 0, -kMarkStrip - 3, 0);
    const QRect columnText = l.columnAxis.adjusted(0, 0, 0, -kMarkStrip - 3);
    p.setPen(palette().color(QPalette::WindowText));

    if (mScale >= fm.height()) {
        // Every visible row and column by its label.
        p.save();
        p.setClipRect(l.rowAxis);
        for (int r = r0; r < r1; ++r)
            p.drawText(QRectF(rowText.left(), yOf(r), rowText.width(), mScale), Qt::AlignRight | Qt::AlignVCenter,
                       fm.elidedText(mLabels[r], Qt::ElideLeft, rowText.width()));
        p.setClipRect(l.columnAxis);
        p.translate(0, columnText.bottom());
        p.rotate(-90);
        // Rotated: x runs up from the axis's bottom, y runs right.
        for (int c = c0; c < c1; ++c)
            p.drawText(QRectF(0, xOf(c), columnText.height(), mScale), Qt::AlignLeft | Qt::AlignVCenter,
                       fm.elidedText(mLabels[c], Qt::ElideLeft, columnText.height()));
        p.restore();
        return;
    }

    // Zoomed out: the blocks of the coarsest tier whose blocks are tall enough to name, else
    // ticks at the block boundaries and the first and last index.
    int topHops = -1;
    for (const Boundary &b : mBoundaries)
        topHops = std::max(topHops, b.hops);
    std::vector<int> starts{0};
    for (const Boundary &b : mBoundaries)
        if (b.hops == topHops)
            starts.push_back(b.index);
    starts.push_back(mSide);
    qreal largest = 0.0;
    for (size_t i = 1; i < starts.size(); ++i)
        largest = std::max(largest, (starts[i] - starts[i - 1]) * mScale);
    const qreal nameRoom = fm.height() + 2;
    const QColor tickColor = palette().color(QPalette::Mid);
    p.setPen(QPen(tickColor, 1));
    for (size_t i = 1; i + 1 < starts.size(); ++i) {
        const qreal x = xOf(starts[i]), y = yOf(starts[i]);
        if (y >= l.plot.top() && y <= l.plot.bottom())
            p.drawLine(QPointF(rowText.right() - 6, y), QPointF(l.rowAxis.right(), y));
        if (x >= l.plot.left() && x <= l.plot.right())
            p.drawLine(QPointF(x, columnText.bottom() - 6), QPointF(x, l.columnAxis.bottom()));
    }
    p.setPen(palette().color(QPalette::WindowText));
    // Blocks too small for their name go without; the others are named.
    const bool named = starts.size() > 2 && largest >= nameRoom;
    p.save();
    p.setClipRect(l.rowAxis);
    if (named) {
        const QString name = blockName(topHops);
        for (size_t i = 1; i < starts.size(); ++i) {
            const QRectF band(rowText.left(), yOf(starts[i - 1]), rowText.width() - 8, (starts[i] - starts[i - 1]) * mScale);
            if (band.height() < nameRoom || band.bottom() < l.plot.top() || band.top() > l.plot.bottom())
                continue;
            p.drawText(band, Qt::AlignRight | Qt::AlignVCenter,
                       fm.elidedText(tr("%1 %2").arg(name, integer(qsizetype(i))), Qt::ElideRight, int(band.width())));
        }
    } else {
        // The first and last rows shown, by label.
        p.drawText(QRectF(rowText.left(), std::max<qreal>(l.plot.top(), yOf(r0)), rowText.width() - 8, fm.height()),
                   Qt::AlignRight | Qt::AlignTop, fm.elidedText(mLabels[r0], Qt::ElideLeft, rowText.width() - 8));
        p.drawText(QRectF(rowText.left(), std::min<qreal>(l.plot.bottom(), yOf(r1)) - fm.height(), rowText.width() - 8,
                          fm.height()),
                   Qt::AlignRight | Qt::AlignBottom, fm.elidedText(mLabels[r1 - 1], Qt::ElideLeft, rowText.width() - 8));
    }
    p.setClipRect(l.columnAxis);
    p.translate(0, columnText.bottom());
    p.rotate(-90);
    const int w = columnText.height() - 8;
    if (named) {
        const QString name = blockName(topHops);
        for (size_t i = 1; i < starts.size(); ++i) {
            const QRectF band(8, xOf(starts[i - 1]), w, (starts[i] - starts[i - 1]) * mScale);
            if (band.height() < nameRoom || band.bottom() < l.plot.left() || band.top() > l.plot.right())
                continue;
            p.drawText(band, Qt::AlignLeft | Qt::AlignVCenter,
                       fm.elidedText(tr("%1 %2").arg(name, integer(qsizetype(i))), Qt::ElideRight, w));
        }
    } else {
        p.drawText(QRectF(8, std::max<qreal>(l.plot.left(), xOf(c0)), w, fm.height()), Qt::AlignLeft | Qt::AlignTop,
                   fm.elidedText(mLabels[c0], Qt::ElideLeft, w));
        p.drawText(QRectF(8, std::min<qreal>(l.plot.right(), xOf(c1)) - fm.height(), w, fm.height()),
                   Qt::AlignLeft | Qt::AlignBottom, fm.elidedText(mLabels[c1 - 1], Qt::ElideLeft, w));
    }
    p.restore();
}

void HeatmapView::paintMarks(QPainter &p, const Layout &l) const
{
    if (mMarked.isEmpty())
        return;
    // Runs of consecutive marked groups: one bar beside the plot and one outline across it each.
    struct Run
    {
        int first, last;
    };
    std::vector<Run> runs;
    for (int g : mMarked) {
        if (!runs.empty() && runs.back().last + 1 == g)
            runs.back().last = g;
        else
            runs.push_back({g, g});
    }
    const QRectF v = visibleCells();
    const QRectF shown = QRectF(l.plot).intersected(
        QRectF(QPointF(l.plot.topLeft()) + (QPointF(0, 0) - mOrigin) * mScale, QSizeF(mSide, mSide) * mScale));
    const QRectF rowStrip(l.rowAxis.right() - kMarkStrip, l.plot.top(), kMarkStrip, l.plot.height());
    const QRectF columnStrip(l.plot.left(), l.columnAxis.bottom() - kMarkStrip, l.plot.width(), kMarkStrip);
    const QColor color = markColor();
    bool above = false, below = false, leftOf = false, rightOf = false;
    int outlines = 0;
    for (const Run &run : runs) {
        const qreal from = run.first, to = run.last + 1.0;
        // Rows.
        if (to <= v.top()) {
            above = true;
        } else if (from >= v.bottom()) {
            below = true;
        } else {
            qreal y0 = l.plot.top() + (from - mOrigin.y()) * mScale, y1 = l.plot.top() + (to - mOrigin.y()) * mScale;
            if (y1 - y0 < 2.0) {
                const qreal c = (y0 + y1) / 2.0;
                y0 = c - 1.0;
                y1 = c + 1.0;
            }
            p.fillRect(QRectF(rowStrip.left(), std::max(y0, rowStrip.top()), rowStrip.width(),
                              std::min(y1, rowStrip.bottom()) - std::max(y0, rowStrip.top())),
                       color);
            if (outlines++ < 128 && y1 - y0 >= 3.0) {
                p.setPen(QPen(color, 1.5));
                p.setBrush(Qt::NoBrush);
                p.drawRect(QRectF(shown.left(), y0, shown.width(), y1 - y0).intersected(QRectF(l.plot)));
            }
        }
        // Columns.
        if (to <= v.left()) {
            leftOf = true;
        } else if (from >= v.right()) {
            rightOf = true;
        } else {
            qreal x0 = l.plot.left() + (from - mOrigin.x()) * mScale, x1 = l.plot.left() + (to - mOrigin.x()) * mScale;
            if (x1 - x0 < 2.0) {
                const qreal c = (x0 + x1) / 2.0;
                x0 = c - 1.0;
                x1 = c + 1.0;
            }
            p.fillRect(QRectF(std::max(x0, columnStrip.left()), columnStrip.top(),
                              std::min(x1, columnStrip.right()) - std::max(x0, columnStrip.left()), columnStrip.height()),
                       color);
            if (outlines++ < 128 && x1 - x0 >= 3.0) {
                p.setPen(QPen(color, 1.5));
                p.setBrush(Qt::NoBrush);
                p.drawRect(QRectF(x0, shown.top(), x1 - x0, shown.height()).intersected(QRectF(l.plot)));
            }
        }
    }
    // Marked groups outside the view: an arrow at that end of the strip, the view stays put.
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    const auto arrow = [&p](QPointF tip, QPointF base1, QPointF base2) {
        QPainterPath path(tip);
        path.lineTo(base1);
        path.lineTo(base2);
        path.closeSubpath();
        p.drawPath(path);
    };
    const qreal s = 4.0;
    const qreal rx = rowStrip.center().x(), cy = columnStrip.center().y();
    if (above)
        arrow({rx, rowStrip.top()}, {rx - s, rowStrip.top() + s * 1.5}, {rx + s, rowStrip.top() + s * 1.5});
    if (below)
        arrow({rx, rowStrip.bottom()}, {rx - s, rowStrip.bottom() - s * 1.5}, {rx + s, rowStrip.bottom() - s * 1.5});
    if (leftOf)
        arrow({columnStrip.left(), cy}, {columnStrip.left() + s * 1.5, cy - s}, {columnStrip.left() + s * 1.5, cy + s});
    if (rightOf)
        arrow({columnStrip.right(), cy}, {columnStrip.right() - s * 1.5, cy - s}, {columnStrip.right() - s * 1.5, cy + s});
    p.setRenderHint(QPainter::Antialiasing, false);
}

void HeatmapView::paintColorBar(QPainter &p, const QRect &area) const
{
    const QFontMetrics fm(font());
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(QRect(area.left(), area.top(), area.width(), fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
               tr("GB/s per GPU"));
    const int swatchBlock = mHasAbove ? 2 * fm.height() + kMargin : 0;
    const int barTop = area.top() + fm.height() + fm.height() / 2 + 2;
    const int barBottom = area.bottom() - swatchBlock - fm.height() / 2;
    if (barBottom - barTop < 20)
        return;
    const QRectF bar(area.left(), barTop, kBarWidth, barBottom - barTop);
    // The bar is drawn from the image's own colour table, high values at the top.
    const QVector<QRgb> &table = colorTable();
    QImage strip(1, kScaleSteps, QImage::Format_RGB32);
    for (int i = 0; i < kScaleSteps; ++i)
        strip.setPixel(0, kScaleSteps - 1 - i, table[i]);
    p.save();
    p.setRenderHint(QPainter::SmoothPixmapTransform, true);
    p.drawImage(bar, strip);
    p.restore();
    p.setPen(QPen(palette().color(QPalette::Mid), 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(bar.adjusted(-0.5, -0.5, 0.5, 0.5));

    const double step = niceStep(mScaleMax, std::clamp(int(bar.height() / (fm.height() * 2.5)), 2, 6));
    const int decimals = decimalsFor(step);
    p.setPen(palette().color(QPalette::WindowText));
    const auto yOf = [&](double value) { return bar.bottom() - value / mScaleMax * bar.height(); };
    for (double t = 0.0; t <= mScaleMax * (1.0 + 1e-9); t += step) {
        const qreal y = yOf(t);
        p.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + 4, y));
        p.drawText(QRectF(bar.right() + 6, y - fm.height() / 2.0, area.width() - kBarWidth - 6, fm.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, number(t, decimals));
    }
    // The top of the scale and the lowest figure, when they are not on a round tick.
    const auto mark = [&](double value) {
        const double ticks = value / step;
        if (std::abs(ticks - std::round(ticks)) < 0.05)
            return;
        const qreal y = yOf(value);
        p.setPen(QPen(palette().color(QPalette::WindowText), 1.5));
        p.drawLine(QPointF(bar.left() - 3, y), QPointF(bar.right() + 4, y));
        QFont small = font();
        small.setBold(true);
        p.setFont(small);
        p.drawText(QRectF(bar.right() + 6, y - fm.height() / 2.0, area.width() - kBarWidth - 6, fm.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, number(value, value < 10 ? 2 : 1));
        p.setFont(font());
    };
    mark(mScaleMax);
    if (mScaleMin > 0.0f && mScaleMin < mScaleMax)
        mark(mScaleMin);

    if (mHasAbove) {
        const QRectF swatch(area.left(), area.bottom() - swatchBlock + kMargin, kBarWidth, kBarWidth);
        p.setPen(QPen(palette().color(QPalette::Mid), 1));
        p.setBrush(aboveScaleColor());
        p.drawRect(swatch);
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRectF(swatch.right() + 6, swatch.top() - 2, area.width() - kBarWidth - 6, 2 * fm.height()),
                   Qt::AlignLeft | Qt::AlignTop, tr("above:\nscale-up"));
    }
}

} // namespace cp::gui
