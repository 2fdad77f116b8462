#pragma once

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/edit/designedit.h"

#include <QObject>
#include <QString>

class QUndoStack;

namespace cp::gui {

/// Holds the open design, the catalog it is evaluated against, the file it came from and its
/// undo history. Every edit goes through the undo stack as one command applying a DesignPatch.
class Document final : public QObject
{
    Q_OBJECT

public:
    explicit Document(QObject *parent = nullptr);

    const Design &design() const { return mDesign; }
    const Catalog &catalog() const { return mCatalog; }
    /// Replaces the whole document (after open, new from template); clears the undo history and
    /// emits resetDone().
    void reset(Design design, Catalog catalog, const QString &filePath);

    QString filePath() const { return mFilePath; }
    void setFilePath(const QString &filePath);

    /// True when the design differs from the last save (the undo stack is not at its clean
    /// index), or after setModified(true) (e.g. a recovered file).
    bool isModified() const;
    /// setModified(false) marks the current state as saved (the undo stack's clean index).
    void setModified(bool modified);
    void setClean() { setModified(false); }

    /// The design's undo history: every edit is one command on it.
    QUndoStack *undoStack() const { return mUndoStack; }

    /// Applies (or reverts) a patch to the design and announces it. Only undo commands call this.
    void applyPatch(const DesignPatch &patch, bool revert);

    /// The name shown in the window title: the design's name, or the file's if it has none.
    QString displayName() const;

Q_SIGNALS:
    void resetDone();
    void filePathChanged(const QString &filePath);
    void modifiedChanged(bool modified);
    /// A patch was applied (`reverted` on undo); emitted before designChanged(), so views can
    /// update only the items it touches.
    void patchApplied(const cp::DesignPatch &patch, bool reverted);
    /// After every edit, undo and redo.
    void designChanged();

private:
    void updateModified();

    Design mDesign;
    Catalog mCatalog;
    QString mFilePath;
    QUndoStack *mUndoStack;
    bool mForcedModified = false;
    bool mModified = false;
};

} // namespace cp::gui
