// The docks: catalog palette (grouping, search, tooltips with sources), results with units,
// problems merged and sorted, inspector for the design, a rack, a unit and a multiple selection.

#include "model/training/accuracy.h"
#include "model/io/estimatespec.h"
#include "model/training/estimate.h"
#include "model/training/publishedruns.h"
#include "model/core/catalog.h"
#include "model/core/design.h"
#include "views/session/document.h"
#include "model/engine/evaluation.h"
#include "model/reliability/failuredomain.h"
#include "views/dialogs/historydialog.h"
#include "views/docks/inspectordock.h"
#include "views/plan/legendwidget.h"
#include "views/plan/overlay.h"
#include "views/docks/palettedock.h"
#include "views/docks/problemsdock.h"
#include "views/docks/resultsdock.h"
#include "model/generate/templates.h"

#include <QImage>
#include <QLineEdit>
#include <QTableWidget>
#include <QHeaderView>
#include <QScrollBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QtTest>

using namespace cp;
using namespace cp::gui;

class TestDocks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

    void paletteGroupsEveryEntryByKind();
    void paletteSearch_data();
    void paletteSearch();
    void paletteTooltipCitesSources();

    void resultsShowFiguresWithUnits();
    void resultsTiersInFabricOrder();
    void resultsColumnsStayInView();
    void resultsTakeTurnsInTabsWhenNarrow();
    void resultsShowFabricAndTraining();

    void problemsMergedAndWorstFirst();
    void problemPlaceFindsPart_data();
    void problemPlaceFindsPart();

    void legendShowsOverlayScale();
    void overlayScaleColors();
    void historyDialogNewestFirst();

    void inspectorShowsDesignWhenNothingSelected();
    void inspectorShowsRack();
    void inspectorShowsUnit();
    void inspectorShowsMultipleSelection();

private:
    Catalog mCatalog;
    Design mDesign;
};

void TestDocks::initTestCase()
{
    mCatalog = Catalog::builtin();
    mDesign = sampleDesign(mCatalog);
    QVERIFY(!mDesign.racks.empty());
}

void TestDocks::paletteGroupsEveryEntryByKind()
{
    PaletteDock dock;
    dock.setCatalog(mCatalog);
    int kinds = 0;
    for (PartKind kind : allPartKinds())
        kinds += mCatalog.ofKind(kind).empty() ? 0 : 1;
    QCOMPARE(dock.tree()->topLevelItemCount(), kinds);
    QCOMPARE(dock.visibleEntryCount(), static_cast<int>(mCatalog.size()));
    // Groups follow allPartKinds() and each child is an entry of that kind.
    int g = 0;
    for (PartKind kind : allPartKinds()) {
        const auto entries = mCatalog.ofKind(kind);
        if (entries.empty())
            continue;
        QTreeWidgetItem *group = dock.tree()->topLevelItem(g++);
        QCOMPARE(group->data(0, Qt::UserRole).toString(), QString::fromLatin1(partKindName(kind)));
        QCOMPARE(group->childCount(), static_cast<int>(entries.size()));
        for (int i = 0; i < group->childCount(); ++i)
            QCOMPARE(group->child(i)->text(1), QString::fromStdString(entries[static_cast<size_t>(i)]->id));
    }
}

void TestDocks::paletteSearch_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expect"); // "all", "none", "some"
    const Catalog catalog = Catalog::builtin();
    const CatalogEntry &first = catalog.entries().front();
    const CatalogEntry &last = catalog.entries().back();
    QTest::newRow("empty shows all") << QString() << QStringLiteral("all");
    QTest::newRow("an id") << QString::fromStdString(first.id) << QStringLiteral("some");
    QTest::newRow("an id in upper case") << QString::fromStdString(last.id).toUpper() << QStringLiteral("some");
    QTest::newRow("part of a name") << QString::fromStdString(last.name).left(4) << QStringLiteral("some");
    QTest::newRow("nothing matches") << QStringLiteral("zz-no-such-part-zz") << QStringLiteral("none");
}

