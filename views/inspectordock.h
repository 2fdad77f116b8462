#pragma once

#include <QDockWidget>
#include <QVector>

class QTreeWidget;
class QTreeWidgetItem;

namespace cp {
struct Results;
} // namespace cp

namespace cp::gui {

class Document;

/// Properties of the selected rack or unit, or of the design when nothing is selected (read-only).
class InspectorDock final : public QDockWidget
{
    Q_OBJECT

public:
    explicit InspectorDock(QWidget *parent = nullptr);

    /// The document and results shown; both must outlive this dock or be reset. Results may be null.
    void setDocument(const Document *document);
    void setResults(const Results *results);
    /// Indexes into the design's racks, power units and cooling units.
    void setSelection(const QVector<int> &racks, const QVector<int> &powerUnits, const QVector<int> &coolingUnits);

    QTreeWidget *tree() const { return mTree; }
    /// The value shown for a top-level property, e.g. "Id"; empty if absent.
    QString value(const QString &property) const;

    void refresh();

private:
    void showDesign();
    void showRack(int index);
    void showUnit(bool power, int index);
    void showMultiple();
    QTreeWidgetItem *add(const QString &property, const QString &value, QTreeWidgetItem *parent = nullptr);

    QTreeWidget *mTree;
    const Document *mDocument = nullptr;
    const Results *mResults = nullptr;
    QVector<int> mRacks;
    QVector<int> mPowerUnits;
    QVector<int> mCoolingUnits;
};

} // namespace cp::gui
