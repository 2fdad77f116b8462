// Drives `cluster-planner-cli estimate` and `search` as a user would: real processes, real files.

#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

class TestEstimateCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void helpListsCommands();
    void estimateJson();
    void estimateText();
    void estimateErrors();
    void searchDesign();
    void searchUsage();

private:
    using Run = cptest::CliRun;
    static Run run(const QStringList &args) { return cptest::runCli(QStringLiteral(CP_CLI), args); }
    QString path(const char *name) const { return mDir.filePath(QString::fromUtf8(name)); }
    static QString spec(const char *name)
    {
        return QString::fromStdString(cptest::dataPath((std::string("estimate/") + name).c_str()));
    }

    QTemporaryDir mDir;
};

void TestEstimateCli::helpListsCommands()
{
    const Run r = run({QStringLiteral("--help")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("  estimate SPEC.json")));
    QVERIFY(r.out.contains(QStringLiteral("  search FILE")));
}

void TestEstimateCli::estimateJson()
{
    const Run r =
        run({QStringLiteral("estimate"), spec("llama3-405b.json"), QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.err.isEmpty());
    QJsonParseError error;
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8(), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    for (const char *key :
         {"step_time_s", "model_tflops_per_gpu", "hardware_tflops_per_gpu", "mfu", "tokens_per_s",
          "memory_gb_per_gpu", "time_to_train_days", "breakdown", "parallelism_used"})
        QVERIFY2(o.contains(QString::fromUtf8(key)), key);
    const QJsonObject p = o.value(QStringLiteral("parallelism_used")).toObject();
    QCOMPARE(p.value(QStringLiteral("tp")).toInt(), 8);
    QCOMPARE(p.value(QStringLiteral("pp")).toInt(), 16);
    QCOMPARE(p.value(QStringLiteral("dp")).toInt(), 64);
    QVERIFY(o.value(QStringLiteral("chosen_by_search"))
                .toArray()
                .contains(QStringLiteral("microbatch")));
    QVERIFY(o.value(QStringLiteral("mfu")).toDouble() > 0.2 &&
            o.value(QStringLiteral("mfu")).toDouble() < 0.7);
    // Llama 3 ran without activation checkpointing (§3.3.2); the spec says so and it fits.
    QCOMPARE(p.value(QStringLiteral("recompute")).toString(), QStringLiteral("none"));
    QVERIFY(o.value(QStringLiteral("memory_gb_per_gpu")).toDouble() <= 80.0);
    QVERIFY(o.contains(QStringLiteral("memory_stage")));
    QVERIFY(o.value(QStringLiteral("cluster"))
                .toObject()
                .value(QStringLiteral("gemm_tflops_bf16_sustained"))
                .toDouble() > 0);
    // Every performance figure with its P10–P90 band around it, and the regime it comes from.
    for (const char *key : {"step_time_s", "model_tflops_per_gpu", "hardware_tflops_per_gpu", "mfu", "tokens_per_s",
                            "time_to_train_days"}) {
        const double v = o.value(QString::fromUtf8(key)).toDouble();
        const double lo = o.value(QString::fromUtf8(key) + QStringLiteral("_p10")).toDouble();
        const double hi = o.value(QString::fromUtf8(key) + QStringLiteral("_p90")).toDouble();
        // The band holds the figure; it may end at it where a regime's runs all fall on one side.
        QVERIFY2(lo > 0 && lo <= v && v <= hi && lo < hi, key);
    }
    QCOMPARE(o.value(QStringLiteral("accuracy")).toObject().value(QStringLiteral("regime")).toString(),
             QStringLiteral("large-scale"));
}

void TestEstimateCli::estimateText()
{
    const Run r = run({QStringLiteral("estimate"), spec("megatron-1t.json")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("Hardware TFLOP/s/GPU")));
    QVERIFY(r.out.contains(QStringLiteral("TP8 PP64 DP6")));
    QVERIFY(r.out.contains(QStringLiteral("P10-P90 band           MFU ")));
}

void TestEstimateCli::estimateErrors()
{
    cptest::writeFile(path("bad.json").toStdString(),
                      R"({"gpu": "h100-sxm", "gpus": 64, "model": {"layers": "x"}})");
    Run r = run({QStringLiteral("estimate"), path("bad.json")});
    QCOMPARE(r.code, 1);
    QVERIFY(r.err.contains(QStringLiteral("bad.json")));
    QVERIFY(r.err.contains(QStringLiteral("model.layers")));
    cptest::writeFile(path("trunc.json").toStdString(), R"({"gpu": "h100-sxm", "gpus": 6)");
    r = run({QStringLiteral("estimate"), path("trunc.json")});
    QCOMPARE(r.code, 1);
    QVERIFY(r.err.contains(QStringLiteral("trunc.json")));
    r = run({QStringLiteral("estimate"), path("missing.json")});
    QCOMPARE(r.code, 1);
    r = run({QStringLiteral("estimate")});
    QCOMPARE(r.code, 2);
    r = run({QStringLiteral("estimate"), spec("llama3-405b.json"), QStringLiteral("--frobnicate")});
    QCOMPARE(r.code, 2);
}

void TestEstimateCli::searchDesign()
{
    QCOMPARE(run({QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("classic"),
                  QStringLiteral("--gpus"), QStringLiteral("1024"), QStringLiteral("--spare-servers"),
                  QStringLiteral("0"), QStringLiteral("-o"), path("c.cplan")})
                 .code,
             0);
    Run r = run({QStringLiteral("search"), path("c.cplan"), QStringLiteral("--top"),
                 QStringLiteral("3"), QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o.value(QStringLiteral("cluster")).toObject().value(QStringLiteral("gpus")).toInt(),
             1024);
    QCOMPARE(
        o.value(QStringLiteral("cluster")).toObject().value(QStringLiteral("domain_gpus")).toInt(),
        8);
    QCOMPARE(o.value(QStringLiteral("cluster"))
                 .toObject()
                 .value(QStringLiteral("scale_out_gbps_per_gpu"))
                 .toDouble(),
             400.0);
    const QJsonObject search = o.value(QStringLiteral("search")).toObject();
    QVERIFY(search.value(QStringLiteral("evaluated")).toInt() > 100);
    // The template's workload is a 405B model: 1,024 H100 hold it.
    QCOMPARE(search.value(QStringLiteral("top")).toArray().size(), 3);

    // Supernodes: the scale-up domain is the working GPUs of the NVL72 (64 of 72).
    QCOMPARE(run({QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("supernode"),
                  QStringLiteral("--gpus"), QStringLiteral("1152"), QStringLiteral("-o"),
                  path("s.cplan")})
                 .code,
             0);
    r = run({QStringLiteral("search"), path("s.cplan"), QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    const QJsonObject s = QJsonDocument::fromJson(r.out.toUtf8())
                              .object()
                              .value(QStringLiteral("cluster"))
                              .toObject();
    QCOMPARE(s.value(QStringLiteral("domain_gpus")).toInt(), 64);
    QCOMPARE(s.value(QStringLiteral("gpus")).toInt(), 1024);
    r = run({QStringLiteral("search"), path("s.cplan")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("Runners-up")));
}

void TestEstimateCli::searchUsage()
{
    QCOMPARE(run({QStringLiteral("search")}).code, 2);
    QCOMPARE(run({QStringLiteral("search"), path("c.cplan"), QStringLiteral("--top"),
                  QStringLiteral("zero")})
                 .code,
             2);
    QCOMPARE(run({QStringLiteral("search"), path("nothing.cplan")}).code, 1);
}

QTEST_GUILESS_MAIN(TestEstimateCli)
#include "test_estimate_cli.moc"
