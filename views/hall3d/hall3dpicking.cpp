#include "views/hall3d/hall3dscene.h"

#include "views/session/selectionmodel.h"

#include <vtkRenderer.h>

#include <algorithm>
#include <cmath>
#include <limits>

// Picking in the 3D hall: rays from the camera through a widget point against the parts' boxes
// (not VTK's pickers: the boxes are known, and one test per box is exact and fast).

namespace cp::gui {

namespace hall3d {

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

std::pair<double, int> GlyphSet::hit(const double origin[3], const double dir[3]) const
{
    std::pair<double, int> best{-1.0, -1};
    for (size_t i = 0; i < boxes.size(); ++i) {
        const double t = hitBox(boxes[i], origin, dir);
        if (t >= 0.0 && (best.second < 0 || t < best.first))
            best = {t, int(i)};
    }
    return best;
}

} // namespace hall3d

using namespace hall3d;

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

} // namespace cp::gui
