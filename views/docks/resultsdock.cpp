#include "views/docks/resultsdock.h"

#include "model/engine/evaluation.h"
#include "model/fabric/topology.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QVBoxLayout>

#include <algorithm>

namespace cp::gui {

namespace {

constexpr int KeyRole = Qt::UserRole + 1;

QString integer(long long value)
{
    return QLocale().toString(static_cast<qlonglong>(value));
}

QString decimal(double value, int decimals)
{
    return QLocale().toString(value, 'f', decimals);
}

} // namespace

ResultsDock::ResultsDock(QWidget *parent)
    : QDockWidget(tr("Results"), parent)
    , mInventory(makeTree(QStringLiteral("inventoryTree")))
    , mPower(makeTree(QStringLiteral("powerTree")))
    , mPerformance(makeTree(QStringLiteral("performanceTree")))
    , mStatus(new QLabel)
{
    setObjectName(QStringLiteral("resultsDock"));
    mStatus->setObjectName(QStringLiteral("resultsStatus"));
    auto *body = new QWidget;
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(2);
    auto *tables = new QHBoxLayout;
    tables->setSpacing(6);
    tables->addWidget(mInventory);
    tables->addWidget(mPerformance);
    tables->addWidget(mPower);
    layout->addLayout(tables, 1);
    layout->addWidget(mStatus);
    setWidget(body);
    clear();
}

QTreeWidget *ResultsDock::makeTree(const QString &objectName)
{
    auto *tree = new QTreeWidget;
    tree->setObjectName(objectName);
    tree->setColumnCount(3);
    tree->setHeaderLabels({tr("Figure"), tr("Value"), tr("Unit")});
    // Labels are never cut; values take what is left and align right.
    tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    tree->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    tree->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    tree->header()->setStretchLastSection(false);
    tree->setAlternatingRowColors(true);
    tree->setUniformRowHeights(true);
    tree->setRootIsDecorated(false);
    tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    return tree;
}

void ResultsDock::clear()
{
    mInventory->clear();
    mPower->clear();
    mPerformance->clear();
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
    auto *item = parent ? new QTreeWidgetItem(parent, {label, value, unit}) : new QTreeWidgetItem(tree, {label, value, unit});
    item->setData(0, KeyRole, key);
    item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
    if (!key.isEmpty())
        item->setToolTip(0, key);
    return item;
}

void ResultsDock::setResults(const Results &results)
{
    mInventory->clear();
    mPower->clear();
    mPerformance->clear();
    const InventoryResults &inv = results.inventory;

    auto inv_ = [this](const QString &key, const QString &label, const QString &value, const QString &unit,
                       QTreeWidgetItem *parent = nullptr) {
        return addRow(mInventory, key, label, value, unit, parent);
    };
    const QString gpus = tr("GPUs");
    inv_(QStringLiteral("inventory.gpus_total"), tr("GPUs installed"), integer(inv.gpusTotal), gpus);
    inv_(QStringLiteral("inventory.gpus_active"), tr("GPUs active"), integer(inv.gpusActive), gpus);
    inv_(QStringLiteral("inventory.gpus_spare"), tr("GPUs spare"), integer(inv.gpusSpare), gpus);
    if (inv.servers > 0)
        inv_(QStringLiteral("inventory.servers"), tr("Servers"), integer(inv.servers), tr("nodes"));
    if (inv.supernodes > 0)
        inv_(QStringLiteral("inventory.supernodes"), tr("Supernodes"), integer(inv.supernodes), tr("nodes"));
    inv_(QStringLiteral("inventory.racks_total"), tr("Racks"), integer(inv.racksTotal), tr("racks"));
    inv_(QStringLiteral("inventory.compute_racks"), tr("   compute"), integer(inv.computeRacks), tr("racks"));
    inv_(QStringLiteral("inventory.network_racks"), tr("   network"), integer(inv.networkRacks), tr("racks"));
    inv_(QStringLiteral("inventory.storage_racks"), tr("   storage"), integer(inv.storageRacks), tr("racks"));
    // Tiers in fabric order, not alphabetical.
    const std::vector<std::string> &tiers = switchTierNames();
    for (const std::string &tier : tiers) {
        auto it = inv.switchesByTier.find(tier);
        if (it != inv.switchesByTier.end())
            inv_(QStringLiteral("inventory.switches_by_tier.%1").arg(QString::fromStdString(tier)),
                 tr("Switches, %1").arg(QString::fromStdString(tier)), integer(it->second), tr("switches"));
    }
    for (const auto &[tier, count] : inv.switchesByTier) {
        if (std::find(tiers.begin(), tiers.end(), tier) == tiers.end())
            inv_(QStringLiteral("inventory.switches_by_tier.%1").arg(QString::fromStdString(tier)),
                 tr("Switches, %1").arg(QString::fromStdString(tier)), integer(count), tr("switches"));
    }
    for (const auto &[network, count] : inv.otherSwitches)
        inv_(QStringLiteral("inventory.other_switches.%1").arg(QString::fromStdString(network)),
             tr("Switches, %1 network").arg(QString::fromStdString(network)), integer(count), tr("switches"));
    inv_(QStringLiteral("inventory.nics"), tr("NICs"), integer(inv.nics), tr("NICs"));
    inv_(QStringLiteral("inventory.storage_nodes"), tr("Storage nodes"), integer(inv.storageNodes), tr("nodes"));
    inv_(QStringLiteral("inventory.storage_capacity_tb"), tr("Storage capacity"), decimal(inv.storageCapacityTb, 0),
         tr("TB"));
    inv_(QStringLiteral("inventory.power_units"), tr("Power units"), integer(inv.powerUnits), tr("units"));
    inv_(QStringLiteral("inventory.cooling_units"), tr("Cooling units"), integer(inv.coolingUnits), tr("units"));

    const PowerResults &power = results.power;
    auto pow_ = [this](const QString &key, const QString &label, const QString &value, const QString &unit,
                       QTreeWidgetItem *parent = nullptr) {
        return addRow(mPower, key, label, value, unit, parent);
    };
    const QString kw = tr("kW");
    pow_(QStringLiteral("power.it_kw_total"), tr("IT power (training load)"), decimal(power.itKwTotal, 1), kw);
    pow_(QStringLiteral("power.it_kw_nameplate"), tr("IT power (nameplate)"), decimal(power.itKwNameplate, 1), kw);
    pow_(QStringLiteral("power.facility_kw_total"), tr("Facility power"), decimal(power.facilityKwTotal, 1), kw);
    pow_(QStringLiteral("power.pue"), tr("PUE"), decimal(power.pue, 2), QString());
    pow_(QStringLiteral("power.max_rack_kw"), tr("Densest rack"), decimal(power.maxRackKw, 1), tr("kW/rack"));
    pow_(QStringLiteral("power.energy_mwh_per_year"), tr("Energy per year"), decimal(power.energyMwhPerYear, 0),
         tr("MWh/yr"));
    const CostResults &cost = results.cost;
    if (cost.available) {
        const QString musd = tr("M USD");
        pow_(QStringLiteral("cost.capex_usd"), tr("CAPEX"), decimal(cost.capexUsd / 1e6, 2), musd);
        pow_(QStringLiteral("cost.opex_usd_per_year"), tr("OPEX per year"), decimal(cost.opexUsdPerYear / 1e6, 2),
             tr("M USD/yr"));
        pow_(QStringLiteral("cost.tco_usd"), tr("TCO over %1 years").arg(decimal(cost.lifeYears, 0)),
             decimal(cost.tcoUsd / 1e6, 2), musd);
        pow_(QStringLiteral("cost.cost_per_gpu_hour_usd"), tr("Cost per GPU-hour"), decimal(cost.costPerGpuHourUsd, 2),
             tr("USD"));
        pow_(QStringLiteral("cost.cost_per_effective_pflop_hour_usd"), tr("Cost per effective PFLOP-hour"),
             decimal(cost.costPerEffectivePflopHourUsd, 2), tr("USD"));
        pow_(QStringLiteral("cost.break_even_month"), tr("Break-even against the cloud"),
             cost.breakEvenMonth >= 0 ? integer(cost.breakEvenMonth) : tr("never"),
             cost.breakEvenMonth >= 0 ? tr("month") : QString());
    }
    if (!power.kwByRow.empty()) {
        mPower->setRootIsDecorated(true);
        QTreeWidgetItem *rows = pow_(QString(), tr("IT power by row"), QString(), QString());
        for (const auto &[row, rowKw] : power.kwByRow)
            pow_(QStringLiteral("power.kw_by_row.%1").arg(QString::fromStdString(row)), QString::fromStdString(row),
                 decimal(rowKw, 1), kw, rows);
        rows->setExpanded(power.kwByRow.size() <= 24);
    }

    // Fabric as built and the workload's speed on it.
    const FabricResults &fabric = results.fabric;
    auto perf_ = [this](const QString &key, const QString &label, const QString &value, const QString &unit) {
        return addRow(mPerformance, key, label, value, unit);
    };
    perf_(QStringLiteral("fabric.tiers"), tr("Fabric (%1)").arg(QString::fromStdString(fabric.topology)),
          integer(fabric.tiers), tr("tiers"));
    perf_(QStringLiteral("fabric.scale_up_gb_per_s_per_gpu"), tr("Scale-up (%1-GPU domain)").arg(fabric.domainGpus),
          decimal(fabric.scaleUpGbPerSPerGpu, 0), tr("GB/s"));
    perf_(QStringLiteral("fabric.scale_out_gbps_per_gpu"), tr("Scale-out per GPU"), decimal(fabric.scaleOutGbpsPerGpu, 0),
          tr("Gb/s"));
    QStringList taper;
    for (double o : fabric.oversubscription)
        taper << decimal(o, 2) + QStringLiteral(":1");
    perf_(QStringLiteral("fabric.oversubscription"), tr("Oversubscription"),
          taper.isEmpty() ? tr("none") : taper.join(QStringLiteral(", ")), QString());
    perf_(QStringLiteral("fabric.bisection_gb_per_s"), tr("Bisection"), decimal(fabric.bisectionGbPerS / 1000.0, 1),
          tr("TB/s"));
    perf_(QStringLiteral("fabric.max_switch_hops"), tr("Worst path"), integer(fabric.maxHops), tr("switch hops"));
    long long cables = 0;
    for (const CableRun &c : fabric.cables)
        cables += c.count;
    perf_(QStringLiteral("fabric.cables"), tr("Cables"), integer(cables), tr("links"));
    perf_(QStringLiteral("fabric.optics_power_kw"), tr("Optics power"), decimal(fabric.opticsPowerKw, 1), tr("kW"));
    const PerformanceResults &perf = results.performance;
    if (perf.available) {
        const StepEstimate &e = perf.outcome.estimate;
        const ParallelConfig &c = e.config;
        QString layout = QStringLiteral("TP%1 PP%2 DP%3").arg(c.tp).arg(c.pp).arg(c.dp);
        if (c.cp > 1)
            layout += QStringLiteral(" CP%1").arg(c.cp);
        if (c.ep > 1)
            layout += QStringLiteral(" EP%1").arg(c.ep);
        perf_(QStringLiteral("performance.parallelism_used"),
              perf.outcome.searched ? tr("Layout (searched)") : tr("Layout"), layout, QString());
        if (perf.outcome.gpusUsed > 0 && perf.outcome.gpusUsed < perf.spec.cluster.gpus)
            perf_(QStringLiteral("performance.gpus_used"), tr("GPUs the job uses"), integer(perf.outcome.gpusUsed),
                  tr("of %1").arg(integer(perf.spec.cluster.gpus)));
        perf_(QStringLiteral("performance.mfu"), tr("MFU"), decimal(e.mfu * 100.0, 1), tr("%"));
        perf_(QStringLiteral("performance.model_tflops_per_gpu"), tr("Model TFLOP/s per GPU"),
              decimal(e.modelTflopsPerGpu, 0), tr("TFLOP/s"));
        perf_(QStringLiteral("performance.tokens_per_s"), tr("Tokens per second"), decimal(e.tokensPerS, 0), tr("tok/s"));
        perf_(QStringLiteral("performance.memory_gb_per_gpu"), tr("Memory per GPU"), decimal(e.memoryGb(), 1), tr("GB"));
        perf_(QStringLiteral("performance.time_to_train_days"), tr("Time to train"), decimal(e.timeToTrainDays, 1),
              tr("days"));
    } else {
        perf_(QStringLiteral("performance.available"), tr("Training speed"), tr("n/a"), tr("see Problems"));
    }

    // What fails together and how much of the time the job does useful work.
    const ReliabilityResults &rel = results.reliability;
    if (rel.available) {
        perf_(QStringLiteral("reliability.largest_failure_domain_gpus"), tr("Largest failure domain"),
              integer(rel.largestFailureDomainGpus), tr("GPUs"));
        perf_(QStringLiteral("reliability.job_mtbf_hours"), tr("Job MTBF"), decimal(rel.jobMtbfHours, 1), tr("h"));
        perf_(QStringLiteral("reliability.checkpoint_interval_minutes"), tr("Checkpoint every"),
              decimal(rel.checkpointIntervalMinutes, 1), tr("min"));
        perf_(QStringLiteral("reliability.goodput"), tr("Goodput"), decimal(rel.goodput * 100.0, 1), tr("%"));
        if (rel.effectiveTimeToTrainDays > 0)
            perf_(QStringLiteral("reliability.effective_time_to_train_days"), tr("Time to train with failures"),
                  decimal(rel.effectiveTimeToTrainDays, 1), tr("days"));
    }

    setStale(false);
    mStatus->setText(results.cancelled ? tr("Evaluation was cancelled; figures are partial.")
                                       : tr("Up to date."));
}

QString ResultsDock::value(const QString &key) const
{
    for (QTreeWidget *tree : {mInventory, mPerformance, mPower}) {
        for (QTreeWidgetItemIterator it(tree); *it; ++it)
            if ((*it)->data(0, KeyRole).toString() == key)
                return (*it)->text(1);
    }
    return {};
}

} // namespace cp::gui
