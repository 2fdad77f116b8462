// The bad-input catalogue (docs/robustness.md): every class of bad input, through the command
// line as a user meets it and through the model API, each answered with one clear message naming
// the file, the place and the problem, the documented exit code, no crash, and nothing
// half-written. One table row per case; the table in docs/robustness.md mirrors it.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/io/designjson.h"
#include "model/core/designlimits.h"
#include "model/io/estimatespec.h"
#include "model/engine/evaluation.h"
#include "model/io/projectfile.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <unistd.h>

#include <functional>

using namespace cp;
using json = nlohmann::json;

namespace {

/// One case: files to prepare, the command, what it must answer.
struct Row
{
    const char *name;
    std::function<void(const QString &dir)> setup; ///< writes the input files into `dir`
    QStringList args;                             ///< "%D" stands for the scratch folder
    int code;                                     ///< expected exit code
    std::vector<const char *> expect;             ///< every one must appear in the output
    QString untouched;                            ///< a file that must keep its bytes (or stay absent)
    const char *needs = nullptr;                  ///< "root-mount" rows need a tmpfs mount

    Row(const char *n, std::function<void(const QString &)> s, QStringList a, int c, std::vector<const char *> e,
        QString u = {}, const char *nd = nullptr)
        : name(n), setup(std::move(s)), args(std::move(a)), code(c), expect(std::move(e)), untouched(std::move(u)),
          needs(nd)
    {
    }
};

QString cli() { return QStringLiteral(CP_CLI); }

json readJson(const QString &path) { return json::parse(cptest::readFile(path.toStdString())); }
void writeJson(const QString &path, const json &j) { cptest::writeFile(path.toStdString(), j.dump(1)); }

/// The 16-GPU classic design as JSON, changed by `edit`, written to `dir/name`.
std::function<void(const QString &)> designWith(const char *name, std::function<void(json &)> edit)
{
    return [name, edit](const QString &dir) {
        json j = readJson(dir + QStringLiteral("/c16.json"));
        edit(j["design"]);
        writeJson(dir + QLatin1Char('/') + QString::fromUtf8(name), j);
    };
}

std::function<void(const QString &)> text(const char *name, std::string content)
{
    return [name, content](const QString &dir) {
        cptest::writeFile((dir + QLatin1Char('/') + QString::fromUtf8(name)).toStdString(), content);
    };
}

std::function<void(const QString &)> userCatalog(const char *name, const char *baseId, const char *figure, double value,
                                                 const char *newId)
{
    return [=](const QString &dir) {
        const json all = Catalog::builtin().toJson();
        for (const json &e : all["entries"])
            if (e["id"] == baseId) {
                json entry = e;
                entry["id"] = newId;
                entry["figures"][figure] = value;
                writeJson(dir + QLatin1Char('/') + QString::fromUtf8(name),
                          {{"format", "cluster-planner-catalog"}, {"version", 1}, {"entries", json::array({entry})}});
            }
    };
}

void sql(const QString &path, const char *statement)
{
    sqlite3 *db = nullptr;
    sqlite3_open(path.toUtf8().constData(), &db);
    sqlite3_exec(db, statement, nullptr, nullptr, nullptr);
    sqlite3_close(db);
}

bool runs(const QString &program, const QStringList &args)
{
    QProcess p;
    p.start(program, args);
    return p.waitForFinished(20000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

} // namespace

class TestBadInput : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void cli_data();
    void cli();
    void lockedFile();
    void modelApi();

private:
    QTemporaryDir mDir;
    QString mD;
    QStringList mMounts;
    bool mMounted = false;
    std::vector<Row> mRows;
};

void TestBadInput::initTestCase()
{
    QVERIFY(mDir.isValid());
    mD = mDir.path();
    QCOMPARE(cptest::runCli(::cli(), {QStringLiteral("new"), QStringLiteral("--gpus"), QStringLiteral("16"),
                                      QStringLiteral("-o"), mD + QStringLiteral("/c16.json")}).code, 0);
    QCOMPARE(cptest::runCli(::cli(), {QStringLiteral("new"), QStringLiteral("--gpus"), QStringLiteral("16"),
                                      QStringLiteral("-o"), mD + QStringLiteral("/c16.cplan")}).code, 0);
    QCOMPARE(cptest::runCli(::cli(), {QStringLiteral("new"), QStringLiteral("--gpus"), QStringLiteral("1024"),
                                      QStringLiteral("-o"), mD + QStringLiteral("/c1k.cplan")}).code, 0);

    // A read-only folder and a full disk: as root (permissions do not stop root) small tmpfs
    // mounts, read-only and 16 KiB; otherwise a chmod 0555 folder, and no full disk.
    const QString ro = mD + QStringLiteral("/readonly"), full = mD + QStringLiteral("/full");
    QDir().mkpath(ro);
    QDir().mkpath(full);
    if (::geteuid() == 0) {
        mMounted = runs(QStringLiteral("mount"), {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                                                  QStringLiteral("ro,size=64k"), QStringLiteral("tmpfs"), ro})
                   && runs(QStringLiteral("mount"), {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                                                     QStringLiteral("size=16k"), QStringLiteral("tmpfs"), full});
        if (mMounted) {
            mMounts = {ro, full};
            // Three of the four pages taken: about 4 KiB left, less than any output below needs.
            cptest::writeFile((full + QStringLiteral("/filler")).toStdString(), std::string(3 * 4096, 'f'));
        }
    } else {
        QFile::setPermissions(ro, QFile::ReadOwner | QFile::ExeOwner);
    }

    const auto D = [](const char *rel) { return QStringLiteral("%D/") + QString::fromUtf8(rel); };
    const QString E = QStringLiteral("evaluate"), V = QStringLiteral("validate");
    mRows = {
        // --- JSON: types, fields, numbers ---------------------------------------------------
        {"wrong type", designWith("wrongtype.json", [](json &d) { d["racks"][0]["x_m"] = "3.2"; }),
         {E, D("wrongtype.json")}, 1, {"wrongtype.json", "design.racks[0].x_m", "expected a number, found string"}},
        {"missing required field", designWith("missing.json", [](json &d) { d["racks"][0].erase("catalog_id"); }),
         {E, D("missing.json")}, 1, {"missing.json", "design.racks[0].catalog_id", "missing"}},
        {"NaN in JSON", text("nan.json", "{\"format\": \"cluster-planner-design\", \"version\": 1,\n \"design\": {\"hall\": {\"width_m\": NaN}}}"),
         {E, D("nan.json")}, 1, {"nan.json", "line 2, column", "not valid JSON"}},
        {"Infinity in JSON", text("inf.json", "{\"format\": \"cluster-planner-design\", \"version\": 1,\n \"design\": {\"hall\": {\"width_m\": Infinity}}}"),
         {E, D("inf.json")}, 1, {"inf.json", "line 2, column", "not valid JSON"}},
        {"number beyond a double", text("huge.json", "{\"format\": \"cluster-planner-design\", \"version\": 1, \"design\": {\"hall\": {\"width_m\": 1e400}}}"),
         {E, D("huge.json")}, 1, {"huge.json", "not valid JSON", "number overflow", "1e400"}},
        {"design format from the future", [](const QString &dir) {
             json j = readJson(dir + QStringLiteral("/c16.json"));
             j["version"] = 99;
             writeJson(dir + QStringLiteral("/future.json"), j);
         },
         {E, D("future.json")}, 1, {"future.json", "version", "newer than this program reads"}},
        // --- values the model refuses -------------------------------------------------------
        {"negative capacity (catalog)", userCatalog("negcap.json", "busway-800a", "capacity_kw", -5, "neg-busway"),
         {QStringLiteral("--catalog"), D("negcap.json"), QStringLiteral("catalog")}, 1,
         {"negcap.json", "entries[0] (\"neg-busway\").figures.capacity_kw", "non-negative"}},
        {"zero capacity (catalog)", userCatalog("zerocap.json", "busway-800a", "capacity_kw", 0, "zero-busway"),
         {QStringLiteral("--catalog"), D("zerocap.json"), QStringLiteral("catalog")}, 1,
         {"zerocap.json", "entries[0] (\"zero-busway\").figures.capacity_kw", "must be positive"}},
        // Figures the models divide by (issue: MFU -nan %, step time inf s from a zero HBM bandwidth).
        {"zero HBM bandwidth (catalog)", userCatalog("zerobw.json", "h100-sxm", "hbm_tb_per_s", 0, "zero-bw"),
         {QStringLiteral("--catalog"), D("zerobw.json"), QStringLiteral("catalog")}, 1,
         {"zerobw.json", "entries[0] (\"zero-bw\").figures.hbm_tb_per_s", "must be positive"}},
        {"zero peak (catalog)", userCatalog("zeropeak.json", "b200", "peak_tflops_bf16", 0, "zero-peak"),
         {QStringLiteral("--catalog"), D("zeropeak.json"), QStringLiteral("catalog")}, 1,
         {"zeropeak.json", "entries[0] (\"zero-peak\").figures.peak_tflops_bf16", "must be positive"}},
        {"zero NIC rate (catalog)", userCatalog("zeronic.json", "cx7-400g", "gbps", 0, "zero-nic"),
         {QStringLiteral("--catalog"), D("zeronic.json"), QStringLiteral("catalog")}, 1,
         {"zeronic.json", "entries[0] (\"zero-nic\").figures.gbps", "must be positive"}},
        {"zero MTBF (design)", designWith("zeromtbf.json", [](json &d) { d["reliability"]["gpu_mtbf_hours"] = 0; }),
         {V, D("zeromtbf.json")}, 1, {"zeromtbf.json", "reliability.gpu_mtbf_hours", "must be a positive number"}},
        {"negative count", designWith("negcount.json", [](json &d) { d["racks"][0]["contents"][0]["count"] = -3; }),
         {V, D("negcount.json")}, 1, {"negcount.json", "racks[0] (\"C001\").contents[0].count", "must be between 1 and"}},
        {"10^12 GPUs (new)", {}, {QStringLiteral("new"), QStringLiteral("--gpus"), QStringLiteral("1000000000000"),
                                  QStringLiteral("-o"), D("huge.cplan")}, 1,
         {"--gpus 1000000000000", "above the 2000000 GPUs"}, D("huge.cplan")},
        {"10^10 GPUs (design JSON)", designWith("manygpus.json", [](json &d) {
             json rack = d["racks"][0];
             rack["contents"][0]["count"] = 1000000;
             d["racks"] = json::array();
             for (int i = 0; i < 2000; ++i) {
                 rack["id"] = "R" + std::to_string(i);
                 d["racks"].push_back(rack);
             }
         }),
         {E, D("manygpus.json")}, 1, {"manygpus.json", "design.racks", "16,000,000,000 GPUs", "10,000,000"}},
        {"a 1 km rack (catalog)", userCatalog("kmrack.json", "rack-42u-air", "height_u", 22500, "km-rack"),
         {QStringLiteral("--catalog"), D("kmrack.json"), QStringLiteral("catalog")}, 1,
         {"kmrack.json", "entries[0] (\"km-rack\").figures.height_u", "not plausible"}},
        {"a hall 10^12 m wide", designWith("widehall.json", [](json &d) { d["hall"]["width_m"] = 1e12; }),
         {V, D("widehall.json")}, 1, {"widehall.json", "hall", "larger than 5 km"}},
        {"unknown catalog id", designWith("unknownid.json", [](json &d) { d["racks"][0]["contents"][0]["catalog_id"] = "dgx-h999"; }),
         {V, D("unknownid.json")}, 1, {"unknownid.json", "racks[0] (\"C001\").contents[0].catalog_id", "unknown catalog id \"dgx-h999\""}},
        {"cycle in power feeds", designWith("cycle.json", [](json &d) {
             d["power_units"][0]["serves"] = json::array({d["power_units"][1]["id"]});
             d["power_units"][1]["serves"] = json::array({d["power_units"][0]["id"]});
         }),
         {V, D("cycle.json")}, 1, {"cycle.json", "power_units[0] (\"BW01-1\").serves[0]", "unknown rack \"BW01-2\""}},
        {"estimate: negative GPUs", text("negest.json", "{\"gpu\": \"h100-sxm\", \"gpus\": -8, \"model\": {\"layers\": 2}}"),
         {QStringLiteral("estimate"), D("negest.json")}, 1, {"negest.json", "gpus"}},
        // --- project files ------------------------------------------------------------------
        {"schema from the future", [](const QString &dir) {
             QFile::copy(dir + QStringLiteral("/c16.cplan"), dir + QStringLiteral("/future.cplan"));
             sql(dir + QStringLiteral("/future.cplan"), "UPDATE meta SET value = '99' WHERE key = 'schema_version'");
         },
         {E, D("future.cplan")}, 1, {"future.cplan", "meta.schema_version", "schema version 99", "newer"}},
        {"not SQLite", text("text.cplan", "This is a shopping list, not a project.\n"),
         {E, D("text.cplan")}, 1, {"text.cplan", "not a Cluster Planner project (not an SQLite database)"}},
        {"truncated project", [](const QString &dir) {
             const std::string all = cptest::readFile((dir + QStringLiteral("/c1k.cplan")).toStdString());
             cptest::writeFile((dir + QStringLiteral("/trunc.cplan")).toStdString(), all.substr(0, all.size() / 2));
         },
         {E, D("trunc.cplan")}, 1, {"trunc.cplan", "damaged or truncated"}},
        {"missing file", {}, {E, D("nothere.cplan")}, 1, {"nothere.cplan", "no such file"}},
        {"empty file", text("empty.cplan", ""), {E, D("empty.cplan")}, 1, {"empty.cplan", "empty"}},
        // --- outputs that cannot be written (exit 3, nothing left behind) -------------------
        {"read-only folder (project)", {}, {QStringLiteral("new"), QStringLiteral("-o"), D("readonly/x.cplan")}, 3,
         {"readonly/x.cplan"}, D("readonly/x.cplan")},
        {"read-only folder (export)", {}, {QStringLiteral("export"), D("c16.cplan"), QStringLiteral("--json"), D("readonly/x.json")}, 3,
         {"readonly/x.json", "cannot write"}, D("readonly/x.json")},
        {"full disk (project)", {}, {QStringLiteral("new"), QStringLiteral("--gpus"), QStringLiteral("1024"), QStringLiteral("-o"),
                                     D("full/x.cplan")}, 3,
         {"full/x.cplan", "disk is full"}, D("full/x.cplan"), "root-mount"},
        {"full disk (export)", {}, {QStringLiteral("export"), D("c1k.cplan"), QStringLiteral("--json"), D("full/x.json")}, 3,
         {"full/x.json", "disk full"}, D("full/x.json"), "root-mount"},
        {"full disk (bill of materials)", {}, {QStringLiteral("compare"), D("c1k.cplan"), D("c1k.cplan"), D("c1k.cplan"),
                                               D("c1k.cplan"), D("c1k.cplan"), D("c1k.cplan"), QStringLiteral("--bom"),
                                               D("full/bom.csv")}, 3,
         {"full/bom.csv"}, D("full/bom.csv"), "root-mount"},
    };
    for (const Row &r : mRows)
        if (r.setup)
            r.setup(mD);
}

void TestBadInput::cleanupTestCase()
{
    for (const QString &m : mMounts)
        runs(QStringLiteral("umount"), {m});
    QFile::setPermissions(mD + QStringLiteral("/readonly"), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

void TestBadInput::cli_data()
{
    QTest::addColumn<int>("row");
    for (size_t i = 0; i < mRows.size(); ++i)
        QTest::newRow(mRows[i].name) << int(i);
}

void TestBadInput::cli()
{
    QFETCH(int, row);
    const Row &r = mRows[size_t(row)];
    if (r.needs && !mMounted)
        QSKIP("needs a small tmpfs mount (run as root with mount permitted); skipped here");
    QStringList args;
    for (const QString &a : r.args)
        args << QString(a).replace(QStringLiteral("%D"), mD);
    const QString untouched = QString(r.untouched).replace(QStringLiteral("%D"), mD);
    const bool existed = !untouched.isEmpty() && QFile::exists(untouched);
    const std::string before = existed ? cptest::readFile(untouched.toStdString()) : std::string();

    const cptest::CliRun run = cptest::runCli(::cli(), args);
    QVERIFY2(run.code != -2, "the program crashed");
    QVERIFY2(run.code == r.code, qPrintable(QStringLiteral("exit %1, expected %2; stderr: %3").arg(run.code).arg(r.code).arg(run.err)));
    // validate lists the problems on stdout, each with its place; the last line goes to stderr.
    const QString said = run.out + run.err;
    for (const char *e : r.expect)
        QVERIFY2(said.contains(QString::fromUtf8(e)),
                 qPrintable(QStringLiteral("the output lacks \"%1\": %2").arg(QString::fromUtf8(e), said)));
    // One message line (problems listed before it are fine): it starts with the program's name.
    const QString message = run.err.trimmed().split(QLatin1Char('\n')).last();
    QVERIFY(message.startsWith(QStringLiteral("cluster-planner-cli: ")));
    qInfo("exit %d: %s", run.code, qPrintable(QString(message).replace(mD, QStringLiteral("DIR"))));
    if (!untouched.isEmpty()) {
        QCOMPARE(QFile::exists(untouched), existed);
        if (existed)
            QVERIFY(cptest::readFile(untouched.toStdString()) == before);
        QVERIFY2(!QFile::exists(untouched + QStringLiteral(".tmp")), "a temporary file was left behind");
        QVERIFY2(!QFile::exists(untouched + QStringLiteral("-journal")), "a journal was left behind");
    }
}

void TestBadInput::lockedFile()
{
    // Another program holds an exclusive lock: opening waits briefly, then says so; saving over
    // the file refuses (exit 3) and leaves it exactly as it was — before the fix, the save took
    // the locked project for a foreign file and deleted it.
    const QString path = mD + QStringLiteral("/locked.cplan");
    QVERIFY(QFile::copy(mD + QStringLiteral("/c16.cplan"), path));
    const std::string before = cptest::readFile(path.toStdString());
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
    QCOMPARE(sqlite3_exec(db, "BEGIN EXCLUSIVE; SELECT count(*) FROM meta;", nullptr, nullptr, nullptr), SQLITE_OK);

    const cptest::CliRun open = cptest::runCli(::cli(), {QStringLiteral("evaluate"), path});
    QCOMPARE(open.code, 1);
    QVERIFY2(open.err.contains(path) && open.err.contains(QStringLiteral("locked by another program")), qPrintable(open.err));
    const cptest::CliRun save = cptest::runCli(::cli(), {QStringLiteral("import"), mD + QStringLiteral("/c16.json"),
                                                         QStringLiteral("-o"), path});
    QCOMPARE(save.code, 3);
    QVERIFY2(save.err.contains(path) && save.err.contains(QStringLiteral("locked by another program")), qPrintable(save.err));
    sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
    sqlite3_close(db);
    QVERIFY(cptest::readFile(path.toStdString()) == before);
    QCOMPARE(ProjectFile::load(path.toStdString()).design.name, ProjectFile::load((mD + QStringLiteral("/c16.cplan")).toStdString()).design.name);
}

void TestBadInput::modelApi()
{
    // The same classes through the API the GUI uses: a LoadError with file, place and problem.
    struct ApiRow
    {
        const char *name;
        std::function<void()> call;
        const char *file, *place, *problem;
    };
    const Catalog &catalog = Catalog::builtin();
    const std::vector<ApiRow> rows = {
        {"design: wrong type", [] { designFromJsonText(R"({"format":"cluster-planner-design","version":1,"design":{"name":7}})", "d.json"); },
         "d.json", "design.name", "expected a string"},
        {"design: 1e400", [] { designFromJsonText(R"({"design":{"hall":{"width_m":1e400}}})", "d.json"); },
         "d.json", "", "number overflow"},
        {"catalog: 1e400", [] { Catalog::fromJsonText(R"({"format":"cluster-planner-catalog","version":1,"entries":[1e400]})", "c.json"); },
         "c.json", "", "number overflow"},
        {"catalog: format a number", [] { Catalog::fromJsonText(R"({"format": 5})", "c.json"); },
         "c.json", "format", "not a Cluster Planner catalog"},
        {"catalog: zero capacity", [] {
             json all = Catalog::builtin().toJson();
             json e;
             for (const json &x : all["entries"])
                 if (x["id"] == "ups-1mw" || (e.is_null() && x["kind"] == "ups"))
                     e = x;
             e["id"] = "zero-ups";
             e["figures"]["capacity_kw"] = 0;
             Catalog::fromJson({{"format", "cluster-planner-catalog"}, {"version", 1}, {"entries", {e}}}, "c.json");
         },
         "c.json", "figures.capacity_kw", "must be positive"},
        {"project: not SQLite", [this] {
             cptest::writeFile((mD + QStringLiteral("/api.cplan")).toStdString(), std::string(4096, 'x'));
             ProjectFile::load((mD + QStringLiteral("/api.cplan")).toStdString());
         },
         "api.cplan", "", "not an SQLite database"},
        {"estimate: 1e400", [this] {
             cptest::writeFile((mD + QStringLiteral("/est.json")).toStdString(), R"({"gpus": 1e400})");
             loadEstimateSpec((mD + QStringLiteral("/est.json")).toStdString(), Catalog::builtin());
         },
         "est.json", "", "number overflow"},
    };
    for (const ApiRow &r : rows) {
        try {
            r.call();
            QFAIL(qPrintable(QStringLiteral("%1: no error").arg(QString::fromUtf8(r.name))));
        } catch (const LoadError &e) {
            const QString what = QString::fromUtf8(r.name) + QStringLiteral(": ") + QString::fromUtf8(e.what());
            QVERIFY2(QString::fromStdString(e.file()).endsWith(QString::fromUtf8(r.file)), qPrintable(what));
            QVERIFY2(QString::fromStdString(e.place()).contains(QString::fromUtf8(r.place)), qPrintable(what));
            QVERIFY2(QString::fromStdString(e.problem()).contains(QString::fromUtf8(r.problem)), qPrintable(what));
        }
    }

    // Limits: refused before any stage runs, with the reason as the only problem.
    Design d;
    d.racks.push_back({"R1", "rack-42u-air", 1, 1, 0, "Row", {{"dgx-h100", 2, 2000000, SwitchRole::None}}});
    const auto problem = limitProblem(d, catalog);
    QVERIFY(problem.has_value());
    QVERIFY(QString::fromStdString(problem->message).contains(QStringLiteral("16,000,000 GPUs")));
    const Results r = evaluate(d, catalog);
    QCOMPARE(r.problems.size(), size_t(1));
    QCOMPARE(r.problems[0], *problem);
    QCOMPARE(r.inventory.gpusTotal, 0LL);
    QCOMPARE(designSize(d, catalog).gpus, 16000000LL);
}

QTEST_GUILESS_MAIN(TestBadInput)
#include "test_badinput.moc"
