// Tests .cplan project files: round trip, history, migration, and refusal of bad files.

#include "model/core/catalog.h"
#include "model/io/projectfile.h"
#include "model/generate/templates.h"
#include "testsupport.h"

#include <sqlite3.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

using namespace cp;

namespace {

/// Runs SQL on a file directly, as a hand edit or another program would.
void execSql(const std::string &path, const std::string &sql)
{
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    char *err = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err);
    const QString message = QString::fromUtf8(err ? err : "");
    sqlite3_free(err);
    sqlite3_close(db);
    QVERIFY2(rc == SQLITE_OK, qPrintable(message));
}

QString loadError(const std::string &path)
{
    try {
        ProjectFile::load(path);
    } catch (const LoadError &e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

} // namespace

class TestProjectFile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTrip_data();
    void roundTrip();
    void historyAccumulates();
    void keepsCatalogAsDecided();
    void migratesSchema1();
    void migratesSchema2();
    void migratesSchema3();
    void scenariosRoundTrip();
    void saveKeepsOtherScenarios();
    void scenarioErrors();
    void saveProjectWritesTheWholeSet();
    void newerSchemaRefused();
    void saveRefusesToOverwriteNewer();
    void badFiles_data();
    void badFiles();
    void wrongTypedRow();
    void unwritableLocation();

private:
    QTemporaryDir mDir;
};

void TestProjectFile::roundTrip_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("gpus");
    QTest::newRow("classic") << QStringLiteral("classic") << 1024;
    QTest::newRow("supernode") << QStringLiteral("supernode") << 1152;
}

void TestProjectFile::roundTrip()
{
    QFETCH(QString, kind);
    QFETCH(int, gpus);
    const Catalog c = Catalog::builtin();
    Design d = generateTemplate({kind.toStdString(), gpus, {}}, c);
    d.description = "ünïcødé — and 'quotes'";
    d.racks[1].rotationDeg = 180; // turned round in its place (90° would stand in its neighbours)
    const std::string path = cptest::tempPath(mDir, (kind + QStringLiteral(".cplan")).toUtf8().constData());
    ProjectFile::save(path, d, c, "alice", "first save");
    const Project p = ProjectFile::load(path);
    QVERIFY(p.design == d);
    QCOMPARE(p.revisions.size(), size_t(1));
    CP_COMPARE_STR(p.revisions[0].author, std::string("alice"));
    CP_COMPARE_STR(p.revisions[0].comment, std::string("first save"));
    QCOMPARE(p.revisions[0].timeUtc.size(), size_t(20));
    // Only the entries the design uses are embedded, and they are complete.
    QVERIFY(p.catalog.size() < c.size());
    for (const auto &e : p.catalog.entries())
        QVERIFY(e == c.at(e.id));
    QVERIFY(validate(p.design, p.catalog).empty());
}

void TestProjectFile::historyAccumulates()
{
    const Catalog c = Catalog::builtin();
    Design d = sampleDesign(c);
    const std::string path = cptest::tempPath(mDir, "history.cplan");
    ProjectFile::save(path, d, c, "alice", "v1");
    d.racks.pop_back();
    ProjectFile::save(path, d, c, "bob", "removed the storage rack");
    const Project p = ProjectFile::load(path);
    QCOMPARE(p.design.racks.size(), d.racks.size());
    QCOMPARE(p.revisions.size(), size_t(2));
    CP_COMPARE_STR(p.revisions[1].author, std::string("bob"));
    CP_COMPARE_STR(p.revisions[1].comment, std::string("removed the storage rack"));
    QVERIFY(p.revisions[0].id < p.revisions[1].id);
}

void TestProjectFile::keepsCatalogAsDecided()
{
    // Months later the shipped catalog has new prices; the project keeps the ones it was saved with.
    Catalog then = Catalog::builtin();
    CatalogEntry server = then.at("dgx-h100");
    server.figures["price_usd"] = 123456;
    then.put(server);
    const std::string path = cptest::tempPath(mDir, "decided.cplan");
    ProjectFile::save(path, sampleDesign(then), then, "alice", "priced");
    const Project p = ProjectFile::load(path);
    QCOMPARE(p.catalog.at("dgx-h100").figure("price_usd"), 123456.0);
}

