// Tests the model-level edits behind the editor's undo commands: each plans a patch without
// touching the design, refuses bad input with a message, and a patch reverts exactly.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/core/footprint.h"
#include "model/edit/designedit.h"
#include "model/generate/templates.h"
#include "testsupport.h"

#include <algorithm>

#include <functional>
#include <random>
#include <set>

using namespace cp;

using Planner = std::function<Edit(const Design &, const Catalog &)>;
Q_DECLARE_METATYPE(Planner)

namespace {

std::string firstOfKind(const Catalog &catalog, PartKind kind)
{
    const auto entries = catalog.ofKind(kind);
    return entries.empty() ? std::string() : entries.front()->id;
}

int errorCount(const Design &design, const Catalog &catalog)
{
    int n = 0;
    for (const Problem &p : validate(design, catalog))
        n += p.severity == Severity::Error ? 1 : 0;
    return n;
}

/// Rack indexes of the sample's first row.
std::vector<int> firstRow(const Design &design)
{
    std::vector<int> out;
    for (size_t i = 0; i < design.racks.size(); ++i)
        if (design.racks[i].row == design.racks.front().row)
            out.push_back(static_cast<int>(i));
    return out;
}

/// The last two racks of the first row (its right end), where a stamp has free floor to go.
std::vector<int> endOfFirstRow(const Design &design)
{
    std::vector<int> row = firstRow(design);
    std::sort(row.begin(), row.end(), [&](int a, int b) { return design.racks[size_t(a)].xM < design.racks[size_t(b)].xM; });
    return {row.end() - 2, row.end()};
}

} // namespace

class TestDesignEdit : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void overlapCheckAgreesWithThePairwiseTest();
    void appliesAndRevertsExactly_data();
    void appliesAndRevertsExactly();
    void refusedLeavesDesignUnchanged_data();
    void refusedLeavesDesignUnchanged();
    void mountTakesLowestFreeRange();
    void stampMakesRowsWithFreshIds();
    void deleteDropsFeedsAndUndoRestoresThem();
    void renameFollowsFeeds();
    void feedAndAutoAssign();
    void movesMerge();
    void settingsCarryWholeStructs();
    void pasteShiftsToPoint();
    void duplicateLandsOnFreeFloor();
    void droppedRackIsAlwaysInARow();

private:
    Catalog mCatalog;
    Design mSample;
};

void TestDesignEdit::initTestCase()
{
    mCatalog = Catalog::builtin();
    mSample = sampleDesign(mCatalog);
    QVERIFY(mSample.racks.size() > 10);
    QVERIFY(!mSample.powerUnits.empty());
    QVERIFY(!mSample.coolingUnits.empty());
    QCOMPARE(errorCount(mSample, mCatalog), 0);
}

