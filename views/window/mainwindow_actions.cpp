// The main window's actions, menus and toolbars, and the help it shows.

#include "views/window/mainwindow.h"

#include "views/docks/comparisondock.h"
#include "views/docks/elevationdock.h"
#include "views/docks/inspectordock.h"
#include "views/docks/scenariosdock.h"
#include "views/docks/palettedock.h"
#include "views/docks/problemsdock.h"
#include "views/docks/resultsdock.h"
#include "views/plan/hallview.h"
#include "views/session/document.h"
#include "views/session/editkeys.h"

#include <QFileDialog>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTextBrowser>
#include <QToolBar>
#include <QUndoStack>
#include <QUndoView>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>
#include <utility>

namespace cp::gui {

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

    mOpenSweepAction = new QAction(tr("Open S&weep Results…"), this);
    mOpenSweepAction->setObjectName(QStringLiteral("openSweepResults"));
    mOpenSweepAction->setStatusTip(tr("Show a sweep's variants and their Pareto front (cluster-planner-cli sweep)"));
    connect(mOpenSweepAction, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open Sweep Results"), QString(),
                                                          tr("Sweep results (*.sqlite *.db);;All files (*)"));
        if (!path.isEmpty())
            openSweepResults(path);
    });

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

    mLanguageGroup = new QActionGroup(this);
    const Language chosen = storedLanguage();
    for (const Language language : {Language::System, Language::English, Language::SimplifiedChinese}) {
        QAction *action = mLanguageGroup->addAction(language == Language::System ? tr("&System") : languageName(language));
        action->setCheckable(true);
        action->setChecked(language == chosen);
        action->setObjectName(QStringLiteral("language_") + languageKey(language));
        connect(action, &QAction::triggered, this, [this, language] { setLanguage(language); });
    }
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(mNewAction);
    file->addAction(mOpenAction);
    mRecentMenu = file->addMenu(tr("Open &Recent"));
    connect(mRecentMenu, &QMenu::aboutToShow, this, &MainWindow::updateRecentMenu);
    file->addAction(mOpenSweepAction);
    file->addSeparator();
    file->addAction(mSaveAction);
    file->addAction(mSaveAsAction);
    createExportMenu(file);
    file->addSeparator();
    QMenu *help = nullptr; // made below, after View: its plugin page is added there
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
    QMenu *languages = mViewMenu->addMenu(tr("&Language"));
    languages->setObjectName(QStringLiteral("languageMenu"));
    languages->addActions(mLanguageGroup->actions());
    mViewMenu->addSeparator();
    mViewMenu->addAction(mNextPaneAction);
    mViewMenu->addAction(mPreviousPaneAction);
    mViewMenu->addSeparator();
    for (QDockWidget *dock : std::initializer_list<QDockWidget *>{mPalette, mInspector, mElevation, mResults, mChartsDock,
                                                                         mFailuresDock, mProblems, mScenariosDock,
                                                                         mComparisonDock})
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

    help = menuBar()->addMenu(tr("&Help"));
    help->addAction(mHelpAction);
    createPluginMenus(file, help);
    help->addSeparator();
    QAction *about = help->addAction(tr("&About Cluster Planner"), this, &MainWindow::about);
    about->setMenuRole(QAction::AboutRole);
    QAction *aboutQt = help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
    aboutQt->setMenuRole(QAction::AboutQtRole);
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
    redo->setShortcuts(redoKeys());
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

void MainWindow::about()
{
    QMessageBox::about(this, tr("About Cluster Planner"),
                       tr("<h3>Cluster Planner %1</h3>"
                          "<p>Lay out an AI training cluster in a data hall and see what it delivers: "
                          "inventory, power and cooling, fabric, training speed, reliability and cost.</p>")
                           .arg(QApplication::applicationVersion()));
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
    execPage(dialog, text, QSize(560, 620));
}

void MainWindow::execPage(QDialog &dialog, QTextBrowser *text, const QSize &size)
{
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(&dialog);
    layout->addWidget(text);
    layout->addWidget(buttons);
    dialog.resize(size);
    dialog.exec();
}

void MainWindow::focusPane(int step)
{
    // A fixed order: the centre, then the docks left, right, bottom, top and floating, by name
    // within an area. (The order of the window's children is no order: raising a dock moves it
    // to the end, and a walk over it would skip docks.)
    QList<QDockWidget *> docks;
    for (QDockWidget *dock : findChildren<QDockWidget *>(QString(), Qt::FindDirectChildrenOnly))
        if (dock->widget())
            docks.push_back(dock);
    const auto rank = [this](QDockWidget *d) {
        if (d->isFloating())
            return 5;
        switch (dockWidgetArea(d)) {
        case Qt::LeftDockWidgetArea: return 0;
        case Qt::RightDockWidgetArea: return 1;
        case Qt::BottomDockWidgetArea: return 2;
        case Qt::TopDockWidgetArea: return 3;
        default: return 4;
        }
    };
    std::stable_sort(docks.begin(), docks.end(), [&](QDockWidget *a, QDockWidget *b) {
        return std::make_pair(rank(a), a->objectName()) < std::make_pair(rank(b), b->objectName());
    });
    QList<QWidget *> panes{mTabs->currentWidget()};
    for (QDockWidget *dock : docks)
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
    // The pane's first focusable child that can take the focus now (a disabled one cannot), or the pane itself.
    QWidget *target = pane;
    if (pane->focusPolicy() == Qt::NoFocus)
        for (QWidget *child : pane->findChildren<QWidget *>())
            if (child->isVisibleTo(pane) && child->isEnabled() && child->focusPolicy() != Qt::NoFocus) {
                target = child;
                break;
            }
    target->setFocus(Qt::ShortcutFocusReason);
}

} // namespace cp::gui
