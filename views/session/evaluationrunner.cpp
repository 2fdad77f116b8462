#include "views/session/evaluationrunner.h"

#include "model/core/catalog.h"
#include "model/core/design.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <exception>
#include <mutex>

namespace cp::gui {

namespace {

// The worker owns its copy of the design, so an edit on the GUI thread can never race the engine.
// The catalog is shared read-only between runs: it changes only when a document is opened.
struct Snapshot
{
    Design design;
    std::shared_ptr<const Catalog> catalog;
};

} // namespace

/// The incremental engine, kept between runs so that an edit re-runs only the stages it reaches
/// (model/evaluation.h, Evaluator). Runs take turns on it; a superseded run stops at its next
/// cancellation check and its partial state makes the next run a full evaluation.
struct EvaluationRunner::Engine
{
    std::mutex mutex;
    std::shared_ptr<const Catalog> catalog;
    std::unique_ptr<Evaluator> evaluator;
};

namespace {

EvaluationOutcome evaluateSnapshot(EvaluationRunner::Engine &engine, const Snapshot &snapshot,
                                   const std::atomic<bool> *cancel)
{
    EvaluationOutcome outcome;
    try {
        const Catalog &catalog = *snapshot.catalog;
        outcome.validation = validate(snapshot.design, catalog);
        if (cancel->load())
            return outcome;
        {
            const std::lock_guard<std::mutex> lock(engine.mutex);
            if (cancel->load())
                return outcome;
            if (!engine.evaluator || engine.catalog != snapshot.catalog) {
                engine.catalog = snapshot.catalog;
                engine.evaluator = std::make_unique<Evaluator>(*engine.catalog);
            }
            outcome.results = engine.evaluator->evaluate(snapshot.design, cancel);
            outcome.stages = engine.evaluator->lastStages();
        }
        if (!outcome.results.cancelled && !cancel->load()) {
            outcome.failureDomains = std::make_shared<const FailureDomainIndex>(
                buildFailureDomainIndex(snapshot.design, catalog, &outcome.results.power, outcome.results.fabric.layout));
            std::vector<std::string> kinds;
            for (const FailureDomainKind &k : outcome.results.reliability.kinds)
                kinds.push_back(k.kind);
            if (!cancel->load())
                outcome.failurePlaces = std::make_shared<const FailurePlaces>(
                    failurePlaces(snapshot.design, *outcome.failureDomains, kinds));
        }
    } catch (const std::exception &e) {
        outcome.error = QString::fromStdString(e.what());
    } catch (...) {
        outcome.error = QStringLiteral("The evaluation failed with an unknown error.");
    }
    return outcome;
}

} // namespace

struct EvaluationRunner::Run
{
    unsigned long long generation = 0;
    std::shared_ptr<std::atomic<bool>> cancel = std::make_shared<std::atomic<bool>>(false);
    std::unique_ptr<QFutureWatcher<EvaluationOutcome>> watcher;
};

EvaluationRunner::EvaluationRunner(QObject *parent)
    : QObject(parent)
    , mEngine(std::make_shared<Engine>())
{
}

EvaluationRunner::~EvaluationRunner()
{
    for (auto &run : mRuns) {
        run->cancel->store(true);
        run->watcher->disconnect(this);
    }
    for (auto &run : mRuns)
        run->watcher->waitForFinished();
}

void EvaluationRunner::start(const Design &design, const Catalog &catalog)
{
    cancelRuns();

    auto run = std::make_unique<Run>();
    run->generation = ++mGeneration;
    run->watcher = std::make_unique<QFutureWatcher<EvaluationOutcome>>();
    Run *raw = run.get();
    connect(raw->watcher.get(), &QFutureWatcherBase::finished, this, [this, raw] { onRunFinished(raw); });

    if (!mCatalog || !(*mCatalog == catalog))
        mCatalog = std::make_shared<const Catalog>(catalog);
    auto snapshot = std::make_shared<const Snapshot>(Snapshot{design, mCatalog});
    auto cancelFlag = run->cancel;
    auto engine = mEngine;
    run->watcher->setFuture(QtConcurrent::run([engine, snapshot, cancelFlag] {
        return evaluateSnapshot(*engine, *snapshot, cancelFlag.get());
    }));
    mRuns.push_back(std::move(run));
    setBusy(true);
}

void EvaluationRunner::cancel()
{
    cancelRuns();
    ++mGeneration;
    setBusy(false);
}

void EvaluationRunner::cancelRuns()
{
    // Superseded runs finish in the background (the engine checks the flag) and are dropped.
    for (auto &run : mRuns)
        run->cancel->store(true);
}

void EvaluationRunner::onRunFinished(Run *run)
{
    const bool current = run->generation == mGeneration && !run->cancel->load();
    EvaluationOutcome outcome;
    if (current)
        outcome = run->watcher->result();

    for (auto it = mRuns.begin(); it != mRuns.end(); ++it) {
        if (it->get() == run) {
            // The watcher is inside its own signal emission: delete it later.
            it->get()->watcher.release()->deleteLater();
            mRuns.erase(it);
            break;
        }
    }

    if (!current)
        return;
    ++mCompletedRuns;
    setBusy(false);
    Q_EMIT finished(outcome);
}

void EvaluationRunner::setBusy(bool busy)
{
    if (mBusy == busy)
        return;
    mBusy = busy;
    Q_EMIT busyChanged(busy);
}

} // namespace cp::gui
