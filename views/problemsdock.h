#pragma once

#include "problem.h"

#include <QDockWidget>

class QLabel;
class QStackedWidget;
class QTreeWidget;

namespace cp::gui {

/// Problems of the design (validation) and of its evaluation, worst first.
class ProblemsDock final : public QDockWidget
{
    Q_OBJECT

public:
    explicit ProblemsDock(QWidget *parent = nullptr);

    /// Shows both lists; a problem reported by both is shown once.
    void setProblems(const Problems &validation, const Problems &evaluation);
    void clear();

    int problemCount() const;
    QTreeWidget *tree() const { return mTree; }

Q_SIGNALS:
    /// The user activated a problem; `place` names the part (e.g. a rack id or JSON path).
    void problemActivated(const QString &place);

private:
    void showEmptyState();

    QStackedWidget *mStack;
    QTreeWidget *mTree;
    QLabel *mEmpty;
};

} // namespace cp::gui
