#include "model/cost/cost.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/core/textcells.h"
#include "model/cost/uncertainty.h"
#include "model/engine/evaluation.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace cp {

namespace {

constexpr double kHoursPerYear = 8760.0;
constexpr double kHoursPerMonth = kHoursPerYear / 12.0;

// Staff when finance.staffFte is 0. Assumption (no public staffing ratio was collected,
// figures.md): a core team of 2 FTE plus 1 FTE per 512 GPUs in 8-GPU servers, and per 1,024 GPUs
// in rack-scale supernodes, which arrive integrated and tested as one rack (fewer parts to handle).
// The core team grows to its 2 FTE with the cluster up to kCoreTeamFullAtGpus: a 64-GPU cluster
// is an eighth of a 512-GPU one's core work (0.25 FTE), not a 2-person team of its own.
constexpr double kStaffBaseFte = 2.0;
constexpr double kCoreTeamFullAtGpus = 512.0;
constexpr double kGpusPerFteServers = 512.0;
constexpr double kGpusPerFteSupernodes = 1024.0;

/// The CAPEX category a catalog kind counts under.
const char *categoryOf(PartKind kind)
{
    switch (kind) {
    case PartKind::Accelerator:
    case PartKind::Server:
    case PartKind::Supernode:
    case PartKind::Nic: return "compute";
    case PartKind::Switch:
    case PartKind::Cable: return "network";
    case PartKind::Storage: return "storage";
    case PartKind::Rack:
    case PartKind::Pdu:
    case PartKind::Busway:
    case PartKind::Ups:
    case PartKind::Crah:
    case PartKind::RearDoor:
    case PartKind::Cdu: return "power_cooling";
    }
    return "compute";
}


} // namespace

double energyUsdPerYear(double itKw, double pue, double usdPerKwh)
{
    return itKw * pue * kHoursPerYear * usdPerKwh;
}

double cloudCostUsd(double gpuHours, double usdPerGpuHour)
{
    return gpuHours * usdPerGpuHour;
}

double discountFactor(double ratePerYear, double months)
{
    return std::pow(1.0 + ratePerYear, -months / 12.0);
}

double annuityPresentValue(double paymentPerMonth, int months, double ratePerYear)
{
    // PV = P · (1 − (1 + i)^−n) / i with the monthly rate i = (1 + r)^(1/12) − 1.
    const double i = std::pow(1.0 + ratePerYear, 1.0 / 12.0) - 1.0;
    if (months <= 0)
        return 0.0;
    if (i <= 0)
        return paymentPerMonth * months;
    return paymentPerMonth * (1.0 - std::pow(1.0 + i, -double(months))) / i;
}

const char *cloudPricingName(CloudPricing p)
{
    return p == CloudPricing::Reserved ? "reserved" : "on_demand";
}

std::optional<CloudPricing> cloudPricingFromName(const std::string &name)
{
    if (name == "on_demand")
        return CloudPricing::OnDemand;
    if (name == "reserved")
        return CloudPricing::Reserved;
    return std::nullopt;
}

const char *ownershipName(Ownership o)
{
    return o == Ownership::CloudHosted ? "cloud_hosted" : "self_built";
}

std::optional<Ownership> ownershipFromName(const std::string &name)
{
    if (name == "self_built")
        return Ownership::SelfBuilt;
    if (name == "cloud_hosted")
        return Ownership::CloudHosted;
    return std::nullopt;
}

