// The screenshot runs of the application (screenshotruns.h).
#include "screenshotruns.h"

#include "model/fabric/topology.h"
#include "model/core/catalog.h"
#include "views/analysis/chartsview.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "views/analysis/failuredomainsview.h"
#include "views/hall3d/hall3dview.h"
#include "views/analysis/heatmapview.h"
#include "views/sweep/sweepresultsview.h"
#include "views/window/mainwindow.h"
#include "views/docks/elevationdock.h"
#include "views/plan/items/rackitem.h"
#include "views/plan/hallscene.h"
#include "views/plan/hallview.h"
#include "views/docks/inspectordock.h"
#include "views/session/document.h"
#include "views/session/selectionmodel.h"
#include "views/plan/overlay.h"
#include "views/docks/comparisondock.h"
#include "views/docks/problemsdock.h"
#include "views/docks/resultsdock.h"
#include "views/style/language.h"
#include "views/style/theme.h"
#include <QApplication>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableWidget>
#include <QComboBox>
#include <QCommandLineParser>
#include <QContextMenuEvent>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QPixmap>
#include <QPointer>
#include <QStyleFactory>
#include <QSurfaceFormat>
#include <QTimer>
#include <QTranslator>
#include <QTreeView>
#include <QTreeWidget>
#include <algorithm>
#include <cstdio>
#include <exception>
#include <functional>
#include <optional>

namespace {
/// Waits until the window is shown and evaluated, then saves the requested screenshots.
class ScreenshotRun : public QObject
{
public:
    ScreenshotRun(cp::gui::MainWindow *window, QString planPng, QString hall3dPng, ScreenshotScene scene)
        : mWindow(window)
        , mPlanPng(std::move(planPng))
        , mHall3dPng(std::move(hall3dPng))
        , mScene(std::move(scene))
    {
        connect(window, &cp::gui::MainWindow::evaluated, this, [this] { QTimer::singleShot(300, this, [this] { step(); }); });
        // A hung engine or a display that never draws must not hang a script.
        QTimer::singleShot(180000, this, [] {
            printError(QStringLiteral("timed out waiting for the window to be evaluated and drawn"));
            QCoreApplication::exit(2);
        });
        if (window->hasResults())
            QTimer::singleShot(300, this, [this] { step(); });
    }

private:
    bool save(QWidget *widget, const QString &path)
    {
        const QString dir = QFileInfo(path).absolutePath();
        if (!QDir().mkpath(dir)) {
            printError(QStringLiteral("cannot create directory %1").arg(dir));
            return false;
        }
        if (!widget->grab().save(path, "PNG")) {
            printError(QStringLiteral("cannot write %1").arg(path));
            return false;
        }
        return true;
    }

    void step()
    {
        if (mStarted)
            return;
        mStarted = true;
        if (!mWindow->isVisible() || !mWindow->hasResults()) {
            printError(mWindow->hasResults() ? QStringLiteral("the window is not shown")
                                             : QStringLiteral("evaluation failed: %1").arg(mWindow->outcome().error));
            QCoreApplication::exit(1);
            return;
        }
        if (!prepareScene()) {
            QCoreApplication::exit(1);
            return;
        }
        if (!mPlanPng.isEmpty()) {
            mWindow->showPlan();
            if (!save(mWindow, mPlanPng)) {
                QCoreApplication::exit(1);
                return;
            }
        }
        if (mHall3dPng.isEmpty()) {
            QCoreApplication::exit(0);
            return;
        }
        mWindow->show3d();
        if (cp::gui::Hall3dView *view = mWindow->hall3dView()) {
            // Wait for VTK's first frames (the first one may precede the final layout).
            connect(view, &cp::gui::Hall3dView::frameRendered, this, [this, view] {
                if (view->framesRendered() == 1)
                    QTimer::singleShot(500, this, [this] { finish3d(); });
            });
            view->update();
        } else {
            QTimer::singleShot(200, this, [this] { finish3d(); });
        }
    }

    void finish3d() { QCoreApplication::exit(save(mWindow, mHall3dPng) ? 0 : 1); }

