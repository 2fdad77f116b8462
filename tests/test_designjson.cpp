// Tests the design JSON interchange: round trip, versioning, and bad input named precisely.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/io/designjson.h"
#include "model/generate/templates.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

using namespace cp;
using json = nlohmann::json;

class TestDesignJson : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTripInMemory_data();
    void roundTripInMemory();
    void roundTripThroughFile();
    void embeddedCatalogIsMerged();
    void badInput_data();
    void badInput();
    void failedImportLeavesCatalogUnchanged();
    void version1RecomputationReadsAsAuto();
};

void TestDesignJson::roundTripInMemory_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("gpus");
    QTest::newRow("classic 1024") << QStringLiteral("classic") << 1024;
    QTest::newRow("classic 4096, 3 tiers") << QStringLiteral("classic") << 4096;
    QTest::newRow("supernode 1152") << QStringLiteral("supernode") << 1152;
}

void TestDesignJson::roundTripInMemory()
{
    QFETCH(QString, kind);
    QFETCH(int, gpus);
    const Catalog c = Catalog::builtin();
    Design d = generateTemplate({kind.toStdString(), gpus, {}}, c);
    // Settings that templates leave at defaults must survive too.
    d.workload.parallelism = {false, 8, 9, 16, 1, 1, 1, 3, 1, 2};
    d.workload.recompute = "selective";
    d.workload.pipelineSchedule = "dualpipe";
    d.workload.moeGroups = 8;
    d.workload.moeTopGroups = 4;
    d.workload.moeDispatcher = "deduplicated";
    d.workload.moeDispatchPrecision = "fp8";
    d.workload.expertFfnHidden = 2048;
    d.workload.sharedExperts = 1;
    d.workload.mtpLayers = 1;
    d.workload.attention = "unfused";
    d.workload.sequenceParallel = "false";
    d.workload.overlapComm = "false";
    d.workload.gradReduce = "bf16";
    d.workload.experts = 64;
    d.workload.activeExperts = 8;
    d.workload.moeLoadImbalance = 1.3;
    d.fabric.oversubscription = {1.0, 2.5};
    d.reliability.hotSparesPerDomain = 4;
    d.finance.pue = 1.25;
    d.racks[0].rotationDeg = 90;
    const Design back = designFromJson(designToJson(d), "memory");
    QVERIFY(back == d);
}

void TestDesignJson::roundTripThroughFile()
{
    QTemporaryDir dir;
    const std::string path = cptest::tempPath(dir, "design.json");
    const Catalog c = Catalog::builtin();
    const Design d = sampleDesign(c);
    exportDesignJson(d, c, path);
    Catalog imported = Catalog::builtin();
    const Design back = importDesignJson(path, imported);
    QVERIFY(back == d);
    QVERIFY(imported == c); // the embedded entries are the builtin ones, unchanged
    // The file carries its format and version.
    const json j = json::parse(cptest::readFile(path));
    CP_COMPARE_STR(j["format"].get<std::string>(), std::string("cluster-planner-design"));
    QCOMPARE(j["version"].get<int>(), kDesignJsonVersion);
    QVERIFY(j["catalog"]["entries"].size() >= 8);
}

void TestDesignJson::embeddedCatalogIsMerged()
{
    // A design saved elsewhere with a part this installation's catalog lacks opens with it.
    const Catalog c = Catalog::builtin();
    Design d = sampleDesign(c);
    Catalog extended = c;
    CatalogEntry sw = c.at("qm9700");
    sw.id = "qm9700-refurb";
    sw.figures["price_usd"] = 20000;
    extended.put(sw);
    d.fabric.switchId = "qm9700-refurb";
    QTemporaryDir dir;
    const std::string path = cptest::tempPath(dir, "d.json");
    exportDesignJson(d, extended, path);
    Catalog target = Catalog::builtin();
    QVERIFY(!target.contains("qm9700-refurb"));
    importDesignJson(path, target);
    QCOMPARE(target.at("qm9700-refurb").figure("price_usd"), 20000.0);
    QVERIFY(validate(d, target).empty());
}

