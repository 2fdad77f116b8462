#include "mainwindow.h"

#include "design.h"
#include "designjson.h"
#include "document.h"
#include "evaluation.h"
#include "facilityitem.h"
#include "hall3dview.h"
#include "hallscene.h"
#include "hallview.h"
#include "inspectordock.h"
#include "newdesigndialog.h"
#include "palettedock.h"
#include "problemsdock.h"
#include "projectfile.h"
#include "rackitem.h"
#include "resultsdock.h"
#include "templates.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QToolBar>
#include <QVBoxLayout>

#include <cstdio>
#include <exception>

namespace cp::gui {

namespace {

constexpr int kMaxRecentFiles = 8;
const char *const kRecentFilesKey = "recentFiles";
const char *const kGeometryKey = "mainWindow/geometry";
const char *const kStateKey = "mainWindow/state";
// Bump when docks or toolbars change, so an old saved layout is not applied to a new window.
constexpr int kStateVersion = 1;

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

MainWindow::MainWindow(Catalog baseCatalog, QWidget *parent)
    : QMainWindow(parent)
    , mBaseCatalog(std::move(baseCatalog))
    , mDocument(new Document(this))
    , mRunner(new EvaluationRunner(this))
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
    setCentralWidget(mTabs);

    createDocks();
    createActions();
    createMenus();

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

    connect(mRunner, &EvaluationRunner::finished, this, &MainWindow::onEvaluated);
    connect(mRunner, &EvaluationRunner::busyChanged, this, &MainWindow::onBusyChanged);
    connect(mHallView->hallScene(), &QGraphicsScene::selectionChanged, this, &MainWindow::onSelectionChanged);
    connect(mTabs, &QTabWidget::currentChanged, this, &MainWindow::onTabChanged);
    connect(mDocument, &Document::modifiedChanged, this, &QWidget::setWindowModified);
    connect(mDocument, &Document::filePathChanged, this, &MainWindow::updateTitle);
    connect(mProblems, &ProblemsDock::problemActivated, this, [this](const QString &place) {
        // A problem naming a rack id selects that rack on the plan.
        if (RackItem *item = mHallView->hallScene()->rackItem(place)) {
            mHallView->hallScene()->clearSelection();
            item->setSelected(true);
            mHallView->centerOn(item);
            showPlan();
        }
    });

