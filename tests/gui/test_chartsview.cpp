// The Charts view (views/chartsview.*): each chart's series hold the figures of the evaluated
// results and the model's curve functions, compared designs add their series, hover shows exact
// values, any chart exports as PNG and SVG, and results without figures say so instead of plotting.

#include "model/core/catalog.h"
#include "views/analysis/chartsview.h"
#include "model/analysis/curves.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "model/generate/templates.h"

#include <QAbstractBarSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QFile>
#include <QImage>
#include <QLineSeries>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QTemporaryDir>
#include <QToolTip>
#include <QXmlStreamReader>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace cp;
using namespace cp::gui;

namespace {

std::shared_ptr<const Results> evaluated(const Catalog &catalog, const std::string &kind, long long gpus,
                                         double cloudUsdPerGpuHour = 0.0)
{
    TemplateOptions o;
    o.kind = kind;
    o.gpus = gpus;
    Design d = generateTemplate(o, catalog);
    if (cloudUsdPerGpuHour > 0)
        d.finance.cloudUsdPerGpuHour = cloudUsdPerGpuHour;
    return std::make_shared<const Results>(evaluate(d, catalog));
}

QXYSeries *xySeries(QChart *chart, const QString &name)
{
    for (QAbstractSeries *s : chart->series())
        if (s->name() == name)
            return qobject_cast<QXYSeries *>(s);
    return nullptr;
}

QAbstractBarSeries *barSeries(QChart *chart)
{
    for (QAbstractSeries *s : chart->series())
        if (auto *b = qobject_cast<QAbstractBarSeries *>(s))
            return b;
    return nullptr;
}

QBarSet *barSet(QChart *chart, const QString &label)
{
    if (QAbstractBarSeries *b = barSeries(chart))
        for (QBarSet *set : b->barSets())
            if (set->label() == label)
                return set;
    return nullptr;
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

} // namespace

class TestChartsView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void listsEveryChart();
    void resilienceCharts();
    void tcoFollowsCumulativeCost();
    void capexAndOpexStackByCategory();
    void tornadoShowsWhatMovesTheVerdict();
    void comparedDesignAddsSeries();
    void goodputMarksUsedAndOptimalInterval();
    void scalingCurveArrivesFromTheModel();
    void busBandwidthIsTheModelsPerTier();
    void powerPerRowAndFeedAgainstCapacity();
    void hoverShowsExactValue();
    void exportsPngAndSvg();
    void exportRefusesBadTargets();
    void emptyResultsSayNoData();
    void followsDarkTheme();

private:
    Catalog mCatalog = Catalog::builtin();
    std::shared_ptr<const Results> mClassic;
    std::shared_ptr<const Results> mSupernode;
};

void TestChartsView::initTestCase()
{
    // A cloud price well above owning's cost per GPU-hour, so that owning breaks even in the life.
    mClassic = evaluated(mCatalog, "classic", 256, 6.0);
    mSupernode = evaluated(mCatalog, "supernode", 288);
    QVERIFY(mClassic->cost.available);
    QVERIFY(mClassic->cost.breakEvenMonth > 0);
    QVERIFY(mClassic->performance.available);
    QVERIFY(mClassic->reliability.available);
}

void TestChartsView::listsEveryChart()
{
    ChartsView view;
    QCOMPARE(view.chartCount(), 11);
    for (int i = 0; i < view.chartCount(); ++i) {
        QVERIFY(!ChartsView::chartId(i).isEmpty());
        QCOMPARE(ChartsView::chartIndex(ChartsView::chartId(i)), i);
        QVERIFY(view.chart(i));
    }
    QCOMPARE(ChartsView::chartIndex(QStringLiteral("nope")), -1);
    QVERIFY(!view.chart(11));
    view.setCurrentChart(ChartsView::BusBandwidth);
    QCOMPARE(view.currentChart(), int(ChartsView::BusBandwidth));
}