void TestDocks::paletteSearch()
{
    QFETCH(QString, text);
    QFETCH(QString, expect);
    PaletteDock dock;
    dock.setCatalog(mCatalog);
    QTest::keyClicks(dock.searchField(), text);
    QCOMPARE(dock.searchField()->text(), text);

    const int visible = dock.visibleEntryCount();
    if (expect == QLatin1String("all")) {
        QCOMPARE(visible, static_cast<int>(mCatalog.size()));
        return;
    }
    if (expect == QLatin1String("none")) {
        QCOMPARE(visible, 0);
        for (int g = 0; g < dock.tree()->topLevelItemCount(); ++g)
            QVERIFY(dock.tree()->topLevelItem(g)->isHidden());
        return;
    }
    QVERIFY(visible >= 1);
    QVERIFY(visible < static_cast<int>(mCatalog.size()));
    const QString needle = text.toCaseFolded();
    for (int g = 0; g < dock.tree()->topLevelItemCount(); ++g) {
        QTreeWidgetItem *group = dock.tree()->topLevelItem(g);
        int shown = 0;
        for (int i = 0; i < group->childCount(); ++i) {
            QTreeWidgetItem *item = group->child(i);
            const bool matches = item->text(0).toCaseFolded().contains(needle) || item->text(1).toCaseFolded().contains(needle)
                                 || QString::fromStdString(mCatalog.at(item->text(1).toStdString()).vendor).toCaseFolded().contains(needle);
            QCOMPARE(!item->isHidden(), matches);
            shown += item->isHidden() ? 0 : 1;
        }
        QCOMPARE(group->isHidden(), shown == 0);
    }
    // Clearing the search brings everything back.
    dock.searchField()->clear();
    QCOMPARE(dock.visibleEntryCount(), static_cast<int>(mCatalog.size()));
}

void TestDocks::paletteTooltipCitesSources()
{
    int withSources = 0;
    for (const CatalogEntry &entry : mCatalog.entries()) {
        const QString tip = PaletteDock::toolTipFor(entry);
        QVERIFY(tip.contains(QString::fromStdString(entry.name).toHtmlEscaped()));
        for (const auto &[key, value] : entry.figures) {
            QVERIFY2(tip.contains(QString::fromStdString(key)), qPrintable(QString::fromStdString(entry.id + " " + key)));
            const std::string source = entry.sourceOf(key);
            if (!source.empty()) {
                ++withSources;
                QVERIFY2(tip.contains(QString::fromStdString(source).toHtmlEscaped()),
                         qPrintable(QString::fromStdString(entry.id + " " + key)));
            }
        }
    }
    // The default catalog cites its figures.
    QVERIFY(withSources > 0);

    PaletteDock dock;
    dock.setCatalog(mCatalog);
    QTreeWidgetItem *item = dock.tree()->topLevelItem(0)->child(0);
    QCOMPARE(item->toolTip(0), PaletteDock::toolTipFor(mCatalog.at(item->text(1).toStdString())));
}

void TestDocks::resultsShowFiguresWithUnits()
{
    Results results;
    results.inventory.gpusTotal = 18432;
    results.inventory.gpusActive = 16384;
    results.inventory.gpusSpare = 2048;
    results.inventory.supernodes = 256;
    results.inventory.racksTotal = 300;
    results.inventory.nics = 16384;
    results.power.itKwTotal = 34567.89;
    results.power.facilityKwTotal = 41481.5;
    results.power.pue = 1.2;
    results.power.maxRackKw = 132.25;
    results.power.kwByRow = {{"A", 1000.0}, {"B", 1200.5}};

    ResultsDock dock;
    QVERIFY(dock.value(QStringLiteral("inventory.gpus_total")).isEmpty());
    dock.setResults(results);
    const QLocale locale;
    QCOMPARE(dock.value(QStringLiteral("inventory.gpus_total")), locale.toString(18432));
    QCOMPARE(dock.value(QStringLiteral("inventory.gpus_active")), locale.toString(16384));
    QCOMPARE(dock.value(QStringLiteral("inventory.gpus_spare")), locale.toString(2048));
    QCOMPARE(dock.value(QStringLiteral("inventory.supernodes")), locale.toString(256));
    // No servers: the row is left out rather than showing a misleading zero.
    QVERIFY(dock.value(QStringLiteral("inventory.servers")).isEmpty());
    QCOMPARE(dock.value(QStringLiteral("power.it_kw_total")), locale.toString(34567.89, 'f', 1));
    QCOMPARE(dock.value(QStringLiteral("power.pue")), locale.toString(1.2, 'f', 2));
    QCOMPARE(dock.value(QStringLiteral("power.kw_by_row.B")), locale.toString(1200.5, 'f', 1));

    // Every figure row names its unit (PUE is a ratio).
    for (QTreeWidget *tree : {dock.inventoryTree(), dock.powerTree()}) {
        for (QTreeWidgetItemIterator it(tree); *it; ++it) {
            const QString key = ResultsDock::keyOf(*it);
            if (key.isEmpty() || key == QLatin1String("power.pue"))
                continue;
            QVERIFY2(!(*it)->text(3).isEmpty(), qPrintable(key));
        }
    }
    QList<QTreeWidgetItem *> kw = dock.powerTree()->findItems(QStringLiteral("IT power (training load)"), Qt::MatchExactly);
    QCOMPARE(kw.size(), 1);
    QCOMPARE(kw.front()->text(3), QStringLiteral("kW"));

    dock.clear();
    QVERIFY(dock.value(QStringLiteral("inventory.gpus_total")).isEmpty());
}

