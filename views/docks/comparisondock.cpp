#include "views/docks/comparisondock.h"

#include "model/analysis/assumedstack.h"
#include "model/analysis/comparison.h"
#include "model/analysis/rangetable.h"
#include "model/engine/evaluation.h"
#include "report/partratio.h"
#include "views/session/resultshub.h"

#include <QHeaderView>
#include <QLabel>
#include <QCoreApplication>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>
#include <functional>

namespace cp::gui {

namespace {

constexpr int kKeyRole = Qt::UserRole + 1;

} // namespace

ComparisonDock::ComparisonDock(QWidget *parent)
    : QDockWidget(tr("Comparison"), parent)
    , mTable(new QTableWidget)
    , mStatus(new QLabel)
    , mPartCaution(new QLabel)
{
    setObjectName(QStringLiteral("comparisonDock"));
    auto *body = new QWidget;
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    mStatus->setObjectName(QStringLiteral("comparisonStatus"));
    mStatus->setWordWrap(true);
    layout->addWidget(mStatus);
    mPartCaution->setObjectName(QStringLiteral("comparisonPartCaution"));
    mPartCaution->setWordWrap(true);
    mPartCaution->setTextFormat(Qt::PlainText);
    mPartCaution->setTextInteractionFlags(Qt::TextSelectableByMouse);
    mPartCaution->setFrameShape(QFrame::StyledPanel);
    mPartCaution->setMargin(4);
    mPartCaution->hide();
    layout->addWidget(mPartCaution);
    mTable->setObjectName(QStringLiteral("comparisonTable"));
    mTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    mTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    mTable->verticalHeader()->setVisible(true);
    mTable->verticalHeader()->setDefaultSectionSize(mTable->fontMetrics().height() + 6);
    mTable->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    mTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    layout->addWidget(mTable, 1);
    setWidget(body);
    rebuild();
}

void ComparisonDock::setResultsHub(const ResultsHub *hub)
{
    mHub = hub;
    connect(hub, &ResultsHub::evaluated, this, &ComparisonDock::rebuild);
    connect(hub, &ResultsHub::failed, this, &ComparisonDock::rebuild);
    connect(hub, &ResultsHub::cleared, this, &ComparisonDock::rebuild);
    connect(hub, &ResultsHub::comparedChanged, this, &ComparisonDock::rebuild);
    rebuild();
}

QTableWidgetItem *ComparisonDock::item(const QString &key, const QString &design) const
{
    for (int c = 0; c < mTable->columnCount(); ++c) {
        if (mTable->horizontalHeaderItem(c)->text() != design)
            continue;
        for (int r = 0; r < mTable->rowCount(); ++r)
            if (QTableWidgetItem *head = mTable->verticalHeaderItem(r); head && head->data(kKeyRole).toString() == key)
                return mTable->item(r, c);
    }
    return nullptr;
}

QString ComparisonDock::cell(const QString &key, const QString &design) const
{
    const QTableWidgetItem *it = item(key, design);
    return it ? it->text() : QString();
}

void ComparisonDock::addRanges(const std::vector<ComparedDesign> &designs,
                               const std::function<void(const QString &)> &addSection)
{
    // The headline figures as P10 / P50 / P90 over the cost Monte Carlo, and P(first better): the
    // rows `compare` prints under its table and the report's "Ranges and decisions".
    const std::vector<RangeRow> rows = rangeRows(designs);
    bool any = false;
    for (const RangeRow &row : rows)
        for (const RangeCell &c : row.cells)
            any = any || c.present;
    if (!any)
        return;
    addSection(tr("Ranges: P10 / P50 / P90"));
    for (const RangeRow &row : rows) {
        const int r = mTable->rowCount();
        mTable->insertRow(r);
        auto *head = new QTableWidgetItem(QCoreApplication::translate("cp::Figures", row.label.c_str()));
        head->setData(kKeyRole, QString::fromStdString(row.key));
        head->setToolTip(tr("%1: P10 / P50 / P90 over the cost Monte Carlo's draws (%2_p10, _p50, _p90)")
                             .arg(head->text(), QString::fromStdString(row.key)));
        mTable->setVerticalHeaderItem(r, head);
        const auto shown = [&](double v) {
            return std::isinf(v) ? tr("never") : QString::number(v, 'f', row.decimals);
        };
        for (size_t c = 0; c < row.cells.size(); ++c) {
            const RangeCell &cell = row.cells[c];
            auto *item = new QTableWidgetItem(cell.present ? shown(cell.p10) + QStringLiteral(" / ") + shown(cell.p50) +
                                                                 QStringLiteral(" / ") + shown(cell.p90)
                                                           : QStringLiteral("-"));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            mTable->setItem(r, int(c), item);
        }
        for (size_t k = 1; k < row.pFirstBetter.size(); ++k) {
            const double p = row.pFirstBetter[k];
            auto *item = new QTableWidgetItem(std::isnan(p) ? QStringLiteral("-")
                                                            : QString::number(p * 100.0, 'f', 0) + QStringLiteral(" %"));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            mTable->setItem(r, int(row.cells.size() + k - 1), item);
        }
    }
}

void ComparisonDock::addAssumedStack(const std::vector<ComparedDesign> &designs, const Comparison &comparison,
                                     const std::function<void(const QString &)> &addSection)
{
    const std::vector<AssumedStackRow> rows = assumedStackRows(designs, comparison);
    if (rows.empty())
        return;
    addSection(tr("Assumed training stack (tokens/s)"));
    for (const AssumedStackRow &row : rows) {
        const int r = mTable->rowCount();
        mTable->insertRow(r);
        auto *head = new QTableWidgetItem(QString::fromStdString(assumedStackLabel(row)));
        head->setData(kKeyRole, QStringLiteral("stack:") + QString::fromStdString(row.field));
        QStringList changes;
        for (const LeadChange &c : row.leadChanges)
            changes << tr("%1: %2 leads, then %3")
                           .arg(QCoreApplication::translate("cp::Figures", c.label.c_str()),
                                QString::fromStdString(comparison.designs[size_t(c.before)]),
                                QString::fromStdString(comparison.designs[size_t(c.after)]));
        QString tip = tr("%1 set the other way at each scenario's own layout: the change in tokens per second. "
                         "\"-\": the scenario gives the field, or it does not apply.")
                          .arg(QString::fromStdString(row.field));
        if (!changes.isEmpty()) {
            QFont font = head->font();
            font.setBold(true);
            head->setFont(font);
            tip += QLatin1Char('\n') + tr("The leader changes with it: %1. State the stack in the workload (Inspector).")
                                          .arg(changes.join(QStringLiteral("; ")));
        } else if (row.someDoNotFit) {
            tip += QLatin1Char('\n') + tr("A layout does not fit with it: that scenario would run another layout.");
        }
        head->setToolTip(tip);
        mTable->setVerticalHeaderItem(r, head);
        for (size_t c = 0; c < row.effects.size(); ++c) {
            const std::optional<AssumptionEffect> &e = row.effects[c];
            auto *item = new QTableWidgetItem(e && !e->runs ? tr("does not fit")
                                                            : QString::fromStdString(assumedStackCellText(e)));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            mTable->setItem(r, int(c), item);
        }
    }
}

QString ComparisonDock::partCaution() const
{
    return mPartCaution->isHidden() ? QString() : mPartCaution->text();
}

void ComparisonDock::rebuild()
{
    mPartCaution->clear();
    mPartCaution->hide();
    mTable->clear();
    mTable->setRowCount(0);
    mTable->setColumnCount(0);
    if (!mHub || !mHub->hasResults()) {
        mStatus->setText(tr("No figures yet: the open design is being evaluated or was refused."));
        return;
    }
    std::vector<ComparedDesign> designs{{mHub->displayName().toStdString(), &mHub->outcome().results}};
    for (const NamedResults &other : mHub->comparedResults())
        designs.push_back({other.name.toStdString(), other.results.get()});
    if (designs.size() > 6)
        designs.resize(6);
    if (designs.size() < 2)
        mStatus->setText(mHub->isComparing()
                             ? tr("Evaluating the compared scenarios…")
                             : tr("Only the open design: add a scenario or tick one in the Scenarios dock to compare."));
    else
        mStatus->setText(tr("%1 scenarios side by side; the better value of each row in bold, in italic where it "
                            "wins too few of the model's paired draws to be settled. Tick or untick scenarios in "
                            "the Scenarios dock.").arg(designs.size()));

    std::vector<std::string> parts;
    for (const ComparedDesign &d : designs)
        if (d.results && d.results->performance.available)
            parts.push_back(d.results->performance.spec.cluster.gpu.id);
    if (const QString caution = report::partRatioCaution(parts); !caution.isEmpty()) {
        mPartCaution->setText(caution);
        mPartCaution->show();
    }

    const Comparison comparison = compareDesigns(designs);
    QStringList headers;
    for (const std::string &name : comparison.designs)
        headers << QString::fromStdString(name);
    // After the designs, one column per other design: the probability that the first design's
    // figure is the better one, filled in the ranges' rows.
    for (size_t k = 1; k < comparison.designs.size(); ++k)
        headers << tr("P(1st>%1)").arg(k + 1);
    mTable->setColumnCount(int(headers.size()));
    mTable->setHorizontalHeaderLabels(headers);
    for (size_t k = 1; k < comparison.designs.size(); ++k)
        mTable->horizontalHeaderItem(int(comparison.designs.size() + k - 1))
            ->setToolTip(tr("The share of the cost Monte Carlo's paired draws in which %1's figure is better than "
                            "%2's (docs/cost.md, \"Ranges and decisions\")")
                             .arg(headers.front(), headers[int(k)]));

    const std::function<void(const QString &)> addSection = [&](const QString &title) {
        const int r = mTable->rowCount();
        mTable->insertRow(r);
        auto *head = new QTableWidgetItem(title);
        QFont font = head->font();
        font.setBold(true);
        head->setFont(font);
        mTable->setVerticalHeaderItem(r, head);
    };
    auto addRow = [&](const ComparisonRow &row) {
        const int r = mTable->rowCount();
        mTable->insertRow(r);
        // The figure table's label, in the window's language (views/i18n/figurestrings.cpp).
        auto *head = new QTableWidgetItem(QCoreApplication::translate("cp::Figures", row.label.c_str()));
        head->setData(kKeyRole, QString::fromStdString(row.key));
        head->setToolTip(QString::fromStdString(row.note.empty() ? row.source : row.note));
        mTable->setVerticalHeaderItem(r, head);
        for (size_t c = 0; c < row.cells.size(); ++c) {
            auto *item = new QTableWidgetItem(QString::fromStdString(row.cells[c].text));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (row.cells[c].best) {
                // Bold when the draws settle it; italic when it is ahead as printed only.
                QFont font = item->font();
                font.setBold(row.cells[c].settled);
                font.setItalic(!row.cells[c].settled);
                item->setFont(font);
                if (!row.cells[c].settled)
                    item->setToolTip(tr("Ahead as printed, but better in fewer than %1 % of the paired draws "
                                        "of the model's bands and the cost ranges: the model's uncertainty does "
                                        "not settle this row.")
                                         .arg(kSettledPercent));
            }
            mTable->setItem(r, int(c), item);
        }
    };
    addSection(tr("Key figures"));
    for (const ComparisonRow &row : comparison.keyFigures)
        addRow(row);
    addRanges(designs, addSection);
    addAssumedStack(designs, comparison, addSection);
    std::string dimension;
    for (const ComparisonRow &row : comparison.dimensions) {
        if (row.dimension != dimension) {
            dimension = row.dimension;
            addSection(QCoreApplication::translate("cp::Figures", dimension.c_str()));
        }
        addRow(row);
    }
}

} // namespace cp::gui
