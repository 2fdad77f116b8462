#include "model/engine/evaluation.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/core/designlimits.h"
#include "model/engine/performance.h"
#include "model/engine/power.h"
#include "model/engine/stages.h"
#include "model/reliability/reliability.h"
#include "model/training/estimate.h"

#include <algorithm>
#include <array>
#include <condition_variable>
#include <exception>
#include <future>
#include <mutex>
#include <vector>

namespace cp {

namespace {

bool cancelled(const std::atomic<bool> *cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

} // namespace

/// The engine's state between evaluations: the last design, what every stage produced, and the
/// sums the later stages start from. Stages write straight into `results`, so a stage that does
/// not run leaves its part of the last results in place.
struct Evaluator::State
{
    State(const Catalog &c, EvaluationOptions o) : catalog(c), options(o) {}

    const Catalog &catalog;
    EvaluationOptions options;
    bool valid = false;  ///< `previous` and the stage outputs belong together
    bool keep = true;    ///< keep a copy of the design for the next diff (false for one-shot use)
    Design previous;
    Results results;
    Evaluator::Stages last;

    // Stage outputs that are not part of Results, or that later stages add to.
    Problems validateProblems, rackProblems, performanceProblems, facilityProblems;
    Problems listProblems; ///< validation's problems of the racks and units
    FabricCache fabricCache; ///< the pairs of switch racks, routed again only when they change
    RackLoads rackLoads;     ///< the rack stage's loads, read by the facility stage
    bool workloadSound = true;
};

namespace {

/// The design parts that differ between the last design evaluated and the next.
DesignParts diff(const Design &a, const Design &b)
{
    using P = DesignPart;
    DesignParts c;
    bool rackContents = a.racks.size() != b.racks.size(), rackPlaces = rackContents;
    if (!rackContents)
        for (size_t i = 0; i < a.racks.size(); ++i) {
            const Rack &x = a.racks[i], &y = b.racks[i];
            if (!rackContents)
                rackContents = x.id != y.id || x.catalogId != y.catalogId || x.row != y.row || x.contents != y.contents;
            if (!rackPlaces)
                rackPlaces = !(x.xM == y.xM && x.yM == y.yM && x.rotationDeg == y.rotationDeg);
            if (rackContents && rackPlaces)
                break;
        }
    c.set(size_t(P::RackContents), rackContents);
    c.set(size_t(P::RackPlaces), rackPlaces);
    c.set(size_t(P::Units), a.powerUnits != b.powerUnits || a.coolingUnits != b.coolingUnits);
    c.set(size_t(P::Fabric), a.fabric != b.fabric);
    c.set(size_t(P::Workload), a.workload != b.workload);
    c.set(size_t(P::Spares), a.reliability.spareServers != b.reliability.spareServers
                                 || a.reliability.hotSparesPerDomain != b.reliability.hotSparesPerDomain);
    c.set(size_t(P::Reliability), a.reliability != b.reliability);
    c.set(size_t(P::Utilisation), !(a.finance.utilisation == b.finance.utilisation));
    c.set(size_t(P::Pue), !(a.finance.pue == b.finance.pue));
    c.set(size_t(P::Finance), a.finance != b.finance);
    c.set(size_t(P::Hall), a.hall != b.hall);
    c.set(size_t(P::Other), a.name != b.name || a.description != b.description || a.hall != b.hall);
    return c;
}

/// The fabric's figures the training model reads (tiers, taper, bandwidths, radix).
bool sameClusterFigures(const FabricResults &a, const FabricResults &b)
{
    return a.tiers == b.tiers && a.radix == b.radix && a.portGbps == b.portGbps && a.domainGpus == b.domainGpus
           && a.scaleUpGbPerSPerGpu == b.scaleUpGbPerSPerGpu && a.scaleOutGbpsPerGpu == b.scaleOutGbpsPerGpu
           && a.oversubscription == b.oversubscription && a.switchId == b.switchId && a.topology == b.topology;
}

/// Among the job sizes the search found (all GPUs of each supernode, or 64 of 70 with the rest
/// standing by), the one that trains fastest after failures: tokens/s × goodput under the design's
/// resilience policy. The goodput is the reliability stage's, without the power and cooling units
/// (the same for every size), so that the choice reads only the racks, fabric, workload and
/// reliability settings.
void chooseByGoodput(const Design &design, const Catalog &catalog, Results &res)
{
    EstimateOutcome &o = res.performance.outcome;
    if (o.sizes.size() < 2)
        return;
    Design racksOnly;
    racksOnly.racks = design.racks; // the units' failures are the same for every size
    racksOnly.fabric = design.fabric;
    racksOnly.workload = design.workload;
    racksOnly.reliability = design.reliability;
    const size_t fastest = size_t(std::find_if(o.sizes.begin(), o.sizes.end(),
                                               [&](const JobSizeOption &s) { return s.gpus == o.gpusUsed; })
                                  - o.sizes.begin());
    size_t best = fastest;
    double bestRate = -1.0;
    for (size_t i = 0; i < o.sizes.size(); ++i) {
        Results trial;
        trial.inventory = res.inventory;
        trial.fabric = res.fabric;
        trial.performance = res.performance;
        trial.performance.outcome.selectJobSize(i);
        const ReliabilityResults rel = evaluateReliability(racksOnly, catalog, trial);
        const double rate = trial.performance.outcome.estimate.tokensPerS * rel.goodput;
        if (rate > bestRate * 1.0001) {
            bestRate = rate;
            best = i;
        }
    }
    if (best != fastest) {
        o.selectJobSize(best);
        o.chosenByGoodput = true;
    }
}

/// The workload on the cluster: the parallelism search (the slowest stage below ~100k GPUs).
void performanceStage(const Design &design, Evaluator::State &st, const std::atomic<bool> *cancel)
{
    Results &res = st.results;
    res.performance = PerformanceResults{};
    st.performanceProblems.clear();
    if (res.inventory.gpusActive <= 0 || !st.workloadSound)
        return;
    try {
        PerformanceResults &perf = res.performance;
        perf.spec = estimateSpecFromDesign(design, st.catalog, res.inventory.gpusActive, res.fabric);
        perf.jobs = std::max(1, design.workload.jobs);
        SearchOptions options;
        options.cancel = cancel;
        perf.outcome = runEstimate(perf.spec, options);
        perf.available = perf.outcome.estimate.feasible();
        if (perf.available)
            chooseByGoodput(design, st.catalog, res);
        // The team's software stack reaches a share of the tuned throughput (seed 002:
        // "20-something %" MFU for a new self-built team against 40 %+ hosted; docs/cost.md).
        if (const double eff = design.workload.stackEfficiency; perf.available && eff > 0 && eff < 1) {
            StepEstimate &e = perf.outcome.estimate;
            e.stepTimeS /= eff;
            e.timeToTrainDays /= eff;
            e.modelTflopsPerGpu *= eff;
            e.hardwareTflopsPerGpu *= eff;
            e.mfu *= eff;
            e.tokensPerS *= eff;
            perf.stackEfficiency = eff;
        }
        if (!perf.available && !cancelled(cancel))
            st.performanceProblems.push_back(
                problem(Severity::Warning, "workload",
                        CP_TR_NOOP("cp::Problems", "no parallel layout of the workload runs on this cluster (%1)"),
                        {infeasibleName(perf.outcome.estimate.infeasible)}));
    } catch (const std::invalid_argument &e) {
        // The exception's own text, verbatim: no template to translate.
        st.performanceProblems.push_back(Problem{Severity::Warning, "workload", e.what(), {}, {}});
    }
}

/// Places of the problems validate() finds in the racks and units (the rest are settings).
bool isListPlace(const std::string &place)
{
    return place.rfind("racks[", 0) == 0 || place.rfind("power_units[", 0) == 0 || place.rfind("cooling_units[", 0) == 0;
}

/// validate(), reusing the racks' and units' problems when neither they nor the hall changed.
/// validate() checks the name and hall, then racks and units (against the hall and the catalog
/// only), then the settings; a settings-only copy of the design gives the settings' problems in
/// the same order. tests/test_evaluation.cpp checks the merge equals a full validation.
Problems validateIncrementally(const Design &design, const Catalog &catalog, const DesignParts *c,
                               Problems &listProblems)
{
    if (!c || (*c & designParts({DesignPart::RackContents, DesignPart::RackPlaces, DesignPart::Units, DesignPart::Hall})).any()) {
        Problems all = validate(design, catalog);
        listProblems.clear();
        for (const Problem &p : all)
            if (isListPlace(p.place))
                listProblems.push_back(p);
        return all;
    }
    Design settings = designSettings(design);
    Problems rest = validate(settings, catalog);
    Problems all;
    all.reserve(rest.size() + listProblems.size());
    auto it = rest.begin();
    for (; it != rest.end() && (it->place.rfind("name", 0) == 0 || it->place.rfind("hall", 0) == 0); ++it)
        all.push_back(*it);
    all.insert(all.end(), listProblems.begin(), listProblems.end());
    all.insert(all.end(), it, rest.end());
    return all;
}


/// The workload is sound enough to search: no workload error from validation, the racks or the
/// fabric. Reports a change only when the verdict differs from the last one.
StageOutputs workloadCheckStage(Evaluator::State &st, bool all)
{
    const Results &res = st.results;
    const auto workloadError = [](const Problem &p) {
        return p.severity == Severity::Error && p.place.rfind("workload", 0) == 0;
    };
    const bool sound = std::none_of(st.validateProblems.begin(), st.validateProblems.end(), workloadError)
                       && std::none_of(st.rackProblems.begin(), st.rackProblems.end(), workloadError)
                       && std::none_of(res.fabric.problems.begin(), res.fabric.problems.end(), workloadError);
    if (!all && sound == st.workloadSound)
        return {};
    st.workloadSound = sound;
    return stageOutputs({StageOutput::WorkloadSound});
}

/// The failure-domain index and the places of each failure kind of the results.
void failureDomainStage(const Design &design, Evaluator::State &st, const std::atomic<bool> *cancel)
{
    Results &res = st.results;
    res.failurePlaces.reset();
    auto index = std::make_shared<const FailureDomainIndex>(buildFailureDomainIndex(design, st.catalog, &res.power, res.fabric.layout));
    res.failureDomains = index;
    if (cancelled(cancel))
        return;
    std::vector<std::string> kinds;
    for (const FailureDomainKind &k : res.reliability.kinds)
        kinds.push_back(k.kind);
    res.failurePlaces = std::make_shared<const FailurePlaces>(failurePlaces(design, *index, kinds));
}

/// Runs one stage; returns the outputs it changed.
StageOutputs runStage(StageId id, const Design &design, Evaluator::State &st, const DesignParts *parts,
                      const std::atomic<bool> *cancel)
{
    Results &res = st.results;
    const StageOutputs all = stageSpec(id).outputs;
    switch (id) {
    case StageId::Validate:
        st.validateProblems = validateIncrementally(design, st.catalog, parts, st.listProblems);
        return all;
    case StageId::Inventory:
        rackPower(design, st.catalog, res.inventory, res.power, st.rackLoads, st.rackProblems, cancel);
        return all;
    case StageId::Fabric: {
        FabricResults fabric = buildFabric(design, st.catalog, &st.fabricCache);
        const bool same = sameClusterFigures(fabric, res.fabric);
        res.fabric = std::move(fabric);
        return same ? stageOutputs({StageOutput::Fabric}) : all;
    }
    case StageId::WorkloadCheck: return workloadCheckStage(st, parts == nullptr);
    case StageId::Performance: performanceStage(design, st, cancel); return all;
    case StageId::Facility:
        facilityPower(design, st.catalog, st.rackLoads, res.fabric.opticsPowerKw, res.inventory, res.power,
                      st.facilityProblems);
        return all;
    case StageId::Reliability: res.reliability = evaluateReliability(design, st.catalog, res); return all;
    case StageId::FailureDomains: failureDomainStage(design, st, cancel); return all;
    case StageId::Cost: res.cost = evaluateCost(design, st.catalog, res); return all;
    case StageId::Count: break;
    }
    return {};
}

/// Which stages a run starts, and when. A stage is ready once the stages that write what it reads
/// are done; a ready stage the edit does not reach is done at once. The thread that finishes a
/// stage goes on with one of the stages that became ready and starts a thread for each of the
/// others, so validation, the rack stage and the fabric run side by side, then the search beside
/// the facility stage, then reliability, then cost beside the failure domains — and an edit that
/// reaches one stage at a time starts no thread at all.
class StageScheduler
{
public:
    /// `skip(spec, inputs)`: whether a ready stage stays idle, given the outputs its producers changed.
    /// `execute(spec)`: runs it and returns the outputs it changed.
    template <class Skip, class Execute>
    void run(Skip skip, Execute execute)
    {
        std::unique_lock lock(mutex_);
        std::vector<const StageSpec *> ready = takeReady(skip);
        running_ = ready.size();
        lock.unlock();
        work(std::move(ready), skip, execute);
        lock.lock();
        wake_.wait(lock, [&] { return running_ == 0; });
        std::vector<std::future<void>> threads = std::move(threads_);
        lock.unlock();
        for (std::future<void> &t : threads)
            t.get();
        if (error_)
            std::rethrow_exception(error_);
    }

