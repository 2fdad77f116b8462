// The main window's files on Qt's offscreen platform: save and reopen (every scenario), bad files
// and templates that leave the design unchanged, a failed save that says why, autosave and
// recovery after a crash, the history's comments, and the question on close.

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

void clearRecoveryFiles()
{
    QDir dir(RecoveryFile::directory());
    if (dir.exists())
        QVERIFY(dir.removeRecursively());
}

} // namespace

class TestWindowFiles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();

    void saveAndReopen_data();
    void saveAndReopen();
    void badFileLeavesDesignUnchanged_data();
    void badFileLeavesDesignUnchanged();
    void badTemplateFails();
    void autosaveAndRecoverAfterCrash();
    void recoveryKeepsEveryScenario();
    void cleanSaveRemovesRecoveryFile();
    void timerAutosaveKeepsUpWithEdits();
    void saveWithCommentShowsInHistory();
    void closeAsksAboutUnsavedChanges();
    void invalidPartsOpenWithProblemsListed();
    void failedSaveSaysWhyAndKeepsDocument();
    void scenarioOpenedByNameIsSavedInPlace();

private:
    Catalog mCatalog;
};

void TestWindowFiles::initTestCase()
{
    // Recent files and window state go to a throwaway location.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("ClusterPlannerTests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_windowfiles"));
    mCatalog = Catalog::builtin();
    QVERIFY(mCatalog.size() > 0);
}

void TestWindowFiles::init()
{
    QSettings().remove(QStringLiteral("view/overlay"));
}

void TestWindowFiles::saveAndReopen_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("fileName");
    QTest::newRow("sample as project") << QStringLiteral("sample") << QStringLiteral("sample.cplan");
    QTest::newRow("sample as JSON") << QStringLiteral("sample") << QStringLiteral("sample.json");
    QTest::newRow("supernode as project") << QStringLiteral("supernode-144") << QStringLiteral("super.cplan");
    QTest::newRow("no suffix becomes a project") << QStringLiteral("classic-256") << QStringLiteral("classic");
}

void TestWindowFiles::saveAndReopen()
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

void TestWindowFiles::badFileLeavesDesignUnchanged_data()
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
    // The bad-input classes of docs/robustness.md that stop a file from loading, through the GUI.
    const QByteArray head("{\"format\": \"cluster-planner-design\", \"version\": 1,\n \"design\": {\"hall\": {\"width_m\": ");
    QTest::newRow("NaN in JSON") << QStringLiteral("nan.json") << head + "NaN}}}" << true;
    QTest::newRow("Infinity in JSON") << QStringLiteral("inf.json") << head + "Infinity}}}" << true;
    QTest::newRow("number beyond a double") << QStringLiteral("huge.json") << head + "1e400}}}" << true;
    QTest::newRow("wrong type") << QStringLiteral("wrongtype.json") << head + "\"wide\"}}}" << true;
    QTest::newRow("format from the future") << QStringLiteral("future.json")
                                            << QByteArray("{\"format\": \"cluster-planner-design\", \"version\": 99, \"design\": {}}")
                                            << true;
}

void TestWindowFiles::badFileLeavesDesignUnchanged()
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

void TestWindowFiles::badTemplateFails()
{
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.loadSample();
    const Design before = window.document()->design();
    QVERIFY(!window.newFromTemplate(QStringLiteral("no-such-template"), 64));
    QVERIFY(!window.errorString().isEmpty());
    QVERIFY(window.document()->design() == before);
}

