// The simulator exporters: Calculon's system/application/execution JSON and ASTRA-sim's network
// and system configuration for a template are complete (every field the tools read) and
// self-consistent (process counts, network sizes and batch divisibility agree with each other and
// with the evaluated design).

#include "model/engine/evaluation.h"
#include "plugintestsupport.h"
#include "model/generate/templates.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <regex>

using namespace cp;
using nlohmann::json;

class TestSimExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void calculon_data();
    void calculon();
    void astraSim_data();
    void astraSim();
    void refusesDesignWithoutJob();
};

namespace {

std::map<std::string, std::string> exportFiles(const char *exporter, const Design &d, const Catalog &c)
{
    std::map<std::string, std::string> files;
    for (const auto &f : cptest::builtPlugins().exporter(exporter)->exportDesign(d, c))
        files[f.name] = f.content;
    return files;
}

void templates()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<qlonglong>("gpus");
    QTest::newRow("classic 1024") << QStringLiteral("classic") << 1024LL;
    QTest::newRow("supernode 1152") << QStringLiteral("supernode") << 1152LL;
    QTest::newRow("classic 16384") << QStringLiteral("classic") << 16384LL;
}

} // namespace

void TestSimExport::calculon_data()
{
    templates();
}

void TestSimExport::calculon()
{
    QFETCH(QString, kind);
    QFETCH(qlonglong, gpus);
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({kind.toStdString(), gpus, {}}, c);
    const Results r = evaluate(d, c);
    QVERIFY(r.performance.available);
    const auto files = exportFiles("calculon", d, c);
    for (const char *f : {"system.json", "application.json", "execution.json", "cluster-planner.json"})
        QVERIFY2(files.count(f), f);
    const json app = json::parse(files.at("application.json"));
    const json exe = json::parse(files.at("execution.json"));
    const json sys = json::parse(files.at("system.json"));
    const json man = json::parse(files.at("cluster-planner.json"));

    // Complete: every field Calculon's application, execution and system readers take.
    for (const char *k : {"hidden", "feedforward", "seq_size", "attn_heads", "attn_size", "num_blocks"})
        QVERIFY2(app.contains(k) && app[k].get<long long>() > 0, k);
    for (const char *k : {"num_procs", "tensor_par", "pipeline_par", "data_par", "tensor_par_net", "pipeline_par_net",
                          "data_par_net", "batch_size", "microbatch_size", "datatype", "fused_activation", "attention_type",
                          "activation_recompute", "pipeline_interleaving", "optimizer_sharding", "tensor_par_comm_type",
                          "tensor_par_overlap", "seq_par_ag_redo", "data_par_overlap", "weight_offload",
                          "activations_offload", "optimizer_offload", "training"})
        QVERIFY2(exe.contains(k), k);
    for (const char *k : {"matrix", "vector", "mem1", "mem2", "processing_mode", "networks"})
        QVERIFY2(sys.contains(k), k);
    QCOMPARE(int(sys["networks"].size()), 2);
    for (const json &n : sys["networks"])
        for (const char *k : {"bandwidth", "efficiency", "size", "latency", "ops", "collective_minus1_scalar", "must_be_filled",
                              "processor_usage"})
            QVERIFY2(n.contains(k), k);

    // Self-consistent: the process grid multiplies out; networks are large enough for the groups
    // placed on them; the batch splits into micro-batches per data-parallel rank; the blocks split
    // over the pipeline; the heads tile the hidden size.
    const long long procs = exe["num_procs"], tp = exe["tensor_par"], pp = exe["pipeline_par"], dp = exe["data_par"];
    QCOMPARE(procs, tp * pp * dp);
    QCOMPARE(procs, man["cluster"]["gpus_job"].get<long long>());
    QVERIFY(procs <= r.inventory.gpusActive);
    const json &net0 = sys["networks"][0];
    const json &net1 = sys["networks"][1];
    if (exe["tensor_par_net"] == 0)
        QVERIFY(tp <= net0["size"].get<long long>());
    QVERIFY(procs <= net1["size"].get<long long>());
    QCOMPARE(exe["batch_size"].get<long long>() % (dp * exe["microbatch_size"].get<long long>()), 0LL);
    QCOMPARE(app["num_blocks"].get<long long>() % (pp * exe["pipeline_interleaving"].get<long long>()), 0LL);
    QCOMPARE(app["attn_heads"].get<long long>() * app["attn_size"].get<long long>(), app["hidden"].get<long long>());
    QVERIFY(app["attn_heads"].get<long long>() % tp == 0);
    // The figures are the design's: workload shape, accelerator, fabric.
    // Blocks: the workload's layers, padded to equal pipeline chunks when they do not divide
    // (the slowest stage, ⌈layers / (pp·v)⌉ per chunk, is what the model times).
    const long long chunks = pp * exe["pipeline_interleaving"].get<long long>();
    QCOMPARE(app["num_blocks"].get<long long>(), (d.workload.layers + chunks - 1) / chunks * chunks);
    QCOMPARE(app["hidden"].get<int>(), d.workload.hidden);
    QCOMPARE(app["seq_size"].get<int>(), d.workload.seqLen);
    // The batch the chosen layout runs (an automatic batch is rounded to its data parallelism),
    // within half a micro-batch per Calculon rank (its DP ranks include the CP ones).
    const double seqs = r.performance.outcome.estimate.globalBatchTokens / d.workload.seqLen;
    QVERIFY(std::abs(double(exe["batch_size"].get<long long>()) - seqs)
            <= 0.5 * double(dp * exe["microbatch_size"].get<long long>()));
    const ParallelConfig &pc = r.performance.outcome.estimate.config;
    QCOMPARE(tp, (long long)pc.tp);
    QCOMPARE(pp, (long long)pc.pp);
    QCOMPARE(dp, (long long)pc.dp * pc.cp);
    QCOMPARE(exe["microbatch_size"].get<int>(), pc.microbatch);
    QCOMPARE(sys["matrix"]["tflops"].get<double>(), r.performance.spec.cluster.gpu.peakTflopsBf16);
    QCOMPARE(sys["mem1"]["GBps"].get<double>(), r.performance.spec.cluster.gpu.hbmTbPerS * 1000.0);
    QCOMPARE(net0["size"].get<int>(), r.fabric.domainGpus > 0 ? r.performance.spec.cluster.domainGpus : 0);
    QCOMPARE(net0["bandwidth"].get<double>(), r.fabric.scaleUpGbPerSPerGpu);
    double taper = 1.0;
    for (double o : r.fabric.oversubscription)
        taper *= std::max(1.0, o);
    QVERIFY(std::abs(net1["bandwidth"].get<double>() - r.fabric.scaleOutGbpsPerGpu / 8.0 / taper) < 1e-9);
    // Efficiency tables are sorted from large to small operations and lie in (0, 1].
    for (const char *dt : {"float16", "bfloat16"})
        for (const json &row : sys["matrix"]["gflops_efficiency"][dt]) {
            QVERIFY(row[1].get<double>() > 0 && row[1].get<double>() <= 1.0);
        }
    // The manifest carries Cluster Planner's prediction for the cross-check.
    QVERIFY(std::abs(man["predicted"]["step_time_s"].get<double>() - r.performance.outcome.estimate.stepTimeS) < 1e-12);
}

