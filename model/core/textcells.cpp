#include "model/core/textcells.h"

#include <cctype>
#include <cstdlib>

namespace cp {

namespace {

/// Whether the whole text is one number ("-1.5", "+3", "2e-3"): a number cannot run anything,
/// so it is left as it is.
bool isNumber(const std::string &s)
{
    if (s.empty())
        return false;
    char *end = nullptr;
    std::strtod(s.c_str(), &end);
    return end == s.c_str() + s.size();
}

/// The OWASP guard: a leading quote before a text a spreadsheet would take for a formula.
std::string neutralised(const std::string &s)
{
    if (s.empty() || isNumber(s))
        return s;
    const char c = s.front();
    if (c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r')
        return "'" + s;
    return s;
}

} // namespace

std::string csvField(const std::string &s)
{
    const std::string v = neutralised(s);
    if (v.find_first_of(",\"\r\n") == std::string::npos)
        return v;
    std::string out = "\"";
    for (char ch : v) {
        if (ch == '"')
            out += '"';
        out += ch;
    }
    return out + "\"";
}

std::string tsvField(const std::string &s)
{
    std::string v = neutralised(s);
    for (char &ch : v)
        if (ch == '\t' || ch == '\n' || ch == '\r')
            ch = ' ';
    return v;
}

std::string slugify(const std::string &s, const std::string &empty)
{
    std::string out;
    for (const unsigned char c : s) {
        if (std::isalnum(c))
            out += char(std::tolower(c));
        else if (!out.empty() && out.back() != '-')
            out += '-';
    }
    while (!out.empty() && out.back() == '-')
        out.pop_back();
    return out.empty() ? empty : out;
}

} // namespace cp
