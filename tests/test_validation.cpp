// The training model against the published validation rows (docs/validation.md): every row's
// error and held-out error as documented, the fitted constant equal to the one in use, the error
// bands up to date and covering about 8 rows in 10, and strong scaling falling with the GPU count.
#include "model/core/catalog.h"
#include "model/io/estimatespec.h"
#include "model/training/accuracy.h"
#include "model/training/publishedruns.h"
#include "model/training/estimate.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QRegularExpression>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <filesystem>
#include <limits>
#include <map>
#include <set>
#include <span>
#include <tuple>

using namespace cp;

class TestValidation : public QObject
{
    Q_OBJECT

private:
    /// Every spec of a folder under tests/data, named by its file stem.
    static std::vector<ValidationCase> loadCases(const char *folder)
    {
        std::vector<ValidationCase> cases;
        for (const auto &entry : std::filesystem::directory_iterator(cptest::dataPath(folder)))
            if (entry.path().extension() == ".json")
                cases.push_back({entry.path().stem().string(),
                                 loadEstimateSpec(entry.path().string(), Catalog::builtin())});
        return cases;
    }

    static const ValidationReport &report()
    {
        static const ValidationReport r = validateModel(loadCases("validation"));
        return r;
    }

    /// Each row's estimate as the calibration in use gives it: predicted over published, and
    /// whether its step was communication-bound (PerformanceBands).
    struct Estimated
    {
        std::map<std::string, double> predictedOverPublished;
        std::map<std::string, bool> communicationBound;
    };
    static const Estimated &estimated()
    {
        static const Estimated e = [] {
            Estimated out;
            for (const ValidationCase &c : loadCases("validation")) {
                const EstimateOutcome o = runEstimate(c.spec);
                const double predicted = predictedFigure(o.estimate, c.spec.published->metric, c.spec.cluster.gpus);
                out.predictedOverPublished[c.id] = predicted / c.spec.published->value;
                out.communicationBound[c.id] = performanceBands(c.spec, o.estimate).communicationBound();
            }
            return out;
        }();
        return e;
    }
    static const std::map<std::string, double> &predictedOverPublished() { return estimated().predictedOverPublished; }
    static const std::map<std::string, bool> &communicationBound() { return estimated().communicationBound; }

    static const ValidationRow &row(const std::string &id)
    {
        for (const ValidationRow &r : report().rows)
            if (r.id == id)
                return r;
        qFatal("no validation row %s", id.c_str());
    }

private Q_SLOTS:
    void enoughRowsAndSources()
    {
        QVERIFY(report().rows.size() >= 25);
        QVERIFY(report().sources >= 5);
        for (const ValidationRow &r : report().rows)
            QVERIFY2(r.feasible, r.id.c_str()); // every published layout runs and fits
    }

    /// The published runs the tool ships (model/training/publishedruns.h, written by
    /// scripts/published-runs.sh) are the validation rows as they stand: every row, its error and
    /// held-out error as the model gives them now (within the 0.1-point rounding), and what ran as
    /// its spec says. A change that moves a row fails here until the table, and docs/validation.md,
    /// say so.
    void publishedRunsAreTheRowsAsValidated()
    {
        QCOMPARE(publishedRuns().size(), report().rows.size());
        std::set<std::string> ids;
        for (const PublishedRun &x : publishedRuns()) {
            QVERIFY2(ids.insert(x.id).second, x.id);
            const ValidationRow &r = row(x.id);
            QVERIFY2(std::fabs(100.0 * r.error() - x.errorPct) <= 0.15,
                     qPrintable(QStringLiteral("%1: error %2 %, shipped %3 %").arg(QString::fromLatin1(x.id)).arg(100.0 * r.error()).arg(x.errorPct)));
            QVERIFY2(std::fabs(100.0 * r.heldOutError() - x.heldOutPct) <= 0.15,
                     qPrintable(QStringLiteral("%1: held-out error %2 %, shipped %3 %")
                                    .arg(QString::fromLatin1(x.id)).arg(100.0 * r.heldOutError()).arg(x.heldOutPct)));
            QCOMPARE(std::string(x.source), r.source);
            const EstimateSpec spec = loadEstimateSpec(cptest::dataPath(("validation/" + r.id + ".json").c_str()),
                                                       Catalog::builtin());
            QCOMPARE(std::string(x.gpu), spec.cluster.gpu.id);
            QCOMPARE(x.gpuPeakTflopsBf16, spec.cluster.gpu.peakTflopsBf16);
            QCOMPARE(std::string(x.precision) == "fp8", spec.training.precision == Precision::Fp8);
            QCOMPARE(x.moe, spec.model.moe());
            QCOMPARE(x.gpus, spec.cluster.gpus);
            QCOMPARE(x.seqLen, spec.training.seqLen);
            QVERIFY2(std::fabs(x.paramsB - spec.model.totalParams() / 1e9) <= 0.001, x.id);
            QVERIFY2(std::string(x.name).size() > 10 && std::string(spec.name).rfind(x.name, 0) == 0, x.id);
        }
    }

    /// Every estimate names the published runs most like it, nearest first: a published run's own
    /// spec finds itself (or a run of the same part, precision, size, scale and sequence) at
    /// distance 0, and the runs it lists share its part and precision.
    void nearestPublishedRunsAreAlike()
    {
        const EstimateSpec gb200 = loadEstimateSpec(
            cptest::dataPath("validation/nemo2504-gb200-nemotron4-340b.json"), Catalog::builtin());
        const std::vector<NearbyRun> near = nearestPublishedRuns(gb200);
        QCOMPARE(near.size(), size_t(3));
        QVERIFY(near[0].distance < 1e-3); // the table rounds parameters to millions
        bool self = false;
        for (const NearbyRun &n : near) {
            self = self || std::string(n.run->id) == "nemo2504-gb200-nemotron4-340b";
            QCOMPARE(std::string(n.run->gpu), std::string("gb200"));
            QCOMPARE(std::string(n.run->precision), std::string("fp8"));
            QVERIFY(std::fabs(n.run->paramsB - 341.0) < 1.0);
        }
        QVERIFY(self);
        QVERIFY(near[0].distance <= near[1].distance && near[1].distance <= near[2].distance);
        // A 16-bit run on A100 finds A100 runs, not the FP8 rows of later parts.
        const EstimateSpec a100 =
            loadEstimateSpec(cptest::dataPath("validation/megatron-145.6b.json"), Catalog::builtin());
        for (const NearbyRun &n : nearestPublishedRuns(a100, 5))
            QCOMPARE(std::string(n.run->gpu), std::string("a100-sxm4-80gb"));
        // A spec with nothing to compare (no GPUs, no parameters) still gets finite distances.
        EstimateSpec empty = a100;
        empty.cluster.gpus = 0;
        empty.cluster.gpu.peakTflopsBf16 = 0;
        empty.training.seqLen = 0;
        for (const NearbyRun &n : nearestPublishedRuns(empty))
            QVERIFY(std::isfinite(n.distance));
        empty.cluster.gpu.peakTflopsBf16 = std::numeric_limits<double>::max();
        empty.cluster.gpus = std::numeric_limits<long long>::max();
        for (const NearbyRun &n : nearestPublishedRuns(empty))
            QVERIFY(std::isfinite(n.distance));
    }