void TestDesignEdit::appliesAndRevertsExactly_data()
{
    QTest::addColumn<Planner>("plan");
    const std::string rack = firstOfKind(Catalog::builtin(), PartKind::Rack);
    QTest::newRow("add rack") << Planner([rack](const Design &d, const Catalog &c) {
        return addRack(d, c, rack, {1.0, d.hall.depthM - 1.0});
    });
    QTest::newRow("add power unit") << Planner([](const Design &d, const Catalog &c) {
        return addUnit(d, c, d.powerUnits.front().catalogId, {2.0, 1.0});
    });
    QTest::newRow("move row") << Planner([](const Design &d, const Catalog &) {
        Selection s;
        s.racks = firstRow(d);
        s.powerUnits = {0};
        return moveBy(d, s, 0.6, 0.6);
    });
    // Racks side by side in a row: turned 90° they would stand in their neighbours; turned round
    // (front to back, an aisle swapped) they keep their footprint.
    QTest::newRow("rotate") << Planner([](const Design &d, const Catalog &) { return rotateBy(d, {{0, 3}, {}, {}}, 180); });
    QTest::newRow("delete racks and a unit") << Planner([](const Design &d, const Catalog &) {
        return remove(d, {{1, 4, 5}, {0}, {}});
    });
    QTest::newRow("duplicate") << Planner([](const Design &d, const Catalog &c) {
        const auto [dx, dy] = freeCopyOffset(d, c, {0, 1}, 0.6);
        return duplicate(d, {{0, 1}, {}, {0}}, dx, dy);
    });
    QTest::newRow("stamp") << Planner([](const Design &d, const Catalog &) {
        Selection s;
        s.racks = endOfFirstRow(d);
        return stamp(d, s, 2, 1.8, 0.0);
    });
    QTest::newRow("unfeed") << Planner([](const Design &d, const Catalog &) {
        const int rack = static_cast<int>(d.racks.size()) - 1;
        // The unit feeding the last rack.
        for (size_t u = 0; u < d.powerUnits.size(); ++u)
            for (const std::string &id : d.powerUnits[u].serves)
                if (id == d.racks.back().id)
                    return unfeed(d, true, static_cast<int>(u), {rack});
        return Edit::refused("no feed");
    });
    QTest::newRow("change rack") << Planner([](const Design &d, const Catalog &c) {
        Rack r = d.racks[2];
        r.id = "RENAMED";
        r.rotationDeg = 180;
        return changeRack(d, c, 2, r);
    });
    QTest::newRow("settings") << Planner([](const Design &d, const Catalog &c) {
        Design s = d;
        s.finance.energyUsdPerKwh = 0.12;
        s.workload.layers = 120;
        return changeSettings(d, c, s);
    });
}

void TestDesignEdit::appliesAndRevertsExactly()
{
    QFETCH(Planner, plan);
    Design design = mSample;
    const Edit edit = plan(design, mCatalog);
    QVERIFY2(edit.ok(), edit.error.c_str());
    QVERIFY(design == mSample); // planning touches nothing
    edit.patch.apply(design);
    QVERIFY(!(design == mSample));
    QCOMPARE(errorCount(design, mCatalog), 0);
    edit.patch.revert(design);
    QVERIFY(design == mSample);
    edit.patch.apply(design); // redo after undo
    edit.patch.revert(design);
    QVERIFY(design == mSample);
}