void TestChartsView::tcoFollowsCumulativeCost()
{
    ChartsView view;
    view.setResults(QStringLiteral("classic"), *mClassic);
    QVERIFY(view.hasData(ChartsView::Tco));
    QChart *chart = view.chart(ChartsView::Tco);
    const CostResults &cost = mClassic->cost;
    QXYSeries *own = xySeries(chart, QStringLiteral("classic"));
    QXYSeries *cloud = xySeries(chart, QStringLiteral("classic cloud"));
    QXYSeries *be = xySeries(chart, QStringLiteral("classic break-even"));
    QVERIFY(own && cloud && be);
    QCOMPARE(own->count(), int(cost.cumulativeUsdByMonth.size()));
    QCOMPARE(cloud->count(), int(cost.cloudCumulativeUsdByMonth.size()));
    for (int n : {0, 1, 12, int(cost.cumulativeUsdByMonth.size()) - 1}) {
        QCOMPARE(own->at(n).x(), double(n));
        QVERIFY(near(own->at(n).y() * 1e6, cost.cumulativeUsdByMonth[size_t(n)]));
        QVERIFY(near(cloud->at(n).y() * 1e6, cost.cloudCumulativeUsdByMonth[size_t(n)]));
    }
    // The break-even marker sits at breakEvenMonth, on the owning curve.
    QVERIFY(qobject_cast<QScatterSeries *>(be));
    QCOMPARE(be->count(), 1);
    QCOMPARE(be->at(0).x(), double(cost.breakEvenMonth));
    QVERIFY(near(be->at(0).y() * 1e6, cost.cumulativeUsdByMonth[size_t(cost.breakEvenMonth)]));
    // The renting line is dashed, owning solid.
    QCOMPARE(cloud->pen().style(), Qt::DashLine);
    QCOMPARE(own->pen().style(), Qt::SolidLine);
}

void TestChartsView::tornadoShowsWhatMovesTheVerdict()
{
    // The open design's five inputs that move its NPV most, each at its P10 and P90, as the
    // change from the point NPV (cost.uncertainty.tornado).
    ChartsView view;
    view.setResults(QStringLiteral("classic"), mClassic);
    QVERIFY(view.hasData(ChartsView::Tornado));
    QChart *chart = view.chart(ChartsView::Tornado);
    QBarSet *low = barSet(chart, QStringLiteral("input at its P10"));
    QBarSet *high = barSet(chart, QStringLiteral("input at its P90"));
    QVERIFY(low && high);
    QCOMPARE(low->count(), 5);
    const CostResults &cost = mClassic->cost;
    const TornadoBar &top = cost.uncertainty.tornado.front();
    QVERIFY(near((low->at(0) * 1e6) + cost.npvOwningVsCloudUsd, top.npvAtLow));
    QVERIFY(near((high->at(0) * 1e6) + cost.npvOwningVsCloudUsd, top.npvAtHigh));
    // Largest swing first.
    QVERIFY(std::abs(high->at(0) - low->at(0)) >= std::abs(high->at(4) - low->at(4)));
}

void TestChartsView::capexAndOpexStackByCategory()
{
    ChartsView view;
    view.setResults(QStringLiteral("classic"), mClassic);
    QChart *capex = view.chart(ChartsView::Capex);
    QVERIFY(qobject_cast<QStackedBarSeries *>(barSeries(capex)));
    double sum = 0;
    int sets = 0;
    for (const auto &[key, usd] : mClassic->cost.capexByCategoryUsd) {
        if (usd == 0)
            continue;
        const QString label = key == "power_cooling" ? QStringLiteral("power and cooling") : QString::fromStdString(key);
        QBarSet *set = barSet(capex, label);
        QVERIFY2(set, qPrintable(label));
        QCOMPARE(set->count(), 1); // one bar: one design
        QVERIFY(near(set->at(0) * 1e6, usd));
        sum += set->at(0) * 1e6;
        ++sets;
    }
    QCOMPARE(barSeries(capex)->count(), sets);
    QVERIFY(std::abs(sum - mClassic->cost.capexUsd) < 1.0); // the stack is the whole CAPEX
    QChart *opex = view.chart(ChartsView::Opex);
    QBarSet *energy = barSet(opex, QStringLiteral("energy"));
    QVERIFY(energy);
    QVERIFY(near(energy->at(0) * 1e6, mClassic->cost.opexByCategoryUsdPerYear.at("energy")));
}