    /// The nearest runs say what they cannot vouch for: that none of them ran on the estimate's part
    /// (and the nearest that did, if any did), and that a design's figures are scaled by a stack
    /// efficiency their errors know nothing of.
    void nearestRunsSayWhatTheyCannotVouchFor()
    {
        const auto specOn = [](const char *row, const char *gpu) {
            nlohmann::json j = nlohmann::json::parse(
                cptest::readFile(cptest::dataPath(("validation/" + std::string(row) + ".json").c_str())));
            j["gpu"] = gpu;
            return parseEstimateSpec(j, std::string(row) + " on " + gpu, Catalog::builtin());
        };
        // Runs on its own part: nothing to add.
        const EstimateSpec gb200 = specOn("nemo2504-gb200-nemotron4-340b", "gb200");
        const std::vector<NearbyRun> own = nearestPublishedRuns(gb200);
        QVERIFY(nearbyRunsCaveat(gb200, own).empty());
        QVERIFY(nearbyRunsCaveatText(nearbyRunsCaveat(gb200, own), "gb200").empty());
        // A part no published run used: the runs listed are other parts'.
        const EstimateSpec mi300x = specOn("nemo2504-gb200-nemotron4-340b", "mi300x");
        for (const PublishedRun &r : publishedRuns())
            QVERIFY2(std::string(r.gpu) != "mi300x", r.id); // else this case tests nothing
        const NearbyRunsCaveat unseen = nearbyRunsCaveat(mi300x, nearestPublishedRuns(mi300x));
        QVERIFY(unseen.partUnseen && !unseen.nearestOnPart);
        QVERIFY(QString::fromStdString(nearbyRunsCaveatText(unseen, "mi300x")).contains(QStringLiteral("ran on mi300x")));
        // A part with runs, none of them among the nearest: a 16-bit MoE on GB300 finds GB200's
        // 16-bit MoE runs first, and the caveat names the nearest GB300 run.
        const EstimateSpec gb300 = specOn("dgxc-gb200-grok1-314b-512-bf16", "gb300");
        const std::vector<NearbyRun> near = nearestPublishedRuns(gb300);
        for (const NearbyRun &n : near)
            QVERIFY2(std::string(n.run->gpu) != "gb300", n.run->id);
        const NearbyRunsCaveat other = nearbyRunsCaveat(gb300, near);
        QVERIFY(!other.partUnseen && other.nearestOnPart);
        QCOMPARE(std::string(other.nearestOnPart->gpu), std::string("gb300"));
        for (const PublishedRun &r : publishedRuns())
            if (std::string(r.gpu) == "gb300")
                QVERIFY2(runDistance(shapeOf(gb300), shapeOf(r)) >=
                             runDistance(shapeOf(gb300), shapeOf(*other.nearestOnPart)),
                         r.id);
        QVERIFY(QString::fromStdString(nearbyRunsCaveatText(other, "gb300"))
                    .contains(QString::fromUtf8(other.nearestOnPart->name)));
        // A stack efficiency below 1 is said; 1, 0 and NaN (not a share) are not.
        QCOMPARE(nearbyRunsCaveat(gb200, own, 0.55).stackEfficiency, 0.55);
        QVERIFY(QString::fromStdString(nearbyRunsCaveatText(nearbyRunsCaveat(gb200, own, 0.55), "gb200"))
                    .contains(QStringLiteral("0.55")));
        for (double eff : {1.0, 0.0, std::numeric_limits<double>::quiet_NaN()})
            QVERIFY(nearbyRunsCaveat(gb200, own, eff).empty());
    }

    /// The nearest runs are evidence, not a better band: a P10–P90 band drawn from the k runs of
    /// other sources nearest to each row holds fewer rows than the regime bands held out (a run's
    /// error follows its stack more than its neighbours), at every k tried. Measured 41, 56, 65 and
    /// 72 % at k = 5, 12, 20, 40 against 77 % (docs/validation.md, "This round: each estimate names
    /// its nearest published runs").
    void nearestRunsAreEvidenceNotABand()
    {
        const auto quantile = [](std::vector<double> v, double q) {
            std::sort(v.begin(), v.end());
            const double pos = q * double(v.size() - 1);
            const size_t i = size_t(pos);
            const double f = pos - double(i);
            return i + 1 < v.size() ? v[i] * (1 - f) + v[i + 1] * f : v[i];
        };
        const auto factor = [](const PublishedRun &r) { return 1.0 / (1.0 + r.heldOutPct / 100.0); };
        const std::span<const PublishedRun> runs = publishedRuns();
        for (size_t k : {5, 12, 20, 40}) {
            int inside = 0;
            for (const PublishedRun &r : runs) {
                std::vector<std::pair<double, double>> others; // distance, factor
                for (const PublishedRun &o : runs)
                    if (std::string(o.source) != r.source)
                        others.push_back({runDistance(shapeOf(r), shapeOf(o)), factor(o)});
                std::sort(others.begin(), others.end());
                std::vector<double> near;
                for (size_t i = 0; i < k && i < others.size(); ++i)
                    near.push_back(others[i].second);
                inside += factor(r) >= quantile(near, 0.1) && factor(r) <= quantile(near, 0.9);
            }
            const double coverage = double(inside) / double(runs.size());
            QVERIFY2(coverage < report().heldOutCoverage,
                     qPrintable(QStringLiteral("k %1: %2 vs %3").arg(k).arg(coverage).arg(report().heldOutCoverage)));
            qInfo("k = %zu: %.0f %% of the rows inside the band of their nearest runs", k, 100.0 * coverage);
        }
    }

    /// A published block without its metric, or with an unknown one, is refused with the place.
    void publishedBlockChecked()
    {
        QTemporaryDir dir;
        const std::string base = cptest::readFile(cptest::dataPath("validation/llama3-405b.json"));
        for (const auto &[from, to, message] :
             {std::tuple<std::string, std::string, std::string>{"\"metric\": \"model_tflops_per_gpu\",", "",
                                                                "published.metric: is required"},
              {"\"metric\": \"model_tflops_per_gpu\"", "\"metric\": \"speed\"", "published.metric: \"speed\" is not one of"}}) {
            std::string text = base;
            const size_t at = text.find(from);
            QVERIFY(at != std::string::npos);
            text.replace(at, from.size(), to);
            const std::string path = dir.filePath(QStringLiteral("spec.json")).toStdString();
            cptest::writeFile(path, text);
            try {
                loadEstimateSpec(path, Catalog::builtin());
                QFAIL("accepted");
            } catch (const LoadError &e) {
                QVERIFY2(std::string(e.what()).find(message) != std::string::npos, e.what());
                QVERIFY2(std::string(e.what()).find(path) != std::string::npos, e.what());
            }
        }
    }

    /// One constant set: the fit over every row lands on the constant the model uses.
    void fittedConstantIsTheOneInUse()
    {
        QVERIFY(std::fabs(report().fittedGemmEfficiency - defaultCalibration().gemmEfficiencyMax) < 0.003);
        QVERIFY(std::fabs(report().fittedFp8GemmEfficiency - defaultCalibration().fp8GemmEfficiency) < 0.006);
    }

    /// The specs describe the models NVIDIA ran: where a Megatron-Bridge row also publishes its
    /// model TFLOP/s, our model FLOPs per token equal NVIDIA's (its FLOP formula counts causal
    /// attention, MLA, shared experts and MTP as the spec now can) — TFLOP/s ÷ tokens/s.
    /// One source alone has nothing to be held out against: its held-out predictions are the
    /// calibration in use's, said so, and a fit that runs into an end of its range is flagged.
    void singleSourceHeldOutAgainstCalibrationInUse()
    {
        const std::vector<ValidationCase> cases = loadCases("validation-checks/torchtitan");
        QVERIFY(cases.size() >= 10);
        const ValidationReport rep = validateModel(cases);
        QCOMPARE(rep.sources, 1);
        QCOMPARE(rep.heldOutFits.size(), size_t(1));
        QVERIFY(rep.heldOutFits[0].calibrationInUse);
        QCOMPARE(rep.heldOutFits[0].gemm, defaultCalibration().gemmEfficiencyMax);
        // Held out = what `estimate` gives with the calibration in use, row by row.
        for (size_t i = 0; i < rep.rows.size(); ++i) {
            const ValidationCase *c = nullptr;
            for (const ValidationCase &k : cases)
                if (k.id == rep.rows[i].id)
                    c = &k;
            QVERIFY(c);
            const EstimateOutcome o = runEstimate(c->spec, {});
            const double expected = predictedFigure(o.estimate, c->spec.published->metric,
                                                    o.gpusUsed > 0 ? o.gpusUsed : c->spec.cluster.gpus);
            QVERIFY2(std::fabs(rep.rows[i].heldOut / expected - 1.0) < 1e-9, rep.rows[i].id.c_str());
        }
        // These rows, fitted alone, pull the GEMM share to the bottom of its range.
        QVERIFY(rep.fitAtBound);
        QVERIFY(validationMarkdown(rep).find("no other source to fit on") != std::string::npos);
        QVERIFY(!report().fitAtBound);
    }

