#include "model/reliability/reliability.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "model/engine/performance.h"
#include "model/fabric/topology.h"
#include "model/reliability/policy.h"
#include "model/reliability/recovery.h"
#include "model/training/trainingmodel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <memory>
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


namespace {

double perHour(double mtbf)
{
    return mtbf > 0 ? 1.0 / mtbf : 0.0;
}

/// Settings that make no sense as rates or durations are errors.
void checkSettings(const ReliabilitySettings &s, Problems &problems)
{
    for (const auto &[name, v] :
         {std::pair{"nicMtbfHours", s.nicMtbfHours}, {"softwareMtbfHours", s.softwareMtbfHours},
          {"powerUnitMtbfHours", s.powerUnitMtbfHours}, {"coolingUnitMtbfHours", s.coolingUnitMtbfHours},
          {"repairHours", s.repairHours}})
        if (!(v > 0))
            problems.push_back(problem(Severity::Error, std::string("reliability.") + name,
                                       CP_TR_NOOP("cp::Problems", "must be positive")));
    for (const auto &[name, v] : {std::pair{"detectMinutes", s.detectMinutes}, {"warmupMinutes", s.warmupMinutes},
                                  {"initSecondsAt1k", s.initSecondsAt1k}, {"initExponent", s.initExponent},
                                  {"jobMtbfHours", s.jobMtbfHours}})
        if (!(v >= 0))
            problems.push_back(problem(Severity::Error, std::string("reliability.") + name,
                                       CP_TR_NOOP("cp::Problems", "must not be negative")));
    if (!resolvePolicy(s))
        problems.push_back(problem(Severity::Error, "reliability.policy",
                                   CP_TR_NOOP("cp::Problems", "\"%1\" is not a policy (%2)"),
                                   {s.policy, policyNames()}));
    if (!checkpointKindFromName(s.checkpointKind))
        problems.push_back(problem(Severity::Error, "reliability.checkpointKind",
                                   CP_TR_NOOP("cp::Problems", "must be \"blocking\", \"async\" or \"in-memory\"")));
    if (!withoutSpareFromName(s.withoutSpare))
        problems.push_back(problem(Severity::Error, "reliability.withoutSpare",
                                   CP_TR_NOOP("cp::Problems", "must be \"shrink\" or \"wait\"")));
    for (const auto &[name, r] : {std::pair{"hardwareRange", s.hardwareRange}, {"jobRange", s.jobRange},
                                  {"recoveryRange", s.recoveryRange}, {"repairRange", s.repairRange}})
        if (!(r.low > 0 && r.low <= 1.0 && r.high >= 1.0 && std::isfinite(r.high)))
            problems.push_back(problem(Severity::Error, std::string("reliability.") + name,
                                       CP_TR_NOOP("cp::Problems", "needs 0 < low ≤ 1 ≤ high (factors on the typical value)")));
}

/// The parts whose failures the model counts, and the storage path, summed over the racks.
struct PartCensus
{
    long long servers = 0, trays = 0, activeTrays = 0, nvTrays = 0, supernodes = 0, storageNodes = 0;
    long long serverGpus = 0, superGpus = 0, superActive = 0;
    long long serverNics = 0, superNics = 0;
    double storageWrite = 0, storageRead = 0, storageSwitchGbps = 0, frontGbps = 0;
    int sparesPerDomain = 0, trayGpus = 4;
    long long active = 1;      ///< GPUs the job runs on
    long long serverPool = 0;  ///< whole spare servers
    long long jobServerGpus = 0, jobServerNics = 0; ///< the server parts in service
    double gpuRateFactor = 1.0; ///< the accelerator's failure_rate_factor (a generation's parts vs H100's)
    int jobs = 1;              ///< equal jobs the design runs (workload.jobs)
    int idlePerDomain = 0;     ///< GPUs of each supernode the job's layout leaves idle
};

/// Adds one mount of a server or supernode to the census.
void countNode(const CatalogEntry &e, long long c, const ReliabilitySettings &s, PartCensus &p)
{
    const long long g = std::llround(e.figure("gpus"));
    const long long nics = std::llround(e.figure("nics"));
    if (e.kind == PartKind::Server) {
        p.servers += c;
        p.serverGpus += g * c;
        p.serverNics += nics * c;
        p.frontGbps += double(c) * e.figure("storage_nics", kDefaultStorageNicsPerServer) * kStorageNicGbps;
        return;
    }
    // The same spare rule as the inventory stage (evaluation.cpp).
    long long spare = std::llround(e.figure("spare_gpus"));
    if (s.hotSparesPerDomain >= 0)
        spare = std::min<long long>(s.hotSparesPerDomain, g);
    p.sparesPerDomain = std::max<int>(p.sparesPerDomain, int(spare));
    const long long t = std::max<long long>(1, std::llround(e.figure("compute_trays", double(g) / 4.0)));
    p.trayGpus = int(std::max<long long>(1, g / t));
    p.supernodes += c;
    p.superGpus += g * c;
    p.superNics += nics * c;
    p.superActive += (g - spare) * c;
    p.trays += t * c;
    p.activeTrays += ((g - spare + p.trayGpus - 1) / p.trayGpus) * c;
    p.nvTrays += std::llround(e.figure("nvlink_switch_trays", std::ceil(double(g) / kGpusPerNvlinkTray))) * c;
    p.frontGbps += double(c) * e.figure("storage_mgmt_nics", 2.0 * double(t)) * kStorageNicGbps;
}

PartCensus countParts(const Design &design, const Catalog &catalog, const Results &earlier)
{
    const ReliabilitySettings &s = design.reliability;
    PartCensus p;
    for (const Rack &r : design.racks)
        for (const Mount &m : r.contents) {
            const CatalogEntry *e = catalog.find(m.catalogId);
            if (!e || m.count < 1)
                continue;
            const long long c = m.count;
            if (e->kind == PartKind::Server || e->kind == PartKind::Supernode) {
                countNode(*e, c, s, p);
                if (const CatalogEntry *acc = catalog.find(e->ref("accelerator")))
                    p.gpuRateFactor = acc->figure("failure_rate_factor", 1.0);
            } else if (e->kind == PartKind::Switch && m.role == SwitchRole::Storage) {
                // Half the ports face the compute side (non-blocking storage leaf).
                p.storageSwitchGbps += double(c) * e->figure("ports") * e->figure("port_gbps") / 2.0;
            } else if (e->kind == PartKind::Storage) {
                p.storageNodes += c;
                p.storageWrite += double(c) * e->figure("write_gb_per_s");
                p.storageRead += double(c) * e->figure("read_gb_per_s");
            }
        }
    const InventoryResults &inv = earlier.inventory;
    p.active = std::max<long long>(1, inv.gpusActive);
    p.jobs = std::max(1, design.workload.jobs);
    // One job's GPUs: those its layout runs on, or its share of the GPUs in service. GPUs of a
    // supernode the layout leaves idle (64 of 70) stand by as hot spares.
    if (earlier.performance.available && earlier.performance.outcome.gpusUsed > 0) {
        const EstimateOutcome &o = earlier.performance.outcome;
        p.active = o.gpusUsed;
        if (p.supernodes > 0 && o.domainGpusUsed > 0)
            p.idlePerDomain = std::max(0, earlier.performance.spec.cluster.domainGpus - o.domainGpusUsed);
    } else {
        p.active = std::max<long long>(1, p.active / p.jobs);
    }
    p.sparesPerDomain += p.idlePerDomain;
    // An idle GPU's failure does not stop the job (it only takes a spare out of the domain).
    p.superActive = std::max<long long>(0, p.superActive - (long long)p.idlePerDomain * p.supernodes);
    // A pool of whole spare servers (reliability.spare_servers, classic designs; the inventory
    // stage takes them out of gpus_active): a failure in a server moves its share of the job to a
    // spare at restart, as an NVL72's hot spare GPUs do, while the failed server is repaired.
    // The pool is one domain of `serverPool` spares; each failure consumes one server.
    p.serverPool = p.supernodes == 0 ? std::min<long long>(std::max(0, s.spareServers), p.servers) : 0;
    p.jobServerGpus = p.serverGpus;
    p.jobServerNics = p.serverNics;
    if (p.serverPool > 0) {
        p.jobServerGpus -= p.serverPool * (p.serverGpus / p.servers);
        p.jobServerNics -= p.serverPool * (p.serverNics / p.servers);
        p.sparesPerDomain = int(std::min<long long>(p.serverPool, 1 << 30));
    }
    return p;
}

/// The failure kinds of the design, and its largest failure domains, as they are counted.
class FailureKinds
{
public:
    FailureKinds(const Design &design, const Catalog &catalog, const Results &earlier, const PartCensus &parts,
                 const Topology &topology);

