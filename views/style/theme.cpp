#include "views/style/theme.h"

#include <QApplication>
#include <QPalette>
#include <QSettings>
#include <QStyle>

namespace cp::gui {

namespace {

const char *const kThemeKey = "view/theme";

QPalette lightPalette()
{
    QPalette p;
    const QColor window(0xef, 0xef, 0xef), text(0x1e, 0x1e, 0x1e), base(0xff, 0xff, 0xff);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0xf5, 0xf5, 0xf5));
    p.setColor(QPalette::ToolTipBase, QColor(0xff, 0xff, 0xdc));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Light, Qt::white);
    p.setColor(QPalette::Midlight, QColor(0xe3, 0xe3, 0xe3));
    p.setColor(QPalette::Mid, QColor(0xa0, 0xa0, 0xa0));
    p.setColor(QPalette::Dark, QColor(0x8a, 0x8a, 0x8a));
    p.setColor(QPalette::Shadow, QColor(0x40, 0x40, 0x40));
    p.setColor(QPalette::Highlight, QColor(0x30, 0x8c, 0xc6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x00, 0x5a, 0xb5));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x90, 0x90, 0x90));
    return p;
}

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2d, 0x2d, 0x30), text(0xe6, 0xe6, 0xe6), base(0x1e, 0x1e, 0x1f);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x28, 0x28, 0x2a));
    p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3c, 0x40));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x8c, 0x8c, 0x8c));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x38, 0x38, 0x3b));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x4a, 0x4a, 0x4e));
    p.setColor(QPalette::Midlight, QColor(0x40, 0x40, 0x44));
    p.setColor(QPalette::Mid, QColor(0x5a, 0x5a, 0x5e));
    p.setColor(QPalette::Dark, QColor(0x1a, 0x1a, 0x1b));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x7f, 0xc1));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x80, 0x80, 0x80));
    return p;
}

} // namespace

QString themeKey(Theme theme)
{
    switch (theme) {
    case Theme::System: return QStringLiteral("system");
    case Theme::Light: return QStringLiteral("light");
    case Theme::Dark: return QStringLiteral("dark");
    }
    return {};
}

std::optional<Theme> themeFromKey(const QString &key)
{
    for (Theme t : {Theme::System, Theme::Light, Theme::Dark})
        if (themeKey(t) == key)
            return t;
    return std::nullopt;
}

void applyTheme(Theme theme)
{
    switch (theme) {
    case Theme::System: QApplication::setPalette(QApplication::style()->standardPalette()); break;
    case Theme::Light: QApplication::setPalette(lightPalette()); break;
    case Theme::Dark: QApplication::setPalette(darkPalette()); break;
    }
}

Theme storedTheme()
{
    return themeFromKey(QSettings().value(QLatin1String(kThemeKey)).toString()).value_or(Theme::System);
}

void storeTheme(Theme theme)
{
    QSettings().setValue(QLatin1String(kThemeKey), themeKey(theme));
}

} // namespace cp::gui