    /// A held-out figure from a clamped fit is not the fit the source's rows were held out from:
    /// no fold of the published rows runs into an end of the fitted range, and a fold that does
    /// is flagged.
    void clampedFoldsFlagged()
    {
        for (const ValidationReport::HeldOutFit &f : report().heldOutFits)
            QVERIFY2(!f.atBound && !f.calibrationInUse, f.source.c_str());
        // With one more source beside the TorchTitan rows, the fit without it is those rows
        // alone, at the bottom of the range (singleSourceHeldOutAgainstCalibrationInUse).
        std::vector<ValidationCase> two = loadCases("validation-checks/torchtitan");
        for (const ValidationCase &c : loadCases("validation"))
            if (c.spec.published && c.spec.published->source == "megatron-sc21")
                two.push_back(c);
        const ValidationReport both = validateModel(two);
        QCOMPARE(both.sources, 2);
        bool flagged = false;
        for (const ValidationReport::HeldOutFit &f : both.heldOutFits)
            if (f.source == "megatron-sc21")
                flagged = f.atBound && !f.calibrationInUse;
        QVERIFY(flagged);
        QVERIFY(validationMarkdown(both).find("megatron-sc21 0.600, ") != std::string::npos);
        QVERIFY(validationMarkdown(both).find("(at an end of the fitted range);") != std::string::npos);
    }

    /// The long-sequence rows of NeMo's two tables (docs/validation.md): each published rate is NeMo's TFLOP/s turned into tokens/s with NeMo's own FLOP formula for
    /// the Llama family (attention counted in full), and each layout runs as published.
    void longSequenceChecks()
    {
        int checked = 0;
        for (const auto &entry : std::filesystem::directory_iterator(cptest::dataPath("validation"))) {
            if (entry.path().filename().string().find("-longseq-") == std::string::npos)
                continue;
            std::ifstream in(entry.path());
            const nlohmann::json j = nlohmann::json::parse(in);
            const nlohmann::json &m = j.at("model"), &pub = j.at("published");
            const double L = m.at("layers"), h = m.at("hidden"), a = m.at("heads"), kv = m.at("kv_heads"),
                         f = m.at("ffn_hidden"), V = m.at("vocab"), s = j.at("training").at("seq_len");
            const double perToken =
                L * h * h * (12.0 + 12.0 * kv / a + 18.0 * f / h + 12.0 * s / h + 6.0 * V / (L * h));
            const double tflops = pub.at("also").at("nemo_model_tflops_per_gpu");
            // The published value is rounded to 0.1 tokens/s.
            QVERIFY2(std::fabs(pub.at("value").get<double>() * perToken / (tflops * 1e12) - 1.0) < 5e-4,
                     entry.path().filename().c_str());
            const EstimateSpec spec = loadEstimateSpec(entry.path().string(), Catalog::builtin());
            QCOMPARE(spec.cluster.gpus, (long long)spec.parallelism.tp * spec.parallelism.pp *
                                            spec.parallelism.dp * spec.parallelism.cp);
            QVERIFY2(runEstimate(spec).estimate.feasible(), entry.path().filename().c_str());
            ++checked;
        }
        QCOMPARE(checked, 17);
    }

    void modelFlopsMatchThePublishedCount()
    {
        int checked = 0;
        for (const auto &entry : std::filesystem::directory_iterator(cptest::dataPath("validation"))) {
            std::ifstream in(entry.path());
            const nlohmann::json j = nlohmann::json::parse(in);
            const nlohmann::json &pub = j.at("published");
            if (pub.at("source") != "megatron-bridge" || !pub.contains("also") ||
                !pub.at("also").contains("model_tflops_per_gpu"))
                continue;
            const double published = pub.at("also").at("model_tflops_per_gpu").get<double>() * 1e12 /
                                     pub.at("value").get<double>();
            const EstimateSpec spec = loadEstimateSpec(entry.path().string(), Catalog::builtin());
            const EstimateOutcome out = runEstimate(spec);
            const double ours = out.estimate.modelFlopsPerStep / spec.training.globalBatchTokens;
            QVERIFY2(std::fabs(ours / published - 1.0) < 0.005,
                     qPrintable(QStringLiteral("%1: %2 vs %3 GFLOP per token")
                                    .arg(QString::fromStdString(entry.path().filename().string()))
                                    .arg(ours / 1e9)
                                    .arg(published / 1e9)));
            ++checked;
        }
        QVERIFY(checked >= 14);
    }

    /// MXFP8 against per-tensor FP8: the four runs Megatron-Bridge 25.11 published with both
    /// recipes on the same layout (tokens/s per GPU, FP8-MX / FP8-CS) are reproduced by the one
    /// measured GEMM share (Calibration::mxfp8GemmShare), and a part without block-scaled tensor
    /// cores refuses the recipe.
    void mxfp8AgainstPerTensorScaling()
    {
        const auto spec = [](const char *file, const char *gpu, int domain, const char *recipe) {
            std::ifstream in(cptest::dataPath("validation") + "/" + file);
            nlohmann::json j = nlohmann::json::parse(in);
            j.erase("published");
            if (gpu) {
                j["gpu"] = gpu;
                j["scale_up"] = {{"domain_gpus", domain}, {"gb_per_s_per_gpu", 900}};
            }
            if (recipe)
                j["training"]["fp8_recipe"] = recipe;
            return parseEstimateSpec(j, file, Catalog::builtin());
        };
        const auto perGpu = [](const EstimateSpec &s) {
            const EstimateOutcome o = runEstimate(s);
            return o.estimate.tokensPerS / double(o.gpusUsed);
        };
        const std::vector<std::tuple<const char *, const char *, int, double, double>> pairs = {
            {"mb2511-b200-llama3-8b.json", nullptr, 8, 29521, 30624},
            {"mb2511-b200-llama3-8b.json", "gb200", 72, 29789, 31508},
            {"mb2511-b200-llama3-8b.json", "gb300", 72, 36108, 37556},
            {"mb2511-b200-llama31-405b.json", nullptr, 8, 624, 661},
        };
        for (const auto &[file, gpu, domain, mx, cs] : pairs) {
            const EstimateSpec tensor = spec(file, gpu, domain, nullptr);
            QVERIFY(std::any_of(tensor.defaultsUsed.begin(), tensor.defaultsUsed.end(),
                                [](const std::string &d) { return d == "training.fp8_recipe = tensor (default)"; }));
            const double ratio = perGpu(spec(file, gpu, domain, "mxfp8")) / perGpu(tensor);
            // Each within 2 % (the GB200 pair is the farthest, 1.5 %: its own share would be 0.90).
            QVERIFY2(std::fabs(ratio - mx / cs) < 0.02,
                     qPrintable(QStringLiteral("%1 on %2: %3 against the published %4")
                                    .arg(QString::fromLatin1(file), QString::fromLatin1(gpu ? gpu : "b200"))
                                    .arg(ratio)
                                    .arg(mx / cs)));
        }
        const auto refused = [&](const char *gpu, const char *precision) {
            std::ifstream in(cptest::dataPath("validation") + "/mb2511-b200-llama3-8b.json");
            nlohmann::json j = nlohmann::json::parse(in);
            j["gpu"] = gpu;
            j["training"]["precision"] = precision;
            j["training"]["fp8_recipe"] = "mxfp8";
            try {
                parseEstimateSpec(j, "mx.json", Catalog::builtin());
            } catch (const LoadError &e) {
                return e.place() == "training.fp8_recipe";
            }
            return false;
        };
        QVERIFY(refused("h100-sxm", "fp8")); // Hopper: per-tensor FP8 only
        QVERIFY(refused("b200", "bf16"));    // a recipe for FP8 only
        QVERIFY(!refused("gb300", "fp8"));
    }

