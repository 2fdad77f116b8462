#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace cp {

/// How serious a problem found in a catalog, design or evaluation is.
enum class Severity { Info, Warning, Error };

const char *severityName(Severity severity);

/// Marks a message template for translation and is the template itself. lupdate reads
/// CP_TR_NOOP(context, text) as QT_TRANSLATE_NOOP (its -tr-function-alias option, set in
/// translations/CMakeLists.txt), so the model names its messages without depending on Qt.
/// Problems use the context "cp::Problems".
#define CP_TR_NOOP(context, text) text

/// One finding, with the place it refers to (a JSON path, a rack id, a part id).
///
/// `message` is the English text (the command line, the results JSON). A problem made from a
/// template also keeps the template (`text`, with %1 … %9 where `args` go): the template is the
/// message's id, so the window can show it translated (docs/translation.md).
struct Problem
{
    Severity severity = Severity::Error;
    std::string place;
    std::string message;
    std::string text;              ///< the template, empty for a verbatim message (an exception's what())
    std::vector<std::string> args; ///< what %1, %2, … stand for

    bool operator==(const Problem &) const = default;
};

/// `text` with %1 … %9 replaced by args[0] … args[8] in one pass (an argument that itself holds
/// "%2" is not expanded again); a marker without its argument stays as it is.
std::string fillTemplate(const std::string &text, const std::vector<std::string> &args);
/// A problem from a message template (marked with CP_TR_NOOP("cp::Problems", …)) and its arguments.
Problem problem(Severity severity, std::string place, const char *text, std::vector<std::string> args = {});

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
