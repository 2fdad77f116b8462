#pragma once

#include <QDockWidget>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace cp {
struct Results;
} // namespace cp

namespace cp::gui {

class ResultsHub;

/// The engine's figures for the design: inventory, fabric and training speed, power; each with its unit.
class ResultsDock final : public QDockWidget
{
    Q_OBJECT

public:
    explicit ResultsDock(QWidget *parent = nullptr);

    /// Subscribes to `hub` (once): the figures of each outcome, greyed while a newer design is
    /// evaluated, cleared when a new design opens or the engine fails.
    void setResultsHub(const ResultsHub *hub);

    void setResults(const Results &results);
    /// Shown while the engine works on a newer snapshot; the old figures stay, greyed.
    void setStale(bool stale);
    void clear();

    /// The displayed value for a results key (e.g. "inventory.gpus_total"); empty if absent.
    QString value(const QString &key) const;
    QTreeWidget *inventoryTree() const { return mInventory; }
    QTreeWidget *powerTree() const { return mPower; }
    QTreeWidget *performanceTree() const { return mPerformance; }

private:
    QTreeWidgetItem *addRow(QTreeWidget *tree, const QString &key, const QString &label, const QString &value,
                            const QString &unit, QTreeWidgetItem *parent = nullptr);
    static QTreeWidget *makeTree(const QString &objectName);

    QTreeWidget *mInventory;
    QTreeWidget *mPower;
    QTreeWidget *mPerformance;
    QLabel *mStatus;
};

} // namespace cp::gui
