// Outputs never replace what is at the path (docs/robustness.md, "Outputs"): a device, FIFO or
// folder is refused with exit 3 and left as it was, a symbolic link is followed to its target,
// nothing half-written or temporary is left behind, and a failed write to standard output fails
// the command.
#include "model/core/problem.h"
#include "model/io/outputfile.h"
#include "model/io/resultsjson.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <filesystem>
#include <fstream>

#include <sys/stat.h>

using namespace cp;
namespace fs = std::filesystem;

namespace {

QString cli()
{
    return QStringLiteral(CP_CLI);
}

std::string slurp(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

/// Runs the CLI with its standard output sent to `stdoutFile` (or closed when empty).
cptest::CliRun runWithStdout(const QStringList &args, const QString &stdoutFile)
{
    QProcess p;
    if (stdoutFile.isEmpty()) {
        // Start it with descriptor 1 closed, as `cmd >&-` does.
        QStringList shArgs{QStringLiteral("-c"), QStringLiteral("exec \"$0\" \"$@\" >&-"), cli()};
        shArgs << args;
        p.start(QStringLiteral("/bin/sh"), shArgs);
    } else {
        p.setStandardOutputFile(stdoutFile);
        p.start(cli(), args);
    }
    if (!p.waitForFinished(120000))
        return {-1, {}, QStringLiteral("timeout")};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, {},
            QString::fromUtf8(p.readAllStandardError())};
}

bool noTemporaryIn(const QString &dir)
{
    for (const auto &e : fs::directory_iterator(dir.toStdString()))
        if (e.path().string().find(".tmp") != std::string::npos)
            return false;
    return true;
}

} // namespace

class TestOutputs : public QObject
{
    Q_OBJECT

    QTemporaryDir mDir;
    QString mProject;

    QString at(const char *name) const { return mDir.filePath(QString::fromLatin1(name)); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(mDir.isValid());
        mProject = at("a.cplan");
        QCOMPARE(cptest::runCli(cli(), {QStringLiteral("new"), QStringLiteral("--gpus"), QStringLiteral("64"),
                                        QStringLiteral("-o"), mProject}).code, 0);
    }

