#include "views/hall3d/hall3dscene.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "views/plan/overlay.h"
#include "views/plan/items/rackcategory.h"
#include "views/session/selectionmodel.h"
#include "views/style/colorscale.h"

#include <QFont>
#include <QFontMetrics>
#include <QImage>
#include <QPainter>

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkFloatArray.h>
#include <vtkImageData.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkProperty.h>
#include <vtkProperty2D.h>
#include <vtkTextProperty.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

// Building the 3D hall's layers from a design: floor and grid, row stripes and labels, and the
// rack and unit glyphs (one actor each, however many parts).

namespace cp::gui {

namespace hall3d {

namespace {

QColor floorColor()
{
    return QColor::fromRgbF(0.86f, 0.87f, 0.86f);
}

/// A glyph's size along its shape's axes: the box's full sizes, `outset` larger on every side
/// pair; a y-axis shape stood up (uprightY) takes the height along its y.
void setGlyphScale(vtkDoubleArray *scale, vtkIdType i, const Box &b, bool uprightY, double outset = 0.0)
{
    if (uprightY)
        scale->SetTuple3(i, 2.0 * b.half[0] + outset, 2.0 * b.half[2] + outset, 2.0 * b.half[1] + outset);
    else
        scale->SetTuple3(i, 2.0 * b.half[0] + outset, 2.0 * b.half[1] + outset, 2.0 * b.half[2] + outset);
}

/// Puts a point per box into `points` with the "scale" and "orientation" arrays the glyph
/// mappers read; what both the part glyphs and the selection outlines are drawn from.
void setGlyphPoints(vtkPolyData *points, const std::vector<Box> &boxes, bool uprightY, double outset)
{
    vtkNew<vtkPoints> xyz;
    vtkNew<vtkDoubleArray> scale;
    scale->SetName("scale");
    scale->SetNumberOfComponents(3);
    vtkNew<vtkDoubleArray> orientation;
    orientation->SetName("orientation");
    orientation->SetNumberOfComponents(3);
    const auto n = static_cast<vtkIdType>(boxes.size());
    xyz->SetNumberOfPoints(n);
    scale->SetNumberOfTuples(n);
    orientation->SetNumberOfTuples(n);
    for (vtkIdType i = 0; i < n; ++i) {
        const Box &b = boxes[size_t(i)];
        xyz->SetPoint(i, b.c);
        setGlyphScale(scale, i, b, uprightY, outset);
        // Rotation mode: degrees about x, y, z; a quarter turn about x stands a y-axis shape up.
        orientation->SetTuple3(i, uprightY ? 90.0 : 0.0, 0.0, b.turnRad * 180.0 / M_PI);
    }
    points->Initialize();
    points->SetPoints(xyz);
    points->GetPointData()->AddArray(scale);
    points->GetPointData()->AddArray(orientation);
}

} // namespace

void GlyphSet::setup(vtkAlgorithm *shape)
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

void GlyphSet::fill(const std::vector<Box> &newBoxes, const std::vector<QColor> &colors)
{
    boxes = newBoxes;
    setGlyphPoints(points, boxes, uprightY, 0.0);
    vtkNew<vtkUnsignedCharArray> rgb;
    rgb->SetName("color");
    rgb->SetNumberOfComponents(3);
    const auto n = static_cast<vtkIdType>(boxes.size());
    rgb->SetNumberOfTuples(n);
    for (vtkIdType i = 0; i < n; ++i) {
        const QColor &c = colors[size_t(i)];
        const unsigned char t[3] = {static_cast<unsigned char>(c.red()), static_cast<unsigned char>(c.green()),
                                    static_cast<unsigned char>(c.blue())};
        rgb->SetTypedTuple(i, t);
    }
    points->GetPointData()->SetScalars(rgb);
    points->Modified();
}

void GlyphSet::updateBoxes()
{
    vtkPoints *xyz = points->GetPoints();
    auto *scale = vtkDoubleArray::SafeDownCast(points->GetPointData()->GetArray("scale"));
    if (!xyz || !scale)
        return;
    for (vtkIdType i = 0; i < xyz->GetNumberOfPoints(); ++i) {
        const Box &b = boxes[size_t(i)];
        xyz->SetPoint(i, b.c);
        setGlyphScale(scale, i, b, uprightY);
    }
    xyz->Modified();
    scale->Modified();
    points->Modified();
}

vtkUnsignedCharArray *GlyphSet::colors() const
{
    return vtkUnsignedCharArray::SafeDownCast(points->GetPointData()->GetScalars());
}

void OutlineSet::setup()
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

void OutlineSet::fill(const std::vector<Box> &boxes)
{
    // A little outside the box, so the lines are not hidden in its faces.
    setGlyphPoints(points, boxes, false, 0.06);
    points->Modified();
    actor->SetVisibility(boxes.empty() ? 0 : 1);
}

} // namespace hall3d

using namespace hall3d;

void Hall3dView::Vtk::buildLayers()
{
    renderer->GradientBackgroundOn();
    renderer->SetBackground(0.97, 0.97, 0.96);
    renderer->SetBackground2(0.80, 0.84, 0.89);

    const QColor floorShade = floorColor();
    floorMapper->SetInputConnection(floor->GetOutputPort());
    floorActor->SetMapper(floorMapper);
    floorActor->GetProperty()->SetColor(floorShade.redF(), floorShade.greenF(), floorShade.blueF());
    floorActor->GetProperty()->SetAmbient(0.4);
    floorActor->GetProperty()->SetSpecular(0.0);
    floorActor->PickableOff();
    renderer->AddActor(floorActor);

    stripesMapper->SetInputData(stripes);
    stripesMapper->SetColorModeToDirectScalars();
    stripesActor->SetMapper(stripesMapper);
    stripesActor->GetProperty()->SetAmbient(0.4);
    stripesActor->GetProperty()->SetSpecular(0.0);
    stripesActor->PickableOff();
    renderer->AddActor(stripesActor);

    gridMapper->SetInputData(grid);
    gridActor->SetMapper(gridMapper);
    gridActor->GetProperty()->SetColor(0.70, 0.72, 0.74);
    gridActor->GetProperty()->SetLighting(false);
    gridActor->PickableOff();
    renderer->AddActor(gridActor);

    labelsMapper->SetInputData(labels);
    labelsMapper->ScalarVisibilityOff();
    labelsActor->SetMapper(labelsMapper);
    labelsTexture->InterpolateOn();
    labelsTexture->MipmapOn();
    labelsActor->SetTexture(labelsTexture);
    // Plates read evenly whatever the light: the texture's colours as painted.
    labelsActor->GetProperty()->SetLighting(false);
    labelsActor->PickableOff();
    labelsActor->SetVisibility(0);
    renderer->AddActor(labelsActor);

    cube->SetCenter(0.0, 0.0, 0.0);
    cube->SetXLength(1.0);
    cube->SetYLength(1.0);
    cube->SetZLength(1.0);
    cylinder->SetRadius(0.5);
    cylinder->SetHeight(1.0);
    cylinder->SetResolution(24);
    racks.setup(cube);
    powerUnits.setup(cube);
    coolingUnits.uprightY = true;
    coolingUnits.setup(cylinder);
    outlines.setup();
    renderer->AddActor(racks.actor);
    renderer->AddActor(powerUnits.actor);
    renderer->AddActor(coolingUnits.actor);
    renderer->AddActor(outlines.actor);

    // The kW scale: the plan overlay's colours, with the over-limit colour as the "NaN" swatch.
    const QVector<QColor> &stops = heatScale();
    lut->SetNumberOfTableValues(256);
    for (int i = 0; i < 256; ++i) {
        const QColor c = scaleColor(stops, i / 255.0);
        lut->SetTableValue(i, c.redF(), c.greenF(), c.blueF(), 1.0);
    }
    const QColor over = overlayOverLimitColor();
    lut->SetNanColor(over.redF(), over.greenF(), over.blueF(), 1.0);
    lut->SetTableRange(0.0, 1.0);
    vtkScalarBarActor *bar = scalarBar;
    bar->SetLookupTable(lut);
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
    renderer->AddActor2D(bar);
}

void Hall3dView::Vtk::buildFloor(const Design &design, double zStep)
{
    const double width = hallWidth, depth = hallDepth;
    floor->SetOrigin(0.0, 0.0, 0.0);
    floor->SetPoint1(width, 0.0, 0.0);
    floor->SetPoint2(0.0, depth, 0.0);

    // Grid lines: the hall grid, coarsened so there are at most ~80 lines per side.
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
    grid->Initialize();
    grid->SetPoints(points);
    grid->SetLines(lines);
    grid->Modified();
}

std::vector<HallRow> Hall3dView::Vtk::buildRacks(const Design &design, const Catalog &catalog)
{
    const size_t n = design.racks.size();
    std::vector<Box> boxes(n);
    categoryColors.assign(n, QColor());
    geometricHeights.assign(n, 0.0);
    kw.clear();
    overLimit.clear();

    std::vector<HallRow> rows;
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
        categoryColors[i] = rackCategoryColor(rackCategory(rack, catalog));
        geometricHeights[i] = g.heightM;

        if (rack.row.empty())
            continue;
        auto [it, added] = rowIndex.try_emplace(rack.row, rows.size());
        if (added) {
            rows.push_back(HallRow{QString::fromStdString(rack.row)});
            // A row runs along its racks' width, whatever its length (a row of one rack too).
            rows.back().alongX = std::abs(std::cos(b.turnRad)) >= std::abs(std::sin(b.turnRad));
        }
        HallRow &row = rows[it->second];
        const double cs = std::abs(std::cos(b.turnRad)), sn = std::abs(std::sin(b.turnRad));
        const double hx = cs * g.widthM / 2.0 + sn * g.depthM / 2.0;
        const double hy = sn * g.widthM / 2.0 + cs * g.depthM / 2.0;
        row.x0 = std::min(row.x0, b.c[0] - hx);
        row.x1 = std::max(row.x1, b.c[0] + hx);
        row.y0 = std::min(row.y0, b.c[1] - hy);
        row.y1 = std::max(row.y1, b.c[1] + hy);
    }
    racks.fill(boxes, categoryColors);
    rackCount = static_cast<int>(n);
    return rows;
}

