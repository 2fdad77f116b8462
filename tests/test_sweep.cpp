// Design-space sweeps (model/sweep): the spec's refusals with their places, variants drawn the
// same way everywhere (grid, random, Latin hypercube), shards that cover every variant once, the
// Pareto front, the results file, and a threaded run whose rows equal one-by-one evaluations.

#include "model/core/catalog.h"
#include "model/core/problem.h"
#include "model/engine/evaluation.h"
#include "model/generate/templates.h"
#include "model/io/resultsjson.h"
#include "model/sweep/pareto.h"
#include "model/sweep/sweepfigures.h"
#include "model/sweep/sweeprunner.h"
#include "testsupport.h"

#include <QTemporaryDir>
#include <QtTest>

#include <set>

using namespace cp;
using json = nlohmann::json;

namespace {

json smallSpec()
{
    return json::parse(R"({
      "name": "small",
      "base": {"template": {"kind": "classic", "gpu": "h100-sxm"}},
      "axes": [
        {"name": "gpus", "parameter": "template.gpus", "values": [64, 128]},
        {"name": "energy", "parameter": "/finance/energy_usd_per_kwh", "range": [0.05, 0.15], "steps": 3},
        {"name": "policy", "parameter": "/reliability/policy", "values": ["2021-baseline", "llama3-2024"]}
      ],
      "constraints": [{"figure": "facility_mw", "max": 0.15}],
      "objectives": [{"figure": "cost_per_effective_pflop_hour_usd"}, {"figure": "effective_time_to_train_days"}]
    })");
}

/// The place of the LoadError `spec` throws, or "" when it is accepted.
std::string refusalPlace(const json &spec)
{
    try {
        (void)sweepSpecFromJson(spec, "spec.json");
    } catch (const LoadError &e) {
        return e.place();
    }
    return {};
}

VariantRow row(size_t index, bool feasible, double x, double y)
{
    VariantRow r;
    r.index = index;
    r.ok = true;
    r.feasible = feasible;
    r.figures = {{"a", x}, {"b", y}};
    return r;
}

} // namespace

class TestSweep : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void specRefusalsNameThePlace();
    void gridCountsWithTheTemplateSlowest();
    void randomAndLatinHypercubeAreReproducible();
    void shardsCoverEveryVariantOnce();
    void paretoFrontKeepsTheUnbeaten();
    void storeRoundTripsAndRefusesADisagreement();
    void threadedRunEqualsOneByOne();
    void badSettingValueIsRefusedBeforeAnyRun();
    void figuresAreTheResultsJsons();
};

void TestSweep::specRefusalsNameThePlace()
{
    QCOMPARE(refusalPlace(smallSpec()), std::string());
    json s = smallSpec();
    s["axes"][0]["values"][1] = -5;
    QCOMPARE(refusalPlace(s), std::string("axes[0].values[1]"));
    s = smallSpec();
    s["axes"][1].erase("steps");
    QCOMPARE(refusalPlace(s), std::string("axes[1].steps")); // a grid over a range needs steps
    s = smallSpec();
    s["axes"][2]["parameter"] = "/hall/width_m"; // the layout is not a setting a sweep varies
    QCOMPARE(refusalPlace(s), std::string("axes[2].parameter"));
    s = smallSpec();
    s["objectives"][0]["figure"] = "speed";
    QCOMPARE(refusalPlace(s), std::string("objectives[0].figure"));
    s = smallSpec();
    s["sampling"] = {{"method", "random"}};
    QCOMPARE(refusalPlace(s), std::string("sampling.variants"));
    s = smallSpec();
    s["constraints"][0] = {{"figure", "goodput"}};
    QCOMPARE(refusalPlace(s), std::string("constraints[0]"));
    s = smallSpec();
    s["axes"][1]["name"] = "gpus";
    QCOMPARE(refusalPlace(s), std::string("axes[1].name"));
    s = smallSpec();
    s["axes"][0] = {{"parameter", "template"}, {"values", {{{"kind", "classic"}, {"gpus", 0}}}}};
    QCOMPARE(refusalPlace(s), std::string("axes[0].values[0].gpus"));
    s = smallSpec();
    s["bogus"] = 1;
    QCOMPARE(refusalPlace(s), std::string("bogus"));
    // Every refusal names the file too.
    try {
        (void)sweepSpecFromJson(json::array(), "my-spec.json");
        QFAIL("an array was accepted");
    } catch (const LoadError &e) {
        QVERIFY(std::string(e.what()).find("my-spec.json") != std::string::npos);
    }
}

