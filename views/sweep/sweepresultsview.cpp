#include "views/sweep/sweepresultsview.h"

#include "model/core/problem.h"
#include "model/sweep/sweepfigures.h"
#include "model/io/outputfile.h"
#include "report/reportcharts.h"
#include "report/sweepreport.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCursor>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <QXYSeries>

#include <cmath>
#include <set>

namespace cp::gui {

namespace {

bool largerIsBetter(const SweepSpec &spec, const std::string &figure)
{
    for (const SweepObjective &o : spec.objectives)
        if (o.figure == figure)
            return o.maximise;
    return figure == "mfu" || figure == "goodput" || figure == "npv_owning_vs_cloud_usd" || figure == "gpus_total";
}

QString number(double v)
{
    const double a = std::abs(v);
    if (a >= 1e6)
        return QString::number(v / 1e6, 'f', 2) + QStringLiteral(" M");
    if (a >= 100)
        return QString::number(v, 'f', 0);
    if (a >= 1)
        return QString::number(v, 'f', 2);
    return QString::number(v, 'f', 3);
}

} // namespace

SweepResultsView::SweepResultsView(const QString &path, QWidget *parent)
    : QDialog(parent)
    , mPath(path)
{
    const SweepStore store = SweepStore::open(path.toStdString());
    mSpec = store.spec();
    mRows = store.rows();
    setObjectName(QStringLiteral("sweepResults"));
    setWindowTitle(tr("Sweep Results — %1").arg(QString::fromStdString(mSpec.name)));
    setModal(false);
    setAttribute(Qt::WA_DeleteOnClose);
    resize(980, 680);

    size_t feasible = 0, ok = 0;
    std::set<std::string> present;
    for (const VariantRow &r : mRows) {
        ok += r.ok;
        feasible += r.feasible;
        for (const auto &[name, v] : r.figures)
            present.insert(name);
    }
    mSummary = new QLabel(tr("%1 of %2 variants in %3: %4 evaluated, %5 meet every constraint. "
                             "Hover a point for its parameters; click it to open that variant as a scenario.")
                              .arg(mRows.size())
                              .arg(mSpec.variants)
                              .arg(path)
                              .arg(ok)
                              .arg(feasible));
    mSummary->setWordWrap(true);

    mXCombo = new QComboBox;
    mYCombo = new QComboBox;
    mXCombo->setObjectName(QStringLiteral("sweepX"));
    mYCombo->setObjectName(QStringLiteral("sweepY"));
    std::vector<std::string> figures;
    for (const SweepFigure &f : sweepFigures())
        figures.push_back(f.name);
    for (const SweepObjective &o : mSpec.objectives)
        if (!findSweepFigure(o.figure))
            figures.push_back(o.figure);
    for (const std::string &f : figures) {
        if (!present.count(f))
            continue;
        const QString text = QString::fromStdString(report::sweepFigureWord(f)) +
                             (largerIsBetter(mSpec, f) ? tr(" (higher is better)") : tr(" (lower is better)"));
        mXCombo->addItem(text, QString::fromStdString(f));
        mYCombo->addItem(text, QString::fromStdString(f));
    }
    auto *axes = new QHBoxLayout;
    auto *xLabel = new QLabel(tr("&X:"));
    xLabel->setBuddy(mXCombo);
    auto *yLabel = new QLabel(tr("&Y:"));
    yLabel->setBuddy(mYCombo);
    axes->addWidget(xLabel);
    axes->addWidget(mXCombo, 1);
    axes->addWidget(yLabel);
    axes->addWidget(mYCombo, 1);

    mView = new QChartView;
    mView->setObjectName(QStringLiteral("sweepChart"));
    mView->setRenderHint(QPainter::Antialiasing);
    mView->setMouseTracking(true);
    mDetail = new QLabel(tr("No variant chosen."));
    mDetail->setObjectName(QStringLiteral("sweepDetail"));
    mDetail->setWordWrap(true);
    mDetail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    mDetail->setMinimumHeight(mDetail->fontMetrics().lineSpacing() * 3);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    QPushButton *csv = buttons->addButton(tr("Export &CSV…"), QDialogButtonBox::ActionRole);
    csv->setObjectName(QStringLiteral("sweepCsv"));
    connect(csv, &QPushButton::clicked, this, &SweepResultsView::exportCsvDialog);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(mSummary);
    layout->addLayout(axes);
    layout->addWidget(mView, 1);
    layout->addWidget(mDetail);
    layout->addWidget(buttons);

    const auto [x, y] = defaultParetoAxes(mSpec);
    setAxes(x, y);
    connect(mXCombo, &QComboBox::currentIndexChanged, this, &SweepResultsView::chooseAxesFromCombos);
    connect(mYCombo, &QComboBox::currentIndexChanged, this, &SweepResultsView::chooseAxesFromCombos);
}

SweepResultsView::~SweepResultsView() = default;

void SweepResultsView::chooseAxesFromCombos()
{
    const std::string x = mXCombo->currentData().toString().toStdString();
    const std::string y = mYCombo->currentData().toString().toStdString();
    if (x.empty() || y.empty())
        return;
    setAxes({x, largerIsBetter(mSpec, x)}, {y, largerIsBetter(mSpec, y)});
}

void SweepResultsView::setAxes(const ParetoAxis &x, const ParetoAxis &y)
{
    mX = x;
    mY = y;
    for (auto [combo, figure] : {std::pair{mXCombo, x.figure}, std::pair{mYCombo, y.figure}}) {
        const QSignalBlocker block(combo);
        combo->setCurrentIndex(combo->findData(QString::fromStdString(figure)));
    }
    rebuild();
}

void SweepResultsView::rebuild()
{
    mFront = paretoFront(mRows, mX, mY);
    const report::ChartData data = report::sweepChart(mSpec, mRows, mX, mY, &mPointRows);
    std::unique_ptr<QChart> chart = report::ReportCharts::chart(data);
    const QList<QAbstractSeries *> series = chart->series();
    for (int s = 0; s < int(series.size()); ++s) {
        auto *xy = qobject_cast<QXYSeries *>(series[s]);
        if (!xy)
            continue;
        connect(xy, &QXYSeries::hovered, this, [this, s](const QPointF &p, bool state) {
            if (state)
                pointEvent(s, p, false);
        });
        connect(xy, &QXYSeries::clicked, this, [this, s](const QPointF &p) { pointEvent(s, p, true); });
    }
    QChart *old = mView->chart();
    mView->setChart(chart.release());
    delete old;
}

QString SweepResultsView::variantText(size_t position) const
{
    const VariantRow &r = mRows.at(position);
    QString text = tr("Variant #%1: %2").arg(r.index).arg(QString::fromStdString(parameterText(mSpec, r.parameters)));
    for (const std::string &f : {mX.figure, mY.figure}) {
        const auto it = r.figures.find(f);
        if (it == r.figures.end())
            continue;
        text += QStringLiteral("\n%1: %2").arg(QString::fromStdString(report::sweepFigureWord(f)), number(it->second));
        const auto lo = r.figures.find(f + "_p10"), hi = r.figures.find(f + "_p90");
        if (lo != r.figures.end() && hi != r.figures.end())
            text += tr(" (P10–P90 %1–%2)").arg(number(lo->second), number(hi->second));
    }
    text += r.feasible ? tr("\nMeets every constraint") : tr("\nMisses: %1").arg(QString::fromStdString(r.violations));
    return text;
}

void SweepResultsView::pointEvent(int series, const QPointF &point, bool click)
{
    if (series < 0 || size_t(series) >= mPointRows.size())
        return;
    auto *xy = qobject_cast<QXYSeries *>(mView->chart()->series().value(series));
    if (!xy)
        return;
    // The nearest point on screen: the series keeps its points in the rows' order.
    const QPointF at = mView->chart()->mapToPosition(point, xy);
    const QList<QPointF> points = xy->points();
    int best = -1;
    double bestDistance = 0.0;
    for (int k = 0; k < int(points.size()) && size_t(k) < mPointRows[size_t(series)].size(); ++k) {
        const QPointF d = mView->chart()->mapToPosition(points[k], xy) - at;
        const double distance = d.x() * d.x() + d.y() * d.y();
        if (best < 0 || distance < bestDistance) {
            best = k;
            bestDistance = distance;
        }
    }
    if (best < 0)
        return;
    const size_t position = mPointRows[size_t(series)][size_t(best)];
    const QString text = variantText(position);
    mDetail->setText(text);
    if (!click) {
        QToolTip::showText(QCursor::pos(), text, mView);
        return;
    }
    Q_EMIT variantChosen(mPath, qulonglong(mRows[position].index));
}

bool SweepResultsView::exportCsv(const QString &file, QString *error) const
{
    try {
        writeOutputFile(file.toStdString(), sweepRowsCsv(mSpec, mRows));
        return true;
    } catch (const std::exception &e) {
        if (error)
            *error = QString::fromLocal8Bit(e.what());
        return false;
    }
}

void SweepResultsView::exportCsvDialog()
{
    const QString file = QFileDialog::getSaveFileName(this, tr("Export Sweep Rows"), QString(), tr("CSV (*.csv)"));
    if (file.isEmpty())
        return;
    QString error;
    if (!exportCsv(file, &error))
        QMessageBox::warning(this, tr("Cannot Export"), error);
}

} // namespace cp::gui
