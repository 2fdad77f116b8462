// What the user waits for in the main window (offscreen, 1600 × 1000, every dock in its default
// place): a rack moved one grid step on the plan until every view subscribed to the results hub
// shows the new figures (MainWindow::evaluated), an energy price typed in the inspector until
// the same, and a saved project opened until its plan is drawn and until its figures are shown.
// Designs: the classic template at 1,024 and 100,000 GPUs and the gigawatt campus at 1,000,008 GPUs.
// Results: docs/benchmarks.md.

#include "bench/benchapp.h"
#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/edit/designedit.h"
#include "model/generate/templates.h"
#include "model/io/projectfile.h"
#include "views/docks/inspectordock.h"
#include "views/plan/hallview.h"
#include "views/session/commands.h"
#include "views/session/document.h"
#include "views/window/mainwindow.h"

#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTemporaryDir>
#include <QTimer>

#include <benchmark/benchmark.h>

#include <map>
#include <memory>

namespace {

const cp::Catalog &catalog()
{
    static const cp::Catalog c = cp::Catalog::builtin();
    return c;
}

QTemporaryDir &scratch()
{
    static QTemporaryDir dir;
    return dir;
}

/// The project file of a template at a size, written once.
QString projectFile(const std::string &kind, long long gpus)
{
    static std::map<std::string, QString> files;
    const std::string key = kind + "-" + std::to_string(gpus);
    if (auto it = files.find(key); it != files.end())
        return it->second;
    const cp::Design d = cp::generateTemplate({kind, gpus, ""}, catalog());
    const QString path = scratch().filePath(QString::fromStdString(key) + QStringLiteral(".cplan"));
    cp::ProjectFile::save(path.toStdString(), d, catalog(), "bench", "bench");
    return files.emplace(key, path).first->second;
}

/// Runs the event loop until `window` says every view shows the latest figures; false on timeout.
bool waitEvaluated(cp::gui::MainWindow &window, int timeoutMs = 60000)
{
    QEventLoop loop;
    bool done = false;
    const auto c = QObject::connect(&window, &cp::gui::MainWindow::evaluated, &loop, [&] {
        done = true;
        loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    loop.exec();
    QObject::disconnect(c);
    return done;
}

std::unique_ptr<cp::gui::MainWindow> openWindow(const QString &file, benchmark::State &state)
{
    auto w = std::make_unique<cp::gui::MainWindow>(catalog());
    w->setErrorDialogsEnabled(false);
    w->resize(1600, 1000);
    w->show();
    if (!w->openFile(file) || !waitEvaluated(*w)) {
        state.SkipWithError("the project did not open and evaluate");
        return nullptr;
    }
    return w;
}

/// The first rack holding GPUs' index (what an architect nudges), and the grid step.
int firstComputeRack(const cp::Design &d)
{
    for (size_t i = 0; i < d.racks.size(); ++i)
        if (!d.racks[i].contents.empty() && d.racks[i].row.find("NET") == std::string::npos)
            return int(i);
    return 0;
}

void BM_EditMoveRackToFiguresShown(benchmark::State &state, const std::string &kind, long long gpus,
                                   bool chartsOnScreen = false)
{
    const QString file = projectFile(kind, gpus);
    auto w = openWindow(file, state);
    if (!w)
        return;
    if (chartsOnScreen) {
        // The Charts tab in front: its scaling curve re-runs the search after each edit, in the
        // background, after the figures are shown (it competes with the next edit's evaluation).
        w->chartsDock()->raise();
        QCoreApplication::processEvents();
    }
    cp::gui::Document *doc = w->document();
    const int rack = firstComputeRack(doc->design());
    double step = doc->design().hall.gridM > 0 ? doc->design().hall.gridM : 0.6;
    for (auto _ : state) {
        // Back and forth along the row's aisle: every step a real move the engine re-evaluates.
        cp::Selection sel;
        sel.racks = {rack};
        QString error;
        if (!cp::gui::pushEdit(doc, cp::moveBy(doc->design(), sel, 0.0, step), QStringLiteral("Move"), &error)) {
            state.SkipWithError(error.toStdString().c_str());
            return;
        }
        if (!waitEvaluated(*w)) {
            state.SkipWithError("no figures after the edit");
            return;
        }
        step = -step;
    }
    state.counters["racks"] = double(doc->design().racks.size());
}

void BM_EditEnergyPriceToFiguresShown(benchmark::State &state, const std::string &kind, long long gpus)
{
    auto w = openWindow(projectFile(kind, gpus), state);
    if (!w)
        return;
    double price = 0.08;
    for (auto _ : state) {
        price = price == 0.08 ? 0.09 : 0.08;
        // The inspector's own field, as typing a value and pressing Enter applies it.
        if (!w->inspectorDock()->editField(QStringLiteral("finance.energyUsdPerKwh"), QString::number(price))) {
            state.SkipWithError(w->inspectorDock()->lastError().toStdString().c_str());
            return;
        }
        if (!waitEvaluated(*w)) {
            state.SkipWithError("no figures after the edit");
            return;
        }
    }
}

/// Opening a saved project: the file read, the plan built and drawn (the window usable), and
/// — separately — until its figures are shown in every dock.
void BM_OpenProject(benchmark::State &state, const std::string &kind, long long gpus, bool untilFigures)
{
    const QString file = projectFile(kind, gpus);
    cp::gui::MainWindow w(catalog());
    w.setErrorDialogsEnabled(false);
    w.resize(1600, 1000);
    w.show();
    for (auto _ : state) {
        if (!w.openFile(file)) {
            state.SkipWithError("the project did not open");
            return;
        }
        w.hallView()->viewport()->repaint(); // the plan drawn
        if (untilFigures && !waitEvaluated(w)) {
            state.SkipWithError("no figures after opening");
            return;
        }
        state.PauseTiming();
        if (!untilFigures)
            waitEvaluated(w); // the next open starts from a quiet window
        state.ResumeTiming();
    }
}

BENCHMARK_CAPTURE(BM_EditMoveRackToFiguresShown, Classic1k, std::string("classic"), 1024LL)
    ->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(10);
BENCHMARK_CAPTURE(BM_EditMoveRackToFiguresShown, Classic100k, std::string("classic"), 100000LL)
    ->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(10);
BENCHMARK_CAPTURE(BM_EditMoveRackToFiguresShown, Classic100k_ChartsOnScreen, std::string("classic"), 100000LL, true)
    ->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(10);
BENCHMARK_CAPTURE(BM_EditMoveRackToFiguresShown, Gigawatt1M, std::string("gigawatt"), 1000000LL)
    ->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(6);
BENCHMARK_CAPTURE(BM_EditEnergyPriceToFiguresShown, Classic100k, std::string("classic"), 100000LL)
    ->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(10);
BENCHMARK_CAPTURE(BM_EditEnergyPriceToFiguresShown, Gigawatt1M, std::string("gigawatt"), 1000000LL)
    ->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(6);
BENCHMARK_CAPTURE(BM_OpenProject, Gigawatt1M_PlanShown, std::string("gigawatt"), 1000000LL, false)
    ->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);
BENCHMARK_CAPTURE(BM_OpenProject, Gigawatt1M_FiguresShown, std::string("gigawatt"), 1000000LL, true)
    ->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

} // namespace

int main(int argc, char **argv)
{
    return cp::bench::runBenchmarks(argc, argv, "offscreen");
}