void TestWindowFiles::autosaveAndRecoverAfterCrash()
{
    clearRecoveryFiles();
    Design edited;
    QString recoveryPath;
    {
        auto crashed = std::make_unique<MainWindow>(mCatalog);
        crashed->setErrorDialogsEnabled(false);
        QVERIFY(crashed->newFromTemplate(QStringLiteral("classic"), 256));
        edit(*crashed, removeRacks(crashed->document()->design(), {0, 1}));
        QVERIFY(crashed->document()->isModified());
        QVERIFY2(crashed->autosaveNow(), qPrintable(crashed->errorString()));
        recoveryPath = crashed->recoveryFilePath();
        QVERIFY(QFileInfo::exists(recoveryPath));
        edited = crashed->document()->design();
        // A running window's file is not offered to another window.
        QVERIFY(MainWindow::findRecoveryFiles().isEmpty());
        // The "crash": the window goes away without closing.
    }

    const auto orphans = MainWindow::findRecoveryFiles();
    QCOMPARE(orphans.size(), 1);
    QCOMPARE(orphans.front().path, recoveryPath);

    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    QVERIFY2(window.recoverFile(orphans.front().path), qPrintable(window.errorString()));
    QCOMPARE(window.document()->design(), edited);
    QVERIFY(window.document()->isModified());
    QVERIFY(window.isWindowModified());
    QVERIFY(!QFileInfo::exists(recoveryPath));
    // The recovered design is protected again, under this window's own file.
    QVERIFY(QFileInfo::exists(window.recoveryFilePath()));

    // A clean close (discarding) leaves nothing to recover.
    window.setUnsavedChangesAnswer(QMessageBox::Discard);
    QVERIFY(window.close());
    QVERIFY(!QFileInfo::exists(window.recoveryFilePath()));
    QVERIFY(MainWindow::findRecoveryFiles().isEmpty());
}

void TestWindowFiles::recoveryKeepsEveryScenario()
{
    // Scenarios added in the window and never saved, the second one open and edited: a crash
    // loses none of them, and the one that was open comes back open.
    clearRecoveryFiles();
    QString recoveryPath;
    Design editedSecond;
    Design first;
    {
        auto crashed = std::make_unique<MainWindow>(mCatalog);
        crashed->setErrorDialogsEnabled(false);
        QVERIFY(crashed->newFromTemplate(QStringLiteral("classic"), 256));
        first = crashed->document()->design();
        QVERIFY(crashed->addScenarioFromTemplate(QStringLiteral("supernode"), 576, QStringLiteral("nvl72")));
        QVERIFY(crashed->duplicateScenario(0, QStringLiteral("classic-copy")));
        QCOMPARE(crashed->scenarioSet()->count(), 3);
        QVERIFY(crashed->openScenarioAt(1));
        edit(*crashed, removeRacks(crashed->document()->design(), {0}));
        editedSecond = crashed->document()->design();
        QVERIFY2(crashed->autosaveNow(), qPrintable(crashed->errorString()));
        recoveryPath = crashed->recoveryFilePath();
    }
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    QVERIFY2(window.recoverFile(recoveryPath), qPrintable(window.errorString()));
    QCOMPARE(window.scenarioSet()->names(),
             (QStringList{QString::fromLatin1(ProjectFile::kDefaultScenario), QStringLiteral("nvl72"),
                          QStringLiteral("classic-copy")}));
    QCOMPARE(window.scenarioSet()->currentIndex(), 1);
    QCOMPARE(window.document()->design(), editedSecond);
    QCOMPARE(window.scenarioSet()->design(0), first);
    QVERIFY(window.isProjectModified());
    window.setUnsavedChangesAnswer(QMessageBox::Discard);
    QVERIFY(window.close());
}

void TestWindowFiles::cleanSaveRemovesRecoveryFile()
{
    clearRecoveryFiles();
    QTemporaryDir dir;
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.loadSample();
    window.setAutosaveInterval(50);
    edit(window, removeRacks(window.document()->design(), {0}));
    // The timer writes the recovery file while there are unsaved changes.
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(window.recoveryFilePath()), 5000);
    QVERIFY(window.saveFile(dir.filePath(QStringLiteral("saved.cplan"))));
    QVERIFY(!QFileInfo::exists(window.recoveryFilePath()));
    QVERIFY(!window.document()->isModified());
    // Nothing unsaved: the timer writes nothing.
    QTest::qWait(200);
    QVERIFY(!QFileInfo::exists(window.recoveryFilePath()));
}

