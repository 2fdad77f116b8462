#pragma once

#include "model/reliability/failuredomain.h"
#include "model/core/problem.h"
#include "views/i18n/messages.h"

#include <QDockWidget>
#include <QVector>

#include <optional>

class QLabel;
class QStackedWidget;
class QTreeWidget;

namespace cp {
struct Design;
} // namespace cp

namespace cp::gui {

class ResultsHub;

/// The parts a problem's place names: one rack or unit, or the racks of a row.
struct ProblemTarget
{
    PartRef::Kind kind = PartRef::Kind::Rack;
    QVector<int> indexes; ///< into Design::racks, powerUnits or coolingUnits
};

/// Finds the part a problem refers to: a validation path (`racks[3] ("C004").contents[1].u`,
/// `powerUnits[0] ("PDU-1")`), a rack or unit id as the evaluation reports them, or a row name.
/// An index whose quoted id no longer matches (the design changed) falls back to the id.
/// Settings such as "workload.layers" name no part: nullopt.
/// A rack problem whose message names other racks as `rack "ID" (racks[N])` — an overlap names the
/// rack it overlaps — targets those too, so a click selects every rack the problem is about.
std::optional<ProblemTarget> locateProblem(const QString &place, const Design &design,
                                           const QString &message = QString());

/// Problems of the design (validation) and of its evaluation, worst first.
class ProblemsDock final : public QDockWidget
{
    Q_OBJECT

public:
    explicit ProblemsDock(QWidget *parent = nullptr);

    /// Subscribes to `hub` (once): the problems of each outcome, the engine's refusal as one
    /// more, none when a new design opens.
    void setResultsHub(const ResultsHub *hub);

    /// Shows both lists; a problem reported by both is shown once, as validation's (the engine's
    /// list of an evaluation begins with the validation problems it found).
    void setProblems(const Problems &validation, const Problems &evaluation);
    void clear();

    int problemCount() const;
    /// Plugins refused at start (PluginRegistry::problems()): listed after the design's own
    /// problems, "plugins" in the Found-by column, until the window closes.
    void setPluginProblems(const Problems &problems);
    QTreeWidget *tree() const { return mTree; }

Q_SIGNALS:
    /// The user activated a problem; `place` names the part (e.g. a rack id or JSON path).
    void problemActivated(const QString &place, const QString &message);

private:
    Problems mPluginProblems;
    void showEmptyState();

    QStackedWidget *mStack;
    QTreeWidget *mTree;
    QLabel *mEmpty;
};

} // namespace cp::gui
