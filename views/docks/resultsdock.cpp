#include "views/docks/resultsdock.h"
#include "report/partnames.h"

#include "model/analysis/figures.h"
#include "model/core/parallellayout.h"
#include "model/edit/designedit.h"
#include "model/engine/evaluation.h"
#include "model/fabric/topology.h"
#include "model/training/accuracy.h"
#include "model/training/estimate.h"
#include "model/training/publishedruns.h"
#include "views/i18n/messages.h"
#include "views/session/commands.h"
#include "views/session/document.h"
#include "views/session/resultshub.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QMenu>
#include <QHeaderView>
#include <QLabel>
#include <QCoreApplication>
#include <QEvent>
#include <QFontMetrics>
#include <QStyle>
#include <QLocale>
#include <QResizeEvent>
#include <QTabWidget>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QVBoxLayout>

#include <algorithm>
#include <map>
#include <cmath>
#include <string_view>

namespace cp::gui {

namespace {

constexpr int KeyRole = Qt::UserRole + 1;
/// The columns of every tree: a figure's P10–P90 band sits on its own row, beside its value, so
/// that the headline figures and their bands fit the dock without scrolling.
enum Column { FigureColumn = 0, ValueColumn = 1, BandColumn = 2, UnitColumn = 3 };

QString integer(long long value)
{
    return QLocale().toString(static_cast<qlonglong>(value));
}

QString decimal(double value, int decimals)
{
    return QLocale().toString(value, 'f', decimals);
}


/// A word of the figure table (a label, a unit), in the window's language (views/i18n/figurestrings.cpp).
QString text(std::string_view s)
{
    return QCoreApplication::translate("cp::Figures", std::string(s).c_str());
}

QTreeWidgetItem *row(QTreeWidget *tree, const QString &key, const QString &label, const QString &value,
                     const QString &unit, QTreeWidgetItem *parent = nullptr)
{
    const QStringList cells{label, value, QString(), unit};
    auto *item = parent ? new QTreeWidgetItem(parent, cells) : new QTreeWidgetItem(tree, cells);
    item->setData(FigureColumn, KeyRole, key);
    item->setTextAlignment(ValueColumn, Qt::AlignRight | Qt::AlignVCenter);
    item->setTextAlignment(BandColumn, Qt::AlignRight | Qt::AlignVCenter);
    // The label in full (the column may elide it) over the key a script reads it by.
    item->setToolTip(FigureColumn, key.isEmpty() ? label : QStringLiteral("%1\n%2").arg(label, key));
    item->setToolTip(UnitColumn, unit);
    return item;
}

/// The widest text of a column, padded as a cell pads it (the stretched value column cannot be
/// sized to its contents by the header).
int widestText(const QTreeWidget *tree, int column)
{
    const QFontMetrics metrics(tree->font());
    int widest = 0;
    for (QTreeWidgetItemIterator it(const_cast<QTreeWidget *>(tree)); *it; ++it)
        widest = std::max(widest, metrics.horizontalAdvance((*it)->text(column)));
    return widest + 2 * (tree->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, tree) + 1);
}

/// Fits a tree's four columns into its viewport, so that no column is pushed off the side. A
/// figure's value comes first (its contents, up to a fifth of the width: a number fits, a long
/// layout is elided), then its unit and band (their contents, up to a sixth and two fifths); the
/// label takes what is left, elided, whole in its tooltip.
void fitColumns(QTreeWidget *tree)
{
    constexpr int MinValueWidth = 64;
    constexpr int MinFigureWidth = 80;
    const int width = tree->viewport()->width();
    const auto contents = [tree](int column) {
        tree->resizeColumnToContents(column); // its contents' and its header's width
        return tree->columnWidth(column);
    };
    const auto fitted = [tree, &contents](int column, int cap) {
        return tree->isColumnHidden(column) ? 0 : std::min(contents(column), cap);
    };
    const int value = std::clamp(widestText(tree, ValueColumn), MinValueWidth, std::max(MinValueWidth, width / 5));
    // Without a band column (the counts) the unit may take a quarter of the width.
    const int unit = fitted(UnitColumn, tree->isColumnHidden(BandColumn) ? width / 4 : width / 6);
    const int band = fitted(BandColumn, 2 * width / 5);
    const int figure = std::max(MinFigureWidth, std::min(contents(FigureColumn), width - unit - band - value));
    tree->setColumnWidth(FigureColumn, figure);
    if (band > 0)
        tree->setColumnWidth(BandColumn, band);
    tree->setColumnWidth(UnitColumn, unit);
}

/// Refits a tree's columns whenever its viewport is resized (fitColumns).
class ColumnFitter final : public QObject
{
public:
    explicit ColumnFitter(QTreeWidget *tree)
        : QObject(tree)
        , mTree(tree)
    {
        // The viewport's own resize: by then its width is the new one (the tree's resize event
        // comes before the tree lays out its viewport).
        tree->viewport()->installEventFilter(this);
    }

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == mTree->viewport() && event->type() == QEvent::Resize)
            fitColumns(mTree);
        return false;
    }

