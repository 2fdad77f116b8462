#include "model/core/jsontext.h"

#include "model/core/problem.h"

#include <functional>
#include <unordered_set>
#include <vector>

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

/// Watches the parser's events for a key that appears twice in one object: nlohmann::json keeps
/// the last silently, so a second "design" would replace the whole design. Tracks the place of
/// the current object as the loaders name places ("design.racks[3].contents[0]").
class DuplicateKeys
{
public:
    bool operator()(int, nlohmann::json::parse_event_t event, nlohmann::json &parsed)
    {
        using E = nlohmann::json::parse_event_t;
        switch (event) {
        case E::object_start:
        case E::array_start:
            mFrames.push_back({event == E::object_start, placeOfNext(), {}, {}, 0});
            break;
        case E::key: {
            Frame &f = mFrames.back();
            f.key = parsed.get<std::string>();
            if (!f.keys.insert(f.key).second)
                mDuplicate = f.place.empty() ? f.key : f.place + "." + f.key;
            break;
        }
        case E::object_end:
        case E::array_end:
            mFrames.pop_back();
            elementDone();
            break;
        case E::value:
            elementDone();
            break;
        }
        return true;
    }

    /// The place of the first duplicated key, or empty.
    const std::string &duplicate() const { return mDuplicate; }

private:
    struct Frame
    {
        bool object = false;
        std::string place;
        std::string key;
        std::unordered_set<std::string> keys;
        size_t index = 0;
    };

    std::string placeOfNext() const
    {
        if (mFrames.empty())
            return {};
        const Frame &f = mFrames.back();
        if (f.object)
            return f.place.empty() ? f.key : f.place + "." + f.key;
        return f.place + "[" + std::to_string(f.index) + "]";
    }

    void elementDone()
    {
        if (!mFrames.empty() && !mFrames.back().object)
            ++mFrames.back().index;
    }

    std::vector<Frame> mFrames;
    std::string mDuplicate;
};

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
    DuplicateKeys duplicates;
    nlohmann::json parsed;
    try {
        parsed = nlohmann::json::parse(text, std::ref(duplicates));
    } catch (const nlohmann::json::parse_error &e) {
        // e.byte is the offset of the error, counted from 1.
        throw LoadError(origin, lineColumn(text, e.byte > 0 ? e.byte - 1 : 0), "not valid JSON");
    } catch (const nlohmann::json::out_of_range &e) {
        const std::string what = e.what();
        throw LoadError(origin, "", "not valid JSON: " + what.substr(what.find("] ") + 2));
    }
    if (!duplicates.duplicate().empty())
        throw LoadError(origin, duplicates.duplicate(),
                        "the key appears twice in one object; the second would silently replace the first "
                        "(remove one of them)");
    return parsed;
}

} // namespace cp
