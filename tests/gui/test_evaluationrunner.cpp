// The engine off the GUI thread: results arrive by signal, a newer run supersedes an older one,
// a cancelled run delivers nothing, and destroying the runner mid-run is safe.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "views/session/evaluationrunner.h"
#include "model/generate/templates.h"

#include <QSignalSpy>
#include <QThread>
#include <QtTest>

using namespace cp;
using namespace cp::gui;

class TestEvaluationRunner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void deliversResultsOfTheSnapshot_data();
    void deliversResultsOfTheSnapshot();
    void newerRunSupersedesOlder();
    void editsDuringARunOnlyNewestShown();
    void deliversFailureDomainIndex();
    void cancelDeliversNothing();
    void snapshotIsACopy();
    void destroyingWhileRunningIsSafe();
    void editRerunsOnlyTheStagesItReaches();

private:
    Catalog mCatalog;
    Design mClassic;
    Design mSupernode;
};

void TestEvaluationRunner::initTestCase()
{
    mCatalog = Catalog::builtin();
    mClassic = generateTemplate({"classic", 256, {}}, mCatalog);
    mSupernode = generateTemplate({"supernode", 144, {}}, mCatalog);
}

void TestEvaluationRunner::deliversResultsOfTheSnapshot_data()
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("classic") << QStringLiteral("classic");
    QTest::newRow("supernode") << QStringLiteral("supernode");
}

void TestEvaluationRunner::deliversResultsOfTheSnapshot()
{
    QFETCH(QString, kind);
    const Design &design = kind == QLatin1String("classic") ? mClassic : mSupernode;
    EvaluationRunner runner;
    QSignalSpy finished(&runner, &EvaluationRunner::finished);
    QSignalSpy busy(&runner, &EvaluationRunner::busyChanged);
    runner.start(design, mCatalog);
    QVERIFY(runner.isBusy());
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.count(), 1);
    QVERIFY(!runner.isBusy());
    QCOMPARE(busy.count(), 2);

    const auto outcome = finished.first().first().value<EvaluationOutcome>();
    QVERIFY2(outcome.error.isEmpty(), qPrintable(outcome.error));
    const Results expected = evaluate(design, mCatalog);
    QCOMPARE(outcome.results.inventory.gpusTotal, expected.inventory.gpusTotal);
    QCOMPARE(outcome.results.inventory.racksTotal, expected.inventory.racksTotal);
    QCOMPARE(outcome.results.power.itKwTotal, expected.power.itKwTotal);
    QVERIFY(!outcome.results.cancelled);
    QCOMPARE(outcome.validation, validate(design, mCatalog));
    // One validation: the engine's, at the head of the results' problems.
    QCOMPARE(outcome.results.validationCount, outcome.validation.size());
    QCOMPARE(runner.completedRuns(), 1);
}

void TestEvaluationRunner::newerRunSupersedesOlder()
{
    const long long classicGpus = evaluate(mClassic, mCatalog).inventory.gpusTotal;
    const long long supernodeGpus = evaluate(mSupernode, mCatalog).inventory.gpusTotal;
    QVERIFY(classicGpus != supernodeGpus);

    EvaluationRunner runner;
    QSignalSpy finished(&runner, &EvaluationRunner::finished);
    runner.start(mClassic, mCatalog);
    runner.start(mSupernode, mCatalog);
    QVERIFY(finished.wait(60000));
    // Give a stale run every chance to arrive late; it must not.
    QTest::qWait(300);
    QCOMPARE(finished.count(), 1);
    const auto outcome = finished.first().first().value<EvaluationOutcome>();
    QCOMPARE(outcome.results.inventory.gpusTotal, supernodeGpus);
    QCOMPARE(runner.completedRuns(), 1);
    QVERIFY(!runner.isBusy());
}

void TestEvaluationRunner::editsDuringARunOnlyNewestShown()
{
    // A big design is being evaluated when two edits arrive in quick succession: the runs of
    // the big design and of the first edit are dropped; only the second edit's figures arrive.
    // 100k GPUs: its evaluation lasts well beyond the short wait below, even on a fast machine.
    const Design big = generateTemplate({"classic", 100000, {}}, mCatalog);
    Design firstEdit = mClassic;
    firstEdit.racks.resize(firstEdit.racks.size() / 2);
    Design secondEdit = mClassic;
    secondEdit.racks.erase(secondEdit.racks.begin());
    const Results expected = evaluate(secondEdit, mCatalog);
    QVERIFY(expected.inventory.racksTotal != evaluate(firstEdit, mCatalog).inventory.racksTotal);

    EvaluationRunner runner;
    QSignalSpy finished(&runner, &EvaluationRunner::finished);
    runner.start(big, mCatalog);
    QTest::qWait(20); // the big run is under way in the worker
    QVERIFY(runner.isBusy());
    QCOMPARE(finished.count(), 0);
    runner.start(firstEdit, mCatalog);
    runner.start(secondEdit, mCatalog);
    QVERIFY(finished.wait(60000));
    QTest::qWait(500); // a superseded run arriving late would show here
    QCOMPARE(finished.count(), 1);
    const auto outcome = finished.first().first().value<EvaluationOutcome>();
    QCOMPARE(outcome.results.inventory.racksTotal, expected.inventory.racksTotal);
    QCOMPARE(outcome.results.power.itKwTotal, expected.power.itKwTotal);
    QCOMPARE(runner.completedRuns(), 1);
}

