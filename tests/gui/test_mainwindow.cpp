// The main window on Qt's offscreen platform: loading, evaluation, selection, overlays, panes and
// shortcuts, and the 3D tab's placeholder where there is no OpenGL. Saving, reopening, bad files and
// recovery: test_windowfiles.cpp.

#include "model/core/catalog.h"
#include "views/session/commands.h"
#include "model/core/design.h"
#include "model/edit/designedit.h"
#include "views/session/document.h"
#include "model/reliability/failuredomain.h"
#include "views/dialogs/historydialog.h"
#include "model/engine/evaluation.h"
#include "views/hall3d/hall3dview.h"
#include "views/plan/hallscene.h"
#include "views/plan/hallview.h"
#include "views/docks/inspectordock.h"
#include "views/plan/legendwidget.h"
#include "views/window/mainwindow.h"
#include "views/plan/overlay.h"
#include "views/docks/palettedock.h"
#include "views/docks/problemsdock.h"
#include "views/plan/items/rackitem.h"
#include "views/docks/resultsdock.h"
#include "views/session/selectionmodel.h"
#include "views/analysis/chartsview.h"
#include "model/io/projectfile.h"
#include "views/session/scenarioset.h"
#include "model/generate/templates.h"
#include "model/io/designjson.h"

#include <QComboBox>
#include <QLabel>
#include <QTableWidget>
#include <QOpenGLWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QDir>
#include <QTreeWidget>
#include <QDockWidget>
#include <QtTest>

#include "windowsupport.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <random>

using namespace cp;
using namespace cp::gui;
using namespace cp::gui::windowtest;