private:
    QTreeWidget *mTree;
};

/// A figure's value as the dock shows it (Figure::dock): whole numbers grouped, else its decimals.
QString shown(const Figure &f, const Results &r)
{
    if (std::isnan(f.read(r)))
        return text(f.missing);
    if (f.json == FigureJson::Integer || f.json == FigureJson::IntegerOrNull)
        return integer(static_cast<long long>(f.read(r)));
    return decimal(f.read(r) * f.dock.scale / f.dock.per, f.dock.decimals);
}

/// A row for the figure of `key`, its label and unit from the figure table (model/analysis/figures.cpp);
/// `arg` fills a label's %1.
QTreeWidgetItem *figureRow(QTreeWidget *tree, const char *key, const Results &r, const QString &arg = QString())
{
    const Figure &f = figure(key);
    QString label = text(f.dock.label);
    if (!arg.isNull())
        label = label.arg(arg);
    return row(tree, QString::fromLatin1(key), label, shown(f, r), text(f.dock.unit));
}

/// The band column of a figure's row: text and the band's key (KEY_p10, which value() finds).
void setBand(QTreeWidgetItem *item, const QString &key, const QString &band)
{
    item->setText(BandColumn, band);
    item->setData(BandColumn, KeyRole, key);
}

/// Beside a performance figure, its P10–P90 band (docs/validation.md), when it has one: the
/// figures KEY_p10 and KEY_p90 of the figure table, in the figure's own unit.
enum class BandOf { Training, Reliability, Cost };

void bandCell(QTreeWidgetItem *item, const char *key, const Results &r, BandOf of = BandOf::Training)
{
    const std::string low = std::string(key) + "_p10", high = std::string(key) + "_p90";
    const Figure *p10 = findFigure(low), *p90 = findFigure(high);
    if (!item || !p10 || !p90)
        return;
    setBand(item, QString::fromStdString(low), ResultsDock::tr("%1 – %2").arg(shown(*p10, r), shown(*p90, r)));
    if (of == BandOf::Cost) {
        item->setToolTip(BandColumn,
                         ResultsDock::tr("8 in 10 draws of the uncertain inputs land in this range: prices, rates, "
                                         "the cloud price path, utilisation and the training and reliability "
                                         "bands (docs/cost.md, \"Ranges and decisions\")"));
        return;
    }
    if (of == BandOf::Reliability) {
        item->setToolTip(BandColumn,
                         ResultsDock::tr("8 in 10 fleets and teams like this one land in this range: the failure "
                                         "rates and recovery times drawn from their ranges (docs/reliability.md)"));
        return;
    }
    const PerformanceBands bands = performanceBands(r.performance.spec, r.performance.outcome.estimate);
    item->setToolTip(BandColumn,
                     ResultsDock::tr("8 runs in 10 like this one land in this range (errors of the %1 regime "
                                     "against published runs, docs/validation.md)")
                         .arg(QString::fromLatin1(regimeName(bands.regime))));
    // A communication-bound step is outside what the band covers: say so on the row itself.
    if (bands.communicationBound()) {
        item->setText(BandColumn,
                      ResultsDock::tr("%1 (not covered: communication-bound)").arg(item->text(BandColumn)));
        const CommunicationBoundRecord rec = communicationBoundRecord();
        item->setToolTip(BandColumn,
                         ResultsDock::tr("Communication-bound step: its data-parallel traffic is %1× its compute, "
                                         "more than the backward pass it hides behind, so how it is scheduled "
                                         "decides the step. The %2 published runs like this ran at %3 % to %4 % "
                                         "of the predicted throughput (docs/validation.md, \"Communication-bound "
                                         "steps\")")
                             .arg(bands.dpOverCompute, 0, 'f', 2)
                             .arg(rec.runs)
                             .arg(rec.lowestPct)
                             .arg(rec.highestPct));
    }
}

