#pragma once

#include "model/io/projectfile.h"

#include <QDialog>

#include <vector>

class QTableWidget;

namespace cp::gui {

/// The revisions of a project file: when, by whom and why each save was made, newest first.
class HistoryDialog final : public QDialog
{
    Q_OBJECT

public:
    HistoryDialog(const QString &fileName, const std::vector<Revision> &revisions, QWidget *parent = nullptr);

    QTableWidget *table() const { return mTable; }

private:
    QTableWidget *mTable;
};

/// Asks for the comment stored with a revision. Returns false if the user cancels the save.
bool askRevisionComment(QWidget *parent, QString *comment);

} // namespace cp::gui
