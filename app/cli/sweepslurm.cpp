// sweep --slurm: the variants as a Slurm job array (one shard per task) and a merge job that runs
// when every task has succeeded (--dependency=afterok); sweep status asks squeue about them.
// Slurm schedules; this file only writes the two batch scripts and calls sbatch and squeue.

#include "sweepcommands.h"

#include "clicommon.h"

#include "model/core/problem.h"

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <sys/wait.h>

namespace cp::cli {

namespace {

std::string shellQuote(const std::string &s)
{
    std::string out = "'";
    for (const char c : s)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

/// Runs a command line through /bin/sh; its standard output (and error, merged) and exit status.
std::pair<int, std::string> runCommand(const std::string &command)
{
    FILE *pipe = ::popen((command + " 2>&1").c_str(), "r");
    if (!pipe)
        return {127, "cannot start: " + command};
    std::string out;
    std::array<char, 4096> buf{};
    size_t n = 0;
    while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0)
        out.append(buf.data(), n);
    const int status = ::pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : 128, out};
}

std::string trimmed(std::string s)
{
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' '))
        s.pop_back();
    return s;
}

/// The job id sbatch --parsable printed ("ID" or "ID;CLUSTER").
std::string submitted(const std::pair<int, std::string> &r, const std::string &what)
{
    const std::string out = trimmed(r.second);
    if (r.first == 127 || out.find("not found") != std::string::npos)
        throw Failure{1, "sbatch cannot be run (" + out + "): is Slurm's client installed and on PATH?"};
    if (r.first != 0)
        throw Failure{1, "sbatch refused the " + what + ": " + out};
    const std::string id = out.substr(out.rfind('\n') == std::string::npos ? 0 : out.rfind('\n') + 1);
    const std::string bare = id.substr(0, id.find(';'));
    if (bare.empty() || bare.find_first_not_of("0123456789") != std::string::npos)
        throw Failure{1, "sbatch printed no job id for the " + what + ": " + out};
    return bare;
}

void writeScript(const std::string &path, const std::string &text)
{
    writeFileAtomically(path, text);
    std::error_code ec;
    std::filesystem::permissions(path, std::filesystem::perms::owner_exec | std::filesystem::perms::group_exec,
                                 std::filesystem::perm_options::add, ec);
}

size_t countOption(const Args &a, const char *name, size_t fallback, size_t max)
{
    const std::string t = a.option(name);
    if (t.empty())
        return fallback;
    try {
        size_t used = 0;
        const unsigned long long n = std::stoull(t, &used);
        if (used == t.size() && n >= 1 && n <= max)
            return size_t(n);
    } catch (const std::exception &) {
    }
    usageError(std::string(name) + " must be a whole number from 1 to " + std::to_string(max) + ", not \"" + t + "\"");
}

} // namespace

int submitSweep(const Args &a, const cp::SweepSpec &spec, const std::string &specFile)
{
    const std::string given = a.option("-o");
    if (given.empty())
        usageError("sweep --slurm needs -o RESULTS.sqlite (on a file system the compute nodes share)");
    if (a.flag("--resume"))
        usageError("sweep --slurm starts a new sweep; a task that failed resumes its shard when run again "
                   "(sweep task RESULTS --task K), and sweep collect merges what is there");
    const std::string results = std::filesystem::absolute(given).lexically_normal().string();
    const size_t tasks = countOption(a, "--tasks", 4, 10'000);
    const size_t cpus = countOption(a, "--cpus-per-task", 1, 1024);
    const std::string shards = shardFolder(results);
    std::error_code ec;
    if (std::filesystem::exists(shards, ec)) {
        if (!a.flag("--replace"))
            throw Failure{3, shards + ": already exists (an earlier sweep's shards); use --replace to start again"};
        for (const auto &e : std::filesystem::directory_iterator(shards, ec))
            if (e.path().filename().string().rfind("shard-", 0) == 0 || e.path().extension() == ".out")
                std::filesystem::remove(e.path(), ec);
    }
    std::unique_ptr<cp::SweepStore> store;
    try {
        store = std::make_unique<cp::SweepStore>(cp::SweepStore::create(results, spec, a.flag("--replace")));
    } catch (const cp::LoadError &e) {
        throw Failure{3, e.what()};
    }
    std::filesystem::create_directories(shards, ec);
    if (ec)
        throw Failure{3, shards + ": cannot create the folder: " + ec.message()};
    const size_t used = std::min(tasks, std::max<size_t>(1, spec.variants));
    store->setMeta("slurm_tasks", std::to_string(used));

    const std::string cli = std::filesystem::read_symlink("/proc/self/exe", ec).string();
    const std::string catalog = catalogFile().empty() ? std::string()
                                                       : " --catalog " + shellQuote(std::filesystem::absolute(catalogFile()).string());
    const std::string taskScript = shards + "/sweep-task.sh", mergeScript = shards + "/sweep-merge.sh";
    writeScript(taskScript, "#!/bin/sh\n# One task of the Slurm job array of sweep " + results +
                                " (written by cluster-planner-cli sweep --slurm).\nexec " + shellQuote(cli) + catalog +
                                " sweep task " + shellQuote(results) + " --task \"$SLURM_ARRAY_TASK_ID\"\n");
    writeScript(mergeScript, "#!/bin/sh\n# Merges the shards of sweep " + results + " once every task succeeded.\nexec " +
                                 shellQuote(cli) + " sweep collect " + shellQuote(results) + "\n");

    std::string common;
    if (!a.option("--partition").empty())
        common += " --partition=" + shellQuote(a.option("--partition"));
    if (!a.option("--time").empty())
        common += " --time=" + shellQuote(a.option("--time"));
    const std::string array = submitted(
        runCommand("sbatch --parsable --job-name=cp-sweep --array=0-" + std::to_string(used - 1) +
                   " --cpus-per-task=" + std::to_string(cpus) + " --output=" + shellQuote(shards + "/task-%a.out") +
                   common + " " + shellQuote(taskScript)),
        "job array");
    store->setMeta("slurm_array_job", array);
    const std::string merge =
        submitted(runCommand("sbatch --parsable --job-name=cp-sweep-merge --dependency=afterok:" + array +
                             " --output=" + shellQuote(shards + "/merge.out") + common + " " + shellQuote(mergeScript)),
                  "merge job");
    store->setMeta("slurm_merge_job", merge);
    std::cout << results << ": " << spec.variants << " variants of " << specFile << " in " << used
              << " Slurm task(s): array job " << array << ", then merge job " << merge
              << " once every task has succeeded.\nFollow it with: cluster-planner-cli sweep status " << results
              << "\n";
    return 0;
}

std::vector<std::string> slurmJobStates(const cp::SweepStore &store)
{
    const std::string array = store.meta("slurm_array_job"), merge = store.meta("slurm_merge_job");
    if (array.empty())
        return {};
    std::vector<std::string> out;
    const auto [code, text] = runCommand("squeue -h -j " + array + (merge.empty() ? "" : "," + merge) +
                                         " -o '%i %j %T %R'");
    if (code != 0 && text.find("Invalid job id") == std::string::npos) {
        out.push_back("squeue: " + trimmed(text));
        return out;
    }
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line))
        if (!trimmed(line).empty() && line.find("Invalid job id") == std::string::npos)
            out.push_back("job " + trimmed(line));
    if (out.empty())
        out.push_back("array job " + array + (merge.empty() ? "" : " and merge job " + merge) +
                      ": no longer queued or running");
    return out;
}

} // namespace cp::cli
