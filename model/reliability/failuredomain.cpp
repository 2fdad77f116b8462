#include "model/reliability/failuredomain.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "model/fabric/topology.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <tuple>
#include <unordered_map>

namespace cp {

namespace {

std::string quotedId(const std::string &id)
{
    return "\"" + id + "\"";
}

void sortUnique(std::vector<int> &v)
{
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
}

} // namespace

FailureDomainIndex buildFailureDomainIndex(const Design &design, const Catalog &catalog, const PowerResults *power,
                                           std::shared_ptr<const Topology> topology)
{
    FailureDomainIndex ix;
    const size_t n = design.racks.size();
    if (!topology || topology->racks.size() != n)
        topology = std::make_shared<const Topology>(buildTopology(design, catalog));
    ix.topology = topology;
    const Topology &t = *topology;
    ix.rackGpus.assign(n, 0);
    ix.rackDomainGpus.assign(n, 0);
    ix.rackSupernode.assign(n, 0);
    for (size_t i = 0; i < n; ++i) {
        ix.rackGpus[i] = t.racks[i].gpus;
        ix.rackDomainGpus[i] = t.racks[i].domainGpus;
        ix.rackSupernode[i] = t.racks[i].supernode ? 1 : 0;
    }
    ix.rackGroup = t.rackGroup;
    ix.leafGroupOfRack = t.leafGroupOfRack;
    for (size_t g = 0; g < t.leafGroups.size(); ++g) {
        ix.groupNames.push_back(t.leafGroups[g].row);
        ix.groupRacks.push_back(t.groupRacksSorted(int(g)));
        ix.groupGpus.push_back(t.leafGroups[g].gpus);
    }

    // A redundant unit holds unless the power stage found its group overloaded after the worst
    // single failure (the same rule as the reliability stage).
    const auto holds = [](const std::vector<FacilityUnit> &units, const std::vector<UnitLoad> *loads) {
        std::vector<char> out(units.size(), 0);
        for (size_t i = 0; i < units.size(); ++i) {
            bool h = units[i].redundancy != Redundancy::N;
            if (h && loads && i < loads->size() && (*loads)[i].capacityKw > 0
                && (*loads)[i].loadKw > (*loads)[i].capacityKw)
                h = false;
            out[i] = h ? 1 : 0;
        }
        return out;
    };
    ix.powerUnitHolds = holds(design.powerUnits, power ? &power->powerUnits : nullptr);
    ix.coolingUnitHolds = holds(design.coolingUnits, power ? &power->coolingUnits : nullptr);
    const auto kinds = [&](const std::vector<FacilityUnit> &units) {
        std::vector<std::string> out(units.size());
        for (size_t i = 0; i < units.size(); ++i)
            if (const CatalogEntry *e = catalog.find(units[i].catalogId))
                out[i] = partKindName(e->kind);
        return out;
    };
    ix.powerUnitKinds = kinds(design.powerUnits);
    ix.coolingUnitKinds = kinds(design.coolingUnits);
    return ix;
}

namespace {

/// Rack id -> index of its first rack.
using RackLookup = std::unordered_map<std::string, int>;

/// partFailure with an optional map of every rack id, for callers asking about many units.
PartFailure failureOf(const Design &design, const FailureDomainIndex &index, PartRef part,
                      const RackLookup *rackLookup)
{
    PartFailure out;
    const size_t n = design.racks.size();
    if (index.rackGpus.size() != n || part.index < 0)
        return out;

    // Leaf groups the part cuts off: a few per part, kept as a sorted list rather than a flag per
    // group, so asking about each of a campus's units stays linear in the racks they serve.
    std::vector<int> groupsHit;
    std::vector<int> direct; // racks the part itself takes down
    if (part.kind == PartRef::Kind::Rack) {
        if (size_t(part.index) >= n)
            return out;
        const int i = part.index;
        out.part = "rack " + quotedId(design.racks[size_t(i)].id);
        direct.push_back(i);
        if (const int g = index.leafGroupOfRack[size_t(i)]; g >= 0)
            groupsHit.push_back(g);
    } else {
        const bool isPower = part.kind == PartRef::Kind::PowerUnit;
        const auto &units = isPower ? design.powerUnits : design.coolingUnits;
        const auto &holds = isPower ? index.powerUnitHolds : index.coolingUnitHolds;
        if (size_t(part.index) >= units.size())
            return out;
        const FacilityUnit &u = units[size_t(part.index)];
        out.part = std::string(isPower ? "power unit " : "cooling unit ") + quotedId(u.id);
        out.redundant = size_t(part.index) < holds.size() && holds[size_t(part.index)];
        RackLookup local;
        if (!rackLookup) {
            // Only the racks this unit serves: one pass over the racks, no map of them all.
            local.reserve(u.serves.size());
            for (const std::string &rid : u.serves)
                local.emplace(rid, -1);
            for (size_t i = 0; i < n; ++i)
                if (auto it = local.find(design.racks[i].id); it != local.end() && it->second < 0)
                    it->second = int(i);
            rackLookup = &local;
        }
        for (const std::string &rid : u.serves)
            if (auto it = rackLookup->find(rid); it != rackLookup->end() && it->second >= 0)
                (out.redundant ? out.racksServed : direct).push_back(it->second);
        sortUnique(out.racksServed);
        if (!out.redundant)
            for (int i : direct)
                if (const int g = index.leafGroupOfRack[size_t(i)]; g >= 0)
                    groupsHit.push_back(g);
    }

    // GPUs: whole groups hit, plus racks taken down directly that are outside those groups.
    sortUnique(direct);
    sortUnique(groupsHit);
    for (const int g : groupsHit) {
        out.gpusDown += index.groupGpus[size_t(g)];
        out.racksDown.insert(out.racksDown.end(), index.groupRacks[size_t(g)].begin(), index.groupRacks[size_t(g)].end());
    }
    for (int i : direct) {
        const int g = index.rackGroup[size_t(i)];
        if (g < 0 || !std::binary_search(groupsHit.begin(), groupsHit.end(), g))
            out.gpusDown += index.rackGpus[size_t(i)];
    }
    out.racksDown.insert(out.racksDown.end(), direct.begin(), direct.end());
    sortUnique(out.racksDown);
    return out;
}

bool isNodeKind(const std::string &kind)
{
    return kind == "gpu" || kind == "nic" || kind == linkFailureKind(0) || kind == "server"
           || kind == "compute_tray" || kind == "nvlink_switch_tray";
}

bool isFacilityKind(const std::string &kind)
{
    const std::optional<PartKind> k = partKindFromName(kind);
    return k && (isPowerKind(*k) || isCoolingKind(*k));
}

} // namespace

PartFailure partFailure(const Design &design, const FailureDomainIndex &index, PartRef part)
{
    return failureOf(design, index, part, nullptr);
}

bool kindHasPlaces(const std::string &kind)
{
    return kind == tierName(0) || isNodeKind(kind) || isFacilityKind(kind);
}

std::vector<FailureInstance> failureInstances(const Design &design, const FailureDomainIndex &index,
                                              const std::string &kind)
{
    std::vector<FailureInstance> out;
    const size_t n = design.racks.size();
    if (index.rackGpus.size() != n)
        return out;
    if (kind == tierName(0)) {
        std::vector<std::vector<int>> leafRacks(index.groupNames.size());
        for (size_t i = 0; i < n; ++i)
            if (const int g = index.leafGroupOfRack[i]; g >= 0)
                leafRacks[size_t(g)].push_back(int(i));
        // Groups listed by their first leaf rack in the design, as they always were (ties keep it).
        std::vector<int> order;
        if (index.topology && index.topology->groupsInDesignOrder.size() == index.groupNames.size())
            order = index.topology->groupsInDesignOrder;
        for (size_t g = order.size(); g < index.groupNames.size(); ++g)
            order.push_back(int(g));
        for (const int g : order) {
            FailureInstance f;
            f.label = "leaf group " + index.groupNames[g];
            f.partKind = PartRef::Kind::Rack;
            f.parts = leafRacks[g];
            f.racksDown = index.groupRacks[g];
            f.gpusDown = index.groupGpus[g];
            out.push_back(std::move(f));
        }
    } else if (isNodeKind(kind)) {
        // Which racks hold the kind: servers only for "server", supernodes only for their trays.
        const bool servers = kind != "compute_tray" && kind != "nvlink_switch_tray";
        const bool supernodes = kind != "server";
        for (size_t i = 0; i < n; ++i) {
            const long long domain = i < index.rackDomainGpus.size() ? index.rackDomainGpus[i] : 0;
            const bool sn = i < index.rackSupernode.size() && index.rackSupernode[i];
            if (domain <= 0 || domain != index.rackGpus[i] || !(sn ? supernodes : servers))
                continue;
            FailureInstance f;
            f.label = "rack " + quotedId(design.racks[i].id);
            f.partKind = PartRef::Kind::Rack;
            f.parts = {int(i)};
            f.racksDown = {int(i)};
            f.gpusDown = domain;
            out.push_back(std::move(f));
        }
    } else if (isFacilityKind(kind)) {
        RackLookup lookup;
        lookup.reserve(n);
        for (size_t i = 0; i < n; ++i)
            lookup.emplace(design.racks[i].id, int(i));
        for (const auto &[units, kinds, refKind] :
             {std::tuple{&design.powerUnits, &index.powerUnitKinds, PartRef::Kind::PowerUnit},
              {&design.coolingUnits, &index.coolingUnitKinds, PartRef::Kind::CoolingUnit}})
            for (size_t u = 0; u < units->size() && u < kinds->size(); ++u) {
                if ((*kinds)[u] != kind)
                    continue;
                PartFailure pf = failureOf(design, index, {refKind, int(u)}, &lookup);
                FailureInstance f;
                f.label = std::move(pf.part);
                f.partKind = refKind;
                f.parts = {int(u)};
                f.racksDown = std::move(pf.racksDown);
                f.racksServed = std::move(pf.racksServed);
                f.gpusDown = pf.gpusDown;
                f.redundant = pf.redundant;
                out.push_back(std::move(f));
            }
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const FailureInstance &a, const FailureInstance &b) { return a.gpusDown > b.gpusDown; });
    return out;
}

FailurePlaces failurePlaces(const Design &design, const FailureDomainIndex &index,
                            const std::vector<std::string> &kinds)
{
    FailurePlaces places;
    for (const std::string &kind : kinds)
        if (kindHasPlaces(kind))
            places.emplace(kind, failureInstances(design, index, kind));
    return places;
}

} // namespace cp
