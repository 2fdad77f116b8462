#include "views/hall3d/hall3dview.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "views/plan/overlay.h"
#include "views/plan/items/rackcategory.h"
#include "views/session/selectionmodel.h"
#include "views/style/colorscale.h"

#include <QFont>
#include <QFontMetrics>
#include <QGuiApplication>
#include <QImage>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QPainter>
#include <QWheelEvent>

#include <vtkActor.h>
#include <vtkCallbackCommand.h>
#include <vtkCamera.h>
#include <vtkCellData.h>
#include <vtkCellArray.h>
#include <vtkCommand.h>
#include <vtkCubeSource.h>
#include <vtkCylinderSource.h>
#include <vtkDoubleArray.h>
#include <vtkFloatArray.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkGenericRenderWindowInteractor.h>
#include <vtkGlyph3DMapper.h>
#include <vtkImageData.h>
#include <vtkInteractorStyleTrackballCamera.h>
#include <vtkLookupTable.h>
#include <vtkNew.h>
#include <vtkOpenGLState.h>
#include <vtkOutlineSource.h>
#include <vtkPlaneSource.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkPropCollection.h>
#include <vtkProperty.h>
#include <vtkProperty2D.h>
#include <vtkRenderer.h>
#include <vtkScalarBarActor.h>
#include <vtkSmartPointer.h>
#include <vtkTextProperty.h>
#include <vtkTexture.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <vector>

namespace cp::gui {

namespace {

constexpr double kUnitSizeM = 0.6;
constexpr double kPowerUnitHeightM = 1.2;
constexpr double kCoolingUnitHeightM = 1.9;
// Racks in a row touch; a small gap keeps them readable as separate boxes.
constexpr double kRackGapFactor = 0.94;
// A click that moves less than this (logical pixels) between press and release picks; more orbits.
constexpr int kClickSlopPx = 4;
// Row labels: one atlas texture of cells this size, at most this many labels.
constexpr int kLabelCellW = 192;
constexpr int kLabelCellH = 48;
constexpr int kLabelColumns = 16;
constexpr int kMaxRowLabels = 512;

QColor floorColor()
{
    return QColor::fromRgbF(0.86f, 0.87f, 0.86f);
}

/// An oriented box: centre, half sizes and turn about +z; what a glyph draws and a pick hits.
struct Box
{
    double c[3] = {0, 0, 0};
    double half[3] = {0, 0, 0};
    double turnRad = 0.0;
};

/// Ray–box intersection in the box's frame (slab test); the ray parameter of the entry, or -1.
double hitBox(const Box &box, const double origin[3], const double dir[3])
{
    const double cs = std::cos(-box.turnRad), sn = std::sin(-box.turnRad);
    const double ox = origin[0] - box.c[0], oy = origin[1] - box.c[1];
    const double o[3] = {cs * ox - sn * oy, sn * ox + cs * oy, origin[2] - box.c[2]};
    const double d[3] = {cs * dir[0] - sn * dir[1], sn * dir[0] + cs * dir[1], dir[2]};
    double tNear = -std::numeric_limits<double>::infinity();
    double tFar = std::numeric_limits<double>::infinity();
    for (int k = 0; k < 3; ++k) {
        if (std::abs(d[k]) < 1e-12) {
            if (std::abs(o[k]) > box.half[k])
                return -1.0;
            continue;
        }
        double t0 = (-box.half[k] - o[k]) / d[k];
        double t1 = (box.half[k] - o[k]) / d[k];
        if (t0 > t1)
            std::swap(t0, t1);
        tNear = std::max(tNear, t0);
        tFar = std::min(tFar, t1);
        if (tNear > tFar)
            return -1.0;
    }
    if (tFar < 0.0)
        return -1.0;
    return std::max(tNear, 0.0);
}

/// Points with per-point scale, orientation and colour, drawn as glyphs of one shape: one actor,
/// instanced by VTK's OpenGL glyph mapper however many points there are.
struct GlyphSet
{
    vtkNew<vtkPolyData> points;
    vtkNew<vtkGlyph3DMapper> mapper;
    vtkNew<vtkActor> actor;
    std::vector<Box> boxes; ///< the drawn boxes, for picking
    bool uprightY = false;  ///< the shape's axis is y (vtkCylinderSource): stand it up

    void setup(vtkAlgorithm *shape)
    {
        mapper->SetSourceConnection(shape->GetOutputPort());
        mapper->SetInputData(points);
        mapper->SetScaleArray("scale");
        mapper->SetScaleModeToScaleByVectorComponents();
        mapper->SetOrientationArray("orientation");
        mapper->SetOrientationModeToRotation();
        mapper->SetColorModeToDirectScalars();
        mapper->ScalarVisibilityOn();
        actor->SetMapper(mapper);
        vtkProperty *property = actor->GetProperty();
        // Matte: the rack colours must read as the legend's colours from any angle.
        property->SetAmbient(0.3);
        property->SetDiffuse(0.75);
        property->SetSpecular(0.0);
    }

    void setScale(vtkDoubleArray *scale, vtkIdType i, const Box &b) const
    {
        if (uprightY)
            scale->SetTuple3(i, 2.0 * b.half[0], 2.0 * b.half[2], 2.0 * b.half[1]);
        else
            scale->SetTuple3(i, 2.0 * b.half[0], 2.0 * b.half[1], 2.0 * b.half[2]);
    }

    void fill(const std::vector<Box> &newBoxes, const std::vector<QColor> &colors)
    {
        boxes = newBoxes;
        vtkNew<vtkPoints> xyz;
        vtkNew<vtkDoubleArray> scale;
        scale->SetName("scale");
        scale->SetNumberOfComponents(3);
        vtkNew<vtkDoubleArray> orientation;
        orientation->SetName("orientation");
        orientation->SetNumberOfComponents(3);
        vtkNew<vtkUnsignedCharArray> rgb;
        rgb->SetName("color");
        rgb->SetNumberOfComponents(3);
        const auto n = static_cast<vtkIdType>(boxes.size());
        xyz->SetNumberOfPoints(n);
        scale->SetNumberOfTuples(n);
        orientation->SetNumberOfTuples(n);
        rgb->SetNumberOfTuples(n);
        for (vtkIdType i = 0; i < n; ++i) {
            const Box &b = boxes[size_t(i)];
            xyz->SetPoint(i, b.c);
            setScale(scale, i, b);
            // Rotation mode: degrees about x, y, z; a quarter turn about x stands a y-axis shape up.
            orientation->SetTuple3(i, uprightY ? 90.0 : 0.0, 0.0, b.turnRad * 180.0 / M_PI);
            const QColor &c = colors[size_t(i)];
            const unsigned char t[3] = {static_cast<unsigned char>(c.red()), static_cast<unsigned char>(c.green()),
                                        static_cast<unsigned char>(c.blue())};
            rgb->SetTypedTuple(i, t);
        }
        points->Initialize();
        points->SetPoints(xyz);
        points->GetPointData()->AddArray(scale);
        points->GetPointData()->AddArray(orientation);
        points->GetPointData()->SetScalars(rgb);
        points->Modified();
    }

