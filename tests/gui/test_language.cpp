// The window in Simplified Chinese: the translation is built in and loads, the window's menus are
// translated, View › Language lists the languages and stores the choice, and the system locale
// picks Chinese only for Simplified Chinese locales.

#include "model/core/catalog.h"
#include "views/style/language.h"
#include "views/docks/problemsdock.h"
#include "views/docks/resultsdock.h"
#include "model/core/design.h"
#include "model/generate/templates.h"
#include "model/edit/designedit.h"
#include "views/i18n/messages.h"
#include "views/window/mainwindow.h"
#include "views/plan/hallview.h"
#include "views/plan/legendwidget.h"
#include "views/plan/overlay.h"

#include <QCoreApplication>
#include <QTreeWidgetItemIterator>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QSignalSpy>
#include <QTreeWidget>
#include <QtTest>

using namespace cp;
using namespace cp::gui;

class TestLanguage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void systemLocaleChoosesSimplifiedChineseOnly();
    void chineseWindowHasChineseMenus();
    void languageMenuStoresTheChoice();
    void resultsDockShowsChineseFigureNames();
    void problemsDockShowsChineseProblems();
    void refusedEditsAreExplainedInChinese();
};

void TestLanguage::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("ClusterPlannerTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_language"));
    QSettings().clear();
    QString error;
    QVERIFY2(installTranslators(Language::SimplifiedChinese, &error), qPrintable(error));
    QCOMPARE(installedLanguage(), Language::SimplifiedChinese);
}

void TestLanguage::systemLocaleChoosesSimplifiedChineseOnly()
{
    const auto chosen = [](const char *locale) { return effectiveLanguage(Language::System, QLocale(QLatin1String(locale))); };
    QCOMPARE(chosen("zh_CN"), Language::SimplifiedChinese);
    QCOMPARE(chosen("zh_SG"), Language::SimplifiedChinese);
    QCOMPARE(chosen("zh_Hans_HK"), Language::SimplifiedChinese);
    QCOMPARE(chosen("zh_TW"), Language::English);
    QCOMPARE(chosen("zh_HK"), Language::English);
    QCOMPARE(chosen("en_US"), Language::English);
    QCOMPARE(chosen("de_DE"), Language::English);
    // An explicit choice wins over the locale.
    QCOMPARE(effectiveLanguage(Language::English, QLocale(QLatin1String("zh_CN"))), Language::English);
    QCOMPARE(effectiveLanguage(Language::SimplifiedChinese, QLocale(QLatin1String("en_US"))), Language::SimplifiedChinese);
    QCOMPARE(languageFromKey(QStringLiteral("zh_CN")), std::optional<Language>(Language::SimplifiedChinese));
    QCOMPARE(languageFromKey(QStringLiteral("klingon")), std::nullopt);
}

void TestLanguage::chineseWindowHasChineseMenus()
{
    MainWindow w(Catalog::builtin());
    w.setErrorDialogsEnabled(false);
    w.loadSample();
    QStringList titles;
    for (QAction *a : w.menuBar()->actions())
        titles << a->text();
    QVERIFY2(titles.value(0).startsWith(QStringLiteral("文件")), qPrintable(titles.join(QLatin1Char('|'))));
    for (const QString &t : titles) {
        // Every menu title is Chinese: at least one CJK character.
        const bool cjk = std::any_of(t.begin(), t.end(), [](QChar c) { return c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff; });
        QVERIFY2(cjk, qPrintable(t));
    }
    // Qt's own standard strings are Chinese too (qtbase_zh_CN from qt6-translations-l10n).
    QVERIFY(QCoreApplication::translate("QPlatformTheme", "Cancel") != QStringLiteral("Cancel"));
}

void TestLanguage::languageMenuStoresTheChoice()
{
    MainWindow w(Catalog::builtin());
    w.setErrorDialogsEnabled(false); // no question, no restart
    auto *menu = w.findChild<QMenu *>(QStringLiteral("languageMenu"));
    QVERIFY(menu);
    QCOMPARE(menu->actions().size(), qsizetype(3));
    QAction *chinese = w.findChild<QAction *>(QStringLiteral("language_zh_CN"));
    QAction *english = w.findChild<QAction *>(QStringLiteral("language_en"));
    QVERIFY(chinese && english);
    QCOMPARE(chinese->text(), QStringLiteral("简体中文"));
    QCOMPARE(english->text(), QStringLiteral("English"));
    english->trigger();
    QCOMPARE(storedLanguage(), Language::English);
    QVERIFY(english->isChecked());
    chinese->trigger();
    QCOMPARE(storedLanguage(), Language::SimplifiedChinese);
    QSettings().clear();
}

