// The commands of cluster-planner-cli, one function per command; main.cpp dispatches to them.
#pragma once

#include <string>
#include <vector>

namespace cp {
class Catalog;
} // namespace cp

namespace cp::cli {

// Designs and files (designcommands.cpp).
int cmdNew(const std::vector<std::string> &argv, const cp::Catalog &catalog);
int cmdValidate(const std::vector<std::string> &argv, cp::Catalog catalog);
int cmdExport(const std::vector<std::string> &argv, cp::Catalog catalog);
int cmdImport(const std::vector<std::string> &argv, cp::Catalog catalog);
int cmdCatalog(const std::vector<std::string> &argv, const cp::Catalog &catalog);
int cmdImportDeviceTypes(const std::vector<std::string> &argv, const cp::Catalog &catalog);

// Evaluation of one design (evaluatecommands.cpp).
int cmdEvaluate(const std::vector<std::string> &argv, cp::Catalog catalog);
int cmdEstimate(const std::vector<std::string> &argv, const cp::Catalog &catalog);
int cmdSearch(const std::vector<std::string> &argv, cp::Catalog catalog);
int cmdValidateModel(const std::vector<std::string> &argv, const cp::Catalog &catalog);
int cmdSimulate(const std::vector<std::string> &argv, cp::Catalog catalog);

// Engine timings (benchcommands.cpp).
int cmdBench(const std::vector<std::string> &argv, const cp::Catalog &catalog);

// Several designs side by side (comparecommands.cpp).
int cmdCompare(const std::vector<std::string> &argv, const cp::Catalog &catalog);

// The named designs of a project (scenariocommands.cpp).
int cmdScenario(const std::vector<std::string> &argv, cp::Catalog catalog);

// Design-space sweeps (sweepcommands.cpp, sweepslurm.cpp).
int cmdSweep(const std::vector<std::string> &argv, cp::Catalog catalog);

// The plugins loaded (plugincommands.cpp).
int cmdPlugins(const std::vector<std::string> &argv);

} // namespace cp::cli
