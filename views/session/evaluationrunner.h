#pragma once

#include "model/engine/evaluation.h"
#include "model/reliability/failuredomain.h"
#include "model/core/problem.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <vector>

template<typename T>
class QFutureWatcher;

namespace cp {
class Catalog;
struct Design;
} // namespace cp

namespace cp::gui {

/// What one evaluation run delivers: the engine's results and the design's validation problems.
struct EvaluationOutcome
{
    Results results;
    /// The engine's validation (the first Results::validationCount problems of the results); on a
    /// failed or refused evaluation, validate()'s problems.
    Problems validation;
    /// Built by the engine's failure-domain stage (Results::failureDomains), so the failure-domain
    /// overlay only looks up the selected part.
    std::shared_ptr<const FailureDomainIndex> failureDomains;
    /// The places of each failure kind of the results (the Failure Domains table's rows).
    std::shared_ptr<const FailurePlaces> failurePlaces;
    QString error; ///< set when the engine threw; results are then empty
    /// The stages the engine ran for these results: an edit re-runs only what it reaches.
    Evaluator::Stages stages;
};

/// Runs the engine on a snapshot in a worker thread; a newer run supersedes an older one.
class EvaluationRunner final : public QObject
{
    Q_OBJECT

public:
    explicit EvaluationRunner(QObject *parent = nullptr);
    /// Cancels every run still going and waits for the workers, which hold no GUI state.
    ~EvaluationRunner() override;

    /// Copies the design and catalog and evaluates the copy; cancels the run before, if any.
    void start(const Design &design, const Catalog &catalog);
    /// Cancels the current run; no finished() follows for it.
    void cancel();

    bool isBusy() const { return mBusy; }
    /// How many runs delivered results so far.
    int completedRuns() const { return mCompletedRuns; }

Q_SIGNALS:
    void busyChanged(bool busy);
    /// Delivered on the GUI thread, only for the newest run.
    void finished(const cp::gui::EvaluationOutcome &outcome);

public:
    struct Engine; ///< the incremental engine shared by the runs (evaluationrunner.cpp)

private:
    struct Run;

    void cancelRuns();
    void setBusy(bool busy);
    void onRunFinished(Run *run);

    std::vector<std::unique_ptr<Run>> mRuns;
    std::shared_ptr<Engine> mEngine;
    std::shared_ptr<const Catalog> mCatalog;
    unsigned long long mGeneration = 0;
    int mCompletedRuns = 0;
    bool mBusy = false;
};

} // namespace cp::gui
