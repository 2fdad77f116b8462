#include "views/hall3d/hall3dview.h"

#include "views/hall3d/hall3dscene.h"
#include "views/session/selectionmodel.h"
#include "views/style/colorscale.h"

#include <QGuiApplication>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QWheelEvent>

#include <vtkCamera.h>
#include <vtkCommand.h>
#include <vtkDoubleArray.h>
#include <vtkOpenGLState.h>
#include <vtkPointData.h>
#include <vtkPropCollection.h>
#include <vtkRenderer.h>
#include <vtkScalarBarActor.h>

#include <algorithm>
#include <cmath>
#include <limits>

// The 3D hall widget: hosting VTK in the QOpenGLWidget, the camera and the mouse and keys. The
// layers are built in hall3dscene.cpp, picking is in hall3dpicking.cpp.

namespace cp::gui {

using namespace hall3d;

namespace {

// A click that moves less than this (logical pixels) between press and release picks; more orbits.
constexpr int kClickSlopPx = 4;

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

    mVtk->buildLayers();
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
