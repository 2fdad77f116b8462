#pragma once

#include "model/training/estimate.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace cp {

class Catalog;

/// Reads an estimate spec; throws LoadError naming the file, the JSON path and the problem.
EstimateSpec loadEstimateSpec(const std::string &path, const Catalog &catalog);
EstimateSpec parseEstimateSpec(const nlohmann::json &json, const std::string &origin,
                               const Catalog &catalog);

} // namespace cp
