#pragma once

#include <QDockWidget>
#include <QMenu>
#include <QPointer>

class QLabel;
class QTabWidget;

class QTreeWidget;
class QTreeWidgetItem;

namespace cp {
struct Results;
} // namespace cp

namespace cp::gui {

class Document;
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
    /// The design the figures are of: the layout row's context menu pins the searched layout in
    /// it (one undo step), the way the Inspector's Parallelism field would.
    void setDocument(Document *document);
    /// Pins the layout the figures were computed with into the design; false (and `error`) when
    /// there is none or the design refuses it.
    bool pinShownLayout(QString *error = nullptr);

    void setResults(const Results &results);
    /// Shown while the engine works on a newer snapshot; the old figures stay, greyed.
    void setStale(bool stale);
    void clear();

    /// The results key a row shows (e.g. "performance.mfu"); empty for a heading.
    static QString keyOf(const QTreeWidgetItem *item);
    /// The displayed value for a results key (e.g. "inventory.gpus_total"); empty if absent.
    QString value(const QString &key) const;
    QTreeWidget *inventoryTree() const { return mInventory; }
    QTreeWidget *powerTree() const { return mPower; }
    QTreeWidget *performanceTree() const { return mPerformance; }
    /// The layout row's context menu while it is open (Pin This Layout, Copy Layout), else null.
    QMenu *layoutMenu() const { return mLayoutMenu; }
    /// Whether the three tables take turns in tabs (a dock too narrow to show them side by side).
    bool isTabbed() const;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    QTreeWidgetItem *addRow(QTreeWidget *tree, const QString &key, const QString &label, const QString &value,
                            const QString &unit, QTreeWidgetItem *parent = nullptr);
    static QTreeWidget *makeTree(const QString &objectName);
    void arrangeTables(bool tabbed);
    void showPerformanceMenu(const QPoint &pos);

    QTreeWidget *mInventory;
    QTreeWidget *mPower;
    QTreeWidget *mPerformance;
    QWidget *mSideBySide; ///< the three tables beside each other
    QTabWidget *mTabs;    ///< or the same tables in tabs, when the dock is narrow
    bool mTabbed = false;
    bool mArranged = false; ///< the tables are in one of the two places
    QLabel *mStatus;
    QPointer<Document> mDocument;
    QPointer<QMenu> mLayoutMenu;
    QString mShownLayout; ///< the evaluated layout in the estimate's notation (describe()); empty = none
};

} // namespace cp::gui
