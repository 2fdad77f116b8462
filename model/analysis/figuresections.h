#pragma once

// Sections of the figure table kept in their own files (internal to model/analysis).

#include "model/analysis/figures.h"

#include <vector>

namespace cp::figuretable {

/// The reliability stage's figures (reliabilityfigures.cpp).
std::vector<Figure> reliabilityFigures();
/// The cost figures' ranges, utilisation and break-even utilisation (costrangefigures.cpp).
std::vector<Figure> costRangeFigures();

} // namespace cp::figuretable