    /// The bands the tool prints (predictionBand) are the ones the held-out errors give today.
    void bandsUpToDate()
    {
        for (size_t g = 0; g < size_t(Regime::Count); ++g) {
            const Band measured = report().bands[g];
            const Band used = predictionBand(Regime(g));
            QVERIFY2(std::fabs(measured.low - used.low) < 0.005 && std::fabs(measured.high - used.high) < 0.005
                         && measured.rows == used.rows && measured.pooled == used.pooled,
                     regimeName(Regime(g)));
            QVERIFY(used.low < 1.0 + 1e-9 || Regime(g) == Regime::Moe);
            QVERIFY(used.low < used.high);
        }
        // P10–P90 should hold about 8 rows in 10: neither too narrow nor uselessly wide.
        QVERIFY2(report().coverage >= 0.70 && report().coverage <= 0.95,
                 qPrintable(QString::number(report().coverage)));
    }

    /// Communication-bound steps (data-parallel traffic at least the backward pass, 2/3 of the
    /// compute) are the regime the bands do not hold in: exactly four runs are in it (MLPerf v5.1's
    /// 8B on 512 GB200 and GB300 NVL72 and on 64 B200 over RoCE, NeMo 25.02's Mixtral 8x7B on 64
    /// B200), the estimate says so with the range they measured, and no other row is near the
    /// threshold.
    void communicationBoundStepsCarryTheCaution()
    {
        std::set<std::string> bound;
        double lowest = 1e9, highest = 0.0; // published throughput, % of predicted
        for (const ValidationCase &c : loadCases("validation")) {
            const EstimateOutcome out = runEstimate(c.spec);
            const PerformanceBands b = performanceBands(c.spec, out.estimate);
            QVERIFY2(std::isfinite(b.dpOverCompute) && b.dpOverCompute >= 0.0, c.id.c_str());
            QCOMPARE(bandCaution(b).empty(), !b.communicationBound());
            if (!b.communicationBound()) {
                QVERIFY2(b.dpOverCompute < 0.6, c.id.c_str()); // the regimes stay apart
                continue;
            }
            bound.insert(c.id);
            QVERIFY(bandCaution(b).find("does not hold") != std::string::npos);
            const double published = c.spec.published->value * double(c.spec.cluster.gpus);
            const double pct = 100.0 * published / b.tokensPerS.value;
            lowest = std::min(lowest, pct);
            highest = std::max(highest, pct);
        }
        const std::set<std::string> expected{"mlperf51-llama31-8b-gb200-512", "mlperf51-llama31-8b-gb300-512",
                                             "mlperf51-llama31-8b-b200-64-oracle", "nemo2502-b200-mixtral-8x7b"};
        QCOMPARE(bound, expected);
        // The range every caution quotes is the one these rows give, to the percent.
        const CommunicationBoundRecord rec = communicationBoundRecord();
        QCOMPARE(rec.runs, int(bound.size()));
        QCOMPARE(rec.lowestPct, int(std::lround(lowest)));
        QCOMPARE(rec.highestPct, int(std::lround(highest)));
    }

    /// How the model ranks Blackwell against H100 where one stack published both: the record the
    /// comparison report quotes, recomputed here from the scored rows' own predictions, and the
    /// figures docs/validation.md states ("Blackwell against H100 within one stack"). The shipped
    /// table's communication-bound flag, which keeps a run out of every pair, is the estimate's.
    void partRatioRecordFromSameStackPairs()
    {
        const std::map<std::string, double> &ratio = predictedOverPublished();
        // Two pairs by hand: the stack's ratio over the model's is the inverse ratio of the errors.
        const auto pair = [&](const char *blackwell, const char *hopper) {
            return ratio.at(hopper) / ratio.at(blackwell);
        };
        const double nemotron = pair("dgxc-gb200-nemotron4-340b-512-fp8", "dgxc-h100-nemotron4-340b-2048-fp8");
        const double gb300 = pair("mb2511-gb300-llama31-405b", "mb2511-h100-llama31-405b");
        const PartRatioRecord rec = partRatioRecord();
        QCOMPARE(rec.partA, std::string("blackwell"));
        QCOMPARE(rec.partB, std::string("h100-sxm"));
        QCOMPARE(rec.pairs, 20);
        QCOMPARE(rec.stacks, 5);
        // The extremes are these two pairs (to the table's 0.1-point rounding of each error).
        QVERIFY2(std::fabs(rec.lowest - nemotron) < 2e-3, std::to_string(rec.lowest).c_str());
        QVERIFY2(std::fabs(rec.highest - gb300) < 2e-3, std::to_string(rec.highest).c_str());
        // As docs/validation.md states them: 0.71 to 1.21, median 0.90.
        QCOMPARE(std::lround(rec.lowest * 100), 71L);
        QCOMPARE(std::lround(rec.highest * 100), 121L);
        QCOMPARE(std::lround(rec.median * 100), 90L);
        QVERIFY(rec.lowest <= rec.median && rec.median <= rec.highest);

        int bound = 0;
        for (const PublishedRun &r : publishedRuns()) {
            QVERIFY2(r.communicationBound == communicationBound().at(r.id), r.id);
            bound += r.communicationBound;
        }
        QCOMPARE(bound, 4); // docs/validation.md, "Communication-bound steps"
    }

