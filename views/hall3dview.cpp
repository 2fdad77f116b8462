#include "hall3dview.h"

#include "catalog.h"
#include "design.h"
#include "rackcategory.h"

#include <QGuiApplication>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QWheelEvent>

#include <vtkActor.h>
#include <vtkCallbackCommand.h>
#include <vtkCamera.h>
#include <vtkCellArray.h>
#include <vtkCommand.h>
#include <vtkCubeSource.h>
#include <vtkCylinderSource.h>
#include <vtkDoubleArray.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkGenericRenderWindowInteractor.h>
#include <vtkGlyph3DMapper.h>
#include <vtkInteractorStyleTrackballCamera.h>
#include <vtkNew.h>
#include <vtkOpenGLState.h>
#include <vtkPlaneSource.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkSmartPointer.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>
#include <cmath>

namespace cp::gui {

namespace {

constexpr double kUnitSizeM = 0.6;
constexpr double kPowerUnitHeightM = 1.2;
constexpr double kCoolingUnitHeightM = 1.9;
// Racks in a row touch; a small gap keeps them readable as separate boxes.
constexpr double kRackGapFactor = 0.94;

/// Points with per-point scale, orientation and colour, drawn as glyphs of one shape.
struct GlyphSet
{
    vtkNew<vtkPolyData> points;
    vtkNew<vtkGlyph3DMapper> mapper;
    vtkNew<vtkActor> actor;

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

