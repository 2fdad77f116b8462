#pragma once

// What the heatmap's image, painting and widget share: the colour indexes of the image, the
// layout constants and the number texts. Internal to the heatmap view.

#include "views/analysis/heatmapview.h"
#include "views/style/format.h"

#include <QRgb>
#include <QString>
#include <QVector>

#include <algorithm>

namespace cp::gui::heatmap {

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
const QVector<QRgb> &colorTable();

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

} // namespace cp::gui::heatmap
