// Tests the scenario command and FILE.cplan#SCENARIO design arguments, driven as a user would:
// a real process, real files, exit codes and messages.

#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace {

cptest::CliRun run(const QStringList &args)
{
    return cptest::runCli(QStringLiteral(CP_CLI), args);
}

QJsonObject json(const cptest::CliRun &r)
{
    return QJsonDocument::fromJson(r.out.toUtf8()).object();
}

} // namespace

class TestScenarioCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void addListEvaluateRemove();
    void fromAnotherProjectAndJson();
    void badNames_data();
    void badNames();

private:
    QString path(const char *name) const { return mDir.filePath(QString::fromLatin1(name)); }
    QTemporaryDir mDir;
};

void TestScenarioCli::addListEvaluateRemove()
{
    const QString p = path("two.cplan");
    QCOMPARE(run({QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("classic"), QStringLiteral("--gpus"),
                  QStringLiteral("256"), QStringLiteral("-o"), p}).code, 0);
    const auto added = run({QStringLiteral("scenario"), QStringLiteral("add"), p, QStringLiteral("--name"),
                            QStringLiteral("nvl72"), QStringLiteral("--template"), QStringLiteral("supernode"),
                            QStringLiteral("--gpus"), QStringLiteral("288")});
    QVERIFY2(added.code == 0, qPrintable(added.err));
    const auto list = run({QStringLiteral("scenario"), QStringLiteral("list"), p, QStringLiteral("--json")});
    QCOMPARE(list.code, 0);
    const QJsonArray a = QJsonDocument::fromJson(list.out.toUtf8()).array();
    QCOMPARE(a.size(), 2);
    QCOMPARE(a[0].toObject()[QStringLiteral("scenario")].toString(), QStringLiteral("main"));
    QVERIFY(a[0].toObject()[QStringLiteral("default")].toBool());
    QCOMPARE(a[1].toObject()[QStringLiteral("scenario")].toString(), QStringLiteral("nvl72"));

    // FILE.cplan#NAME picks the scenario; the bare file is the default one.
    const auto sn = run({QStringLiteral("evaluate"), p + QStringLiteral("#nvl72"), QStringLiteral("--json")});
    QCOMPARE(sn.code, 0);
    QCOMPARE(json(sn)[QStringLiteral("inventory")].toObject()[QStringLiteral("gpus_total")].toInt(), 288);
    QCOMPARE(json(sn)[QStringLiteral("cost")].toObject()[QStringLiteral("cloud_accelerator_id")].toString(),
             QStringLiteral("gb200"));
    const auto main = run({QStringLiteral("evaluate"), p, QStringLiteral("--json")});
    QCOMPARE(json(main)[QStringLiteral("inventory")].toObject()[QStringLiteral("gpus_total")].toInt(), 256);
    QCOMPARE(run({QStringLiteral("validate"), p + QStringLiteral("#nvl72")}).code, 0);
    const auto cmp = run({QStringLiteral("compare"), p + QStringLiteral("#main"), p + QStringLiteral("#nvl72")});
    QVERIFY2(cmp.code == 0, qPrintable(cmp.err));

    // Adding an existing name needs --replace; a classic spare pool from the template option.
    const QStringList again = {QStringLiteral("scenario"), QStringLiteral("add"), p, QStringLiteral("--name"),
                               QStringLiteral("nvl72"), QStringLiteral("--template"), QStringLiteral("classic"),
                               QStringLiteral("--gpus"), QStringLiteral("1024"), QStringLiteral("--spare-servers"),
                               QStringLiteral("0.02")};
    const auto refused = run(again);
    QCOMPARE(refused.code, 1);
    QVERIFY2(refused.err.contains(QStringLiteral("already exists")), qPrintable(refused.err));
    QCOMPARE(run(again + QStringList{QStringLiteral("--replace")}).code, 0);
    const auto pooled = json(run({QStringLiteral("evaluate"), p + QStringLiteral("#nvl72"), QStringLiteral("--json")}));
    QCOMPARE(pooled[QStringLiteral("inventory")].toObject()[QStringLiteral("gpus_spare")].toInt(), 24); // 3 servers

    const auto removed = run({QStringLiteral("scenario"), QStringLiteral("remove"), p, QStringLiteral("--name"),
                              QStringLiteral("main")});
    QCOMPARE(removed.code, 0);
    const auto last = run({QStringLiteral("scenario"), QStringLiteral("remove"), p, QStringLiteral("--name"),
                           QStringLiteral("nvl72")});
    QCOMPARE(last.code, 1);
    QVERIFY2(last.err.contains(QStringLiteral("only scenario")), qPrintable(last.err));
}

