// What the sweep commands share (sweepcommands.cpp: local runs, tasks, collect, report;
// sweepslurm.cpp: submission to Slurm and status).
#pragma once

#include "model/sweep/sweepstore.h"

#include <string>
#include <vector>

namespace cp {
class Catalog;
} // namespace cp

namespace cp::cli {

struct Args;

/// The folder beside a results file where Slurm tasks write their shards: RESULTS.shards.
std::string shardFolder(const std::string &results);
/// Shard `task`'s file in that folder.
std::string shardFile(const std::string &results, size_t task);

/// `sweep SPEC --slurm -o RESULTS …`: creates the results file and submits the array and the
/// merge job (sweepslurm.cpp).
int submitSweep(const Args &a, const cp::SweepSpec &spec, const std::string &specFile);
/// What `sweep status` says about the Slurm jobs recorded in `store` (empty for a local run).
std::vector<std::string> slurmJobStates(const cp::SweepStore &store);

} // namespace cp::cli