    void fill(const std::vector<std::array<double, 9>> &rows, const std::vector<QColor> &colors)
    {
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
        xyz->Allocate(static_cast<vtkIdType>(rows.size()));
        for (size_t i = 0; i < rows.size(); ++i) {
            const auto &r = rows[i];
            xyz->InsertNextPoint(r[0], r[1], r[2]);
            scale->InsertNextTuple3(r[3], r[4], r[5]);
            orientation->InsertNextTuple3(r[6], r[7], r[8]);
            const QColor &c = colors[i];
            rgb->InsertNextTuple3(c.red(), c.green(), c.blue());
        }
        points->Initialize();
        points->SetPoints(xyz);
        points->GetPointData()->AddArray(scale);
        points->GetPointData()->AddArray(orientation);
        points->GetPointData()->SetScalars(rgb);
        points->Modified();
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

    vtkNew<vtkCubeSource> cube;
    vtkNew<vtkCylinderSource> cylinder;
    GlyphSet racks;
    GlyphSet powerUnits;
    GlyphSet coolingUnits;
    int rackCount = 0;
    double hallWidth = 40.0;
    double hallDepth = 30.0;
    bool initialized = false;
    bool inPaint = false;
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

    mVtk->floorMapper->SetInputConnection(mVtk->floor->GetOutputPort());
    mVtk->floorActor->SetMapper(mVtk->floorMapper);
    mVtk->floorActor->GetProperty()->SetColor(0.86, 0.87, 0.86);
    mVtk->floorActor->GetProperty()->SetAmbient(0.4);
    mVtk->floorActor->GetProperty()->SetSpecular(0.0);
    mVtk->floorActor->PickableOff();
    mVtk->renderer->AddActor(mVtk->floorActor);

    mVtk->gridMapper->SetInputData(mVtk->grid);
    mVtk->gridActor->SetMapper(mVtk->gridMapper);
    mVtk->gridActor->GetProperty()->SetColor(0.70, 0.72, 0.74);
    mVtk->gridActor->GetProperty()->SetLighting(false);
    mVtk->renderer->AddActor(mVtk->gridActor);

    mVtk->cube->SetCenter(0.0, 0.0, 0.0);
    mVtk->cube->SetXLength(1.0);
    mVtk->cube->SetYLength(1.0);
    mVtk->cube->SetZLength(1.0);
    mVtk->cylinder->SetRadius(0.5);
    mVtk->cylinder->SetHeight(1.0);
    mVtk->cylinder->SetResolution(24);
    mVtk->racks.setup(mVtk->cube);
    mVtk->powerUnits.setup(mVtk->cube);
    mVtk->coolingUnits.setup(mVtk->cylinder);
    mVtk->renderer->AddActor(mVtk->racks.actor);
    mVtk->renderer->AddActor(mVtk->powerUnits.actor);
    mVtk->renderer->AddActor(mVtk->coolingUnits.actor);
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
        const double z = 0.003;
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

    std::vector<std::array<double, 9>> rows;
    std::vector<QColor> colors;
    rows.reserve(design.racks.size());
    colors.reserve(design.racks.size());
    for (const Rack &rack : design.racks) {
        const RackGeometry g = rackGeometry(rack, catalog);
        // Clockwise on the plan (y down) is clockwise seen from above: a negative turn about +z.
        rows.push_back({rack.xM, flipY(rack.yM), g.heightM / 2.0, g.widthM * kRackGapFactor, g.depthM * kRackGapFactor,
                        g.heightM, 0.0, 0.0, -rack.rotationDeg});
        colors.push_back(rackCategoryColor(rackCategory(rack, catalog)));
    }
    mVtk->racks.fill(rows, colors);
    mVtk->rackCount = static_cast<int>(design.racks.size());

    auto unitRows = [&](const std::vector<FacilityUnit> &units, double height, bool cylinder, const QColor &color,
                        GlyphSet &set) {
        std::vector<std::array<double, 9>> unitData;
        std::vector<QColor> unitColors;
        for (const FacilityUnit &unit : units) {
            // vtkCylinderSource's axis is y: stand it up with a quarter turn about x.
            unitData.push_back({unit.xM, flipY(unit.yM), height / 2.0, kUnitSizeM, cylinder ? height : kUnitSizeM,
                                cylinder ? kUnitSizeM : height, cylinder ? 90.0 : 0.0, 0.0, 0.0});
            unitColors.push_back(color);
        }
        set.fill(unitData, unitColors);
    };
    unitRows(design.powerUnits, kPowerUnitHeightM, false, powerUnitColor(), mVtk->powerUnits);
    unitRows(design.coolingUnits, kCoolingUnitHeightM, true, coolingUnitColor(), mVtk->coolingUnits);

    resetCamera();
}

void Hall3dView::resetCamera()
{
    vtkCamera *camera = mVtk->renderer->GetActiveCamera();
    const double cx = mVtk->hallWidth / 2.0;
    const double cy = mVtk->hallDepth / 2.0;
    const double extent = std::max(mVtk->hallWidth, mVtk->hallDepth);
    // From the near wall, raised: the oblique view architects use for hall walkthroughs.
    camera->SetFocalPoint(cx, cy, 0.0);
    camera->SetPosition(cx - 0.25 * extent, cy - 1.1 * extent, 0.8 * extent);
    camera->SetViewUp(0.0, 0.0, 1.0);
    mVtk->renderer->ResetCamera();
    camera->Zoom(1.25);
    mVtk->renderer->ResetCameraClippingRange();
    update();
}

void Hall3dView::initializeGL()
{
    connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, [this] {
        makeCurrent();
        cleanupGL();
        doneCurrent();
    });

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
    case Qt::LeftButton: forwardMouse(event, vtkCommand::LeftButtonPressEvent); break;
    case Qt::MiddleButton: forwardMouse(event, vtkCommand::MiddleButtonPressEvent); break;
    case Qt::RightButton: forwardMouse(event, vtkCommand::RightButtonPressEvent); break;
    default: QOpenGLWidget::mousePressEvent(event); break;
    }
}

void Hall3dView::mouseReleaseEvent(QMouseEvent *event)
{
    switch (event->button()) {
    case Qt::LeftButton: forwardMouse(event, vtkCommand::LeftButtonReleaseEvent); break;
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

void Hall3dView::wheelEvent(QWheelEvent *event)
{
    const int delta = event->angleDelta().y();
    if (delta == 0) {
        event->ignore();
        return;
    }
    const qreal dpr = devicePixelRatioF();
    mVtk->interactor->SetEventInformationFlipY(static_cast<int>(event->position().x() * dpr),
                                            static_cast<int>(event->position().y() * dpr));
    mVtk->interactor->InvokeEvent(delta > 0 ? vtkCommand::MouseWheelForwardEvent : vtkCommand::MouseWheelBackwardEvent,
                               event);
    event->accept();
}

} // namespace cp::gui