void TestProjectFile::migratesSchema1()
{
    const std::string path = cptest::tempPath(mDir, "v1.cplan");
    execSql(path, cptest::readFile(cptest::dataPath("project-v1.sql")));
    const std::string before = cptest::readFile(path);

    const Project p = ProjectFile::load(path);
    CP_COMPARE_STR(p.design.name, std::string("Two racks from 2025"));
    QCOMPARE(p.design.racks.size(), size_t(2));
    QCOMPARE(p.design.racks[0].rotationDeg, 0.0); // column added by the migration
    QCOMPARE(p.design.racks[1].contents[0].role, SwitchRole::Leaf);
    QCOMPARE(p.design.finance.lifeYears, 4.0);
    QCOMPARE(p.design.powerUnits.size(), size_t(2));
    QCOMPARE(p.design.coolingUnits[1].redundancy, Redundancy::NPlus1);
    QCOMPARE(p.revisions.size(), size_t(2));
    CP_COMPARE_STR(p.revisions[0].author, std::string("unknown"));
    CP_COMPARE_STR(p.revisions[1].comment, std::string("second leaf rack"));
    // Opening migrates in memory: the file on disk is untouched until saved.
    QVERIFY(cptest::readFile(path) == before);

    // Saving writes the current schema and keeps the old history.
    Catalog c = Catalog::builtin();
    ProjectFile::save(path, p.design, c, "carol", "migrated");
    const Project again = ProjectFile::load(path);
    QCOMPARE(again.revisions.size(), size_t(3));
    CP_COMPARE_STR(again.revisions[0].comment, std::string("first layout"));
    CP_COMPARE_STR(again.revisions[2].author, std::string("carol"));
    QVERIFY(again.design == p.design);
}

void TestProjectFile::migratesSchema2()
{
    // A schema 2 file (one design, no scenario names) opens as a project with one scenario,
    // "main"; the old cloud-price default stored for every design (2.49, the H100 price) becomes
    // 0 again, so the design's own accelerator price applies (docs/file-format.md).
    const std::string path = cptest::tempPath(mDir, "v2.cplan");
    execSql(path, cptest::readFile(cptest::dataPath("project-v2.sql")));
    const std::string before = cptest::readFile(path);
    const Project p = ProjectFile::load(path);
    QCOMPARE(p.scenarios.size(), size_t(1));
    CP_COMPARE_STR(p.scenario, std::string(ProjectFile::kDefaultScenario));
    CP_COMPARE_STR(p.design.name, std::string("One NVL72 from 2026"));
    QCOMPARE(p.design.finance.cloudUsdPerGpuHour, 0.0);
    QCOMPARE(p.design.finance.energyUsdPerKwh, 0.066); // other settings untouched
    QCOMPARE(p.design.finance.lifeYears, 4.0);
    QCOMPARE(p.design.racks[1].rotationDeg, 180.0);
    QVERIFY(p.scenarios.front().design == p.design);
    QVERIFY(cptest::readFile(path) == before); // migrated in memory only
    CP_COMPARE_STR(ProjectFile::load(path, "main").design.name, p.design.name);

    // Saving a scenario writes the current schema and keeps the history and the migrated design.
    Catalog c = Catalog::builtin();
    ProjectFile::saveScenario(path, "variant", p.design, c, "erin", "a variant");
    const Project again = ProjectFile::load(path);
    QCOMPARE(again.scenarios.size(), size_t(2));
    CP_COMPARE_STR(again.scenarios[0].name, std::string("main"));
    QVERIFY(again.scenarios[0].design == p.design);
    QCOMPARE(again.revisions.size(), size_t(2));
    CP_COMPARE_STR(again.revisions[0].author, std::string("dana"));

    // A value other than the old default is the user's: kept.
    const std::string kept = cptest::tempPath(mDir, "v2-kept.cplan");
    execSql(kept, cptest::readFile(cptest::dataPath("project-v2.sql")));
    execSql(kept, "UPDATE design SET settings = replace(settings, '2.49', '3.1')");
    QCOMPARE(ProjectFile::load(kept).design.finance.cloudUsdPerGpuHour, 3.1);
}

