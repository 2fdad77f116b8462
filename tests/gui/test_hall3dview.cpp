// The VTK 3D hall view in a Qt 6 QOpenGLWidget, under Xvfb with the xcb platform: it really
// renders (not black, not one colour, rack colours present), takes the mouse, and the main
// window creates it lazily; racks take their kW from the results, a click picks the rack under
// the cursor into the shared selection, the selection and a failure domain tint the racks, and
// a design of 10k+ racks is drawn with as many actors as a small one.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "views/session/document.h"
#include "model/engine/evaluation.h"
#include "views/hall3d/hall3dview.h"
#include "views/window/mainwindow.h"
#include "views/plan/items/rackcategory.h"
#include "views/session/selectionmodel.h"
#include "model/generate/templates.h"

#include <QApplication>
#include <QSurfaceFormat>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

using namespace cp;
using namespace cp::gui;

namespace {

/// Pixels whose hue and saturation match a colour, whatever the shading (lighting scales value).
int pixelsLike(const QImage &image, const QColor &colour)
{
    const int hue = colour.hsvHue();
    int count = 0;
    for (int y = 0; y < image.height(); ++y) {
        const QRgb *line = reinterpret_cast<const QRgb *>(image.constScanLine(y));
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = QColor::fromRgb(line[x]);
            if (c.hsvSaturation() < 80 || c.value() < 40)
                continue;
            const int d = std::abs(c.hsvHue() - hue);
            if (std::min(d, 360 - d) <= 8)
                ++count;
        }
    }
    return count;
}

/// Hue distance in degrees (0–180).
int hueDistance(const QColor &a, const QColor &b)
{
    const int d = std::abs(a.hsvHue() - b.hsvHue());
    return std::min(d, 360 - d);
}

/// Shows a view of `design` and waits for its first frame.
void showAndWait(Hall3dView &view)
{
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTRY_VERIFY_WITH_TIMEOUT(view.framesRendered() >= 1, 30000);
}

int distinctColours(const QImage &image)
{
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += 2) {
        const QRgb *line = reinterpret_cast<const QRgb *>(image.constScanLine(y));
        for (int x = 0; x < image.width(); x += 2)
            colours.insert(line[x] & 0xffffff);
    }
    return static_cast<int>(colours.size());
}

} // namespace

class TestHall3dView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void rendersRacks_data();
    void rendersRacks();
    void mouseDragOrbitsCamera();
    void mainWindowCreatesViewLazily();
    void racksColouredByPower();
    void heightByPower();
    void clickPicksRackAndSelects();
    void selectionInModelTintsRack();
    void highlightTintsDomain();
    void largeDesignKeepsOneRackActor();

private:
    Catalog mCatalog;
};

void TestHall3dView::initTestCase()
{
    QCOMPARE(QGuiApplication::platformName(), QStringLiteral("xcb"));
    QString reason;
    QVERIFY2(Hall3dView::isOpenGLAvailable(&reason), qPrintable(reason));
    mCatalog = Catalog::builtin();
}

void TestHall3dView::rendersRacks_data()
{
    QTest::addColumn<QString>("source");
    QTest::newRow("sample") << QStringLiteral("sample");
    QTest::newRow("classic 1024") << QStringLiteral("classic-1024");
    QTest::newRow("supernode 576") << QStringLiteral("supernode-576");
}

