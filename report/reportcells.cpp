// The report's words and table cells, shared by the report's document and its sections.
#include "report/reportcells.h"

#include <QCoreApplication>

namespace cp::report::cells {

std::string u8(const QString &s)
{
    return s.toStdString();
}

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

/// A figure's name or a dimension from the model's figure table (context cp::Figures, as the
/// window's docks translate them).
std::string figureWord(const std::string &word)
{
    return word.empty() ? word : u8(QCoreApplication::translate("cp::Figures", word.c_str()));
}

/// A word the model puts in a value that the report shows as it is in English and translated
/// otherwise: a delivery item's label or path (model/cost/schedule.cpp), a bill-of-materials
/// category (model/cost/cost.cpp). A word the list does not know stays as it is.
std::string modelWord(const std::string &word)
{
    static const char *const words[] = {
        QT_TRANSLATE_NOOP("cp::report::Report", "GPU systems (servers, supernodes)"),
        QT_TRANSLATE_NOOP("cp::report::Report", "Hall construction"),
        QT_TRANSLATE_NOOP("cp::report::Report", "Switchgear and transformers"),
        QT_TRANSLATE_NOOP("cp::report::Report", "Chillers and generators"),
        QT_TRANSLATE_NOOP("cp::report::Report", "Liquid-cooling loop (CDUs, facility water)"),
        QT_TRANSLATE_NOOP("cp::report::Report", "Provider onboarding"),
        QT_TRANSLATE_NOOP("cp::report::Report", "CDU fit-out of the leased hall"),
        QT_TRANSLATE_NOOP("cp::report::Report", "Racking, cabling and burn-in"),
        QT_TRANSLATE_NOOP("cp::report::Report", "hardware"),
        QT_TRANSLATE_NOOP("cp::report::Report", "facility"),
        QT_TRANSLATE_NOOP("cp::report::Report", "both"),
        QT_TRANSLATE_NOOP("cp::report::Report", "compute"),
        QT_TRANSLATE_NOOP("cp::report::Report", "network"),
        QT_TRANSLATE_NOOP("cp::report::Report", "storage"),
        QT_TRANSLATE_NOOP("cp::report::Report", "power and cooling"),
    };
    const std::string w = word == "power_cooling" ? std::string("power and cooling") : word;
    for (const char *known : words)
        if (w == known)
            return u8(QCoreApplication::translate("cp::report::Report", known));
    return word;
}

std::string usd(double v)
{
    return "$" + grouped(v);
}

Cell text(std::string s)
{
    Cell c;
    c.text = std::move(s);
    return c;
}

Cell number(std::string s, bool best)
{
    Cell c;
    c.text = std::move(s);
    c.numeric = true;
    c.best = best;
    return c;
}

Cell muted(std::string s)
{
    Cell c;
    c.text = std::move(s);
    c.muted = true;
    return c;
}

Cell head(std::string s)
{
    Cell c;
    c.text = std::move(s);
    c.head = true;
    return c;
}

} // namespace cp::report::cells
