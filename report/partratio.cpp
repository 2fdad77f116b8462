#include "report/partratio.h"

#include "model/training/publishedruns.h"
#include "report/reportcells.h"

#include <QStringList>

#include <algorithm>
#include <cmath>

namespace cp::report {

using namespace cells;

namespace {

QString twoDecimals(double v)
{
    return QString::number(v, 'f', 2);
}

/// Which way the model leans on A against B (PartRatioRecord::modelLeanPct).
QString lean(const PartRatioRecord &r, const QString &a, const QString &b)
{
    const int pct = r.leanPct();
    if (r.aboutRight())
        return Text::tr("the model's ratio of %1 to %2 is about right (within %3 %)").arg(a, b).arg(pct);
    return r.modelLeanPct() > 0 ? Text::tr("the model rates %1 against %2 about %3 % too high").arg(a, b).arg(pct)
                                : Text::tr("the model rates %1 against %2 about %3 % too low").arg(a, b).arg(pct);
}

QString sentence(const PartRatioRecord &r)
{
    if (r.partA == "blackwell")
        return Text::tr("For parts no one stack published together the nearest evidence is across a generation: where "
                        "one stack published the same model on H100 and on a Blackwell part (%1 pairs from %2 stacks), "
                        "the published ratio of the Blackwell part's throughput to H100's was %3 to %4 of the "
                        "model's (median %5), so the model tends to favour the newer part.")
            .arg(QString::number(r.pairs), QString::number(r.stacks), twoDecimals(r.lowest), twoDecimals(r.highest),
                 twoDecimals(r.median));
    const QString a = q(r.partA), b = q(r.partB);
    return Text::tr("Where one software stack published the same model on %1 and on %2 (%3 pairs from %4 stacks), the "
                    "published ratio of %1's throughput to %2's was %5 to %6 of the model's (median %7): %8.")
        .arg(a, b, QString::number(r.pairs), QString::number(r.stacks), twoDecimals(r.lowest), twoDecimals(r.highest),
             twoDecimals(r.median), lean(r, a, b));
}

} // namespace

QString partRatioCaution(const std::vector<std::string> &designParts)
{
    std::vector<std::string> parts;
    for (const std::string &p : designParts)
        if (!p.empty() && std::find(parts.begin(), parts.end(), p) == parts.end())
            parts.push_back(p);
    const std::vector<PartRatioRecord> records = partRatioRecords(parts);
    if (parts.size() < 2 || records.empty())
        return {};
    QStringList listed, text;
    for (const std::string &p : parts)
        listed << q(p);
    text << Text::tr("These designs run on different accelerators (%1), and the model's error on the ratio between "
                     "two parts is in neither design's band.")
                .arg(listed.join(QStringLiteral(", ")));
    for (const PartRatioRecord &r : records)
        text << sentence(r);
    text << Text::tr("A lead between designs on different parts within that range is not shown by the model "
                     "(docs/validation.md, \"Between two parts\").");
    return text.join(QLatin1Char(' '));
}

} // namespace cp::report
