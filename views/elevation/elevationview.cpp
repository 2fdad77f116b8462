#include "views/elevation/elevationview.h"

#include "views/i18n/messages.h"
#include "model/core/catalog.h"
#include "model/edit/rackcontents.h"
#include "views/plan/hallview.h"
#include "views/session/commands.h"
#include "views/session/document.h"
#include "views/style/format.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QDragEnterEvent>
#include <QMenu>
#include <QMimeData>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace cp::gui {

namespace {

// Layout, in pixels.
constexpr int kMargin = 8;
constexpr int kColumnWidth = 172;
constexpr int kColumnGap = 12;
constexpr int kLabelWidth = 26; ///< U numbers left of the slots
constexpr int kHeaderHeight = 34;
constexpr int kUnitHeight = 12;
constexpr int kBarHeight = 16;
constexpr int kBars = 5;
constexpr int kEmptyRackU = 42; ///< drawn height of a rack whose type gives none

QColor kindColor(PartKind kind)
{
    switch (kind) {
    case PartKind::Server: return QColor(0x4c, 0x78, 0xa8);
    case PartKind::Supernode: return QColor(0x7b, 0x5c, 0xa8);
    case PartKind::Switch: return QColor(0x54, 0xa2, 0x4b);
    case PartKind::Storage: return QColor(0xd9, 0x8c, 0x1f);
    default: return QColor(0x88, 0x88, 0x88);
    }
}

/// One budget line: what is used of what is allowed.
struct BudgetBar
{
    QString label;
    double used = 0.0, limit = 0.0;
    QString text;
};

QVector<BudgetBar> budgetBars(const RackBudget &b)
{
    using fmt::number;
    QVector<BudgetBar> bars;
    bars.push_back({ElevationView::tr("Units"), double(b.usedU), double(b.heightU),
                    ElevationView::tr("%1 / %2 U").arg(b.usedU).arg(b.heightU)});
    bars.push_back({ElevationView::tr("Power"), b.nameplateKw, b.maxPowerKw,
                    ElevationView::tr("%1 / %2 kW").arg(number(b.nameplateKw, 1), number(b.maxPowerKw, 0))});
    bars.push_back({ElevationView::tr("Weight"), b.weightKg, b.maxWeightKg,
                    ElevationView::tr("%1 / %2 kg").arg(number(b.weightKg, 0), number(b.maxWeightKg, 0))});
    bars.push_back({ElevationView::tr("Air heat"), b.airHeatKw, b.airCoolingKw,
                    b.airCoolingKw > 0 ? ElevationView::tr("%1 / %2 kW").arg(number(b.airHeatKw, 1), number(b.airCoolingKw, 1))
                                       : ElevationView::tr("%1 kW, no unit").arg(number(b.airHeatKw, 1))});
    bars.push_back({ElevationView::tr("Liquid"), b.liquidHeatKw, b.liquidCoolingKw,
                    b.liquidCoolingKw > 0
                        ? ElevationView::tr("%1 / %2 kW").arg(number(b.liquidHeatKw, 1), number(b.liquidCoolingKw, 1))
                        : ElevationView::tr("%1 kW, no CDU").arg(number(b.liquidHeatKw, 1))});
    return bars;
}

/// What each bar means, for its tooltip.
QString budgetTooltip(const RackBudget &b)
{
    using fmt::number;
    return ElevationView::tr("Units: %1 of %2 U taken\n"
                             "Power: %3 kW nameplate (%4 kW at training load) of the rack's rated %5 kW\n"
                             "Weight: %6 kg of the rack's rated %7 kg\n"
                             "Air heat: %8 kW against %9 kW, the rack's share of the air units serving it\n"
                             "Liquid heat: %10 kW against %11 kW, its share of the CDUs serving it")
        .arg(b.usedU)
        .arg(b.heightU)
        .arg(number(b.nameplateKw, 1), number(b.typicalKw, 1), number(b.maxPowerKw, 0), number(b.weightKg, 0),
             number(b.maxWeightKg, 0), number(b.airHeatKw, 1), number(b.airCoolingKw, 1), number(b.liquidHeatKw, 1),
             number(b.liquidCoolingKw, 1));
}

} // namespace

ElevationView::ElevationView(QWidget *parent) : QWidget(parent)
{
    setAcceptDrops(true);
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(false);
}