void fillInventory(QTreeWidget *tree, const Results &results)
{
    const InventoryResults &inv = results.inventory;
    for (const char *key : {"inventory.gpus_total", "inventory.gpus_active", "inventory.gpus_spare"})
        figureRow(tree, key, results);
    if (inv.servers > 0)
        figureRow(tree, "inventory.servers", results);
    if (inv.supernodes > 0)
        figureRow(tree, "inventory.supernodes", results);
    for (const char *key : {"inventory.racks_total", "inventory.racks_compute", "inventory.racks_network",
                            "inventory.racks_storage"})
        figureRow(tree, key, results);
    // Tiers in fabric order, not alphabetical.
    const QString switches = ResultsDock::tr("switches");
    const std::vector<std::string> &tiers = switchTierNames();
    for (const std::string &tier : tiers) {
        auto it = inv.switchesByTier.find(tier);
        if (it != inv.switchesByTier.end())
            row(tree, QStringLiteral("inventory.switches_by_tier.%1").arg(QString::fromStdString(tier)),
                ResultsDock::tr("Switches, %1").arg(report::tierWord(tier)), integer(it->second), switches);
    }
    for (const auto &[tier, count] : inv.switchesByTier) {
        if (std::find(tiers.begin(), tiers.end(), tier) == tiers.end())
            row(tree, QStringLiteral("inventory.switches_by_tier.%1").arg(QString::fromStdString(tier)),
                ResultsDock::tr("Switches, %1").arg(report::tierWord(tier)), integer(count), switches);
    }
    for (const auto &[network, count] : inv.otherSwitches)
        row(tree, QStringLiteral("inventory.other_switches.%1").arg(QString::fromStdString(network)),
            ResultsDock::tr("Switches, %1 network").arg(report::tierWord(network)), integer(count), switches);
    for (const char *key : {"inventory.nics", "inventory.storage_nodes", "inventory.storage_capacity_tb",
                            "inventory.power_units", "inventory.cooling_units"})
        figureRow(tree, key, results);
}

