#pragma once

#include <nlohmann/json_fwd.hpp>

namespace cp {

struct Results;

/// The results JSON of DESIGN.md ("Results JSON"); units in key names.
nlohmann::json resultsToJson(const Results &results);

} // namespace cp
