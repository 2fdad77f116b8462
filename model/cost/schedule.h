#pragma once

// How long a design takes from order to a productive cluster, built from what it needs: its GPU
// systems' lead time, and when it builds its hall the construction and the long-lead plant
// (switchgear, chillers and generators, a liquid-cooling loop), then installation and burn-in
// (docs/cost.md, "Delivery from lead times").

#include <string>
#include <vector>

namespace cp {

class Catalog;
struct Design;
struct Results;

/// One thing the delivery waits for, with its lead time and source. Items of one path run one
/// after the other; paths run side by side.
struct ScheduleItem
{
    std::string id;     ///< gpu_systems, construction, switchgear, chillers, liquid_cooling, hosted_onboarding, install
    std::string label;  ///< words for the tables
    std::string path;   ///< hardware, facility, or both (install: after both)
    double weeks = 0.0;
    std::string source;
};

/// The delivery of one design.
struct DeliverySchedule
{
    std::vector<ScheduleItem> items;
    double hardwareWeeks = 0.0; ///< the GPU systems on site
    double facilityWeeks = 0.0; ///< the hall ready for them (0: leased or hosted)
    double installWeeks = 0.0;  ///< racking, cabling and burn-in once both are there
    double weeks = 0.0;         ///< max(hardware, facility) + install
    std::string criticalItem;   ///< the id of the longest item before installation
};

/// How the design is housed, which decides the facility path.
struct Housing
{
    bool builds = true;      ///< the design builds its hall (not colocation, not hosted)
    bool hosted = false;     ///< rented from a cloud provider
    double criticalItKw = 0; ///< IT nameplate the hall is built for
    double liquidHeatKw = 0; ///< heat to a liquid loop
};

/// The schedule from the catalog's lead times (lead_time_weeks of the design's servers and
/// supernodes) and the facility figures below; every item names its source.
DeliverySchedule planDelivery(const Design &design, const Catalog &catalog, const Housing &housing);

/// Weeks to months (52.1775 weeks a year).
double weeksToMonths(double weeks);

} // namespace cp