void fillPower(QTreeWidget *tree, const Results &results)
{
    const PowerResults &power = results.power;
    for (const char *key : {"power.it_kw_total", "power.it_kw_nameplate", "power.facility_kw_total", "power.pue",
                            "power.max_rack_kw", "power.energy_mwh_per_year"})
        figureRow(tree, key, results);
    const CostResults &cost = results.cost;
    if (cost.available) {
        figureRow(tree, "cost.capex_usd", results);
        figureRow(tree, "cost.opex_usd_per_year", results);
        bandCell(figureRow(tree, "cost.tco_usd", results, decimal(cost.lifeYears, 0)), "cost.tco_usd", results,
                 BandOf::Cost);
        figureRow(tree, "cost.cost_per_gpu_hour_usd", results);
        for (const char *key : {"cost.cost_per_effective_pflop_hour_usd", "cost.time_to_train_days",
                                "cost.npv_owning_vs_cloud_usd"})
            bandCell(figureRow(tree, key, results), key, results, BandOf::Cost);
        const Figure &breakEven = figure("cost.break_even_month");
        const auto month = [](int m) { return m >= 0 ? integer(m) : ResultsDock::tr("never"); };
        QTreeWidgetItem *breakEvenRow =
            row(tree, QStringLiteral("cost.break_even_month"), text(breakEven.dock.label), month(cost.breakEvenMonth),
                cost.breakEvenMonth >= 0 || cost.uncertainty.available ? text(breakEven.dock.unit) : QString());
        if (cost.uncertainty.available)
            setBand(breakEvenRow, QStringLiteral("cost.break_even_month_p10"),
                    ResultsDock::tr("%1 – %2").arg(month(cost.uncertainty.breakEvenP10), month(cost.uncertainty.breakEvenP90)));
        figureRow(tree, "cost.break_even_utilisation", results);
        // The delivery, and what it waits for longest (docs/cost.md, "Delivery from lead times").
        QTreeWidgetItem *delivery = figureRow(tree, "cost.delivery_months", results);
        QString critical = ResultsDock::tr("as the design sets it (Finance: Delivery)");
        if (cost.deliveryFromLeadTimes)
            for (const ScheduleItem &item : cost.delivery.items)
                if (item.id == cost.delivery.criticalItem)
                    critical = ResultsDock::tr("from lead times; the longest: %1, %2 weeks")
                                   .arg(QString::fromStdString(item.label), decimal(item.weeks, 0));
        if (delivery)
            delivery->setToolTip(ValueColumn, critical);
        bandCell(delivery, "cost.delivery_months", results, BandOf::Cost);
    }
    if (!power.kwByRow.empty()) {
        tree->setRootIsDecorated(true);
        QTreeWidgetItem *rows = row(tree, QString(), ResultsDock::tr("IT power by row"), QString(), QString());
        for (const auto &[name, rowKw] : power.kwByRow)
            row(tree, QStringLiteral("power.kw_by_row.%1").arg(QString::fromStdString(name)),
                QString::fromStdString(name), decimal(rowKw, 1), ResultsDock::tr("kW"), rows);
        rows->setExpanded(power.kwByRow.size() <= 24);
    }
}

/// "+4.5 %": a model error in percent, its sign always shown.
QString signedPercent(double pct)
{
    return (pct > 0 ? QStringLiteral("+") : QString()) + decimal(pct, 1) + QStringLiteral(" %");
}

/// The published runs most like this one and the model's held-out error on each
/// (model/training/publishedruns.h), nearest first: what the bands above are drawn from, by name.
void nearestRunsRow(QTreeWidget *tree, const PerformanceResults &perf)
{
    const EstimateSpec &spec = perf.spec;
    const std::vector<NearbyRun> nearest = nearestPublishedRuns(spec);
    if (nearest.empty())
        return;
    QStringList errors;
    for (const NearbyRun &n : nearest)
        errors << signedPercent(n.run->heldOutPct);
    const QString key = QStringLiteral("performance.accuracy.nearest_published_runs");
    QTreeWidgetItem *head = row(tree, key, ResultsDock::tr("Nearest published runs"),
                                errors.join(QStringLiteral(", ")), ResultsDock::tr("model error"));
    // One child per run (and what they cannot vouch for), folded under the head: the arrow says so.
    tree->setRootIsDecorated(true);
    head->setToolTip(1, ResultsDock::tr("The model's error on the published runs most like this one, each predicted "
                                        "with the calibration fitted without its source; + means the model predicted "
                                        "it faster than it ran (docs/validation.md)"));
    for (const NearbyRun &n : nearest) {
        QTreeWidgetItem *run = row(tree, key + QLatin1Char('.') + QLatin1String(n.run->id),
                                   QString::fromUtf8(n.run->name), signedPercent(n.run->heldOutPct),
                                   QString::fromUtf8(n.run->source), head);
        run->setToolTip(0, QString::fromUtf8(n.run->name));
    }
    // What these runs cannot vouch for (model/training/publishedruns.h, NearbyRunsCaveat).
    const NearbyRunsCaveat caveat = nearbyRunsCaveat(spec, nearest, perf.stackEfficiency);
    const QString part = QString::fromStdString(spec.cluster.gpu.id);
    const QString caveatKey = key + QStringLiteral(".caveat");
    if (caveat.partUnseen)
        row(tree, caveatKey, ResultsDock::tr("Not on this part"),
            ResultsDock::tr("no published run here ran on %1").arg(part), QString(), head)
            ->setToolTip(1, ResultsDock::tr("These runs ran on other parts: their errors are the model's there, not on "
                                            "%1").arg(part));
    if (caveat.nearestOnPart)
        row(tree, caveatKey, ResultsDock::tr("Nearest on %1").arg(part), signedPercent(caveat.nearestOnPart->heldOutPct),
            QString::fromUtf8(caveat.nearestOnPart->source), head)
            ->setToolTip(0, ResultsDock::tr("None of the runs above ran on %1; the nearest that did: %2")
                                .arg(part, QString::fromUtf8(caveat.nearestOnPart->name)));
    if (caveat.stackEfficiency < 1.0)
        row(tree, QStringLiteral("performance.accuracy.stack_efficiency"), ResultsDock::tr("Stack efficiency"),
            decimal(caveat.stackEfficiency, 2), QString(), head)
            ->setToolTip(1, ResultsDock::tr("The figures shown are the model's times the workload's stack efficiency; "
                                            "the runs' errors are the model's own, on tuned stacks"));
}

