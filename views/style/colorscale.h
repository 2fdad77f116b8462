#pragma once

#include <QColor>
#include <QVector>

namespace cp::gui {

// The colour scales and the shared state colours of the plan, the 3D hall and the heatmap,
// written once so that a rack reads the same in every view.

/// ColorBrewer YlOrRd in five stops, low to high: power density on the plan and in 3D.
const QVector<QColor> &heatScale();
/// Viridis in five stops, low to high: bandwidth on the plan.
const QVector<QColor> &bandwidthScale();
/// Viridis in ten stops, low to high: the traffic heatmap, which shows finer steps.
const QVector<QColor> &viridisScale();

/// `a` moved towards `b` by `t` (0 = a, 1 = b), linear in each RGB channel.
QColor mixColor(const QColor &a, const QColor &b, double t);
/// The colour at `fraction` (clamped to 0–1) of an evenly spaced scale.
QColor scaleColor(const QVector<QColor> &stops, qreal fraction);
/// The colour at `fraction` (0–1) of an evenly spaced scale in 8-bit channels, each rounded:
/// what an indexed image's colour table holds.
QRgb scaleRgb(const QVector<QColor> &stops, qreal fraction);

QColor overlayNeutralColor();   ///< racks a view says nothing about (light grey)
QColor overlayOverLimitColor(); ///< power above the rack's limit: outside the heat scale
QColor failedColor();           ///< parts a failure takes down (Okabe–Ito vermilion)
QColor keptUpColor();           ///< parts served but kept up by redundancy (Okabe–Ito yellow)
QColor selectedColor();         ///< selected parts go dark

} // namespace cp::gui
