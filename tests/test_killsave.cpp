// Crash-safe saving: a process saving a large project over and over is killed (SIGKILL) at random
// points, hundreds of times; after every kill the file must open and hold exactly the last design
// whose save committed, or the one being saved — never a mixture, never a damaged file.
// The CLI's exports (export --json, compare --bom) are killed the same way: the output is the
// old file or the new one, byte for byte.

#include "killsave.h"
#include "model/io/projectfile.h"
#include "testsupport.h"

#include <QElapsedTimer>
#include <QThread>

#include <csignal>
#include <cstdlib>
#include <random>

using namespace cp;

namespace {

int envInt(const char *name, int fallback)
{
    const char *v = std::getenv(name);
    return v && *v ? std::atoi(v) : fallback;
}

/// Starts `program`, waits `delayUs` after it wrote `ready` (or after the start when empty), kills it.
/// Returns what it wrote on stdout.
QByteArray runAndKill(const QString &program, const QStringList &args, const QByteArray &ready, long delayUs)
{
    QProcess p;
    p.start(program, args);
    if (!p.waitForStarted(10000))
        return "not started";
    if (!ready.isEmpty()) {
        QByteArray seen;
        while (!seen.contains(ready) && p.waitForReadyRead(30000))
            seen += p.readAllStandardOutput();
        QThread::usleep(static_cast<unsigned long>(delayUs));
        ::kill(static_cast<pid_t>(p.processId()), SIGKILL);
        p.waitForFinished(30000);
        return seen + p.readAllStandardOutput();
    }
    QThread::usleep(static_cast<unsigned long>(delayUs));
    ::kill(static_cast<pid_t>(p.processId()), SIGKILL);
    p.waitForFinished(30000);
    return p.readAllStandardOutput();
}

} // namespace

class TestKillSave : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void killDuringProjectSaves();
    void killDuringExports();
};

void TestKillSave::killDuringProjectSaves()
{
    const int kills = envInt("CP_KILLSAVE_KILLS", 300);
    const long long gpus = envInt("CP_KILLSAVE_GPUS", 4096);
    QTemporaryDir dir;
    const std::string path = cptest::tempPath(dir, "victim.cplan");
    const Catalog &catalog = Catalog::builtin();
    const auto [a, b] = cptest::killSaveDesigns(catalog, gpus);
    const Design *sequence[2] = {&a, &b}; // save i of a helper writes sequence[i % 2]

    // How long one save takes here: kills are spread over about two saves after the helper is ready.
    ProjectFile::save(path, b, catalog, "test", "initial");
    QElapsedTimer timer;
    timer.start();
    ProjectFile::save(path, a, catalog, "test", "initial"); // an overwrite, as the helper's saves are
    const long saveUs = std::max<long>(1000, long(timer.nsecsElapsed() / 1000));
    const Design *inFile = &a;
    size_t revisions = ProjectFile::load(path).revisions.size();

    std::mt19937 random(20261129);
    std::uniform_int_distribution<long> delay(0, 2 * saveUs);
    int midSave = 0, committedSaves = 0, journals = 0;
    for (int k = 0; k < kills; ++k) {
        const QByteArray out = runAndKill(QStringLiteral(CP_KILLSAVE_HELPER),
                                          {QString::fromStdString(path), QString::number(gpus)}, "r",
                                          delay(random));
        QVERIFY2(out.startsWith('r'), out.constData());
        const int started = int(out.count('s')), done = int(out.count('d'));
        QVERIFY(started == done || started == done + 1);
        const Design *old = done == 0 ? inFile : sequence[(done - 1) % 2];
        const Design *pending = started > done ? sequence[done % 2] : nullptr;

        journals += QFile::exists(QString::fromStdString(path + "-journal"));
        Project p;
        try {
            p = ProjectFile::load(path);
        } catch (const LoadError &e) {
            QFAIL(qPrintable(QStringLiteral("kill %1 (%2 saves done, %3): %4")
                                 .arg(k).arg(done).arg(QString::fromUtf8(pending ? "mid-save" : "between saves"))
                                 .arg(QString::fromUtf8(e.what()))));
        }
        const bool isOld = p.design == *old, isNew = pending && p.design == *pending;
        QVERIFY2(isOld || isNew, qPrintable(QStringLiteral("kill %1: the file holds \"%2\", neither the old nor the new design")
                                                .arg(k).arg(QString::fromStdString(p.design.name))));
        // The history moved by exactly the saves that committed.
        const size_t committed = size_t(done) + (pending && isNew && !isOld ? 1 : 0);
        QVERIFY(p.revisions.size() == revisions + committed
                || (pending && isOld && isNew && p.revisions.size() == revisions + committed + 1));
        revisions = p.revisions.size();
        inFile = isNew ? pending : old;
        midSave += pending != nullptr;
        committedSaves += done;
    }
    qInfo("%d kills, %d of them during a save, %d left a journal to roll back; %d saves committed; one save "
          "takes %ld ms",
          kills, midSave, journals, committedSaves, saveUs / 1000);
    // The kills must have hit saves, else the test proves nothing.
    QVERIFY2(midSave >= kills / 4, "too few kills landed during a save");
}

