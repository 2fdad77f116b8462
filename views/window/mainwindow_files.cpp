// The main window's file actions: open, save, new from a template, recent files, autosave and
// recovery, and the saved revisions.

#include "views/window/mainwindow.h"

#include "pluginregistry.h"

#include "model/core/design.h"
#include "model/generate/templates.h"
#include "model/io/designjson.h"
#include "model/io/projectfile.h"
#include "views/dialogs/historydialog.h"
#include "views/dialogs/newdesigndialog.h"
#include "views/session/document.h"
#include "views/session/resultshub.h"
#include "views/session/scenarioset.h"

#include <QAction>
#include <QDialog>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cstdio>
#include <exception>

namespace cp::gui {

namespace {

constexpr int kMaxRecentFiles = 8;
const char *const kRecentFilesKey = "recentFiles";
const char *const kDefaultRevisionComment = "Saved from Cluster Planner";

QString userName()
{
    for (const char *variable : {"USER", "USERNAME", "LOGNAME"}) {
        const QString name = qEnvironmentVariable(variable);
        if (!name.isEmpty())
            return name;
    }
    return QStringLiteral("unknown");
}

bool isJsonPath(const QString &path)
{
    return path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive);
}

} // namespace

bool MainWindow::openFile(const QString &requestedPath)
{
    mErrorString.clear();
    // FILE.cplan#NAME opens scenario NAME of the project, as on the command line.
    QString path = requestedPath;
    std::string wantedScenario;
    if (const qsizetype hash = path.lastIndexOf(QLatin1Char('#')); hash > 0 && !QFileInfo::exists(path)) {
        wantedScenario = path.mid(hash + 1).toStdString();
        path.truncate(hash);
        if (const std::string why = ProjectFile::scenarioNameProblem(wantedScenario); !why.empty()) {
            mErrorString = tr("%1: %2").arg(requestedPath, QString::fromStdString(why));
            showError(tr("Cannot Open File"), mErrorString);
            return false;
        }
    }
    const std::string file = QFile::encodeName(path).toStdString();
    try {
        Catalog catalog = mBaseCatalog;
        Design design;
        std::vector<Scenario> scenarios;
        int current = 0;
        if (isJsonPath(path)) {
            if (!wantedScenario.empty())
                throw LoadError(file, "", "a design JSON file holds one design; #" + wantedScenario
                                              + " names a scenario of a .cplan project");
            design = importDesignJson(file, catalog);
        } else {
            Project project = ProjectFile::load(file, wantedScenario);
            // The project's own entries (prices and specs as saved) win over today's defaults.
            catalog.merge(project.catalog, file);
            design = std::move(project.design);
            scenarios = std::move(project.scenarios);
            for (size_t i = 0; i < scenarios.size(); ++i)
                if (scenarios[i].name == project.scenario) {
                    current = int(i);
                    scenarios[i].design = Design(); // the Document holds it
                }
        }
        setDocument(std::move(design), std::move(catalog), QFileInfo(path).absoluteFilePath());
        // Saving writes every scenario back in place, the open one as edited.
        if (!scenarios.empty()) {
            mScenarioSet->reset(std::move(scenarios), current);
            updateTitle();
            compareScenarios();
        }
    } catch (const LoadError &e) {
        mErrorString = QString::fromStdString(e.what());
    } catch (const std::exception &e) {
        mErrorString = tr("%1: %2").arg(path, QString::fromLocal8Bit(e.what()));
    }
    if (!mErrorString.isEmpty()) {
        showError(tr("Cannot Open File"), mErrorString);
        return false;
    }
    const QString opened = QFileInfo(path).absoluteFilePath()
                           + (openScenario().isEmpty() ? QString() : QLatin1Char('#') + openScenario());
    addRecentFile(opened);
    statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(opened)), 5000);
    return true;
}

