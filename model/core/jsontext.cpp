#include "model/core/jsontext.h"

#include "model/core/problem.h"

namespace cp {

namespace {

/// "line L, column C" of the byte at `offset` (counted from 0).
std::string lineColumn(const std::string &text, size_t offset)
{
    size_t line = 1, column = 1;
    for (size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

} // namespace

size_t jsonTooDeepAt(const std::string &text, int limit)
{
    // One pass, no recursion: brackets outside strings, a string's escapes skipped.
    int depth = 0;
    bool inString = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > limit)
                return i;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return std::string::npos;
}

nlohmann::json parseJsonText(const std::string &text, const std::string &origin)
{
    // Deep nesting is refused before parsing: the copies and comparisons of a parsed value recurse
    // once per level, and ~70,000 levels overflowed the stack (docs/robustness.md).
    if (const size_t at = jsonTooDeepAt(text); at != std::string::npos)
        throw LoadError(origin, lineColumn(text, at),
                        "nested more than " + std::to_string(kMaxJsonDepth)
                            + " levels deep (no file of Cluster Planner needs more than a few)");
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error &e) {
        // e.byte is the offset of the error, counted from 1.
        throw LoadError(origin, lineColumn(text, e.byte > 0 ? e.byte - 1 : 0), "not valid JSON");
    } catch (const nlohmann::json::out_of_range &e) {
        const std::string what = e.what();
        throw LoadError(origin, "", "not valid JSON: " + what.substr(what.find("] ") + 2));
    }
}

} // namespace cp