void TestDocks::resultsShowFabricAndTraining()
{
    Results results;
    results.fabric.tiers = 3;
    results.fabric.topology = "rail-optimized";
    results.fabric.oversubscription = {1.0, 2.0};
    results.fabric.bisectionGbPerS = 25600.0;
    ResultsDock dock;
    dock.setResults(results);
    const QLocale locale;
    QCOMPARE(dock.value(QStringLiteral("fabric.tiers")), locale.toString(3));
    QCOMPARE(dock.value(QStringLiteral("fabric.bisection_gb_per_s")), locale.toString(25.6, 'f', 1));
    QCOMPARE(dock.value(QStringLiteral("fabric.oversubscription")),
             locale.toString(1.0, 'f', 2) + QStringLiteral(":1, ") + locale.toString(2.0, 'f', 2) + QStringLiteral(":1"));
    // No feasible layout: the training figures say so instead of showing zeros.
    QCOMPARE(dock.value(QStringLiteral("performance.available")), QStringLiteral("n/a"));
    QVERIFY(dock.value(QStringLiteral("performance.mfu")).isEmpty());

    results.performance.available = true;
    results.performance.outcome.estimate.mfu = 0.431;
    results.performance.outcome.estimate.config.tp = 8;
    results.performance.outcome.estimate.config.pp = 16;
    results.performance.outcome.estimate.config.dp = 64;
    dock.setResults(results);
    QCOMPARE(dock.value(QStringLiteral("performance.mfu")), locale.toString(43.1, 'f', 1));
    // The whole layout, in the notation the Inspector's Parallelism field reads back.
    QCOMPARE(dock.value(QStringLiteral("performance.parallelism_used")),
             QStringLiteral("TP8 PP16 DP64 CP1 EP1 mb1 v1 recompute none zero1"));
    // The MFU's P10–P90 band from the dense regime's validation errors (docs/validation.md).
    results.performance.spec.cluster.gpus = 1024;
    dock.setResults(results);
    const Band band = predictionBand(Regime::Dense);
    QCOMPARE(dock.value(QStringLiteral("performance.mfu_p10")),
             locale.toString(43.1 * band.low, 'f', 1) + QStringLiteral(" – ") + locale.toString(43.1 * band.high, 'f', 1));
    QVERIFY(!dock.value(QStringLiteral("performance.mfu_p10")).contains(QStringLiteral("not covered")));
    // The band sits on the figure's own row, in its column, and the training figures come first
    // (before the fabric's), so that they show without scrolling.
    QTreeWidget *perfTree = dock.performanceTree();
    QCOMPARE(perfTree->headerItem()->text(2), QStringLiteral("P10 – P90"));
    QTreeWidgetItem *mfuRow = nullptr;
    for (QTreeWidgetItemIterator it(perfTree); *it; ++it)
        if (ResultsDock::keyOf(*it) == QLatin1String("performance.mfu"))
            mfuRow = *it;
    QVERIFY(mfuRow);
    QCOMPARE(mfuRow->text(2), dock.value(QStringLiteral("performance.mfu_p10")));
    QCOMPARE(mfuRow->text(3), QStringLiteral("%"));
    QCOMPARE(ResultsDock::keyOf(perfTree->topLevelItem(0)), QStringLiteral("performance.parallelism_used"));
    QVERIFY(perfTree->indexOfTopLevelItem(mfuRow) < perfTree->indexOfTopLevelItem(
                                                        perfTree->findItems(QStringLiteral("Cables"), Qt::MatchExactly).value(0)));
    QVERIFY(dock.inventoryTree()->isColumnHidden(2));
    // Step time and hardware TFLOP/s (recomputation counted) show with their bands too; step time's
    // band is the time's: the P90 throughput's step is its P10.
    results.performance.outcome.estimate.stepTimeS = 12.5;
    results.performance.outcome.estimate.hardwareTflopsPerGpu = 512.0;
    dock.setResults(results);
    QCOMPARE(dock.value(QStringLiteral("performance.step_time_s")), locale.toString(12.5, 'f', 2));
    QCOMPARE(dock.value(QStringLiteral("performance.step_time_s_p10")),
             locale.toString(12.5 / band.high, 'f', 2) + QStringLiteral(" – ") + locale.toString(12.5 / band.low, 'f', 2));
    QCOMPARE(dock.value(QStringLiteral("performance.hardware_tflops_per_gpu")), locale.toString(512));
    QCOMPARE(dock.value(QStringLiteral("performance.hardware_tflops_per_gpu_p10")),
             locale.toString(qRound(512 * band.low)) + QStringLiteral(" – ") + locale.toString(qRound(512 * band.high)));
    // A step whose data-parallel traffic is at least its compute is outside what the band covers
    // (docs/validation.md, "Communication-bound steps"): the band row says so.
    results.performance.outcome.estimate.time.computeS = 0.037;
    results.performance.outcome.estimate.time.dpTotalS = 0.039;
    dock.setResults(results);
    QVERIFY2(dock.value(QStringLiteral("performance.mfu_p10")).contains(QStringLiteral("not covered")),
             qPrintable(dock.value(QStringLiteral("performance.mfu_p10"))));
    results.performance.outcome.estimate.time.dpTotalS = 0.020;
    dock.setResults(results);
    QVERIFY(!dock.value(QStringLiteral("performance.mfu_p10")).contains(QStringLiteral("not covered")));
    // Beside the bands, the published runs most like this one and the model's held-out error on
    // each, nearest first; a published run's own spec finds itself.
    const EstimateSpec saved = results.performance.spec;
    results.performance.spec = loadEstimateSpec(CP_SOURCE_DIR "/tests/data/validation/llama3-405b.json", Catalog::builtin());
    dock.setResults(results);
    const std::vector<NearbyRun> nearest = nearestPublishedRuns(results.performance.spec);
    QCOMPARE(nearest.size(), size_t(3));
    QStringList errors;
    for (const NearbyRun &n : nearest)
        errors << (n.run->heldOutPct > 0 ? QStringLiteral("+") : QString()) + locale.toString(n.run->heldOutPct, 'f', 1) +
                      QStringLiteral(" %");
    QCOMPARE(dock.value(QStringLiteral("performance.accuracy.nearest_published_runs")), errors.join(QStringLiteral(", ")));
    QCOMPARE(dock.value(QStringLiteral("performance.accuracy.nearest_published_runs.llama3-405b")),
             QStringLiteral("+") + locale.toString(3.3, 'f', 1) + QStringLiteral(" %"));
    QVERIFY(dock.value(QStringLiteral("performance.accuracy.nearest_published_runs.caveat")).isEmpty());
    QVERIFY(dock.value(QStringLiteral("performance.accuracy.stack_efficiency")).isEmpty());
    // Every field the spec left out, as `estimate` lists it: one row per default, under a count.
    const std::vector<std::string> &defaults = results.performance.spec.defaultsUsed;
    QVERIFY(!defaults.empty());
    QVERIFY(dock.value(QStringLiteral("performance.defaults_used")).startsWith(QString::number(defaults.size())));
    for (const std::string &d : defaults) {
        const size_t eq = d.find(" = ");
        QVERIFY2(eq != std::string::npos, d.c_str());
        QCOMPARE(dock.value(QStringLiteral("performance.defaults_used.") + QString::fromStdString(d.substr(0, eq))),
                 QString::fromStdString(d.substr(eq + 3)));
    }
    // Beside each stack field among them, what it moves set the other way (assumption_effects):
    // the last column of its row, e.g. "bf16: +0.5 %" (tokens per second).
    const std::vector<AssumptionEffect> effects = assumptionEffects(results.performance.spec, results.performance.outcome);
    QVERIFY(!effects.empty());
    for (const AssumptionEffect &a : effects) {
        const QString key = QStringLiteral("performance.defaults_used.") + QString::fromStdString(a.field);
        QTreeWidgetItem *item = nullptr;
        for (QTreeWidgetItemIterator it(dock.performanceTree()); *it && !item; ++it)
            if (ResultsDock::keyOf(*it) == key)
                item = *it;
        QVERIFY2(item, qPrintable(key));
        const QString shown = item->text(item->columnCount() - 1);
        QVERIFY2(shown.startsWith(QString::fromStdString(a.alternative) + QStringLiteral(": ")), qPrintable(shown));
        if (a.runs)
            QVERIFY2(shown.contains(locale.toString(std::fabs(100.0 * a.throughputChange), 'f', 1)), qPrintable(shown));
    }
    // What the runs cannot vouch for: a part no published run used, a stack efficiency below 1.
    results.performance.spec.cluster.gpu.id = "mi300x";
    results.performance.stackEfficiency = 0.55;
    dock.setResults(results);
    QVERIFY2(dock.value(QStringLiteral("performance.accuracy.nearest_published_runs.caveat")).contains(QStringLiteral("mi300x")),
             qPrintable(dock.value(QStringLiteral("performance.accuracy.nearest_published_runs.caveat"))));
    QCOMPARE(dock.value(QStringLiteral("performance.accuracy.stack_efficiency")), locale.toString(0.55, 'f', 2));
    results.performance.stackEfficiency = 1.0;
    results.performance.spec = saved;
    QVERIFY(dock.value(QStringLiteral("reliability.goodput")).isEmpty()); // not evaluated

    results.reliability.available = true;
    results.reliability.goodput = 0.913;
    results.reliability.largestFailureDomainGpus = 72;
    dock.setResults(results);
    QCOMPARE(dock.value(QStringLiteral("reliability.goodput")), locale.toString(91.3, 'f', 1));
    QCOMPARE(dock.value(QStringLiteral("reliability.largest_failure_domain_gpus")), locale.toString(72));
    // The goodput's band from the rate and time ranges, and the policy it is under.
    results.reliability.band.goodputP10 = 0.808;
    results.reliability.band.goodputP90 = 0.95;
    results.reliability.policy = "llama3-2024";
    dock.setResults(results);
    QCOMPARE(dock.value(QStringLiteral("reliability.goodput_p10")),
             locale.toString(80.8, 'f', 1) + QStringLiteral(" – ") + locale.toString(95.0, 'f', 1));
    QCOMPARE(dock.value(QStringLiteral("reliability.policy")), QStringLiteral("llama3-2024"));

    QVERIFY(dock.value(QStringLiteral("cost.capex_usd")).isEmpty()); // not evaluated
    results.cost.available = true;
    results.cost.capexUsd = 48.9e6;
    results.cost.breakEvenMonth = -1;
    dock.setResults(results);
    QCOMPARE(dock.value(QStringLiteral("cost.capex_usd")), locale.toString(48.9, 'f', 2));
    QCOMPARE(dock.value(QStringLiteral("cost.break_even_month")), QStringLiteral("never"));
}