    bool ran(StageId id) const { return ran_[size_t(id)]; }

private:
    enum class State { Pending, Running, Done };

    /// Runs the first of `ready` on this thread, each other one on a thread of its own, then the
    /// stages that became ready, until none is left for this thread. `ready` is counted in running_.
    template <class Skip, class Execute>
    void work(std::vector<const StageSpec *> ready, Skip &skip, Execute &execute)
    {
        while (!ready.empty()) {
            {
                std::lock_guard guard(mutex_);
                for (size_t k = 1; k < ready.size(); ++k)
                    threads_.push_back(std::async(std::launch::async, [this, spec = ready[k], &skip, &execute] {
                        work({spec}, skip, execute);
                    }));
            }
            const StageSpec &spec = *ready.front();
            StageOutputs changed;
            std::exception_ptr error;
            try {
                changed = execute(spec);
            } catch (...) {
                error = std::current_exception();
            }
            std::lock_guard guard(mutex_);
            const size_t id = size_t(spec.id);
            changed_[id] = changed;
            ran_[id] = !error;
            if (error && !error_)
                error_ = error; // the stages that read from it do not run
            state_[id] = State::Done;
            ready = takeReady(skip);
            running_ += ready.size();
            if (--running_ == 0)
                wake_.notify_all();
        }
    }

