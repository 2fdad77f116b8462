#pragma once

#include "model/io/projectfile.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <vector>

namespace cp::gui {

/// The named designs (scenarios) of the open project, in the project's order, and which of them
/// the window compares. The open scenario's design lives in the Document while it is open; its
/// entry here is refreshed when another scenario is opened and when the project is saved.
///
/// Adding, duplicating, renaming and removing change this set only; the project file changes when
/// it is saved (ProjectFile::saveProject writes the whole set), so an unsaved change is marked
/// like an unsaved edit.
class ScenarioSet final : public QObject
{
    Q_OBJECT

public:
    explicit ScenarioSet(QObject *parent = nullptr);

    /// Replaces the set: `scenarios` in order, `current` the index the Document holds (its design
    /// here may be left empty). Every scenario is compared; the set is unmodified.
    void reset(std::vector<Scenario> scenarios, int current);

    int count() const { return int(mScenarios.size()); }
    int currentIndex() const { return mCurrent; }
    QString name(int index) const;
    QString currentName() const { return name(mCurrent); }
    QStringList names() const;
    int indexOf(const QString &name) const;
    /// The stored design of `index`; the current one's is stale while it is open.
    const Design &design(int index) const;
    /// Stores `design` for `index` (the open scenario's design when another is opened or saved).
    void storeDesign(int index, Design design);
    /// Takes `index`'s design out of the set (it becomes the Document's); its entry is left empty.
    Design takeDesign(int index);
    /// Makes `index` the open scenario (the caller loads its design into the Document).
    void setCurrentIndex(int index);

    /// Whether the scenario's figures are shown beside the open one's (table, charts, report).
    bool isCompared(int index) const;
    void setCompared(int index, bool compared);

    /// Why `name` cannot name a scenario of this project (empty when it can): the file's rule
    /// (ProjectFile::scenarioNameProblem) and no other scenario (except `except`) of that name.
    QString nameProblem(const QString &name, int except = -1) const;
    /// `base` when free, else "base-2", "base-3", … (made valid first).
    QString freeName(const QString &base) const;

    /// Appends a scenario (compared); returns its index. The name must pass nameProblem().
    int add(const QString &name, Design design);
    void rename(int index, const QString &name);
    /// Removes a scenario that is not the open one; the set keeps at least one.
    void remove(int index);

    /// Every scenario, the open one's design taken from `openDesign`: what saving writes.
    std::vector<Scenario> scenarios(const Design &openDesign) const;
    /// The names of the scenarios the project file held when it was opened or last saved, and
    /// that this set removed or renamed since: saving leaves them out on purpose.
    QStringList droppedNames() const { return mDropped; }

    /// True after add, duplicate, rename or remove, until setSaved().
    bool isModified() const { return mModified; }
    /// The set was written to the file (or read from it): unmodified, nothing dropped.
    void setSaved();
    /// The open scenario's unsaved edits were stored in the set (another scenario was opened).
    void markModified();

Q_SIGNALS:
    /// Names, order, the open scenario or the compared ones changed.
    void changed();
    /// What the comparison shows changed: a tick, or a scenario added, renamed or removed (not
    /// after reset() or setCurrentIndex(): the window compares anew when it opens a design).
    void comparedChanged();
    void modifiedChanged(bool modified);

private:
    void setModified(bool modified);

    std::vector<Scenario> mScenarios;
    std::vector<bool> mCompared;
    int mCurrent = 0;
    bool mModified = false;
    QStringList mSavedNames;
    QStringList mDropped;
};

} // namespace cp::gui