void TestDocks::resultsColumnsStayInView()
{
    // A narrow dock: every column stays inside the tree (no horizontal scrolling to reach a unit or
    // a band), the values are whole, and a label the width cuts keeps its full text in its tooltip.
    Results results;
    results.performance.available = true;
    results.performance.outcome.estimate.mfu = 0.431;
    results.performance.outcome.estimate.modelTflopsPerGpu = 446.0;
    results.performance.outcome.estimate.tokensPerS = 984637.0;
    results.performance.outcome.estimate.config.tp = 8;
    results.performance.outcome.estimate.config.pp = 16;
    results.performance.outcome.estimate.config.dp = 64;
    results.performance.spec.cluster.gpus = 1024;
    ResultsDock dock;
    dock.resize(1300, 300); // side by side (a narrower dock puts the tables in tabs)
    dock.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dock));
    dock.setResults(results);
    QTreeWidget *tree = dock.performanceTree();
    for (int width : {380, 520}) {
        tree->setFixedWidth(width);
        QTest::qWait(20);
        QTRY_VERIFY(tree->viewport()->width() < width);
        const QHeaderView *header = tree->header();
        QVERIFY2(header->length() <= tree->viewport()->width(),
                 qPrintable(QStringLiteral("%1 > %2").arg(header->length()).arg(tree->viewport()->width())));
        QVERIFY(!tree->horizontalScrollBar()->isVisible());
        QTreeWidgetItem *tokens = nullptr;
        for (QTreeWidgetItemIterator it(tree); *it; ++it)
            if (ResultsDock::keyOf(*it) == QLatin1String("performance.tokens_per_s"))
                tokens = *it;
        QVERIFY(tokens);
        const QFontMetrics metrics(tree->font());
        QVERIFY(metrics.horizontalAdvance(tokens->text(1)) <= tree->columnWidth(1));
        QVERIFY(metrics.horizontalAdvance(tokens->text(2)) <= tree->columnWidth(2));
        QVERIFY(tokens->toolTip(0).startsWith(tokens->text(0)));
        QVERIFY(tokens->toolTip(0).endsWith(QLatin1String("performance.tokens_per_s")));
    }
}

