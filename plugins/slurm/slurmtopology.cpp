#include "slurmtopology.h"

#include "model/core/catalog.h"
#include "model/core/textcells.h"
#include "model/edit/rackcontents.h"
#include "model/fabric/topology.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

namespace cp {

namespace {

/// A switch or feature name Slurm takes: lower-case letters, digits and '-'.
std::string slug(const std::string &text)
{
    return slugify(text, "x");
}

std::string twoDigits(long long n)
{
    return (n < 10 ? "0" : "") + std::to_string(n);
}

/// The nodes of one rack: name, and the catalog entry of the part each is in.
struct RackNodes
{
    std::vector<std::string> names;
    std::string model; ///< catalog id of the rack's first GPU part
};

RackNodes nodesOf(const Rack &rack, const Catalog &catalog)
{
    RackNodes out;
    for (const RackDevice &d : rackDevices(rack, catalog)) {
        const CatalogEntry *e = catalog.find(d.catalogId);
        if (!e || (e->kind != PartKind::Server && e->kind != PartKind::Supernode))
            continue;
        if (out.model.empty())
            out.model = e->id;
        const std::string device = deviceName(rack.id, d.u);
        if (e->kind == PartKind::Server) {
            out.names.push_back(device);
            continue;
        }
        // A supernode's nodes are its compute trays (4 GPUs each unless the catalog says).
        const long long trays =
            std::max<long long>(1, std::llround(e->figure("compute_trays", e->figure("gpus") / 4.0)));
        for (long long t = 1; t <= trays; ++t)
            out.names.push_back(device + "-T" + twoDigits(t));
    }
    return out;
}

void checkName(const std::string &name, const std::string &what)
{
    for (const unsigned char c : name)
        if (!(std::isalnum(c) || c == '-' || c == '_' || c == '.'))
            throw std::runtime_error(what + " \"" + name + "\": Slurm node names take letters, digits, '-', '_' and '.' only");
}

} // namespace

std::string hostList(const std::vector<std::string> &names)
{
    // Runs of names "prefix" + digits of one width, in the order given; a name without a number
    // stands alone.
    struct Run
    {
        std::string prefix;
        size_t width = 0;
        std::vector<long long> numbers;
    };
    std::vector<Run> runs;
    for (const std::string &n : names) {
        size_t k = n.size();
        while (k > 0 && std::isdigit(static_cast<unsigned char>(n[k - 1])))
            --k;
        const size_t width = n.size() - k;
        if (width == 0 || width > 12) {
            runs.push_back({n, 0, {}});
            continue;
        }
        const std::string prefix = n.substr(0, k);
        const long long number = std::stoll(n.substr(k));
        if (!runs.empty() && runs.back().width == width && runs.back().prefix == prefix)
            runs.back().numbers.push_back(number);
        else
            runs.push_back({prefix, width, {number}});
    }
    const auto padded = [](long long v, size_t width) {
        const std::string s = std::to_string(v);
        return std::string(width > s.size() ? width - s.size() : 0, '0') + s;
    };
    std::string joined;
    for (const Run &r : runs) {
        if (!joined.empty())
            joined += ',';
        if (r.width == 0) {
            joined += r.prefix;
            continue;
        }
        if (r.numbers.size() == 1) {
            joined += r.prefix + padded(r.numbers.front(), r.width);
            continue;
        }
        std::string ranges;
        for (size_t i = 0; i < r.numbers.size();) {
            size_t j = i;
            while (j + 1 < r.numbers.size() && r.numbers[j + 1] == r.numbers[j] + 1)
                ++j;
            if (!ranges.empty())
                ranges += ',';
            ranges += padded(r.numbers[i], r.width);
            if (j > i)
                ranges += '-' + padded(r.numbers[j], r.width);
            i = j + 1;
        }
        joined += r.prefix + "[" + ranges + "]";
    }
    return joined;
}

namespace {

/// Switch names for Switches=: listed one by one (no host-list ranges, which Slurm reads for
/// nodes).
std::string joinNames(const std::vector<std::string> &names)
{
    std::string out;
    for (const std::string &n : names)
        out += (out.empty() ? "" : ",") + n;
    return out;
}

} // namespace

SlurmTopology slurmTopology(const Design &design, const Catalog &catalog)
{
    const Topology topo = buildTopology(design, catalog);
    SlurmTopology out;
    std::ostringstream nodes;
    nodes << "# GPU nodes of \"" << design.name << "\" as Cluster Planner names them (rack id, lowest U; a\n"
          << "# supernode's compute trays -T01 …). State=FUTURE: add NodeAddr, CPUs and Gres for the real hosts.\n";
    // Leaf switches: one per leaf group, named after its row.
    std::vector<std::string> leafNames(topo.leafGroups.size());
    std::vector<std::vector<std::string>> groupNodes(topo.leafGroups.size());
    std::set<std::string> used;
    for (size_t g = 0; g < topo.leafGroups.size(); ++g) {
        std::string name = "leaf-" + slug(topo.leafGroups[g].row);
        if (!used.insert(name).second)
            used.insert(name += "-" + std::to_string(g + 1));
        leafNames[g] = name;
    }
    std::vector<std::string> unattached;
    for (size_t r = 0; r < design.racks.size(); ++r) {
        RackNodes rn = nodesOf(design.racks[r], catalog);
        if (rn.names.empty())
            continue;
        for (const std::string &n : rn.names)
            checkName(n, "node");
        out.nodes += (long long)rn.names.size();
        nodes << "NodeName=" << hostList(rn.names) << " State=FUTURE Feature=" << slug(rn.model) << "\n";
        const int g = r < topo.rackGroup.size() ? topo.rackGroup[r] : -1;
        if (g < 0)
            unattached.push_back(design.racks[r].id);
        else
            groupNodes[size_t(g)].insert(groupNodes[size_t(g)].end(), rn.names.begin(), rn.names.end());
    }
    if (out.nodes == 0)
        throw std::runtime_error("the design has no GPU servers or supernodes: no Slurm nodes to place");

    std::ostringstream conf;
    conf << "# Slurm topology/tree of \"" << design.name << "\" (Cluster Planner): " << out.nodes << " nodes, "
         << topo.leafGroups.size() << " leaf group(s), tiers: ";
    const std::vector<std::string> tiers = topo.tierNames();
    for (size_t i = 0; i < tiers.size(); ++i)
        conf << (i ? ", " : "") << tiers[i];
    conf << ".\n# One switch per leaf group (its rail leaves together), per pod of spines, per super-pod of cores.\n"
         << "# In slurm.conf: TopologyPlugin=topology/tree\n";
    if (!unattached.empty()) {
        conf << "# Racks with GPU nodes no leaf group serves (outside every switch):";
        for (const std::string &id : unattached)
            conf << " " << id;
        conf << "\n";
    }
    std::vector<std::string> leaves;
    for (size_t g = 0; g < topo.leafGroups.size(); ++g) {
        if (groupNodes[g].empty())
            continue;
        conf << "SwitchName=" << leafNames[g] << " Nodes=" << hostList(groupNodes[g]) << "\n";
        leaves.push_back(leafNames[g]);
        out.switches.push_back(leafNames[g]);
    }
    if (leaves.size() <= 1 || topo.tierCount() < 2) {
        out.topologyConf = conf.str();
        out.nodesConf = nodes.str();
        return out;
    }
    // Spines: one switch per pod (pod 0 = the whole fabric without a core tier).
    std::map<int, std::vector<std::string>> podLeaves;
    std::map<int, int> podSuper;
    for (size_t g = 0; g < topo.leafGroups.size(); ++g)
        if (!groupNodes[g].empty()) {
            podLeaves[topo.leafGroups[g].pod].push_back(leafNames[g]);
            podSuper[topo.leafGroups[g].pod] = topo.leafGroups[g].superPod;
        }
    std::vector<std::string> spines;
    std::map<int, std::vector<std::string>> superSpines;
    for (const auto &[pod, names] : podLeaves) {
        const std::string name = podLeaves.size() == 1 ? std::string("spine") : "spine-pod" + std::to_string(pod + 1);
        conf << "SwitchName=" << name << " Switches=" << joinNames(names) << "\n";
        spines.push_back(name);
        superSpines[podSuper[pod]].push_back(name);
        out.switches.push_back(name);
    }
    if (spines.size() <= 1) {
        out.topologyConf = conf.str();
        out.nodesConf = nodes.str();
        return out;
    }
    std::vector<std::string> cores;
    if (superSpines.size() > 1) {
        for (const auto &[sp, names] : superSpines) {
            const std::string name = "core-superpod" + std::to_string(sp + 1);
            conf << "SwitchName=" << name << " Switches=" << joinNames(names) << "\n";
            cores.push_back(name);
            out.switches.push_back(name);
        }
        conf << "SwitchName=super-core Switches=" << joinNames(cores) << "\n";
        out.switches.push_back("super-core");
    } else {
        conf << "SwitchName=core Switches=" << joinNames(spines) << "\n";
        out.switches.push_back("core");
    }
    out.topologyConf = conf.str();
    out.nodesConf = nodes.str();
    return out;
}

std::vector<ExportedFile> SlurmTopologyExporter::exportDesign(const Design &design, const Catalog &catalog) const
{
    const SlurmTopology t = slurmTopology(design, catalog);
    return {{"topology.conf", t.topologyConf}, {"slurm-nodes.conf", t.nodesConf}};
}

} // namespace cp
