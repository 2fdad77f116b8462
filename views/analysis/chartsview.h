#pragma once

#include "views/session/resultshub.h"

#include <QFutureWatcher>
#include <QVector>
#include <QWidget>

#include <memory>
#include <vector>

class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QListWidget;
class QStackedWidget;
class QToolButton;

namespace cp {
struct Results;
namespace report {
struct ChartData;
}
} // namespace cp

namespace cp::gui {

/// The Charts dock's content: Qt Charts of the open design's results (and compared designs),
/// one chart at a time, picked from a list. The figures come from the results and the model's
/// curve functions (model/comparison.h) through the report's chart data (report/chartdata.h), so
/// the app and the exported reports draw the same numbers. Hovering a point or bar shows its
/// exact value; any chart exports as PNG or SVG.
class ChartsView final : public QWidget
{
    Q_OBJECT

public:
    /// The charts, in the order of the list.
    enum Chart {
        Tco,          ///< cumulative cost by month, owning vs renting, break-even marked
        Capex,        ///< CAPEX by category, a stacked bar per design
        Opex,         ///< OPEX per year by category, a stacked bar per design
        Goodput,      ///< goodput vs checkpoint interval, the interval used and the optimum marked
        Policy,       ///< goodput under each resilience preset, a bar per design
        Spares,       ///< goodput and tokens after failures vs hot spares (supernode designs)
        Tornado,      ///< the uncertain inputs that move the open design's NPV most (cost ranges)
        Scaling,      ///< MFU and time to train vs GPU count (computed off the GUI thread)
        BusBandwidth, ///< collective bus bandwidth vs message size per fabric level
        RowPower,     ///< power per row against the racks' rated limits (open design)
        FeedPower,    ///< power feeds against capacity (open design)
        ChartCount
    };

    explicit ChartsView(QWidget *parent = nullptr);
    ~ChartsView() override;

    /// The open design's results; the view copies what it draws.
    void setResults(const QString &name, const Results &results);
    /// The same without a copy: the view keeps the shared results.
    void setResults(const QString &name, std::shared_ptr<const Results> results);
    /// Other designs drawn beside it (may be empty).
    void setComparedResults(const QVector<NamedResults> &others);
    /// No design open: every chart says so.
    void clear();
    /// Subscribes to `hub` (once): the open design's results as they arrive (named as the hub
    /// names them) and the compared scenarios'.
    void setResultsHub(const ResultsHub *hub);

    int chartCount() const { return ChartCount; }
    /// Stable key of chart `index` ("tco", "capex", "opex", "goodput", "scaling", "bus_bandwidth",
    /// "row_power", "feed_power"); -1 / empty when out of range.
    static QString chartId(int index);
    static int chartIndex(const QString &id);
    QString chartTitle(int index) const;

    int currentChart() const;
    void setCurrentChart(int index);

    /// The chart as drawn (owned by the view; replaced when results change). Never null for a
    /// valid index; without data it has no series and the view shows noDataText() instead.
    QChart *chart(int index) const;
    bool hasData(int index) const;
    /// What the view says instead of chart `index` when it has nothing to plot; empty otherwise.
    QString noDataText(int index) const;
    /// The scaling curve is still being computed (it re-runs the parallelism search).
    bool isBusy() const;
    /// Whether the charts are on screen (the window says so when its dock's tab is chosen or
    /// put behind another, QDockWidget::visibilityChanged). Off screen, new results only mark
    /// the charts stale; they are rebuilt when shown again or when one is read or exported.
    /// On screen by default (a view on its own).
    void setOnScreen(bool onScreen);

    /// The collective of the bus-bandwidth chart (cp::CollectiveKind as int: all-reduce 0,
    /// all-gather 1, reduce-scatter 2, all-to-all 3).
    int collective() const;
    void setCollective(int kind);

    /// Writes chart `index` to `path`: PNG or SVG by the file's suffix, at the size shown (or
    /// 900×430 when hidden), in the current theme. On failure returns false and says why.
    bool exportChart(int index, const QString &path, QString *error = nullptr) const;

Q_SIGNALS:
    /// The charts were rebuilt from new results (or the scaling curve arrived).
    void chartsChanged();

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Page;
    struct DesignRef;

    void rebuild();
    /// Takes the open design's results (the scaling curve's validity is the caller's).
    void applyResults(const QString &name, std::shared_ptr<const Results> results);
    /// Rebuilds now, or (hidden in a shown window) marks the charts stale until shown or asked for.
    void scheduleRebuild();
    void rebuildIfStale() const;
    void startScaling();
    void showChart(int index, const report::ChartData &data);
    void attachTooltips(int index);
    void exportCurrent();
    std::vector<DesignRef> designs() const;
    bool dark() const;

    QListWidget *mList = nullptr;
    QStackedWidget *mStack = nullptr;
    QComboBox *mCollective = nullptr;
    QLabel *mCollectiveLabel = nullptr;
    QToolButton *mExport = nullptr;
    std::vector<std::unique_ptr<Page>> mPages;

    QString mName;
    std::shared_ptr<const Results> mResults;
    QVector<NamedResults> mCompared;
    int mCollectiveKind = 0;
    QFutureWatcher<std::shared_ptr<report::ChartData>> mScaling;
    bool mScalingBusy = false;
    bool mStale = false; ///< results arrived off screen: rebuilt when shown or read
    bool mOnScreen = true;
    /// The scaling curve's inputs, counted: a new count whenever an evaluation re-ran the
    /// performance stage or the designs shown changed. The last curve computed and its count.
    quint64 mScalingInputs = 1;
    std::shared_ptr<report::ChartData> mScaled;
    quint64 mScaledInputs = 0;
};

} // namespace cp::gui