    /// Moves and resizes the glyphs to `boxes` (same count), keeping colours.
    void updateBoxes()
    {
        vtkPoints *xyz = points->GetPoints();
        auto *scale = vtkDoubleArray::SafeDownCast(points->GetPointData()->GetArray("scale"));
        if (!xyz || !scale)
            return;
        for (vtkIdType i = 0; i < xyz->GetNumberOfPoints(); ++i) {
            const Box &b = boxes[size_t(i)];
            xyz->SetPoint(i, b.c);
            setScale(scale, i, b);
        }
        xyz->Modified();
        scale->Modified();
        points->Modified();
    }

    vtkUnsignedCharArray *colors() const
    {
        return vtkUnsignedCharArray::SafeDownCast(points->GetPointData()->GetScalars());
    }

    /// The entry parameter and index of the nearest box the ray hits, or {-1, -1}.
    std::pair<double, int> hit(const double origin[3], const double dir[3]) const
    {
        std::pair<double, int> best{-1.0, -1};
        for (size_t i = 0; i < boxes.size(); ++i) {
            const double t = hitBox(boxes[i], origin, dir);
            if (t >= 0.0 && (best.second < 0 || t < best.first))
                best = {t, int(i)};
        }
        return best;
    }
};

/// Selection outlines: a wire box glyph (12 edges) around each selected part, one actor.
struct OutlineSet
{
    vtkNew<vtkOutlineSource> shape;
    vtkNew<vtkPolyData> points;
    vtkNew<vtkGlyph3DMapper> mapper;
    vtkNew<vtkActor> actor;

    void setup()
    {
        shape->SetBounds(-0.5, 0.5, -0.5, 0.5, -0.5, 0.5);
        mapper->SetSourceConnection(shape->GetOutputPort());
        mapper->SetInputData(points);
        mapper->SetScaleArray("scale");
        mapper->SetScaleModeToScaleByVectorComponents();
        mapper->SetOrientationArray("orientation");
        mapper->SetOrientationModeToRotation();
        mapper->ScalarVisibilityOff();
        actor->SetMapper(mapper);
        const QColor c = Hall3dView::selectedTint();
        actor->GetProperty()->SetColor(c.redF(), c.greenF(), c.blueF());
        actor->GetProperty()->SetLineWidth(2.5f);
        actor->GetProperty()->SetLighting(false);
        actor->PickableOff();
    }

    void fill(const std::vector<Box> &boxes)
    {
        vtkNew<vtkPoints> xyz;
        vtkNew<vtkDoubleArray> scale;
        scale->SetName("scale");
        scale->SetNumberOfComponents(3);
        vtkNew<vtkDoubleArray> orientation;
        orientation->SetName("orientation");
        orientation->SetNumberOfComponents(3);
        for (const Box &b : boxes) {
            xyz->InsertNextPoint(b.c);
            // A little outside the box, so the lines are not hidden in its faces.
            scale->InsertNextTuple3(2.0 * b.half[0] + 0.06, 2.0 * b.half[1] + 0.06, 2.0 * b.half[2] + 0.06);
            orientation->InsertNextTuple3(0.0, 0.0, b.turnRad * 180.0 / M_PI);
        }
        points->Initialize();
        points->SetPoints(xyz);
        points->GetPointData()->AddArray(scale);
        points->GetPointData()->AddArray(orientation);
        points->Modified();
        actor->SetVisibility(boxes.empty() ? 0 : 1);
    }
};

} // namespace

struct Hall3dView::Vtk
{
    vtkNew<vtkGenericOpenGLRenderWindow> window;
    vtkNew<vtkGenericRenderWindowInteractor> interactor;
    vtkNew<vtkInteractorStyleTrackballCamera> style;
    vtkNew<vtkRenderer> renderer;
    vtkNew<vtkCallbackCommand> windowCallback;
    vtkNew<vtkCallbackCommand> renderCallback;

    vtkNew<vtkPlaneSource> floor;
    vtkNew<vtkPolyDataMapper> floorMapper;
    vtkNew<vtkActor> floorActor;
    vtkNew<vtkPolyData> grid;
    vtkNew<vtkPolyDataMapper> gridMapper;
    vtkNew<vtkActor> gridActor;
    // Rows: a floor stripe under each row (alternating shades), and a label plate at its start.
    vtkNew<vtkPolyData> stripes;
    vtkNew<vtkPolyDataMapper> stripesMapper;
    vtkNew<vtkActor> stripesActor;
    vtkNew<vtkPolyData> labels;
    vtkNew<vtkPolyDataMapper> labelsMapper;
    vtkNew<vtkActor> labelsActor;
    vtkNew<vtkTexture> labelsTexture;
    int rowLabels = 0;

    vtkNew<vtkCubeSource> cube;
    vtkNew<vtkCylinderSource> cylinder;
    GlyphSet racks;
    GlyphSet powerUnits;
    GlyphSet coolingUnits;
    OutlineSet outlines;

    vtkNew<vtkLookupTable> lut;
    vtkNew<vtkScalarBarActor> scalarBar;

    // Per rack, in design order.
    std::vector<QColor> categoryColors;
    std::vector<double> geometricHeights;
    std::vector<double> kw;        ///< IT kW at training load; empty without results
    std::vector<char> overLimit;   ///< nameplate above the rack's limit
    double kwTop = 1.0;            ///< the top of the kW scale