    /// GPUs, servers, compute and NVLink switch trays, NICs and their links.
    void addNodeKinds();
    /// Leaf, spine and core switches, their links, software and storage nodes.
    void addFabricKinds();
    /// Power and cooling units from their wiring.
    void addFacilityKinds();
    /// The largest domains from the wiring: leaf groups, then nodes (one per rack suffices).
    void addLargestDomains();

    /// Share of the job idled when `lost` GPUs leave it until repair.
    double shrinkShare(long long lost) const;

    std::vector<KindSum> kinds;
    std::vector<FailureDomain> largest; ///< up to kLargestDomains, largest first

private:
    KindSum &kind(const std::string &name, double mtbf, bool interrupts, const char *recovery);
    void nodeParts(KindSum &k, long long serverParts, long long serverJob, long long superParts,
                   long long superJob, int spareNeed);
    void restartOnly(const std::string &name, double mtbf, long long count);
    void facility(const std::vector<FacilityUnit> &units, const std::vector<UnitLoad> &loads, double mtbf);
    long long gpusCutBy(const FacilityUnit &u);
    void consider(const std::string &k, const std::string &part, long long gpus);

    const Design &mDesign;
    const Catalog &mCatalog;
    const Results &mEarlier;
    const ReliabilitySettings &mSettings;
    const PartCensus &mParts;
    const Topology &mTopology;
    long long mReplica = 1;  ///< GPUs of one data-parallel replica
    int mSuperDomain = 0;    ///< GPUs per supernode
    bool mSpares = false;    ///< the domains hold hot spares
    std::unordered_map<std::string, size_t> mRackIndex; ///< rack id -> index of its first rack
    std::vector<unsigned> mStamp; ///< per leaf group: the last gpusCutBy() call that counted it
    unsigned mStampNo = 0;
};

FailureKinds::FailureKinds(const Design &design, const Catalog &catalog, const Results &earlier,
                           const PartCensus &parts, const Topology &topology)
    : mDesign(design), mCatalog(catalog), mEarlier(earlier), mSettings(design.reliability), mParts(parts),
      mTopology(topology)
{
    // A failure that idles `lost` GPUs until repair idles whole data-parallel replicas of the
    // job (tp·pp·cp GPUs each): the job shrinks by the replicas it touches.
    long long replica = 0;
    if (earlier.performance.available) {
        const ParallelConfig &pc = earlier.performance.outcome.estimate.config;
        replica = (long long)pc.tp * pc.pp * pc.cp;
    }
    if (replica <= 0)
        replica = std::max<long long>(1, earlier.fabric.domainGpus);
    mReplica = replica;
    mSuperDomain = parts.supernodes > 0 ? int(parts.superGpus / parts.supernodes) : 0;
    mSpares = parts.sparesPerDomain > 0;
    kinds.reserve(32); // references returned by kind() stay valid while the list grows
    mRackIndex.reserve(design.racks.size());
    for (size_t i = 0; i < design.racks.size(); ++i)
        mRackIndex.emplace(design.racks[i].id, i);
    mStamp.assign(topology.leafGroups.size(), 0);
}

double FailureKinds::shrinkShare(long long lost) const
{
    if (lost <= 0)
        return 0.0;
    const long long replicas = (lost + mReplica - 1) / mReplica;
    return std::min(1.0, double(replicas * mReplica) / double(mParts.active));
}

KindSum &FailureKinds::kind(const std::string &name, double mtbf, bool interrupts, const char *recovery)
{
    KindSum k;
    k.k.kind = name;
    k.k.failuresPerHour = perHour(mtbf);
    k.k.interruptsJob = interrupts;
    k.k.recovery = recovery;
    kinds.push_back(k);
    return kinds.back();
}

// Job-side bookkeeping for kinds whose instances sit in servers (no spare: shrink by the
// server) or in supernodes (spare if it covers, else shrink by the domain).
void FailureKinds::nodeParts(KindSum &k, long long serverParts, long long serverJob, long long superParts,
                             long long superJob, int spareNeed)
{
    const PartCensus &p = mParts;
    if (serverParts > 0)
        k.add(serverParts, p.servers > 0 ? p.serverGpus / p.servers : 0);
    if (superParts > 0)
        k.add(superParts, mSuperDomain);
    const double rate = k.k.failuresPerHour;
    if (p.serverPool > 0) {
        k.rateSpare += double(serverJob) * rate;
        spareNeed = 1; // one spare server per failure
    } else {
        k.rateShrink += double(serverJob) * rate;
        k.shrinkWeighted += double(serverJob) * rate * shrinkShare(p.servers > 0 ? p.serverGpus / p.servers : 0);
    }
    const bool covered = mSpares && p.sparesPerDomain >= spareNeed;
    (covered ? k.rateSpare : k.rateShrink) += double(superJob) * rate;
    if (!covered)
        k.shrinkWeighted += double(superJob) * rate * shrinkShare(mSuperDomain);
    k.spareNeed = spareNeed;
    k.k.jobParts = serverJob + superJob;
}

void FailureKinds::addNodeKinds()
{
    const ReliabilitySettings &s = mSettings;
    const PartCensus &p = mParts;
    {
        // A GPU fault drains its NVLink domain: the 8-GPU server, or the whole NVL72 rack
        // (SemiAnalysis, "100,000 H100 Clusters": 72-GPU blast radius vs 8 for HGX).
        KindSum &k = kind("gpu", s.gpuMtbfHours / p.gpuRateFactor, true, mSpares ? "spare" : "shrink");
        nodeParts(k, p.serverGpus, p.jobServerGpus, p.superGpus, p.superActive, 1);
    }
    if (p.servers > 0) {
        KindSum &k = kind("server", s.nodeMtbfHours, true, p.serverPool > 0 ? "spare" : "shrink");
        nodeParts(k, p.servers, p.servers - p.serverPool, 0, 0, 0);
    }
    if (p.supernodes > 0) {
        // Host parts of a compute tray (CPU, memory, SSD, PSU, board): a spare tray takes over
        // when the domain holds at least a tray's worth of spare GPUs.
        KindSum &k = kind("compute_tray", s.nodeMtbfHours, true, p.sparesPerDomain >= p.trayGpus ? "spare" : "shrink");
        nodeParts(k, 0, 0, p.trays, p.activeTrays, p.trayGpus);
        // NVLink switch trays carry every GPU's scale-up traffic: none can be routed around.
        KindSum &t = kind("nvlink_switch_tray", s.switchMtbfHours, true, "shrink");
        nodeParts(t, 0, 0, p.nvTrays, p.nvTrays, std::numeric_limits<int>::max());
    }
    // A NIC or its cable cuts its GPU off the scale-out fabric; collectives need every rail,
    // so the GPU's domain leaves the job (a spare GPU with its own NIC takes over in an NVL72).
    // Without leaf switches (one NVL72 training on NVLink alone) the NICs carry nothing.
    if (mTopology.tiers[0].switches == 0)
        return;
    KindSum &k = kind("nic", s.nicMtbfHours, true, mSpares ? "spare" : "shrink");
    // Only the NICs of GPUs in service carry the job (a spare GPU's NIC waits with it).
    const long long superJobNics = p.superGpus > 0 ? p.superNics * p.superActive / p.superGpus : 0;
    nodeParts(k, p.serverNics, p.jobServerNics, p.superNics, superJobNics, 1);
    KindSum &l = kind(linkFailureKind(0), s.linkMtbfHours, true, mSpares ? "spare" : "shrink");
    nodeParts(l, p.serverNics, p.jobServerNics, p.superNics, superJobNics, 1);
}

// Upper tiers have many parallel paths: a spine, core or inter-switch link loses no GPU, but
// its failure still kills the job's in-flight collectives (Llama 3 Table 5 counts switch and
// cable faults as interruptions), so the job restarts without waiting for the repair.
void FailureKinds::restartOnly(const std::string &name, double mtbf, long long count)
{
    if (count <= 0)
        return;
    KindSum &k = kind(name, mtbf, true, "restart");
    k.add(count, 0);
    k.k.jobParts = count;
    k.rateShrink += double(count) * k.k.failuresPerHour;
}

void FailureKinds::addFabricKinds()
{
    const ReliabilitySettings &s = mSettings;
    const Topology &t = mTopology;
    if (t.tiers[0].switches > 0) {
        // Losing a leaf: on a rail-optimised fabric the leaf is one rail of its scalable unit, so
        // every server of the group loses that rail's NIC; on leaf/spine every rack of the group
        // spreads its NICs over the group's leaves. Either way each server or supernode of the
        // group loses part of its scale-out links and, since NCCL rings and trees need every
        // rail, the group's GPUs leave the job until the leaf is replaced. (PXN could carry the
        // lost rail over NVLink at 7/8 bandwidth, but not without a restart.)
        KindSum &k = kind(tierName(0), s.switchMtbfHours, true, "shrink");
        for (const int g : t.groupsInDesignOrder) {
            const LeafGroup &group = t.leafGroups[size_t(g)];
            k.add(group.leaves, group.gpus);
            k.rateShrink += double(group.leaves) * k.k.failuresPerHour;
            k.shrinkWeighted += double(group.leaves) * k.k.failuresPerHour * shrinkShare(group.gpus);
            k.k.jobParts += group.leaves;
        }
    }
    const auto links = [&](int level) {
        auto it = mEarlier.fabric.linksByTier.find(linkTierName(level));
        return it == mEarlier.fabric.linksByTier.end() ? 0LL : it->second;
    };
    restartOnly(tierName(1), s.switchMtbfHours, t.tiers[1].switches);
    // A 4th tier fails like the core.
    restartOnly(tierName(2), s.switchMtbfHours, t.tiers[2].switches + t.tiers[3].switches);
    restartOnly(linkFailureKind(1), s.linkMtbfHours, links(1));
    restartOnly(linkFailureKind(2), s.linkMtbfHours, links(2));
    // Software, NCCL watchdog and dependency faults (Llama 3 Table 5) grow with the ranks.
    restartOnly("software", s.softwareMtbfHours, mParts.active);
    // Causes that stop a job whatever its size: one "part", the job itself.
    if (s.jobMtbfHours > 0)
        restartOnly("job", s.jobMtbfHours, 1);
    if (mParts.storageNodes > 0) {
        // Checkpoint storage is erasure-coded or replicated: a node loss slows writes, not the job.
        KindSum &k = kind("storage_node", s.nodeMtbfHours, false, "none");
        k.add(mParts.storageNodes, 0);
    }
}

// GPUs a unit takes down: its compute racks, plus whole leaf groups whose leaf racks it feeds.
long long FailureKinds::gpusCutBy(const FacilityUnit &u)
{
    const Topology &t = mTopology;
    ++mStampNo;
    long long total = 0;
    for (const std::string &rid : u.serves)
        if (auto it = mRackIndex.find(rid); it != mRackIndex.end() && t.leafGroupOfRack[it->second] >= 0) {
            const int g = t.leafGroupOfRack[it->second];
            if (mStamp[g] != mStampNo) {
                mStamp[g] = mStampNo;
                total += t.leafGroups[size_t(g)].gpus;
            }
        }
    for (const std::string &rid : u.serves)
        if (auto it = mRackIndex.find(rid); it != mRackIndex.end()) {
            const int g = t.rackGroup[it->second];
            if (g < 0 || mStamp[g] != mStampNo)
                total += t.racks[it->second].gpus;
        }
    return total;
}

void FailureKinds::consider(const std::string &k, const std::string &part, long long gpus)
{
    if (gpus <= 0)
        return;
    if (largest.size() == kLargestDomains && largest.back().gpus >= gpus)
        return;
    largest.push_back({k, part, gpus});
    std::stable_sort(largest.begin(), largest.end(),
                     [](const FailureDomain &a, const FailureDomain &b) { return a.gpus > b.gpus; });
    if (largest.size() > kLargestDomains)
        largest.pop_back();
}

void FailureKinds::facility(const std::vector<FacilityUnit> &units, const std::vector<UnitLoad> &loads, double mtbf)
{
    std::map<std::string, size_t> byKind; // catalog kind -> index into kinds
    for (size_t i = 0; i < units.size(); ++i) {
        const FacilityUnit &u = units[i];
        const CatalogEntry *e = mCatalog.find(u.catalogId);
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
}

void FailureKinds::addFacilityKinds()
{
    facility(mDesign.powerUnits, mEarlier.power.powerUnits, mSettings.powerUnitMtbfHours);
    facility(mDesign.coolingUnits, mEarlier.power.coolingUnits, mSettings.coolingUnitMtbfHours);
}

void FailureKinds::addLargestDomains()
{
    for (const int g : mTopology.groupsInDesignOrder)
        consider(tierName(0), "leaf group " + mTopology.leafGroups[size_t(g)].row, mTopology.leafGroups[size_t(g)].gpus);
    for (size_t i = 0; i < mDesign.racks.size(); ++i) {
        const long long domain = mTopology.racks[i].domainGpus;
        if (domain <= 0)
            continue;
        const bool sn = mParts.supernodes > 0 && domain == mSuperDomain;
        consider(sn ? "supernode" : "server", std::string(sn ? "supernode in " : "server in ") + mDesign.racks[i].id,
                 domain);
    }
}

/// Which repair time of the policy a part kind takes.
RepairKind repairKindOf(const std::string &kind)
{
    if (kind == "gpu")
        return RepairKind::Gpu;
    if (kind == "server" || kind == "compute_tray" || kind == "storage_node")
        return RepairKind::Host;
    for (PartKind k : {PartKind::Pdu, PartKind::Busway, PartKind::Ups, PartKind::Crah, PartKind::RearDoor, PartKind::Cdu})
        if (kind == partKindName(k))
            return RepairKind::Facility;
    return RepairKind::Network;
}

/// The job's interruption rate and recovery classes from the kinds; each kind's range of classes
/// in rel.job.classes is returned for the downtime shares.
std::vector<std::pair<size_t, size_t>> jobClasses(FailureKinds &fk, const PartCensus &p, const ResiliencePolicy &policy,
                                                  ReliabilityResults &rel)
{
    std::vector<std::pair<size_t, size_t>> kindClasses;
    kindClasses.reserve(fk.kinds.size());
    const int superDomain = p.supernodes > 0 ? int(p.superGpus / p.supernodes) : 0;
    for (KindSum &k : fk.kinds) {
        const size_t firstClass = rel.job.classes.size();
        k.k.gpusLostMean = k.k.count > 0 ? k.lostSum / double(k.k.count) : 0.0;
        k.k.eventsPerMonth = double(k.k.count) * k.k.failuresPerHour * kHoursPerMonth;
        if (k.k.interruptsJob) {
            // With several jobs each depends on its share of the parts; a job-level cause is its own.
            if (k.k.kind != "job" && p.jobs > 1) {
                k.rateSpare /= p.jobs;
                k.rateShrink /= p.jobs;
                k.shrinkWeighted /= p.jobs;
            }
            k.k.jobFailuresPerHour = k.rateSpare + k.rateShrink;
            const double repair = policy.repairHours(repairKindOf(k.k.kind));
            const bool wait = policy.withoutSpare == WithoutSpare::Wait;
            const auto share = [&](double f) { return wait && f > 0 ? 1.0 : f; };
            const bool job = k.k.kind == "job";
            if (k.rateSpare > 0)
                rel.job.classes.push_back(
                    {k.k.kind, k.rateSpare, true, k.spareNeed,
                     share(fk.shrinkShare(p.serverPool > 0 ? p.serverGpus / p.servers : superDomain)), repair, job});
            if (k.rateShrink > 0)
                rel.job.classes.push_back(
                    {k.k.kind, k.rateShrink, false, 0, share(k.shrinkWeighted / k.rateShrink), repair, job});
        }
        rel.largestFailureDomainGpus = std::max(rel.largestFailureDomainGpus, k.k.gpusLostMax);
        rel.kinds.push_back(k.k);
        kindClasses.emplace_back(firstClass, rel.job.classes.size());
    }
    rel.interruptionsPerHour = rel.job.ratePerHour();
    rel.jobMtbfHours = rel.job.mtbfHours();
    return kindClasses;
}

/// Checkpoint size, the storage path and the write and restore times.
void checkpoints(const Design &design, const Results &earlier, PartCensus p, ReliabilityResults &rel)
{
    ModelSpec model;
    if (earlier.performance.spec.model.layers > 0) {
        model = earlier.performance.spec.model;
    } else {
        model = modelFromWorkload(design.workload);
    }
    rel.params = model.layers > 0 ? model.totalParams() : 0.0;
    rel.bytesPerParam = kCheckpointBytesPerParam;
    rel.checkpointSizeTb = rel.params * rel.bytesPerParam / 1e12;
    if (p.storageNodes == 0) {
        rel.problems.push_back(problem(Severity::Warning, "reliability",
                                       CP_TR_NOOP("cp::Problems", "the design has no storage nodes: checkpoints are "
                                                                  "assumed to go to node-local NVMe")));
        p.storageWrite = p.storageRead = double(p.servers + p.trays) * kLocalNvmeGbPerS;
        p.storageSwitchGbps = p.frontGbps = std::numeric_limits<double>::infinity();
    }
    // The path to storage: the storage nodes' own figures, the storage switches' compute-side
    // ports and the compute nodes' front-end NICs; the narrowest wins.
    const double pathGbPerS = std::min(p.storageSwitchGbps > 0 ? p.storageSwitchGbps : p.frontGbps, p.frontGbps) / 8.0;
    // Jobs checkpoint at the same time at worst: each has its share of the storage.
    rel.storageWriteGbPerS = std::min(p.storageWrite, pathGbPerS) / p.jobs;
    rel.storageReadGbPerS = std::min(p.storageRead, pathGbPerS) / p.jobs;
    const double bytes = rel.params * rel.bytesPerParam;
    rel.checkpointWriteS = rel.storageWriteGbPerS > 0 ? bytes / (rel.storageWriteGbPerS * 1e9) : 0.0;
    rel.checkpointRestoreS = rel.storageReadGbPerS > 0 ? bytes / (rel.storageReadGbPerS * 1e9) : 0.0;
}



/// The job model's goodput and each kind's share of the downtime; the band when `band`.
void goodput(const Results &earlier, const PartCensus &p, const std::vector<std::pair<size_t, size_t>> &kindClasses,
             ReliabilityResults &rel, bool band)
{
    JobModel &job = rel.job;
    job.repairH = 0.0;
    for (const FailureClass &c : job.classes)
        job.repairH = std::max(job.repairH, c.repairH);
    job.domains = p.serverPool > 0 ? 1 : std::max<long long>(1, p.supernodes / p.jobs);
    job.sparesPerDomain = p.sparesPerDomain;
    rel.checkpointIntervalMinutes = job.intervalH * 60.0;
    rel.timeLostPerFailureMinutes = job.lostPerFailureH(job.intervalH) * 60.0;
    rel.goodput = job.goodput(job.intervalH);
    resilience::waterfall(rel);
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
        rel.effectiveTimeToTrainDays = effectiveDays(rel.timeToTrainDays, rel.goodput);
        if (band)
            rel.band = goodputBand(job, rel.timeToTrainDays);
    }
}


} // namespace

