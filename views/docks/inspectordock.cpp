#include "views/docks/inspectordock.h"
#include "views/docks/inspectorformat.h"

#include "model/core/catalog.h"
#include "views/session/commands.h"
#include "model/core/design.h"
#include "model/core/parallellayout.h"
#include "model/edit/designedit.h"
#include "views/session/document.h"
#include "views/session/editkeys.h"
#include "views/session/resultshub.h"
#include "model/engine/evaluation.h"
#include "views/plan/items/rackcategory.h"

#include <QFormLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QScrollArea>
#include <QTabWidget>
#include <QTreeWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace cp::gui {

using namespace inspector;

InspectorDock::InspectorDock(QWidget *parent)
    : QDockWidget(tr("Inspector"), parent)
    , mTabs(new QTabWidget)
    , mSelectionPage(new QWidget)
    , mMessage(new QLabel)
    , mTree(new QTreeWidget)
{
    setObjectName(QStringLiteral("inspectorDock"));
    mTabs->setObjectName(QStringLiteral("inspectorTabs"));
    mTabs->setDocumentMode(true);
    // Refusals show in a row of fixed height under the tabs, so a message never moves the fields
    // (a click aimed at a field lands on it); the whole text is in the tooltip.
    mMessage->setObjectName(QStringLiteral("inspectorMessage"));
    mMessage->setWordWrap(true);
    mMessage->setStyleSheet(QStringLiteral("color: #B00020;"));
    mMessage->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    mMessage->setContentsMargins(4, 2, 4, 2);
    mMessage->setFixedHeight(2 * mMessage->fontMetrics().lineSpacing() + 6);
    mTree->setObjectName(QStringLiteral("inspectorTree"));
    mTree->setColumnCount(2);
    mTree->setHeaderLabels({tr("Property"), tr("Value")});
    mTree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    mTree->header()->setStretchLastSection(true);
    mTree->setAlternatingRowColors(true);
    mTree->setUniformRowHeights(true);
    mTree->setSelectionMode(QAbstractItemView::NoSelection);
    auto *layout = new QVBoxLayout(mSelectionPage);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(mTree, 1);
    mTabs->addTab(mSelectionPage, tr("Selection"));
    buildSettingsTabs();
    auto *body = new QWidget;
    auto *bodyLayout = new QVBoxLayout(body);
    bodyLayout->setContentsMargins(0, 0, 0, 0);
    bodyLayout->setSpacing(0);
    bodyLayout->addWidget(mTabs, 1);
    bodyLayout->addWidget(mMessage);
    setWidget(body);
}

void InspectorDock::setDocument(Document *document)
{
    if (mDocument)
        mDocument->disconnect(this);
    mDocument = document;
    mRacks.clear();
    mPowerUnits.clear();
    mCoolingUnits.clear();
    if (mDocument)
        connect(mDocument, &Document::designChanged, this, &InspectorDock::refresh);
    refresh();
}

QLineEdit *InspectorDock::field(const QString &name) const
{
    return findChild<QLineEdit *>(name);
}

bool InspectorDock::editField(const QString &name, const QString &text)
{
    QLineEdit *edit = field(name);
    if (!edit)
        return false;
    edit->setText(text);
    Q_EMIT edit->editingFinished();
    return mLastError.isEmpty();
}

void InspectorDock::setError(const QString &message)
{
    mLastError = message;
    mMessage->setText(message);
    mMessage->setToolTip(message);
    if (!message.isEmpty())
        Q_EMIT statusMessage(message);
}

bool InspectorDock::eventFilter(QObject *watched, QEvent *event)
{
    auto *edit = qobject_cast<QLineEdit *>(watched);
    if (!edit || (event->type() != QEvent::ShortcutOverride && event->type() != QEvent::KeyPress))
        return QDockWidget::eventFilter(watched, event);
    const auto *key = static_cast<const QKeyEvent *>(event);
    const bool undo = isUndoKey(key);
    if (!undo && !isRedoKey(key))
        return QDockWidget::eventFilter(watched, event);
    if (event->type() == QEvent::ShortcutOverride) {
        event->accept(); // the field takes these keys: the window's Undo and Redo do not fire too
        return true;
    }
    const QString committed = edit->property(kCommittedValue).toString();
    if (edit->text() != committed) {
        // Unsaved text: the design's value comes back, and nothing else happens.
        edit->setText(committed);
        setError(QString());
        return true;
    }
    if (mDocument) {
        // No unsaved text: the design's step is undone (redone), as on the plan. The form is
        // rebuilt from the design; the same field keeps the focus and shows the new value.
        const QString name = edit->objectName();
        undo ? mDocument->undoStack()->undo() : mDocument->undoStack()->redo();
        if (QLineEdit *again = field(name)) {
            again->setText(again->property(kCommittedValue).toString());
            again->setFocus();
        }
    }
    return true;
}

