#pragma once

#include <QString>

namespace cp::gui::fmt {

// The number texts the views show, in the user's locale, written once.

/// `value` with `decimals` decimals and the locale's group separators ("25,472.5").
QString number(double value, int decimals);
/// A whole number with the locale's group separators ("25,472").
QString integer(long long value);
/// "1 rack" or "N racks".
QString racksText(long long n);

} // namespace cp::gui::fmt
