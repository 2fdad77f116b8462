#include "views/plan/legendwidget.h"

#include <QLocale>
#include <QLinearGradient>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace cp::gui {

namespace {

constexpr int kMargin = 8;
constexpr int kSwatch = 12;
constexpr int kSpacing = 4;
constexpr int kColorBarWidth = 220;
constexpr int kColorBarHeight = 12;
constexpr int kMaxTextWidth = 380; // longer notes are elided; the full text is the tooltip

} // namespace

LegendWidget::LegendWidget(QWidget *parent)
    : QWidget(parent)
{
    // Clicks go through to the plan underneath.
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
}

void LegendWidget::relayout()
{
    updateGeometry();
    adjustSize();
    update();
}

void LegendWidget::setTitle(const QString &title)
{
    mTitle = title;
    relayout();
}

void LegendWidget::setRackCounts(const std::array<int, kRackCategoryCount> &counts)
{
    mRackCounts = counts;
    relayout();
}

void LegendWidget::setUnitCounts(int power, int cooling)
{
    mPowerUnits = power;
    mCoolingUnits = cooling;
    relayout();
}

void LegendWidget::setOverlay(const OverlayLegend &legend)
{
    mOverlay = legend;
    mHasOverlay = true;
    setToolTip(legend.note);
    relayout();
}

void LegendWidget::clearOverlay()
{
    mOverlay = {};
    mHasOverlay = false;
    setToolTip(QString());
    relayout();
}

int LegendWidget::colorScaleHeight() const
{
    if (!mHasOverlay || mOverlay.scale.isEmpty())
        return 0;
    return kColorBarHeight + 3 + QFontMetrics(font()).height() + kSpacing;
}

void LegendWidget::setPixelsPerMetre(qreal pixelsPerMetre)
{
    if (qFuzzyCompare(mPixelsPerMetre, pixelsPerMetre))
        return;
    mPixelsPerMetre = pixelsPerMetre;
    update();
}

QVector<LegendWidget::Row> LegendWidget::rows() const
{
    QVector<Row> result;
    if (mHasOverlay) {
        for (const auto &[fraction, text] : mOverlay.ticks)
            result.push_back({Row::Symbol::Tick, QColor(), text});
        for (const auto &[color, text] : mOverlay.swatches)
            result.push_back({Row::Symbol::Rack, color, text});
        if (!mOverlay.note.isEmpty())
            result.push_back({Row::Symbol::None, QColor(), mOverlay.note});
        return result;
    }
    const QLocale locale;
    for (int i = 0; i < kRackCategoryCount; ++i) {
        const auto category = static_cast<RackCategory>(i);
        if (mRackCounts[i] == 0 && category == RackCategory::Empty)
            continue;
        result.push_back({Row::Symbol::Rack, rackCategoryColor(category),
                          tr("%1: %2 racks").arg(rackCategoryName(category), locale.toString(mRackCounts[i]))});
    }
    result.push_back({Row::Symbol::Power, powerUnitColor(), tr("Power units: %1").arg(locale.toString(mPowerUnits))});
    result.push_back(
        {Row::Symbol::Cooling, coolingUnitColor(), tr("Cooling units: %1").arg(locale.toString(mCoolingUnits))});
    return result;
}

std::pair<double, qreal> LegendWidget::scaleBar() const
{
    if (mPixelsPerMetre <= 0.0)
        return {0.0, 0.0};
    const double target = 100.0 / mPixelsPerMetre; // metres in ~100 px
    const double decade = std::pow(10.0, std::floor(std::log10(target)));
    double metres = decade;
    for (double step : {1.0, 2.0, 5.0, 10.0})
        if (decade * step <= target * 1.5)
            metres = decade * step;
    return {metres, metres * mPixelsPerMetre};
}

QSize LegendWidget::sizeHint() const
{
    const QFontMetrics fm(font());
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics fmBold(bold);
    int width = fmBold.horizontalAdvance(mTitle);
    if (mHasOverlay)
        width = std::max(width, fmBold.horizontalAdvance(mOverlay.title));
    const auto list = rows();
    for (const Row &row : list)
        width = std::max(width, std::min(kMaxTextWidth, kSwatch + 6 + fm.horizontalAdvance(row.text)));
    // One width for every overlay and the categories: the plan's fit leaves room for the legend,
    // and switching overlays should not leave it covering the hall.
    width = std::max(width, kColorBarWidth);
    const int lineH = std::max(fm.height(), kSwatch) + kSpacing;
    int height = fmBold.height() + kSpacing + lineH * static_cast<int>(list.size()) + 2 * kSpacing + fm.height();
    if (mHasOverlay)
        height += fmBold.height() + kSpacing + colorScaleHeight();
    return {width + 2 * kMargin, height + 2 * kMargin};
}

