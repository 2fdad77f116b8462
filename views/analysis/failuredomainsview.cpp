#include "views/analysis/failuredomainsview.h"

#include "views/analysis/failuredomainstable.h"

#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "views/session/document.h"
#include "views/session/resultshub.h"
#include "views/session/selectionmodel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHelpEvent>
#include <QLabel>
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

using namespace failuredomains;

// The table's rows are built in failuredomainstable.cpp, the bars in blastradiuschart.cpp.

FailureDomainsView::FailureDomainsView(QWidget *parent)
    : QWidget(parent)
    , mStack(new QStackedWidget(this))
    , mEmpty(new QLabel(this))
    , mModel(new QStandardItemModel(this))
    , mProxy(newSortProxy(this))
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

void FailureDomainsView::setResultsHub(const ResultsHub *hub)
{
    connect(hub, &ResultsHub::evaluated, this, [this, hub](const EvaluationOutcome &outcome) {
        setEvaluation(hub->document()->design(), outcome.results, outcome.failureDomains, outcome.failurePlaces);
    });
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
