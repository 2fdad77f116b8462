// The bandwidth heatmap: the matrix of an evaluated design drawn one pixel per cell on the
// viridis scale, cells found under the mouse, clicks that select racks, marks for a selection
// made elsewhere, zoom (wheel, dragged block, fit) and no fabric at all.
// CP_TEST_PNG_DIR=<dir> keeps the rendered views there, to look at.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "model/fabric/fabric.h"
#include "views/analysis/heatmapview.h"
#include "model/io/projectfile.h"
#include "views/session/selectionmodel.h"
#include "model/generate/templates.h"

#include <QAbstractButton>
#include <QFile>
#include <QHelpEvent>
#include <QSignalSpy>
#include <QToolTip>
#include <QWheelEvent>
#include <QtTest>

#include <set>

using namespace cp;
using namespace cp::gui;

namespace {

/// A square matrix of `blocks` × `blocks` uniform blocks of `block` cells each: block (i, j)
/// holds 10 · (1 + |i − j|) GB/s, its diagonal cells 1,000 (above the scale). One rack per cell.
FabricResults blockMatrix(int blocks, int block)
{
    FabricResults f;
    const int side = blocks * block;
    f.matrixLevel = "rack";
    for (int i = 0; i < side; ++i)
        f.matrixLabels.push_back("r" + std::to_string(i + 1));
    f.bandwidthGbPerS.resize(size_t(side) * side);
    f.hops.resize(size_t(side) * side);
    for (int r = 0; r < side; ++r)
        for (int c = 0; c < side; ++c) {
            const int d = std::abs(r / block - c / block);
            f.bandwidthGbPerS[size_t(r) * side + c] = r == c ? 1000.0f : 10.0f * float(1 + d);
            f.hops[size_t(r) * side + c] = (unsigned char)(r == c ? 0 : d == 0 ? 1 : 3);
        }
    for (int i = 0; i < side; ++i)
        f.rackGroup.push_back(i);
    return f;
}

void savePng(QWidget &widget, const char *name)
{
    const QString dir = qEnvironmentVariable("CP_TEST_PNG_DIR");
    if (!dir.isEmpty())
        widget.grab().save(dir + QLatin1Char('/') + QLatin1String(name));
}

bool near(const QColor &a, const QColor &b, int tolerance)
{
    return std::abs(a.red() - b.red()) <= tolerance && std::abs(a.green() - b.green()) <= tolerance
           && std::abs(a.blue() - b.blue()) <= tolerance;
}

/// CIE L* (0–100) of an sRGB colour: what "perceptually uniform" is measured in.
double lightness(const QColor &c)
{
    const auto linear = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    const double y = 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
    return y > 216.0 / 24389.0 ? 116.0 * std::cbrt(y) - 16.0 : y * 24389.0 / 27.0;
}

QString describe(const QColor &c)
{
    return c.name();
}

} // namespace

class TestHeatmapView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void valuesMatchTheFabric();
    void imageColoursFollowTheScale();
    void paintedCellsHaveTheirColour();
    void zoomedOutPaintAveragesBlocks();
    void blockBoundariesFollowTheTopology();
    void tooltipNamesBothEnds();
    void clickSelectsRacksOfBothGroups();
    void clickOnAnAxisSelectsOneGroup();
    void selectionElsewhereMarksRowsWithoutZooming();
    void dragZoomsIntoTheBlock();
    void wheelZoomKeepsTheCellUnderTheMouse();
    void fitShowsEverything();
    void reEvaluationKeepsTheZoom();
    void emptyFabric();
    void exampleProjectRenders();

private:
    /// A view of the test design's fabric, zoomed so that cells are at least 12 px.
    void showMatrix(HeatmapView &view) const;

    Catalog mCatalog;
    Design mDesign;
    Results mResults;
};

