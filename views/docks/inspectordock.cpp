#include "views/docks/inspectordock.h"

#include "model/core/catalog.h"
#include "views/session/commands.h"
#include "model/core/design.h"
#include "model/edit/designedit.h"
#include "views/session/document.h"
#include "views/session/resultshub.h"
#include "model/engine/evaluation.h"
#include "views/plan/items/rackcategory.h"
#include "views/style/format.h"

#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QScrollArea>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace cp::gui {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

using fmt::number;

QString metres(double value)
{
    return InspectorDock::tr("%1 m").arg(number(value, 2));
}

QString kilowatts(double value)
{
    return InspectorDock::tr("%1 kW").arg(number(value, 1));
}

QString entryName(const Catalog &catalog, const std::string &id)
{
    const CatalogEntry *entry = catalog.find(id);
    if (!entry)
        return InspectorDock::tr("%1 (not in catalog)").arg(qs(id));
    return QStringLiteral("%1 (%2)").arg(qs(entry->name.empty() ? entry->id : entry->name), qs(id));
}

/// A number typed in the user's locale or with a decimal point; false if it is not one.
bool parseNumber(const QString &text, double &value)
{
    bool ok = false;
    const QString t = text.trimmed();
    value = QLocale().toDouble(t, &ok);
    if (!ok)
        value = QLocale::c().toDouble(t, &ok);
    return ok && std::isfinite(value);
}

QString numberError(const QString &text)
{
    return InspectorDock::tr("“%1” is not a number").arg(text);
}

} // namespace

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
    mMessage->setObjectName(QStringLiteral("inspectorMessage"));
    mMessage->setWordWrap(true);
    mMessage->setStyleSheet(QStringLiteral("color: #B00020;"));
    mMessage->hide();
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
    layout->addWidget(mMessage);
    layout->addWidget(mTree, 1);
    mTabs->addTab(mSelectionPage, tr("Selection"));
    buildSettingsTabs();
    setWidget(mTabs);
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
    mMessage->setVisible(!message.isEmpty());
    if (!message.isEmpty())
        Q_EMIT statusMessage(message);
}

QLineEdit *InspectorDock::addEditField(QFormLayout *form, const QString &name, const QString &label,
                                       const QString &value, const QString &unit,
                                       std::function<void(const QString &)> apply)
{
    auto *edit = new QLineEdit(value);
    edit->setObjectName(name);
    QWidget *row = edit;
    if (!unit.isEmpty()) {
        row = new QWidget;
        auto *h = new QHBoxLayout(row);
        h->setContentsMargins(0, 0, 0, 0);
        h->addWidget(edit, 1);
        h->addWidget(new QLabel(unit));
    }
    form->addRow(label, row);
    connect(edit, &QLineEdit::editingFinished, this, [edit, apply, value] {
        // editingFinished also comes on focus loss: only a changed text is an edit.
        if (edit->text() != value)
            apply(edit->text());
    });
    return edit;
}

void InspectorDock::applyRack(const std::function<QString(Rack &, const QString &)> &change, const QString &text,
                              const QString &what)
{
    if (!mDocument || mRacks.size() != 1)
        return;
    const int index = mRacks.front();
    Rack rack = mDocument->design().racks[static_cast<size_t>(index)];
    QString error = change(rack, text);
    if (error.isEmpty()) {
        pushEdit(mDocument, changeRack(mDocument->design(), mDocument->catalog(), index, rack),
                 tr("Change rack %1").arg(what), &error);
    }
    if (!error.isEmpty()) {
        refresh(); // the fields show the design's values again
        setError(tr("%1 refused: %2").arg(what, error));
        return;
    }
    setError(QString());
}

