#include "model/core/problem.h"

#include <algorithm>

namespace cp {

const char *severityName(Severity severity)
{
    switch (severity) {
    case Severity::Info: return "info";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
    }
    return "error";
}

std::size_t errorCount(const Problems &problems)
{
    return std::size_t(std::count_if(problems.begin(), problems.end(),
                                     [](const Problem &p) { return p.severity == Severity::Error; }));
}

bool hasErrors(const Problems &problems)
{
    return std::any_of(problems.begin(), problems.end(),
                       [](const Problem &p) { return p.severity == Severity::Error; });
}

std::string fillTemplate(const std::string &text, const std::vector<std::string> &args)
{
    std::string out;
    out.reserve(text.size() + 16);
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%' && i + 1 < text.size() && text[i + 1] >= '1' && text[i + 1] <= '9') {
            const size_t k = size_t(text[i + 1] - '1');
            if (k < args.size()) {
                out += args[k];
                ++i;
                continue;
            }
        }
        out += text[i];
    }
    return out;
}

Problem problem(Severity severity, std::string place, const char *text, std::vector<std::string> args)
{
    Problem p{severity, std::move(place), fillTemplate(text, args), text, std::move(args)};
    return p;
}

static std::string composeMessage(const std::string &file, const std::string &place,
                                  const std::string &problem)
{
    std::string out = file.empty() ? std::string("<input>") : file;
    if (!place.empty())
        out += ": " + place;
    out += ": " + problem;
    return out;
}

LoadError::LoadError(std::string file, std::string place, std::string problem)
    : std::runtime_error(composeMessage(file, place, problem))
    , mFile(std::move(file))
    , mPlace(std::move(place))
    , mProblem(std::move(problem))
{}

} // namespace cp
