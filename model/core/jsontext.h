#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace cp {

/// Parses JSON text read from `origin`. A syntax error throws LoadError naming the line and column
/// (what editors show); a number beyond a double ("1e400"), which the parser reports apart, names
/// the number.
nlohmann::json parseJsonText(const std::string &text, const std::string &origin);

} // namespace cp
