// The hall plan: one item per rack and unit at the right place and size, colours by contents,
// fit to view, zoom under the mouse, panning, labels only when zoomed in, thousands of racks.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "views/plan/items/facilityitem.h"
#include "views/plan/items/hallflooritem.h"
#include "views/plan/hallscene.h"
#include "views/plan/hallview.h"
#include "views/plan/legendwidget.h"
#include "views/plan/items/rackcategory.h"
#include "views/plan/items/rackitem.h"
#include "model/generate/templates.h"
#include "model/edit/designedit.h"

#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QPainter>
#include <QScrollBar>
#include <QStyleOptionGraphicsItem>
#include <QtTest>

using namespace cp;
using namespace cp::gui;

namespace {

Design designFor(const QString &source, const Catalog &catalog)
{
    if (source == QLatin1String("sample"))
        return sampleDesign(catalog);
    const QStringList parts = source.split(QLatin1Char('-'));
    return generateTemplate({parts.value(0).toStdString(), parts.value(1).toLongLong(), {}}, catalog);
}

std::string firstOfKind(const Catalog &catalog, PartKind kind)
{
    const auto entries = catalog.ofKind(kind);
    return entries.empty() ? std::string() : entries.front()->id;
}

} // namespace

class TestHallView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void itemsMatchDesign_data();
    void itemsMatchDesign();
    void rackCategoryFromContents_data();
    void rackCategoryFromContents();
    void paletteColoursAreDistinct();
    void rowLabelsOnePerRow();
    void fitShowsEverythingBesideTheLegend();
    void wheelZoomKeepsPointUnderMouse_data();
    void wheelZoomKeepsPointUnderMouse();
    void zoomIsClamped();
    void middleDragPans();
    void labelDrawnOnlyWhenZoomedIn_data();
    void labelDrawnOnlyWhenZoomedIn();
    void thousandsOfRacks();
    void overviewPaintsTheSamePlan();
    void overlayColoursAndDimming();
    void patchesUpdateItemsInPlace();

private:
    Catalog mCatalog;
};

void TestHallView::initTestCase()
{
    mCatalog = Catalog::builtin();
}

void TestHallView::itemsMatchDesign_data()
{
    QTest::addColumn<QString>("source");
    QTest::newRow("sample") << QStringLiteral("sample");
    QTest::newRow("classic 512") << QStringLiteral("classic-512");
    QTest::newRow("supernode 288") << QStringLiteral("supernode-288");
}

void TestHallView::itemsMatchDesign()
{
    QFETCH(QString, source);
    const Design design = designFor(source, mCatalog);
    HallScene scene;
    scene.setDesign(design, mCatalog);
    const qreal k = HallScene::kUnitsPerMetre;

    QCOMPARE(scene.rackItems().size(), static_cast<qsizetype>(design.racks.size()));
    for (const RackItem *item : scene.rackItems()) {
        const Rack &rack = design.racks[static_cast<size_t>(item->rackIndex())];
        QCOMPARE(item->pos(), QPointF(rack.xM * k, rack.yM * k));
        QCOMPARE(item->rotation(), rack.rotationDeg);
        const CatalogEntry &model = mCatalog.at(rack.catalogId);
        // The footprint is the catalog rack's width × depth (the bounding rect has 1 unit of slack).
        QCOMPARE(item->boundingRect().width() - 2, model.figure("width_m") * k);
        QCOMPARE(item->boundingRect().height() - 2, model.figure("depth_m") * k);
        QCOMPARE(item->category(), rackCategory(rack, mCatalog));
        QCOMPARE(item->color(), rackCategoryColor(rackCategory(rack, mCatalog)));
        QVERIFY(item->flags() & QGraphicsItem::ItemIsSelectable);
        QVERIFY(item->flags() & QGraphicsItem::ItemUsesExtendedStyleOption);
    }
    QCOMPARE(scene.powerItems().size(), static_cast<qsizetype>(design.powerUnits.size()));
    for (const FacilityItem *item : scene.powerItems()) {
        QCOMPARE(item->kind(), FacilityItem::Kind::Power);
        const FacilityUnit &unit = design.powerUnits[static_cast<size_t>(item->unitIndex())];
        QCOMPARE(item->pos(), QPointF(unit.xM * k, unit.yM * k));
        QCOMPARE(item->id(), QString::fromStdString(unit.id));
    }
    QCOMPARE(scene.coolingItems().size(), static_cast<qsizetype>(design.coolingUnits.size()));
    for (const FacilityItem *item : scene.coolingItems()) {
        QCOMPARE(item->kind(), FacilityItem::Kind::Cooling);
        const FacilityUnit &unit = design.coolingUnits[static_cast<size_t>(item->unitIndex())];
        QCOMPARE(item->pos(), QPointF(unit.xM * k, unit.yM * k));
    }
    QCOMPARE(scene.hallRect(), QRectF(0, 0, design.hall.widthM * k, design.hall.depthM * k));
    // Every rack lies within what fit-to-view shows.
    for (const RackItem *item : scene.rackItems())
        QVERIFY(scene.contentRect().contains(item->sceneBoundingRect()));
    // No per-item text items: labels are painted by the items when zoomed in.
    for (QGraphicsItem *item : scene.items()) {
        QVERIFY(!dynamic_cast<QGraphicsSimpleTextItem *>(item));
        QVERIFY(!dynamic_cast<QGraphicsTextItem *>(item));
    }
}

