#pragma once
// The keys that undo and redo a design step, in one place: the Edit menu binds them, and the
// inspector's fields honour them (views/docks/fieldundo.cpp).

#include <QKeySequence>
#include <QList>

class QKeyEvent;

namespace cp::gui {

/// Redo: the platform's standard keys plus Ctrl+Shift+Z and Ctrl+Y, each once (binding the same
/// sequence twice makes Qt report an ambiguous shortcut and fire neither).
QList<QKeySequence> redoKeys();

/// Whether a key event is the undo key, or one of redoKeys().
bool isUndoKey(const QKeyEvent *event);
bool isRedoKey(const QKeyEvent *event);

} // namespace cp::gui