void TestHall3dView::rendersRacks()
{
    QFETCH(QString, source);
    Design design;
    if (source == QLatin1String("sample")) {
        design = sampleDesign(mCatalog);
    } else {
        const QStringList parts = source.split(QLatin1Char('-'));
        design = generateTemplate({parts[0].toStdString(), parts[1].toLongLong(), {}}, mCatalog);
    }

    Hall3dView view;
    view.resize(900, 640);
    view.setDesign(design, mCatalog);
    QCOMPARE(view.rackCount(), static_cast<int>(design.racks.size()));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTRY_VERIFY_WITH_TIMEOUT(view.framesRendered() >= 1, 30000);

    const QImage image = view.grabFramebuffer().convertToFormat(QImage::Format_RGB32);
    QCOMPARE(image.size(), view.size() * view.devicePixelRatio());
    // Not black, not one flat colour: VTK drew a shaded scene into our framebuffer.
    QVERIFY2(distinctColours(image) > 50, qPrintable(QString::number(distinctColours(image))));
    int dark = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            dark += qGray(image.pixel(x, y)) < 16 ? 1 : 0;
    QVERIFY2(dark < image.width() * image.height() / 4, "a mostly black image: VTK did not render");

    // Every kind of rack in the design shows in its legend colour.
    std::map<RackCategory, int> racksOf;
    for (const Rack &rack : design.racks)
        ++racksOf[rackCategory(rack, mCatalog)];
    const int total = image.width() * image.height();
    int coloured = 0;
    for (const auto &[category, count] : racksOf) {
        if (category == RackCategory::Empty)
            continue;
        const int pixels = pixelsLike(image, rackCategoryColor(category));
        coloured += pixels;
        QVERIFY2(pixels >= 30, qPrintable(QStringLiteral("%1 racks of %2: %3 pixels")
                                              .arg(count)
                                              .arg(rackCategoryName(category))
                                              .arg(pixels)));
    }
    QVERIFY2(coloured > total / 200, qPrintable(QStringLiteral("%1 rack pixels of %2").arg(coloured).arg(total)));
}