void TestHallView::rackCategoryFromContents_data()
{
    QTest::addColumn<QList<int>>("kinds");
    QTest::addColumn<int>("expected");
    const auto k = [](PartKind kind) { return static_cast<int>(kind); };
    const auto c = [](RackCategory category) { return static_cast<int>(category); };
    QTest::newRow("servers") << QList<int>{k(PartKind::Server)} << c(RackCategory::Compute);
    QTest::newRow("servers and a leaf") << QList<int>{k(PartKind::Switch), k(PartKind::Server)} << c(RackCategory::Compute);
    QTest::newRow("supernode") << QList<int>{k(PartKind::Supernode)} << c(RackCategory::Supernode);
    QTest::newRow("supernode and switch") << QList<int>{k(PartKind::Switch), k(PartKind::Supernode)}
                                          << c(RackCategory::Supernode);
    QTest::newRow("switches") << QList<int>{k(PartKind::Switch), k(PartKind::Switch)} << c(RackCategory::Network);
    QTest::newRow("storage") << QList<int>{k(PartKind::Storage)} << c(RackCategory::Storage);
    QTest::newRow("storage and switch") << QList<int>{k(PartKind::Storage), k(PartKind::Switch)}
                                        << c(RackCategory::Storage);
    QTest::newRow("empty") << QList<int>{} << c(RackCategory::Empty);
}

void TestHallView::rackCategoryFromContents()
{
    QFETCH(QList<int>, kinds);
    QFETCH(int, expected);
    Rack rack;
    rack.id = "T1";
    rack.catalogId = firstOfKind(mCatalog, PartKind::Rack);
    int u = 1;
    for (int kind : kinds) {
        const std::string id = firstOfKind(mCatalog, static_cast<PartKind>(kind));
        QVERIFY2(!id.empty(), "the built-in catalog lacks a part of this kind");
        rack.contents.push_back({id, u, 1, SwitchRole::None});
        u += 4;
    }
    QCOMPARE(static_cast<int>(rackCategory(rack, mCatalog)), expected);
}

void TestHallView::paletteColoursAreDistinct()
{
    QList<QColor> colours;
    for (int i = 0; i < kRackCategoryCount; ++i)
        colours << rackCategoryColor(static_cast<RackCategory>(i));
    colours << powerUnitColor() << coolingUnitColor();
    for (int i = 0; i < colours.size(); ++i) {
        for (int j = i + 1; j < colours.size(); ++j) {
            const QColor &a = colours[i];
            const QColor &b = colours[j];
            const int distance = std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue());
            QVERIFY2(distance > 90, qPrintable(QStringLiteral("%1 vs %2").arg(a.name(), b.name())));
        }
    }
}

