#include "views/style/format.h"

#include <QCoreApplication>
#include <QLocale>

namespace cp::gui::fmt {

QString number(double value, int decimals)
{
    return QLocale().toString(value, 'f', decimals);
}

QString integer(long long value)
{
    return QLocale().toString(static_cast<qlonglong>(value));
}

QString racksText(long long n)
{
    return n == 1 ? QCoreApplication::translate("cp::gui::fmt", "1 rack")
                  : QCoreApplication::translate("cp::gui::fmt", "%1 racks").arg(integer(n));
}

} // namespace cp::gui::fmt