void TestEvaluationRunner::deliversFailureDomainIndex()
{
    // The overlay's lookups need the index built in the worker, for the same snapshot.
    EvaluationRunner runner;
    QSignalSpy finished(&runner, &EvaluationRunner::finished);
    runner.start(mClassic, mCatalog);
    QVERIFY(finished.wait(60000));
    const auto outcome = finished.first().first().value<EvaluationOutcome>();
    QVERIFY(outcome.failureDomains);
    // Built by the engine's failure-domain stage and passed on as the results hold them.
    QCOMPARE(outcome.failureDomains, outcome.results.failureDomains);
    QCOMPARE(outcome.failurePlaces, outcome.results.failurePlaces);
    QCOMPARE(outcome.failureDomains->rackGpus.size(), mClassic.racks.size());
    long long gpus = 0;
    for (long long g : outcome.failureDomains->rackGpus)
        gpus += g;
    QCOMPARE(gpus, outcome.results.inventory.gpusTotal);

    // The failure table's places, listed in the worker: those of every kind that has places.
    QVERIFY(outcome.failurePlaces);
    int kindsWithPlaces = 0;
    for (const FailureDomainKind &k : outcome.results.reliability.kinds) {
        if (!kindHasPlaces(k.kind)) {
            QVERIFY(!outcome.failurePlaces->count(k.kind));
            continue;
        }
        ++kindsWithPlaces;
        const std::vector<FailureInstance> expected = failureInstances(mClassic, *outcome.failureDomains, k.kind);
        const auto listed = outcome.failurePlaces->find(k.kind);
        QVERIFY2(listed != outcome.failurePlaces->end(), k.kind.c_str());
        QCOMPARE(listed->second.size(), expected.size());
        for (size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE(listed->second[i].label, expected[i].label);
            QCOMPARE(listed->second[i].racksDown, expected[i].racksDown);
        }
    }
    QVERIFY(kindsWithPlaces > 0);
}

void TestEvaluationRunner::cancelDeliversNothing()
{
    EvaluationRunner runner;
    QSignalSpy finished(&runner, &EvaluationRunner::finished);
    QSignalSpy busy(&runner, &EvaluationRunner::busyChanged);
    runner.start(mClassic, mCatalog);
    runner.cancel();
    QVERIFY(!runner.isBusy());
    QTest::qWait(500);
    QCOMPARE(finished.count(), 0);
    QCOMPARE(busy.count(), 2);
    QCOMPARE(busy.last().first().toBool(), false);

    // The runner is usable again after a cancel.
    runner.start(mSupernode, mCatalog);
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.count(), 1);
}

void TestEvaluationRunner::snapshotIsACopy()
{
    // Changing the design right after start must not change what the worker evaluates.
    Design design = mSupernode;
    const long long expected = evaluate(design, mCatalog).inventory.gpusTotal;
    EvaluationRunner runner;
    QSignalSpy finished(&runner, &EvaluationRunner::finished);
    runner.start(design, mCatalog);
    design.racks.clear();
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.first().first().value<EvaluationOutcome>().results.inventory.gpusTotal, expected);
}

void TestEvaluationRunner::destroyingWhileRunningIsSafe()
{
    const Design big = generateTemplate({"classic", 16384, {}}, mCatalog);
    for (int i = 0; i < 3; ++i) {
        auto runner = std::make_unique<EvaluationRunner>();
        runner->start(big, mCatalog);
        runner->start(mClassic, mCatalog);
        runner.reset(); // cancels, waits for the workers
    }
    QTest::qWait(100);
}

void TestEvaluationRunner::editRerunsOnlyTheStagesItReaches()
{
    EvaluationRunner runner;
    QSignalSpy finished(&runner, &EvaluationRunner::finished);
    runner.start(mClassic, mCatalog);
    QVERIFY(finished.wait(60000));
    const auto first = finished.takeFirst().first().value<EvaluationOutcome>();
    QVERIFY(first.stages.fabric && first.stages.performance && first.stages.cost);

    // A dearer energy price reaches the cost stage only, and its result equals a full evaluation.
    Design dearer = mClassic;
    dearer.finance.energyUsdPerKwh *= 2.0;
    runner.start(dearer, mCatalog);
    QVERIFY(finished.wait(60000));
    const auto second = finished.takeFirst().first().value<EvaluationOutcome>();
    QVERIFY2(second.error.isEmpty(), qPrintable(second.error));
    QVERIFY(second.stages.cost);
    QVERIFY(!second.stages.fabric);
    QVERIFY(!second.stages.performance);
    const Results expected = evaluate(dearer, mCatalog);
    QCOMPARE(second.results.cost.opexUsdPerYear, expected.cost.opexUsdPerYear);
    QCOMPARE(second.results.cost.tcoUsd, expected.cost.tcoUsd);
    QVERIFY(second.results.cost.opexUsdPerYear > first.results.cost.opexUsdPerYear);

    // Another catalog (a user catalog opened with a file) starts the engine afresh.
    Catalog cheaper = mCatalog;
    runner.start(dearer, cheaper); // equal contents: the engine is kept
    QVERIFY(finished.wait(60000));
    const auto third = finished.takeFirst().first().value<EvaluationOutcome>();
    QVERIFY(!third.stages.fabric);
}

QTEST_MAIN(TestEvaluationRunner)
#include "test_evaluationrunner.moc"
