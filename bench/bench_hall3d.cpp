// The 3D hall (VTK in a QOpenGLWidget): building the scene from a design and its results, the
// first frame, a frame while orbiting, and recolouring for a new selection, for the 100,000-GPU
// classic template, the 16k example and the classic template grown past 20,000 racks.
// Needs OpenGL: run under `xvfb-run -a -s "-screen 0 1600x1000x24"` with QT_QPA_PLATFORM=xcb.
// The 16k example is read from $CP_EXAMPLES_DIR (default: resources/examples next to this
// source). CP_BENCH_HALL3D_PNG=<dir> saves there the first frame (the reset camera) and the last
// orbit frame of each design, to look at.
// Results: docs/benchmarks.md.

#include "bench/benchapp.h"
#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "views/hall3d/hall3dview.h"
#include "model/io/projectfile.h"
#include "views/session/selectionmodel.h"
#include "model/generate/templates.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QMouseEvent>
#include <QSurfaceFormat>

#include <benchmark/benchmark.h>

#include <sys/resource.h>

#include <map>
#include <memory>

namespace {

constexpr int kWidth = 1600;
constexpr int kHeight = 1000;

const cp::Catalog &builtinCatalog()
{
    static const cp::Catalog c = cp::Catalog::builtin();
    return c;
}

/// A design, the catalog it uses and its evaluation, made once per name.
struct Case
{
    cp::Design design;
    cp::Catalog catalog;
    cp::Results results;
    std::string error;
};

QString examplesDir()
{
    const QString env = qEnvironmentVariable("CP_EXAMPLES_DIR");
    if (!env.isEmpty())
        return env;
    return QFileInfo(QString::fromUtf8(__FILE__)).absoluteDir().filePath(QStringLiteral("../resources/examples"));
}

/// "classic-100k" (100,000 GPUs), "example-16k" (16k-servers-vs-supernodes.cplan, its default
/// scenario) and "racks-20k" (the classic template grown until it has at least 20,000 racks).
const Case &testCase(const std::string &name)
{
    static std::map<std::string, Case> cache;
    auto it = cache.find(name);
    if (it != cache.end())
        return it->second;
    Case c;
    c.catalog = builtinCatalog();
    if (name == "classic-100k") {
        c.design = cp::generateTemplate({"classic", 100000, ""}, c.catalog);
    } else if (name == "example-16k") {
        const QString path = QDir(examplesDir()).filePath(QStringLiteral("16k-servers-vs-supernodes.cplan"));
        try {
            cp::Project project = cp::ProjectFile::load(path.toStdString());
            c.design = std::move(project.design);
            c.catalog = std::move(project.catalog);
        } catch (const std::exception &e) {
            c.error = e.what();
        }
    } else {
        long long gpus = 600000;
        do {
            c.design = cp::generateTemplate({"classic", gpus, ""}, c.catalog);
            gpus += 40000;
        } while (c.design.racks.size() < 20000);
    }
    if (c.error.empty())
        c.results = cp::evaluate(c.design, c.catalog);
    return cache.emplace(name, std::move(c)).first->second;
}

/// CPU time of the whole process (all threads: Mesa's llvmpipe renders on its own threads), ms.
double processCpuMs()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
}

void processUntilFrame(cp::gui::Hall3dView &view, int frames)
{
    while (view.framesRendered() <= frames)
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 5);
}

/// A view the benchmark's size, on screen, showing the case with its kW colours, first frame done.
std::unique_ptr<cp::gui::Hall3dView> shownView(const Case &c)
{
    auto view = std::make_unique<cp::gui::Hall3dView>();
    view->resize(kWidth, kHeight);
    view->setDesign(c.design, c.catalog);
    view->setResults(c.results);
    const int frames = view->framesRendered();
    view->show();
    processUntilFrame(*view, frames);
    return view;
}

// Scene building: glyph arrays, row stripes and labels, kW colours (no GL work).
void BM_SetDesignAndResults(benchmark::State &state, const std::string &name)
{
    const Case &c = testCase(name);
    if (!c.error.empty()) {
        state.SkipWithError(c.error.c_str());
        return;
    }
    cp::gui::Hall3dView view;
    view.resize(kWidth, kHeight);
    for (auto _ : state) {
        view.setDesign(c.design, c.catalog);
        view.setResults(c.results);
    }
    state.counters["racks"] = double(c.design.racks.size());
}

