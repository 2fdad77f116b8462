// Tests loading the default catalog, user catalogs beside it, and broken catalog files.

#include "model/core/catalog.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

using namespace cp;

class TestCatalog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void builtinLoads();
    void builtinHasRequiredParts_data();
    void builtinHasRequiredParts();
    void everyFigureHasSource();
    void figuresMatchReference();
    void fileRoundTrip();
    void userCatalogMerges();
    void userCatalogBrokenLeavesCatalogUnchanged();
    void brokenFiles_data();
    void brokenFiles();
    void missingFile();
};

void TestCatalog::builtinLoads()
{
    const Catalog c = Catalog::builtin();
    QVERIFY(c.size() >= 30);
    for (PartKind kind : allPartKinds())
        QVERIFY2(!c.ofKind(kind).empty(), partKindName(kind));
}

void TestCatalog::builtinHasRequiredParts_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("kind");
    const std::pair<const char *, const char *> parts[] = {
        {"h100-sxm", "accelerator"}, {"h200-sxm", "accelerator"}, {"b200", "accelerator"},
        {"gb200", "accelerator"},    {"mi300x", "accelerator"},   {"dgx-h100", "server"},
        {"dgx-b200", "server"},      {"mi300x-platform", "server"}, {"gb200-nvl72", "supernode"},
        {"qm9700", "switch"},        {"sn5600", "switch"},        {"cx7-400g", "nic"},
        {"cx8-800g", "nic"},         {"dac-400g", "cable"},       {"aec-400g", "cable"},
        {"aoc-400g", "cable"},       {"sr4-400g", "cable"},       {"dr8-800g", "cable"},
        {"storage-nvme-2u", "storage"}, {"rack-42u-air", "rack"}, {"rack-48u-liquid", "rack"},
        {"pdu-floor-300kw", "pdu"},  {"busway-800a", "busway"},   {"ups-1mw", "ups"},
        {"crah-250kw", "crah"},      {"rdhx-55kw", "rear_door"},  {"cdu-inrow-600kw", "cdu"},
    };
    for (const auto &[id, kind] : parts)
        QTest::newRow(id) << QString::fromUtf8(id) << QString::fromUtf8(kind);
}

void TestCatalog::builtinHasRequiredParts()
{
    QFETCH(QString, id);
    QFETCH(QString, kind);
    const Catalog c = Catalog::builtin();
    const CatalogEntry *e = c.find(id.toStdString());
    QVERIFY2(e, qPrintable(id));
    QCOMPARE(QString::fromUtf8(partKindName(e->kind)), kind);
    for (const auto &key : requiredFigures(e->kind))
        QVERIFY2(e->hasFigure(key), key.c_str());
}

void TestCatalog::everyFigureHasSource()
{
    const Catalog c = Catalog::builtin();
    for (const auto &e : c.entries())
        for (const auto &[key, value] : e.figures) {
            const std::string source = e.sourceOf(key);
            QVERIFY2(source.size() > 10, (e.id + "." + key).c_str());
        }
}

void TestCatalog::figuresMatchReference()
{
    // Figures from ../shared/reference/figures.md (section A): dense peaks, not sparse.
    const Catalog c = Catalog::builtin();
    QCOMPARE(c.at("h100-sxm").figure("peak_tflops_bf16"), 989.4);
    QCOMPARE(c.at("h100-sxm").figure("hbm_gb"), 80.0);
    QCOMPARE(c.at("b200").figure("peak_tflops_bf16"), 2250.0);
    QCOMPARE(c.at("gb200").figure("peak_tflops_bf16"), 2500.0);
    QCOMPARE(c.at("mi300x").figure("hbm_gb"), 192.0);
    QCOMPARE(c.at("qm9700").figure("ports"), 64.0);
    QCOMPARE(c.at("qm9700").figure("port_gbps"), 400.0);
    QCOMPARE(c.at("sn5600").figure("port_gbps"), 800.0);
    QCOMPARE(c.at("gb200-nvl72").figure("gpus"), 72.0);
    QCOMPARE(c.at("gb200-nvl72").figure("spare_gpus"), 8.0);
    QCOMPARE(c.at("dgx-h100").figure("power_max_w"), 10200.0);
    CP_COMPARE_STR(c.at("dgx-h100").ref("accelerator"), std::string("h100-sxm"));
}

