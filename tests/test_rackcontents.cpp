// Tests the rack-elevation edits (mount at a U, take one device out, move one device within or
// between racks) and a rack's budget (units, power, weight, heat against its cooling).

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/edit/rackcontents.h"
#include "model/generate/templates.h"
#include "testsupport.h"

using namespace cp;

class TestRackContents : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void devicesListEachStackedPart();
    void mountAtFreeU();
    void mountRefusals();
    void unmountSplitsTheStack();
    void moveWithinRack();
    void moveBetweenRacksIsOneStep();
    void moveRefusedLeavesBothRacks();
    void budgetSumsTheContents();
    void budgetSharesTheCoolingUnits();

private:
    Catalog mCatalog;
    Design mSample;
    int mComputeRack = -1; ///< a rack of four DGX H100 (one mount, count 4)
    int mEmptyRack = -1;   ///< a second compute rack, emptied
};

void TestRackContents::initTestCase()
{
    mCatalog = Catalog::builtin();
    mSample = sampleDesign(mCatalog);
    for (size_t i = 0; i < mSample.racks.size(); ++i) {
        const Rack &r = mSample.racks[i];
        if (r.contents.size() == 1 && r.contents[0].catalogId == "dgx-h100" && r.contents[0].count == 4) {
            if (mComputeRack < 0)
                mComputeRack = int(i);
            else if (mEmptyRack < 0)
                mEmptyRack = int(i);
        }
    }
    QVERIFY(mComputeRack >= 0 && mEmptyRack >= 0);
    mSample.racks[size_t(mEmptyRack)].contents.clear();
}

void TestRackContents::devicesListEachStackedPart()
{
    const Rack &rack = mSample.racks[size_t(mComputeRack)];
    const auto devices = rackDevices(rack, mCatalog);
    QCOMPARE(devices.size(), size_t(4));
    const int u0 = rack.contents[0].u;
    for (int k = 0; k < 4; ++k) {
        QCOMPARE(devices[size_t(k)].u, u0 + 8 * k); // a DGX H100 is 8U
        QCOMPARE(devices[size_t(k)].heightU, 8);
        QCOMPARE(devices[size_t(k)].index, k);
    }
}

void TestRackContents::mountAtFreeU()
{
    Design design = mSample;
    const Edit edit = mountAt(design, mCatalog, mEmptyRack, "qm9700", 40);
    QVERIFY2(edit.ok(), edit.error.c_str());
    edit.patch.apply(design);
    const Rack &rack = design.racks[size_t(mEmptyRack)];
    QCOMPARE(rack.contents.size(), size_t(1));
    QCOMPARE(rack.contents[0].u, 40);
    QCOMPARE(rack.contents[0].role, SwitchRole::Leaf);
    edit.patch.revert(design);
    QVERIFY(design == mSample);
}

void TestRackContents::mountRefusals()
{
    const Rack &full = mSample.racks[size_t(mComputeRack)];
    const int taken = full.contents[0].u + 3; // inside the first DGX
    const Edit overlap = mountAt(mSample, mCatalog, mComputeRack, "qm9700", taken);
    QVERIFY(!overlap.ok());
    QVERIFY2(overlap.error.find("overlaps") != std::string::npos, overlap.error.c_str());
    QVERIFY2(overlap.error.find(full.id) != std::string::npos, overlap.error.c_str());
    const Edit tooHigh = mountAt(mSample, mCatalog, mEmptyRack, "dgx-h100", 40); // U40–U47 of 42
    QVERIFY(!tooHigh.ok());
    QVERIFY2(tooHigh.error.find("does not fit") != std::string::npos, tooHigh.error.c_str());
    QVERIFY(!mountAt(mSample, mCatalog, mEmptyRack, "cx7-400g", 1).ok());        // a NIC
    QVERIFY(!mountAt(mSample, mCatalog, mEmptyRack, "gb200-nvl72", 1).ok());     // needs a liquid rack
    QVERIFY(!mountAt(mSample, mCatalog, int(mSample.racks.size()), "qm9700", 1).ok());
}

void TestRackContents::unmountSplitsTheStack()
{
    Design design = mSample;
    const int u0 = design.racks[size_t(mComputeRack)].contents[0].u;
    const Edit edit = unmountDevice(design, mCatalog, mComputeRack, 0, 1); // the second DGX
    QVERIFY2(edit.ok(), edit.error.c_str());
    edit.patch.apply(design);
    const auto devices = rackDevices(design.racks[size_t(mComputeRack)], mCatalog);
    QCOMPARE(devices.size(), size_t(3));
    QCOMPARE(devices[0].u, u0);
    QCOMPARE(devices[1].u, u0 + 16);
    QCOMPARE(devices[2].u, u0 + 24);
    edit.patch.revert(design);
    QVERIFY(design == mSample);
    QVERIFY(!unmountDevice(design, mCatalog, mComputeRack, 0, 4).ok());
    QVERIFY(!unmountDevice(design, mCatalog, mComputeRack, 3, 0).ok());
}

