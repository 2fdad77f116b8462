#pragma once

#include <QDockWidget>

class QLabel;
class QTableWidget;

namespace cp::gui {

class ResultsHub;

/// The open scenario's figures beside the compared scenarios': the key figures and the seeds'
/// comparison dimensions (compareDesigns, the rows of the report's first tables), the better
/// value of each row in bold. Follows the results hub: the open design's latest results and the
/// compared scenarios it evaluated. Scenarios on different accelerators carry the model's measured
/// error on the ratio between their parts above the table, as the comparison report does.
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
    /// The caution shown when the scenarios run on different accelerators (report::partRatioCaution);
    /// empty, and hidden, when they share one.
    QString partCaution() const;

private:
    void rebuild();

    const ResultsHub *mHub = nullptr;
    QTableWidget *mTable;
    QLabel *mStatus;
    QLabel *mPartCaution;
};

} // namespace cp::gui