namespace {

/// The sample design with a fifth 10.2 kW server in its first compute rack: 51 kW nameplate in
/// a 41 kW air-cooled rack. Returns the rack's index.
int overloadFirstComputeRack(Design &design, const Catalog &catalog)
{
    for (size_t i = 0; i < design.racks.size(); ++i) {
        Rack &rack = design.racks[i];
        int servers = 0, top = 0;
        std::string server;
        for (const Mount &m : rack.contents) {
            const CatalogEntry *e = catalog.find(m.catalogId);
            if (e && e->kind == PartKind::Server) {
                servers += m.count;
                server = m.catalogId;
            }
            if (e)
                top = std::max(top, m.u + int(e->figure("height_u")) * m.count - 1);
        }
        if (servers == 4) {
            rack.contents.push_back({server, top + 1, 1, SwitchRole::None});
            return int(i);
        }
    }
    return -1;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();

    void sceneHoldsOneItemPerRack_data();
    void sceneHoldsOneItemPerRack();
    void evaluationShowsResults_data();
    void evaluationShowsResults();
    void clickingRackFillsInspector_data();
    void clickingRackFillsInspector();
    void rubberBandSelectsRacks();
    void threeDTabShowsPlaceholderWithoutOpenGL();
    void docksHaveObjectNamesForSavedLayouts();

    void editsAreDebounced();
    void chartsBehindATabWaitUntilShown();
    void editDuringEvaluationOnlyNewestShown();
    void statusBarShowsKeyFigures();
    void activatingProblemSelectsAndCentresRack();
    void powerOverlayFromResults();
    void failureDomainOverlayOfSelection();
    void bandwidthOverlayFromSelectedRack();
    void overlayComboAndMenuAgree();
    void standardShortcuts();
    void f6WalksThroughThePanes();
    void themeIsAppliedAndStored();

    void planSelectionIsShared();
    void sharedSelectionReachesPlan();
    void failureHighlightShowsDomainOnPlan();
    void otherScenariosAreComparedInCharts();

private:
    Catalog mCatalog;
};

void TestMainWindow::initTestCase()
{
    // Recent files and window state go to a throwaway location.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("ClusterPlannerTests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_mainwindow"));
    mCatalog = Catalog::builtin();
    QVERIFY(mCatalog.size() > 0);
}

void TestMainWindow::init()
{
    // Every test starts from the categories, whatever overlay the test before left chosen.
    QSettings().remove(QStringLiteral("view/overlay"));
}

void TestMainWindow::sceneHoldsOneItemPerRack_data()
{
    QTest::addColumn<QString>("source");
    QTest::newRow("sample") << QStringLiteral("sample");
    QTest::newRow("classic 256 GPUs") << QStringLiteral("classic-256");
    QTest::newRow("supernode 144 GPUs") << QStringLiteral("supernode-144");
}

void TestMainWindow::sceneHoldsOneItemPerRack()
{
    QFETCH(QString, source);
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    QVERIFY2(load(window, source), qPrintable(window.errorString()));

    const Design &design = window.document()->design();
    QVERIFY(!design.racks.empty());
    QCOMPARE(rackItemCount(window), static_cast<int>(design.racks.size()));
    const HallScene *scene = window.hallView()->hallScene();
    QCOMPARE(scene->rackItems().size(), static_cast<qsizetype>(design.racks.size()));
    QCOMPARE(scene->powerItems().size(), static_cast<qsizetype>(design.powerUnits.size()));
    QCOMPARE(scene->coolingItems().size(), static_cast<qsizetype>(design.coolingUnits.size()));
    // Each item stands for the rack with its index and id.
    for (const RackItem *item : scene->rackItems())
        QCOMPARE(item->id(), QString::fromStdString(design.racks[static_cast<size_t>(item->rackIndex())].id));
    QVERIFY(window.windowTitle().contains(QString::fromStdString(design.name)));
    QVERIFY(window.windowTitle().endsWith(QStringLiteral("Cluster Planner")));
}

void TestMainWindow::evaluationShowsResults_data()
{
    sceneHoldsOneItemPerRack_data();
}

void TestMainWindow::evaluationShowsResults()
{
    QFETCH(QString, source);
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    QSignalSpy evaluated(&window, &MainWindow::evaluated);
    QSignalSpy busy(window.evaluationRunner(), &EvaluationRunner::busyChanged);
    QVERIFY(load(window, source));
    window.show();

    QTRY_VERIFY_WITH_TIMEOUT(window.hasResults(), kEvaluationTimeoutMs);
    QCOMPARE(evaluated.count(), 1);
    QVERIFY(!window.evaluationRunner()->isBusy());
    // Busy went on while the engine ran and off when it finished.
    QVERIFY(busy.count() >= 2);
    QCOMPARE(busy.first().first().toBool(), true);
    QCOMPARE(busy.last().first().toBool(), false);

    // The figures are the engine's for this very design.
    const Results expected = evaluate(window.document()->design(), window.document()->catalog());
    const Results &shown = window.outcome().results;
    QVERIFY(expected.inventory.gpusTotal > 0);
    QCOMPARE(shown.inventory.gpusTotal, expected.inventory.gpusTotal);
    QCOMPARE(shown.inventory.racksTotal, expected.inventory.racksTotal);

    const QLocale locale;
    QCOMPARE(window.resultsDock()->value(QStringLiteral("inventory.gpus_total")),
             locale.toString(static_cast<qlonglong>(expected.inventory.gpusTotal)));
    QCOMPARE(window.resultsDock()->value(QStringLiteral("inventory.racks_total")),
             locale.toString(static_cast<qlonglong>(expected.inventory.racksTotal)));
    QCOMPARE(window.resultsDock()->value(QStringLiteral("power.it_kw_total")),
             locale.toString(expected.power.itKwTotal, 'f', 1));

    auto *summary = window.statusBar()->findChild<QLabel *>(QStringLiteral("summaryLabel"));
    QVERIFY(summary);
    QVERIFY2(summary->text().contains(locale.toString(static_cast<qlonglong>(expected.inventory.gpusTotal))),
             qPrintable(summary->text()));
    auto *busyBar = window.statusBar()->findChild<QWidget *>(QStringLiteral("busyBar"));
    QVERIFY(busyBar);
    QVERIFY(!busyBar->isVisible());

    // Validation and evaluation problems are both listed, none twice.
    const Problems validation = validate(window.document()->design(), window.document()->catalog());
    int distinct = static_cast<int>(validation.size());
    for (const Problem &p : expected.problems)
        distinct += std::find(validation.begin(), validation.end(), p) == validation.end() ? 1 : 0;
    QCOMPARE(window.problemsDock()->problemCount(), distinct);
}

void TestMainWindow::clickingRackFillsInspector_data()
{
    QTest::addColumn<QString>("which");
    QTest::newRow("first rack") << QStringLiteral("first");
    QTest::newRow("middle rack") << QStringLiteral("middle");
    QTest::newRow("last rack") << QStringLiteral("last");
}

void TestMainWindow::clickingRackFillsInspector()
{
    QFETCH(QString, which);
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.loadSample();
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY_WITH_TIMEOUT(window.hasResults(), kEvaluationTimeoutMs);

    const Design &design = window.document()->design();
    InspectorDock *inspector = window.inspectorDock();
    // Nothing selected: the design's properties.
    QCOMPARE(inspector->value(QStringLiteral("Name")), QString::fromStdString(design.name));

    const auto &items = window.hallView()->hallScene()->rackItems();
    const int index = which == QLatin1String("first") ? 0
                      : which == QLatin1String("last") ? static_cast<int>(items.size()) - 1
                                                        : static_cast<int>(items.size()) / 2;
    RackItem *item = items[index];
    HallView *view = window.hallView();
    view->centerOn(item);
    const QPoint at = view->mapFromScene(item->sceneBoundingRect().center());
    QVERIFY(view->viewport()->rect().contains(at));
    // Nothing drawn nearby (a unit's label, say) takes the click meant for the rack.
    QCOMPARE(view->itemAt(at), item);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, at);