void Hall3dView::Vtk::buildUnits(const Design &design)
{
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
    unitBoxes(design.powerUnits, kPowerUnitHeightM, powerUnitColor(), powerUnits);
    unitBoxes(design.coolingUnits, kCoolingUnitHeightM, coolingUnitColor(), coolingUnits);
}

void Hall3dView::Vtk::buildRowStripes(const std::vector<HallRow> &rows, double zStep)
{
    // Row stripes: the floor under each row a shade darker, alternating, so rows read as rows
    // even when zoomed out too far to see the gaps between racks.
    vtkNew<vtkPoints> points;
    vtkNew<vtkCellArray> quads;
    vtkNew<vtkUnsignedCharArray> rgb;
    rgb->SetNumberOfComponents(3);
    const QColor shades[2] = {mixColor(floorColor(), QColor(0x5a, 0x6b, 0x80), 0.22),
                              mixColor(floorColor(), QColor(0x5a, 0x6b, 0x80), 0.38)};
    const double z = zStep;
    const double margin = 0.15;
    for (size_t r = 0; r < rows.size(); ++r) {
        const HallRow &row = rows[r];
        const vtkIdType ids[4] = {points->InsertNextPoint(row.x0 - margin, row.y0 - margin, z),
                                  points->InsertNextPoint(row.x1 + margin, row.y0 - margin, z),
                                  points->InsertNextPoint(row.x1 + margin, row.y1 + margin, z),
                                  points->InsertNextPoint(row.x0 - margin, row.y1 + margin, z)};
        quads->InsertNextCell(4, ids);
        const QColor &c = shades[r % 2];
        rgb->InsertNextTuple3(c.red(), c.green(), c.blue());
    }
    stripes->Initialize();
    stripes->SetPoints(points);
    stripes->SetPolys(quads);
    stripes->GetCellData()->SetScalars(rgb);
    stripes->Modified();
}

