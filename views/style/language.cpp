#include "views/style/language.h"

#include "translations/translator.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace cp::gui {

namespace {
constexpr const char *kSettingsKey = "view/language";
Language gInstalled = Language::English;
} // namespace

Language installedLanguage()
{
    return gInstalled;
}

QString languageKey(Language language)
{
    switch (language) {
    case Language::System: return QStringLiteral("system");
    case Language::English: return QStringLiteral("en");
    case Language::SimplifiedChinese: return QStringLiteral("zh_CN");
    }
    return QStringLiteral("system");
}

std::optional<Language> languageFromKey(const QString &key)
{
    for (Language l : {Language::System, Language::English, Language::SimplifiedChinese})
        if (key.compare(languageKey(l), Qt::CaseInsensitive) == 0)
            return l;
    if (key.compare(QStringLiteral("zh"), Qt::CaseInsensitive) == 0)
        return Language::SimplifiedChinese;
    return std::nullopt;
}

QString languageName(Language language)
{
    switch (language) {
    case Language::System: return QCoreApplication::translate("Language", "System");
    case Language::English: return QStringLiteral("English");
    case Language::SimplifiedChinese: return QStringLiteral("简体中文");
    }
    return {};
}

Language storedLanguage()
{
    return languageFromKey(QSettings().value(QLatin1String(kSettingsKey)).toString()).value_or(Language::System);
}

void storeLanguage(Language language)
{
    QSettings().setValue(QLatin1String(kSettingsKey), languageKey(language));
}

Language effectiveLanguage(Language language)
{
    return effectiveLanguage(language, QLocale::system());
}

Language effectiveLanguage(Language language, const QLocale &system)
{
    if (language != Language::System)
        return language;
    if (system.language() != QLocale::Chinese)
        return Language::English;
    // Traditional Chinese (Taiwan, Hong Kong, Macao, a Hant script) is not Simplified Chinese.
    if (system.script() == QLocale::TraditionalChineseScript)
        return Language::English;
    const auto t = system.territory();
    if (system.script() != QLocale::SimplifiedChineseScript &&
        (t == QLocale::Taiwan || t == QLocale::HongKong || t == QLocale::Macao))
        return Language::English;
    return Language::SimplifiedChinese;
}

bool installTranslators(Language language, QString *error)
{
    if (effectiveLanguage(language) != Language::SimplifiedChinese)
        return true;
    auto *app = QCoreApplication::instance();
    auto *own = i18n::loadTranslator("zh_CN", error).release();
    if (!own)
        return false;
    own->setParent(app);
    QCoreApplication::installTranslator(own);
    gInstalled = Language::SimplifiedChinese;
    // Qt's own strings (standard buttons, file dialogs); the window works without them.
    auto *qt = new QTranslator(app);
    if (qt->load(QLocale(QLocale::Chinese, QLocale::China), QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    return true;
}

} // namespace cp::gui
