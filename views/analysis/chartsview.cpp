#include "views/analysis/chartsview.h"

#include "report/chartdata.h"
#include "model/engine/evaluation.h"
#include "report/reportcharts.h"

#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QCursor>
#include <QFileDialog>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QStackedWidget>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <QXYSeries>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>
#include <functional>

namespace cp::gui {

namespace {

const char *const kIds[] = {"tco",     "capex",   "opex",          "goodput",   "policy",    "spares",
                            "tornado", "scaling", "bus_bandwidth", "row_power", "feed_power"};
/// The charts as the list names them (translated where shown, ChartsView::tr).
const char *const kListNames[] = {
    QT_TRANSLATE_NOOP("cp::gui::ChartsView", "Cost over time (TCO)"),
    QT_TRANSLATE_NOOP("cp::gui::ChartsView", "CAPEX by category"),
    QT_TRANSLATE_NOOP("cp::gui::ChartsView", "OPEX by category"),
    QT_TRANSLATE_NOOP("cp::gui::ChartsView", "Goodput vs checkpoints"),
    QT_TRANSLATE_NOOP("cp::gui::ChartsView", "Goodput by policy"),
    QT_TRANSLATE_NOOP("cp::gui::ChartsView", "Goodput vs spares"),
    QT_TRANSLATE_NOOP("cp::gui::ChartsView", "What moves the verdict"),
    QT_TRANSLATE_NOOP("cp::gui::ChartsView", "MFU and time to train"),
    QT_TRANSLATE_NOOP("cp::gui::ChartsView", "Bus bandwidth"),
    QT_TRANSLATE_NOOP("cp::gui::ChartsView", "Power per row"),
    QT_TRANSLATE_NOOP("cp::gui::ChartsView", "Power per feed"),
};

/// A value as the tooltip shows it: grouped thousands, decimals by magnitude.
QString number(double v)
{
    const double a = std::abs(v);
    const bool whole = a < 1e15 && v == std::round(v);
    const int decimals = whole || a >= 1000 ? 0 : a >= 100 ? 1 : a >= 1 ? 2 : a >= 0.01 ? 3 : 5;
    return QLocale::c().toString(v, 'f', decimals).replace(QLatin1Char(','), QStringLiteral(","));
}

QString withUnit(double v, const std::string &unit)
{
    const QString u = QString::fromStdString(unit);
    if (u == QStringLiteral("$M") || u == QStringLiteral("$M/yr"))
        return QStringLiteral("$") + number(v) + QStringLiteral("M") + u.mid(2);
    if (u == QStringLiteral("month"))
        return QStringLiteral("month ") + number(v);
    return u.isEmpty() ? number(v) : number(v) + QLatin1Char(' ') + u;
}

QString plain(const QString &richName)
{
    // Series names are stored escaped for Qt Charts' rich text.
    QString s = richName;
    s.replace(QStringLiteral("&lt;"), QStringLiteral("<"))
        .replace(QStringLiteral("&gt;"), QStringLiteral(">"))
        .replace(QStringLiteral("&quot;"), QStringLiteral("\""))
        .replace(QStringLiteral("&#39;"), QStringLiteral("'"))
        .replace(QStringLiteral("&amp;"), QStringLiteral("&"));
    return s;
}

/// The results a chart needs, without the fabric's matrices (the largest part of a Results).
std::shared_ptr<const Results> slimCopy(const Results &r)
{
    auto s = std::make_shared<Results>();
    s->inventory = r.inventory;
    s->performance = r.performance;
    s->power = r.power;
    s->reliability = r.reliability;
    s->cost = r.cost;
    s->fabric.tiers = r.fabric.tiers;
    s->fabric.domainGpus = r.fabric.domainGpus;
    s->cancelled = r.cancelled;
    return s;
}

/// A chart view that offers "Export…" on right click.
class ExportingChartView final : public QChartView
{
public:
    ExportingChartView(std::function<void()> exportChart, QWidget *parent)
        : QChartView(parent)
        , mExport(std::move(exportChart))
    {}

protected:
    void contextMenuEvent(QContextMenuEvent *event) override
    {
        QMenu menu(this);
        menu.addAction(ChartsView::tr("Export…"), this, [this] { mExport(); });
        menu.exec(event->globalPos());
    }

private:
    std::function<void()> mExport;
};

} // namespace

/// One chart of the list: its view, its data and the text shown when it has none.
struct ChartsView::Page
{
    QWidget *widget = nullptr;
    QChartView *view = nullptr;
    QLabel *noData = nullptr;
    std::shared_ptr<report::ChartData> data;
};

struct ChartsView::DesignRef
{
    QString name;
    std::shared_ptr<const Results> results;
};

ChartsView::ChartsView(QWidget *parent)
    : QWidget(parent)
{
    mList = new QListWidget(this);
    mList->setObjectName(QStringLiteral("chartList"));
    for (const char *name : kListNames)
        mList->addItem(tr(name));
    mList->setMaximumWidth(170);
    mList->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Expanding);

