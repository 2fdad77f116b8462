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
/// (model/engine/evaluation.h, Evaluator). Runs take turns on it; a superseded run stops at its next
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
    const Catalog &catalog = *snapshot.catalog;
    try {
        {
            const std::lock_guard<std::mutex> lock(engine.mutex);
            if (cancel->load())
                return outcome;
            if (!engine.evaluator || engine.catalog != snapshot.catalog) {
                engine.catalog = snapshot.catalog;
                EvaluationOptions options;
                options.failureDomains = true; // the failure overlay and the Failure Domains table
                engine.evaluator = std::make_unique<Evaluator>(*engine.catalog, options);
            }
            outcome.results = engine.evaluator->evaluate(snapshot.design, cancel);
            outcome.stages = engine.evaluator->lastStages();
        }
        const Results &r = outcome.results;
        // The engine validated the design: its problems lead the results' list.
        outcome.validation.assign(r.problems.begin(), r.problems.begin() + long(r.validationCount));
        outcome.failureDomains = r.failureDomains;
        outcome.failurePlaces = r.failurePlaces;
        // A design beyond the limits is refused before validation: validate it here so that
        // the Problems dock still lists what is wrong with it.
        if (r.refused && !cancel->load())
            outcome.validation = validate(snapshot.design, catalog);
    } catch (const std::exception &e) {
        outcome.error = QString::fromStdString(e.what());
    } catch (...) {
        outcome.error = EvaluationRunner::tr("The evaluation failed with an unknown error.");
    }
    // The engine threw: its validation went with it, and the failure still shows the problems.
    if (!outcome.error.isEmpty() && !cancel->load()) {
        try {
            outcome.validation = validate(snapshot.design, catalog);
        } catch (...) {
        }
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
