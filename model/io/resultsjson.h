#pragma once

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace cp {

struct Results;

/// The results JSON of DESIGN.md ("Results JSON"); units in key names.
nlohmann::json resultsToJson(const Results &results);

/// The places (JSON pointers, e.g. "/performance/mfu") of every NaN or infinite number in `j`,
/// at most `max` of them. A figure the tool prints must be finite: the CLI checks every JSON it
/// prints with this and refuses to print one that is not (docs/robustness.md).
std::vector<std::string> nonFiniteNumbers(const nlohmann::json &j, size_t max = 8);

} // namespace cp
