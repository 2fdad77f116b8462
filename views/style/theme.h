#pragma once

#include <QString>

#include <optional>

namespace cp::gui {

/// The application's colours: the style's own (system), or a light or dark Fusion palette.
enum class Theme { System, Light, Dark };

QString themeKey(Theme theme); ///< "system", "light", "dark" (settings and command line)
std::optional<Theme> themeFromKey(const QString &key);

/// Sets the application palette. Widgets built before follow (Qt sends them PaletteChange).
void applyTheme(Theme theme);

/// The theme stored in QSettings ("view/theme"); System if none or unknown.
Theme storedTheme();
void storeTheme(Theme theme);

} // namespace cp::gui