/// What the estimate assumed where the workload is silent (EstimateSpec::defaultsUsed, the list
/// `estimate` prints under "Defaults used"), one child per field, folded under one row.
void defaultsRow(QTreeWidget *tree, const PerformanceResults &perf)
{
    const std::vector<std::string> &defaults = perf.spec.defaultsUsed;
    if (defaults.empty())
        return;
    const QString key = QStringLiteral("performance.defaults_used");
    QTreeWidgetItem *head = row(tree, key, ResultsDock::tr("Assumed by the model"),
                                ResultsDock::tr("%1 fields").arg(defaults.size()), QString());
    tree->setRootIsDecorated(true);
    head->setToolTip(ValueColumn, ResultsDock::tr("What the workload does not say and the training estimate assumes "
                                                  "(evaluate --json: performance.defaults_used; docs/estimate.md)"));
    // What the stack fields among them move at this layout, set the other way (assumption_effects).
    std::map<std::string, AssumptionEffect> effects;
    for (const AssumptionEffect &a : assumptionEffects(perf.spec, perf.outcome))
        effects[a.field] = a;
    for (const std::string &d : defaults) {
        const size_t eq = d.find(" = ");
        const std::string name = eq == std::string::npos ? d : d.substr(0, eq);
        const QString field = QString::fromStdString(name);
        const QString value = eq == std::string::npos ? QString() : QString::fromStdString(d.substr(eq + 3));
        QString effect;
        if (const auto it = effects.find(name); it != effects.end()) {
            const AssumptionEffect &a = it->second;
            effect = a.runs ? ResultsDock::tr("%1: %2").arg(QString::fromStdString(a.alternative),
                                                                    signedPercent(100.0 * a.throughputChange))
                            : ResultsDock::tr("%1: does not fit").arg(QString::fromStdString(a.alternative));
        }
        QTreeWidgetItem *item = row(tree, key + QLatin1Char('.') + field, field, value, effect, head);
        item->setToolTip(ValueColumn, QString::fromStdString(d));
        if (!effect.isEmpty())
            item->setToolTip(UnitColumn, ResultsDock::tr("Tokens per second with the same layout and %1 set to %2 instead "
                                                         "(evaluate --json: performance.assumption_effects)")
                                             .arg(field, QString::fromStdString(effects.at(name).alternative)));
    }
}