    int rackCount = 0;
    double hallWidth = 40.0;
    double hallDepth = 30.0;
    bool initialized = false;
    bool cameraAtReset = true; ///< untouched since resetCamera: refit when the widget resizes
};

namespace {

// VTK asks the host window to make its context current, tell whether it is current, and
// whether it supports OpenGL; the host answers through the call data.
void onWindowEvent(vtkObject *, unsigned long event, void *clientData, void *callData)
{
    auto *view = static_cast<QOpenGLWidget *>(clientData);
    QOpenGLContext *context = view->context();
    switch (event) {
    case vtkCommand::WindowMakeCurrentEvent:
        // Not QOpenGLWidget::makeCurrent(): it rebinds Qt's framebuffer behind VTK's state
        // cache, which leaves a black widget (TOOLCHAIN.md, "the MakeCurrent trap").
        if (context && QOpenGLContext::currentContext() != context)
            context->makeCurrent(context->surface());
        break;
    case vtkCommand::WindowIsCurrentEvent:
        *static_cast<bool *>(callData) = context && QOpenGLContext::currentContext() == context;
        break;
    case vtkCommand::WindowSupportsOpenGLEvent:
        *static_cast<int *>(callData) = context ? 1 : 0;
        break;
    case vtkCommand::WindowIsDirectEvent:
        *static_cast<int *>(callData) = 1;
        break;
    case vtkCommand::WindowFrameEvent:
        break;
    default:
        break;
    }
}

// The interactor never renders on its own: it asks for a repaint and paintGL renders.
void onInteractorRender(vtkObject *, unsigned long, void *clientData, void *)
{
    static_cast<QOpenGLWidget *>(clientData)->update();
}

} // namespace

Hall3dView::Hall3dView(QWidget *parent)
    : QOpenGLWidget(parent)
    , mVtk(std::make_unique<Vtk>())
{
    setFormat(defaultFormat());
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(200, 150);

    mVtk->window->SetReadyForRendering(false);
    mVtk->window->SetFrameBlitModeToNoBlit();
    mVtk->window->SetMultiSamples(4);
    mVtk->windowCallback->SetClientData(this);
    mVtk->windowCallback->SetCallback(onWindowEvent);
    for (unsigned long event : {vtkCommand::WindowMakeCurrentEvent, vtkCommand::WindowIsCurrentEvent,
                                vtkCommand::WindowSupportsOpenGLEvent, vtkCommand::WindowIsDirectEvent,
                                vtkCommand::WindowFrameEvent})
        mVtk->window->AddObserver(event, mVtk->windowCallback);

    mVtk->window->AddRenderer(mVtk->renderer);
    mVtk->window->SetInteractor(mVtk->interactor);
    mVtk->interactor->SetRenderWindow(mVtk->window);
    mVtk->interactor->SetInteractorStyle(mVtk->style);
    mVtk->interactor->SetEnableRender(false);
    mVtk->renderCallback->SetClientData(this);
    mVtk->renderCallback->SetCallback(onInteractorRender);
    mVtk->interactor->AddObserver(vtkCommand::RenderEvent, mVtk->renderCallback);

    mVtk->renderer->GradientBackgroundOn();
    mVtk->renderer->SetBackground(0.97, 0.97, 0.96);
    mVtk->renderer->SetBackground2(0.80, 0.84, 0.89);

    const QColor floor = floorColor();
    mVtk->floorMapper->SetInputConnection(mVtk->floor->GetOutputPort());
    mVtk->floorActor->SetMapper(mVtk->floorMapper);
    mVtk->floorActor->GetProperty()->SetColor(floor.redF(), floor.greenF(), floor.blueF());
    mVtk->floorActor->GetProperty()->SetAmbient(0.4);
    mVtk->floorActor->GetProperty()->SetSpecular(0.0);
    mVtk->floorActor->PickableOff();
    mVtk->renderer->AddActor(mVtk->floorActor);

    mVtk->stripesMapper->SetInputData(mVtk->stripes);
    mVtk->stripesMapper->SetColorModeToDirectScalars();
    mVtk->stripesActor->SetMapper(mVtk->stripesMapper);
    mVtk->stripesActor->GetProperty()->SetAmbient(0.4);
    mVtk->stripesActor->GetProperty()->SetSpecular(0.0);
    mVtk->stripesActor->PickableOff();
    mVtk->renderer->AddActor(mVtk->stripesActor);

    mVtk->gridMapper->SetInputData(mVtk->grid);
    mVtk->gridActor->SetMapper(mVtk->gridMapper);
    mVtk->gridActor->GetProperty()->SetColor(0.70, 0.72, 0.74);
    mVtk->gridActor->GetProperty()->SetLighting(false);
    mVtk->gridActor->PickableOff();
    mVtk->renderer->AddActor(mVtk->gridActor);

    mVtk->labelsMapper->SetInputData(mVtk->labels);
    mVtk->labelsMapper->ScalarVisibilityOff();
    mVtk->labelsActor->SetMapper(mVtk->labelsMapper);
    mVtk->labelsTexture->InterpolateOn();
    mVtk->labelsTexture->MipmapOn();
    mVtk->labelsActor->SetTexture(mVtk->labelsTexture);
    // Plates read evenly whatever the light: the texture's colours as painted.
    mVtk->labelsActor->GetProperty()->SetLighting(false);
    mVtk->labelsActor->PickableOff();
    mVtk->labelsActor->SetVisibility(0);
    mVtk->renderer->AddActor(mVtk->labelsActor);

    mVtk->cube->SetCenter(0.0, 0.0, 0.0);
    mVtk->cube->SetXLength(1.0);
    mVtk->cube->SetYLength(1.0);
    mVtk->cube->SetZLength(1.0);
    mVtk->cylinder->SetRadius(0.5);
    mVtk->cylinder->SetHeight(1.0);
    mVtk->cylinder->SetResolution(24);
    mVtk->racks.setup(mVtk->cube);
    mVtk->powerUnits.setup(mVtk->cube);
    mVtk->coolingUnits.uprightY = true;
    mVtk->coolingUnits.setup(mVtk->cylinder);
    mVtk->outlines.setup();
    mVtk->renderer->AddActor(mVtk->racks.actor);
    mVtk->renderer->AddActor(mVtk->powerUnits.actor);
    mVtk->renderer->AddActor(mVtk->coolingUnits.actor);
    mVtk->renderer->AddActor(mVtk->outlines.actor);

    // The kW scale: the plan overlay's colours, with the over-limit colour as the "NaN" swatch.
    const QVector<QColor> &stops = heatScale();
    mVtk->lut->SetNumberOfTableValues(256);
    for (int i = 0; i < 256; ++i) {
        const QColor c = scaleColor(stops, i / 255.0);
        mVtk->lut->SetTableValue(i, c.redF(), c.greenF(), c.blueF(), 1.0);
    }
    const QColor over = overlayOverLimitColor();
    mVtk->lut->SetNanColor(over.redF(), over.greenF(), over.blueF(), 1.0);
    mVtk->lut->SetTableRange(0.0, 1.0);
    vtkScalarBarActor *bar = mVtk->scalarBar;
    bar->SetLookupTable(mVtk->lut);
    bar->SetOrientationToVertical();
    bar->SetNumberOfLabels(5);
    bar->SetLabelFormat("%.0f");
    bar->SetNanAnnotation("above limit");
    // Room on the right for the title, which is centred on the bar's box and wider than it.
    bar->SetPosition(0.80, 0.10);
    bar->SetWidth(0.17);
    bar->SetHeight(0.55);
    bar->SetMaximumWidthInPixels(190);
    bar->SetBarRatio(0.2);
    bar->UnconstrainedFontSizeOn();
    bar->DrawBackgroundOn();
    bar->GetBackgroundProperty()->SetColor(1.0, 1.0, 1.0);
    bar->GetBackgroundProperty()->SetOpacity(0.85);
    for (vtkTextProperty *text : {bar->GetTitleTextProperty(), bar->GetLabelTextProperty(),
                                  bar->GetAnnotationTextProperty()}) {
        // VTK's default white text vanishes on the light background.
        text->SetColor(0.13, 0.13, 0.13);
        text->ShadowOff();
        text->ItalicOff();
        text->SetFontFamilyToArial();
        text->SetFontSize(14);
    }
    bar->GetTitleTextProperty()->BoldOn();
    bar->GetTitleTextProperty()->SetFontSize(15);
    bar->SetVisibility(0);
    mVtk->renderer->AddActor2D(bar);
}

Hall3dView::~Hall3dView()
{
    // Release VTK's GL objects while our context still exists; the context outlives this body
    // and must not call back into a half-destroyed view.
    if (context())
        disconnect(context(), nullptr, this, nullptr);
    if (mVtk->initialized && context()) {
        makeCurrent();
        cleanupGL();
        doneCurrent();
    }
}

QSurfaceFormat Hall3dView::defaultFormat()
{
    QSurfaceFormat format;
    format.setRenderableType(QSurfaceFormat::OpenGL);
    format.setVersion(3, 2);
    format.setProfile(QSurfaceFormat::CoreProfile);
    format.setSwapBehavior(QSurfaceFormat::DoubleBuffer);
    format.setRedBufferSize(8);
    format.setGreenBufferSize(8);
    format.setBlueBufferSize(8);
    format.setDepthBufferSize(8);
    format.setAlphaBufferSize(8);
    format.setStencilBufferSize(0);
    // VTK multisamples in its own framebuffer; Qt's needs none.
    format.setSamples(0);
    return format;
}

bool Hall3dView::isOpenGLAvailable(QString *reason)
{
    const QString platform = QGuiApplication::platformName();
    // Qt 6.4's offscreen platform crashes in the backing store when a QOpenGLWidget is shown.
    if (platform == QLatin1String("offscreen") || platform == QLatin1String("minimal")) {
        if (reason)
            *reason = tr("no OpenGL on this display (platform \"%1\")").arg(platform);
        return false;
    }
    QOpenGLContext probe;
    probe.setFormat(defaultFormat());
    if (!probe.create()) {
        if (reason)
            *reason = tr("no OpenGL on this display");
        return false;
    }
    const QSurfaceFormat got = probe.format();
    if (got.renderableType() == QSurfaceFormat::OpenGLES || got.version() < qMakePair(3, 2)) {
        if (reason)
            *reason = tr("OpenGL 3.2 is needed, this display offers %1.%2")
                          .arg(got.majorVersion())
                          .arg(got.minorVersion());
        return false;
    }
    return true;
}

int Hall3dView::rackCount() const
{
    return mVtk->rackCount;
}

void Hall3dView::setDesign(const Design &design, const Catalog &catalog)
{
    const double width = std::max(design.hall.widthM, 1.0);
    const double depth = std::max(design.hall.depthM, 1.0);
    mVtk->hallWidth = width;
    mVtk->hallDepth = depth;
    // Plan y grows towards the viewer; VTK's y grows away: mirror so the 3D matches the plan.
    auto flipY = [depth](double yM) { return depth - yM; };
    // Floor layers a little apart, in proportion to the hall, so depth tests keep them in order.
    const double zStep = std::max(width, depth) * 2e-5 + 0.001;

    mVtk->floor->SetOrigin(0.0, 0.0, 0.0);
    mVtk->floor->SetPoint1(width, 0.0, 0.0);
    mVtk->floor->SetPoint2(0.0, depth, 0.0);

    // Grid lines: the hall grid, coarsened so there are at most ~80 lines per side.
    {
        double step = design.hall.gridM > 0.0 ? design.hall.gridM : 1.0;
        while (std::max(width, depth) / step > 80.0)
            step *= 5.0;
        vtkNew<vtkPoints> points;
        vtkNew<vtkCellArray> lines;
        const double z = 2.0 * zStep;
        auto addLine = [&](double x0, double y0, double x1, double y1) {
            const vtkIdType a = points->InsertNextPoint(x0, y0, z);
            const vtkIdType b = points->InsertNextPoint(x1, y1, z);
            const vtkIdType ids[2] = {a, b};
            lines->InsertNextCell(2, ids);
        };
        for (double x = 0.0; x <= width + 1e-9; x += step)
            addLine(x, 0.0, x, depth);
        for (double y = 0.0; y <= depth + 1e-9; y += step)
            addLine(0.0, y, width, y);
        mVtk->grid->Initialize();
        mVtk->grid->SetPoints(points);
        mVtk->grid->SetLines(lines);
        mVtk->grid->Modified();
    }

    const size_t n = design.racks.size();
    std::vector<Box> boxes(n);
    mVtk->categoryColors.assign(n, QColor());
    mVtk->geometricHeights.assign(n, 0.0);
    mVtk->kw.clear();
    mVtk->overLimit.clear();

    // Rows in order of first appearance, with the plan extent of their racks (VTK coordinates).
    struct Row
    {
        QString name;
        double x0 = std::numeric_limits<double>::max(), y0 = std::numeric_limits<double>::max();
        double x1 = std::numeric_limits<double>::lowest(), y1 = std::numeric_limits<double>::lowest();
        bool alongX = true; ///< racks side by side along x (their fronts face ±y)
    };
    std::vector<Row> rows;
    std::map<std::string, size_t> rowIndex;

    for (size_t i = 0; i < n; ++i) {
        const Rack &rack = design.racks[i];
        const RackGeometry g = rackGeometry(rack, catalog);
        Box &b = boxes[i];
        b.c[0] = rack.xM;
        b.c[1] = flipY(rack.yM);
        b.c[2] = g.heightM / 2.0;
        b.half[0] = g.widthM * kRackGapFactor / 2.0;
        b.half[1] = g.depthM * kRackGapFactor / 2.0;
        b.half[2] = g.heightM / 2.0;
        // Clockwise on the plan (y down) is clockwise seen from above: a negative turn about +z.
        b.turnRad = -rack.rotationDeg * M_PI / 180.0;
        mVtk->categoryColors[i] = rackCategoryColor(rackCategory(rack, catalog));
        mVtk->geometricHeights[i] = g.heightM;

        if (rack.row.empty())
            continue;
        auto [it, added] = rowIndex.try_emplace(rack.row, rows.size());
        if (added) {
            rows.push_back(Row{QString::fromStdString(rack.row)});
            // A row runs along its racks' width, whatever its length (a row of one rack too).
            rows.back().alongX = std::abs(std::cos(b.turnRad)) >= std::abs(std::sin(b.turnRad));
        }
        Row &row = rows[it->second];
        const double cs = std::abs(std::cos(b.turnRad)), sn = std::abs(std::sin(b.turnRad));
        const double hx = cs * g.widthM / 2.0 + sn * g.depthM / 2.0;
        const double hy = sn * g.widthM / 2.0 + cs * g.depthM / 2.0;
        row.x0 = std::min(row.x0, b.c[0] - hx);
        row.x1 = std::max(row.x1, b.c[0] + hx);
        row.y0 = std::min(row.y0, b.c[1] - hy);
        row.y1 = std::max(row.y1, b.c[1] + hy);
    }
    mVtk->racks.fill(boxes, mVtk->categoryColors);
    mVtk->rackCount = static_cast<int>(n);

    auto unitBoxes = [&](const std::vector<FacilityUnit> &units, double height, const QColor &color, GlyphSet &set) {
        std::vector<Box> list(units.size());
        for (size_t i = 0; i < units.size(); ++i) {
            Box &b = list[i];
            b.c[0] = units[i].xM;
            b.c[1] = flipY(units[i].yM);
            b.c[2] = height / 2.0;
            b.half[0] = b.half[1] = kUnitSizeM / 2.0;
            b.half[2] = height / 2.0;
        }
        set.fill(list, std::vector<QColor>(units.size(), color));
    };
    unitBoxes(design.powerUnits, kPowerUnitHeightM, powerUnitColor(), mVtk->powerUnits);
    unitBoxes(design.coolingUnits, kCoolingUnitHeightM, coolingUnitColor(), mVtk->coolingUnits);

    // Row stripes: the floor under each row a shade darker, alternating, so rows read as rows
    // even when zoomed out too far to see the gaps between racks.
    {
        vtkNew<vtkPoints> points;
        vtkNew<vtkCellArray> quads;
        vtkNew<vtkUnsignedCharArray> rgb;
        rgb->SetNumberOfComponents(3);
        const QColor shades[2] = {mixColor(floorColor(), QColor(0x5a, 0x6b, 0x80), 0.22),
                                  mixColor(floorColor(), QColor(0x5a, 0x6b, 0x80), 0.38)};
        const double z = zStep;
        const double margin = 0.15;
        for (size_t r = 0; r < rows.size(); ++r) {
            const Row &row = rows[r];
            const vtkIdType ids[4] = {points->InsertNextPoint(row.x0 - margin, row.y0 - margin, z),
                                      points->InsertNextPoint(row.x1 + margin, row.y0 - margin, z),
                                      points->InsertNextPoint(row.x1 + margin, row.y1 + margin, z),
                                      points->InsertNextPoint(row.x0 - margin, row.y1 + margin, z)};
            quads->InsertNextCell(4, ids);
            const QColor &c = shades[r % 2];
            rgb->InsertNextTuple3(c.red(), c.green(), c.blue());
        }
        mVtk->stripes->Initialize();
        mVtk->stripes->SetPoints(points);
        mVtk->stripes->SetPolys(quads);
        mVtk->stripes->GetCellData()->SetScalars(rgb);
        mVtk->stripes->Modified();
    }

    // Row labels: plates on the floor before each row's start, all cut from one texture atlas
    // (one actor, however many rows; every k-th row past kMaxRowLabels).
    {
        const size_t step = rows.size() > size_t(kMaxRowLabels) ? (rows.size() + kMaxRowLabels - 1) / kMaxRowLabels : 1;
        std::vector<size_t> labelled;
        for (size_t r = 0; r < rows.size(); r += step)
            labelled.push_back(r);
        mVtk->rowLabels = static_cast<int>(labelled.size());
        mVtk->labelsActor->SetVisibility(labelled.empty() ? 0 : 1);
        if (!labelled.empty()) {
            const int columns = std::min<int>(kLabelColumns, int(labelled.size()));
            const int lines = (int(labelled.size()) + columns - 1) / columns;
            QImage atlas(columns * kLabelCellW, lines * kLabelCellH, QImage::Format_RGB888);
            atlas.fill(QColor(0xfb, 0xfb, 0xf8));
            QPainter painter(&atlas);
            painter.setRenderHint(QPainter::TextAntialiasing);
            QFont font(QStringLiteral("DejaVu Sans"));
            font.setPixelSize(kLabelCellH * 6 / 10);
            font.setBold(true);
            painter.setFont(font);
            painter.setPen(QColor(0x33, 0x33, 0x33));
            const QFontMetrics metrics(font);
            vtkNew<vtkPoints> points;
            vtkNew<vtkCellArray> quads;
            vtkNew<vtkFloatArray> tcoords;
            tcoords->SetNumberOfComponents(2);
            tcoords->SetName("tcoords");
            const double z = zStep * 3.0; // above the grid lines
            for (size_t k = 0; k < labelled.size(); ++k) {
                const Row &row = rows[labelled[k]];
                const int col = int(k) % columns, line = int(k) / columns;
                const QRect cell(col * kLabelCellW, line * kLabelCellH, kLabelCellW, kLabelCellH);
                // A thin frame, so neighbouring cells never bleed into a plate when mipmapped.
                painter.fillRect(cell.adjusted(0, 0, -1, -1), QColor(0x8a, 0x93, 0x9e));
                painter.fillRect(cell.adjusted(3, 3, -4, -4), QColor(0xfb, 0xfb, 0xf8));
                painter.drawText(cell.adjusted(8, 0, -8, 0), Qt::AlignVCenter | Qt::AlignLeft,
                                 metrics.elidedText(row.name, Qt::ElideRight, kLabelCellW - 16));
                // The atlas is copied bottom row first: v grows upwards.
                const float u0 = float(cell.left()) / atlas.width(), u1 = float(cell.right() + 1) / atlas.width();
                const float v1 = 1.0f - float(cell.top()) / atlas.height();
                const float v0 = 1.0f - float(cell.bottom() + 1) / atlas.height();
                const bool alongX = row.alongX;
                const double across = alongX ? row.y1 - row.y0 : row.x1 - row.x0;
                const double h = std::clamp(across, 0.3, 1.2);
                const double len = h * kLabelCellW / kLabelCellH;
                const double gap = 0.3;
                std::array<std::array<double, 2>, 4> corners; // text's bottom-left, bottom-right, top-right, top-left
                if (alongX) {
                    // Reads along +x, upright from the near wall where the camera starts.
                    const double yc = (row.y0 + row.y1) / 2.0, xe = row.x0 - gap;
                    corners = {{{xe - len, yc - h / 2}, {xe, yc - h / 2}, {xe, yc + h / 2}, {xe - len, yc + h / 2}}};
                } else {
                    const double xc = (row.x0 + row.x1) / 2.0, ye = row.y0 - gap;
                    corners = {{{xc + h / 2, ye - len}, {xc + h / 2, ye}, {xc - h / 2, ye}, {xc - h / 2, ye - len}}};
                }
                const float uv[4][2] = {{u0, v0}, {u1, v0}, {u1, v1}, {u0, v1}};
                vtkIdType ids[4];
                for (int c = 0; c < 4; ++c) {
                    ids[c] = points->InsertNextPoint(corners[size_t(c)][0], corners[size_t(c)][1], z);
                    tcoords->InsertNextTuple2(uv[c][0], uv[c][1]);
                }
                quads->InsertNextCell(4, ids);
            }
            painter.end();
            mVtk->labels->Initialize();
            mVtk->labels->SetPoints(points);
            mVtk->labels->SetPolys(quads);
            mVtk->labels->GetPointData()->SetTCoords(tcoords);
            mVtk->labels->Modified();

            vtkNew<vtkImageData> image;
            image->SetDimensions(atlas.width(), atlas.height(), 1);
            image->AllocateScalars(VTK_UNSIGNED_CHAR, 3);
            auto *dst = static_cast<unsigned char *>(image->GetScalarPointer());
            const int rowBytes = atlas.width() * 3;
            for (int y = 0; y < atlas.height(); ++y)
                std::copy_n(atlas.constScanLine(atlas.height() - 1 - y), rowBytes, dst + size_t(y) * size_t(rowBytes));
            mVtk->labelsTexture->SetInputData(image);
        }
    }

    mVtk->scalarBar->SetVisibility(0);
    updateGeometry();
    updateColors();
    resetCamera();
}

void Hall3dView::setResults(const Results &results)
{
    setRackPower(results.power);
}

void Hall3dView::setRackPower(const PowerResults &power)
{
    Vtk &v = *mVtk;
    vtkPointData *pd = v.racks.points->GetPointData();
    if (power.racks.size() != size_t(v.rackCount) || v.rackCount == 0) {
        // Results of another design: show categories until the matching results arrive.
        v.kw.clear();
        v.overLimit.clear();
        pd->RemoveArray("kW");
        v.scalarBar->SetVisibility(0);
    } else {
        v.kw.resize(power.racks.size());
        v.overLimit.assign(power.racks.size(), 0);
        // The scale runs to the largest rack limit, or the hottest rack if hotter (as on the plan).
        double top = 0.0;
        int over = 0;
        vtkNew<vtkDoubleArray> kwArray;
        kwArray->SetName("kW");
        kwArray->SetNumberOfTuples(vtkIdType(power.racks.size()));
        for (size_t i = 0; i < power.racks.size(); ++i) {
            const RackPower &rp = power.racks[i];
            v.kw[i] = rp.itKw;
            kwArray->SetValue(vtkIdType(i), rp.itKw);
            top = std::max({top, rp.itKw, rp.limitKw});
            if (rp.limitKw > 0 && rp.maxKw > rp.limitKw) {
                v.overLimit[i] = 1;
                ++over;
            }
        }
        v.kwTop = top > 0.0 ? top : 1.0;
        pd->AddArray(kwArray);
        v.lut->SetTableRange(0.0, v.kwTop);
        // Ticks at round kW (1, 2 or 5 × 10^k apart), while the colours run to the exact top as
        // on the plan.
        const double raw = v.kwTop / 5.0;
        const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
        const double step = raw <= magnitude ? magnitude : raw <= 2 * magnitude ? 2 * magnitude
                            : raw <= 5 * magnitude                          ? 5 * magnitude
                                                                            : 10 * magnitude;
        vtkNew<vtkDoubleArray> ticks;
        for (double t = 0.0; t <= v.kwTop + 1e-9; t += step)
            ticks->InsertNextValue(t);
        v.scalarBar->SetCustomLabels(ticks);
        v.scalarBar->UseCustomLabelsOn();
        v.scalarBar->SetLabelFormat(step < 1.0 ? "%.1f" : "%.0f");
        v.scalarBar->SetTitle("Rack IT power (kW)\nat training load");
        // The over-limit swatch only when some rack is over its limit.
        v.scalarBar->SetDrawNanAnnotation(over > 0 ? 1 : 0);
        v.scalarBar->SetVisibility(1);
    }
    updateGeometry();
    updateColors();
}

bool Hall3dView::showsPower() const
{
    return !mVtk->kw.empty();
}

void Hall3dView::setHeightByPower(bool on)
{
    if (on == mHeightByPower)
        return;
    mHeightByPower = on;
    updateGeometry();
    updateColors(); // the outlines follow the heights
}

void Hall3dView::updateGeometry()
{
    Vtk &v = *mVtk;
    const bool byPower = mHeightByPower && !v.kw.empty();
    for (size_t i = 0; i < v.racks.boxes.size(); ++i) {
        // A floor of 0.15 m keeps idle racks visible and pickable.
        const double h = byPower ? std::max(0.15, kPowerHeightM * v.kw[i] / v.kwTop) : v.geometricHeights[i];
        Box &b = v.racks.boxes[i];
        b.c[2] = h / 2.0;
        b.half[2] = h / 2.0;
    }
    v.racks.updateBoxes();
    update();
}

void Hall3dView::setSelectionModel(SelectionModel *model)
{
    if (mSelection == model)
        return;
    if (mSelection)
        disconnect(mSelection, nullptr, this, nullptr);
    mSelection = model;
    if (model) {
        connect(model, &SelectionModel::selectionChanged, this, [this] { updateColors(); });
        connect(model, &SelectionModel::highlightChanged, this, [this] { updateColors(); });
        connect(model, &QObject::destroyed, this, [this] { updateColors(); });
    }
    updateColors();
}

SelectionModel *Hall3dView::selectionModel() const
{
    return mSelection;
}

QColor Hall3dView::selectedTint()
{
    return selectedColor(); // as on the plan
}

QColor Hall3dView::downColor()
{
    return failedColor(); // the plan's failure-domain colours
}

QColor Hall3dView::servedColor()
{
    return keptUpColor(); // served, kept up by redundancy
}

void Hall3dView::updateColors()
{
    Vtk &v = *mVtk;
    const size_t n = v.racks.boxes.size();
    vtkUnsignedCharArray *rgb = v.racks.colors();
    if (!rgb || rgb->GetNumberOfTuples() != vtkIdType(n))
        return;

    // 0: not in the highlight, 1: down, 2: served; empty when nothing is highlighted.
    std::vector<char> domain;
    std::vector<char> selected(n, 0);
    PartSelection selection;
    if (mSelection) {
        const DomainHighlight &h = mSelection->highlight();
        if (!h.racksDown.isEmpty() || !h.racksServed.isEmpty()) {
            domain.assign(n, 0);
            for (int i : h.racksServed)
                if (i >= 0 && size_t(i) < n)
                    domain[size_t(i)] = 2;
            for (int i : h.racksDown)
                if (i >= 0 && size_t(i) < n)
                    domain[size_t(i)] = 1;
        }
        selection = mSelection->selection();
        for (int i : selection.racks)
            if (i >= 0 && size_t(i) < n)
                selected[size_t(i)] = 1;
    }

    const bool power = !v.kw.empty();
    const QVector<QColor> &stops = heatScale();
    const QColor neutral = overlayNeutralColor(), over = overlayOverLimitColor(), floor = floorColor();
    const QColor down = downColor(), served = servedColor(), tint = selectedTint();
    std::vector<Box> outlined;
    for (size_t i = 0; i < n; ++i) {
        QColor c;
        if (!power)
            c = v.categoryColors[i];
        else if (v.overLimit[i])
            c = over;
        else if (v.kw[i] <= 0.0)
            c = neutral;
        else
            c = scaleColor(stops, v.kw[i] / v.kwTop);
        if (!domain.empty())
            c = domain[i] == 1 ? down : domain[i] == 2 ? served : mixColor(c, floor, 0.7);
        if (selected[i]) {
            c = mixColor(c, tint, 0.55);
            outlined.push_back(v.racks.boxes[i]);
        }
        const unsigned char t[3] = {static_cast<unsigned char>(c.red()), static_cast<unsigned char>(c.green()),
                                    static_cast<unsigned char>(c.blue())};
        rgb->SetTypedTuple(vtkIdType(i), t);
    }
    rgb->Modified();
    v.racks.points->Modified();

    for (int i : selection.powerUnits)
        if (i >= 0 && size_t(i) < v.powerUnits.boxes.size())
            outlined.push_back(v.powerUnits.boxes[size_t(i)]);
    for (int i : selection.coolingUnits)
        if (i >= 0 && size_t(i) < v.coolingUnits.boxes.size())
            outlined.push_back(v.coolingUnits.boxes[size_t(i)]);
    v.outlines.fill(outlined);
    update();
}

int Hall3dView::rackGlyphCount() const
{
    return int(mVtk->racks.points->GetNumberOfPoints());
}

double Hall3dView::rackPowerKw(int rack) const
{
    auto *kw = vtkDoubleArray::SafeDownCast(mVtk->racks.points->GetPointData()->GetArray("kW"));
    if (!kw || rack < 0 || rack >= kw->GetNumberOfTuples())
        return std::numeric_limits<double>::quiet_NaN();
    return kw->GetValue(rack);
}

QColor Hall3dView::rackColor(int rack) const
{
    vtkUnsignedCharArray *rgb = mVtk->racks.colors();
    if (!rgb || rack < 0 || rack >= rgb->GetNumberOfTuples())
        return {};
    unsigned char t[3];
    rgb->GetTypedTuple(rack, t);
    return QColor(t[0], t[1], t[2]);
}

double Hall3dView::rackHeightM(int rack) const
{
    if (rack < 0 || size_t(rack) >= mVtk->racks.boxes.size())
        return 0.0;
    return 2.0 * mVtk->racks.boxes[size_t(rack)].half[2];
}

int Hall3dView::actorCount() const
{
    return mVtk->renderer->GetViewProps()->GetNumberOfItems();
}

QString Hall3dView::scalarBarTitle() const
{
    if (!mVtk->scalarBar->GetVisibility() || !mVtk->scalarBar->GetTitle())
        return {};
    return QString::fromUtf8(mVtk->scalarBar->GetTitle());
}

int Hall3dView::rowLabelCount() const
{
    return mVtk->rowLabels;
}

namespace {

/// The camera ray through a display point (device pixels, y up): origin and direction.
void displayRay(vtkRenderer *renderer, double x, double y, double origin[3], double dir[3])
{
    double ends[2][3];
    for (int k = 0; k < 2; ++k) {
        renderer->SetDisplayPoint(x, y, double(k));
        renderer->DisplayToWorld();
        double world[4];
        renderer->GetWorldPoint(world);
        const double w = std::abs(world[3]) > 1e-12 ? world[3] : 1.0;
        for (int j = 0; j < 3; ++j)
            ends[k][j] = world[j] / w;
    }
    for (int j = 0; j < 3; ++j) {
        origin[j] = ends[0][j];
        dir[j] = ends[1][j] - ends[0][j];
    }
}

} // namespace

int Hall3dView::rackAt(const QPoint &pos) const
{
    const qreal dpr = devicePixelRatioF();
    const int *size = mVtk->window->GetSize();
    double origin[3], dir[3];
    displayRay(mVtk->renderer, pos.x() * dpr, size[1] - 1 - pos.y() * dpr, origin, dir);
    const auto rack = mVtk->racks.hit(origin, dir);
    if (rack.second < 0)
        return -1;
    // A unit in front hides the rack behind it.
    for (const GlyphSet *units : {&mVtk->powerUnits, &mVtk->coolingUnits}) {
        const auto unit = units->hit(origin, dir);
        if (unit.second >= 0 && unit.first < rack.first)
            return -1;
    }
    return rack.second;
}

QPointF Hall3dView::rackScreenPosition(int rack) const
{
    if (rack < 0 || size_t(rack) >= mVtk->racks.boxes.size())
        return {-1.0, -1.0};
    const Box &b = mVtk->racks.boxes[size_t(rack)];
    mVtk->renderer->SetWorldPoint(b.c[0], b.c[1], b.c[2] + b.half[2], 1.0);
    mVtk->renderer->WorldToDisplay();
    double display[3];
    mVtk->renderer->GetDisplayPoint(display);
    const int *size = mVtk->window->GetSize();
    const qreal dpr = devicePixelRatioF();
    return {display[0] / dpr, (size[1] - 1 - display[1]) / dpr};
}

void Hall3dView::pickAt(const QPoint &pos, Qt::KeyboardModifiers modifiers)
{
    const qreal dpr = devicePixelRatioF();
    const int *size = mVtk->window->GetSize();
    double origin[3], dir[3];
    displayRay(mVtk->renderer, pos.x() * dpr, size[1] - 1 - pos.y() * dpr, origin, dir);
    // The nearest part of any kind: 0 rack, 1 power unit, 2 cooling unit.
    int kind = -1, index = -1;
    double nearest = 0.0;
    const GlyphSet *sets[3] = {&mVtk->racks, &mVtk->powerUnits, &mVtk->coolingUnits};
    for (int k = 0; k < 3; ++k) {
        const auto hit = sets[k]->hit(origin, dir);
        if (hit.second >= 0 && (kind < 0 || hit.first < nearest)) {
            kind = k;
            index = hit.second;
            nearest = hit.first;
        }
    }
    Q_EMIT rackClicked(kind == 0 ? index : -1);
    if (!mSelection)
        return;
    const bool toggle = modifiers.testFlag(Qt::ControlModifier);
    if (kind < 0) {
        if (!toggle)
            mSelection->clear(this);
        return;
    }
    PartSelection selection = toggle ? mSelection->selection() : PartSelection{};
    QVector<int> &list = kind == 0 ? selection.racks : kind == 1 ? selection.powerUnits : selection.coolingUnits;
    if (toggle && list.contains(index))
        list.removeAll(index);
    else
        list.push_back(index);
    selection.normalize();
    mSelection->select(selection, this);
}

void Hall3dView::resetCamera()
{
    Vtk &v = *mVtk;
    // What must be in view: the floor, the racks and units at their height, the row labels.
    double bounds[6] = {0.0, v.hallWidth, 0.0, v.hallDepth, 0.0, 2.0};
    for (vtkActor *actor : {v.racks.actor.Get(), v.powerUnits.actor.Get(), v.coolingUnits.actor.Get(),
                            v.labelsActor.Get()}) {
        if (!actor->GetVisibility())
            continue;
        const double *b = actor->GetBounds();
        if (!b || b[0] > b[1])
            continue;
        for (int k = 0; k < 3; ++k) {
            bounds[2 * k] = std::min(bounds[2 * k], b[2 * k]);
            bounds[2 * k + 1] = std::max(bounds[2 * k + 1], b[2 * k + 1]);
        }
    }
    const double centre[3] = {(bounds[0] + bounds[1]) / 2, (bounds[2] + bounds[3]) / 2, 0.0};

    // From the near wall, a little to the left and raised 45°: the oblique view of a hall
    // walkthrough, with the plan's rows reading left to right as on the 2D plan.
    vtkCamera *camera = v.renderer->GetActiveCamera();
    const double azimuth = 0.22; // radians left of straight on
    const double elevation = M_PI / 4.0;
    const double dir[3] = {-std::sin(azimuth) * std::cos(elevation), -std::cos(azimuth) * std::cos(elevation),
                           std::sin(elevation)};
    camera->SetViewAngle(30.0);
    camera->SetFocalPoint(centre);
    camera->SetPosition(centre[0] + dir[0], centre[1] + dir[1], centre[2] + dir[2]);
    camera->SetViewUp(0.0, 0.0, 1.0);
    v.renderer->ResetCamera(bounds);

    // ResetCamera fits the bounding sphere, which leaves a flat hall small: fit the projected
    // corners to the viewport instead (a few rounds, as perspective is not linear in distance).
    const int *size = v.window->GetSize();
    const double w = std::max(size[0], 1), h = std::max(size[1], 1);
    for (int round = 0; round < 4; ++round) {
        double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
        for (int corner = 0; corner < 8; ++corner) {
            v.renderer->SetWorldPoint(bounds[corner & 1], bounds[2 + ((corner >> 1) & 1)], bounds[4 + (corner >> 2)], 1.0);
            v.renderer->WorldToDisplay();
            double d[3];
            v.renderer->GetDisplayPoint(d);
            x0 = std::min(x0, d[0]);
            x1 = std::max(x1, d[0]);
            y0 = std::min(y0, d[1]);
            y1 = std::max(y1, d[1]);
        }
        // Centre the projected box: move camera and focal point along the view plane.
        double focal[3], focalDisplay[3];
        camera->GetFocalPoint(focal);
        v.renderer->SetWorldPoint(focal[0], focal[1], focal[2], 1.0);
        v.renderer->WorldToDisplay();
        v.renderer->GetDisplayPoint(focalDisplay);
        double moved[4];
        v.renderer->SetDisplayPoint(focalDisplay[0] + (x0 + x1) / 2 - w / 2, focalDisplay[1] + (y0 + y1) / 2 - h / 2,
                                    focalDisplay[2]);
        v.renderer->DisplayToWorld();
        v.renderer->GetWorldPoint(moved);
        if (std::abs(moved[3]) > 1e-12) {
            double position[3];
            camera->GetPosition(position);
            for (int k = 0; k < 3; ++k) {
                const double shift = moved[k] / moved[3] - focal[k];
                focal[k] += shift;
                position[k] += shift;
            }
            camera->SetFocalPoint(focal);
            camera->SetPosition(position);
        }
        // Leave room at the bottom left for the scalar bar's labels and at the edges.
        const double scale = std::max((x1 - x0) / (0.94 * w), (y1 - y0) / (0.92 * h));
        if (scale > 1e-6)
            camera->Dolly(1.0 / scale);
    }
    v.renderer->ResetCameraClippingRange();
    v.cameraAtReset = true;
    update();
}

void Hall3dView::initializeGL()
{
    connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, [this] {
        makeCurrent();
        cleanupGL();
        doneCurrent();
    });