void TestProjectFile::migratesSchema3()
{
    // Schema 3 stored a recomputation with each design that the evaluation never applied: it
    // reads as "auto" (the search's choice, as the figures always were); other settings stay.
    const Catalog c = Catalog::builtin();
    Design d = sampleDesign(c);
    d.workload.recompute = "full";
    d.workload.parallelism.zero = 2;
    const std::string path = cptest::tempPath(mDir, "v3.cplan");
    ProjectFile::save(path, d, c, "alice", "schema 4");
    CP_COMPARE_STR(ProjectFile::load(path).design.workload.recompute, std::string("full")); // schema 4 keeps it
    execSql(path, "UPDATE meta SET value='3' WHERE key='schema_version'");
    const std::string before = cptest::readFile(path);
    const Project p = ProjectFile::load(path);
    CP_COMPARE_STR(p.design.workload.recompute, std::string("auto"));
    QCOMPARE(p.design.workload.parallelism.zero, 2);
    CP_COMPARE_STR(p.design.name, d.name);
    QVERIFY(cptest::readFile(path) == before); // migrated in memory only
    // Saved again: schema 4, and what was read is what is kept.
    ProjectFile::save(path, p.design, c, "bob", "resaved");
    QVERIFY(ProjectFile::load(path).design == p.design);
}

void TestProjectFile::scenariosRoundTrip()
{
    // A project holds several named designs; each loads by name; the first is the default.
    const Catalog c = Catalog::builtin();
    const Design classic = generateTemplate({"classic", 256, {}}, c);
    const Design sn = generateTemplate({"supernode", 576, {}}, c);
    Design hosted = classic;
    hosted.name = "Hosted 256";
    hosted.finance.ownership = Ownership::CloudHosted;
    const std::string path = cptest::tempPath(mDir, "scenarios.cplan");
    ProjectFile::saveScenario(path, "classic", classic, c, "alice", "a");
    ProjectFile::saveScenario(path, "nvl72", sn, c, "alice", "b");
    ProjectFile::saveScenario(path, "hosted-3y", hosted, c, "bob", "c");
    const std::vector<std::string> names = ProjectFile::scenarioNames(path);
    QCOMPARE(names, (std::vector<std::string>{"classic", "nvl72", "hosted-3y"}));
    const Project p = ProjectFile::load(path);
    QVERIFY(p.design == classic);
    CP_COMPARE_STR(p.scenario, std::string("classic"));
    QVERIFY(ProjectFile::load(path, "nvl72").design == sn);
    QVERIFY(ProjectFile::load(path, "hosted-3y").design == hosted);
    QCOMPARE(p.revisions.size(), size_t(3));
    // The catalog holds what every scenario uses.
    QVERIFY(p.catalog.contains("gb200-nvl72") && p.catalog.contains("dgx-h100"));
    QVERIFY(validate(ProjectFile::load(path, "nvl72").design, p.catalog).empty());

    // Replacing keeps the place; removing keeps the others in order.
    Design smaller = sn;
    smaller.racks.pop_back();
    ProjectFile::saveScenario(path, "nvl72", smaller, c, "carol", "replaced");
    QCOMPARE(ProjectFile::scenarioNames(path), names);
    QVERIFY(ProjectFile::load(path, "nvl72").design == smaller);
    ProjectFile::removeScenario(path, "classic", "carol", "removed");
    QCOMPARE(ProjectFile::scenarioNames(path), (std::vector<std::string>{"nvl72", "hosted-3y"}));
    QVERIFY(ProjectFile::load(path).design == smaller); // the new default is the first
    QCOMPARE(ProjectFile::load(path).revisions.size(), size_t(5));
}

void TestProjectFile::saveKeepsOtherScenarios()
{
    // Saving one design (the app's Save) replaces the default scenario and keeps the others.
    const Catalog c = Catalog::builtin();
    const std::string path = cptest::tempPath(mDir, "keep.cplan");
    Design a = generateTemplate({"classic", 64, {}}, c);
    const Design b = generateTemplate({"supernode", 72, {}}, c);
    ProjectFile::save(path, a, c, "alice", "first");
    CP_COMPARE_STR(ProjectFile::load(path).scenario, std::string("main"));
    ProjectFile::saveScenario(path, "b", b, c, "alice", "second");
    a.name = "Edited";
    ProjectFile::save(path, a, c, "alice", "edit");
    const Project p = ProjectFile::load(path);
    QCOMPARE(p.scenarios.size(), size_t(2));
    CP_COMPARE_STR(p.scenarios[0].name, std::string("main"));
    CP_COMPARE_STR(p.design.name, std::string("Edited"));
    QVERIFY(p.scenarios[1].design == b);
}