void TestSweep::gridCountsWithTheTemplateSlowest()
{
    json j = smallSpec();
    // The template axis written last still varies slowest: neighbours share a base.
    std::swap(j["axes"][0], j["axes"][2]);
    const SweepSpec spec = sweepSpecFromJson(j, "spec.json");
    QCOMPARE(spec.variants, size_t(12));
    const VariantPlan plan(spec);
    std::set<std::string> seen;
    for (size_t i = 0; i < plan.size(); ++i) {
        seen.insert(plan.parameters(i).dump());
        QCOMPARE(plan.templateKey(i), plan.templateKey(i / 6 * 6)); // 6 setting combinations per base
    }
    QCOMPARE(seen.size(), size_t(12)); // every combination once
    QCOMPARE(plan.parameters(0)["energy"].get<double>(), 0.05);
    QCOMPARE(plan.parameters(11)["energy"].get<double>(), 0.15);
    QCOMPARE(plan.parameters(11)["gpus"].get<long long>(), 128LL);
}

void TestSweep::randomAndLatinHypercubeAreReproducible()
{
    for (const char *method : {"random", "latin-hypercube"}) {
        json j = smallSpec();
        j["sampling"] = {{"method", method}, {"variants", 50}, {"seed", 3}};
        const SweepSpec spec = sweepSpecFromJson(j, "spec.json");
        const VariantPlan a(spec), b(spec);
        j["sampling"]["seed"] = 4;
        const SweepSpec other = sweepSpecFromJson(j, "spec.json");
        const VariantPlan c(other);
        size_t differs = 0;
        std::vector<double> energy;
        for (size_t i = 0; i < 50; ++i) {
            QCOMPARE(a.parameters(i), b.parameters(i));
            differs += a.parameters(i) != c.parameters(i);
            const double e = a.parameters(i)["energy"].get<double>();
            QVERIFY(e >= 0.05 && e <= 0.15);
            energy.push_back(e);
        }
        QVERIFY(differs > 40); // another seed, other variants
        if (std::string(method) == "latin-hypercube") {
            // One draw in each of the 50 strata of the range.
            std::set<int> strata;
            for (const double e : energy)
                strata.insert(std::min(49, int((e - 0.05) / 0.10 * 50)));
            QCOMPARE(strata.size(), size_t(50));
        }
    }
}

void TestSweep::shardsCoverEveryVariantOnce()
{
    for (const size_t tasks : {1u, 2u, 3u, 7u, 400u, 401u}) {
        std::vector<int> count(400, 0);
        for (size_t t = 0; t < tasks; ++t) {
            const std::vector<size_t> s = shardIndexes(400, t, tasks);
            for (size_t k = 1; k < s.size(); ++k)
                QCOMPARE(s[k], s[k - 1] + 1); // contiguous: bases stay together
            for (const size_t i : s)
                ++count[i];
        }
        QVERIFY(std::all_of(count.begin(), count.end(), [](int c) { return c == 1; }));
    }
    QVERIFY(shardIndexes(10, 3, 3).empty());
}

