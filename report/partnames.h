#pragma once

// What the user calls the model's kinds of part and recoveries, in the application's language
// (translation context cp::Parts): shared by the failure-domain view and the reports.

#include <QString>

#include <string>

namespace cp::report {

/// A failure kind of the reliability stage or a catalog kind of unit ("gpu", "leaf", "pdu", …):
/// "GPU", "Leaf switch", "PDU"; an unknown kind with its underscores as spaces, capitalised.
QString kindName(const std::string &kind);
/// How the job recovers from a failure ("shrink", "spare", "restart", "none"), in a word, and in
/// a sentence for a tooltip.
QString recoveryName(const std::string &recovery);
QString recoveryHelp(const std::string &recovery);
/// A switch tier of the fabric ("leaf", "spine", "core", "super_core") or another switch network
/// ("storage", "management", "unassigned") as a word inside a label; unknown ones as they are.
QString tierWord(const std::string &tier);
/// How a checkpoint is taken ("blocking", "async", "in-memory"), as one short word beside the
/// resilience policy (the Results dock's unit column); unknown ones as they are.
QString checkpointWord(const std::string &kind);
/// How a rack type is cooled (its catalog attribute "cooling": air, liquid), in the window's
/// language; an unknown kind as written.
QString coolingWord(const std::string &cooling);
/// The same, as UTF-8 for a report.
std::string kindNameUtf8(const std::string &kind);
std::string recoveryNameUtf8(const std::string &recovery);

} // namespace cp::report
