// The bandwidth heatmap: the time to take a fabric's matrix (copy, colour image, halved copies,
// block boundaries) and to paint the view into a 1600 × 1000 image, fitted and zoomed, for a
// synthetic 4,096 × 4,096 matrix and for the real matrix of the 100,000-GPU classic template
// (evaluated once, outside the timed loops). Runs on Qt's offscreen platform unless
// QT_QPA_PLATFORM says otherwise; CP_BENCH_HEATMAP_PNG=<dir> saves the painted images there.
// Results: docs/benchmarks.md.

#include "bench/benchapp.h"
#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "model/fabric/fabric.h"
#include "views/analysis/heatmapview.h"
#include "model/generate/templates.h"

#include <QImage>
#include <QPainter>
#include <QString>

#include <benchmark/benchmark.h>

#include <memory>

namespace {

constexpr int kWidth = 1600;
constexpr int kHeight = 1000;

/// A 4,096-rack matrix shaped like a three-tier fabric: leaf groups of 32 racks, pods of 16
/// leaf groups, 8 pods; 50 GB/s under one leaf, 25 within a pod, 7.1 across pods, 900 (NVLink)
/// on the diagonal.
const cp::FabricResults &synthetic()
{
    static const cp::FabricResults f = [] {
        cp::FabricResults r;
        constexpr int side = 4096, group = 32, pod = 512;
        r.matrixLevel = "rack";
        r.matrixLabels.reserve(side);
        for (int i = 0; i < side; ++i)
            r.matrixLabels.push_back("p" + std::to_string(i / pod + 1) + "-g" + std::to_string(i / group % 16 + 1)
                                     + "-r" + std::to_string(i % group + 1));
        r.bandwidthGbPerS.resize(size_t(side) * side);
        r.hops.resize(size_t(side) * side);
        for (int a = 0; a < side; ++a)
            for (int b = 0; b < side; ++b) {
                const size_t i = size_t(a) * side + b;
                if (a == b) {
                    r.bandwidthGbPerS[i] = 900.0f;
                    r.hops[i] = 0;
                } else if (a / group == b / group) {
                    r.bandwidthGbPerS[i] = 50.0f;
                    r.hops[i] = 1;
                } else if (a / pod == b / pod) {
                    r.bandwidthGbPerS[i] = 25.0f;
                    r.hops[i] = 3;
                } else {
                    r.bandwidthGbPerS[i] = 7.1f;
                    r.hops[i] = 5;
                }
            }
        r.rackGroup.resize(side);
        for (int i = 0; i < side; ++i)
            r.rackGroup[size_t(i)] = i;
        return r;
    }();
    return f;
}

/// The fabric of the 100,000-GPU classic template, evaluated once.
const cp::FabricResults &classic100k()
{
    static const cp::FabricResults f = [] {
        const cp::Catalog catalog = cp::Catalog::builtin();
        const cp::Design design = cp::generateTemplate({"classic", 100000, ""}, catalog);
        return cp::evaluate(design, catalog).fabric;
    }();
    return f;
}

const cp::FabricResults &fabric(bool real)
{
    return real ? classic100k() : synthetic();
}

void BM_SetFabric(benchmark::State &state, bool real)
{
    const cp::FabricResults &f = fabric(real);
    cp::gui::HeatmapView view;
    view.resize(kWidth, kHeight);
    for (auto _ : state) {
        view.clear();
        view.setFabric(f);
        benchmark::DoNotOptimize(view.image().constBits());
    }
    state.counters["side"] = f.matrixSide();
}

/// `zoom`: 0 = fitted; else the view shows a block of `zoom` × `zoom` cells from the middle.
void BM_Paint(benchmark::State &state, bool real, int zoom)
{
    const cp::FabricResults &f = fabric(real);
    cp::gui::HeatmapView view;
    view.resize(kWidth, kHeight);
    view.setFabric(f);
    if (zoom > 0) {
        const int side = f.matrixSide();
        const int z = std::min(zoom, side);
        view.zoomToCells(QRectF((side - z) / 2, (side - z) / 2, z, z));
    }
    QImage image(kWidth, kHeight, QImage::Format_ARGB32_Premultiplied);
    for (auto _ : state) {
        image.fill(Qt::white);
        view.render(&image); // the paint event, as the window runs it
        benchmark::DoNotOptimize(image.constBits());
    }
    state.counters["side"] = f.matrixSide();
    state.counters["cell_px"] = view.cellSize();
    const QString dir = qEnvironmentVariable("CP_BENCH_HEATMAP_PNG");
    if (!dir.isEmpty())
        image.save(QStringLiteral("%1/heatmap-%2-%3.png")
                       .arg(dir, real ? QStringLiteral("classic100k") : QStringLiteral("synthetic4096"))
                       .arg(zoom));
}

} // namespace

BENCHMARK_CAPTURE(BM_SetFabric, Synthetic4096, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_SetFabric, Classic100k, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Paint, FullView_Synthetic4096, false, 0)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK_CAPTURE(BM_Paint, Zoomed1024_Synthetic4096, false, 1024)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK_CAPTURE(BM_Paint, Zoomed40_Synthetic4096, false, 40)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK_CAPTURE(BM_Paint, FullView_Classic100k, true, 0)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK_CAPTURE(BM_Paint, Zoomed40_Classic100k, true, 40)->Unit(benchmark::kMillisecond)->MinTime(1.0);

int main(int argc, char **argv)
{
    return cp::bench::runBenchmarks(argc, argv, "offscreen");
}
