// The project's scenarios in the window, driven through the Scenarios dock's widgets: open,
// add, duplicate, rename, remove, the compared ticks, the Comparison dock's table, saving every
// scenario back, and File › Export (report, bill of materials, plan).

#include "model/analysis/assumedstack.h"
#include "model/analysis/comparison.h"
#include "model/analysis/rangetable.h"
#include "model/core/catalog.h"
#include "model/edit/designedit.h"
#include "model/engine/evaluation.h"
#include "model/io/projectfile.h"
#include "model/training/publishedruns.h"
#include "report/partratio.h"
#include "views/docks/comparisondock.h"
#include "views/docks/scenariosdock.h"
#include "views/session/commands.h"
#include "views/session/document.h"
#include "views/session/resultshub.h"
#include "views/session/scenarioset.h"
#include "views/window/mainwindow.h"

#include <QAction>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include <cmath>

using namespace cp;
using namespace cp::gui;

namespace {

constexpr int kEvaluationTimeoutMs = 60000;
const char *const kExample = CP_SOURCE_DIR "/resources/examples/16k-servers-vs-supernodes.cplan";

/// A writable copy of the two-scenario example in `dir`.
QString exampleCopy(const QTemporaryDir &dir)
{
    const QString path = dir.filePath(QStringLiteral("two.cplan"));
    QFile::copy(QString::fromUtf8(kExample), path);
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    return path;
}

std::string encoded(const QString &path)
{
    return QFile::encodeName(path).toStdString();
}

/// Clicks a tool button of the Scenarios dock by object name.
void clickButton(MainWindow &window, const char *name)
{
    auto *button = window.scenariosDock()->findChild<QToolButton *>(QString::fromLatin1(name));
    QVERIFY2(button, name);
    QVERIFY2(button->isEnabled(), name);
    QTest::mouseClick(button, Qt::LeftButton);
}

/// The centre of list row `row` in viewport coordinates.
QPoint rowCentre(QListWidget *list, int row)
{
    return list->visualItemRect(list->item(row)).center();
}

/// The centre of the tick box of list row `row` (at the row's left, before the text).
QPoint tickPoint(QListWidget *list, int row)
{
    const QRect r = list->visualItemRect(list->item(row));
    return QPoint(r.left() + r.height() / 2 + 2, r.center().y());
}

void waitForComparison(MainWindow &window)
{
    QTRY_VERIFY_WITH_TIMEOUT(!window.resultsHub()->isComparing() && window.hasResults(), kEvaluationTimeoutMs);
}

} // namespace

class TestScenarios : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void dockListsScenariosAndOpensOne();
    void editsSurviveSwitchingAndAreSaved();
    void addDuplicateRenameRemoveThroughTheDock();
    void comparisonTableFollowsTheTicks();
    void saveKeepsAScenarioAnotherProgramAdded();
    void exportsReportBomAndPlan();

private:
    Catalog mCatalog;
};

void TestScenarios::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("ClusterPlannerTests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_scenarios"));
    mCatalog = Catalog::builtin();
}

void TestScenarios::dockListsScenariosAndOpensOne()
{
    const std::vector<std::string> names = ProjectFile::scenarioNames(kExample);
    QCOMPARE(names.size(), size_t(2));
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY2(window.openFile(QString::fromUtf8(kExample)), qPrintable(window.errorString()));
    QListWidget *list = window.scenariosDock()->list();
    QCOMPARE(list->count(), 2);
    QCOMPARE(list->item(0)->text(), QString::fromStdString(names[0]));
    QVERIFY(list->item(0)->font().bold());
    QVERIFY(!list->item(1)->font().bold());
    QVERIFY(window.windowTitle().contains(QLatin1Char('#') + QString::fromStdString(names[0])));

    // Double-clicking the second scenario opens it: its design, its name in the title. (A real
    // double-click starts with a click; QTest's double-click event alone has no press before it.)
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, rowCentre(list, 1));
    QTest::mouseDClick(list->viewport(), Qt::LeftButton, {}, rowCentre(list, 1));
    QCOMPARE(window.scenarioSet()->currentIndex(), 1);
    QCOMPARE(window.document()->design(), ProjectFile::load(kExample, names[1]).design);
    QVERIFY(window.windowTitle().contains(QLatin1Char('#') + QString::fromStdString(names[1])));
    QVERIFY(list->item(1)->font().bold());
    QCOMPARE(window.openScenario(), QString::fromStdString(names[1]));
    // The first is now the one compared beside it.
    waitForComparison(window);
    QCOMPARE(window.comparedResults().size(), 1);
    QCOMPARE(window.comparedResults().front().name, QString::fromStdString(names[0]));
    QVERIFY(!window.isWindowModified());
}