void InspectorDock::setResultsHub(const ResultsHub *hub)
{
    connect(hub, &ResultsHub::evaluated, this, [this, hub] { setResults(&hub->outcome().results); });
    connect(hub, &ResultsHub::failed, this, [this] { setResults(nullptr); });
    connect(hub, &ResultsHub::cleared, this, [this] { setResults(nullptr); });
}

void InspectorDock::setResults(const Results *results)
{
    mResults = results;
    refresh();
}

void InspectorDock::setSelection(const QVector<int> &racks, const QVector<int> &powerUnits,
                                 const QVector<int> &coolingUnits)
{
    mRacks = racks;
    mPowerUnits = powerUnits;
    mCoolingUnits = coolingUnits;
    refresh();
}

QString InspectorDock::value(const QString &property) const
{
    for (int i = 0; i < mTree->topLevelItemCount(); ++i)
        if (mTree->topLevelItem(i)->text(0) == property)
            return mTree->topLevelItem(i)->text(1);
    // Not a top-level row: the first nested one of that name (e.g. a workload detail).
    const QList<QTreeWidgetItem *> nested = mTree->findItems(property, Qt::MatchExactly | Qt::MatchRecursive, 0);
    return nested.isEmpty() ? QString() : nested.front()->text(1);
}

QTreeWidgetItem *InspectorDock::add(const QString &property, const QString &value, QTreeWidgetItem *parent)
{
    auto *item = parent ? new QTreeWidgetItem(parent, {property, value}) : new QTreeWidgetItem(mTree, {property, value});
    item->setToolTip(1, value);
    return item;
}

void InspectorDock::refresh()
{
    mTree->clear();
    refreshSettings();
    rebuildEditor();
    if (!mDocument)
        return;
    const int selected = static_cast<int>(mRacks.size() + mPowerUnits.size() + mCoolingUnits.size());
    if (selected == 0)
        showDesign();
    else if (selected > 1)
        showMultiple();
    else if (!mRacks.isEmpty())
        showRack(mRacks.front());
    else if (!mPowerUnits.isEmpty())
        showUnit(true, mPowerUnits.front());
    else
        showUnit(false, mCoolingUnits.front());
    mTree->expandAll();
}

