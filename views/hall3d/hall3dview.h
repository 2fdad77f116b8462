#pragma once

#include <QColor>
#include <QOpenGLWidget>
#include <QPointer>

#include <memory>

namespace cp {
class Catalog;
struct Design;
struct PowerResults;
struct Results;
} // namespace cp

namespace cp::gui {

class SelectionModel;

/// The hall in 3D: VTK renders racks and units into this QOpenGLWidget (no VTK::GUISupportQt).
///
/// All racks are one glyph actor (instanced boxes), whatever their number; so are the power units
/// and the cooling units. Racks show their category colour until power results arrive, then their
/// IT kW at training load against a scalar bar. A left click without drag selects the part under
/// the cursor in the shared SelectionModel; the model's selection and failure-domain highlight
/// tint the racks. Drag orbits, middle drag or shift+drag pans, the wheel zooms; R or a double
/// click goes back to the oblique view of the whole hall.
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

    /// Rebuilds the racks, units, row stripes and floor and resets the camera. Forgets power
    /// results of an earlier design (the racks show their category until setResults).
    void setDesign(const Design &design, const Catalog &catalog);
    /// Colours racks by IT kW at training load (power.racks, in design rack order) with a scalar
    /// bar in kW. Results of another design (another rack count) go back to category colours.
    void setRackPower(const PowerResults &power);
    void setResults(const Results &results);
    /// Whether results are shown (racks coloured by kW, scalar bar visible).
    bool showsPower() const;

    /// Heights by kW too: the hottest rack (or the largest rack limit) stands kPowerHeightM tall.
    void setHeightByPower(bool on);
    bool heightByPower() const { return mHeightByPower; }
    static constexpr double kPowerHeightM = 4.0;

    /// The selection this view shows and writes; may be null (clicks then only emit rackClicked).
    void setSelectionModel(SelectionModel *model);
    SelectionModel *selectionModel() const;

    /// Back to the oblique view of the whole hall (also the R key and a double click).
    void resetCamera();

    int rackCount() const;
    /// Frames VTK rendered into the widget so far.
    int framesRendered() const { return mFrames; }

    // What is on screen, for tests and tools.
    /// Rack glyphs in the one rack actor (equals rackCount()).
    int rackGlyphCount() const;
    /// The kW a rack is coloured by (VTK's point array), NaN without results.
    double rackPowerKw(int rack) const;
    /// A rack's colour as drawn: category or kW, then highlight and selection tints.
    QColor rackColor(int rack) const;
    /// A rack's height as drawn, in metres.
    double rackHeightM(int rack) const;
    /// The rack under a widget point (logical pixels), -1 for none (a unit or the floor is nearer).
    int rackAt(const QPoint &pos) const;
    /// Where a rack's top face centre shows, in widget coordinates (logical pixels).
    QPointF rackScreenPosition(int rack) const;
    /// 3D and 2D props in the renderer (constant: does not grow with the racks).
    int actorCount() const;
    /// The scalar bar's title; empty while it is hidden.
    QString scalarBarTitle() const;
    /// Row labels drawn on the floor (rows beyond the atlas's capacity are skipped).
    int rowLabelCount() const;

    /// Tint colours, shared with the tests.
    static QColor selectedTint();
    static QColor downColor();
    static QColor servedColor();

Q_SIGNALS:
    void frameRendered();
    /// A click without drag on a rack (-1: on nothing); sent before the selection model is told.
    void rackClicked(int rack);

protected:
    void initializeGL() override;
    void resizeGL(int w, int h) override;
    void paintGL() override;

    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    struct Vtk; ///< the VTK pipeline, kept out of this header

    void cleanupGL();
    void forwardMouse(QMouseEvent *event, unsigned long vtkEvent);
    /// Rewrites the rack colours and selection outlines from the base colours, highlight and selection.
    void updateColors();
    /// Rewrites rack heights (geometric or by kW).
    void updateGeometry();
    void pickAt(const QPoint &pos, Qt::KeyboardModifiers modifiers);

    std::unique_ptr<Vtk> mVtk;
    QPointer<SelectionModel> mSelection;
    QPoint mPressPos;
    bool mPressed = false;
    bool mHeightByPower = false;
    int mFrames = 0;
};

} // namespace cp::gui
