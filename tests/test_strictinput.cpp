// Inputs the tool used to accept silently (docs/robustness.md, "Smaller classes"), through the
// command line: a design with errors evaluated with exit 0, a parallelism that cannot run
// estimated with exit 0, racks standing in each other, ids with control characters, absurd
// rotations and prices, duplicate JSON keys, a user catalog repeating a built-in entry, and an
// absurd hardware life. Each: the reported repro, then two variants.

#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <functional>
#include <tuple>

#include <sqlite3.h>

class TestStrictInput : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void evaluateFailsOnDesignErrors();
    void estimateFailsOnLayoutsThatCannotRun();
    void placementIsChecked_data();
    void placementIsChecked();
    void templatesHaveNoPlacementErrors();
    void duplicateKeysAreRefused();
    void builtinEntryMayBeRepeated();
    void absurdLifeIsAProblem();

private:
    using Run = cptest::CliRun;
    static Run run(const QStringList &args) { return cptest::runCli(QStringLiteral(CP_CLI), args); }
    QString path(const QString &name) const { return mDir.filePath(name); }
    /// A classic design of `gpus` GPUs as a JSON object (the file `new -o X.json` writes).
    QJsonObject designJson(int gpus)
    {
        const QString file = path(QStringLiteral("base-%1.json").arg(gpus));
        if (!QFile::exists(file)) {
            const Run r = run({QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("classic"),
                               QStringLiteral("--gpus"), QString::number(gpus), QStringLiteral("-o"), file});
            if (r.code != 0)
                qWarning("%s", qPrintable(r.err));
        }
        QFile in(file);
        if (!in.open(QIODevice::ReadOnly))
            return {};
        return QJsonDocument::fromJson(in.readAll()).object();
    }
    /// Writes `root` as NAME.json and returns its path.
    QString write(const QString &name, const QJsonObject &root)
    {
        const QString file = path(name + QStringLiteral(".json"));
        cptest::writeFile(file.toStdString(), QJsonDocument(root).toJson().toStdString());
        return file;
    }
    /// `root` with racks[i] changed by `edit`.
    static QJsonObject withRack(QJsonObject root, int i, const std::function<void(QJsonObject &)> &edit)
    {
        QJsonObject design = root.value(QStringLiteral("design")).toObject();
        QJsonArray racks = design.value(QStringLiteral("racks")).toArray();
        QJsonObject rack = racks.at(i).toObject();
        edit(rack);
        racks.replace(i, rack);
        design.insert(QStringLiteral("racks"), racks);
        root.insert(QStringLiteral("design"), design);
        return root;
    }
    static QString lastLine(const QString &text) { return text.trimmed().section(QLatin1Char('\n'), -1); }
    QTemporaryDir mDir;
};

void TestStrictInput::initTestCase()
{
    QVERIFY(mDir.isValid());
}

void TestStrictInput::evaluateFailsOnDesignErrors()
{
    // The report: evaluate exited 0 on a design with errors (the README says 1). A rack moved onto
    // its neighbour: the figures are printed, then exit 1 naming the count. Variants: --json
    // (valid JSON on stdout, exit 1), and the sound design (exit 0).
    const QJsonObject base = designJson(64);
    const QJsonObject first = base.value(QStringLiteral("design")).toObject().value(QStringLiteral("racks")).toArray().at(0).toObject();
    const QString bad = write(QStringLiteral("onneighbour"), withRack(base, 1, [&](QJsonObject &r) {
        r.insert(QStringLiteral("x_m"), first.value(QStringLiteral("x_m")));
        r.insert(QStringLiteral("y_m"), first.value(QStringLiteral("y_m")));
    }));
    Run r = run({QStringLiteral("evaluate"), bad});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.out.contains(QStringLiteral("Problems:")) && r.out.contains(QStringLiteral("overlaps rack")), qPrintable(r.out.right(600)));
    QVERIFY2(lastLine(r.err).contains(QStringLiteral("1 error(s) in the design")), qPrintable(r.err));
    r = run({QStringLiteral("evaluate"), bad, QStringLiteral("--json")});
    QCOMPARE(r.code, 1);
    QJsonParseError parse{};
    QJsonDocument::fromJson(r.out.toUtf8(), &parse);
    QCOMPARE(parse.error, QJsonParseError::NoError);
    r = run({QStringLiteral("evaluate"), write(QStringLiteral("sound"), base)});
    QVERIFY2(r.code == 0, qPrintable(r.err));
}

