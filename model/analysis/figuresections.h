#pragma once

// Sections of the figure table kept in their own files (internal to model/analysis).

#include "model/analysis/figures.h"

#include <vector>

namespace cp::figuretable {

/// The reliability stage's figures (reliabilityfigures.cpp).
std::vector<Figure> reliabilityFigures();

} // namespace cp::figuretable
