// The blast-radius bars of the failure-domain view: one bar per kind of part, largest first.

#include "views/analysis/failuredomainstable.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace cp::gui {

using namespace failuredomains;

BlastRadiusChart::BlastRadiusChart(QWidget *parent)
    : QWidget(parent)
{
    setMouseTracking(false);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void BlastRadiusChart::setKinds(const std::vector<FailureDomainKind> &kinds)
{
    mKinds = kinds;
    mCurrent = -1;
    reorder();
}

void BlastRadiusChart::setMetric(Metric metric)
{
    if (metric == mMetric)
        return;
    mMetric = metric;
    reorder();
}

void BlastRadiusChart::setCurrentKind(int kind)
{
    if (kind == mCurrent)
        return;
    mCurrent = kind;
    update();
}

double BlastRadiusChart::value(int kind) const
{
    if (kind < 0 || size_t(kind) >= mKinds.size())
        return 0.0;
    const FailureDomainKind &k = mKinds[size_t(kind)];
    // GPUs taken down per month: every event of the kind times the GPUs one event takes, on average.
    return mMetric == Metric::GpusPerMonth ? k.gpusLostMean * k.eventsPerMonth : k.downtimeShare;
}

void BlastRadiusChart::reorder()
{
    mOrder.clear();
    for (int i = 0; i < int(mKinds.size()); ++i)
        if (value(i) > 0)
            mOrder.push_back(i);
    std::stable_sort(mOrder.begin(), mOrder.end(), [this](int a, int b) { return value(a) > value(b); });
    updateGeometry();
    update();
}

int BlastRadiusChart::rowHeight() const
{
    return fontMetrics().height() + 6;
}

int BlastRadiusChart::labelWidth() const
{
    int w = 0;
    for (int k : mOrder)
        w = std::max(w, fontMetrics().horizontalAdvance(kindName(mKinds[size_t(k)].kind)));
    return std::min(w + 8, std::max(60, width() / 2));
}

QRect BlastRadiusChart::rowRect(int kind) const
{
    const auto it = std::find(mOrder.begin(), mOrder.end(), kind);
    if (it == mOrder.end())
        return {};
    const int row = int(it - mOrder.begin());
    return QRect(0, 4 + row * rowHeight(), width(), rowHeight());
}

int BlastRadiusChart::kindAt(QPoint pos) const
{
    if (pos.y() < 4)
        return -1;
    const int row = (pos.y() - 4) / rowHeight();
    return row >= 0 && row < int(mOrder.size()) ? mOrder[size_t(row)] : -1;
}

QSize BlastRadiusChart::sizeHint() const
{
    return QSize(360, 4 + int(std::max<size_t>(mOrder.size(), 1)) * rowHeight() + rowHeight() + 8);
}

QSize BlastRadiusChart::minimumSizeHint() const
{
    return QSize(200, sizeHint().height());
}

void BlastRadiusChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette &pal = palette();
    p.fillRect(rect(), pal.base());
    const QFontMetrics fm = fontMetrics();
    if (mOrder.empty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap,
                   mKinds.empty() ? tr("No failure domains to show.")
                                  : tr("No failure costs the job anything on this scale."));
        return;
    }
    const int labelW = labelWidth();
    const QString widest = mMetric == Metric::GpusPerMonth ? QStringLiteral("88,888.8") : QStringLiteral("100.0 %");
    const int valueW = fm.horizontalAdvance(widest) + 8;
    const int barMax = std::max(10, width() - labelW - valueW - 12);
    const double top = value(mOrder.front());
    for (int k : mOrder) {
        const QRect row = rowRect(k);
        const FailureDomainKind &fk = mKinds[size_t(k)];
        if (k == mCurrent) {
            // A tint of the selection colour that keeps the row's text readable in light and dark themes.
            QColor tint = pal.highlight().color();
            tint.setAlpha(80);
            p.fillRect(row, tint);
        }
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRect(4, row.y(), labelW - 8, row.height()), Qt::AlignVCenter | Qt::AlignRight,
                   fm.elidedText(kindName(fk.kind), Qt::ElideRight, labelW - 8));
        const double v = value(k);
        const int w = std::max(2, int(std::lround(double(barMax) * v / top)));
        const QRect bar(labelW, row.y() + 3, w, row.height() - 6);
        p.fillRect(bar, recoveryColor(fk.recovery));
        if (k == mCurrent) {
            p.setPen(QPen(pal.color(QPalette::Text), 1.5));
            p.drawRect(QRectF(bar).adjusted(0.5, 0.5, -0.5, -0.5));
        }
        p.setPen(pal.color(QPalette::Text));
        const QString text = mMetric == Metric::GpusPerMonth ? figure(v) : number(v * 100.0, 1) + QStringLiteral(" %");
        p.drawText(QRect(bar.right() + 6, row.y(), valueW + 4, row.height()), Qt::AlignVCenter | Qt::AlignLeft, text);
    }
    // Legend: what each colour says about recovery.
    int x = 8;
    const int y = 4 + int(mOrder.size()) * rowHeight() + 4;
    for (const char *r : {"shrink", "restart", "spare"}) {
        const QString name = std::string_view(r) == "shrink" ? tr("Shrink until repair") : recoveryName(r);
        p.fillRect(QRect(x, y + (rowHeight() - 10) / 2, 10, 10), recoveryColor(r));
        x += 14;
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRect(x, y, fm.horizontalAdvance(name) + 4, rowHeight()), Qt::AlignVCenter, name);
        x += fm.horizontalAdvance(name) + 14;
    }
}

void BlastRadiusChart::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    const int k = kindAt(event->position().toPoint());
    if (k < 0)
        return;
    setCurrentKind(k);
    Q_EMIT kindClicked(k);
}

bool BlastRadiusChart::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int k = kindAt(help->pos());
        if (k < 0) {
            QToolTip::hideText();
            event->ignore();
            return true;
        }
        const FailureDomainKind &fk = mKinds[size_t(k)];
        QToolTip::showText(help->globalPos(),
                           tr("%1: %2 GPUs taken down per month (%3 events × %4 GPUs each on average); "
                              "%5 % of the time failures cost the job")
                               .arg(kindName(fk.kind), figure(fk.gpusLostMean * fk.eventsPerMonth),
                                    figure(fk.eventsPerMonth), figure(fk.gpusLostMean),
                                    number(fk.downtimeShare * 100.0, 1)),
                           this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace cp::gui
