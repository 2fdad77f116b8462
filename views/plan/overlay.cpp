#include "views/plan/overlay.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "model/reliability/failuredomain.h"
#include "report/partnames.h"
#include "views/style/format.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace cp::gui {

namespace {

/// The words of the overlays: one translation context for this file's free functions.
class OverlayText
{
    Q_DECLARE_TR_FUNCTIONS(cp::gui::Overlay)
};

using fmt::integer;
using fmt::number;
using fmt::racksText;

} // namespace

QString overlayName(OverlayKind kind)
{
    switch (kind) {
    case OverlayKind::Category: return OverlayText::tr("Category");
    case OverlayKind::PowerDensity: return OverlayText::tr("Power density");
    case OverlayKind::FailureDomain: return OverlayText::tr("Failure domain");
    case OverlayKind::Bandwidth: return OverlayText::tr("Bandwidth");
    }
    return {};
}

QString overlayKey(OverlayKind kind)
{
    switch (kind) {
    case OverlayKind::Category: return QStringLiteral("category");
    case OverlayKind::PowerDensity: return QStringLiteral("power");
    case OverlayKind::FailureDomain: return QStringLiteral("failure");
    case OverlayKind::Bandwidth: return QStringLiteral("bandwidth");
    }
    return {};
}

std::optional<OverlayKind> overlayFromKey(const QString &key)
{
    for (int i = 0; i < kOverlayKindCount; ++i)
        if (overlayKey(OverlayKind(i)) == key)
            return OverlayKind(i);
    return std::nullopt;
}

Overlay powerDensityOverlay(const Design &design, const Catalog &catalog, const Results &results)
{
    Overlay o;
    OverlayLegend &l = o.legend;
    l.title = OverlayText::tr("Power density (kW per rack)");
    const auto &racks = results.power.racks;
    if (racks.size() != design.racks.size()) {
        l.note = OverlayText::tr("Waiting for the evaluation…");
        return o;
    }

    // The scale runs to the largest limit of the rack types in use, or the hottest rack if hotter.
    double top = 0.0;
    std::map<double, QString> limits; // limit kW -> cooling types with that limit
    for (size_t i = 0; i < racks.size(); ++i) {
        top = std::max({top, racks[i].itKw, racks[i].limitKw});
        if (racks[i].limitKw <= 0)
            continue;
        const CatalogEntry *type = catalog.find(design.racks[i].catalogId);
        QString cooling = type ? report::coolingWord(type->attribute("cooling")) : QString();
        if (cooling.isEmpty())
            cooling = OverlayText::tr("rack");
        QString &names = limits[racks[i].limitKw];
        if (!names.split(QLatin1Char('/')).contains(cooling))
            names = names.isEmpty() ? cooling : names + QLatin1Char('/') + cooling;
    }
    if (top <= 0)
        top = 1.0;

    int over = 0;
    size_t hottest = 0;
    o.rackColors.reserve(int(racks.size()));
    for (size_t i = 0; i < racks.size(); ++i) {
        const RackPower &rp = racks[i];
        if (rp.itKw > racks[hottest].itKw)
            hottest = i;
        QColor c;
        if (rp.limitKw > 0 && rp.maxKw > rp.limitKw) {
            c = overlayOverLimitColor();
            ++over;
        } else if (rp.itKw <= 0) {
            c = overlayNeutralColor();
        } else {
            c = scaleColor(heatScale(), rp.itKw / top);
        }
        o.rackColors.push_back(c);
    }

    l.scale = heatScale();
    l.scaleLow = OverlayText::tr("0 kW");
    l.scaleHigh = OverlayText::tr("%1 kW").arg(number(top, 0));
    for (const auto &[kw, names] : limits)
        l.ticks.push_back({kw / top, OverlayText::tr("%1 limit %2 kW").arg(names, number(kw, 0))});
    l.swatches.push_back({overlayOverLimitColor(), OverlayText::tr("Nameplate above the rack's limit (%1)").arg(integer(over))});
    l.swatches.push_back({overlayNeutralColor(), OverlayText::tr("No load")});
    if (!racks.empty())
        l.note = OverlayText::tr("Hottest: %1 at %2 kW").arg(QString::fromStdString(racks[hottest].rackId),
                                               number(racks[hottest].itKw, 1));
    o.status = over == 1 ? OverlayText::tr("1 rack above its power limit")
               : over > 1  ? OverlayText::tr("%1 racks above their power limit").arg(integer(over))
                           : QString();
    return o;
}