void TestSimExport::astraSim_data()
{
    templates();
}

void TestSimExport::astraSim()
{
    QFETCH(QString, kind);
    QFETCH(qlonglong, gpus);
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({kind.toStdString(), gpus, {}}, c);
    const Results r = evaluate(d, c);
    const auto files = exportFiles("astra-sim", d, c);
    QVERIFY(files.count("network.yml"));
    QVERIFY(files.count("system.json"));
    const std::string &yml = files.at("network.yml");
    // The analytical backend's four keys, each a list with one entry per dimension.
    std::map<std::string, std::vector<double>> lists;
    const std::regex line(R"(^(\w+):\s*\[([^\]]*)\])");
    std::istringstream in(yml);
    std::string l;
    std::vector<std::string> topology;
    while (std::getline(in, l)) {
        std::smatch m;
        if (!std::regex_search(l, m, line))
            continue;
        std::istringstream items(m[2].str());
        std::string item;
        while (std::getline(items, item, ',')) {
            item.erase(0, item.find_first_not_of(' '));
            item.erase(item.find_last_not_of(' ') + 1);
            if (m[1] == "topology")
                topology.push_back(item);
            else
                lists[m[1]].push_back(std::stod(item));
        }
    }
    QCOMPARE(int(topology.size()), 2);
    for (const char *k : {"npus_count", "bandwidth", "latency"}) {
        QVERIFY2(lists[k].size() == 2, k);
        for (double v : lists[k])
            QVERIFY(v > 0);
    }
    const json man = json::parse(files.at("cluster-planner.json"));
    const long long job = man["cluster"]["gpus_job"];
    QCOMPARE((long long)std::llround(lists["npus_count"][0] * lists["npus_count"][1]), job);
    QCOMPARE((long long)lists["npus_count"][0], (long long)r.performance.spec.cluster.domainGpus);
    QVERIFY(lists["bandwidth"][0] > lists["bandwidth"][1]); // scale-up outruns scale-out
    const json sys = json::parse(files.at("system.json"));
    for (const char *k : {"all-reduce-implementation", "all-gather-implementation", "reduce-scatter-implementation",
                          "all-to-all-implementation"})
        QCOMPARE(int(sys[k].size()), 2); // one algorithm per dimension
    QCOMPARE(sys["local-mem-bw"].get<double>(), r.performance.spec.cluster.gpu.hbmTbPerS * 1000.0);
}

void TestSimExport::refusesDesignWithoutJob()
{
    const Catalog c = Catalog::builtin();
    Design d = generateTemplate({"classic", 64, {}}, c);
    for (Rack &rack : d.racks)
        std::erase_if(rack.contents, [&](const Mount &m) { return c.at(m.catalogId).kind == PartKind::Server; });
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, cptest::builtPlugins().exporter("calculon")->exportDesign(d, c));
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, cptest::builtPlugins().exporter("astra-sim")->exportDesign(d, c));
}

QTEST_GUILESS_MAIN(TestSimExport)
#include "test_simexport.moc"
