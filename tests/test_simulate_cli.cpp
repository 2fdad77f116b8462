// Drives `cluster-planner-cli simulate` and the Reliability part of `evaluate` as a user would.

#include "testsupport.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

class TestSimulateCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void evaluatePrintsReliability();
    void simulateJson();
    void simulateSeeded();
    void simulateErrors();

private:
    using Run = cptest::CliRun;
    static Run run(const QStringList &args) { return cptest::runCli(QStringLiteral(CP_CLI), args); }
    QString path(const char *name) const { return mDir.filePath(QString::fromUtf8(name)); }

    QTemporaryDir mDir;
};

void TestSimulateCli::initTestCase()
{
    QCOMPARE(run({QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("supernode"),
                  QStringLiteral("--gpus"), QStringLiteral("1152"), QStringLiteral("-o"), path("s.cplan")})
                 .code,
             0);
}

void TestSimulateCli::evaluatePrintsReliability()
{
    const Run r = run({QStringLiteral("evaluate"), path("s.cplan")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("\nReliability\n")));
    QVERIFY(r.out.contains(QStringLiteral("job MTBF")));
    QVERIFY(r.out.contains(QStringLiteral("largest domain        576 GPUs")));
    QVERIFY(r.out.contains(QStringLiteral("hot spares            8 per domain")));
    QVERIFY(r.out.contains(QStringLiteral("nvlink_switch_tray")));
}

void TestSimulateCli::simulateJson()
{
    const Run r = run({QStringLiteral("simulate"), path("s.cplan"), QStringLiteral("--runs"), QStringLiteral("100"),
                       QStringLiteral("--seed"), QStringLiteral("5"), QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    QJsonParseError error;
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8(), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(o.value(QStringLiteral("runs")).toInteger(), 100);
    const double p50 = o.value(QStringLiteral("p50_days")).toDouble();
    const double p90 = o.value(QStringLiteral("p90_days")).toDouble();
    const double work = o.value(QStringLiteral("work_days")).toDouble();
    QVERIFY(work > 0 && p50 >= work && p90 >= p50);
    QVERIFY(qAbs(o.value(QStringLiteral("goodput")).toDouble() - o.value(QStringLiteral("analytic_goodput")).toDouble())
            < 0.02);
}

void TestSimulateCli::simulateSeeded()
{
    const QStringList args{QStringLiteral("simulate"), path("s.cplan"), QStringLiteral("--runs"), QStringLiteral("20"),
                           QStringLiteral("--seed"), QStringLiteral("9")};
    const Run a = run(args), b = run(args);
    QCOMPARE(a.code, 0);
    QCOMPARE(a.out, b.out);
    QVERIFY(a.out.contains(QStringLiteral("p50")));
    QVERIFY(a.out.contains(QStringLiteral("p90")));
}

void TestSimulateCli::simulateErrors()
{
    Run r = run({QStringLiteral("simulate")});
    QCOMPARE(r.code, 2);
    r = run({QStringLiteral("simulate"), path("s.cplan"), QStringLiteral("--runs"), QStringLiteral("zero")});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("--runs")));
    r = run({QStringLiteral("simulate"), path("missing.cplan")});
    QCOMPARE(r.code, 1);
}

QTEST_GUILESS_MAIN(TestSimulateCli)
#include "test_simulate_cli.moc"
