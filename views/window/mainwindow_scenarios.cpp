// The project's scenarios in the window: the Scenarios and Comparison docks, opening another
// scenario, adding one from a template or a file, duplicating, renaming and removing.

#include "views/window/mainwindow.h"

#include "pluginregistry.h"

#include "model/generate/templates.h"
#include "model/io/designjson.h"
#include "model/io/projectfile.h"
#include "views/dialogs/newdesigndialog.h"
#include "views/docks/comparisondock.h"
#include "views/docks/palettedock.h"
#include "views/docks/resultsdock.h"
#include "views/docks/scenariosdock.h"
#include "views/session/document.h"
#include "views/session/resultshub.h"
#include "views/session/scenarioset.h"
#include "views/sweep/sweepresultsview.h"
#include "model/sweep/variants.h"

#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QStatusBar>

#include <exception>

namespace cp::gui {

void MainWindow::createScenarioDocks()
{
    mScenariosDock = new ScenariosDock(this);
    mScenariosDock->setScenarioSet(mScenarioSet);
    mComparisonDock = new ComparisonDock(this);
    mComparisonDock->setResultsHub(mHub);
    // Under the palette: the project's designs are always in sight.
    splitDockWidget(mPalette, mScenariosDock, Qt::Vertical);
    resizeDocks({mPalette, mScenariosDock}, {620, 200}, Qt::Vertical);
    addDockWidget(Qt::BottomDockWidgetArea, mComparisonDock);
    tabifyDockWidget(mFailuresDock, mComparisonDock);
    mResults->raise();

    connect(mScenariosDock, &ScenariosDock::openRequested, this, &MainWindow::openScenarioAt);
    connect(mScenariosDock, &ScenariosDock::duplicateRequested, this, [this](int index) { duplicateScenario(index); });
    connect(mScenariosDock, &ScenariosDock::removeRequested, this, &MainWindow::removeScenarioAt);
    connect(mScenariosDock, &ScenariosDock::addFromTemplateRequested, this, &MainWindow::addScenarioFromTemplateDialog);
    connect(mScenariosDock, &ScenariosDock::addFromFileRequested, this, &MainWindow::addScenarioFromFileDialog);
    connect(mScenarioSet, &ScenarioSet::comparedChanged, this, &MainWindow::compareScenarios);
    connect(mScenarioSet, &ScenarioSet::changed, this, &MainWindow::updateTitle);
    // A scenario added, renamed or removed is work a crash must not lose: the next autosave
    // writes the whole set.
    connect(mScenarioSet, &ScenarioSet::changed, this, [this] { mAutosaveDirty = true; });
    connect(mScenarioSet, &ScenarioSet::modifiedChanged, this, &MainWindow::updateTitle);
}

QString MainWindow::openScenario() const
{
    return mScenarioSet->currentIndex() > 0 ? mScenarioSet->currentName() : QString();
}

bool MainWindow::isProjectModified() const
{
    return mDocument->isModified() || mScenarioSet->isModified();
}

void MainWindow::compareScenarios()
{
    std::vector<Scenario> others;
    for (int i = 0; i < mScenarioSet->count(); ++i)
        if (i != mScenarioSet->currentIndex() && mScenarioSet->isCompared(i))
            others.push_back({mScenarioSet->name(i).toStdString(), mScenarioSet->design(i)});
    mHub->setScenarioName(mScenarioSet->count() > 1 ? mScenarioSet->currentName() : QString());
    mHub->compareScenarios(std::move(others), mProjectCatalog);
}

bool MainWindow::openScenarioAt(int index)
{
    mErrorString.clear();
    const int current = mScenarioSet->currentIndex();
    if (index < 0 || index >= mScenarioSet->count() || index == current)
        return false;
    // The open scenario's edits stay in the project, unsaved until Save.
    const bool modified = isProjectModified();
    mScenarioSet->storeDesign(current, mDocument->design());
    Design next = mScenarioSet->takeDesign(index);
    mScenarioSet->setCurrentIndex(index);
    showDesign(std::move(next), mProjectCatalog, mDocument->filePath());
    if (modified)
        mScenarioSet->markModified();
    updateTitle();
    compareScenarios();
    statusBar()->showMessage(tr("Opened scenario %1").arg(mScenarioSet->currentName()), 5000);
    return true;
}

bool MainWindow::addScenario(Design design, const QString &name, const QString &base)
{
    const QString chosen = name.isEmpty() ? mScenarioSet->freeName(base) : name.trimmed();
    if (const QString why = mScenarioSet->nameProblem(chosen); !why.isEmpty()) {
        mErrorString = tr("Scenario “%1”: %2").arg(chosen, why);
        showError(tr("Cannot Add Scenario"), mErrorString);
        return false;
    }
    mScenarioSet->add(chosen, std::move(design));
    statusBar()->showMessage(tr("Added scenario %1 (unsaved): tick it in the Scenarios dock to compare, double-click to open")
                                 .arg(chosen), 8000);
    return true;
}

bool MainWindow::addScenarioFromTemplate(const QString &kind, long long gpus, const QString &name)
{
    mErrorString.clear();
    try {
        Design design = generatedDesign(kind, gpus);
        const Catalog used = usedCatalogEntries(design, mBaseCatalog); // named: entries() is a member
        for (const CatalogEntry &e : used.entries())
            if (!mProjectCatalog.find(e.id))
                mProjectCatalog.put(e);
        const QString size = gpus >= 1000 && gpus % 1000 == 0 ? QStringLiteral("%1k").arg(gpus / 1000) : QString::number(gpus);
        return addScenario(std::move(design), name, gpus > 0 ? kind + QLatin1Char('-') + size : kind);
    } catch (const std::exception &e) {
        mErrorString = QString::fromLocal8Bit(e.what());
    }
    showError(tr("Cannot Add Scenario"), mErrorString);
    return false;
}

bool MainWindow::addScenarioFromFile(const QString &requestedPath, const QString &name)
{
    mErrorString.clear();
    QString path = requestedPath;
    std::string wanted;
    if (const qsizetype hash = path.lastIndexOf(QLatin1Char('#')); hash > 0 && !QFileInfo::exists(path)) {
        wanted = path.mid(hash + 1).toStdString();
        path.truncate(hash);
    }
    const std::string file = QFile::encodeName(path).toStdString();
    try {
        Catalog catalog = mProjectCatalog;
        Design design;
        QString base = QFileInfo(path).completeBaseName();
        if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
            design = importDesignJson(file, catalog);
        } else {
            Project project = ProjectFile::load(file, wanted);
            // Entries the project does not have yet join it; the project's own figures win.
            for (const CatalogEntry &e : project.catalog.entries())
                if (!catalog.find(e.id))
                    catalog.put(e);
            design = std::move(project.design);
            if (project.scenarios.size() > 1)
                base = QString::fromStdString(project.scenario);
        }
        if (!addScenario(std::move(design), name, base))
            return false;
        mProjectCatalog = std::move(catalog);
        return true;
    } catch (const std::exception &e) {
        mErrorString = failureNaming(path, e);
    }
    showError(tr("Cannot Add Scenario"), mErrorString);
    return false;
}

