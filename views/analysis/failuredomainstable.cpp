// The failure-domain table: the texts of kinds, recoveries and rack runs, the rows of each kind
// and its places, their sort order, and the line that explains a row.

#include "views/analysis/failuredomainstable.h"

#include "model/core/design.h"
#include "model/engine/evaluation.h"

#include <QLabel>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTreeView>

#include <algorithm>
#include <cmath>
#include <string_view>

namespace cp::gui {

namespace failuredomains {

namespace {

constexpr double kHoursPerYear = 8760.0;
constexpr int kRackIdsShown = 500; ///< in a tooltip; the rest are counted

/// An id split as a prefix and its trailing number ("C017" -> "C", 17, 3 digits); -1 without one.
struct IdNumber
{
    QStringView prefix;
    long long number = -1;
    qsizetype digits = 0;
};

IdNumber splitId(const QString &id)
{
    qsizetype i = id.size();
    while (i > 0 && id[i - 1].isDigit())
        --i;
    IdNumber out{QStringView(id).left(i)};
    out.digits = id.size() - i;
    if (out.digits > 0 && out.digits < 18)
        out.number = QStringView(id).mid(i).toLongLong();
    return out;
}

/// Sorts numbers as numbers and keeps the "… more" row last in either order.
class FailureSortProxy final : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

protected:
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override
    {
        const auto isMore = [](const QModelIndex &i) {
            return i.siblingAtColumn(0).data(FailureDomainsView::RowTypeRole).toInt() == FailureDomainsView::MoreRow;
        };
        const bool l = isMore(left), r = isMore(right);
        if (l || r)
            return l == r ? false : (sortOrder() == Qt::AscendingOrder ? r : l);
        const QVariant a = left.data(FailureDomainsView::SortRole), b = right.data(FailureDomainsView::SortRole);
        if (a.typeId() == QMetaType::Double && b.typeId() == QMetaType::Double)
            return a.toDouble() < b.toDouble();
        return QString::localeAwareCompare(a.toString(), b.toString()) < 0;
    }
};

} // namespace

QString tr(const char *text)
{
    return FailureDomainsView::tr(text);
}

/// Two or three significant figures, enough for rates that span decades.
QString figure(double value)
{
    const double a = std::abs(value);
    return number(value, a == 0 ? 0 : a < 0.1 ? 3 : a < 10 ? 2 : a < 100 ? 1 : 0);
}

/// The text with its first letter in upper case, for a sentence that starts with a part's name.
QString sentence(QString text)
{
    if (!text.isEmpty())
        text[0] = text[0].toUpper();
    return text;
}

// Okabe–Ito colours, told apart by colour-blind readers, by what a failure does to the job.
QColor recoveryColor(const std::string &recovery)
{
    if (recovery == "shrink")
        return QColor(0xd5, 0x5e, 0x00); // vermilion: GPUs idle until the repair
    if (recovery == "spare")
        return QColor(0x00, 0x9e, 0x73); // bluish green: a spare takes over
    if (recovery == "restart")
        return QColor(0x00, 0x72, 0xb2); // blue: a restart on the same GPUs
    return QColor(0x99, 0x99, 0x99);
}

/// Runs of rack ids numbered one after another as "C001–C016, L001": short for a row's racks.
QString rackRuns(const std::vector<int> &racks, const std::vector<QString> &ids, int maxChars)
{
    QString out;
    size_t i = 0;
    while (i < racks.size()) {
        size_t j = i;
        IdNumber last = splitId(ids[size_t(racks[i])]);
        while (j + 1 < racks.size() && last.number >= 0) {
            const IdNumber next = splitId(ids[size_t(racks[j + 1])]);
            if (next.prefix != last.prefix || next.number != last.number + 1 || next.digits != last.digits)
                break;
            last = next;
            ++j;
        }
        const QString &first = ids[size_t(racks[i])];
        const QString piece = j >= i + 2 ? first + QStringLiteral("–") + ids[size_t(racks[j])]
                              : j == i + 1 ? first + QStringLiteral(", ") + ids[size_t(racks[j])]
                                           : first;
        if (!out.isEmpty() && out.size() + piece.size() > maxChars) {
            out += QStringLiteral(", …");
            return out;
        }
        if (!out.isEmpty())
            out += QStringLiteral(", ");
        out += piece;
        i = j + 1;
    }
    return out;
}

QStandardItem *cell(const QString &text, const QVariant &sortValue, Qt::Alignment align)
{
    auto *item = new QStandardItem(text);
    item->setEditable(false);
    item->setData(sortValue, FailureDomainsView::SortRole);
    item->setTextAlignment(align | Qt::AlignVCenter);
    return item;
}

QSortFilterProxyModel *newSortProxy(QObject *parent)
{
    return new FailureSortProxy(parent);
}

} // namespace failuredomains

