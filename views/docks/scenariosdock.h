#pragma once

#include <QDockWidget>

class QLabel;
class QListWidget;
class QListWidgetItem;
class QToolButton;

namespace cp::gui {

class ScenarioSet;

/// The project's scenarios: a list (the open one in bold, a tick for each compared one) with
/// Open, Add (from a template or a file), Duplicate, Rename and Remove. Names are edited in place
/// (F2, Rename or the context menu); a refused name is said in a fixed row under the list.
///
/// The dock follows the ScenarioSet it is handed; what needs the window (loading a design,
/// asking the user) is requested through its signals.
class ScenariosDock final : public QDockWidget
{
    Q_OBJECT

public:
    explicit ScenariosDock(QWidget *parent = nullptr);

    /// Subscribes to `set` (once).
    void setScenarioSet(ScenarioSet *set);

    QListWidget *list() const { return mList; }
    /// The refusal of the last rename, empty when it was accepted.
    QString message() const;
    /// Starts editing the name of scenario `index` in place.
    void editName(int index);

Q_SIGNALS:
    void openRequested(int index);
    void addFromTemplateRequested();
    void addFromFileRequested();
    void duplicateRequested(int index);
    void removeRequested(int index);

private:
    void rebuild();
    void onItemChanged(QListWidgetItem *item);
    void showContextMenu(const QPoint &pos);
    int currentRow() const;
    void updateButtons();

    ScenarioSet *mSet = nullptr;
    QListWidget *mList;
    QLabel *mMessage;
    QToolButton *mOpen;
    QToolButton *mAdd;
    QToolButton *mDuplicate;
    QToolButton *mRename;
    QToolButton *mRemove;
    bool mRebuilding = false;
};

} // namespace cp::gui
