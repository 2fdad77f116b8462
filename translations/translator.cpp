#include "translations/translator.h"

#include <QCoreApplication>
#include <QTranslator>

namespace cp::i18n {

std::vector<std::string> languages()
{
    return {"en", "zh_CN"};
}

std::string canonicalLanguage(const std::string &key)
{
    if (key == "zh" || key == "zh-CN" || key == "zh_Hans")
        return "zh_CN";
    return key;
}

bool knownLanguage(const std::string &key)
{
    const std::string k = canonicalLanguage(key);
    for (const std::string &l : languages())
        if (l == k)
            return true;
    return false;
}

std::unique_ptr<QTranslator> loadTranslator(const std::string &key, QString *error)
{
    const std::string k = canonicalLanguage(key);
    if (k == "en")
        return nullptr;
    const QString file = QStringLiteral(":/i18n/cluster-planner_%1.qm").arg(QString::fromStdString(k));
    auto translator = std::make_unique<QTranslator>();
    if (!knownLanguage(k) || !translator->load(file)) {
        if (error)
            *error = QStringLiteral("%1: cannot load the translation for \"%2\"").arg(file, QString::fromStdString(key));
        return nullptr;
    }
    return translator;
}

LanguageScope::LanguageScope(const std::string &key)
{
    if (canonicalLanguage(key) == "en")
        return;
    mTranslator = loadTranslator(key, &mError);
    if (mTranslator && !QCoreApplication::installTranslator(mTranslator.get())) {
        mError = QStringLiteral("no application to install the translation for \"%1\" on").arg(QString::fromStdString(key));
        mTranslator.reset();
    }
}

LanguageScope::~LanguageScope()
{
    if (mTranslator)
        QCoreApplication::removeTranslator(mTranslator.get());
}

} // namespace cp::i18n