void TestHall3dView::mouseDragOrbitsCamera()
{
    Hall3dView view;
    view.resize(800, 600);
    view.setDesign(sampleDesign(mCatalog), mCatalog);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTRY_VERIFY_WITH_TIMEOUT(view.framesRendered() >= 1, 30000);
    const QImage before = view.grabFramebuffer();

    const int frames = view.framesRendered();
    const QPoint from(400, 300);
    QTest::mousePress(&view, Qt::LeftButton, Qt::NoModifier, from);
    for (int i = 1; i <= 10; ++i) {
        QMouseEvent move(QEvent::MouseMove, QPointF(from + QPoint(i * 15, i * 4)),
                         view.mapToGlobal(QPointF(from + QPoint(i * 15, i * 4))), Qt::NoButton, Qt::LeftButton,
                         Qt::NoModifier);
        QApplication::sendEvent(&view, &move);
    }
    QTest::mouseRelease(&view, Qt::LeftButton, Qt::NoModifier, from + QPoint(150, 40));
    // The interactor asked for repaints; they happened and show another view.
    QTRY_VERIFY_WITH_TIMEOUT(view.framesRendered() > frames, 10000);
    const QImage after = view.grabFramebuffer();
    QVERIFY(after != before);

    // The wheel zooms.
    const QImage beforeZoom = after;
    QWheelEvent wheel(QPointF(400, 300), view.mapToGlobal(QPointF(400, 300)), QPoint(), QPoint(0, 120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&view, &wheel);
    QTRY_VERIFY_WITH_TIMEOUT(view.grabFramebuffer() != beforeZoom, 10000);

    // R goes back to the first view.
    QTest::keyClick(&view, Qt::Key_R);
    QTRY_VERIFY_WITH_TIMEOUT(view.grabFramebuffer() == before, 10000);
}

void TestHall3dView::mainWindowCreatesViewLazily()
{
    MainWindow window(mCatalog);
    window.setErrorDialogsEnabled(false);
    window.loadSample();
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(!window.hall3dView());
    window.show3d();
    Hall3dView *view = window.hall3dView();
    QVERIFY(view);
    QCOMPARE(view->rackCount(), static_cast<int>(window.document()->design().racks.size()));
    QTRY_VERIFY_WITH_TIMEOUT(view->framesRendered() >= 1, 30000);

    // The window grab (what --screenshot saves) contains the rendered 3D view, not black.
    const QImage shot = window.grab().toImage().convertToFormat(QImage::Format_RGB32);
    const QRect area(view->mapTo(&window, QPoint(0, 0)), view->size());
    const QImage part = shot.copy(area);
    QVERIFY(distinctColours(part) > 50);
    int coloured = 0;
    for (int i = 0; i < kRackCategoryCount - 1; ++i)
        coloured += pixelsLike(part, rackCategoryColor(static_cast<RackCategory>(i)));
    QVERIFY2(coloured > part.width() * part.height() / 200, qPrintable(QString::number(coloured)));

    // A new design reaches the existing view.
    QVERIFY(window.newFromTemplate(QStringLiteral("supernode"), 144));
    QCOMPARE(view->rackCount(), static_cast<int>(window.document()->design().racks.size()));
}

void TestHall3dView::racksColouredByPower()
{
    const Design design = generateTemplate({"classic", 1024, {}}, mCatalog);
    const Results results = evaluate(design, mCatalog);
    const auto &power = results.power.racks;
    QCOMPARE(power.size(), design.racks.size());

    Hall3dView view;
    view.resize(900, 640);
    view.setDesign(design, mCatalog);
    QVERIFY(!view.showsPower());
    QVERIFY(view.scalarBarTitle().isEmpty());
    QVERIFY(std::isnan(view.rackPowerKw(0)));
    QCOMPARE(view.rackColor(0), rackCategoryColor(rackCategory(design.racks[0], mCatalog)));

    view.setResults(results);
    QVERIFY(view.showsPower());
    QVERIFY2(view.scalarBarTitle().contains(QStringLiteral("(kW)")), qPrintable(view.scalarBarTitle()));
    // One glyph per rack, carrying that rack's IT kW at training load.
    QCOMPARE(view.rackGlyphCount(), static_cast<int>(design.racks.size()));
    for (size_t i = 0; i < power.size(); ++i)
        QCOMPARE(view.rackPowerKw(int(i)), power[i].itKw);

    // Colours follow kW on the plan's light-to-dark scale: equal kW, equal colour; hotter, darker.
    std::vector<int> loaded;
    for (size_t i = 0; i < power.size(); ++i)
        if (power[i].itKw > 0 && !(power[i].limitKw > 0 && power[i].maxKw > power[i].limitKw))
            loaded.push_back(int(i));
    QVERIFY(loaded.size() > 10);
    std::sort(loaded.begin(), loaded.end(), [&](int a, int b) { return power[a].itKw < power[b].itKw; });
    QVERIFY2(power[loaded.front()].itKw < power[loaded.back()].itKw, "the design needs racks of different power");
    for (size_t k = 1; k < loaded.size(); ++k) {
        const double kwA = power[loaded[k - 1]].itKw, kwB = power[loaded[k]].itKw;
        const QColor a = view.rackColor(loaded[k - 1]), b = view.rackColor(loaded[k]);
        if (kwA == kwB)
            QCOMPARE(a, b);
        else
            QVERIFY2(b.lightness() <= a.lightness(), qPrintable(QStringLiteral("%1 kW %2, %3 kW %4")
                                                                     .arg(kwA).arg(a.name()).arg(kwB).arg(b.name())));
    }
    QVERIFY(view.rackColor(loaded.back()).lightness() < view.rackColor(loaded.front()).lightness());

    // What is drawn: the hottest racks' colour is on screen.
    showAndWait(view);
    const QImage image = view.grabFramebuffer().convertToFormat(QImage::Format_RGB32);
    QVERIFY(pixelsLike(image, view.rackColor(loaded.back())) >= 30);

    // Results of another design (another rack count) go back to category colours.
    Results other = results;
    other.power.racks.pop_back();
    view.setResults(other);
    QVERIFY(!view.showsPower());
    QVERIFY(view.scalarBarTitle().isEmpty());
    QCOMPARE(view.rackColor(0), rackCategoryColor(rackCategory(design.racks[0], mCatalog)));
}

void TestHall3dView::heightByPower()
{
    const Design design = generateTemplate({"classic", 1024, {}}, mCatalog);
    const Results results = evaluate(design, mCatalog);
    const auto &power = results.power.racks;
    Hall3dView view;
    view.setDesign(design, mCatalog);
    view.setResults(results);
    std::vector<double> geometric;
    for (int i = 0; i < view.rackCount(); ++i)
        geometric.push_back(view.rackHeightM(i));

    view.setHeightByPower(true);
    const auto hottest = std::max_element(power.begin(), power.end(),
                                          [](const RackPower &a, const RackPower &b) { return a.itKw < b.itKw; });
    const int h = int(hottest - power.begin());
    QVERIFY(view.rackHeightM(h) <= Hall3dView::kPowerHeightM + 1e-9);
    for (int i = 0; i < view.rackCount(); ++i) {
        QVERIFY(view.rackHeightM(i) > 0.0);
        if (power[size_t(i)].itKw < hottest->itKw)
            QVERIFY(view.rackHeightM(i) < view.rackHeightM(h));
    }
    view.setHeightByPower(false);
    for (int i = 0; i < view.rackCount(); ++i)
        QCOMPARE(view.rackHeightM(i), geometric[size_t(i)]);
}

void TestHall3dView::clickPicksRackAndSelects()
{
    const Design design = sampleDesign(mCatalog);
    SelectionModel selection;
    Hall3dView view;
    view.resize(900, 640);
    view.setSelectionModel(&selection);
    view.setDesign(design, mCatalog);
    showAndWait(view);

    // Most racks are hit at their projected top centre (the others hide behind a nearer rack).
    int hits = 0;
    for (int i = 0; i < view.rackCount(); ++i)
        hits += view.rackAt(view.rackScreenPosition(i).toPoint()) == i ? 1 : 0;
    QVERIFY2(hits >= view.rackCount() * 8 / 10, qPrintable(QStringLiteral("%1 of %2").arg(hits).arg(view.rackCount())));
    QCOMPARE(view.rackAt(QPoint(3, 3)), -1); // the sky above the hall

    // The rack nearest the bottom of the view stands in front: nothing hides it.
    int front = -1;
    for (int i = 0; i < view.rackCount(); ++i) {
        const QPointF p = view.rackScreenPosition(i);
        if (view.rect().contains(p.toPoint()) && (front < 0 || p.y() > view.rackScreenPosition(front).y()))
            front = i;
    }
    QVERIFY(front >= 0);
    const QPoint at = view.rackScreenPosition(front).toPoint();
    QCOMPARE(view.rackAt(at), front);
    // The pixel there shows that rack's colour: the pick agrees with what is drawn.
    const QImage image = view.grabFramebuffer().convertToFormat(QImage::Format_RGB32);
    const QColor drawn = QColor::fromRgb(image.pixel(at * view.devicePixelRatio()));
    const QColor base = view.rackColor(front);
    QVERIFY2(hueDistance(drawn, base) <= 12, qPrintable(drawn.name() + QLatin1Char(' ') + base.name()));

    QSignalSpy clicked(&view, &Hall3dView::rackClicked);
    QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, at);
    QCOMPARE(clicked.size(), 1);
    QCOMPARE(clicked.at(0).at(0).toInt(), front);
    QCOMPARE(selection.selection().racks, QVector<int>{front});
    QVERIFY(view.rackColor(front).lightness() < base.lightness());

    // A drag orbits and leaves the selection alone.
    QTest::mousePress(&view, Qt::LeftButton, Qt::NoModifier, QPoint(100, 100));
    QMouseEvent move(QEvent::MouseMove, QPointF(160, 130), view.mapToGlobal(QPointF(160, 130)), Qt::NoButton,
                     Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&view, &move);
    QTest::mouseRelease(&view, Qt::LeftButton, Qt::NoModifier, QPoint(160, 130));
    QCOMPARE(selection.selection().racks, QVector<int>{front});

    // A click on nothing clears it.
    view.resetCamera();
    QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, QPoint(3, 3));
    QVERIFY(selection.selection().isEmpty());
    QCOMPARE(view.rackColor(front), base);
}

