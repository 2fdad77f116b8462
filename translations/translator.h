#pragma once

// Cluster Planner's translations: the .qm files compiled from translations/*.ts and embedded under
// :/i18n (translations/CMakeLists.txt), for the window (views/style/language.cpp) and for the
// reports (`compare --report --lang`, the window's export). Qt Core only: the command line uses it
// with no display.

#include <QString>

#include <memory>
#include <string>
#include <vector>

class QTranslator;

namespace cp::i18n {

/// The languages this build speaks, as keys: "en" (the source text) and one per translation.
std::vector<std::string> languages();
/// True for a key of languages(); "zh" is taken as "zh_CN".
bool knownLanguage(const std::string &key);
/// "zh" → "zh_CN"; other keys as they are.
std::string canonicalLanguage(const std::string &key);

/// Cluster Planner's own translator for `key`. Null for English (nothing to translate) and on
/// failure, when `error` names the embedded file that could not be loaded.
std::unique_ptr<QTranslator> loadTranslator(const std::string &key, QString *error = nullptr);

/// While alive, the application's strings are in `key`: its translator is installed on the
/// running QCoreApplication, removed again when the scope ends. English installs nothing.
class LanguageScope
{
public:
    explicit LanguageScope(const std::string &key);
    ~LanguageScope();
    LanguageScope(const LanguageScope &) = delete;
    LanguageScope &operator=(const LanguageScope &) = delete;
    /// False when the translation could not be loaded; error() says why.
    bool ok() const { return mError.isEmpty(); }
    const QString &error() const { return mError; }

private:
    std::unique_ptr<QTranslator> mTranslator;
    QString mError;
};

} // namespace cp::i18n
