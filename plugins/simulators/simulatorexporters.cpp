#include "simulatorexporters.h"

#include "model/engine/evaluation.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace cp {

namespace {

using nlohmann::json;

/// What both simulators need: the evaluated design and the job the evaluation chose.
struct Job
{
    Results results;
    const ClusterSpec *cluster = nullptr;
    const ModelSpec *model = nullptr;
    const TrainingSpec *training = nullptr;
    const StepEstimate *estimate = nullptr;
    long long gpus = 0; ///< GPUs the job runs on
    double batchSeqs = 0; ///< sequences per step of the chosen layout
};

Job evaluateJob(const Design &design, const Catalog &catalog, const char *tool)
{
    Job j;
    j.results = evaluate(design, catalog);
    const PerformanceResults &p = j.results.performance;
    if (!p.available || p.outcome.estimate.infeasible != Infeasible::None)
        throw std::runtime_error(std::string(tool) + " export: the design's workload does not run on it (see evaluate), "
                                                     "so there is no training job to export");
    j.cluster = &p.spec.cluster;
    j.model = &p.spec.model;
    j.training = &p.spec.training;
    j.estimate = &p.outcome.estimate;
    const ParallelConfig &c = j.estimate->config;
    j.gpus = (long long)c.tp * c.pp * c.dp * c.cp;
    j.batchSeqs = j.estimate->globalBatchTokens / std::max(1, j.training->seqLen);
    return j;
}

/// The batch the layout runs (an automatic batch is rounded to its DP), in Calculon's terms: its
/// data-parallel ranks include the context-parallel ones, so the batch must split into whole
/// micro-batches over DP·CP; when it does not, the nearest batch that does (at most half a
/// micro-batch per rank away).
long long calculonBatch(double seqs, long long dataPar, int microbatch)
{
    const long long unit = std::max<long long>(1, dataPar * std::max(1, microbatch));
    return std::max<long long>(1, std::llround(seqs / double(unit))) * unit;
}

/// Scale-out bandwidth per GPU as the top of the fabric delivers it: the NIC rate divided by the
/// oversubscription of every tier (GB/s, one direction).
double scaleOutGbPerS(const ClusterSpec &c)
{
    double taper = 1.0;
    for (double o : c.oversubscription)
        taper *= std::max(1.0, o);
    return c.scaleOutGbpsPerGpu / 8.0 / taper;
}

/// The figures Cluster Planner predicts for the exported job, for the cross-check.
json manifest(const Design &design, const Job &j, const char *tool, const std::vector<std::string> &files)
{
    const ParallelConfig &c = j.estimate->config;
    const StepBreakdown &b = j.estimate->time;
    return json{{"format", "cluster-planner-simulation-export"},
                {"version", 1},
                {"tool", tool},
                {"design", design.name},
                {"files", files},
                {"cluster",
                 {{"gpu", j.cluster->gpu.id},
                  {"gpus_installed", j.results.inventory.gpusTotal},
                  {"gpus_job", j.gpus},
                  {"scale_up_domain_gpus", j.cluster->domainGpus},
                  {"scale_up_gb_per_s_per_gpu", j.cluster->scaleUpGbPerSPerGpu},
                  {"scale_out_gbps_per_gpu", j.cluster->scaleOutGbpsPerGpu},
                  {"scale_out_tiers", j.cluster->tiers},
                  {"oversubscription", j.cluster->oversubscription},
                  {"switch_radix", j.cluster->radix},
                  {"worst_path_latency_us", j.results.fabric.maxLatencyUs}}},
                {"parallelism",
                 {{"tp", c.tp}, {"pp", c.pp}, {"dp", c.dp}, {"cp", c.cp}, {"ep", c.ep},
                  {"microbatch", c.microbatch}, {"interleave", c.interleave},
                  {"recompute", recomputeName(c.recompute)}, {"zero", c.zero}}},
                {"predicted",
                 {{"step_time_s", j.estimate->stepTimeS},
                  {"mfu", j.estimate->mfu},
                  {"tokens_per_s", j.estimate->tokensPerS},
                  {"compute_s", b.computeS},
                  {"tp_exposed_s", b.tpExposedS},
                  {"pp_exposed_s", b.ppExposedS},
                  {"dp_exposed_s", b.dpExposedS},
                  {"bubble_s", b.bubbleS}}}};
}

} // namespace

