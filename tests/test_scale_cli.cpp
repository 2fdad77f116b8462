// Drives the million-GPU scale commands as a user would: `bench` (a small smoke run whose output
// structure is checked, never its times) and `new --template gigawatt`.

#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

class TestScaleCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void benchJson();
    void benchTable();
    void benchUsage_data();
    void benchUsage();
    void newGigawatt();
    void newTaper();

private:
    using Run = cptest::CliRun;
    static Run run(const QStringList &args) { return cptest::runCli(QStringLiteral(CP_CLI), args); }
    QString path(const char *name) const { return mDir.filePath(QString::fromUtf8(name)); }

    QTemporaryDir mDir;
};

void TestScaleCli::benchJson()
{
    const Run r = run({QStringLiteral("bench"), QStringLiteral("--sizes"), QStringLiteral("1024"),
                       QStringLiteral("--json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QJsonParseError error;
    const QJsonObject top = QJsonDocument::fromJson(r.out.toUtf8(), &error).object();
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    QCOMPARE(top.value(QStringLiteral("template")).toString(), QStringLiteral("gigawatt"));
    QVERIFY(top.value(QStringLiteral("cores")).toInt() >= 1);
    const QJsonArray sizes = top.value(QStringLiteral("sizes")).toArray();
    QCOMPARE(sizes.size(), 1);
    const QJsonObject row = sizes[0].toObject();
    QCOMPARE(row.value(QStringLiteral("size")).toInteger(), 1024);
    // 1,024 GPUs round up to whole 72-GPU supernodes: 15 × 72 = 1,080.
    QCOMPARE(row.value(QStringLiteral("gpus")).toInteger(), 1080);
    QVERIFY(row.value(QStringLiteral("racks")).toInteger() > 15);
    // The project saved and loaded again holds every rack.
    QCOMPARE(row.value(QStringLiteral("loaded_racks")).toInteger(), row.value(QStringLiteral("racks")).toInteger());
    for (const char *key : {"new_s", "evaluate_s", "edit_move_s", "edit_finance_s", "search_s", "save_s", "load_s",
                            "peak_rss_mb", "evaluate_us_per_gpu", "file_mb"}) {
        QVERIFY2(row.contains(QString::fromUtf8(key)), key);
        QVERIFY2(row.value(QString::fromUtf8(key)).toDouble() >= 0.0, key);
    }
    QVERIFY(row.value(QStringLiteral("peak_rss_mb")).toDouble() > 0.0);
    QVERIFY(row.value(QStringLiteral("search_configurations")).toInteger() > 0);
    // Moving a rack re-runs the fabric (cable lengths) and not the inventory.
    const QJsonObject stages = row.value(QStringLiteral("edit_move_stages")).toObject();
    QCOMPARE(stages.value(QStringLiteral("fabric")).toBool(), true);
    QCOMPARE(stages.value(QStringLiteral("inventory")).toBool(), false);
    const QJsonObject ratio = top.value(QStringLiteral("per_gpu_ratio")).toObject();
    QCOMPARE(ratio.value(QStringLiteral("from")).toInteger(), 1024);
    QCOMPARE(ratio.value(QStringLiteral("to")).toInteger(), 1024);
    QVERIFY(ratio.value(QStringLiteral("ratio")).toDouble() > 0.0);
}

void TestScaleCli::benchTable()
{
    const Run r = run({QStringLiteral("bench"), QStringLiteral("--sizes"), QStringLiteral("1024"),
                       QStringLiteral("--template"), QStringLiteral("classic")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.out.contains(QStringLiteral("Template classic")));
    for (const char *column : {"GPUs", "racks", "evaluate", "edit move", "edit finance", "search", "save", "load",
                               "peak MB"})
        QVERIFY2(r.out.contains(QString::fromUtf8(column)), column);
    const QStringList lines = r.out.split(QLatin1Char('\n'));
    bool row = false;
    for (const QString &line : lines)
        row = row || line.startsWith(QStringLiteral("1024 "));
    QVERIFY2(row, qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("ratio")));
}

void TestScaleCli::benchUsage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("zero") << QStringList{QStringLiteral("--sizes"), QStringLiteral("0")} << QStringLiteral("--sizes");
    QTest::newRow("word") << QStringList{QStringLiteral("--sizes"), QStringLiteral("1024,lots")}
                          << QStringLiteral("\"lots\"");
    QTest::newRow("too large") << QStringList{QStringLiteral("--sizes"), QStringLiteral("3000000")}
                               << QStringLiteral("2,000,000");
    QTest::newRow("template") << QStringList{QStringLiteral("--template"), QStringLiteral("rail-only")}
                              << QStringLiteral("classic, supernode or gigawatt");
    QTest::newRow("positional") << QStringList{QStringLiteral("x.cplan")} << QStringLiteral("no positional");
}

void TestScaleCli::benchUsage()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run r = run(QStringList{QStringLiteral("bench")} + args);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
}

void TestScaleCli::newGigawatt()
{
    // 8-GPU servers on request, with a 2 % spare pool: 100,000 H100 = 12,500 servers, 250 spare.
    const QString file = path("campus.json");
    Run r = run({QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("gigawatt"), QStringLiteral("--gpus"),
                 QStringLiteral("100000"), QStringLiteral("--gpu"), QStringLiteral("h100-sxm"),
                 QStringLiteral("--spare-servers"), QStringLiteral("0.02"), QStringLiteral("-o"), file});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("100000 GPUs")), qPrintable(r.out));
    r = run({QStringLiteral("evaluate"), file, QStringLiteral("--json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject inventory =
        QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("inventory")).toObject();
    QCOMPARE(inventory.value(QStringLiteral("servers")).toInteger(), 12500);
    QCOMPARE(inventory.value(QStringLiteral("gpus_spare")).toInteger(), 250 * 8);
    QCOMPARE(inventory.value(QStringLiteral("switches_by_tier")).toObject().value(QStringLiteral("super_core")).toInteger(),
             // ⌈100,000 / 32⌉ = 3,125 spines = cores; 3,125 × 32 / 64 = 1,562.5 → 1,563 super-cores
             1563);

    r = run({QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("gigawatt"),
             QStringLiteral("--spare-servers"), QStringLiteral("lots"), QStringLiteral("-o"), file});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("--spare-servers")));
}