void TestHeatmapView::initTestCase()
{
    mCatalog = Catalog::builtin();
    // A small classic design with several leaf groups, so the matrix has blocks.
    mDesign = generateTemplate({"classic", 2048, {}}, mCatalog);
    mResults = evaluate(mDesign, mCatalog);
    const FabricResults &f = mResults.fabric;
    QCOMPARE(f.matrixLevel, std::string("rack"));
    QVERIFY(f.matrixSide() > 8);
    QVERIFY(f.leafGroups > 1);
}

void TestHeatmapView::showMatrix(HeatmapView &view) const
{
    view.resize(900, 800);
    view.setFabric(mResults.fabric);
    view.zoomToCells(QRectF(0, 0, 24, 24));
    QVERIFY(view.cellSize() >= 12.0);
}

void TestHeatmapView::valuesMatchTheFabric()
{
    HeatmapView view;
    showMatrix(view);
    const FabricResults &f = mResults.fabric;
    QCOMPARE(view.side(), f.matrixSide());
    QCOMPARE(view.level(), QStringLiteral("rack"));
    int pairs = 0;
    for (int a = 0; a < int(mDesign.racks.size()); ++a) {
        for (int b = 0; b < int(mDesign.racks.size()); b += 3) {
            const int ga = f.rackGroup[size_t(a)], gb = f.rackGroup[size_t(b)];
            const QPoint cell = view.cellForRacks(a, b);
            if (ga < 0 || gb < 0) {
                QCOMPARE(cell, QPoint(-1, -1));
                continue;
            }
            QCOMPARE(cell, QPoint(gb, ga));
            QCOMPARE(view.valueAt(cell.y(), cell.x()), f.bandwidth(ga, gb));
            QCOMPARE(view.hopsAt(cell.y(), cell.x()), int(f.hops[size_t(ga) * f.matrixSide() + gb]));
            ++pairs;
        }
    }
    QVERIFY(pairs > 100);
    // The cell under the middle of each drawn cell is that cell.
    for (int r = 0; r < 20; ++r)
        for (int c = 0; c < 20; c += 7)
            QCOMPARE(view.cellAt(view.cellRect(r, c).center().toPoint()), QPoint(c, r));
    QCOMPARE(view.cellAt(QPoint(1, 1)), QPoint(-1, -1)); // the title, not the matrix
}

void TestHeatmapView::imageColoursFollowTheScale()
{
    HeatmapView view;
    view.setFabric(mResults.fabric);
    const int side = view.side();
    QCOMPARE(view.image().size(), QSize(side, side));
    float top = 0.0f;
    for (int r = 0; r < side; ++r)
        for (int c = 0; c < side; ++c)
            if (r != c)
                top = std::max(top, view.valueAt(r, c));
    QCOMPARE(view.scaleMax(), top);
    for (int r = 0; r < side; ++r)
        for (int c = 0; c < side; ++c)
            QVERIFY2(view.image().pixelColor(c, r) == view.colorFor(view.valueAt(r, c)),
                     qPrintable(QStringLiteral("cell %1,%2").arg(r).arg(c)));
    // The scale runs viridis from 0 to its top, lightness (CIE L*) rising all the way by even steps.
    const auto &stops = HeatmapView::colorScale();
    QCOMPARE(view.colorFor(0.0f), stops.front());
    QCOMPARE(view.colorFor(top), stops.back());
    double last = lightness(view.colorFor(0.0f));
    for (int i = 1; i <= 50; ++i) {
        const double l = lightness(view.colorFor(top * float(i) / 50.0f));
        QVERIFY2(l > last && l - last < 3.0, qPrintable(QStringLiteral("step %1: L* %2 after %3").arg(i).arg(l).arg(last)));
        last = l;
    }
    QCOMPARE(view.colorFor(top * 2.0f), HeatmapView::aboveScaleColor());
    // Tiers of different bandwidth get different colours (the design above is non-blocking, one
    // figure everywhere): a matrix of 3 × 3 blocks has 3 colours in its first row, and the
    // diagonal above the scale.
    view.setFabric(blockMatrix(3, 4));
    std::set<QRgb> colours;
    for (int c = 1; c < view.side(); ++c)
        colours.insert(view.image().pixel(c, 0));
    QCOMPARE(int(colours.size()), 3);
    QCOMPARE(view.scaleMax(), 30.0f);
    QCOMPARE(view.image().pixelColor(0, 0), HeatmapView::aboveScaleColor());
    QCOMPARE(view.image().pixelColor(5, 0), view.colorFor(20.0f));
}

