#include "views/style/colorscale.h"

#include <algorithm>
#include <cmath>

namespace cp::gui {

const QVector<QColor> &heatScale()
{
    // Sequential and colour-blind safe (ColorBrewer YlOrRd).
    static const QVector<QColor> stops{QColor(0xff, 0xff, 0xb2), QColor(0xfe, 0xcc, 0x5c), QColor(0xfd, 0x8d, 0x3c),
                                       QColor(0xf0, 0x3b, 0x20), QColor(0xbd, 0x00, 0x26)};
    return stops;
}

const QVector<QColor> &bandwidthScale()
{
    static const QVector<QColor> stops{QColor(0x44, 0x01, 0x54), QColor(0x3b, 0x52, 0x8b), QColor(0x21, 0x91, 0x8c),
                                       QColor(0x5e, 0xc9, 0x62), QColor(0xfd, 0xe7, 0x25)};
    return stops;
}

const QVector<QColor> &viridisScale()
{
    // Viridis (van der Walt & Smith, matplotlib 2015): perceptually uniform, readable in grey and
    // by colour-blind readers; the same family as the plan's bandwidth overlay.
    static const QVector<QColor> stops{QColor(0x44, 0x01, 0x54), QColor(0x48, 0x28, 0x78), QColor(0x3e, 0x4a, 0x89),
                                       QColor(0x31, 0x68, 0x8e), QColor(0x26, 0x82, 0x8e), QColor(0x1f, 0x9e, 0x89),
                                       QColor(0x35, 0xb7, 0x79), QColor(0x6d, 0xcd, 0x59), QColor(0xb4, 0xde, 0x2c),
                                       QColor(0xfd, 0xe7, 0x25)};
    return stops;
}

QColor mixColor(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t), float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

QColor scaleColor(const QVector<QColor> &stops, qreal fraction)
{
    if (stops.isEmpty())
        return {};
    if (stops.size() == 1 || !(fraction > 0.0))
        return stops.front();
    if (fraction >= 1.0)
        return stops.back();
    const qreal x = fraction * qreal(stops.size() - 1);
    const int i = int(std::floor(x));
    return mixColor(stops[i], stops[i + 1], x - i);
}

QRgb scaleRgb(const QVector<QColor> &stops, qreal fraction)
{
    const qreal x = fraction * (stops.size() - 1);
    const int k = std::min(int(x), int(stops.size()) - 2);
    const qreal f = x - k;
    const QColor &a = stops[k], &b = stops[k + 1];
    return qRgb(qRound(a.red() + (b.red() - a.red()) * f), qRound(a.green() + (b.green() - a.green()) * f),
                qRound(a.blue() + (b.blue() - a.blue()) * f));
}

QColor overlayNeutralColor()
{
    return QColor(0xd4, 0xd4, 0xd4);
}

QColor overlayOverLimitColor()
{
    return QColor(0x6a, 0x3d, 0x9a); // purple: outside the heat scale, never mistaken for it
}

QColor failedColor()
{
    return QColor(0xd5, 0x5e, 0x00); // Okabe–Ito vermilion: apart from every viridis and heat colour
}

QColor keptUpColor()
{
    return QColor(0xf0, 0xe4, 0x42); // Okabe–Ito yellow
}

QColor selectedColor()
{
    return QColor(0x22, 0x22, 0x22);
}

} // namespace cp::gui
