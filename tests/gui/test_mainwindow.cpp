// The main window on Qt's offscreen platform: loading, evaluation, selection, save and reopen,
// bad files, and the 3D tab's placeholder where there is no OpenGL.

#include "catalog.h"
#include "design.h"
#include "document.h"
#include "evaluation.h"
#include "hall3dview.h"
#include "hallscene.h"
#include "hallview.h"
#include "inspectordock.h"
#include "mainwindow.h"
#include "problemsdock.h"
#include "rackitem.h"
#include "resultsdock.h"
#include "templates.h"

#include <QLabel>
#include <QOpenGLWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QDockWidget>
#include <QtTest>

#include <random>

using namespace cp;
using namespace cp::gui;

namespace {

constexpr int kEvaluationTimeoutMs = 60000;

/// Loads a named source into the window: "sample" or "<template>-<gpus>".
bool load(MainWindow &window, const QString &source)
{
    if (source == QLatin1String("sample")) {
        window.loadSample();
        return true;
    }
    const QStringList parts = source.split(QLatin1Char('-'));
    return window.newFromTemplate(parts.value(0), parts.value(1).toLongLong());
}

int rackItemCount(const MainWindow &window)
{
    int count = 0;
    for (QGraphicsItem *item : window.hallView()->hallScene()->items())
        count += item->type() == RackItem::Type ? 1 : 0;
    return count;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

    void sceneHoldsOneItemPerRack_data();
    void sceneHoldsOneItemPerRack();
    void evaluationShowsResults_data();
    void evaluationShowsResults();
    void clickingRackFillsInspector_data();
    void clickingRackFillsInspector();
    void rubberBandSelectsRacks();
    void saveAndReopen_data();
    void saveAndReopen();
    void badFileLeavesDesignUnchanged_data();
    void badFileLeavesDesignUnchanged();
    void badTemplateFails();
    void threeDTabShowsPlaceholderWithoutOpenGL();
    void docksHaveObjectNamesForSavedLayouts();

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

void TestMainWindow::saveAndReopen_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("fileName");
    QTest::newRow("sample as project") << QStringLiteral("sample") << QStringLiteral("sample.cplan");
    QTest::newRow("sample as JSON") << QStringLiteral("sample") << QStringLiteral("sample.json");
    QTest::newRow("supernode as project") << QStringLiteral("supernode-144") << QStringLiteral("super.cplan");
    QTest::newRow("no suffix becomes a project") << QStringLiteral("classic-256") << QStringLiteral("classic");
}

void TestMainWindow::saveAndReopen()
{
    QFETCH(QString, source);
    QFETCH(QString, fileName);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(fileName);

    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    QVERIFY(load(window, source));
    QVERIFY2(window.saveFile(path), qPrintable(window.errorString()));
    const QString written = QFileInfo(path).suffix().isEmpty() ? path + QStringLiteral(".cplan") : path;
    QVERIFY(QFileInfo::exists(written));
    QCOMPARE(window.document()->filePath(), QFileInfo(written).absoluteFilePath());
    QVERIFY(!window.isWindowModified());

    MainWindow reopened(mCatalog);
    reopened.setErrorDialogsEnabled(false);
    QVERIFY2(reopened.openFile(written), qPrintable(reopened.errorString()));
    const Design &before = window.document()->design();
    const Design &after = reopened.document()->design();
    QCOMPARE(after.name, before.name);
    QCOMPARE(after.racks.size(), before.racks.size());
    for (size_t i = 0; i < before.racks.size(); ++i) {
        QCOMPARE(after.racks[i].id, before.racks[i].id);
        QCOMPARE(after.racks[i].contents.size(), before.racks[i].contents.size());
    }
    QCOMPARE(after.powerUnits.size(), before.powerUnits.size());
    QCOMPARE(after.coolingUnits.size(), before.coolingUnits.size());
    QCOMPARE(rackItemCount(reopened), static_cast<int>(before.racks.size()));
    QVERIFY(reopened.windowTitle().contains(QString::fromStdString(before.name)));
    // Both the saved and the opened file head the recent-files list.
    const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    QVERIFY(!recent.isEmpty());
    QCOMPARE(recent.front(), QFileInfo(written).absoluteFilePath());

    // The reopened design evaluates to the same inventory.
    QTRY_VERIFY_WITH_TIMEOUT(window.hasResults(), kEvaluationTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(reopened.hasResults(), kEvaluationTimeoutMs);
    QCOMPARE(reopened.outcome().results.inventory.gpusTotal, window.outcome().results.inventory.gpusTotal);
}

void TestMainWindow::badFileLeavesDesignUnchanged_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QByteArray>("contents");
    QTest::addColumn<bool>("create");

    QByteArray garbage(4096, '\0');
    std::mt19937 random(1234);
    for (char &c : garbage)
        c = static_cast<char>(random() & 0xff);
    QTest::newRow("garbage project") << QStringLiteral("garbage.cplan") << garbage << true;
    QTest::newRow("garbage JSON") << QStringLiteral("garbage.json") << garbage << true;
    QTest::newRow("empty project") << QStringLiteral("empty.cplan") << QByteArray() << true;
    QTest::newRow("text as project") << QStringLiteral("notes.cplan") << QByteArray("hello, world\n") << true;
    QTest::newRow("truncated JSON") << QStringLiteral("truncated.json")
                                    << QByteArray("{\"version\": 1, \"design\": {\"name\": \"x\", \"racks\": [") << true;
    QTest::newRow("JSON of the wrong shape") << QStringLiteral("array.json") << QByteArray("[1, 2, 3]") << true;
    QTest::newRow("missing file") << QStringLiteral("missing.cplan") << QByteArray() << false;
}

void TestMainWindow::badFileLeavesDesignUnchanged()
{
    QFETCH(QString, fileName);
    QFETCH(QByteArray, contents);
    QFETCH(bool, create);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(fileName);
    if (create) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(contents), contents.size());
    }

    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.loadSample();
    const Design before = window.document()->design();
    const QString titleBefore = window.windowTitle();
    const int itemsBefore = rackItemCount(window);
    QSignalSpy loaded(&window, &MainWindow::documentLoaded);

    QVERIFY(!window.openFile(path));
    QVERIFY(!window.errorString().isEmpty());
    // The message names the file, so the user knows which one is broken.
    QVERIFY2(window.errorString().contains(fileName), qPrintable(window.errorString()));
    QVERIFY(!window.errorString().contains(QLatin1Char('\n')));
    QCOMPARE(loaded.count(), 0);
    QVERIFY(window.document()->design() == before);
    QCOMPARE(window.windowTitle(), titleBefore);
    QVERIFY(window.document()->filePath().isEmpty());
    QCOMPARE(rackItemCount(window), itemsBefore);
}

void TestMainWindow::badTemplateFails()
{
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.loadSample();
    const Design before = window.document()->design();
    QVERIFY(!window.newFromTemplate(QStringLiteral("no-such-template"), 64));
    QVERIFY(!window.errorString().isEmpty());
    QVERIFY(window.document()->design() == before);
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
    QCOMPARE(docks.size(), 4);
    QSet<QString> names;
    for (const QDockWidget *dock : docks) {
        QVERIFY(!dock->objectName().isEmpty());
        names.insert(dock->objectName());
    }
    QCOMPARE(names.size(), 4);
    // A saved layout restores into a fresh window.
    const QByteArray state = window.saveState(1);
    MainWindow other(mCatalog);
    QVERIFY(other.restoreState(state, 1));
}

QTEST_MAIN(TestMainWindow)
#include "test_mainwindow.moc"
