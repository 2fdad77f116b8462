#pragma once

#include "model/io/plugin.h"

namespace cp {

/// How many rail switches a rail-only fabric needs (Wang et al., "How to Build Low-cost Networks
/// for Large Language Models (without Sacrificing Performance)", arXiv:2307.12169, 2023): the GPUs
/// of one rank across all scale-up domains share a rail; traffic between rails crosses the
/// scale-up (NVLink) domain instead of a spine.
struct RailOnlyPlan
{
    long long domains = 0;       ///< servers or supernodes
    long long rails = 0;         ///< NICs per domain
    int radix = 0;               ///< switch ports
    int tiers = 0;               ///< 1: a rail fits one switch; 2: a non-blocking leaf/spine per rail
    long long railsPerSwitch = 0; ///< 1 tier: whole rails sharing one switch (ports partitioned)
    long long leaves = 0;
    long long spines = 0;
};

/// Plans the rail switches; throws std::invalid_argument beyond two tiers per rail (k²/2 domains).
RailOnlyPlan planRailOnly(long long domains, long long rails, int radix);

/// Builds a classic (8-GPU servers) or supernode design and replaces its fat tree by rail-only
/// switches in the same network racks.
class RailOnlyGenerator final : public TopologyGenerator
{
public:
    std::string id() const override { return "rail-only"; }
    std::string name() const override { return "Rail-only fabric"; }
    std::string description() const override;
    Design generate(const TemplateOptions &options, const Catalog &catalog) const override;
};

} // namespace cp
