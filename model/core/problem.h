#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace cp {

/// How serious a problem found in a catalog, design or evaluation is.
enum class Severity { Info, Warning, Error };

const char *severityName(Severity severity);

/// One finding, with the place it refers to (a JSON path, a rack id, a part id).
struct Problem
{
    Severity severity = Severity::Error;
    std::string place;
    std::string message;

    bool operator==(const Problem &) const = default;
};

using Problems = std::vector<Problem>;

bool hasErrors(const Problems &problems);
std::size_t errorCount(const Problems &problems);

/// Thrown when a file cannot be read; what() names the file, the place and the problem.
class LoadError : public std::runtime_error
{
public:
    LoadError(std::string file, std::string place, std::string problem);

    const std::string &file() const { return mFile; }
    const std::string &place() const { return mPlace; }
    const std::string &problem() const { return mProblem; }

private:
    std::string mFile;
    std::string mPlace;
    std::string mProblem;
};

} // namespace cp
