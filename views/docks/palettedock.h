#pragma once

#include <QDockWidget>

class QLineEdit;
class QMimeData;
class QTreeWidget;
class QTreeWidgetItem;

namespace cp {
class Catalog;
struct CatalogEntry;
} // namespace cp

namespace cp::gui {

/// The catalog by kind of part, searchable by name or id; each entry's figures in its tooltip.
/// Entries drag onto the plan with the MIME type kPartMimeType (hallview.h) carrying their id.
class PaletteDock final : public QDockWidget
{
    Q_OBJECT

public:
    explicit PaletteDock(QWidget *parent = nullptr);

    void setCatalog(const Catalog &catalog);
    /// Shows only entries whose name, id or vendor contains `text` (case-insensitive).
    void setFilterText(const QString &text);

    QTreeWidget *tree() const { return mTree; }
    QLineEdit *searchField() const { return mSearch; }
    /// Entries currently shown (not filtered out).
    int visibleEntryCount() const;

    /// HTML tooltip: the entry's figures with units and the source of each.
    static QString toolTipFor(const CatalogEntry &entry);
    /// The drag data for one catalog entry (what a drop on the plan receives); caller owns it.
    static QMimeData *mimeDataFor(const QString &catalogId);
    /// The tree item of an entry, or null.
    QTreeWidgetItem *itemFor(const QString &catalogId) const;
    /// A small symbol for a kind of part: a rack, a unit, a server in its category colour.
    static QIcon iconFor(const CatalogEntry &entry);

private:
    void applyFilter();

    QLineEdit *mSearch;
    QTreeWidget *mTree;
};

} // namespace cp::gui