void TestDocks::resultsTakeTurnsInTabsWhenNarrow()
{
    // A dock too narrow for three tables side by side shows them in tabs, picked with the mouse;
    // widened again, they return beside each other. The figures are the same either way.
    Results results;
    results.performance.available = true;
    results.performance.outcome.estimate.mfu = 0.431;
    results.performance.spec.cluster.gpus = 1024;
    ResultsDock dock;
    dock.resize(1300, 260);
    dock.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dock));
    dock.setResults(results);
    QVERIFY(!dock.isTabbed());
    for (QTreeWidget *tree : {dock.inventoryTree(), dock.performanceTree(), dock.powerTree()})
        QVERIFY(tree->isVisible());
    const QString mfu = dock.value(QStringLiteral("performance.mfu"));
    QVERIFY(!mfu.isEmpty());

    dock.resize(600, 260);
    QTRY_VERIFY(dock.isTabbed());
    auto *tabs = dock.findChild<QTabWidget *>(QStringLiteral("resultsTabs"));
    QVERIFY(tabs && tabs->isVisible());
    QCOMPARE(tabs->count(), 3);
    QVERIFY(dock.inventoryTree()->isVisible());
    QVERIFY(!dock.performanceTree()->isVisible());
    QTabBar *bar = tabs->tabBar();
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(1).center());
    QTRY_VERIFY(dock.performanceTree()->isVisible());
    QVERIFY(!dock.inventoryTree()->isVisible());
    // Shown in its tab, the table's columns fit the tab's width.
    QTRY_VERIFY(dock.performanceTree()->header()->length() <= dock.performanceTree()->viewport()->width());
    QCOMPARE(dock.value(QStringLiteral("performance.mfu")), mfu);
    // A width between the two thresholds keeps the arrangement it has.
    dock.resize(980, 260);
    QTest::qWait(20);
    QVERIFY(dock.isTabbed());

    dock.resize(1300, 260);
    QTRY_VERIFY(!dock.isTabbed());
    QVERIFY(!tabs->isVisible());
    QCOMPARE(tabs->count(), 0);
    for (QTreeWidget *tree : {dock.inventoryTree(), dock.performanceTree(), dock.powerTree()})
        QVERIFY(tree->isVisible());
    QCOMPARE(dock.value(QStringLiteral("performance.mfu")), mfu);
}

