#include "views/window/mainwindow.h"

#include "views/analysis/chartsview.h"
#include "model/core/design.h"
#include "model/io/designjson.h"
#include "views/session/document.h"
#include "model/engine/evaluation.h"
#include "views/plan/items/facilityitem.h"
#include "views/analysis/failuredomainsview.h"
#include "views/hall3d/hall3dview.h"
#include "views/plan/hallscene.h"
#include "views/plan/hallview.h"
#include "views/analysis/heatmapview.h"
#include "views/dialogs/historydialog.h"
#include "views/docks/inspectordock.h"
#include "views/plan/legendwidget.h"
#include "views/dialogs/newdesigndialog.h"
#include "views/docks/palettedock.h"
#include "views/docks/problemsdock.h"
#include "model/io/projectfile.h"
#include "views/plan/items/rackitem.h"
#include "views/docks/resultsdock.h"
#include "views/session/selectionmodel.h"
#include "model/generate/templates.h"

#include <QAction>
#include <QUndoView>
#include <QUndoStack>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QPushButton>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <exception>
#include <functional>

namespace cp::gui {

namespace {

constexpr int kMaxRecentFiles = 8;
const char *const kRecentFilesKey = "recentFiles";
const char *const kGeometryKey = "mainWindow/geometry";
const char *const kStateKey = "mainWindow/state";
const char *const kOverlayKey = "view/overlay";
const char *const kAutosaveKey = "autosave/intervalSeconds";
// Bump when docks or toolbars change, so an old saved layout is not applied to a new window.
constexpr int kStateVersion = 2;
constexpr int kEvaluationDelayMs = 300;
constexpr int kDefaultAutosaveSeconds = 180;
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

struct MainWindow::Compared
{
    QVector<NamedResults> results;
    QFutureWatcher<QVector<NamedResults>> *watcher = nullptr;
    std::shared_ptr<std::atomic<bool>> cancel;
};

MainWindow::MainWindow(Catalog baseCatalog, QWidget *parent)
    : QMainWindow(parent)
    , mBaseCatalog(std::move(baseCatalog))
    , mDocument(new Document(this))
    , mRunner(new EvaluationRunner(this))
    , mSelection(new SelectionModel(this))
    , mCompared(std::make_unique<Compared>())
{
    setObjectName(QStringLiteral("mainWindow"));
    setDockNestingEnabled(true);

    mTabs = new QTabWidget;
    mTabs->setObjectName(QStringLiteral("centreTabs"));
    mTabs->setDocumentMode(true);
    mHallView = new HallView;
    mHallView->setObjectName(QStringLiteral("hallView"));
    mHall3dPage = new QWidget;
    mHall3dPage->setObjectName(QStringLiteral("hall3dPage"));
    mHall3dLayout = new QVBoxLayout(mHall3dPage);
    mHall3dLayout->setContentsMargins(0, 0, 0, 0);
    mTabs->addTab(mHallView, tr("Plan"));
    mTabs->addTab(mHall3dPage, tr("3D"));
    mHeatmap = new HeatmapView;
    mHeatmap->setObjectName(QStringLiteral("heatmapView"));
    mHeatmap->setSelectionModel(mSelection);
    mTabs->addTab(mHeatmap, tr("Bandwidth"));
    setCentralWidget(mTabs);

    createDocks();
    createActions();
    createMenus();
    createEditActions();

    mSummaryLabel = new QLabel;
    mSummaryLabel->setObjectName(QStringLiteral("summaryLabel"));
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

    connect(mRunner, &EvaluationRunner::finished, this, &MainWindow::onEvaluated);
    connect(mRunner, &EvaluationRunner::busyChanged, this, &MainWindow::onBusyChanged);
    connect(mHallView->hallScene(), &QGraphicsScene::selectionChanged, this, &MainWindow::onSelectionChanged);
    connect(mTabs, &QTabWidget::currentChanged, this, &MainWindow::onTabChanged);
    connect(mDocument, &Document::modifiedChanged, this, &QWidget::setWindowModified);
    connect(mDocument, &Document::filePathChanged, this, &MainWindow::updateTitle);
    connect(mProblems, &ProblemsDock::problemActivated, this, &MainWindow::activateProblemPlace);
    connect(mSelection, &SelectionModel::selectionChanged, this, &MainWindow::applySharedSelection);
    connect(mSelection, &SelectionModel::highlightChanged, this, &MainWindow::onHighlightChanged);
    mCompared->watcher = new QFutureWatcher<QVector<NamedResults>>(this);
    connect(mCompared->watcher, &QFutureWatcherBase::finished, this, [this] {
        if (mCompared->watcher->isCanceled() || mCompared->cancel->load())
            return;
        mCompared->results = mCompared->watcher->result();
        mCharts->setComparedResults(mCompared->results);
        Q_EMIT comparedResultsReady();
    });

    mInspector->setDocument(mDocument);
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
    if (mCompared->cancel)
        mCompared->cancel->store(true);
    mCompared->watcher->disconnect(this);
    mCompared->watcher->waitForFinished();
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
    addDockWidget(Qt::LeftDockWidgetArea, mPalette);
    addDockWidget(Qt::RightDockWidgetArea, mInspector);
    addDockWidget(Qt::BottomDockWidgetArea, mResults);
    splitDockWidget(mResults, mProblems, Qt::Horizontal);

    // Charts and failure domains read the same results as the Results dock: tabbed with it.
    mCharts = new ChartsView;
    mCharts->setObjectName(QStringLiteral("chartsView"));
    mChartsDock = new QDockWidget(tr("Charts"), this);
    mChartsDock->setObjectName(QStringLiteral("chartsDock"));
    mChartsDock->setWidget(mCharts);
    mFailures = new FailureDomainsView;
    mFailures->setObjectName(QStringLiteral("failureDomainsView"));
    mFailures->setSelectionModel(mSelection);
    mFailuresDock = new QDockWidget(tr("Failure Domains"), this);
    mFailuresDock->setObjectName(QStringLiteral("failureDomainsDock"));
    mFailuresDock->setWidget(mFailures);
    addDockWidget(Qt::BottomDockWidgetArea, mChartsDock);
    addDockWidget(Qt::BottomDockWidgetArea, mFailuresDock);
    tabifyDockWidget(mResults, mChartsDock);
    tabifyDockWidget(mChartsDock, mFailuresDock);
    mResults->raise();
    resizeDocks({mPalette, mInspector}, {270, 330}, Qt::Horizontal);
    resizeDocks({mResults}, {270}, Qt::Vertical);
    resizeDocks({mResults, mProblems}, {1150, 450}, Qt::Horizontal);
}

void MainWindow::createActions()
{
    QStyle *s = style();
    mNewAction = new QAction(s->standardIcon(QStyle::SP_FileIcon), tr("&New from Template…"), this);
    mNewAction->setShortcut(QKeySequence::New);
    mNewAction->setStatusTip(tr("Generate a design from a template"));
    connect(mNewAction, &QAction::triggered, this, &MainWindow::newFromTemplateDialog);

    mOpenAction = new QAction(s->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open…"), this);
    mOpenAction->setShortcut(QKeySequence::Open);
    connect(mOpenAction, &QAction::triggered, this, &MainWindow::openDialog);

    mSaveAction = new QAction(s->standardIcon(QStyle::SP_DialogSaveButton), tr("&Save"), this);
    mSaveAction->setShortcut(QKeySequence::Save);
    connect(mSaveAction, &QAction::triggered, this, &MainWindow::save);

    mSaveAsAction = new QAction(tr("Save &As…"), this);
    // QKeySequence::SaveAs is empty on some platforms (Windows, generic themes): say it.
    mSaveAsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    connect(mSaveAsAction, &QAction::triggered, this, &MainWindow::saveAsDialog);

    mQuitAction = new QAction(tr("&Quit"), this);
    mQuitAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q)); // QKeySequence::Quit is empty on Windows
    mQuitAction->setMenuRole(QAction::QuitRole);
    connect(mQuitAction, &QAction::triggered, this, &QWidget::close);