void InspectorDock::applyUnit(const std::function<QString(FacilityUnit &, const QString &)> &change,
                              const QString &text, const QString &what)
{
    if (!mDocument || mPowerUnits.size() + mCoolingUnits.size() != 1 || !mRacks.isEmpty())
        return;
    const bool power = !mPowerUnits.isEmpty();
    const int index = power ? mPowerUnits.front() : mCoolingUnits.front();
    FacilityUnit unit = (power ? mDocument->design().powerUnits : mDocument->design().coolingUnits)[static_cast<size_t>(index)];
    QString error = change(unit, text);
    if (error.isEmpty()) {
        pushEdit(mDocument, changeUnit(mDocument->design(), mDocument->catalog(), power, index, unit),
                 tr("Change unit %1").arg(what), &error);
    }
    if (!error.isEmpty()) {
        refresh();
        setError(tr("%1 refused: %2").arg(what, error));
        return;
    }
    setError(QString());
}

void InspectorDock::rebuildEditor()
{
    if (mEditor) {
        // The editor may be rebuilt from inside one of its own fields' signals.
        mEditor->hide();
        mEditor->setParent(nullptr);
        mEditor->deleteLater();
        mEditor = nullptr;
    }
    if (!mDocument)
        return;
    const Design &design = mDocument->design();
    const int selected = static_cast<int>(mRacks.size() + mPowerUnits.size() + mCoolingUnits.size());
    if (selected != 1)
        return;
    mEditor = new QWidget;
    mEditor->setObjectName(QStringLiteral("inspectorEditor"));
    auto *form = new QFormLayout(mEditor);
    form->setContentsMargins(0, 0, 0, 4);
    const QLocale l;
    const auto coordinate = [](double &target, const QString &text) -> QString {
        double v = 0;
        if (!parseNumber(text, v))
            return numberError(text);
        target = v;
        return {};
    };
    if (!mRacks.isEmpty()) {
        const int index = mRacks.front();
        if (index < 0 || index >= static_cast<int>(design.racks.size()))
            return;
        const Rack &rack = design.racks[static_cast<size_t>(index)];
        addEditField(form, QStringLiteral("rack.id"), tr("Id"), qs(rack.id), {}, [this](const QString &t) {
            applyRack([](Rack &r, const QString &v) { r.id = v.trimmed().toStdString(); return QString(); }, t, tr("Id"));
        });
        addEditField(form, QStringLiteral("rack.row"), tr("Row"), qs(rack.row), {}, [this](const QString &t) {
            applyRack([](Rack &r, const QString &v) { r.row = v.trimmed().toStdString(); return QString(); }, t, tr("Row"));
        });
        addEditField(form, QStringLiteral("rack.x"), tr("X"), l.toString(rack.xM, 'f', 2), tr("m"),
                     [this, coordinate](const QString &t) {
                         applyRack([coordinate](Rack &r, const QString &v) { return coordinate(r.xM, v); }, t, tr("X"));
                     });
        addEditField(form, QStringLiteral("rack.y"), tr("Y"), l.toString(rack.yM, 'f', 2), tr("m"),
                     [this, coordinate](const QString &t) {
                         applyRack([coordinate](Rack &r, const QString &v) { return coordinate(r.yM, v); }, t, tr("Y"));
                     });
        addEditField(form, QStringLiteral("rack.rotation"), tr("Rotation"), l.toString(rack.rotationDeg, 'f', 0),
                     tr("°"), [this, coordinate](const QString &t) {
                         applyRack([coordinate](Rack &r, const QString &v) { return coordinate(r.rotationDeg, v); }, t,
                                   tr("Rotation"));
                     });
        addEditField(form, QStringLiteral("rack.model"), tr("Rack model"), qs(rack.catalogId), {},
                     [this](const QString &t) {
                         applyRack([](Rack &r, const QString &v) { r.catalogId = v.trimmed().toStdString(); return QString(); },
                                   t, tr("Rack model"));
                     });
    } else {
        const bool power = !mPowerUnits.isEmpty();
        const int index = power ? mPowerUnits.front() : mCoolingUnits.front();
        const auto &units = power ? design.powerUnits : design.coolingUnits;
        if (index < 0 || index >= static_cast<int>(units.size()))
            return;
        const FacilityUnit &unit = units[static_cast<size_t>(index)];
        addEditField(form, QStringLiteral("unit.id"), tr("Id"), qs(unit.id), {}, [this](const QString &t) {
            applyUnit([](FacilityUnit &u, const QString &v) { u.id = v.trimmed().toStdString(); return QString(); }, t, tr("Id"));
        });
        // The capacity comes with the model: changing the model changes the capacity.
        const CatalogEntry *entry = mDocument->catalog().find(unit.catalogId);
        addEditField(form, QStringLiteral("unit.model"), tr("Model"), qs(unit.catalogId),
                     entry ? tr("%1 kW").arg(l.toString(entry->figure("capacity_kw"), 'f', 0)) : QString(),
                     [this](const QString &t) {
                         applyUnit([](FacilityUnit &u, const QString &v) { u.catalogId = v.trimmed().toStdString(); return QString(); },
                                   t, tr("Model"));
                     });
        addEditField(form, QStringLiteral("unit.x"), tr("X"), l.toString(unit.xM, 'f', 2), tr("m"),
                     [this, coordinate](const QString &t) {
                         applyUnit([coordinate](FacilityUnit &u, const QString &v) { return coordinate(u.xM, v); }, t, tr("X"));
                     });
        addEditField(form, QStringLiteral("unit.y"), tr("Y"), l.toString(unit.yM, 'f', 2), tr("m"),
                     [this, coordinate](const QString &t) {
                         applyUnit([coordinate](FacilityUnit &u, const QString &v) { return coordinate(u.yM, v); }, t, tr("Y"));
                     });
        addEditField(form, QStringLiteral("unit.group"), tr("Group"), qs(unit.group), {}, [this](const QString &t) {
            applyUnit([](FacilityUnit &u, const QString &v) { u.group = v.trimmed().toStdString(); return QString(); }, t,
                      tr("Group"));
        });
        addEditField(form, QStringLiteral("unit.redundancy"), tr("Redundancy"),
                     QString::fromLatin1(redundancyName(unit.redundancy)), tr("N, N+1 or 2N"), [this](const QString &t) {
                         applyUnit(
                             [](FacilityUnit &u, const QString &v) {
                                 const auto r = redundancyFromName(v.trimmed().toUpper().toStdString());
                                 if (!r)
                                     return tr("“%1” is not N, N+1 or 2N").arg(v);
                                 u.redundancy = *r;
                                 return QString();
                             },
                             t, tr("Redundancy"));
                     });
    }
    static_cast<QVBoxLayout *>(mSelectionPage->layout())->insertWidget(1, mEditor);
}