void TestScenarioCli::fromAnotherProjectAndJson()
{
    const QString a = path("a.cplan"), b = path("b.cplan"), j = path("b.json");
    QCOMPARE(run({QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("supernode"), QStringLiteral("--gpus"),
                  QStringLiteral("144"), QStringLiteral("-o"), b}).code, 0);
    QCOMPARE(run({QStringLiteral("export"), b, QStringLiteral("--json"), j}).code, 0);
    // A new project from other files: a .cplan and a design JSON.
    QCOMPARE(run({QStringLiteral("scenario"), QStringLiteral("add"), a, QStringLiteral("--name"), QStringLiteral("x"),
                  QStringLiteral("--from"), b}).code, 0);
    QCOMPARE(run({QStringLiteral("scenario"), QStringLiteral("add"), a, QStringLiteral("--name"), QStringLiteral("y"),
                  QStringLiteral("--from"), j}).code, 0);
    QCOMPARE(run({QStringLiteral("scenario"), QStringLiteral("add"), a, QStringLiteral("--name"), QStringLiteral("z"),
                  QStringLiteral("--from"), a + QStringLiteral("#y")}).code, 0);
    const auto x = json(run({QStringLiteral("evaluate"), a + QStringLiteral("#x"), QStringLiteral("--json")}));
    const auto z = json(run({QStringLiteral("evaluate"), a + QStringLiteral("#z"), QStringLiteral("--json")}));
    QCOMPARE(x[QStringLiteral("cost")].toObject()[QStringLiteral("tco_usd")].toDouble(),
             z[QStringLiteral("cost")].toObject()[QStringLiteral("tco_usd")].toDouble());
    // A JSON design has no scenarios.
    const auto bad = run({QStringLiteral("evaluate"), j + QStringLiteral("#y")});
    QCOMPARE(bad.code, 1);
}

void TestScenarioCli::badNames_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("expected");
    const QString p = QStringLiteral("PROJECT");
    QTest::newRow("unknown scenario") << QStringList{QStringLiteral("evaluate"), p + QStringLiteral("#nope")} << 1
                                      << QStringLiteral("no such scenario");
    QTest::newRow("space in name") << QStringList{QStringLiteral("evaluate"), p + QStringLiteral("#a b")} << 1
                                   << QStringLiteral("only letters");
    QTest::newRow("empty name") << QStringList{QStringLiteral("evaluate"), p + QStringLiteral("#")} << 1
                                << QStringLiteral("needs a name");
    QTest::newRow("add bad name") << QStringList{QStringLiteral("scenario"), QStringLiteral("add"), p,
                                                 QStringLiteral("--name"), QStringLiteral("x/y"),
                                                 QStringLiteral("--template"), QStringLiteral("classic")}
                                  << 1 << QStringLiteral("only letters");
    QTest::newRow("remove unknown") << QStringList{QStringLiteral("scenario"), QStringLiteral("remove"), p,
                                                   QStringLiteral("--name"), QStringLiteral("ghost")}
                                    << 1 << QStringLiteral("no such scenario");
    QTest::newRow("no action") << QStringList{QStringLiteral("scenario")} << 2 << QStringLiteral("list, add or remove");
    QTest::newRow("both sources") << QStringList{QStringLiteral("scenario"), QStringLiteral("add"), p,
                                                 QStringLiteral("--name"), QStringLiteral("q"),
                                                 QStringLiteral("--template"), QStringLiteral("classic"),
                                                 QStringLiteral("--from"), p}
                                  << 2 << QStringLiteral("either --from");
}

void TestScenarioCli::badNames()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, expected);
    const QString p = path("names.cplan");
    if (!QFile::exists(p))
        QCOMPARE(run({QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("classic"),
                      QStringLiteral("--gpus"), QStringLiteral("64"), QStringLiteral("-o"), p}).code, 0);
    args.replaceInStrings(QStringLiteral("PROJECT"), p);
    const QByteArray before = [&] {
        QFile f(p);
        f.open(QIODevice::ReadOnly);
        return f.readAll();
    }();
    const auto r = run(args);
    QCOMPARE(r.code, code);
    QVERIFY2(r.err.contains(expected), qPrintable(r.err));
    QVERIFY2(r.err.count(QLatin1Char('\n')) == 1, qPrintable(r.err)); // one line on stderr
    QFile f(p);
    f.open(QIODevice::ReadOnly);
    QVERIFY(f.readAll() == before); // nothing written
}

QTEST_GUILESS_MAIN(TestScenarioCli)
#include "test_scenario_cli.moc"