using namespace failuredomains;

void FailureDomainsView::rebuild()
{
    mSyncing = true;
    mModel->removeRows(0, mModel->rowCount());
    const Qt::Alignment right = Qt::AlignRight;
    for (int k = 0; k < int(mKinds.size()); ++k) {
        Kind &kind = mKinds[size_t(k)];
        const FailureDomainKind &f = kind.figures;
        QList<QStandardItem *> row;
        auto *name = cell(kindName(f.kind), kindName(f.kind));
        name->setData(KindRow, RowTypeRole);
        name->setData(QString::fromStdString(f.kind), KindRole);
        name->setData(-1, InstanceRole);
        row << name;
        row << cell(integer(f.count), double(f.count), right);
        const bool sameLoss = std::abs(f.gpusLostMean - double(f.gpusLostMax)) < 0.05;
        row << cell(sameLoss ? integer(f.gpusLostMax)
                             : tr("%1 max · %2 mean").arg(integer(f.gpusLostMax), figure(f.gpusLostMean)),
                    double(f.gpusLostMax), right);
        auto *rate = cell(f.failuresPerHour > 0 ? tr("%1 %/yr").arg(figure(f.failuresPerHour * kHoursPerYear * 100.0))
                                                : tr("—"),
                          f.failuresPerHour, right);
        if (f.failuresPerHour > 0)
            rate->setToolTip(tr("MTBF %1 h per part").arg(integer(std::llround(1.0 / f.failuresPerHour))));
        row << rate;
        row << cell(figure(f.eventsPerMonth), f.eventsPerMonth, right);
        auto *share = cell(f.interruptsJob ? tr("%1 %").arg(number(f.downtimeShare * 100.0, 1)) : tr("—"),
                           f.downtimeShare, right);
        share->setToolTip(f.interruptsJob ? tr("%1 h of job time lost per month (%2 interruptions a month)")
                                                .arg(figure(f.lostHoursPerMonth), figure(f.jobFailuresPerHour * 730.0))
                                          : tr("Does not interrupt the job"));
        row << share;
        auto *recovery = cell(recoveryName(f.recovery), recoveryName(f.recovery));
        recovery->setToolTip(recoveryHelp(f.recovery));
        row << recovery;
        const qsizetype places = qsizetype(kind.instances.size());
        row << cell(places == 0 ? QString() : places == 1 ? tr("1 place") : tr("%1 places").arg(integer(places)),
                    QString());
        for (QStandardItem *c : row) {
            c->setData(QString::fromStdString(f.kind), KindRole);
            if (c != name)
                c->setData(-1, InstanceRole);
        }
        mModel->appendRow(row);
        kind.item = name;

        const int shown = std::min<int>(kMaxInstanceRows, int(kind.instances.size()));
        for (int i = 0; i < shown; ++i) {
            const FailureInstance &inst = kind.instances[size_t(i)];
            QList<QStandardItem *> child;
            auto *label = cell(QString::fromStdString(inst.label), QString::fromStdString(inst.label));
            label->setData(InstanceRow, RowTypeRole);
            child << label;
            child << cell(QString(), 0.0);
            child << cell(inst.redundant ? tr("0 (redundant)") : integer(inst.gpusDown), double(inst.gpusDown), right);
            child << cell(QString(), 0.0) << cell(QString(), 0.0) << cell(QString(), 0.0) << cell(QString(), QString());
            const std::vector<int> &racks = inst.redundant ? inst.racksServed : inst.racksDown;
            QStringList ids;
            for (int r : racks)
                if (r >= 0 && size_t(r) < mRackIds.size())
                    ids << mRackIds[size_t(r)];
            QString text = racks.empty() ? tr("—") : rackRuns(racks, mRackIds, 60);
            if (racks.size() > 1)
                text = racksText(qsizetype(racks.size())) + QStringLiteral(": ") + text;
            if (inst.redundant)
                text = tr("kept up: %1").arg(text);
            auto *racksCell = cell(text, double(racks.size()));
            racksCell->setData(ids, RackIdsRole);
            QStringList tip = ids.mid(0, kRackIdsShown);
            QString tipText = tip.join(QStringLiteral(", "));
            if (ids.size() > kRackIdsShown)
                tipText += tr(" … and %1 more").arg(integer(ids.size() - kRackIdsShown));
            racksCell->setToolTip(QStringLiteral("<p>%1</p><p>%2</p>")
                                      .arg((inst.redundant ? tr("Served, kept up by redundancy (%1):")
                                                           : tr("Taken down (%1):"))
                                               .arg(racksText(qsizetype(racks.size()))),
                                           tipText.toHtmlEscaped()));
            child << racksCell;
            for (QStandardItem *c : child) {
                c->setData(QString::fromStdString(f.kind), KindRole);
                c->setData(i, InstanceRole);
            }
            name->appendRow(child);
        }
        if (int(kind.instances.size()) > shown) {
            const int more = int(kind.instances.size()) - shown;
            QList<QStandardItem *> child;
            auto *label = cell(tr("… %1 more, fewer GPUs each").arg(integer(more)), QString());
            label->setData(MoreRow, RowTypeRole);
            label->setForeground(palette().color(QPalette::PlaceholderText));
            child << label;
            for (int c = 1; c < ColumnCount; ++c)
                child << cell(QString(), 0.0);
            for (QStandardItem *c : child) {
                c->setData(QString::fromStdString(f.kind), KindRole);
                c->setData(-1, InstanceRole);
            }
            name->appendRow(child);
        }
    }
    std::vector<FailureDomainKind> figures;
    figures.reserve(mKinds.size());
    for (const Kind &k : mKinds)
        figures.push_back(k.figures);
    mChart->setKinds(figures);
    for (int c = 0; c < ColumnCount - 1; ++c)
        mTree->resizeColumnToContents(c);
    mSyncing = false;
    mHint->setText(tr("Select a row to see its failure domain on the plan."));
}

