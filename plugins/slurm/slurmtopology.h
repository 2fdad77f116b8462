#pragma once

#include "model/io/plugin.h"

#include <string>
#include <vector>

namespace cp {

/// Slurm's topology/tree configuration of the fabric the racks build (model/fabric/topology.h):
/// - one leaf switch per leaf group (the leaf racks of a row and the racks attached to them; in
///   a rail-optimised fabric every node reaches all of its group's rail leaves, so the group is
///   one switch to the scheduler, as NVIDIA's SuperPOD guides model a scalable unit);
/// - one spine switch per pod (one for the whole fabric without a core tier), one core switch per
///   super-pod with a fourth tier, and one top switch over them;
/// - GPU nodes named as the design names its devices (`C001-U02`; a supernode's compute trays
///   `C001-U01-T01` …), written as Slurm host lists (`C001-U[02,10,18,26]`).
/// A fabric with one leaf group has one switch. Racks no leaf group serves are listed in a
/// comment (the scheduler sees them outside every switch).
struct SlurmTopology
{
    std::string topologyConf; ///< SwitchName lines
    std::string nodesConf;    ///< NodeName lines, State=FUTURE, a feature naming the node model
    std::vector<std::string> switches; ///< switch names, bottom up
    long long nodes = 0;
};
SlurmTopology slurmTopology(const Design &design, const Catalog &catalog);

/// Compresses names into Slurm host-list notation: names sharing a prefix and ending in numbers
/// of one width become `prefix[a-b,c]`, in the order given.
std::string hostList(const std::vector<std::string> &names);

/// `export --format slurm-topology`: topology.conf and slurm-nodes.conf.
class SlurmTopologyExporter final : public Exporter
{
public:
    std::string id() const override { return "slurm-topology"; }
    std::string name() const override { return "Slurm topology (topology/tree)"; }
    std::string description() const override
    {
        return "topology.conf (SwitchName lines for Slurm's topology/tree plugin: leaf groups, pods, core) and "
               "slurm-nodes.conf (the design's GPU nodes as NodeName lines)";
    }
    std::vector<ExportedFile> exportDesign(const Design &design, const Catalog &catalog) const override;
};

} // namespace cp