// From show() to the first frame on screen: GL context, buffers and textures uploaded, one render.
void BM_FirstFrame(benchmark::State &state, const std::string &name)
{
    const Case &c = testCase(name);
    if (!c.error.empty()) {
        state.SkipWithError(c.error.c_str());
        return;
    }
    for (auto _ : state) {
        state.PauseTiming();
        auto view = std::make_unique<cp::gui::Hall3dView>();
        view->resize(kWidth, kHeight);
        view->setDesign(c.design, c.catalog);
        view->setResults(c.results);
        state.ResumeTiming();
        view->show();
        processUntilFrame(*view, 0);
        state.PauseTiming();
        const QString dir = qEnvironmentVariable("CP_BENCH_HALL3D_PNG");
        if (!dir.isEmpty())
            view->grabFramebuffer().save(
                QDir(dir).filePath(QStringLiteral("hall3d-%1.png").arg(QString::fromStdString(name))));
        view.reset();
        QCoreApplication::processEvents();
        state.ResumeTiming();
    }
    state.counters["racks"] = double(c.design.racks.size());
}

// One frame while orbiting: a mouse drag step, the interactor's repaint, VTK's render and Qt's
// composition, as a user dragging sees it.
void BM_OrbitFrame(benchmark::State &state, const std::string &name)
{
    const Case &c = testCase(name);
    if (!c.error.empty()) {
        state.SkipWithError(c.error.c_str());
        return;
    }
    auto view = shownView(c);
    const QPointF from(kWidth / 2.0, kHeight / 2.0);
    QMouseEvent press(QEvent::MouseButtonPress, from, view->mapToGlobal(from), Qt::LeftButton, Qt::LeftButton,
                      Qt::NoModifier);
    QApplication::sendEvent(view.get(), &press);
    int step = 0;
    const double cpu0 = processCpuMs();
    for (auto _ : state) {
        // Back and forth, so the hall stays in view however long the benchmark runs.
        ++step;
        const double dx = 3.0 * ((step / 100) % 2 == 0 ? step % 100 : 100 - step % 100);
        const QPointF to = from + QPointF(dx, 0.0);
        QMouseEvent move(QEvent::MouseMove, to, view->mapToGlobal(to), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        const int frames = view->framesRendered();
        QApplication::sendEvent(view.get(), &move);
        processUntilFrame(*view, frames);
    }
    // On a shared machine wall time mostly waits for the CPU: the process's CPU per frame says
    // what a frame costs.
    state.counters["process_cpu_ms"] = (processCpuMs() - cpu0) / double(state.iterations());
    QMouseEvent release(QEvent::MouseButtonRelease, from, view->mapToGlobal(from), Qt::LeftButton, Qt::NoButton,
                        Qt::NoModifier);
    QApplication::sendEvent(view.get(), &release);
    const QString dir = qEnvironmentVariable("CP_BENCH_HALL3D_PNG");
    if (!dir.isEmpty())
        view->grabFramebuffer().save(QDir(dir).filePath(QStringLiteral("hall3d-%1-orbit.png").arg(QString::fromStdString(name))));
    state.counters["racks"] = double(c.design.racks.size());
}

// A new selection from another view: every rack's colour rewritten, then one frame.
void BM_SelectionFrame(benchmark::State &state, const std::string &name)
{
    const Case &c = testCase(name);
    if (!c.error.empty()) {
        state.SkipWithError(c.error.c_str());
        return;
    }
    auto view = shownView(c);
    cp::gui::SelectionModel selection;
    view->setSelectionModel(&selection);
    const int racks = int(c.design.racks.size());
    int i = 0;
    const double cpu0 = processCpuMs();
    for (auto _ : state) {
        i = (i + 97) % racks;
        const int frames = view->framesRendered();
        selection.selectRacks({i});
        processUntilFrame(*view, frames);
    }
    state.counters["process_cpu_ms"] = (processCpuMs() - cpu0) / double(state.iterations());
    state.counters["racks"] = double(racks);
}

#define CP_HALL3D_BENCH(fn)                                                                                          \
    BENCHMARK_CAPTURE(fn, Example16k, std::string("example-16k"))->Unit(benchmark::kMillisecond);                     \
    BENCHMARK_CAPTURE(fn, Classic100k, std::string("classic-100k"))->Unit(benchmark::kMillisecond);                   \
    BENCHMARK_CAPTURE(fn, Racks20k, std::string("racks-20k"))->Unit(benchmark::kMillisecond)

CP_HALL3D_BENCH(BM_SetDesignAndResults);
CP_HALL3D_BENCH(BM_FirstFrame);
CP_HALL3D_BENCH(BM_OrbitFrame);
CP_HALL3D_BENCH(BM_SelectionFrame);

} // namespace

int main(int argc, char **argv)
{
    return cp::bench::runBenchmarks(
        argc, argv, "xcb",
        // As in the application: VTK's context must share with the window's.
        [] { QSurfaceFormat::setDefaultFormat(cp::gui::Hall3dView::defaultFormat()); },
        [] {
            QString reason;
            if (cp::gui::Hall3dView::isOpenGLAvailable(&reason))
                return true;
            fprintf(stderr, "bench_hall3d: %s (run under xvfb-run with QT_QPA_PLATFORM=xcb)\n", qPrintable(reason));
            return false;
        });
}