QString FailureDomainsView::describe(int kind, int instance) const
{
    const Kind &k = mKinds[size_t(kind)];
    const FailureDomainKind &f = k.figures;
    const QString name = kindName(f.kind);
    if (instance >= 0) {
        const FailureInstance &inst = k.instances[size_t(instance)];
        const QString label = QString::fromStdString(inst.label);
        if (inst.redundant)
            return sentence(tr("%1 is redundant: the rest of its group carries the load of the %2 it serves, "
                               "so one failure takes no GPU down.")
                                .arg(label, racksText(qsizetype(inst.racksServed.size()))));
        if (inst.partKind == PartRef::Kind::Rack)
            return tr("A %1 failure in %2 takes down %3 GPUs in %4.")
                .arg(name, label, integer(inst.gpusDown), racksText(qsizetype(inst.racksDown.size())));
        return tr("A failure of %1 takes down %2 GPUs in %3.")
            .arg(label, integer(inst.gpusDown), racksText(qsizetype(inst.racksDown.size())));
    }
    if (k.instances.size() == 1)
        return tr("%1, in one place on the plan. %2").arg(name, describe(kind, 0));
    if (!k.instances.empty())
        return tr("%1, in %2 places on the plan; the worst is shown. %3")
            .arg(name, integer(qsizetype(k.instances.size())), describe(kind, 0));
    if (!f.interruptsJob)
        return tr("A %1 failure does not interrupt the job.").arg(name);
    if (f.gpusLostMax == 0)
        return tr("A %1 failure loses no GPU, but the job restarts from its last checkpoint. It has no "
                  "place of its own on the plan.")
            .arg(name);
    if (kindHasPlaces(f.kind))
        return tr("A %1 failure takes down %2 GPUs (its scale-up domain) inside a rack it shares with other "
                  "domains: it has no place of its own on the plan.")
            .arg(name, integer(f.gpusLostMax));
    return tr("A %1 failure takes down up to %2 GPUs; it has no single place on the plan.")
        .arg(name, integer(f.gpusLostMax));
}

} // namespace cp::gui