void TestScaleCli::newTaper()
{
    // --taper 2 on the 512-GPU SuperPOD: the same 16 leaves, 4 spines instead of 8, 2:1 reported.
    const QString file = path("tapered.json");
    Run r = run({QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("classic"), QStringLiteral("--gpus"),
                 QStringLiteral("512"), QStringLiteral("--taper"), QStringLiteral("2"), QStringLiteral("-o"), file});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    r = run({QStringLiteral("evaluate"), file, QStringLiteral("--json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject results = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonObject tiers = results.value(QStringLiteral("inventory")).toObject().value(QStringLiteral("switches_by_tier")).toObject();
    QCOMPARE(tiers.value(QStringLiteral("leaf")).toInteger(), 16);
    QCOMPARE(tiers.value(QStringLiteral("spine")).toInteger(), 4);
    QCOMPARE(results.value(QStringLiteral("fabric")).toObject().value(QStringLiteral("oversubscription")).toArray().at(0).toDouble(), 2.0);
    for (const char *bad : {"lots", "nan", "0.5"}) {
        r = run({QStringLiteral("new"), QStringLiteral("--taper"), QString::fromUtf8(bad), QStringLiteral("-o"), file});
        QVERIFY2(r.code == 1 || r.code == 2, qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("taper")), qPrintable(r.err));
    }
}

QTEST_GUILESS_MAIN(TestScaleCli)
#include "test_scale_cli.moc"
