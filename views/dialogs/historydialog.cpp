#include "views/dialogs/historydialog.h"

#include <QDateTime>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

namespace cp::gui {

HistoryDialog::HistoryDialog(const QString &fileName, const std::vector<Revision> &revisions, QWidget *parent)
    : QDialog(parent)
    , mTable(new QTableWidget(int(revisions.size()), 4))
{
    setObjectName(QStringLiteral("historyDialog"));
    setWindowTitle(tr("History of %1").arg(fileName));
    mTable->setObjectName(QStringLiteral("historyTable"));
    mTable->setHorizontalHeaderLabels({tr("Revision"), tr("Saved"), tr("Author"), tr("Comment")});
    mTable->verticalHeader()->setVisible(false);
    mTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    mTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    mTable->setAlternatingRowColors(true);
    mTable->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    mTable->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    mTable->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    mTable->horizontalHeader()->setStretchLastSection(true);

    const QLocale locale;
    int row = 0;
    // Newest first: the last save is what the user looks for.
    for (auto it = revisions.rbegin(); it != revisions.rend(); ++it, ++row) {
        const Revision &r = *it;
        QDateTime time = QDateTime::fromString(QString::fromStdString(r.timeUtc), Qt::ISODate);
        const QString when =
            time.isValid() ? locale.toString(time.toLocalTime(), QLocale::ShortFormat) : QString::fromStdString(r.timeUtc);
        const QString cells[] = {QString::number(r.id), when, QString::fromStdString(r.author),
                                 QString::fromStdString(r.comment)};
        for (int c = 0; c < 4; ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            item->setToolTip(cells[c]);
            mTable->setItem(row, c, item);
        }
    }

    auto *info = new QLabel(revisions.empty() ? tr("This file has no saved revisions yet.")
                                              : revisions.size() == 1 ? tr("1 revision.")
                                              : tr("%1 revisions, newest first.").arg(revisions.size()));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(info);
    layout->addWidget(mTable);
    layout->addWidget(buttons);
    resize(720, 360);
}

bool askRevisionComment(QWidget *parent, QString *comment)
{
    bool ok = false;
    const QString text = QInputDialog::getMultiLineText(
        parent, HistoryDialog::tr("Save Revision"),
        HistoryDialog::tr("What changed in this revision? (stored in the file's history)"), *comment, &ok);
    if (ok)
        *comment = text.trimmed();
    return ok;
}

} // namespace cp::gui