namespace {

using Field = std::function<QString(Design &, const QString &)>;

template<typename T>
Field numberField(T Design::*group, double T::*member)
{
    return [group, member](Design &d, const QString &text) {
        double v = 0;
        if (!parseNumber(text, v))
            return numberError(text);
        d.*group.*member = v;
        return QString();
    };
}

template<typename T>
Field intField(T Design::*group, int T::*member)
{
    return [group, member](Design &d, const QString &text) {
        double v = 0;
        if (!parseNumber(text, v) || v != std::floor(v) || std::abs(v) > 2e9)
            return InspectorDock::tr("“%1” is not a whole number").arg(text);
        d.*group.*member = static_cast<int>(v);
        return QString();
    };
}

template<typename T>
Field textField(T Design::*group, std::string T::*member)
{
    return [group, member](Design &d, const QString &text) {
        d.*group.*member = text.trimmed().toStdString();
        return QString();
    };
}

} // namespace

void InspectorDock::buildSettingsTabs()
{
    const QLocale l;
    const auto num = [l](double v) { return l.toString(v, 'g', 8); };
    using W = Workload;
    using F = FabricSettings;
    using R = ReliabilitySettings;
    using M = FinanceSettings;
    const auto d = [num](auto getter) { return [num, getter](const Design &x) { return num(getter(x)); }; };

    QVector<SettingsField> workload = {
        {QStringLiteral("workload.name"), tr("Name"), {}, [](const Design &x) { return qs(x.workload.name); },
         textField(&Design::workload, &W::name)},
        {QStringLiteral("workload.layers"), tr("Layers"), {}, d([](const Design &x) { return x.workload.layers; }),
         intField(&Design::workload, &W::layers)},
        {QStringLiteral("workload.hidden"), tr("Hidden size"), {}, d([](const Design &x) { return x.workload.hidden; }),
         intField(&Design::workload, &W::hidden)},
        {QStringLiteral("workload.heads"), tr("Heads"), {}, d([](const Design &x) { return x.workload.heads; }),
         intField(&Design::workload, &W::heads)},
        {QStringLiteral("workload.kvHeads"), tr("KV heads"), {}, d([](const Design &x) { return x.workload.kvHeads; }),
         intField(&Design::workload, &W::kvHeads)},
        {QStringLiteral("workload.ffnHidden"), tr("FFN hidden"), {}, d([](const Design &x) { return x.workload.ffnHidden; }),
         intField(&Design::workload, &W::ffnHidden)},
        {QStringLiteral("workload.vocab"), tr("Vocabulary"), {}, d([](const Design &x) { return x.workload.vocab; }),
         intField(&Design::workload, &W::vocab)},
        {QStringLiteral("workload.experts"), tr("Experts"), tr("0 = dense"), d([](const Design &x) { return x.workload.experts; }),
         intField(&Design::workload, &W::experts)},
        {QStringLiteral("workload.activeExperts"), tr("Active experts"), {},
         d([](const Design &x) { return x.workload.activeExperts; }), intField(&Design::workload, &W::activeExperts)},
        {QStringLiteral("workload.seqLen"), tr("Sequence length"), tr("tokens"),
         d([](const Design &x) { return x.workload.seqLen; }), intField(&Design::workload, &W::seqLen)},
        {QStringLiteral("workload.globalBatchTokens"), tr("Global batch"), tr("tokens"),
         d([](const Design &x) { return x.workload.globalBatchTokens; }), numberField(&Design::workload, &W::globalBatchTokens)},
        {QStringLiteral("workload.tokens"), tr("Training tokens"), tr("tokens"),
         d([](const Design &x) { return x.workload.tokens; }), numberField(&Design::workload, &W::tokens)},
        {QStringLiteral("workload.precision"), tr("Precision"), tr("bf16 or fp8"),
         [](const Design &x) { return qs(x.workload.precision); }, textField(&Design::workload, &W::precision)},
        {QStringLiteral("workload.recompute"), tr("Recompute"), tr("none, selective, full"),
         [](const Design &x) { return qs(x.workload.recompute); }, textField(&Design::workload, &W::recompute)},
    };
    QVector<SettingsField> fabric = {
        {QStringLiteral("fabric.topology"), tr("Topology"), tr("rail-optimized or leaf-spine"),
         [](const Design &x) { return QString::fromLatin1(topologyName(x.fabric.topology)); },
         [](Design &x, const QString &t) {
             const auto k = topologyFromName(t.trimmed().toStdString());
             if (!k)
                 return tr("“%1” is not rail-optimized or leaf-spine").arg(t);
             x.fabric.topology = *k;
             return QString();
         }},
        {QStringLiteral("fabric.tiers"), tr("Tiers"), tr("0 = automatic"), d([](const Design &x) { return x.fabric.tiers; }),
         intField(&Design::fabric, &F::tiers)},
        {QStringLiteral("fabric.oversubscription"), tr("Oversubscription"), tr("per tier, e.g. 1, 2"),
         [l](const Design &x) {
             QStringList parts;
             for (double o : x.fabric.oversubscription)
                 parts << l.toString(o, 'g', 4);
             return parts.join(QStringLiteral("; "));
         },
         [](Design &x, const QString &t) {
             std::vector<double> values;
             for (const QString &part : t.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
                 double v = 0;
                 if (!parseNumber(part, v))
                     return numberError(part.trimmed());
                 values.push_back(v);
             }
             x.fabric.oversubscription = values;
             return QString();
         }},
        {QStringLiteral("fabric.switchId"), tr("Switch"), tr("catalog id"), [](const Design &x) { return qs(x.fabric.switchId); },
         textField(&Design::fabric, &F::switchId)},
        {QStringLiteral("fabric.nicId"), tr("NIC"), tr("catalog id, empty = servers'"),
         [](const Design &x) { return qs(x.fabric.nicId); }, textField(&Design::fabric, &F::nicId)},
        {QStringLiteral("fabric.shortCableId"), tr("Short cable"), tr("catalog id"),
         [](const Design &x) { return qs(x.fabric.shortCableId); }, textField(&Design::fabric, &F::shortCableId)},
        {QStringLiteral("fabric.longCableId"), tr("Long cable"), tr("catalog id"),
         [](const Design &x) { return qs(x.fabric.longCableId); }, textField(&Design::fabric, &F::longCableId)},
    };
    const auto rel = [&](const char *name, const QString &label, const QString &unit, double R::*member) {
        return SettingsField{QStringLiteral("reliability.") + QLatin1String(name), label, unit,
                             [num, member](const Design &x) { return num(x.reliability.*member); },
                             numberField(&Design::reliability, member)};
    };
    QVector<SettingsField> reliability = {
        rel("gpuMtbfHours", tr("GPU MTBF"), tr("h"), &R::gpuMtbfHours),
        rel("nodeMtbfHours", tr("Node MTBF"), tr("h"), &R::nodeMtbfHours),
        rel("switchMtbfHours", tr("Switch MTBF"), tr("h"), &R::switchMtbfHours),
        rel("linkMtbfHours", tr("Link MTBF"), tr("h"), &R::linkMtbfHours),
        rel("nicMtbfHours", tr("NIC MTBF"), tr("h"), &R::nicMtbfHours),
        rel("softwareMtbfHours", tr("Software MTBF"), tr("h per GPU"), &R::softwareMtbfHours),
        rel("powerUnitMtbfHours", tr("Power unit MTBF"), tr("h"), &R::powerUnitMtbfHours),
        rel("coolingUnitMtbfHours", tr("Cooling unit MTBF"), tr("h"), &R::coolingUnitMtbfHours),
        rel("checkpointIntervalMinutes", tr("Checkpoint interval"), tr("min, 0 = optimal"), &R::checkpointIntervalMinutes),
        rel("detectMinutes", tr("Detection"), tr("min"), &R::detectMinutes),
        rel("restartMinutes", tr("Restart"), tr("min"), &R::restartMinutes),
        rel("warmupMinutes", tr("Warm-up"), tr("min"), &R::warmupMinutes),
        rel("repairHours", tr("Repair"), tr("h"), &R::repairHours),
        {QStringLiteral("reliability.hotSparesPerDomain"), tr("Hot spares per domain"), tr("−1 = catalog default"),
         d([](const Design &x) { return x.reliability.hotSparesPerDomain; }),
         intField(&Design::reliability, &R::hotSparesPerDomain)},
    };
    const auto fin = [&](const char *name, const QString &label, const QString &unit, double M::*member) {
        return SettingsField{QStringLiteral("finance.") + QLatin1String(name), label, unit,
                             [num, member](const Design &x) { return num(x.finance.*member); },
                             numberField(&Design::finance, member)};
    };
    QVector<SettingsField> finance = {
        fin("lifeYears", tr("Life"), tr("years"), &M::lifeYears),
        fin("energyUsdPerKwh", tr("Energy price"), tr("USD/kWh"), &M::energyUsdPerKwh),
        fin("pue", tr("PUE"), tr("0 = from cooling"), &M::pue),
        fin("utilisation", tr("Utilisation"), tr("0–1"), &M::utilisation),
        fin("staffFte", tr("Staff"), tr("FTE, 0 = scaled"), &M::staffFte),
        fin("staffUsdPerYear", tr("Staff cost"), tr("USD/year"), &M::staffUsdPerYear),
        fin("cloudUsdPerGpuHour", tr("Cloud price"), tr("USD/GPU-h, 0 = catalog"), &M::cloudUsdPerGpuHour),
        fin("facilityUsdPerMw", tr("Facility build"), tr("USD/MW"), &M::facilityUsdPerMw),
        fin("colocationUsdPerKwMonth", tr("Colocation"), tr("USD/kW/month, 0 = build"), &M::colocationUsdPerKwMonth),
        fin("coolingAirUsdPerKw", tr("Air cooling plant"), tr("USD/kW"), &M::coolingAirUsdPerKw),
        fin("coolingLiquidUsdPerKw", tr("Liquid cooling plant"), tr("USD/kW"), &M::coolingLiquidUsdPerKw),
        fin("integrationFraction", tr("Integration"), tr("share of hardware"), &M::integrationFraction),
        fin("maintenanceFraction", tr("Maintenance"), tr("share of hardware per year"), &M::maintenanceFraction),
        fin("softwareUsdPerGpuYear", tr("Software"), tr("USD/GPU/year"), &M::softwareUsdPerGpuYear),
        fin("sparesFraction", tr("Spares"), tr("share of hardware per year"), &M::sparesFraction),
        fin("deliveryMonths", tr("Delivery"), tr("months"), &M::deliveryMonths),
    };
    mTabs->addTab(settingsPage(workload), tr("Workload"));
    mTabs->addTab(settingsPage(fabric), tr("Fabric"));
    mTabs->addTab(settingsPage(reliability), tr("Reliability"));
    mTabs->addTab(settingsPage(finance), tr("Finance"));
}