void TestLanguage::resultsDockShowsChineseFigureNames()
{
    MainWindow w(Catalog::builtin());
    w.setErrorDialogsEnabled(false);
    QSignalSpy evaluated(&w, &MainWindow::evaluated);
    w.loadSample();
    QVERIFY(evaluated.wait(20000));
    QTreeWidget *tree = w.resultsDock()->inventoryTree();
    QVERIFY(tree->topLevelItemCount() > 3);
    // The figure table's words (GUI-free model) reach the dock translated, the key kept as tooltip.
    QTreeWidgetItem *gpus = nullptr;
    for (int i = 0; i < tree->topLevelItemCount(); ++i)
        if (ResultsDock::keyOf(tree->topLevelItem(i)) == QStringLiteral("inventory.gpus_total"))
            gpus = tree->topLevelItem(i);
    QVERIFY(gpus);
    QCOMPARE(gpus->text(0), QCoreApplication::translate("cp::Figures", "GPUs installed"));
    QVERIFY2(gpus->text(0) != QStringLiteral("GPUs installed"), qPrintable(gpus->text(0)));
    QVERIFY(gpus->text(3).contains(QStringLiteral("GPU")));
    // The checkpoint kind beside the resilience policy is translated, not the model's word.
    QTreeWidgetItem *policy = nullptr;
    for (QTreeWidgetItemIterator it(w.resultsDock()->performanceTree()); *it; ++it)
        if (ResultsDock::keyOf(*it) == QStringLiteral("reliability.policy"))
            policy = *it;
    QVERIFY(policy);
    QCOMPARE(policy->text(3), QCoreApplication::translate("cp::Parts", "blocking"));
    QVERIFY2(policy->text(3) != QStringLiteral("blocking"), qPrintable(policy->text(3)));
    // The power overlay's legend names each rack limit by its cooling in the window's language.
    w.setOverlay(OverlayKind::PowerDensity);
    bool airLimit = false;
    for (const auto &tick : w.hallView()->legend()->overlay().ticks) {
        airLimit = airLimit || tick.second.startsWith(QStringLiteral("风冷"));
        QVERIFY2(!tick.second.contains(QStringLiteral("air")), qPrintable(tick.second));
    }
    QVERIFY(airLimit);
}

void TestLanguage::problemsDockShowsChineseProblems()
{
    // A real design's validation: a duplicate rack id and a rack outside the hall.
    const Catalog &catalog = Catalog::builtin();
    TemplateOptions options;
    options.gpus = 256;
    Design d = generateTemplate(options, catalog);
    QVERIFY(d.racks.size() >= 2);
    d.racks[1].id = d.racks[0].id;
    d.racks[0].xM = d.hall.widthM + 50.0;
    const Problems problems = validate(d, catalog);
    const auto find = [&](const char *text) -> const Problem * {
        for (const Problem &p : problems)
            if (p.text == text)
                return &p;
        return nullptr;
    };
    const Problem *duplicate = find("duplicate rack id %1");
    QVERIFY(duplicate);
    // The model's message stays English (CLI, results JSON); the window shows the template translated.
    QCOMPARE(QString::fromStdString(duplicate->message),
             QStringLiteral("duplicate rack id \"%1\"").arg(QString::fromStdString(d.racks[0].id)));
    QCOMPARE(problemText(*duplicate),
             QStringLiteral("重复的机柜标识 \"%1\"").arg(QString::fromStdString(d.racks[0].id)));

    ProblemsDock dock;
    dock.setProblems(problems, {});
    QTreeWidget *tree = dock.tree();
    QVERIFY(tree->topLevelItemCount() >= 2);
    int chinese = 0;
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        const QString shown = tree->topLevelItem(i)->text(2);
        if (shown.contains(QStringLiteral("机柜")) || shown.contains(QStringLiteral("机房")))
            ++chinese;
        QVERIFY2(!shown.contains(QStringLiteral("duplicate rack id")), qPrintable(shown));
    }
    QVERIFY(chinese >= 2);
    // A message without a template (an exception's text) is shown as it is.
    const Problem verbatim{Severity::Error, QStringLiteral("design").toStdString(), "disk full", {}, {}};
    QCOMPARE(problemText(verbatim), QStringLiteral("disk full"));
}

void TestLanguage::refusedEditsAreExplainedInChinese()
{
    const Catalog &catalog = Catalog::builtin();
    TemplateOptions options;
    options.gpus = 256;
    const Design d = generateTemplate(options, catalog);
    // A reason of its own: the English stays for the command line and the tests.
    Rack renamed = d.racks[0];
    renamed.id.clear();
    const Edit empty = changeRack(d, catalog, 0, renamed);
    QVERIFY(!empty.ok());
    QCOMPARE(QString::fromStdString(empty.error), QStringLiteral("the rack id must not be empty"));
    QCOMPARE(refusalText(empty), QStringLiteral("机柜标识不能为空"));
    // A reason that quotes the problem behind it: both parts translated, the ids kept.
    Selection first;
    first.racks = {0};
    const Edit away = moveBy(d, first, 10000.0, 0.0);
    QVERIFY(!away.ok());
    QVERIFY2(away.quotesCause && !away.causeText.empty(), away.error.c_str());
    const QString shown = refusalText(away);
    QVERIFY2(shown.contains(QStringLiteral("机柜")) && shown.contains(QStringLiteral("机房之外")), qPrintable(shown));
    QVERIFY2(shown.contains(QString::fromStdString(d.racks[0].id)), qPrintable(shown));
    QVERIFY2(!shown.contains(QStringLiteral("outside")), qPrintable(shown));
}

QTEST_MAIN(TestLanguage)
#include "test_language.moc"
