#pragma once

// The model's messages in the window's language: a problem or a refused edit keeps its message
// template and arguments beside its English text (model/core/problem.h, model/edit/designedit.h);
// the template is looked up in the context cp::Problems and the arguments put back in.

#include <QString>

namespace cp {
struct Problem;
struct Edit;
} // namespace cp

namespace cp::gui {

/// A problem's message: its template translated with its arguments put in; a message without a
/// template (an exception's text) or one not translated as it is.
QString problemText(const Problem &problem);
/// Why an edit was refused, translated the same way; a quoted problem (the last argument) is
/// translated on its own.
QString refusalText(const Edit &edit);

} // namespace cp::gui
