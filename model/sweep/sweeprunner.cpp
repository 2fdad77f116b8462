#include "model/sweep/sweeprunner.h"

#include "model/core/catalog.h"
#include "model/engine/evaluation.h"
#include "model/sweep/sweepfigures.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <map>
#include <mutex>
#include <thread>

namespace cp {

using json = nlohmann::json;

std::vector<size_t> sweepRunOrder(const VariantPlan &plan, std::vector<size_t> indexes)
{
    std::sort(indexes.begin(), indexes.end());
    std::map<std::string, size_t> groupOf; // template key → first appearance
    std::vector<std::pair<size_t, size_t>> keyed;
    keyed.reserve(indexes.size());
    for (const size_t i : indexes) {
        const auto [it, added] = groupOf.emplace(plan.templateKey(i), groupOf.size());
        keyed.emplace_back(it->second, i);
    }
    std::stable_sort(keyed.begin(), keyed.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    std::vector<size_t> out;
    out.reserve(keyed.size());
    for (const auto &k : keyed)
        out.push_back(k.second);
    return out;
}

namespace {

std::string fixedText(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

/// The figures constraints and objectives name by JSON pointer.
std::vector<std::string> extraPointers(const SweepSpec &spec)
{
    std::vector<std::string> out;
    for (const SweepConstraint &c : spec.constraints)
        if (!findSweepFigure(c.figure))
            out.push_back(c.figure);
    for (const SweepObjective &o : spec.objectives)
        if (!findSweepFigure(o.figure))
            out.push_back(o.figure);
    return out;
}

void judge(const SweepSpec &spec, const Results &results, VariantRow &row)
{
    std::vector<std::string> missed;
    size_t errors = 0;
    std::string firstError;
    for (const Problem &p : results.problems)
        if (p.severity == Severity::Error && errors++ == 0)
            firstError = p.place + ": " + p.message;
    if (errors > 0)
        missed.push_back(std::to_string(errors) + " design error(s), first " + firstError);
    for (const SweepConstraint &c : spec.constraints) {
        const auto it = row.figures.find(c.figure);
        if (it == row.figures.end()) {
            missed.push_back(c.figure + " not computed");
            continue;
        }
        if (c.hasMin && it->second < c.min)
            missed.push_back(c.figure + " " + fixedText(it->second) + " < " + fixedText(c.min));
        if (c.hasMax && it->second > c.max)
            missed.push_back(c.figure + " " + fixedText(it->second) + " > " + fixedText(c.max));
    }
    for (const SweepObjective &o : spec.objectives)
        if (!row.figures.count(o.figure))
            missed.push_back(o.figure + " not computed");
    row.feasible = missed.empty();
    for (const std::string &m : missed)
        row.violations += (row.violations.empty() ? "" : "; ") + m;
}

} // namespace

VariantRow evaluateVariant(const SweepSpec &spec, const VariantPlan &plan, size_t index, VariantBuilder &builder,
                           Evaluator &evaluator)
{
    VariantRow row;
    row.index = index;
    try {
        row.parameters = plan.parameters(index);
        const Design design = builder.build(plan.values(index));
        const Results &results = evaluator.evaluate(design);
        row.figures = sweepFiguresOf(results, design, extraPointers(spec));
        row.ok = true;
        judge(spec, results, row);
    } catch (const std::bad_alloc &) {
        row = VariantRow{index, row.parameters, false, "out of memory evaluating this variant", false, "", {}};
        evaluator.reset();
    } catch (const std::exception &e) {
        row = VariantRow{index, row.parameters, false, e.what(), false, "", {}};
        evaluator.reset();
    }
    return row;
}

std::vector<size_t> shardIndexes(size_t variants, size_t task, size_t tasks)
{
    std::vector<size_t> out;
    if (tasks == 0 || task >= tasks)
        return out;
    const size_t begin = variants * task / tasks, end = variants * (task + 1) / tasks;
    for (size_t i = begin; i < end; ++i)
        out.push_back(i);
    return out;
}

size_t runSweep(const SweepSpec &spec, const Catalog &catalog, const VariantBuilder::Generator &generate,
                const Design *projectBase, const std::vector<size_t> &indexes, const SweepRunOptions &options)
{
    const VariantPlan plan(spec);
    const std::vector<size_t> order = sweepRunOrder(plan, indexes);
    unsigned threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    threads = unsigned(std::min<size_t>(threads, std::max<size_t>(1, order.size())));

    std::mutex mutex;
    std::condition_variable wake;
    std::vector<VariantRow> finished;
    size_t next = 0, done = 0, running = threads;
    // A thread takes a run of neighbours (one base) at a time: small enough to spread the work.
    const size_t chunk = std::clamp<size_t>(order.size() / (size_t(threads) * 8), 1, 32);
    const auto cancelled = [&] { return options.cancel && options.cancel->load(); };

    const auto work = [&] {
        VariantBuilder builder(spec, catalog, generate);
        if (projectBase)
            builder.setProjectBase(*projectBase);
        Evaluator evaluator(catalog);
        for (;;) {
            size_t from = 0, to = 0;
            {
                std::lock_guard lock(mutex);
                if (next >= order.size() || cancelled())
                    break;
                from = next;
                to = std::min(order.size(), next + chunk);
                next = to;
            }
            for (size_t k = from; k < to; ++k) {
                if (cancelled())
                    break;
                VariantRow row = evaluateVariant(spec, plan, order[k], builder, evaluator);
                std::lock_guard lock(mutex);
                finished.push_back(std::move(row));
                ++done;
                wake.notify_one();
            }
        }
        std::lock_guard lock(mutex);
        --running;
        wake.notify_one();
    };
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t)
        pool.emplace_back(work);

    size_t delivered = 0;
    std::exception_ptr failure;
    const auto batch = std::chrono::duration<double>(options.batchSeconds);
    for (;;) {
        std::vector<VariantRow> rows;
        bool last = false;
        {
            std::unique_lock lock(mutex);
            wake.wait_for(lock, batch, [&] { return running == 0; });
            rows.swap(finished);
            last = running == 0;
        }
        delivered += rows.size();
        if (!rows.empty() && options.onRows && !failure) {
            try {
                options.onRows(std::move(rows));
            } catch (...) {
                // The writer failed (a full disk): stop the threads, then report it.
                failure = std::current_exception();
                std::lock_guard lock(mutex);
                next = order.size();
            }
        }
        if (last)
            break;
    }
    for (std::thread &t : pool)
        t.join();
    if (failure)
        std::rethrow_exception(failure);
    return delivered;
}

} // namespace cp