bool MainWindow::duplicateScenario(int index, const QString &name)
{
    mErrorString.clear();
    if (index < 0 || index >= mScenarioSet->count())
        return false;
    Design copy = index == mScenarioSet->currentIndex() ? mDocument->design() : mScenarioSet->design(index);
    return addScenario(std::move(copy), name, mScenarioSet->name(index) + QStringLiteral("-copy"));
}

bool MainWindow::removeScenarioAt(int index)
{
    mErrorString.clear();
    if (index < 0 || index >= mScenarioSet->count())
        return false;
    if (index == mScenarioSet->currentIndex() || mScenarioSet->count() < 2) {
        mErrorString = tr("Scenario “%1” is open: open another scenario before removing it").arg(mScenarioSet->name(index));
        showError(tr("Cannot Remove Scenario"), mErrorString);
        return false;
    }
    if (mErrorDialogs
        && QMessageBox::question(this, tr("Remove Scenario"),
                                 tr("Remove scenario “%1” from the project? The file keeps it until you save.")
                                     .arg(mScenarioSet->name(index)))
               != QMessageBox::Yes)
        return false;
    const QString removed = mScenarioSet->name(index);
    mScenarioSet->remove(index);
    statusBar()->showMessage(tr("Removed scenario %1 (unsaved)").arg(removed), 5000);
    return true;
}

