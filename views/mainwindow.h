#pragma once

#include "catalog.h"
#include "evaluationrunner.h"

#include <QMainWindow>

#include <memory>

class QAction;
class QLabel;
class QMenu;
class QProgressBar;
class QTabWidget;
class QVBoxLayout;

namespace cp::gui {

class Document;
class Hall3dView;
class HallView;
class InspectorDock;
class PaletteDock;
class ProblemsDock;
class ResultsDock;

/// The application window: palette, hall plan and 3D view, inspector, results and problems.
class MainWindow final : public QMainWindow
{
    Q_OBJECT

public:
    /// `baseCatalog` is the built-in catalog plus any user catalogs; files merge into a copy.
    explicit MainWindow(Catalog baseCatalog, QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Opens a .cplan project or a .json design. On failure the current design is untouched,
    /// errorString() says why, and a message box shows it unless error dialogs are off.
    bool openFile(const QString &path);
    /// Saves as a .cplan project, or exports design JSON when the name ends in .json.
    bool saveFile(const QString &path);
    /// Replaces the design with a generated one ("classic" or "supernode"; gpus 0 = default).
    bool newFromTemplate(const QString &kind, long long gpus);
    /// The design the app shows when started without a file.
    void loadSample();

    QString errorString() const { return mErrorString; }
    /// Off in tests and batch runs: errors go to errorString() and stderr only.
    void setErrorDialogsEnabled(bool enabled) { mErrorDialogs = enabled; }

    const Document *document() const { return mDocument; }
    HallView *hallView() const { return mHallView; }
    PaletteDock *paletteDock() const { return mPalette; }
    InspectorDock *inspectorDock() const { return mInspector; }
    ResultsDock *resultsDock() const { return mResults; }
    ProblemsDock *problemsDock() const { return mProblems; }
    EvaluationRunner *evaluationRunner() const { return mRunner; }
    QTabWidget *centreTabs() const { return mTabs; }
    /// The 3D view once created and if OpenGL is available; otherwise null.
    Hall3dView *hall3dView() const { return mHall3d; }
    /// What the 3D tab shows: the view, the "unavailable" label, or null before first shown.
    QWidget *hall3dContent() const { return mHall3dContent; }

    /// True once results for the current design have arrived.
    bool hasResults() const { return mHasResults; }
    const EvaluationOutcome &outcome() const { return mOutcome; }
    QString statusSummary() const;

    void showPlan();
    void show3d();

    void restoreSettings();
    void saveSettings() const;

Q_SIGNALS:
    /// Results for the current design are shown in every view.
    void evaluated();
    void documentLoaded();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    void createMenus();
    void createDocks();
    void setDocument(Design design, Catalog catalog, const QString &filePath);
    void startEvaluation();
    void onEvaluated(const EvaluationOutcome &outcome);
    void onBusyChanged(bool busy);
    void onSelectionChanged();
    void onTabChanged(int index);
    void ensure3dView();
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
    EvaluationOutcome mOutcome;
    bool mHasResults = false;

    QTabWidget *mTabs = nullptr;
    HallView *mHallView = nullptr;
    QWidget *mHall3dPage = nullptr;
    QVBoxLayout *mHall3dLayout = nullptr;
    QWidget *mHall3dContent = nullptr;
    Hall3dView *mHall3d = nullptr;
    PaletteDock *mPalette = nullptr;
    InspectorDock *mInspector = nullptr;
    ResultsDock *mResults = nullptr;
    ProblemsDock *mProblems = nullptr;

    QLabel *mSummaryLabel = nullptr;
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

    QString mErrorString;
    bool mErrorDialogs = true;
};

} // namespace cp::gui