    bool prepareScene()
    {
        if (!mScene.select.isEmpty() && !mWindow->selectPart(mScene.select)) {
            printError(QStringLiteral("--select: no rack or unit \"%1\" in the design").arg(mScene.select));
            return false;
        }
        if (mScene.showProblems) {
            cp::gui::ProblemsDock *dock = mWindow->problemsDock();
            dock->show();
            dock->raise();
            // Wide enough for the messages, taken from the results beside it.
            mWindow->resizeDocks({mWindow->resultsDock(), dock}, {700, 900}, Qt::Horizontal);
            QTreeWidget *tree = dock->tree();
            if (tree->topLevelItemCount() == 0) {
                printError(QStringLiteral("--show-problems: the design has no problems"));
                return false;
            }
            // The worst problem first; its part selected, as a click on it would.
            tree->setCurrentItem(tree->topLevelItem(0));
            Q_EMIT tree->itemActivated(tree->topLevelItem(0), 0);
        }
        QCoreApplication::processEvents();
        return true;
    }

    QPointer<cp::gui::MainWindow> mWindow;
    QString mPlanPng;
    QString mHall3dPng;
    ScreenshotScene mScene;
    bool mStarted = false;
};

/// Saves a picture of every view for the user guide (--screenshot-views DIR): the plan, the 3D
/// hall coloured by kW, the bandwidth heatmap, each chart, and a failure domain picked in its
/// table as the plan and the 3D hall show it.
class ViewsScreenshotRun : public QObject
{
public:
    ViewsScreenshotRun(cp::gui::MainWindow *window, QString dir)
        : mWindow(window)
        , mDir(std::move(dir))
    {
        connect(window, &cp::gui::MainWindow::evaluated, this, [this] { QTimer::singleShot(300, this, [this] { run(); }); });
        QTimer::singleShot(300000, this, [] {
            printError(QStringLiteral("timed out waiting for the views to be drawn"));
            QCoreApplication::exit(2);
        });
    }

private:
    static void wait(int ms)
    {
        QEventLoop loop;
        QTimer::singleShot(ms, &loop, &QEventLoop::quit);
        loop.exec();
    }

    static bool waitUntil(const std::function<bool()> &done, int timeoutMs)
    {
        QElapsedTimer timer;
        timer.start();
        while (!done()) {
            if (timer.elapsed() > timeoutMs)
                return false;
            wait(50);
        }
        return true;
    }

    bool save(const QString &name)
    {
        QCoreApplication::processEvents();
        const QString path = QDir(mDir).filePath(name);
        if (!mWindow->grab().save(path, "PNG")) {
            printError(QStringLiteral("cannot write %1").arg(path));
            return false;
        }
        std::printf("%s\n", qPrintable(path));
        return true;
    }

    bool show3d(const QString &name)
    {
        mWindow->show3d();
        if (cp::gui::Hall3dView *view = mWindow->hall3dView()) {
            const int before = view->framesRendered();
            view->update();
            waitUntil([view, before] { return view->framesRendered() > before; }, 20000);
        }
        wait(800);
        return save(name);
    }

    void run()
    {
        if (mStarted)
            return;
        mStarted = true;
        QCoreApplication::exit(runSteps() ? 0 : 1);
    }

