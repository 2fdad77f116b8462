#include "model/analysis/curves.h"

#include "model/training/collectives.h"
#include "model/engine/evaluation.h"
#include "model/engine/performance.h"
#include "model/fabric/topology.h"
#include "model/training/trainingmodel.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace cp {

std::vector<double> checkpointIntervalGridMinutes(const std::vector<const JobModel *> &jobs, int points)
{
    double lo = 0, hi = 0;
    for (const JobModel *job : jobs) {
        if (!job || job->checkpointWriteH <= 0)
            continue;
        const double opt = dalyIntervalHours(job->checkpointWriteH, job->mtbfHours()) * 60.0;
        const double tau = std::isfinite(opt) && opt > 0 ? opt : job->intervalH * 60.0;
        if (!(tau > 0) || !std::isfinite(tau))
            continue;
        lo = lo > 0 ? std::min(lo, tau / 8.0) : tau / 8.0;
        hi = std::max(hi, tau * 8.0);
    }
    std::vector<double> grid;
    if (lo <= 0 || points < 2)
        return grid;
    const double step = std::log(hi / lo) / double(points - 1);
    for (int i = 0; i < points; ++i)
        grid.push_back(lo * std::exp(step * i));
    return grid;
}

Curve goodputByCheckpointInterval(const JobModel &job, const std::vector<double> &intervalsMinutes)
{
    Curve c;
    for (double m : intervalsMinutes) {
        c.x.push_back(m);
        c.y.push_back(job.goodput(m / 60.0));
    }
    return c;
}

CheckpointPoint optimalCheckpoint(const JobModel &job)
{
    CheckpointPoint p;
    if (job.checkpointWriteH <= 0 || !(job.ratePerHour() > 0))
        return p;
    const double tauH = dalyIntervalHours(job.checkpointWriteH, job.mtbfHours());
    if (!std::isfinite(tauH) || tauH <= 0)
        return p;
    p.intervalMinutes = tauH * 60.0;
    p.goodput = job.goodput(tauH);
    return p;
}

ScalingCurve scalingByGpuCount(const PerformanceResults &performance, int points)
{
    ScalingCurve c;
    if (!performance.available || points < 1)
        return c;
    const long long domain = std::max(1, performance.spec.cluster.domainGpus);
    std::vector<long long> counts;
    for (long long n = performance.spec.cluster.gpus; n >= domain && int(counts.size()) < points; n /= 2) {
        const long long whole = n / domain * domain;
        if (counts.empty() || whole < counts.back())
            counts.push_back(whole);
    }
    std::reverse(counts.begin(), counts.end());
    // The design's outcome may be scaled by the team's stack efficiency (workload.stack_efficiency,
    // applied by the evaluation after the search); the other counts get the same share, found as
    // the design's MFU over the search's own at the design's count.
    double stack = 1.0;
    if (counts.size() > 1) {
        const EstimateOutcome raw = runEstimate(performance.spec);
        if (raw.estimate.feasible() && raw.estimate.mfu > 0)
            stack = performance.outcome.estimate.mfu / raw.estimate.mfu;
    }
    for (long long n : counts) {
        EstimateSpec spec = performance.spec;
        spec.cluster.gpus = n;
        spec.parallelism.dp = 0; // the data-parallel degree follows the GPU count
        const bool own = n == performance.spec.cluster.gpus;
        const EstimateOutcome o = own ? performance.outcome : runEstimate(spec);
        if (!o.estimate.feasible())
            continue;
        c.gpus.push_back(double(n));
        c.mfu.push_back(own ? o.estimate.mfu : o.estimate.mfu * stack);
        c.timeToTrainDays.push_back(own ? o.estimate.timeToTrainDays : o.estimate.timeToTrainDays / stack);
    }
    return c;
}

Curve mfuByGpuCount(const PerformanceResults &performance, int points)
{
    ScalingCurve s = scalingByGpuCount(performance, points);
    return Curve{std::move(s.gpus), std::move(s.mfu)};
}

const char *collectiveName(CollectiveKind kind)
{
    switch (kind) {
    case CollectiveKind::AllReduce:
        return "all-reduce";
    case CollectiveKind::AllGather:
        return "all-gather";
    case CollectiveKind::ReduceScatter:
        return "reduce-scatter";
    case CollectiveKind::AllToAll:
        return "all-to-all";
    }
    return "";
}