void TestHallView::rowLabelsOnePerRow()
{
    const Design design = designFor(QStringLiteral("classic-512"), mCatalog);
    HallScene scene;
    scene.setDesign(design, mCatalog);
    QSet<QString> rows;
    for (const Rack &rack : design.racks)
        if (!rack.row.empty())
            rows.insert(QString::fromStdString(rack.row));
    const auto &labels = scene.floorItem()->rowLabels();
    QCOMPARE(labels.size(), rows.size());
    for (const HallFloorItem::RowLabel &label : labels) {
        QVERIFY(rows.contains(label.text));
        // Left of the row's first rack.
        for (const RackItem *item : scene.rackItems()) {
            if (QString::fromStdString(design.racks[static_cast<size_t>(item->rackIndex())].row) == label.text)
                QVERIFY(label.box.right() <= item->sceneBoundingRect().left() + 1e-6);
        }
    }
}

void TestHallView::fitShowsEverythingBesideTheLegend()
{
    const Design design = designFor(QStringLiteral("classic-512"), mCatalog);
    HallView view;
    view.resize(1000, 700);
    view.setDesign(design, mCatalog);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.fitToView();
    QVERIFY(view.followsFit());

    const QRect viewport = view.viewport()->rect();
    const QRect legend = view.legend()->geometry().translated(-view.viewport()->pos());
    for (const RackItem *item : view.hallScene()->rackItems()) {
        const QRect onScreen = view.mapFromScene(item->sceneBoundingRect()).boundingRect();
        QVERIFY(viewport.contains(onScreen));
        QVERIFY2(!legend.intersects(onScreen), qPrintable(item->id()));
    }
    // The plan uses the space: the hall spans most of the width or the height.
    const QRect hall = view.mapFromScene(view.hallScene()->hallRect()).boundingRect();
    QVERIFY(hall.width() > viewport.width() / 2 || hall.height() > viewport.height() * 3 / 4);

    // Resizing refits while the user has not zoomed.
    view.resize(700, 500);
    QTest::qWait(20);
    for (const RackItem *item : view.hallScene()->rackItems())
        QVERIFY(view.viewport()->rect().contains(view.mapFromScene(item->sceneBoundingRect()).boundingRect()));
}

void TestHallView::wheelZoomKeepsPointUnderMouse_data()
{
    QTest::addColumn<int>("delta");
    QTest::addColumn<bool>("zoomsIn");
    QTest::newRow("one notch in") << 120 << true;
    QTest::newRow("three notches in") << 360 << true;
    QTest::newRow("one notch out") << -120 << false;
}

void TestHallView::wheelZoomKeepsPointUnderMouse()
{
    QFETCH(int, delta);
    QFETCH(bool, zoomsIn);
    HallView view;
    view.resize(900, 600);
    view.setDesign(designFor(QStringLiteral("sample"), mCatalog), mCatalog);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    // Zoomed in, so that zooming out does not run into the scroll range
    for (int i = 0; i < 3; ++i)
        view.zoomIn();

    const QPoint mouse(view.viewport()->width() * 2 / 3, view.viewport()->height() / 3);
    const QPointF sceneBefore = view.mapToScene(mouse);
    const qreal before = view.pixelsPerMetre();
    QWheelEvent wheel(mouse, view.viewport()->mapToGlobal(mouse), QPoint(), QPoint(0, delta), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view.viewport(), &wheel);

    const qreal after = view.pixelsPerMetre();
    QCOMPARE(after > before, zoomsIn);
    QVERIFY(!view.followsFit());
    // The point under the mouse stays under the mouse (within a pixel).
    const QPointF sceneAfter = view.mapToScene(mouse);
    const qreal tolerance = 1.5 * HallScene::kUnitsPerMetre / after;
    QVERIFY2(QLineF(sceneBefore, sceneAfter).length() <= tolerance,
             qPrintable(QStringLiteral("moved %1 scene units").arg(QLineF(sceneBefore, sceneAfter).length())));
}

