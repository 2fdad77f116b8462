// bench: the engine timed at several sizes, each in a child process.

#include "clicommon.h"
#include "commands.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "model/engine/performance.h"
#include "model/generate/templates.h"
#include "model/io/estimatespec.h"
#include "model/io/projectfile.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <sys/wait.h>
#include <unistd.h>

namespace cp::cli {

namespace {

/// Peak resident memory of this process so far (Linux /proc/self/status VmHWM), in MB; 0 elsewhere.
double peakRssMb()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmHWM:", 0) == 0)
            return std::stod(line.substr(6)) / 1024.0;
    return 0.0;
}

/// One size of `bench`: every figure measured in this process (a fresh child per size).
nlohmann::json benchOneSize(const std::string &kind, long long gpus, const cp::Catalog &catalog)
{
    using Clock = std::chrono::steady_clock;
    const auto seconds = [](Clock::time_point since) {
        return std::chrono::duration<double>(Clock::now() - since).count();
    };
    nlohmann::json row;
    auto t = Clock::now();
    cp::TemplateOptions options;
    options.kind = kind;
    options.gpus = gpus;
    cp::Design design = cp::generateTemplate(options, catalog);
    row["new_s"] = seconds(t);

    cp::Evaluator evaluator(catalog);
    t = Clock::now();
    const cp::Results &full = evaluator.evaluate(design);
    row["evaluate_s"] = seconds(t);
    row["gpus"] = full.inventory.gpusTotal;
    row["racks"] = full.inventory.racksTotal;
    row["problems"] = full.problems.size();

    // An edit: the first compute rack moves one grid step into the free space at the start of its
    // row (as a drag would).
    size_t moved = 0;
    while (moved + 1 < design.racks.size() && design.racks[moved].contents.empty())
        ++moved;
    design.racks[moved].xM -= design.hall.gridM;
    t = Clock::now();
    evaluator.evaluate(design);
    row["edit_move_s"] = seconds(t);
    const cp::Evaluator::Stages moveStages = evaluator.lastStages();
    row["edit_move_stages"] = {{"inventory", moveStages.inventory}, {"fabric", moveStages.fabric},
                               {"performance", moveStages.performance}, {"facility", moveStages.facility},
                               {"reliability", moveStages.reliability}};
    design.finance.energyUsdPerKwh *= 1.1;
    t = Clock::now();
    evaluator.evaluate(design);
    row["edit_finance_s"] = seconds(t);

    // The parallelism search alone, on the cluster the evaluation saw.
    if (evaluator.results().performance.spec.cluster.gpus > 0) {
        t = Clock::now();
        const cp::EstimateOutcome outcome = cp::runEstimate(evaluator.results().performance.spec);
        row["search_s"] = seconds(t);
        row["search_configurations"] = outcome.search.evaluated;
    }

    const std::filesystem::path file = std::filesystem::temp_directory_path()
                                       / ("cluster-planner-bench-" + std::to_string(::getpid()) + ".cplan");
    std::error_code ec;
    std::filesystem::remove(file, ec);
    t = Clock::now();
    cp::ProjectFile::save(file.string(), design, catalog, "bench", "bench");
    row["save_s"] = seconds(t);
    row["file_mb"] = double(std::filesystem::file_size(file, ec)) / 1e6;
    t = Clock::now();
    const cp::Project loaded = cp::ProjectFile::load(file.string());
    row["load_s"] = seconds(t);
    row["loaded_racks"] = loaded.design.racks.size();
    std::filesystem::remove(file, ec);
    row["peak_rss_mb"] = peakRssMb();
    row["evaluate_us_per_gpu"] = full.inventory.gpusTotal > 0 ? row["evaluate_s"].get<double>() * 1e6 / double(full.inventory.gpusTotal) : 0.0;
    return row;
}

} // namespace