void ElevationView::setDocument(Document *document)
{
    if (mDocument == document)
        return;
    if (mDocument)
        mDocument->disconnect(this);
    mDocument = document;
    mRacks.clear();
    mSelected.reset();
    if (mDocument) {
        connect(mDocument, &Document::designChanged, this, [this] {
            // A device selected before an edit may be gone or shifted: keep it only if it is still there.
            if (mSelected) {
                const Design &d = mDocument->design();
                const auto &r = *mSelected;
                if (r.rack >= int(d.racks.size()) || r.mount >= int(d.racks[size_t(r.rack)].contents.size())
                    || r.index >= d.racks[size_t(r.rack)].contents[size_t(r.mount)].count)
                    mSelected.reset();
            }
            setRacks(mRacks);
        });
        connect(mDocument, &Document::resetDone, this, [this] { setRacks({}); });
    }
    setRacks({});
}

void ElevationView::setRacks(const QVector<int> &racks)
{
    QVector<int> shown;
    const int count = mDocument ? int(mDocument->design().racks.size()) : 0;
    for (int r : racks)
        if (r >= 0 && r < count && shown.size() < kMaxRacks)
            shown.push_back(r);
    if (mSelected && !shown.contains(mSelected->rack))
        mSelected.reset();
    mRacks = shown;
    updateGeometry();
    update();
}

int ElevationView::heightUOf(int column) const
{
    if (!mDocument || column < 0 || column >= mRacks.size())
        return kEmptyRackU;
    const Rack &rack = mDocument->design().racks[size_t(mRacks[column])];
    const CatalogEntry *type = mDocument->catalog().find(rack.catalogId);
    const int h = type ? int(type->figure("height_u")) : 0;
    return h > 0 && h <= 100 ? h : kEmptyRackU;
}

QRect ElevationView::columnRect(int column) const
{
    const int x = kMargin + column * (kColumnWidth + kColumnGap);
    return QRect(x + kLabelWidth, kMargin + kHeaderHeight, kColumnWidth - kLabelWidth, heightUOf(column) * kUnitHeight);
}

QRect ElevationView::unitsRect(int column, int firstU, int heightU) const
{
    const QRect c = columnRect(column);
    const int top = c.bottom() + 1 - (firstU - 1 + heightU) * kUnitHeight;
    return QRect(c.left(), top, c.width(), heightU * kUnitHeight);
}

QPoint ElevationView::slotCentre(int column, int u) const
{
    return unitsRect(column, u, 1).center();
}

ElevationView::Slot ElevationView::slotAt(const QPoint &pos) const
{
    for (int c = 0; c < mRacks.size(); ++c) {
        const QRect r = columnRect(c);
        if (pos.x() >= r.left() && pos.x() <= r.right() && pos.y() >= r.top() && pos.y() <= r.bottom())
            return {c, 1 + (r.bottom() - pos.y()) / kUnitHeight};
    }
    return {};
}

std::optional<ElevationView::DeviceRef> ElevationView::deviceAt(const QPoint &pos) const
{
    const Slot s = slotAt(pos);
    if (s.column < 0 || !mDocument)
        return std::nullopt;
    const int rackIndex = mRacks[s.column];
    for (const RackDevice &d : rackDevices(mDocument->design().racks[size_t(rackIndex)], mDocument->catalog()))
        if (s.u >= d.u && s.u < d.u + d.heightU)
            return DeviceRef{rackIndex, int(d.mount), d.index};
    return std::nullopt;
}

int ElevationView::partHeightU(const std::string &catalogId) const
{
    const CatalogEntry *part = mDocument ? mDocument->catalog().find(catalogId) : nullptr;
    return part ? std::max(1, int(std::lround(part->figure("height_u")))) : 1;
}

int ElevationView::lowestU(int u, int heightU)
{
    return std::max(1, u - (heightU - 1) / 2);
}

QSize ElevationView::sizeHint() const
{
    const int columns = std::max<int>(1, int(mRacks.size()));
    int tallest = 0;
    for (int c = 0; c < columns; ++c)
        tallest = std::max(tallest, heightUOf(c));
    return QSize(2 * kMargin + columns * kColumnWidth + (columns - 1) * kColumnGap,
                 2 * kMargin + kHeaderHeight + tallest * kUnitHeight + 8 + kBars * (kBarHeight + 4) + 4);
}