bool MainWindow::saveFile(const QString &requestedPath, const QString &requestedComment)
{
    mErrorString.clear();
    QString path = requestedPath;
    if (!isJsonPath(path) && QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".cplan");
    const std::string file = QFile::encodeName(path).toStdString();
    try {
        const std::string comment = requestedComment.trimmed().isEmpty() ? std::string(kDefaultRevisionComment)
                                                                          : requestedComment.trimmed().toStdString();
        const bool sameFile = !mDocument->filePath().isEmpty()
                              && QFileInfo(path).absoluteFilePath() == QFileInfo(mDocument->filePath()).absoluteFilePath();
        if (isJsonPath(path)) {
            exportDesignJson(mDocument->design(), mDocument->catalog(), file);
        } else {
            std::vector<Scenario> scenarios = mScenarioSet->scenarios(mDocument->design());
            // A scenario another program added to the file since it was opened is kept (after
            // ours), never lost; one this window removed or renamed is left out on purpose.
            if (sameFile && ProjectFile::looksLikeProject(file)) {
                const QStringList known = mScenarioSet->names() + mScenarioSet->droppedNames();
                for (Scenario &theirs : ProjectFile::load(file).scenarios)
                    if (!known.contains(QString::fromStdString(theirs.name)))
                        scenarios.push_back(std::move(theirs));
            }
            ProjectFile::saveProject(file, scenarios, mProjectCatalog, userName().toStdString(), comment);
        }
    } catch (const std::exception &e) {
        mErrorString = failureNaming(path, e);
    }
    if (!mErrorString.isEmpty()) {
        showError(tr("Cannot Save File"), mErrorString);
        return false;
    }
    if (!isJsonPath(path))
        mScenarioSet->setSaved();
    mDocument->setFilePath(QFileInfo(path).absoluteFilePath());
    mDocument->setModified(false);
    // The file now holds the design: a crash from here on loses nothing.
    waitForAutosave();
    mRecovery->remove();
    mAutosaveDirty = false;
    updateTitle();
    addRecentFile(QFileInfo(path).absoluteFilePath()
                  + (openScenario().isEmpty() ? QString() : QLatin1Char('#') + openScenario()));
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

QString MainWindow::failureNaming(const QString &path, const std::exception &e)
{
    const QString message = QString::fromLocal8Bit(e.what());
    return message.contains(path) ? message : tr("%1: %2").arg(path, message);
}

Design MainWindow::generatedDesign(const QString &kind, long long gpus) const
{
    TemplateOptions options;
    options.kind = kind.toStdString();
    options.gpus = gpus;
    return mPlugins->generate(options, mBaseCatalog);
}

bool MainWindow::newFromTemplate(const QString &kind, long long gpus)
{
    mErrorString.clear();
    try {
        setDocument(generatedDesign(kind, gpus), mBaseCatalog, QString());
        return true;
    } catch (const std::exception &e) {
        mErrorString = QString::fromLocal8Bit(e.what());
    }
    showError(tr("Cannot Create Design"), mErrorString);
    return false;
}

void MainWindow::loadSample()
{
    try {
        setDocument(sampleDesign(mBaseCatalog), mBaseCatalog, QString());
    } catch (const std::exception &e) {
        // The sample comes from the model; a failure there is a bug, but not a reason to crash.
        mErrorString = QString::fromLocal8Bit(e.what());
        showError(tr("Cannot Create Sample Design"), mErrorString);
        setDocument(Design(), mBaseCatalog, QString());
    }
}

void MainWindow::loadEmpty()
{
    // The sample's settings (fabric switch, workload, finance), no racks, a default hall.
    Design design;
    try {
        design = sampleDesign(mBaseCatalog);
    } catch (const std::exception &) {
        // A catalog without the sample's parts: the bare defaults.
    }
    design.racks.clear();
    design.powerUnits.clear();
    design.coolingUnits.clear();
    design.hall = Hall();
    design.description.clear();
    design.name = tr("Untitled design").toStdString();
    setDocument(std::move(design), mBaseCatalog, QString());
}

// --- dialogs ----------------------------------------------------------------------------------

bool MainWindow::maybeSave()
{
    if (!isProjectModified())
        return true;
    const auto answer = !mErrorDialogs ? mUnsavedAnswer : QMessageBox::warning(this, tr("Unsaved Changes"),
                                             tr("“%1” has unsaved changes. Save them?").arg(mDocument->displayName()),
                                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::newFromTemplateDialog()
{
    if (!maybeSave())
        return;
    NewDesignDialog dialog(this);
    for (const TopologyGenerator *g : mPlugins->generators())
        dialog.addGenerator(QString::fromStdString(g->id()), QString::fromStdString(g->name()));
    if (dialog.exec() != QDialog::Accepted)
        return;
    newFromTemplate(dialog.templateKind(), dialog.gpus());
}

void MainWindow::openDialog()
{
    if (!maybeSave())
        return;
    const QString dir = QFileInfo(mDocument->filePath()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Design"), mDocument->filePath().isEmpty() ? QString() : dir,
        tr("Cluster Planner files (*.cplan *.json);;Projects (*.cplan);;Design JSON (*.json);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

bool MainWindow::save()
{
    if (mDocument->filePath().isEmpty())
        return saveAsDialog();
    QString comment;
    if (mErrorDialogs && !isJsonPath(mDocument->filePath()) && !askRevisionComment(this, &comment))
        return false;
    return saveFile(mDocument->filePath(), comment);
}

bool MainWindow::saveAsDialog()
{
    QString suggested = mDocument->filePath();
    if (suggested.isEmpty())
        suggested = mDocument->displayName() + QStringLiteral(".cplan");
    QString filter = tr("Project (*.cplan)");
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Design As"), suggested,
                                                      tr("Project (*.cplan);;Design JSON (*.json)"), &filter);
    if (path.isEmpty())
        return false;
    QString target = path;
    if (QFileInfo(target).suffix().isEmpty())
        target += filter.contains(QLatin1String("json")) ? QStringLiteral(".json") : QStringLiteral(".cplan");
    QString comment;
    if (mErrorDialogs && !isJsonPath(target) && !askRevisionComment(this, &comment))
        return false;
    return saveFile(target, comment);
}

// --- recent files -----------------------------------------------------------------------------

void MainWindow::addRecentFile(const QString &path)
{
    QSettings settings;
    QStringList files = settings.value(QLatin1String(kRecentFilesKey)).toStringList();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    settings.setValue(QLatin1String(kRecentFilesKey), files);
}

void MainWindow::updateRecentMenu()
{
    mRecentMenu->clear();
    const QStringList files = QSettings().value(QLatin1String(kRecentFilesKey)).toStringList();
    int n = 0;
    for (const QString &file : files) {
        ++n;
        QString label = QDir::toNativeSeparators(file);
        label.replace(QLatin1Char('&'), QStringLiteral("&&")); // a literal '&', not a mnemonic
        QAction *action = mRecentMenu->addAction(QStringLiteral("&%1 %2").arg(n).arg(label));
        // FILE.cplan#NAME is a scenario of FILE.cplan.
        const qsizetype hash = file.lastIndexOf(QLatin1Char('#'));
        action->setEnabled(QFileInfo::exists(file) || (hash > 0 && QFileInfo::exists(file.left(hash))));
        connect(action, &QAction::triggered, this, [this, file] {
            if (maybeSave())
                openFile(file);
        });
    }
    if (files.isEmpty())
        mRecentMenu->addAction(tr("No recent files"))->setEnabled(false);
    mRecentMenu->addSeparator();
    mRecentMenu->addAction(tr("&Clear Menu"), this, [] { QSettings().remove(QLatin1String(kRecentFilesKey)); });
}

// --- autosave and recovery --------------------------------------------------------------------

void MainWindow::setAutosaveInterval(int ms)
{
    mAutosaveTimer->setInterval(std::max(1, ms));
}

QString MainWindow::recoveryFilePath() const
{
    return mRecovery->path();
}

void MainWindow::autosaveInBackground()
{
    if (!mAutosaveDirty || !isProjectModified() || mAutosaveWatcher->isRunning())
        return;
    mAutosaveDirty = false;
    // The worker writes a copy of every scenario: edits go on meanwhile; they set mAutosaveDirty
    // for next time.
    auto scenarios = std::make_shared<const std::vector<Scenario>>(mScenarioSet->scenarios(mDocument->design()));
    auto catalog = std::make_shared<const Catalog>(recoveryCatalog());
    RecoveryFile *file = mRecovery.get();
    const QString original = mDocument->filePath();
    const QString open = mScenarioSet->currentName();
    mAutosaveWatcher->setFuture(QtConcurrent::run([file, scenarios, open, catalog, original] {
        QString error;
        return file->write(*scenarios, open, *catalog, original, &error) ? QString() : error;
    }));
}

Catalog MainWindow::recoveryCatalog() const
{
    // The entries every scenario uses (the project's), and the open design's own (a part added
    // from a user catalog since): what a save would store.
    Catalog catalog = mProjectCatalog;
    try {
        catalog.merge(mDocument->catalog(), "the open design's catalog");
    } catch (const std::exception &) {
        return mDocument->catalog(); // both were checked when loaded: not expected
    }
    return catalog;
}

void MainWindow::waitForAutosave()
{
    if (mAutosaveWatcher)
        mAutosaveWatcher->waitForFinished();
}

bool MainWindow::autosaveNow()
{
    waitForAutosave();
    QString error;
    if (!mRecovery->write(mScenarioSet->scenarios(mDocument->design()), mScenarioSet->currentName(),
                          recoveryCatalog(), mDocument->filePath(), &error)) {
        mErrorString = tr("Autosave failed: %1").arg(error);
        // Never a dialog: the timer would raise one every few minutes.
        std::fprintf(stderr, "cluster-planner: %s\n", qPrintable(mErrorString));
        statusBar()->showMessage(mErrorString, 10000);
        return false;
    }
    mAutosaveDirty = false;
    statusBar()->showMessage(tr("Autosaved"), 2000);
    return true;
}

QVector<RecoveryFile::Orphan> MainWindow::findRecoveryFiles()
{
    return RecoveryFile::findOrphans();
}

bool MainWindow::recoverFile(const QString &recoveryPath)
{
    mErrorString.clear();
    const std::string file = QFile::encodeName(recoveryPath).toStdString();
    try {
        // Every scenario comes back, the one that was open open again.
        const QString open = RecoveryFile::openScenarioOf(recoveryPath);
        std::vector<std::string> names = ProjectFile::scenarioNames(file);
        const bool noted = std::find(names.begin(), names.end(), open.toStdString()) != names.end();
        Project project = ProjectFile::load(file, noted ? open.toStdString() : std::string());
        Catalog catalog = mBaseCatalog;
        catalog.merge(project.catalog, file);
        QString original = RecoveryFile::originalPathOf(recoveryPath);
        if (isJsonPath(original))
            original.clear(); // saved as a project from now on: ask where
        std::vector<Scenario> scenarios = std::move(project.scenarios);
        int current = 0;
        for (size_t i = 0; i < scenarios.size(); ++i)
            if (scenarios[i].name == project.scenario) {
                current = int(i);
                scenarios[i].design = Design(); // the Document holds it
            }
        setDocument(std::move(project.design), std::move(catalog), original);
        if (scenarios.size() > 1 || (!scenarios.empty() && scenarios.front().name != ProjectFile::kDefaultScenario)) {
            mScenarioSet->reset(std::move(scenarios), current);
            mScenarioSet->markModified();
            compareScenarios();
        }
    } catch (const std::exception &e) {
        mErrorString = QString::fromLocal8Bit(e.what());
        showError(tr("Cannot Recover File"), mErrorString);
        return false;
    }
    mDocument->setModified(true);
    updateTitle();
    // Protect it under this window's own recovery file before the old one goes.
    if (!autosaveNow())
        return false;
    RecoveryFile::discard(recoveryPath);
    statusBar()->showMessage(tr("Recovered unsaved changes; save them to keep them"), 10000);
    return true;
}

void MainWindow::offerRecovery()
{
    if (!mErrorDialogs)
        return;
    const QLocale locale;
    for (const RecoveryFile::Orphan &orphan : findRecoveryFiles()) {
        const QString what = orphan.originalPath.isEmpty()
                                 ? tr("an unsaved design")
                                 : tr("“%1”").arg(QDir::toNativeSeparators(orphan.originalPath));
        QMessageBox box(QMessageBox::Question, tr("Recover Unsaved Changes"),
                        tr("Cluster Planner did not close properly. Changes to %1, autosaved %2, can be recovered.")
                            .arg(what, locale.toString(orphan.saved, QLocale::ShortFormat)),
                        QMessageBox::NoButton, this);
        QPushButton *recover = box.addButton(tr("&Recover"), QMessageBox::AcceptRole);
        QPushButton *discard = box.addButton(tr("&Discard"), QMessageBox::DestructiveRole);
        box.addButton(tr("&Not Now"), QMessageBox::RejectRole);
        box.setDefaultButton(recover);
        box.exec();
        if (box.clickedButton() == recover) {
            // One design per window: recover the newest, leave the rest for next time.
            if (maybeSave())
                recoverFile(orphan.path);
            return;
        }
        if (box.clickedButton() == discard)
            RecoveryFile::discard(orphan.path);
    }
}

// --- history ----------------------------------------------------------------------------------

std::vector<Revision> MainWindow::revisions() const
{
    const QString path = mDocument->filePath();
    if (path.isEmpty() || isJsonPath(path) || !QFileInfo::exists(path))
        return {};
    try {
        return ProjectFile::load(QFile::encodeName(path).toStdString()).revisions;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "cluster-planner: %s\n", e.what());
        return {};
    }
}

HistoryDialog *MainWindow::createHistoryDialog()
{
    const QString name = mDocument->filePath().isEmpty() ? mDocument->displayName()
                                                         : QFileInfo(mDocument->filePath()).fileName();
    return new HistoryDialog(name, revisions(), this);
}

void MainWindow::showHistory()
{
    HistoryDialog *dialog = createHistoryDialog();
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

} // namespace cp::gui