void TestHeatmapView::paintedCellsHaveTheirColour()
{
    HeatmapView view;
    showMatrix(view);
    const QImage shot = view.grab().toImage();
    const QRectF visible = view.visibleCells();
    int checked = 0;
    for (int r = int(visible.top()); r < std::min(view.side(), int(visible.bottom())); r += 3)
        for (int c = int(visible.left()); c < std::min(view.side(), int(visible.right())); c += 5) {
            const QRectF rect = view.cellRect(r, c);
            // Away from the block lines drawn on the boundaries.
            const QPoint at = (rect.topLeft() + QPointF(rect.width() * 0.6, rect.height() * 0.4)).toPoint();
            if (!view.plotRect().contains(at))
                continue;
            const QColor expected = view.colorFor(view.valueAt(r, c));
            QVERIFY2(shot.pixelColor(at) == expected,
                     qPrintable(QStringLiteral("cell %1,%2: %3 painted, %4 expected")
                                    .arg(r)
                                    .arg(c)
                                    .arg(describe(shot.pixelColor(at)), describe(expected))));
            ++checked;
        }
    QVERIFY(checked > 20);
}

void TestHeatmapView::zoomedOutPaintAveragesBlocks()
{
    // 2,000 cells in a 600 px plot: each pixel averages several cells (the halved copies). The
    // middle of each uniform block is painted in that block's colour.
    HeatmapView view;
    view.resize(760, 700);
    const int blocks = 4, block = 500;
    view.setFabric(blockMatrix(blocks, block));
    QVERIFY(view.cellSize() < 0.5);
    const QImage shot = view.grab().toImage();
    for (int i = 0; i < blocks; ++i)
        for (int j = 0; j < blocks; ++j) {
            // Off the diagonal (above the scale) within the diagonal blocks.
            const int r = i * block + block / 2, c = j * block + block / 2 + (i == j ? 60 : 0);
            const QPoint at = view.cellRect(r, c).center().toPoint();
            const QColor expected = view.colorFor(view.valueAt(r, c));
            QVERIFY2(near(shot.pixelColor(at), expected, 3),
                     qPrintable(QStringLiteral("block %1,%2: %3, expected %4")
                                    .arg(i)
                                    .arg(j)
                                    .arg(describe(shot.pixelColor(at)), describe(expected))));
        }
    savePng(view, "heatmap-blocks-2000.png");
}

void TestHeatmapView::blockBoundariesFollowTheTopology()
{
    HeatmapView view;
    const FabricResults synthetic = blockMatrix(3, 7);
    view.setFabric(synthetic);
    QCOMPARE(int(view.boundaries().size()), 2);
    QCOMPARE(view.boundaries()[0].index, 7);
    QCOMPARE(view.boundaries()[1].index, 14);
    QCOMPARE(view.boundaries()[0].hops, 3);

    // The design's matrix (rail-optimised: racks under one leaf group are 1 hop apart): a block
    // starts exactly where two neighbouring racks are on different leaf groups.
    view.setFabric(mResults.fabric);
    std::set<int> starts;
    for (const auto &b : view.boundaries()) {
        starts.insert(b.index);
        QCOMPARE(b.hops, view.hopsAt(b.index - 1, b.index));
    }
    QVERIFY(!starts.empty());
    int sameLeaf = 0;
    for (int i = 1; i < view.side(); ++i) {
        QCOMPARE(starts.count(i) > 0, view.hopsAt(i - 1, i) >= 3);
        sameLeaf += view.hopsAt(i - 1, i) == 1;
    }
    QVERIFY(sameLeaf > 0);
}