    /// Between two named parts (docs/validation.md, "Between two parts"): the same-stack pairs of
    /// each two parts, recomputed from the rows' predictions — GB200 against B200 and GB300
    /// against GB200 by hand — and which records a comparison of designs quotes.
    void partRatioRecordBetweenTwoParts()
    {
        const std::map<std::string, double> &ratio = predictedOverPublished();
        const auto pair = [&](const char *a, const char *b) { return ratio.at(b) / ratio.at(a); };
        // GB200 over B200: Megatron-Bridge 25.11's Llama 3 8B and 405B, MLPerf v5.1's 8B (the
        // 72-GPU GB200 run against Dell's 16 B200: the 512-GPU and Oracle runs are
        // communication-bound, and NeMo 25.04's long-sequence B200 table is a source of its own).
        const std::vector<double> gb200OverB200 = {
            pair("mb2511-gb200-llama3-8b", "mb2511-b200-llama3-8b"),
            pair("mb2511-gb200-llama31-405b", "mb2511-b200-llama31-405b"),
            pair("mlperf51-llama31-8b-gb200-72", "mlperf51-llama31-8b-b200-16-dell")};
        const PartRatioRecord b = partRatioRecord("gb200", "b200");
        QCOMPARE(b.pairs, 3);
        QCOMPARE(b.stacks, 2);
        QVERIFY(std::fabs(b.lowest - *std::min_element(gb200OverB200.begin(), gb200OverB200.end())) < 2e-3);
        QVERIFY(std::fabs(b.highest - *std::max_element(gb200OverB200.begin(), gb200OverB200.end())) < 2e-3);
        QVERIFY(std::fabs(b.median - median(gb200OverB200)) < 2e-3);
        // The reverse reads as the inverse.
        const PartRatioRecord back = partRatioRecord("b200", "gb200");
        QCOMPARE(back.pairs, 3);
        QVERIFY(std::fabs(back.median * b.median - 1.0) < 1e-9);
        QVERIFY(std::fabs(back.lowest * b.highest - 1.0) < 1e-9);
        const PartRatioRecord ultra = partRatioRecord("gb300", "gb200");
        QVERIFY(std::fabs(ultra.highest - pair("mb2602-gb300-llama3-70b", "mb2602-gb200-llama3-70b")) < 2e-3);
        // Every row of docs/validation.md's table, in hundredths.
        struct Stated
        {
            const char *a, *b;
            int pairs, stacks;
            long lowest, median, highest;
        };
        for (const Stated &t : {Stated{"b200", "h100-sxm", 3, 2, 91, 102, 106}, Stated{"gb200", "h100-sxm", 12, 4, 71, 84, 106},
                                Stated{"gb300", "h100-sxm", 5, 2, 89, 98, 121}, Stated{"gb200", "b200", 3, 2, 83, 91, 101},
                                Stated{"gb300", "b200", 3, 2, 92, 104, 115}, Stated{"gb300", "gb200", 6, 3, 100, 114, 118}}) {
            const PartRatioRecord r = partRatioRecord(t.a, t.b);
            const std::string what = std::string(t.a) + " over " + t.b;
            QVERIFY2(r.pairs == t.pairs && r.stacks == t.stacks, what.c_str());
            QVERIFY2(std::lround(r.lowest * 100) == t.lowest && std::lround(r.median * 100) == t.median &&
                         std::lround(r.highest * 100) == t.highest,
                     (what + ": " + std::to_string(r.lowest) + " " + std::to_string(r.median) + " " +
                      std::to_string(r.highest)).c_str());
        }
        QCOMPARE(partRatioRecord("mi300x", "h100-sxm").pairs, 0);
        // In one line, the three leanings: too high, about right, too low; and the pooled record.
        QVERIFY(partRatioText(b).find("the model rates gb200 against b200 about 10 % too high") != std::string::npos);
        QVERIFY(partRatioText(partRatioRecord("b200", "h100-sxm")).find("about right (within 2 %)") != std::string::npos);
        QVERIFY(partRatioText(ultra).find("the model rates gb300 against gb200 about 13 % too low") != std::string::npos);
        QVERIFY(partRatioText(partRatioRecord()).find("a Blackwell part over H100") == 0);
        QVERIFY(partRatioText(partRatioRecord("mi300x", "h100-sxm")).empty());

        // What a comparison quotes: the later part over the earlier for each two parts one stack
        // published, the record across a generation for the two no stack did, nothing for one part.
        const auto records = [](std::vector<std::string> parts) {
            std::vector<std::string> out;
            for (const PartRatioRecord &r : partRatioRecords(parts))
                out.push_back(r.partA + "/" + r.partB);
            return out;
        };
        QCOMPARE(records({"b200", "gb200"}), (std::vector<std::string>{"gb200/b200"}));
        QCOMPARE(records({"gb200", "b200"}), (std::vector<std::string>{"gb200/b200"}));
        QCOMPARE(records({"h100-sxm", "gb300", "a100-sxm4-80gb"}),
                 (std::vector<std::string>{"gb300/h100-sxm", "blackwell/h100-sxm"}));
        QCOMPARE(records({"a100-sxm4-80gb", "mi300x"}), (std::vector<std::string>{"blackwell/h100-sxm"}));
        QVERIFY(records({"gb200"}).empty());
    }

    /// The quantile the bands are read with: each value at the middle of its weight's share,
    /// linear between neighbours; equal weights give the Hazen position, and a source's rows share
    /// one weight.
    void weightedQuantileReadsBetweenShares()
    {
        // Equal weights over 1..5: positions 0.1, 0.3, 0.5, 0.7, 0.9.
        const std::vector<Weighted> even = {{3, 1}, {1, 1}, {5, 1}, {2, 1}, {4, 1}};
        QCOMPARE(weightedQuantile(even, 0.5), 3.0);
        QCOMPARE(weightedQuantile(even, 0.9), 5.0);
        QVERIFY(std::fabs(weightedQuantile(even, 0.2) - 1.5) < 1e-12);
        QCOMPARE(weightedQuantile(even, 0.05), 1.0); // below the first position: the lowest
        QCOMPARE(weightedQuantile(even, 0.95), 5.0);
        // Value 10 weighs 3 of 4: positions 0.125 (value 1) and 0.625 (value 10).
        const std::vector<Weighted> heavy = {{10, 3}, {1, 1}};
        QVERIFY(std::fabs(weightedQuantile(heavy, 0.375) - 5.5) < 1e-12);
        QCOMPARE(weightedQuantile(heavy, 0.9), 10.0);
        QCOMPARE(weightedQuantile({}, 0.5), 0.0);
        // Two sources: a's three rows weigh 1/3 each, b's one row 1.
        ValidationRow a1, a2, a3, b1;
        a1.source = a2.source = a3.source = "a";
        b1.source = "b";
        a1.published = 90, a2.published = 100, a3.published = 110, b1.published = 200;
        a1.heldOut = a2.heldOut = a3.heldOut = b1.heldOut = 100;
        const std::vector<Weighted> w = bySourceWeight({&a1, &a2, &a3, &b1});
        QCOMPARE(int(w.size()), 4);
        QVERIFY(std::fabs(w[0].weight - 1.0 / 3.0) < 1e-12 && std::fabs(w[3].weight - 1.0) < 1e-12);
        QVERIFY(std::fabs(w[3].value - 2.0) < 1e-12);
        // Positions 1/12, 3/12, 5/12 for source a, 9/12 for b: the median lies between 1.1 and 2.0.
        QVERIFY(std::fabs(weightedQuantile(w, 0.5) - (1.1 + 0.9 * (0.5 - 5.0 / 12) / (4.0 / 12))) < 1e-12);
    }

    /// Held out, the bands cover less: a source's rows against bands measured on the other
    /// sources alone. Recomputed here from the rows for the source the model misses most
    /// (MT-NLG, DeepSpeed's engine): its published figures lie below every band without it.
    void heldOutCoverageMeasured()
    {
        const ValidationReport &r = report();
        // The aim of a P10–P90 band, for a run from a source the bands were drawn without: 80 %,
        // to within the sampling error of a share measured on this many rows (one binomial
        // standard error below, √(0.8·0.2/n): 4.6 points at 74 rows; one row is 1.4) and two
        // above, where a band starts to be wider than it needs to be.
        const double n = double(r.rows.size()), se = std::sqrt(0.8 * 0.2 / n);
        QVERIFY2(r.heldOutCoverage >= 0.8 - se && r.heldOutCoverage <= 0.8 + 2.0 * se &&
                     r.heldOutCoverage <= r.coverage,
                 qPrintable(QStringLiteral("%1 vs %2").arg(r.heldOutCoverage).arg(r.coverage)));
        // No regime's band is narrower than the P10–P90 of all rows (the spread between sources),
        // each source counting once as the bands do (weightedQuantile is checked on its own in
        // weightedQuantileReadsBetweenShares).
        std::vector<const ValidationRow *> rows;
        for (const ValidationRow &row : r.rows)
            rows.push_back(&row);
        const std::vector<Weighted> all = bySourceWeight(rows);
        for (const Band &b : r.bands) {
            QVERIFY(b.low <= weightedQuantile(all, 0.1) + 1e-9);
            QVERIFY(b.high >= weightedQuantile(all, 0.9) - 1e-9);
        }
        std::vector<double> others;
        for (const ValidationRow &row : r.rows)
            if (row.source != "mtnlg-2022" && row.regime == Regime::Dense)
                others.push_back(row.published / row.heldOut);
        std::sort(others.begin(), others.end());
        const double p10 = others[size_t(0.1 * double(others.size() - 1))];
        int below = 0;
        for (const ValidationRow &row : r.rows)
            below += row.source == "mtnlg-2022" && row.published < row.heldOut * p10;
        QCOMPARE(below, 3);
        QVERIFY(QString::fromStdString(validationMarkdown(r)).contains(QStringLiteral("Held out (each source")));
    }