void TestStrictInput::estimateFailsOnLayoutsThatCannotRun()
{
    // The report: estimate with TP not dividing the heads exited 0 with no reason. The 18.4 B
    // model has 48 heads: tp 32 (256 GPUs = 32 × 8), the micro-batch left to the search, exits 1
    // with the reason (and --json still prints the estimate, its "problem" saying why). Variants:
    // every field fixed (no search), and a product that is not the GPU count (refused on load). A
    // layout that only runs out of memory is an answer: exit 0.
    QFile in(QString::fromStdString(cptest::dataPath("estimate/megatron-18.4b.json")));
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QJsonObject spec = QJsonDocument::fromJson(in.readAll()).object();
    const auto withLayout = [&](const QString &name, const QJsonObject &changes, const QJsonObject &training = {}) {
        QJsonObject s = spec, par = s.value(QStringLiteral("parallelism")).toObject(), tr = s.value(QStringLiteral("training")).toObject();
        for (auto it = changes.begin(); it != changes.end(); ++it)
            par.insert(it.key(), it.value());
        for (auto it = training.begin(); it != training.end(); ++it)
            tr.insert(it.key(), it.value());
        s.insert(QStringLiteral("parallelism"), par);
        s.insert(QStringLiteral("training"), tr);
        return write(name, s);
    };
    const QString tp32 = withLayout(QStringLiteral("tp32"), {{QStringLiteral("tp"), 32}, {QStringLiteral("dp"), 8}});
    Run r = run({QStringLiteral("estimate"), tp32});
    QCOMPARE(r.code, 1);
    QVERIFY2(lastLine(r.err).endsWith(tp32 + QStringLiteral(": parallelism: no layout runs: tp 32 does not divide the 48 heads")),
             qPrintable(r.err));
    r = run({QStringLiteral("estimate"), tp32, QStringLiteral("--json")});
    QCOMPARE(r.code, 1);
    const QJsonObject out = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(out.value(QStringLiteral("feasible")).toBool(true), false);
    QVERIFY(out.value(QStringLiteral("problem")).toString().contains(QStringLiteral("does not divide the 48 heads")));

    r = run({QStringLiteral("estimate"), withLayout(QStringLiteral("fixed"), {{QStringLiteral("tp"), 32}, {QStringLiteral("dp"), 8},
                                                                              {QStringLiteral("microbatch"), 1}, {QStringLiteral("interleave"), 1}})});
    QCOMPARE(r.code, 1);
    QVERIFY2(lastLine(r.err).endsWith(QStringLiteral(": parallelism: tp does not divide the attention heads")), qPrintable(r.err));
    r = run({QStringLiteral("estimate"), withLayout(QStringLiteral("product"), {{QStringLiteral("tp"), 8}, {QStringLiteral("dp"), 16}})});
    QCOMPARE(r.code, 1);
    QVERIFY2(lastLine(r.err).contains(QStringLiteral("parallelism: tp·pp·dp·cp = 128 but gpus is 256")), qPrintable(r.err));

    // The experts' tensor parallelism: only 1 or tp, and only for a model with experts (this one
    // is dense) — refused on load with the key named.
    r = run({QStringLiteral("estimate"), withLayout(QStringLiteral("etpdense"), {{QStringLiteral("etp"), 1}})});
    QCOMPARE(r.code, 1);
    QVERIFY2(lastLine(r.err).contains(QStringLiteral("parallelism.etp: is for MoE models; this model has no experts")),
             qPrintable(r.err));
    r = run({QStringLiteral("estimate"), withLayout(QStringLiteral("etpodd"), {{QStringLiteral("tp"), 8}, {QStringLiteral("dp"), 32},
                                                                               {QStringLiteral("etp"), 2}})});
    QCOMPARE(r.code, 1);
    QVERIFY2(lastLine(r.err).contains(QStringLiteral("parallelism.etp: must be 1 (each expert whole on one GPU) or tp (8), not 2")),
             qPrintable(r.err));

    r = run({QStringLiteral("estimate"), withLayout(QStringLiteral("oom"), {{QStringLiteral("tp"), 1}, {QStringLiteral("dp"), 256}},
                                                    {{QStringLiteral("recompute"), QStringLiteral("none")}})});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("Does not run: does not fit")), qPrintable(r.out));
}