void TestProjectFile::scenarioErrors()
{
    const Catalog c = Catalog::builtin();
    const std::string path = cptest::tempPath(mDir, "errors.cplan");
    const Design d = generateTemplate({"classic", 64, {}}, c);
    ProjectFile::saveScenario(path, "only", d, c, "alice", "x");
    const std::string before = cptest::readFile(path);
    for (const char *bad : {"", "has space", "a#b", "-dash", "ünï"})
        QVERIFY2(!ProjectFile::scenarioNameProblem(bad).empty(), bad);
    QVERIFY(ProjectFile::scenarioNameProblem("nvl72_v2.1-b").empty());
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ProjectFile::saveScenario(path, "a b", d, c, "a", "x"));
    try {
        ProjectFile::load(path, "nope");
        QFAIL("an unknown scenario loaded");
    } catch (const LoadError &e) {
        const QString m = QString::fromUtf8(e.what());
        QVERIFY2(m.startsWith(QString::fromStdString(path)) && m.contains(QStringLiteral("\"nope\""))
                     && m.contains(QStringLiteral("only")),
                 qPrintable(m));
    }
    QVERIFY_THROWS_EXCEPTION(LoadError, ProjectFile::removeScenario(path, "nope", "a", "x"));
    QVERIFY_THROWS_EXCEPTION(LoadError, ProjectFile::removeScenario(path, "only", "a", "x")); // the last one
    QVERIFY(cptest::readFile(path) == before); // nothing was written by the refused calls
    // Two rows with one name cannot exist (a unique index).
    execSql(path, "UPDATE design SET scenario='x'");
    QCOMPARE(ProjectFile::scenarioNames(path), std::vector<std::string>{"x"});
}

void TestProjectFile::saveProjectWritesTheWholeSet()
{
    // The window's Save: every scenario as it holds them (renamed, reordered, one removed).
    const Catalog c = Catalog::builtin();
    const std::string path = cptest::tempPath(mDir, "whole.cplan");
    const Design a = generateTemplate({"classic", 64, {}}, c);
    const Design b = generateTemplate({"supernode", 72, {}}, c);
    ProjectFile::saveScenario(path, "a", a, c, "alice", "1");
    ProjectFile::saveScenario(path, "b", b, c, "alice", "2");
    ProjectFile::saveScenario(path, "gone", a, c, "alice", "3");
    ProjectFile::saveProject(path, {{"b-renamed", b}, {"a", a}}, c, "bob", "window");
    const Project p = ProjectFile::load(path);
    QCOMPARE(p.scenarios.size(), size_t(2));
    CP_COMPARE_STR(p.scenarios[0].name, std::string("b-renamed"));
    QVERIFY(p.scenarios[0].design == b);
    QVERIFY(p.scenarios[1].design == a);
    QCOMPARE(p.revisions.size(), size_t(4)); // the history is kept, one revision added
    QVERIFY(p.catalog.contains("gb200-nvl72") && p.catalog.contains("dgx-h100"));
    // Refused before anything is written: no scenario, a bad name, a repeated name.
    const std::string before = cptest::readFile(path);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ProjectFile::saveProject(path, {}, c, "a", "x"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ProjectFile::saveProject(path, {{"a b", a}}, c, "a", "x"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ProjectFile::saveProject(path, {{"a", a}, {"a", b}}, c, "a", "x"));
    QVERIFY(cptest::readFile(path) == before);
}

void TestProjectFile::newerSchemaRefused()
{
    const Catalog c = Catalog::builtin();
    const std::string path = cptest::tempPath(mDir, "newer.cplan");
    ProjectFile::save(path, sampleDesign(c), c, "alice", "x");
    execSql(path, "UPDATE meta SET value='99' WHERE key='schema_version'");
    const QString message = loadError(path);
    QVERIFY2(message.contains(QStringLiteral("schema version 99")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("newer")), qPrintable(message));
    QVERIFY(message.startsWith(QString::fromStdString(path)));
}

void TestProjectFile::saveRefusesToOverwriteNewer()
{
    const Catalog c = Catalog::builtin();
    const std::string path = cptest::tempPath(mDir, "newer2.cplan");
    ProjectFile::save(path, sampleDesign(c), c, "alice", "x");
    execSql(path, "UPDATE meta SET value='" + std::to_string(ProjectFile::kSchemaVersion + 1)
                      + "' WHERE key='schema_version'");
    const std::string before = cptest::readFile(path);
    QVERIFY_THROWS_EXCEPTION(LoadError, ProjectFile::save(path, sampleDesign(c), c, "bob", "y"));
    QVERIFY_THROWS_EXCEPTION(LoadError, ProjectFile::saveScenario(path, "other", sampleDesign(c), c, "bob", "y"));
    QVERIFY(cptest::readFile(path) == before);
}

void TestProjectFile::badFiles_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("expected");
    QTest::newRow("missing") << QStringLiteral("missing") << QStringLiteral("no such file");
    QTest::newRow("empty") << QStringLiteral("empty") << QStringLiteral("empty");
    QTest::newRow("text") << QStringLiteral("text") << QStringLiteral("not a Cluster Planner project");
    QTest::newRow("truncated") << QStringLiteral("truncated") << QStringLiteral("damaged or truncated");
    QTest::newRow("foreign sqlite") << QStringLiteral("foreign") << QStringLiteral("not a Cluster Planner project");
    QTest::newRow("folder") << QStringLiteral("folder") << QStringLiteral("folder");
    QTest::newRow("no design") << QStringLiteral("nodesign") << QStringLiteral("holds no design");
    QTest::newRow("damaged json") << QStringLiteral("badjson") << QStringLiteral("stored JSON (line 1, column ");
}

