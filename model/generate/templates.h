#pragma once

#include <string>

namespace cp {

class Catalog;
struct Design;

/// Options for the parametric design generators.
struct TemplateOptions
{
    std::string kind = "classic"; ///< classic | supernode | gigawatt
    long long gpus = 0;           ///< installed GPUs (spares included); 0 = the template's default
    std::string gpuId;            ///< catalog accelerator id; empty = the template's default
    /// classic: share of the installed servers held as a spare pool (reliability.spare_servers),
    /// rounded to whole servers; they count in gpus_total, not in gpus_active. 0 = none; the
    /// default is kRecommendedSpareServerFraction, the ~2 % of Lenovo's spare-pool guidance
    /// (figures.md, "Caveats"; docs/cost.md, "Spare servers"), as a team would hold them.
    double spareServerFraction = 0.02;
    /// NIC ports per leaf uplink: 1 = non-blocking (the default), 2 = a 2:1 taper (half the
    /// spines). Only a fabric of two leaves or more has uplinks to taper.
    double taper = 1.0;
};

/// The steepest taper a template builds (8:1, beyond which a fabric is a few cables).
constexpr double kMaxTaper = 8.0;

/// Lenovo's guidance of a ~2 % minimum spare-to-production ratio (figures.md, L).
constexpr double kRecommendedSpareServerFraction = 0.02;

/// Generates a complete design (racks, fabric switches, storage, power, cooling, workload).
/// Throws std::invalid_argument with a one-line message for an unknown template, an absurd GPU
/// count or a GPU id the catalog has no node for.
Design generateTemplate(const TemplateOptions &options, const Catalog &catalog);

/// A Llama-3-shaped workload sized to `gpus` (8B below 256 GPUs, 70B below 4,096, else 405B).
struct Workload;
Workload sampleWorkload(long long gpus);

/// The design the app opens when started without a file.
Design sampleDesign(const Catalog &catalog);

} // namespace cp