// --- Calculon ---------------------------------------------------------------------------------

std::string CalculonExporter::description() const
{
    return "Calculon (SC'23) input: system.json, application.json and execution.json for the design's cluster and "
           "training job, with Cluster Planner's predicted step time for comparison.";
}

std::vector<ExportedFile> CalculonExporter::exportDesign(const Design &design, const Catalog &catalog) const
{
    const Job j = evaluateJob(design, catalog, "Calculon");
    const ClusterSpec &cl = *j.cluster;
    const ModelSpec &m = *j.model;
    const TrainingSpec &t = *j.training;
    const ParallelConfig &c = j.estimate->config;
    const Calibration &cal = defaultCalibration();

    if (m.heads <= 0 || m.hidden % m.heads != 0)
        throw std::runtime_error("Calculon export: the hidden size is not a multiple of the attention heads");
    // Calculon's application: a GPT-style block (it has no grouped-query attention or gated MLP;
    // the manifest lists what it leaves out).
    // Calculon splits the blocks evenly over the pipeline (and its interleaved chunks); the
    // model lets stages differ, and the slowest holds ⌈layers / (pp·v)⌉ per chunk. Padding to that
    // many on every stage keeps the slowest stage, which sets the step time, the same.
    const int chunks = c.pp * std::max(1, c.interleave);
    const int blocks = (m.layers + chunks - 1) / chunks * chunks;
    const json application = {{"hidden", m.hidden},
                              {"feedforward", m.ffnHidden},
                              {"seq_size", t.seqLen},
                              {"attn_heads", m.heads},
                              {"attn_size", m.hidden / m.heads},
                              {"num_blocks", blocks}};
    // Context parallelism has no Calculon counterpart: its ranks join data parallelism, which
    // keeps the process count and the batch per rank.
    const long long dataPar = (long long)c.dp * c.cp;
    const char *recompute = c.recompute == Recompute::Full || c.recompute == Recompute::Block ? "full"
                            : c.recompute == Recompute::Selective                            ? "attn_only"
                                                                                             : "none";
    const json execution = {{"num_procs", j.gpus},
                            {"tensor_par", c.tp},
                            {"pipeline_par", c.pp},
                            {"data_par", dataPar},
                            // Network 0 is the scale-up domain, 1 the scale-out fabric.
                            {"tensor_par_net", c.tp <= cl.domainGpus ? 0 : 1},
                            {"pipeline_par_net", 1},
                            {"data_par_net", 1},
                            {"batch_size", calculonBatch(j.batchSeqs, dataPar, c.microbatch)},
                            {"microbatch_size", c.microbatch},
                            {"datatype", t.precision == Precision::Fp8 ? "float8" : "bfloat16"},
                            {"fused_activation", true},
                            {"attention_type", "multihead"},
                            {"activation_recompute", recompute},
                            {"pipeline_interleaving", c.interleave},
                            {"optimizer_sharding", c.zero >= 1},
                            {"tensor_par_comm_type", t.sequenceParallel ? "rs_ag" : "ar"},
                            {"tensor_par_overlap", "none"},
                            {"seq_par_ag_redo", false},
                            {"data_par_overlap", t.overlapComm},
                            {"weight_offload", false},
                            {"activations_offload", false},
                            {"optimizer_offload", false},
                            {"training", true}};

    // The system: the GPU's dense peak with the model's calibrated GEMM efficiency (sustained rate
    // × the in-step share, docs/model.md §3), its HBM, and the two networks with the model's
    // bandwidth efficiencies and latencies (model/trainingmodel.cpp, Calibration).
    const double peak = t.precision == Precision::Fp8 && cl.gpu.peakTflopsFp8 > 0 ? cl.gpu.peakTflopsFp8 : cl.gpu.peakTflopsBf16;
    const double sustained = cl.gpu.gemmTflopsBf16 > 0 ? cl.gpu.gemmTflopsBf16 : cl.gpu.peakTflopsBf16 * cal.defaultGemmFraction;
    const double gemmEff = std::min(1.0, sustained / cl.gpu.peakTflopsBf16 * cal.gemmEfficiencyMax);
    // Efficiency by operation size (GFLOP): full efficiency for large GEMMs, half below 1 GFLOP
    // (an assumption standing in for the model's own size curve, gemmHalfDim).
    const json matrixEff = json::array({json::array({1, gemmEff}), json::array({0, gemmEff / 2.0})});
    const double memEff = cal.memoryEfficiency;
    const json system = {
        {"matrix", {{"tflops", peak}, {"gflops_efficiency", {{"float16", matrixEff}, {"bfloat16", matrixEff}, {"float8", matrixEff}}}}},
        // Vector (non-tensor-core) rate: assumption 1/8 of the dense matrix peak (H100 SXM: 989 / 8 ≈ 124 TFLOP/s
        // against ~134 published for FP16/BF16 without tensor cores).
        {"vector", {{"tflops", cl.gpu.peakTflopsBf16 / 8.0},
                    {"gflops_efficiency", {{"float16", json::array({json::array({0, memEff})})},
                                           {"bfloat16", json::array({json::array({0, memEff})})},
                                           {"float8", json::array({json::array({0, memEff})})}}}}},
        {"mem1", {{"GiB", cl.gpu.hbmGb * 1e9 / 1073741824.0},
                  {"GBps", cl.gpu.hbmTbPerS * 1000.0},
                  {"MB_efficiency", json::array({json::array({1, memEff}), json::array({0, memEff / 2.0})})}}},
        // Host memory for offloading (not used: every offload is off). Assumption: 1 TiB per
        // 8 GPUs reached over PCIe Gen5 x16, ~64 GB/s per GPU.
        {"mem2", {{"GiB", 128}, {"GBps", 64}, {"MB_efficiency", json::array({json::array({0, 0.8})})}}},
        {"processing_mode", t.overlapComm ? "roofline" : "no_overlap"},
        {"networks",
         json::array({{{"bandwidth", cl.scaleUpGbPerSPerGpu},
                       {"efficiency", cal.scaleUpEfficiency},
                       {"size", cl.domainGpus},
                       {"latency", cal.scaleUpLatencyS},
                       {"ops", {{"p2p", 1.0}, {"reduce_scatter", 1.0}, {"all_gather", 1.0}, {"all_reduce", 1.0}}},
                       {"collective_minus1_scalar", true},
                       {"must_be_filled", false},
                       {"processor_usage", 0.0}},
                      {{"bandwidth", scaleOutGbPerS(cl)},
                       {"efficiency", cal.scaleOutEfficiency},
                       {"size", std::max<long long>(j.gpus, j.results.inventory.gpusTotal)},
                       {"latency", cal.scaleOutLatencyS * std::max(1, cl.tiers)},
                       {"ops", {{"p2p", 1.0}, {"reduce_scatter", 1.0}, {"all_gather", 1.0}, {"all_reduce", 1.0}}},
                       {"collective_minus1_scalar", true},
                       {"must_be_filled", false},
                       {"processor_usage", 0.0}}})}};

    const std::vector<std::string> names = {"system.json", "application.json", "execution.json"};
    json man = manifest(design, j, "calculon", names);
    man["not_modelled_by_calculon"] = json::array();
    if (m.kv() != m.heads)
        man["not_modelled_by_calculon"].push_back("grouped-query attention (" + std::to_string(m.kv()) + " KV heads): exported as multi-head");
    if (m.mlp == MlpKind::SwiGlu)
        man["not_modelled_by_calculon"].push_back("gated (SwiGLU) MLP: exported as a two-matrix MLP of the same feed-forward width");
    if (blocks != m.layers)
        man["not_modelled_by_calculon"].push_back(std::to_string(m.layers) + " layers padded to " + std::to_string(blocks)
                                                  + " blocks: Calculon needs equal pipeline stages; the slowest stage is unchanged");
    if (c.cp > 1)
        man["not_modelled_by_calculon"].push_back("context parallelism " + std::to_string(c.cp) + ": folded into data_par");
    if (m.moe())
        man["not_modelled_by_calculon"].push_back("mixture of experts: exported as the dense block");
    if (c.recompute == Recompute::Block)
        man["not_modelled_by_calculon"].push_back("block recomputation of " + std::to_string(c.recomputeLayers)
                                                  + " layers per chunk: exported as full recomputation");
    if (c.recompute == Recompute::Offload)
        man["not_modelled_by_calculon"].push_back("activation offloading of " + std::to_string(c.recomputeLayers)
                                                  + " layers per chunk: exported without recomputation");
    man["run"] = "calculon llm application.json execution.json system.json stats.json";
    return {{"system.json", system.dump(2) + "\n"},
            {"application.json", application.dump(2) + "\n"},
            {"execution.json", execution.dump(2) + "\n"},
            {"cluster-planner.json", man.dump(2) + "\n"}};
}

