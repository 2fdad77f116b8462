#pragma once

// The 3D hall's VTK scene, shared by the widget (hall3dview.cpp), the scene building
// (hall3dscene.cpp) and picking (hall3dpicking.cpp). Internal to views/hall3d.

#include "views/hall3d/hall3dview.h"

#include <QColor>
#include <QString>

#include <vtkActor.h>
#include <vtkCallbackCommand.h>
#include <vtkCubeSource.h>
#include <vtkCylinderSource.h>
#include <vtkDoubleArray.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkGenericRenderWindowInteractor.h>
#include <vtkGlyph3DMapper.h>
#include <vtkInteractorStyleTrackballCamera.h>
#include <vtkLookupTable.h>
#include <vtkNew.h>
#include <vtkOutlineSource.h>
#include <vtkPlaneSource.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkRenderer.h>
#include <vtkScalarBarActor.h>
#include <vtkTexture.h>
#include <vtkUnsignedCharArray.h>

#include <limits>
#include <utility>
#include <vector>

namespace cp::gui::hall3d {

constexpr double kUnitSizeM = 0.6;
constexpr double kPowerUnitHeightM = 1.2;
constexpr double kCoolingUnitHeightM = 1.9;
// Racks in a row touch; a small gap keeps them readable as separate boxes.
constexpr double kRackGapFactor = 0.94;
// Row labels: one atlas texture of cells this size, at most this many labels.
constexpr int kLabelCellW = 192;
constexpr int kLabelCellH = 48;
constexpr int kLabelColumns = 16;
constexpr int kMaxRowLabels = 512;

/// An oriented box: centre, half sizes and turn about +z; what a glyph draws and a pick hits.
struct Box
{
    double c[3] = {0, 0, 0};
    double half[3] = {0, 0, 0};
    double turnRad = 0.0;
};

/// Ray–box intersection in the box's frame (slab test); the ray parameter of the entry, or -1.
double hitBox(const Box &box, const double origin[3], const double dir[3]);

/// Points with per-point scale, orientation and colour, drawn as glyphs of one shape: one actor,
/// instanced by VTK's OpenGL glyph mapper however many points there are.
struct GlyphSet
{
    vtkNew<vtkPolyData> points;
    vtkNew<vtkGlyph3DMapper> mapper;
    vtkNew<vtkActor> actor;
    std::vector<Box> boxes; ///< the drawn boxes, for picking
    bool uprightY = false;  ///< the shape's axis is y (vtkCylinderSource): stand it up

    void setup(vtkAlgorithm *shape);
    void fill(const std::vector<Box> &newBoxes, const std::vector<QColor> &colors);
    /// Moves and resizes the glyphs to `boxes` (same count), keeping colours.
    void updateBoxes();
    vtkUnsignedCharArray *colors() const;
    /// The entry parameter and index of the nearest box the ray hits, or {-1, -1}.
    std::pair<double, int> hit(const double origin[3], const double dir[3]) const;
};

/// Selection outlines: a wire box glyph (12 edges) around each selected part, one actor.
struct OutlineSet
{
    vtkNew<vtkOutlineSource> shape;
    vtkNew<vtkPolyData> points;
    vtkNew<vtkGlyph3DMapper> mapper;
    vtkNew<vtkActor> actor;

    void setup();
    void fill(const std::vector<Box> &boxes);
};

/// A row of racks in order of first appearance, with the plan extent of its racks (VTK
/// coordinates).
struct HallRow
{
    QString name;
    double x0 = std::numeric_limits<double>::max(), y0 = std::numeric_limits<double>::max();
    double x1 = std::numeric_limits<double>::lowest(), y1 = std::numeric_limits<double>::lowest();
    bool alongX = true; ///< racks side by side along x (their fronts face ±y)
};

} // namespace cp::gui::hall3d

namespace cp::gui {

/// The VTK pipeline of a Hall3dView: window, interactor, renderer, and the floor, row, glyph and
/// scalar bar layers with the per-rack data they are coloured and sized from.
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
    hall3d::GlyphSet racks;
    hall3d::GlyphSet powerUnits;
    hall3d::GlyphSet coolingUnits;
    hall3d::OutlineSet outlines;

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

    // The layers (hall3dscene.cpp).
    /// Sets up the floor, row, glyph and outline actors, the kW lookup table and the scalar bar.
    void buildLayers();
    /// Plan y grows towards the viewer; VTK's y grows away: mirror so the 3D matches the plan.
    double flipY(double yM) const { return hallDepth - yM; }
    /// The floor plane and the hall grid; floor layers lie `zStep` apart.
    void buildFloor(const Design &design, double zStep);
    /// The rack glyphs at their geometric heights in category colours; returns the rows.
    std::vector<hall3d::HallRow> buildRacks(const Design &design, const Catalog &catalog);
    /// The power and cooling unit glyphs.
    void buildUnits(const Design &design);
    /// The floor under each row a shade darker, alternating.
    void buildRowStripes(const std::vector<hall3d::HallRow> &rows, double zStep);
    /// A label plate before each row's start, all cut from one texture atlas.
    void buildRowLabels(const std::vector<hall3d::HallRow> &rows, double zStep);
};

} // namespace cp::gui
