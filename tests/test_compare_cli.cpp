// Drives `cluster-planner-cli compare` and the Cost part of `evaluate` as a user would: real
// processes, real files, exit codes (docs/cost.md).

#include "testsupport.h"

#include "model/training/publishedruns.h"

#include <nlohmann/json.hpp>

#include <QFile>

#include <cmath>

class TestCompareCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void evaluatePrintsCost();
    void compareTable();
    void compareBomCsv();
    void compareJson();
    void quotedDesignName();
    void compareErrors();

private:
    using Run = cptest::CliRun;
    static Run run(const QStringList &args) { return cptest::runCli(QStringLiteral(CP_CLI), args); }
    QString path(const char *name) const { return mDir.filePath(QString::fromUtf8(name)); }
    std::string spath(const char *name) const { return path(name).toStdString(); }

    QTemporaryDir mDir;
};

void TestCompareCli::initTestCase()
{
    QCOMPARE(run({QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("classic"),
                  QStringLiteral("--gpus"), QStringLiteral("1024"), QStringLiteral("-o"), path("c.cplan")})
                 .code,
             0);
    QCOMPARE(run({QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("supernode"),
                  QStringLiteral("--gpus"), QStringLiteral("1152"), QStringLiteral("-o"), path("s.cplan")})
                 .code,
             0);
}

void TestCompareCli::evaluatePrintsCost()
{
    const Run r = run({QStringLiteral("evaluate"), path("c.cplan")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("\nCost (docs/cost.md)\n")));
    QVERIFY(r.out.contains(QStringLiteral("  CAPEX ")));
    QVERIFY(r.out.contains(QStringLiteral("  TCO ")));
    QVERIFY(r.out.contains(QStringLiteral("cloud break-even")));
}

void TestCompareCli::compareTable()
{
    const Run r = run({QStringLiteral("compare"), path("c.cplan"), path("s.cplan")});
    QCOMPARE(r.code, 0);
    for (const char *row : {"GPUs", "racks", "IT power MW", "facility power MW", "max kW per rack",
                            "scale-up domain GPUs", "bisection TB/s", "MFU %", "time to train days", "job MTBF h",
                            "goodput %", "largest failure domain GPUs", "CAPEX $M", "OPEX $M/yr", "TCO $M",
                            "$ per effective PFLOP-h", "cloud break-even month"})
        QVERIFY2(r.out.contains(QString::fromUtf8(row)), row);
    QVERIFY(r.out.contains(QStringLiteral("1152")));
    // The better value of each compared row is marked; GPUs (no better direction) is not.
    for (const QString &line : r.out.split(QLatin1Char('\n'))) {
        if (line.startsWith(QStringLiteral("CAPEX $M")) || line.startsWith(QStringLiteral("TCO $M")))
            QCOMPARE(line.count(QLatin1Char('*')), 1);
        if (line.startsWith(QStringLiteral("GPUs ")))
            QCOMPARE(line.count(QLatin1Char('*')), 0);
    }
    // H100 servers against GB200 supernodes: under the designs' header, the model's measured error
    // on the ratio between the two parts (docs/validation.md, "Between two parts").
    const cp::PartRatioRecord rec = cp::partRatioRecord("gb200", "h100-sxm");
    QVERIFY(r.out.contains(QStringLiteral("The model's error on the ratio between these parts")));
    QVERIFY2(r.out.contains(QStringLiteral("  ") + QString::fromStdString(cp::partRatioText(rec)) + QLatin1Char('\n')),
             qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("gb200 over h100-sxm: the published ratio was %1 to %2 of the model's")
                               .arg(QString::number(rec.lowest, 'f', 2), QString::number(rec.highest, 'f', 2))));
    QVERIFY(r.out.contains(QStringLiteral("the model rates gb200 against h100-sxm about %1 % too high").arg(rec.leanPct())));
    // Two designs on one part: no such line.
    const Run same = run({QStringLiteral("compare"), path("c.cplan"), path("c.cplan")});
    QCOMPARE(same.code, 0);
    QVERIFY(!same.out.contains(QStringLiteral("between these parts")));
}

