// Shared by the commands of cluster-planner-cli: argument parsing, failures with their exit
// status, and loading and saving designs.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <atomic>
#include <map>
#include <string>
#include <vector>

namespace cp {
class Catalog;
class PluginRegistry;
struct Design;
struct TemplateOptions;
} // namespace cp

namespace cp::cli {

/// A failed command: the exit status (1 bad input, 2 bad usage, 3 unwritable output) and the
/// message printed on stderr.
struct Failure
{
    int code;
    std::string message;
};

/// Throws a usage Failure (exit status 2) pointing at --help.
[[noreturn]] void usageError(const std::string &message);

/// Splits arguments into positionals and --options (with or without a value).
struct Args
{
    std::vector<std::string> positional;
    std::map<std::string, std::string> options;
    std::vector<std::string> flags;

    bool flag(const std::string &name) const
    {
        for (const auto &f : flags)
            if (f == name)
                return true;
        return false;
    }
    std::string option(const std::string &name) const
    {
        auto it = options.find(name);
        return it == options.end() ? std::string() : it->second;
    }
};

/// Parses `argv` knowing which options take a value and which are flags; anything else is a usage error.
Args parse(const std::vector<std::string> &argv, const std::vector<std::string> &valued,
           const std::vector<std::string> &boolean);

/// The options `new` and `scenario add` take to generate from a template.
extern const std::vector<std::string> kTemplateOptionNames;
/// Those options read from `a` (--template, --gpus, --gpu, --spare-servers, --taper); a value
/// that is not a number is a usage error naming the option.
cp::TemplateOptions templateOptions(const Args &a);

bool endsWith(const std::string &s, const std::string &suffix);
/// Loads a design argument: FILE.json, FILE.cplan (its default scenario) or FILE.cplan#SCENARIO.
cp::Design loadDesign(const std::string &path, cp::Catalog &catalog);
/// Saves a design as a .json design file or a .cplan project; an unwritable file is a Failure 3.
/// An existing file is replaced only with `replace` (--replace): without it the command stops
/// (Failure 3) saying what the file holds, so a project's default scenario or a file of another
/// program is never overwritten by mistake.
void saveDesign(const std::string &path, const cp::Design &design, const cp::Catalog &catalog,
                const std::string &comment, bool replace);
/// `v` with `decimals` digits after the point.
std::string fixed(double v, int decimals);
/// Writes `text` to `path` atomically: a temporary file beside it, then a rename.
void writeFileAtomically(const std::string &path, const std::string &text);
/// Prints a results JSON on stdout — unless a number in it is NaN or infinite: then nothing is
/// printed and the command fails (exit 1) naming the places, so no non-finite figure ever
/// reaches a user or a script.
void printJson(const nlohmann::json &j, const std::string &file);
std::string lowerCase(std::string s);
/// Prints the plugins' problems (refused plugins) on stderr, once per command that loads them.
void reportPluginProblems(const cp::PluginRegistry &plugins);

/// While alive, Ctrl-C (SIGINT) and SIGTERM set flag() instead of ending the program, so a long
/// command stops cleanly after the work in hand; the previous handlers come back on destruction.
class InterruptGuard
{
public:
    InterruptGuard();
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard &) = delete;
    InterruptGuard &operator=(const InterruptGuard &) = delete;
    static const std::atomic<bool> &flag();

private:
    struct Saved;
    Saved *mSaved;
};

/// The --catalog file the command was given (empty: none): what a Slurm task is given again.
const std::string &catalogFile();
void setCatalogFile(const std::string &path);

} // namespace cp::cli
