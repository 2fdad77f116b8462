// cluster-planner-cli: the command-line face of the model. Runs with no display.
// This file parses the global options and hands the rest to one command (commands.h).

#include "clicommon.h"
#include "commands.h"
#include "terminaltext.h"

#include "model/core/catalog.h"
#include "model/io/projectfile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <cstdlib>
#include <exception>
#include <new>
#include <unistd.h>
#include <string>
#include <vector>

namespace {

using namespace cp::cli;

constexpr const char *kUsage = R"(Usage: cluster-planner-cli [--catalog FILE] COMMAND [ARGS]

Designs AI training clusters and evaluates what they deliver.

Commands:
  new --template classic|supernode|gigawatt|GENERATOR [--gpus N] [--gpu CATALOG_ID]
        [--spare-servers SHARE] [--taper RATIO] -o FILE [--replace]
        Generate a design from a template and save it (.cplan project, or .json).
        GENERATOR: a topology generator plugin, e.g. rail-only.
        classic: 8-GPU servers on a rail-optimised fat tree; supernode: 72-GPU
        liquid-cooled scale-up racks; gigawatt: a campus of halls (one super-pod
        each, default 1,000,000 GPUs) around central network halls on a 4-tier
        fabric, 72-GPU supernodes (--gpu gb200, the default) or 8-GPU servers
        (e.g. --gpu h100-sxm). --gpus counts installed GPUs, spares included,
        rounded up to whole servers or supernodes. --spare-servers: share of
        8-GPU servers held as a spare pool (e.g. 0.02). --taper: NIC ports per
        leaf uplink (2 = 2:1, fewer spines; default 1, non-blocking). Small
        designs get one switch when its ports hold every NIC, and a single
        supernode no scale-out fabric.
  evaluate FILE [--json]
        Evaluate a design (.cplan or .json) and print every figure; with --json,
        one JSON object (documented in docs/results.md) on stdout.
  validate FILE
        Check a design; prints every problem with its place, and warns when its
        figures say it cannot train (goodput, days to train). Exit 1 if any error.
  export FILE --json OUT
        Write a project's design, with the catalog entries it uses, as JSON.
  export FILE --format FORMAT -o DIR
        Write the design for another tool through an exporter plugin: netbox-csv
        (NetBox bulk-import CSV files), calculon, astra-sim (simulator input),
        rack-list; `plugins` lists them all (docs/plugins.md).
  import-devicetypes YAML_OR_DIR... -o CATALOG.json
        Read NetBox device-type YAML files into a user catalog for --catalog;
        every figure the files lack is marked as an assumption and reported.
  plugins [--json]
        List the plugins loaded (generators, importers, exporters) and those
        refused, with the reason.
  import IN.json -o OUT.cplan [--replace]
        Read a design JSON file and save it as a project. new and import never
        replace an existing file without --replace (an existing project's
        default scenario, or a file of another program).
  catalog [--json]
        List the catalog (the default plus any --catalog file).
  estimate SPEC.json [--json]
        Predict a training workload on a described cluster without a layout
        (format in docs/estimate.md): step time, TFLOP/s per GPU, MFU, tokens/s,
        memory per GPU, time to train. Parallelism left out is searched.
  validate-model SPEC.json...
        Predict every published run (specs with a `published` figure, e.g.
        tests/data/validation/*.json), fit the calibration on all of them and
        without each source in turn, and print the table of docs/validation.md:
        every row's error, the leave-one-source-out error, the error bands.
  search FILE [--top N] [--json]
        Search the best parallelism (TP, PP, DP, CP, EP, micro-batch, interleave,
        recomputation, ZeRO) for a design's (.cplan or .json) cluster and workload;
        prints the top N (default 5) and why the others lost.
  simulate FILE [--runs N] [--seed S] [--typical] [--progress] [--json]
        Monte Carlo of the design's training run (default 1000 runs, seed 1):
        failures drawn per part kind, checkpoints, spares and repairs, each run
        with its own rates and times drawn from the design's ranges (--typical:
        the typical values only); prints the distribution of the time to train
        (p10, p50, p90) beside the analytic goodput (docs/reliability.md).
        Progress on stderr (--progress, or on a terminal after 2 s); Ctrl-C
        stops it (exit 130); a run expected to need more than 3·10^8 events
        is refused with the estimate.
  compare A.cplan B.cplan ... [--report OUT.html|OUT.pdf [--lang en|zh_CN]] [--bom OUT.csv] [--json]
        Evaluate 2 to 6 designs and print their key figures side by side
        (GPUs, racks, power, fabric, MFU, time to train, reliability, CAPEX,
        OPEX, TCO, cost per effective PFLOP-hour, cloud break-even; docs/cost.md),
        the better value of each row marked with '*'. --report writes the
        comparison report, by the file's extension: a self-contained HTML page
        (charts as inline SVG, no network) or an A4 PDF (docs/report.md);
        --lang zh_CN writes it in Simplified Chinese (docs/translation.md).
        --bom writes the bill of materials of all of them as CSV; --json prints
        every design's results as one JSON array instead of the table.

  sweep SPEC.json -o RESULTS.sqlite [--resume] [--replace] [--threads N] [--progress]
        Evaluate every variant of a design-space sweep (format in docs/sweep.md)
        on all cores into one SQLite results file, rows written transactionally:
        Ctrl-C stops cleanly (exit 130) and --resume continues where it stopped.
  sweep SPEC.json --slurm -o RESULTS.sqlite [--tasks N] [--partition P]
        [--time T] [--cpus-per-task C] [--replace]
        Submit the variants as a Slurm job array (sbatch --array, one shard per
        task) and a merge job that runs after every task succeeded.
  sweep status RESULTS | sweep collect RESULTS
        How far a sweep is (rows, shards, its Slurm jobs); merge the shards
        written so far (exit 1 while variants are missing).
  sweep report RESULTS [--html OUT] [--pdf OUT] [--csv OUT] [--x FIG] [--y FIG]
        The Pareto front of two objectives (default: the spec's first two;
        FIG: a figure name, or min:/max: before it) as a report or CSV.
  sweep design RESULTS --variant I -o OUT.cplan [--replace]
        Save one variant as a design.

  bench [--sizes N,N,...] [--template KIND] [--json]
        Time the engine at each size (default 1024,16384,100000,1000000 GPUs of
        the gigawatt template), each in a child process: generate, full
        evaluation, re-evaluation after moving one rack and after a finance
        edit, parallelism search, save, load, peak memory; time per GPU and its
        ratio between the largest size and 16,384 (docs/benchmarks.md).

  scenario list FILE.cplan [--json]
  scenario add FILE.cplan --name NAME (--from DESIGN | --template classic|supernode
        [--gpus N] [--gpu CATALOG_ID] [--spare-servers SHARE] [--taper RATIO]) [--replace]
  scenario remove FILE.cplan --name NAME
        A project holds several named designs (scenarios); the first is its
        default. Anywhere a design FILE is read, FILE.cplan#NAME picks one.
        add copies DESIGN (a .cplan, .cplan#NAME or .json) or generates one from
        a template (--spare-servers: share of classic servers held as a spare
        pool, e.g. 0.02) and creates FILE.cplan if needed; an existing NAME
        needs --replace. Names: letters, digits, '.', '_', '-' (docs/file-format.md).

Options:
  --catalog FILE   load a user catalog beside the default one (its entries win)
  -h, --help       show this help
  --version        show the version

Exit status: 0 success; 1 bad input (unreadable, corrupt or invalid file, a design
with errors); 2 bad usage; 3 an output that cannot be written.
)";

int run(int argc, char **argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    std::string catalogFile;
    while (!args.empty() && args[0].rfind("-", 0) == 0) {
        if (args[0] == "-h" || args[0] == "--help") {
            std::cout << kUsage;
            return 0;
        }
        if (args[0] == "--version") {
            std::cout << "cluster-planner-cli 0.1.0\n";
            return 0;
        }
        if (args[0] == "--catalog") {
            if (args.size() < 2)
                usageError("--catalog needs a FILE");
            catalogFile = args[1];
            args.erase(args.begin(), args.begin() + 2);
            continue;
        }
        usageError("unknown option " + args[0]);
    }
    if (args.empty())
        usageError("no command given");
    const std::string command = args[0];
    args.erase(args.begin());
    for (const auto &s : args)
        if (s == "-h" || s == "--help") {
            std::cout << kUsage;
            return 0;
        }

    cp::Catalog catalog = cp::Catalog::builtin();
    setCatalogFile(catalogFile);
    if (!catalogFile.empty())
        catalog.merge(cp::Catalog::fromFile(catalogFile), catalogFile);

    if (command == "new")
        return cmdNew(args, catalog);
    if (command == "evaluate")
        return cmdEvaluate(args, catalog);
    if (command == "validate")
        return cmdValidate(args, catalog);
    if (command == "export")
        return cmdExport(args, catalog);
    if (command == "import")
        return cmdImport(args, catalog);
    if (command == "catalog")
        return cmdCatalog(args, catalog);
    if (command == "estimate")
        return cmdEstimate(args, catalog);
    if (command == "search")
        return cmdSearch(args, catalog);
    if (command == "validate-model")
        return cmdValidateModel(args, catalog);
    if (command == "simulate")
        return cmdSimulate(args, catalog);
    if (command == "compare")
        return cmdCompare(args, catalog);
    if (command == "scenario")
        return cmdScenario(args, catalog);
    if (command == "plugins")
        return cmdPlugins(args);
    if (command == "bench")
        return cmdBench(args, catalog);
    if (command == "sweep")
        return cmdSweep(args, catalog);
    if (command == "import-devicetypes")
        return cmdImportDeviceTypes(args, catalog);
    usageError("unknown command \"" + command + "\"");
}

} // namespace

/// Whether everything written to standard output reached it: a full disk, a closed or broken
/// output, or a device that refuses writes makes the command fail (exit 3) instead of exiting 0
/// with a truncated result.
bool outputReached()
{
    errno = 0;
    std::cout.flush();
    const bool ok = std::cout.good() && std::fflush(stdout) == 0 && !std::ferror(stdout);
    if (!ok)
        std::cerr << "cluster-planner-cli: writing to standard output failed"
                  << (errno != 0 ? std::string(": ") + std::strerror(errno)
                                 : std::string(" (a full disk, a closed or broken output, or a "
                                               "device that refuses writes)"))
                  << "; the output is incomplete\n";
    return ok;
}

int runGuarded(int argc, char **argv);

namespace {

int gArgc = 0;
char **gArgv = nullptr;

/// "out of memory running COMMAND on ARG: …": the command and its first argument that is not an
/// option (the file, for every command that reads one first).
std::string outOfMemoryMessage(int argc, char **argv)
{
    std::string file;
    for (int i = 2; i < argc && file.empty(); ++i)
        if (argv[i][0] != '-')
            file = argv[i];
    return std::string("cluster-planner-cli: out of memory running \"") + (argc > 1 ? argv[1] : "") + "\""
           + (file.empty() ? std::string() : " on " + file)
           + ": the input is too large for the memory available; nothing more was written\n";
}

/// An allocation that fails where no handler can catch it (a destructor, a noexcept function)
/// ends the program through std::terminate: the same one line and exit 1, not an abort.
[[noreturn]] void onTerminate()
{
    bool outOfMemory = false;
    if (const std::exception_ptr e = std::current_exception()) {
        try {
            std::rethrow_exception(e);
        } catch (const std::bad_alloc &) {
            outOfMemory = true;
        } catch (...) {
        }
    }
    if (outOfMemory) {
        // Nothing may be allocated here: the message goes out in pieces.
        const auto put = [](const char *text) { [[maybe_unused]] const ssize_t n = ::write(2, text, std::strlen(text)); };
        const char *file = nullptr;
        for (int i = 2; i < gArgc && !file; ++i)
            if (gArgv[i][0] != '-')
                file = gArgv[i];
        put("cluster-planner-cli: out of memory running \"");
        put(gArgc > 1 ? gArgv[1] : "");
        put("\"");
        if (file) {
            put(" on ");
            put(file);
        }
        put(": the input is too large for the memory available; nothing more was written\n");
        std::_Exit(1);
    }
    std::abort();
}

} // namespace

int main(int argc, char **argv)
{
    gArgc = argc;
    gArgv = argv;
    std::set_terminate(onTerminate);
    // Names read from files reach the terminal without their escape sequences (terminaltext.h).
    cp::cli::ControlEscapingBuffer out(std::cout.rdbuf()), err(std::cerr.rdbuf());
    std::streambuf *const stdoutBuffer = std::cout.rdbuf(&out), *const stderrBuffer = std::cerr.rdbuf(&err);
    const int code = runGuarded(argc, argv);
    std::cout.flush();
    std::cerr.flush();
    std::cout.rdbuf(stdoutBuffer);
    std::cerr.rdbuf(stderrBuffer);
    return code;
}

int runGuarded(int argc, char **argv)
{
    try {
        const int code = run(argc, argv);
        return outputReached() ? code : 3;
    } catch (const cp::cli::Failure &f) {
        std::cerr << "cluster-planner-cli: " << f.message << "\n";
        return f.code;
    } catch (const cp::LoadError &e) {
        std::cerr << "cluster-planner-cli: " << e.what() << "\n";
        return 1;
    } catch (const std::bad_alloc &) {
        // Caught at the command boundary: one line, never an abort (docs/robustness.md).
        std::cerr << outOfMemoryMessage(argc, argv);
        return 1;
    } catch (const std::exception &e) {
        std::cerr << "cluster-planner-cli: " << e.what() << "\n";
        return 1;
    }
}
