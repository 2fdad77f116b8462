#pragma once

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace cp {

struct Design;

/// Version of the design JSON interchange format this program writes.
constexpr int kDesignJsonVersion = 2; ///< 2: recompute "auto", parallelism etp and zero

/// Converts a design to its versioned JSON interchange form.
nlohmann::json designToJson(const Design &design);
/// Reads a design; throws LoadError naming `origin`, the JSON path and the problem.
Design designFromJson(const nlohmann::json &json, const std::string &origin);
Design designFromJsonText(const std::string &text, const std::string &origin);

/// Writes the design (and the catalog entries it uses) to a JSON file atomically.
class Catalog;
void exportDesignJson(const Design &design, const Catalog &catalog, const std::string &path);
/// Reads a design JSON file; catalog entries it embeds are merged into `catalog`.
Design importDesignJson(const std::string &path, Catalog &catalog);

} // namespace cp