void TestScenarios::editsSurviveSwitchingAndAreSaved()
{
    QTemporaryDir dir;
    const QString path = exampleCopy(dir);
    const std::vector<std::string> names = ProjectFile::scenarioNames(encoded(path));
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    QVERIFY2(window.openFile(path), qPrintable(window.errorString()));

    Design edited = window.document()->design();
    edited.finance.energyUsdPerKwh *= 2.0;
    QString error;
    QVERIFY2(pushEdit(window.document(), changeSettings(window.document()->design(), window.document()->catalog(), edited),
                      QStringLiteral("Energy price"), &error),
             qPrintable(error));
    const Design afterEdit = window.document()->design();
    QVERIFY(window.openScenarioAt(1));
    // The edit waits in the project: still unsaved, and there when the scenario is reopened.
    QVERIFY(window.isProjectModified());
    QVERIFY(window.isWindowModified());
    QVERIFY(window.openScenarioAt(0));
    QCOMPARE(window.document()->design(), afterEdit);
    QVERIFY(window.openScenarioAt(1));
    QVERIFY2(window.saveFile(path, QStringLiteral("two scenarios")), qPrintable(window.errorString()));
    QVERIFY(!window.isProjectModified());
    QCOMPARE(ProjectFile::scenarioNames(encoded(path)), names);
    QCOMPARE(ProjectFile::load(encoded(path), names[0]).design, afterEdit);
    QCOMPARE(ProjectFile::load(encoded(path), names[1]).design, ProjectFile::load(kExample, names[1]).design);
}