void TestWindowFiles::timerAutosaveKeepsUpWithEdits()
{
    // The timer writes in a worker; an edit made after a write is written by the next one, so
    // what a crash leaves is the latest design.
    clearRecoveryFiles();
    Design latest;
    {
        MainWindow window(mCatalog);
        window.setErrorDialogsEnabled(false);
        window.loadSample();
        window.setAutosaveInterval(40);
        edit(window, removeRacks(window.document()->design(), {0}));
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(window.recoveryFilePath()), 5000);
        const QDateTime first = QFileInfo(window.recoveryFilePath()).lastModified();
        QTest::qWait(20);
        edit(window, removeRacks(window.document()->design(), {0, 1, 2}));
        latest = window.document()->design();
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(window.recoveryFilePath()).lastModified() > first, 5000);
        QTest::qWait(200); // let a write in flight finish; nothing newer is pending
    }
    const auto orphans = MainWindow::findRecoveryFiles();
    QCOMPARE(orphans.size(), 1);
    MainWindow recovered(mCatalog);
    recovered.setErrorDialogsEnabled(false);
    QVERIFY(recovered.recoverFile(orphans.front().path));
    QCOMPARE(recovered.document()->design(), latest);
    recovered.setUnsavedChangesAnswer(QMessageBox::Discard);
    recovered.close();
}

void TestWindowFiles::saveWithCommentShowsInHistory()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("history.cplan"));
    {
        MainWindow window(mCatalog);
        window.setErrorDialogsEnabled(false);
        window.loadSample();
        QVERIFY(window.saveFile(path, QStringLiteral("First layout")));
        edit(window, removeRacks(window.document()->design(), {0}));
        QVERIFY(window.saveFile(path, QStringLiteral("Without the first rack")));
    }
    MainWindow reopened(mCatalog);
    reopened.setErrorDialogsEnabled(false);
    QVERIFY(reopened.openFile(path));
    std::unique_ptr<HistoryDialog> history(reopened.createHistoryDialog());
    QTableWidget *table = history->table();
    QCOMPARE(table->rowCount(), 2);
    // Newest first, with author and comment.
    QCOMPARE(table->item(0, 3)->text(), QStringLiteral("Without the first rack"));
    QCOMPARE(table->item(1, 3)->text(), QStringLiteral("First layout"));
    QVERIFY(!table->item(0, 2)->text().isEmpty());
    QVERIFY(table->item(0, 0)->text().toInt() > table->item(1, 0)->text().toInt());
}

void TestWindowFiles::closeAsksAboutUnsavedChanges()
{
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.loadSample();
    window.show();
    QVERIFY(window.close()); // nothing to save
    window.show();
    edit(window, removeRacks(window.document()->design(), {0}));
    window.setUnsavedChangesAnswer(QMessageBox::Cancel);
    QVERIFY(!window.close());
    QVERIFY(window.isVisible());
    window.setUnsavedChangesAnswer(QMessageBox::Discard);
    QVERIFY(window.close());
}

void TestWindowFiles::invalidPartsOpenWithProblemsListed()
{
    // A design that loads but names a part the catalog does not know: it opens (so the user can
    // fix it) and the Problems dock names the file's place and the problem.
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.loadSample();
    nlohmann::json json = designToJson(window.document()->design());
    json["design"]["racks"][0]["contents"][0]["catalog_id"] = "dgx-h999";
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("unknownid.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(json.dump()));
    file.close();
    QVERIFY2(window.openFile(path), qPrintable(window.errorString()));
    QTRY_VERIFY_WITH_TIMEOUT(window.problemsDock()->problemCount() > 0, kEvaluationTimeoutMs);
    bool found = false;
    QTreeWidget *tree = window.problemsDock()->tree();
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        QStringList texts;
        for (int c = 0; c < tree->columnCount(); ++c)
            texts << tree->topLevelItem(i)->text(c);
        const QString line = texts.join(QLatin1Char(' '));
        if (line.contains(QStringLiteral("dgx-h999")) && line.contains(QStringLiteral("racks[0]")))
            found = true;
    }
    QVERIFY(found);
}

