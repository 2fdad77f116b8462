#include "views/docks/comparisondock.h"

#include "model/analysis/comparison.h"
#include "model/engine/evaluation.h"
#include "report/partratio.h"
#include "views/session/resultshub.h"

#include <QHeaderView>
#include <QLabel>
#include <QCoreApplication>
#include <QTableWidget>
#include <QVBoxLayout>

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

QString ComparisonDock::cell(const QString &key, const QString &design) const
{
    for (int c = 0; c < mTable->columnCount(); ++c) {
        if (mTable->horizontalHeaderItem(c)->text() != design)
            continue;
        for (int r = 0; r < mTable->rowCount(); ++r)
            if (QTableWidgetItem *head = mTable->verticalHeaderItem(r); head && head->data(kKeyRole).toString() == key)
                return mTable->item(r, c) ? mTable->item(r, c)->text() : QString();
    }
    return QString();
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
        mStatus->setText(tr("%1 scenarios side by side; the better value of each row in bold. Tick or untick "
                            "scenarios in the Scenarios dock.").arg(designs.size()));

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
    mTable->setColumnCount(int(headers.size()));
    mTable->setHorizontalHeaderLabels(headers);

    auto addSection = [&](const QString &title) {
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
                QFont font = item->font();
                font.setBold(true);
                item->setFont(font);
            }
            mTable->setItem(r, int(c), item);
        }
    };
    addSection(tr("Key figures"));
    for (const ComparisonRow &row : comparison.keyFigures)
        addRow(row);
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