void TestCompareCli::compareBomCsv()
{
    const Run r = run({QStringLiteral("compare"), path("c.cplan"), path("s.cplan"), QStringLiteral("--bom"),
                       path("bom.csv"), QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    const std::string csv = cptest::readFile(spath("bom.csv"));
    QVERIFY(csv.rfind("design,part,catalog_id,kind,quantity,unit_price_usd,total_usd,source\r\n", 0) == 0);
    QVERIFY(csv.find("dgx-h100") != std::string::npos);
    QVERIFY(csv.find("gb200-nvl72") != std::string::npos);
    QVERIFY(!QFile::exists(path("bom.csv.tmp"))); // written through a temporary file, then renamed
    // The JSON's hardware CAPEX of each design is the sum of its bill of materials.
    const nlohmann::json j = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(j.size(), size_t(2));
    for (const auto &d : j) {
        double sum = 0.0;
        for (const auto &l : d.at("results").at("cost").at("bom"))
            sum += l.at("total_usd").get<double>();
        const double hw = d.at("results").at("cost").at("hardware_capex_usd").get<double>();
        QVERIFY(std::abs(sum - hw) <= 1e-9 * hw);
    }
}

void TestCompareCli::compareJson()
{
    const Run r = run({QStringLiteral("compare"), path("c.cplan"), path("s.cplan"), QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    const nlohmann::json j = nlohmann::json::parse(r.out.toStdString());
    QVERIFY(j.is_array());
    for (const auto &d : j)
        for (const char *k : {"capex_usd", "capex_by_category_usd", "opex_usd_per_year", "tco_usd"})
            QVERIFY2(d.at("results").at("cost").contains(k), k);
    // The part record each design carries: GB200 over H100, as partRatioRecord gives it.
    const cp::PartRatioRecord rec = cp::partRatioRecord("gb200", "h100-sxm");
    for (const auto &d : j) {
        const nlohmann::json &parts = d.at("part_ratio");
        QCOMPARE(parts.size(), size_t(1));
        QCOMPARE(parts[0].at("a").get<std::string>(), std::string("gb200"));
        QCOMPARE(parts[0].at("b").get<std::string>(), std::string("h100-sxm"));
        QCOMPARE(parts[0].at("pairs").get<int>(), rec.pairs);
        QCOMPARE(parts[0].at("stacks").get<int>(), rec.stacks);
        QCOMPARE(parts[0].at("median").get<double>(), rec.median);
        QVERIFY(parts[0].at("lowest").get<double>() <= rec.median && rec.median <= parts[0].at("highest").get<double>());
        QVERIFY(parts[0].at("model_lean_pct").get<double>() > 0); // the model rates GB200 too high
        QCOMPARE(parts[0].at("text").get<std::string>(), cp::partRatioText(rec));
    }
    // The key figures as the table prints them: per row, each design's shown value and its mark,
    // the same '*' (best, settled) or '~' (best, not settled) the text table carries.
    const Run text = run({QStringLiteral("compare"), path("c.cplan"), path("s.cplan")});
    QCOMPARE(text.code, 0);
    const QStringList lines = text.out.split(QLatin1Char('\n'));
    const nlohmann::json &rowsA = j[0].at("key_figures"), &rowsB = j[1].at("key_figures");
    QCOMPARE(rowsA.size(), rowsB.size());
    QVERIFY(rowsA.size() >= 17);
    int marked = 0;
    for (size_t k = 0; k < rowsA.size(); ++k) {
        const QString label = QString::fromStdString(rowsA[k].at("label").get<std::string>());
        const auto line = std::find_if(lines.begin(), lines.end(), [&](const QString &l) {
            return l.startsWith(label + QLatin1Char(' ')) && l.mid(label.size(), 3).trimmed().isEmpty();
        });
        QVERIFY2(line != lines.end(), qPrintable(label));
        for (const nlohmann::json *row : {&rowsA[k], &rowsB[k]}) {
            QVERIFY(!row->at("settled").get<bool>() || row->at("best").get<bool>());
            const QString mark = !row->at("best").get<bool>() ? QStringLiteral(" ")
                                 : row->at("settled").get<bool>() ? QStringLiteral("*") : QStringLiteral("~");
            QVERIFY2(line->contains(QString::fromStdString(row->at("shown").get<std::string>()) + mark), qPrintable(*line));
            marked += row->at("best").get<bool>();
        }
    }
    QVERIFY(marked > 0);
    // The training stack both workloads assumed: per field, each design's change in tokens/s as its
    // own results carry it (performance.assumption_effects), and the table under the key figures.
    const nlohmann::json &stack = j[0].at("assumed_stack");
    QCOMPARE(stack, j[1].at("assumed_stack"));
    QVERIFY(stack.size() >= 3);
    QVERIFY(text.out.contains(QStringLiteral("What the assumed training stack moves")));
    for (const auto &field : stack) {
        QCOMPARE(field.at("effects").size(), size_t(2));
        for (size_t d = 0; d < 2; ++d) {
            const nlohmann::json &e = field.at("effects")[d];
            if (e.is_null())
                continue;
            const nlohmann::json &own = j[d].at("results").at("performance").at("assumption_effects");
            const auto it = std::find_if(own.begin(), own.end(), [&](const nlohmann::json &a) { return a.at("field") == field.at("field"); });
            QVERIFY(it != own.end());
            QCOMPARE(e.at("runs").get<bool>(), it->at("runs").get<bool>());
            if (e.at("runs").get<bool>())
                QCOMPARE(e.at("throughput_change").get<double>(), it->at("throughput_change").get<double>());
        }
        const std::string label = field.at("field").get<std::string>().substr(9) + " " +
                                  field.at("assumed").get<std::string>() + " -> " + field.at("alternative").get<std::string>();
        QVERIFY2(text.out.contains(QString::fromStdString(label)), label.c_str());
        QVERIFY(field.at("lead_changes").is_array());
    }
    const Run same = run({QStringLiteral("compare"), path("c.cplan"), path("c.cplan"), QStringLiteral("--json")});
    QCOMPARE(same.code, 0);
    QVERIFY(nlohmann::json::parse(same.out.toStdString())[0].at("part_ratio").empty());
}

void TestCompareCli::quotedDesignName()
{
    // A design named a,"b" stays one CSV field (RFC 4180: quoted, inner quotes doubled).
    QCOMPARE(run({QStringLiteral("export"), path("c.cplan"), QStringLiteral("--json"), path("q.json")}).code, 0);
    nlohmann::json j = nlohmann::json::parse(cptest::readFile(spath("q.json")));
    j.at("design")["name"] = "a,\"b\"";
    cptest::writeFile(spath("q.json"), j.dump());
    const Run r = run({QStringLiteral("compare"), path("q.json"), path("s.cplan"), QStringLiteral("--bom"),
                       path("q.csv")});
    QCOMPARE(r.code, 0);
    const std::string csv = cptest::readFile(spath("q.csv"));
    QVERIFY(csv.find("\r\n\"a,\"\"b\"\"\",") != std::string::npos);
}

void TestCompareCli::compareErrors()
{
    Run r = run({QStringLiteral("compare"), path("c.cplan")});
    QCOMPARE(r.code, 2);
    // A report is HTML or PDF, by its extension (tests/test_report_cli.cpp writes both).
    r = run({QStringLiteral("compare"), path("c.cplan"), path("s.cplan"), QStringLiteral("--report"),
             path("out.txt")});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral(".html or .pdf")));
    QVERIFY(!QFile::exists(path("out.txt")));
    QStringList seven{QStringLiteral("compare")};
    for (int i = 0; i < 7; ++i)
        seven << path("c.cplan");
    QCOMPARE(run(seven).code, 2);
    r = run({QStringLiteral("compare"), path("c.cplan"), path("missing.cplan")});
    QCOMPARE(r.code, 1);
    r = run({QStringLiteral("compare"), path("c.cplan"), path("s.cplan"), QStringLiteral("--bom"),
             path("no-such-dir/bom.csv")});
    QCOMPARE(r.code, 3);
}

QTEST_GUILESS_MAIN(TestCompareCli)
#include "test_compare_cli.moc"