/// The workload's speed, each figure with its band and the published runs it rests on: first,
/// so that they show without scrolling in the default layout.
void fillTraining(QTreeWidget *tree, const Results &results)
{
    const PerformanceResults &perf = results.performance;
    if (!perf.available) {
        row(tree, QStringLiteral("performance.available"), ResultsDock::tr("Training speed"), ResultsDock::tr("n/a"),
            ResultsDock::tr("see Problems"));
        return;
    }
    // The whole layout in the estimate's notation, which the Inspector's Parallelism field reads.
    QTreeWidgetItem *layout =
        row(tree, QStringLiteral("performance.parallelism_used"),
            perf.outcome.searched ? ResultsDock::tr("Layout (searched)") : ResultsDock::tr("Layout"),
            QString::fromStdString(describe(perf.outcome.estimate.config)), QString());
    // A long layout is elided in the column: the tooltip holds it whole.
    layout->setToolTip(ValueColumn, layout->text(ValueColumn) + QLatin1Char('\n') +
                                        ResultsDock::tr("Right-click to pin this layout in the design"));
    if (perf.outcome.gpusUsed > 0 && perf.outcome.gpusUsed < perf.spec.cluster.gpus) {
        QTreeWidgetItem *used = figureRow(tree, "performance.gpus_used", results);
        used->setText(UnitColumn, used->text(UnitColumn).arg(integer(perf.spec.cluster.gpus)));
    }
    for (const char *key : {"performance.mfu", "performance.model_tflops_per_gpu", "performance.hardware_tflops_per_gpu",
                            "performance.step_time_s", "performance.tokens_per_s", "performance.memory_gb_per_gpu",
                            "performance.time_to_train_days"})
        bandCell(figureRow(tree, key, results), key, results);
    nearestRunsRow(tree, perf);
    defaultsRow(tree, perf);
}

/// What fails together and how much of the time the job does useful work.
void fillResilience(QTreeWidget *tree, const Results &results)
{
    const ReliabilityResults &rel = results.reliability;
    if (!rel.available)
        return;
    row(tree, QStringLiteral("reliability.policy"), ResultsDock::tr("Resilience policy"),
        QString::fromStdString(rel.policy), report::checkpointWord(rel.checkpointKind));
    for (const char *key : {"reliability.largest_failure_domain_gpus", "reliability.job_mtbf_hours",
                            "reliability.checkpoint_interval_minutes"})
        figureRow(tree, key, results);
    bandCell(figureRow(tree, "reliability.goodput", results), "reliability.goodput", results, BandOf::Reliability);
    if (rel.effectiveTimeToTrainDays > 0)
        bandCell(figureRow(tree, "reliability.effective_time_to_train_days", results),
                 "reliability.effective_time_to_train_days", results, BandOf::Reliability);
}

/// The fabric as built.
void fillFabric(QTreeWidget *tree, const Results &results)
{
    const FabricResults &fabric = results.fabric;
    figureRow(tree, "fabric.tiers", results, QString::fromStdString(fabric.topology));
    figureRow(tree, "fabric.scale_up_gb_per_s_per_gpu", results, QString::number(fabric.domainGpus));
    figureRow(tree, "fabric.scale_out_gbps_per_gpu", results);
    QStringList taper;
    for (double o : fabric.oversubscription)
        taper << decimal(o, 2) + QStringLiteral(":1");
    row(tree, QStringLiteral("fabric.oversubscription"), ResultsDock::tr("Oversubscription"),
        taper.isEmpty() ? ResultsDock::tr("none") : taper.join(QStringLiteral(", ")), QString());
    figureRow(tree, "fabric.bisection_gb_per_s", results);
    figureRow(tree, "fabric.max_switch_hops", results);
    long long cables = 0;
    for (const CableRun &c : fabric.cables)
        cables += c.count;
    row(tree, QStringLiteral("fabric.cables"), ResultsDock::tr("Cables"), integer(cables), ResultsDock::tr("links"));
    figureRow(tree, "fabric.optics_power_kw", results);
}

/// The middle table: the workload's speed on the fabric, what fails together, and the fabric itself.
void fillPerformance(QTreeWidget *tree, const Results &results)
{
    fillTraining(tree, results);
    fillResilience(tree, results);
    fillFabric(tree, results);
}

} // namespace