void TestStrictInput::placementIsChecked_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("expected");
    QTest::newRow("every rack at one point") << QStringLiteral("onepoint") << QStringLiteral("overlaps rack");
    QTest::newRow("a rack turned into its neighbour") << QStringLiteral("turned") << QStringLiteral("overlaps rack");
    QTest::newRow("NUL in a rack id") << QStringLiteral("nul") << QStringLiteral(".id: error: contains a control character (U+0000 at position 3)");
    QTest::newRow("escape in a row name") << QStringLiteral("escrow") << QStringLiteral(".row: error: contains a control character (U+001B");
    QTest::newRow("rotation 1e308") << QStringLiteral("rotation") << QStringLiteral("rotation_deg: error: must be between -360 and 360 degrees");
    // Found by fuzz_cplan_rows: a position of 1e300 overflowed the overlap check's grid index (UBSan).
    QTest::newRow("position 1e300") << QStringLiteral("far") << QStringLiteral("lies outside the hall");
}

void TestStrictInput::placementIsChecked()
{
    // The report: all 38 racks at one point, a NUL in a rack id and rotation 1e308 passed validate.
    QFETCH(QString, name);
    QFETCH(QString, expected);
    QJsonObject root = designJson(64);
    const QJsonArray racks = root.value(QStringLiteral("design")).toObject().value(QStringLiteral("racks")).toArray();
    const QJsonObject first = racks.at(0).toObject();
    if (name == QLatin1String("onepoint")) {
        for (int i = 1; i < racks.size(); ++i)
            root = withRack(root, i, [&](QJsonObject &r) {
                r.insert(QStringLiteral("x_m"), first.value(QStringLiteral("x_m")));
                r.insert(QStringLiteral("y_m"), first.value(QStringLiteral("y_m")));
            });
    } else if (name == QLatin1String("turned")) {
        // Racks stand side by side in rows: turned 45° about its centre, a rack reaches into both neighbours.
        root = withRack(root, 1, [](QJsonObject &r) { r.insert(QStringLiteral("rotation_deg"), 45); });
    } else if (name == QLatin1String("nul")) {
        root = withRack(root, 2, [](QJsonObject &r) { r.insert(QStringLiteral("id"), QString::fromUtf8("C0\0X", 4)); });
    } else if (name == QLatin1String("escrow")) {
        root = withRack(root, 2, [](QJsonObject &r) { r.insert(QStringLiteral("row"), QStringLiteral("\x1b[2J")); });
    } else if (name == QLatin1String("far")) {
        root = withRack(root, 1, [](QJsonObject &r) { r.insert(QStringLiteral("x_m"), 1e300); });
    } else {
        root = withRack(root, 0, [](QJsonObject &r) { r.insert(QStringLiteral("rotation_deg"), 1e308); });
    }
    const Run r = run({QStringLiteral("validate"), write(name, root)});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.out.contains(expected), qPrintable(r.out.left(2000)));
    if (name == QLatin1String("onepoint")) {
        // One error per rack after the first, each naming the first rack and the others it overlaps.
        QCOMPARE(r.out.count(QStringLiteral("overlaps rack")), int(racks.size()) - 1);
        QVERIFY2(r.out.contains(QStringLiteral("and %1 other racks").arg(racks.size() - 2)), qPrintable(r.out.right(400)));
    }
}