    /// The sources' disagreement on one configuration: rows of two or more sources that measured
    /// the same accelerator, model, precision and sequence length, and what the best factor per
    /// configuration leaves of their error (docs/validation.md, "How far one calibration can go").
    void sharedConfigurationsFloor()
    {
        const auto rowOf = [](const char *configuration, const char *source, double published,
                              double predicted) {
            ValidationRow r;
            r.configuration = configuration;
            r.source = source;
            r.published = published;
            r.predicted = predicted;
            return r;
        };
        // Published / predicted: A 1.11, 1.33, 1.11 from two sources; B one source (not shared);
        // C 1.05, 0.95 and a row that does not run (left out); D two rows of one source.
        const std::vector<ValidationRow> rows = {
            rowOf("A", "s1", 100, 90), rowOf("A", "s2", 120, 90), rowOf("A", "s2", 100, 90),
            rowOf("B", "s1", 150, 100),
            rowOf("C", "s1", 105, 100), rowOf("C", "s3", 95, 100), rowOf("C", "s3", 95, 0),
            rowOf("D", "s2", 90, 100), rowOf("D", "s2", 80, 100),
        };
        const SharedConfigurations sh = sharedConfigurations(rows);
        QCOMPARE(sh.configurations, 2);
        QCOMPARE(sh.rows, 5);
        // A takes its median factor 100/90 (not the mean, 1.185): errors 0, |100/120 − 1|, 0; C
        // takes 1.0: |100/105 − 1| = 0.048, |100/95 − 1| = 0.053. The median of the five is 5/105.
        QVERIFY(std::fabs(sh.floorMedianError - 5.0 / 105.0) < 1e-12);
        // As predicted: A 0.1, 0.25, 0.1; C 0.048, 0.053.
        QVERIFY(std::fabs(sh.modelMedianError - 0.1) < 1e-12);
        QCOMPARE(sh.floorWithin4Pct, 2);
        QCOMPARE(int(sh.each.size()), 2);
        QCOMPARE(sh.each[0].name, std::string("A"));
        QCOMPARE(sh.each[0].sources, 2);
        QCOMPARE(sh.each[0].rows, 3);
        QVERIFY(std::fabs(sh.each[0].factor - 100.0 / 90.0) < 1e-12);
        QVERIFY(std::fabs(sh.each[0].low - 100.0 / 90.0) < 1e-12 &&
                std::fabs(sh.each[0].high - 120.0 / 90.0) < 1e-12);

        // The published rows: FP16 and BF16 count as one 16-bit configuration (SC'21 and
        // Korthikanti et al. measured the same 1T and 530B models), and what the table documents.
        const SharedConfigurations &all = report().shared;
        QCOMPARE(all.configurations, 17);
        QCOMPARE(all.rows, 78);
        QCOMPARE(row("megatron-1t").configuration, row("korthikanti-1t").configuration);
        QVERIFY(all.floorMedianError < all.modelMedianError);
        QVERIFY(std::fabs(100 * all.floorMedianError - 3.8) < 0.5);
        QVERIFY(std::fabs(100 * all.modelMedianError - 6.5) < 0.5);
        QVERIFY(QString::fromStdString(validationMarkdown(report()))
                    .contains(QStringLiteral(
                        "Configurations published by two or more sources: 17, 78 rows")));
    }

    /// At a fixed global batch, throughput per GPU falls as GPUs are added (fewer micro-batches per
    /// pipeline: a larger bubble share; less work to hide the data-parallel traffic under). The
    /// model's slope d ln(TFLOP/s per GPU) / d ln(GPUs) against the published one of each series.
    void strongScalingFalls_data()
    {
        QTest::addColumn<QString>("small");
        QTest::addColumn<QString>("large");
        QTest::addColumn<double>("tolerance");
        QTest::addColumn<double>("fall"); // the least slope the model must fall by
        // Llama 3 405B, 16M tokens per batch, 8,192 → 16,384 GPUs (Table 4): published −0.104.
        QTest::newRow("llama3 8k-16k") << QStringLiteral("llama3-405b") << QStringLiteral("llama3-405b-16k") << 0.04 << 0.02;
        // MT-NLG 530B, batch 1,920, 2,240 → 3,360 GPUs (§2.4): published −0.269; the model's
        // −0.158 misses what the bubble and the gradient traffic do not explain (docs/validation.md).
        QTest::newRow("mt-nlg 2240-3360") << QStringLiteral("mtnlg-530b-2240") << QStringLiteral("mtnlg-530b-3360") << 0.12 << 0.02;
        // MegaScale's Megatron-LM baseline, 175B, batch 768, 256 → 1,024 GPUs and batch 6,144,
        // 3,072 → 12,288 GPUs (Table 2): published −0.122 and −0.121; the model's −0.052 and
        // −0.080 carry half or less of it (docs/validation.md, "Strong scaling").
        QTest::newRow("megatron 256-1024") << QStringLiteral("megascale-175b-256") << QStringLiteral("megascale-175b-1024") << 0.08 << 0.02;
        QTest::newRow("megatron 3072-12288") << QStringLiteral("megascale-175b-3072") << QStringLiteral("megascale-175b-12288") << 0.06 << 0.02;
        // MLPerf Training v3.1, NVIDIA's GPT-3 175B on H100, batch 2,048, 512 → 4,096 GPUs (128 → 16
        // micro-batches per pipeline): published −0.073.
        QTest::newRow("mlperf 512-4096") << QStringLiteral("mlperf31-gpt3-175b-512") << QStringLiteral("mlperf31-gpt3-175b-4096") << 0.02 << 0.02;
        // MLPerf Training v5.0, NVIDIA's Llama 3.1 405B on H100, batch 1,152, 512 → 2,048 GPUs
        // (288 → 72 micro-batches per pipeline): published −0.023.
        QTest::newRow("mlperf 405b 512-2048") << QStringLiteral("mlperf50-llama31-405b-h100-512") << QStringLiteral("mlperf50-llama31-405b-h100-2048") << 0.02 << 0.02;
        // MLPerf Training v4.1, NVIDIA's GPT-3 175B on H100 (NeMo 24.09), batch 2,048, micro-batch
        // 2, 256 → 512 GPUs (128 → 64 micro-batches per pipeline): published −0.051; the model's
        // −0.018 (bubble and gradient traffic) carries a third of it. A per-step cost that large
        // (~0.67 s at either size) would break the v3.1 series above at 4,096 GPUs, whose steps
        // last 1.6 s (docs/validation.md, "Strong scaling").
        QTest::newRow("mlperf v4.1 256-512") << QStringLiteral("mlperf41-gpt3-175b-h100-256") << QStringLiteral("mlperf41-gpt3-175b-h100-512") << 0.04 << 0.01;
        // NVIDIA's DGX Cloud recipes, Nemotron-4 340B FP8 on GB200 at a fixed batch of 512, 128 → 512
        // GPUs (v25.05.04): published −0.027, the model −0.018.
        QTest::newRow("dgxc 340b 128-512") << QStringLiteral("dgxc-gb200-nemotron4-340b-gbs512-128-fp8") << QStringLiteral("dgxc-gb200-nemotron4-340b-gbs512-512-fp8") << 0.015 << 0.01;
    }