void LegendWidget::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    // The window colour of the palette in use, so the text stays readable in the dark theme.
    QColor background = palette().color(QPalette::Window);
    background.setAlpha(245); // nearly opaque: the floor's edge behind it must not show as a band
    p.setPen(QPen(palette().color(QPalette::Mid), 1));
    p.setBrush(background);
    p.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 5, 5);

    const QFontMetrics fm(font());
    QFont bold = font();
    bold.setBold(true);
    int y = kMargin;
    p.setPen(palette().color(QPalette::WindowText));
    p.setFont(bold);
    p.drawText(QRect(kMargin, y, width() - 2 * kMargin, QFontMetrics(bold).height()), Qt::AlignLeft | Qt::AlignVCenter,
               mTitle);
    y += QFontMetrics(bold).height() + kSpacing;
    if (mHasOverlay) {
        p.drawText(QRect(kMargin, y, width() - 2 * kMargin, QFontMetrics(bold).height()),
                   Qt::AlignLeft | Qt::AlignVCenter, mOverlay.title);
        y += QFontMetrics(bold).height() + kSpacing;
    }
    p.setFont(font());

    if (mHasOverlay && !mOverlay.scale.isEmpty()) {
        const QRectF bar(kMargin, y, kColorBarWidth, kColorBarHeight);
        QLinearGradient gradient(bar.topLeft(), bar.topRight());
        const int stops = int(mOverlay.scale.size());
        for (int i = 0; i < stops; ++i)
            gradient.setColorAt(stops > 1 ? qreal(i) / (stops - 1) : 0.0, mOverlay.scale[i]);
        p.setPen(QPen(palette().color(QPalette::Mid), 1));
        p.setBrush(gradient);
        p.drawRect(bar);
        p.setPen(QPen(palette().color(QPalette::WindowText), 1.5));
        for (const auto &tick : mOverlay.ticks) {
            const qreal x = bar.left() + std::clamp(tick.first, 0.0, 1.0) * bar.width();
            p.drawLine(QPointF(x, bar.top() - 2), QPointF(x, bar.bottom() + 2));
        }
        p.setPen(palette().color(QPalette::WindowText));
        const QRect labels(kMargin, int(bar.bottom()) + 3, kColorBarWidth, fm.height());
        p.drawText(labels, Qt::AlignLeft | Qt::AlignVCenter, mOverlay.scaleLow);
        p.drawText(labels, Qt::AlignRight | Qt::AlignVCenter, mOverlay.scaleHigh);
        y += colorScaleHeight();
    }

    const int lineH = std::max(fm.height(), kSwatch) + kSpacing;
    for (const Row &row : rows()) {
        const QRectF swatch(kMargin, y + (lineH - kSpacing - kSwatch) / 2.0, kSwatch, kSwatch);
        p.setPen(QPen(row.color.darker(160), 1));
        p.setBrush(row.color);
        switch (row.symbol) {
        case Row::Symbol::Rack: p.drawRect(swatch.adjusted(2, 0, -2, 0)); break;
        case Row::Symbol::Power: p.drawRect(swatch.adjusted(1.5, 1.5, -1.5, -1.5)); break;
        case Row::Symbol::Cooling: p.drawEllipse(swatch.adjusted(1, 1, -1, -1)); break;
        case Row::Symbol::Tick:
            p.setPen(QPen(palette().color(QPalette::WindowText), 1.5));
            p.drawLine(QPointF(swatch.center().x(), swatch.top()), QPointF(swatch.center().x(), swatch.bottom()));
            break;
        case Row::Symbol::None: break;
        }
        p.setPen(palette().color(QPalette::WindowText));
        const int textX = row.symbol == Row::Symbol::None ? kMargin : kMargin + kSwatch + 6;
        const QRect textRect(textX, y, width() - textX - kMargin, lineH - kSpacing);
        p.drawText(textRect, Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(row.text, Qt::ElideRight, textRect.width()));
        y += lineH;
    }

    const auto [metres, pixels] = scaleBar();
    if (pixels > 0.0) {
        y += kSpacing;
        const qreal x0 = kMargin;
        p.setPen(QPen(palette().color(QPalette::WindowText), 1.5));
        p.drawLine(QPointF(x0, y + 4), QPointF(x0 + pixels, y + 4));
        p.drawLine(QPointF(x0, y), QPointF(x0, y + 8));
        p.drawLine(QPointF(x0 + pixels, y), QPointF(x0 + pixels, y + 8));
        const QString label = metres >= 1.0 ? tr("%1 m").arg(metres) : tr("%1 cm").arg(metres * 100.0);
        p.drawText(QPointF(x0 + pixels + 6, y + 4 + fm.ascent() / 2.0 - 1), label);
    }
}

} // namespace cp::gui
