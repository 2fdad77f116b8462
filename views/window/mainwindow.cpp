#include "views/window/mainwindow.h"

#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "views/analysis/chartsview.h"
#include "views/analysis/failuredomainsview.h"
#include "views/analysis/heatmapview.h"
#include "views/docks/elevationdock.h"
#include "views/docks/inspectordock.h"
#include "views/docks/palettedock.h"
#include "views/docks/problemsdock.h"
#include "views/docks/resultsdock.h"
#include "views/hall3d/hall3dview.h"
#include "views/plan/hallscene.h"
#include "views/plan/hallview.h"
#include "views/plan/items/facilityitem.h"
#include "views/plan/items/rackitem.h"
#include "views/plan/legendwidget.h"
#include "views/session/document.h"
#include "views/session/resultshub.h"
#include "views/session/scenarioset.h"
#include "views/session/selectionmodel.h"
#include "views/window/hall3dpage.h"
#include "views/window/heatmapfeed.h"
#include "views/window/summarylabel.h"

#include "pluginregistry.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QComboBox>
#include <QCoreApplication>
#include <QDockWidget>
#include <QFutureWatcher>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QMessageBox>
#include <QProcess>
#include <QTabWidget>
#include <QTimer>

#include <algorithm>
#include <cstdio>

// The window's layout, its views and the evaluation loop; the menus and actions are in
// mainwindow_actions.cpp, the file actions (open, save, recent files, autosave, recovery,
// history) in mainwindow_files.cpp.

