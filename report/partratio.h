#pragma once

// What a comparison of designs on different accelerators must say beside its figures: how far the
// model's ratio between two parts was from what one software stack published on both
// (model/training/publishedruns.h, partRatioRecords; docs/validation.md, "Between two parts").
// Written once, in the report's words (translation context cp::report::Report), for the report and
// the window's Comparison dock.

#include <QString>

#include <string>
#include <vector>

namespace cp::report {

/// The caution for designs on `parts` (catalog ids in the designs' order, repeats allowed): empty
/// when they run on one part.
QString partRatioCaution(const std::vector<std::string> &parts);

} // namespace cp::report