void TestWindowFiles::failedSaveSaysWhyAndKeepsDocument()
{
    // Saving where no file can be written: the message names the file and the system's reason,
    // and the design stays as it was, unsaved (its recovery file is still the safety net).
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.loadSample();
    Design edited = window.document()->design();
    edited.finance.energyUsdPerKwh = 0.1;
    edit(window, changeSettings(window.document()->design(), window.document()->catalog(), edited), "Energy price");
    const Design before = window.document()->design();
    QVERIFY(window.document()->isModified());
    const QString path = QStringLiteral("/nonexistent-folder/design.cplan");
    QVERIFY(!window.saveFile(path));
    QVERIFY2(window.errorString().contains(path), qPrintable(window.errorString()));
    QVERIFY2(window.errorString().contains(QString::fromLocal8Bit(std::strerror(ENOENT))), qPrintable(window.errorString()));
    QVERIFY(window.document()->isModified());
    QVERIFY(window.document()->filePath().isEmpty());
    QVERIFY(window.document()->design() == before);
    // The same for a JSON export.
    QVERIFY(!window.saveFile(QStringLiteral("/nonexistent-folder/design.json")));
    QVERIFY2(window.errorString().contains(QStringLiteral("/nonexistent-folder/design.json")), qPrintable(window.errorString()));
    QVERIFY2(window.errorString().contains(QString::fromLocal8Bit(std::strerror(ENOENT))), qPrintable(window.errorString()));
    QVERIFY(window.document()->isModified());
}

void TestWindowFiles::scenarioOpenedByNameIsSavedInPlace()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("two.cplan"));
    QVERIFY(QFile::copy(QStringLiteral(CP_SOURCE_DIR "/resources/examples/16k-servers-vs-supernodes.cplan"), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    const std::string file = QFile::encodeName(path).toStdString();
    const std::vector<std::string> names = ProjectFile::scenarioNames(file);
    QCOMPARE(names.size(), size_t(2));
    const Design defaultBefore = ProjectFile::load(file).design;

    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    QVERIFY2(window.openFile(path + QLatin1Char('#') + QString::fromStdString(names[1])), qPrintable(window.errorString()));
    QCOMPARE(window.openScenario(), QString::fromStdString(names[1]));
    QVERIFY(window.windowTitle().contains(QString::fromStdString(names[1])));
    QCOMPARE(window.document()->design(), ProjectFile::load(file, names[1]).design);
    // The comparison shows the default scenario beside it.
    QTRY_COMPARE_WITH_TIMEOUT(window.comparedResults().size(), 1, kEvaluationTimeoutMs);
    QCOMPARE(window.comparedResults().front().name, QString::fromStdString(names[0]));

    // An edit saved goes back into that scenario; the default design is untouched.
    Design edited = window.document()->design();
    edited.finance.energyUsdPerKwh *= 2.0;
    edit(window, changeSettings(window.document()->design(), window.document()->catalog(), edited), "Energy price");
    QVERIFY2(window.saveFile(path, QStringLiteral("dearer energy")), qPrintable(window.errorString()));
    QCOMPARE(ProjectFile::load(file).design, defaultBefore);
    QCOMPARE(ProjectFile::load(file, names[1]).design, window.document()->design());
    QCOMPARE(ProjectFile::scenarioNames(file), names);
    // Open Recent reopens the scenario, not the project's default.
    const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    QVERIFY(!recent.isEmpty());
    QCOMPARE(recent.front(), QFileInfo(path).absoluteFilePath() + QLatin1Char('#') + QString::fromStdString(names[1]));

    // An unknown scenario is refused with the file and the names it holds.
    MainWindow other(mCatalog);
    other.setErrorDialogsEnabled(false);
    QVERIFY(!other.openFile(path + QStringLiteral("#nosuch")));
    QVERIFY2(other.errorString().contains(QStringLiteral("nosuch")), qPrintable(other.errorString()));
    QVERIFY2(other.errorString().contains(QStringLiteral("two.cplan")), qPrintable(other.errorString()));
}

QTEST_MAIN(TestWindowFiles)
#include "test_windowfiles.moc"