    /// A FIFO, a character device or a folder at an output path: exit 3, the message names the path
    /// and what is there, the path is untouched and no temporary file is left.
    void specialPathsRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("kind");
        const QString fifo = at("pipe");
        QTest::newRow("export --json to a FIFO")
            << QStringList{QStringLiteral("export"), QStringLiteral("@P"), QStringLiteral("--json"), fifo} << fifo
            << QStringLiteral("named pipe");
        QTest::newRow("new -o a device")
            << QStringList{QStringLiteral("new"), QStringLiteral("--gpus"), QStringLiteral("8"), QStringLiteral("-o"),
                           QStringLiteral("/dev/null")}
            << QStringLiteral("/dev/null") << QStringLiteral("character device");
        QTest::newRow("compare --bom to a device")
            << QStringList{QStringLiteral("compare"), QStringLiteral("@P"), QStringLiteral("@P"), QStringLiteral("--bom"),
                           QStringLiteral("/dev/zero")}
            << QStringLiteral("/dev/zero") << QStringLiteral("character device");
        QTest::newRow("import -o a folder")
            << QStringList{QStringLiteral("import"), QStringLiteral("@J"), QStringLiteral("-o"), at("folder.cplan")}
            << at("folder.cplan") << QStringLiteral("folder");
    }
    void specialPathsRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, path);
        QFETCH(QString, kind);
        const std::string fifo = at("pipe").toStdString();
        if (!fs::exists(fifo))
            QCOMPARE(::mkfifo(fifo.c_str(), 0644), 0);
        fs::create_directories(at("folder.cplan").toStdString());
        const QString json = at("design.json");
        if (!fs::exists(json.toStdString()))
            QCOMPARE(cptest::runCli(cli(), {QStringLiteral("export"), mProject, QStringLiteral("--json"), json}).code, 0);
        args.replaceInStrings(QStringLiteral("@P"), mProject);
        args.replaceInStrings(QStringLiteral("@J"), json);
        struct stat before {};
        QCOMPARE(::lstat(path.toLocal8Bit().constData(), &before), 0);
        const cptest::CliRun run = cptest::runCli(cli(), args);
        QCOMPARE(run.code, 3);
        QVERIFY2(run.err.contains(path) && run.err.contains(kind), qPrintable(run.err));
        struct stat after {};
        QCOMPARE(::lstat(path.toLocal8Bit().constData(), &after), 0);
        QCOMPARE(after.st_mode, before.st_mode); // still what it was
        QCOMPARE(after.st_ino, before.st_ino);
        QVERIFY(noTemporaryIn(mDir.path()));
    }

    /// Through a symbolic link the target is rewritten and the link stays a link — for a JSON
    /// export, a BOM and a project save, and through a chain of two relative links.
    void symlinksAreFollowed()
    {
        const std::string target = at("real.json").toStdString();
        { std::ofstream(target) << "old"; }
        fs::create_symlink("real.json", at("link1.json").toStdString());
        fs::create_symlink("link1.json", at("link2.json").toStdString());
        QCOMPARE(cptest::runCli(cli(), {QStringLiteral("export"), mProject, QStringLiteral("--json"), at("link2.json")}).code, 0);
        QVERIFY(fs::is_symlink(at("link2.json").toStdString()));
        QVERIFY(fs::is_symlink(at("link1.json").toStdString()));
        QVERIFY(slurp(target).find("\"design\"") != std::string::npos);

        const std::string bom = at("bom.csv").toStdString();
        fs::create_symlink("bom.csv", at("bom-link.csv").toStdString());
        QCOMPARE(cptest::runCli(cli(), {QStringLiteral("compare"), mProject, mProject, QStringLiteral("--bom"),
                                        at("bom-link.csv")}).code, 0);
        QVERIFY(fs::is_symlink(at("bom-link.csv").toStdString()));
        QVERIFY(fs::file_size(bom) > 0);

        fs::create_symlink("real.cplan", at("link.cplan").toStdString());
        QCOMPARE(cptest::runCli(cli(), {QStringLiteral("new"), QStringLiteral("--gpus"), QStringLiteral("8"),
                                        QStringLiteral("-o"), at("link.cplan")}).code, 0);
        QVERIFY(fs::is_symlink(at("link.cplan").toStdString()));
        QCOMPARE(cptest::runCli(cli(), {QStringLiteral("validate"), at("real.cplan")}).code, 0);
        QVERIFY(noTemporaryIn(mDir.path()));
    }

    /// A missing folder: exit 3 naming it, nothing created.
    void missingFolderRefused()
    {
        const QString path = at("no/such/folder/x.json");
        const cptest::CliRun run = cptest::runCli(cli(), {QStringLiteral("export"), mProject, QStringLiteral("--json"), path});
        QCOMPARE(run.code, 3);
        QVERIFY2(run.err.contains(QStringLiteral("does not exist")), qPrintable(run.err));
        QVERIFY(!fs::exists(at("no").toStdString()));
    }

    /// Standard output that cannot take the result: a full device, or closed. Exit 3 with the
    /// message on stderr, never 0 with a truncated result.
    void stdoutFailuresFail_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("out");
        QTest::newRow("evaluate --json to /dev/full") << QStringList{QStringLiteral("evaluate"), QStringLiteral("@P"), QStringLiteral("--json")} << QStringLiteral("/dev/full");
        QTest::newRow("catalog to /dev/full") << QStringList{QStringLiteral("catalog")} << QStringLiteral("/dev/full");
        QTest::newRow("evaluate with stdout closed") << QStringList{QStringLiteral("evaluate"), QStringLiteral("@P")} << QString();
        QTest::newRow("validate with stdout closed") << QStringList{QStringLiteral("validate"), QStringLiteral("@P")} << QString();
    }
    void stdoutFailuresFail()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, out);
        if (!out.isEmpty() && !fs::exists(out.toStdString()))
            QSKIP("this system has no /dev/full");
        args.replaceInStrings(QStringLiteral("@P"), mProject);
        const cptest::CliRun run = runWithStdout(args, out);
        QCOMPARE(run.code, 3);
        QVERIFY2(run.err.contains(QStringLiteral("writing to standard output failed")), qPrintable(run.err));
    }

    /// The results boundary: NaN and infinite numbers are found wherever they are nested...
    void nonFiniteNumbersFound()
    {
        nlohmann::json j = {{"performance", {{"mfu", std::nan("")}, {"ok", 0.5}}},
                            {"series", {1.0, INFINITY, -INFINITY}}, {"name", "x"}};
        std::vector<std::string> bad = nonFiniteNumbers(j);
        std::sort(bad.begin(), bad.end());
        QCOMPARE(bad, (std::vector<std::string>{"/performance/mfu", "/series/1", "/series/2"}));
        QVERIFY(nonFiniteNumbers(nlohmann::json{{"a", 1.0}, {"b", {1, 2}}}).empty());
    }

    /// ... and the CLI prints no JSON that holds one: the templates at sizes from one server to a
    /// pod all evaluate with finite figures (the guard would make them exit 1).
    void templatesPrintOnlyFiniteFigures_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("gpus");
        for (const char *k : {"classic", "supernode"})
            for (const char *g : {"8", "72", "1024"})
                QTest::newRow((std::string(k) + " " + g).c_str()) << QString::fromLatin1(k) << QString::fromLatin1(g);
    }
    void templatesPrintOnlyFiniteFigures()
    {
        QFETCH(QString, kind);
        QFETCH(QString, gpus);
        const QString file = at("t.cplan");
        QFile::remove(file);
        QCOMPARE(cptest::runCli(cli(), {QStringLiteral("new"), QStringLiteral("--template"), kind, QStringLiteral("--gpus"),
                                        gpus, QStringLiteral("-o"), file}).code, 0);
        const cptest::CliRun run = cptest::runCli(cli(), {QStringLiteral("evaluate"), file, QStringLiteral("--json")});
        QVERIFY2(run.code == 0, qPrintable(run.err));
        QVERIFY(nonFiniteNumbers(nlohmann::json::parse(run.out.toStdString())).empty());
    }

    /// The model's rule itself: a chain of links resolves to the final file; a device is refused
    /// with its kind; a new file in an existing folder is its own target.
    void outputTargetRule()
    {
        const std::string dir = mDir.path().toStdString();
        QCOMPARE(outputTarget(dir + "/fresh.json"), dir + "/fresh.json");
        QCOMPARE(fs::path(outputTarget(at("link2.json").toStdString())).filename().string(), std::string("real.json"));
        try {
            outputTarget("/dev/null");
            QFAIL("a device must be refused");
        } catch (const LoadError &e) {
            QCOMPARE(QString::fromStdString(e.file()), QStringLiteral("/dev/null"));
            QVERIFY(QString::fromStdString(e.problem()).contains(QStringLiteral("character device")));
        }
        fs::create_symlink("loop-b", at("loop-a").toStdString());
        fs::create_symlink("loop-a", at("loop-b").toStdString());
        QVERIFY_THROWS_EXCEPTION(LoadError, outputTarget(at("loop-a").toStdString()));
        writeOutputFile(dir + "/fresh.json", "{}\n");
        QCOMPARE(slurp(dir + "/fresh.json"), std::string("{}\n"));
    }
};

QTEST_APPLESS_MAIN(TestOutputs)
#include "test_outputs.moc"
