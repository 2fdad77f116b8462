#pragma once

#include <QDockWidget>

class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace cp {
class Catalog;
struct CatalogEntry;
} // namespace cp

namespace cp::gui {

/// The catalog by kind of part, searchable by name or id; each entry's figures in its tooltip.
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

private:
    void applyFilter();

    QLineEdit *mSearch;
    QTreeWidget *mTree;
};

} // namespace cp::gui