    // Software rasterisers (Mesa llvmpipe on VMs, remote desktops, Xvfb) are fill-rate bound:
    // 4x multisampling doubles a frame's time there (bench_hall3d), so they draw without it.
    const auto *glRenderer = reinterpret_cast<const char *>(context()->functions()->glGetString(GL_RENDERER));
    const QByteArray rendererName = glRenderer ? QByteArray(glRenderer).toLower() : QByteArray();
    if (rendererName.contains("llvmpipe") || rendererName.contains("softpipe") || rendererName.contains("swrast"))
        mVtk->window->SetMultiSamples(0);

    mVtk->window->SetOwnContext(false);
    mVtk->window->SetMapped(true);
    mVtk->window->SetIsDirect(true);
    mVtk->window->SetReadyForRendering(true);
    mVtk->window->OpenGLInitContext();
    const qreal dpr = devicePixelRatioF();
    const int w = static_cast<int>(width() * dpr);
    const int h = static_cast<int>(height() * dpr);
    mVtk->window->SetSize(w, h);
    if (!mVtk->interactor->GetInitialized())
        mVtk->interactor->Initialize();
    mVtk->interactor->UpdateSize(w, h);
    mVtk->initialized = true;
}

void Hall3dView::cleanupGL()
{
    if (!mVtk->initialized)
        return;
    mVtk->renderer->ReleaseGraphicsResources(mVtk->window);
    mVtk->window->ReleaseGraphicsResources(mVtk->window);
    mVtk->window->SetReadyForRendering(false);
    mVtk->initialized = false;
}

