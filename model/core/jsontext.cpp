#include "model/core/jsontext.h"

#include "model/core/problem.h"

namespace cp {

nlohmann::json parseJsonText(const std::string &text, const std::string &origin)
{
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error &e) {
        // e.byte is the offset of the error, counted from 1.
        size_t line = 1, column = 1;
        for (size_t i = 0; i + 1 < e.byte && i < text.size(); ++i) {
            if (text[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        throw LoadError(origin, "line " + std::to_string(line) + ", column " + std::to_string(column),
                        "not valid JSON");
    } catch (const nlohmann::json::out_of_range &e) {
        const std::string what = e.what();
        throw LoadError(origin, "", "not valid JSON: " + what.substr(what.find("] ") + 2));
    }
}

} // namespace cp