void TestStrictInput::templatesHaveNoPlacementErrors()
{
    // Racks side by side in rows touch but do not overlap: the templates validate clean.
    for (const auto &[kind, gpus] : {std::pair{"classic", 1024}, std::pair{"supernode", 1152}, std::pair{"classic", 16384}}) {
        const QString file = path(QStringLiteral("%1-%2.cplan").arg(QLatin1String(kind)).arg(gpus));
        QFile::remove(file);
        QCOMPARE(run({QStringLiteral("new"), QStringLiteral("--template"), QLatin1String(kind), QStringLiteral("--gpus"),
                      QString::number(gpus), QStringLiteral("-o"), file})
                     .code,
                 0);
        const Run r = run({QStringLiteral("validate"), file});
        QVERIFY2(r.code == 0, qPrintable(r.out.left(1000) + r.err));
    }
}

void TestStrictInput::duplicateKeysAreRefused()
{
    // The report: a second "design" silently replaced the whole design. Variants: a key twice in
    // a rack, and in a user catalog's figures; and in the JSON stored in a .cplan row.
    const QJsonObject base = designJson(8);
    const QByteArray text = QJsonDocument(base).toJson(QJsonDocument::Compact);
    const QString twice = path(QStringLiteral("twice.json"));
    cptest::writeFile(twice.toStdString(), (text.left(text.size() - 1) + R"(,"design":{"name":"other"}})").toStdString());
    Run r = run({QStringLiteral("validate"), twice});
    QCOMPARE(r.code, 1);
    QVERIFY2(lastLine(r.err).contains(twice + QStringLiteral(": design: the key appears twice in one object")), qPrintable(r.err));

    QByteArray rackText = text;
    const int at = rackText.indexOf("\"x_m\":");
    QVERIFY(at > 0);
    rackText.insert(at, "\"x_m\":1,");
    const QString inRack = path(QStringLiteral("inrack.json"));
    cptest::writeFile(inRack.toStdString(), rackText.toStdString());
    r = run({QStringLiteral("evaluate"), inRack});
    QCOMPARE(r.code, 1);
    QVERIFY2(lastLine(r.err).contains(QStringLiteral(".x_m: the key appears twice")), qPrintable(r.err));

    const QString catalog = path(QStringLiteral("dupcat.json"));
    cptest::writeFile(catalog.toStdString(),
                      R"({"format":"cluster-planner-catalog","version":1,"entries":[{"id":"b","kind":"busway","name":"B",)"
                      R"("figures":{"capacity_kw":100,"capacity_kw":1000,"price_usd":1},"sources":{"*":"test"}}]})");
    r = run({QStringLiteral("--catalog"), catalog, QStringLiteral("catalog")});
    QCOMPARE(r.code, 1);
    QVERIFY2(lastLine(r.err).contains(QStringLiteral("entries[0].figures.capacity_kw: the key appears twice")), qPrintable(r.err));

    const QString project = path(QStringLiteral("dup.cplan"));
    QFile::remove(project);
    QCOMPARE(run({QStringLiteral("import"), path(QStringLiteral("base-8.json")), QStringLiteral("-o"), project}).code, 0);
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(project.toUtf8().constData(), &db), SQLITE_OK);
    QCOMPARE(sqlite3_exec(db, R"(UPDATE rack SET contents = '[{"catalog_id":"dgx-h100","catalog_id":"x","count":1,"u":1}]' WHERE seq = 0)",
                          nullptr, nullptr, nullptr),
             SQLITE_OK);
    sqlite3_close(db);
    r = run({QStringLiteral("validate"), project});
    QCOMPARE(r.code, 1);
    QVERIFY2(lastLine(r.err).contains(QStringLiteral("stored JSON ([0].catalog_id): the key appears twice")), qPrintable(r.err));
}