void InspectorDock::showDesign()
{
    setWindowTitle(tr("Inspector — Design"));
    const Design &design = mDocument->design();
    const Catalog &catalog = mDocument->catalog();
    const QLocale locale;
    add(tr("Name"), qs(design.name));
    if (!design.description.empty())
        add(tr("Description"), qs(design.description));

    QTreeWidgetItem *hall = add(tr("Hall"), qs(design.hall.name));
    add(tr("Size"), tr("%1 × %2 m").arg(number(design.hall.widthM, 1), number(design.hall.depthM, 1)), hall);
    add(tr("Area"), tr("%1 m²").arg(number(design.hall.widthM * design.hall.depthM, 0)), hall);
    add(tr("Grid"), metres(design.hall.gridM), hall);

    add(tr("Racks"), locale.toString(static_cast<qlonglong>(design.racks.size())));
    add(tr("Power units"), locale.toString(static_cast<qlonglong>(design.powerUnits.size())));
    add(tr("Cooling units"), locale.toString(static_cast<qlonglong>(design.coolingUnits.size())));

    const FabricSettings &fabric = design.fabric;
    QTreeWidgetItem *fabricItem = add(tr("Fabric"), QString::fromLatin1(topologyName(fabric.topology)));
    add(tr("Tiers"), fabric.tiers == 0 ? tr("automatic") : locale.toString(fabric.tiers), fabricItem);
    QStringList over;
    for (double o : fabric.oversubscription)
        over << QStringLiteral("%1:1").arg(locale.toString(o, 'g', 3));
    add(tr("Oversubscription"), over.isEmpty() ? tr("1:1") : over.join(QStringLiteral(", ")), fabricItem);
    if (!fabric.switchId.empty())
        add(tr("Switch"), entryName(catalog, fabric.switchId), fabricItem);
    if (!fabric.nicId.empty())
        add(tr("NIC"), entryName(catalog, fabric.nicId), fabricItem);

    const Workload &w = design.workload;
    QTreeWidgetItem *workload = add(tr("Workload"), qs(w.name));
    add(tr("Layers × hidden"), QStringLiteral("%1 × %2").arg(locale.toString(w.layers), locale.toString(w.hidden)),
        workload);
    add(tr("Heads (KV)"), QStringLiteral("%1 (%2)").arg(locale.toString(w.heads), locale.toString(w.kvHeads)), workload);
    if (w.experts > 0)
        add(tr("Experts (active)"),
            QStringLiteral("%1 (%2)").arg(locale.toString(w.experts), locale.toString(w.activeExperts)), workload);
    if (w.experts > 0 && w.moeLoadImbalance != 1.0)
        add(tr("Expert load imbalance"), QStringLiteral("%1×").arg(locale.toString(w.moeLoadImbalance, 'g', 3)),
            workload);
    add(tr("Sequence length"), locale.toString(w.seqLen), workload);
    add(tr("Tokens"), tr("%1 T").arg(number(w.tokens / 1e12, 2)), workload);
    add(tr("Precision"), qs(w.precision), workload);
    add(tr("Recompute"), qs(w.recompute), workload);
    const Parallelism &p = w.parallelism;
    add(tr("Parallelism"),
        p.automatic && p.etp == 0 && p.zero < 0 ? tr("automatic") : qs(layoutText(p)), workload);

    const FinanceSettings &f = design.finance;
    QTreeWidgetItem *finance = add(tr("Finance"), tr("%1 years").arg(number(f.lifeYears, 1)));
    add(tr("Energy price"), tr("%1 USD/kWh").arg(number(f.energyUsdPerKwh, 3)), finance);
    add(tr("PUE"), f.pue > 0.0 ? number(f.pue, 2) : tr("from cooling design"), finance);
    add(tr("Cloud price"),
        f.cloudUsdPerGpuHour > 0.0 ? tr("%1 USD/GPU-h").arg(number(f.cloudUsdPerGpuHour, 2))
                                   : tr("the accelerator's catalog price"),
        finance);
}

void InspectorDock::showRack(int index)
{
    const Design &design = mDocument->design();
    const Catalog &catalog = mDocument->catalog();
    if (index < 0 || index >= static_cast<int>(design.racks.size()))
        return;
    const Rack &rack = design.racks[static_cast<size_t>(index)];
    const QLocale locale;
    setWindowTitle(tr("Inspector — Rack %1").arg(qs(rack.id)));

    add(tr("Id"), qs(rack.id));
    add(tr("Row"), rack.row.empty() ? tr("—") : qs(rack.row));
    add(tr("Position"), tr("x %1, y %2").arg(metres(rack.xM), metres(rack.yM)));
    add(tr("Rotation"), tr("%1°").arg(number(rack.rotationDeg, 0)));
    add(tr("Rack model"), entryName(catalog, rack.catalogId));
    const RackGeometry g = rackGeometry(rack, catalog);
    add(tr("Footprint"), tr("%1 × %2 m, %3 U").arg(number(g.widthM, 2), number(g.depthM, 2)).arg(g.heightU));
    add(tr("Holds"), rackCategoryName(rackCategory(rack, catalog)));

    if (mResults) {
        const RackPower *power = nullptr;
        for (const RackPower &rp : mResults->power.racks)
            if (rp.rackId == rack.id)
                power = &rp;
        if (power) {
            QTreeWidgetItem *it = add(tr("IT power"), kilowatts(power->itKw));
            add(tr("Nameplate"), kilowatts(power->maxKw), it);
            add(tr("Rack limit"), kilowatts(power->limitKw), it);
        }
    } else {
        add(tr("IT power"), tr("evaluating…"));
    }

    int usedU = 0;
    QTreeWidgetItem *contents = add(tr("Contents"), QString());
    for (const Mount &mount : rack.contents) {
        const CatalogEntry *entry = catalog.find(mount.catalogId);
        const int height = entry ? static_cast<int>(entry->figure("height_u", 1.0)) : 1;
        const int top = mount.u + height * mount.count - 1;
        usedU += height * mount.count;
        QString text = QStringLiteral("%1 × %2").arg(mount.count).arg(entryName(catalog, mount.catalogId));
        if (mount.role != SwitchRole::None)
            text += QStringLiteral(" — %1").arg(QString::fromLatin1(switchRoleName(mount.role)));
        add(top > mount.u ? QStringLiteral("U%1–U%2").arg(mount.u).arg(top) : QStringLiteral("U%1").arg(mount.u), text,
            contents);
    }
    contents->setText(1, tr("%1 parts, %2 of %3 U").arg(locale.toString(static_cast<qlonglong>(rack.contents.size())))
                             .arg(usedU)
                             .arg(g.heightU));

    QStringList feeds, coolers;
    for (const FacilityUnit &unit : design.powerUnits)
        if (std::find(unit.serves.begin(), unit.serves.end(), rack.id) != unit.serves.end())
            feeds << qs(unit.id);
    for (const FacilityUnit &unit : design.coolingUnits)
        if (std::find(unit.serves.begin(), unit.serves.end(), rack.id) != unit.serves.end())
            coolers << qs(unit.id);
    add(tr("Power from"), feeds.isEmpty() ? tr("—") : feeds.join(QStringLiteral(", ")));
    add(tr("Cooled by"), coolers.isEmpty() ? tr("—") : coolers.join(QStringLiteral(", ")));
}

