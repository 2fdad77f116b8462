#pragma once

#include "model/reliability/failuredomain.h"
#include "model/reliability/reliability.h"

#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QModelIndex;
class QSortFilterProxyModel;
class QStackedWidget;
class QStandardItem;
class QStandardItemModel;
class QTreeView;

namespace cp {
struct Design;
struct Results;
} // namespace cp

namespace cp::gui {

class ResultsHub;

class SelectionModel;

/// Horizontal bars, one per failure kind: how much each kind costs the cluster, on one of two
/// scales (GPUs taken down per month, or share of the job's downtime). Clicking a bar picks its kind.
class BlastRadiusChart final : public QWidget
{
    Q_OBJECT

public:
    enum class Metric { GpusPerMonth, DowntimeShare };

    explicit BlastRadiusChart(QWidget *parent = nullptr);

    void setKinds(const std::vector<FailureDomainKind> &kinds);
    void setMetric(Metric metric);
    Metric metric() const { return mMetric; }
    /// The kind drawn as picked (an index into the kinds given), or -1.
    void setCurrentKind(int kind);
    int currentKind() const { return mCurrent; }

    /// Kinds with a bar (value above zero), largest first, as indexes into the kinds given.
    const std::vector<int> &barKinds() const { return mOrder; }
    /// The value a kind's bar shows on the current metric.
    double value(int kind) const;
    /// Where a kind's bar row is drawn (label and bar); empty if it has no bar.
    QRect rowRect(int kind) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void kindClicked(int kind);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    void reorder();
    int rowHeight() const;
    int labelWidth() const;
    int kindAt(QPoint pos) const;

    std::vector<FailureDomainKind> mKinds;
    std::vector<int> mOrder;
    Metric mMetric = Metric::GpusPerMonth;
    int mCurrent = -1;
};

/// Failure domains: a sortable table of what fails together (one row per kind of part, its places
/// on the plan as children) and bars of the blast radius. Selecting a row selects the part in the
/// shared SelectionModel and highlights its domain; a part selected elsewhere selects its row.
/// The view only presents: every figure comes from the reliability stage and model/failuredomain.h.
class FailureDomainsView final : public QWidget
{
    Q_OBJECT

public:
    /// Columns of the table.
    enum Column {
        PartColumn,
        CountColumn,
        GpusLostColumn,
        RateColumn,
        EventsColumn,
        DowntimeColumn,
        RecoveryColumn,
        RacksColumn,
        ColumnCount
    };
    /// Item data roles (column 0 unless said).
    enum Role {
        RowTypeRole = Qt::UserRole + 1, ///< RowType
        KindRole,                       ///< the kind's name (FailureDomainKind::kind), every row
        InstanceRole,                   ///< index into the kind's instances; -1 on kind rows
        SortRole,                       ///< every column: the number (or text) the column sorts by
        RackIdsRole                     ///< RacksColumn: QStringList of every rack id listed
    };
    enum RowType { KindRow, InstanceRow, MoreRow };

    /// Instance rows shown under one kind, worst first; the rest are summed up in one row.
    static constexpr int kMaxInstanceRows = 200;

    explicit FailureDomainsView(QWidget *parent = nullptr);
    ~FailureDomainsView() override;

    /// The design and its evaluation; `index` is the evaluation's failure-domain index (without
    /// it the kinds are listed with no places). `places`, when given, are the places of the
    /// results' kinds built beside the index (the evaluation worker does it, so a large design
    /// does not list its places on the GUI thread); otherwise the view lists them.
    void setEvaluation(const Design &design, const Results &results,
                       std::shared_ptr<const FailureDomainIndex> index,
                       std::shared_ptr<const FailurePlaces> places = nullptr);
    /// Shows the empty state.
    void clear();
    void setSelectionModel(SelectionModel *model);
    /// Subscribes to `hub` (once): the failure domains of each outcome, for the document's design.
    void setResultsHub(const ResultsHub *hub);

    QTreeView *tree() const { return mTree; }
    BlastRadiusChart *chart() const { return mChart; }
    /// The line under the table explaining the selected row.
    QLabel *hint() const { return mHint; }
    /// The places of a kind (as model/failuredomain.h lists them); empty for an unknown kind.
    const std::vector<FailureInstance> &instances(const QString &kind) const;
    /// The table's index (in tree()'s model) of a kind row, or of one of its instances; invalid
    /// if not shown.
    QModelIndex rowIndex(const QString &kind, int instance = -1) const;

private:
    void rebuild();
    void onCurrentChanged(const QModelIndex &current);
    void onChartClicked(int kind);
    void onSelectionChanged(QObject *source);
    /// Selects the part of a row in the shared selection and highlights its domain.
    void applyRow(int kind, int instance);
    QString describe(int kind, int instance) const;
    QModelIndex sourceIndex(int kind, int instance) const;

    struct Kind
    {
        FailureDomainKind figures;
        std::vector<FailureInstance> instances;
        QStandardItem *item = nullptr;
    };

    SelectionModel *mSelection = nullptr;
    std::vector<Kind> mKinds;
    std::vector<QString> mRackIds;
    bool mSyncing = false; ///< the table follows the shared selection: no echo back

    QStackedWidget *mStack;
    QLabel *mEmpty;
    QStandardItemModel *mModel;
    QSortFilterProxyModel *mProxy;
    QTreeView *mTree;
    QComboBox *mMetric;
    BlastRadiusChart *mChart;
    QLabel *mHint;
};

} // namespace cp::gui
