#pragma once

#include <QDockWidget>

class QLabel;
class QTableWidget;

namespace cp::gui {

class ResultsHub;

/// The open scenario's figures beside the compared scenarios': the key figures and the seeds'
/// comparison dimensions (compareDesigns, the rows of the report's first tables), the better
/// value of each row in bold. Follows the results hub: the open design's latest results and the
/// compared scenarios it evaluated.
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

private:
    void rebuild();

    const ResultsHub *mHub = nullptr;
    QTableWidget *mTable;
    QLabel *mStatus;
};

} // namespace cp::gui