void TestSweep::paretoFrontKeepsTheUnbeaten()
{
    const std::vector<VariantRow> rows = {
        row(0, true, 1, 9), row(1, true, 2, 5), row(2, true, 3, 6), // 2 is beaten by 1
        row(3, true, 4, 2), row(4, false, 0, 0),                     // 4 violates: not on the front
        row(5, true, 5, 2),                                          // a tie on y, worse x: beaten by 3
        row(6, true, 6, 1)};
    const std::vector<size_t> front = paretoFront(rows, {"a", false}, {"b", false});
    QCOMPARE(front, (std::vector<size_t>{0, 1, 3, 6}));
    // Maximising b turns the front around: the largest b first along a.
    const std::vector<size_t> maxB = paretoFront(rows, {"a", false}, {"b", true});
    QCOMPARE(maxB, (std::vector<size_t>{0}));
    QVERIFY(paretoFront(rows, {"a", false}, {"missing", false}).empty());
}

void TestSweep::storeRoundTripsAndRefusesADisagreement()
{
    QTemporaryDir dir;
    const std::string path = cptest::tempPath(dir, "r.sqlite");
    const SweepSpec spec = sweepSpecFromJson(smallSpec(), "spec.json");
    {
        SweepStore store = SweepStore::create(path, spec, false);
        VariantRow r = row(3, true, 0.1 + 0.2, 1e-300);
        r.parameters = {{"gpus", 64}, {"energy", 0.05}};
        store.write({r});
        store.write({r}); // the same row again: nothing changes
        r.figures["a"] = 0.3;
        QVERIFY_EXCEPTION_THROWN(store.write({r, row(4, true, 1, 1)}), LoadError);
        QCOMPARE(store.rowCount(), size_t(1)); // the failed batch wrote nothing, not even row 4
        QVERIFY_EXCEPTION_THROWN(store.write({row(12, true, 1, 1)}), LoadError); // beyond the sweep
    }
    QVERIFY_EXCEPTION_THROWN(SweepStore::create(path, spec, false), LoadError); // exists
    const SweepStore store = SweepStore::open(path);
    QCOMPARE(store.specDigest(), sweepSpecDigest(spec));
    const std::vector<VariantRow> rows = store.rows();
    QCOMPARE(rows.size(), size_t(1));
    QCOMPARE(rows[0].figures.at("a"), 0.1 + 0.2); // every bit kept
    QCOMPARE(rows[0].figures.at("b"), 1e-300);
    QCOMPARE(rows[0].parameters["energy"].get<double>(), 0.05);
    // Not a results file: refused with the file named.
    cptest::writeFile(cptest::tempPath(dir, "x.sqlite"), "not a database at all, just text........");
    try {
        (void)SweepStore::open(cptest::tempPath(dir, "x.sqlite"));
        QFAIL("a text file opened as results");
    } catch (const LoadError &e) {
        QVERIFY(std::string(e.what()).find("x.sqlite") != std::string::npos);
    }
}

void TestSweep::threadedRunEqualsOneByOne()
{
    const Catalog catalog = Catalog::builtin();
    const SweepSpec spec = sweepSpecFromJson(smallSpec(), "spec.json");
    const VariantPlan plan(spec);
    const auto generate = [&](const TemplateOptions &o) { return generateTemplate(o, catalog); };
    std::vector<size_t> all(plan.size());
    std::iota(all.begin(), all.end(), size_t(0));
    std::vector<VariantRow> threaded;
    SweepRunOptions options;
    options.threads = 3;
    options.batchSeconds = 0.01;
    options.onRows = [&](std::vector<VariantRow> &&rows) {
        threaded.insert(threaded.end(), rows.begin(), rows.end());
    };
    QCOMPARE(runSweep(spec, catalog, generate, nullptr, all, options), plan.size());
    std::sort(threaded.begin(), threaded.end(), [](const auto &a, const auto &b) { return a.index < b.index; });
    QCOMPARE(threaded.size(), plan.size());
    size_t feasible = 0;
    for (size_t i = 0; i < plan.size(); ++i) {
        // A fresh builder and a fresh evaluator for each: nothing reused.
        VariantBuilder builder(spec, catalog, generate);
        Evaluator evaluator(catalog);
        const VariantRow alone = evaluateVariant(spec, plan, i, builder, evaluator);
        QVERIFY2(alone.ok, alone.error.c_str());
        QVERIFY(threaded[i] == alone);
        feasible += alone.feasible;
        QVERIFY(alone.figures.count("mfu_p10") && alone.figures.count("mfu_p90"));
    }
    // The 128-GPU variants miss the 0.15 MW constraint; the 64-GPU ones meet it.
    QCOMPARE(feasible, size_t(6));
    QVERIFY(threaded[11].violations.find("facility_mw") != std::string::npos);
    // The energy price moves the cost, not the training.
    QVERIFY(threaded[0].figures.at("cost_per_effective_pflop_hour_usd") <
            threaded[2].figures.at("cost_per_effective_pflop_hour_usd"));
    QCOMPARE(threaded[0].figures.at("mfu"), threaded[2].figures.at("mfu"));
}