int cmdBench(const std::vector<std::string> &argv, const cp::Catalog &catalog)
{
    const Args a = parse(argv, {"--sizes", "--template"}, {"--json"});
    if (!a.positional.empty())
        usageError("bench takes no positional argument");
    const std::string kind = a.option("--template").empty() ? "gigawatt" : a.option("--template");
    if (kind != "classic" && kind != "supernode" && kind != "gigawatt")
        usageError("bench --template needs classic, supernode or gigawatt, got \"" + kind + "\"");
    std::vector<long long> sizes;
    {
        std::stringstream list(a.option("--sizes").empty() ? "1024,16384,100000,1000000" : a.option("--sizes"));
        for (std::string item; std::getline(list, item, ',');) {
            try {
                size_t used = 0;
                const long long n = std::stoll(item, &used);
                if (used != item.size() || n <= 0 || n > 2'000'000)
                    throw std::invalid_argument(item);
                sizes.push_back(n);
            } catch (const std::exception &) {
                usageError("--sizes needs GPU counts from 1 to 2,000,000 separated by commas, got \"" + item + "\"");
            }
        }
        if (sizes.empty())
            usageError("--sizes needs at least one GPU count");
    }

    nlohmann::json rows = nlohmann::json::array();
    for (const long long gpus : sizes) {
        // A child process per size, so that its peak memory is its own.
        int pipeFds[2];
        if (::pipe(pipeFds) != 0)
            throw Failure{3, "bench: cannot create a pipe"};
        std::cout.flush();
        const pid_t child = ::fork();
        if (child < 0)
            throw Failure{3, "bench: cannot start a child process"};
        if (child == 0) {
            ::close(pipeFds[0]);
            std::string text;
            try {
                text = benchOneSize(kind, gpus, catalog).dump();
            } catch (const std::exception &e) {
                text = nlohmann::json{{"error", e.what()}}.dump();
            }
            for (size_t done = 0; done < text.size();) {
                const ssize_t n = ::write(pipeFds[1], text.data() + done, text.size() - done);
                if (n <= 0)
                    break;
                done += size_t(n);
            }
            ::close(pipeFds[1]);
            std::_Exit(0);
        }
        ::close(pipeFds[1]);
        std::string text;
        char buffer[4096];
        for (ssize_t n; (n = ::read(pipeFds[0], buffer, sizeof buffer)) > 0;)
            text.append(buffer, size_t(n));
        ::close(pipeFds[0]);
        int status = 0;
        ::waitpid(child, &status, 0);
        nlohmann::json row = nlohmann::json::parse(text, nullptr, false);
        if (row.is_discarded() || !WIFEXITED(status))
            throw Failure{1, "bench: the run at " + std::to_string(gpus) + " GPUs did not finish"};
        if (row.contains("error"))
            throw Failure{1, "bench: " + std::to_string(gpus) + " GPUs: " + row["error"].get<std::string>()};
        row["size"] = gpus;
        rows.push_back(std::move(row));
    }
    // Time per GPU of the full evaluation: the largest size against 16,384 (else the smallest).
    const auto perGpu = [](const nlohmann::json &r) { return r["evaluate_us_per_gpu"].get<double>(); };
    const nlohmann::json *base = &rows.front();
    for (const auto &r : rows)
        if (r["size"] == 16384)
            base = &r;
    const nlohmann::json &top = rows.back();
    const double ratio = perGpu(*base) > 0 ? perGpu(top) / perGpu(*base) : 0.0;
    const unsigned cores = std::thread::hardware_concurrency();

    if (a.flag("--json")) {
        std::cout << nlohmann::json{{"template", kind},
                                    {"cores", cores},
                                    {"sizes", rows},
                                    {"per_gpu_ratio", {{"from", (*base)["size"]}, {"to", top["size"]}, {"ratio", ratio}}}}
                         .dump(2)
                  << "\n";
        return 0;
    }
    std::cout << "Template " << kind << ", " << cores << " cores; times in seconds unless marked\n\n";
    std::cout << std::left << std::setw(9) << "GPUs" << std::right << std::setw(8) << "racks" << std::setw(10) << "generate"
              << std::setw(10) << "evaluate" << std::setw(11) << "edit move" << std::setw(13) << "edit finance"
              << std::setw(9) << "search" << std::setw(8) << "save" << std::setw(8) << "load" << std::setw(10)
              << "peak MB" << std::setw(12) << "µs/GPU" << "\n";
    for (const auto &r : rows) {
        const auto sec = [&](const char *key, int decimals) {
            return r.contains(key) ? fixed(r[key].get<double>(), decimals) : std::string("-");
        };
        std::cout << std::left << std::setw(9) << r["gpus"].get<long long>() << std::right << std::setw(8)
                  << r["racks"].get<long long>() << std::setw(10) << sec("new_s", 3) << std::setw(10)
                  << sec("evaluate_s", 3) << std::setw(11) << sec("edit_move_s", 3) << std::setw(13)
                  << sec("edit_finance_s", 4) << std::setw(9) << sec("search_s", 3) << std::setw(8) << sec("save_s", 3)
                  << std::setw(8) << sec("load_s", 3) << std::setw(10) << sec("peak_rss_mb", 0) << std::setw(11)
                  << sec("evaluate_us_per_gpu", 3) << "\n";
    }
    std::cout << "\nevaluation time per GPU, " << top["size"].get<long long>() << " vs "
              << (*base)["size"].get<long long>() << " GPUs: ratio " << fixed(ratio, 2) << "\n";
    return 0;
}

} // namespace cp::cli