void TestChartsView::comparedDesignAddsSeries()
{
    ChartsView view;
    view.setResults(QStringLiteral("classic"), mClassic);
    const int before = int(view.chart(ChartsView::Tco)->series().size());
    QVERIFY(!xySeries(view.chart(ChartsView::Tco), QStringLiteral("supernode")));
    QSignalSpy changed(&view, &ChartsView::chartsChanged);
    view.setComparedResults({{QStringLiteral("supernode"), mSupernode}});
    QVERIFY(changed.count() >= 1);
    QXYSeries *sn = xySeries(view.chart(ChartsView::Tco), QStringLiteral("supernode"));
    QVERIFY(sn);
    QVERIFY(int(view.chart(ChartsView::Tco)->series().size()) > before);
    QVERIFY(near(sn->at(0).y() * 1e6, mSupernode->cost.cumulativeUsdByMonth[0]));
    // A bar per design, in order: the open design first.
    auto *axis = qobject_cast<QBarCategoryAxis *>(view.chart(ChartsView::Capex)->axes(Qt::Horizontal).value(0));
    QVERIFY(axis);
    QCOMPARE(axis->categories(), (QStringList{QStringLiteral("classic"), QStringLiteral("supernode")}));
    QBarSet *compute = barSet(view.chart(ChartsView::Capex), QStringLiteral("compute"));
    QVERIFY(near(compute->at(1) * 1e6, mSupernode->cost.capexByCategoryUsd.at("compute")));
    QVERIFY(xySeries(view.chart(ChartsView::Goodput), QStringLiteral("supernode")));
    // Removing it removes its series.
    view.setComparedResults({});
    QVERIFY(!xySeries(view.chart(ChartsView::Tco), QStringLiteral("supernode")));
}

void TestChartsView::resilienceCharts()
{
    // Goodput under each preset (a bar per design) and, for the supernode design, goodput and
    // tokens after failures vs hot spares; the classic design has no spares curve.
    ChartsView view;
    view.setResults(QStringLiteral("classic"), mClassic);
    view.setComparedResults({{QStringLiteral("supernode"), mSupernode}});
    QBarSet *classic = barSet(view.chart(ChartsView::Policy), QStringLiteral("classic"));
    QVERIFY(classic);
    QCOMPARE(classic->count(), int(mClassic->reliability.byPolicy.size()));
    for (int i = 0; i < classic->count(); ++i)
        QVERIFY(near(classic->at(i), mClassic->reliability.byPolicy[size_t(i)].goodput * 100.0));
    QVERIFY(classic->at(0) < classic->at(2)); // the 2021 baseline below the state of the art
    QVERIFY(view.hasData(ChartsView::Spares));
    QXYSeries *after = xySeries(view.chart(ChartsView::Spares), QStringLiteral("supernode tokens after failures"));
    QVERIFY(after);
    QCOMPARE(after->count(), int(mSupernode->reliability.bySpares.size()));
    QVERIFY(!xySeries(view.chart(ChartsView::Spares), QStringLiteral("classic tokens after failures")));
}

void TestChartsView::goodputMarksUsedAndOptimalInterval()
{
    ChartsView view;
    view.setResults(QStringLiteral("classic"), mClassic);
    QChart *chart = view.chart(ChartsView::Goodput);
    const ReliabilityResults &rel = mClassic->reliability;
    QXYSeries *curve = xySeries(chart, QStringLiteral("classic"));
    QXYSeries *used = xySeries(chart, QStringLiteral("classic interval used"));
    QXYSeries *opt = xySeries(chart, QStringLiteral("classic optimum"));
    QVERIFY(curve && used && opt);
    QCOMPARE(used->at(0).x(), rel.checkpointIntervalMinutes);
    QVERIFY(near(used->at(0).y(), rel.goodput * 100.0));
    const CheckpointPoint best = optimalCheckpoint(rel.job);
    QCOMPARE(opt->at(0).x(), best.intervalMinutes);
    QVERIFY(near(opt->at(0).y(), best.goodput * 100.0));
    // The curve is the model's goodput at each interval.
    for (int i : {0, curve->count() / 2, curve->count() - 1})
        QVERIFY(near(curve->at(i).y(), rel.job.goodput(curve->at(i).x() / 60.0) * 100.0));
}