    mFitAction = new QAction(tr("&Fit to View"), this);
    mFitAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    connect(mFitAction, &QAction::triggered, mHallView, &HallView::fitToView);
    mZoomInAction = new QAction(tr("Zoom &In"), this);
    mZoomInAction->setShortcut(QKeySequence::ZoomIn);
    connect(mZoomInAction, &QAction::triggered, mHallView, &HallView::zoomIn);
    mZoomOutAction = new QAction(tr("Zoom &Out"), this);
    mZoomOutAction->setShortcut(QKeySequence::ZoomOut);
    connect(mZoomOutAction, &QAction::triggered, mHallView, &HallView::zoomOut);

    mPlanAction = new QAction(tr("&Plan"), this);
    mPlanAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    connect(mPlanAction, &QAction::triggered, this, &MainWindow::showPlan);
    m3dAction = new QAction(tr("&3D Hall"), this);
    m3dAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    connect(m3dAction, &QAction::triggered, this, &MainWindow::show3d);
    mHeatmapAction = new QAction(tr("&Bandwidth Heatmap"), this);
    mHeatmapAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_3));
    connect(mHeatmapAction, &QAction::triggered, this, &MainWindow::showHeatmap);

    mHistoryAction = new QAction(tr("&History…"), this);
    mHistoryAction->setStatusTip(tr("The saved revisions of this file, with their comments"));
    connect(mHistoryAction, &QAction::triggered, this, &MainWindow::showHistory);

    mHelpAction = new QAction(s->standardIcon(QStyle::SP_DialogHelpButton), tr("Cluster Planner &Help"), this);
    mHelpAction->setShortcut(QKeySequence::HelpContents);
    connect(mHelpAction, &QAction::triggered, this, &MainWindow::showHelp);

    // F6 walks the keyboard focus through the plan and the docks (hidden docks are shown).
    mNextPaneAction = new QAction(tr("Next &Pane"), this);
    mNextPaneAction->setShortcut(QKeySequence(Qt::Key_F6));
    connect(mNextPaneAction, &QAction::triggered, this, [this] { focusPane(1); });
    mPreviousPaneAction = new QAction(tr("Previous Pa&ne"), this);
    mPreviousPaneAction->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F6));
    connect(mPreviousPaneAction, &QAction::triggered, this, [this] { focusPane(-1); });

    mOverlayGroup = new QActionGroup(this);
    for (int i = 0; i < kOverlayKindCount; ++i) {
        const auto kind = OverlayKind(i);
        QAction *action = mOverlayGroup->addAction(overlayName(kind));
        action->setCheckable(true);
        action->setData(i);
        action->setObjectName(QStringLiteral("overlay_") + overlayKey(kind));
        connect(action, &QAction::triggered, this, [this, kind] { setOverlay(kind); });
    }
    mOverlayCombo = new QComboBox;
    mOverlayCombo->setObjectName(QStringLiteral("overlayCombo"));
    mOverlayCombo->setToolTip(tr("Colour the racks by"));
    for (int i = 0; i < kOverlayKindCount; ++i)
        mOverlayCombo->addItem(overlayName(OverlayKind(i)), i);
    connect(mOverlayCombo, &QComboBox::activated, this,
            [this](int index) { setOverlay(OverlayKind(mOverlayCombo->itemData(index).toInt())); });

    mThemeGroup = new QActionGroup(this);
    const Theme current = storedTheme();
    for (const auto &[theme, label] : {std::pair{Theme::System, tr("&System")}, {Theme::Light, tr("&Light")},
                                       {Theme::Dark, tr("&Dark")}}) {
        QAction *action = mThemeGroup->addAction(label);
        action->setCheckable(true);
        action->setChecked(theme == current);
        action->setObjectName(QStringLiteral("theme_") + themeKey(theme));
        connect(action, &QAction::triggered, this, [this, theme = theme] { setTheme(theme); });
    }
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(mNewAction);
    file->addAction(mOpenAction);
    mRecentMenu = file->addMenu(tr("Open &Recent"));
    connect(mRecentMenu, &QMenu::aboutToShow, this, &MainWindow::updateRecentMenu);
    file->addSeparator();
    file->addAction(mSaveAction);
    file->addAction(mSaveAsAction);
    file->addSeparator();
    file->addAction(mHistoryAction);
    file->addSeparator();
    file->addAction(mQuitAction);

    mViewMenu = menuBar()->addMenu(tr("&View"));
    mViewMenu->addAction(mPlanAction);
    mViewMenu->addAction(m3dAction);
    mViewMenu->addAction(mHeatmapAction);
    mViewMenu->addSeparator();
    mViewMenu->addAction(mFitAction);
    mViewMenu->addAction(mZoomInAction);
    mViewMenu->addAction(mZoomOutAction);
    mViewMenu->addSeparator();
    QMenu *overlays = mViewMenu->addMenu(tr("&Overlay"));
    overlays->addActions(mOverlayGroup->actions());
    QMenu *themes = mViewMenu->addMenu(tr("&Theme"));
    themes->addActions(mThemeGroup->actions());
    mViewMenu->addSeparator();
    mViewMenu->addAction(mNextPaneAction);
    mViewMenu->addAction(mPreviousPaneAction);
    mViewMenu->addSeparator();
    for (QDockWidget *dock : std::initializer_list<QDockWidget *>{mPalette, mInspector, mResults, mChartsDock,
                                                                         mFailuresDock, mProblems})
        mViewMenu->addAction(dock->toggleViewAction());

    QToolBar *tools = addToolBar(tr("Main"));
    tools->setObjectName(QStringLiteral("mainToolBar"));
    tools->setMovable(false);
    tools->setIconSize(QSize(18, 18));
    tools->addAction(mNewAction);
    tools->addAction(mOpenAction);
    tools->addAction(mSaveAction);
    tools->addSeparator();
    tools->addAction(mFitAction);
    tools->addSeparator();
    auto *overlayLabel = new QLabel(tr(" Overlay: "));
    overlayLabel->setBuddy(mOverlayCombo);
    tools->addWidget(overlayLabel);
    tools->addWidget(mOverlayCombo);
    mViewMenu->addSeparator();
    mViewMenu->addAction(tools->toggleViewAction());

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(mHelpAction);
    help->addSeparator();
    QAction *about = help->addAction(tr("&About Cluster Planner"), this, &MainWindow::about);
    about->setMenuRole(QAction::AboutRole);
    QAction *aboutQt = help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
    aboutQt->setMenuRole(QAction::AboutQtRole);
}

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
        std::vector<Scenario> others;
        std::string scenarioName;
        bool defaultScenario = true;
        if (isJsonPath(path)) {
            if (!wantedScenario.empty())
                throw LoadError(file, "", "a design JSON file holds one design; #" + wantedScenario
                                              + " names a scenario of a .cplan project");
            design = importDesignJson(file, catalog);
        } else {
            Project project = ProjectFile::load(file, wantedScenario);
            defaultScenario = project.scenarios.empty() || project.scenarios.front().name == project.scenario;
            // The project's own entries (prices and specs as saved) win over today's defaults.
            catalog.merge(project.catalog, file);
            design = std::move(project.design);
            scenarioName = project.scenario;
            for (Scenario &scenario : project.scenarios)
                if (scenario.name != project.scenario)
                    others.push_back(std::move(scenario));
        }
        setDocument(std::move(design), std::move(catalog), QFileInfo(path).absoluteFilePath());
        // Saving writes this scenario back in place, not over the project's default design.
        if (!defaultScenario) {
            mOpenScenario = scenarioName;
            updateTitle();
        }
        if (!others.empty()) {
            mScenarioName = QString::fromStdString(scenarioName);
            evaluateScenarios(std::move(others), mDocument->catalog());
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
                           + (mOpenScenario.empty() ? QString() : QLatin1Char('#') + QString::fromStdString(mOpenScenario));
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
        if (isJsonPath(path))
            exportDesignJson(mDocument->design(), mDocument->catalog(), file);
        else if (sameFile && !mOpenScenario.empty())
            ProjectFile::saveScenario(file, mOpenScenario, mDocument->design(), mDocument->catalog(),
                                      userName().toStdString(), comment);
        else
            ProjectFile::save(file, mDocument->design(), mDocument->catalog(), userName().toStdString(), comment);
    } catch (const std::exception &e) {
        mErrorString = QString::fromLocal8Bit(e.what());
        if (!mErrorString.contains(path))
            mErrorString = tr("%1: %2").arg(path, mErrorString);
    }
    if (!mErrorString.isEmpty()) {
        showError(tr("Cannot Save File"), mErrorString);
        return false;
    }
    if (QFileInfo(path).absoluteFilePath() != QFileInfo(mDocument->filePath()).absoluteFilePath())
        mOpenScenario.clear(); // a new file: the design is its default scenario
    mDocument->setFilePath(QFileInfo(path).absoluteFilePath());
    mDocument->setModified(false);
    // The file now holds the design: a crash from here on loses nothing.
    waitForAutosave();
    mRecovery->remove();
    mAutosaveDirty = false;
    updateTitle();
    addRecentFile(QFileInfo(path).absoluteFilePath()
                  + (mOpenScenario.empty() ? QString() : QLatin1Char('#') + QString::fromStdString(mOpenScenario)));
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

