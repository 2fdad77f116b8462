// Cluster Planner: the desktop application. Parses the command line, builds the catalog and
// opens the main window; with --screenshot it renders the window to a PNG and exits.

#include "model/core/catalog.h"
#include "views/hall3d/hall3dview.h"
#include "views/sweep/sweepresultsview.h"
#include "views/window/mainwindow.h"
#include "views/plan/overlay.h"
#include "views/style/language.h"
#include "views/style/theme.h"

#include "screenshotruns.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QMessageBox>
#include <QStyleFactory>
#include <QSurfaceFormat>
#include <QTimer>
#include <QTranslator>

#include <cstdio>
#include <optional>

namespace {

/// What the command line asks for, checked.
struct Options
{
    QString file;              ///< a .cplan or .json to open; empty for none
    bool fromTemplate = false; ///< --template KIND given
    QString templateKind;
    long long gpus = 0;        ///< --gpus N (0 = the template's default)
    bool empty = false;        ///< --empty
    bool userCatalog = false;  ///< --catalog FILE given
    QString catalogFile;
    QString screenshotPng;     ///< --screenshot PNG
    QString screenshot3dPng;   ///< --screenshot-3d PNG
    QString viewsDir;          ///< --screenshot-views DIR
    std::optional<cp::gui::Language> language; ///< --language: instead of the stored choice
    bool listLanguages = false; ///< --list-languages
    QString sweep;             ///< --sweep RESULTS: open a sweep's results beside the window
    QString sweepPng;          ///< --screenshot-sweep PNG: save that window and quit
    bool selects = false;      ///< --select ID given
    QString select;
    bool showProblems = false; ///< --show-problems
    std::optional<cp::gui::OverlayKind> overlay;
    std::optional<cp::gui::Theme> theme;
    bool screenshots = false;  ///< --screenshot or --screenshot-3d given
    bool views = false;        ///< --screenshot-views given
    /// A screenshot run: no dialogs, a fixed window, the light theme, exit when done.
    bool batch() const { return screenshots || views || !sweepPng.isEmpty(); }
    QString error; ///< why the command line was refused; empty when it is fine
};

/// Sets the application's names and style; Fusion everywhere, so the themes look alike.
void setUpApplication()
{
    QApplication::setOrganizationName(QStringLiteral("ClusterPlanner"));
    QApplication::setApplicationName(QStringLiteral("Cluster Planner"));
    QApplication::setApplicationVersion(QStringLiteral(CP_VERSION));
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
}

/// Parses and checks the command line (--help and --version exit here); a bad combination
/// sets `error`.
Options parseCommandLine(const QApplication &app)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Lay out an AI training cluster in a data hall and see what it delivers."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("A .cplan project or a .json design to open."),
                                 QStringLiteral("[FILE]"));
    const QCommandLineOption catalogOption(QStringLiteral("catalog"),
                                           QStringLiteral("A user catalog merged beside the default one."),
                                           QStringLiteral("FILE"));
    const QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"), QStringLiteral("Save the evaluated window as a PNG and quit."), QStringLiteral("PNG"));
    const QCommandLineOption screenshot3dOption(QStringLiteral("screenshot-3d"),
                                                QStringLiteral("Save the window with the 3D hall view as a PNG and quit."),
                                                QStringLiteral("PNG"));
    const QCommandLineOption templateOption(QStringLiteral("template"),
                                            QStringLiteral("Start from a template: classic, supernode or gigawatt."),
                                            QStringLiteral("KIND"));
    const QCommandLineOption gpusOption(QStringLiteral("gpus"),
                                        QStringLiteral("GPUs installed by --template, spares included."),
                                        QStringLiteral("N"));
    const QCommandLineOption overlayOption(
        QStringLiteral("overlay"), QStringLiteral("Colour the racks by: category, power, failure or bandwidth."),
        QStringLiteral("KIND"));
    const QCommandLineOption selectOption(QStringLiteral("select"),
                                          QStringLiteral("Select a rack or unit by id (for the failure-domain and "
                                                         "bandwidth overlays)."),
                                          QStringLiteral("ID"));
    const QCommandLineOption emptyOption(QStringLiteral("empty"), QStringLiteral("Start with an empty hall."));
    const QCommandLineOption problemsOption(
        QStringLiteral("show-problems"),
        QStringLiteral("With --screenshot: select the worst problem's part, as clicking it in the Problems dock would."));
    const QCommandLineOption themeOption(QStringLiteral("theme"),
                                         QStringLiteral("Colours: system, light or dark (remembered)."),
                                         QStringLiteral("THEME"));
    const QCommandLineOption viewsOption(QStringLiteral("screenshot-views"),
                                         QStringLiteral("Save a PNG of every view (plan, 3D, heatmap, each chart, "
                                                        "a failure domain) into DIR and quit."),
                                         QStringLiteral("DIR"));
    const QCommandLineOption languageOption(
        QStringLiteral("language"),
        QStringLiteral("The window's language: system, en or zh_CN (default: View › Language, else the system's; "
                       "screenshots: en)."),
        QStringLiteral("LANG"));
    const QCommandLineOption languagesOption(
        QStringLiteral("list-languages"),
        QStringLiteral("Print the languages the window can show (with its File menu's title in each) and quit."));
    const QCommandLineOption sweepOption(QStringLiteral("sweep"),
                                         QStringLiteral("Open a sweep's results (cluster-planner-cli sweep) beside the window."),
                                         QStringLiteral("RESULTS"));
    const QCommandLineOption sweepShotOption(QStringLiteral("screenshot-sweep"),
                                             QStringLiteral("With --sweep: save the sweep window as a PNG and quit."),
                                             QStringLiteral("PNG"));
    parser.addOptions({catalogOption, screenshotOption, screenshot3dOption, viewsOption, templateOption, gpusOption,
                       overlayOption, selectOption, emptyOption, problemsOption, themeOption, sweepOption,
                       sweepShotOption, languageOption, languagesOption});
    parser.process(app);

    Options o;
    const QStringList positional = parser.positionalArguments();
    o.file = positional.isEmpty() ? QString() : positional.front();
    o.fromTemplate = parser.isSet(templateOption);
    o.templateKind = parser.value(templateOption);
    o.empty = parser.isSet(emptyOption);
    o.userCatalog = parser.isSet(catalogOption);
    o.catalogFile = parser.value(catalogOption);
    o.screenshotPng = parser.value(screenshotOption);
    o.screenshot3dPng = parser.value(screenshot3dOption);
    o.viewsDir = parser.value(viewsOption);
    o.selects = parser.isSet(selectOption);
    o.select = parser.value(selectOption);
    o.showProblems = parser.isSet(problemsOption);
    o.screenshots = parser.isSet(screenshotOption) || parser.isSet(screenshot3dOption);
    o.views = parser.isSet(viewsOption);
    o.listLanguages = parser.isSet(languagesOption);
    o.sweep = parser.value(sweepOption);
    o.sweepPng = parser.value(sweepShotOption);

    auto refuse = [&o](const QString &message) {
        o.error = message;
        return o;
    };
    if (parser.isSet(languageOption)) {
        o.language = cp::gui::languageFromKey(parser.value(languageOption));
        if (!o.language)
            return refuse(QStringLiteral("--language: expected system, en or zh_CN, got \"%1\"")
                              .arg(parser.value(languageOption)));
    }
    if (!o.sweepPng.isEmpty() && o.sweep.isEmpty())
        return refuse(QStringLiteral("--screenshot-sweep needs --sweep RESULTS"));
    if (positional.size() > 1)
        return refuse(QStringLiteral("expected at most one FILE, got %1").arg(positional.size()));
    if (o.empty && (!positional.isEmpty() || parser.isSet(templateOption)))
        return refuse(QStringLiteral("--empty starts without a design: give no FILE or --template"));
    if (parser.isSet(overlayOption)) {
        o.overlay = cp::gui::overlayFromKey(parser.value(overlayOption));
        if (!o.overlay)
            return refuse(QStringLiteral("--overlay: expected category, power, failure or bandwidth, got \"%1\"")
                              .arg(parser.value(overlayOption)));
    }
    if (parser.isSet(themeOption)) {
        o.theme = cp::gui::themeFromKey(parser.value(themeOption));
        if (!o.theme)
            return refuse(
                QStringLiteral("--theme: expected system, light or dark, got \"%1\"").arg(parser.value(themeOption)));
    }
    if (!positional.isEmpty() && parser.isSet(templateOption))
        return refuse(QStringLiteral("give either FILE or --template, not both"));
    if (parser.isSet(gpusOption) && !parser.isSet(templateOption))
        return refuse(QStringLiteral("--gpus needs --template"));
    if (parser.isSet(gpusOption)) {
        bool ok = false;
        o.gpus = parser.value(gpusOption).toLongLong(&ok);
        if (!ok || o.gpus <= 0)
            return refuse(
                QStringLiteral("--gpus: expected a positive whole number, got \"%1\"").arg(parser.value(gpusOption)));
    }
    return o;
}