void TestChartsView::scalingCurveArrivesFromTheModel()
{
    ChartsView view;
    view.setResults(QStringLiteral("classic"), mClassic);
    // Computed off the GUI thread: busy until it arrives, then the model's points.
    QTRY_VERIFY_WITH_TIMEOUT(!view.isBusy(), 60000);
    QVERIFY(view.hasData(ChartsView::Scaling));
    const ScalingCurve s = scalingByGpuCount(mClassic->performance, 5);
    QXYSeries *mfu = xySeries(view.chart(ChartsView::Scaling), QStringLiteral("classic MFU"));
    QXYSeries *days = xySeries(view.chart(ChartsView::Scaling), QStringLiteral("classic time to train"));
    QVERIFY(mfu && days);
    QCOMPARE(mfu->count(), int(s.gpus.size()));
    QCOMPARE(days->count(), int(s.gpus.size()));
    for (int i = 0; i < mfu->count(); ++i) {
        QCOMPARE(mfu->at(i).x(), s.gpus[size_t(i)]);
        QVERIFY(near(mfu->at(i).y(), s.mfu[size_t(i)] * 100.0));
        QVERIFY(near(days->at(i).y(), s.timeToTrainDays[size_t(i)]));
    }
    // Time to train reads on its own axis, on the right.
    QCOMPARE(view.chart(ChartsView::Scaling)->axes(Qt::Vertical, days).value(0)->alignment(), Qt::AlignRight);
}

void TestChartsView::busBandwidthIsTheModelsPerTier()
{
    ChartsView view;
    view.setResults(QStringLiteral("classic"), mClassic);
    for (int kind : {0, 3}) {
        view.setCollective(kind);
        QCOMPARE(view.collective(), kind);
        const auto tiers = busBandwidthByMessageSize(mClassic->performance, CollectiveKind(kind));
        QVERIFY(tiers.size() >= 2);
        QCOMPARE(int(view.chart(ChartsView::BusBandwidth)->series().size()), int(tiers.size()));
        for (const TierBandwidth &t : tiers) {
            const QString name = QString::fromStdString(t.tier) + QStringLiteral(" (") +
                                 QLocale::c().toString(t.gpus).replace(QLatin1Char(','), QStringLiteral(",")) +
                                 QStringLiteral(" GPUs)");
            QXYSeries *s = xySeries(view.chart(ChartsView::BusBandwidth), name);
            QVERIFY2(s, qPrintable(name));
            QCOMPARE(s->count(), int(t.curve.x.size()));
            for (int i = 0; i < s->count(); ++i) {
                QVERIFY(near(s->at(i).x() * 1e6, t.curve.x[size_t(i)]));
                QVERIFY(near(s->at(i).y(), t.curve.y[size_t(i)]));
            }
        }
    }
    QVERIFY(view.chart(ChartsView::BusBandwidth)->title().contains(QStringLiteral("all-to-all")));
}

void TestChartsView::powerPerRowAndFeedAgainstCapacity()
{
    ChartsView view;
    view.setResults(QStringLiteral("classic"), mClassic);
    const std::vector<LoadBar> rows = powerByRow(mClassic->power);
    QVERIFY(!rows.empty());
    QChart *chart = view.chart(ChartsView::RowPower);
    QBarSet *load = barSet(chart, QStringLiteral("IT load at training"));
    QBarSet *limit = barSet(chart, QStringLiteral("rated limit"));
    QVERIFY(load && limit);
    QCOMPARE(load->count(), int(rows.size()));
    for (size_t i = 0; i < rows.size(); ++i) {
        QVERIFY(near(load->at(int(i)), rows[i].loadKw));
        QVERIFY(near(limit->at(int(i)), rows[i].capacityKw));
    }
    const std::vector<LoadBar> feeds = powerByFeed(mClassic->power);
    if (feeds.empty()) {
        QVERIFY(!view.hasData(ChartsView::FeedPower));
        QVERIFY(!view.noDataText(ChartsView::FeedPower).isEmpty());
    } else {
        QBarSet *feedLoad = barSet(view.chart(ChartsView::FeedPower), QStringLiteral("load"));
        QBarSet *capacity = barSet(view.chart(ChartsView::FeedPower), QStringLiteral("capacity"));
        QVERIFY(feedLoad && capacity);
        QCOMPARE(capacity->count(), int(feeds.size()));
        QVERIFY(near(capacity->at(0), feeds[0].capacityKw));
        QVERIFY(near(feedLoad->at(0), feeds[0].loadKw));
    }
    // Rows and feeds are the open design's only: a compared design adds no bars.
    view.setComparedResults({{QStringLiteral("supernode"), mSupernode}});
    QCOMPARE(barSet(view.chart(ChartsView::RowPower), QStringLiteral("IT load at training"))->count(), int(rows.size()));
}