void TestDesignJson::badInput_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("problem");
    const Catalog c = Catalog::builtin();
    json good = designToJson(sampleDesign(c));
    good["catalog"] = usedCatalogEntries(sampleDesign(c), c).toJson();
    const auto mutated = [&](const std::function<void(json &)> &f) {
        json j = good;
        f(j);
        return QString::fromStdString(j.dump());
    };
    const std::string dump = good.dump(2);
    QTest::newRow("truncated") << QString::fromStdString(dump.substr(0, dump.size() / 2))
                               << QStringLiteral("line ") << QStringLiteral("not valid JSON");
    QTest::newRow("not an object") << QStringLiteral("[1,2,3]") << QStringLiteral("(top level)")
                                   << QStringLiteral("expected an object");
    QTest::newRow("wrong format") << QStringLiteral(R"({"format":"x","version":1})")
                                  << QStringLiteral("format") << QStringLiteral("not a Cluster Planner design");
    QTest::newRow("newer version") << mutated([](json &j) { j["version"] = 7; })
                                   << QStringLiteral("version") << QStringLiteral("newer than this program");
    QTest::newRow("no design") << mutated([](json &j) { j.erase("design"); })
                               << QStringLiteral("design") << QStringLiteral("missing");
    QTest::newRow("rack x wrong type") << mutated([](json &j) { j["design"]["racks"][3]["x_m"] = "12"; })
                                       << QStringLiteral("design.racks[3].x_m") << QStringLiteral("expected a number, found string");
    QTest::newRow("racks not array") << mutated([](json &j) { j["design"]["racks"] = 5; })
                                     << QStringLiteral("design.racks") << QStringLiteral("expected an array");
    QTest::newRow("rack without id") << mutated([](json &j) { j["design"]["racks"][0].erase("id"); })
                                     << QStringLiteral("design.racks[0].id") << QStringLiteral("missing");
    QTest::newRow("unknown role") << mutated([](json &j) { j["design"]["racks"][32]["contents"][0]["role"] = "boss"; })
                                  << QStringLiteral("design.racks[32].contents[0].role") << QStringLiteral("unknown role");
    QTest::newRow("count not integer") << mutated([](json &j) { j["design"]["racks"][0]["contents"][0]["count"] = 2.5; })
                                       << QStringLiteral("contents[0].count") << QStringLiteral("expected an integer");
    QTest::newRow("huge integer") << mutated([](json &j) { j["design"]["workload"]["layers"] = 1000000000000LL; })
                                  << QStringLiteral("design.workload.layers") << QStringLiteral("out of range");
    QTest::newRow("bad redundancy") << mutated([](json &j) { j["design"]["power_units"][0]["redundancy"] = "3N"; })
                                    << QStringLiteral("design.power_units[0].redundancy") << QStringLiteral("unknown redundancy");
    QTest::newRow("serves not strings") << mutated([](json &j) { j["design"]["cooling_units"][0]["serves"] = json::array({1, 2}); })
                                        << QStringLiteral("design.cooling_units[0].serves[0]") << QStringLiteral("expected a string");
    QTest::newRow("bad topology") << mutated([](json &j) { j["design"]["fabric"]["topology"] = "torus"; })
                                  << QStringLiteral("design.fabric.topology") << QStringLiteral("unknown topology");
    QTest::newRow("auto not bool") << mutated([](json &j) { j["design"]["workload"]["parallelism"]["auto"] = "yes"; })
                                   << QStringLiteral("design.workload.parallelism.auto") << QStringLiteral("true or false");
    QTest::newRow("zero not a stage") << mutated([](json &j) { j["design"]["workload"]["parallelism"]["zero"] = "some"; })
                                      << QStringLiteral("design.workload.parallelism.zero") << QStringLiteral("\"auto\"");
    QTest::newRow("etp not integer") << mutated([](json &j) { j["design"]["workload"]["parallelism"]["etp"] = 1.5; })
                                     << QStringLiteral("design.workload.parallelism.etp") << QStringLiteral("expected an integer");
    QTest::newRow("bad embedded catalog") << mutated([](json &j) { j["catalog"]["entries"][0]["figures"]["price_usd"] = -1; })
                                          << QStringLiteral("(catalog)") << QStringLiteral("non-negative");
}

void TestDesignJson::badInput()
{
    QFETCH(QString, text);
    QFETCH(QString, place);
    QFETCH(QString, problem);
    QTemporaryDir dir;
    const std::string path = cptest::tempPath(dir, "bad.json");
    cptest::writeFile(path, text.toStdString());
    Catalog catalog = Catalog::builtin();
    try {
        importDesignJson(path, catalog);
        QFAIL("bad input was accepted");
    } catch (const LoadError &e) {
        const QString message = QString::fromUtf8(e.what());
        QVERIFY2(message.startsWith(QString::fromStdString(path)), qPrintable(message));
        QVERIFY2(message.contains(place), qPrintable(message));
        QVERIFY2(message.contains(problem), qPrintable(message));
    }
}

void TestDesignJson::failedImportLeavesCatalogUnchanged()
{
    const Catalog c = Catalog::builtin();
    json j = designToJson(sampleDesign(c));
    json entries = json::array();
    entries.push_back({{"id", "orphan"}, {"kind", "server"}, {"name", "Orphan"},
                       {"figures", {{"gpus", 8}, {"nics", 8}, {"height_u", 8}, {"power_max_w", 1},
                                    {"power_typical_w", 1}, {"power_idle_w", 1}, {"weight_kg", 1},
                                    {"price_usd", 1}}},
                       {"refs", {{"accelerator", "nope"}, {"nic", "cx7-400g"}}},
                       {"sources", {{"*", "x"}}}});
    j["catalog"] = {{"format", "cluster-planner-catalog"}, {"version", 1}, {"entries", entries}};
    QTemporaryDir dir;
    const std::string path = cptest::tempPath(dir, "orphan.json");
    cptest::writeFile(path, j.dump());
    Catalog catalog = Catalog::builtin();
    QVERIFY_THROWS_EXCEPTION(LoadError, importDesignJson(path, catalog));
    QVERIFY(catalog == c);
}

void TestDesignJson::version1RecomputationReadsAsAuto()
{
    // Version 1 stored a recomputation the evaluation never applied: whatever it says, it reads
    // as "auto" (the search's choice, which the design's figures always were). Version 2 keeps it.
    const Catalog c = Catalog::builtin();
    Design d = sampleDesign(c);
    d.workload.recompute = "full";
    json j = designToJson(d);
    QCOMPARE(j["version"].get<int>(), 2);
    CP_COMPARE_STR(j["design"]["workload"]["recompute"].get<std::string>(), std::string("full"));
    CP_COMPARE_STR(designFromJson(j, "v2").workload.recompute, std::string("full"));
    j["version"] = 1;
    CP_COMPARE_STR(designFromJson(j, "v1").workload.recompute, std::string("auto"));
    // The ZeRO stage is "auto" in files when the search chooses it, a number when pinned.
    CP_COMPARE_STR(j["design"]["workload"]["parallelism"]["zero"].get<std::string>(), std::string("auto"));
    j["design"]["workload"]["parallelism"]["zero"] = 2;
    QCOMPARE(designFromJson(j, "v1").workload.parallelism.zero, 2);
}

QTEST_GUILESS_MAIN(TestDesignJson)
#include "test_designjson.moc"