    QVERIFY(item->isSelected());
    QCOMPARE(view->hallScene()->selectedItems().size(), 1);
    const Rack &rack = design.racks[static_cast<size_t>(item->rackIndex())];
    QCOMPARE(inspector->value(QStringLiteral("Id")), QString::fromStdString(rack.id));
    QCOMPARE(inspector->value(QStringLiteral("Row")), rack.row.empty() ? QStringLiteral("—") : QString::fromStdString(rack.row));
    // The rack's IT power comes from the results, not from the view.
    for (const RackPower &power : window.outcome().results.power.racks) {
        if (power.rackId == rack.id)
            QCOMPARE(inspector->value(QStringLiteral("IT power")),
                     QStringLiteral("%1 kW").arg(QLocale().toString(power.itKw, 'f', 1)));
    }
    QVERIFY(!inspector->tree()->findItems(QString::fromStdString(rack.id), Qt::MatchExactly | Qt::MatchRecursive, 1)
                 .isEmpty());

    // A click on the empty floor outside the hall clears the selection: the design again.
    const QPoint outside = view->mapFromScene(window.hallView()->hallScene()->contentRect().topLeft() - QPointF(20, 20));
    if (view->viewport()->rect().contains(outside)) {
        QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, outside);
        QCOMPARE(inspector->value(QStringLiteral("Name")), QString::fromStdString(design.name));
    }
}

void TestMainWindow::rubberBandSelectsRacks()
{
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.loadSample();
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    HallView *view = window.hallView();
    HallScene *scene = view->hallScene();
    QVERIFY(scene->rackItems().size() >= 2);

    // Drag a band around the first two racks, starting outside any item.
    const QRectF band = scene->rackItems()[0]->sceneBoundingRect().united(scene->rackItems()[1]->sceneBoundingRect());
    const QPoint from = view->mapFromScene(band.topLeft() - QPointF(2, 2)) - QPoint(3, 3);
    const QPoint to = view->mapFromScene(band.bottomRight() + QPointF(2, 2)) + QPoint(3, 3);
    QVERIFY(!scene->itemAt(view->mapToScene(from), view->transform()) ||
            scene->itemAt(view->mapToScene(from), view->transform())->type() != RackItem::Type);
    QTest::mousePress(view->viewport(), Qt::LeftButton, Qt::NoModifier, from);
    QTest::mouseMove(view->viewport(), (from + to) / 2);
    QTest::mouseMove(view->viewport(), to);
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, Qt::NoModifier, to);

    const QVector<int> selected = scene->selectedRackIndexes();
    QVERIFY2(selected.size() >= 2, qPrintable(QString::number(selected.size())));
    QVERIFY(selected.contains(scene->rackItems()[0]->rackIndex()));
    QVERIFY(selected.contains(scene->rackItems()[1]->rackIndex()));
    QCOMPARE(window.inspectorDock()->value(QStringLiteral("Racks")), QLocale().toString(selected.size()));
}

void TestMainWindow::threeDTabShowsPlaceholderWithoutOpenGL()
{
    QCOMPARE(QGuiApplication::platformName(), QStringLiteral("offscreen"));
    QString reason;
    QVERIFY(!Hall3dView::isOpenGLAvailable(&reason));
    QVERIFY(!reason.isEmpty());

    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.loadSample();
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // Lazy: nothing is created until the tab is shown.
    QVERIFY(!window.hall3dContent());
    window.show3d();
    QCOMPARE(window.centreTabs()->currentIndex(), 1);
    auto *label = qobject_cast<QLabel *>(window.hall3dContent());
    QVERIFY(label);
    QVERIFY2(label->text().startsWith(QStringLiteral("3D view unavailable: no OpenGL on this display")),
             qPrintable(label->text()));
    QVERIFY(!window.hall3dView());
    QVERIFY(window.findChildren<QOpenGLWidget *>().isEmpty());
    QTest::qWait(50);
    // Loading another design with the placeholder up is fine too.
    QVERIFY(window.newFromTemplate(QStringLiteral("supernode"), 144));
    window.showPlan();
    QCOMPARE(window.centreTabs()->currentIndex(), 0);
}

