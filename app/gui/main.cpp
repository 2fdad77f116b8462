// Cluster Planner: the desktop application. Parses the command line, builds the catalog and
// opens the main window; with --screenshot it renders the window to a PNG and exits.

#include "model/fabric/topology.h"
#include "model/core/catalog.h"
#include "views/analysis/chartsview.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "views/analysis/failuredomainsview.h"
#include "views/hall3d/hall3dview.h"
#include "views/analysis/heatmapview.h"
#include "views/sweep/sweepresultsview.h"
#include "views/window/mainwindow.h"
#include "views/docks/elevationdock.h"
#include "views/plan/items/rackitem.h"
#include "views/plan/hallscene.h"
#include "views/plan/hallview.h"
#include "views/docks/inspectordock.h"
#include "views/session/document.h"
#include "views/session/selectionmodel.h"
#include "views/plan/overlay.h"
#include "views/docks/comparisondock.h"
#include "views/docks/problemsdock.h"
#include "views/docks/resultsdock.h"
#include "views/style/language.h"
#include "views/style/theme.h"

#include <QApplication>
#include <QComboBox>
#include <QCommandLineParser>
#include <QContextMenuEvent>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QPixmap>
#include <QPointer>
#include <QStyleFactory>
#include <QSurfaceFormat>
#include <QTimer>
#include <QTranslator>
#include <QTreeView>
#include <QTreeWidget>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <functional>
#include <optional>

namespace {

void printError(const QString &message)
{
    std::fprintf(stderr, "cluster-planner: %s\n", qPrintable(message));
}

/// What to show before a screenshot is taken.
struct ScreenshotScene
{
    QString select;        ///< a rack or unit id to select
    bool showProblems = false; ///< select the worst problem's part and bring the Problems dock up
};

/// Waits until the window is shown and evaluated, then saves the requested screenshots.
class ScreenshotRun : public QObject
{
public:
    ScreenshotRun(cp::gui::MainWindow *window, QString planPng, QString hall3dPng, ScreenshotScene scene)
        : mWindow(window)
        , mPlanPng(std::move(planPng))
        , mHall3dPng(std::move(hall3dPng))
        , mScene(std::move(scene))
    {
        connect(window, &cp::gui::MainWindow::evaluated, this, [this] { QTimer::singleShot(300, this, [this] { step(); }); });
        // A hung engine or a display that never draws must not hang a script.
        QTimer::singleShot(180000, this, [] {
            printError(QStringLiteral("timed out waiting for the window to be evaluated and drawn"));
            QCoreApplication::exit(2);
        });
        if (window->hasResults())
            QTimer::singleShot(300, this, [this] { step(); });
    }

private:
    bool save(QWidget *widget, const QString &path)
    {
        const QString dir = QFileInfo(path).absolutePath();
        if (!QDir().mkpath(dir)) {
            printError(QStringLiteral("cannot create directory %1").arg(dir));
            return false;
        }
        if (!widget->grab().save(path, "PNG")) {
            printError(QStringLiteral("cannot write %1").arg(path));
            return false;
        }
        return true;
    }

    void step()
    {
        if (mStarted)
            return;
        mStarted = true;
        if (!mWindow->isVisible() || !mWindow->hasResults()) {
            printError(mWindow->hasResults() ? QStringLiteral("the window is not shown")
                                             : QStringLiteral("evaluation failed: %1").arg(mWindow->outcome().error));
            QCoreApplication::exit(1);
            return;
        }
        if (!prepareScene()) {
            QCoreApplication::exit(1);
            return;
        }
        if (!mPlanPng.isEmpty()) {
            mWindow->showPlan();
            if (!save(mWindow, mPlanPng)) {
                QCoreApplication::exit(1);
                return;
            }
        }
        if (mHall3dPng.isEmpty()) {
            QCoreApplication::exit(0);
            return;
        }
        mWindow->show3d();
        if (cp::gui::Hall3dView *view = mWindow->hall3dView()) {
            // Wait for VTK's first frames (the first one may precede the final layout).
            connect(view, &cp::gui::Hall3dView::frameRendered, this, [this, view] {
                if (view->framesRendered() == 1)
                    QTimer::singleShot(500, this, [this] { finish3d(); });
            });
            view->update();
        } else {
            QTimer::singleShot(200, this, [this] { finish3d(); });
        }
    }