void TestKillSave::killDuringExports()
{
    const int kills = envInt("CP_KILLSAVE_EXPORT_KILLS", 40);
    QTemporaryDir dir;
    const Catalog &catalog = Catalog::builtin();
    const auto [a, b] = cptest::killSaveDesigns(catalog, envInt("CP_KILLSAVE_GPUS", 4096));
    const std::string pa = cptest::tempPath(dir, "a.cplan"), pb = cptest::tempPath(dir, "b.cplan");
    ProjectFile::save(pa, a, catalog, "test", "a");
    ProjectFile::save(pb, b, catalog, "test", "b");
    const QString cli = QStringLiteral(CP_CLI);
    const QString qa = QString::fromStdString(pa), qb = QString::fromStdString(pb);

    struct Case
    {
        const char *name;
        QString out;
        QStringList first, second; ///< two runs writing different contents to `out`
    };
    const QString json = dir.filePath(QStringLiteral("design.json")), bom = dir.filePath(QStringLiteral("bom.csv"));
    const std::vector<Case> cases = {
        {"export --json", json, {QStringLiteral("export"), qa, QStringLiteral("--json"), json},
         {QStringLiteral("export"), qb, QStringLiteral("--json"), json}},
        {"compare --bom", bom, {QStringLiteral("compare"), qa, qb, QStringLiteral("--bom"), bom},
         {QStringLiteral("compare"), qb, qa, QStringLiteral("--bom"), bom}},
    };
    std::mt19937 random(7);
    for (const Case &c : cases) {
        // The two complete outputs, and how long a run takes.
        QElapsedTimer timer;
        timer.start();
        QCOMPARE(cptest::runCli(cli, c.second).code, 0);
        const std::string second = cptest::readFile(c.out.toStdString());
        QCOMPARE(cptest::runCli(cli, c.first).code, 0);
        const long runUs = long(timer.nsecsElapsed() / 2000);
        const std::string first = cptest::readFile(c.out.toStdString());
        QVERIFY(first != second && !first.empty() && !second.empty());
        std::uniform_int_distribution<long> delay(0, runUs + runUs / 4);
        std::string expectedOld = first;
        int changed = 0;
        for (int k = 0; k < kills; ++k) {
            const bool toSecond = k % 2 == 0;
            runAndKill(cli, toSecond ? c.second : c.first, {}, delay(random));
            const std::string now = cptest::readFile(c.out.toStdString());
            const std::string &expectedNew = toSecond ? second : first;
            QVERIFY2(now == expectedOld || now == expectedNew,
                     qPrintable(QStringLiteral("%1, kill %2: the output is neither the old nor the new file (%3 bytes)")
                                    .arg(QString::fromUtf8(c.name)).arg(k).arg(now.size())));
            changed += now != expectedOld;
            expectedOld = now;
        }
        qInfo("%s: %d kills, the output was replaced %d times, never torn", c.name, kills, changed);
    }
}

QTEST_GUILESS_MAIN(TestKillSave)
#include "test_killsave.moc"