void TestHallView::zoomIsClamped()
{
    HallView view;
    view.resize(800, 600);
    view.setDesign(designFor(QStringLiteral("sample"), mCatalog), mCatalog);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    for (int i = 0; i < 200; ++i)
        view.zoomIn();
    const qreal max = view.pixelsPerMetre();
    QVERIFY(std::isfinite(max) && max <= 601.0);
    for (int i = 0; i < 400; ++i)
        view.zoomOut();
    const qreal min = view.pixelsPerMetre();
    QVERIFY(min > 0.0 && min < max);
    view.fitToView();
    QVERIFY(view.pixelsPerMetre() > min && view.pixelsPerMetre() < max);
}

void TestHallView::middleDragPans()
{
    HallView view;
    view.resize(800, 600);
    view.setDesign(designFor(QStringLiteral("sample"), mCatalog), mCatalog);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    for (int i = 0; i < 4; ++i)
        view.zoomIn();
    const QPointF centreBefore = view.mapToScene(view.viewport()->rect().center());
    const QPoint from(400, 300);
    QTest::mousePress(view.viewport(), Qt::MiddleButton, Qt::NoModifier, from);
    QMouseEvent move(QEvent::MouseMove, QPointF(from + QPoint(-120, -80)), view.viewport()->mapToGlobal(QPointF(from + QPoint(-120, -80))),
                     Qt::NoButton, Qt::MiddleButton, Qt::NoModifier);
    QApplication::sendEvent(view.viewport(), &move);
    QTest::mouseRelease(view.viewport(), Qt::MiddleButton, Qt::NoModifier, from + QPoint(-120, -80));
    const QPointF centreAfter = view.mapToScene(view.viewport()->rect().center());
    // Dragging the plan up-left moves the view's centre down-right in the scene.
    QVERIFY2(centreAfter.x() > centreBefore.x() && centreAfter.y() > centreBefore.y(),
             qPrintable(QStringLiteral("(%1,%2) -> (%3,%4)")
                            .arg(centreBefore.x())
                            .arg(centreBefore.y())
                            .arg(centreAfter.x())
                            .arg(centreAfter.y())));
    // Nothing got selected by the pan.
    QVERIFY(view.hallScene()->selectedItems().isEmpty());
}

void TestHallView::labelDrawnOnlyWhenZoomedIn_data()
{
    QTest::addColumn<qreal>("pixelsPerMetre");
    QTest::addColumn<bool>("labelled");
    QTest::newRow("campus overview, 4 px/m") << 4.0 << false;
    QTest::newRow("hall overview, 12 px/m") << 12.0 << false;
    QTest::newRow("rows, 60 px/m") << 60.0 << true;
    QTest::newRow("close up, 200 px/m") << 200.0 << true;
}

void TestHallView::labelDrawnOnlyWhenZoomedIn()
{
    QFETCH(qreal, pixelsPerMetre);
    QFETCH(bool, labelled);
    const qreal k = HallScene::kUnitsPerMetre;
    // A compute rack (dark blue) is labelled in white: count white pixels inside it.
    RackItem item(0, QStringLiteral("R01-07"), QSizeF(0.6 * k, 1.2 * k), RackCategory::Compute);
    const qreal scale = pixelsPerMetre / k;
    const QSize size(qCeil(0.6 * k * scale) + 4, qCeil(1.2 * k * scale) + 4);
    QImage image(size, QImage::Format_ARGB32);
    image.fill(Qt::transparent);
    {
        QPainter painter(&image);
        painter.translate(size.width() / 2.0, size.height() / 2.0);
        painter.scale(scale, scale);
        QStyleOptionGraphicsItem option;
        option.exposedRect = item.boundingRect();
        item.paint(&painter, &option, nullptr);
    }
    int light = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            light += qGray(image.pixel(x, y)) > 200 && qAlpha(image.pixel(x, y)) > 200 ? 1 : 0;
    QCOMPARE(light > 0, labelled);
}

