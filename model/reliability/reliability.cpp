#include "model/reliability/reliability.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "model/engine/performance.h"
#include "model/training/trainingmodel.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <unordered_map>

namespace cp {

namespace {

// Mixed-precision Adam keeps fp16 weights and gradients, fp32 master weights, momentum and
// variance: 2 + 2 + 4 + 4 + 4 = 16 bytes per parameter (ZeRO, Rajbhandari et al. SC20, §3.1).
// A checkpoint holds weights and optimizer state; the gradients are not saved, but Megatron-style
// checkpoints keep both fp16/bf16 and fp32 copies, so 16 B/param is the documented size bound.
constexpr double kCheckpointBytesPerParam = 16.0;
// Front-end (storage and in-band) NICs of an 8-GPU server when the catalog gives none: DGX H100
// has two dual-port ConnectX-7 for storage (NVIDIA DGX H100 User Guide); at 400 Gb/s each.
constexpr double kDefaultStorageNicsPerServer = 2.0;
constexpr double kStorageNicGbps = 400.0;
// Without storage nodes, checkpoints go to node-local NVMe (assumption: 2 GB/s per node).
constexpr double kLocalNvmeGbPerS = 2.0;
// NVL72 has 9 NVLink switch trays for 72 GPUs (NVIDIA GB200 NVL72 specifications); a domain
// whose catalog entry does not say has one tray per 8 GPUs.
constexpr double kGpusPerNvlinkTray = 8.0;
constexpr double kHoursPerMonth = 730.0;
constexpr size_t kLargestDomains = 10;

/// Per-kind accumulator: instances, GPUs lost and the job's share.
struct KindSum
{
    FailureDomainKind k;
    double lostSum = 0.0;
    // Job failure rate split by recovery path, and the rate-weighted shrink fraction.
    double rateSpare = 0.0, rateShrink = 0.0, shrinkWeighted = 0.0;
    int spareNeed = 0;

