#pragma once

#include "model/core/catalog.h"
#include "model/io/projectfile.h"
#include "views/plan/overlay.h"
#include "views/session/recoveryfile.h"
#include "views/session/resultshub.h"
#include "views/style/theme.h"

#include <QMainWindow>
#include <QMessageBox>

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
class QMenu;
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
class ResultsDock;
class SelectionModel;
class SummaryLabel;

/// The application window: palette, hall plan and 3D view, inspector, results and problems.
///
/// It lays out the views and holds the menus and file actions; the views follow the results
/// hub themselves, handed it once when they are made.
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
    /// The scenario opened with FILE.cplan#NAME when it is not the project's default (saving
    /// writes it back in place); empty otherwise.
    QString openScenario() const { return QString::fromStdString(mOpenScenario); }
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

    /// Milliseconds between the last edit and the evaluation it starts (default 300).
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

    const Document *document() const { return mDocument; }
    Document *document() { return mDocument; }
    HallView *hallView() const { return mHallView; }
    PaletteDock *paletteDock() const { return mPalette; }
    InspectorDock *inspectorDock() const { return mInspector; }
    ResultsDock *resultsDock() const { return mResults; }
    ProblemsDock *problemsDock() const { return mProblems; }
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
    void createDocks();
    void setDocument(Design design, Catalog catalog, const QString &filePath);
    void startEvaluation();
    void onDesignChanged();
    void autosaveInBackground();
    /// Waits for a background autosave, so the recovery file is not written after it is removed.
    void waitForAutosave();
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
    std::string mOpenScenario; ///< the open scenario when it is not the project's default

    SummaryLabel *mSummaryLabel = nullptr;
    QProgressBar *mBusyBar = nullptr;
    QMenu *mRecentMenu = nullptr;
    QMenu *mViewMenu = nullptr;

    QAction *mNewAction = nullptr;
    QAction *mOpenAction = nullptr;
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