QSize ElevationView::minimumSizeHint() const
{
    return sizeHint();
}

// ---- Painting ---------------------------------------------------------------------------------

void ElevationView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (!mDocument || mRacks.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect().adjusted(kMargin, kMargin, -kMargin, -kMargin), Qt::AlignCenter | Qt::TextWordWrap,
                   tr("Select a rack on the plan to see its elevation.\n"
                      "Select up to %1 racks to move parts between them.")
                       .arg(kMaxRacks));
        return;
    }
    for (int c = 0; c < mRacks.size(); ++c)
        paintColumn(p, c);
}

void ElevationView::paintColumn(QPainter &p, int column) const
{
    const Design &design = mDocument->design();
    const Catalog &catalog = mDocument->catalog();
    const Rack &rack = design.racks[size_t(mRacks[column])];
    const QRect frame = columnRect(column);
    const int heightU = heightUOf(column);
    const QPalette pal = palette();

    // Header: the rack's id, row and type.
    const CatalogEntry *type = catalog.find(rack.catalogId);
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(pal.color(QPalette::Text));
    const QRect header(frame.left() - kLabelWidth, kMargin, kColumnWidth, kHeaderHeight / 2);
    p.drawText(header, Qt::AlignLeft | Qt::AlignVCenter, QString::fromStdString(rack.id)
                                                            + QStringLiteral(" · ") + QString::fromStdString(rack.row));
    p.setFont(font());
    p.drawText(header.translated(0, kHeaderHeight / 2 - 2), Qt::AlignLeft | Qt::AlignVCenter,
               fontMetrics().elidedText(QString::fromStdString(type ? type->name : rack.catalogId), Qt::ElideRight,
                                        kColumnWidth));

    // Empty slots and U numbers (every other one, U1 at the bottom).
    p.fillRect(frame, pal.color(QPalette::AlternateBase));
    QFont small = font();
    small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.75));
    p.setFont(small);
    for (int u = 1; u <= heightU; ++u) {
        const QRect slot = unitsRect(column, u, 1);
        p.setPen(pal.color(QPalette::Mid));
        p.drawLine(slot.bottomLeft(), slot.bottomRight());
        if (u % 2 == 1) {
            p.setPen(pal.color(QPalette::PlaceholderText));
            p.drawText(QRect(frame.left() - kLabelWidth, slot.top() - 1, kLabelWidth - 3, kUnitHeight + 2),
                       Qt::AlignRight | Qt::AlignVCenter, QString::number(u));
        }
    }
    // Devices.
    p.setFont(small);
    for (const RackDevice &d : rackDevices(rack, catalog)) {
        if (d.u < 1 || d.u > heightU)
            continue;
        const int shownU = std::min(d.heightU, heightU - d.u + 1);
        const QRect box = unitsRect(column, d.u, shownU).adjusted(2, 1, -2, -1);
        const CatalogEntry *part = catalog.find(d.catalogId);
        const bool selected = mSelected && *mSelected == DeviceRef{mRacks[column], int(d.mount), d.index};
        const bool lifted = mDragging && mPressed && *mPressed == DeviceRef{mRacks[column], int(d.mount), d.index};
        QColor fill = kindColor(part ? part->kind : PartKind::Rack);
        if (lifted)
            fill.setAlpha(90);
        p.fillRect(box, fill);
        p.setPen(selected ? QPen(pal.color(QPalette::Highlight), 2) : QPen(fill.darker(140)));
        p.drawRect(box);
        p.setPen(Qt::white);
        const QString name = QString::fromStdString(part && !part->name.empty() ? part->name : d.catalogId);
        p.drawText(box.adjusted(4, 0, -2, 0), Qt::AlignLeft | Qt::AlignVCenter,
                   fontMetrics().elidedText(QStringLiteral("U%1 %2").arg(d.u).arg(name), Qt::ElideRight, box.width() - 6));
    }
    p.setPen(pal.color(QPalette::Dark));
    p.setBrush(Qt::NoBrush);
    p.drawRect(frame.adjusted(0, 0, -1, -1));
    // The drop preview.
    if (mPreview.column == column) {
        const QRect box = unitsRect(column, mPreview.firstU, mPreview.heightU).adjusted(1, 0, -1, 0);
        const QColor c = mPreview.fits ? QColor(0x2e, 0x9d, 0x4a) : QColor(0xd0, 0x30, 0x30);
        p.setPen(QPen(c, 2, Qt::DashLine));
        p.setBrush(QColor(c.red(), c.green(), c.blue(), 50));
        p.drawRect(box);
        p.setBrush(Qt::NoBrush);
    }
    paintBudget(p, column, frame.bottom() + 8);
}

