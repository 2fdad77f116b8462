// The plugin registry: the shipped plugins load and hand out their objects by kind; a plugin for
// another interface version, a file that is no library, a broken library and a plugin whose
// initialisation fails are refused with a message, and loading carries on.

#include "model/engine/evaluation.h"
#include "plugintestsupport.h"
#include "model/generate/templates.h"
#include "testsupport.h"

#include <QFile>
#include <QTemporaryDir>

#include <algorithm>
#include <set>

using namespace cp;

class TestPlugins : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void shippedPluginsLoad();
    void objectsByKind();
    void refusesWrongVersionBrokenAndFailingPlugins();
    void initialisationThatThrowsIsRefused();
    void earlierFolderWins();
    void copyUnderAnotherNameLoadsOnce();
    void examplePluginExportsRacks();
    void cliListsPluginsAndProblems();
};

namespace {

bool hasProblem(const PluginRegistry &r, const std::string &fileEnd, const std::string &text)
{
    for (const Problem &p : r.problems())
        if (p.place.size() >= fileEnd.size() && p.place.compare(p.place.size() - fileEnd.size(), fileEnd.size(), fileEnd) == 0
            && p.message.find(text) != std::string::npos && p.severity == Severity::Error)
            return true;
    return false;
}

} // namespace

void TestPlugins::shippedPluginsLoad()
{
    const PluginRegistry &r = cptest::builtPlugins();
    QCOMPARE(int(r.plugins().size()), 5);
    QVERIFY2(r.problems().empty(), r.problems().empty() ? "" : r.problems().front().message.c_str());
    std::set<std::string> names;
    for (const auto &p : r.plugins()) {
        names.insert(p.name);
        QVERIFY(!p.version.empty());
        QVERIFY(!p.description.empty());
        QVERIFY(!p.kinds.empty());
    }
    QVERIFY(names.count("NetBox"));
    QVERIFY(names.count("Rail-only fabric"));
    QVERIFY(names.count("Simulator interchange"));
    QVERIFY(names.count("Slurm topology"));
    QVERIFY(names.count("Example: rack list"));
}

void TestPlugins::objectsByKind()
{
    const PluginRegistry &r = cptest::builtPlugins();
    QVERIFY(r.generator("rail-only"));
    QVERIFY(r.importer("netbox-devicetypes"));
    for (const char *id : {"netbox-csv", "calculon", "astra-sim", "slurm-topology", "rack-list"})
        QVERIFY2(r.exporter(id), id);
    QVERIFY(!r.exporter("rail-only")); // a generator is not handed out as an exporter
    QVERIFY(!r.generator("netbox-csv"));
    QCOMPARE(int(r.generators().size()), 1);
    QCOMPARE(int(r.importers().size()), 1);
    QCOMPARE(int(r.exporters().size()), 5);
}

void TestPlugins::refusesWrongVersionBrokenAndFailingPlugins()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString d = dir.path();
    // The test plugins built for this purpose, a text file named like a library, and notes.
    QVERIFY(QFile::copy(QStringLiteral(CP_TEST_PLUGIN_DIR "/libcp_test_wrongversion.so"), d + QStringLiteral("/libwrongversion.so")));
    QVERIFY(QFile::copy(QStringLiteral(CP_TEST_PLUGIN_DIR "/libcp_test_failinit.so"), d + QStringLiteral("/libfailinit.so")));
    cptest::writeFile((d + QStringLiteral("/libbroken.so")).toStdString(), "this is not an ELF file\n");
    cptest::writeFile((d + QStringLiteral("/README.txt")).toStdString(), "notes beside the plugins\n");
    // A real plugin after them: loading carries on past the refusals.
    QVERIFY(QFile::copy(QStringLiteral(CP_PLUGIN_DIR "/libcp_example.so"), d + QStringLiteral("/libzexample.so")));

    PluginRegistry r;
    r.loadFrom({d.toStdString(), (d + QStringLiteral("/missing-folder")).toStdString()});
    QVERIFY(hasProblem(r, "libwrongversion.so", "built for plugin interface org.clusterplanner.Plugin/0"));
    QVERIFY(hasProblem(r, "libwrongversion.so", CP_PLUGIN_IID));
    QVERIFY(hasProblem(r, "libbroken.so", "not a Qt plugin"));
    QVERIFY(hasProblem(r, "libfailinit.so", "failed to initialise: licence server unreachable"));
    for (const Problem &p : r.problems())
        QVERIFY2(p.place.find("README") == std::string::npos, "a non-library file is not a plugin candidate");
    QCOMPARE(int(r.problems().size()), 3);
    QCOMPARE(int(r.plugins().size()), 1);
    QVERIFY(r.exporter("rack-list"));
    QVERIFY(r.generators().empty());
}

