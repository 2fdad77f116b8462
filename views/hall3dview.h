#pragma once

#include <QOpenGLWidget>

#include <memory>

namespace cp {
class Catalog;
struct Design;
} // namespace cp

namespace cp::gui {

/// The hall in 3D: VTK renders racks and units into this QOpenGLWidget (no VTK::GUISupportQt).
class Hall3dView final : public QOpenGLWidget
{
    Q_OBJECT

public:
    explicit Hall3dView(QWidget *parent = nullptr);
    ~Hall3dView() override;

    /// The context VTK 9.1 needs: OpenGL 3.2 core, no multisampling in Qt's framebuffer.
    static QSurfaceFormat defaultFormat();
    /// Whether this display can host the view; `reason` says why not.
    static bool isOpenGLAvailable(QString *reason = nullptr);

    /// Rebuilds the racks, units and floor and resets the camera.
    void setDesign(const Design &design, const Catalog &catalog);
    void resetCamera();

    int rackCount() const;
    /// Frames VTK rendered into the widget so far.
    int framesRendered() const { return mFrames; }

Q_SIGNALS:
    void frameRendered();

protected:
    void initializeGL() override;
    void resizeGL(int w, int h) override;
    void paintGL() override;

    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;

private:
    struct Vtk; ///< the VTK pipeline, kept out of this header

    void cleanupGL();
    void forwardMouse(QMouseEvent *event, unsigned long vtkEvent);

    std::unique_ptr<Vtk> mVtk;
    int mFrames = 0;
};

} // namespace cp::gui