void TestHeatmapView::tooltipNamesBothEnds()
{
    HeatmapView view;
    showMatrix(view);
    const int r = 2, c = 17;
    const QString text = view.toolTipAt(view.cellRect(r, c).center().toPoint());
    QVERIFY2(text.contains(view.label(r)) && text.contains(view.label(c)), qPrintable(text));
    QVERIFY2(text.contains(QLocale().toString(double(view.valueAt(r, c)), 'f', view.valueAt(r, c) < 10 ? 2 : 1)),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("GB/s")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("%1 switch hop").arg(view.hopsAt(r, c))), qPrintable(text));
    QVERIFY(view.toolTipAt(QPoint(1, 1)).isEmpty());
    // The tooltip event the mouse raises shows that text.
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QPoint at = view.cellRect(r, c).center().toPoint();
    QHelpEvent help(QEvent::ToolTip, at, view.mapToGlobal(at));
    QApplication::sendEvent(&view, &help);
    QTRY_VERIFY(QToolTip::isVisible());
    QCOMPARE(QToolTip::text(), text);
}

void TestHeatmapView::clickSelectsRacksOfBothGroups()
{
    HeatmapView view;
    SelectionModel model;
    view.setSelectionModel(&model);
    showMatrix(view);
    QSignalSpy changed(&model, &SelectionModel::selectionChanged);
    const int r = 3, c = 20;
    QTest::mouseClick(&view, Qt::LeftButton, {}, view.cellRect(r, c).center().toPoint());
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.front().front().value<QObject *>(), &view);
    QVector<int> expected;
    for (int rack = 0; rack < int(mResults.fabric.rackGroup.size()); ++rack)
        if (const int g = mResults.fabric.rackGroup[size_t(rack)]; g == r || g == c)
            expected.push_back(rack);
    QCOMPARE(expected.size(), 2); // rack level: one rack per group
    QCOMPARE(model.selection().racks, expected);
    // The echo marks both groups, the view does not move.
    QCOMPARE(view.markedGroups(), (QVector<int>{r, c}));
}

void TestHeatmapView::clickOnAnAxisSelectsOneGroup()
{
    HeatmapView view;
    SelectionModel model;
    view.setSelectionModel(&model);
    showMatrix(view);
    const int r = 5;
    const QRectF cell = view.cellRect(r, 0);
    QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(view.plotRect().left() - 20, int(cell.center().y())));
    QCOMPARE(model.selection().racks, view.racksOfGroup(r));
    QCOMPARE(model.selection().racks.size(), 1);
}

void TestHeatmapView::selectionElsewhereMarksRowsWithoutZooming()
{
    HeatmapView view;
    SelectionModel model;
    view.setSelectionModel(&model);
    showMatrix(view);
    const QRectF before = view.visibleCells();
    // A rack whose group is in view and one far outside it.
    const FabricResults &f = mResults.fabric;
    int inside = -1, outside = -1;
    for (int rack = 0; rack < int(f.rackGroup.size()); ++rack) {
        const int g = f.rackGroup[size_t(rack)];
        if (g == 4)
            inside = rack;
        if (g == f.matrixSide() - 1)
            outside = rack;
    }
    QVERIFY(inside >= 0 && outside >= 0);
    QObject other;
    model.selectRacks({inside, outside}, &other);
    QCOMPARE(view.markedGroups(), (QVector<int>{4, f.matrixSide() - 1}));
    QCOMPARE(view.visibleCells(), before);
    // The strip beside the rows shows the mark at row 4 and nothing at row 8.
    const QImage shot = view.grab().toImage();
    const int stripX = view.plotRect().left() - 3;
    QCOMPARE(shot.pixelColor(stripX, int(view.cellRect(4, 0).center().y())), HeatmapView::markColor());
    QVERIFY(shot.pixelColor(stripX, int(view.cellRect(8, 0).center().y())) != HeatmapView::markColor());
    savePng(view, "heatmap-marks.png");
    model.clear();
    QVERIFY(view.markedGroups().isEmpty());
}