void Hall3dView::resizeGL(int w, int h)
{
    const qreal dpr = devicePixelRatioF();
    const int pw = static_cast<int>(w * dpr);
    const int ph = static_cast<int>(h * dpr);
    mVtk->window->SetSize(pw, ph);
    mVtk->interactor->UpdateSize(pw, ph);
    // The fit depends on the aspect ratio: a view reset before it was shown or resized fits again.
    if (mVtk->cameraAtReset)
        resetCamera();
}

void Hall3dView::paintGL()
{
    if (!mVtk->initialized)
        return;
    vtkOpenGLState *state = mVtk->window->GetState();
    // Qt changed GL state behind VTK's cache since the last frame.
    state->Reset();
    state->Push();
    // Qt leaves GL_LESS; VTK's passes expect GL_LEQUAL.
    state->vtkglDepthFunc(GL_LEQUAL);
    mVtk->window->Render();
    state->Pop();

    const qreal dpr = devicePixelRatioF();
    const int w = static_cast<int>(width() * dpr);
    const int h = static_cast<int>(height() * dpr);
    state->vtkglBindFramebuffer(GL_DRAW_FRAMEBUFFER, defaultFramebufferObject());
    mVtk->window->BlitDisplayFramebuffer(0, 0, 0, w, h, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    // The window compositor blends with our alpha; VTK's may be < 1 where nothing was drawn.
    state->vtkglColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_TRUE);
    state->vtkglClearColor(0.0f, 0.0f, 0.0f, 1.0f);
    state->vtkglClear(GL_COLOR_BUFFER_BIT);
    state->vtkglColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);

    ++mFrames;
    Q_EMIT frameRendered();
}

