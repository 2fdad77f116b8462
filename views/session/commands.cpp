#include "views/session/commands.h"

#include "views/i18n/messages.h"
#include "views/session/document.h"

#include <QUndoStack>

namespace cp::gui {

PatchCommand::PatchCommand(Document *document, DesignPatch patch, const QString &text, CommandId id)
    : QUndoCommand(text)
    , mDocument(document)
    , mPatch(std::move(patch))
    , mId(id)
{
}

void PatchCommand::redo()
{
    mDocument->applyPatch(mPatch, false);
}

void PatchCommand::undo()
{
    mDocument->applyPatch(mPatch, true);
}

bool PatchCommand::mergeWith(const QUndoCommand *other)
{
    // QUndoStack only offers commands with the same id; the patch decides whether the items match.
    const auto *next = static_cast<const PatchCommand *>(other);
    return mPatch.mergeWith(next->mPatch);
}

bool pushEdit(Document *document, Edit edit, const QString &text, QString *error, CommandId id)
{
    if (!edit.ok()) {
        if (error)
            *error = refusalText(edit); // in the window's language
        return false;
    }
    if (error)
        error->clear();
    document->undoStack()->push(new PatchCommand(document, std::move(edit.patch), text, id));
    return true;
}

} // namespace cp::gui