namespace {

/// The accelerator most of the design's GPUs are: its catalog entry carries the cloud prices.
const CatalogEntry *mainAccelerator(const Catalog &catalog, const Results &r)
{
    std::map<std::string, long long> gpus;
    for (const auto &[id, n] : r.inventory.partsByCatalogId) {
        const CatalogEntry *e = catalog.find(id);
        if (e && (e->kind == PartKind::Server || e->kind == PartKind::Supernode))
            if (const std::string a = e->ref("accelerator"); !a.empty())
                gpus[a] += std::llround(e->figure("gpus")) * n;
    }
    const CatalogEntry *best = nullptr;
    long long most = 0;
    for (const auto &[id, n] : gpus)
        if (const CatalogEntry *e = catalog.find(id); e && n > most) {
            best = e;
            most = n;
        }
    return best;
}

/// What the steps of evaluateCost() hand on to the later ones: the point inputs that settle()
/// scales by a draw's factors.
struct CostBasis
{
    bool hosted = false, reserved = false, colocation = false;
    long long serverGpus = 0, supernodeGpus = 0; ///< GPUs in 8-GPU servers and in supernodes
    long long gpus = 0;                          ///< the GPUs paid for
    std::map<std::string, double> bomByCategoryUsd; ///< the bill of materials by CAPEX category
    double coolingPlantUsd = 0.0, facilityBuildUsd = 0.0;
    double cloudUsdPerGpuHour = 0.0; ///< the point cloud price
    double lifeMonths = 0.0, termMonths = 0.0, rentedMonths = 0.0;
    double deliveryMonths = 0.0; ///< the point delivery: the setting, else the lead-time schedule
};

/// The cloud price: the design's setting, else its accelerator's catalog figure; and the checks
/// of the finance settings.
void priceCloud(CostResults &c, const Design &design, const Catalog &catalog, const Results &r, bool reserved)
{
    const FinanceSettings &fin = design.finance;
    // figures.md A.5 has on-demand and contract prices per GPU-hour; each catalog accelerator
    // carries both (cloud_usd_per_gpu_hour, cloud_reserved_usd_per_gpu_hour) with their source.
    const CatalogEntry *gpu = mainAccelerator(catalog, r);
    c.cloudAcceleratorId = gpu ? gpu->id : std::string();
    c.acceleratorGeneration = gpu ? gpu->attribute("generation", gpu->id) : std::string();
    const double catalogOnDemand = gpu ? gpu->figure("cloud_usd_per_gpu_hour") : 0.0;
    const double catalogReserved = gpu ? gpu->figure("cloud_reserved_usd_per_gpu_hour", catalogOnDemand) : 0.0;
    c.cloudOnDemandUsdPerGpuHour = fin.cloudUsdPerGpuHour > 0 ? fin.cloudUsdPerGpuHour : catalogOnDemand;
    c.cloudReservedUsdPerGpuHour = fin.cloudReservedUsdPerGpuHour > 0 ? fin.cloudReservedUsdPerGpuHour : catalogReserved;
    c.cloudPricing = cloudPricingName(fin.cloudPricing);
    c.cloudUsdPerGpuHour = reserved ? c.cloudReservedUsdPerGpuHour : c.cloudOnDemandUsdPerGpuHour;
    const bool fromDesign = reserved ? fin.cloudReservedUsdPerGpuHour > 0 : fin.cloudUsdPerGpuHour > 0;
    const char *priceKey = reserved && gpu && gpu->hasFigure("cloud_reserved_usd_per_gpu_hour")
        ? "cloud_reserved_usd_per_gpu_hour"
        : "cloud_usd_per_gpu_hour";
    if (fromDesign)
        c.cloudPriceSource = "design setting";
    else if (gpu && gpu->hasFigure(priceKey))
        c.cloudPriceSource = "catalog " + gpu->id + " " + priceKey + ": " + gpu->sourceOf(priceKey);
    if (c.cloudUsdPerGpuHour <= 0 && r.inventory.gpusTotal > 0) {
        c.cloudPriceSource = "none";
        c.problems.push_back(problem(Severity::Warning, "finance.cloud_usd_per_gpu_hour",
                                     CP_TR_NOOP("cp::Problems", "no cloud price: the accelerator \"%1\" has no "
                                                                "cloud_usd_per_gpu_hour in the catalog; set one in "
                                                                "the finance settings"),
                                     {c.cloudAcceleratorId}));
    }
    c.reservedTermYears = reserved ? std::max(fin.reservedTermYears, 1.0 / 12.0) : 0.0;
    // `text`: a message template marked with CP_TR_NOOP("cp::Problems", …) where the call names it.
    const auto checkFraction = [&](const char *place, double v, double hi, const char *text) {
        if (!(v >= 0 && v <= hi))
            c.problems.push_back(problem(Severity::Error, place, text));
    };
    checkFraction("finance.discount_rate", fin.discountRate, 1.0,
                  CP_TR_NOOP("cp::Problems", "must be between 0 and 1 (0.08 = 8 % a year)"));
    if (reserved && !(fin.reservedTermYears > 0))
        c.problems.push_back(problem(Severity::Error, "finance.reserved_term_years",
                                     CP_TR_NOOP("cp::Problems", "must be positive")));
    checkFraction("finance.cloud_reserved_usd_per_gpu_hour", fin.cloudReservedUsdPerGpuHour, 1e4,
                  CP_TR_NOOP("cp::Problems", "must not be negative"));
    if (!(design.workload.stackEfficiency > 0 && design.workload.stackEfficiency <= 1))
        c.problems.push_back(problem(Severity::Error, "workload.stack_efficiency",
                                     CP_TR_NOOP("cp::Problems", "must be more than 0 and at most 1")));
}

/// The bill of materials: the design's parts and cables at their catalog price.
void priceHardware(CostResults &c, const Catalog &catalog, const Results &r, CostBasis &basis)
{
    const bool hosted = basis.hosted;
    // A server's or supernode's price includes its GPUs and NICs (catalog sources: DGX H100 list,
    // NVL72 rack price), so the parts counted through its references are not priced again.
    // A cloud-hosted design buys nothing: the provider owns the parts (seed 002).
    std::map<std::string, long long> included;
    long long serverGpus = 0, supernodeGpus = 0;
    for (const auto &[id, n] : r.inventory.partsByCatalogId) {
        const CatalogEntry *e = catalog.find(id);
        if (!e || (e->kind != PartKind::Server && e->kind != PartKind::Supernode))
            continue;
        const long long gpus = std::llround(e->figure("gpus")) * n;
        (e->kind == PartKind::Server ? serverGpus : supernodeGpus) += gpus;
        if (const std::string a = e->ref("accelerator"); !a.empty())
            included[a] += gpus;
        if (const std::string nic = e->ref("nic"); !nic.empty())
            included[nic] += std::llround(e->figure("nics")) * n;
    }
    basis.serverGpus = serverGpus;
    basis.supernodeGpus = supernodeGpus;
    for (const auto &[id, n] : hosted ? std::map<std::string, long long>() : r.inventory.partsByCatalogId) {
        const CatalogEntry *e = catalog.find(id);
        if (!e)
            continue; // reported by validate()
        const long long qty = n - (included.count(id) ? included.at(id) : 0);
        if (qty <= 0)
            continue;
        BomLine line{id, e->name, partKindName(e->kind), categoryOf(e->kind), qty, e->figure("price_usd"),
                     0.0, e->sourceOf("price_usd")};
        line.totalUsd = line.unitPriceUsd * double(qty);
        c.bom.push_back(std::move(line));
    }
    // The fabric's cables, as routed between the racks (their types chosen by length).
    std::map<std::string, long long> cableCount;
    if (!hosted)
        for (const CableRun &run : r.fabric.cables)
            cableCount[run.catalogId] += run.count;
    for (const auto &[id, n] : cableCount) {
        if (n <= 0)
            continue;
        const CatalogEntry *e = catalog.find(id);
        BomLine line{id, e ? e->name : id, e ? partKindName(e->kind) : "cable", "network", n,
                     e ? e->figure("price_usd") : 0.0, 0.0, e ? e->sourceOf("price_usd") : std::string()};
        line.totalUsd = line.unitPriceUsd * double(n);
        c.bom.push_back(std::move(line));
    }
    for (const char *k : {"compute", "network", "storage", "power_cooling"})
        basis.bomByCategoryUsd[k] = 0.0;
    for (const BomLine &l : c.bom)
        basis.bomByCategoryUsd[l.category] += l.totalUsd;
}

/// The heat by cooling type, the critical IT, and (when the design builds its hall) the point
/// cost of the cooling plant and the building.
void sizeFacility(CostResults &c, const Design &design, const Catalog &catalog, const Results &r, CostBasis &basis)
{
    const FinanceSettings &fin = design.finance;
    const double util = fin.utilisation > 0 ? fin.utilisation : 0.9;
    for (const Rack &rack : design.racks)
        for (const Mount &m : rack.contents)
            if (const CatalogEntry *e = catalog.find(m.catalogId); e && m.count > 0)
                c.liquidHeatKw += partTypicalW(*e, util) * m.count * e->figure("liquid_fraction", 0.0) / 1000.0;
    c.liquidHeatKw = std::min(c.liquidHeatKw, r.power.itKwTotal);
    c.airHeatKw = std::max(0.0, r.power.itKwTotal - c.liquidHeatKw);
    c.criticalItKw = r.power.itKwNameplate;
    basis.colocation = fin.colocationUsdPerKwMonth > 0 && !basis.hosted;
    if (!basis.colocation && !basis.hosted) {
        // A colocation rate covers the provider's plant; only a build pays for it.
        basis.coolingPlantUsd = c.airHeatKw * fin.coolingAirUsdPerKw + c.liquidHeatKw * fin.coolingLiquidUsdPerKw;
        basis.facilityBuildUsd = c.criticalItKw / 1000.0 * fin.facilityUsdPerMw;
    }
}

/// CAPEX by category at the draw's prices: the bill of materials, the plant, the building and
/// the integration. Storage follows the compute price (IT hardware bought with it).
void settleCapex(CostResults &c, const FinanceSettings &fin, const CostBasis &basis, const CostDraw &draw)
{
    const double compute = draw[CostInput::ComputePrice], network = draw[CostInput::NetworkPrice];
    const double facility = draw[CostInput::FacilityCost];
    auto &cap = c.capexByCategoryUsd;
    const auto bom = [&](const char *k) { return basis.bomByCategoryUsd.count(k) ? basis.bomByCategoryUsd.at(k) : 0.0; };
    cap["compute"] = bom("compute") * compute;
    cap["network"] = bom("network") * network;
    cap["storage"] = bom("storage") * compute;
    cap["power_cooling"] = bom("power_cooling") * facility;
    c.hardwareCapexUsd = cap["compute"] + cap["network"] + cap["storage"] + cap["power_cooling"];
    c.coolingPlantUsd = basis.coolingPlantUsd * facility;
    c.facilityBuildUsd = basis.facilityBuildUsd * facility;
    cap["power_cooling"] += c.coolingPlantUsd;
    cap["facility"] = c.facilityBuildUsd;
    c.integrationUsd = c.hardwareCapexUsd * fin.integrationFraction;
    cap["integration"] = c.integrationUsd;
    c.capexUsd = 0.0;
    for (const auto &[k, v] : cap)
        c.capexUsd += v;
}

/// The life, the delivery, and OPEX per year by category (a hosted design's rent is filled in by
/// the monthly flows, which know the cloud price path).
void runningCosts(CostResults &c, const FinanceSettings &fin, const Results &r, CostBasis &basis, const CostDraw &draw)
{
    const bool hosted = basis.hosted;
    const long long gpus = r.inventory.gpusActive > 0 ? r.inventory.gpusActive : r.inventory.gpusTotal;
    basis.gpus = gpus;
    c.gpusPaid = gpus;
    // Hosted: the platform team only (seed 002: the provider's operations replace "a large
    // operations team"); assumption, the core team of the self-built formula.
    c.staffFte = fin.staffFte > 0 ? fin.staffFte
                                  : (r.inventory.gpusTotal > 0
                                         ? kStaffBaseFte * std::min(1.0, double(r.inventory.gpusTotal) / kCoreTeamFullAtGpus)
                                               + (hosted ? 0.0
                                                         : double(basis.serverGpus) / kGpusPerFteServers
                                                               + double(basis.supernodeGpus) / kGpusPerFteSupernodes)
                                         : 0.0);
    auto &opex = c.opexByCategoryUsdPerYear;
    opex["energy"] = hosted ? 0.0
                            : energyUsdPerYear(r.power.itKwTotal, r.power.pue,
                                               fin.energyUsdPerKwh * draw[CostInput::EnergyPrice]);
    opex["maintenance"] = c.hardwareCapexUsd * fin.maintenanceFraction * draw[CostInput::Maintenance];
    // Hosted: the rent includes the platform software (assumption, as the hosted offers bundle it).
    opex["software"] = hosted ? 0.0 : double(r.inventory.gpusTotal) * fin.softwareUsdPerGpuYear;
    opex["staff"] = c.staffFte * fin.staffUsdPerYear * draw[CostInput::Staff];
    opex["spares"] = c.hardwareCapexUsd * fin.sparesFraction * draw[CostInput::Maintenance];
    opex["colocation"] = basis.colocation
        ? c.criticalItKw * fin.colocationUsdPerKwMonth * 12.0 * draw[CostInput::FacilityCost]
        : 0.0;
    opex["cloud_rent"] = 0.0;

    // A life or a delivery beyond what validation allows (30 years, 10 years) is reported there;
    // here they are bounded so that the month-by-month tables stay small (life_years 1e9 tried
    // to allocate 12 billion months and printed "vector::reserve").
    c.lifeYears = std::clamp(fin.lifeYears > 0 ? fin.lifeYears : 5.0, 1.0 / 12.0, kMaxLifeYears);
    c.deliveryMonths = std::clamp(basis.deliveryMonths * draw[CostInput::Delivery], 0.0, kMaxDeliveryMonths);
    c.deliveryCostUsd = opex["staff"] / 12.0 * c.deliveryMonths;
    basis.lifeMonths = c.lifeYears * 12.0;
    // A reservation is paid for whole terms: the rented time is the life rounded up to terms,
    // the months beyond the life are owed at its end.
    basis.termMonths = c.reservedTermYears * 12.0;
    basis.rentedMonths = basis.reserved ? std::ceil(basis.lifeMonths / basis.termMonths - 1e-9) * basis.termMonths
                                        : basis.lifeMonths;
    // The building outlives the cluster: its book value at the end of the life is a residual.
    const double facilityLife = std::max(fin.facilityLifeYears, c.lifeYears);
    const double building = c.facilityBuildUsd + c.coolingPlantUsd;
    c.residualValueUsd = building * std::max(0.0, 1.0 - c.lifeYears / facilityLife);
    // Straight line: the hardware over the life (company 10-Ks use 5-6 years for servers,
    // figures.md F), the building and its plant over theirs.
    c.depreciationUsdPerYear = (c.capexUsd - building) / c.lifeYears + building / facilityLife;
}

/// The cloud price path: the draw's price at the order, falling by the decline rate a year;
/// on demand each month pays its own month's price, a reservation its term's first month's.
struct PricePath
{
    double atOrder = 0.0, decline = 0.0, deliveryMonths = 0.0, termMonths = 0.0;
    bool reserved = false;
    double at(double month) const { return atOrder * std::pow(1.0 - decline, month / 12.0); }
    /// The price of productive month `k` (1-based).
    double ofRunningMonth(double k) const
    {
        if (!reserved || termMonths <= 0)
            return at(deliveryMonths + k);
        return at(deliveryMonths + std::floor((k - 1.0) / termMonths + 1e-9) * termMonths);
    }
};

/// When the CAPEX is paid, by month since the order: the building and its plant evenly over the
/// months the hall takes, the hardware (and its integration) when it arrives, which is the
/// delivery less its installation. A delivery set by the design (finance.delivery_months) or
/// drawn longer or shorter scales the schedule's months alike. No delivery: all at the order.
std::vector<double> capexByMonth(const CostResults &c)
{
    const double building = c.facilityBuildUsd + c.coolingPlantUsd;
    const double schedule = weeksToMonths(c.delivery.weeks);
    const double scale = schedule > 0 ? c.deliveryMonths / schedule : 0.0;
    const double arrival = std::max(0.0, c.deliveryMonths - weeksToMonths(c.delivery.installWeeks) * scale);
    const double hall = std::min(arrival, weeksToMonths(c.delivery.facilityWeeks) * scale);
    std::vector<double> paid(size_t(std::ceil(arrival - 1e-9)) + 1, 0.0);
    // Paid at the end of the month the hardware arrives in (month 0 when it is there at the order).
    paid[size_t(std::ceil(arrival - 1e-9))] += c.capexUsd - building;
    const int hallMonths = int(std::ceil(hall - 1e-9));
    if (hallMonths == 0)
        paid[0] += building;
    for (int m = 1; m <= hallMonths; ++m)
        paid[size_t(m)] += building / double(hallMonths);
    return paid;
}

/// Cumulative cost by month, owned and rented, plain and discounted; the TCO, the present
/// values, the break-even months and the break-even utilisation.
void cumulativeByMonth(CostResults &c, const FinanceSettings &fin, const Results &r, const CostBasis &basis,
                       const CostDraw &draw)
{
    const double lifeMonths = basis.lifeMonths;
    const double staffPerMonth = c.opexByCategoryUsdPerYear["staff"] / 12.0;
    const double hoursPerMonth = kHoursPerYear / 12.0;
    const double utilisation = std::clamp(fin.fleetUtilisation * draw[CostInput::Utilisation], 0.0, 1.0);
    c.fleetUtilisation = utilisation;
    const PricePath price{c.cloudUsdPerGpuHour, std::clamp(fin.cloudPriceDeclinePerYear * draw[CostInput::CloudDecline], 0.0, 0.9),
                          c.deliveryMonths, basis.termMonths, basis.reserved};
    // The cloud alternative rents the GPUs' useful hours on demand; a reservation pays every hour.
    const double cloudGpus = double(basis.gpus) * (basis.reserved ? 1.0 : utilisation);
    const double rentGpus = basis.hosted ? double(r.inventory.gpusTotal) : 0.0; // a hosted design rents all
    c.cloudUsdPerYear = cloudGpus * kHoursPerYear * c.cloudUsdPerGpuHour;
    c.gpuHoursPerYear = double(basis.gpus) * kHoursPerYear;
    c.delayCostUsdPerMonth = c.cloudUsdPerYear / 12.0;
    c.deliveryOpportunityUsd = c.delayCostUsdPerMonth * c.deliveryMonths;
    c.cloudCommittedUsd = basis.reserved ? c.cloudUsdPerYear / 12.0 * basis.termMonths : 0.0;
    double otherOpexPerMonth = 0.0;
    for (const auto &[k, v] : c.opexByCategoryUsdPerYear)
        otherOpexPerMonth += v / 12.0;

    // CAPEX paid as it is delivered (capexByMonth()); staff during delivery; full OPEX once
    // productive. Each month's flow is paid at its end and discounted at (1 + r)^(−m/12).
    c.discountRate = fin.discountRate;
    const std::vector<double> capexPaid = capexByMonth(c);
    const int months = int(std::ceil(c.deliveryMonths + lifeMonths - 1e-9));
    for (auto *v : {&c.cumulativeUsdByMonth, &c.cloudCumulativeUsdByMonth, &c.discountedCumulativeUsdByMonth,
                    &c.cloudDiscountedCumulativeUsdByMonth}) {
        v->clear();
        v->reserve(size_t(months) + 1);
    }
    double own = 0.0, cloud = 0.0, pvOwn = 0.0, pvCloud = 0.0, rent = 0.0, prevRunning = 0.0, prevWaiting = 0.0;
    c.breakEvenMonth = c.breakEvenMonthDiscounted = -1;
    for (int m = 0; m <= months; ++m) {
        const double t = std::min(double(m), c.deliveryMonths + lifeMonths);
        const double running = std::clamp(t - c.deliveryMonths, 0.0, lifeMonths);
        const double ran = running - prevRunning; // productive months in this month
        const double p = ran > 0 ? price.ofRunningMonth(std::ceil(running - 1e-9)) : 0.0;
        const double waiting = std::min(t, c.deliveryMonths); // months of delivery so far
        double ownFlow = (size_t(m) < capexPaid.size() ? capexPaid[size_t(m)] : 0.0) + staffPerMonth * (waiting - prevWaiting)
                         + otherOpexPerMonth * ran + rentGpus * hoursPerMonth * p * ran;
        prevWaiting = waiting;
        double cloudFlow = cloudGpus * hoursPerMonth * p * ran;
        rent += rentGpus * hoursPerMonth * p * ran;
        if (m == months) {
            // A reservation's months beyond the life, at its last term's price; the building's residual.
            const double tail = (basis.rentedMonths - lifeMonths) * hoursPerMonth * price.ofRunningMonth(lifeMonths);
            ownFlow += rentGpus * tail - c.residualValueUsd;
            cloudFlow += cloudGpus * tail;
            c.rentTailUsd = rentGpus * tail;
        }
        const double df = discountFactor(c.discountRate, double(m));
        own += ownFlow;
        cloud += cloudFlow;
        pvOwn += ownFlow * df;
        pvCloud += cloudFlow * df;
        prevRunning = running;
        c.cumulativeUsdByMonth.push_back(own);
        c.cloudCumulativeUsdByMonth.push_back(cloud);
        c.discountedCumulativeUsdByMonth.push_back(pvOwn);
        c.cloudDiscountedCumulativeUsdByMonth.push_back(pvCloud);
        if (c.breakEvenMonth < 0 && basis.gpus > 0 && running > 0 && own <= cloud)
            c.breakEvenMonth = m;
        if (c.breakEvenMonthDiscounted < 0 && basis.gpus > 0 && running > 0 && pvOwn <= pvCloud)
            c.breakEvenMonthDiscounted = m;
    }
    c.rentUsdPerYear = rent / c.lifeYears;
    c.opexByCategoryUsdPerYear["cloud_rent"] = c.rentUsdPerYear;
    c.opexUsdPerYear = 0.0;
    for (const auto &[k, v] : c.opexByCategoryUsdPerYear)
        c.opexUsdPerYear += v;
    c.tcoUsd = own;
    c.cloudTotalUsd = cloud;
    c.tcoPresentValueUsd = pvOwn;
    c.cloudPresentValueUsd = pvCloud;
    c.npvOwningVsCloudUsd = pvCloud - pvOwn;
    // Seed 002: owning pays only above a utilisation. The on-demand cloud cost is proportional to
    // the utilisation and owning is not, so the break-even utilisation is their ratio at 100 %.
    c.breakEvenUtilisation = std::numeric_limits<double>::quiet_NaN();
    if (!basis.hosted && !basis.reserved && utilisation > 0 && pvCloud > 0)
        c.breakEvenUtilisation = pvOwn / (pvCloud / utilisation);
}

/// Cost per GPU-hour, per effective PFLOP-hour, per million tokens, and to train the workload,
/// at the draw's throughput and goodput.
void derivedFigures(CostResults &c, const Results &r, const CostBasis &basis, const CostDraw &draw)
{
    const long long gpus = basis.gpus;
    const double lifeHours = c.lifeYears * kHoursPerYear;
    const double clusterUsdPerHour = lifeHours > 0 ? c.tcoUsd / lifeHours : 0.0;
    c.costPerGpuHourUsd = gpus > 0 ? clusterUsdPerHour / double(gpus) : 0.0;
    const double pointGoodput = r.reliability.available ? r.reliability.goodput : 1.0;
    const double goodput = std::min(1.0, pointGoodput * draw[CostInput::Goodput]);
    const double speed = draw[CostInput::Throughput] * (pointGoodput > 0 ? goodput / pointGoodput : 1.0);
    c.effectivePflopsPerGpu = c.costPerEffectivePflopHourUsd = c.costPerMillionTokensUsd = 0.0;
    c.costToTrainUsd = c.trainGpuHours = c.cloudCostToTrainUsd = c.timeToTrainDays = 0.0;
    if (!r.performance.available)
        return;
    const StepEstimate &est = r.performance.outcome.estimate;
    // With several equal jobs (workload.jobs) the cluster trains them all at once: its tokens
    // and FLOPs are theirs together, and training one model costs one job's share of the cluster.
    const double jobs = std::max(1, r.performance.jobs);
    const long long used = r.performance.outcome.gpusUsed > 0 ? r.performance.outcome.gpusUsed : gpus;
    const double throughput = draw[CostInput::Throughput] * goodput * c.fleetUtilisation;
    c.effectivePflopsPerGpu = est.modelTflopsPerGpu / 1000.0 * draw[CostInput::Throughput] * goodput;
    // The whole cluster's cost over the model FLOPs its jobs deliver: GPUs outside the jobs
    // (spares, idle remainders) cost without computing, and the fleet's idle hours count too.
    const double clusterPflops = est.modelTflopsPerGpu / 1000.0 * double(used) * jobs * throughput;
    if (clusterPflops > 0)
        c.costPerEffectivePflopHourUsd = clusterUsdPerHour / clusterPflops;
    const double tokensPerHour = est.tokensPerS * throughput * 3600.0 * jobs;
    if (tokensPerHour > 0)
        c.costPerMillionTokensUsd = clusterUsdPerHour / tokensPerHour * 1e6;
    const double pointDays = r.reliability.available && r.reliability.effectiveTimeToTrainDays > 0
        ? r.reliability.effectiveTimeToTrainDays
        : est.timeToTrainDays;
    const double days = speed > 0 ? pointDays / speed : 0.0;
    c.timeToTrainDays = days;
    c.costToTrainUsd = clusterUsdPerHour * days * 24.0 / jobs;
    // Reserved: a job shorter than a term still pays the whole term.
    const double hours = basis.reserved ? std::max(days * 24.0, basis.termMonths * kHoursPerMonth) : days * 24.0;
    c.trainGpuHours = double(used) * days * 24.0;
    c.cloudCostToTrainUsd = cloudCostUsd(double(used) * hours, c.cloudUsdPerGpuHour);
}

/// Every figure that depends on the uncertain inputs, at one draw's factors (all 1: the point).
void settle(CostResults &c, const FinanceSettings &fin, const Results &r, CostBasis &basis, const CostDraw &draw)
{
    c.cloudUsdPerGpuHour = basis.cloudUsdPerGpuHour * draw[CostInput::CloudPrice];
    settleCapex(c, fin, basis, draw);
    runningCosts(c, fin, r, basis, draw);
    cumulativeByMonth(c, fin, r, basis, draw);
    derivedFigures(c, r, basis, draw);
}

DrawFigures figuresOf(const CostResults &c)
{
    return {c.tcoUsd, c.npvOwningVsCloudUsd, c.costPerEffectivePflopHourUsd, c.costPerMillionTokensUsd,
            c.timeToTrainDays, c.costToTrainUsd, c.deliveryMonths, c.breakEvenMonth};
}

} // namespace