namespace cp::gui {

namespace {

const char *const kGeometryKey = "mainWindow/geometry";
const char *const kStateKey = "mainWindow/state";
const char *const kOverlayKey = "view/overlay";
const char *const kAutosaveKey = "autosave/intervalSeconds";
// Bump when docks or toolbars change, so an old saved layout is not applied to a new window.
constexpr int kStateVersion = 3; // 3: the Rack Elevation dock
// The evaluation starts at the next turn of the event loop after an edit: edits made in one turn
// (a macro, a multi-rack field) are evaluated once, and the figures follow an edit at once (a
// 300 ms pause used to come first, half of the wait at 100k GPUs). A burst of edits does not
// pile up work: each new start cancels the run before it between stages (EvaluationRunner).
constexpr int kEvaluationDelayMs = 0;
constexpr int kDefaultAutosaveSeconds = 180;

} // namespace

MainWindow::MainWindow(Catalog baseCatalog, QWidget *parent)
    : QMainWindow(parent)
    , mBaseCatalog(std::move(baseCatalog))
    , mDocument(new Document(this))
    , mRunner(new EvaluationRunner(this))
    , mHub(new ResultsHub(mDocument, this))
    , mSelection(new SelectionModel(this))
    , mScenarioSet(new ScenarioSet(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setDockNestingEnabled(true);

    mTabs = new QTabWidget;
    mTabs->setObjectName(QStringLiteral("centreTabs"));
    mTabs->setDocumentMode(true);
    mHallView = new HallView;
    mHallView->setObjectName(QStringLiteral("hallView"));
    mHall3dPage = new Hall3dPage(mDocument, mHub, mSelection);
    mTabs->addTab(mHallView, tr("Plan"));
    mTabs->addTab(mHall3dPage, tr("3D"));
    mHeatmap = new HeatmapView;
    mHeatmap->setObjectName(QStringLiteral("heatmapView"));
    mHeatmap->setSelectionModel(mSelection);
    mHeatmapFeed = new HeatmapFeed(mHeatmap, mHub, this);
    mTabs->addTab(mHeatmap, tr("Bandwidth"));
    setCentralWidget(mTabs);

    createDocks();
    createScenarioDocks();
    loadPlugins();
    createActions();
    createMenus();
    createEditActions();

    mSummaryLabel = new SummaryLabel;
    mSummaryLabel->setResultsHub(mHub);
    mBusyBar = new QProgressBar;
    mBusyBar->setObjectName(QStringLiteral("busyBar"));
    mBusyBar->setRange(0, 0); // busy mode: the engine reports no fraction yet
    mBusyBar->setMaximumWidth(120);
    mBusyBar->setMaximumHeight(14);
    mBusyBar->setTextVisible(false);
    mBusyBar->setVisible(false);
    statusBar()->addPermanentWidget(mSummaryLabel);
    statusBar()->addPermanentWidget(mBusyBar);

    // Edits come in bursts (a drag, typing): evaluate once they pause.
    mEvalTimer = new QTimer(this);
    mEvalTimer->setObjectName(QStringLiteral("evaluationTimer"));
    mEvalTimer->setSingleShot(true);
    mEvalTimer->setInterval(kEvaluationDelayMs);
    connect(mEvalTimer, &QTimer::timeout, this, &MainWindow::startEvaluation);
    connect(mDocument, &Document::designChanged, this, &MainWindow::onDesignChanged);

    mRecovery = std::make_unique<RecoveryFile>();
    mAutosaveTimer = new QTimer(this);
    mAutosaveTimer->setObjectName(QStringLiteral("autosaveTimer"));
    const int autosaveSeconds = QSettings().value(QLatin1String(kAutosaveKey), kDefaultAutosaveSeconds).toInt();
    mAutosaveTimer->setInterval(std::max(10, autosaveSeconds) * 1000);
    mAutosaveWatcher = new QFutureWatcher<QString>(this);
    connect(mAutosaveWatcher, &QFutureWatcherBase::finished, this, [this] {
        const QString error = mAutosaveWatcher->result();
        if (error.isEmpty())
            return;
        mAutosaveDirty = true; // try again next time
        mErrorString = tr("Autosave failed: %1").arg(error);
        std::fprintf(stderr, "cluster-planner: %s\n", qPrintable(mErrorString));
        statusBar()->showMessage(mErrorString, 10000);
    });
    connect(mAutosaveTimer, &QTimer::timeout, this, &MainWindow::autosaveInBackground);
    mAutosaveTimer->start();

    connect(mRunner, &EvaluationRunner::finished, mHub, &ResultsHub::receive);
    // Connected after every view subscribed to the hub: evaluated() says they all show it.
    connect(mHub, &ResultsHub::evaluated, this, &MainWindow::onEvaluated);
    connect(mHub, &ResultsHub::failed, this, &MainWindow::onEvaluationFailed);
    connect(mHub, &ResultsHub::comparisonFinished, this, &MainWindow::comparedResultsReady);
    connect(mRunner, &EvaluationRunner::busyChanged, this, &MainWindow::onBusyChanged);
    connect(mHallView->hallScene(), &QGraphicsScene::selectionChanged, this, &MainWindow::onSelectionChanged);
    connect(mTabs, &QTabWidget::currentChanged, this, &MainWindow::onTabChanged);
    connect(mDocument, &Document::modifiedChanged, this, &MainWindow::updateTitle);
    connect(mDocument, &Document::filePathChanged, this, &MainWindow::updateTitle);
    connect(mProblems, &ProblemsDock::problemActivated, this, &MainWindow::activateProblemPlace);
    connect(mHallView, &HallView::contextMenuRequested, this, &MainWindow::showPlanMenu);
    connect(mSelection, &SelectionModel::selectionChanged, this, &MainWindow::applySharedSelection);
    connect(mSelection, &SelectionModel::highlightChanged, this, &MainWindow::onHighlightChanged);

    mInspector->setDocument(mDocument);
    mResults->setDocument(mDocument);
    mPalette->setCatalog(mBaseCatalog);
    resize(1500, 920);
    updateTitle();
    const auto storedOverlay = overlayFromKey(QSettings().value(QLatin1String(kOverlayKey)).toString());
    setOverlay(storedOverlay.value_or(OverlayKind::Category));
}

MainWindow::~MainWindow()
{
    // Child widgets outlive this body; their signals must not reach a half-destroyed window.
    mHallView->hallScene()->disconnect(this);
    mRunner->disconnect(this);
    mTabs->disconnect(this);
    mDocument->disconnect(this);
    mSelection->disconnect(this);
    mHub->disconnect(this);
    mScenarioSet->disconnect(this);
    waitForAutosave();
    // The recovery file stays unless a clean save or close removed it: this may be a crash
    // path (an exception unwinding), and a test's stand-in for one.
}

void MainWindow::createDocks()
{
    mPalette = new PaletteDock(this);
    mInspector = new InspectorDock(this);
    mResults = new ResultsDock(this);
    mProblems = new ProblemsDock(this);
    // Each view is handed the hub once and follows the results itself.
    mResults->setResultsHub(mHub);
    mProblems->setResultsHub(mHub);
    mInspector->setResultsHub(mHub);
    addDockWidget(Qt::LeftDockWidgetArea, mPalette);
    addDockWidget(Qt::RightDockWidgetArea, mInspector);
    // The selected racks' elevations, tabbed with the inspector (it follows the shared selection).
    mElevation = new ElevationDock(this);
    mElevation->setSelectionModel(mSelection);
    addDockWidget(Qt::RightDockWidgetArea, mElevation);
    tabifyDockWidget(mInspector, mElevation);
    mInspector->raise();
    addDockWidget(Qt::BottomDockWidgetArea, mResults);
    splitDockWidget(mResults, mProblems, Qt::Horizontal);

    // Charts and failure domains read the same results as the Results dock: tabbed with it.
    mCharts = new ChartsView;
    mCharts->setObjectName(QStringLiteral("chartsView"));
    mCharts->setResultsHub(mHub);
    mChartsDock = new QDockWidget(tr("Charts"), this);
    mChartsDock->setObjectName(QStringLiteral("chartsDock"));
    mChartsDock->setWidget(mCharts);
    // The charts are built when their tab is on screen, not after every edit behind another tab.
    mCharts->setOnScreen(false);
    connect(mChartsDock, &QDockWidget::visibilityChanged, mCharts, &ChartsView::setOnScreen);
    mFailures = new FailureDomainsView;
    mFailures->setObjectName(QStringLiteral("failureDomainsView"));
    mFailures->setSelectionModel(mSelection);
    mFailures->setResultsHub(mHub);
    mFailuresDock = new QDockWidget(tr("Failure Domains"), this);
    mFailuresDock->setObjectName(QStringLiteral("failureDomainsDock"));
    mFailuresDock->setWidget(mFailures);
    addDockWidget(Qt::BottomDockWidgetArea, mChartsDock);
    addDockWidget(Qt::BottomDockWidgetArea, mFailuresDock);
    tabifyDockWidget(mResults, mChartsDock);
    tabifyDockWidget(mChartsDock, mFailuresDock);
    mResults->raise();
    applyDefaultDockSizes();
}

void MainWindow::applyDefaultDockSizes()
{
    // The Results dock's three tables each hold a value and its P10–P90 band side by side: it
    // takes most of the bottom row, the Problems list the rest.
    resizeDocks({mPalette, mInspector}, {270, 360}, Qt::Horizontal);
    resizeDocks({mResults}, {270}, Qt::Vertical);
    resizeDocks({mResults, mProblems}, {1270, 330}, Qt::Horizontal);
}

// --- the design and its evaluation ---------------------------------------------------------------

void MainWindow::setDocument(Design design, Catalog catalog, const QString &filePath)
{
    mProjectCatalog = catalog;
    mScenarioSet->reset({{ProjectFile::kDefaultScenario, Design()}}, 0);
    showDesign(std::move(design), std::move(catalog), filePath);
    mAutosaveDirty = false;
    waitForAutosave();
    mRecovery->remove();
}

void MainWindow::showDesign(Design design, Catalog catalog, const QString &filePath)
{
    mRunner->cancel();
    // The views drop the old results (and the old file's compared scenarios) before the
    // document holds the new design.
    mHub->reset();
    // Indexes of the old design mean other parts in the new one.
    mSelection->reset();
    mDocument->reset(std::move(design), std::move(catalog), filePath);
    const Design &d = mDocument->design();
    const Catalog &c = mDocument->catalog();

    mHallView->setDesign(d, c);
    mPalette->setCatalog(c);
    mInspector->setDocument(mDocument);
    mElevation->setDocument(mDocument);
    mSelectedPart.reset();
    updateTitle();
    updateOverlay();
    Q_EMIT documentLoaded();
    mEvalTimer->stop();
    startEvaluation();
}

void MainWindow::setEvaluationDelay(int ms)
{
    mEvalTimer->setInterval(std::max(0, ms));
}

void MainWindow::onDesignChanged()
{
    // The views grey what they show themselves (the hub says it is outdated); evaluate again
    // once the edits pause. A run still going is cancelled when the new one starts.
    mAutosaveDirty = true;
    mEvalTimer->start();
    updateTitle();
    updateOverlay();
}

void MainWindow::startEvaluation()
{
    mEvalTimer->stop();
    mHub->startEvaluating();
    mRunner->start(mDocument->design(), mDocument->catalog());
}

void MainWindow::onEvaluated()
{
    // The views follow the hub themselves; the plan's overlay reads the same results.
    updateOverlay();
    Q_EMIT evaluated();
}

void MainWindow::onEvaluationFailed(const EvaluationOutcome &outcome)
{
    statusBar()->showMessage(outcome.error, 10000);
    Q_EMIT evaluated();
}

QString MainWindow::statusSummary() const
{
    return mHub->hasResults() ? SummaryLabel::summary(mHub->outcome().results) : QString();
}

void MainWindow::onBusyChanged(bool busy)
{
    mBusyBar->setVisible(busy);
    if (busy)
        mBusyBar->setToolTip(tr("Evaluating the design…"));
}

// --- selection --------------------------------------------------------------------------------

void MainWindow::onSelectionChanged()
{
    QVector<int> racks, power, cooling;
    for (QGraphicsItem *item : mHallView->hallScene()->selectedItems()) {
        if (item->type() == RackItem::Type) {
            racks.push_back(static_cast<RackItem *>(item)->rackIndex());
        } else if (item->type() == FacilityItem::Type) {
            auto *unit = static_cast<FacilityItem *>(item);
            (unit->kind() == FacilityItem::Kind::Power ? power : cooling).push_back(unit->unitIndex());
        }
    }
    std::sort(racks.begin(), racks.end());
    std::sort(power.begin(), power.end());
    std::sort(cooling.begin(), cooling.end());
    mInspector->setSelection(racks, power, cooling);
    mSelection->select(PartSelection{racks, power, cooling}, mHallView);

    // The overlays that depend on the selection follow its first part.
    if (!racks.isEmpty())
        mSelectedPart = PartRef{PartRef::Kind::Rack, racks.front()};
    else if (!power.isEmpty())
        mSelectedPart = PartRef{PartRef::Kind::PowerUnit, power.front()};
    else if (!cooling.isEmpty())
        mSelectedPart = PartRef{PartRef::Kind::CoolingUnit, cooling.front()};
    else
        mSelectedPart.reset();
    if (mOverlayKind == OverlayKind::FailureDomain || mOverlayKind == OverlayKind::Bandwidth)
        updateOverlay();
}

void MainWindow::applySharedSelection(QObject *source)
{
    // The plan follows a selection made in another view (its own changes come back as source).
    if (source == mHallView)
        return;
    const PartSelection &selection = mSelection->selection();
    mHallView->selectParts(selection.racks, selection.powerUnits, selection.coolingUnits);
}

void MainWindow::onHighlightChanged(QObject *)
{
    // A failure domain picked in the table is shown on the plan by the failure-domain overlay,
    // which colours the domain of the selected part (the table selects that part as well).
    if (!mSelection->highlight().isEmpty() && mOverlayKind != OverlayKind::FailureDomain)
        setOverlay(OverlayKind::FailureDomain);
}

const QVector<NamedResults> &MainWindow::comparedResults() const
{
    return mHub->comparedResults();
}

bool MainWindow::isComparing() const
{
    return mHub->isComparing();
}

// --- tabs ---------------------------------------------------------------------------------------

Hall3dView *MainWindow::hall3dView() const
{
    return mHall3dPage->view();
}

QWidget *MainWindow::hall3dContent() const
{
    return mHall3dPage->content();
}

void MainWindow::showHeatmap()
{
    mTabs->setCurrentWidget(mHeatmap);
}

void MainWindow::showPlan()
{
    mTabs->setCurrentIndex(0);
}

void MainWindow::show3d()
{
    mTabs->setCurrentIndex(1);
}

void MainWindow::onTabChanged(int index)
{
    // The 3D view and the heatmap are rebuilt only while on screen.
    mHall3dPage->setOnScreen(mTabs->widget(index) == mHall3dPage);
    mHeatmapFeed->setOnScreen(mTabs->widget(index) == mHeatmap);
    const bool plan = mTabs->widget(index) == mHallView;
    mFitAction->setEnabled(plan);
    mZoomInAction->setEnabled(plan);
    mZoomOutAction->setEnabled(plan);
}

void MainWindow::updateTitle()
{
    // FILE#SCENARIO when the project has several scenarios, as Open and the CLI accept it.
    const bool several = mScenarioSet->count() > 1 || mScenarioSet->currentIndex() > 0;
    const QString scenario = several ? QLatin1Char('#') + mScenarioSet->currentName() : QString();
    setWindowTitle(tr("%1%2[*] — Cluster Planner").arg(mDocument->displayName(), scenario));
    setWindowFilePath(mDocument->filePath());
    setWindowModified(isProjectModified());
}

void MainWindow::showError(const QString &title, const QString &message)
{
    std::fprintf(stderr, "cluster-planner: %s\n", qPrintable(message));
    if (mErrorDialogs)
        QMessageBox::critical(this, title, message);
}

// --- settings and window events -----------------------------------------------------------------

void MainWindow::restoreSettings()
{
    QSettings settings;
    const QByteArray geometry = settings.value(QLatin1String(kGeometryKey)).toByteArray();
    if (!geometry.isEmpty())
        restoreGeometry(geometry);
    const QByteArray state = settings.value(QLatin1String(kStateKey)).toByteArray();
    if (!state.isEmpty())
        mLayoutRestored = restoreState(state, kStateVersion);
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (mShownOnce)
        return;
    mShownOnce = true;
    // The default layout's proportions, set once the window has its real size (set before, the
    // central tabs' size hints win and squeeze the side docks).
    if (!mLayoutRestored)
        applyDefaultDockSizes();
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(QLatin1String(kGeometryKey), saveGeometry());
    settings.setValue(QLatin1String(kStateKey), saveState(kStateVersion));
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!mRestarting && !maybeSave()) {
        event->ignore();
        return;
    }
    saveSettings();
    mRunner->cancel();
    // A clean close: nothing to recover next time.
    waitForAutosave();
    mRecovery->remove();
    event->accept();
}

void MainWindow::setLanguage(Language language)
{
    storeLanguage(language);
    const Language wanted = effectiveLanguage(language);
    if (wanted == installedLanguage()) {
        statusBar()->showMessage(tr("Language: %1").arg(languageName(language)), 4000);
        return;
    }
    // Every window is built in one language: the new one takes effect in a new window.
    if (mErrorDialogs &&
        QMessageBox::question(this, tr("Change Language"),
                              tr("Cluster Planner shows %1 when it starts again. Restart now?")
                                  .arg(languageName(wanted)),
                              QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes) != QMessageBox::Yes) {
        statusBar()->showMessage(tr("%1 from the next start").arg(languageName(wanted)), 6000);
        return;
    }
    if (!mErrorDialogs || !maybeSave())
        return;
    QStringList arguments;
    if (!mDocument->filePath().isEmpty() && !isProjectModified())
        arguments << mDocument->filePath();
    if (!QProcess::startDetached(QCoreApplication::applicationFilePath(), arguments)) {
        showError(tr("Change Language"), tr("Cannot start %1 again; the language changes at the next start.")
                                             .arg(QCoreApplication::applicationFilePath()));
        return;
    }
    mRestarting = true;
    close();
}

// --- overlays ---------------------------------------------------------------------------------

void MainWindow::setOverlay(OverlayKind kind)
{
    mOverlayKind = kind;
    for (QAction *action : mOverlayGroup->actions())
        action->setChecked(action->data().toInt() == int(kind));
    mOverlayCombo->setCurrentIndex(mOverlayCombo->findData(int(kind)));
    QSettings().setValue(QLatin1String(kOverlayKey), overlayKey(kind));
    updateOverlay();
}

std::optional<PartRef> MainWindow::selectedPart() const
{
    return mSelectedPart;
}

void MainWindow::updateOverlay()
{
    // Only lookups over the latest results here: the model itself runs in the worker.
    const Design &design = mDocument->design();
    const bool hasResults = mHub->hasResults();
    const EvaluationOutcome &outcome = mHub->outcome();
    Overlay overlay;
    switch (mOverlayKind) {
    case OverlayKind::Category: break;
    case OverlayKind::PowerDensity:
        overlay = powerDensityOverlay(design, mDocument->catalog(), hasResults ? outcome.results : Results());
        break;
    case OverlayKind::FailureDomain:
        overlay = failureDomainOverlay(design, hasResults && outcome.failureDomains ? *outcome.failureDomains
                                                                                    : FailureDomainIndex(),
                                       selectedPart());
        break;
    case OverlayKind::Bandwidth: {
        const int rack = mSelectedPart && mSelectedPart->kind == PartRef::Kind::Rack ? mSelectedPart->index : -1;
        overlay = bandwidthOverlay(design, hasResults ? outcome.results.fabric : FabricResults(), rack);
        break;
    }
    }
    mOverlay = std::move(overlay);
    mHallView->hallScene()->setRackOverlay(mOverlay.rackColors);
    const QSize legendBefore = mHallView->legend()->sizeHint();
    if (mOverlayKind == OverlayKind::Category)
        mHallView->legend()->clearOverlay();
    else
        mHallView->legend()->setOverlay(mOverlay.legend);
    // The fit leaves room for the legend beside the hall; a wider legend needs a new fit.
    if (mHallView->followsFit() && mHallView->legend()->sizeHint().width() != legendBefore.width())
        mHallView->fitToView();
    if (!mOverlay.status.isEmpty())
        statusBar()->showMessage(mOverlay.status, 10000);
    Q_EMIT overlayChanged();
}

bool MainWindow::selectPart(const QString &id)
{
    const auto target = locateProblem(id, mDocument->design());
    if (!target || target->indexes.isEmpty())
        return false;
    if (target->kind == PartRef::Kind::Rack) {
        mHallView->selectRacks(target->indexes);
    } else {
        const bool power = target->kind == PartRef::Kind::PowerUnit;
        const auto &units = power ? mDocument->design().powerUnits : mDocument->design().coolingUnits;
        mHallView->selectUnit(QString::fromStdString(units[size_t(target->indexes.front())].id));
    }
    return true;
}

bool MainWindow::activateProblemPlace(const QString &place, const QString &message)
{
    const auto target = locateProblem(place, mDocument->design(), message);
    if (!target || target->indexes.isEmpty()) {
        statusBar()->showMessage(tr("“%1” is a setting of the design, not a part on the plan").arg(place), 5000);
        return false;
    }
    showPlan();
    if (target->kind == PartRef::Kind::Rack) {
        mHallView->selectRacks(target->indexes);
        mHallView->centreOnRack(target->indexes.front());
    } else {
        const bool power = target->kind == PartRef::Kind::PowerUnit;
        const auto &units = power ? mDocument->design().powerUnits : mDocument->design().coolingUnits;
        mHallView->selectUnit(QString::fromStdString(units[size_t(target->indexes.front())].id));
    }
    mHallView->setFocus();
    return true;
}

void MainWindow::setTheme(Theme theme)
{
    applyTheme(theme);
    storeTheme(theme);
    for (QAction *action : mThemeGroup->actions())
        action->setChecked(action->objectName() == QStringLiteral("theme_") + themeKey(theme));
}

} // namespace cp::gui
