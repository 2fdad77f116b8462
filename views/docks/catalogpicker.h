#pragma once

// Pickers for the inspector's fields that name something from a list: a catalog entry of given
// kinds, or one of the hall's rows. Each is an editable combo box around the inspector's own
// line edit (so the field keeps its name, its undo keys and its Enter-to-apply): the list shows
// the entry's id beside its key figures, choosing one puts the id in the field and applies it,
// and typing still works (a new row's name, an id from a user catalog not loaded yet is refused
// with the usual message).

#include "model/core/catalog.h"

#include <QString>
#include <QStringList>

#include <vector>

class QComboBox;
class QLineEdit;

namespace cp::gui {

/// The figures an architect picks a part by, e.g. "64 × 800 Gb/s, 1.7 kW" for a switch.
QString keyFigures(const CatalogEntry &entry);

/// Wraps `edit` (not yet in a layout) in an editable combo box; returns the combo, which owns
/// `edit` and is what goes in the form. Choosing an item sets the field's text and emits its
/// editingFinished, as Enter would.
QComboBox *makePicker(QLineEdit *edit);

/// Fills a picker with the catalog's entries of `kinds` (id, then name and key figures), an
/// empty first item when `allowEmpty` (e.g. "the servers' NIC"), and the field's current text
/// kept. Does nothing when the list would be the same as shown.
void fillCatalogPicker(QComboBox *picker, const Catalog &catalog, const std::vector<PartKind> &kinds,
                       bool allowEmpty = false, const QString &emptyLabel = QString());

/// Fills a picker with names and a note beside each (e.g. the hall's rows and their rack counts).
void fillNamePicker(QComboBox *picker, const QStringList &names, const QStringList &notes);

} // namespace cp::gui
