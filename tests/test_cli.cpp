// Drives cluster-planner-cli as a user would: real processes, real files, exit codes, stderr.

#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

class TestCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void help();
    void newEvaluateValidate();
    void evaluateJson();
    void exportImportRoundTrip();
    void userCatalog();
    void errors_data();
    void errors();

private:
    using Run = cptest::CliRun;
    static Run run(const QStringList &args) { return cptest::runCli(QStringLiteral(CP_CLI), args); }
    QString path(const char *name) const { return mDir.filePath(QString::fromUtf8(name)); }

    QTemporaryDir mDir;
};

void TestCli::help()
{
    const Run r = run({QStringLiteral("--help")});
    QCOMPARE(r.code, 0);
    for (const char *command : {"new", "evaluate", "validate", "export", "import", "catalog"})
        QVERIFY2(r.out.contains(QStringLiteral("  ") + QString::fromUtf8(command) + QLatin1Char(' ')), command);
    QVERIFY(r.out.contains(QStringLiteral("Exit status")));
}

void TestCli::newEvaluateValidate()
{
    Run r = run({QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("supernode"),
                 QStringLiteral("--gpus"), QStringLiteral("1152"), QStringLiteral("-o"), path("s.cplan")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.err.isEmpty());
    r = run({QStringLiteral("evaluate"), path("s.cplan")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("GPUs total            1152")));
    QVERIFY(r.out.contains(QStringLiteral("GPUs active           1024")));
    // Each performance figure is printed with its P10–P90 band around it, in its own unit and
    // rounding: the same band as the results JSON's KEY_p10 and KEY_p90.
    const Run json = run({QStringLiteral("evaluate"), path("s.cplan"), QStringLiteral("--json")});
    QCOMPARE(json.code, 0);
    const nlohmann::json results = nlohmann::json::parse(json.out.toStdString());
    const nlohmann::json &perf = results.at("performance");
    const auto band = [&](const char *label, const char *key, double scale, int decimals, const char *unit) {
        const QString line = QStringLiteral("%1%4 (P10–P90 %2–%3%4)")
                                 .arg(QString::number(perf.at(key).get<double>() * scale, 'f', decimals),
                                      QString::number(perf.at(std::string(key) + "_p10").get<double>() * scale, 'f', decimals),
                                      QString::number(perf.at(std::string(key) + "_p90").get<double>() * scale, 'f', decimals),
                                      QString::fromUtf8(unit));
        QVERIFY2(r.out.contains(QString::fromUtf8(label).leftJustified(22) + line), qPrintable(QString::fromUtf8(label) + QStringLiteral(": ") + line));
    };
    band("MFU", "mfu", 100.0, 1, " %");
    band("model TFLOP/s per GPU", "model_tflops_per_gpu", 1.0, 0, "");
    band("hardware TFLOP/s/GPU", "hardware_tflops_per_gpu", 1.0, 0, "");
    band("step time", "step_time_s", 1.0, 2, " s");
    band("time to train", "time_to_train_days", 1.0, 1, " days");
    r = run({QStringLiteral("validate"), path("s.cplan")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("valid (0 warning(s))")));

    // A sound design whose figures say it cannot train is warned about, with the reason: 100,000
    // GPUs under the 2021 baseline policy.
    QCOMPARE(run({QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("classic"), QStringLiteral("--gpus"),
                  QStringLiteral("100000"), QStringLiteral("-o"), path("big.json")})
                 .code,
             0);
    nlohmann::json big = nlohmann::json::parse(cptest::readFile(path("big.json").toStdString()));
    big["design"]["reliability"]["policy"] = "2021-baseline";
    cptest::writeFile(path("big.json").toStdString(), big.dump());
    r = run({QStringLiteral("validate"), path("big.json")});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("reliability.goodput: warning: goodput is only")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("2021-baseline")));
    QVERIFY(r.out.contains(QStringLiteral("training would never finish")));

    // A design rule the evaluation finds is a validation error: liquid-cooled supernodes whose
    // CDUs were swapped for air units (exit 1, the rack and the heat named).
    QCOMPARE(run({QStringLiteral("export"), path("s.cplan"), QStringLiteral("--json"), path("s.json")}).code, 0);
    nlohmann::json air = nlohmann::json::parse(cptest::readFile(path("s.json").toStdString()));
    for (auto &unit : air["design"]["cooling_units"])
        if (unit["catalog_id"].get<std::string>().find("cdu") != std::string::npos)
            unit["catalog_id"] = "crah-250kw";
    cptest::writeFile(path("air.json").toStdString(), air.dump());
    r = run({QStringLiteral("validate"), path("air.json")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.out.contains(QStringLiteral("of its heat goes to liquid, but only air units cool it")), qPrintable(r.out));

    // A link no catalogued cable reaches is an error: a classic design's network rack moved 3.5 km
    // down a (widened) hall from its servers.
    QCOMPARE(run({QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("classic"), QStringLiteral("--gpus"),
                  QStringLiteral("256"), QStringLiteral("-o"), path("far.json")})
                 .code,
             0);
    nlohmann::json far = nlohmann::json::parse(cptest::readFile(path("far.json").toStdString()));
    far["design"]["hall"]["width_m"] = 4000.0;
    bool moved = false;
    for (auto &rack : far["design"]["racks"])
        for (const auto &mount : rack["contents"])
            if (!moved && mount.value("role", std::string()) == "leaf") {
                rack["x_m"] = 3500.0;
                moved = true;
            }
    QVERIFY(moved);
    cptest::writeFile(path("far.json").toStdString(), far.dump());
    r = run({QStringLiteral("validate"), path("far.json")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.out.contains(QStringLiteral("is beyond the reach of every")) && r.out.contains(QStringLiteral("fabric: error")),
             qPrintable(r.out));
}

void TestCli::evaluateJson()
{
    QCOMPARE(run({QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("classic"),
                  QStringLiteral("--gpus"), QStringLiteral("1024"), QStringLiteral("-o"), path("c.cplan")}).code, 0);
    const Run r = run({QStringLiteral("evaluate"), path("c.cplan"), QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    const QJsonObject inv = doc.object().value(QStringLiteral("inventory")).toObject();
    QCOMPARE(inv.value(QStringLiteral("gpus_total")).toInteger(), 1024);
    QCOMPARE(inv.value(QStringLiteral("racks_total")).toInteger(), 38);
    QCOMPARE(inv.value(QStringLiteral("switches_by_tier")).toObject().value(QStringLiteral("spine")).toInteger(), 16);
    QVERIFY(doc.object().value(QStringLiteral("power")).toObject().value(QStringLiteral("max_rack_kw")).toDouble() > 30);
}

void TestCli::exportImportRoundTrip()
{
    QCOMPARE(run({QStringLiteral("new"), QStringLiteral("-o"), path("a.cplan")}).code, 0);
    QCOMPARE(run({QStringLiteral("export"), path("a.cplan"), QStringLiteral("--json"), path("a.json")}).code, 0);
    QCOMPARE(run({QStringLiteral("import"), path("a.json"), QStringLiteral("-o"), path("b.cplan")}).code, 0);
    QCOMPARE(run({QStringLiteral("export"), path("b.cplan"), QStringLiteral("--json"), path("b.json")}).code, 0);
    QCOMPARE(cptest::readFile(path("a.json").toStdString()), cptest::readFile(path("b.json").toStdString()));
    // A .json output of `new` and `evaluate` on JSON work too.
    QCOMPARE(run({QStringLiteral("new"), QStringLiteral("-o"), path("n.json")}).code, 0);
    QCOMPARE(run({QStringLiteral("evaluate"), path("n.json")}).code, 0);
}

void TestCli::userCatalog()
{
    const std::string cat = R"({"format":"cluster-planner-catalog","version":1,"entries":[
      {"id":"qm9700","kind":"switch","name":"QM9700 at our price","figures":{"ports":64,"port_gbps":400,
       "height_u":1,"power_max_w":747,"power_typical_w":635,"power_idle_w":374,"price_usd":1},
       "sources":{"*":"quote"}}]})";
    cptest::writeFile(path("user.json").toStdString(), cat);
    const Run r = run({QStringLiteral("--catalog"), path("user.json"), QStringLiteral("catalog")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("QM9700 at our price")));
}