void TestScenarios::addDuplicateRenameRemoveThroughTheDock()
{
    QTemporaryDir dir;
    const QString path = exampleCopy(dir);
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY2(window.openFile(path), qPrintable(window.errorString()));
    ScenariosDock *dock = window.scenariosDock();
    QListWidget *list = dock->list();

    // Duplicate the open scenario: a third entry, "<name>-copy", the project unsaved.
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, rowCentre(list, 0));
    clickButton(window, "duplicateScenario");
    QCOMPARE(list->count(), 3);
    const QString copyName = window.scenarioSet()->name(0) + QStringLiteral("-copy");
    QCOMPARE(list->item(2)->text(), copyName);
    QCOMPARE(window.scenarioSet()->design(2), window.document()->design());
    QVERIFY(window.isWindowModified());

    // Rename it in place: F2, type, Enter.
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, rowCentre(list, 2));
    QTest::keyClick(list, Qt::Key_F2);
    auto *editor = list->viewport()->findChild<QLineEdit *>();
    QVERIFY(editor);
    editor->selectAll();
    QTest::keyClicks(editor, QStringLiteral("cheaper-power"));
    QTest::keyClick(editor, Qt::Key_Return); // the delegate commits on the next event loop turn
    QTRY_COMPARE(window.scenarioSet()->name(2), QStringLiteral("cheaper-power"));
    QVERIFY2(dock->message().isEmpty(), qPrintable(dock->message()));

    // A name the file cannot hold is refused in the fixed row; the list does not move.
    const QRect listBefore = list->geometry();
    QTRY_VERIFY(!list->viewport()->findChild<QLineEdit *>());
    QTest::keyClick(list, Qt::Key_F2);
    editor = list->viewport()->findChild<QLineEdit *>();
    QVERIFY(editor);
    editor->selectAll();
    QTest::keyClicks(editor, QStringLiteral("no spaces!"));
    QTest::keyClick(editor, Qt::Key_Return);
    QTRY_VERIFY2(dock->message().contains(QStringLiteral("no spaces!")), qPrintable(dock->message()));
    QCOMPARE(window.scenarioSet()->name(2), QStringLiteral("cheaper-power"));
    QCOMPARE(list->item(2)->text(), QStringLiteral("cheaper-power"));
    QCOMPARE(list->geometry(), listBefore);
    // A name another scenario has is refused too.
    QTRY_VERIFY(!list->viewport()->findChild<QLineEdit *>());
    QTest::keyClick(list, Qt::Key_F2);
    editor = list->viewport()->findChild<QLineEdit *>();
    QVERIFY(editor);
    editor->selectAll();
    QTest::keyClicks(editor, window.scenarioSet()->name(1));
    QTest::keyClick(editor, Qt::Key_Return);
    QTRY_VERIFY2(dock->message().contains(QStringLiteral("already")), qPrintable(dock->message()));
    QCOMPARE(window.scenarioSet()->name(2), QStringLiteral("cheaper-power"));

    // The open scenario cannot be removed; another can.
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, rowCentre(list, 0));
    QVERIFY(!dock->findChild<QToolButton *>(QStringLiteral("removeScenario"))->isEnabled());
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, rowCentre(list, 1));
    const QString removed = window.scenarioSet()->name(1);
    clickButton(window, "removeScenario");
    QCOMPARE(list->count(), 2);
    QCOMPARE(window.scenarioSet()->indexOf(removed), -1);

    // Added from a template, with a name from its kind and size.
    QVERIFY2(window.addScenarioFromTemplate(QStringLiteral("supernode"), 144), qPrintable(window.errorString()));
    QCOMPARE(window.scenarioSet()->name(2), QStringLiteral("supernode-144"));
    // Added from a design JSON file another window wrote: named after the file.
    const QString json = dir.filePath(QStringLiteral("small-pod.json"));
    {
        MainWindow other(mCatalog);
        other.setErrorDialogsEnabled(false);
        QVERIFY(other.newFromTemplate(QStringLiteral("classic"), 256));
        QVERIFY2(other.saveFile(json), qPrintable(other.errorString()));
    }
    QVERIFY2(window.addScenarioFromFile(json), qPrintable(window.errorString()));
    QCOMPARE(list->count(), 4);
    QCOMPARE(window.scenarioSet()->name(3), QStringLiteral("small-pod"));
    // A file that is not there is refused by name; nothing is added.
    QVERIFY(!window.addScenarioFromFile(dir.filePath(QStringLiteral("missing.json"))));
    QVERIFY2(window.errorString().contains(QStringLiteral("missing.json")), qPrintable(window.errorString()));
    QCOMPARE(list->count(), 4);

    // Saved: the file holds exactly the set, in order; reopening shows the same list.
    QVERIFY2(window.saveFile(path), qPrintable(window.errorString()));
    const std::vector<std::string> saved = ProjectFile::scenarioNames(encoded(path));
    QCOMPARE(int(saved.size()), 4);
    for (int i = 0; i < 4; ++i)
        QCOMPARE(QString::fromStdString(saved[size_t(i)]), window.scenarioSet()->name(i));
    QCOMPARE(ProjectFile::load(encoded(path), "supernode-144").design.racks.size(), window.scenarioSet()->design(2).racks.size());
    MainWindow reopened(mCatalog);
    reopened.setErrorDialogsEnabled(false);
    QVERIFY2(reopened.openFile(path), qPrintable(reopened.errorString()));
    QCOMPARE(reopened.scenariosDock()->list()->count(), 4);
    QCOMPARE(reopened.scenarioSet()->names(), window.scenarioSet()->names());
}

