// Paint time of the hall plan: a full view (fit to the window) of large designs rendered into a
// 1600 × 1000 image, as the window paints it, and the time to build the plan from a design.
// Runs on Qt's offscreen platform unless QT_QPA_PLATFORM says otherwise; CP_BENCH_CANVAS_PNG=<dir>
// saves the painted images there. Results: docs/benchmarks.md.

#include "bench/benchapp.h"
#include "model/core/catalog.h"
#include "model/core/design.h"
#include "views/plan/hallscene.h"
#include "views/plan/hallview.h"
#include "model/generate/templates.h"

#include <QImage>
#include <QString>
#include <QPainter>

#include <benchmark/benchmark.h>

#include <map>
#include <memory>

namespace {

constexpr int kWidth = 1600;
constexpr int kHeight = 1000;

const cp::Catalog &catalog()
{
    static const cp::Catalog c = cp::Catalog::builtin();
    return c;
}

/// Designs by name, generated once: "classic-100k" (100,000 GPUs, the classic template) and
/// "racks-20k" (the classic template grown until it has at least 20,000 racks).
const cp::Design &design(const std::string &name)
{
    static std::map<std::string, cp::Design> cache;
    auto it = cache.find(name);
    if (it != cache.end())
        return it->second;
    cp::Design d;
    if (name == "classic-100k") {
        d = cp::generateTemplate({"classic", 100000, ""}, catalog());
    } else {
        // 32 GPUs per compute rack plus network and storage racks: 640k GPUs give ~20k racks.
        long long gpus = 600000;
        do {
            d = cp::generateTemplate({"classic", gpus, ""}, catalog());
            gpus += 40000;
        } while (d.racks.size() < 20000);
    }
    return cache.emplace(name, std::move(d)).first->second;
}

/// A plan window of the benchmark size showing the whole design.
std::unique_ptr<cp::gui::HallView> makeView(const cp::Design &d)
{
    auto view = std::make_unique<cp::gui::HallView>();
    view->resize(kWidth, kHeight);
    view->setDesign(d, catalog());
    view->fitToView();
    return view;
}

void paint(benchmark::State &state, const std::string &name, int zoomSteps, bool overview = true)
{
    const cp::Design &d = design(name);
    auto view = makeView(d);
    view->setOverviewEnabled(overview);
    for (int i = 0; i < zoomSteps; ++i)
        view->zoomIn();
    QImage image(kWidth, kHeight, QImage::Format_ARGB32_Premultiplied);
    for (auto _ : state) {
        image.fill(Qt::white);
        view->QWidget::render(&image); // the paint event, as the window runs it
        benchmark::DoNotOptimize(image.constBits());
    }
    // CP_BENCH_CANVAS_PNG=dir keeps the last painted image of each benchmark, to look at.
    const QString dir = qEnvironmentVariable("CP_BENCH_CANVAS_PNG");
    if (!dir.isEmpty())
        image.save(QStringLiteral("%1/%2-zoom%3-%4.png")
                       .arg(dir, QString::fromStdString(name))
                       .arg(zoomSteps)
                       .arg(overview ? QStringLiteral("overview") : QStringLiteral("items")));
    state.counters["racks"] = double(d.racks.size());
    state.counters["px_per_m"] = view->pixelsPerMetre();
    state.counters["overview"] = view->isOverview() ? 1.0 : 0.0;
}

void BM_PaintFullView_Classic100k(benchmark::State &state)
{
    paint(state, "classic-100k", 0);
}
BENCHMARK(BM_PaintFullView_Classic100k)->Unit(benchmark::kMillisecond)->MinTime(2.0);

void BM_PaintFullView_Racks20k(benchmark::State &state)
{
    paint(state, "racks-20k", 0);
}
BENCHMARK(BM_PaintFullView_Racks20k)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// The same full views painted item by item (the level-of-detail overview turned off), as the
// plan painted them before it had one: the before/after pair of docs/benchmarks.md.
void BM_PaintFullView_Classic100k_Items(benchmark::State &state)
{
    paint(state, "classic-100k", 0, false);
}
BENCHMARK(BM_PaintFullView_Classic100k_Items)->Unit(benchmark::kMillisecond)->MinTime(2.0);

void BM_PaintFullView_Racks20k_Items(benchmark::State &state)
{
    paint(state, "racks-20k", 0, false);
}
BENCHMARK(BM_PaintFullView_Racks20k_Items)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// Zoomed in far enough that rack labels are drawn: what panning over a large hall repaints.
void BM_PaintZoomedIn_Classic100k(benchmark::State &state)
{
    paint(state, "classic-100k", 8);
}
BENCHMARK(BM_PaintZoomedIn_Classic100k)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// Building the plan's items from a design: what opening a file or a template costs the GUI.
void BM_BuildPlan(benchmark::State &state, const std::string &name)
{
    const cp::Design &d = design(name);
    cp::gui::HallView view;
    view.resize(kWidth, kHeight);
    for (auto _ : state)
        view.setDesign(d, catalog());
    state.counters["racks"] = double(d.racks.size());
}
BENCHMARK_CAPTURE(BM_BuildPlan, Classic100k, std::string("classic-100k"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_BuildPlan, Racks20k, std::string("racks-20k"))->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char **argv)
{
    return cp::bench::runBenchmarks(argc, argv, "offscreen");
}
