#pragma once

#include <QColor>
#include <QString>

namespace cp {
class Catalog;
struct Rack;
} // namespace cp

namespace cp::gui {

/// What a rack mainly holds; decides its colour on the plan, in the legend and in 3D.
enum class RackCategory { Compute, Supernode, Network, Storage, Empty };

constexpr int kRackCategoryCount = 5;

/// The category of a rack from the kinds of part mounted in it (nodes win over switches).
RackCategory rackCategory(const Rack &rack, const Catalog &catalog);
QString rackCategoryName(RackCategory category);
/// Okabe–Ito colours, distinguishable with the common colour-vision deficiencies.
QColor rackCategoryColor(RackCategory category);

QColor powerUnitColor();
QColor coolingUnitColor();

/// A rack's footprint and height from its catalog entry, with the usual 19" rack as fallback.
struct RackGeometry
{
    double widthM = 0.6;
    double depthM = 1.2;
    double heightM = 2.0;
    int heightU = 42;
};

RackGeometry rackGeometry(const Rack &rack, const Catalog &catalog);

} // namespace cp::gui