    mStack = new QStackedWidget(this);
    for (int i = 0; i < ChartCount; ++i) {
        auto page = std::make_unique<Page>();
        page->widget = new QWidget(mStack);
        auto *layout = new QVBoxLayout(page->widget);
        layout->setContentsMargins(0, 0, 0, 0);
        page->view = new ExportingChartView([this] { exportCurrent(); }, page->widget);
        page->view->setObjectName(QStringLiteral("chart_") + QString::fromLatin1(kIds[i]));
        page->view->setRenderHint(QPainter::Antialiasing);
        page->view->setFrameShape(QFrame::NoFrame);
        page->view->setChart(new QChart);
        page->noData = new QLabel(page->widget);
        page->noData->setObjectName(QStringLiteral("noData_") + QString::fromLatin1(kIds[i]));
        page->noData->setAlignment(Qt::AlignCenter);
        page->noData->setWordWrap(true);
        page->noData->setFrameShape(QFrame::StyledPanel);
        layout->addWidget(page->view);
        layout->addWidget(page->noData);
        mStack->addWidget(page->widget);
        mPages.push_back(std::move(page));
    }

    mCollectiveLabel = new QLabel(tr("Collective:"), this);
    mCollective = new QComboBox(this);
    mCollective->setObjectName(QStringLiteral("collective"));
    for (const char *c : {"all-reduce", "all-gather", "reduce-scatter", "all-to-all"})
        mCollective->addItem(QString::fromLatin1(c));
    mExport = new QToolButton(this);
    mExport->setObjectName(QStringLiteral("exportChart"));
    mExport->setText(tr("Export…"));
    mExport->setToolTip(tr("Save the chart shown as PNG or SVG"));

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addStretch(1);
    bar->addWidget(mCollectiveLabel);
    bar->addWidget(mCollective);
    bar->addWidget(mExport);
    auto *right = new QVBoxLayout;
    right->setContentsMargins(0, 0, 0, 0);
    right->addLayout(bar);
    right->addWidget(mStack, 1);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(mList);
    layout->addLayout(right, 1);

    connect(mList, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row < 0)
            return;
        mStack->setCurrentIndex(row);
        mCollectiveLabel->setVisible(row == BusBandwidth);
        mCollective->setVisible(row == BusBandwidth);
    });
    connect(mCollective, &QComboBox::currentIndexChanged, this, [this](int kind) { setCollective(kind); });
    connect(mExport, &QToolButton::clicked, this, [this] { exportCurrent(); });
    connect(&mScaling, &QFutureWatcher<std::shared_ptr<report::ChartData>>::finished, this, [this] {
        if (mScaling.isCanceled() || mScaling.future().resultCount() == 0)
            return;
        std::shared_ptr<report::ChartData> data = mScaling.result();
        // A curve for the inputs shown now is taken, whatever rebuilds came meanwhile (an edit
        // that left the inputs alone does not restart it); one for older inputs is dropped.
        if (!data || mScaling.property("inputs").toULongLong() != mScalingInputs)
            return;
        mScaled = data;
        mScaledInputs = mScalingInputs;
        if (mStale)
            return; // shown when the charts are
        mScalingBusy = false;
        showChart(Scaling, *data);
        Q_EMIT chartsChanged();
    });
    mList->setCurrentRow(0);
    rebuild();
}

ChartsView::~ChartsView()
{
    mScaling.waitForFinished();
}