void TestDesignEdit::refusedLeavesDesignUnchanged_data()
{
    QTest::addColumn<Planner>("plan");
    QTest::addColumn<QString>("message");
    const auto row = [](const char *name, Planner plan, const char *message) {
        QTest::newRow(name) << plan << QString::fromUtf8(message);
    };
    row("unknown rack model", [](const Design &d, const Catalog &c) { return addRack(d, c, "rack-9000", {1, 1}); },
        "unknown catalog id \"rack-9000\"");
    row("server as rack", [](const Design &d, const Catalog &c) {
        return addRack(d, c, d.racks[0].contents[0].catalogId, {1, 1});
    }, "not a rack");
    row("rack outside hall", [](const Design &d, const Catalog &c) {
        return addRack(d, c, d.racks[0].catalogId, {d.hall.widthM + 3, 1});
    }, "outside");
    row("rack as unit", [](const Design &d, const Catalog &c) { return addUnit(d, c, d.racks[0].catalogId, {1, 1}); },
        "not a power or cooling unit");
    row("mount a NIC", [](const Design &d, const Catalog &c) {
        return mountPart(d, c, 0, firstOfKind(c, PartKind::Nic));
    }, "cannot be mounted");
    row("move out of hall", [](const Design &d, const Catalog &) { return moveBy(d, {{0}, {}, {}}, -1000, 0); },
        "outside");
    row("move nothing", [](const Design &d, const Catalog &) { return moveBy(d, {}, 1, 0); }, "nothing is selected");
    row("bad index", [](const Design &d, const Catalog &) { return remove(d, {{100000}, {}, {}}); }, "no rack at index");
    row("stamp beyond the hall", [](const Design &d, const Catalog &) {
        return stamp(d, {{0}, {}, {}}, 5, 0.0, d.hall.depthM);
    }, "do not fit");
    row("stamp zero spacing", [](const Design &d, const Catalog &) { return stamp(d, {{0}, {}, {}}, 2, 0, 0); },
        "spacing");
    row("duplicate rack id", [](const Design &d, const Catalog &c) {
        Rack r = d.racks[1];
        r.id = d.racks[0].id;
        return changeRack(d, c, 1, r);
    }, "already used");
    row("unit id taken by a rack", [](const Design &d, const Catalog &c) {
        FacilityUnit u = d.powerUnits[0];
        u.id = d.racks[0].id;
        return changeUnit(d, c, true, 0, u);
    }, "already used");
    row("unknown part in contents", [](const Design &d, const Catalog &c) {
        Rack r = d.racks[0];
        r.contents[0].catalogId = "dgx-z9";
        return changeRack(d, c, 0, r);
    }, "unknown catalog id \"dgx-z9\"");
    row("cooling model on a power unit", [](const Design &d, const Catalog &c) {
        FacilityUnit u = d.powerUnits[0];
        u.catalogId = d.coolingUnits[0].catalogId;
        return changeUnit(d, c, true, 0, u);
    }, "not a power unit");
    row("negative energy price", [](const Design &d, const Catalog &c) {
        Design s = d;
        s.finance.energyUsdPerKwh = -0.1;
        return changeSettings(d, c, s);
    }, "finance.energy_usd_per_kwh: must not be negative");
    row("hall too small", [](const Design &d, const Catalog &c) {
        Design s = d;
        s.hall.widthM = 2;
        return changeSettings(d, c, s);
    }, "outside the smaller hall");
    row("already fed", [](const Design &d, const Catalog &) {
        const FacilityUnit &u = d.powerUnits[0];
        for (size_t i = 0; i < d.racks.size(); ++i)
            if (d.racks[i].id == u.serves.front())
                return feed(d, true, 0, {static_cast<int>(i)});
        return Edit();
    }, "already feeds");
    row("auto-assign with all fed", [](const Design &d, const Catalog &) { return autoAssignNearest(d); },
        "already fed");
}

void TestDesignEdit::refusedLeavesDesignUnchanged()
{
    QFETCH(Planner, plan);
    QFETCH(QString, message);
    const Design before = mSample;
    const Edit edit = plan(mSample, mCatalog);
    QVERIFY(!edit.ok());
    QVERIFY2(QString::fromStdString(edit.error).contains(message), edit.error.c_str());
    QVERIFY(edit.patch.empty());
    QVERIFY(mSample == before);
}

void TestDesignEdit::mountTakesLowestFreeRange()
{
    Design design = mSample;
    const Edit add = addRack(design, mCatalog, design.racks[0].catalogId, {1.0, design.hall.depthM - 1.0});
    QVERIFY2(add.ok(), add.error.c_str());
    add.patch.apply(design);
    const int rack = static_cast<int>(design.racks.size()) - 1;
    const std::string server = design.racks[0].contents[0].catalogId;
    const int h = static_cast<int>(mCatalog.at(server).figure("height_u"));
    const int heightU = static_cast<int>(mCatalog.at(design.racks[0].catalogId).figure("height_u"));
    int mounted = 0;
    for (;;) {
        const Edit e = mountPart(design, mCatalog, rack, server);
        if (!e.ok()) {
            QVERIFY2(QString::fromStdString(e.error).contains(QLatin1String("does not fit")), e.error.c_str());
            break;
        }
        e.patch.apply(design);
        ++mounted;
        // Stacked from U1 upwards with no gaps.
        QCOMPARE(design.racks.back().contents.back().u, 1 + (mounted - 1) * h);
        QVERIFY(mounted < 100);
    }
    // As many as fit, unless the weight limit stops it earlier; the rack stays valid.
    QVERIFY(mounted >= 1);
    QVERIFY(mounted <= heightU / h);
    QCOMPARE(errorCount(design, mCatalog), 0);
}