void TestDocks::resultsTiersInFabricOrder()
{
    Results results;
    results.inventory.switchesByTier = {{"core", 4}, {"leaf", 64}, {"spine", 32}};
    ResultsDock dock;
    dock.setResults(results);
    QStringList order;
    for (QTreeWidgetItemIterator it(dock.inventoryTree()); *it; ++it)
        if (ResultsDock::keyOf(*it).startsWith(QLatin1String("inventory.switches_by_tier.")))
            order << ResultsDock::keyOf(*it).section(QLatin1Char('.'), 2);
    QCOMPARE(order, (QStringList{QStringLiteral("leaf"), QStringLiteral("spine"), QStringLiteral("core")}));
    QCOMPARE(dock.value(QStringLiteral("inventory.switches_by_tier.spine")), QLocale().toString(32));
}

void TestDocks::problemsMergedAndWorstFirst()
{
    const Problem info{Severity::Info, "fabric", "3 tiers chosen for 16,384 GPUs"};
    const Problem warning{Severity::Warning, "R07", "rack at 95 % of its power limit"};
    const Problem error{Severity::Error, "racks[3] (\"R04\").contents[1]", "unknown catalog id \"x\""};
    ProblemsDock dock;
    dock.setProblems({warning, error}, {warning, info});
    QCOMPARE(dock.problemCount(), 3);
    QTreeWidget *tree = dock.tree();
    QCOMPARE(tree->topLevelItem(0)->text(0), QStringLiteral("Error"));
    QCOMPARE(tree->topLevelItem(0)->text(1), QString::fromStdString(error.place));
    QCOMPARE(tree->topLevelItem(1)->text(0), QStringLiteral("Warning"));
    QCOMPARE(tree->topLevelItem(2)->text(0), QStringLiteral("Info"));
    QCOMPARE(tree->topLevelItem(2)->text(3), QStringLiteral("evaluation"));
    for (int i = 0; i < 3; ++i)
        QVERIFY(!tree->topLevelItem(i)->icon(0).isNull());
    QCOMPARE(dock.windowTitle(), QStringLiteral("Problems (1 error, 1 warning)"));

    QSignalSpy activated(&dock, &ProblemsDock::problemActivated);
    Q_EMIT tree->itemActivated(tree->topLevelItem(1), 0);
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.first().first().toString(), QStringLiteral("R07"));

    dock.setProblems({}, {});
    QCOMPARE(dock.problemCount(), 0);
    QCOMPARE(dock.windowTitle(), QStringLiteral("Problems"));
}

void TestDocks::problemPlaceFindsPart_data()
{
    QTest::addColumn<QString>("place");
    QTest::addColumn<int>("kind"); // PartRef::Kind, -1 = no part
    QTest::addColumn<QVector<int>>("indexes");
    const QString rack3 = QString::fromStdString(mDesign.racks[3].id);
    const QString unit1 = QString::fromStdString(mDesign.powerUnits[1].id);
    const QString cooling0 = QString::fromStdString(mDesign.coolingUnits[0].id);
    const int power = int(PartRef::Kind::PowerUnit), cooling = int(PartRef::Kind::CoolingUnit);
    QTest::newRow("validation path, rack") << QStringLiteral("racks[3] (\"%1\").contents[1].u").arg(rack3)
                                           << 0 << QVector<int>{3};
    QTest::newRow("validation path, rack itself") << QStringLiteral("racks[3] (\"%1\")").arg(rack3) << 0
                                                  << QVector<int>{3};
    // The design changed since: the index names another rack, the id still finds this one.
    QTest::newRow("stale index, id wins") << QStringLiteral("racks[0] (\"%1\").id").arg(rack3) << 0
                                          << QVector<int>{3};
    QTest::newRow("power unit path") << QStringLiteral("power_units[1] (\"%1\").serves[0]").arg(unit1) << power
                                     << QVector<int>{1};
    QTest::newRow("cooling unit path") << QStringLiteral("cooling_units[0] (\"%1\")").arg(cooling0) << cooling
                                       << QVector<int>{0};
    QTest::newRow("rack id (evaluation)") << rack3 << 0 << QVector<int>{3};
    QTest::newRow("unit id (evaluation)") << unit1 << power << QVector<int>{1};
    QTest::newRow("setting") << QStringLiteral("workload.layers") << -1 << QVector<int>{};
    QTest::newRow("design") << QStringLiteral("fabric") << -1 << QVector<int>{};
    QTest::newRow("index out of range") << QStringLiteral("racks[99999]") << -1 << QVector<int>{};
    QTest::newRow("unknown id") << QStringLiteral("racks[2] (\"no such rack\")") << -1 << QVector<int>{};
    QTest::newRow("empty") << QString() << -1 << QVector<int>{};
}