void TestScenarios::comparisonTableFollowsTheTicks()
{
    const std::vector<std::string> names = ProjectFile::scenarioNames(kExample);
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.comparisonDock()->show();
    window.comparisonDock()->raise();
    QVERIFY2(window.openFile(QString::fromUtf8(kExample)), qPrintable(window.errorString()));
    waitForComparison(window);
    QTableWidget *table = window.comparisonDock()->table();
    QTRY_COMPARE_WITH_TIMEOUT(table->columnCount(), 3, kEvaluationTimeoutMs); // two scenarios and P(1st>2)
    QCOMPARE(table->horizontalHeaderItem(0)->text(), QString::fromStdString(names[0]));
    QCOMPARE(table->horizontalHeaderItem(1)->text(), QString::fromStdString(names[1]));

    // The cells are the engine's comparison of the two scenarios, as `compare` prints them.
    Project second = ProjectFile::load(kExample, names[1]);
    Catalog catalog = mCatalog;
    catalog.merge(second.catalog, "project");
    const Results otherResults = evaluate(second.design, catalog);
    const Comparison expected = compareDesigns({{names[0], &window.outcome().results}, {names[1], &otherResults}});
    for (const ComparisonRow &row : expected.keyFigures) {
        QCOMPARE(window.comparisonDock()->cell(QString::fromStdString(row.key), QString::fromStdString(names[0])),
                 QString::fromStdString(row.cells[0].text));
        QCOMPARE(window.comparisonDock()->cell(QString::fromStdString(row.key), QString::fromStdString(names[1])),
                 QString::fromStdString(row.cells[1].text));
        // The better value bold when the draws settle it, italic when it is ahead as printed only.
        for (size_t c = 0; c < 2; ++c) {
            const QTableWidgetItem *item =
                window.comparisonDock()->item(QString::fromStdString(row.key), QString::fromStdString(names[c]));
            QVERIFY(item);
            QCOMPARE(item->font().bold(), row.cells[c].best && row.cells[c].settled);
            QCOMPARE(item->font().italic(), row.cells[c].best && !row.cells[c].settled);
        }
    }

    // Under the key figures, the ranges: each design's P10 / P50 / P90 and, in the column after the
    // designs, the probability that the first is the better one — as `compare` computes them.
    const std::vector<ComparedDesign> compared{{names[0], &window.outcome().results}, {names[1], &otherResults}};
    const std::vector<RangeRow> ranges = rangeRows(compared);
    QVERIFY(!ranges.empty());
    for (const RangeRow &row : ranges) {
        const QString key = QString::fromStdString(row.key);
        for (size_t c = 0; c < 2; ++c) {
            const RangeCell &cell = row.cells[c];
            const auto shown = [&](double v) {
                return std::isinf(v) ? QStringLiteral("never") : QString::number(v, 'f', row.decimals);
            };
            const QString expected = cell.present ? shown(cell.p10) + QStringLiteral(" / ") + shown(cell.p50) +
                                                        QStringLiteral(" / ") + shown(cell.p90)
                                                  : QStringLiteral("-");
            QCOMPARE(window.comparisonDock()->cell(key, QString::fromStdString(names[c])), expected);
        }
        QVERIFY(!std::isnan(row.pFirstBetter[1]));
        QCOMPARE(window.comparisonDock()->cell(key, QStringLiteral("P(1st>2)")),
                 QString::number(row.pFirstBetter[1] * 100.0, 'f', 0) + QStringLiteral(" %"));
    }

    // After the ranges, the training stack the workloads assumed: each scenario's change in tokens/s
    // per field, as `compare` and the report print it.
    const std::vector<AssumedStackRow> stack = assumedStackRows(compared, expected);
    QVERIFY(!stack.empty());
    for (const AssumedStackRow &row : stack) {
        const QString key = QStringLiteral("stack:") + QString::fromStdString(row.field);
        for (size_t c = 0; c < 2; ++c) {
            const std::optional<AssumptionEffect> &e = row.effects[c];
            QCOMPARE(window.comparisonDock()->cell(key, QString::fromStdString(names[c])),
                     e && !e->runs ? QStringLiteral("does not fit") : QString::fromStdString(assumedStackCellText(e)));
        }
    }

    // H100 servers beside GB200 supernodes: above the table, the model's measured error on the
    // ratio between the two parts, as the comparison report words it.
    const std::string partA = window.outcome().results.performance.spec.cluster.gpu.id;
    const std::string partB = otherResults.performance.spec.cluster.gpu.id;
    QCOMPARE(partA, std::string("h100-sxm"));
    QCOMPARE(partB, std::string("gb200"));
    const PartRatioRecord rec = partRatioRecord("gb200", "h100-sxm");
    auto *caution = window.comparisonDock()->findChild<QLabel *>(QStringLiteral("comparisonPartCaution"));
    QVERIFY(caution && caution->isVisible());
    QCOMPARE(window.comparisonDock()->partCaution(), report::partRatioCaution({partA, partB}));
    QVERIFY(caution->text().contains(QStringLiteral("ratio of gb200's throughput to h100-sxm's was %1 to %2")
                                         .arg(QString::number(rec.lowest, 'f', 2), QString::number(rec.highest, 'f', 2))));

    // Untick the second scenario: it leaves the comparison, and the caution with it; tick it: both
    // come back.
    QListWidget *list = window.scenariosDock()->list();
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, tickPoint(list, 1));
    QCOMPARE(list->item(1)->checkState(), Qt::Unchecked);
    QVERIFY(!window.scenarioSet()->isCompared(1));
    waitForComparison(window);
    QTRY_COMPARE_WITH_TIMEOUT(table->columnCount(), 1, kEvaluationTimeoutMs);
    QVERIFY(window.comparisonDock()->partCaution().isEmpty());
    QVERIFY(!caution->isVisible());
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, tickPoint(list, 1));
    QVERIFY(window.scenarioSet()->isCompared(1));
    waitForComparison(window);
    QTRY_COMPARE_WITH_TIMEOUT(table->columnCount(), 3, kEvaluationTimeoutMs);
    QVERIFY(caution->isVisible());

    // Self-built against hosted (docs/examples/self-built-vs-hosted-3y.txt): the hosted TCO is lower
    // as printed but better in too few paired draws, so it is italic, not bold; its cost per
    // effective PFLOP-hour wins every draw and is bold.
    const char *const hostedExample = CP_SOURCE_DIR "/resources/examples/self-built-vs-hosted-3y.cplan";
    const std::vector<std::string> hostedNames = ProjectFile::scenarioNames(hostedExample);
    QVERIFY2(window.openFile(QString::fromUtf8(hostedExample)), qPrintable(window.errorString()));
    waitForComparison(window);
    QTRY_COMPARE_WITH_TIMEOUT(table->columnCount(), 3, kEvaluationTimeoutMs);
    const QString hosted = QString::fromStdString(hostedNames[1]);
    QTRY_VERIFY_WITH_TIMEOUT(window.comparisonDock()->item(QStringLiteral("tco"), hosted), kEvaluationTimeoutMs);
    const QTableWidgetItem *tco = window.comparisonDock()->item(QStringLiteral("tco"), hosted);
    QVERIFY(tco->font().italic() && !tco->font().bold());
    QVERIFY(!tco->toolTip().isEmpty());
    const QTableWidgetItem *unitCost = window.comparisonDock()->item(QStringLiteral("cost_per_effective_pflop_hour"), hosted);
    QVERIFY(unitCost && unitCost->font().bold() && !unitCost->font().italic());
}

