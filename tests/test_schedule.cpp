// Tests the delivery built from lead times (model/cost/schedule.h) against sums worked out by
// hand, and how the cost stage uses it: a set figure wins, the delivery range moves it, and a
// month's delay is priced.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/cost/schedule.h"
#include "model/engine/evaluation.h"
#include "model/generate/templates.h"
#include "model/io/designjson.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <cmath>

using namespace cp;

class TestSchedule : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void classicBuildWaitsForTheHall();
    void supernodeAddsLiquidLoop();
    void leasedHallWaitsForHardware();
    void hostedOnboards();
    void setFigureWins();
    void deliveryRangeAndDelayCost();

private:
    static const ScheduleItem *item(const DeliverySchedule &s, const char *id)
    {
        for (const ScheduleItem &i : s.items)
            if (i.id == id)
                return &i;
        return nullptr;
    }
    static constexpr double kWeeksPerMonth = 52.1775 / 12.0;
};

void TestSchedule::classicBuildWaitsForTheHall()
{
    // Classic 16,384 H100: ~25 MW of IT, in the 15-30 MW band: 15 months of construction =
    // 65.2 weeks, longer than switchgear (47), chillers (30) and the servers (12); then 6 weeks
    // of installation: 71.2 weeks = 16.4 months.
    const Catalog c = Catalog::builtin();
    const Results r = evaluate(generateTemplate({"classic", 16384, {}}, c), c);
    const DeliverySchedule &s = r.cost.delivery;
    QVERIFY(r.cost.criticalItKw > 15000 && r.cost.criticalItKw <= 30000);
    QVERIFY(item(s, "gpu_systems") && item(s, "gpu_systems")->weeks == 12.0);
    QVERIFY(item(s, "switchgear") && item(s, "switchgear")->weeks == 47.0);
    QVERIFY(item(s, "chillers") && item(s, "chillers")->weeks == 30.0);
    QVERIFY(!item(s, "liquid_cooling")); // air-cooled
    QVERIFY(std::abs(item(s, "construction")->weeks - 15.0 * kWeeksPerMonth) < 1e-9);
    QCOMPARE(s.criticalItem, std::string("construction"));
    QVERIFY(std::abs(s.weeks - (15.0 * kWeeksPerMonth + 6.0)) < 1e-9);
    QVERIFY(r.cost.deliveryFromLeadTimes);
    QVERIFY(std::abs(r.cost.deliveryMonths - s.weeks / kWeeksPerMonth) < 1e-9);
    for (const ScheduleItem &i : s.items)
        QVERIFY2(!i.source.empty(), i.id.c_str());
}

void TestSchedule::supernodeAddsLiquidLoop()
{
    // GB200 NVL72 racks: 24 weeks (an 8-GPU system's 12 plus rack integration, assumption), and a
    // liquid loop installed 8 weeks after the chillers (30 + 8 = 38 weeks). At 1,152 GPUs (~2 MW)
    // the switchgear's 47 weeks lead, past the 6.5 months (28 weeks) of construction.
    const Catalog c = Catalog::builtin();
    const Results r = evaluate(generateTemplate({"supernode", 1152, {}}, c), c);
    const DeliverySchedule &s = r.cost.delivery;
    QCOMPARE(item(s, "gpu_systems")->weeks, 24.0);
    QVERIFY(item(s, "liquid_cooling") && item(s, "liquid_cooling")->weeks == 38.0);
    QCOMPARE(s.criticalItem, std::string("switchgear"));
    QCOMPARE(s.weeks, 47.0 + 6.0);
    // A single NVL72 (~0.13 MW): a room fit-out (4 months, 17.4 weeks) without the long-lead
    // plant, its liquid loop 8 weeks; the rack's 24 weeks lead: 24 + 6 = 30 weeks.
    const Results one = evaluate(generateTemplate({"supernode", 72, {}}, c), c);
    QVERIFY(!item(one.cost.delivery, "switchgear"));
    QCOMPARE(one.cost.delivery.criticalItem, std::string("gpu_systems"));
    QCOMPARE(one.cost.delivery.weeks, 30.0);
}