void TestDocks::problemPlaceFindsPart()
{
    QFETCH(QString, place);
    QFETCH(int, kind);
    QFETCH(QVector<int>, indexes);
    const auto target = locateProblem(place, mDesign);
    if (kind < 0) {
        QVERIFY(!target);
        return;
    }
    QVERIFY(target);
    QCOMPARE(int(target->kind), kind);
    QCOMPARE(target->indexes, indexes);
}

void TestDocks::legendShowsOverlayScale()
{
    // The power overlay of the sample, drawn by the legend: the scale and the limits are there,
    // and the widget grows to hold them.
    const Results results = evaluate(mDesign, mCatalog);
    const Overlay overlay = powerDensityOverlay(mDesign, mCatalog, results);
    QCOMPARE(overlay.rackColors.size(), qsizetype(mDesign.racks.size()));
    LegendWidget legend;
    legend.setTitle(QStringLiteral("Hall 1"));
    const QSize categories = legend.sizeHint();
    legend.setOverlay(overlay.legend);
    QVERIFY(legend.hasOverlay());
    const QSize withOverlay = legend.sizeHint();
    QVERIFY(withOverlay.height() > categories.height());
    legend.resize(withOverlay);
    QImage image(legend.size(), QImage::Format_ARGB32);
    image.fill(Qt::white);
    legend.render(&image);
    // Somewhere in the scale bar is the top colour of the heat scale.
    const QColor top = overlay.legend.scale.back();
    bool found = false;
    for (int y = 0; y < image.height() && !found; ++y)
        for (int x = 0; x < image.width() && !found; ++x) {
            const QColor c = image.pixelColor(x, y);
            found = qAbs(c.red() - top.red()) < 8 && qAbs(c.green() - top.green()) < 8 && qAbs(c.blue() - top.blue()) < 8;
        }
    QVERIFY(found);
    legend.clearOverlay();
    QVERIFY(!legend.hasOverlay());
    QCOMPARE(legend.sizeHint(), categories);
}

void TestDocks::overlayScaleColors()
{
    const QVector<QColor> stops{Qt::black, Qt::white};
    QCOMPARE(scaleColor(stops, 0.0), QColor(Qt::black));
    QCOMPARE(scaleColor(stops, -1.0), QColor(Qt::black));
    QCOMPARE(scaleColor(stops, 1.0), QColor(Qt::white));
    QCOMPARE(scaleColor(stops, 7.0), QColor(Qt::white));
    QVERIFY(qAbs(scaleColor(stops, 0.5).lightness() - 128) <= 2);
    for (int i = 0; i < kOverlayKindCount; ++i)
        QCOMPARE(overlayFromKey(overlayKey(OverlayKind(i))), std::optional<OverlayKind>(OverlayKind(i)));
    QVERIFY(!overlayFromKey(QStringLiteral("heat")));

    // Results of another design (other rack count) give no colours, not wrong ones.
    Design smaller = mDesign;
    smaller.racks.pop_back();
    const Results results = evaluate(mDesign, mCatalog);
    QVERIFY(powerDensityOverlay(smaller, mCatalog, results).rackColors.isEmpty());
    QVERIFY(bandwidthOverlay(smaller, results.fabric, 0).rackColors.isEmpty());
    const FailureDomainIndex index = buildFailureDomainIndex(mDesign, mCatalog, &results.power);
    QVERIFY(failureDomainOverlay(smaller, index, PartRef{PartRef::Kind::Rack, 0}).rackColors.isEmpty());
    // Nothing selected: every rack neutral, the legend says what to do.
    const Overlay none = failureDomainOverlay(mDesign, index, std::nullopt);
    QCOMPARE(none.rackColors.size(), qsizetype(mDesign.racks.size()));
    for (const QColor &c : none.rackColors)
        QCOMPARE(c, overlayNeutralColor());
    QVERIFY(none.legend.note.contains(QStringLiteral("Select")));
}

void TestDocks::historyDialogNewestFirst()
{
    const std::vector<Revision> revisions{{1, "2026-01-02T10:00:00Z", "ana", "first"},
                                          {2, "2026-01-03T11:30:00Z", "bo", "second"}};
    HistoryDialog dialog(QStringLiteral("x.cplan"), revisions);
    QTableWidget *table = dialog.table();
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(table->item(0, 0)->text(), QStringLiteral("2"));
    QCOMPARE(table->item(0, 2)->text(), QStringLiteral("bo"));
    QCOMPARE(table->item(0, 3)->text(), QStringLiteral("second"));
    QCOMPARE(table->item(1, 3)->text(), QStringLiteral("first"));
    QVERIFY(!table->item(0, 1)->text().isEmpty());
    QVERIFY(dialog.windowTitle().contains(QStringLiteral("x.cplan")));
}

