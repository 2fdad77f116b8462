// Tests a design's parallel layout (model/core/parallellayout.cpp): as text, printed and read back, the
// estimate's own layout notation read, bad text refused with the token named; and what a pinned
// layout, recomputation, ZeRO stage and expert placement do to the design's evaluation.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/core/parallellayout.h"
#include "model/engine/evaluation.h"
#include "model/generate/templates.h"
#include "model/training/trainingmodel.h"
#include "testsupport.h"

#include <limits>

using namespace cp;

Q_DECLARE_METATYPE(cp::Parallelism)

class TestParallelLayout : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void printedTextReadsBack_data();
    void printedTextReadsBack();
    void readsTheEstimatesNotation();
    void refusals_data();
    void refusals();
    void pinnedSearchedLayoutGivesTheSameFigures();
    void recomputationApplies();
    void expertPlacementApplies();
    void llama3LayoutAsRunPins();
    void hostileDegreesDoNotOverflow();

private:
    static Design smallDesign(const Catalog &c);
};

Design TestParallelLayout::smallDesign(const Catalog &c)
{
    Design d = generateTemplate({"classic", 256, {}}, c);
    d.workload.layers = 32;
    d.workload.hidden = 4096;
    d.workload.heads = 32;
    d.workload.kvHeads = 8;
    d.workload.ffnHidden = 14336;
    d.workload.globalBatchTokens = 1024.0 * 8192;
    return d;
}

void TestParallelLayout::printedTextReadsBack_data()
{
    QTest::addColumn<Parallelism>("p");
    QTest::newRow("automatic") << Parallelism{};
    QTest::newRow("automatic, experts folded, zero 1") << Parallelism{true, 0, 0, 0, 0, 0, 0, 0, 1, 1};
    QTest::newRow("pinned") << Parallelism{false, 8, 16, 64, 1, 1, 1, 8};
    QTest::newRow("pinned MoE, every field") << Parallelism{false, 2, 4, 4, 8, 8, 1, 14, 2, 3};
}

void TestParallelLayout::printedTextReadsBack()
{
    QFETCH(Parallelism, p);
    Parallelism back;
    back.tp = 99; // every field is written by the reading, none carried over
    std::string recompute = "block";
    const std::string text = layoutText(p);
    CP_COMPARE_STR(parseLayoutText(text, back, recompute).message, std::string());
    QVERIFY2(back.automatic == p.automatic && back.etp == p.etp && back.zero == p.zero, text.c_str());
    if (!p.automatic)
        QVERIFY2(back == p, text.c_str());
    CP_COMPARE_STR(recompute, std::string("block")); // the text has no recomputation: left alone
}

void TestParallelLayout::readsTheEstimatesNotation()
{
    // What the Results dock and `estimate` print (describe()), pasted whole: every degree, the
    // recomputation (its layer count is an output and is skipped) and the ZeRO stage.
    ParallelConfig c;
    c.tp = 4;
    c.pp = 8;
    c.dp = 16;
    c.cp = 2;
    c.ep = 1;
    c.microbatch = 1;
    c.interleave = 8;
    c.recompute = Recompute::Block;
    c.recomputeLayers = 14;
    c.zero = 1;
    Parallelism p;
    std::string recompute = "auto";
    CP_COMPARE_STR(parseLayoutText(describe(c), p, recompute).message, std::string());
    QVERIFY(!p.automatic);
    QCOMPARE(p.tp, 4);
    QCOMPARE(p.pp, 8);
    QCOMPARE(p.dp, 16);
    QCOMPARE(p.cp, 2);
    QCOMPARE(p.interleave, 8);
    QCOMPARE(p.zero, 1);
    QCOMPARE(p.etp, 0);
    CP_COMPARE_STR(recompute, std::string("block"));
    // Any case, commas, shorthand: missing CP, EP, mb and v are 1.
    CP_COMPARE_STR(parseLayoutText("tp2, pp4, dp32 ETP1", p, recompute).message, std::string());
    QVERIFY(p == (Parallelism{false, 2, 4, 32, 1, 1, 1, 1, 1, -1}));
}