ResultsDock::ResultsDock(QWidget *parent)
    : QDockWidget(tr("Results"), parent)
    , mInventory(makeTree(QStringLiteral("inventoryTree")))
    , mPower(makeTree(QStringLiteral("powerTree")))
    , mPerformance(makeTree(QStringLiteral("performanceTree")))
    , mSideBySide(new QWidget)
    , mTabs(new QTabWidget)
    , mStatus(new QLabel)
{
    setObjectName(QStringLiteral("resultsDock"));
    mStatus->setObjectName(QStringLiteral("resultsStatus"));
    mTabs->setObjectName(QStringLiteral("resultsTabs"));
    mTabs->setDocumentMode(true);
    auto *body = new QWidget;
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(2);
    auto *tables = new QHBoxLayout(mSideBySide);
    tables->setContentsMargins(0, 0, 0, 0);
    tables->setSpacing(6);
    mInventory->setColumnHidden(BandColumn, true); // counts have no band
    mPerformance->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(mPerformance, &QTreeWidget::customContextMenuRequested, this, &ResultsDock::showPerformanceMenu);
    layout->addWidget(mSideBySide, 1);
    layout->addWidget(mTabs, 1);
    layout->addWidget(mStatus);
    setWidget(body);
    arrangeTables(false);
    clear();
}

void ResultsDock::arrangeTables(bool tabbed)
{
    if (mArranged && tabbed == mTabbed)
        return;
    mArranged = true;
    mTabbed = tabbed;
    if (tabbed) {
        mTabs->addTab(mInventory, tr("Inventory"));
        mTabs->addTab(mPerformance, tr("Training and fabric"));
        mTabs->addTab(mPower, tr("Power and cost"));
    } else {
        mTabs->clear(); // the pages stay alive: they move back beside each other
        auto *tables = static_cast<QHBoxLayout *>(mSideBySide->layout());
        // The counts need no band column: the two tables with bands get the room.
        tables->addWidget(mInventory, 4);
        tables->addWidget(mPerformance, 5);
        tables->addWidget(mPower, 5);
        for (QTreeWidget *tree : {mInventory, mPerformance, mPower})
            tree->show();
    }
    mTabs->setVisible(tabbed);
    mSideBySide->setVisible(!tabbed);
}

bool ResultsDock::isTabbed() const
{
    return mTabbed;
}

void ResultsDock::resizeEvent(QResizeEvent *event)
{
    QDockWidget::resizeEvent(event);
    // Below the width three tables need to show a figure, its band and its unit each, they take
    // turns in tabs; a margin between the two thresholds keeps a drag near one from flickering.
    constexpr int TabsBelow = 960, SideBySideAbove = 1000;
    if (width() < TabsBelow)
        arrangeTables(true);
    else if (width() > SideBySideAbove)
        arrangeTables(false);
}

void ResultsDock::setDocument(Document *document)
{
    mDocument = document;
}

bool ResultsDock::pinShownLayout(QString *error)
{
    const auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (!mDocument || mShownLayout.isEmpty())
        return fail(tr("no evaluated layout to pin"));
    // The whole settings by value, as the Inspector edits them: one step, refused as a whole.
    Design settings = settingsOf(mDocument->design());
    const Problem problem =
        parseLayoutText(mShownLayout.toStdString(), settings.workload.parallelism, settings.workload.recompute);
    if (!problem.message.empty())
        return fail(problemText(problem));
    QString why;
    if (!pushEdit(mDocument, changeSettings(mDocument->design(), mDocument->catalog(), settings),
                  tr("Pin the layout %1").arg(mShownLayout), &why))
        return fail(why);
    return true;
}

void ResultsDock::showPerformanceMenu(const QPoint &pos)
{
    QTreeWidgetItem *item = mPerformance->itemAt(pos);
    if (!item || item->data(0, KeyRole).toString() != QStringLiteral("performance.parallelism_used"))
        return;
    if (mLayoutMenu)
        mLayoutMenu->close();
    auto *menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("layoutContextMenu"));
    menu->setAttribute(Qt::WA_DeleteOnClose);
    mLayoutMenu = menu;
    QAction *pin = menu->addAction(tr("Pin This Layout in the Design"));
    pin->setObjectName(QStringLiteral("pinLayoutAction"));
    pin->setEnabled(mDocument && !mShownLayout.isEmpty());
    connect(pin, &QAction::triggered, this, [this] {
        QString error;
        if (!pinShownLayout(&error))
            mStatus->setText(tr("Layout not pinned: %1").arg(error));
    });
    QAction *copy = menu->addAction(tr("Copy Layout"));
    copy->setObjectName(QStringLiteral("copyLayoutAction"));
    connect(copy, &QAction::triggered, this, [this] { QGuiApplication::clipboard()->setText(mShownLayout); });
    menu->popup(mPerformance->viewport()->mapToGlobal(pos));
}

