#pragma once

#include <QDockWidget>

#include <functional>
#include <vector>

class QLabel;
class QTableWidget;
class QTableWidgetItem;

namespace cp {
struct ComparedDesign;
struct Comparison;
}

namespace cp::gui {

class ResultsHub;

/// The open scenario's figures beside the compared scenarios': the key figures and the seeds'
/// comparison dimensions (compareDesigns, the rows of the report's first tables), the better
/// value of each row in bold. Follows the results hub: the open design's latest results and the
/// compared scenarios it evaluated. Under the key figures, the headline figures as P10 / P50 / P90
/// with the probability that the first scenario's is the better one, as `compare` prints them. Scenarios on different accelerators carry the model's measured
/// error on the ratio between their parts above the table, as the comparison report does; after
/// the ranges, what each training-stack field the workloads assumed moves, as the report shows it.
class ComparisonDock final : public QDockWidget
{
    Q_OBJECT

public:
    explicit ComparisonDock(QWidget *parent = nullptr);

    /// Subscribes to `hub` (once).
    void setResultsHub(const ResultsHub *hub);

    QTableWidget *table() const { return mTable; }
    /// The cell shown for row `key` ("capex", …) and design column `design`; empty if absent.
    QString cell(const QString &key, const QString &design) const;
    /// The item of that cell (its font marks the better value), or nullptr.
    QTableWidgetItem *item(const QString &key, const QString &design) const;
    /// The caution shown when the scenarios run on different accelerators (report::partRatioCaution);
    /// empty, and hidden, when they share one.
    QString partCaution() const;

private:
    void rebuild();
    /// The ranges' section: each design's P10 / P50 / P90 and P(first better) (rangeRows).
    void addRanges(const std::vector<ComparedDesign> &designs, const std::function<void(const QString &)> &addSection);
    /// The assumed training stack: a row per field (key "stack:" + field), each design's change in
    /// tokens/s, the row heading bold where it changes a row's leader (assumedStackRows).
    void addAssumedStack(const std::vector<ComparedDesign> &designs, const Comparison &comparison,
                         const std::function<void(const QString &)> &addSection);

    const ResultsHub *mHub = nullptr;
    QTableWidget *mTable;
    QLabel *mStatus;
    QLabel *mPartCaution;
};

} // namespace cp::gui
