#pragma once

#include "views/session/evaluationrunner.h"

#include <QObject>
#include <QString>
#include <QVector>

#include <atomic>
#include <memory>
#include <vector>

template<typename T>
class QFutureWatcher;

namespace cp {
class Catalog;
struct Scenario;
} // namespace cp

namespace cp::gui {

class Document;

/// Results of another design shown beside the open one (a scenario of the same project).
struct NamedResults
{
    QString name;
    std::shared_ptr<const Results> results;
};

/// Holds the latest evaluation of the open design and tells the views that show it.
///
/// A view is handed the hub once and connects itself to the signals it needs (as Tiled's docks
/// connect to their document); nothing pushes results into the views. The hub receives the
/// runner's outcomes, knows the document they belong to, the open scenario's name, and the
/// project's other scenarios, which it evaluates in the background for comparison.
class ResultsHub final : public QObject
{
    Q_OBJECT

public:
    /// The outcomes received belong to the design `document` holds.
    explicit ResultsHub(const Document *document, QObject *parent = nullptr);
    /// Cancels a comparison still running and waits for it.
    ~ResultsHub() override;

    const Document *document() const { return mDocument; }

    /// Takes an outcome of the runner: evaluated() when it has results, failed() when the engine threw.
    void receive(const EvaluationOutcome &outcome);
    /// A new design was opened: no results (cleared()) and no compared scenarios (comparedChanged()).
    void reset();
    /// An evaluation of the current design started (evaluationStarted()).
    void startEvaluating();
    /// True from an edit or the start of an evaluation until its outcome arrives: newer results
    /// are coming.
    bool isEvaluating() const { return mEvaluating; }

    /// True once results for the current design have arrived (and the last run did not fail).
    bool hasResults() const { return mHasResults; }
    /// The latest outcome received (results empty after a failure or reset()).
    const EvaluationOutcome &outcome() const { return mOutcome; }

    /// The open scenario's name when the project has others; empty otherwise.
    void setScenarioName(const QString &name) { mScenarioName = name; }
    QString scenarioName() const { return mScenarioName; }
    /// What the charts call the open design: its scenario's name, or the design's name.
    QString displayName() const;

    /// Evaluates `scenarios` once, in a worker, on copies; a newer call or reset() cancels.
    /// comparedChanged() follows with what it computed.
    void compareScenarios(std::vector<Scenario> scenarios, const Catalog &catalog);
    /// The other scenarios' results; empty for a single design.
    const QVector<NamedResults> &comparedResults() const { return mCompared; }
    /// True while the other scenarios are being evaluated.
    bool isComparing() const;

Q_SIGNALS:
    /// An outcome with results arrived; outcome() holds it.
    void evaluated(const cp::gui::EvaluationOutcome &outcome);
    /// The engine refused the design: `outcome.error` says why; outcome() holds it.
    void failed(const cp::gui::EvaluationOutcome &outcome);
    /// A new design was opened: nothing evaluated yet.
    void cleared();
    /// The design changed: the results shown are those of an older design until the next outcome.
    void outdated();
    /// An evaluation of the current design started.
    void evaluationStarted();
    /// The other scenarios' results changed (empty when a new file was opened).
    void comparedChanged(const QVector<cp::gui::NamedResults> &compared);
    /// A comparison started by compareScenarios() finished (after comparedChanged()).
    void comparisonFinished();

private:
    void cancelComparison();

    const Document *mDocument;
    EvaluationOutcome mOutcome;
    bool mHasResults = false;
    bool mEvaluating = false;
    QString mScenarioName;
    QVector<NamedResults> mCompared;
    bool mComparing = false;
    QFutureWatcher<QVector<NamedResults>> *mCompareWatcher;
    std::shared_ptr<std::atomic<bool>> mCompareCancel;
};

} // namespace cp::gui