    /// Where a spec leaves the micro-batch to the search, the row carries the span of its figure over
    /// micro-batches 1, 2 and 4, of which the search's choice is the fastest (or faster: it may take a
    /// larger one); a published micro-batch has none. The rows the model overestimates most lie
    /// within what the unpublished micro-batch moves (docs/validation.md, "Strong scaling"): MT-NLG
    /// inside its span, every MegaScale baseline row within 6.5 % at micro-batch 4.
    void microbatchSpan()
    {
        QVERIFY(!row("korthikanti-175b").microbatchFree());
        QVERIFY(!row("mb2511-h100-llama3-8b").microbatchFree());
        int free = 0;
        for (const ValidationRow &r : report().rows) {
            if (!r.microbatchFree())
                continue;
            ++free;
            QVERIFY2(r.microbatchLow > 0 && r.microbatchLow <= r.microbatchHigh, r.id.c_str());
            QVERIFY2(r.predicted >= r.microbatchHigh * (1 - 1e-9), r.id.c_str());
        }
        QVERIFY(free >= 20);
        QCOMPARE(free, report().microbatchFreeRows);
        for (const char *id : {"mtnlg-530b-2240", "mtnlg-530b-2800", "mtnlg-530b-3360"})
            QVERIFY2(row(id).publishedInMicrobatchSpan(), id);
        for (const ValidationRow &r : report().rows)
            if (r.source == "megascale-2024") {
                QCOMPARE(r.microbatchAtLow, 4);
                QVERIFY2(std::fabs(r.microbatchLow / r.published - 1.0) <= 0.065, r.id.c_str());
            }
    }

    /// At the micro-batch the spans point to (docs/validation.md, "Strong scaling") the model gives
    /// the published slope, where at the search's choice it carries half: MT-NLG at micro-batch 2,
    /// MegaScale's large series at 4.
    void strongScalingAtLargerMicrobatch_data()
    {
        QTest::addColumn<QString>("small");
        QTest::addColumn<QString>("large");
        QTest::addColumn<int>("microbatch");
        QTest::newRow("mt-nlg 2240-3360 at 2") << QStringLiteral("mtnlg-530b-2240") << QStringLiteral("mtnlg-530b-3360") << 2;
        QTest::newRow("megatron 3072-12288 at 4")
            << QStringLiteral("megascale-175b-3072") << QStringLiteral("megascale-175b-12288") << 4;
    }

    void strongScalingAtLargerMicrobatch()
    {
        QFETCH(QString, small);
        QFETCH(QString, large);
        QFETCH(int, microbatch);
        const auto figure = [&](const ValidationRow &r, long long &gpus) {
            EstimateSpec spec = loadEstimateSpec(cptest::dataPath(("validation/" + r.id + ".json").c_str()),
                                                 Catalog::builtin());
            spec.parallelism.microbatch = microbatch;
            const EstimateOutcome o = runEstimate(spec);
            gpus = spec.cluster.gpus;
            return o.estimate.feasible() ? predictedFigure(o.estimate, r.metric, o.gpusUsed > 0 ? o.gpusUsed : gpus)
                                         : 0.0;
        };
        const ValidationRow &a = row(small.toStdString()), &b = row(large.toStdString());
        long long ga = 0, gb = 0;
        const double fa = figure(a, ga), fb = figure(b, gb);
        QVERIFY(fa > 0 && fb > 0);
        const double gpus = std::log(double(gb) / double(ga));
        const double published = std::log(b.published / a.published) / gpus;
        const double predicted = std::log(fb / fa) / gpus;
        QVERIFY2(std::fabs(predicted - published) <= 0.01,
                 qPrintable(QStringLiteral("slope %1, published %2").arg(predicted).arg(published)));
    }

    /// Weak scaling: with the work per pipeline replica fixed (16 sequences), 4,096 → 8,192 GPUs
    /// (MLPerf v3.1, batch 2,048 → 4,096) loses 0.9 % per GPU in the published runs; the model
    /// must not invent a loss the fabric does not have (docs/validation.md, "Strong scaling").
    void expertPlacementAsRun()
    {
        // The rows pin the expert TP each run used (docs/validation.md, "This round: the MoE
        // rows"): Grok-1 on H100 folded (etp 1), Mixtral 8x22B split over TP 2 (Megatron-Core's
        // default). Left free, the search folds Mixtral 8x22B on B200 — the EP group inside the
        // server — and predicts it more than 25 % faster than the run published; the layout it ran
        // is within 5 %.
        const ValidationRow &asRun = row("nemo2502-b200-mixtral-8x22b");
        QVERIFY(std::fabs(asRun.error()) < 0.05);
        EstimateSpec spec = loadEstimateSpec(cptest::dataPath("validation/nemo2502-b200-mixtral-8x22b.json"),
                                             Catalog::builtin());
        QCOMPARE(spec.parallelism.expertTp, 2);
        spec.parallelism.expertTp = 0;
        const EstimateOutcome o = runEstimate(spec);
        QVERIFY(o.estimate.feasible());
        QCOMPARE(o.estimate.config.expertTp, 1);
        QVERIFY(std::find(o.chosenBySearch.begin(), o.chosenBySearch.end(), "etp") != o.chosenBySearch.end());
        const double folded = predictedFigure(o.estimate, asRun.metric, spec.cluster.gpus);
        QVERIFY2(folded > asRun.published * 1.25, qPrintable(QString::number(folded / asRun.published)));
        const EstimateSpec h100 = loadEstimateSpec(cptest::dataPath("validation/dgxc-h100-grok1-314b-512-bf16.json"),
                                                   Catalog::builtin());
        QCOMPARE(h100.parallelism.expertTp, 1);
        QCOMPARE(runEstimate(h100).estimate.config.expertTp, 1);
    }

    /// NeMo AutoModel's H100 MoE runs (PyTorch FSDP2 with DeepEP's all-to-all; validation-checks/
    /// automodel, kept out of the statistics; docs/validation.md, "Open"): with every routed copy
    /// crossing InfiniBand on its own the model was 24–42 % too slow on all four; with the runs'
    /// routing and dispatch described it is within 6 % on one, too fast on two and still refuses
    /// one layout that ran (Qwen3-30B-A3B on 8 GPUs) for memory. The figures are recorded here so
    /// that a mechanism that moves them has to say so.
    void automodelMoeGapRecorded()
    {
        // Recorded as they stand (docs/validation.md, "Open"): with the benchmark's gate described
        // (each token's experts one aligned block, so on one server) and DeepEP's deduplicated
        // dispatch, DeepSeek-V3 on 256 H100 lands within 6 %, the 1,024-GPU run and Kimi K2 are
        // 24 % and 30 % too fast, and Qwen3-30B-A3B is refused for memory (85 of 80 GB) at 0.76.
        const std::vector<ValidationCase> cases = loadCases("validation-checks/automodel");
        QCOMPARE(int(cases.size()), 4);
        const std::map<std::string, std::pair<double, double>> recorded = {
            {"automodel-h100-deepseekv3-256", {1.00, 1.10}},
            {"automodel-h100-deepseekv3-1024", {1.18, 1.30}},
            {"automodel-h100-kimi-k2", {1.22, 1.36}},
            {"automodel-h100-qwen3-30b-a3b", {0.70, 0.82}}};
        int refused = 0;
        for (const ValidationCase &c : cases) {
            const EstimateOutcome o = runEstimate(c.spec, {});
            const auto ratio = [&](const EstimateOutcome &e) {
                return predictedFigure(e.estimate, c.spec.published->metric, c.spec.cluster.gpus) /
                       c.spec.published->value;
            };
            const auto [lo, hi] = recorded.at(c.id);
            QVERIFY2(ratio(o) > lo && ratio(o) < hi,
                     qPrintable(QStringLiteral("%1: %2").arg(QString::fromStdString(c.id)).arg(ratio(o))));
            if (!o.estimate.feasible()) {
                QCOMPARE(o.estimate.infeasible, Infeasible::Memory);
                ++refused;
            }
            if (c.id.find("deepseekv3") != std::string::npos) {
                // Every routed copy across InfiniBand on its own, as the model had it: the
                // all-to-all as long as the compute, and the runs 0.58-0.68 of their figure.
                EstimateSpec plain = c.spec;
                plain.training.moeDispatch = MoeDispatch::AllToAll;
                const EstimateOutcome p = runEstimate(plain, {});
                QVERIFY2(p.estimate.time.epExposedS > p.estimate.time.computeS * 0.9, c.id.c_str());
                QVERIFY2(ratio(p) > 0.5 && ratio(p) < 0.75, c.id.c_str());
                QVERIFY(o.estimate.time.epExposedS < 0.2 * o.estimate.time.computeS);
            }
        }
        QCOMPARE(refused, 1);
    }

