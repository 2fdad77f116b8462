// File › Export: the comparison report (HTML or PDF), the bill of materials (CSV) and the hall
// plan (SVG or PDF with a title block), from what the window shows.

#include "views/window/mainwindow.h"
#include "views/style/language.h"

#include "model/analysis/likeforlike.h"
#include "model/cost/cost.h"
#include "model/io/outputfile.h"
#include "report/report.h"
#include "views/plan/hallscene.h"
#include "views/plan/hallview.h"
#include "views/plan/planexport.h"
#include "views/session/document.h"
#include "views/session/resultshub.h"
#include "views/session/scenarioset.h"
#include "views/window/summarylabel.h"

#include <QAction>
#include <QDate>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QProgressDialog>
#include <QStatusBar>
#include <QTimer>

#include <exception>
#include <memory>

namespace cp::gui {

namespace {

/// One design of an export: its name, design and results (owned by the hub or the set).
struct ExportedDesign
{
    QString name;
    const Design *design = nullptr;
    const Results *results = nullptr;
};

} // namespace

void MainWindow::createExportMenu(QMenu *file)
{
    QMenu *menu = file->addMenu(tr("&Export"));
    menu->setObjectName(QStringLiteral("exportMenu"));
    QAction *report = menu->addAction(tr("&Comparison Report (HTML or PDF)…"));
    report->setObjectName(QStringLiteral("exportReportAction"));
    report->setStatusTip(tr("The open scenario and the ticked ones side by side, as `compare --report` writes it"));
    connect(report, &QAction::triggered, this, [this] {
        const QString path = exportFileDialog(tr("Export Comparison Report"),
                                              tr("PDF report (*.pdf);;HTML report (*.html)"), QStringLiteral(".pdf"));
        if (!path.isEmpty())
            exportComparisonReport(path);
    });
    QAction *bom = menu->addAction(tr("&Bill of Materials (CSV)…"));
    bom->setObjectName(QStringLiteral("exportBomAction"));
    bom->setStatusTip(tr("Every priced part of the open and ticked scenarios, one CSV line each"));
    connect(bom, &QAction::triggered, this, [this] {
        const QString path = exportFileDialog(tr("Export Bill of Materials"), tr("CSV (*.csv)"), QStringLiteral(".csv"));
        if (!path.isEmpty())
            exportBom(path);
    });
    QAction *plan = menu->addAction(tr("&Plan (SVG or PDF)…"));
    plan->setObjectName(QStringLiteral("exportPlanAction"));
    plan->setStatusTip(tr("The hall plan as drawn, with a title block and a scale bar"));
    connect(plan, &QAction::triggered, this, [this] {
        const QString path = exportFileDialog(tr("Export Plan"), tr("PDF drawing (*.pdf);;SVG drawing (*.svg)"),
                                              QStringLiteral(".pdf"));
        if (!path.isEmpty())
            exportPlan(path);
    });
}

QString MainWindow::exportFileDialog(const QString &title, const QString &filter, const QString &suffix)
{
    const QString dir = mDocument->filePath().isEmpty() ? QDir::homePath() : QFileInfo(mDocument->filePath()).absolutePath();
    QString chosenFilter;
    QString path = QFileDialog::getSaveFileName(this, title, dir, filter, &chosenFilter);
    if (!path.isEmpty() && QFileInfo(path).suffix().isEmpty()) {
        // The filter the user picked says the format: "(*.html)" → ".html".
        const qsizetype star = chosenFilter.indexOf(QLatin1String("(*"));
        path += star >= 0 ? chosenFilter.mid(star + 2).chopped(1) : suffix;
    }
    return path;
}

bool MainWindow::waitForComparedFigures(const QString &what)
{
    // An edit not yet evaluated, or compared scenarios still computing: wait, with a way out.
    if (mHub->isEvaluating() || mHub->isComparing()) {
        QProgressDialog progress(tr("Computing the figures for the %1…").arg(what), tr("Cancel"), 0, 0, this);
        progress.setObjectName(QStringLiteral("exportProgress"));
        progress.setWindowModality(Qt::WindowModal);
        progress.setMinimumDuration(mErrorDialogs ? 300 : 1000000);
        QEventLoop loop;
        QTimer poll;
        connect(&poll, &QTimer::timeout, &loop, [&] {
            if ((!mHub->isEvaluating() && !mHub->isComparing()) || progress.wasCanceled())
                loop.quit();
        });
        if (mEvalTimer->isActive()) { // an edit waiting for its evaluation: start it now
            mEvalTimer->stop();
            startEvaluation();
        }
        poll.start(30);
        loop.exec();
        if (progress.wasCanceled()) {
            mErrorString = tr("Export cancelled");
            statusBar()->showMessage(mErrorString, 5000);
            return false;
        }
    }
    if (!mHub->hasResults()) {
        mErrorString = tr("The open design has no figures to export: %1")
                           .arg(mHub->outcome().error.isEmpty() ? tr("it was not evaluated") : mHub->outcome().error);
        showError(tr("Cannot Export"), mErrorString);
        return false;
    }
    return true;
}

namespace {

/// The open design and the compared scenarios the hub has figures for, in the project's order.
std::vector<ExportedDesign> exportedDesigns(const ResultsHub &hub, const Document &document, const ScenarioSet &set)
{
    std::vector<ExportedDesign> out{{hub.displayName(), &document.design(), &hub.outcome().results}};
    for (const NamedResults &other : hub.comparedResults())
        if (const int index = set.indexOf(other.name); index >= 0)
            out.push_back({other.name, &set.design(index), other.results.get()});
    return out;
}

} // namespace

bool MainWindow::exportComparisonReport(const QString &path)
{
    mErrorString.clear();
    const bool pdf = path.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive);
    if (!pdf && !path.endsWith(QLatin1String(".html"), Qt::CaseInsensitive)) {
        mErrorString = tr("%1: a report is written as .html or .pdf").arg(path);
        showError(tr("Cannot Export"), mErrorString);
        return false;
    }
    if (!waitForComparedFigures(tr("report")))
        return false;
    std::vector<ExportedDesign> designs = exportedDesigns(*mHub, *mDocument, *mScenarioSet);
    if (designs.size() > 6)
        designs.resize(6); // the report's limit, as compare's
    QProgressDialog progress(tr("Writing the report…"), QString(), 0, 2, this);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(mErrorDialogs ? 0 : 1000000);
    progress.setValue(0);
    try {
        const QString file = mDocument->filePath().isEmpty() ? tr("unsaved") : mDocument->filePath();
        const std::vector<Revision> history = revisions();
        std::vector<report::ReportDesign> reportDesigns;
        for (const ExportedDesign &d : designs) {
            const bool several = mScenarioSet->count() > 1;
            report::ReportDesign rd{d.name.toStdString(),
                                    (several ? file + QLatin1Char('#') + d.name : file).toStdString(),
                                    d.results, history, comparedSide(d.name.toStdString(), *d.design, *d.results)};
            reportDesigns.push_back(std::move(rd));
        }
        report::ReportOptions options;
        options.generator = "Cluster Planner";
        options.language = languageKey(installedLanguage()).toStdString(); // the window's language
        if (reportDesigns.size() == 1)
            options.title = tr("Cluster design report").toStdString();
        progress.setValue(1);
        const std::string bytes = pdf ? report::pdfReport(reportDesigns, options) : report::htmlReport(reportDesigns, options);
        writeOutputFile(QFile::encodeName(path).toStdString(), bytes);
        progress.setValue(2);
    } catch (const std::exception &e) {
        mErrorString = failureNaming(path, e);
        showError(tr("Cannot Export"), mErrorString);
        return false;
    }
    statusBar()->showMessage(tr("Wrote the report of %n design(s) to %1", nullptr, int(designs.size()))
                                 .arg(QDir::toNativeSeparators(path)), 8000);
    return true;
}