void ChartsView::setResults(const QString &name, const Results &results)
{
    setResults(name, slimCopy(results));
}

void ChartsView::setResults(const QString &name, std::shared_ptr<const Results> results)
{
    ++mScalingInputs;
    applyResults(name, std::move(results));
}

void ChartsView::applyResults(const QString &name, std::shared_ptr<const Results> results)
{
    mName = name;
    mResults = std::move(results);
    scheduleRebuild();
}

void ChartsView::setResultsHub(const ResultsHub *hub)
{
    connect(hub, &ResultsHub::evaluated, this, [this, hub](const EvaluationOutcome &outcome) {
        // The scaling curve reads only the performance stage's inputs: an edit that did not re-run
        // that stage (a rack moved in its row, a price) keeps the curve already computed.
        if (outcome.stages.performance || hub->displayName() != mName)
            ++mScalingInputs;
        applyResults(hub->displayName(), slimCopy(outcome.results));
    });
    connect(hub, &ResultsHub::comparedChanged, this, &ChartsView::setComparedResults);
}

void ChartsView::setComparedResults(const QVector<NamedResults> &others)
{
    ++mScalingInputs;
    mCompared = others;
    scheduleRebuild();
}

void ChartsView::clear()
{
    mName.clear();
    mResults.reset();
    mCompared.clear();
    ++mScalingInputs;
    scheduleRebuild();
}

void ChartsView::scheduleRebuild()
{
    // Off screen (its dock behind another's tab), the charts wait until they are shown: building
    // eleven charts and re-running the parallelism search at five GPU counts for the scaling
    // curve after every edit took the two cores for a third of a second at 100k GPUs, for
    // charts nobody saw, and slowed the next edit's evaluation.
    if (!mOnScreen) {
        mStale = true;
        mScalingBusy = false;
        return;
    }
    rebuild();
}

void ChartsView::setOnScreen(bool onScreen)
{
    mOnScreen = onScreen;
    if (onScreen)
        rebuildIfStale();
}

void ChartsView::rebuildIfStale() const
{
    if (mStale)
        const_cast<ChartsView *>(this)->rebuild();
}


QString ChartsView::chartId(int index)
{
    return index >= 0 && index < ChartCount ? QString::fromLatin1(kIds[index]) : QString();
}

int ChartsView::chartIndex(const QString &id)
{
    for (int i = 0; i < ChartCount; ++i)
        if (id == QLatin1String(kIds[i]))
            return i;
    return -1;
}

QString ChartsView::chartTitle(int index) const
{
    rebuildIfStale();
    if (index < 0 || index >= ChartCount)
        return {};
    const Page &p = *mPages[size_t(index)];
    return p.data ? QString::fromStdString(p.data->title) : tr(kListNames[index]);
}

int ChartsView::currentChart() const
{
    return mList->currentRow();
}

void ChartsView::setCurrentChart(int index)
{
    if (index >= 0 && index < ChartCount)
        mList->setCurrentRow(index);
}

QChart *ChartsView::chart(int index) const
{
    rebuildIfStale();
    return index >= 0 && index < ChartCount ? mPages[size_t(index)]->view->chart() : nullptr;
}

bool ChartsView::hasData(int index) const
{
    rebuildIfStale();
    if (index < 0 || index >= ChartCount)
        return false;
    const Page &p = *mPages[size_t(index)];
    return p.data && p.data->hasData();
}

QString ChartsView::noDataText(int index) const
{
    rebuildIfStale();
    if (index < 0 || index >= ChartCount || hasData(index))
        return {};
    return mPages[size_t(index)]->noData->text();
}

bool ChartsView::isBusy() const
{
    return mScalingBusy;
}

int ChartsView::collective() const
{
    return mCollectiveKind;
}

void ChartsView::setCollective(int kind)
{
    if (kind < 0 || kind > 3 || kind == mCollectiveKind)
        return;
    mCollectiveKind = kind;
    mCollective->setCurrentIndex(kind);
    const std::vector<DesignRef> refs = designs();
    std::vector<report::ChartDesign> cd;
    for (size_t i = 0; i < refs.size(); ++i)
        cd.push_back({refs[i].name.toStdString(), int(i), refs[i].results.get()});
    showChart(BusBandwidth, report::busBandwidthChart(cd, CollectiveKind(mCollectiveKind)));
    Q_EMIT chartsChanged();
}

