// The VTK 3D hall view in a Qt 6 QOpenGLWidget, under Xvfb with the xcb platform: it really
// renders (not black, not one colour, rack colours present), takes the mouse, and the main
// window creates it lazily.

#include "catalog.h"
#include "design.h"
#include "document.h"
#include "hall3dview.h"
#include "mainwindow.h"
#include "rackcategory.h"
#include "templates.h"

#include <QApplication>
#include <QSurfaceFormat>
#include <QtTest>

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
