#pragma once

#include "model/core/problem.h"
#include "model/cost/schedule.h"
#include "model/cost/uncertainty.h"

#include <map>
#include <string>
#include <vector>

namespace cp {

class Catalog;
struct Design;
struct Results;

/// One row of the bill of materials: a catalog part, how many the design holds, and its price.
struct BomLine
{
    std::string catalogId;
    std::string name;
    std::string kind;     ///< the catalog kind ("server", "cable", …)
    std::string category; ///< the CAPEX category it counts under ("compute", "network", …)
    long long quantity = 0;
    double unitPriceUsd = 0.0;
    double totalUsd = 0.0;
    std::string source;   ///< the catalog's source of price_usd
};

/// What the design costs to build and run, and what the same work costs rented (docs/cost.md).
struct CostResults
{
    bool available = false;

    // CAPEX
    std::vector<BomLine> bom;     ///< every priced part; GPUs and NICs inside a system's price are not repeated
    double hardwareCapexUsd = 0.0; ///< sum of the bill of materials
    double coolingPlantUsd = 0.0;
    double facilityBuildUsd = 0.0; ///< 0 when the design rents colocation
    double integrationUsd = 0.0;
    double capexUsd = 0.0;
    std::map<std::string, double> capexByCategoryUsd; ///< compute, network, storage, power_cooling, facility, integration
    double criticalItKw = 0.0;     ///< the IT nameplate the facility is built (or leased) for
    double liquidHeatKw = 0.0;
    double airHeatKw = 0.0;

    // OPEX
    double opexUsdPerYear = 0.0;
    std::map<std::string, double> opexByCategoryUsdPerYear; ///< energy, maintenance, software, staff, spares, colocation
    double staffFte = 0.0;
    double depreciationUsdPerYear = 0.0;

    // Time and totals
    double lifeYears = 0.0;
    double deliveryMonths = 0.0;
    DeliverySchedule delivery;           ///< what the delivery waits for (planDelivery())
    bool deliveryFromLeadTimes = false;  ///< deliveryMonths is the schedule's (finance.delivery_months 0)
    double delayCostUsdPerMonth = 0.0;   ///< renting the design's useful capacity for a month: a month's wait
    double deliveryCostUsd = 0.0;        ///< staff paid while the cluster is not yet productive (in the TCO)
    double deliveryOpportunityUsd = 0.0; ///< renting the same capacity for the wait (not in the TCO)
    double residualValueUsd = 0.0;       ///< the building's and its plant's book value at the end of the life
    double rentTailUsd = 0.0;            ///< a hosted design's reserved rent owed beyond the life
    double tcoUsd = 0.0;                 ///< CAPEX + delivery + OPEX × life + rent tail − residual value
    std::vector<double> cumulativeUsdByMonth;      ///< index = months since order; CAPEX as delivered
    std::vector<double> cloudCumulativeUsdByMonth; ///< the same GPU-hours rented, same months
    int breakEvenMonth = -1; ///< first month owning has cost no more than renting; -1 = never in the life

    // Discounted (present values at the order date, finance.discount_rate a year, monthly flows)
    double discountRate = 0.0;
    double tcoPresentValueUsd = 0.0;   ///< CAPEX + delivery + OPEX, each month's flow discounted
    double cloudTotalUsd = 0.0;        ///< the cloud path over the life (reserved: whole terms)
    double cloudPresentValueUsd = 0.0; ///< the same, discounted
    double npvOwningVsCloudUsd = 0.0;  ///< cloud PV − owning PV: > 0 when owning is worth it
    std::vector<double> discountedCumulativeUsdByMonth;
    std::vector<double> cloudDiscountedCumulativeUsdByMonth;
    int breakEvenMonthDiscounted = -1; ///< the break-even on present values; -1 = never in the life

    // Ownership and the cloud price used
    std::string ownership;            ///< self_built | cloud_hosted
    std::string cloudPricing;         ///< on_demand | reserved
    std::string cloudAcceleratorId;   ///< the accelerator whose catalog price applies
    std::string acceleratorGeneration; ///< its catalog attribute "generation" (Hopper, Blackwell, …)
    double cloudOnDemandUsdPerGpuHour = 0.0;
    double cloudReservedUsdPerGpuHour = 0.0;
    double reservedTermYears = 0.0;
    double cloudCommittedUsd = 0.0;   ///< reserved: the spend one term commits to (0 on demand)
    std::string cloudPriceSource;     ///< "design setting" or the catalog's source of the price
    double rentUsdPerYear = 0.0;      ///< cloud-hosted: the rent of the design's GPUs
    Problems problems;

    // Derived
    long long gpusPaid = 0;          ///< the GPUs whose hours the cost is spread over (active GPUs)
    double gpuHoursPerYear = 0.0;
    double costPerGpuHourUsd = 0.0;
    double effectivePflopsPerGpu = 0.0; ///< model FLOP/s per GPU × goodput, in PFLOP/s
    double costPerEffectivePflopHourUsd = 0.0;
    double costPerMillionTokensUsd = 0.0;
    double costToTrainUsd = 0.0;     ///< the whole cluster for the workload's effective time to train
    double timeToTrainDays = 0.0;    ///< the effective time to train the cost uses (after failures)
    double fleetUtilisation = 0.0;   ///< share of installed GPU-hours doing useful work (as used)
    /// The fleet utilisation at which owning and renting on demand cost the same (present values);
    /// > 1: owning never pays. NaN for a reserved comparison (it pays idle hours too) or a hosted design.
    double breakEvenUtilisation = 0.0;
    CostUncertainty uncertainty;     ///< the ranges and the tornado (model/cost/uncertainty.h)
    double trainGpuHours = 0.0;      ///< GPUs the job uses × effective time to train
    double cloudUsdPerGpuHour = 0.0;
    double cloudCostToTrainUsd = 0.0;
    double cloudUsdPerYear = 0.0;    ///< renting the active GPUs all year
};

/// The cost stage: runs after every other stage of evaluate() (`earlier`).
CostResults evaluateCost(const Design &design, const Catalog &catalog, const Results &earlier);

/// Energy bill of a facility: IT kW × PUE × 8,760 h × price.
double energyUsdPerYear(double itKw, double pue, double usdPerKwh);
/// The discount factor of a flow paid `months` after the order at `ratePerYear`: (1 + r)^(−m/12).
double discountFactor(double ratePerYear, double months);
/// Present value of a level payment at the end of each of `months` months (an annuity).
double annuityPresentValue(double paymentPerMonth, int months, double ratePerYear);
/// Renting GPU-hours: hours × price.
double cloudCostUsd(double gpuHours, double usdPerGpuHour);

/// The bill of materials of several designs as CSV (RFC 4180 quoting), one header line:
/// design,part,catalog_id,kind,quantity,unit_price_usd,total_usd,source
std::string bomToCsv(const std::vector<std::pair<std::string, const CostResults *>> &designs);

} // namespace cp