bool MainWindow::newFromTemplate(const QString &kind, long long gpus)
{
    mErrorString.clear();
    try {
        TemplateOptions options;
        options.kind = kind.toStdString();
        options.gpus = gpus;
        Design design = generateTemplate(options, mBaseCatalog);
        setDocument(std::move(design), mBaseCatalog, QString());
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

void MainWindow::setDocument(Design design, Catalog catalog, const QString &filePath)
{
    mRunner->cancel();
    mHasResults = false;
    // Indexes of the old design mean other parts in the new one; compared scenarios belong to
    // the old file.
    mSelection->reset();
    if (mCompared->cancel)
        mCompared->cancel->store(true);
    mCompared->results.clear();
    mCharts->setComparedResults({});
    mScenarioName.clear();
    mOpenScenario.clear();
    mDocument->reset(std::move(design), std::move(catalog), filePath);
    const Design &d = mDocument->design();
    const Catalog &c = mDocument->catalog();

    mHallView->setDesign(d, c);
    if (mHall3d)
        mHall3d->setDesign(d, c);
    m3dStale = false;
    mPalette->setCatalog(c);
    mInspector->setResults(nullptr);
    mInspector->setDocument(mDocument);
    mResults->clear();
    mProblems->clear();
    mSelectedPart.reset();
    mAutosaveDirty = false;
    waitForAutosave();
    mRecovery->remove();
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
    // The figures shown are now those of an older design: grey them and evaluate again once
    // the edits pause. A run still going is cancelled when the new one starts.
    mResults->setStale(true);
    mSummaryLabel->setEnabled(false);
    mAutosaveDirty = true;
    m3dStale = mHall3d != nullptr;
    mEvalTimer->start();
    updateTitle();
    updateOverlay();
}

void MainWindow::startEvaluation()
{
    mEvalTimer->stop();
    // The 3D scene is rebuilt once the edits pause, and only while it is on screen.
    if (m3dStale && mTabs->currentWidget() == mHall3dPage) {
        mHall3d->setDesign(mDocument->design(), mDocument->catalog());
        m3dStale = false; // coloured when this evaluation's results arrive
    }
    mResults->setStale(true);
    mRunner->start(mDocument->design(), mDocument->catalog());
}

void MainWindow::onEvaluated(const EvaluationOutcome &outcome)
{
    mOutcome = outcome;
    mHasResults = outcome.error.isEmpty();
    if (!mHasResults) {
        mResults->clear();
        Problems failure = outcome.validation;
        failure.push_back({Severity::Error, mDocument->design().name, outcome.error.toStdString()});
        mProblems->setProblems(failure, {});
        mInspector->setResults(nullptr);
        mSummaryLabel->setText(tr("Evaluation failed"));
        statusBar()->showMessage(outcome.error, 10000);
        Q_EMIT evaluated();
        return;
    }
    mResults->setResults(mOutcome.results);
    mProblems->setProblems(mOutcome.validation, mOutcome.results.problems);
    mCharts->setResults(mScenarioName.isEmpty() ? QString::fromStdString(mDocument->design().name) : mScenarioName,
                        mOutcome.results);
    mFailures->setEvaluation(mDocument->design(), mOutcome.results, mOutcome.failureDomains, mOutcome.failurePlaces);
    // The 3D racks are coloured by these results once the scene shows the evaluated design.
    if (mHall3d && !m3dStale)
        mHall3d->setResults(mOutcome.results);
    // The matrix image is rebuilt only while its tab is on screen (up to 2,048² cells).
    mHeatmapStale = true;
    if (mTabs->currentWidget() == mHeatmap)
        refreshHeatmap();
    mInspector->setResults(&mOutcome.results);
    mSummaryLabel->setText(statusSummary());
    mSummaryLabel->setEnabled(true);
    updateOverlay();
    Q_EMIT evaluated();
}

QString MainWindow::statusSummary() const
{
    if (!mHasResults)
        return {};
    const QLocale locale;
    const Results &r = mOutcome.results;
    QStringList parts;
    parts << tr("%1 GPUs").arg(locale.toString(static_cast<qlonglong>(r.inventory.gpusTotal)))
          << tr("%1 MW IT").arg(locale.toString(r.power.itKwTotal / 1000.0, 'f', 2));
    if (r.performance.available)
        parts << tr("MFU %1 %").arg(locale.toString(r.performance.outcome.estimate.mfu * 100.0, 'f', 1));
    if (r.reliability.available && std::isfinite(r.reliability.jobMtbfHours))
        parts << tr("job MTBF %1 h").arg(locale.toString(r.reliability.jobMtbfHours, 'f', 1));
    if (r.cost.tcoUsd > 0)
        parts << tr("TCO $%1M").arg(locale.toString(r.cost.tcoUsd / 1e6, 'f', 0));
    return parts.join(QStringLiteral(" · "));
}

void MainWindow::onBusyChanged(bool busy)
{
    mBusyBar->setVisible(busy);
    if (busy)
        mBusyBar->setToolTip(tr("Evaluating the design…"));
}

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

void MainWindow::refreshHeatmap()
{
    mHeatmapStale = false;
    mHeatmap->setFabric(mHasResults ? mOutcome.results.fabric : FabricResults());
}

const QVector<NamedResults> &MainWindow::comparedResults() const
{
    return mCompared->results;
}

bool MainWindow::isComparing() const
{
    return mCompared->watcher->isRunning();
}

void MainWindow::evaluateScenarios(std::vector<Scenario> scenarios, const Catalog &catalog)
{
    // The other scenarios are evaluated once, in a worker, on copies; a newer file cancels.
    if (mCompared->cancel)
        mCompared->cancel->store(true);
    mCompared->watcher->waitForFinished();
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    mCompared->cancel = cancel;
    mCompared->watcher->setFuture(QtConcurrent::run(
        [scenarios = std::move(scenarios), catalog = std::make_shared<const Catalog>(catalog), cancel] {
            QVector<NamedResults> out;
            for (const Scenario &scenario : scenarios) {
                if (cancel->load())
                    break;
                try {
                    auto results = std::make_shared<Results>(evaluate(scenario.design, *catalog, cancel.get()));
                    if (!results->cancelled)
                        out.push_back({QString::fromStdString(scenario.name), std::move(results)});
                } catch (const std::exception &) {
                    // A scenario the engine refuses is left out of the comparison; opening it
                    // on its own shows why.
                }
            }
            return out;
        }));
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
    if (mTabs->widget(index) == mHall3dPage) {
        ensure3dView();
        if (m3dStale && mHall3d) {
            mHall3d->setDesign(mDocument->design(), mDocument->catalog());
            m3dStale = false;
            if (mHasResults && !mRunner->isBusy() && !mEvalTimer->isActive())
                mHall3d->setResults(mOutcome.results);
        }
    }
    if (mTabs->widget(index) == mHeatmap && mHeatmapStale)
        refreshHeatmap();
    const bool plan = mTabs->widget(index) == mHallView;
    mFitAction->setEnabled(plan);
    mZoomInAction->setEnabled(plan);
    mZoomOutAction->setEnabled(plan);
}

void MainWindow::ensure3dView()
{
    // Created the first time its tab is shown (as ParaView does): GL setup costs, and a
    // display without OpenGL must never get a QOpenGLWidget at all.
    if (mHall3dContent)
        return;
    QString reason;
    if (!Hall3dView::isOpenGLAvailable(&reason)) {
        auto *label = new QLabel(tr("3D view unavailable: %1").arg(reason));
        label->setObjectName(QStringLiteral("hall3dPlaceholder"));
        label->setAlignment(Qt::AlignCenter);
        label->setWordWrap(true);
        label->setEnabled(false);
        mHall3dContent = label;
    } else {
        mHall3d = new Hall3dView;
        mHall3d->setObjectName(QStringLiteral("hall3dView"));
        mHall3d->setSelectionModel(mSelection);
        mHall3d->setDesign(mDocument->design(), mDocument->catalog());
        if (mHasResults)
            mHall3d->setResults(mOutcome.results);
        mHall3dContent = mHall3d;
    }
    mHall3dLayout->addWidget(mHall3dContent);
}

void MainWindow::updateTitle()
{
    const QString scenario = mOpenScenario.empty() ? QString() : QLatin1Char('#') + QString::fromStdString(mOpenScenario);
    setWindowTitle(tr("%1%2[*] — Cluster Planner").arg(mDocument->displayName(), scenario));
    setWindowFilePath(mDocument->filePath());
    setWindowModified(mDocument->isModified());
}

void MainWindow::showError(const QString &title, const QString &message)
{
    std::fprintf(stderr, "cluster-planner: %s\n", qPrintable(message));
    if (mErrorDialogs)
        QMessageBox::critical(this, title, message);
}

bool MainWindow::maybeSave()
{
    if (!mDocument->isModified())
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

void MainWindow::about()
{
    QMessageBox::about(this, tr("About Cluster Planner"),
                       tr("<h3>Cluster Planner %1</h3>"
                          "<p>Lay out an AI training cluster in a data hall and see what it delivers: "
                          "inventory, power and cooling, fabric, training speed, reliability and cost.</p>")
                           .arg(QApplication::applicationVersion()));
}

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
    if (!mLayoutRestored) {
        resizeDocks({mPalette, mInspector}, {270, 330}, Qt::Horizontal);
        resizeDocks({mResults}, {270}, Qt::Vertical);
        resizeDocks({mResults, mProblems}, {1150, 450}, Qt::Horizontal);
    }
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(QLatin1String(kGeometryKey), saveGeometry());
    settings.setValue(QLatin1String(kStateKey), saveState(kStateVersion));
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
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
    Overlay overlay;
    switch (mOverlayKind) {
    case OverlayKind::Category: break;
    case OverlayKind::PowerDensity:
        overlay = powerDensityOverlay(design, mDocument->catalog(), mHasResults ? mOutcome.results : Results());
        break;
    case OverlayKind::FailureDomain:
        overlay = failureDomainOverlay(design, mHasResults && mOutcome.failureDomains ? *mOutcome.failureDomains
                                                                                        : FailureDomainIndex(),
                                       selectedPart());
        break;
    case OverlayKind::Bandwidth: {
        const int rack = mSelectedPart && mSelectedPart->kind == PartRef::Kind::Rack ? mSelectedPart->index : -1;
        overlay = bandwidthOverlay(design, mHasResults ? mOutcome.results.fabric : FabricResults(), rack);
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

bool MainWindow::activateProblemPlace(const QString &place)
{
    const auto target = locateProblem(place, mDocument->design());
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
    if (!mAutosaveDirty || !mDocument->isModified() || mAutosaveWatcher->isRunning())
        return;
    mAutosaveDirty = false;
    // The worker writes a copy: edits go on meanwhile; they set mAutosaveDirty for next time.
    auto design = std::make_shared<const Design>(mDocument->design());
    auto catalog = std::make_shared<const Catalog>(mDocument->catalog());
    RecoveryFile *file = mRecovery.get();
    const QString original = mDocument->filePath();
    mAutosaveWatcher->setFuture(QtConcurrent::run([file, design, catalog, original] {
        QString error;
        return file->write(*design, *catalog, original, &error) ? QString() : error;
    }));
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
    if (!mRecovery->write(mDocument->design(), mDocument->catalog(), mDocument->filePath(), &error)) {
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
        Project project = ProjectFile::load(file);
        Catalog catalog = mBaseCatalog;
        catalog.merge(project.catalog, file);
        QString original = RecoveryFile::originalPathOf(recoveryPath);
        if (isJsonPath(original))
            original.clear(); // saved as a project from now on: ask where
        setDocument(std::move(project.design), std::move(catalog), original);
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

// --- history, help, panes, theme ---------------------------------------------------------------

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

void MainWindow::showHelp()
{
    // The shortcuts are read from the actions themselves, so the list cannot go stale.
    QString rows;
    for (QAction *menu : menuBar()->actions()) {
        if (!menu->menu())
            continue;
        const std::function<void(QMenu *)> collect = [&](QMenu *m) {
            for (QAction *action : m->actions()) {
                if (action->menu()) {
                    collect(action->menu());
                    continue;
                }
                if (action->shortcut().isEmpty())
                    continue;
                rows += QStringLiteral("<tr><td>%1</td><td><b>%2</b></td></tr>")
                            .arg(action->text().remove(QLatin1Char('&')).toHtmlEscaped(),
                                 action->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped());
            }
        };
        collect(menu->menu());
    }
    QDialog dialog(this);
    dialog.setObjectName(QStringLiteral("helpDialog"));
    dialog.setWindowTitle(tr("Cluster Planner Help"));
    auto *text = new QTextBrowser;
    text->setOpenExternalLinks(true);
    text->setHtml(tr("<h3>Cluster Planner</h3>"
                     "<p>Drag parts from the <b>Palette</b> onto the plan, edit them in the <b>Inspector</b>. "
                     "Every edit is evaluated in the background; the <b>Results</b> dock shows the figures, "
                     "the <b>Problems</b> dock what is wrong — double-click or press Enter on a problem to "
                     "select the part.</p>"
                     "<p><b>Overlays</b> (toolbar or View → Overlay) colour the racks by power density, by the "
                     "failure domain of the selected part, or by the bandwidth from the selected rack.</p>"
                     "<p>Unsaved changes are autosaved every few minutes and offered back after a crash. "
                     "Each save asks for a comment, kept in File → History.</p>"
                     "<h4>Keyboard shortcuts</h4><table cellspacing=\"4\">%1</table>"
                     "<p>More in docs/gui.md and docs/editing.md.</p>")
                      .arg(rows));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(&dialog);
    layout->addWidget(text);
    layout->addWidget(buttons);
    dialog.resize(560, 620);
    dialog.exec();
}

void MainWindow::focusPane(int step)
{
    QList<QWidget *> panes{mTabs->currentWidget()};
    for (QDockWidget *dock : findChildren<QDockWidget *>(QString(), Qt::FindDirectChildrenOnly))
        if (dock->widget())
            panes.push_back(dock);
    QWidget *focus = QApplication::focusWidget();
    int current = -1;
    for (int i = 0; i < panes.size(); ++i)
        if (focus && (panes[i] == focus || panes[i]->isAncestorOf(focus)))
            current = i;
    const int next = ((current < 0 ? (step > 0 ? -1 : 0) : current) + step + int(panes.size())) % int(panes.size());
    QWidget *pane = panes[next];
    if (auto *dock = qobject_cast<QDockWidget *>(pane)) {
        dock->show();
        dock->raise();
        pane = dock->widget();
    }
    // The pane's first focusable child, or the pane itself.
    QWidget *target = pane;
    if (pane->focusPolicy() == Qt::NoFocus)
        for (QWidget *child : pane->findChildren<QWidget *>())
            if (child->isVisibleTo(pane) && child->focusPolicy() != Qt::NoFocus) {
                target = child;
                break;
            }
    target->setFocus(Qt::ShortcutFocusReason);
}

void MainWindow::setTheme(Theme theme)
{
    applyTheme(theme);
    storeTheme(theme);
    for (QAction *action : mThemeGroup->actions())
        action->setChecked(action->objectName() == QStringLiteral("theme_") + themeKey(theme));
}

void MainWindow::createEditActions()
{
    // The plan and the inspector edit the document; each edit is one command on its undo stack.
    mHallView->setDocument(mDocument);
    connect(mHallView, &HallView::statusMessage, this, [this](const QString &m) { statusBar()->showMessage(m, 8000); });
    connect(mInspector, &InspectorDock::statusMessage, this,
            [this](const QString &m) { statusBar()->showMessage(m, 8000); });

    QUndoStack *stack = mDocument->undoStack();
    QAction *undo = stack->createUndoAction(this, tr("&Undo"));
    undo->setObjectName(QStringLiteral("undoAction"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setIcon(style()->standardIcon(QStyle::SP_ArrowBack));
    QAction *redo = stack->createRedoAction(this, tr("&Redo"));
    redo->setObjectName(QStringLiteral("redoAction"));
    redo->setShortcuts({QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)});
    redo->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));

    // Plain keys act only while the plan has the focus, so typing in a field never deletes a rack.
    const auto planAction = [this](const QString &name, const QString &text, const QKeySequence &key,
                                   void (HallView::*slot)()) {
        auto *action = new QAction(text, this);
        action->setObjectName(name);
        action->setShortcut(key);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        mHallView->addAction(action);
        connect(action, &QAction::triggered, mHallView, slot);
        return action;
    };
    QAction *cut = planAction(QStringLiteral("cutAction"), tr("Cu&t"), QKeySequence::Cut, &HallView::cutSelection);
    QAction *copy = planAction(QStringLiteral("copyAction"), tr("&Copy"), QKeySequence::Copy, &HallView::copySelection);
    QAction *paste = planAction(QStringLiteral("pasteAction"), tr("&Paste"), QKeySequence::Paste, &HallView::paste);
    QAction *duplicate = planAction(QStringLiteral("duplicateAction"), tr("&Duplicate"),
                                    QKeySequence(Qt::CTRL | Qt::Key_D), &HallView::duplicateSelection);
    QAction *remove = planAction(QStringLiteral("deleteAction"), tr("De&lete"), QKeySequence::Delete,
                                 &HallView::deleteSelection);
    QAction *rotate = planAction(QStringLiteral("rotateAction"), tr("&Rotate 90°"), QKeySequence(Qt::Key_R),
                                 &HallView::rotateSelection);
    QAction *selectAll = planAction(QStringLiteral("selectAllAction"), tr("Select &All"), QKeySequence::SelectAll,
                                    &HallView::selectAll);
    QAction *stamp = planAction(QStringLiteral("stampAction"), tr("&Stamp Selection…"),
                                QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D), &HallView::stampDialog);
    stamp->setShortcutContext(Qt::WindowShortcut);
    stamp->setStatusTip(tr("Repeat the selected row or pod N times at a spacing"));
    QAction *autoFeed = planAction(QStringLiteral("autoFeedAction"), tr("&Auto-assign Nearest Feeds"), QKeySequence(),
                                   &HallView::autoAssignFeeds);
    autoFeed->setStatusTip(tr("Connect every rack without power or cooling to the nearest unit"));

    auto *tools = new QActionGroup(this);
    QAction *selectTool = new QAction(tr("Se&lect Tool"), tools);
    selectTool->setObjectName(QStringLiteral("selectToolAction"));
    selectTool->setCheckable(true);
    selectTool->setChecked(true);
    selectTool->setShortcut(QKeySequence(Qt::Key_S));
    selectTool->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    mHallView->addAction(selectTool);
    QAction *feedTool = new QAction(tr("&Feed Tool"), tools);
    feedTool->setObjectName(QStringLiteral("feedToolAction"));
    feedTool->setCheckable(true);
    feedTool->setShortcut(QKeySequence(Qt::Key_E));
    feedTool->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    feedTool->setStatusTip(tr("Click a power or cooling unit, then the racks it feeds"));
    mHallView->addAction(feedTool);
    connect(selectTool, &QAction::triggered, this, [this] { mHallView->setTool(HallView::Tool::Select); });
    connect(feedTool, &QAction::triggered, this, [this] { mHallView->setTool(HallView::Tool::Feed); });
    connect(mHallView, &HallView::toolChanged, this, [selectTool, feedTool](HallView::Tool tool) {
        (tool == HallView::Tool::Feed ? feedTool : selectTool)->setChecked(true);
    });

    QMenu *edit = new QMenu(tr("&Edit"), this);
    edit->setObjectName(QStringLiteral("editMenu"));
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(cut);
    edit->addAction(copy);
    edit->addAction(paste);
    edit->addAction(duplicate);
    edit->addAction(remove);
    edit->addSeparator();
    edit->addAction(rotate);
    edit->addAction(selectAll);
    edit->addSeparator();
    edit->addAction(selectTool);
    edit->addAction(feedTool);
    edit->addAction(stamp);
    edit->addAction(autoFeed);
    // Between File and View, where every desktop application keeps it.
    menuBar()->insertMenu(mViewMenu ? mViewMenu->menuAction() : nullptr, edit);

    QToolBar *bar = addToolBar(tr("Edit"));
    bar->setObjectName(QStringLiteral("editToolBar"));
    bar->setMovable(false);
    bar->setIconSize(QSize(18, 18));
    bar->addAction(undo);
    bar->addAction(redo);
    bar->addSeparator();
    bar->addAction(selectTool);
    bar->addAction(feedTool);
    bar->addAction(stamp);
    bar->addAction(autoFeed);

    auto *history = new QDockWidget(tr("Undo History"), this);
    history->setObjectName(QStringLiteral("undoHistoryDock"));
    auto *view = new QUndoView(stack);
    view->setObjectName(QStringLiteral("undoView"));
    view->setEmptyLabel(tr("<opened>"));
    history->setWidget(view);
    addDockWidget(Qt::RightDockWidgetArea, history);
    tabifyDockWidget(mInspector, history);
    mInspector->raise();
    if (mViewMenu)
        mViewMenu->addAction(history->toggleViewAction());
}

} // namespace cp::gui