void Hall3dView::Vtk::buildRowLabels(const std::vector<HallRow> &rows, double zStep)
{
    // Row labels: plates on the floor before each row's start, all cut from one texture atlas
    // (one actor, however many rows; every k-th row past kMaxRowLabels).
    const size_t step = rows.size() > size_t(kMaxRowLabels) ? (rows.size() + kMaxRowLabels - 1) / kMaxRowLabels : 1;
    std::vector<size_t> labelled;
    for (size_t r = 0; r < rows.size(); r += step)
        labelled.push_back(r);
    rowLabels = static_cast<int>(labelled.size());
    labelsActor->SetVisibility(labelled.empty() ? 0 : 1);
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
            const HallRow &row = rows[labelled[k]];
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
        labels->Initialize();
        labels->SetPoints(points);
        labels->SetPolys(quads);
        labels->GetPointData()->SetTCoords(tcoords);
        labels->Modified();

        vtkNew<vtkImageData> image;
        image->SetDimensions(atlas.width(), atlas.height(), 1);
        image->AllocateScalars(VTK_UNSIGNED_CHAR, 3);
        auto *dst = static_cast<unsigned char *>(image->GetScalarPointer());
        const int rowBytes = atlas.width() * 3;
        for (int y = 0; y < atlas.height(); ++y)
            std::copy_n(atlas.constScanLine(atlas.height() - 1 - y), rowBytes, dst + size_t(y) * size_t(rowBytes));
        labelsTexture->SetInputData(image);
    }
}

void Hall3dView::setDesign(const Design &design, const Catalog &catalog)
{
    const double width = std::max(design.hall.widthM, 1.0);
    const double depth = std::max(design.hall.depthM, 1.0);
    mVtk->hallWidth = width;
    mVtk->hallDepth = depth;
    // Floor layers a little apart, in proportion to the hall, so depth tests keep them in order.
    const double zStep = std::max(width, depth) * 2e-5 + 0.001;

    mVtk->buildFloor(design, zStep);
    const std::vector<HallRow> rows = mVtk->buildRacks(design, catalog);
    mVtk->buildUnits(design);
    mVtk->buildRowStripes(rows, zStep);
    mVtk->buildRowLabels(rows, zStep);

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

} // namespace cp::gui