void TestCatalog::fileRoundTrip()
{
    QTemporaryDir dir;
    const std::string path = cptest::tempPath(dir, "cat.json");
    cptest::writeFile(path, Catalog::builtin().toJson().dump(1));
    const Catalog back = Catalog::fromFile(path);
    QVERIFY(back == Catalog::builtin());
}

void TestCatalog::userCatalogMerges()
{
    nlohmann::json user = {
        {"format", "cluster-planner-catalog"},
        {"version", 1},
        {"entries",
         {{{"id", "my-switch"}, {"kind", "switch"}, {"name", "House 64x400G"},
           {"figures", {{"ports", 64}, {"port_gbps", 400}, {"height_u", 1}, {"power_max_w", 800},
                        {"power_typical_w", 650}, {"power_idle_w", 300}, {"price_usd", 30000}}},
           {"sources", {{"*", "vendor quote Q-1234, 2026"}}}},
          {{"id", "qm9700"}, {"kind", "switch"}, {"name", "QM9700 (negotiated price)"},
           {"figures", {{"ports", 64}, {"port_gbps", 400}, {"height_u", 1}, {"power_max_w", 747},
                        {"power_typical_w", 635}, {"power_idle_w", 374}, {"price_usd", 31000}}},
           {"sources", {{"*", "vendor quote Q-1235, 2026"}}}}}}};
    Catalog c = Catalog::builtin();
    const size_t before = c.size();
    c.merge(Catalog::fromJson(user, "user.json"), "user.json");
    QCOMPARE(c.size(), before + 1);
    QVERIFY(c.contains("my-switch"));
    QCOMPARE(c.at("qm9700").figure("price_usd"), 31000.0); // user entries win
}

void TestCatalog::userCatalogBrokenLeavesCatalogUnchanged()
{
    // A user server naming an accelerator that exists in neither catalog: refused as a whole.
    nlohmann::json user = {
        {"format", "cluster-planner-catalog"},
        {"version", 1},
        {"entries",
         {{{"id", "box"}, {"kind", "server"}, {"name", "Box"},
           {"figures", {{"gpus", 8}, {"nics", 8}, {"height_u", 4}, {"power_max_w", 9000},
                        {"power_typical_w", 8000}, {"power_idle_w", 2000}, {"weight_kg", 80},
                        {"price_usd", 1}}},
           {"refs", {{"accelerator", "no-such-gpu"}, {"nic", "cx7-400g"}}},
           {"sources", {{"*", "quote"}}}}}}};
    Catalog c = Catalog::builtin();
    try {
        c.merge(Catalog::fromJson(user, "user.json"), "user.json");
        QFAIL("expected a LoadError");
    } catch (const LoadError &e) {
        QVERIFY2(std::string(e.what()).find("no-such-gpu") != std::string::npos, e.what());
        CP_COMPARE_STR(e.file(), std::string("user.json"));
    }
    QVERIFY(c == Catalog::builtin());
}