void TestStrictInput::builtinEntryMayBeRepeated()
{
    // The report: a user catalog that repeats a built-in entry unchanged was refused. Variants: the
    // entry repeated with a new price (it wins), and with a reference to nothing (refused).
    const Run listed = run({QStringLiteral("catalog"), QStringLiteral("--json")});
    QCOMPARE(listed.code, 0);
    const QJsonObject all = QJsonDocument::fromJson(listed.out.toUtf8()).object();
    QJsonObject server;
    for (const QJsonValue &e : all.value(QStringLiteral("entries")).toArray())
        if (e.toObject().value(QStringLiteral("id")).toString() == QLatin1String("dgx-h100"))
            server = e.toObject();
    QVERIFY(!server.isEmpty());
    const auto catalogWith = [&](const QString &name, const QJsonObject &entry) {
        QJsonObject c{{QStringLiteral("format"), QStringLiteral("cluster-planner-catalog")}, {QStringLiteral("version"), 1},
                      {QStringLiteral("entries"), QJsonArray{entry}}};
        return write(name, c);
    };
    Run r = run({QStringLiteral("--catalog"), catalogWith(QStringLiteral("same"), server), QStringLiteral("catalog")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QJsonObject dearer = server, figures = server.value(QStringLiteral("figures")).toObject();
    figures.insert(QStringLiteral("price_usd"), 123456);
    dearer.insert(QStringLiteral("figures"), figures);
    r = run({QStringLiteral("--catalog"), catalogWith(QStringLiteral("dearer"), dearer), QStringLiteral("catalog"), QStringLiteral("--json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.out.contains(QStringLiteral("123456")));
    QJsonObject dangling = server, refs = server.value(QStringLiteral("refs")).toObject();
    QVERIFY(!refs.isEmpty());
    refs.insert(refs.keys().first(), QStringLiteral("no-such-part"));
    dangling.insert(QStringLiteral("refs"), refs);
    r = run({QStringLiteral("--catalog"), catalogWith(QStringLiteral("dangling"), dangling), QStringLiteral("catalog")});
    QCOMPARE(r.code, 1);
    QVERIFY2(lastLine(r.err).contains(QStringLiteral("unknown catalog id \"no-such-part\"")), qPrintable(r.err));
    // A $1e12 server is a typing error, not a price.
    figures.insert(QStringLiteral("price_usd"), 1e12);
    dearer.insert(QStringLiteral("figures"), figures);
    r = run({QStringLiteral("--catalog"), catalogWith(QStringLiteral("trillion"), dearer), QStringLiteral("catalog")});
    QCOMPARE(r.code, 1);
    QVERIFY2(lastLine(r.err).contains(QStringLiteral("price_usd: more than $100 million for one part is not plausible")), qPrintable(r.err));
}

void TestStrictInput::absurdLifeIsAProblem()
{
    // The report: life_years 1e9 printed "vector::reserve". Now a validation error, and evaluate
    // answers with finite figures and exit 1. Variants: a delivery of 10^6 months, and a life of
    // 31 years (just above the limit).
    const QJsonObject base = designJson(8);
    const auto withFinance = [&](const QString &name, const char *key, double value) {
        QJsonObject root = base, design = root.value(QStringLiteral("design")).toObject();
        QJsonObject fin = design.value(QStringLiteral("finance")).toObject();
        fin.insert(QLatin1String(key), value);
        design.insert(QStringLiteral("finance"), fin);
        root.insert(QStringLiteral("design"), design);
        return write(name, root);
    };
    for (const auto &[key, value, message] : {std::tuple{"life_years", 1e9, "a life above 30 years"},
                                              std::tuple{"delivery_months", 1e6, "at most 120 months"},
                                              std::tuple{"life_years", 31.0, "a life above 30 years"}}) {
        const QString file = withFinance(QStringLiteral("fin-%1-%2").arg(QLatin1String(key)).arg(value), key, value);
        Run r = run({QStringLiteral("evaluate"), file, QStringLiteral("--json")});
        QCOMPARE(r.code, 1);
        QVERIFY2(!r.err.contains(QStringLiteral("reserve")), qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String(message)), qPrintable(r.err));
        r = run({QStringLiteral("validate"), file});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.out.contains(QLatin1String(message)), qPrintable(r.out));
    }
}

QTEST_GUILESS_MAIN(TestStrictInput)
#include "test_strictinput.moc"