void TestSchedule::leasedHallWaitsForHardware()
{
    // Colocation: no construction or plant on the path. Air-cooled servers: 12 + 6 = 18 weeks.
    // Liquid NVL72 racks: CDU fit-out 12 weeks beside the racks' 24: 24 + 6 = 30.
    const Catalog c = Catalog::builtin();
    Design d = generateTemplate({"classic", 4096, {}}, c);
    d.finance.colocationUsdPerKwMonth = 150.0;
    const DeliverySchedule s = evaluate(d, c).cost.delivery;
    QVERIFY(!item(s, "construction"));
    QCOMPARE(s.weeks, 18.0);
    QCOMPARE(s.facilityWeeks, 0.0);
    Design l = generateTemplate({"supernode", 4608, {}}, c);
    l.finance.colocationUsdPerKwMonth = 150.0;
    const DeliverySchedule ls = evaluate(l, c).cost.delivery;
    QCOMPARE(item(ls, "liquid_cooling")->weeks, 12.0);
    QCOMPARE(ls.weeks, 30.0);
}

void TestSchedule::hostedOnboards()
{
    const Catalog c = Catalog::builtin();
    Design d = generateTemplate({"classic", 1024, {}}, c);
    d.finance.ownership = Ownership::CloudHosted;
    const CostResults cost = evaluate(d, c).cost;
    QCOMPARE(cost.delivery.items.size(), size_t(1));
    QCOMPARE(cost.delivery.weeks, 4.0);
    QVERIFY(std::abs(cost.deliveryMonths - 4.0 / kWeeksPerMonth) < 1e-9);
}

void TestSchedule::setFigureWins()
{
    // A design that sets its delivery keeps it (files saved before the schedule carry 6 months);
    // 0, the default, is the schedule. Both survive a save and a load.
    const Catalog c = Catalog::builtin();
    Design d = generateTemplate({"classic", 1024, {}}, c);
    d.finance.deliveryMonths = 6.0;
    const Design back = designFromJson(designToJson(d), "test");
    QCOMPARE(back.finance.deliveryMonths, 6.0);
    const CostResults set = evaluate(back, c).cost;
    QCOMPARE(set.deliveryMonths, 6.0);
    QVERIFY(!set.deliveryFromLeadTimes);
    QVERIFY(set.delivery.weeks > 0); // the schedule is still shown beside the setting
    d.finance.deliveryMonths = 0.0;
    const CostResults fromLeadTimes = evaluate(designFromJson(designToJson(d), "test"), c).cost;
    QVERIFY(fromLeadTimes.deliveryFromLeadTimes);
    QVERIFY(std::abs(fromLeadTimes.deliveryMonths - fromLeadTimes.delivery.weeks / kWeeksPerMonth) < 1e-9);
}

void TestSchedule::deliveryRangeAndDelayCost()
{
    // The delivery's default range, 0.8-1.6 around the schedule as its P10-P90: over 1,000 draws
    // the P10 and P90 of the delivery land near 0.8 and 1.6 times the point (sampling error of a
    // quantile of 1,000 draws is a few per cent). Narrowed to a point, every draw is the point.
    // A month's delay costs the useful capacity's rent for a month.
    const Catalog c = Catalog::builtin();
    Design d = generateTemplate({"classic", 1024, {}}, c);
    const CostResults cost = evaluate(d, c).cost;
    const double point = cost.deliveryMonths;
    QVERIFY2(cost.uncertainty.deliveryMonths.p10 > 0.75 * point && cost.uncertainty.deliveryMonths.p10 < 0.85 * point,
             qPrintable(QString::number(cost.uncertainty.deliveryMonths.p10 / point)));
    QVERIFY2(cost.uncertainty.deliveryMonths.p90 > 1.5 * point && cost.uncertainty.deliveryMonths.p90 < 1.7 * point,
             qPrintable(QString::number(cost.uncertainty.deliveryMonths.p90 / point)));
    d.finance.ranges["delivery"] = {1.0, 1.0};
    d.finance.uncertaintyDraws = 50;
    const CostResults narrowed = evaluate(d, c).cost;
    QCOMPARE(narrowed.uncertainty.deliveryMonths.p10, point);
    QCOMPARE(narrowed.uncertainty.deliveryMonths.p90, point);
    QVERIFY(std::abs(cost.delayCostUsdPerMonth - cost.cloudUsdPerYear / 12.0) < 1e-9 * cost.delayCostUsdPerMonth);
    QVERIFY(std::abs(cost.deliveryOpportunityUsd - cost.delayCostUsdPerMonth * point) < 1e-6 * cost.deliveryOpportunityUsd);
    // A longer wait never raises the NPV of owning against the cloud (staff paid, flows later).
    d.finance.ranges.erase("delivery");
    d.finance.deliveryMonths = 2.0 * point;
    QVERIFY(evaluate(d, c).cost.npvOwningVsCloudUsd <= cost.npvOwningVsCloudUsd);
}

QTEST_GUILESS_MAIN(TestSchedule)
#include "test_schedule.moc"