    bool runSteps()
    {
        if (!mWindow->hasResults()) {
            printError(QStringLiteral("evaluation failed: %1").arg(mWindow->outcome().error));
            return false;
        }
        if (!QDir().mkpath(mDir)) {
            printError(QStringLiteral("cannot create directory %1").arg(mDir));
            return false;
        }
        // The project's other scenarios are drawn in the charts: wait for them.
        waitUntil([this] { return !mWindow->isComparing(); }, 120000);

        mWindow->showPlan();
        if (!save(QStringLiteral("plan.png")) || !show3d(QStringLiteral("hall-3d.png")))
            return false;
        mWindow->showHeatmap();
        wait(300);
        if (!save(QStringLiteral("heatmap.png")))
            return false;

        // Charts: the dock raised and given room, each chart in turn.
        mWindow->showPlan();
        QDockWidget *charts = mWindow->chartsDock();
        charts->show();
        charts->raise();
        // The charts get the width the Problems dock had beside them.
        const bool problemsShown = mWindow->problemsDock()->isVisible();
        mWindow->problemsDock()->hide();
        mWindow->resizeDocks({charts}, {560}, Qt::Vertical);
        cp::gui::ChartsView *view = mWindow->chartsView();
        for (int i = 0; i < view->chartCount(); ++i) {
            view->setCurrentChart(i);
            waitUntil([view] { return !view->isBusy(); }, 60000);
            wait(200);
            if (!save(QStringLiteral("chart-%1.png").arg(cp::gui::ChartsView::chartId(i))))
                return false;
        }

        // Scenarios: the list under the palette, the Comparison dock's table of the compared ones.
        QDockWidget *comparison = mWindow->comparisonDock();
        comparison->show();
        comparison->raise();
        mWindow->resizeDocks({comparison}, {560}, Qt::Vertical);
        wait(300);
        if (!save(QStringLiteral("scenarios-comparison.png")))
            return false;
        // Further down the same table: what the training stack the workloads assumed moves.
        {
            auto *compared = static_cast<cp::gui::ComparisonDock *>(comparison);
            QTableWidget *table = compared->table();
            const QString first = table->columnCount() > 0 ? table->horizontalHeaderItem(0)->text() : QString();
            if (QTableWidgetItem *row = compared->item(QStringLiteral("stack:training.grad_reduce"), first)) {
                table->scrollToItem(row, QAbstractItemView::PositionAtCenter);
                wait(200);
                if (!save(QStringLiteral("comparison-assumed-stack.png")))
                    return false;
            }
            table->scrollToTop();
        }

        mWindow->problemsDock()->setVisible(problemsShown);

        // The rack elevation: the first two racks holding servers or supernodes, side by side;
        // then three racks edited together in the inspector, a picker's list and the plan's menu.
        if (!saveElevation())
            return false;

        // Failure domains: the worst leaf group (else the first place listed) picked in the table.
        QDockWidget *failures = mWindow->failureDomainsDock();
        failures->show();
        failures->raise();
        mWindow->resizeDocks({failures}, {400}, Qt::Vertical);
        cp::gui::FailureDomainsView *table = mWindow->failureDomainsView();
        QModelIndex row;
        for (const std::string &kind : {cp::tierName(0), std::string("power_unit"), std::string("cooling_unit"),
                                        std::string("node")}) {
            row = table->rowIndex(QString::fromStdString(kind), 0);
            if (row.isValid())
                break;
        }
        if (row.isValid()) {
            table->tree()->scrollTo(row);
            table->tree()->setCurrentIndex(row);
        }
        wait(300);
        if (!save(QStringLiteral("failure-domains.png")))
            return false;
        return show3d(QStringLiteral("failure-domains-3d.png"));
    }

    /// The rack elevation of a compute rack beside a network rack, then the editing views. The
    /// docks along the bottom are put away meanwhile, so the right side gets the window's height.
    bool saveElevation()
    {
        const cp::Design &design = mWindow->document()->design();
        const cp::Catalog &catalog = mWindow->document()->catalog();
        int compute = -1, network = -1;
        for (size_t i = 0; i < design.racks.size() && (compute < 0 || network < 0); ++i)
            for (const cp::Mount &m : design.racks[i].contents)
                if (const cp::CatalogEntry *e = catalog.find(m.catalogId)) {
                    if (compute < 0 && (e->kind == cp::PartKind::Server || e->kind == cp::PartKind::Supernode))
                        compute = int(i);
                    else if (network < 0 && e->kind == cp::PartKind::Switch)
                        network = int(i);
                }
        QVector<int> racks;
        for (int r : {compute, network})
            if (r >= 0)
                racks.push_back(r);
        std::sort(racks.begin(), racks.end());
        const QList<QDockWidget *> bottom = {mWindow->resultsDock(), mWindow->problemsDock(), mWindow->comparisonDock(),
                                             mWindow->chartsDock(), mWindow->failureDomainsDock()};
        QList<bool> shown;
        for (QDockWidget *d : bottom) {
            shown << d->isVisible();
            d->hide();
        }
        mWindow->selectionModel()->selectRacks(racks);
        QDockWidget *elevation = mWindow->elevationDock();
        elevation->show();
        elevation->raise();
        mWindow->resizeDocks({elevation}, {400}, Qt::Horizontal);
        wait(300);
        const bool ok = save(QStringLiteral("rack-elevation.png")) && saveEditing();
        for (int i = 0; i < bottom.size(); ++i)
            bottom[i]->setVisible(shown[i]);
        return ok;
    }