ReliabilityResults evaluateReliability(const Design &design, const Catalog &catalog, const Results &earlier)
{
    ReliabilityResults rel;
    if (earlier.inventory.gpusTotal <= 0)
        return rel;
    rel.available = true;
    checkSettings(design.reliability, rel.problems);
    const PartCensus parts = countParts(design, catalog, earlier);
    rel.jobGpus = parts.active;
    // The leaf groups the fabric stage was built on; results made without it get their own.
    std::shared_ptr<const Topology> topology = earlier.fabric.layout;
    if (!topology || topology->racks.size() != design.racks.size())
        topology = std::make_shared<const Topology>(buildTopology(design, catalog));

    FailureKinds fk(design, catalog, earlier, parts, *topology);
    fk.addNodeKinds();
    fk.addFabricKinds();
    fk.addFacilityKinds();
    fk.addLargestDomains();
    rel.largestDomains = fk.largest;
    // The job under a policy: its classes (repair times, wait or shrink), checkpoints, recovery
    // and goodput. The failure kinds are the same for every policy.
    const auto underPolicy = [&](const ResiliencePolicy &p, ReliabilityResults &out, bool band) {
        FailureKinds kinds = fk;
        const std::vector<std::pair<size_t, size_t>> kindClasses = jobClasses(kinds, parts, p, out);
        checkpoints(design, earlier, parts, out);
        resilience::recovery(design, earlier, p, out);
        goodput(earlier, parts, kindClasses, out, band);
    };
    underPolicy(resolvePolicy(design.reliability).value_or(ResiliencePolicy{}), rel, true);
    // What the presets would give the same design, and (supernodes) other spare counts.
    for (const PolicyPreset &preset : resiliencePresets()) {
        ReliabilityResults v;
        v.jobGpus = rel.jobGpus;
        underPolicy(preset.policy, v, false);
        rel.byPolicy.push_back({preset.policy.name, v.goodput, v.timeLostPerFailureMinutes, v.effectiveTimeToTrainDays});
    }
    if (parts.supernodes > 0) {
        const int domain = int(parts.superGpus / parts.supernodes);
        const int now = rel.job.sparesPerDomain;
        for (const int s : {0, 2, 4, 8}) {
            if (s >= domain)
                break;
            JobModel j = rel.job;
            j.sparesPerDomain = s;
            const double capacity = double(domain - s) / double(std::max(1, domain - std::min(now, domain - 1)));
            rel.bySpares.push_back({s, j.goodput(j.intervalH), capacity});
        }
    }
    resilience::warnings(rel);
    return rel;
}

} // namespace cp
