#include "views/i18n/messages.h"

#include "model/core/problem.h"
#include "model/edit/designedit.h"

#include <QCoreApplication>

namespace cp::gui {

QString problemText(const Problem &problem)
{
    if (problem.text.empty())
        return QString::fromStdString(problem.message);
    const QString translated = QCoreApplication::translate("cp::Problems", problem.text.c_str());
    return QString::fromStdString(fillTemplate(translated.toStdString(), problem.args));
}

QString refusalText(const Edit &edit)
{
    if (edit.errorText.empty())
        return QString::fromStdString(edit.error);
    std::vector<std::string> args = edit.errorArgs;
    if (edit.quotesCause && !edit.causeText.empty() && !args.empty())
        args.back() = problemText(Problem{Severity::Error, {}, args.back(), edit.causeText, edit.causeArgs}).toStdString();
    return problemText(Problem{Severity::Error, {}, edit.error, edit.errorText, args});
}

} // namespace cp::gui