void TestSweep::badSettingValueIsRefusedBeforeAnyRun()
{
    const Catalog catalog = Catalog::builtin();
    json j = smallSpec();
    j["axes"][2]["values"][1] = "no-such-policy";
    const SweepSpec spec = sweepSpecFromJson(j, "spec.json");
    const Design base = generateTemplate(spec.base, catalog);
    try {
        checkSweepSettings(spec, base, catalog, "spec.json");
        QFAIL("an unknown policy was accepted");
    } catch (const LoadError &e) {
        QCOMPARE(e.place(), std::string("axes[2].values[1]"));
        QVERIFY(std::string(e.what()).find("spec.json") != std::string::npos);
    }
    j = smallSpec();
    j["set"] = {{"/workload/nonexistent_group/x", 1}};
    const SweepSpec bad = sweepSpecFromJson(j, "spec.json");
    QVERIFY_EXCEPTION_THROWN(checkSweepSettings(bad, base, catalog, "spec.json"), LoadError);
    // A value the design rules refuse is refused with the axis's place and the rule's words.
    j = smallSpec();
    j["axes"][1] = {{"name", "energy"}, {"parameter", "/finance/energy_usd_per_kwh"}, {"values", {0.05, -1}}};
    try {
        checkSweepSettings(sweepSpecFromJson(j, "spec.json"), base, catalog, "spec.json");
        QFAIL("a negative energy price was accepted");
    } catch (const LoadError &e) {
        QCOMPARE(e.place(), std::string("axes[1].values[1]"));
        QVERIFY(std::string(e.what()).find("finance.energy_usd_per_kwh") != std::string::npos);
    }
}

void TestSweep::figuresAreTheResultsJsons()
{
    // Each recorded figure (read through the figure table) is the results JSON's number at its key.
    const Catalog catalog = Catalog::builtin();
    const Design design = generateTemplate({"supernode", 1152, ""}, catalog);
    const Results results = evaluate(design, catalog);
    const json j = resultsToJson(results);
    const std::map<std::string, double> got = sweepFiguresOf(results, design, {"/power/pue", "/fabric/radix"});
    size_t checked = 0;
    for (const SweepFigure &f : sweepFigures()) {
        if (std::string(f.name) == "hall_area_m2")
            continue;
        std::string pointer = std::string("/") + f.key;
        std::replace(pointer.begin(), pointer.end(), '.', '/');
        QVERIFY2(got.count(f.name), f.name);
        QCOMPARE(got.at(f.name), j.at(json::json_pointer(pointer)).get<double>() * f.scale);
        ++checked;
        if (f.banded)
            for (const char *suffix : {"_p10", "_p90"}) {
                QVERIFY2(got.count(std::string(f.name) + suffix), f.name);
                QCOMPARE(got.at(std::string(f.name) + suffix), j.at(json::json_pointer(pointer + suffix)).get<double>() * f.scale);
            }
    }
    QCOMPARE(checked, sweepFigures().size() - 1);
    QCOMPARE(got.at("/power/pue"), j.at("power").at("pue").get<double>());       // through the table
    QCOMPARE(got.at("/fabric/radix"), j.at("fabric").at("radix").get<double>()); // through the whole JSON
    QCOMPARE(got.at("hall_area_m2"), design.hall.widthM * design.hall.depthM);
}

QTEST_GUILESS_MAIN(TestSweep)
#include "test_sweep.moc"