// --- ASTRA-sim --------------------------------------------------------------------------------

std::string AstraSimExporter::description() const
{
    return "ASTRA-sim 2.0 analytical backend: network.yml (scale-up domain × scale-out fabric) and system.json for "
           "the design's job, with Cluster Planner's predicted figures for comparison.";
}

std::vector<ExportedFile> AstraSimExporter::exportDesign(const Design &design, const Catalog &catalog) const
{
    const Job j = evaluateJob(design, catalog, "ASTRA-sim");
    const ClusterSpec &cl = *j.cluster;
    const Calibration &cal = defaultCalibration();
    const int domain = std::max(1, cl.domainGpus);
    if (j.gpus % domain != 0)
        throw std::runtime_error("ASTRA-sim export: the job's " + std::to_string(j.gpus) + " GPUs are not whole scale-up domains of "
                                 + std::to_string(domain));
    const long long domains = j.gpus / domain;
    // Two dimensions: the scale-up domain (an NVLink switch) and the scale-out fabric (a switch
    // per dimension, as ASTRA-sim's analytical backend models a multi-tier Clos). Bandwidth per
    // NPU per direction in GB/s at the share NCCL reaches (the model's calibration); latency in ns.
    std::ostringstream net;
    net << "# ASTRA-sim 2.0 analytical network for \"" << design.name << "\" (Cluster Planner)\n"
        << "# dimension 1: " << domain << "-GPU scale-up domain; dimension 2: " << domains << " domains on a "
        << cl.tiers << "-tier scale-out fabric\n"
        << "topology: [ Switch, Switch ]\n"
        << "npus_count: [ " << domain << ", " << domains << " ]\n"
        << "bandwidth: [ " << cl.scaleUpGbPerSPerGpu * cal.scaleUpEfficiency << ", " << scaleOutGbPerS(cl) * cal.scaleOutEfficiency
        << " ]  # GB/s\n"
        << "latency: [ " << cal.scaleUpLatencyS * 1e9 << ", " << std::max(cal.scaleOutLatencyS * std::max(1, cl.tiers), j.results.fabric.maxLatencyUs * 1e-6) * 1e9
        << " ]  # ns\n";
    const json system = {{"scheduling-policy", "LIFO"},
                         {"endpoint-delay", 10},
                         {"active-chunks-per-dimension", 1},
                         {"preferred-dataset-splits", 4},
                         {"all-reduce-implementation", {"ring", "ring"}},
                         {"all-gather-implementation", {"ring", "ring"}},
                         {"reduce-scatter-implementation", {"ring", "ring"}},
                         {"all-to-all-implementation", {"direct", "direct"}},
                         {"collective-optimization", "localBWAware"},
                         {"local-mem-bw", cl.gpu.hbmTbPerS * 1000.0},
                         {"boost-mode", 0}};
    const std::vector<std::string> names = {"network.yml", "system.json"};
    json man = manifest(design, j, "astra-sim", names);
    man["run"] = "AstraSim_Analytical_Congestion_Unaware --network-configuration=network.yml --system-configuration=system.json "
                 "--workload-configuration=<Chakra traces of the job, e.g. from the symbolic tensor graph generator with the "
                 "parallelism above> --remote-memory-configuration=<no_memory_expansion.json>";
    return {{"network.yml", net.str()}, {"system.json", system.dump(2) + "\n"}, {"cluster-planner.json", man.dump(2) + "\n"}};
}

} // namespace cp
