#include "views/docks/problemsdock.h"

#include <QCoreApplication>

#include "model/core/design.h"
#include "views/session/document.h"
#include "views/session/resultshub.h"

#include <QApplication>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
#include <QStackedWidget>
#include <QStyle>
#include <QTreeWidget>

#include <algorithm>

namespace cp::gui {

namespace {

constexpr int SeverityRole = Qt::UserRole + 1;
constexpr int EnglishRole = Qt::UserRole + 2;

/// Sorts by severity rank (errors first) instead of by the severity's text.
class ProblemItem final : public QTreeWidgetItem
{
public:
    using QTreeWidgetItem::QTreeWidgetItem;

    bool operator<(const QTreeWidgetItem &other) const override
    {
        const int column = treeWidget() ? treeWidget()->sortColumn() : 0;
        if (column == 0)
            return data(0, SeverityRole).toInt() < other.data(0, SeverityRole).toInt();
        return QTreeWidgetItem::operator<(other);
    }
};

QString severityText(Severity severity)
{
    switch (severity) {
    case Severity::Error: return ProblemsDock::tr("Error");
    case Severity::Warning: return ProblemsDock::tr("Warning");
    case Severity::Info: return ProblemsDock::tr("Info");
    }
    return {};
}

QIcon severityIcon(Severity severity)
{
    QStyle *style = QApplication::style();
    switch (severity) {
    case Severity::Error: return style->standardIcon(QStyle::SP_MessageBoxCritical);
    case Severity::Warning: return style->standardIcon(QStyle::SP_MessageBoxWarning);
    case Severity::Info: return style->standardIcon(QStyle::SP_MessageBoxInformation);
    }
    return {};
}

// Errors first: the rank sorts ascending.
int severityRank(Severity severity)
{
    switch (severity) {
    case Severity::Error: return 0;
    case Severity::Warning: return 1;
    case Severity::Info: return 2;
    }
    return 3;
}

int findById(const std::vector<FacilityUnit> &units, const std::string &id)
{
    for (size_t i = 0; i < units.size(); ++i)
        if (units[i].id == id)
            return int(i);
    return -1;
}

int findRack(const Design &design, const std::string &id)
{
    for (size_t i = 0; i < design.racks.size(); ++i)
        if (design.racks[i].id == id)
            return int(i);
    return -1;
}

} // namespace

static std::optional<ProblemTarget> locatePlace(const QString &place, const Design &design);

/// The racks a message names as `rack "ID" (racks[N])`, where index and id still agree.
static QVector<int> racksNamedIn(const QString &message, const Design &design)
{
    static const QRegularExpression named(QStringLiteral(R"re(rack "([^"]*)" \(racks\[(\d+)\]\))re"));
    QVector<int> found;
    for (auto it = named.globalMatch(message); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        bool ok = false;
        const int index = m.captured(2).toInt(&ok);
        if (ok && index >= 0 && size_t(index) < design.racks.size() &&
            design.racks[size_t(index)].id == m.captured(1).toStdString() && !found.contains(index))
            found.push_back(index);
    }
    return found;
}

std::optional<ProblemTarget> locateProblem(const QString &place, const Design &design, const QString &message)
{
    std::optional<ProblemTarget> target = locatePlace(place, design);
    if (target && target->kind == PartRef::Kind::Rack)
        for (int i : racksNamedIn(message, design))
            if (!target->indexes.contains(i))
                target->indexes.push_back(i);
    return target;
}

/// The part a problem's place names (locateProblem() without the message).
static std::optional<ProblemTarget> locatePlace(const QString &place, const Design &design)
{
    static const QRegularExpression path(QStringLiteral(R"re(^(racks|power_units|cooling_units)\[(\d+)\](?: \("([^"]*)"\))?)re"));
    const QString trimmed = place.trimmed();
    if (const QRegularExpressionMatch m = path.match(trimmed); m.hasMatch()) {
        const QString list = m.captured(1);
        bool ok = false;
        const int index = m.captured(2).toInt(&ok);
        const bool hasId = m.capturedStart(3) >= 0;
        const std::string id = m.captured(3).toStdString();
        ProblemTarget target;
        int found = -1;
        if (list == QLatin1String("racks")) {
            target.kind = PartRef::Kind::Rack;
            if (ok && index >= 0 && size_t(index) < design.racks.size() && (!hasId || design.racks[size_t(index)].id == id))
                found = index;
            else if (hasId)
                found = findRack(design, id);
        } else {
            const bool power = list == QLatin1String("power_units");
            target.kind = power ? PartRef::Kind::PowerUnit : PartRef::Kind::CoolingUnit;
            const auto &units = power ? design.powerUnits : design.coolingUnits;
            if (ok && index >= 0 && size_t(index) < units.size() && (!hasId || units[size_t(index)].id == id))
                found = index;
            else if (hasId)
                found = findById(units, id);
        }
        if (found < 0)
            return std::nullopt;
        target.indexes = {found};
        return target;
    }

    // The evaluation names parts by id.
    const std::string id = trimmed.toStdString();
    if (id.empty())
        return std::nullopt;
    if (const int i = findRack(design, id); i >= 0)
        return ProblemTarget{PartRef::Kind::Rack, {i}};
    if (const int i = findById(design.powerUnits, id); i >= 0)
        return ProblemTarget{PartRef::Kind::PowerUnit, {i}};
    if (const int i = findById(design.coolingUnits, id); i >= 0)
        return ProblemTarget{PartRef::Kind::CoolingUnit, {i}};
    // A row (the fabric reports leaf groups by row).
    ProblemTarget row;
    for (size_t i = 0; i < design.racks.size(); ++i)
        if (design.racks[i].row == id)
            row.indexes.push_back(int(i));
    if (!row.indexes.isEmpty())
        return row;
    return std::nullopt;
}

ProblemsDock::ProblemsDock(QWidget *parent)
    : QDockWidget(tr("Problems"), parent)
    , mStack(new QStackedWidget)
    , mTree(new QTreeWidget)
    , mEmpty(new QLabel)
{
    setObjectName(QStringLiteral("problemsDock"));
    mTree->setObjectName(QStringLiteral("problemsTree"));
    mTree->setColumnCount(4);
    mTree->setHeaderLabels({tr("Severity"), tr("Part"), tr("Message"), tr("Found by")});
    mTree->setRootIsDecorated(false);
    mTree->setAlternatingRowColors(true);
    mTree->setUniformRowHeights(true);
    mTree->setWordWrap(false);
    mTree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    mTree->header()->setSectionResizeMode(1, QHeaderView::Interactive);
    mTree->header()->setSectionResizeMode(2, QHeaderView::Stretch);
    mTree->header()->setSectionResizeMode(3, QHeaderView::ResizeToContents);
    mTree->header()->setStretchLastSection(false);
    mTree->setColumnWidth(1, 160);
    mTree->setSortingEnabled(true);
    mTree->sortByColumn(0, Qt::AscendingOrder);
    mEmpty->setObjectName(QStringLiteral("problemsEmpty"));
    mEmpty->setAlignment(Qt::AlignCenter);
    mEmpty->setEnabled(false);
    mStack->addWidget(mTree);
    mStack->addWidget(mEmpty);
    setWidget(mStack);
    clear();
    connect(mTree, &QTreeWidget::itemActivated, this,
            [this](QTreeWidgetItem *item) {
                // The English message: what locateProblem reads rack ids from, whatever the language.
                Q_EMIT problemActivated(item->text(1), item->data(2, EnglishRole).toString());
            });
}

void ProblemsDock::clear()
{
    if (!mPluginProblems.empty()) {
        setProblems({}, {}); // the refused plugins stay listed
        return;
    }
    mTree->clear();
    setWindowTitle(tr("Problems"));
    mEmpty->setText(tr("Not evaluated yet."));
    mStack->setCurrentWidget(mEmpty);
}

void ProblemsDock::showEmptyState()
{
    mEmpty->setText(tr("No problems found."));
    mStack->setCurrentWidget(mEmpty);
}

void ProblemsDock::setResultsHub(const ResultsHub *hub)
{
    connect(hub, &ResultsHub::evaluated, this,
            [this](const EvaluationOutcome &outcome) { setProblems(outcome.validation, outcome.results.problems); });
    connect(hub, &ResultsHub::failed, this, [this, hub](const EvaluationOutcome &outcome) {
        Problems failure = outcome.validation;
        failure.push_back({Severity::Error, hub->document()->design().name, outcome.error.toStdString()});
        setProblems(failure, {});
    });
    connect(hub, &ResultsHub::cleared, this, &ProblemsDock::clear);
}

void ProblemsDock::setProblems(const Problems &validation, const Problems &evaluation)
{
    mTree->setSortingEnabled(false);
    mTree->clear();
    auto addAll = [this](const Problems &problems, const QString &source, const Problems *skip) {
        for (const Problem &problem : problems) {
            if (skip && std::find(skip->begin(), skip->end(), problem) != skip->end())
                continue;
            const QString message = problemText(problem);
            auto *item = new ProblemItem(mTree, {severityText(problem.severity), QString::fromStdString(problem.place),
                                                 message, source});
            item->setIcon(0, severityIcon(problem.severity));
            item->setData(0, SeverityRole, severityRank(problem.severity));
            item->setData(2, EnglishRole, QString::fromStdString(problem.message));
            item->setToolTip(2, message);
            item->setToolTip(1, QString::fromStdString(problem.place));
        }
    };
    addAll(validation, tr("validation"), nullptr);
    addAll(evaluation, tr("evaluation"), &validation);
    addAll(mPluginProblems, tr("plugins"), nullptr);
    mTree->setSortingEnabled(true);

    int errors = 0, warnings = 0;
    for (int i = 0; i < mTree->topLevelItemCount(); ++i) {
        const int rank = mTree->topLevelItem(i)->data(0, SeverityRole).toInt();
        errors += rank == 0 ? 1 : 0;
        warnings += rank == 1 ? 1 : 0;
    }
    if (mTree->topLevelItemCount() == 0) {
        setWindowTitle(tr("Problems"));
        showEmptyState();
    } else {
        const QString e = errors == 1 ? tr("1 error") : tr("%1 errors").arg(errors);
        const QString w = warnings == 1 ? tr("1 warning") : tr("%1 warnings").arg(warnings);
        setWindowTitle(tr("Problems (%1, %2)").arg(e, w));
        mStack->setCurrentWidget(mTree);
    }
}

void ProblemsDock::setPluginProblems(const Problems &problems)
{
    mPluginProblems = problems;
    setProblems({}, {});
}

int ProblemsDock::problemCount() const
{
    return mTree->topLevelItemCount();
}

} // namespace cp::gui