void TestHallView::thousandsOfRacks()
{
    // 5,000 racks in 50 rows: the scene builds, fits and paints at overview and close-up zoom.
    Design design = designFor(QStringLiteral("classic-256"), mCatalog);
    QVERIFY(!design.racks.empty());
    const Rack prototype = design.racks.front();
    design.racks.clear();
    design.hall.widthM = 70.0;
    design.hall.depthM = 160.0;
    for (int row = 0; row < 50; ++row) {
        for (int i = 0; i < 100; ++i) {
            Rack rack = prototype;
            rack.id = QStringLiteral("R%1-%2").arg(row, 2, 10, QLatin1Char('0')).arg(i, 3, 10, QLatin1Char('0')).toStdString();
            rack.row = QStringLiteral("%1").arg(row, 2, 10, QLatin1Char('0')).toStdString();
            rack.xM = 3.0 + i * 0.6;
            rack.yM = 3.0 + row * 3.0;
            design.racks.push_back(rack);
        }
    }
    HallView view;
    view.resize(1200, 800);
    view.setDesign(design, mCatalog);
    QCOMPARE(view.hallScene()->rackItems().size(), 5000);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QImage overview = view.viewport()->grab().toImage();
    QVERIFY(!overview.isNull());
    for (int i = 0; i < 12; ++i)
        view.zoomIn();
    const QImage closeUp = view.viewport()->grab().toImage();
    QVERIFY(closeUp != overview);
    // Selecting everything with a band works at this size too.
    view.hallScene()->setSelectionArea([&] {
        QPainterPath path;
        path.addRect(view.hallScene()->contentRect());
        return path;
    }());
    QCOMPARE(view.hallScene()->selectedRackIndexes().size(), 5000);
}

void TestHallView::overviewPaintsTheSamePlan()
{
    // 2,000 racks in 20 rows in a small window: zoomed out so far that the plan is painted as
    // the batched overview. It must look like the item-by-item paint, overlay and selection too.
    Design design = designFor(QStringLiteral("classic-256"), mCatalog);
    QVERIFY(!design.racks.empty());
    const Rack prototype = design.racks.front();
    design.racks.clear();
    design.hall.widthM = 70.0;
    design.hall.depthM = 66.0;
    for (int row = 0; row < 20; ++row)
        for (int i = 0; i < 100; ++i) {
            Rack rack = prototype;
            rack.id = QStringLiteral("R%1-%2").arg(row).arg(i).toStdString();
            rack.row = std::to_string(row);
            rack.xM = 3.0 + i * 0.6;
            rack.yM = 3.0 + row * 3.0;
            rack.rotationDeg = row % 2 ? 180.0 : 0.0;
            design.racks.push_back(rack);
        }
    HallView view;
    view.resize(400, 300);
    view.setDesign(design, mCatalog);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.fitToView();
    QVERIFY(view.pixelsPerMetre() * 0.6 < RackItem::kFlatPixels);
    QVERIFY(view.isOverview());

    HallScene *scene = view.hallScene();
    QVector<QColor> overlay(scene->rackItems().size(), QColor());
    overlay[0] = QColor(Qt::red);
    scene->setRackOverlay(overlay);
    scene->rackItems()[150]->setSelected(true);

    const auto paint = [&](bool overviewOn) {
        view.setOverviewEnabled(overviewOn);
        QImage image(view.viewport()->size(), QImage::Format_RGB32);
        image.fill(Qt::white);
        view.viewport()->render(&image);
        return image;
    };
    const QImage batched = paint(true);
    const QImage items = paint(false);
    // Edges differ by antialiasing only: most pixels match, and the racks are there.
    int differ = 0;
    for (int y = 0; y < batched.height(); ++y)
        for (int x = 0; x < batched.width(); ++x) {
            const QRgb a = batched.pixel(x, y), b = items.pixel(x, y);
            differ += std::abs(qGray(a) - qGray(b)) > 40 ? 1 : 0;
        }
    QVERIFY2(differ < batched.width() * batched.height() / 20, qPrintable(QString::number(differ)));
    // Racks are 1–2 pixels wide here: look for the colour around the rack's centre.
    const auto shows = [&](int rack, const QColor &colour) {
        const QPoint at = view.mapFromScene(scene->rackItems()[rack]->pos());
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx)
                if (batched.pixelColor(at + QPoint(dx, dy)) == colour)
                    return true;
        return false;
    };
    QVERIFY(shows(0, Qt::red));
    QVERIFY(shows(150, Qt::black));
    QVERIFY(!shows(151, Qt::black));
    QVERIFY(shows(1000, scene->rackItems()[1000]->color()));

    // Zoomed in, racks get their outline, fill bar and label again: items paint themselves.
    view.setOverviewEnabled(true);
    for (int i = 0; i < 6; ++i)
        view.zoomIn();
    QVERIFY(!view.isOverview());
}