std::vector<ChartsView::DesignRef> ChartsView::designs() const
{
    std::vector<DesignRef> out;
    if (mResults)
        out.push_back({mName.isEmpty() ? tr("open design") : mName, mResults});
    for (const NamedResults &n : mCompared)
        if (n.results)
            out.push_back({n.name, n.results});
    return out;
}

bool ChartsView::dark() const
{
    return palette().color(QPalette::Window).lightness() < 128;
}

void ChartsView::rebuild()
{
    mStale = false;
    const std::vector<DesignRef> refs = designs();
    std::vector<report::ChartDesign> cd;
    for (size_t i = 0; i < refs.size(); ++i)
        cd.push_back({refs[i].name.toStdString(), int(i), refs[i].results.get()});
    const report::ChartDesign open = cd.empty() ? report::ChartDesign{} : cd.front();

    showChart(Tco, report::tcoChart(cd));
    showChart(Capex, report::capexChart(cd));
    showChart(Opex, report::opexChart(cd));
    showChart(Goodput, report::goodputChart(cd, 41, true));
    showChart(Policy, report::policyChart(cd));
    showChart(Spares, report::sparesChart(cd));
    showChart(Tornado, report::tornadoChart(open));
    showChart(BusBandwidth, report::busBandwidthChart(cd, CollectiveKind(mCollectiveKind)));
    showChart(RowPower, report::rowPowerChart(open));
    showChart(FeedPower, report::feedPowerChart(open));
    startScaling();
    Q_EMIT chartsChanged();
}

void ChartsView::startScaling()
{
    // The scaling curve re-runs the parallelism search at several GPU counts: off the GUI thread.
    const std::vector<DesignRef> refs = designs();
    bool any = false;
    for (const DesignRef &r : refs)
        any = any || r.results->performance.available;
    if (!any) {
        mScalingBusy = false;
        showChart(Scaling, report::scalingChart({}, 5, true));
        return;
    }
    if (mScaled && mScaledInputs == mScalingInputs) {
        mScalingBusy = false;
        showChart(Scaling, *mScaled);
        return;
    }
    mScalingBusy = true;
    report::ChartData waiting = report::scalingChart({}, 5, true);
    waiting.empty = "computing the scaling curve (the parallelism search at each GPU count)…";
    showChart(Scaling, waiting);
    if (mScaling.isRunning() && mScaling.property("inputs").toULongLong() == mScalingInputs)
        return; // the run under way is for these inputs: its curve comes when it ends
    mScaling.setProperty("inputs", mScalingInputs);
    mScaling.setFuture(QtConcurrent::run([refs] {
        std::vector<report::ChartDesign> cd;
        for (size_t i = 0; i < refs.size(); ++i)
            cd.push_back({refs[i].name.toStdString(), int(i), refs[i].results.get()});
        return std::make_shared<report::ChartData>(report::scalingChart(cd, 5, true));
    }));
}

void ChartsView::showChart(int index, const report::ChartData &data)
{
    Page &p = *mPages[size_t(index)];
    // A copy first: `data` may be the page's own (a theme change redraws from it).
    auto kept = std::make_shared<report::ChartData>(data);
    report::translateChart(*kept); // the window's language; the report's words stay as written
    p.data = kept;
    std::unique_ptr<QChart> chart = report::ReportCharts::chart(*kept, report::ChartStyle{dark()});
    chart->layout()->setContentsMargins(0, 0, 0, 0); // the dock is small: no frame around the chart
    QChart *old = p.view->chart();
    p.view->setChart(chart.release());
    delete old;
    const bool has = kept->hasData();
    p.view->setVisible(has);
    p.noData->setVisible(!has);
    p.noData->setText(has ? QString()
                          : QString::fromStdString(kept->title) + QStringLiteral("\n\n") +
                                QString::fromStdString(kept->empty.empty() ? std::string("no data") : kept->empty));
    if (has)
        attachTooltips(index);
}