void Hall3dView::forwardMouse(QMouseEvent *event, unsigned long vtkEvent)
{
    if (vtkEvent == vtkCommand::MouseMoveEvent && event->buttons() != Qt::NoButton)
        mVtk->cameraAtReset = false;
    const qreal dpr = devicePixelRatioF();
    const Qt::KeyboardModifiers mods = event->modifiers();
    mVtk->interactor->SetEventInformationFlipY(static_cast<int>(event->position().x() * dpr),
                                            static_cast<int>(event->position().y() * dpr),
                                            (mods & Qt::ControlModifier) ? 1 : 0, (mods & Qt::ShiftModifier) ? 1 : 0,
                                            0, event->type() == QEvent::MouseButtonDblClick ? 1 : 0);
    mVtk->interactor->SetAltKey((mods & Qt::AltModifier) ? 1 : 0);
    mVtk->interactor->InvokeEvent(vtkEvent, event);
    event->accept();
}

void Hall3dView::mousePressEvent(QMouseEvent *event)
{
    switch (event->button()) {
    case Qt::LeftButton:
        mPressPos = event->position().toPoint();
        mPressed = true;
        forwardMouse(event, vtkCommand::LeftButtonPressEvent);
        break;
    case Qt::MiddleButton: forwardMouse(event, vtkCommand::MiddleButtonPressEvent); break;
    case Qt::RightButton: forwardMouse(event, vtkCommand::RightButtonPressEvent); break;
    default: QOpenGLWidget::mousePressEvent(event); break;
    }
}