Overlay failureDomainOverlay(const Design &design, const FailureDomainIndex &index, const std::optional<PartRef> &part)
{
    Overlay o;
    OverlayLegend &l = o.legend;
    l.title = OverlayText::tr("Failure domain");
    const int n = int(design.racks.size());
    if (index.rackGpus.size() != design.racks.size()) {
        l.note = OverlayText::tr("Waiting for the evaluation…");
        return o;
    }
    o.rackColors.fill(overlayNeutralColor(), n);
    l.swatches = {{failedColor(), OverlayText::tr("Taken down")},
                  {keptUpColor(), OverlayText::tr("Served, kept up by redundancy")},
                  {overlayNeutralColor(), OverlayText::tr("Unaffected")}};
    if (!part) {
        l.note = OverlayText::tr("Select a rack, power or cooling unit.");
        return o;
    }
    const PartFailure f = partFailure(design, index, *part);
    if (f.part.empty()) {
        l.note = OverlayText::tr("Select a rack, power or cooling unit.");
        return o;
    }
    for (int i : f.racksServed)
        o.rackColors[i] = keptUpColor();
    for (int i : f.racksDown)
        o.rackColors[i] = failedColor();
    const QString name = QString::fromStdString(f.part);
    if (f.redundant)
        l.note = OverlayText::tr("%1: redundant, 0 GPUs down (%2 served)").arg(name, racksText(qsizetype(f.racksServed.size())));
    else
        l.note = OverlayText::tr("%1: %2 GPUs down in %3").arg(name, integer(f.gpusDown), racksText(qsizetype(f.racksDown.size())));
    o.status = OverlayText::tr("Failure of %1 takes down %2 GPUs").arg(name, integer(f.gpusDown));
    return o;
}

Overlay bandwidthOverlay(const Design &design, const FabricResults &fabric, int selectedRack)
{
    Overlay o;
    OverlayLegend &l = o.legend;
    l.title = OverlayText::tr("Bandwidth (GB/s per GPU)");
    const int n = int(design.racks.size());
    if (int(fabric.rackGroup.size()) != n || fabric.matrixSide() == 0) {
        l.note = fabric.rackGroup.size() != design.racks.size() ? OverlayText::tr("Waiting for the evaluation…")
                                                                : OverlayText::tr("The design has no scale-out fabric.");
        return o;
    }
    o.rackColors.fill(overlayNeutralColor(), n);
    l.swatches = {{overlayNeutralColor(), OverlayText::tr("No GPUs on the fabric")}};
    const int from = selectedRack >= 0 && selectedRack < n ? fabric.rackGroup[size_t(selectedRack)] : -1;
    if (from < 0) {
        l.note = selectedRack >= 0 && selectedRack < n ? OverlayText::tr("The selected rack has no GPUs on the fabric.")
                                                       : OverlayText::tr("Select a rack with GPUs.");
        return o;
    }
    // The selected rack itself is left out of the scale: within a supernode rack the figure is
    // NVLink's, an order of magnitude above any path through the fabric.
    float top = 0.0f, low = std::numeric_limits<float>::infinity();
    for (int i = 0; i < n; ++i)
        if (const int g = fabric.rackGroup[size_t(i)]; g >= 0 && i != selectedRack) {
            top = std::max(top, fabric.bandwidth(from, g));
            low = std::min(low, fabric.bandwidth(from, g));
        }
    if (top <= 0.0f)
        top = 1.0f;
    for (int i = 0; i < n; ++i)
        if (const int g = fabric.rackGroup[size_t(i)]; g >= 0 && i != selectedRack)
            o.rackColors[i] = scaleColor(bandwidthScale(), fabric.bandwidth(from, g) / top);
    o.rackColors[selectedRack] = selectedColor();
    l.swatches.prepend({selectedColor(), OverlayText::tr("Selected rack (%1 GB/s within)").arg(number(fabric.bandwidth(from, from), 1))});
    l.scale = bandwidthScale();
    l.scaleLow = OverlayText::tr("0");
    l.scaleHigh = OverlayText::tr("%1").arg(number(top, 1));
    if (std::isfinite(low) && low < top)
        l.ticks.push_back({low / top, OverlayText::tr("lowest %1").arg(number(low, 1))});
    const QString id = QString::fromStdString(design.racks[size_t(selectedRack)].id);
    l.note = OverlayText::tr("From %1 (matrix by %2)").arg(id, QString::fromStdString(fabric.matrixLevel));
    o.status = OverlayText::tr("From %1: %2–%3 GB/s per GPU").arg(id, number(std::isfinite(low) ? low : 0.0, 1), number(top, 1));
    return o;
}

} // namespace cp::gui