void TestHall3dView::selectionInModelTintsRack()
{
    const Design design = sampleDesign(mCatalog);
    SelectionModel selection;
    Hall3dView view;
    view.setSelectionModel(&selection);
    view.setDesign(design, mCatalog);
    std::vector<QColor> before;
    for (int i = 0; i < view.rackCount(); ++i)
        before.push_back(view.rackColor(i));

    selection.selectRacks({3, 5});
    for (int i = 0; i < view.rackCount(); ++i) {
        if (i == 3 || i == 5)
            QVERIFY(view.rackColor(i) != before[size_t(i)]);
        else
            QCOMPARE(view.rackColor(i), before[size_t(i)]);
    }
    // Tinted towards the selection colour, as on the plan.
    const QColor t = Hall3dView::selectedTint();
    auto distance = [&](const QColor &c) { return std::abs(c.red() - t.red()) + std::abs(c.green() - t.green()) + std::abs(c.blue() - t.blue()); };
    QVERIFY(distance(view.rackColor(3)) < distance(before[3]));

    selection.clear();
    QCOMPARE(view.rackColor(3), before[3]);
}

void TestHall3dView::highlightTintsDomain()
{
    const Design design = sampleDesign(mCatalog);
    QVERIFY(design.racks.size() >= 8);
    SelectionModel selection;
    Hall3dView view;
    view.resize(900, 640);
    view.setSelectionModel(&selection);
    view.setDesign(design, mCatalog);
    std::vector<QColor> before;
    for (int i = 0; i < view.rackCount(); ++i)
        before.push_back(view.rackColor(i));

    DomainHighlight highlight;
    highlight.label = QStringLiteral("power unit \"PDU-A1\"");
    highlight.racksDown = {0, 1, 2, 3};
    highlight.racksServed = {4};
    selection.setHighlight(highlight);
    for (int i : highlight.racksDown)
        QCOMPARE(view.rackColor(i), Hall3dView::downColor());
    QCOMPARE(view.rackColor(4), Hall3dView::servedColor());
    // The rest fade: less saturated than before.
    for (int i = 5; i < view.rackCount(); ++i)
        QVERIFY(view.rackColor(i).hsvSaturation() < before[size_t(i)].hsvSaturation() || before[size_t(i)].hsvSaturation() == 0);

    selection.selectRacks({6});
    showAndWait(view);
    const QImage image = view.grabFramebuffer().convertToFormat(QImage::Format_RGB32);
    QVERIFY2(pixelsLike(image, Hall3dView::downColor()) >= 30, "the racks down are not on screen");
    // CP_TEST_PNG_DIR=dir keeps the frame, to look at.
    if (qEnvironmentVariableIsSet("CP_TEST_PNG_DIR"))
        image.save(QDir(qEnvironmentVariable("CP_TEST_PNG_DIR")).filePath(QStringLiteral("hall3d-highlight.png")));
    selection.clear();

    selection.clearHighlight();
    for (int i = 0; i < view.rackCount(); ++i)
        QCOMPARE(view.rackColor(i), before[size_t(i)]);
}

