#include "views/docks/scenariosdock.h"

#include "views/session/scenarioset.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <exception>

namespace cp::gui {

namespace {

QToolButton *toolButton(const QString &text, const QString &name, const QString &tip, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setText(text);
    button->setObjectName(name);
    button->setToolTip(tip);
    button->setAutoRaise(true);
    return button;
}

} // namespace

ScenariosDock::ScenariosDock(QWidget *parent)
    : QDockWidget(tr("Scenarios"), parent)
    , mList(new QListWidget)
    , mMessage(new QLabel)
{
    setObjectName(QStringLiteral("scenariosDock"));
    auto *body = new QWidget;
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);

    auto *buttons = new QHBoxLayout;
    buttons->setSpacing(2);
    mOpen = toolButton(tr("Open"), QStringLiteral("openScenario"), tr("Show this scenario in the window (Enter or double-click)"), body);
    mAdd = toolButton(tr("Add"), QStringLiteral("addScenario"), tr("Add a scenario from a template or a file"), body);
    mAdd->setPopupMode(QToolButton::InstantPopup);
    auto *addMenu = new QMenu(mAdd);
    addMenu->addAction(tr("From Template…"), this, &ScenariosDock::addFromTemplateRequested);
    addMenu->addAction(tr("From File…"), this, &ScenariosDock::addFromFileRequested);
    mAdd->setMenu(addMenu);
    mDuplicate = toolButton(tr("Duplicate"), QStringLiteral("duplicateScenario"), tr("Add a copy of this scenario"), body);
    mRename = toolButton(tr("Rename"), QStringLiteral("renameScenario"), tr("Rename this scenario (F2)"), body);
    mRemove = toolButton(tr("Remove"), QStringLiteral("removeScenario"), tr("Remove this scenario from the project"), body);
    for (QToolButton *b : {mOpen, mAdd, mDuplicate, mRename, mRemove})
        buttons->addWidget(b);
    buttons->addStretch();
    layout->addLayout(buttons);

    mList->setObjectName(QStringLiteral("scenarioList"));
    mList->setEditTriggers(QAbstractItemView::EditKeyPressed);
    mList->setContextMenuPolicy(Qt::CustomContextMenu);
    mList->setToolTip(tr("Ticked scenarios are compared with the open one (Comparison dock, charts, report)"));
    layout->addWidget(mList, 1);

    // A fixed row: a refused name never moves the list.
    mMessage->setObjectName(QStringLiteral("scenarioMessage"));
    mMessage->setWordWrap(false);
    mMessage->setFixedHeight(mMessage->fontMetrics().height() + 4);
    mMessage->setStyleSheet(QStringLiteral("color: #c0392b;"));
    layout->addWidget(mMessage);
    setWidget(body);

    connect(mOpen, &QToolButton::clicked, this, [this] { if (currentRow() >= 0) Q_EMIT openRequested(currentRow()); });
    connect(mDuplicate, &QToolButton::clicked, this, [this] { if (currentRow() >= 0) Q_EMIT duplicateRequested(currentRow()); });
    connect(mRename, &QToolButton::clicked, this, [this] { editName(currentRow()); });
    connect(mRemove, &QToolButton::clicked, this, [this] { if (currentRow() >= 0) Q_EMIT removeRequested(currentRow()); });
    // Enter (activated) or a double-click opens a scenario, whatever the style's activation rule.
    connect(mList, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) { Q_EMIT openRequested(mList->row(item)); });
    connect(mList, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem *item) { Q_EMIT openRequested(mList->row(item)); });
    connect(mList, &QListWidget::itemChanged, this, &ScenariosDock::onItemChanged);
    connect(mList, &QListWidget::currentRowChanged, this, &ScenariosDock::updateButtons);
    connect(mList, &QWidget::customContextMenuRequested, this, &ScenariosDock::showContextMenu);
    updateButtons();
}

