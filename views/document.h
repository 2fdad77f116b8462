#pragma once

#include "catalog.h"
#include "design.h"

#include <QObject>
#include <QString>

namespace cp::gui {

/// Holds the open design, the catalog it is evaluated against and the file it came from.
class Document final : public QObject
{
    Q_OBJECT

public:
    explicit Document(QObject *parent = nullptr);

    const Design &design() const { return mDesign; }
    const Catalog &catalog() const { return mCatalog; }
    /// Replaces the whole document (after open, new from template); emits reset().
    void reset(Design design, Catalog catalog, const QString &filePath);

    QString filePath() const { return mFilePath; }
    void setFilePath(const QString &filePath);

    bool isModified() const { return mModified; }
    void setModified(bool modified);

    /// The name shown in the window title: the design's name, or the file's if it has none.
    QString displayName() const;

Q_SIGNALS:
    void resetDone();
    void filePathChanged(const QString &filePath);
    void modifiedChanged(bool modified);

private:
    Design mDesign;
    Catalog mCatalog;
    QString mFilePath;
    bool mModified = false;
};

} // namespace cp::gui