void TestHeatmapView::dragZoomsIntoTheBlock()
{
    HeatmapView view;
    SelectionModel model;
    view.setSelectionModel(&model);
    view.resize(900, 800);
    view.setFabric(mResults.fabric);
    QVERIFY(view.followsFit());
    QSignalSpy visible(&view, &HeatmapView::visibleCellsChanged);
    const QRectF full = view.visibleCells();
    QVERIFY(full.contains(QRectF(0, 0, view.side(), view.side())));
    // Drag from the middle of cell (10, 10) to the middle of cell (20, 30): rows 10–20, columns 10–30.
    const QPoint from = view.cellRect(10, 10).center().toPoint(), to = view.cellRect(20, 30).center().toPoint();
    QTest::mousePress(&view, Qt::LeftButton, {}, from);
    QTest::mouseMove(&view, (from + to) / 2);
    QTest::mouseMove(&view, to);
    QTest::mouseRelease(&view, Qt::LeftButton, {}, to);
    const QRectF zoomed = view.visibleCells();
    QVERIFY2(zoomed.contains(QRectF(10, 10, 21, 11)), qPrintable(QStringLiteral("%1,%2 %3×%4")
                                                                      .arg(zoomed.x())
                                                                      .arg(zoomed.y())
                                                                      .arg(zoomed.width())
                                                                      .arg(zoomed.height())));
    // As large as it fits: the wider side of the block fills the plot.
    QVERIFY(zoomed.width() < 21 * 1.05 || zoomed.height() < 11 * 1.05);
    QVERIFY(zoomed.width() < full.width() / 2);
    QVERIFY(!view.followsFit());
    QVERIFY(visible.count() > 0);
    QVERIFY(model.selection().isEmpty()); // a drag is not a click
}

