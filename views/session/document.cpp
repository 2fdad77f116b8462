#include "views/session/document.h"

#include "model/edit/designedit.h"

#include <QFileInfo>
#include <QUndoStack>

namespace cp::gui {

Document::Document(QObject *parent)
    : QObject(parent)
    , mUndoStack(new QUndoStack(this))
{
    // Enough history for a working session without keeping every drag of a 20k-rack hall forever.
    mUndoStack->setUndoLimit(500);
    connect(mUndoStack, &QUndoStack::cleanChanged, this, &Document::updateModified);
}

void Document::reset(Design design, Catalog catalog, const QString &filePath)
{
    mUndoStack->clear();
    mDesign = std::move(design);
    mCatalog = std::move(catalog);
    mFilePath = filePath;
    mForcedModified = false;
    mUndoStack->setClean();
    mModified = false;
    Q_EMIT resetDone();
    Q_EMIT filePathChanged(mFilePath);
    Q_EMIT modifiedChanged(false);
}

void Document::setFilePath(const QString &filePath)
{
    if (mFilePath == filePath)
        return;
    mFilePath = filePath;
    Q_EMIT filePathChanged(mFilePath);
}

bool Document::isModified() const
{
    return mForcedModified || !mUndoStack->isClean();
}

void Document::setModified(bool modified)
{
    mForcedModified = modified;
    if (!modified)
        mUndoStack->setClean();
    updateModified();
}

void Document::updateModified()
{
    const bool modified = isModified();
    if (modified == mModified)
        return;
    mModified = modified;
    Q_EMIT modifiedChanged(modified);
}

void Document::applyPatch(const DesignPatch &patch, bool revert)
{
    if (revert)
        patch.revert(mDesign);
    else
        patch.apply(mDesign);
    Q_EMIT patchApplied(patch, revert);
    Q_EMIT designChanged();
}

QString Document::displayName() const
{
    const QString name = QString::fromStdString(mDesign.name).trimmed();
    if (!name.isEmpty())
        return name;
    if (!mFilePath.isEmpty())
        return QFileInfo(mFilePath).fileName();
    return tr("Untitled");
}

} // namespace cp::gui