CostResults evaluateCost(const Design &design, const Catalog &catalog, const Results &r)
{
    const FinanceSettings &fin = design.finance;
    CostResults c;
    for (const char *k : {"compute", "network", "storage", "power_cooling", "facility", "integration"})
        c.capexByCategoryUsd[k] = 0.0;
    CostBasis basis;
    basis.hosted = fin.ownership == Ownership::CloudHosted;
    basis.reserved = fin.cloudPricing == CloudPricing::Reserved;
    c.ownership = ownershipName(fin.ownership);

    priceCloud(c, design, catalog, r, basis.reserved);
    basis.cloudUsdPerGpuHour = c.cloudUsdPerGpuHour;
    priceHardware(c, catalog, r, basis);
    sizeFacility(c, design, catalog, r, basis);
    // The delivery: the design's setting, else what its lead times add up to.
    c.delivery = planDelivery(design, catalog,
                              {!basis.colocation && !basis.hosted, basis.hosted, c.criticalItKw, c.liquidHeatKw});
    c.deliveryFromLeadTimes = !(fin.deliveryMonths > 0);
    basis.deliveryMonths = c.deliveryFromLeadTimes ? weeksToMonths(c.delivery.weeks) : fin.deliveryMonths;
    settle(c, fin, r, basis, CostDraw());
    c.available = true;

    // The ranges: each draw settles a copy without the bill of materials at its factors.
    CostResults scratch = c;
    scratch.bom.clear();
    scratch.problems.clear();
    c.uncertainty = sampleCostUncertainty(costRanges(design, r), fin.uncertaintySeed, fin.uncertaintyDraws,
                                          [&](const CostDraw &draw) {
                                              CostBasis b = basis;
                                              settle(scratch, fin, r, b, draw);
                                              return figuresOf(scratch);
                                          },
                                          r.performance.available ? r.performance.spec.cluster.gpu.id : std::string());
    return c;
}

std::string bomToCsv(const std::vector<std::pair<std::string, const CostResults *>> &designs)
{
    std::ostringstream out;
    out.precision(15);
    out << "design,part,catalog_id,kind,quantity,unit_price_usd,total_usd,source\r\n";
    for (const auto &[name, cost] : designs) {
        if (!cost)
            continue;
        for (const BomLine &l : cost->bom)
            out << csvField(name) << ',' << csvField(l.name) << ',' << csvField(l.catalogId) << ','
                << csvField(l.kind) << ',' << l.quantity << ',' << l.unitPriceUsd << ',' << l.totalUsd << ','
                << csvField(l.source) << "\r\n";
    }
    return out.str();
}

} // namespace cp