void TestHeatmapView::wheelZoomKeepsTheCellUnderTheMouse()
{
    HeatmapView view;
    view.resize(900, 800);
    view.setFabric(mResults.fabric);
    const QPointF at = view.cellRect(30, 40).center();
    const qreal before = view.cellSize();
    QWheelEvent wheel(at, view.mapToGlobal(at), QPoint(), QPoint(0, 240), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(&view, &wheel);
    QVERIFY(view.cellSize() > before * 1.3);
    QCOMPARE(view.cellAt(at.toPoint()), QPoint(40, 30));
    // Zooming out stops at the fit.
    QWheelEvent back(at, view.mapToGlobal(at), QPoint(), QPoint(0, -2400), Qt::NoButton, Qt::NoModifier,
                     Qt::NoScrollPhase, false);
    QApplication::sendEvent(&view, &back);
    QCOMPARE(view.cellSize(), before);
}

void TestHeatmapView::fitShowsEverything()
{
    HeatmapView view;
    view.resize(900, 800);
    view.setFabric(mResults.fabric);
    const QRectF full = view.visibleCells();
    view.zoomToCells(QRectF(5, 5, 10, 10));
    QVERIFY(view.visibleCells().width() < full.width());
    QTest::keyClick(&view, Qt::Key_Home);
    QCOMPARE(view.visibleCells(), full);
    QVERIFY(view.followsFit());
    view.zoomToCells(QRectF(5, 5, 10, 10));
    QTest::mouseDClick(&view, Qt::LeftButton, {}, view.cellRect(8, 8).center().toPoint());
    QCOMPARE(view.visibleCells(), full);
    view.zoomToCells(QRectF(5, 5, 10, 10));
    auto *fit = view.findChild<QAbstractButton *>();
    QVERIFY(fit);
    fit->click();
    QCOMPARE(view.visibleCells(), full);
    // A resize refits while the view follows the fit.
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.resize(600, 800);
    QCoreApplication::processEvents();
    QVERIFY(view.visibleCells().contains(QRectF(0, 0, view.side(), view.side())));
}

void TestHeatmapView::reEvaluationKeepsTheZoom()
{
    HeatmapView view;
    showMatrix(view);
    const QRectF zoomed = view.visibleCells();
    view.setFabric(mResults.fabric); // the same design evaluated again
    QCOMPARE(view.visibleCells(), zoomed);
    view.setFabric(blockMatrix(2, 10)); // another matrix: fit
    QVERIFY(view.followsFit());
    QVERIFY(view.visibleCells().contains(QRectF(0, 0, 20, 20)));
}

void TestHeatmapView::emptyFabric()
{
    HeatmapView view;
    SelectionModel model;
    view.setSelectionModel(&model);
    view.resize(600, 400);
    // Never given a fabric, then one without a matrix, then cleared after a real one.
    for (int step = 0; step < 3; ++step) {
        if (step == 1)
            view.setFabric(FabricResults());
        if (step == 2) {
            view.setFabric(mResults.fabric);
            model.selectRacks({0, 1, 2});
            view.clear();
        }
        QCOMPARE(view.side(), 0);
        QVERIFY(view.image().isNull());
        QCOMPARE(view.cellAt(QPoint(300, 200)), QPoint(-1, -1));
        QVERIFY(view.toolTipAt(QPoint(300, 200)).isEmpty());
        QVERIFY(view.markedGroups().isEmpty());
        QVERIFY(std::isnan(view.valueAt(0, 0)));
        const QImage shot = view.grab().toImage();
        QVERIFY(!shot.isNull());
        const PartSelection before = model.selection();
        QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(300, 200));
        QCOMPARE(model.selection(), before);
        QWheelEvent wheel(QPointF(300, 200), view.mapToGlobal(QPointF(300, 200)), QPoint(), QPoint(0, 120),
                          Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(&view, &wheel);
        QTest::keyClick(&view, Qt::Key_Home);
        view.zoomToCells(QRectF(0, 0, 4, 4));
    }
    // A matrix whose size does not match its labels is no matrix either.
    FabricResults broken = blockMatrix(2, 3);
    broken.bandwidthGbPerS.pop_back();
    view.setFabric(broken);
    QCOMPARE(view.side(), 0);
    savePng(view, "heatmap-empty.png");
}

void TestHeatmapView::exampleProjectRenders()
{
    // The 16k example (8-GPU servers against supernodes): both scenarios render, their
    // painted cells in the scale's colours.
    const QString path = QStringLiteral(CP_SOURCE_DIR "/resources/examples/16k-servers-vs-supernodes.cplan");
    const std::string file = QFile::encodeName(path).toStdString();
    const std::vector<std::string> names = ProjectFile::scenarioNames(file);
    QVERIFY(!names.empty());
    for (const std::string &name : names) {
        const Project project = ProjectFile::load(file, name);
        const Results results = evaluate(project.design, project.catalog);
        HeatmapView view;
        view.resize(1100, 900);
        view.setFabric(results.fabric);
        QVERIFY(view.side() > 0);
        const QImage shot = view.grab().toImage();
        const int mid = view.side() / 2;
        const QRectF cell = view.cellRect(mid, mid / 2);
        if (view.cellSize() >= 1.0)
            QCOMPARE(shot.pixelColor(cell.center().toPoint()), view.colorFor(view.valueAt(mid, mid / 2)));
        savePng(view, ("heatmap-16k-" + name + ".png").c_str());
        view.zoomToCells(QRectF(0, 0, 30, 30));
        savePng(view, ("heatmap-16k-" + name + "-zoomed.png").c_str());
    }
}

QTEST_MAIN(TestHeatmapView)
#include "test_heatmapview.moc"