void TestCatalog::brokenFiles_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("place");   // expected in the message
    QTest::addColumn<QString>("problem"); // expected in the message

    const QString head = QStringLiteral(R"({"format":"cluster-planner-catalog","version":1,"entries":[)");
    const QString nic = QStringLiteral(R"({"id":"n1","kind":"nic","name":"N","figures":{"gbps":400,"power_w":20,"price_usd":1},"sources":{"*":"s"}})");
    QTest::newRow("syntax") << QStringLiteral("{\n  \"format\": \"cluster-planner-catalog\",\n  \"version\": 1,\n  \"entries\": [ {,] }")
                            << QStringLiteral("line 4") << QStringLiteral("not valid JSON");
    QTest::newRow("empty") << QString() << QStringLiteral("line 1") << QStringLiteral("not valid JSON");
    QTest::newRow("not a catalog") << QStringLiteral(R"({"format":"something-else","version":1})")
                                   << QStringLiteral("format") << QStringLiteral("not a Cluster Planner catalog");
    QTest::newRow("newer version") << QStringLiteral(R"({"format":"cluster-planner-catalog","version":9,"entries":[]})")
                                   << QStringLiteral("version") << QStringLiteral("newer");
    QTest::newRow("entries not array") << QStringLiteral(R"({"format":"cluster-planner-catalog","version":1,"entries":{}})")
                                       << QStringLiteral("entries") << QStringLiteral("not an array");
    QTest::newRow("figure wrong type") << head + QStringLiteral(R"({"id":"n1","kind":"nic","name":"N","figures":{"gbps":"400","power_w":20,"price_usd":1},"sources":{"*":"s"}}]})")
                                       << QStringLiteral("entries[0] (\"n1\").figures.gbps") << QStringLiteral("expected a number, found string");
    QTest::newRow("negative figure") << head + QStringLiteral(R"({"id":"n1","kind":"nic","name":"N","figures":{"gbps":400,"power_w":-20,"price_usd":1},"sources":{"*":"s"}}]})")
                                     << QStringLiteral("figures.power_w") << QStringLiteral("non-negative");
    QTest::newRow("absurd figure") << head + QStringLiteral(R"({"id":"n1","kind":"nic","name":"N","figures":{"gbps":400,"power_w":1e15,"price_usd":1},"sources":{"*":"s"}}]})")
                                   << QStringLiteral("figures.power_w") << QStringLiteral("absurdly large");
    QTest::newRow("missing figure") << head + QStringLiteral(R"({"id":"n1","kind":"nic","name":"N","figures":{"gbps":400,"price_usd":1},"sources":{"*":"s"}}]})")
                                    << QStringLiteral("entries[0] (\"n1\")") << QStringLiteral("needs \"power_w\"");
    QTest::newRow("no source") << head + QStringLiteral(R"({"id":"n1","kind":"nic","name":"N","figures":{"gbps":400,"power_w":20,"price_usd":1}}]})")
                               << QStringLiteral("sources") << QStringLiteral("has no source");
    QTest::newRow("unknown kind") << head + QStringLiteral(R"({"id":"x","kind":"toaster","name":"T"}]})")
                                  << QStringLiteral("entries[0] (\"x\").kind") << QStringLiteral("unknown kind");
    QTest::newRow("duplicate id") << head + nic + QStringLiteral(",") + nic + QStringLiteral("]}")
                                  << QStringLiteral("entries[1] (\"n1\")") << QStringLiteral("duplicate id");
    QTest::newRow("missing id") << head + QStringLiteral(R"({"kind":"nic","name":"N"}]})")
                                << QStringLiteral("entries[0]") << QStringLiteral("missing \"id\"");
    QTest::newRow("entry not object") << head + QStringLiteral("42]}")
                                      << QStringLiteral("entries[0]") << QStringLiteral("expected an object");
    QTest::newRow("ref wrong kind") << head + nic + QStringLiteral(R"(,{"id":"s1","kind":"server","name":"S","figures":{"gpus":8,"nics":8,"height_u":8,"power_max_w":1,"power_typical_w":1,"power_idle_w":1,"weight_kg":1,"price_usd":1},"refs":{"accelerator":"n1","nic":"n1"},"sources":{"*":"s"}}]})")
                                    << QStringLiteral("refs.accelerator") << QStringLiteral("is a nic; expected an entry of kind accelerator");
}

void TestCatalog::brokenFiles()
{
    QFETCH(QString, text);
    QFETCH(QString, place);
    QFETCH(QString, problem);
    QTemporaryDir dir;
    const std::string path = cptest::tempPath(dir, "broken.json");
    cptest::writeFile(path, text.toStdString());
    try {
        Catalog::fromFile(path);
        QFAIL("a broken catalog was accepted");
    } catch (const LoadError &e) {
        const QString message = QString::fromUtf8(e.what());
        QVERIFY2(message.startsWith(QString::fromStdString(path)), qPrintable(message));
        QVERIFY2(message.contains(place), qPrintable(message));
        QVERIFY2(message.contains(problem), qPrintable(message));
    }
}

void TestCatalog::missingFile()
{
    try {
        Catalog::fromFile("/nonexistent/catalog.json");
        QFAIL("expected a LoadError");
    } catch (const LoadError &e) {
        QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("cannot open")));
    }
}

QTEST_GUILESS_MAIN(TestCatalog)
#include "test_catalog.moc"