void TestDesignEdit::stampMakesRowsWithFreshIds()
{
    Design design = mSample;
    Selection s;
    s.racks = firstRow(design);
    const size_t before = design.racks.size();
    std::set<std::string> rowsBefore;
    for (const Rack &r : design.racks)
        rowsBefore.insert(r.row);
    // Stamp into the free floor below everything else.
    double bottom = 0;
    for (const Rack &r : design.racks)
        bottom = std::max(bottom, r.yM);
    const double firstY = design.racks[static_cast<size_t>(s.racks.front())].yM;
    const double dy = snapToGrid(bottom - firstY + 2.4, design.hall.gridM);
    design.hall.depthM = firstY + 3 * dy + 2;
    const Edit edit = stamp(design, s, 3, 0.0, dy);
    QVERIFY2(edit.ok(), edit.error.c_str());
    edit.patch.apply(design);
    QCOMPARE(design.racks.size(), before + 3 * s.racks.size());
    std::set<std::string> ids, newRows;
    for (const Rack &r : design.racks)
        QVERIFY2(ids.insert(r.id).second, r.id.c_str());
    for (size_t i = before; i < design.racks.size(); ++i) {
        QVERIFY(!rowsBefore.count(design.racks[i].row));
        newRows.insert(design.racks[i].row);
    }
    QCOMPARE(newRows.size(), size_t(3));
    // The k-th copy sits k spacings below its original.
    const Rack &original = design.racks[static_cast<size_t>(s.racks.front())];
    const Rack &thirdCopy = design.racks[before + 2 * s.racks.size()];
    QCOMPARE(thirdCopy.xM, original.xM);
    QVERIFY(std::abs(thirdCopy.yM - (original.yM + 3 * dy)) < 1e-9);
    QCOMPARE(thirdCopy.contents, original.contents);
    QCOMPARE(errorCount(design, mCatalog), 0);
}

void TestDesignEdit::deleteDropsFeedsAndUndoRestoresThem()
{
    Design design = mSample;
    const std::string gone = design.racks[3].id;
    const Edit edit = remove(design, {{3}, {}, {}});
    QVERIFY(edit.ok());
    edit.patch.apply(design);
    QVERIFY(!design.findRack(gone));
    for (const auto *list : {&design.powerUnits, &design.coolingUnits})
        for (const FacilityUnit &u : *list)
            QVERIFY(std::find(u.serves.begin(), u.serves.end(), gone) == u.serves.end());
    QCOMPARE(errorCount(design, mCatalog), 0);
    edit.patch.revert(design);
    QVERIFY(design == mSample);
}

void TestDesignEdit::renameFollowsFeeds()
{
    Design design = mSample;
    const std::string old = design.racks[0].id;
    Rack r = design.racks[0];
    r.id = "NEW-ID";
    const Edit edit = changeRack(design, mCatalog, 0, r);
    QVERIFY2(edit.ok(), edit.error.c_str());
    edit.patch.apply(design);
    int feeds = 0;
    for (const auto *list : {&design.powerUnits, &design.coolingUnits})
        for (const FacilityUnit &u : *list) {
            QVERIFY(std::find(u.serves.begin(), u.serves.end(), old) == u.serves.end());
            feeds += static_cast<int>(std::count(u.serves.begin(), u.serves.end(), "NEW-ID"));
        }
    QVERIFY(feeds >= 2); // at least one power and one cooling unit
    QCOMPARE(errorCount(design, mCatalog), 0);
}