void MainWindow::addScenarioFromTemplateDialog()
{
    NewDesignDialog dialog(this);
    dialog.setWindowTitle(tr("Add Scenario from Template"));
    for (const TopologyGenerator *g : mPlugins->generators())
        dialog.addGenerator(QString::fromStdString(g->id()), QString::fromStdString(g->name()));
    if (dialog.exec() == QDialog::Accepted)
        addScenarioFromTemplate(dialog.templateKind(), dialog.gpus());
}

void MainWindow::addScenarioFromFileDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Add Scenario from File"), QFileInfo(mDocument->filePath()).absolutePath(),
        tr("Cluster Planner files (*.cplan *.json);;Projects (*.cplan);;Design JSON (*.json);;All files (*)"));
    if (!path.isEmpty())
        addScenarioFromFile(path);
}

SweepResultsView *MainWindow::openSweepResults(const QString &path)
{
    mErrorString.clear();
    try {
        auto *view = new SweepResultsView(path, this);
        connect(view, &SweepResultsView::variantChosen, this, &MainWindow::addScenarioFromSweep);
        view->show();
        return view;
    } catch (const std::exception &e) {
        mErrorString = failureNaming(path, e);
    }
    showError(tr("Cannot Open Sweep Results"), mErrorString);
    return nullptr;
}

/// The base of a project sweep (FILE.cplan, FILE.cplan#NAME or a design .json); its catalog
/// entries join `catalog`.
static Design sweepProjectBase(const std::string &spec, Catalog &catalog)
{
    std::string file = spec, wanted;
    if (const size_t hash = file.rfind('#'); hash != std::string::npos) {
        wanted = file.substr(hash + 1);
        file.resize(hash);
    }
    if (file.size() > 5 && file.compare(file.size() - 5, 5, ".json") == 0)
        return importDesignJson(file, catalog);
    Project project = ProjectFile::load(file, wanted);
    for (const CatalogEntry &e : project.catalog.entries())
        if (!catalog.find(e.id))
            catalog.put(e);
    return std::move(project.design);
}

bool MainWindow::addScenarioFromSweep(const QString &resultsPath, qulonglong index)
{
    mErrorString.clear();
    try {
        const QString name = QStringLiteral("sweep-%1").arg(index);
        // A variant opened before is opened again, not added twice.
        if (const int existing = mScenarioSet->indexOf(name); existing >= 0)
            return existing == mScenarioSet->currentIndex() || openScenarioAt(existing);
        const SweepStore store = SweepStore::open(QFile::encodeName(resultsPath).toStdString());
        const SweepSpec spec = store.spec();
        if (index >= spec.variants)
            throw std::out_of_range("the sweep has no variant " + std::to_string(index));
        Catalog catalog = mBaseCatalog;
        for (const CatalogEntry &e : mProjectCatalog.entries())
            catalog.put(e);
        VariantBuilder builder(spec, catalog,
                               [this, &catalog](const TemplateOptions &o) { return mPlugins->generate(o, catalog); });
        if (spec.fromProject)
            builder.setProjectBase(sweepProjectBase(spec.project, catalog));
        const VariantPlan plan(spec);
        Design design = builder.build(plan.values(size_t(index)));
        design.name = spec.name + " #" + std::to_string(index);
        design.description = "Variant " + std::to_string(index) + " of sweep " + spec.name + ": " +
                              parameterText(spec, plan.parameters(size_t(index)));
        const Catalog used = usedCatalogEntries(design, catalog);
        if (!addScenario(std::move(design), name, name))
            return false;
        for (const CatalogEntry &e : used.entries())
            if (!mProjectCatalog.find(e.id))
                mProjectCatalog.put(e);
        return openScenarioAt(mScenarioSet->count() - 1);
    } catch (const std::exception &e) {
        mErrorString = failureNaming(resultsPath, e);
    }
    showError(tr("Cannot Open the Variant"), mErrorString);
    return false;
}

} // namespace cp::gui