void InspectorDock::showUnit(bool power, int index)
{
    const Design &design = mDocument->design();
    const Catalog &catalog = mDocument->catalog();
    const auto &units = power ? design.powerUnits : design.coolingUnits;
    if (index < 0 || index >= static_cast<int>(units.size()))
        return;
    const FacilityUnit &unit = units[static_cast<size_t>(index)];
    setWindowTitle(power ? tr("Inspector — Power unit %1").arg(qs(unit.id))
                         : tr("Inspector — Cooling unit %1").arg(qs(unit.id)));
    add(tr("Id"), qs(unit.id));
    add(tr("Kind"), power ? tr("Power") : tr("Cooling"));
    add(tr("Model"), entryName(catalog, unit.catalogId));
    add(tr("Position"), tr("x %1, y %2").arg(metres(unit.xM), metres(unit.yM)));
    add(tr("Group"), unit.group.empty() ? tr("—") : qs(unit.group));
    add(tr("Redundancy"), QString::fromLatin1(redundancyName(unit.redundancy)));
    add(tr("Serves"), tr("%n rack(s)", nullptr, static_cast<int>(unit.serves.size())));
    if (mResults) {
        const auto &loads = power ? mResults->power.powerUnits : mResults->power.coolingUnits;
        for (const UnitLoad &load : loads) {
            if (load.unitId != unit.id)
                continue;
            QTreeWidgetItem *it = add(tr("Load"), kilowatts(load.loadKw));
            add(tr("Capacity"), kilowatts(load.capacityKw), it);
            if (load.capacityKw > 0.0)
                add(tr("Utilisation"), tr("%1 %").arg(number(100.0 * load.loadKw / load.capacityKw, 0)), it);
        }
    }
}

void InspectorDock::showMultiple()
{
    const Design &design = mDocument->design();
    setWindowTitle(tr("Inspector — %n items", nullptr, static_cast<int>(mRacks.size() + mPowerUnits.size() + mCoolingUnits.size())));
    const QLocale locale;
    add(tr("Racks"), locale.toString(static_cast<qlonglong>(mRacks.size())));
    add(tr("Power units"), locale.toString(static_cast<qlonglong>(mPowerUnits.size())));
    add(tr("Cooling units"), locale.toString(static_cast<qlonglong>(mCoolingUnits.size())));
    if (mResults && !mRacks.isEmpty()) {
        // A rubber band over thousands of racks refreshes this on every mouse move: index once.
        std::unordered_map<std::string, double> kwById;
        kwById.reserve(mResults->power.racks.size());
        for (const RackPower &rp : mResults->power.racks)
            kwById[rp.rackId] += rp.itKw;
        double kw = 0.0;
        for (int index : mRacks) {
            auto it = kwById.find(design.racks[static_cast<size_t>(index)].id);
            if (it != kwById.end())
                kw += it->second;
        }
        add(tr("IT power"), kilowatts(kw));
    }
    QTreeWidgetItem *ids = add(tr("Rack ids"), QString());
    const int shown = std::min<int>(static_cast<int>(mRacks.size()), 50);
    for (int i = 0; i < shown; ++i) {
        const Rack &rack = design.racks[static_cast<size_t>(mRacks[i])];
        add(qs(rack.id), qs(rack.row), ids);
    }
    if (mRacks.size() > shown)
        add(tr("…"), tr("%1 more").arg(mRacks.size() - shown), ids);
}

} // namespace cp::gui