void TestDesignEdit::feedAndAutoAssign()
{
    Design design = mSample;
    const Edit add = addRack(design, mCatalog, design.racks[0].catalogId, {1.0, design.hall.depthM - 1.0});
    QVERIFY(add.ok());
    add.patch.apply(design);
    const int rack = static_cast<int>(design.racks.size()) - 1;
    const std::string id = design.racks.back().id;

    const Edit f = feed(design, true, 0, {rack});
    QVERIFY2(f.ok(), f.error.c_str());
    f.patch.apply(design);
    QCOMPARE(design.powerUnits[0].serves.back(), id);

    // Auto-assign now only needs cooling for the new rack: the nearest cooling unit.
    const Edit a = autoAssignNearest(design);
    QVERIFY2(a.ok(), a.error.c_str());
    QVERIFY(a.patch.powerUnits.empty());
    QCOMPARE(a.patch.coolingUnits.changed.size(), size_t(1));
    const size_t chosen = a.patch.coolingUnits.changed.front().index;
    const Rack &r = design.racks.back();
    for (const FacilityUnit &u : design.coolingUnits)
        QVERIFY(std::hypot(u.xM - r.xM, u.yM - r.yM)
                >= std::hypot(design.coolingUnits[chosen].xM - r.xM, design.coolingUnits[chosen].yM - r.yM) - 1e-9);
    a.patch.apply(design);
    QVERIFY(!autoAssignNearest(design).ok());
}

void TestDesignEdit::movesMerge()
{
    Design design = mSample;
    Edit first = moveBy(design, {{0, 1}, {}, {}}, 0.6, 0);
    first.patch.apply(design);
    Edit second = moveBy(design, {{0, 1}, {}, {}}, 0.6, 0.6);
    second.patch.apply(design);
    QVERIFY(first.patch.mergeWith(second.patch));
    first.patch.revert(design);
    QVERIFY(design == mSample);
    // A different selection does not merge.
    Edit other = moveBy(design, {{2}, {}, {}}, 0.6, 0);
    Edit again = moveBy(design, {{0, 1}, {}, {}}, 0.6, 0);
    QVERIFY(!again.patch.mergeWith(other.patch));
}

void TestDesignEdit::settingsCarryWholeStructs()
{
    Design design = mSample;
    Design s = design;
    s.reliability.repairHours = 48;
    s.fabric.oversubscription = {2.0};
    s.racks.clear(); // lists in the settings are ignored
    const Edit edit = changeSettings(design, mCatalog, s);
    QVERIFY2(edit.ok(), edit.error.c_str());
    edit.patch.apply(design);
    QCOMPARE(design.reliability.repairHours, 48.0);
    QCOMPARE(design.fabric.oversubscription, std::vector<double>{2.0});
    QCOMPARE(design.racks.size(), mSample.racks.size());
    edit.patch.revert(design);
    QVERIFY(design == mSample);
}

void TestDesignEdit::pasteShiftsToPoint()
{
    Design design = mSample;
    const std::vector<Rack> racks = {design.racks[0], design.racks[1]};
    const Edit edit = paste(design, mCatalog, racks, {}, {}, {1.2, design.hall.depthM - 2.0});
    QVERIFY2(edit.ok(), edit.error.c_str());
    edit.patch.apply(design);
    const Rack &a = design.racks[design.racks.size() - 2];
    const Rack &b = design.racks.back();
    QVERIFY(a.id != racks[0].id && b.id != racks[1].id);
    QVERIFY(std::abs((b.xM - a.xM) - (racks[1].xM - racks[0].xM)) < 1e-9); // shape kept
    QCOMPARE(errorCount(design, mCatalog), 0);
    // Unknown parts on the clipboard are refused.
    std::vector<Rack> bad = racks;
    bad[0].contents[0].catalogId = "nope";
    QVERIFY(!paste(mSample, mCatalog, bad, {}, {}, {1, 1}).ok());
}