void TestCli::errors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    QTest::newRow("no command") << QStringList{} << 2 << QStringLiteral("no command");
    QTest::newRow("unknown command") << QStringList{QStringLiteral("fly")} << 2 << QStringLiteral("unknown command \"fly\"");
    QTest::newRow("unknown option") << QStringList{QStringLiteral("evaluate"), QStringLiteral("x"), QStringLiteral("--fast")} << 2 << QStringLiteral("unknown option --fast");
    QTest::newRow("evaluate missing file") << QStringList{QStringLiteral("evaluate"), QStringLiteral("/no/such.cplan")} << 1 << QStringLiteral("/no/such.cplan: no such file");
    QTest::newRow("new without output") << QStringList{QStringLiteral("new")} << 2 << QStringLiteral("-o FILE");
    QTest::newRow("absurd gpus") << QStringList{QStringLiteral("new"), QStringLiteral("--gpus"), QStringLiteral("1000000000000"), QStringLiteral("-o"), QStringLiteral("x.cplan")} << 1 << QStringLiteral("above");
    QTest::newRow("gpus not a number") << QStringList{QStringLiteral("new"), QStringLiteral("--gpus"), QStringLiteral("lots"), QStringLiteral("-o"), QStringLiteral("x.cplan")} << 2 << QStringLiteral("positive whole number");
    QTest::newRow("unknown template") << QStringList{QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("torus"), QStringLiteral("-o"), QStringLiteral("x.cplan")} << 1 << QStringLiteral("unknown template");
    QTest::newRow("unwritable output") << QStringList{QStringLiteral("new"), QStringLiteral("-o"), QStringLiteral("/no/dir/x.cplan")} << 3 << QStringLiteral("/no/dir/x.cplan");
    QTest::newRow("bad catalog") << QStringList{QStringLiteral("--catalog"), QStringLiteral("/no/cat.json"), QStringLiteral("catalog")} << 1 << QStringLiteral("/no/cat.json: cannot open");
    QTest::newRow("export needs json") << QStringList{QStringLiteral("export"), QStringLiteral("a.cplan")} << 2 << QStringLiteral("export needs");
}

void TestCli::errors()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, message);
    const Run r = run(args);
    QCOMPARE(r.code, code);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1); // one line
    QVERIFY(r.out.isEmpty());
}

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