void TestParallelLayout::refusals_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("problem");
    QTest::newRow("empty") << QString() << QStringLiteral("empty");
    QTest::newRow("unknown token") << QStringLiteral("TP8 PP2 DP4 FSDP8") << QStringLiteral("\"FSDP8\" is not part of a layout");
    QTest::newRow("no number") << QStringLiteral("TPx PP2 DP4") << QStringLiteral("tp needs a whole number");
    QTest::newRow("zero degree") << QStringLiteral("TP0 PP2 DP4") << QStringLiteral("between 1 and 1000000");
    QTest::newRow("twice") << QStringLiteral("TP8 PP2 DP4 TP4") << QStringLiteral("given twice");
    QTest::newRow("missing dp") << QStringLiteral("TP8 PP2") << QStringLiteral("needs dp");
    QTest::newRow("automatic with degrees") << QStringLiteral("auto TP8") << QStringLiteral("leave tp to the search");
    QTest::newRow("zero stage 5") << QStringLiteral("TP8 PP2 DP4 zero5") << QStringLiteral("0, 1, 2 or 3");
    QTest::newRow("unknown recompute") << QStringLiteral("TP8 PP2 DP4 recompute some") << QStringLiteral("not a recomputation");
    QTest::newRow("recompute without name") << QStringLiteral("TP8 PP2 DP4 recompute") << QStringLiteral("needs a name");
    QTest::newRow("huge") << QStringLiteral("TP99999999999 PP2 DP4") << QStringLiteral("whole number");
}

void TestParallelLayout::refusals()
{
    QFETCH(QString, text);
    QFETCH(QString, problem);
    const Parallelism before{false, 8, 16, 64, 1, 1, 1, 8};
    Parallelism p = before;
    std::string recompute = "none";
    const Problem refused = parseLayoutText(text.toStdString(), p, recompute);
    CP_COMPARE_STR(refused.place, std::string("workload.parallelism"));
    QVERIFY(!refused.text.empty()); // a template the window translates
    QVERIFY2(QString::fromStdString(refused.message).contains(problem), refused.message.c_str());
    QVERIFY(p == before); // nothing half-applied
    CP_COMPARE_STR(recompute, std::string("none"));
}

void TestParallelLayout::pinnedSearchedLayoutGivesTheSameFigures()
{
    // The layout the search chose, pinned as the Results dock's "Pin This Layout" does, is
    // evaluated as given (no search) and gives the same step.
    const Catalog c = Catalog::builtin();
    Design d = smallDesign(c);
    const Results searched = evaluate(d, c);
    QVERIFY(searched.performance.available);
    QVERIFY(searched.performance.outcome.searched);
    const ParallelConfig chosen = searched.performance.outcome.estimate.config;
    CP_COMPARE_STR(parseLayoutText(describe(chosen), d.workload.parallelism, d.workload.recompute).message, std::string());
    QVERIFY(errorCount(validate(d, c)) == 0);
    const Results pinned = evaluate(d, c);
    QVERIFY(pinned.performance.available);
    QVERIFY(!pinned.performance.outcome.searched);
    CP_COMPARE_STR(describe(pinned.performance.outcome.estimate.config), describe(chosen));
    QCOMPARE(pinned.performance.outcome.estimate.stepTimeS, searched.performance.outcome.estimate.stepTimeS);
}

void TestParallelLayout::recomputationApplies()
{
    // Until design version 2 the design's recomputation was stored and never applied. Now "full"
    // is what runs (every layer's forward again: a slower step), and "auto" is the search's.
    const Catalog c = Catalog::builtin();
    Design d = smallDesign(c);
    const Results automatic = evaluate(d, c);
    d.workload.recompute = "full";
    const Results full = evaluate(d, c);
    QCOMPARE(full.performance.outcome.estimate.config.recompute, Recompute::Full);
    QVERIFY(automatic.performance.outcome.estimate.config.recompute != Recompute::Full);
    QVERIFY2(full.performance.outcome.estimate.stepTimeS > 1.2 * automatic.performance.outcome.estimate.stepTimeS,
             qPrintable(QStringLiteral("%1 against %2").arg(full.performance.outcome.estimate.stepTimeS)
                            .arg(automatic.performance.outcome.estimate.stepTimeS)));
    // A pinned ZeRO stage holds in an automatic layout too.
    d.workload.recompute = "auto";
    d.workload.parallelism.zero = 3;
    QCOMPARE(evaluate(d, c).performance.outcome.estimate.config.zero, 3);
}

