// Hostile input at the largest scale, through the command line: a million-GPU campus whose
// failures never let it finish. The simulation must end and be interruptible (docs/robustness.md).
// Its own suite, apart from test_hostile, because these runs take most of the robustness time
// under the sanitizers (about three minutes each): CTest runs them beside the rest.

#include "testsupport.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <signal.h>

class TestHostileCampus : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(mDir.isValid()); }
    void collapsedRunsEnd();
    void simulateIsInterruptible();

private:
    using Run = cptest::CliRun;
    static Run run(const QStringList &args) { return cptest::runCli(QStringLiteral(CP_CLI), args); }
    QString path(const char *name) const { return mDir.filePath(QString::fromUtf8(name)); }
    /// The million-GPU campus as a design JSON (NAME.json) whose GPUs fail every `mtbfHours` and
    /// take 90 minutes to recover: at 20 h it never finishes its work.
    QString failingCampus(const char *name, int mtbfHours)
    {
        const QString exported = path("campus.json");
        if (!QFile::exists(exported)) {
            const QString campus = path("campus.cplan");
            QFile::remove(campus);
            run({QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("gigawatt"), QStringLiteral("-o"), campus});
            run({QStringLiteral("export"), campus, QStringLiteral("--json"), exported});
        }
        QFile in(exported);
        if (!in.open(QIODevice::ReadOnly))
            return {};
        QJsonObject root = QJsonDocument::fromJson(in.readAll()).object(), design = root.value(QStringLiteral("design")).toObject();
        QJsonObject rel = design.value(QStringLiteral("reliability")).toObject();
        rel.insert(QStringLiteral("gpu_mtbf_hours"), mtbfHours);
        rel.insert(QStringLiteral("policy"), QStringLiteral("custom"));
        rel.insert(QStringLiteral("detect_minutes"), 30);
        rel.insert(QStringLiteral("restart_minutes"), 60);
        design.insert(QStringLiteral("reliability"), rel);
        root.insert(QStringLiteral("design"), design);
        const QString file = path(name) + QStringLiteral(".json");
        cptest::writeFile(file.toStdString(), QJsonDocument(root).toJson().toStdString());
        return file;
    }
    QTemporaryDir mDir;
};

void TestHostileCampus::collapsedRunsEnd()
{
    // The report: `simulate --runs 1` on a million-GPU design whose goodput is ~0 gave nothing
    // after 180 s. A campus whose GPUs fail every 20 h (a failure somewhere every ~0.07 s) and
    // take 90 minutes to recover never finishes its work: each run stops at its event cap and is
    // counted unfinished, and the command answers (variants: 200 h, and two runs).
    for (const auto &[mtbf, runs] : {std::pair{20, 1}, std::pair{200, 1}, std::pair{20, 2}}) {
        const QString file = failingCampus("collapse", mtbf);
        const Run r = run({QStringLiteral("simulate"), file, QStringLiteral("--runs"), QString::number(runs), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject out = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(out.value(QStringLiteral("runs_unfinished")).toInt(), runs);
    }
}

void TestHostileCampus::simulateIsInterruptible()
{
    // The report: simulate on a collapsed million-GPU design gave no progress and could be
    // cancelled only between runs. A collapsed campus with 1,000 runs is refused before it starts,
    // with the estimate; with 10 runs (each stops at its 2e7-event cap, seconds) it shows progress,
    // and SIGINT (then, variant, SIGTERM) stops it inside a run within seconds, exit 130.
    const QString file = failingCampus("interrupt", 20);

    const Run refused = run({QStringLiteral("simulate"), file, QStringLiteral("--runs"), QStringLiteral("1000")});
    QCOMPARE(refused.code, 1);
    QVERIFY2(refused.err.contains(QStringLiteral("events expected")) && refused.err.contains(QStringLiteral("use --runs")),
             qPrintable(refused.err));

    for (const int sig : {SIGINT, SIGTERM}) {
        QProcess p;
        p.start(QStringLiteral(CP_CLI), {QStringLiteral("simulate"), file, QStringLiteral("--runs"), QStringLiteral("10"),
                                         QStringLiteral("--progress")});
        QVERIFY(p.waitForStarted());
        QString err;
        QElapsedTimer waited;
        waited.start();
        while (!err.contains(QStringLiteral("simulate: ")) && waited.elapsed() < 120000) {
            p.waitForReadyRead(200);
            err += QString::fromUtf8(p.readAllStandardError());
        }
        QVERIFY2(err.contains(QStringLiteral(" of 10 runs")), qPrintable(err));
        QElapsedTimer stopping;
        stopping.start();
        ::kill(pid_t(p.processId()), sig);
        QVERIFY(p.waitForFinished(30000));
        err += QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(stopping.elapsed() < 5000, qPrintable(QString::number(stopping.elapsed())));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 130);
        QVERIFY2(err.contains(QStringLiteral("interrupted after")), qPrintable(err));
    }
}

QTEST_GUILESS_MAIN(TestHostileCampus)
#include "test_hostilecampus.moc"