void TestMainWindow::docksHaveObjectNamesForSavedLayouts()
{
    MainWindow window(mCatalog);
    const auto docks = window.findChildren<QDockWidget *>();
    QVERIFY(docks.size() >= 4); // palette, inspector, results, problems, and the editing docks
    QSet<QString> names;
    for (const QDockWidget *dock : docks) {
        QVERIFY(!dock->objectName().isEmpty());
        names.insert(dock->objectName());
    }
    QCOMPARE(names.size(), docks.size());
    // A saved layout restores into a fresh window.
    const QByteArray state = window.saveState(1);
    MainWindow other(mCatalog);
    QVERIFY(other.restoreState(state, 1));
}

void TestMainWindow::editsAreDebounced()
{
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.loadSample();
    QTRY_VERIFY_WITH_TIMEOUT(window.hasResults(), kEvaluationTimeoutMs);
    const int runsBefore = window.evaluationRunner()->completedRuns();
    window.setEvaluationDelay(250);

    // Two edits in quick succession start one evaluation, of the design after both.
    QSignalSpy evaluated(&window, &MainWindow::evaluated);
    edit(window, removeRacks(window.document()->design(), {0}));
    edit(window, removeRacks(window.document()->design(), {0}));
    QVERIFY(window.evaluationTimer()->isActive());
    QVERIFY(!window.evaluationRunner()->isBusy()); // nothing runs until the edits pause
    QVERIFY(evaluated.wait(kEvaluationTimeoutMs));
    QTest::qWait(400);
    QCOMPARE(evaluated.count(), 1);
    QCOMPARE(window.evaluationRunner()->completedRuns(), runsBefore + 1);
    QCOMPARE(window.outcome().results.inventory.racksTotal,
             static_cast<long long>(window.document()->design().racks.size()));
}

void TestMainWindow::chartsBehindATabWaitUntilShown()
{
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.resultsDock()->raise(); // the default: Results in front, Charts behind its tab
    window.loadSample();
    QTRY_VERIFY_WITH_TIMEOUT(window.hasResults() && !window.evaluationRunner()->isBusy(), kEvaluationTimeoutMs);
    QTRY_VERIFY(!window.chartsView()->isBusy());
    // An edit's figures arrive; the charts behind the tab are not rebuilt (nor the scaling search run).
    QSignalSpy rebuilt(window.chartsView(), &ChartsView::chartsChanged);
    QSignalSpy evaluated(&window, &MainWindow::evaluated);
    window.setEvaluationDelay(0);
    edit(window, removeRacks(window.document()->design(), {0}));
    QVERIFY(evaluated.wait(kEvaluationTimeoutMs));
    QCOMPARE(rebuilt.count(), 0);
    QVERIFY(!window.chartsView()->isBusy());
    // Its tab chosen: the charts are built from the latest results.
    window.chartsDock()->raise();
    QTRY_VERIFY(rebuilt.count() >= 1);
    QTRY_VERIFY_WITH_TIMEOUT(!window.chartsView()->isBusy(), kEvaluationTimeoutMs);
    QVERIFY(window.chartsView()->hasData(ChartsView::chartIndex(QStringLiteral("tco"))));
    // On screen, an edit that does not re-run the parallelism search (a rack moved one grid step)
    // keeps the scaling curve: shown with the figures, no search started.
    Selection one;
    one.racks = {0};
    evaluated.clear();
    edit(window, moveBy(window.document()->design(), one, 0.0, window.document()->design().hall.gridM));
    QVERIFY(evaluated.wait(kEvaluationTimeoutMs));
    QVERIFY(!window.outcome().stages.performance);
    QVERIFY(!window.chartsView()->isBusy());
    QVERIFY(window.chartsView()->hasData(ChartsView::chartIndex(QStringLiteral("scaling"))));
    // A workload change re-runs it.
    Design settings = settingsOf(window.document()->design());
    settings.workload.tokens *= 2;
    evaluated.clear();
    edit(window, changeSettings(window.document()->design(), window.document()->catalog(), settings));
    QVERIFY(evaluated.wait(kEvaluationTimeoutMs));
    QVERIFY(window.outcome().stages.performance);
    QVERIFY(window.chartsView()->isBusy());
    QTRY_VERIFY_WITH_TIMEOUT(!window.chartsView()->isBusy(), kEvaluationTimeoutMs);
}

