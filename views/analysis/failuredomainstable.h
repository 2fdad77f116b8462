#pragma once

// The failure-domain view's texts, table cells and sort order, shared by the table
// (failuredomainstable.cpp), the view and the blast-radius chart. Internal to the view.

#include "views/analysis/failuredomainsview.h"
#include "views/style/format.h"
#include "report/partnames.h"

#include <QColor>
#include <QString>
#include <QVariant>

#include <string>
#include <vector>

class QObject;

namespace cp::gui::failuredomains {

/// A text in the view's translation context.
QString tr(const char *text);
using fmt::integer;
using fmt::number;
using fmt::racksText;
/// Two or three significant figures, enough for rates that span decades.
QString figure(double value);
/// What the user calls a kind of part and a recovery (report/partnames.h, shared with the reports).
using report::kindName;
using report::recoveryHelp;
using report::recoveryName;
/// The text with its first letter in upper case, for a sentence that starts with a part's name.
QString sentence(QString text);
/// Okabe–Ito colours, told apart by colour-blind readers, by what a failure does to the job.
QColor recoveryColor(const std::string &recovery);
/// Runs of rack ids numbered one after another as "C001–C016, L001": short for a row's racks.
QString rackRuns(const std::vector<int> &racks, const std::vector<QString> &ids, int maxChars);
/// A read-only table cell with the value its column sorts by.
QStandardItem *cell(const QString &text, const QVariant &sortValue, Qt::Alignment align = Qt::AlignLeft);
/// The table's sort: numbers as numbers, the "… more" row last in either order.
QSortFilterProxyModel *newSortProxy(QObject *parent);

} // namespace cp::gui::failuredomains
