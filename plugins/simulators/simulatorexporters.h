#pragma once

#include "model/io/plugin.h"

namespace cp {

/// Writes the design's cluster and training job as Calculon input (Isaev et al., "Calculon: a
/// Methodology and Tool for High-Level Codesign of Systems and Large Language Models", SC'23):
/// system.json (GPU, memory, scale-up and scale-out networks), application.json (the transformer)
/// and execution.json (the parallel layout the evaluation chose), plus a manifest of the figures
/// Cluster Planner predicts for them.
class CalculonExporter final : public Exporter
{
public:
    std::string id() const override { return "calculon"; }
    std::string name() const override { return "Calculon system, model and execution JSON"; }
    std::string description() const override;
    std::vector<ExportedFile> exportDesign(const Design &design, const Catalog &catalog) const override;
};

/// Writes the built topology as ASTRA-sim 2.0 analytical-backend input: network.yml (a two-level
/// hierarchy, scale-up domain and scale-out fabric) and system.json, plus the same manifest.
class AstraSimExporter final : public Exporter
{
public:
    std::string id() const override { return "astra-sim"; }
    std::string name() const override { return "ASTRA-sim network and system configuration"; }
    std::string description() const override;
    std::vector<ExportedFile> exportDesign(const Design &design, const Catalog &catalog) const override;
};

} // namespace cp