    /// DeepSeek-V3's pre-training (validation-checks/deepseek-v3-pretrain.json, kept out of the
    /// statistics: an average over the whole run, failures and checkpoints included) ran DualPipe,
    /// node-limited routing (4 of 8 servers), deduplicated dispatch and FP8 dispatch. Each of the
    /// four brings the model closer to the run's average, to ~0.78 with all of them; under 1F1B,
    /// where the all-to-all is exposed, ~0.57 (docs/validation.md, "Runs kept out").
    void deepSeekV3DualPipe()
    {
        EstimateSpec spec = loadEstimateSpec(cptest::dataPath("validation-checks/deepseek-v3-pretrain.json"),
                                             Catalog::builtin());
        QVERIFY(spec.training.dualPipe());
        QCOMPARE(int(spec.training.moeDispatch), int(MoeDispatch::Deduplicated));
        QVERIFY(spec.training.moeDispatchFp8);
        QCOMPARE(spec.model.moeTopGroups, 4);
        const auto ratio = [&](const EstimateSpec &s) {
            const EstimateOutcome o = runEstimate(s, {});
            return predictedFigure(o.estimate, s.published->metric, s.cluster.gpus) / s.published->value;
        };
        const EstimateOutcome dual = runEstimate(spec, {});
        QVERIFY(dual.estimate.feasible());
        const double all = ratio(spec);
        QVERIFY2(all > 0.72 && all < 0.84, qPrintable(QString::number(all)));
        QVERIFY(dual.estimate.time.epExposedS < 0.25 * dual.estimate.time.epTotalS);
        // Take the facts back one at a time: each step loses throughput.
        EstimateSpec s = spec;
        s.training.moeDispatchFp8 = false;
        const double noFp8 = ratio(s);
        s.model.moeGroups = s.model.moeTopGroups = 0;
        const double noLimit = ratio(s);
        s.training.moeDispatch = MoeDispatch::AllToAll;
        const double plain = ratio(s);
        QVERIFY2(all > noFp8 && noFp8 > noLimit && noLimit > plain,
                 qPrintable(QStringLiteral("%1 %2 %3 %4").arg(all).arg(noFp8).arg(noLimit).arg(plain)));
        QVERIFY2(plain > 0.6 && plain < 0.75, qPrintable(QString::number(plain)));
        spec.training.schedule = PipelineSchedule::OneFOneB;
        const EstimateOutcome one = runEstimate(spec, {});
        const double oneRatio = ratio(spec);
        QVERIFY2(oneRatio > 0.5 && oneRatio < 0.65, qPrintable(QString::number(oneRatio)));
        QCOMPARE(one.estimate.time.epExposedS, one.estimate.time.epTotalS);
    }

    void weakScalingHolds()
    {
        const ValidationRow &a = row("mlperf31-gpt3-175b-4096"), &b = row("mlperf31-gpt3-175b-8192");
        const double published = b.published / a.published, predicted = b.predicted / a.predicted;
        QVERIFY2(published > 0.98 && published < 1.0, qPrintable(QString::number(published)));
        QVERIFY2(std::fabs(predicted - published) <= 0.01,
                 qPrintable(QStringLiteral("ratio %1, published %2").arg(predicted).arg(published)));
    }

    /// The DGX Cloud recipes' weak-scaling series (the batch grows with the GPUs, the work per GPU
    /// stays): one row per series is scored, the largest; the smaller runs of each series are kept in
    /// validation-checks/dgxc-weak-scaling (docs/validation.md). Published, a smaller run of a
    /// series is up to 6 % faster per GPU than its largest (FP8 more than BF16); the model carries
    /// little of that (at most 3.5 %, 1.5 % but for the 340B run at 256 GPUs), and follows each run's ratio to its scored row within 5.5
    /// points — the ones off by more than 4 points are the two runs of the other release
    /// (v25.05.04) in the 340B series and the FP8 runs of the smallest Nemotron-4 15B and GPT-3
    /// 175B jobs.
    void dgxcWeakScalingRepeats()
    {
        const std::vector<ValidationCase> repeats = loadCases("validation-checks/dgxc-weak-scaling");
        QCOMPARE(int(repeats.size()), 62);
        const QRegularExpression name(QStringLiteral("^(dgxc-.+)-(\\d+)-(bf16|fp8)$"));
        int checked = 0;
        for (const ValidationCase &c : repeats) {
            const QRegularExpressionMatch m = name.match(QString::fromStdString(c.id));
            QVERIFY2(m.hasMatch(), c.id.c_str());
            const ValidationRow *scored = nullptr;
            for (const ValidationRow &r : report().rows) {
                const QRegularExpressionMatch n = name.match(QString::fromStdString(r.id));
                if (n.hasMatch() && n.captured(1) == m.captured(1) && n.captured(3) == m.captured(3))
                    scored = &r;
            }
            QVERIFY2(scored, c.id.c_str());
            QVERIFY(m.captured(2).toInt() < c.spec.cluster.gpus + 1);
            const EstimateOutcome o = runEstimate(c.spec, {});
            QVERIFY2(o.estimate.feasible(), c.id.c_str());
            const double predicted = predictedFigure(o.estimate, c.spec.published->metric,
                                                     o.gpusUsed > 0 ? o.gpusUsed : c.spec.cluster.gpus);
            const double published = c.spec.published->value / scored->published;
            QVERIFY2(std::fabs(published - 1.0) < 0.07, c.id.c_str());
            // Nemotron-4 15B in BF16 on 16 and 32 GPUs: the model's memory does not hold the
            // published layout without recomputing part of each chunk, which the recipe does not
            // do, so those two runs lose 10 % and 4 % in the model (docs/validation.md).
            if (c.id == "dgxc-h100-nemotron4-15b-16-bf16" || c.id == "dgxc-h100-nemotron4-15b-32-bf16") {
                QVERIFY2(o.estimate.config.recompute != Recompute::None, c.id.c_str());
                QVERIFY(predicted / scored->predicted < published - 0.03);
                ++checked;
                continue;
            }
            QVERIFY2(std::fabs(predicted / scored->predicted - 1.0) < 0.035, c.id.c_str());
            QVERIFY2(std::fabs(predicted / scored->predicted - published) < 0.055,
                     qPrintable(QStringLiteral("%1: %2 vs %3").arg(QString::fromStdString(c.id))
                                    .arg(predicted / scored->predicted).arg(published)));
            ++checked;
        }
        QCOMPARE(checked, 62);
    }

    void strongScalingFalls()
    {
        QFETCH(QString, small);
        QFETCH(QString, large);
        QFETCH(double, tolerance);
        QFETCH(double, fall);
        const ValidationRow &a = row(small.toStdString()), &b = row(large.toStdString());
        const EstimateSpec sa = loadEstimateSpec(cptest::dataPath(("validation/" + a.id + ".json").c_str()), Catalog::builtin());
        const EstimateSpec sb = loadEstimateSpec(cptest::dataPath(("validation/" + b.id + ".json").c_str()), Catalog::builtin());
        QCOMPARE(sa.training.globalBatchTokens, sb.training.globalBatchTokens);
        const double gpus = std::log(double(sb.cluster.gpus) / double(sa.cluster.gpus));
        const double published = std::log(b.published / a.published) / gpus;
        const double predicted = std::log(b.predicted / a.predicted) / gpus;
        QVERIFY2(predicted < -fall, qPrintable(QString::number(predicted)));
        QVERIFY2(std::fabs(predicted - published) <= tolerance,
                 qPrintable(QStringLiteral("slope %1, published %2").arg(predicted).arg(published)));
    }
};

QTEST_APPLESS_MAIN(TestValidation)
#include "test_validation.moc"