void TestHall3dView::largeDesignKeepsOneRackActor()
{
    Hall3dView small;
    small.setDesign(sampleDesign(mCatalog), mCatalog);
    const int actors = small.actorCount();
    QVERIFY(actors > 0);

    // The classic template grown past 10,000 racks.
    Design large;
    for (long long gpus = 330000; large.racks.size() < 10000; gpus += 40000)
        large = generateTemplate({"classic", gpus, {}}, mCatalog);
    Hall3dView view;
    view.resize(900, 640);
    view.setDesign(large, mCatalog);
    QCOMPARE(view.rackGlyphCount(), static_cast<int>(large.racks.size()));
    QCOMPARE(view.actorCount(), actors);
    QVERIFY(view.rowLabelCount() > 0);
    showAndWait(view);
    const QImage image = view.grabFramebuffer().convertToFormat(QImage::Format_RGB32);
    QVERIFY(distinctColours(image) > 50);
    QVERIFY(pixelsLike(image, rackCategoryColor(RackCategory::Compute)) > image.width() * image.height() / 50);
}

int main(int argc, char *argv[])
{
    // As in the application: VTK's context must share with the window's.
    QSurfaceFormat::setDefaultFormat(Hall3dView::defaultFormat());
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    TestHall3dView test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_hall3dview.moc"