/// Copies of a row go where they overlap nothing, inside the hall: the old fixed offset (one step
/// down and right) put each copy into its neighbour. A single rack with free floor beside it keeps
/// the nearest free offset.
void TestDesignEdit::duplicateLandsOnFreeFloor()
{
    Design design = mSample;
    const std::vector<int> row = firstRow(design);
    QVERIFY(row.size() > 3);
    const double step = std::max(design.hall.gridM, 0.6);
    Selection sel;
    sel.racks = row;
    {
        Design naive = design;
        duplicate(naive, sel, step, step).patch.apply(naive);
        QVERIFY(!overlappingRacks(naive, mCatalog).empty()); // what Duplicate did before
    }
    std::vector<size_t> chosen(row.begin(), row.end());
    const auto [dx, dy] = freeCopyOffset(design, mCatalog, chosen, step);
    QVERIFY(dx != 0.0 || dy != 0.0);
    QVERIFY(std::abs(std::remainder(dx, step)) < 1e-9 && std::abs(std::remainder(dy, step)) < 1e-9); // whole steps
    Edit edit = duplicate(design, sel, dx, dy);
    edit.patch.apply(design);
    QVERIFY(overlappingRacks(design, mCatalog).empty());
    for (size_t i = mSample.racks.size(); i < design.racks.size(); ++i) {
        QVERIFY(design.racks[i].xM >= 0 && design.racks[i].xM <= design.hall.widthM);
        QVERIFY(design.racks[i].yM >= 0 && design.racks[i].yM <= design.hall.depthM);
    }
    QCOMPARE(errorCount(design, mCatalog), 0);
}

/// A rack dropped in line with a row joins it; one dropped away from every row starts the first
/// free "Row NN" (before, it had no row and the plan drew it unlabelled).
void TestDesignEdit::droppedRackIsAlwaysInARow()
{
    Design design = mSample;
    std::set<std::string> rows;
    for (const Rack &r : design.racks)
        rows.insert(r.row);
    const Rack &first = design.racks.front();
    Edit inLine = addRack(design, mCatalog, first.catalogId, {design.hall.widthM - 1.0, first.yM});
    QVERIFY(inLine.ok());
    QCOMPARE(inLine.patch.racks.inserted.front().second.row, first.row);
    Edit away = addRack(design, mCatalog, first.catalogId, {1.0, design.hall.depthM - 1.0});
    QVERIFY(away.ok());
    const std::string row = away.patch.racks.inserted.front().second.row;
    QVERIFY(!row.empty());
    QVERIFY2(!rows.count(row), row.c_str());
    QCOMPARE(row.rfind("Row ", 0), size_t(0));
}

void TestDesignEdit::overlapCheckAgreesWithThePairwiseTest()
{
    // The grid and the bounding-box shortcut of overlappingRacks find exactly the pairs the plain
    // separating-axis test finds, racks turned at any angle, touching, overlapping or apart.
    Design d = sampleDesign(mCatalog);
    const Rack proto = d.racks.front();
    d.racks.clear();
    std::mt19937 random(7);
    std::uniform_real_distribution<double> x(2.0, 9.0), angle(-360.0, 360.0);
    std::uniform_int_distribution<int> snap(0, 3);
    for (int i = 0; i < 160; ++i) {
        Rack r = proto;
        r.id = "R" + std::to_string(i);
        r.xM = x(random);
        r.yM = x(random);
        // A quarter of them square to the hall and on a 0.6 m grid: side by side, touching.
        r.rotationDeg = snap(random) == 0 ? 0.0 : angle(random);
        if (r.rotationDeg == 0.0)
            r.xM = std::round(r.xM / 0.6) * 0.6;
        d.racks.push_back(r);
    }
    const CatalogEntry *type = mCatalog.find(proto.catalogId);
    std::set<std::pair<size_t, size_t>> expected;
    for (size_t i = 0; i < d.racks.size(); ++i)
        for (size_t j = 0; j < i; ++j) {
            const auto print = [&](const Rack &r) {
                return Footprint{r.xM, r.yM, type->figure("width_m"), type->figure("depth_m"), r.rotationDeg};
            };
            if (footprintPenetration(print(d.racks[j]), print(d.racks[i])) > kFootprintToleranceM)
                expected.insert({j, i});
        }
    std::set<std::pair<size_t, size_t>> found;
    for (const FootprintOverlap &o : overlappingRacks(d, mCatalog))
        found.insert({o.earlier, o.later});
    QVERIFY(expected.size() > 20); // the case is not trivial
    QVERIFY(found == expected);
}

QTEST_GUILESS_MAIN(TestDesignEdit)
#include "test_designedit.moc"

