// Painting the heatmap: the title, the matrix at any zoom, the topology's block boundaries, the
// axes with their labels, the marks of selected groups and the colour bar.

#include "views/analysis/heatmapscale.h"

#include <QPainter>
#include <QPainterPath>
#include <QPaintEvent>
#include <QToolButton>

#include <algorithm>
#include <array>
#include <cmath>

namespace cp::gui {

using namespace heatmap;

namespace {

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
