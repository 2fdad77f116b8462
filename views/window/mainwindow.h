#pragma once

#include "model/core/catalog.h"
#include "model/io/projectfile.h"
#include "views/plan/overlay.h"
#include "views/session/recoveryfile.h"
#include "views/session/resultshub.h"
#include "views/style/theme.h"
#include "views/style/language.h"

#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPointer>

#include <exception>
#include <memory>
#include <optional>
#include <vector>

class QAction;
class QActionGroup;
class QComboBox;
class QDockWidget;
template<typename T>
class QFutureWatcher;
class QLabel;
class QProgressBar;
class QTabWidget;
class QTimer;
class QDialog;
class QTextBrowser;

namespace cp {
class PluginRegistry;
}

namespace cp::gui {

class ChartsView;
class ComparisonDock;
class Document;
class FailureDomainsView;
class Hall3dPage;
class Hall3dView;
class HeatmapFeed;
class HeatmapView;
class HistoryDialog;
class HallView;
class InspectorDock;
class PaletteDock;
class ProblemsDock;
class ElevationDock;
class ResultsDock;
class ScenarioSet;
class ScenariosDock;
class SelectionModel;
class SummaryLabel;

/// The application window: palette, hall plan and 3D view, inspector, results and problems.
///
/// It lays out the views and holds the menus and file actions; the views follow the results
/// hub themselves, handed it once when they are made.
class SweepResultsView;

class MainWindow final : public QMainWindow
{
    Q_OBJECT

public:
    /// `baseCatalog` is the built-in catalog plus any user catalogs; files merge into a copy.
    explicit MainWindow(Catalog baseCatalog, QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Opens a .cplan project (FILE.cplan#NAME: its scenario NAME) or a .json design. The
    /// project's other scenarios are evaluated in the background for the charts. On failure the current design is untouched,
    /// errorString() says why, and a message box shows it unless error dialogs are off.
    bool openFile(const QString &path);
    /// The open scenario when it is not the project's first (default) one; empty otherwise.
    QString openScenario() const;
    /// The project's scenarios (one, "main", for a design JSON file or a new design).
    ScenarioSet *scenarioSet() const { return mScenarioSet; }
    ScenariosDock *scenariosDock() const { return mScenariosDock; }
    ComparisonDock *comparisonDock() const { return mComparisonDock; }
    /// Opens scenario `index` of the project in the window; the open one's edits stay in the
    /// project (unsaved until Save). Each scenario's undo history starts when it is opened.
    bool openScenarioAt(int index);
    /// Adds a scenario generated from a template (or generator plugin) `kind`; `name` empty: a
    /// free name made from the kind and size. False with errorString() on failure.
    bool addScenarioFromTemplate(const QString &kind, long long gpus, const QString &name = QString());
    /// Adds a scenario read from a design JSON file, a project (its default scenario) or
    /// FILE.cplan#NAME; its catalog entries join the project's.
    bool addScenarioFromFile(const QString &path, const QString &name = QString());
    /// File › Open Sweep Results: shows the results file of `cluster-planner-cli sweep` as a
    /// scatter with its Pareto front (views/sweep); null with errorString() when it cannot be read.
    SweepResultsView *openSweepResults(const QString &path);
    /// Adds variant `index` of the sweep in `resultsPath` as a scenario named "sweep-INDEX" and
    /// opens it (what a click on the sweep's scatter does).
    bool addScenarioFromSweep(const QString &resultsPath, qulonglong index);
    /// Adds a copy of scenario `index` (the open one as edited) named `name` or "NAME-copy".
    bool duplicateScenario(int index, const QString &name = QString());
    /// Removes scenario `index` (asks first when dialogs are on); the open one cannot be removed.
    bool removeScenarioAt(int index);
    /// True when the design or the set of scenarios differs from the file.
    bool isProjectModified() const;

    /// File › Export › Comparison Report: the open scenario and the compared ones as HTML or PDF
    /// (by the name's suffix), the same report as `compare --report`. Waits for figures still
    /// being computed with a progress dialog (cancellable). False with errorString() on failure.
    bool exportComparisonReport(const QString &path);
    /// File › Export › Bill of Materials: the same designs' priced parts as CSV.
    bool exportBom(const QString &path);
    /// File › Export › Plan: the hall plan as SVG or PDF (by suffix) with a title block.
    bool exportPlan(const QString &path);
    /// Saves as a .cplan project with `comment` in its history (a default when empty), or
    /// exports design JSON when the name ends in .json. A clean save removes the recovery file.
    bool saveFile(const QString &path, const QString &comment = QString());
    /// Replaces the design with a generated one: a built-in template ("classic", "supernode",
    /// "gigawatt") or a topology generator plugin's id; gpus 0 = default.
    bool newFromTemplate(const QString &kind, long long gpus);

    /// The plugins loaded at start (docs/plugins.md): their generators in File › New, their
    /// exporters in File › Export with Plugin, their refusals in the Problems dock and on
    /// Help › Plugins.
    const PluginRegistry &plugins() const { return *mPlugins; }
    /// Writes the design through exporter plugin `id` into folder `dir` (a whole set of files, as
    /// the CLI's export --format). False with errorString() on failure.
    bool exportWithPlugin(const QString &id, const QString &dir);
    /// What Help › Plugins shows: the plugins, what each provides, and the refused ones.
    QString pluginsHtml() const;
    /// The design the app shows when started without a file.
    void loadSample();
    /// An empty hall, to start from scratch.
    void loadEmpty();

    QString errorString() const { return mErrorString; }
    /// Off in tests and batch runs: errors go to errorString() and stderr only, and no question
    /// is asked (revision comment: the default; unsaved changes: unsavedChangesAnswer()).
    void setErrorDialogsEnabled(bool enabled) { mErrorDialogs = enabled; }
    /// What "Unsaved changes?" answers while dialogs are off: Save, Discard (default) or Cancel.
    void setUnsavedChangesAnswer(QMessageBox::StandardButton answer) { mUnsavedAnswer = answer; }

    /// Milliseconds between the last edit and the evaluation it starts (default 0: the next turn
    /// of the event loop).
    void setEvaluationDelay(int ms);
    QTimer *evaluationTimer() const { return mEvalTimer; }

    /// What the racks on the plan are coloured by; the legend follows.
    void setOverlay(OverlayKind kind);
    OverlayKind overlayKind() const { return mOverlayKind; }
    /// The overlay as shown (colours per rack, legend); empty colours for the categories.
    const Overlay &overlay() const { return mOverlay; }
    QComboBox *overlayCombo() const { return mOverlayCombo; }

    /// Selects and centres the part a problem names (see locateProblem()); false if it names none.
    bool activateProblemPlace(const QString &place, const QString &message = QString());
    /// Selects a rack or unit by id (or the racks of a row) without moving the view.
    bool selectPart(const QString &id);

    /// Writes the design to this window's recovery file now (the timer does it every few minutes
    /// while there are unsaved changes). False with errorString() on failure.
    bool autosaveNow();
    void setAutosaveInterval(int ms);
    QString recoveryFilePath() const;
    /// Recovery files left by sessions that crashed (none a running window holds).
    static QVector<RecoveryFile::Orphan> findRecoveryFiles();
    /// Opens a recovery file as an unsaved design (its original file, if any, as the path to
    /// save to) and deletes it. False with errorString() on failure.
    bool recoverFile(const QString &recoveryPath);
    /// Offers each crashed session's file for recovery (does nothing while dialogs are off).
    void offerRecovery();

    /// The saved revisions of the current file (empty for an unsaved or JSON design).
    std::vector<Revision> revisions() const;
    /// The history viewer for the current file; the caller shows (and owns) it.
    HistoryDialog *createHistoryDialog();

    void setTheme(Theme theme);
    /// View › Language: stores the choice; a language other than the window's asks to restart
    /// (after the usual question about unsaved work) and starts again on the same file.
    void setLanguage(Language language);

    const Document *document() const { return mDocument; }
    Document *document() { return mDocument; }
    HallView *hallView() const { return mHallView; }
    PaletteDock *paletteDock() const { return mPalette; }
    InspectorDock *inspectorDock() const { return mInspector; }
    ResultsDock *resultsDock() const { return mResults; }
    ProblemsDock *problemsDock() const { return mProblems; }
    ElevationDock *elevationDock() const { return mElevation; }
    EvaluationRunner *evaluationRunner() const { return mRunner; }
    /// The latest evaluation every view subscribes to.
    ResultsHub *resultsHub() const { return mHub; }
    QTabWidget *centreTabs() const { return mTabs; }
    /// The 3D view once created and if OpenGL is available; otherwise null.
    Hall3dView *hall3dView() const;
    /// What the 3D tab shows: the view, the "unavailable" label, or null before first shown.
    QWidget *hall3dContent() const;
    /// The selection every view shares (plan, 3D, heatmap, failure domains).
    SelectionModel *selectionModel() const { return mSelection; }
    HeatmapView *heatmapView() const { return mHeatmap; }
    ChartsView *chartsView() const { return mCharts; }
    FailureDomainsView *failureDomainsView() const { return mFailures; }
    QDockWidget *chartsDock() const { return mChartsDock; }
    QDockWidget *failureDomainsDock() const { return mFailuresDock; }
    /// The project's other scenarios, evaluated in the background after the file was opened and
    /// drawn beside the open design in the charts; empty for a single design.
    const QVector<NamedResults> &comparedResults() const;
    /// True while the other scenarios are being evaluated.
    bool isComparing() const;

    /// True once results for the current design have arrived.
    bool hasResults() const { return mHub->hasResults(); }
    const EvaluationOutcome &outcome() const { return mHub->outcome(); }
    QString statusSummary() const;

    /// The plan's context menu while it is open (built on a right click and gone once closed).
    QMenu *planMenu() const { return mPlanMenu; }

    void showPlan();
    void show3d();
    void showHeatmap();

    void restoreSettings();
    void saveSettings() const;

Q_SIGNALS:
    /// Results for the current design are shown in every view.
    void evaluated();
    void documentLoaded();
    /// The overlay's colours or legend changed.
    void overlayChanged();
    /// The other scenarios of the open project were evaluated and handed to the charts.
    void comparedResultsReady();

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;
    /// The docks' proportions in the default layout (set at start-up and once the window has its size).
    void applyDefaultDockSizes();

private:
    void loadPlugins();
    /// File › Export with Plugin (one action per exporter) and Help › Plugins.
    void createPluginMenus(QMenu *file, QMenu *help);
    void showPlugins();
    /// Shows `text` in `dialog` with a Close button, at `size`: the Help and Plugins pages.
    static void execPage(QDialog &dialog, QTextBrowser *text, const QSize &size);
    void createActions();
    void createMenus();
    /// Edit menu and toolbar (undo, redo, clipboard, rotate, tools), the plan's and the
    /// inspector's editing hooks, and the Undo History dock.
    void createEditActions();
    /// The plan's context menu at `globalPos`: the Edit menu's clipboard and arrange actions, the
    /// nearest units to feed the selected racks from, the selected part's failure domain, and the
    /// selected racks' elevation.
    void showPlanMenu(const QPoint &globalPos);
    void addFeedMenus(QMenu *menu);
    void createDocks();
    /// A new design (or file): one scenario, no recovery file, the evaluation started.
    void setDocument(Design design, Catalog catalog, const QString &filePath);
    /// Shows `design` in every view (undo history cleared, results dropped, evaluation started);
    /// the file, the scenarios and the recovery file are the caller's.
    void showDesign(Design design, Catalog catalog, const QString &filePath);
    /// The Scenarios and Comparison docks, the scenario actions and the Export submenu.
    void createScenarioDocks();
    void createExportMenu(QMenu *file);
    /// Hands the hub the ticked scenarios other than the open one, to evaluate and compare.
    void compareScenarios();
    /// The designs of the report and BOM: the open one and the compared ones with figures;
    /// waits for them with a progress dialog. Empty (errorString() set) when cancelled.
    bool waitForComparedFigures(const QString &what);
    /// Asks for an export file name with `filter` and `suffix`; empty when cancelled.
    QString exportFileDialog(const QString &title, const QString &filter, const QString &suffix);
    void addScenarioFromTemplateDialog();
    void addScenarioFromFileDialog();
    /// Adds `design` as a new scenario named `name` (or a free name from `base`) and compares it.
    bool addScenario(Design design, const QString &name, const QString &base);
    void startEvaluation();
    void onDesignChanged();
    void autosaveInBackground();
    /// Waits for a background autosave, so the recovery file is not written after it is removed.
    void waitForAutosave();
    /// The catalog a recovery copy stores: the project's entries and the open design's.
    Catalog recoveryCatalog() const;
    void updateOverlay();
    std::optional<PartRef> selectedPart() const;
    void showHistory();
    void showHelp();
    void focusPane(int step);
    void onEvaluated();
    void onEvaluationFailed(const EvaluationOutcome &outcome);
    void onBusyChanged(bool busy);
    void onSelectionChanged();
    void applySharedSelection(QObject *source);
    void onHighlightChanged(QObject *source);
    void onTabChanged(int index);
    void updateTitle();
    void showError(const QString &title, const QString &message);
    /// `e`'s message, starting with `path` unless it already names it.
    static QString failureNaming(const QString &path, const std::exception &e);
    /// A design from template or generator plugin `kind` with `gpus` (0: its default).
    Design generatedDesign(const QString &kind, long long gpus) const;
    bool maybeSave();

    void newFromTemplateDialog();
    void openDialog();
    bool save();
    bool saveAsDialog();
    void about();

    void addRecentFile(const QString &path);
    void updateRecentMenu();

    Catalog mBaseCatalog;
    Document *mDocument;
    EvaluationRunner *mRunner;
    ResultsHub *mHub;

    QTabWidget *mTabs = nullptr;
    HallView *mHallView = nullptr;
    Hall3dPage *mHall3dPage = nullptr;
    PaletteDock *mPalette = nullptr;
    InspectorDock *mInspector = nullptr;
    ResultsDock *mResults = nullptr;
    ProblemsDock *mProblems = nullptr;
    ElevationDock *mElevation = nullptr;
    QPointer<QMenu> mPlanMenu;
    std::unique_ptr<PluginRegistry> mPlugins;
    SelectionModel *mSelection = nullptr;
    HeatmapView *mHeatmap = nullptr;
    HeatmapFeed *mHeatmapFeed = nullptr;
    ChartsView *mCharts = nullptr;
    FailureDomainsView *mFailures = nullptr;
    QDockWidget *mChartsDock = nullptr;
    QDockWidget *mFailuresDock = nullptr;
    bool mLayoutRestored = false; ///< a saved layout was applied: the first show keeps it
    bool mShownOnce = false;
    ScenarioSet *mScenarioSet = nullptr;
    ScenariosDock *mScenariosDock = nullptr;
    ComparisonDock *mComparisonDock = nullptr;
    /// The project's catalog: the document's and the entries scenarios added from files brought.
    Catalog mProjectCatalog;

    SummaryLabel *mSummaryLabel = nullptr;
    QProgressBar *mBusyBar = nullptr;
    QMenu *mRecentMenu = nullptr;
    QMenu *mViewMenu = nullptr;

    QAction *mNewAction = nullptr;
    QAction *mOpenAction = nullptr;
    QAction *mOpenSweepAction = nullptr;
    QAction *mSaveAction = nullptr;
    QAction *mSaveAsAction = nullptr;
    QAction *mQuitAction = nullptr;
    QAction *mFitAction = nullptr;
    QAction *mZoomInAction = nullptr;
    QAction *mZoomOutAction = nullptr;
    QAction *mPlanAction = nullptr;
    QAction *m3dAction = nullptr;
    QAction *mHeatmapAction = nullptr;
    QAction *mHistoryAction = nullptr;
    QAction *mHelpAction = nullptr;
    QAction *mNextPaneAction = nullptr;
    QAction *mPreviousPaneAction = nullptr;
    QActionGroup *mOverlayGroup = nullptr;
    QActionGroup *mThemeGroup = nullptr;
    QActionGroup *mLanguageGroup = nullptr;
    bool mRestarting = false; ///< closing to start again in another language: asked already
    QComboBox *mOverlayCombo = nullptr;

    QTimer *mEvalTimer = nullptr;
    QTimer *mAutosaveTimer = nullptr;
    std::unique_ptr<RecoveryFile> mRecovery;
    /// The timer's autosave runs in a worker on a copy (a large design takes a while to write);
    /// its result is the error message, empty on success.
    QFutureWatcher<QString> *mAutosaveWatcher = nullptr;
    bool mAutosaveDirty = false;
    OverlayKind mOverlayKind = OverlayKind::Category;
    Overlay mOverlay;
    std::optional<PartRef> mSelectedPart;
    QMessageBox::StandardButton mUnsavedAnswer = QMessageBox::Discard;

    QString mErrorString;
    bool mErrorDialogs = true;
};

} // namespace cp::gui