void TestDocks::inspectorShowsDesignWhenNothingSelected()
{
    Document document;
    document.reset(mDesign, mCatalog, QString());
    InspectorDock dock;
    dock.setDocument(&document);
    QCOMPARE(dock.value(QStringLiteral("Name")), QString::fromStdString(mDesign.name));
    QCOMPARE(dock.value(QStringLiteral("Racks")), QLocale().toString(static_cast<qlonglong>(mDesign.racks.size())));
    QCOMPARE(dock.value(QStringLiteral("Hall")), QString::fromStdString(mDesign.hall.name));
    QCOMPARE(dock.value(QStringLiteral("Workload")), QString::fromStdString(mDesign.workload.name));
    // A dense or balanced workload shows no routing imbalance; a skewed MoE one does.
    QVERIFY(dock.value(QStringLiteral("Expert load imbalance")).isEmpty());
    Design moe = mDesign;
    moe.workload.experts = 64;
    moe.workload.activeExperts = 8;
    moe.workload.moeLoadImbalance = 1.25;
    document.reset(moe, mCatalog, QString());
    dock.refresh();
    QCOMPARE(dock.value(QStringLiteral("Expert load imbalance")), QLocale().toString(1.25, 'g', 3) + QStringLiteral("×"));
}

void TestDocks::inspectorShowsRack()
{
    Document document;
    document.reset(mDesign, mCatalog, QString());
    const Results results = evaluate(mDesign, mCatalog);
    InspectorDock dock;
    dock.setDocument(&document);
    dock.setResults(&results);
    const int index = static_cast<int>(mDesign.racks.size()) - 1;
    const Rack &rack = mDesign.racks[static_cast<size_t>(index)];
    dock.setSelection({index}, {}, {});
    QCOMPARE(dock.value(QStringLiteral("Id")), QString::fromStdString(rack.id));
    QVERIFY(dock.value(QStringLiteral("Rack model")).contains(QString::fromStdString(rack.catalogId)));
    QVERIFY(dock.value(QStringLiteral("Position")).contains(QLocale().toString(rack.xM, 'f', 2)));

    // One contents line per mount, naming the part.
    QList<QTreeWidgetItem *> contents = dock.tree()->findItems(QStringLiteral("Contents"), Qt::MatchExactly);
    QCOMPARE(contents.size(), 1);
    QCOMPARE(contents.front()->childCount(), static_cast<int>(rack.contents.size()));
    for (int i = 0; i < contents.front()->childCount(); ++i)
        QVERIFY(contents.front()->child(i)->text(1).contains(
            QString::fromStdString(rack.contents[static_cast<size_t>(i)].catalogId)));

    for (const RackPower &power : results.power.racks)
        if (power.rackId == rack.id)
            QCOMPARE(dock.value(QStringLiteral("IT power")),
                     QStringLiteral("%1 kW").arg(QLocale().toString(power.itKw, 'f', 1)));

    // Without results yet, the power is marked pending instead of a stale figure.
    dock.setResults(nullptr);
    QCOMPARE(dock.value(QStringLiteral("IT power")), QStringLiteral("evaluating…"));
}

void TestDocks::inspectorShowsUnit()
{
    QVERIFY(!mDesign.powerUnits.empty()); // the sample design is fed by busways and UPSs
    Document document;
    document.reset(mDesign, mCatalog, QString());
    InspectorDock dock;
    dock.setDocument(&document);
    dock.setSelection({}, {0}, {});
    const FacilityUnit &unit = mDesign.powerUnits.front();
    QCOMPARE(dock.value(QStringLiteral("Id")), QString::fromStdString(unit.id));
    QCOMPARE(dock.value(QStringLiteral("Kind")), QStringLiteral("Power"));
    QCOMPARE(dock.value(QStringLiteral("Redundancy")), QString::fromLatin1(redundancyName(unit.redundancy)));
}

void TestDocks::inspectorShowsMultipleSelection()
{
    QVERIFY(mDesign.racks.size() >= 3);
    Document document;
    document.reset(mDesign, mCatalog, QString());
    InspectorDock dock;
    dock.setDocument(&document);
    dock.setSelection({0, 1, 2}, {}, {});
    QCOMPARE(dock.value(QStringLiteral("Racks")), QLocale().toString(3));
    QList<QTreeWidgetItem *> ids = dock.tree()->findItems(QStringLiteral("Rack ids"), Qt::MatchExactly);
    QCOMPARE(ids.size(), 1);
    QCOMPARE(ids.front()->childCount(), 3);
    QCOMPARE(ids.front()->child(2)->text(0), QString::fromStdString(mDesign.racks[2].id));
}

QTEST_MAIN(TestDocks)
#include "test_docks.moc"