    void finish3d() { QCoreApplication::exit(save(mWindow, mHall3dPng) ? 0 : 1); }

    bool prepareScene()
    {
        if (!mScene.select.isEmpty() && !mWindow->selectPart(mScene.select)) {
            printError(QStringLiteral("--select: no rack or unit \"%1\" in the design").arg(mScene.select));
            return false;
        }
        if (mScene.showProblems) {
            cp::gui::ProblemsDock *dock = mWindow->problemsDock();
            dock->show();
            dock->raise();
            // Wide enough for the messages, taken from the results beside it.
            mWindow->resizeDocks({mWindow->resultsDock(), dock}, {700, 900}, Qt::Horizontal);
            QTreeWidget *tree = dock->tree();
            if (tree->topLevelItemCount() == 0) {
                printError(QStringLiteral("--show-problems: the design has no problems"));
                return false;
            }
            // The worst problem first; its part selected, as a click on it would.
            tree->setCurrentItem(tree->topLevelItem(0));
            Q_EMIT tree->itemActivated(tree->topLevelItem(0), 0);
        }
        QCoreApplication::processEvents();
        return true;
    }

    QPointer<cp::gui::MainWindow> mWindow;
    QString mPlanPng;
    QString mHall3dPng;
    ScreenshotScene mScene;
    bool mStarted = false;
};

/// Saves a picture of every view for the user guide (--screenshot-views DIR): the plan, the 3D
/// hall coloured by kW, the bandwidth heatmap, each chart, and a failure domain picked in its
/// table as the plan and the 3D hall show it.
class ViewsScreenshotRun : public QObject
{
public:
    ViewsScreenshotRun(cp::gui::MainWindow *window, QString dir)
        : mWindow(window)
        , mDir(std::move(dir))
    {
        connect(window, &cp::gui::MainWindow::evaluated, this, [this] { QTimer::singleShot(300, this, [this] { run(); }); });
        QTimer::singleShot(300000, this, [] {
            printError(QStringLiteral("timed out waiting for the views to be drawn"));
            QCoreApplication::exit(2);
        });
    }

private:
    static void wait(int ms)
    {
        QEventLoop loop;
        QTimer::singleShot(ms, &loop, &QEventLoop::quit);
        loop.exec();
    }

    static bool waitUntil(const std::function<bool()> &done, int timeoutMs)
    {
        QElapsedTimer timer;
        timer.start();
        while (!done()) {
            if (timer.elapsed() > timeoutMs)
                return false;
            wait(50);
        }
        return true;
    }

    bool save(const QString &name)
    {
        QCoreApplication::processEvents();
        const QString path = QDir(mDir).filePath(name);
        if (!mWindow->grab().save(path, "PNG")) {
            printError(QStringLiteral("cannot write %1").arg(path));
            return false;
        }
        std::printf("%s\n", qPrintable(path));
        return true;
    }

    bool show3d(const QString &name)
    {
        mWindow->show3d();
        if (cp::gui::Hall3dView *view = mWindow->hall3dView()) {
            const int before = view->framesRendered();
            view->update();
            waitUntil([view, before] { return view->framesRendered() > before; }, 20000);
        }
        wait(800);
        return save(name);
    }

    void run()
    {
        if (mStarted)
            return;
        mStarted = true;
        QCoreApplication::exit(runSteps() ? 0 : 1);
    }