void TestScenarios::saveKeepsAScenarioAnotherProgramAdded()
{
    QTemporaryDir dir;
    const QString path = exampleCopy(dir);
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    QVERIFY2(window.openFile(path), qPrintable(window.errorString()));
    QVERIFY(window.duplicateScenario(0, QStringLiteral("mine")));
    // Meanwhile the CLI adds a scenario to the same file.
    const Design theirs = ProjectFile::load(encoded(path)).design;
    ProjectFile::saveScenario(encoded(path), "theirs", theirs, mCatalog, "someone", "added elsewhere");
    QVERIFY2(window.saveFile(path), qPrintable(window.errorString()));
    const std::vector<std::string> names = ProjectFile::scenarioNames(encoded(path));
    QCOMPARE(names.size(), size_t(4));
    QCOMPARE(names[2], std::string("mine"));
    QCOMPARE(names[3], std::string("theirs"));
}

void TestScenarios::exportsReportBomAndPlan()
{
    QTemporaryDir dir;
    const std::vector<std::string> names = ProjectFile::scenarioNames(kExample);
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY2(window.openFile(QString::fromUtf8(kExample)), qPrintable(window.errorString()));
    // Exported straight away: the export waits for the figures still being computed.
    const QString html = dir.filePath(QStringLiteral("report.html"));
    QVERIFY2(window.exportComparisonReport(html), qPrintable(window.errorString()));
    QFile htmlFile(html);
    QVERIFY(htmlFile.open(QIODevice::ReadOnly));
    const QByteArray page = htmlFile.readAll();
    for (const std::string &name : names)
        QVERIFY2(page.contains(QByteArray::fromStdString(name)), name.c_str());
    QVERIFY(page.contains("<svg")); // the charts
    const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
    QVERIFY2(window.exportComparisonReport(pdf), qPrintable(window.errorString()));
    QFile pdfFile(pdf);
    QVERIFY(pdfFile.open(QIODevice::ReadOnly));
    QVERIFY(pdfFile.read(5) == "%PDF-");

    const QString bom = dir.filePath(QStringLiteral("bom.csv"));
    QVERIFY2(window.exportBom(bom), qPrintable(window.errorString()));
    QFile bomFile(bom);
    QVERIFY(bomFile.open(QIODevice::ReadOnly | QIODevice::Text));
    const QList<QByteArray> lines = bomFile.readAll().split('\n');
    QVERIFY(lines.front().startsWith("design,part,catalog_id"));
    for (const std::string &name : names) {
        bool found = false;
        for (const QByteArray &line : lines)
            found = found || line.startsWith(QByteArray::fromStdString(name) + ',');
        QVERIFY2(found, name.c_str());
    }

    // The plan, with its title block.
    const QString svg = dir.filePath(QStringLiteral("plan.svg"));
    QVERIFY2(window.exportPlan(svg), qPrintable(window.errorString()));
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray drawing = svgFile.readAll();
    QVERIFY(drawing.contains("<svg"));
    QVERIFY(drawing.contains("Drawn by"));
    QVERIFY(drawing.contains(QByteArray::fromStdString(window.document()->design().name)));
    const QString planPdf = dir.filePath(QStringLiteral("plan.pdf"));
    QVERIFY2(window.exportPlan(planPdf), qPrintable(window.errorString()));
    QVERIFY(QFileInfo(planPdf).size() > 1000);

    // Bad targets: a folder, a wrong suffix; the message names the path, nothing is written.
    QVERIFY(!window.exportComparisonReport(dir.path() + QStringLiteral("/report.txt")));
    QVERIFY2(window.errorString().contains(QStringLiteral("report.txt")), qPrintable(window.errorString()));
    QVERIFY(!window.exportBom(dir.path()));
    QVERIFY2(window.errorString().contains(dir.path()), qPrintable(window.errorString()));
    QVERIFY(!window.exportPlan(dir.filePath(QStringLiteral("plan.png"))));
    QVERIFY2(window.errorString().contains(QStringLiteral("plan.png")), qPrintable(window.errorString()));
}

QTEST_MAIN(TestScenarios)
#include "test_scenarios.moc"