void TestMainWindow::editDuringEvaluationOnlyNewestShown()
{
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    // 100k GPUs: an evaluation long enough that the second edit surely lands while it runs.
    QVERIFY(window.newFromTemplate(QStringLiteral("classic"), 100000));
    QTRY_VERIFY_WITH_TIMEOUT(window.hasResults(), kEvaluationTimeoutMs);
    window.setEvaluationDelay(0);

    QSignalSpy evaluated(&window, &MainWindow::evaluated);
    edit(window, removeRacks(window.document()->design(), {0}));
    // Wait until the first edit's evaluation is running in the worker, then edit again.
    QTRY_VERIFY_WITH_TIMEOUT(window.evaluationRunner()->isBusy(), 5000);
    QCOMPARE(evaluated.count(), 0);
    Selection half;
    for (int i = 0; i < int(window.document()->design().racks.size()) / 2; ++i)
        half.racks.push_back(i);
    edit(window, remove(window.document()->design(), half));
    const long long racksNow = static_cast<long long>(window.document()->design().racks.size());
    // Once the (zero-delay) timer has fired, the newer run is requested and the first one is
    // stale. On a loaded machine the first run may still finish before that moment, and is then
    // rightly shown: count from here.
    QTRY_VERIFY_WITH_TIMEOUT(!window.evaluationTimer()->isActive(), 5000);
    const auto shownBefore = evaluated.count();

    QTRY_VERIFY_WITH_TIMEOUT(evaluated.count() > shownBefore, kEvaluationTimeoutMs);
    QTest::qWait(500); // the first run, arriving late, would show here
    QCOMPARE(evaluated.count(), shownBefore + 1);
    QCOMPARE(window.outcome().results.inventory.racksTotal, racksNow);
    QCOMPARE(window.resultsDock()->value(QStringLiteral("inventory.racks_total")),
             QLocale().toString(static_cast<qlonglong>(racksNow)));
}

void TestMainWindow::statusBarShowsKeyFigures()
{
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.loadSample();
    QTRY_VERIFY_WITH_TIMEOUT(window.hasResults(), kEvaluationTimeoutMs);
    const Results &r = window.outcome().results;
    const QString summary = window.findChild<QLabel *>(QStringLiteral("summaryLabel"))->text();
    const QLocale locale;
    QVERIFY2(summary.contains(locale.toString(static_cast<qlonglong>(r.inventory.gpusTotal)) + QStringLiteral(" GPUs")),
             qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("MW IT")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("MFU")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("job MTBF")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("TCO")), qPrintable(summary));
    QVERIFY2(summary.contains(locale.toString(r.reliability.jobMtbfHours, 'f', 1)), qPrintable(summary));
}

void TestMainWindow::activatingProblemSelectsAndCentresRack()
{
    QTemporaryDir dir;
    Design design = sampleDesign(mCatalog);
    const int hot = overloadFirstComputeRack(design, mCatalog);
    QVERIFY(hot >= 0);
    const QString path = dir.filePath(QStringLiteral("overloaded.json"));
    exportDesignJson(design, mCatalog, path.toStdString());

    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.resize(1200, 800);
    window.show();
    QVERIFY2(window.openFile(path), qPrintable(window.errorString()));
    QTRY_VERIFY_WITH_TIMEOUT(window.hasResults(), kEvaluationTimeoutMs);
    window.hallView()->zoomIn();
    window.hallView()->zoomIn();
    window.hallView()->zoomIn();

    // The evaluation reports the rack above its power limit, by id.
    const QString id = QString::fromStdString(design.racks[size_t(hot)].id);
    QTreeWidget *tree = window.problemsDock()->tree();
    QTreeWidgetItem *problem = nullptr;
    for (int i = 0; i < tree->topLevelItemCount(); ++i)
        if (tree->topLevelItem(i)->text(1) == id && tree->topLevelItem(i)->text(2).contains(QStringLiteral("limit")))
            problem = tree->topLevelItem(i);
    QVERIFY2(problem, "no power-limit problem for the overloaded rack");

    // Enter on the problem (as a double-click would) selects the rack and brings it into view.
    tree->setFocus();
    tree->setCurrentItem(problem);
    QTest::keyClick(tree, Qt::Key_Return);
    QCOMPARE(window.hallView()->hallScene()->selectedRackIndexes(), QVector<int>{hot});
    const RackItem *item = window.hallView()->hallScene()->rackItems()[hot];
    const QRect visible = window.hallView()->viewport()->rect();
    QVERIFY(visible.contains(window.hallView()->mapFromScene(item->sceneBoundingRect().center())));

    // A validation path names the rack by index and id; a setting names no part.
    QVERIFY(window.activateProblemPlace(QStringLiteral("racks[1] (\"%1\").contents[0].u")
                                            .arg(QString::fromStdString(design.racks[1].id))));
    QCOMPARE(window.hallView()->hallScene()->selectedRackIndexes(), QVector<int>{1});
    QVERIFY(!window.activateProblemPlace(QStringLiteral("workload.layers")));
}