    bool runSteps()
    {
        if (!mWindow->hasResults()) {
            printError(QStringLiteral("evaluation failed: %1").arg(mWindow->outcome().error));
            return false;
        }
        if (!QDir().mkpath(mDir)) {
            printError(QStringLiteral("cannot create directory %1").arg(mDir));
            return false;
        }
        // The project's other scenarios are drawn in the charts: wait for them.
        waitUntil([this] { return !mWindow->isComparing(); }, 120000);

        mWindow->showPlan();
        if (!save(QStringLiteral("plan.png")) || !show3d(QStringLiteral("hall-3d.png")))
            return false;
        mWindow->showHeatmap();
        wait(300);
        if (!save(QStringLiteral("heatmap.png")))
            return false;

        // Charts: the dock raised and given room, each chart in turn.
        mWindow->showPlan();
        QDockWidget *charts = mWindow->chartsDock();
        charts->show();
        charts->raise();
        // The charts get the width the Problems dock had beside them.
        const bool problemsShown = mWindow->problemsDock()->isVisible();
        mWindow->problemsDock()->hide();
        mWindow->resizeDocks({charts}, {560}, Qt::Vertical);
        cp::gui::ChartsView *view = mWindow->chartsView();
        for (int i = 0; i < view->chartCount(); ++i) {
            view->setCurrentChart(i);
            waitUntil([view] { return !view->isBusy(); }, 60000);
            wait(200);
            if (!save(QStringLiteral("chart-%1.png").arg(cp::gui::ChartsView::chartId(i))))
                return false;
        }

        // Scenarios: the list under the palette, the Comparison dock's table of the compared ones.
        QDockWidget *comparison = mWindow->comparisonDock();
        comparison->show();
        comparison->raise();
        mWindow->resizeDocks({comparison}, {560}, Qt::Vertical);
        wait(300);
        if (!save(QStringLiteral("scenarios-comparison.png")))
            return false;

        mWindow->problemsDock()->setVisible(problemsShown);

        // The rack elevation: the first two racks holding servers or supernodes, side by side;
        // then three racks edited together in the inspector, a picker's list and the plan's menu.
        if (!saveElevation())
            return false;

        // Failure domains: the worst leaf group (else the first place listed) picked in the table.
        QDockWidget *failures = mWindow->failureDomainsDock();
        failures->show();
        failures->raise();
        mWindow->resizeDocks({failures}, {400}, Qt::Vertical);
        cp::gui::FailureDomainsView *table = mWindow->failureDomainsView();
        QModelIndex row;
        for (const std::string &kind : {cp::tierName(0), std::string("power_unit"), std::string("cooling_unit"),
                                        std::string("node")}) {
            row = table->rowIndex(QString::fromStdString(kind), 0);
            if (row.isValid())
                break;
        }
        if (row.isValid()) {
            table->tree()->scrollTo(row);
            table->tree()->setCurrentIndex(row);
        }
        wait(300);
        if (!save(QStringLiteral("failure-domains.png")))
            return false;
        return show3d(QStringLiteral("failure-domains-3d.png"));
    }

    /// The rack elevation of a compute rack beside a network rack, then the editing views. The
    /// docks along the bottom are put away meanwhile, so the right side gets the window's height.
    bool saveElevation()
    {
        const cp::Design &design = mWindow->document()->design();
        const cp::Catalog &catalog = mWindow->document()->catalog();
        int compute = -1, network = -1;
        for (size_t i = 0; i < design.racks.size() && (compute < 0 || network < 0); ++i)
            for (const cp::Mount &m : design.racks[i].contents)
                if (const cp::CatalogEntry *e = catalog.find(m.catalogId)) {
                    if (compute < 0 && (e->kind == cp::PartKind::Server || e->kind == cp::PartKind::Supernode))
                        compute = int(i);
                    else if (network < 0 && e->kind == cp::PartKind::Switch)
                        network = int(i);
                }
        QVector<int> racks;
        for (int r : {compute, network})
            if (r >= 0)
                racks.push_back(r);
        std::sort(racks.begin(), racks.end());
        const QList<QDockWidget *> bottom = {mWindow->resultsDock(), mWindow->problemsDock(), mWindow->comparisonDock(),
                                             mWindow->chartsDock(), mWindow->failureDomainsDock()};
        QList<bool> shown;
        for (QDockWidget *d : bottom) {
            shown << d->isVisible();
            d->hide();
        }
        mWindow->selectionModel()->selectRacks(racks);
        QDockWidget *elevation = mWindow->elevationDock();
        elevation->show();
        elevation->raise();
        mWindow->resizeDocks({elevation}, {400}, Qt::Horizontal);
        wait(300);
        const bool ok = save(QStringLiteral("rack-elevation.png")) && saveEditing();
        for (int i = 0; i < bottom.size(); ++i)
            bottom[i]->setVisible(shown[i]);
        return ok;
    }