void TestChartsView::hoverShowsExactValue()
{
    ChartsView view;
    view.resize(1000, 500);
    view.show();
    view.setResults(QStringLiteral("classic"), mClassic);
    view.setCurrentChart(ChartsView::Tco);
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QXYSeries *own = xySeries(view.chart(ChartsView::Tco), QStringLiteral("classic"));
    // Qt reports a position on the line; the tooltip names the nearest month's exact value.
    const int month = 24;
    Q_EMIT own->hovered(QPointF(month + 0.3, own->at(month).y() + 1), true);
    QTRY_VERIFY(QToolTip::isVisible());
    // "$17.76M": the value to the shown precision.
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("\\$([0-9,.]+)M")).match(QToolTip::text());
    QVERIFY2(m.hasMatch(), qPrintable(QToolTip::text()));
    const double shown = m.captured(1).remove(QLatin1Char(',')).toDouble();
    QVERIFY(std::abs(shown - mClassic->cost.cumulativeUsdByMonth[month] / 1e6) <= 0.005 * std::max(1.0, shown));
    QVERIFY2(QToolTip::text().startsWith(QStringLiteral("classic\nmonth 24: ")), qPrintable(QToolTip::text()));
    Q_EMIT own->hovered(QPointF(month, 0), false);
    // Bars: the category, the set and its value.
    QBarSet *compute = barSet(view.chart(ChartsView::Capex), QStringLiteral("compute"));
    Q_EMIT compute->hovered(true, 0);
    QTRY_VERIFY(QToolTip::text().contains(QStringLiteral("classic · compute")));
    QVERIFY(QToolTip::text().contains(QStringLiteral("$")));
}

void TestChartsView::exportsPngAndSvg()
{
    QTemporaryDir dir;
    ChartsView view;
    view.setResults(QStringLiteral("classic"), mClassic);
    view.setComparedResults({{QStringLiteral("supernode"), mSupernode}});
    QTRY_VERIFY_WITH_TIMEOUT(!view.isBusy(), 60000);
    for (int i = 0; i < view.chartCount(); ++i) {
        const QString png = dir.filePath(ChartsView::chartId(i) + QStringLiteral(".png"));
        const QString svg = dir.filePath(ChartsView::chartId(i) + QStringLiteral(".svg"));
        QString error;
        QVERIFY2(view.exportChart(i, png, &error), qPrintable(error));
        QVERIFY2(view.exportChart(i, svg, &error), qPrintable(error));
        QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 900 && image.height() >= 400);
        // Not a blank image: the chart drew something besides its background.
        QVERIFY(image.pixel(image.width() / 2, image.height() / 2) != image.pixel(2, 2) ||
                image.pixel(image.width() / 3, image.height() / 3) != image.pixel(2, 2));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&file);
        bool svgRoot = false;
        int texts = 0;
        while (!xml.atEnd()) {
            if (xml.readNext() == QXmlStreamReader::StartElement) {
                svgRoot = svgRoot || xml.name() == QStringLiteral("svg");
                texts += xml.name() == QStringLiteral("text");
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(svgRoot);
        QVERIFY2(texts > 3, qPrintable(svg + QStringLiteral(": ") + QString::number(texts))); // text stays text
    }
    // The SVG of the TCO chart carries its title.
    QFile tco(dir.filePath(QStringLiteral("tco.svg")));
    QVERIFY(tco.open(QIODevice::ReadOnly));
    QVERIFY(tco.readAll().contains("Cumulative cost"));
}

