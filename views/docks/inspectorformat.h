#pragma once

// The inspector's texts (numbers with units, catalog names) and number parsing, shared by its
// property tree, its edit forms and its settings tabs.

#include "model/core/catalog.h"
#include "views/docks/inspectordock.h"
#include "views/style/format.h"

#include <QLocale>
#include <QString>

#include <cmath>
#include <string>
#include <vector>

namespace cp::gui::inspector {

/// The dynamic property of an editable field that holds the design's value it shows: what Enter
/// or focus loss compares the text with, and what the undo key puts back (InspectorDock::eventFilter).
inline constexpr char kCommittedValue[] = "committedValue";

inline QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

using fmt::number;

inline QString metres(double value)
{
    return InspectorDock::tr("%1 m").arg(number(value, 2));
}

inline QString kilowatts(double value)
{
    return InspectorDock::tr("%1 kW").arg(number(value, 1));
}

inline QString entryName(const Catalog &catalog, const std::string &id)
{
    const CatalogEntry *entry = catalog.find(id);
    if (!entry)
        return InspectorDock::tr("%1 (not in catalog)").arg(qs(id));
    return QStringLiteral("%1 (%2)").arg(qs(entry->name.empty() ? entry->id : entry->name), qs(id));
}

/// A number typed in the user's locale or with a decimal point; false if it is not one.
inline bool parseNumber(const QString &text, double &value)
{
    bool ok = false;
    const QString t = text.trimmed();
    value = QLocale().toDouble(t, &ok);
    if (!ok)
        value = QLocale::c().toDouble(t, &ok);
    return ok && std::isfinite(value);
}

inline QString numberError(const QString &text)
{
    return InspectorDock::tr("“%1” is not a number").arg(text);
}

/// Numbers one per tier, as people type them: "1, 4", "1,4", "1:4", "1; 4" or "1 4". A bare comma
/// separates too, except in a locale whose decimal separator is the comma ("1,5" is then one and
/// a half; write "1, 5" or "1; 5" for two tiers). Returns an error message, empty on success.
inline QString parseNumberList(const QString &text, std::vector<double> &values)
{
    QString t = text;
    const bool decimalComma = QLocale().decimalPoint() == QLatin1String(",");
    t.replace(QLatin1Char(';'), QLatin1Char(' ')).replace(QLatin1Char(':'), QLatin1Char(' '));
    t.replace(QStringLiteral(", "), QStringLiteral(" "));
    if (!decimalComma)
        t.replace(QLatin1Char(','), QLatin1Char(' '));
    values.clear();
    for (const QString &part : t.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        double v = 0;
        if (!parseNumber(part, v))
            return numberError(part);
        values.push_back(v);
    }
    return {};
}

} // namespace cp::gui::inspector