void TestRackContents::moveWithinRack()
{
    Design design = mSample;
    const Rack &rack = design.racks[size_t(mComputeRack)];
    const int top = rack.contents[0].u + 24; // the fourth DGX
    const int to = top + 8;                   // just above it, if the rack is tall enough
    QVERIFY(to + 7 <= 42);
    const Edit edit = moveDevice(design, mCatalog, mComputeRack, 0, 3, mComputeRack, to);
    QVERIFY2(edit.ok(), edit.error.c_str());
    QCOMPARE(edit.patch.racks.changed.size(), size_t(1));
    edit.patch.apply(design);
    const auto devices = rackDevices(design.racks[size_t(mComputeRack)], mCatalog);
    QCOMPARE(devices.back().u, to);
    QCOMPARE(devices.size(), size_t(4));
}

void TestRackContents::moveBetweenRacksIsOneStep()
{
    Design design = mSample;
    const Edit edit = moveDevice(design, mCatalog, mComputeRack, 0, 0, mEmptyRack, 10);
    QVERIFY2(edit.ok(), edit.error.c_str());
    QCOMPARE(edit.patch.racks.changed.size(), size_t(2));
    edit.patch.apply(design);
    QCOMPARE(rackDevices(design.racks[size_t(mComputeRack)], mCatalog).size(), size_t(3));
    const auto moved = rackDevices(design.racks[size_t(mEmptyRack)], mCatalog);
    QCOMPARE(moved.size(), size_t(1));
    QCOMPARE(moved[0].u, 10);
    QCOMPARE(moved[0].catalogId, std::string("dgx-h100"));
    edit.patch.revert(design);
    QVERIFY(design == mSample);
}

void TestRackContents::moveRefusedLeavesBothRacks()
{
    Design design = mSample;
    design.racks[size_t(mEmptyRack)].contents.push_back({"qm9700", 12, 1, SwitchRole::Leaf});
    const Design before = design;
    const Edit edit = moveDevice(design, mCatalog, mComputeRack, 0, 0, mEmptyRack, 8); // U8–U15 hits U12
    QVERIFY(!edit.ok());
    QVERIFY2(edit.error.find("U12") != std::string::npos, edit.error.c_str());
    QVERIFY(design == before);
    QVERIFY(!moveDevice(design, mCatalog, mComputeRack, 0, 0, mComputeRack,
                        design.racks[size_t(mComputeRack)].contents[0].u)
                 .ok()); // not a move
}

void TestRackContents::budgetSumsTheContents()
{
    const RackBudget b = rackBudget(mSample, mCatalog, size_t(mComputeRack));
    const CatalogEntry *dgx = mCatalog.find("dgx-h100");
    QCOMPARE(b.heightU, 42);
    QCOMPARE(b.usedU, 32);
    QCOMPARE(b.maxPowerKw, 41.0);
    QCOMPARE(b.nameplateKw, 4 * dgx->figure("power_max_w") / 1000.0);
    QCOMPARE(b.typicalKw, 4 * dgx->figure("power_typical_w") / 1000.0);
    QCOMPARE(b.weightKg, 4 * dgx->figure("weight_kg"));
    QCOMPARE(b.liquidHeatKw, 0.0);
    QCOMPARE(b.airHeatKw, b.typicalKw);
    const RackBudget empty = rackBudget(mSample, mCatalog, size_t(mEmptyRack));
    QCOMPARE(empty.usedU, 0);
    QCOMPARE(empty.typicalKw, 0.0);
    QCOMPARE(rackBudget(mSample, mCatalog, mSample.racks.size()).heightU, 0);
}

void TestRackContents::budgetSharesTheCoolingUnits()
{
    Design design = mSample;
    const std::string id = design.racks[size_t(mComputeRack)].id;
    design.coolingUnits.clear();
    FacilityUnit a{"CR1", "crah-250kw", 1, 1, "G", Redundancy::NPlus1, {id, "X2", "X3", "X4"}};
    FacilityUnit b = a;
    b.id = "CR2";
    design.coolingUnits = {a, b};
    const RackBudget budget = rackBudget(design, mCatalog, size_t(mComputeRack));
    // Two 250 kW units in an N+1 group: 250 kW usable, i.e. 125 kW each, over four racks each.
    QCOMPARE(budget.airCoolingKw, 2 * 125.0 / 4);
    QCOMPARE(budget.liquidCoolingKw, 0.0);
}

QTEST_APPLESS_MAIN(TestRackContents)
#include "test_rackcontents.moc"