void ResultsDock::setResultsHub(const ResultsHub *hub)
{
    connect(hub, &ResultsHub::evaluated, this, [this](const EvaluationOutcome &outcome) { setResults(outcome.results); });
    connect(hub, &ResultsHub::failed, this, &ResultsDock::clear);
    connect(hub, &ResultsHub::cleared, this, &ResultsDock::clear);
    connect(hub, &ResultsHub::outdated, this, [this] { setStale(true); });
    connect(hub, &ResultsHub::evaluationStarted, this, [this] { setStale(true); });
}

QTreeWidget *ResultsDock::makeTree(const QString &objectName)
{
    auto *tree = new QTreeWidget;
    tree->setObjectName(objectName);
    tree->setColumnCount(4);
    tree->setHeaderLabels({tr("Figure"), tr("Value"), tr("P10 – P90"), tr("Unit")});
    // Every column stays in view (fitColumns): values take what is left and align right.
    tree->header()->setSectionResizeMode(FigureColumn, QHeaderView::Interactive);
    tree->header()->setSectionResizeMode(ValueColumn, QHeaderView::Stretch);
    tree->header()->setSectionResizeMode(BandColumn, QHeaderView::Interactive);
    tree->header()->setSectionResizeMode(UnitColumn, QHeaderView::Interactive);
    tree->header()->setStretchLastSection(false);
    tree->header()->setMinimumSectionSize(24);
    tree->setTextElideMode(Qt::ElideRight);
    new ColumnFitter(tree);
    tree->setAlternatingRowColors(true);
    tree->setUniformRowHeights(true);
    tree->setRootIsDecorated(false);
    tree->setIndentation(12);
    tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    return tree;
}

void ResultsDock::clear()
{
    mInventory->clear();
    mPower->clear();
    mPerformance->clear();
    mShownLayout.clear();
    mStatus->setText(tr("Not evaluated yet."));
}

void ResultsDock::setStale(bool stale)
{
    mInventory->setEnabled(!stale);
    mPower->setEnabled(!stale);
    mPerformance->setEnabled(!stale);
    if (stale)
        mStatus->setText(tr("Evaluating…"));
}

QTreeWidgetItem *ResultsDock::addRow(QTreeWidget *tree, const QString &key, const QString &label, const QString &value,
                                     const QString &unit, QTreeWidgetItem *parent)
{
    return row(tree, key, label, value, unit, parent);
}

void ResultsDock::setResults(const Results &results)
{
    mInventory->clear();
    mPower->clear();
    mPerformance->clear();
    fillInventory(mInventory, results);
    fillPower(mPower, results);
    fillPerformance(mPerformance, results);
    for (QTreeWidget *tree : {mInventory, mPower, mPerformance})
        fitColumns(tree);
    mShownLayout = results.performance.available
                       ? QString::fromStdString(describe(results.performance.outcome.estimate.config))
                       : QString();
    setStale(false);
    mStatus->setText(results.cancelled ? tr("Evaluation was cancelled; figures are partial.")
                                       : tr("Up to date."));
}

QString ResultsDock::keyOf(const QTreeWidgetItem *item)
{
    return item->data(FigureColumn, KeyRole).toString();
}

QString ResultsDock::value(const QString &key) const
{
    for (QTreeWidget *tree : {mInventory, mPerformance, mPower}) {
        for (QTreeWidgetItemIterator it(tree); *it; ++it) {
            if ((*it)->data(FigureColumn, KeyRole).toString() == key)
                return (*it)->text(ValueColumn);
            if ((*it)->data(BandColumn, KeyRole).toString() == key)
                return (*it)->text(BandColumn);
        }
    }
    return {};
}

} // namespace cp::gui
