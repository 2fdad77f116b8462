// The results hub: views handed the hub once follow each outcome it receives, with no main
// window involved; a failure, a new design and an edit reach them the same way.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "model/generate/templates.h"
#include "views/analysis/chartsview.h"
#include "views/docks/inspectordock.h"
#include "views/docks/problemsdock.h"
#include "views/docks/resultsdock.h"
#include "views/session/document.h"
#include "views/session/resultshub.h"
#include "views/window/summarylabel.h"

#include <QLocale>
#include <QSignalSpy>
#include <QTreeWidget>
#include <QtTest>

using namespace cp;
using namespace cp::gui;

class TestResultsHub : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void docksFollowAnOutcome();
    void failureReachesTheDocks();
    void resetClearsTheDocks();
    void editGreysTheResults();

private:
    /// The sample evaluated as the runner would deliver it.
    EvaluationOutcome outcome() const;

    Catalog mCatalog;
    Design mDesign;
};

void TestResultsHub::initTestCase()
{
    mCatalog = Catalog::builtin();
    mDesign = sampleDesign(mCatalog);
}

EvaluationOutcome TestResultsHub::outcome() const
{
    EvaluationOutcome o;
    o.results = evaluate(mDesign, mCatalog);
    o.failureDomains = std::make_shared<const FailureDomainIndex>(buildFailureDomainIndex(mDesign, mCatalog));
    return o;
}

void TestResultsHub::docksFollowAnOutcome()
{
    Document document;
    document.reset(mDesign, mCatalog, QString());
    ResultsHub hub(&document);
    ResultsDock results;
    ProblemsDock problems;
    ChartsView charts;
    SummaryLabel summary;
    results.setResultsHub(&hub);
    problems.setResultsHub(&hub);
    charts.setResultsHub(&hub);
    summary.setResultsHub(&hub);
    QCOMPARE(results.value(QStringLiteral("inventory.gpus_total")), QString());

    QSignalSpy evaluated(&hub, &ResultsHub::evaluated);
    const EvaluationOutcome o = outcome();
    hub.receive(o);
    QCOMPARE(evaluated.count(), 1);
    QVERIFY(hub.hasResults());
    // Each dock shows the figures of the outcome, though nothing pushed them into it.
    QCOMPARE(results.value(QStringLiteral("inventory.gpus_total")),
             QLocale().toString(static_cast<qlonglong>(o.results.inventory.gpusTotal)));
    QCOMPARE(problems.problemCount() > 0, !o.validation.empty() || !o.results.problems.empty());
    QCOMPARE(summary.text(), SummaryLabel::summary(o.results));
    QVERIFY(summary.text().contains(QLocale().toString(static_cast<qlonglong>(o.results.inventory.gpusTotal))));
    QVERIFY(summary.isEnabled());
}

void TestResultsHub::failureReachesTheDocks()
{
    Document document;
    document.reset(mDesign, mCatalog, QString());
    ResultsHub hub(&document);
    ResultsDock results;
    ProblemsDock problems;
    InspectorDock inspector;
    inspector.setDocument(&document);
    results.setResultsHub(&hub);
    problems.setResultsHub(&hub);
    inspector.setResultsHub(&hub);
    hub.receive(outcome());
    QVERIFY(!results.value(QStringLiteral("inventory.gpus_total")).isEmpty());

    EvaluationOutcome failed;
    failed.error = QStringLiteral("the engine refused the design");
    QSignalSpy spy(&hub, &ResultsHub::failed);
    hub.receive(failed);
    QCOMPARE(spy.count(), 1);
    QVERIFY(!hub.hasResults());
    QCOMPARE(results.value(QStringLiteral("inventory.gpus_total")), QString());
    // The refusal is listed as a problem of the design.
    QCOMPARE(problems.problemCount(), 1);
    bool listed = false;
    for (int i = 0; i < problems.tree()->topLevelItemCount(); ++i)
        for (int c = 0; c < problems.tree()->columnCount(); ++c)
            listed = listed || problems.tree()->topLevelItem(i)->text(c).contains(failed.error);
    QVERIFY(listed);
}

void TestResultsHub::resetClearsTheDocks()
{
    Document document;
    document.reset(mDesign, mCatalog, QString());
    ResultsHub hub(&document);
    ResultsDock results;
    ProblemsDock problems;
    results.setResultsHub(&hub);
    problems.setResultsHub(&hub);
    hub.setScenarioName(QStringLiteral("baseline"));
    hub.receive(outcome());
    QCOMPARE(hub.displayName(), QStringLiteral("baseline"));

    QSignalSpy compared(&hub, &ResultsHub::comparedChanged);
    hub.reset();
    QCOMPARE(compared.count(), 1);
    QVERIFY(!hub.hasResults());
    QVERIFY(hub.comparedResults().isEmpty());
    QCOMPARE(hub.displayName(), QString::fromStdString(mDesign.name));
    QCOMPARE(results.value(QStringLiteral("inventory.gpus_total")), QString());
    QCOMPARE(problems.problemCount(), 0);
}

void TestResultsHub::editGreysTheResults()
{
    // An edit of the document makes the hub outdated: the figures stay, greyed, until the next
    // outcome arrives.
    Document document;
    document.reset(mDesign, mCatalog, QString());
    ResultsHub hub(&document);
    ResultsDock results;
    SummaryLabel summary;
    results.setResultsHub(&hub);
    summary.setResultsHub(&hub);
    hub.receive(outcome());
    QVERIFY(!hub.isEvaluating());
    QVERIFY(results.inventoryTree()->isEnabled());

    QSignalSpy outdated(&hub, &ResultsHub::outdated);
    Q_EMIT document.designChanged();
    QCOMPARE(outdated.count(), 1);
    QVERIFY(hub.isEvaluating());
    QVERIFY(!results.inventoryTree()->isEnabled());
    QVERIFY(!summary.isEnabled());
    QVERIFY(!results.value(QStringLiteral("inventory.gpus_total")).isEmpty());

    hub.receive(outcome());
    QVERIFY(!hub.isEvaluating());
    QVERIFY(results.inventoryTree()->isEnabled());
    QVERIFY(summary.isEnabled());
}

QTEST_MAIN(TestResultsHub)
#include "test_resultshub.moc"
