#include "model/cost/schedule.h"

#include "model/core/catalog.h"
#include "model/core/design.h"

#include <algorithm>

namespace cp {

namespace {

// The lead times. Sources and dates are in docs/cost.md, "Delivery from lead times"; the ranges'
// delivery factor (finance.ranges.delivery) spans their spread.

/// An 8-GPU system without a catalog lead time: Dell's 8-12 weeks for H100 servers (Apr 2024, M).
constexpr double kDefaultSystemWeeks = 12.0;

/// Hall construction, ground-breaking to completion, by IT capacity: the mid-points of the
/// construction durations by facility size in Cortex Construct's "How Long Does It Take to Build
/// a Data Center?" (Apr 2026, L): 1-5 MW 5-8 months, 5-15 MW 8-12, 15-30 MW 12-18, 30-60 MW
/// 14-22, 100 MW+ 18-30. Below 1 MW: assumption, the fit-out of an existing room, 4 months.
struct ConstructionBand
{
    double upToMw;
    double months;
};
constexpr ConstructionBand kConstruction[] = {{1.0, 4.0}, {5.0, 6.5}, {15.0, 10.0}, {30.0, 15.0}, {60.0, 18.0}, {1e18, 24.0}};

/// Cushman & Wakefield, "Data Center Development Cost Guide 2025" (H): switchgear 46-48 weeks;
/// generators and chillers more than 30 weeks (up to 110). A hall below 1 MW takes low-voltage
/// distribution and packaged cooling off the shelf (assumption), so neither is on its path.
constexpr double kSwitchgearWeeks = 47.0;
constexpr double kChillerWeeks = 30.0;
constexpr double kLongLeadFromKw = 1000.0;
/// A liquid loop (CDUs, facility-water piping) is installed and pressure-tested after the chillers
/// arrive: assumption 8 weeks. In a leased hall the CDU fit-out alone: assumption 12 weeks.
constexpr double kLiquidLoopWeeks = 8.0;
constexpr double kLeasedLiquidFitOutWeeks = 12.0;
/// A cloud provider's capacity reserved for the design: assumption 4 weeks of onboarding.
constexpr double kHostedOnboardingWeeks = 4.0;
/// Racking, cabling, burn-in and acceptance once the systems and the hall are there: assumption
/// 6 weeks (xAI's Colossus took 19 days from the first rack to training, NVIDIA, Oct 2024, M, a
/// record; typical commissioning takes longer).
constexpr double kInstallWeeks = 6.0;

constexpr double kWeeksPerMonth = 52.1775 / 12.0;

/// The longest lead time of the design's GPU systems, and its source.
ScheduleItem gpuSystems(const Design &design, const Catalog &catalog)
{
    ScheduleItem item{"gpu_systems", "GPU systems (servers, supernodes)", "hardware", 0.0, {}};
    for (const Rack &rack : design.racks)
        for (const Mount &m : rack.contents) {
            const CatalogEntry *e = catalog.find(m.catalogId);
            if (!e || m.count <= 0 || (e->kind != PartKind::Server && e->kind != PartKind::Supernode))
                continue;
            const double weeks = e->figure("lead_time_weeks", kDefaultSystemWeeks);
            if (weeks > item.weeks) {
                item.weeks = weeks;
                item.label = e->name;
                item.source = e->sourceOf("lead_time_weeks");
                if (item.source.empty())
                    item.source = "Dell 8-12 weeks for H100 servers (Apr 2024, M); the catalog entry has no lead time";
            }
        }
    return item;
}

double constructionWeeks(double itKw)
{
    const double mw = itKw / 1000.0;
    for (const ConstructionBand &b : kConstruction)
        if (mw <= b.upToMw)
            return b.months * kWeeksPerMonth;
    return kConstruction[std::size(kConstruction) - 1].months * kWeeksPerMonth;
}

/// The facility path of a hall the design builds: construction beside the long-lead plant.
void buildPath(DeliverySchedule &s, const Housing &h)
{
    s.items.push_back({"construction", "Hall construction", "facility", constructionWeeks(h.criticalItKw),
                       "Cortex Construct, construction by facility size (Apr 2026, L); below 1 MW an assumed 4-month fit-out"});
    if (h.criticalItKw >= kLongLeadFromKw) {
        s.items.push_back({"switchgear", "Switchgear and transformers", "facility", kSwitchgearWeeks,
                           "Cushman & Wakefield, Data Center Development Cost Guide 2025: 46-48 weeks (H)"});
        s.items.push_back({"chillers", "Chillers and generators", "facility", kChillerWeeks,
                           "Cushman & Wakefield 2025: more than 30 weeks, up to 110 (H)"});
    }
    if (h.liquidHeatKw > 0) {
        const double after = h.criticalItKw >= kLongLeadFromKw ? kChillerWeeks : 0.0;
        s.items.push_back({"liquid_cooling", "Liquid-cooling loop (CDUs, facility water)", "facility",
                           after + kLiquidLoopWeeks,
                           "assumption: installed and pressure-tested in 8 weeks after the chillers arrive"});
    }
}

} // namespace

double weeksToMonths(double weeks)
{
    return weeks / kWeeksPerMonth;
}

DeliverySchedule planDelivery(const Design &design, const Catalog &catalog, const Housing &housing)
{
    DeliverySchedule s;
    if (housing.hosted) {
        s.items.push_back({"hosted_onboarding", "Provider onboarding", "both", kHostedOnboardingWeeks,
                           "assumption: capacity reserved with a provider, 4 weeks to onboard"});
        s.weeks = kHostedOnboardingWeeks;
        s.criticalItem = "hosted_onboarding";
        return s;
    }
    const ScheduleItem systems = gpuSystems(design, catalog);
    if (systems.weeks > 0)
        s.items.push_back(systems);
    // Nothing to house and nothing to install (a design without racks) is delivered at once.
    if (systems.weeks <= 0 && housing.criticalItKw <= 0)
        return s;
    if (housing.builds)
        buildPath(s, housing);
    else if (housing.liquidHeatKw > 0)
        s.items.push_back({"liquid_cooling", "CDU fit-out of the leased hall", "facility", kLeasedLiquidFitOutWeeks,
                           "assumption: 12 weeks to fit CDUs into a leased hall"});
    double longest = -1.0;
    for (const ScheduleItem &item : s.items) {
        (item.path == "hardware" ? s.hardwareWeeks : s.facilityWeeks) =
            std::max(item.path == "hardware" ? s.hardwareWeeks : s.facilityWeeks, item.weeks);
        if (item.weeks > longest) {
            longest = item.weeks;
            s.criticalItem = item.id;
        }
    }
    s.installWeeks = kInstallWeeks;
    s.items.push_back({"install", "Racking, cabling and burn-in", "both", kInstallWeeks,
                       "assumption: 6 weeks once systems and hall are there (Colossus: 19 days, NVIDIA Oct 2024, M, a record)"});
    s.weeks = std::max(s.hardwareWeeks, s.facilityWeeks) + s.installWeeks;
    return s;
}

} // namespace cp