void ElevationView::paintBudget(QPainter &p, int column, int top) const
{
    const RackBudget budget = rackBudget(mDocument->design(), mDocument->catalog(), size_t(mRacks[column]));
    const std::optional<RackBudget> ahead = previewBudget(column);
    const QVector<BudgetBar> afterBars = ahead ? budgetBars(*ahead) : QVector<BudgetBar>();
    const int left = kMargin + column * (kColumnWidth + kColumnGap);
    const QPalette pal = palette();
    QFont small = font();
    small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.75));
    p.setFont(small);
    int y = top;
    const auto share = [](const BudgetBar &b) {
        const bool none = !(b.limit > 0);
        return none ? (b.used > 0 ? 1.0 : 0.0) : std::clamp(b.used / b.limit, 0.0, 1.0);
    };
    const QVector<BudgetBar> bars = budgetBars(budget);
    for (int k = 0; k < bars.size(); ++k) {
        // While a part is dragged over a slot where it fits, a bar shows what it would be.
        const BudgetBar &bar = afterBars.isEmpty() ? bars[k] : afterBars[k];
        const QRect box(left, y, kColumnWidth, kBarHeight);
        p.fillRect(box, pal.color(QPalette::AlternateBase));
        const bool none = !(bar.limit > 0);
        const double fraction = share(bar);
        const bool over = none ? bar.used > 0.05 : bar.used > bar.limit * (1 + 1e-9);
        const QColor fill = over ? QColor(0xd0, 0x30, 0x30) : (fraction > 0.9 ? QColor(0xe0, 0x9a, 0x20) : QColor(0x3a, 0x8f, 0xd0));
        const int now = int(box.width() * share(bars[k]));
        const int then = int(box.width() * fraction);
        p.fillRect(QRect(box.left(), box.top(), std::min(now, then), box.height()), fill.lighter(over ? 110 : 150));
        if (then > now) // the part's share, hatched
            p.fillRect(QRect(box.left() + now, box.top(), then - now, box.height()),
                       QBrush(fill.lighter(120), Qt::BDiagPattern));
        p.setPen(pal.color(QPalette::Mid));
        p.drawRect(box.adjusted(0, 0, -1, -1));
        p.setPen(over ? QColor(0x90, 0x10, 0x10) : pal.color(QPalette::Text));
        // The name on the left, the figures on the right: the figures win the room.
        const QFontMetrics fm(small);
        const QRect inner = box.adjusted(4, 0, -4, 0);
        const int valueWidth = std::min(fm.horizontalAdvance(bar.text), inner.width());
        p.drawText(inner, Qt::AlignRight | Qt::AlignVCenter, fm.elidedText(bar.text, Qt::ElideRight, inner.width()));
        p.drawText(inner.adjusted(0, 0, -valueWidth - 4, 0), Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(bar.label, Qt::ElideRight, std::max(0, inner.width() - valueWidth - 4)));
        y += kBarHeight + 4;
    }
}

// ---- Editing ----------------------------------------------------------------------------------

bool ElevationView::push(Edit edit, const QString &text)
{
    QString error;
    if (!pushEdit(mDocument, std::move(edit), text, &error)) {
        Q_EMIT refused(error);
        return false;
    }
    Q_EMIT applied(text);
    return true;
}

bool ElevationView::removeSelected()
{
    if (!mDocument || !mSelected) {
        Q_EMIT refused(tr("Select a part in the elevation first."));
        return false;
    }
    const DeviceRef d = *mSelected;
    const Rack &rack = mDocument->design().racks[size_t(d.rack)];
    const QString what = QString::fromStdString(rack.contents[size_t(d.mount)].catalogId);
    mSelected.reset();
    return push(unmountDevice(mDocument->design(), mDocument->catalog(), d.rack, d.mount, d.index),
                tr("Remove %1 from rack %2").arg(what, QString::fromStdString(rack.id)));
}