QWidget *InspectorDock::settingsPage(const QVector<SettingsField> &fields)
{
    auto *scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *page = new QWidget;
    auto *form = new QFormLayout(page);
    for (const SettingsField &f : fields) {
        auto *edit = new QLineEdit;
        edit->setObjectName(f.name);
        edit->setEnabled(false);
        QWidget *row = edit;
        if (!f.unit.isEmpty()) {
            row = new QWidget;
            auto *h = new QHBoxLayout(row);
            h->setContentsMargins(0, 0, 0, 0);
            h->addWidget(edit, 1);
            auto *unit = new QLabel(f.unit);
            unit->setEnabled(false);
            h->addWidget(unit);
        }
        form->addRow(f.label, row);
        mSettingsEdits.push_back({f, edit});
        connect(edit, &QLineEdit::editingFinished, this, [this, f, edit] {
            if (!mDocument || edit->text() == f.get(mDocument->design()))
                return;
            // The whole settings by value: fields this panel does not show are carried along.
            Design settings = settingsOf(mDocument->design());
            QString error = f.set(settings, edit->text());
            if (error.isEmpty())
                pushEdit(mDocument, changeSettings(mDocument->design(), mDocument->catalog(), settings),
                         tr("Change %1").arg(f.label), &error);
            if (!error.isEmpty()) {
                edit->setText(f.get(mDocument->design()));
                setError(tr("%1 refused: %2").arg(f.label, error));
                return;
            }
            setError(QString());
        });
    }
    scroll->setWidget(page);
    return scroll;
}

void InspectorDock::refreshSettings()
{
    for (auto &[f, edit] : mSettingsEdits) {
        edit->setEnabled(mDocument != nullptr);
        if (mDocument && !edit->hasFocus())
            edit->setText(f.get(mDocument->design()));
    }
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
    return {};
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
    add(tr("Sequence length"), locale.toString(w.seqLen), workload);
    add(tr("Tokens"), tr("%1 T").arg(number(w.tokens / 1e12, 2)), workload);
    add(tr("Precision"), qs(w.precision), workload);
    add(tr("Recompute"), qs(w.recompute), workload);
    const Parallelism &p = w.parallelism;
    add(tr("Parallelism"),
        p.automatic ? tr("automatic")
                    : QStringLiteral("TP %1 · PP %2 · DP %3 · EP %4").arg(p.tp).arg(p.pp).arg(p.dp).arg(p.ep),
        workload);

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
