#pragma once

#include "views/style/colorscale.h"

#include <QColor>
#include <QString>
#include <QVector>

#include <optional>

namespace cp {
class Catalog;
struct Design;
struct FabricResults;
struct FailureDomainIndex;
struct PartRef;
struct Results;
} // namespace cp

namespace cp::gui {

/// What the racks on the plan are coloured by.
enum class OverlayKind { Category, PowerDensity, FailureDomain, Bandwidth };

constexpr int kOverlayKindCount = 4;

QString overlayName(OverlayKind kind);
/// Stable key for settings and the command line: "category", "power", "failure", "bandwidth".
QString overlayKey(OverlayKind kind);
std::optional<OverlayKind> overlayFromKey(const QString &key);

/// The legend of an overlay: a colour scale with labelled ticks, and swatches for the
/// colours outside the scale.
struct OverlayLegend
{
    QString title;
    QVector<QColor> scale;           ///< evenly spaced stops, low to high; empty = no scale
    QString scaleLow, scaleHigh;     ///< labels at both ends
    QVector<QPair<qreal, QString>> ticks; ///< marks on the scale at a fraction 0–1
    QVector<QPair<QColor, QString>> swatches;
    QString note;                    ///< one more line: what is selected, what to do
};

/// An overlay computed from evaluation results: one colour per Design::racks index.
struct Overlay
{
    QVector<QColor> rackColors;
    OverlayLegend legend;
    QString status; ///< a one-line summary for the status bar; empty when nothing to say
};

/// kW per rack at training load on a yellow-to-red scale up to the largest rack limit (or the
/// hottest rack if hotter); racks whose nameplate exceeds their limit get their own colour.
/// The legend marks each cooling type's limit. Empty when the results do not match the design.
Overlay powerDensityOverlay(const Design &design, const Catalog &catalog, const Results &results);

/// Everything one failure of `part` takes down (the model's partFailure), with the GPU count.
Overlay failureDomainOverlay(const Design &design, const FailureDomainIndex &index,
                             const std::optional<PartRef> &part);

/// Achievable bandwidth (GB/s per GPU) from the rack `selectedRack` to every other, from the
/// fabric's rack-to-rack (or leaf-group or pod) matrix.
Overlay bandwidthOverlay(const Design &design, const FabricResults &fabric, int selectedRack);

} // namespace cp::gui