    /// The window with an open popup (a menu, a list) painted where it stands: a grab of the
    /// window alone leaves popups out, they are windows of their own.
    bool saveWithPopup(const QString &name, QWidget *popup)
    {
        QCoreApplication::processEvents();
        QPixmap shot = mWindow->grab();
        if (popup && popup->isVisible()) {
            QPainter p(&shot);
            p.drawPixmap(mWindow->mapFromGlobal(popup->mapToGlobal(QPoint(0, 0))), popup->grab());
        }
        const QString path = QDir(mDir).filePath(name);
        if (!shot.save(path, "PNG")) {
            printError(QStringLiteral("cannot write %1").arg(path));
            return false;
        }
        std::printf("%s\n", qPrintable(path));
        return true;
    }

    bool saveEditing()
    {
        const cp::Design &design = mWindow->document()->design();
        QVector<int> racks;
        for (size_t i = 0; i < design.racks.size() && racks.size() < 3; ++i)
            if (!design.racks[i].contents.empty())
                racks.push_back(int(i));
        mWindow->selectionModel()->selectRacks(racks);
        mWindow->inspectorDock()->show();
        mWindow->inspectorDock()->raise();
        mWindow->inspectorDock()->tabs()->setCurrentIndex(0);
        wait(200);
        if (!save(QStringLiteral("inspector-multi-edit.png")))
            return false;
        // The rack model's list, open: each model with its key figures.
        if (QLineEdit *model = mWindow->inspectorDock()->field(QStringLiteral("rack.model")))
            if (auto *picker = qobject_cast<QComboBox *>(model->parentWidget())) {
                picker->showPopup();
                wait(300);
                const bool ok = saveWithPopup(QStringLiteral("inspector-picker.png"), picker->view()->window());
                picker->hidePopup();
                if (!ok)
                    return false;
            }
        // The plan's context menu on the first of them.
        mWindow->selectionModel()->selectRacks({racks.value(0)});
        cp::gui::HallView *plan = mWindow->hallView();
        plan->centerOn(plan->hallScene()->rackItems()[racks.value(0)]);
        const QPoint at = plan->mapFromScene(plan->hallScene()->rackItems()[racks.value(0)]->pos());
        QContextMenuEvent event(QContextMenuEvent::Mouse, at, plan->viewport()->mapToGlobal(at));
        QCoreApplication::sendEvent(plan->viewport(), &event);
        wait(300);
        QMenu *menu = mWindow->planMenu();
        const bool ok = saveWithPopup(QStringLiteral("plan-context-menu.png"), menu);
        if (menu)
            menu->close();
        mWindow->selectionModel()->clear();
        // The workload's settings: the model and its experts' routing and dispatch, the batch,
        // the precision, the schedule and the layout.
        mWindow->inspectorDock()->tabs()->setCurrentIndex(1);
        wait(200);
        const bool workload = save(QStringLiteral("inspector-workload.png"));
        // Its foot: the software stack the run uses, each "default" until stated.
        bool stack = true;
        if (auto *area = mWindow->inspectorDock()->tabs()->currentWidget()->findChild<QScrollArea *>();
            area || (area = qobject_cast<QScrollArea *>(mWindow->inspectorDock()->tabs()->currentWidget()))) {
            area->verticalScrollBar()->setValue(area->verticalScrollBar()->maximum());
            wait(200);
            stack = save(QStringLiteral("inspector-stack.png"));
            area->verticalScrollBar()->setValue(0);
        }
        mWindow->inspectorDock()->tabs()->setCurrentIndex(0);
        return ok && workload && stack;
    }

    QPointer<cp::gui::MainWindow> mWindow;
    QString mDir;
    bool mStarted = false;
};

} // namespace

void printError(const QString &message)
{
    std::fprintf(stderr, "cluster-planner: %s\n", qPrintable(message));
}

std::unique_ptr<QObject> startScreenshotRun(cp::gui::MainWindow *window, const QString &planPng,
                                            const QString &hall3dPng, const ScreenshotScene &scene)
{
    return std::make_unique<ScreenshotRun>(window, planPng, hall3dPng, scene);
}

std::unique_ptr<QObject> startViewsScreenshotRun(cp::gui::MainWindow *window, const QString &dir)
{
    return std::make_unique<ViewsScreenshotRun>(window, dir);
}