void TestMainWindow::powerOverlayFromResults()
{
    QTemporaryDir dir;
    Design design = sampleDesign(mCatalog);
    const int hot = overloadFirstComputeRack(design, mCatalog);
    const QString path = dir.filePath(QStringLiteral("overloaded.json"));
    exportDesignJson(design, mCatalog, path.toStdString());

    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    QVERIFY(window.openFile(path));
    window.setOverlay(OverlayKind::PowerDensity);
    // Before the results arrive the overlay waits instead of guessing.
    QVERIFY(window.overlay().rackColors.isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(window.hasResults(), kEvaluationTimeoutMs);

    const auto &racks = window.outcome().results.power.racks;
    const QVector<QColor> &colors = window.overlay().rackColors;
    QCOMPARE(colors.size(), qsizetype(racks.size()));
    // The overloaded rack is marked as over its limit.
    QCOMPARE(colors[hot], overlayOverLimitColor());
    // The others: the hotter the rack, the darker its colour on the yellow-to-red scale; the
    // hottest rack gets the darkest.
    int hottest = -1;
    for (int i = 0; i < int(racks.size()); ++i)
        if (i != hot && racks[size_t(i)].itKw > 0 && (hottest < 0 || racks[size_t(i)].itKw > racks[size_t(hottest)].itKw))
            hottest = i;
    QVERIFY(hottest >= 0);
    for (int i = 0; i < int(racks.size()); ++i) {
        if (i == hot || racks[size_t(i)].itKw <= 0)
            continue;
        QVERIFY(colors[hottest].lightness() <= colors[i].lightness());
        for (int j = 0; j < int(racks.size()); ++j)
            if (j != hot && racks[size_t(j)].itKw > racks[size_t(i)].itKw + 0.5)
                QVERIFY2(colors[j].lightness() <= colors[i].lightness(), qPrintable(QString::number(j)));
    }
    // The legend names the cooling limits.
    const OverlayLegend &legend = window.hallView()->legend()->overlay();
    QVERIFY(window.hallView()->legend()->hasOverlay());
    QVERIFY(!legend.scale.isEmpty());
    bool airLimit = false;
    for (const auto &tick : legend.ticks)
        airLimit = airLimit || tick.second.contains(QStringLiteral("air limit 41 kW"));
    QVERIFY(airLimit);

    // Back to the categories: no overlay colours, the legend's categories.
    window.setOverlay(OverlayKind::Category);
    QVERIFY(window.overlay().rackColors.isEmpty());
    QVERIFY(!window.hallView()->legend()->hasOverlay());
}

void TestMainWindow::failureDomainOverlayOfSelection()
{
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.loadSample();
    QTRY_VERIFY_WITH_TIMEOUT(window.hasResults(), kEvaluationTimeoutMs);
    window.setOverlay(OverlayKind::FailureDomain);
    const Design &design = window.document()->design();

    // A leaf rack takes its whole leaf group down.
    int leafRack = -1;
    for (size_t i = 0; i < design.racks.size() && leafRack < 0; ++i)
        for (const Mount &m : design.racks[i].contents)
            if (m.role == SwitchRole::Leaf)
                leafRack = int(i);
    QVERIFY(leafRack >= 0);
    window.hallView()->selectRacks({leafRack});
    const FailureDomainIndex index = buildFailureDomainIndex(design, mCatalog, &window.outcome().results.power);
    const PartFailure expected = partFailure(design, index, {PartRef::Kind::Rack, leafRack});
    QVERIFY(expected.gpusDown > 0);
    const QVector<QColor> &colors = window.overlay().rackColors;
    QCOMPARE(colors.size(), qsizetype(design.racks.size()));
    const QColor down = colors[expected.racksDown.front()];
    int downCount = 0;
    for (const QColor &c : colors)
        downCount += c == down ? 1 : 0;
    QCOMPARE(downCount, int(expected.racksDown.size()));
    const QString gpus = QLocale().toString(static_cast<qlonglong>(expected.gpusDown));
    QVERIFY2(window.hallView()->legend()->overlay().note.contains(gpus + QStringLiteral(" GPUs down")),
             qPrintable(window.hallView()->legend()->overlay().note));

    // A redundant power unit takes nothing down; the racks it serves stay up.
    QVERIFY(!design.powerUnits.empty());
    window.hallView()->selectUnit(QString::fromStdString(design.powerUnits[0].id));
    QVERIFY2(window.hallView()->legend()->overlay().note.contains(QStringLiteral("0 GPUs down")),
             qPrintable(window.hallView()->legend()->overlay().note));
    for (const QColor &c : window.overlay().rackColors)
        QVERIFY(c != down);
}

void TestMainWindow::bandwidthOverlayFromSelectedRack()
{
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.loadSample();
    QTRY_VERIFY_WITH_TIMEOUT(window.hasResults(), kEvaluationTimeoutMs);
    window.setOverlay(OverlayKind::Bandwidth);
    const FabricResults &fabric = window.outcome().results.fabric;
    int from = -1;
    for (int i = 0; i < int(fabric.rackGroup.size()) && from < 0; ++i)
        if (fabric.rackGroup[size_t(i)] >= 0)
            from = i;
    QVERIFY(from >= 0);
    window.hallView()->selectRacks({from});
    const QVector<QColor> &colors = window.overlay().rackColors;
    QCOMPARE(colors.size(), qsizetype(fabric.rackGroup.size()));
    // Racks the fabric reaches at the same bandwidth share a colour; a lower bandwidth a
    // different one; racks off the fabric are neutral.
    const int g0 = fabric.rackGroup[size_t(from)];
    for (int i = 0; i < colors.size(); ++i) {
        if (i == from)
            continue;
        const int gi = fabric.rackGroup[size_t(i)];
        if (gi < 0) {
            QCOMPARE(colors[i], overlayNeutralColor());
            continue;
        }
        for (int j = 0; j < colors.size(); ++j) {
            const int gj = fabric.rackGroup[size_t(j)];
            if (j == from || gj < 0)
                continue;
            QCOMPARE(colors[i] == colors[j], fabric.bandwidth(g0, gi) == fabric.bandwidth(g0, gj));
        }
    }
    QVERIFY(window.hallView()->legend()->overlay().note.contains(QString::fromStdString(window.document()->design().racks[size_t(from)].id)));
}

void TestMainWindow::overlayComboAndMenuAgree()
{
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    QComboBox *combo = window.overlayCombo();
    QCOMPARE(combo->count(), kOverlayKindCount);
    combo->setCurrentIndex(combo->findData(int(OverlayKind::Bandwidth)));
    Q_EMIT combo->activated(combo->currentIndex());
    QCOMPARE(window.overlayKind(), OverlayKind::Bandwidth);
    auto *menuAction = window.findChild<QAction *>(QStringLiteral("overlay_power"));
    QVERIFY(menuAction);
    menuAction->trigger();
    QCOMPARE(window.overlayKind(), OverlayKind::PowerDensity);
    QCOMPARE(combo->currentData().toInt(), int(OverlayKind::PowerDensity));
    // The choice is remembered for the next window.
    MainWindow next(mCatalog);
    QCOMPARE(next.overlayKind(), OverlayKind::PowerDensity);
    next.setOverlay(OverlayKind::Category);
}

void TestMainWindow::standardShortcuts()
{
    MainWindow window(mCatalog);
    const auto actions = window.findChildren<QAction *>();
    const auto has = [&](const QKeySequence &key, const QString &text) {
        for (const QAction *a : actions)
            if (a->shortcuts().contains(key) && a->text().remove(QLatin1Char('&')).contains(text))
                return true;
        return false;
    };
    QVERIFY(has(QKeySequence(Qt::CTRL | Qt::Key_N), QStringLiteral("New")));
    QVERIFY(has(QKeySequence(Qt::CTRL | Qt::Key_O), QStringLiteral("Open")));
    QVERIFY(has(QKeySequence(Qt::CTRL | Qt::Key_S), QStringLiteral("Save")));
    QVERIFY(has(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), QStringLiteral("Save As")));
    QVERIFY(has(QKeySequence(Qt::CTRL | Qt::Key_Q), QStringLiteral("Quit")));
    QVERIFY(has(QKeySequence(Qt::Key_F1), QStringLiteral("Help")));
    QVERIFY(has(QKeySequence(Qt::Key_F6), QStringLiteral("Next Pane")));
}