void ElevationView::setPreview(int column, int firstU, int heightU, const std::function<Edit()> &plan)
{
    // Planned again only when the slot changes: a drag sends many moves over one slot.
    if (mPreview.column == column && mPreview.firstU == firstU && mPreview.heightU == heightU)
        return;
    const Edit edit = plan();
    mPreview = {column, firstU, heightU, edit.ok()};
    // What the shown racks would hold with the part there: their bars fill ahead of the drop.
    mPreviewBudgets.clear();
    if (edit.ok()) {
        Design after = mDocument->design();
        edit.patch.apply(after);
        for (int r : mRacks)
            mPreviewBudgets.push_back(rackBudget(after, mDocument->catalog(), size_t(r)));
        Q_EMIT hint(QString());
    } else {
        Q_EMIT hint(tr("Does not fit there: %1").arg(refusalText(edit)));
    }
    update();
}

void ElevationView::clearPreview()
{
    if (mPreview.column >= 0)
        Q_EMIT hint(QString());
    mPreview = {};
    mPreviewBudgets.clear();
    update();
}

std::optional<RackBudget> ElevationView::previewBudget(int column) const
{
    if (column < 0 || column >= int(mPreviewBudgets.size()))
        return std::nullopt;
    return mPreviewBudgets[size_t(column)];
}

bool ElevationView::event(QEvent *event)
{
    if (event->type() != QEvent::ToolTip || !mDocument)
        return QWidget::event(event);
    // A device's name, place and power; under a rack, what its bars mean.
    const QPoint pos = static_cast<QHelpEvent *>(event)->pos();
    QString text;
    if (const auto d = deviceAt(pos)) {
        const Rack &rack = mDocument->design().racks[size_t(d->rack)];
        const std::string &id = rack.contents[size_t(d->mount)].catalogId;
        const CatalogEntry *part = mDocument->catalog().find(id);
        for (const RackDevice &dev : rackDevices(rack, mDocument->catalog()))
            if (int(dev.mount) == d->mount && dev.index == d->index)
                text = tr("%1 (%2)\nU%3–U%4 of rack %5\n%6 kW max")
                           .arg(QString::fromStdString(part && !part->name.empty() ? part->name : id),
                                QString::fromStdString(id))
                           .arg(dev.u)
                           .arg(dev.u + dev.heightU - 1)
                           .arg(QString::fromStdString(rack.id),
                                fmt::number(part ? part->figure("power_max_w") / 1000.0 : 0.0, 1));
    } else {
        for (int c = 0; c < mRacks.size(); ++c) {
            const QRect c0 = columnRect(c);
            const QRect bars(c0.left() - kLabelWidth, c0.bottom() + 8, kColumnWidth, kBars * (kBarHeight + 4));
            if (bars.contains(pos))
                text = budgetTooltip(rackBudget(mDocument->design(), mDocument->catalog(), size_t(mRacks[c])));
        }
    }
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(static_cast<QHelpEvent *>(event)->globalPos(), text, this);
    return true;
}

void ElevationView::mousePressEvent(QMouseEvent *event)
{
    setFocus(Qt::MouseFocusReason);
    if (event->button() != Qt::LeftButton && event->button() != Qt::RightButton)
        return;
    mSelected = deviceAt(event->position().toPoint());
    mPressed = event->button() == Qt::LeftButton ? mSelected : std::nullopt;
    mPressPos = event->position().toPoint();
    mDragging = false;
    update();
}

void ElevationView::mouseMoveEvent(QMouseEvent *event)
{
    if (!mPressed || !(event->buttons() & Qt::LeftButton) || !mDocument)
        return;
    const QPoint pos = event->position().toPoint();
    if (!mDragging && (pos - mPressPos).manhattanLength() < QApplication::startDragDistance())
        return;
    mDragging = true;
    const Slot s = slotAt(pos);
    if (s.column < 0) {
        clearPreview();
        return;
    }
    const Design &design = mDocument->design();
    const Mount &m = design.racks[size_t(mPressed->rack)].contents[size_t(mPressed->mount)];
    const int h = partHeightU(m.catalogId);
    const int first = lowestU(s.u, h);
    setPreview(s.column, first, h, [&] {
        return moveDevice(design, mDocument->catalog(), mPressed->rack, mPressed->mount, mPressed->index,
                          mRacks[s.column], first);
    });
}

