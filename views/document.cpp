#include "document.h"

#include <QFileInfo>

namespace cp::gui {

Document::Document(QObject *parent)
    : QObject(parent)
{
}

void Document::reset(Design design, Catalog catalog, const QString &filePath)
{
    mDesign = std::move(design);
    mCatalog = std::move(catalog);
    mFilePath = filePath;
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

void Document::setModified(bool modified)
{
    if (mModified == modified)
        return;
    mModified = modified;
    Q_EMIT modifiedChanged(modified);
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
