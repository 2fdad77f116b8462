// File › Open Sweep Results: the scatter shows every evaluated variant (violators apart) and the
// Pareto front; a click on a front point, sent to the chart where it is drawn, opens that
// variant as a scenario; the rows export as CSV; a file that is not results is refused by name.

#include "model/core/catalog.h"
#include "model/generate/templates.h"
#include "model/sweep/sweeprunner.h"
#include "views/session/document.h"
#include "views/session/scenarioset.h"
#include "views/sweep/sweepresultsview.h"
#include "views/window/mainwindow.h"

#include <QChart>
#include <QChartView>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <QXYSeries>

#include <numeric>

using namespace cp;
using namespace cp::gui;

class TestSweepView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void scatterShowsTheFront();
    void clickOpensTheVariantAsAScenario();
    void csvAndRefusal();

private:
    QTemporaryDir mDir;
    QString mResults;
};

void TestSweepView::initTestCase()
{
    const Catalog catalog = Catalog::builtin();
    const SweepSpec spec = sweepSpecFromJson(nlohmann::json::parse(R"({
      "name": "window test",
      "base": {"template": {"kind": "classic", "gpu": "h100-sxm"}},
      "axes": [
        {"name": "gpus", "parameter": "template.gpus", "values": [64, 128, 256]},
        {"name": "taper", "parameter": "template.taper", "values": [1, 2]},
        {"name": "energy", "parameter": "/finance/energy_usd_per_kwh", "values": [0.05, 0.10]}
      ],
      "constraints": [{"figure": "facility_mw", "max": 0.3}],
      "objectives": [{"figure": "cost_per_effective_pflop_hour_usd"}, {"figure": "effective_time_to_train_days"}]
    })"), "spec.json");
    mResults = mDir.filePath(QStringLiteral("r.sqlite"));
    SweepStore store = SweepStore::create(mResults.toStdString(), spec, false);
    std::vector<size_t> all(spec.variants);
    std::iota(all.begin(), all.end(), size_t(0));
    SweepRunOptions options;
    options.onRows = [&](std::vector<VariantRow> &&rows) { store.write(rows); };
    const auto generate = [&](const TemplateOptions &o) { return generateTemplate(o, catalog); };
    QCOMPARE(runSweep(spec, catalog, generate, nullptr, all, options), size_t(12));
}

void TestSweepView::scatterShowsTheFront()
{
    MainWindow w(Catalog::builtin());
    w.setErrorDialogsEnabled(false);
    w.loadSample();
    SweepResultsView *view = w.openSweepResults(mResults);
    QVERIFY(view);
    QVERIFY(QTest::qWaitForWindowExposed(view));
    const QList<QAbstractSeries *> series = view->chartView()->chart()->series();
    QCOMPARE(series.size(), qsizetype(3)); // violators, feasible, front
    const auto points = [&](int s) { return qobject_cast<QXYSeries *>(series[s])->points().size(); };
    size_t feasible = 0;
    for (const VariantRow &r : view->rows())
        feasible += r.feasible;
    QCOMPARE(size_t(points(0) + points(1)), view->rows().size());
    QCOMPARE(size_t(points(1)), feasible);
    QVERIFY(feasible > 0 && feasible < view->rows().size()); // the 256-GPU variants miss 0.3 MW
    QCOMPARE(size_t(points(2)), view->front().size());
    QVERIFY(!view->front().empty());
    // Another pair of axes redraws the front.
    view->setAxes({"capex_usd", false}, {"mfu", true});
    QCOMPARE(size_t(qobject_cast<QXYSeries *>(view->chartView()->chart()->series()[2])->points().size()),
             view->front().size());
    QVERIFY(view->variantText(view->front()[0]).contains(QStringLiteral("gpus = ")));
}

void TestSweepView::clickOpensTheVariantAsAScenario()
{
    MainWindow w(Catalog::builtin());
    w.setErrorDialogsEnabled(false);
    w.loadSample();
    SweepResultsView *view = w.openSweepResults(mResults);
    QVERIFY(view);
    view->resize(900, 650);
    QVERIFY(QTest::qWaitForWindowExposed(view));
    QChart *chart = view->chartView()->chart();
    auto *front = qobject_cast<QXYSeries *>(chart->series()[2]);
    QVERIFY(front && front->count() > 0);
    // The front's first point, where the chart draws it, in the view's viewport.
    const QPointF scene = chart->mapToScene(chart->mapToPosition(front->at(0), front));
    const QPoint at = view->chartView()->mapFromScene(scene);
    QSignalSpy chosen(view, &SweepResultsView::variantChosen);
    const int before = w.scenarioSet()->count();
    QTest::mouseClick(view->chartView()->viewport(), Qt::LeftButton, {}, at);
    QTRY_COMPARE(chosen.count(), 1);
    const qulonglong index = chosen.at(0).at(1).toULongLong();
    QCOMPARE(index, qulonglong(view->rows()[view->front()[0]].index));
    QCOMPARE(w.scenarioSet()->count(), before + 1);
    const QString name = QStringLiteral("sweep-%1").arg(index);
    QCOMPARE(w.scenarioSet()->name(w.scenarioSet()->count() - 1), name);
    QCOMPARE(w.openScenario(), name);
    QVERIFY(QString::fromStdString(w.document()->design().name).contains(QStringLiteral("#%1").arg(index)));
    // Clicking it again opens the same scenario, not a copy.
    QVERIFY(w.addScenarioFromSweep(mResults, index));
    QCOMPARE(w.scenarioSet()->count(), before + 1);
}

void TestSweepView::csvAndRefusal()
{
    MainWindow w(Catalog::builtin());
    w.setErrorDialogsEnabled(false);
    SweepResultsView *view = w.openSweepResults(mResults);
    QVERIFY(view);
    QString error;
    const QString csv = mDir.filePath(QStringLiteral("rows.csv"));
    QVERIFY2(view->exportCsv(csv, &error), qPrintable(error));
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), qsizetype(13)); // a header and 12 variants
    QVERIFY(lines[0].startsWith("variant,status,feasible,gpus,taper,energy"));
    const QString bogus = mDir.filePath(QStringLiteral("bogus.sqlite"));
    QFile b(bogus);
    QVERIFY(b.open(QIODevice::WriteOnly));
    b.write("this is not a results file");
    b.close();
    QVERIFY(!w.openSweepResults(bogus));
    QVERIFY(w.errorString().contains(QStringLiteral("bogus.sqlite")));
}

QTEST_MAIN(TestSweepView)
#include "test_sweepview.moc"
