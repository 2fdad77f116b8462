// The report's words (translated in the report's language) and the cells of its tables: what
// the report's document and its sections (reportsections.cpp) share.
#pragma once

#include "report/reportdocument.h"

#include <QCoreApplication>
#include <QString>

#include <string>

namespace cp::report::cells {

/// The report's own words, in the language the report is written in (translation context
/// cp::report::Report; the language is installed for the report's duration, report.cpp).
class Text
{
    Q_DECLARE_TR_FUNCTIONS(cp::report::Report)
};

std::string u8(const QString &s);
QString q(const std::string &s);
/// A figure's name or a dimension from the model's figure table (context cp::Figures, as the
/// window's docks translate them).
std::string figureWord(const std::string &word);
/// A word the model puts in a value that the report shows as it is in English and translated
/// otherwise: a delivery item's label or path, a bill-of-materials category.
std::string modelWord(const std::string &word);
std::string usd(double v);
Cell text(std::string s);
Cell number(std::string s, bool best = false);
Cell muted(std::string s);
Cell head(std::string s);

} // namespace cp::report::cells