    void add(long long n, long long lostEach)
    {
        k.count += n;
        lostSum += double(n) * double(lostEach);
        k.gpusLostMax = std::max(k.gpusLostMax, lostEach);
    }
};

} // namespace

double JobModel::ratePerHour() const
{
    double r = 0.0;
    for (const FailureClass &c : classes)
        r += c.ratePerHour;
    return r;
}

double JobModel::mtbfHours() const
{
    const double r = ratePerHour();
    return r > 0 ? 1.0 / r : std::numeric_limits<double>::infinity();
}

namespace {

/// Time one failure of class `c` idles part of the job until repair (hours): none when a spare
/// in the domain covers it.
double shrinkLossH(const JobModel &job, const FailureClass &c)
{
    if (c.spareCovers && job.sparesPerDomain >= c.spareNeed)
        return 0.0;
    return std::min(1.0, c.shrinkFraction) * job.repairH;
}

} // namespace

double JobModel::meanShrinkLossH() const
{
    const double r = ratePerHour();
    if (r <= 0)
        return 0.0;
    double s = 0.0;
    for (const FailureClass &c : classes)
        s += c.ratePerHour * shrinkLossH(*this, c);
    return s / r;
}

double JobModel::lostPerFailureH(double tau) const
{
    // A failure while the job runs or writes strikes uniformly within a segment of compute τ plus
    // its write δ: half of it is redone on average (Young 1974). Then recovery R; a failure during
    // a recovery restarts it, so a recovery lasts M(1 − e^(−R/M)) on average and that share of
    // failures (R_eff/M of the wall time) finds no work to lose. Then the shrink loss until repair.
    const double m = mtbfHours();
    const double r = std::isinf(m) ? recoveryH : m * -std::expm1(-recoveryH / m);
    const double running = std::isinf(m) ? 1.0 : std::max(0.0, 1.0 - r / m);
    return running * (tau + checkpointWriteH) / 2.0 + r + meanShrinkLossH();
}

double JobModel::lostPerFailureH(double tau, const FailureClass &c) const
{
    return lostPerFailureH(tau) - meanShrinkLossH() + shrinkLossH(*this, c);
}

double JobModel::goodput(double tau) const
{
    // Per unit of wall time, failures arrive at 1/M; each costs the rework of half a segment and
    // the recovery, during which nothing runs; of the time left, the share τ/(τ+δ) computes
    // (DESIGN.md: goodput ≈ 1 − δ/τ − (τ/2 + R)/M to first order). A job shrunk until a repair
    // runs at a lower rate: by Little's law the mean idle share is (rate × f × repair) = S/M, and
    // it only costs while the job runs, hence the product.
    if (tau <= 0)
        return 0.0;
    const double m = mtbfHours();
    if (std::isinf(m))
        return 1.0 / (1.0 + checkpointWriteH / tau);
    const double shrinkH = meanShrinkLossH();
    const double down = std::max(0.0, 1.0 - (lostPerFailureH(tau) - shrinkH) / m);
    const double shrunk = std::max(0.0, 1.0 - shrinkH / m);
    return down * shrunk / (1.0 + checkpointWriteH / tau);
}

double dalyIntervalHours(double writeH, double mtbfH)
{
    if (writeH <= 0 || std::isinf(mtbfH))
        return std::isinf(mtbfH) ? std::numeric_limits<double>::infinity() : 0.0;
    // Daly, "A higher order estimate of the optimum checkpoint interval for restart dumps",
    // FGCS 22 (2006), eq. 37.
    if (writeH >= 2.0 * mtbfH)
        return mtbfH;
    const double x = writeH / (2.0 * mtbfH);
    return std::sqrt(2.0 * writeH * mtbfH) * (1.0 + std::sqrt(x) / 3.0 + x / 9.0) - writeH;
}

ReliabilityResults evaluateReliability(const Design &design, const Catalog &catalog, const Results &earlier)
{
    ReliabilityResults rel;
    const ReliabilitySettings &s = design.reliability;
    const InventoryResults &inv = earlier.inventory;
    if (inv.gpusTotal <= 0)
        return rel;
    rel.available = true;
    const auto perHour = [](double mtbf) { return mtbf > 0 ? 1.0 / mtbf : 0.0; };
    for (const auto &[name, v] :
         {std::pair{"nicMtbfHours", s.nicMtbfHours}, {"softwareMtbfHours", s.softwareMtbfHours},
          {"powerUnitMtbfHours", s.powerUnitMtbfHours}, {"coolingUnitMtbfHours", s.coolingUnitMtbfHours},
          {"repairHours", s.repairHours}})
        if (!(v > 0))
            rel.problems.push_back({Severity::Error, std::string("reliability.") + name, "must be positive"});
    for (const auto &[name, v] : {std::pair{"detectMinutes", s.detectMinutes}, {"warmupMinutes", s.warmupMinutes}})
        if (!(v >= 0))
            rel.problems.push_back({Severity::Error, std::string("reliability.") + name, "must not be negative"});

    // --- what each rack holds ----------------------------------------------------------------
    const size_t n = design.racks.size();
    std::unordered_map<std::string, size_t> rackIndex;
    rackIndex.reserve(n);
    std::vector<long long> rackGpus(n, 0), rackActive(n, 0), rackNics(n, 0), rackLeaves(n, 0);
    std::vector<int> rackDomain(n, 0); // GPUs per scale-up domain of the rack's nodes
    long long servers = 0, trays = 0, activeTrays = 0, nvTrays = 0, supernodes = 0, storageNodes = 0;
    long long serverGpus = 0, superGpus = 0, superActive = 0, leaves = 0, spines = 0, cores = 0;
    long long serverNics = 0, superNics = 0;
    double storageWrite = 0, storageRead = 0, storageSwitchGbps = 0, frontGbps = 0;
    int sparesPerDomain = 0, trayGpus = 4;
    for (size_t i = 0; i < n; ++i) {
        const Rack &r = design.racks[i];
        rackIndex.emplace(r.id, i);
        for (const Mount &m : r.contents) {
            const CatalogEntry *e = catalog.find(m.catalogId);
            if (!e || m.count < 1)
                continue;
            const long long c = m.count;
            if (e->kind == PartKind::Server || e->kind == PartKind::Supernode) {
                const long long g = std::llround(e->figure("gpus"));
                const long long nics = std::llround(e->figure("nics"));
                rackGpus[i] += g * c;
                rackNics[i] += nics * c;
                rackDomain[i] = std::max<int>(rackDomain[i], int(g));
                if (e->kind == PartKind::Server) {
                    servers += c;
                    serverGpus += g * c;
                    serverNics += nics * c;
                    rackActive[i] += g * c;
                    frontGbps += double(c) * e->figure("storage_nics", kDefaultStorageNicsPerServer) * kStorageNicGbps;
                } else {
                    // The same spare rule as the inventory stage (evaluation.cpp).
                    long long spare = std::llround(e->figure("spare_gpus"));
                    if (s.hotSparesPerDomain >= 0)
                        spare = std::min<long long>(s.hotSparesPerDomain, g);
                    sparesPerDomain = std::max<int>(sparesPerDomain, int(spare));
                    const long long t = std::max<long long>(1, std::llround(e->figure("compute_trays", double(g) / 4.0)));
                    trayGpus = int(std::max<long long>(1, g / t));
                    supernodes += c;
                    superGpus += g * c;
                    superNics += nics * c;
                    superActive += (g - spare) * c;
                    rackActive[i] += (g - spare) * c;
                    trays += t * c;
                    activeTrays += ((g - spare + trayGpus - 1) / trayGpus) * c;
                    nvTrays += std::llround(e->figure("nvlink_switch_trays", std::ceil(double(g) / kGpusPerNvlinkTray))) * c;
                    frontGbps += double(c) * e->figure("storage_mgmt_nics", 2.0 * double(t)) * kStorageNicGbps;
                }
            } else if (e->kind == PartKind::Switch) {
                switch (m.role) {
                case SwitchRole::Leaf: rackLeaves[i] += c; leaves += c; break;
                case SwitchRole::Spine: spines += c; break;
                case SwitchRole::Core:
                case SwitchRole::SuperCore: cores += c; break; // a 4th tier fails like the core
                case SwitchRole::Storage:
                    // Half the ports face the compute side (non-blocking storage leaf).
                    storageSwitchGbps += double(c) * e->figure("ports") * e->figure("port_gbps") / 2.0;
                    break;
                default: break;
                }
            } else if (e->kind == PartKind::Storage) {
                storageNodes += c;
                storageWrite += double(c) * e->figure("write_gb_per_s");
                storageRead += double(c) * e->figure("read_gb_per_s");
            }
        }
    }
    const long long active = std::max<long long>(1, inv.gpusActive);
    // A pool of whole spare servers (reliability.spare_servers, classic designs; the inventory
    // stage takes them out of gpus_active): a failure in a server moves its share of the job to a
    // spare at restart, as an NVL72's hot spare GPUs do, while the failed server is repaired.
    // The pool is one domain of `serverPool` spares; each failure consumes one server.
    const long long serverPool = supernodes == 0 ? std::min<long long>(std::max(0, s.spareServers), servers) : 0;
    long long jobServerGpus = serverGpus, jobServerNics = serverNics; // the server parts in service
    if (serverPool > 0) {
        jobServerGpus -= serverPool * (serverGpus / servers);
        jobServerNics -= serverPool * (serverNics / servers);
        sparesPerDomain = int(std::min<long long>(serverPool, 1 << 30));
    }

    // --- leaf groups, as the fabric stage builds them (fabric.cpp: the leaf racks of a row serve
    // that row's compute racks; a row without leaves attaches to the nearest leaf rack's row) ---
    std::map<std::string, int> groupOfRow;
    std::vector<std::string> groupName;
    std::vector<size_t> leafRackList;
    for (size_t i = 0; i < n; ++i)
        if (rackLeaves[i] > 0) {
            leafRackList.push_back(i);
            if (groupOfRow.emplace(design.racks[i].row, int(groupName.size())).second)
                groupName.push_back(design.racks[i].row);
        }
    std::vector<int> rackGroup(n, -1);
    std::vector<long long> groupGpus(groupName.size(), 0), groupLeaves(groupName.size(), 0);
    for (size_t i = 0; i < n; ++i) {
        if (rackLeaves[i] > 0) {
            const int g = groupOfRow[design.racks[i].row];
            groupLeaves[g] += rackLeaves[i];
        }
        if (rackNics[i] == 0 || groupName.empty())
            continue;
        int g = -1;
        if (auto it = groupOfRow.find(design.racks[i].row); it != groupOfRow.end()) {
            g = it->second;
        } else {
            double best = std::numeric_limits<double>::infinity();
            for (size_t l : leafRackList) {
                const Rack &a = design.racks[i], &b = design.racks[l];
                const double d = std::abs(a.xM - b.xM) + std::abs(a.yM - b.yM);
                if (d < best) {
                    best = d;
                    g = groupOfRow[b.row];
                }
            }
        }
        rackGroup[i] = g;
        groupGpus[g] += rackGpus[i];
    }

    // A failure that idles `lost` GPUs until repair idles whole data-parallel replicas of the
    // job (tp·pp·cp GPUs each): the job shrinks by the replicas it touches.
    long long replica = 0;
    if (earlier.performance.available) {
        const ParallelConfig &pc = earlier.performance.outcome.estimate.config;
        replica = (long long)pc.tp * pc.pp * pc.cp;
    }
    if (replica <= 0)
        replica = std::max<long long>(1, earlier.fabric.domainGpus);
    const auto shrinkShare = [&](long long lost) {
        if (lost <= 0)
            return 0.0;
        const long long replicas = (lost + replica - 1) / replica;
        return std::min(1.0, double(replicas * replica) / double(active));
    };

    // --- failure domains by kind ----------------------------------------------------------------
    std::vector<KindSum> kinds;
    kinds.reserve(32); // references returned by kind() stay valid while the list grows
    const auto kind = [&](const char *name, double mtbf, bool interrupts, const char *recovery) -> KindSum & {
        KindSum k;
        k.k.kind = name;
        k.k.failuresPerHour = perHour(mtbf);
        k.k.interruptsJob = interrupts;
        k.k.recovery = recovery;
        kinds.push_back(k);
        return kinds.back();
    };
    const int superDomain = supernodes > 0 ? int(superGpus / supernodes) : 0;
    const bool spares = sparesPerDomain > 0;
    // Job-side bookkeeping for kinds whose instances sit in servers (no spare: shrink by the
    // server) or in supernodes (spare if it covers, else shrink by the domain).
    const auto nodeParts = [&](KindSum &k, long long serverParts, long long serverJob, long long superParts,
                               long long superJob, int spareNeed) {
        if (serverParts > 0)
            k.add(serverParts, servers > 0 ? serverGpus / servers : 0);
        if (superParts > 0)
            k.add(superParts, superDomain);
        const double rate = k.k.failuresPerHour;
        if (serverPool > 0) {
            k.rateSpare += double(serverJob) * rate;
            spareNeed = 1; // one spare server per failure
        } else {
            k.rateShrink += double(serverJob) * rate;
            k.shrinkWeighted += double(serverJob) * rate * shrinkShare(servers > 0 ? serverGpus / servers : 0);
        }
        const bool covered = spares && sparesPerDomain >= spareNeed;
        (covered ? k.rateSpare : k.rateShrink) += double(superJob) * rate;
        if (!covered)
            k.shrinkWeighted += double(superJob) * rate * shrinkShare(superDomain);
        k.spareNeed = spareNeed;
        k.k.jobParts = serverJob + superJob;
    };
    {
        // A GPU fault drains its NVLink domain: the 8-GPU server, or the whole NVL72 rack
        // (SemiAnalysis, "100,000 H100 Clusters": 72-GPU blast radius vs 8 for HGX).
        KindSum &k = kind("gpu", s.gpuMtbfHours, true, spares ? "spare" : "shrink");
        nodeParts(k, serverGpus, jobServerGpus, superGpus, superActive, 1);
    }
    if (servers > 0) {
        KindSum &k = kind("server", s.nodeMtbfHours, true, serverPool > 0 ? "spare" : "shrink");
        nodeParts(k, servers, servers - serverPool, 0, 0, 0);
    }
    if (supernodes > 0) {
        // Host parts of a compute tray (CPU, memory, SSD, PSU, board): a spare tray takes over
        // when the domain holds at least a tray's worth of spare GPUs.
        KindSum &k = kind("compute_tray", s.nodeMtbfHours, true, sparesPerDomain >= trayGpus ? "spare" : "shrink");
        nodeParts(k, 0, 0, trays, activeTrays, trayGpus);
        // NVLink switch trays carry every GPU's scale-up traffic: none can be routed around.
        KindSum &t = kind("nvlink_switch_tray", s.switchMtbfHours, true, "shrink");
        nodeParts(t, 0, 0, nvTrays, nvTrays, std::numeric_limits<int>::max());
    }
    {
        // A NIC or its cable cuts its GPU off the scale-out fabric; collectives need every rail,
        // so the GPU's domain leaves the job (a spare GPU with its own NIC takes over in an NVL72).
        KindSum &k = kind("nic", s.nicMtbfHours, true, spares ? "spare" : "shrink");
        // Only the NICs of GPUs in service carry the job (a spare GPU's NIC waits with it).
        const long long superJobNics = superGpus > 0 ? superNics * superActive / superGpus : 0;
        nodeParts(k, serverNics, jobServerNics, superNics, superJobNics, 1);
        KindSum &l = kind("link_endpoint", s.linkMtbfHours, true, spares ? "spare" : "shrink");
        nodeParts(l, serverNics, jobServerNics, superNics, superJobNics, 1);
    }
    if (leaves > 0) {
        // Losing a leaf: on a rail-optimised fabric the leaf is one rail of its scalable unit, so
        // every server of the group loses that rail's NIC; on leaf/spine every rack of the group
        // spreads its NICs over the group's leaves. Either way each server or supernode of the
        // group loses part of its scale-out links and, since NCCL rings and trees need every
        // rail, the group's GPUs leave the job until the leaf is replaced. (PXN could carry the
        // lost rail over NVLink at 7/8 bandwidth, but not without a restart.)
        KindSum &k = kind("leaf", s.switchMtbfHours, true, "shrink");
        for (size_t g = 0; g < groupName.size(); ++g) {
            k.add(groupLeaves[g], groupGpus[g]);
            k.rateShrink += double(groupLeaves[g]) * k.k.failuresPerHour;
            k.shrinkWeighted += double(groupLeaves[g]) * k.k.failuresPerHour * shrinkShare(groupGpus[g]);
            k.k.jobParts += groupLeaves[g];
        }
    }
    // Upper tiers have many parallel paths: a spine, core or inter-switch link loses no GPU, but
    // its failure still kills the job's in-flight collectives (Llama 3 Table 5 counts switch and
    // cable faults as interruptions), so the job restarts without waiting for the repair.
    const auto restartOnly = [&](const char *name, double mtbf, long long count) {
        if (count <= 0)
            return;
        KindSum &k = kind(name, mtbf, true, "restart");
        k.add(count, 0);
        k.k.jobParts = count;
        k.rateShrink += double(count) * k.k.failuresPerHour;
    };
    const auto links = [&](const char *tier) {
        auto it = earlier.fabric.linksByTier.find(tier);
        return it == earlier.fabric.linksByTier.end() ? 0LL : it->second;
    };
    restartOnly("spine", s.switchMtbfHours, spines);
    restartOnly("core", s.switchMtbfHours, cores);
    restartOnly("link_leaf_spine", s.linkMtbfHours, links("leaf-spine"));
    restartOnly("link_spine_core", s.linkMtbfHours, links("spine-core"));
    // Software, NCCL watchdog and dependency faults (Llama 3 Table 5) grow with the ranks.
    restartOnly("software", s.softwareMtbfHours, active);
    if (storageNodes > 0) {
        // Checkpoint storage is erasure-coded or replicated: a node loss slows writes, not the job.
        KindSum &k = kind("storage_node", s.nodeMtbfHours, false, "none");
        k.add(storageNodes, 0);
    }

    // --- power and cooling units from their wiring --------------------------------------------
    // GPUs a unit takes down: its compute racks, plus whole leaf groups whose leaf racks it feeds.
    std::vector<unsigned> stamp(groupName.size(), 0);
    unsigned stampNo = 0;
    const auto gpusCutBy = [&](const FacilityUnit &u) {
        ++stampNo;
        long long total = 0;
        for (const std::string &rid : u.serves)
            if (auto it = rackIndex.find(rid); it != rackIndex.end() && rackLeaves[it->second] > 0) {
                const int g = groupOfRow[design.racks[it->second].row];
                if (stamp[g] != stampNo) {
                    stamp[g] = stampNo;
                    total += groupGpus[g];
                }
            }
        for (const std::string &rid : u.serves)
            if (auto it = rackIndex.find(rid); it != rackIndex.end()) {
                const int g = rackGroup[it->second];
                if (g < 0 || stamp[g] != stampNo)
                    total += rackGpus[it->second];
            }
        return total;
    };
    std::vector<FailureDomain> largest;
    const auto consider = [&](const std::string &k, const std::string &part, long long gpus) {
        if (gpus <= 0)
            return;
        if (largest.size() == kLargestDomains && largest.back().gpus >= gpus)
            return;
        largest.push_back({k, part, gpus});
        std::stable_sort(largest.begin(), largest.end(),
                         [](const FailureDomain &a, const FailureDomain &b) { return a.gpus > b.gpus; });
        if (largest.size() > kLargestDomains)
            largest.pop_back();
    };
    const auto facility = [&](const std::vector<FacilityUnit> &units, const std::vector<UnitLoad> &loads,
                              double mtbf) {
        std::map<std::string, size_t> byKind; // catalog kind -> index into kinds
        for (size_t i = 0; i < units.size(); ++i) {
            const FacilityUnit &u = units[i];
            const CatalogEntry *e = catalog.find(u.catalogId);
            if (!e)
                continue;
            const std::string kn = partKindName(e->kind);
            auto it = byKind.find(kn);
            if (it == byKind.end()) {
                it = byKind.emplace(kn, kinds.size()).first;
                KindSum k;
                k.k.kind = kn;
                k.k.failuresPerHour = perHour(mtbf);
                k.k.recovery = "none";
                kinds.push_back(k);
            }
            KindSum &k = kinds[it->second];
            // With 2N or N+1 one failure loses nothing while the survivors carry the load (the
            // power stage's check after the worst single failure); an N unit, or a redundant group
            // that cannot carry its load, takes down everything it serves.
            bool holds = u.redundancy != Redundancy::N;
            if (holds && i < loads.size() && loads[i].capacityKw > 0 && loads[i].loadKw > loads[i].capacityKw)
                holds = false;
            const long long lost = holds ? 0 : gpusCutBy(u);
            k.add(1, lost);
            if (lost > 0) {
                k.k.interruptsJob = true;
                k.k.recovery = "shrink";
                ++k.k.jobParts;
                k.rateShrink += k.k.failuresPerHour;
                k.shrinkWeighted += k.k.failuresPerHour * shrinkShare(lost);
                consider(kn, kn + " " + u.id, lost);
            }
        }
    };
    facility(design.powerUnits, earlier.power.powerUnits, s.powerUnitMtbfHours);
    facility(design.coolingUnits, earlier.power.coolingUnits, s.coolingUnitMtbfHours);

    // Largest domains from the wiring: leaf groups, then nodes (one per rack suffices).
    for (size_t g = 0; g < groupName.size(); ++g)
        consider("leaf", "leaf group " + groupName[g], groupGpus[g]);
    for (size_t i = 0; i < n; ++i) {
        if (rackDomain[i] <= 0)
            continue;
        const bool sn = supernodes > 0 && rackDomain[i] == superDomain;
        consider(sn ? "supernode" : "server", std::string(sn ? "supernode in " : "server in ") + design.racks[i].id,
                 rackDomain[i]);
    }
    rel.largestDomains = largest;

    // --- job interruption rate and recovery classes -------------------------------------------
    std::vector<std::pair<size_t, size_t>> kindClasses; // each kind's range in rel.job.classes
    kindClasses.reserve(kinds.size());
    for (KindSum &k : kinds) {
        const size_t firstClass = rel.job.classes.size();
        k.k.gpusLostMean = k.k.count > 0 ? k.lostSum / double(k.k.count) : 0.0;
        k.k.eventsPerMonth = double(k.k.count) * k.k.failuresPerHour * kHoursPerMonth;
        if (k.k.interruptsJob) {
            k.k.jobFailuresPerHour = k.rateSpare + k.rateShrink;
            if (k.rateSpare > 0)
                rel.job.classes.push_back({k.k.kind, k.rateSpare, true, k.spareNeed,
                                           shrinkShare(serverPool > 0 ? serverGpus / servers : superDomain)});
            if (k.rateShrink > 0)
                rel.job.classes.push_back({k.k.kind, k.rateShrink, false, 0, k.shrinkWeighted / k.rateShrink});
        }
        rel.largestFailureDomainGpus = std::max(rel.largestFailureDomainGpus, k.k.gpusLostMax);
        rel.kinds.push_back(k.k);
        kindClasses.emplace_back(firstClass, rel.job.classes.size());
    }
    rel.interruptionsPerHour = rel.job.ratePerHour();
    rel.jobMtbfHours = rel.job.mtbfHours();

    // --- checkpoints ------------------------------------------------------------------------------
    ModelSpec model;
    if (earlier.performance.spec.model.layers > 0) {
        model = earlier.performance.spec.model;
    } else {
        model = modelFromWorkload(design.workload);
    }
    rel.params = model.layers > 0 ? model.totalParams() : 0.0;
    rel.bytesPerParam = kCheckpointBytesPerParam;
    rel.checkpointSizeTb = rel.params * rel.bytesPerParam / 1e12;
    if (storageNodes == 0) {
        rel.problems.push_back({Severity::Warning, "reliability",
                                "the design has no storage nodes: checkpoints are assumed to go to node-local NVMe"});
        storageWrite = storageRead = double(servers + trays) * kLocalNvmeGbPerS;
        storageSwitchGbps = frontGbps = std::numeric_limits<double>::infinity();
    }
    // The path to storage: the storage nodes' own figures, the storage switches' compute-side
    // ports and the compute nodes' front-end NICs; the narrowest wins.
    const double pathGbPerS = std::min(storageSwitchGbps > 0 ? storageSwitchGbps : frontGbps, frontGbps) / 8.0;
    rel.storageWriteGbPerS = std::min(storageWrite, pathGbPerS);
    rel.storageReadGbPerS = std::min(storageRead, pathGbPerS);
    const double bytes = rel.params * rel.bytesPerParam;
    rel.checkpointWriteS = rel.storageWriteGbPerS > 0 ? bytes / (rel.storageWriteGbPerS * 1e9) : 0.0;
    rel.checkpointRestoreS = rel.storageReadGbPerS > 0 ? bytes / (rel.storageReadGbPerS * 1e9) : 0.0;

    JobModel &job = rel.job;
    job.checkpointWriteH = rel.checkpointWriteS / 3600.0;
    job.recoveryH = (s.detectMinutes + s.restartMinutes + s.warmupMinutes) / 60.0 + rel.checkpointRestoreS / 3600.0;
    job.repairH = s.repairHours;
    job.domains = serverPool > 0 ? 1 : supernodes;
    job.sparesPerDomain = sparesPerDomain;
    if (s.checkpointIntervalMinutes > 0) {
        job.intervalH = s.checkpointIntervalMinutes / 60.0;
        rel.intervalOptimal = false;
    } else {
        job.intervalH = dalyIntervalHours(job.checkpointWriteH, rel.jobMtbfHours);
        if (std::isinf(job.intervalH))
            job.intervalH = 24.0; // no failures: checkpoint daily for other reasons
        job.intervalH = std::max(job.intervalH, 1.0 / 60.0); // a minute at least
    }
    rel.checkpointIntervalMinutes = job.intervalH * 60.0;
    rel.timeLostPerFailureMinutes = job.lostPerFailureH(job.intervalH) * 60.0;
    rel.goodput = job.goodput(job.intervalH);
    // Each kind's part of the time failures cost: its classes' rates × the time each failure
    // loses; the shares sum to one since the per-class losses average to lostPerFailureH.
    double lostPerHour = 0.0;
    for (size_t i = 0; i < rel.kinds.size(); ++i) {
        double h = 0.0;
        for (size_t c = kindClasses[i].first; c < kindClasses[i].second; ++c)
            h += job.classes[c].ratePerHour * job.lostPerFailureH(job.intervalH, job.classes[c]);
        rel.kinds[i].lostHoursPerMonth = h * kHoursPerMonth;
        lostPerHour += h;
    }
    if (lostPerHour > 0)
        for (FailureDomainKind &k : rel.kinds)
            k.downtimeShare = k.lostHoursPerMonth / kHoursPerMonth / lostPerHour;
    JobModel bare = job;
    bare.sparesPerDomain = 0; // every class a spare covered now shrinks the job until repair
    rel.goodputWithoutSpares = bare.goodput(job.intervalH);
    if (earlier.performance.available) {
        rel.timeToTrainDays = earlier.performance.outcome.estimate.timeToTrainDays;
        job.workHours = rel.timeToTrainDays * 24.0;
        rel.effectiveTimeToTrainDays = rel.goodput > 0 ? rel.timeToTrainDays / rel.goodput : 0.0;
    }
    if (rel.goodput < 0.5)
        rel.problems.push_back({Severity::Warning, "reliability",
                                "goodput is only " + std::to_string(int(std::lround(rel.goodput * 100)))
                                    + " %: failures and checkpoints take most of the time"});
    return rel;
}

} // namespace cp