std::vector<TierBandwidth> busBandwidthByMessageSize(const PerformanceResults &performance, CollectiveKind kind,
                                                     double minBytes, double maxBytes)
{
    std::vector<TierBandwidth> out;
    const ClusterSpec &cluster = performance.spec.cluster;
    if (cluster.gpus <= 0 || !(minBytes > 0) || !(maxBytes >= minBytes))
        return out;
    const long long domain = std::max(1, cluster.domainGpus);
    const auto time = [kind](double bytes, const GroupSpan &g) {
        switch (kind) {
        case CollectiveKind::AllReduce:
            return allReduce(bytes, g);
        case CollectiveKind::AllGather:
            return allGather(bytes, g);
        case CollectiveKind::ReduceScatter:
            return reduceScatter(bytes, g);
        case CollectiveKind::AllToAll:
            return allToAll(bytes, g);
        }
        return CollectiveTime{};
    };
    const auto add = [&](const std::string &tier, long long gpus) {
        TierBandwidth t;
        t.tier = tier;
        t.gpus = gpus;
        // Contiguous ranks (stride 1), placed as the training model places its groups.
        const GroupSpan g = placeGroup(cluster, 1, int(std::min<long long>(gpus, std::numeric_limits<int>::max())));
        for (double bytes = minBytes; bytes <= maxBytes * (1 + 1e-12); bytes *= 2) {
            t.curve.x.push_back(bytes);
            t.curve.y.push_back(time(bytes, g).busBytesPerS / 1e9);
        }
        out.push_back(std::move(t));
    };
    long long below = 1;
    if (domain > 1 && cluster.scaleUpGbPerSPerGpu > 0) {
        below = std::min(domain, cluster.gpus);
        add("scale-up domain", below);
    }
    // Chart labels: the tier names of the results, spelt with a hyphen ("super-core").
    const auto tierLabel = [](int tier) {
        std::string name = tierName(tier - 1);
        std::replace(name.begin(), name.end(), '_', '-');
        return name.empty() ? "tier " + std::to_string(tier) : name;
    };
    for (int tier = 1; tier <= std::max(1, cluster.tiers); ++tier) {
        // Whole scale-up domains under one switch of this tier; every active GPU at the top tier.
        const double reach = tierReachGpus(cluster, tier);
        long long gpus = std::isfinite(reach) ? std::min<long long>(cluster.gpus, (long long)reach) : cluster.gpus;
        if (gpus >= domain)
            gpus = gpus / domain * domain;
        if (gpus <= below)
            continue;
        add(tierLabel(tier), gpus);
        below = gpus;
    }
    return out;
}

std::vector<LoadBar> powerByRow(const PowerResults &power)
{
    std::vector<LoadBar> out;
    std::map<std::string, size_t> index;
    for (const auto &[row, kw] : power.kwByRow) {
        index.emplace(row, out.size());
        out.push_back(LoadBar{row, kw, 0.0, 0.0});
    }
    for (const RackPower &r : power.racks) {
        const auto it = index.find(r.row);
        if (it == index.end())
            continue;
        out[it->second].nameplateKw += r.maxKw;
        out[it->second].capacityKw += r.limitKw;
    }
    return out;
}

std::vector<LoadBar> powerByFeed(const PowerResults &power)
{
    std::vector<LoadBar> out;
    std::map<std::string, size_t> index;
    for (const UnitLoad &u : power.powerUnits) {
        const std::string &group = u.group.empty() ? u.unitId : u.group;
        auto [it, added] = index.emplace(group, out.size());
        if (added) {
            LoadBar b{group, u.loadKw, 0.0, u.capacityKw};
            if (const auto np = power.nameplateKwByFeed.find(group); np != power.nameplateKwByFeed.end())
                b.nameplateKw = np->second;
            out.push_back(std::move(b));
            continue;
        }
        // The unit closest to (or furthest over) its capacity speaks for the feed.
        LoadBar &b = out[it->second];
        const auto ratio = [](double load, double cap) { return cap > 0 ? load / cap : (load > 0 ? INFINITY : 0.0); };
        if (ratio(u.loadKw, u.capacityKw) > ratio(b.loadKw, b.capacityKw)) {
            b.loadKw = u.loadKw;
            b.capacityKw = u.capacityKw;
        }
    }
    return out;
}

RackPowerHistogram rackPowerHistogram(const std::vector<const Results *> &results, int maxBins)
{
    RackPowerHistogram h;
    double top = 0;
    for (const Results *r : results)
        if (r)
            for (const RackPower &p : r->power.racks)
                top = std::max(top, p.itKw);
    maxBins = std::max(1, maxBins);
    // The smallest round width (1, 2, 5 × 10^k kW) that covers the densest rack in maxBins bins.
    double width = 1.0;
    if (top > 0) {
        const double raw = top / maxBins;
        const double mag = std::pow(10.0, std::floor(std::log10(raw)));
        for (double m : {1.0, 2.0, 5.0, 10.0})
            if (m * mag * maxBins > top) {
                width = m * mag;
                break;
            }
    }
    h.binKw = width;
    const int bins = std::max(1, int(std::floor(top / width)) + 1);
    for (const Results *r : results) {
        std::vector<long long> counts(size_t(bins), 0);
        if (r)
            for (const RackPower &p : r->power.racks)
                ++counts[size_t(std::clamp(int(std::floor(std::max(0.0, p.itKw) / width)), 0, bins - 1))];
        h.racks.push_back(std::move(counts));
    }
    return h;
}

} // namespace cp