    /// The pending stages whose producers are done, in table order; those that stay idle are done
    /// at once (the table is in dependency order, so their dependants are seen in the same pass).
    template <class Skip>
    std::vector<const StageSpec *> takeReady(Skip &skip)
    {
        std::vector<const StageSpec *> ready;
        for (const StageSpec &spec : stageTable()) {
            const size_t id = size_t(spec.id);
            if (state_[id] != State::Pending)
                continue;
            StageOutputs inputs;
            bool producersDone = true;
            for (size_t o = 0; o < spec.readsOutputs.size(); ++o)
                if (spec.readsOutputs.test(o)) {
                    const size_t p = size_t(producerOf(StageOutput(o)));
                    producersDone = producersDone && state_[p] == State::Done;
                    inputs |= changed_[p];
                }
            if (!producersDone)
                continue;
            if (error_ || skip(spec, inputs)) {
                state_[id] = State::Done;
                continue;
            }
            state_[id] = State::Running;
            ready.push_back(&spec);
        }
        return ready;
    }

    std::mutex mutex_;
    std::condition_variable wake_;
    std::array<State, kStageCount> state_{};
    std::array<StageOutputs, kStageCount> changed_{};
    std::array<bool, kStageCount> ran_{};
    size_t running_ = 0;
    std::vector<std::future<void>> threads_;
    std::exception_ptr error_;
};

/// Runs the stages of the table an edit reaches (every stage when `parts` is null), each writing
/// its own outputs.
const Results &run(const Design &design, Evaluator::State &st, const DesignParts *parts,
                   const std::atomic<bool> *cancel)
{
    Results &res = st.results;
    st.last = {};
    const bool all = parts == nullptr;
    if (!all && parts->none())
        return res;
    st.valid = false; // until every stage has finished
    res.cancelled = false;
    // Beyond the documented limits nothing is evaluated (and nothing allocated): the one problem says why.
    if (auto tooLarge = limitProblem(design, st.catalog)) {
        res = Results{};
        res.problems = {*tooLarge};
        res.refused = true;
        return res;
    }

    StageScheduler stages;
    stages.run(
        [&](const StageSpec &spec, const StageOutputs &inputs) {
            if (spec.optional && !st.options.failureDomains)
                return true;
            if (!all && !stageReached(spec, *parts, inputs))
                return true;
            // Validation always finishes; the rest stop when the run is cancelled.
            return spec.id != StageId::Validate && cancelled(cancel);
        },
        [&](const StageSpec &spec) { return runStage(spec.id, design, st, parts, cancel); });

    const auto stageRan = [&](StageId id) { return stages.ran(id); };
    st.last = {stageRan(StageId::Validate), stageRan(StageId::Inventory), stageRan(StageId::Fabric),
               stageRan(StageId::Performance), stageRan(StageId::Facility), stageRan(StageId::Reliability),
               stageRan(StageId::Cost), stageRan(StageId::FailureDomains)};
    if (cancelled(cancel)) {
        res.cancelled = true;
        return res;
    }

    // Problems in the order of the stages.
    res.problems = st.validateProblems;
    res.validationCount = st.validateProblems.size();
    for (const Problems *list : {&st.rackProblems, &res.fabric.problems, &st.performanceProblems,
                                 &st.facilityProblems, &res.reliability.problems, &res.cost.problems})
        res.problems.insert(res.problems.end(), list->begin(), list->end());
    if (res.inventory.gpusTotal == 0)
        res.problems.push_back(problem(Severity::Warning, "design", CP_TR_NOOP("cp::Problems", "the design has no GPUs")));
    st.valid = true;
    return res;
}

} // namespace

Evaluator::Evaluator(const Catalog &catalog, EvaluationOptions options)
    : mState(std::make_unique<State>(catalog, options))
{
}
Evaluator::~Evaluator() = default;

const Results &Evaluator::evaluate(const Design &design, const std::atomic<bool> *cancel)
{
    State &st = *mState;
    const bool incremental = st.valid;
    const DesignParts changes = incremental ? diff(st.previous, design) : DesignParts().set();
    const Results &res = run(design, st, incremental ? &changes : nullptr, cancel);
    if (st.valid && st.keep && (!incremental || changes.any()))
        st.previous = design;
    return res;
}

const Results &Evaluator::results() const
{
    return mState->results;
}

Evaluator::Stages Evaluator::lastStages() const
{
    return mState->last;
}

void Evaluator::reset()
{
    mState->valid = false;
}

Results evaluate(const Design &design, const Catalog &catalog, const std::atomic<bool> *cancel,
                 EvaluationOptions options)
{
    Evaluator::State st(catalog, options);
    st.keep = false;
    run(design, st, nullptr, cancel);
    return std::move(st.results);
}

} // namespace cp
