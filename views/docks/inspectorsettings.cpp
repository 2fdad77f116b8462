// The inspector's settings tabs (workload, fabric, reliability, finance): a form of fields per tab,
// each edit one undo command.
#include "views/docks/inspectordock.h"
#include "views/docks/inspectorformat.h"
#include "views/docks/catalogpicker.h"

#include "model/core/catalog.h"
#include "views/session/commands.h"
#include "model/core/design.h"
#include "model/core/parallellayout.h"
#include "model/edit/designedit.h"
#include "views/session/document.h"
#include "views/i18n/messages.h"
#include "model/engine/evaluation.h"
#include "model/reliability/policy.h"
#include "views/plan/items/rackcategory.h"

#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QComboBox>
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

using namespace inspector;

namespace {

using Field = std::function<QString(Design &, const QString &)>;

QString tierList(const QLocale &l, const std::vector<double> &values)
{
    QStringList parts;
    for (double o : values)
        parts << l.toString(o, 'g', 4);
    return parts.join(QStringLiteral(", "));
}

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

QVector<InspectorDock::SettingsField> InspectorDock::policyFields()
{
    return {
        {QStringLiteral("reliability.policy"), tr("Resilience policy"),
         tr("2021-baseline, llama3-2024, state-of-the-art or custom"),
         [](const Design &x) { return qs(x.reliability.policy); },
         [](Design &x, const QString &t) {
             ReliabilitySettings s = x.reliability;
             s.policy = t.trimmed().toStdString();
             if (!resolvePolicy(s))
                 return tr("“%1” is not a policy (%2)").arg(t, qs(policyNames()));
             x.reliability.policy = s.policy;
             return QString();
         }},
        {QStringLiteral("reliability.checkpointKind"), tr("Checkpoint kind"), tr("custom: blocking, async or in-memory"),
         [](const Design &x) { return qs(x.reliability.checkpointKind); },
         [](Design &x, const QString &t) {
             if (!checkpointKindFromName(t.trimmed().toStdString()))
                 return tr("“%1” is not blocking, async or in-memory").arg(t);
             x.reliability.checkpointKind = t.trimmed().toStdString();
             return QString();
         }},
        {QStringLiteral("reliability.withoutSpare"), tr("Without a spare"), tr("custom: shrink or wait"),
         [](const Design &x) { return qs(x.reliability.withoutSpare); },
         [](Design &x, const QString &t) {
             if (!withoutSpareFromName(t.trimmed().toStdString()))
                 return tr("“%1” is not shrink or wait").arg(t);
             x.reliability.withoutSpare = t.trimmed().toStdString();
             return QString();
         }},
    };
}

/// A model with experts: how many, how its tokens are routed and how they travel.
QVector<InspectorDock::SettingsField> InspectorDock::moeFields()
{
    const QLocale l;
    using W = Workload;
    const auto d = [l](auto getter) {
        return [l, getter](const Design &x) { return l.toString(double(getter(x)), 'g', 8); };
    };
    return {
        {QStringLiteral("workload.experts"), tr("Experts"), tr("0 = dense"), d([](const Design &x) { return x.workload.experts; }),
         intField(&Design::workload, &W::experts)},
        {QStringLiteral("workload.activeExperts"), tr("Active experts"), {},
         d([](const Design &x) { return x.workload.activeExperts; }), intField(&Design::workload, &W::activeExperts)},
        {QStringLiteral("workload.expertFfnHidden"), tr("Expert FFN hidden"), tr("one routed expert's width, 0 = FFN hidden"),
         d([](const Design &x) { return x.workload.expertFfnHidden; }), intField(&Design::workload, &W::expertFfnHidden)},
        {QStringLiteral("workload.sharedExperts"), tr("Shared experts"), tr("every token passes through them"),
         d([](const Design &x) { return x.workload.sharedExperts; }), intField(&Design::workload, &W::sharedExperts)},
        {QStringLiteral("workload.moeLoadImbalance"), tr("Expert load imbalance"),
         tr("busiest expert rank ÷ mean, 1 = balanced"),
         d([](const Design &x) { return x.workload.moeLoadImbalance; }),
         numberField(&Design::workload, &W::moeLoadImbalance)},
        {QStringLiteral("workload.moeGroups"), tr("Expert groups"), tr("group-limited routing, 0 = no limit"),
         d([](const Design &x) { return x.workload.moeGroups; }), intField(&Design::workload, &W::moeGroups)},
        {QStringLiteral("workload.moeTopGroups"), tr("Groups per token"), tr("of the expert groups, 0 = no limit"),
         d([](const Design &x) { return x.workload.moeTopGroups; }), intField(&Design::workload, &W::moeTopGroups)},
        {QStringLiteral("workload.moeDispatcher"), tr("Token dispatch"), tr("all_to_all or deduplicated (once per server)"),
         [](const Design &x) { return qs(x.workload.moeDispatcher); }, textField(&Design::workload, &W::moeDispatcher)},
        {QStringLiteral("workload.moeDispatchPrecision"), tr("Dispatch precision"), tr("bf16, or fp8 with an FP8 precision"),
         [](const Design &x) { return qs(x.workload.moeDispatchPrecision); },
         textField(&Design::workload, &W::moeDispatchPrecision)},
    };
}

/// The software stack the run uses; "default" leaves a field to the model, which the Results dock
/// then lists as assumed with what the other setting would move.
QVector<InspectorDock::SettingsField> InspectorDock::stackFields()
{
    using W = Workload;
    const auto field = [](const char *key, const QString &label, const QString &hint, std::string W::*member) {
        return SettingsField{QStringLiteral("workload.") + QLatin1String(key), label, hint,
                             [member](const Design &x) { return qs(x.workload.*member); },
                             textField(&Design::workload, member)};
    };
    return {
        field("attention", tr("Attention kernel"), tr("default (flash), flash or unfused"), &W::attention),
        field("sequenceParallel", tr("Sequence parallelism"), tr("default (true), true or false; with TP"),
              &W::sequenceParallel),
        field("overlapComm", tr("Overlap communication"), tr("default (true), true or false"), &W::overlapComm),
        field("gradReduce", tr("Gradient reduction"), tr("default (fp32), fp32 or bf16"), &W::gradReduce),
    };
}

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
        {QStringLiteral("workload.mtpLayers"), tr("MTP modules"), tr("multi-token prediction, 0 = none"),
         d([](const Design &x) { return x.workload.mtpLayers; }), intField(&Design::workload, &W::mtpLayers)},
    };
    workload += moeFields();
    workload += {
        {QStringLiteral("workload.seqLen"), tr("Sequence length"), tr("tokens"),
         d([](const Design &x) { return x.workload.seqLen; }), intField(&Design::workload, &W::seqLen)},
        {QStringLiteral("workload.globalBatchTokens"), tr("Global batch"), tr("tokens, 0 = automatic"),
         d([](const Design &x) { return x.workload.globalBatchTokens; }), numberField(&Design::workload, &W::globalBatchTokens)},
        {QStringLiteral("workload.jobs"), tr("Jobs"), tr("equal jobs on the GPUs"),
         d([](const Design &x) { return x.workload.jobs; }), intField(&Design::workload, &W::jobs)},
        {QStringLiteral("workload.tokens"), tr("Training tokens"), tr("tokens"),
         d([](const Design &x) { return x.workload.tokens; }), numberField(&Design::workload, &W::tokens)},
        {QStringLiteral("workload.precision"), tr("Precision"), tr("bf16, fp8 or mxfp8"),
         [](const Design &x) { return qs(x.workload.precision); }, textField(&Design::workload, &W::precision)},
        {QStringLiteral("workload.recompute"), tr("Recompute"), tr("auto, none, selective, block, offload, full"),
         [](const Design &x) { return qs(x.workload.recompute); }, textField(&Design::workload, &W::recompute)},
        {QStringLiteral("workload.pipelineSchedule"), tr("Pipeline schedule"), tr("1f1b or dualpipe"),
         [](const Design &x) { return qs(x.workload.pipelineSchedule); },
         textField(&Design::workload, &W::pipelineSchedule)},
        // The layout as the Results dock prints it, so that a searched layout can be pasted to pin it.
        {QStringLiteral("workload.parallelism"), tr("Parallelism"), tr("automatic, or e.g. TP8 PP16 DP64 CP1 EP1 mb1 v8"),
         [](const Design &x) { return qs(layoutText(x.workload.parallelism)); },
         [](Design &x, const QString &t) {
             const Problem problem = parseLayoutText(t.toStdString(), x.workload.parallelism, x.workload.recompute);
             return problem.message.empty() ? QString() : problemText(problem);
         }},
    };
    workload += stackFields();
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
         intField(&Design::fabric, &F::tiers),
         [l](const Results &r) { return l.toString(r.fabric.tiers); }},
        {QStringLiteral("fabric.oversubscription"), tr("Oversubscription"), tr("per tier above the leaf, e.g. 1, 4"),
         [l](const Design &x) { return tierList(l, x.fabric.oversubscription); },
         [](Design &x, const QString &t) {
             std::vector<double> values;
             const QString error = parseNumberList(t, values);
             if (error.isEmpty())
                 x.fabric.oversubscription = values;
             return error;
         },
         [l](const Results &r) { return tierList(l, r.fabric.oversubscription); }},
        {QStringLiteral("fabric.switchId"), tr("Switch"), {}, [](const Design &x) { return qs(x.fabric.switchId); },
         textField(&Design::fabric, &F::switchId), {}, {PartKind::Switch}},
        {QStringLiteral("fabric.nicId"), tr("NIC"), {}, [](const Design &x) { return qs(x.fabric.nicId); },
         textField(&Design::fabric, &F::nicId), {}, {PartKind::Nic}, tr("the servers' own NICs")},
        {QStringLiteral("fabric.shortCableId"), tr("Short cable"), {},
         [](const Design &x) { return qs(x.fabric.shortCableId); }, textField(&Design::fabric, &F::shortCableId), {},
         {PartKind::Cable}},
        {QStringLiteral("fabric.longCableId"), tr("Long cable"), {},
         [](const Design &x) { return qs(x.fabric.longCableId); }, textField(&Design::fabric, &F::longCableId), {},
         {PartKind::Cable}},
    };
    const auto rel = [&](const char *name, const QString &label, const QString &unit, double R::*member) {
        return SettingsField{QStringLiteral("reliability.") + QLatin1String(name), label, unit,
                             [num, member](const Design &x) { return num(x.reliability.*member); },
                             numberField(&Design::reliability, member)};
    };
    QVector<SettingsField> reliability = policyFields();
    reliability += {
        rel("gpuMtbfHours", tr("GPU MTBF"), tr("h"), &R::gpuMtbfHours),
        rel("nodeMtbfHours", tr("Node MTBF"), tr("h"), &R::nodeMtbfHours),
        rel("switchMtbfHours", tr("Switch MTBF"), tr("h"), &R::switchMtbfHours),
        rel("linkMtbfHours", tr("Link MTBF"), tr("h"), &R::linkMtbfHours),
        rel("nicMtbfHours", tr("NIC MTBF"), tr("h"), &R::nicMtbfHours),
        rel("softwareMtbfHours", tr("Software MTBF"), tr("h per GPU"), &R::softwareMtbfHours),
        rel("jobMtbfHours", tr("Job-level MTBF"), tr("h per job, 0 = none"), &R::jobMtbfHours),
        rel("powerUnitMtbfHours", tr("Power unit MTBF"), tr("h"), &R::powerUnitMtbfHours),
        rel("coolingUnitMtbfHours", tr("Cooling unit MTBF"), tr("h"), &R::coolingUnitMtbfHours),
        rel("checkpointIntervalMinutes", tr("Checkpoint interval"), tr("min, 0 = optimal"), &R::checkpointIntervalMinutes),
        rel("detectMinutes", tr("Detection"), tr("custom: min"), &R::detectMinutes),
        rel("restartMinutes", tr("Restart"), tr("custom: min, fixed part"), &R::restartMinutes),
        rel("initSecondsAt1k", tr("Initialisation"), tr("custom: s per 1,024 GPUs"), &R::initSecondsAt1k),
        rel("initExponent", tr("Initialisation growth"), tr("custom: exponent"), &R::initExponent),
        rel("warmupMinutes", tr("Warm-up"), tr("custom: min"), &R::warmupMinutes),
        rel("repairHours", tr("Repair"), tr("custom: h"), &R::repairHours),
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
        fin("deliveryMonths", tr("Delivery"), tr("months, 0 = from lead times"), &M::deliveryMonths),
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
        edit->installEventFilter(this);
        QComboBox *picker = f.pickerKinds.empty() ? nullptr : makePicker(edit);
        QWidget *row = picker ? static_cast<QWidget *>(picker) : edit;
        QLabel *hint = nullptr;
        if (!f.unit.isEmpty() || f.fromRacks) {
            QWidget *field = row;
            row = new QWidget;
            auto *h = new QHBoxLayout(row);
            h->setContentsMargins(0, 0, 0, 0);
            // The field keeps most of the width and the hint wraps beside it, so that a narrow
            // dock neither squeezes the value nor cuts the hint off; the full hint is the tooltip.
            h->addWidget(field, 3, Qt::AlignTop); // level with its label when the hint wraps
            hint = new QLabel(f.unit);
            hint->setObjectName(f.name + QStringLiteral(".hint"));
            hint->setEnabled(false);
            hint->setWordWrap(true);
            hint->setAlignment(Qt::AlignLeft | Qt::AlignTop);
            h->addWidget(hint, 2);
            edit->setToolTip(f.unit);
        }
        form->addRow(f.label, row);
        if (picker)
            picker->setEnabled(false);
        mSettingsEdits.push_back({f, edit, hint, picker});
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
    for (auto &[f, edit, hint, picker] : mSettingsEdits) {
        if (picker) {
            picker->setEnabled(mDocument != nullptr);
            if (mDocument)
                fillCatalogPicker(picker, mDocument->catalog(), f.pickerKinds, !f.emptyChoice.isEmpty(), f.emptyChoice);
        }
        // A design whose racks hold switches has the fabric they build: its tiers and tapers come
        // from them, and a setting for them would record a step that changes no figure. Such a
        // field shows what the racks give, read-only, with the reason.
        const bool fromRacks = f.fromRacks && mResults && mResults->fabric.tiers > 0;
        edit->setEnabled(mDocument != nullptr && !fromRacks);
        if (hint)
            hint->setText(fromRacks ? tr("from the racks' switches") : f.unit);
        const QString reason =
            fromRacks ? tr("Set by the switches in the design's network racks (%1 tiers). Change them on the plan, "
                           "or generate the design again with another taper (File › New).")
                            .arg(mResults->fabric.tiers)
                      : QString();
        edit->setToolTip(fromRacks ? reason : f.unit); // the hint whole, where the dock cuts it
        if (hint)
            hint->setToolTip(reason);
        if (!mDocument)
            continue;
        if (fromRacks) {
            edit->setText(f.fromRacks(*mResults));
            edit->setProperty(kCommittedValue, edit->text());
            continue;
        }
        // A focused field keeps what is being typed; one without unsaved text follows the design.
        const QString value = f.get(mDocument->design());
        if (!edit->hasFocus() || edit->text() == edit->property(kCommittedValue).toString())
            edit->setText(value);
        edit->setProperty(kCommittedValue, value);
    }
}

} // namespace cp::gui
