// The plugins in the window: loaded once at start; exporters in File › Export with Plugin,
// generators in File › New (mainwindow_files.cpp), refusals in the Problems dock, and a
// Help › Plugins page (docs/plugins.md).
#include "views/window/mainwindow.h"

#include "pluginregistry.h"

#include "model/io/outputfolder.h"
#include "views/docks/problemsdock.h"
#include "views/session/document.h"

#include <QAction>
#include <QDialog>
#include <QDir>
#include <QFileDialog>
#include <QMenu>
#include <QStatusBar>
#include <QTextBrowser>

namespace cp::gui {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

void MainWindow::loadPlugins()
{
    mPlugins = std::make_unique<PluginRegistry>();
    mPlugins->loadStandard();
    // A plugin that cannot be used is named in the Problems dock with the reason, next to the
    // design's own problems, for as long as the window runs.
    mProblems->setPluginProblems(mPlugins->problems());
}

void MainWindow::createPluginMenus(QMenu *file, QMenu *help)
{
    QMenu *exportMenu = new QMenu(tr("E&xport with Plugin"), this);
    exportMenu->setObjectName(QStringLiteral("pluginExportMenu"));
    for (const Exporter *e : mPlugins->exporters()) {
        const QString id = qs(e->id());
        QAction *action = exportMenu->addAction(tr("%1…").arg(qs(e->name())));
        action->setObjectName(QStringLiteral("exportPlugin_") + id);
        action->setStatusTip(tr("Write the design through the “%1” exporter into a folder").arg(id));
        connect(action, &QAction::triggered, this, [this, id] {
            const QString dir = QFileDialog::getExistingDirectory(this, tr("Export “%1” into Folder").arg(id));
            if (!dir.isEmpty())
                exportWithPlugin(id, dir);
        });
    }
    if (exportMenu->isEmpty())
        exportMenu->addAction(tr("No exporter plugins loaded"))->setEnabled(false);
    const QList<QAction *> items = file->actions();
    // Before the history and quit entries: after Save As.
    QAction *before = items.size() >= 3 ? items.at(items.size() - 3) : nullptr;
    file->insertMenu(before, exportMenu);

    QAction *page = new QAction(tr("&Plugins…"), this);
    page->setObjectName(QStringLiteral("pluginsAction"));
    connect(page, &QAction::triggered, this, &MainWindow::showPlugins);
    help->addAction(page);
}

bool MainWindow::exportWithPlugin(const QString &id, const QString &dir)
{
    mErrorString.clear();
    const Exporter *exporter = mPlugins->exporter(id.toStdString());
    if (!exporter) {
        mErrorString = tr("No exporter plugin “%1” is loaded").arg(id);
    } else {
        try {
            std::vector<OutputFolderFile> out;
            for (ExportedFile &f : exporter->exportDesign(mDocument->design(), mDocument->catalog()))
                out.push_back({std::move(f.name), std::move(f.content)});
            writeOutputFolder(dir.toStdString(), out, "Cluster Planner export with " + id.toStdString());
            statusBar()->showMessage(tr("Exported %n file(s) with “%1” into %2", nullptr, int(out.size()))
                                         .arg(id, QDir::toNativeSeparators(dir)),
                                     8000);
            return true;
        } catch (const std::exception &e) {
            mErrorString = QString::fromLocal8Bit(e.what());
        }
    }
    showError(tr("Cannot Export"), mErrorString);
    return false;
}

QString MainWindow::pluginsHtml() const
{
    QString html = tr("<h3>Plugins</h3>");
    html += tr("<p>Searched, in order: %1.</p>")
                .arg([] {
                    QStringList folders;
                    for (const std::string &f : PluginRegistry::standardFolders())
                        folders << QStringLiteral("<code>%1</code>").arg(qs(f).toHtmlEscaped());
                    return folders.join(QStringLiteral(", "));
                }());
    if (mPlugins->plugins().empty())
        html += tr("<p>No plugin is loaded.</p>");
    html += QStringLiteral("<ul>");
    for (const PluginRegistry::Info &p : mPlugins->plugins()) {
        QStringList kinds;
        for (const std::string &k : p.kinds)
            kinds << qs(k);
        html += QStringLiteral("<li><b>%1</b> %2 — %3 <i>(%4)</i><br><code>%5</code></li>")
                    .arg(qs(p.name).toHtmlEscaped(), qs(p.version).toHtmlEscaped(),
                         qs(p.description).toHtmlEscaped(), kinds.join(QStringLiteral(", ")),
                         qs(p.file).toHtmlEscaped());
    }
    html += QStringLiteral("</ul>");
    const auto list = [&html](const QString &title, const auto &objects) {
        html += QStringLiteral("<h4>%1</h4><ul>").arg(title);
        for (const auto *o : objects)
            html += QStringLiteral("<li><code>%1</code> — %2</li>").arg(qs(o->id()).toHtmlEscaped(),
                                                                     qs(o->name()).toHtmlEscaped());
        html += QStringLiteral("</ul>");
    };
    list(tr("Topology generators (File › New)"), mPlugins->generators());
    list(tr("Importers"), mPlugins->importers());
    list(tr("Exporters (File › Export with Plugin)"), mPlugins->exporters());
    if (!mPlugins->problems().empty()) {
        html += tr("<h4>Refused</h4><ul>");
        for (const Problem &p : mPlugins->problems())
            html += QStringLiteral("<li><code>%1</code>: %2</li>").arg(qs(p.place).toHtmlEscaped(),
                                                                    qs(p.message).toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    return html;
}

void MainWindow::showPlugins()
{
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Plugins"));
    auto *text = new QTextBrowser;
    text->setObjectName(QStringLiteral("pluginsPage"));
    text->setHtml(pluginsHtml());
    execPage(dialog, text, QSize(640, 480));
}

} // namespace cp::gui