void Hall3dView::mouseReleaseEvent(QMouseEvent *event)
{
    switch (event->button()) {
    case Qt::LeftButton: {
        forwardMouse(event, vtkCommand::LeftButtonReleaseEvent);
        // A click without drag picks; a drag was an orbit (or a pan) and picks nothing.
        const bool click = mPressed && (event->position().toPoint() - mPressPos).manhattanLength() <= kClickSlopPx;
        mPressed = false;
        if (click)
            pickAt(event->position().toPoint(), event->modifiers());
        break;
    }
    case Qt::MiddleButton: forwardMouse(event, vtkCommand::MiddleButtonReleaseEvent); break;
    case Qt::RightButton: forwardMouse(event, vtkCommand::RightButtonReleaseEvent); break;
    default: QOpenGLWidget::mouseReleaseEvent(event); break;
    }
}

void Hall3dView::mouseMoveEvent(QMouseEvent *event)
{
    forwardMouse(event, vtkCommand::MouseMoveEvent);
}

void Hall3dView::mouseDoubleClickEvent(QMouseEvent *event)
{
    // A double click resets the view, the one gesture VTK's trackball style lacks.
    if (event->button() == Qt::LeftButton) {
        resetCamera();
        event->accept();
        return;
    }
    QOpenGLWidget::mouseDoubleClickEvent(event);
}

void Hall3dView::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_R && !(event->modifiers() & (Qt::ControlModifier | Qt::AltModifier))) {
        resetCamera();
        event->accept();
        return;
    }
    QOpenGLWidget::keyPressEvent(event);
}

void Hall3dView::wheelEvent(QWheelEvent *event)
{
    const int delta = event->angleDelta().y();
    if (delta == 0) {
        event->ignore();
        return;
    }
    mVtk->cameraAtReset = false;
    const qreal dpr = devicePixelRatioF();
    mVtk->interactor->SetEventInformationFlipY(static_cast<int>(event->position().x() * dpr),
                                            static_cast<int>(event->position().y() * dpr));
    mVtk->interactor->InvokeEvent(delta > 0 ? vtkCommand::MouseWheelForwardEvent : vtkCommand::MouseWheelBackwardEvent,
                               event);
    event->accept();
}

} // namespace cp::gui
