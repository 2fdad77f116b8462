#include "views/session/resultshub.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/io/projectfile.h"
#include "views/session/document.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <exception>

namespace cp::gui {

ResultsHub::ResultsHub(const Document *document, QObject *parent)
    : QObject(parent)
    , mDocument(document)
    , mCompareWatcher(new QFutureWatcher<QVector<NamedResults>>(this))
{
    setObjectName(QStringLiteral("resultsHub"));
    connect(mDocument, &Document::designChanged, this, [this] {
        mEvaluating = true;
        Q_EMIT outdated();
    });
    connect(mCompareWatcher, &QFutureWatcherBase::finished, this, [this] {
        if (mCompareWatcher->isCanceled() || mCompareCancel->load())
            return;
        mComparing = false;
        mCompared = mCompareWatcher->result();
        Q_EMIT comparedChanged(mCompared);
        Q_EMIT comparisonFinished();
    });
}

ResultsHub::~ResultsHub()
{
    cancelComparison();
    mCompareWatcher->disconnect(this);
    mCompareWatcher->waitForFinished();
}

void ResultsHub::receive(const EvaluationOutcome &outcome)
{
    mOutcome = outcome;
    mEvaluating = false;
    mHasResults = outcome.error.isEmpty();
    if (mHasResults)
        Q_EMIT evaluated(mOutcome);
    else
        Q_EMIT failed(mOutcome);
}

void ResultsHub::reset()
{
    mHasResults = false;
    // Compared scenarios belong to the old file.
    cancelComparison();
    mComparing = false;
    mCompared.clear();
    mScenarioName.clear();
    Q_EMIT comparedChanged(mCompared);
    Q_EMIT cleared();
}

void ResultsHub::startEvaluating()
{
    mEvaluating = true;
    Q_EMIT evaluationStarted();
}

QString ResultsHub::displayName() const
{
    return mScenarioName.isEmpty() ? QString::fromStdString(mDocument->design().name) : mScenarioName;
}

void ResultsHub::cancelComparison()
{
    if (mCompareCancel)
        mCompareCancel->store(true);
}

bool ResultsHub::isComparing() const
{
    // Not the watcher's isRunning(): a run queued behind busy pool threads has not started yet.
    return mComparing;
}

void ResultsHub::compareScenarios(std::vector<Scenario> scenarios, const Catalog &catalog)
{
    // The other scenarios are evaluated once, in a worker, on copies; a newer file cancels.
    cancelComparison();
    mCompareWatcher->waitForFinished();
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    mCompareCancel = cancel;
    mComparing = true;
    mCompareWatcher->setFuture(QtConcurrent::run(
        [scenarios = std::move(scenarios), catalog = std::make_shared<const Catalog>(catalog), cancel] {
            QVector<NamedResults> out;
            for (const Scenario &scenario : scenarios) {
                if (cancel->load())
                    break;
                try {
                    auto results = std::make_shared<Results>(evaluate(scenario.design, *catalog, cancel.get()));
                    if (!results->cancelled)
                        out.push_back({QString::fromStdString(scenario.name), std::move(results)});
                } catch (const std::exception &) {
                    // A scenario the engine refuses is left out of the comparison; opening it
                    // on its own shows why.
                }
            }
            return out;
        }));
}

} // namespace cp::gui