void TestMainWindow::f6WalksThroughThePanes()
{
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.show();
    QApplication::setActiveWindow(&window);
    QVERIFY(QTest::qWaitForWindowActive(&window));
    window.hallView()->setFocus();
    QTRY_VERIFY(window.hallView()->hasFocus());
    // Each F6 moves the focus into the next dock, even one the user had closed.
    window.problemsDock()->close();
    QSet<const QWidget *> visited;
    for (int i = 0; i < 12; ++i) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6);
        QWidget *focus = QApplication::focusWidget();
        QVERIFY(focus);
        for (QDockWidget *dock : window.findChildren<QDockWidget *>())
            if (dock->isAncestorOf(focus))
                visited.insert(dock);
    }
    QVERIFY(visited.contains(window.paletteDock()));
    QVERIFY(visited.contains(window.resultsDock()));
    QVERIFY(visited.contains(window.problemsDock()));
    QVERIFY(window.problemsDock()->isVisible());
}

void TestMainWindow::themeIsAppliedAndStored()
{
    MainWindow window(mCatalog);
    window.setTheme(Theme::Dark);
    QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 100);
    QVERIFY(QApplication::palette().color(QPalette::WindowText).lightness() > 180);
    QCOMPARE(storedTheme(), Theme::Dark);
    QVERIFY(window.findChild<QAction *>(QStringLiteral("theme_dark"))->isChecked());
    window.setTheme(Theme::Light);
    QVERIFY(QApplication::palette().color(QPalette::Window).lightness() > 200);
    QCOMPARE(storedTheme(), Theme::Light);
}