void ChartsView::attachTooltips(int index)
{
    Page &p = *mPages[size_t(index)];
    QChart *chart = p.view->chart();
    const std::shared_ptr<report::ChartData> data = p.data;
    const bool logX = data->logX;
    for (QAbstractSeries *series : chart->series()) {
        if (auto *xy = qobject_cast<QXYSeries *>(series)) {
            const bool right = [&] {
                for (const report::ChartSeries &s : data->series)
                    if (QString::fromStdString(s.name).toHtmlEscaped() == xy->name())
                        return s.rightAxis;
                return false;
            }();
            connect(xy, &QXYSeries::hovered, this, [xy, data, logX, right](const QPointF &at, bool state) {
                if (!state) {
                    QToolTip::hideText();
                    return;
                }
                // The data point nearest the cursor along x (Qt reports the position on the line).
                const QList<QPointF> pts = xy->points();
                if (pts.isEmpty())
                    return;
                qsizetype best = 0;
                const auto dist = [logX](double a, double b) {
                    return logX && a > 0 && b > 0 ? std::abs(std::log(a / b)) : std::abs(a - b);
                };
                for (qsizetype i = 1; i < pts.size(); ++i)
                    if (dist(pts[i].x(), at.x()) < dist(pts[best].x(), at.x()))
                        best = i;
                const QPointF pt = pts[best];
                QString x = withUnit(pt.x(), data->xUnit);
                if (data->id == "bus_bandwidth")
                    x = QStringLiteral("message ") + number(pt.x() * 1e6) + QStringLiteral(" bytes");
                const QString text = plain(xy->name()) + QLatin1Char('\n') + x + QStringLiteral(": ") +
                                     withUnit(pt.y(), right ? data->y2Unit : data->yUnit);
                QToolTip::showText(QCursor::pos(), text);
            });
        } else if (auto *bars = qobject_cast<QAbstractBarSeries *>(series)) {
            for (QBarSet *set : bars->barSets())
                connect(set, &QBarSet::hovered, this, [set, data](bool state, int i) {
                    if (!state) {
                        QToolTip::hideText();
                        return;
                    }
                    const QString category = i >= 0 && size_t(i) < data->categories.size()
                                                 ? QString::fromStdString(data->categories[size_t(i)])
                                                 : QString();
                    QToolTip::showText(QCursor::pos(), category + QStringLiteral(" · ") + plain(set->label()) +
                                                           QStringLiteral("\n") + withUnit(set->at(i), data->yUnit));
                });
        }
    }
}

bool ChartsView::exportChart(int index, const QString &path, QString *error) const
{
    rebuildIfStale();
    const auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (index < 0 || index >= ChartCount)
        return fail(tr("no chart %1 (there are %2)").arg(index).arg(int(ChartCount)));
    const Page &p = *mPages[size_t(index)];
    if (!p.data)
        return fail(tr("chart %1 has not been drawn").arg(chartId(index)));
    // The size shown, when shown at a readable size; else the report's.
    QSizeF size = report::ReportCharts::logicalSize();
    if (p.widget->isVisible() && p.widget->width() >= 300 && p.widget->height() >= 200)
        size = p.widget->size();
    return report::ReportCharts::save(*p.data, path, report::ChartStyle{dark()}, size, error);
}

void ChartsView::exportCurrent()
{
    const int index = currentChart();
    if (index < 0)
        return;
    QString filter;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Chart"), chartId(index) + QStringLiteral(".png"),
                                                      tr("PNG image (*.png);;SVG drawing (*.svg)"), &filter);
    if (path.isEmpty())
        return;
    QString target = path;
    if (QFileInfo(target).suffix().isEmpty())
        target += filter.contains(QStringLiteral("svg")) ? QStringLiteral(".svg") : QStringLiteral(".png");
    QString error;
    if (!exportChart(index, target, &error))
        QMessageBox::warning(this, tr("Export Chart"), error);
}

void ChartsView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    // Follow the app's light or dark theme.
    if (event->type() == QEvent::PaletteChange && !mPages.empty()) {
        for (int i = 0; i < ChartCount; ++i)
            if (mPages[size_t(i)]->data)
                showChart(i, *mPages[size_t(i)]->data);
    }
}

} // namespace cp::gui