/// The built-in catalog with the user's --catalog merged in; throws if that file is bad.
cp::Catalog loadCatalog(const Options &options)
{
    cp::Catalog catalog = cp::Catalog::builtin();
    if (options.userCatalog) {
        const std::string path = QFile::encodeName(options.catalogFile).toStdString();
        catalog.merge(cp::Catalog::fromFile(path), path);
    }
    return catalog;
}

/// Screenshots use the light theme unless told otherwise, whatever the user chose.
void applyThemeOption(const Options &options)
{
    if (options.theme) {
        cp::gui::applyTheme(*options.theme);
        if (!options.batch())
            cp::gui::storeTheme(*options.theme);
    } else {
        cp::gui::applyTheme(options.batch() ? cp::gui::Theme::Light : cp::gui::storedTheme());
    }
}

/// Opens what the command line names, or the sample; false if that failed (the message went to
/// stderr, and a message box when interactive).
bool loadDesign(cp::gui::MainWindow &window, const Options &options)
{
    if (!options.file.isEmpty())
        return window.openFile(options.file);
    if (options.fromTemplate)
        return window.newFromTemplate(options.templateKind, options.gpus);
    if (options.empty)
        window.loadEmpty();
    else
        window.loadSample();
    return true;
}

} // namespace

int main(int argc, char *argv[])
{
    // VTK needs an OpenGL 3.2 core context; Qt's window context must be able to share with it.
    QSurfaceFormat::setDefaultFormat(cp::gui::Hall3dView::defaultFormat());
    QApplication app(argc, argv);
    setUpApplication();

    const Options options = parseCommandLine(app);
    const bool batch = options.batch();
    auto fail = [batch](const QString &message) {
        printError(message);
        if (!batch)
            QMessageBox::critical(nullptr, QStringLiteral("Cluster Planner"), message);
        return 1;
    };
    if (!options.error.isEmpty())
        return fail(options.error);

    cp::Catalog catalog;
    try {
        catalog = loadCatalog(options);
    } catch (const std::exception &e) {
        return fail(QString::fromLocal8Bit(e.what()));
    }
    if (options.listLanguages) {
        // Each language's translator, loaded and asked in turn: what a package installed.
        for (const cp::gui::Language l : {cp::gui::Language::English, cp::gui::Language::SimplifiedChinese}) {
            QTranslator translator;
            const bool english = l == cp::gui::Language::English;
            const bool loaded = english || translator.load(QStringLiteral(":/i18n/cluster-planner_%1.qm").arg(cp::gui::languageKey(l)));
            const QString file = english ? QStringLiteral("&File") : translator.translate("cp::gui::MainWindow", "&File");
            std::printf("%s\t%s\t%s\n", qPrintable(cp::gui::languageKey(l)), qPrintable(cp::gui::languageName(l)),
                        loaded && !file.isEmpty() ? qPrintable(QString(file).remove(QLatin1Char('&'))) : "(not installed)");
        }
        return 0;
    }
    applyThemeOption(options);
    // Before any window: every string is translated as it is built. Screenshots stay English
    // unless --language says otherwise, whatever the machine's locale.
    {
        const cp::gui::Language language =
            options.language.value_or(batch ? cp::gui::Language::English : cp::gui::storedLanguage());
        QString error;
        if (!cp::gui::installTranslators(language, &error))
            printError(error);
    }

    cp::gui::MainWindow window(std::move(catalog));
    window.setErrorDialogsEnabled(!batch);
    if (batch) {
        // A fixed size, so screenshots in the docs do not depend on a saved layout.
        window.resize(1600, 1000);
        window.move(0, 0);
    } else {
        window.restoreSettings();
    }

    // Load before showing, so the first frame is the design and not an empty hall.
    if (!loadDesign(window, options)) {
        if (batch)
            return 1;
        window.loadSample();
    }
    if (options.overlay)
        window.setOverlay(*options.overlay);
    else if (batch)
        window.setOverlay(cp::gui::OverlayKind::Category); // not the user's last choice

    window.show();
    if (!options.sweep.isEmpty()) {
        cp::gui::SweepResultsView *sweep = window.openSweepResults(options.sweep);
        if (!sweep && batch)
            return 1;
        if (sweep && !options.sweepPng.isEmpty()) {
            sweep->resize(1100, 720);
            QTimer::singleShot(1500, sweep, [sweep, png = options.sweepPng] {
                QCoreApplication::exit(sweep->grab().save(png) ? 0 : 3);
            });
            return app.exec();
        }
    }
    if (!batch) {
        if (options.selects)
            QTimer::singleShot(0, &window, [&window, id = options.select] { window.selectPart(id); });
        // After a crash: offer what the autosave kept, once the window is up.
        QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
        return app.exec();
    }
    if (options.views) {
        if (options.screenshots)
            return fail(QStringLiteral("give either --screenshot-views or --screenshot/--screenshot-3d, not both"));
        const std::unique_ptr<QObject> views = startViewsScreenshotRun(&window, options.viewsDir);
        return app.exec();
    }
    const std::unique_ptr<QObject> run =
        startScreenshotRun(&window, options.screenshotPng, options.screenshot3dPng, {options.select, options.showProblems});
    return app.exec();
}