void TestPlugins::initialisationThatThrowsIsRefused()
{
    QTemporaryDir dir;
    QVERIFY(QFile::copy(QStringLiteral(CP_TEST_PLUGIN_DIR "/libcp_test_failinit.so"), dir.path() + QStringLiteral("/libthrows.so")));
    qputenv("CP_TEST_FAILINIT_THROW", "1");
    PluginRegistry r;
    r.loadFrom({dir.path().toStdString()});
    qunsetenv("CP_TEST_FAILINIT_THROW");
    QVERIFY(hasProblem(r, "libthrows.so", "initialisation threw: data file missing"));
    QVERIFY(r.plugins().empty());
}

void TestPlugins::earlierFolderWins()
{
    QTemporaryDir user;
    QVERIFY(QFile::copy(QStringLiteral(CP_PLUGIN_DIR "/libcp_example.so"), user.path() + QStringLiteral("/libcp_example.so")));
    PluginRegistry r;
    r.loadFrom({user.path().toStdString(), CP_PLUGIN_DIR});
    QCOMPARE(int(r.plugins().size()), 5);
    QCOMPARE(int(r.exporters().size()), 5); // the example once, from the first folder
    bool skipped = false;
    for (const Problem &p : r.problems())
        skipped = skipped || (p.severity == Severity::Info && p.message.find("skipped") != std::string::npos);
    QVERIFY(skipped);
    for (const auto &p : r.plugins())
        if (p.name == "Example: rack list")
            QVERIFY(p.file.rfind(user.path().toStdString(), 0) == 0);
}

void TestPlugins::copyUnderAnotherNameLoadsOnce()
{
    // The report: the example plugin copied as libcp_example2.so loaded twice (every exporter
    // listed twice). Variants: the copy in the same folder, and a symbolic link to it.
    QTemporaryDir user;
    const QString copy = user.path() + QStringLiteral("/libcp_example_copy.so");
    QVERIFY(QFile::copy(QStringLiteral(CP_PLUGIN_DIR "/libcp_example.so"), copy));
    for (const std::vector<std::string> &folders :
         {std::vector<std::string>{CP_PLUGIN_DIR, user.path().toStdString()},
          std::vector<std::string>{user.path().toStdString(), CP_PLUGIN_DIR}}) {
        PluginRegistry r;
        r.loadFrom(folders);
        QCOMPARE(int(r.plugins().size()), 5);
        QCOMPARE(int(r.exporters().size()), 5);
        bool noted = false;
        for (const Problem &p : r.problems())
            noted = noted || (p.severity == Severity::Info && p.message.find("is already loaded from") != std::string::npos);
        QVERIFY(noted);
    }
    QTemporaryDir linked;
    QVERIFY(QFile::link(QStringLiteral(CP_PLUGIN_DIR "/libcp_example.so"), linked.path() + QStringLiteral("/libzz_link.so")));
    PluginRegistry r;
    r.loadFrom({CP_PLUGIN_DIR, linked.path().toStdString()});
    QCOMPARE(int(r.exporters().size()), 5);
    std::set<std::string> ids;
    for (const Exporter *e : r.exporters())
        QVERIFY2(ids.insert(e->id()).second, e->id().c_str());
}

void TestPlugins::examplePluginExportsRacks()
{
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({"classic", 256, {}}, c);
    const Exporter *e = cptest::builtPlugins().exporter("rack-list");
    QVERIFY(e);
    const auto files = e->exportDesign(d, c);
    QCOMPARE(int(files.size()), 1);
    CP_COMPARE_STR(files[0].name, "racks.tsv");
    // One header line plus one line per rack; the first rack's line starts with its id.
    const std::string &t = files[0].content;
    QCOMPARE(int(std::count(t.begin(), t.end(), '\n')), int(d.racks.size()) + 1);
    QVERIFY(t.find("\n" + d.racks.front().id + "\t" + d.racks.front().row + "\t") != std::string::npos);
    // A rack id like a formula is neutralised; a tab or line break in a row name never splits a
    // row of the TSV.
    Design evil = d;
    evil.racks.front().id = "=cmd|x";
    evil.racks.front().row = "Row\t1\nnext";
    const std::string et = e->exportDesign(evil, c)[0].content;
    QCOMPARE(int(std::count(et.begin(), et.end(), '\n')), int(evil.racks.size()) + 1);
    QVERIFY(et.find("\n'=cmd|x\tRow 1 next\t") != std::string::npos);
}

void TestPlugins::cliListsPluginsAndProblems()
{
    QTemporaryDir dir;
    QVERIFY(QFile::copy(QStringLiteral(CP_TEST_PLUGIN_DIR "/libcp_test_wrongversion.so"), dir.path() + QStringLiteral("/libold.so")));
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("CLUSTER_PLANNER_PLUGIN_PATH"), dir.path() + QStringLiteral(":" CP_PLUGIN_DIR));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(CP_CLI), {QStringLiteral("plugins"), QStringLiteral("--json")});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
    const QByteArray out = p.readAllStandardOutput();
    QVERIFY(out.contains("\"rail-only\""));
    QVERIFY(out.contains("\"netbox-csv\""));
    QVERIFY(out.contains("libold.so"));
    QVERIFY(out.contains("built for plugin interface org.clusterplanner.Plugin/0"));
}

QTEST_GUILESS_MAIN(TestPlugins)
#include "test_plugins.moc"