    mInspector->setDocument(mDocument);
    mPalette->setCatalog(mBaseCatalog);
    resize(1500, 920);
    updateTitle();
}

MainWindow::~MainWindow()
{
    // Child widgets outlive this body; their signals must not reach a half-destroyed window.
    mHallView->hallScene()->disconnect(this);
    mRunner->disconnect(this);
    mTabs->disconnect(this);
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
    mSaveAsAction->setShortcut(QKeySequence::SaveAs);
    connect(mSaveAsAction, &QAction::triggered, this, &MainWindow::saveAsDialog);

    mQuitAction = new QAction(tr("&Quit"), this);
    mQuitAction->setShortcut(QKeySequence::Quit);
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
    file->addAction(mQuitAction);

    mViewMenu = menuBar()->addMenu(tr("&View"));
    mViewMenu->addAction(mPlanAction);
    mViewMenu->addAction(m3dAction);
    mViewMenu->addSeparator();
    mViewMenu->addAction(mFitAction);
    mViewMenu->addAction(mZoomInAction);
    mViewMenu->addAction(mZoomOutAction);
    mViewMenu->addSeparator();
    for (QDockWidget *dock : std::initializer_list<QDockWidget *>{mPalette, mInspector, mResults, mProblems})
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
    mViewMenu->addSeparator();
    mViewMenu->addAction(tools->toggleViewAction());

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *about = help->addAction(tr("&About Cluster Planner"), this, &MainWindow::about);
    about->setMenuRole(QAction::AboutRole);
    QAction *aboutQt = help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
    aboutQt->setMenuRole(QAction::AboutQtRole);
}

bool MainWindow::openFile(const QString &path)
{
    mErrorString.clear();
    const std::string file = QFile::encodeName(path).toStdString();
    try {
        Catalog catalog = mBaseCatalog;
        Design design;
        if (isJsonPath(path)) {
            design = importDesignJson(file, catalog);
        } else {
            Project project = ProjectFile::load(file);
            // The project's own entries (prices and specs as saved) win over today's defaults.
            catalog.merge(project.catalog, file);
            design = std::move(project.design);
        }
        setDocument(std::move(design), std::move(catalog), QFileInfo(path).absoluteFilePath());
    } catch (const LoadError &e) {
        mErrorString = QString::fromStdString(e.what());
    } catch (const std::exception &e) {
        mErrorString = tr("%1: %2").arg(path, QString::fromLocal8Bit(e.what()));
    }
    if (!mErrorString.isEmpty()) {
        showError(tr("Cannot Open File"), mErrorString);
        return false;
    }
    addRecentFile(QFileInfo(path).absoluteFilePath());
    statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

bool MainWindow::saveFile(const QString &requestedPath)
{
    mErrorString.clear();
    QString path = requestedPath;
    if (!isJsonPath(path) && QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".cplan");
    const std::string file = QFile::encodeName(path).toStdString();
    try {
        if (isJsonPath(path))
            exportDesignJson(mDocument->design(), mDocument->catalog(), file);
        else
            ProjectFile::save(file, mDocument->design(), mDocument->catalog(), userName().toStdString(),
                              "Saved from Cluster Planner");
    } catch (const std::exception &e) {
        mErrorString = QString::fromLocal8Bit(e.what());
        if (!mErrorString.contains(path))
            mErrorString = tr("%1: %2").arg(path, mErrorString);
    }
    if (!mErrorString.isEmpty()) {
        showError(tr("Cannot Save File"), mErrorString);
        return false;
    }
    mDocument->setFilePath(QFileInfo(path).absoluteFilePath());
    mDocument->setModified(false);
    addRecentFile(QFileInfo(path).absoluteFilePath());
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

void MainWindow::setDocument(Design design, Catalog catalog, const QString &filePath)
{
    mRunner->cancel();
    mHasResults = false;
    mDocument->reset(std::move(design), std::move(catalog), filePath);
    const Design &d = mDocument->design();
    const Catalog &c = mDocument->catalog();

    mHallView->setDesign(d, c);
    if (mHall3d)
        mHall3d->setDesign(d, c);
    mPalette->setCatalog(c);
    mInspector->setResults(nullptr);
    mInspector->setDocument(mDocument);
    mResults->clear();
    mProblems->clear();
    updateTitle();
    Q_EMIT documentLoaded();
    startEvaluation();
}

void MainWindow::startEvaluation()
{
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
    mInspector->setResults(&mOutcome.results);
    mSummaryLabel->setText(statusSummary());
    Q_EMIT evaluated();
}

QString MainWindow::statusSummary() const
{
    if (!mHasResults)
        return {};
    const QLocale locale;
    const InventoryResults &inv = mOutcome.results.inventory;
    return tr("%1 GPUs · %2 racks · %3 MW IT")
        .arg(locale.toString(static_cast<qlonglong>(inv.gpusTotal)),
             locale.toString(static_cast<qlonglong>(inv.racksTotal)),
             locale.toString(mOutcome.results.power.itKwTotal / 1000.0, 'f', 2));
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
    if (mTabs->widget(index) == mHall3dPage)
        ensure3dView();
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
        mHall3d->setDesign(mDocument->design(), mDocument->catalog());
        mHall3dContent = mHall3d;
    }
    mHall3dLayout->addWidget(mHall3dContent);
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — Cluster Planner").arg(mDocument->displayName()));
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
    const auto answer = QMessageBox::warning(this, tr("Unsaved Changes"),
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
    return saveFile(mDocument->filePath());
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
    return saveFile(target);
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
        action->setEnabled(QFileInfo::exists(file));
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
        restoreState(state, kStateVersion);
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
    event->accept();
}

} // namespace cp::gui