void ElevationView::mouseReleaseEvent(QMouseEvent *event)
{
    const std::optional<DeviceRef> pressed = mPressed;
    const bool dragged = mDragging;
    const Preview preview = mPreview;
    mPressed.reset();
    mDragging = false;
    clearPreview();
    if (event->button() != Qt::LeftButton || !pressed || !dragged || !mDocument || preview.column < 0)
        return;
    const Design &design = mDocument->design();
    const Rack &from = design.racks[size_t(pressed->rack)];
    const QString what = QString::fromStdString(from.contents[size_t(pressed->mount)].catalogId);
    const int toRack = mRacks[preview.column];
    const QString text = toRack == pressed->rack
                             ? tr("Move %1 to U%2 of rack %3").arg(what).arg(preview.firstU).arg(QString::fromStdString(from.id))
                             : tr("Move %1 from rack %2 to U%3 of rack %4")
                                   .arg(what, QString::fromStdString(from.id))
                                   .arg(preview.firstU)
                                   .arg(QString::fromStdString(design.racks[size_t(toRack)].id));
    Edit edit = moveDevice(design, mDocument->catalog(), pressed->rack, pressed->mount, pressed->index, toRack,
                           preview.firstU);
    mSelected.reset();
    if (push(std::move(edit), text)) {
        // Select the moved device where it now stands.
        const Rack &target = mDocument->design().racks[size_t(toRack)];
        for (const RackDevice &d : rackDevices(target, mDocument->catalog()))
            if (d.u == preview.firstU)
                mSelected = DeviceRef{toRack, int(d.mount), d.index};
    }
    update();
}

void ElevationView::keyPressEvent(QKeyEvent *event)
{
    if ((event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace) && mSelected) {
        removeSelected();
        event->accept();
        return;
    }
    if (event->key() == Qt::Key_Escape && mDragging) {
        mPressed.reset();
        mDragging = false;
        clearPreview();
        return;
    }
    QWidget::keyPressEvent(event);
}

void ElevationView::contextMenuEvent(QContextMenuEvent *event)
{
    mSelected = deviceAt(event->pos());
    update();
    if (!mSelected)
        return;
    QMenu menu(this);
    QAction *remove = menu.addAction(tr("Remove from Rack"));
    remove->setShortcut(QKeySequence::Delete);
    if (menu.exec(event->globalPos()) == remove)
        removeSelected();
}

void ElevationView::dragEnterEvent(QDragEnterEvent *event)
{
    if (mDocument && !mRacks.isEmpty() && event->mimeData()->hasFormat(QLatin1String(kPartMimeType)))
        event->acceptProposedAction();
    else
        event->ignore();
}

void ElevationView::dragMoveEvent(QDragMoveEvent *event)
{
    if (!mDocument || !event->mimeData()->hasFormat(QLatin1String(kPartMimeType))) {
        event->ignore();
        return;
    }
    const Slot s = slotAt(event->position().toPoint());
    if (s.column < 0) {
        clearPreview();
        event->ignore();
        return;
    }
    const std::string id = event->mimeData()->data(QLatin1String(kPartMimeType)).toStdString();
    const int h = partHeightU(id);
    const int first = lowestU(s.u, h);
    setPreview(s.column, first, h,
               [&] { return mountAt(mDocument->design(), mDocument->catalog(), mRacks[s.column], id, first); });
    event->acceptProposedAction();
}

void ElevationView::dragLeaveEvent(QDragLeaveEvent *event)
{
    clearPreview();
    event->accept();
}

void ElevationView::dropEvent(QDropEvent *event)
{
    clearPreview();
    if (!mDocument || !event->mimeData()->hasFormat(QLatin1String(kPartMimeType))) {
        event->ignore();
        return;
    }
    const Slot s = slotAt(event->position().toPoint());
    if (s.column < 0) {
        event->ignore();
        return;
    }
    const std::string id = event->mimeData()->data(QLatin1String(kPartMimeType)).toStdString();
    const int first = lowestU(s.u, partHeightU(id));
    const int rackIndex = mRacks[s.column];
    const QString text = tr("Mount %1 at U%2 of rack %3")
                             .arg(QString::fromStdString(id))
                             .arg(first)
                             .arg(QString::fromStdString(mDocument->design().racks[size_t(rackIndex)].id));
    if (push(mountAt(mDocument->design(), mDocument->catalog(), rackIndex, id, first), text))
        event->acceptProposedAction();
    else
        event->ignore();
}

} // namespace cp::gui
