#pragma once

// The window's language: English (the source text) or Simplified Chinese, chosen by the system
// locale or by View › Language (stored in QSettings "view/language"). The translations are the
// .qm files built from translations/*.ts (qt_add_translations), embedded under :/i18n, and Qt's
// own (standard buttons and dialogs) from its translations folder.

#include <QLocale>
#include <QString>

#include <optional>

namespace cp::gui {

enum class Language { System, English, SimplifiedChinese };

QString languageKey(Language language); ///< "system", "en", "zh_CN" (settings and command line)
std::optional<Language> languageFromKey(const QString &key);
/// The language's own name for the menu ("English", "简体中文"); "System" for System.
QString languageName(Language language);

/// The language stored in QSettings ("view/language"); System if none or unknown.
Language storedLanguage();
void storeLanguage(Language language);

/// The language `language` means here: System becomes the system locale's (Chinese for any zh
/// locale of the mainland, Singapore or a Hans script; English otherwise).
Language effectiveLanguage(Language language, const QLocale &system);
Language effectiveLanguage(Language language);

/// Installs the translators of `language` on the application (before any window is built):
/// Cluster Planner's and Qt's own. English installs none. Returns false, with `error` naming
/// the file, when a translation cannot be loaded (the window stays English).
bool installTranslators(Language language, QString *error = nullptr);
/// The language the window's strings are in now (what installTranslators installed).
Language installedLanguage();

} // namespace cp::gui