void TestMainWindow::planSelectionIsShared()
{
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.loadSample();
    QSignalSpy spy(window.selectionModel(), &SelectionModel::selectionChanged);
    window.hallView()->selectRacks({3, 1});
    QCOMPARE(window.selectionModel()->selection().racks, QVector<int>({1, 3}));
    QVERIFY(!spy.isEmpty());
    QCOMPARE(spy.last().at(0).value<QObject *>(), static_cast<QObject *>(window.hallView()));
    const Design &design = window.document()->design();
    QVERIFY(!design.powerUnits.empty());
    window.hallView()->selectUnit(QString::fromStdString(design.powerUnits[0].id));
    QVERIFY(window.selectionModel()->selection().racks.isEmpty());
    QCOMPARE(window.selectionModel()->selection().powerUnits, QVector<int>({0}));
    // A new design forgets the selection: its indexes would name other parts.
    window.loadEmpty();
    QVERIFY(window.selectionModel()->selection().isEmpty());
}

void TestMainWindow::sharedSelectionReachesPlan()
{
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.loadSample();
    QObject otherView;
    PartSelection wanted;
    wanted.racks = {0, 2};
    wanted.coolingUnits = {0};
    window.selectionModel()->select(wanted, &otherView);
    QVector<int> racks, cooling;
    for (QGraphicsItem *item : window.hallView()->hallScene()->selectedItems()) {
        if (item->type() == RackItem::Type)
            racks.push_back(static_cast<RackItem *>(item)->rackIndex());
        else
            cooling.push_back(-1);
    }
    std::sort(racks.begin(), racks.end());
    QCOMPARE(racks, QVector<int>({0, 2}));
    QCOMPARE(cooling.size(), 1);
    // The plan's echo leaves the shared selection as it was set.
    QCOMPARE(window.selectionModel()->selection(), wanted);
}

void TestMainWindow::failureHighlightShowsDomainOnPlan()
{
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.loadSample();
    QTRY_VERIFY_WITH_TIMEOUT(window.hasResults(), kEvaluationTimeoutMs);
    QCOMPARE(window.overlayKind(), OverlayKind::Category);
    QObject table;
    window.selectionModel()->selectRacks({0}, &table);
    window.selectionModel()->setHighlight({QStringLiteral("rack"), {0}, {}}, &table);
    QCOMPARE(window.overlayKind(), OverlayKind::FailureDomain);
    QVERIFY(window.overlay().rackColors.size() == int(window.document()->design().racks.size()));
}

void TestMainWindow::otherScenariosAreComparedInCharts()
{
    const QString path = QStringLiteral(CP_SOURCE_DIR "/resources/examples/16k-servers-vs-supernodes.cplan");
    const std::vector<std::string> names = ProjectFile::scenarioNames(QFile::encodeName(path).toStdString());
    QCOMPARE(names.size(), size_t(2));
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    QSignalSpy ready(&window, &MainWindow::comparedResultsReady);
    QVERIFY2(window.openFile(path), qPrintable(window.errorString()));
    QVERIFY(ready.wait(kEvaluationTimeoutMs) || ready.count() > 0);
    QCOMPARE(window.comparedResults().size(), 1);
    const NamedResults &other = window.comparedResults().front();
    QCOMPARE(other.name, QString::fromStdString(names[1]));
    // The figures are the engine's for that scenario, as the CLI would evaluate it.
    Project project = ProjectFile::load(QFile::encodeName(path).toStdString(), names[1]);
    Catalog catalog = mCatalog;
    catalog.merge(project.catalog, "project");
    const Results expected = evaluate(project.design, catalog);
    QCOMPARE(other.results->inventory.gpusTotal, expected.inventory.gpusTotal);
    QCOMPARE(other.results->cost.tcoUsd, expected.cost.tcoUsd);
    // Another file drops the comparison.
    window.loadSample();
    QVERIFY(window.comparedResults().isEmpty());
}

QTEST_MAIN(TestMainWindow)
#include "test_mainwindow.moc"