    /// The window with an open popup (a menu, a list) painted where it stands: a grab of the
    /// window alone leaves popups out, they are windows of their own.
    bool saveWithPopup(const QString &name, QWidget *popup)
    {
        QCoreApplication::processEvents();
        QPixmap shot = mWindow->grab();
        if (popup && popup->isVisible()) {
            QPainter p(&shot);
            p.drawPixmap(mWindow->mapFromGlobal(popup->mapToGlobal(QPoint(0, 0))), popup->grab());
        }
        const QString path = QDir(mDir).filePath(name);
        if (!shot.save(path, "PNG")) {
            printError(QStringLiteral("cannot write %1").arg(path));
            return false;
        }
        std::printf("%s\n", qPrintable(path));
        return true;
    }

    bool saveEditing()
    {
        const cp::Design &design = mWindow->document()->design();
        QVector<int> racks;
        for (size_t i = 0; i < design.racks.size() && racks.size() < 3; ++i)
            if (!design.racks[i].contents.empty())
                racks.push_back(int(i));
        mWindow->selectionModel()->selectRacks(racks);
        mWindow->inspectorDock()->show();
        mWindow->inspectorDock()->raise();
        mWindow->inspectorDock()->tabs()->setCurrentIndex(0);
        wait(200);
        if (!save(QStringLiteral("inspector-multi-edit.png")))
            return false;
        // The rack model's list, open: each model with its key figures.
        if (QLineEdit *model = mWindow->inspectorDock()->field(QStringLiteral("rack.model")))
            if (auto *picker = qobject_cast<QComboBox *>(model->parentWidget())) {
                picker->showPopup();
                wait(300);
                const bool ok = saveWithPopup(QStringLiteral("inspector-picker.png"), picker->view()->window());
                picker->hidePopup();
                if (!ok)
                    return false;
            }
        // The plan's context menu on the first of them.
        mWindow->selectionModel()->selectRacks({racks.value(0)});
        cp::gui::HallView *plan = mWindow->hallView();
        plan->centerOn(plan->hallScene()->rackItems()[racks.value(0)]);
        const QPoint at = plan->mapFromScene(plan->hallScene()->rackItems()[racks.value(0)]->pos());
        QContextMenuEvent event(QContextMenuEvent::Mouse, at, plan->viewport()->mapToGlobal(at));
        QCoreApplication::sendEvent(plan->viewport(), &event);
        wait(300);
        QMenu *menu = mWindow->planMenu();
        const bool ok = saveWithPopup(QStringLiteral("plan-context-menu.png"), menu);
        if (menu)
            menu->close();
        mWindow->selectionModel()->clear();
        return ok;
    }

    QPointer<cp::gui::MainWindow> mWindow;
    QString mDir;
    bool mStarted = false;
};

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
        ViewsScreenshotRun views(&window, options.viewsDir);
        return app.exec();
    }
    ScreenshotRun run(&window, options.screenshotPng, options.screenshot3dPng, {options.select, options.showProblems});
    return app.exec();
}