void TestProjectFile::badFiles()
{
    QFETCH(QString, kind);
    QFETCH(QString, expected);
    const Catalog c = Catalog::builtin();
    const std::string path = cptest::tempPath(mDir, (QStringLiteral("bad-") + kind + QStringLiteral(".cplan")).toUtf8().constData());
    if (kind == QStringLiteral("empty")) {
        cptest::writeFile(path, "");
    } else if (kind == QStringLiteral("text")) {
        cptest::writeFile(path, "This is not a database, it is a shopping list: 8 x H100, 1 switch.\n");
    } else if (kind == QStringLiteral("truncated")) {
        Design big = generateTemplate({"classic", 16384, {}}, c);
        ProjectFile::save(path, big, c, "alice", "x");
        const std::string bytes = cptest::readFile(path);
        cptest::writeFile(path, bytes.substr(0, bytes.size() / 2));
    } else if (kind == QStringLiteral("foreign")) {
        execSql(path, "CREATE TABLE songs(title TEXT); INSERT INTO songs VALUES ('x');");
    } else if (kind == QStringLiteral("folder")) {
        std::filesystem::create_directory(path);
    } else if (kind == QStringLiteral("nodesign")) {
        ProjectFile::save(path, sampleDesign(c), c, "alice", "x");
        execSql(path, "DELETE FROM design");
    } else if (kind == QStringLiteral("badjson")) {
        ProjectFile::save(path, sampleDesign(c), c, "alice", "x");
        execSql(path, "UPDATE rack SET contents='[{\"catalog_id\":' WHERE seq=3");
    }
    const QString message = loadError(path);
    QVERIFY2(!message.isEmpty(), "a bad file was accepted");
    QVERIFY2(message.startsWith(QString::fromStdString(path)), qPrintable(message));
    QVERIFY2(message.contains(expected), qPrintable(message));
}

void TestProjectFile::wrongTypedRow()
{
    const Catalog c = Catalog::builtin();
    const std::string path = cptest::tempPath(mDir, "typed.cplan");
    ProjectFile::save(path, sampleDesign(c), c, "alice", "x");
    execSql(path, "UPDATE rack SET x_m='left of the door' WHERE seq=5");
    const QString message = loadError(path);
    QVERIFY2(message.contains(QStringLiteral("table rack, seq 5, x_m")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("expected a number")), qPrintable(message));
}

void TestProjectFile::unwritableLocation()
{
    const Catalog c = Catalog::builtin();
    QVERIFY_THROWS_EXCEPTION(LoadError, ProjectFile::save("/nonexistent-dir/x.cplan", sampleDesign(c), c, "a", "b"));
    // The message says why, as the system does, not only SQLite's "unable to open database file".
    try {
        ProjectFile::save("/nonexistent-dir/x.cplan", sampleDesign(c), c, "a", "b");
    } catch (const LoadError &e) {
        const std::string what = e.what();
        QVERIFY2(what.find("/nonexistent-dir/x.cplan") != std::string::npos, what.c_str());
        QVERIFY2(what.find(std::strerror(ENOENT)) != std::string::npos, what.c_str());
    }
}

QTEST_GUILESS_MAIN(TestProjectFile)
#include "test_projectfile.moc"
