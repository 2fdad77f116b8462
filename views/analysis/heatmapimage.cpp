// The heatmap's image: the matrix as one pixel per cell on the colour scale, its halved copies
// for zoomed-out views, and the topology's block boundaries.

#include "views/analysis/heatmapscale.h"

#include "views/style/colorscale.h"

#include <QColor>
#include <QImage>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace cp::gui {

namespace heatmap {

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

} // namespace heatmap

using namespace heatmap;

namespace {

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

} // namespace

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

QColor HeatmapView::colorFor(float value) const
{
    return QColor(colorTable()[ColorIndexer(mScaleMax)(value)]);
}

} // namespace cp::gui
