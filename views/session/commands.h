#pragma once

#include "model/edit/designedit.h"

#include <QString>
#include <QUndoCommand>

namespace cp::gui {

class Document;

/// Merge ids of the commands that merge (QUndoCommand::id()): one per kind of mergeable edit.
enum class CommandId { None = -1, Move = 1 };

/// One edit of the design on the undo stack: applies a DesignPatch planned by model/designedit
/// on redo and reverts it on undo. Moves carry CommandId::Move, so consecutive drags of the same
/// selection become one undo step.
class PatchCommand final : public QUndoCommand
{
public:
    PatchCommand(Document *document, DesignPatch patch, const QString &text, CommandId id = CommandId::None);

    void redo() override;
    void undo() override;
    int id() const override { return static_cast<int>(mId); }
    bool mergeWith(const QUndoCommand *other) override;

    const DesignPatch &patch() const { return mPatch; }

private:
    Document *mDocument;
    DesignPatch mPatch;
    CommandId mId;
};

/// Pushes a planned edit as one command. A refused edit pushes nothing: returns false and puts
/// the reason in `error` (if given).
bool pushEdit(Document *document, Edit edit, const QString &text, QString *error = nullptr,
              CommandId id = CommandId::None);

} // namespace cp::gui
