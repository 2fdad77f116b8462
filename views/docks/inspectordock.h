#pragma once

#include <QDockWidget>
#include <QVector>

#include "model/core/catalog.h"

#include <functional>
#include <vector>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QTabWidget;
class QTreeWidget;
class QTreeWidgetItem;

namespace cp {
struct Design;
struct FacilityUnit;
struct Rack;
struct Results;
} // namespace cp

namespace cp::gui {

class ResultsHub;

class Document;

/// Properties of the selection, editable with units and validation (a refused value changes
/// nothing and says why), the design's summary when nothing is selected, and the workload,
/// fabric, reliability and finance settings in their own tabs. Every change is one undo command.
class InspectorDock final : public QDockWidget
{
    Q_OBJECT

public:
    explicit InspectorDock(QWidget *parent = nullptr);

    /// The document shown and edited, and its results; both must outlive this dock or be reset.
    /// Results may be null.
    void setDocument(Document *document);
    void setResults(const Results *results);
    /// Subscribes to `hub` (once): the latest results, none after a failure or a new design.
    void setResultsHub(const ResultsHub *hub);
    /// Indexes into the design's racks, power units and cooling units.
    void setSelection(const QVector<int> &racks, const QVector<int> &powerUnits, const QVector<int> &coolingUnits);

    QTreeWidget *tree() const { return mTree; }
    /// The value shown for a property, e.g. "Id": a top-level row first, else the first nested row
    /// of that name; empty if absent.
    QString value(const QString &property) const;

    void refresh();

    QTabWidget *tabs() const { return mTabs; }
    /// An editable field by object name: "rack.id", "rack.x", "rack.y", "rack.rotation",
    /// "rack.row", "unit.id", "unit.x", "unit.y", "unit.group", or a settings field such as
    /// "finance.energyUsdPerKwh". Null if not shown.
    QLineEdit *field(const QString &name) const;
    /// Sets a field's text and applies it, as a user typing and pressing Enter.
    bool editField(const QString &name, const QString &text);
    /// Why the last edit was refused; empty after one that was applied.
    QString lastError() const { return mLastError; }

Q_SIGNALS:
    void statusMessage(const QString &message);

protected:
    /// The undo and redo keys inside a field: unsaved text goes back to the design's value (the
    /// text only, no design step); without unsaved text they undo or redo the design. Without it,
    /// the field's own text undo would run and leaving the field would apply the old text as a
    /// new step.
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct SettingsField
    {
        QString name;  ///< object name, e.g. "finance.lifeYears"
        QString label;
        QString unit;
        std::function<QString(const Design &)> get;
        /// Parses and stores the text; returns an error message or an empty string.
        std::function<QString(Design &, const QString &)> set;
        /// For a setting the design's switches decide once it has any (the tiers and tapers of
        /// the fabric its racks build): the value they give, shown in the field, which is then
        /// read-only with the reason. Empty = the setting always acts.
        std::function<QString(const Results &)> fromRacks;
        /// For a catalog id: the kinds its list offers (empty = a plain field), and whether the
        /// empty id is a choice (with what it means).
        std::vector<PartKind> pickerKinds = {};
        QString emptyChoice = {};
    };
    void buildSettingsTabs();
    /// The resilience policy, checkpoint kind and what happens without a spare: names checked
    /// against the model's lists.
    static QVector<SettingsField> policyFields();
    static QVector<SettingsField> moeFields();
    static QVector<SettingsField> stackFields();
    QWidget *settingsPage(const QVector<SettingsField> &fields);
    void refreshSettings();
    void rebuildEditor();
    /// A field of the selection's form; with `picker`, wrapped in a list to choose from (the
    /// combo box is returned there, to be filled by the caller).
    QLineEdit *addEditField(QFormLayout *form, const QString &name, const QString &label, const QString &value,
                            const QString &unit, std::function<void(const QString &)> apply,
                            QComboBox **picker = nullptr);
    /// The "rack.row" field: the hall's rows to choose from, or a new row's name.
    QLineEdit *addRowPicker(QFormLayout *form, const QString &value, std::function<void(const QString &)> apply);
    /// Several racks selected: row, rotation and model, each applied to all of them in one step.
    void buildMultiRackForm(QFormLayout *form);
    void applyRacks(const std::function<QString(Rack &, const QString &)> &change, const QString &text,
                    const QString &what);
    void applyRack(const std::function<QString(Rack &, const QString &)> &change, const QString &text,
                   const QString &what);
    void applyUnit(const std::function<QString(FacilityUnit &, const QString &)> &change, const QString &text,
                   const QString &what);
    void setError(const QString &message);

    void showDesign();
    void showRack(int index);
    void showUnit(bool power, int index);
    void showMultiple();
    QTreeWidgetItem *add(const QString &property, const QString &value, QTreeWidgetItem *parent = nullptr);

    QTabWidget *mTabs;
    QWidget *mSelectionPage;
    QWidget *mEditor = nullptr;
    QLabel *mMessage;
    QTreeWidget *mTree;
    struct SettingsEdit
    {
        SettingsField field;
        QLineEdit *edit = nullptr;
        QLabel *hint = nullptr; ///< the unit or hint beside the field
        QComboBox *picker = nullptr; ///< the list around the field, for a catalog id
    };
    QVector<SettingsEdit> mSettingsEdits;
    QString mLastError;
    Document *mDocument = nullptr;
    const Results *mResults = nullptr;
    QVector<int> mRacks;
    QVector<int> mPowerUnits;
    QVector<int> mCoolingUnits;
};

} // namespace cp::gui
