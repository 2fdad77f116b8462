#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace cp {

/// The deepest nesting of arrays and objects a JSON input may have. A design is ~6 levels deep
/// and a catalog ~4; deeper input is refused before it is parsed.
constexpr int kMaxJsonDepth = 64;

/// The byte offset at which `text` nests deeper than `limit` levels, or std::string::npos.
size_t jsonTooDeepAt(const std::string &text, int limit = kMaxJsonDepth);

/// Parses JSON text read from `origin`. Nesting deeper than kMaxJsonDepth is refused with its
/// line and column. A syntax error throws LoadError naming the line and column
/// (what editors show); a number beyond a double ("1e400"), which the parser reports apart, names
/// the number.
nlohmann::json parseJsonText(const std::string &text, const std::string &origin);

} // namespace cp