void TestParallelLayout::expertPlacementApplies()
{
    // An MoE design: each expert whole on one GPU (ETP1) when pinned so, split over the TP
    // group (ETP = TP) when pinned so; the layout shows which.
    const Catalog c = Catalog::builtin();
    Design d = smallDesign(c);
    d.workload.experts = 8;
    d.workload.activeExperts = 2;
    // 128 of the design's GPUs: a pinned layout may leave the rest idle, as the search's smaller
    // job sizes do (shown as the GPUs used).
    d.workload.parallelism = {false, 4, 1, 32, 1, 8, 1, 1, 1, 1};
    const Problems problems = validate(d, c);
    QVERIFY2(errorCount(problems) == 0, problems.empty() ? "" : (problems.front().place + ": " + problems.front().message).c_str());
    const Results folded = evaluate(d, c);
    QVERIFY(folded.performance.available);
    QCOMPARE(folded.performance.outcome.estimate.config.expertTp, 1);
    QCOMPARE(folded.performance.outcome.gpusUsed, 128LL);
    QVERIFY(folded.performance.spec.cluster.gpus > 128);
    d.workload.parallelism.etp = 4;
    const Results classic = evaluate(d, c);
    QCOMPARE(classic.performance.outcome.estimate.config.expertTp, 4);
    QVERIFY(describe(classic.performance.outcome.estimate.config).find("ETP4") != std::string::npos);
    QVERIFY(folded.performance.outcome.estimate.stepTimeS != classic.performance.outcome.estimate.stepTimeS);
}

void TestParallelLayout::llama3LayoutAsRunPins()
{
    // Llama 3 405B as Meta ran it on 16K H100 (Llama 3 paper §3.3.2, Table 4): 126 layers on 16
    // stages (8 each, the first and last 7) with 8 chunks per stage. The design check refused
    // it until the pipeline rule was the model's (126 is not a multiple of 16); now it pins and is
    // evaluated as given, on 16,384 of the design's GPUs.
    const Catalog c = Catalog::builtin();
    Design d = generateTemplate({"classic", 16896, {}}, c); // the workload defaults are Llama-3-405B-like
    QCOMPARE(d.workload.layers, 126);
    std::string recompute = d.workload.recompute;
    CP_COMPARE_STR(parseLayoutText("TP8 PP16 DP128 CP1 EP1 mb1 v8 recompute none zero1", d.workload.parallelism, recompute)
                       .message,
                   std::string());
    d.workload.recompute = recompute;
    const Problems problems = validate(d, c);
    QVERIFY2(errorCount(problems) == 0, problems.empty() ? "" : (problems.front().place + ": " + problems.front().message).c_str());
    const Results r = evaluate(d, c);
    QVERIFY(r.performance.available);
    QVERIFY(!r.performance.outcome.searched);
    QCOMPARE(r.performance.outcome.gpusUsed, 16384LL);
    CP_COMPARE_STR(describe(r.performance.outcome.estimate.config),
                   std::string("TP8 PP16 DP128 CP1 EP1 mb1 v8 recompute none zero1"));
}

void TestParallelLayout::hostileDegreesDoNotOverflow()
{
    // A file may pin degrees whose product overflows 64 bits: the product saturates, the layout
    // does not run, and the reason is said (under UBSan an overflow would abort the test).
    QCOMPARE(layoutGpus(2000000000, 2000000000, 2000000000, 2000000000), std::numeric_limits<long long>::max());
    QCOMPARE(layoutGpus(8, 16, 128, 1), 16384LL);
    QCOMPARE(layoutGpus(8, 0, 128, 1), 0LL);
    const Catalog c = Catalog::builtin();
    Design d = smallDesign(c);
    // TP and PP the design check accepts; DP and CP it has no bound for: 8·8·2e9·2e9 > 2^63.
    d.workload.parallelism = {false, 8, 8, 2000000000, 2000000000, 1, 1, 1};
    const Results r = evaluate(d, c);
    QVERIFY(!r.performance.available);
    bool said = false;
    for (const Problem &p : r.problems)
        said = said || p.message.find("GPU count") != std::string::npos;
    QVERIFY(said);
}

QTEST_GUILESS_MAIN(TestParallelLayout)
#include "test_parallellayout.moc"