void TestChartsView::exportRefusesBadTargets()
{
    QTemporaryDir dir;
    ChartsView view;
    view.setResults(QStringLiteral("classic"), mClassic);
    QString error;
    QVERIFY(!view.exportChart(0, dir.filePath(QStringLiteral("chart.bmp")), &error));
    QVERIFY(error.contains(QStringLiteral("unsupported format")));
    QVERIFY(!view.exportChart(0, dir.filePath(QStringLiteral("missing/dir/chart.svg")), &error));
    QVERIFY(error.contains(QStringLiteral("cannot write")));
    QVERIFY(!view.exportChart(0, dir.filePath(QStringLiteral("missing/dir/chart.png")), &error));
    QVERIFY(error.contains(QStringLiteral("cannot write")));
    QVERIFY(!view.exportChart(42, dir.filePath(QStringLiteral("chart.png")), &error));
    QVERIFY(error.contains(QStringLiteral("no chart 42")));
    QVERIFY(!view.exportChart(-1, dir.filePath(QStringLiteral("chart.png")), nullptr)); // no error out: fine
}

void TestChartsView::emptyResultsSayNoData()
{
    QTemporaryDir dir;
    ChartsView view;
    // Nothing set yet, then results of an empty design, then cleared: never a chart, always a reason.
    for (int step = 0; step < 3; ++step) {
        if (step == 1)
            view.setResults(QStringLiteral("empty"), Results{});
        if (step == 2)
            view.clear();
        QVERIFY(!view.isBusy());
        for (int i = 0; i < view.chartCount(); ++i) {
            QVERIFY2(!view.hasData(i), qPrintable(ChartsView::chartId(i)));
            QVERIFY(view.chart(i)->series().isEmpty());
            QVERIFY2(!view.noDataText(i).isEmpty(), qPrintable(ChartsView::chartId(i)));
            QString error;
            QVERIFY2(view.exportChart(i, dir.filePath(QStringLiteral("empty.png")), &error), qPrintable(error));
        }
    }
    QVERIFY(view.noDataText(ChartsView::Tco).contains(QStringLiteral("no cost figures")));
    QVERIFY(view.noDataText(ChartsView::BusBandwidth).contains(QStringLiteral("no GPUs")));
    // A design without GPUs but with cost: the cost charts plot, the GPU charts say why not.
    TemplateOptions o;
    Design d = generateTemplate(o, mCatalog);
    d.racks.erase(std::remove_if(d.racks.begin(), d.racks.end(),
                                 [&](const Rack &r) {
                                     for (const Mount &p : r.contents)
                                         if (const CatalogEntry *e = mCatalog.find(p.catalogId);
                                             e && e->kind == PartKind::Server)
                                             return true;
                                     return false;
                                 }),
                  d.racks.end());
    const Results noGpus = evaluate(d, mCatalog);
    QCOMPARE(noGpus.inventory.gpusTotal, 0LL);
    view.setResults(QStringLiteral("no GPUs"), noGpus);
    QVERIFY(!view.isBusy());
    QVERIFY(!view.hasData(ChartsView::Goodput));
    QVERIFY(!view.hasData(ChartsView::Scaling));
    QVERIFY(!view.hasData(ChartsView::BusBandwidth));
}

void TestChartsView::followsDarkTheme()
{
    ChartsView view;
    view.setResults(QStringLiteral("classic"), mClassic);
    const QColor light = view.chart(ChartsView::Tco)->backgroundBrush().color();
    QVERIFY(light.lightness() > 200);
    QPalette dark = view.palette();
    dark.setColor(QPalette::Window, QColor(0x30, 0x30, 0x30));
    dark.setColor(QPalette::WindowText, QColor(0xee, 0xee, 0xee));
    view.setPalette(dark);
    QVERIFY(view.chart(ChartsView::Tco)->backgroundBrush().color().lightness() < 80);
    // The data is the same.
    QVERIFY(near(xySeries(view.chart(ChartsView::Tco), QStringLiteral("classic"))->at(3).y() * 1e6,
                 mClassic->cost.cumulativeUsdByMonth[3]));
}

QTEST_MAIN(TestChartsView)
#include "test_chartsview.moc"