void TestHallView::overlayColoursAndDimming()
{
    const Design design = sampleDesign(mCatalog);
    HallScene scene;
    scene.setDesign(design, mCatalog);
    const int n = scene.rackItems().size();
    const QColor category = scene.rackItems()[0]->color();
    QVector<QColor> colours(n, QColor(Qt::red));
    colours[1] = QColor(Qt::green);
    scene.setRackOverlay(colours);
    QCOMPARE(scene.rackItems()[0]->color(), QColor(Qt::red));
    QCOMPARE(scene.rackItems()[1]->color(), QColor(Qt::green));
    // A vector for another design is ignored; an empty one restores the categories.
    scene.setRackOverlay(QVector<QColor>(n + 1, QColor(Qt::blue)));
    QCOMPARE(scene.rackItems()[0]->color(), category);
    scene.setRackOverlay(colours);
    scene.setRackOverlay({});
    QCOMPARE(scene.rackItems()[0]->color(), category);

    QVector<bool> dimmed(n, true);
    dimmed[2] = false;
    scene.setDimmedRacks(dimmed);
    QVERIFY(scene.rackItems()[0]->isDimmed());
    QVERIFY(!scene.rackItems()[2]->isDimmed());
    scene.setDimmedRacks({});
    QVERIFY(!scene.rackItems()[0]->isDimmed());
}

void TestHallView::patchesUpdateItemsInPlace()
{
    Design design = sampleDesign(mCatalog);
    HallScene scene;
    scene.setDesign(design, mCatalog);
    const QVector<RackItem *> before = scene.rackItems();

    // A move updates the moved items and keeps every item object (no rebuild).
    const Edit move = moveBy(design, {{0, 5}, {}, {}}, 0.6, 0.0);
    QVERIFY(move.ok());
    move.patch.apply(design);
    scene.applyPatch(move.patch, false, design, mCatalog);
    QCOMPARE(scene.rackItems(), before);
    QCOMPARE(scene.rackItems()[5]->pos(), HallScene::toScene(design.racks[5].xM, design.racks[5].yM));

    // Appended racks add items after the existing ones; undoing removes just those.
    const Edit copies = duplicate(design, {{1, 2}, {}, {}}, 0.0, 0.6);
    QVERIFY(copies.ok());
    copies.patch.apply(design);
    scene.applyPatch(copies.patch, false, design, mCatalog);
    QCOMPARE(scene.rackItems().size(), before.size() + 2);
    QCOMPARE(scene.rackItems().mid(0, before.size()), before);
    QCOMPARE(scene.rackItems().back()->id(), QString::fromStdString(design.racks.back().id));
    QVERIFY(scene.rackItem(QString::fromStdString(design.racks.back().id)));
    copies.patch.revert(design);
    scene.applyPatch(copies.patch, true, design, mCatalog);
    QCOMPARE(scene.rackItems(), before);

    // A deletion in the middle rebuilds: indexes shift, items match the design again.
    const Edit gone = remove(design, {{3}, {}, {}});
    QVERIFY(gone.ok());
    gone.patch.apply(design);
    scene.applyPatch(gone.patch, false, design, mCatalog);
    QCOMPARE(scene.rackItems().size(), static_cast<int>(design.racks.size()));
    for (int i = 0; i < scene.rackItems().size(); ++i) {
        QCOMPARE(scene.rackItems()[i]->rackIndex(), i);
        QCOMPARE(scene.rackItems()[i]->id(), QString::fromStdString(design.racks[static_cast<size_t>(i)].id));
    }
}

QTEST_MAIN(TestHallView)
#include "test_hallview.moc"
