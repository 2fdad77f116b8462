#include "report/partnames.h"

#include "model/fabric/topology.h"

#include <QCoreApplication>

#include <optional>
#include <utility>
#include <vector>

namespace cp::report {

namespace {
class PartText
{
    Q_DECLARE_TR_FUNCTIONS(cp::Parts)
};

using WordTable = std::vector<std::pair<std::string, const char *>>;

/// The translated word a table gives `key`, or nothing when the table lacks it.
std::optional<QString> wordOf(const WordTable &table, const std::string &key)
{
    for (const auto &[k, word] : table)
        if (k == key)
            return PartText::tr(word);
    return std::nullopt;
}
} // namespace

/// What the user calls a failure kind of the reliability stage or a catalog kind of unit.
QString kindName(const std::string &kind)
{
    // Switch and link kinds are named after the fabric's tiers (model/fabric/topology.h).
    static const WordTable names{
        {"gpu", QT_TRANSLATE_NOOP("cp::Parts", "GPU")},
        {"server", QT_TRANSLATE_NOOP("cp::Parts", "Server")},
        {"compute_tray", QT_TRANSLATE_NOOP("cp::Parts", "Compute tray")},
        {"nvlink_switch_tray", QT_TRANSLATE_NOOP("cp::Parts", "NVLink switch tray")},
        {"nic", QT_TRANSLATE_NOOP("cp::Parts", "NIC")},
        {linkFailureKind(0), QT_TRANSLATE_NOOP("cp::Parts", "NIC link (optic/cable)")},
        {tierName(0), QT_TRANSLATE_NOOP("cp::Parts", "Leaf switch")},
        {tierName(1), QT_TRANSLATE_NOOP("cp::Parts", "Spine switch")},
        {tierName(2), QT_TRANSLATE_NOOP("cp::Parts", "Core switch")},
        {linkFailureKind(1), QT_TRANSLATE_NOOP("cp::Parts", "Leaf–spine link")},
        {linkFailureKind(2), QT_TRANSLATE_NOOP("cp::Parts", "Spine–core link")},
        {"software", QT_TRANSLATE_NOOP("cp::Parts", "Software (per GPU rank)")},
        {"storage_node", QT_TRANSLATE_NOOP("cp::Parts", "Storage node")},
        {"pdu", QT_TRANSLATE_NOOP("cp::Parts", "PDU")},
        {"busway", QT_TRANSLATE_NOOP("cp::Parts", "Busway")},
        {"ups", QT_TRANSLATE_NOOP("cp::Parts", "UPS")},
        {"crah", QT_TRANSLATE_NOOP("cp::Parts", "CRAH")},
        {"rear_door", QT_TRANSLATE_NOOP("cp::Parts", "Rear-door heat exchanger")},
        {"cdu", QT_TRANSLATE_NOOP("cp::Parts", "CDU")},
    };
    if (auto name = wordOf(names, kind))
        return *name;
    QString s = QString::fromStdString(kind);
    s.replace(QLatin1Char('_'), QLatin1Char(' '));
    if (!s.isEmpty())
        s[0] = s[0].toUpper();
    return s;
}

QString recoveryName(const std::string &recovery)
{
    if (recovery == "shrink")
        return PartText::tr("Shrink");
    if (recovery == "spare")
        return PartText::tr("Hot spare");
    if (recovery == "restart")
        return PartText::tr("Restart");
    if (recovery == "none")
        return PartText::tr("None");
    return QString::fromStdString(recovery);
}

QString recoveryHelp(const std::string &recovery)
{
    if (recovery == "shrink")
        return PartText::tr("The job restarts from its last checkpoint without the GPUs lost, until the part is repaired");
    if (recovery == "spare")
        return PartText::tr("The job restarts from its last checkpoint with a hot spare in place of the failed part");
    if (recovery == "restart")
        return PartText::tr("The job restarts from its last checkpoint on the same GPUs");
    if (recovery == "none")
        return PartText::tr("The job runs on");
    return {};
}

QString tierWord(const std::string &tier)
{
    static const WordTable words{
        //: a switch tier of the fabric, inside a label such as "Switches, leaf"
        {"leaf", QT_TRANSLATE_NOOP("cp::Parts", "leaf")},
        {"spine", QT_TRANSLATE_NOOP("cp::Parts", "spine")},
        {"core", QT_TRANSLATE_NOOP("cp::Parts", "core")},
        {"super_core", QT_TRANSLATE_NOOP("cp::Parts", "super-core")},
        //: a switch network other than the compute fabric, inside "Switches, storage network"
        {"storage", QT_TRANSLATE_NOOP("cp::Parts", "storage")},
        {"management", QT_TRANSLATE_NOOP("cp::Parts", "management")},
        {"unassigned", QT_TRANSLATE_NOOP("cp::Parts", "unassigned")},
    };
    return wordOf(words, tier).value_or(QString::fromStdString(tier));
}

QString checkpointWord(const std::string &kind)
{
    static const WordTable words{
        //: how the job writes its checkpoints, one short word in the unit column beside the
        //: resilience policy's name
        {"blocking", QT_TRANSLATE_NOOP("cp::Parts", "blocking")},
        {"async", QT_TRANSLATE_NOOP("cp::Parts", "async")},
        {"in-memory", QT_TRANSLATE_NOOP("cp::Parts", "in-memory")},
    };
    return wordOf(words, kind).value_or(QString::fromStdString(kind));
}

QString coolingWord(const std::string &cooling)
{
    static const WordTable words{
        //: how a rack type is cooled, before "limit 41 kW" in the power overlay's legend
        {"air", QT_TRANSLATE_NOOP("cp::Parts", "air")},
        {"liquid", QT_TRANSLATE_NOOP("cp::Parts", "liquid")},
    };
    return wordOf(words, cooling).value_or(QString::fromStdString(cooling));
}

std::string kindNameUtf8(const std::string &kind)
{
    return kindName(kind).toStdString();
}

std::string recoveryNameUtf8(const std::string &recovery)
{
    return recoveryName(recovery).toStdString();
}

} // namespace cp::report
