#include "evaluationrunner.h"

#include "catalog.h"
#include "design.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <exception>

namespace cp::gui {

namespace {

// The worker owns its copy, so an edit on the GUI thread can never race the engine.
struct Snapshot
{
    Design design;
    Catalog catalog;
};

EvaluationOutcome evaluateSnapshot(const Snapshot &snapshot, const std::atomic<bool> *cancel)
{
    EvaluationOutcome outcome;
    try {
        outcome.validation = validate(snapshot.design, snapshot.catalog);
        if (cancel->load())
            return outcome;
        outcome.results = evaluate(snapshot.design, snapshot.catalog, cancel);
        if (!outcome.results.cancelled && !cancel->load())
            outcome.failureDomains = std::make_shared<const FailureDomainIndex>(
                buildFailureDomainIndex(snapshot.design, snapshot.catalog, &outcome.results.power));
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

    auto snapshot = std::make_shared<const Snapshot>(Snapshot{design, catalog});
    auto cancelFlag = run->cancel;
    run->watcher->setFuture(QtConcurrent::run([snapshot, cancelFlag] {
        return evaluateSnapshot(*snapshot, cancelFlag.get());
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
