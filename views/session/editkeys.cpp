#include "views/session/editkeys.h"

#include <QKeyEvent>

namespace cp::gui {

QList<QKeySequence> redoKeys()
{
    QList<QKeySequence> keys = QKeySequence::keyBindings(QKeySequence::Redo);
    for (const QKeySequence &extra :
         {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)})
        if (!keys.contains(extra))
            keys.append(extra);
    return keys;
}

bool isUndoKey(const QKeyEvent *event)
{
    return event->matches(QKeySequence::Undo);
}

bool isRedoKey(const QKeyEvent *event)
{
    const QKeySequence pressed(event->keyCombination());
    return redoKeys().contains(pressed);
}

} // namespace cp::gui