void ScenariosDock::setScenarioSet(ScenarioSet *set)
{
    mSet = set;
    connect(set, &ScenarioSet::changed, this, &ScenariosDock::rebuild);
    rebuild();
}

QString ScenariosDock::message() const
{
    return mMessage->text();
}

void ScenariosDock::editName(int index)
{
    if (QListWidgetItem *item = mList->item(index)) {
        mList->setCurrentItem(item);
        mList->editItem(item);
    }
}

int ScenariosDock::currentRow() const
{
    return mList->currentRow();
}

void ScenariosDock::rebuild()
{
    if (!mSet)
        return;
    mRebuilding = true;
    const int row = std::max(0, mList->currentRow());
    // Items are updated in place (a rename arrives while the list's editor is still committing).
    while (mList->count() > mSet->count())
        delete mList->takeItem(mList->count() - 1);
    while (mList->count() < mSet->count())
        new QListWidgetItem(mList);
    for (int i = 0; i < mSet->count(); ++i) {
        QListWidgetItem *item = mList->item(i);
        item->setText(mSet->name(i));
        const bool open = i == mSet->currentIndex();
        item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable
                       | (open ? Qt::NoItemFlags : Qt::ItemIsUserCheckable));
        QFont font = mList->font();
        font.setBold(open);
        item->setFont(font);
        // The open scenario is always shown; the tick says which others are compared with it.
        item->setCheckState(open || mSet->isCompared(i) ? Qt::Checked : Qt::Unchecked);
        item->setToolTip(open ? tr("%1 — open in the window").arg(mSet->name(i))
                              : tr("%1 — %2 racks; double-click to open").arg(mSet->name(i)).arg(mSet->design(i).racks.size()));
    }
    mList->setCurrentRow(std::min(row, mList->count() - 1));
    mRebuilding = false;
    updateButtons();
}

void ScenariosDock::onItemChanged(QListWidgetItem *item)
{
    if (mRebuilding || !mSet)
        return;
    const int index = mList->row(item);
    const QString name = item->text().trimmed();
    if (name != mSet->name(index)) {
        try {
            mSet->rename(index, name);
            mMessage->clear();
        } catch (const std::exception &e) {
            mMessage->setText(tr("\"%1\": %2").arg(name, QString::fromStdString(e.what())));
            mMessage->setToolTip(mMessage->text());
            rebuild(); // back to the name it has
        }
        return;
    }
    if (index != mSet->currentIndex())
        mSet->setCompared(index, item->checkState() == Qt::Checked);
}

void ScenariosDock::showContextMenu(const QPoint &pos)
{
    QListWidgetItem *item = mList->itemAt(pos);
    if (!item || !mSet)
        return;
    const int index = mList->row(item);
    QMenu menu(this);
    menu.addAction(tr("Open"), this, [this, index] { Q_EMIT openRequested(index); })->setEnabled(index != mSet->currentIndex());
    menu.addAction(tr("Duplicate"), this, [this, index] { Q_EMIT duplicateRequested(index); });
    menu.addAction(tr("Rename"), this, [this, index] { editName(index); });
    menu.addAction(tr("Remove"), this, [this, index] { Q_EMIT removeRequested(index); })
        ->setEnabled(index != mSet->currentIndex() && mSet->count() > 1);
    menu.exec(mList->viewport()->mapToGlobal(pos));
}

void ScenariosDock::updateButtons()
{
    const int row = currentRow();
    const bool any = mSet && row >= 0 && row < mSet->count();
    const bool open = any && row == mSet->currentIndex();
    mOpen->setEnabled(any && !open);
    mDuplicate->setEnabled(any);
    mRename->setEnabled(any);
    mRemove->setEnabled(any && !open && mSet->count() > 1);
    mRemove->setToolTip(open ? tr("The open scenario cannot be removed: open another first")
                             : tr("Remove this scenario from the project"));
}

} // namespace cp::gui
