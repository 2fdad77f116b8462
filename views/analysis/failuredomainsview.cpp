#include "views/analysis/failuredomainsview.h"

#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "views/session/selectionmodel.h"
#include "views/style/format.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHelpEvent>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QToolTip>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <string_view>

namespace cp::gui {

namespace {

constexpr double kHoursPerYear = 8760.0;
constexpr int kRackIdsShown = 500; ///< in a tooltip; the rest are counted

QString tr(const char *text)
{
    return FailureDomainsView::tr(text);
}

using fmt::integer;
using fmt::number;
using fmt::racksText;

/// Two or three significant figures, enough for rates that span decades.
QString figure(double value)
{
    const double a = std::abs(value);
    return number(value, a == 0 ? 0 : a < 0.1 ? 3 : a < 10 ? 2 : a < 100 ? 1 : 0);
}

/// What the user calls a failure kind of the reliability stage or a catalog kind of unit.
QString kindName(const std::string &kind)
{
    static const std::vector<std::pair<const char *, const char *>> names{
        {"gpu", QT_TRANSLATE_NOOP("cp::gui::FailureDomainsView", "GPU")},
        {"server", QT_TRANSLATE_NOOP("cp::gui::FailureDomainsView", "Server")},
        {"compute_tray", QT_TRANSLATE_NOOP("cp::gui::FailureDomainsView", "Compute tray")},
        {"nvlink_switch_tray", QT_TRANSLATE_NOOP("cp::gui::FailureDomainsView", "NVLink switch tray")},
        {"nic", QT_TRANSLATE_NOOP("cp::gui::FailureDomainsView", "NIC")},
        {"link_endpoint", QT_TRANSLATE_NOOP("cp::gui::FailureDomainsView", "NIC link (optic/cable)")},
        {"leaf", QT_TRANSLATE_NOOP("cp::gui::FailureDomainsView", "Leaf switch")},
        {"spine", QT_TRANSLATE_NOOP("cp::gui::FailureDomainsView", "Spine switch")},
        {"core", QT_TRANSLATE_NOOP("cp::gui::FailureDomainsView", "Core switch")},
        {"link_leaf_spine", QT_TRANSLATE_NOOP("cp::gui::FailureDomainsView", "Leaf–spine link")},
        {"link_spine_core", QT_TRANSLATE_NOOP("cp::gui::FailureDomainsView", "Spine–core link")},
        {"software", QT_TRANSLATE_NOOP("cp::gui::FailureDomainsView", "Software (per GPU rank)")},
        {"storage_node", QT_TRANSLATE_NOOP("cp::gui::FailureDomainsView", "Storage node")},
        {"pdu", QT_TRANSLATE_NOOP("cp::gui::FailureDomainsView", "PDU")},
        {"busway", QT_TRANSLATE_NOOP("cp::gui::FailureDomainsView", "Busway")},
        {"ups", QT_TRANSLATE_NOOP("cp::gui::FailureDomainsView", "UPS")},
        {"crah", QT_TRANSLATE_NOOP("cp::gui::FailureDomainsView", "CRAH")},
        {"rear_door", QT_TRANSLATE_NOOP("cp::gui::FailureDomainsView", "Rear-door heat exchanger")},
        {"cdu", QT_TRANSLATE_NOOP("cp::gui::FailureDomainsView", "CDU")},
    };
    for (const auto &[key, name] : names)
        if (kind == key)
            return tr(name);
    QString s = QString::fromStdString(kind);
    s.replace(QLatin1Char('_'), QLatin1Char(' '));
    if (!s.isEmpty())
        s[0] = s[0].toUpper();
    return s;
}

QString recoveryName(const std::string &recovery)
{
    if (recovery == "shrink")
        return tr("Shrink");
    if (recovery == "spare")
        return tr("Hot spare");
    if (recovery == "restart")
        return tr("Restart");
    if (recovery == "none")
        return tr("None");
    return QString::fromStdString(recovery);
}

QString recoveryHelp(const std::string &recovery)
{
    if (recovery == "shrink")
        return tr("The job restarts from its last checkpoint without the GPUs lost, until the part is repaired");
    if (recovery == "spare")
        return tr("The job restarts from its last checkpoint with a hot spare in place of the failed part");
    if (recovery == "restart")
        return tr("The job restarts from its last checkpoint on the same GPUs");
    if (recovery == "none")
        return tr("The job runs on");
    return {};
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

QStandardItem *cell(const QString &text, const QVariant &sortValue, Qt::Alignment align = Qt::AlignLeft)
{
    auto *item = new QStandardItem(text);
    item->setEditable(false);
    item->setData(sortValue, FailureDomainsView::SortRole);
    item->setTextAlignment(align | Qt::AlignVCenter);
    return item;
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

// --- BlastRadiusChart ------------------------------------------------------------------------

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

// --- FailureDomainsView ----------------------------------------------------------------------

FailureDomainsView::FailureDomainsView(QWidget *parent)
    : QWidget(parent)
    , mStack(new QStackedWidget(this))
    , mEmpty(new QLabel(this))
    , mModel(new QStandardItemModel(this))
    , mProxy(new FailureSortProxy(this))
    , mTree(new QTreeView(this))
    , mMetric(new QComboBox(this))
    , mChart(new BlastRadiusChart(this))
    , mHint(new QLabel(this))
{
    mEmpty->setObjectName(QStringLiteral("failureDomainsEmpty"));
    mEmpty->setAlignment(Qt::AlignCenter);
    mEmpty->setWordWrap(true);
    mEmpty->setText(tr("No evaluation yet."));

    mModel->setColumnCount(ColumnCount);
    mModel->setHorizontalHeaderLabels({tr("Part"), tr("Count"), tr("GPUs lost"), tr("Failure rate"),
                                       tr("Events / mo"), tr("Downtime share"), tr("Recovery"),
                                       tr("Racks down")});
    const std::vector<QString> headerTips{
        tr("The kind of part, and below it each place on the plan where it can fail"),
        tr("Parts of this kind in the design"),
        tr("GPUs one failure takes down or cuts off: the worst part and the mean over all parts"),
        tr("Failures per 100 parts per year, from the part's MTBF (one part, not all of them)"),
        tr("Expected failures of all parts of this kind per month (730 h)"),
        tr("This kind's share of the job time failures cost: interruptions × (rework + recovery + "
           "time shrunk until repair). Checkpoint writes are not counted."),
        tr("What the job does after a failure"),
        tr("Racks one failure takes down; for redundant units, the racks served and kept up"),
    };
    for (int c = 0; c < ColumnCount; ++c)
        mModel->setHeaderData(c, Qt::Horizontal, headerTips[size_t(c)], Qt::ToolTipRole);
    for (int c : {CountColumn, GpusLostColumn, RateColumn, EventsColumn, DowntimeColumn})
        mModel->setHeaderData(c, Qt::Horizontal, int(Qt::AlignRight | Qt::AlignVCenter), Qt::TextAlignmentRole);

    mProxy->setSourceModel(mModel);
    mProxy->setSortRole(SortRole);
    mTree->setObjectName(QStringLiteral("failureDomainsTable"));
    mTree->setModel(mProxy);
    mTree->setSortingEnabled(true);
    mTree->sortByColumn(DowntimeColumn, Qt::DescendingOrder);
    mTree->setSelectionMode(QAbstractItemView::SingleSelection);
    mTree->setSelectionBehavior(QAbstractItemView::SelectRows);
    mTree->setUniformRowHeights(true);
    mTree->setAlternatingRowColors(true);
    mTree->setAllColumnsShowFocus(true);
    mTree->header()->setStretchLastSection(true);
    mTree->header()->setSectionResizeMode(QHeaderView::Interactive);

    mMetric->setObjectName(QStringLiteral("blastRadiusMetric"));
    mMetric->addItem(tr("GPUs taken down per month"));
    mMetric->addItem(tr("Share of downtime"));
    mMetric->setToolTip(tr("GPUs taken down per month: events per month × GPUs each takes down"));
    mChart->setObjectName(QStringLiteral("blastRadiusChart"));

    auto *scroll = new QScrollArea(this);
    scroll->setWidget(mChart);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *chartPane = new QWidget(this);
    auto *chartLayout = new QVBoxLayout(chartPane);
    chartLayout->setContentsMargins(0, 0, 0, 0);
    auto *metricRow = new QHBoxLayout;
    auto *metricLabel = new QLabel(tr("Blast radius:"), chartPane);
    metricRow->addWidget(metricLabel);
    metricRow->addWidget(mMetric, 1);
    chartLayout->addLayout(metricRow);
    chartLayout->addWidget(scroll, 1);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(mTree);
    splitter->addWidget(chartPane);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({750, 250});
    splitter->setChildrenCollapsible(false);

    mHint->setObjectName(QStringLiteral("failureDomainsHint"));
    mHint->setWordWrap(true);
    mHint->setText(tr("Select a row to see its failure domain on the plan."));

    auto *content = new QWidget(this);
    auto *contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->addWidget(splitter, 1);
    contentLayout->addWidget(mHint);
    mStack->addWidget(mEmpty);
    mStack->addWidget(content);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(mStack);

    connect(mTree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { onCurrentChanged(current); });
    connect(mChart, &BlastRadiusChart::kindClicked, this, &FailureDomainsView::onChartClicked);
    connect(mMetric, &QComboBox::currentIndexChanged, this, [this](int i) {
        mChart->setMetric(i == 1 ? BlastRadiusChart::Metric::DowntimeShare : BlastRadiusChart::Metric::GpusPerMonth);
    });
}

FailureDomainsView::~FailureDomainsView() = default;

void FailureDomainsView::setEvaluation(const Design &design, const Results &results,
                                       std::shared_ptr<const FailureDomainIndex> index,
                                       std::shared_ptr<const FailurePlaces> places)
{
    const ReliabilityResults &rel = results.reliability;
    mKinds.clear();
    mRackIds.clear();
    if (!rel.available) {
        clear();
        mEmpty->setText(tr("No GPUs in the design: nothing to fail. Add racks of servers or supernodes."));
        return;
    }
    // A new evaluation follows every edit: keep the rows the user opened and the kind row picked.
    QStringList expanded;
    for (int r = 0; r < mProxy->rowCount(); ++r)
        if (const QModelIndex i = mProxy->index(r, 0); mTree->isExpanded(i))
            expanded << i.data(KindRole).toString();
    const QModelIndex current = mTree->currentIndex().siblingAtColumn(0);
    const QString currentKind = current.isValid() && current.data(RowTypeRole).toInt() == KindRow
                                    ? current.data(KindRole).toString()
                                    : QString();
    mRackIds.reserve(design.racks.size());
    for (const Rack &r : design.racks)
        mRackIds.push_back(QString::fromStdString(r.id));
    const bool indexFits = index && index->rackGpus.size() == design.racks.size();
    for (const FailureDomainKind &k : rel.kinds) {
        Kind kind;
        kind.figures = k;
        if (indexFits) {
            const auto listed = places ? places->find(k.kind) : FailurePlaces::const_iterator();
            if (places && listed != places->end())
                kind.instances = listed->second;
            else if (!places || kindHasPlaces(k.kind))
                kind.instances = failureInstances(design, *index, k.kind);
        }
        mKinds.push_back(std::move(kind));
    }
    rebuild();
    mStack->setCurrentIndex(1);
    for (const QString &kind : std::as_const(expanded))
        if (const QModelIndex i = rowIndex(kind); i.isValid())
            mTree->expand(i);
    if (const QModelIndex i = currentKind.isEmpty() ? QModelIndex() : rowIndex(currentKind); i.isValid()) {
        mSyncing = true;
        mTree->selectionModel()->setCurrentIndex(i, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        mSyncing = false;
        mChart->setCurrentKind(mProxy->mapToSource(i).row());
        mHint->setText(describe(mProxy->mapToSource(i).row(), -1));
    } else {
        // Follow what is selected elsewhere, now that the rows are new.
        onSelectionChanged(nullptr);
    }
}

void FailureDomainsView::clear()
{
    mSyncing = true;
    mKinds.clear();
    mModel->removeRows(0, mModel->rowCount());
    mChart->setKinds({});
    mSyncing = false;
    mEmpty->setText(tr("No evaluation yet."));
    mStack->setCurrentIndex(0);
}

void FailureDomainsView::setSelectionModel(SelectionModel *model)
{
    if (mSelection)
        disconnect(mSelection, nullptr, this, nullptr);
    mSelection = model;
    if (mSelection) {
        connect(mSelection, &SelectionModel::selectionChanged, this, &FailureDomainsView::onSelectionChanged);
        connect(mSelection, &QObject::destroyed, this, [this] { mSelection = nullptr; });
        onSelectionChanged(nullptr);
    }
}

const std::vector<FailureInstance> &FailureDomainsView::instances(const QString &kind) const
{
    static const std::vector<FailureInstance> none;
    const std::string name = kind.toStdString();
    for (const Kind &k : mKinds)
        if (k.figures.kind == name)
            return k.instances;
    return none;
}

QModelIndex FailureDomainsView::rowIndex(const QString &kind, int instance) const
{
    const std::string name = kind.toStdString();
    for (int k = 0; k < int(mKinds.size()); ++k)
        if (mKinds[size_t(k)].figures.kind == name)
            return mProxy->mapFromSource(sourceIndex(k, instance));
    return {};
}

QModelIndex FailureDomainsView::sourceIndex(int kind, int instance) const
{
    if (kind < 0 || size_t(kind) >= mKinds.size() || !mKinds[size_t(kind)].item)
        return {};
    QStandardItem *item = mKinds[size_t(kind)].item;
    if (instance < 0)
        return item->index();
    if (instance >= kMaxInstanceRows || instance >= item->rowCount())
        return {};
    // Children are added worst first, in the instances' order; the proxy sorts its own copy.
    return item->child(instance, 0)->index();
}

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

void FailureDomainsView::applyRow(int kind, int instance)
{
    const Kind &k = mKinds[size_t(kind)];
    mChart->setCurrentKind(kind);
    mHint->setText(describe(kind, instance));
    if (!mSelection)
        return;
    // A kind row shows its worst place, if it has one.
    const int shown = instance >= 0 ? instance : k.instances.empty() ? -1 : 0;
    if (shown < 0) {
        mSelection->clearHighlight(this);
        return;
    }
    const FailureInstance &inst = k.instances[size_t(shown)];
    PartSelection sel;
    QVector<int> &list = inst.partKind == PartRef::Kind::PowerUnit     ? sel.powerUnits
                         : inst.partKind == PartRef::Kind::CoolingUnit ? sel.coolingUnits
                                                                       : sel.racks;
    list = QVector<int>(inst.parts.begin(), inst.parts.end());
    sel.normalize();
    mSelection->select(sel, this);
    // Units name themselves; a leaf group or a rack is where a part of the kind failed.
    const QString label = inst.partKind == PartRef::Kind::Rack
                              ? tr("%1 in %2").arg(kindName(k.figures.kind), QString::fromStdString(inst.label))
                              : QString::fromStdString(inst.label);
    mSelection->setHighlight({label,
                              QVector<int>(inst.racksDown.begin(), inst.racksDown.end()),
                              QVector<int>(inst.racksServed.begin(), inst.racksServed.end())},
                             this);
}

void FailureDomainsView::onCurrentChanged(const QModelIndex &current)
{
    if (mSyncing || !current.isValid())
        return;
    const QModelIndex first = current.siblingAtColumn(0);
    const QString kindName = first.data(KindRole).toString();
    int kind = -1;
    for (int k = 0; k < int(mKinds.size()); ++k)
        if (QString::fromStdString(mKinds[size_t(k)].figures.kind) == kindName)
            kind = k;
    if (kind < 0)
        return;
    const int type = first.data(RowTypeRole).toInt();
    if (type == MoreRow) {
        mHint->setText(tr("Only the %1 worst places are listed; the others take fewer GPUs down each.")
                           .arg(integer(kMaxInstanceRows)));
        return;
    }
    applyRow(kind, type == InstanceRow ? first.data(InstanceRole).toInt() : -1);
}

void FailureDomainsView::onChartClicked(int kind)
{
    const QModelIndex idx = mProxy->mapFromSource(sourceIndex(kind, -1));
    if (!idx.isValid())
        return;
    mTree->selectionModel()->setCurrentIndex(idx, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    mTree->scrollTo(idx);
}

void FailureDomainsView::onSelectionChanged(QObject *source)
{
    if (!mSelection || source == this || mKinds.empty())
        return;
    const PartSelection &sel = mSelection->selection();
    // The row whose parts are the selection; a single rack also finds the place holding it (the
    // leaf group of a leaf rack).
    int foundKind = -1, foundInstance = -1;
    bool exact = false;
    const int units = int(sel.powerUnits.size() + sel.coolingUnits.size());
    for (int k = 0; k < int(mKinds.size()) && !exact; ++k) {
        const std::vector<FailureInstance> &list = mKinds[size_t(k)].instances;
        for (int i = 0; i < int(list.size()) && i < kMaxInstanceRows && !exact; ++i) {
            const FailureInstance &inst = list[size_t(i)];
            if (inst.partKind == PartRef::Kind::Rack) {
                if (units > 0 || sel.racks.isEmpty())
                    continue;
                if (QVector<int>(inst.parts.begin(), inst.parts.end()) == sel.racks) {
                    foundKind = k, foundInstance = i, exact = true;
                } else if (foundKind < 0 && sel.racks.size() == 1
                           && std::binary_search(inst.parts.begin(), inst.parts.end(), sel.racks.front())) {
                    foundKind = k, foundInstance = i;
                }
            } else if (units == 1 && sel.racks.isEmpty() && inst.parts.size() == 1) {
                const QVector<int> &selUnits =
                    inst.partKind == PartRef::Kind::PowerUnit ? sel.powerUnits : sel.coolingUnits;
                if (selUnits.size() == 1 && selUnits.front() == inst.parts.front())
                    foundKind = k, foundInstance = i, exact = true;
            }
        }
    }
    mSyncing = true;
    const QModelIndex idx = foundKind >= 0 ? mProxy->mapFromSource(sourceIndex(foundKind, foundInstance)) : QModelIndex();
    if (idx.isValid()) {
        mTree->expand(idx.parent());
        mTree->selectionModel()->setCurrentIndex(idx, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        mTree->scrollTo(idx);
        mChart->setCurrentKind(foundKind);
        mHint->setText(describe(foundKind, foundInstance));
    } else {
        mTree->selectionModel()->clear();
        mChart->setCurrentKind(-1);
    }
    mSyncing = false;
}

} // namespace cp::gui