bool MainWindow::exportBom(const QString &path)
{
    mErrorString.clear();
    if (!waitForComparedFigures(tr("bill of materials")))
        return false;
    try {
        std::vector<std::pair<std::string, const CostResults *>> lines;
        for (const ExportedDesign &d : exportedDesigns(*mHub, *mDocument, *mScenarioSet))
            lines.emplace_back(d.name.toStdString(), &d.results->cost);
        writeOutputFile(QFile::encodeName(path).toStdString(), bomToCsv(lines));
    } catch (const std::exception &e) {
        mErrorString = failureNaming(path, e);
        showError(tr("Cannot Export"), mErrorString);
        return false;
    }
    statusBar()->showMessage(tr("Wrote the bill of materials to %1").arg(QDir::toNativeSeparators(path)), 8000);
    return true;
}

bool MainWindow::exportPlan(const QString &path)
{
    mErrorString.clear();
    try {
        PlanTitleBlock block;
        block.title = QString::fromStdString(mDocument->design().name);
        block.file = mDocument->filePath().isEmpty() ? tr("unsaved") : QDir::toNativeSeparators(mDocument->filePath());
        block.scenario = mScenarioSet->count() > 1 ? mScenarioSet->currentName() : QString();
        block.date = QDate::currentDate().toString(Qt::ISODate);
        block.summary = statusSummary();
        HallScene *scene = mHallView->hallScene();
        writePlan(*scene, scene->contentRect(), block, path);
    } catch (const std::exception &e) {
        mErrorString = QString::fromLocal8Bit(e.what());
        showError(tr("Cannot Export"), mErrorString);
        return false;
    }
    statusBar()->showMessage(tr("Wrote the plan to %1").arg(QDir::toNativeSeparators(path)), 8000);
    return true;
}

} // namespace cp::gui
