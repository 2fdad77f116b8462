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
