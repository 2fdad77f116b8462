// The estimate's output: the JSON of docs/estimate.md and the same as readable text, with the
// error bands of docs/validation.md beside each performance figure.
#include "model/io/estimateoutput.h"

#include "model/training/accuracy.h"
#include "model/training/publishedruns.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <sstream>

namespace cp {

using json = nlohmann::json;

json parallelToJson(const ParallelConfig &c)
{
    json j{{"tp", c.tp},
           {"pp", c.pp},
           {"dp", c.dp},
           {"cp", c.cp},
           {"ep", c.ep},
           {"microbatch", c.microbatch},
           {"interleave", c.interleave},
           {"recompute", recomputeName(c.recompute)},
           {"zero", c.zero}};
    if (c.recompute == Recompute::Block || c.recompute == Recompute::Offload)
        j["recompute_layers"] = c.recomputeLayers; // per chunk: recomputed or offloaded
    if (c.expertTp > 0)
        j["etp"] = c.expertTp;
    return j;
}

namespace {

json breakdownJson(const StepEstimate &e)
{
    const StepBreakdown &b = e.time;
    return json{{"compute_s", b.computeS},      {"tp_exposed_s", b.tpExposedS},
                {"pp_exposed_s", b.ppExposedS}, {"dp_exposed_s", b.dpExposedS},
                {"ep_exposed_s", b.epExposedS}, {"cp_exposed_s", b.cpExposedS},
                {"bubble_s", b.bubbleS},        {"optimizer_s", b.optimizerS},
                {"tp_total_s", b.tpTotalS},     {"pp_total_s", b.ppTotalS},
                {"dp_total_s", b.dpTotalS},     {"ep_total_s", b.epTotalS},
                {"cp_total_s", b.cpTotalS},     {"gemm_s", b.gemmS},
                {"attention_s", b.attentionS},  {"elementwise_s", b.elementwiseS},
                {"offload_exposed_s", b.offloadExposedS}, {"straggler_s", b.stragglerS}};
}

json memoryJson(const StepEstimate &e)
{
    const MemoryBreakdown &m = e.memory;
    return json{{"weights", m.weights / kBytesPerMemoryGb},
                {"gradients", m.gradients / kBytesPerMemoryGb},
                {"optimizer", m.optimizer / kBytesPerMemoryGb},
                {"activations", m.activations / kBytesPerMemoryGb},
                {"other", m.other / kBytesPerMemoryGb}};
}

std::string fixedText(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

/// `KEY_p10` and `KEY_p90` beside each performance figure, and the band they come from
/// (docs/validation.md, "Error bands").
void addBands(json &j, const EstimateSpec &spec, const StepEstimate &e, double stackEfficiency)
{
    const PerformanceBands b = performanceBands(spec, e);
    const auto put = [&](const char *key, const BandedFigure &f) {
        j[std::string(key) + "_p10"] = f.p10;
        j[std::string(key) + "_p90"] = f.p90;
    };
    put("step_time_s", b.stepTimeS);
    put("model_tflops_per_gpu", b.modelTflopsPerGpu);
    put("hardware_tflops_per_gpu", b.hardwareTflopsPerGpu);
    put("mfu", b.mfu);
    put("tokens_per_s", b.tokensPerS);
    put("time_to_train_days", b.timeToTrainDays);
    j["accuracy"] = json{{"regime", regimeName(b.regime)},
                         {"p10_factor", b.band.low},
                         {"p90_factor", b.band.high},
                         {"validation_rows", b.band.rows},
                         {"measured_on", b.band.pooled ? "all validation rows" : "the regime's rows, never narrower than all rows'"},
                         {"source", "docs/validation.md (leave-one-source-out errors)"},
                         {"dp_traffic_over_compute", b.dpOverCompute},
                         {"communication_bound", b.communicationBound()}};
    if (const std::string caution = bandCaution(b); !caution.empty())
        j["accuracy"]["caution"] = caution;
    json nearest = json::array();
    const std::vector<NearbyRun> runs = nearestPublishedRuns(spec);
    for (const NearbyRun &n : runs) {
        const PublishedRun &r = *n.run;
        nearest.push_back(json{{"id", r.id},
                               {"source", r.source},
                               {"name", r.name},
                               {"gpu", r.gpu},
                               {"precision", r.precision},
                               {"moe", r.moe},
                               {"params_b", r.paramsB},
                               {"gpus", r.gpus},
                               {"seq_len", r.seqLen},
                               {"error", std::round(r.errorPct * 10.0) / 1000.0},
                               {"held_out_error", std::round(r.heldOutPct * 10.0) / 1000.0},
                               {"distance", n.distance}});
    }
    j["accuracy"]["nearest_published_runs"] = nearest;
    if (const std::string caveat = nearbyRunsCaveatText(nearbyRunsCaveat(spec, runs, stackEfficiency), spec.cluster.gpu.id);
        !caveat.empty())
        j["accuracy"]["nearest_published_runs_caveat"] = caveat;
    if (spec.published) {
        const long long gpus = spec.cluster.gpus;
        const double predicted = predictedFigure(e, spec.published->metric, gpus);
        j["published"] = json{{"source", spec.published->source},
                              {"metric", spec.published->metric},
                              {"value", spec.published->value},
                              {"predicted", predicted},
                              {"error", predicted / spec.published->value - 1.0}};
    }
}

} // namespace

std::string whyItDoesNotRun(const EstimateOutcome &o)
{
    const StepEstimate &e = o.estimate;
    if (e.feasible())
        return {};
    if (o.searched)
        return o.search.failureReason();
    return std::string(infeasibleName(e.infeasible))
           + (e.infeasible == Infeasible::Memory ? ": " + fixedText(e.memoryGb(), 1) + " GB > " + fixedText(e.hbmGb, 0) + " GB"
                                                 : std::string());
}

bool layoutCannotRun(const EstimateOutcome &o)
{
    const StepEstimate &e = o.estimate;
    return !e.feasible() && e.infeasible != Infeasible::Memory && !(o.searched && o.search.rejectedMemory > 0);
}

/// The gradient precision a run reduces in, as `training.grad_reduce` names it.
static const char *gradReduceName(const TrainingSpec &t)
{
    return t.gradReduceBytes() == 4 ? "fp32" : t.precision == Precision::Fp16 ? "fp16" : "bf16";
}

json estimateToJson(const EstimateSpec &spec, const EstimateOutcome &o, double stackEfficiency)
{
    const StepEstimate &e = o.estimate;
    json j;
    if (!spec.name.empty())
        j["name"] = spec.name;
    j["feasible"] = e.feasible();
    if (!e.feasible())
        j["problem"] = whyItDoesNotRun(o);
    j["step_time_s"] = e.stepTimeS;
    j["model_tflops_per_gpu"] = e.modelTflopsPerGpu;
    j["hardware_tflops_per_gpu"] = e.hardwareTflopsPerGpu;
    j["mfu"] = e.mfu;
    j["tokens_per_s"] = e.tokensPerS;
    j["gpus_used"] = o.gpusUsed > 0 ? o.gpusUsed : spec.cluster.gpus;
    j["global_batch_tokens"] = e.globalBatchTokens; // the layout's: an automatic batch rounded to its DP
    j["job_size_chosen_by_goodput"] = o.chosenByGoodput;
    j["memory_gb_per_gpu"] = e.memoryGb();
    j["hbm_gb"] = e.hbmGb;
    j["time_to_train_days"] = e.timeToTrainDays;
    addBands(j, spec, e, stackEfficiency);
    j["microbatches_per_step"] = e.microbatches;
    j["bubble_fraction"] = e.bubbleFraction;
    j["model_flops_per_step"] = e.modelFlopsPerStep;
    j["hardware_flops_per_step"] = e.hardwareFlopsPerStep;
    j["params_total"] = spec.model.totalParams();
    j["params_active"] = spec.model.activeParams();
    j["breakdown"] = breakdownJson(e);
    j["memory_gb"] = memoryJson(e);
    j["memory_stage"] = e.memory.stage; // the pipeline rank the memory figures are for
    j["activation_layers_in_flight"] = e.memory.layersInFlight;
    j["parallelism_used"] = parallelToJson(e.config);
    j["chosen_by_search"] = o.chosenBySearch;
    j["defaults_used"] = spec.defaultsUsed;
    json effects = json::array();
    for (const AssumptionEffect &a : assumptionEffects(spec, o))
        effects.push_back(json{{"field", a.field}, {"assumed", a.assumed}, {"alternative", a.alternative},
                               {"runs", a.runs}, {"throughput_change", a.runs ? json(a.throughputChange) : json()}});
    j["assumption_effects"] = effects;
    const ClusterSpec &c = spec.cluster;
    j["cluster"] =
        json{{"gpu", c.gpu.id},
             {"gpus", c.gpus},
             {"peak_tflops", spec.training.precision == Precision::Fp8 ? c.gpu.peakTflopsFp8
                                                                       : c.gpu.peakTflopsBf16},
             {"hbm_gb", c.gpu.hbmGb},
             {"hbm_tb_per_s", c.gpu.hbmTbPerS},
             {"gemm_tflops_bf16_sustained", c.gpu.gemmTflopsBf16},
             {"attention_tflops_bf16", c.gpu.attentionTflopsBf16},
             {"host_link_gb_per_s", c.gpu.hostLinkGbPerS},
             {"domain_gpus", c.domainGpus},
             {"scale_up_gb_per_s_per_gpu", c.scaleUpGbPerSPerGpu},
             {"scale_out_gbps_per_gpu", c.scaleOutGbpsPerGpu},
             {"tiers", c.tiers},
             {"oversubscription", c.oversubscription},
             {"radix", c.radix}};
    j["training"] = json{{"seq_len", spec.training.seqLen},
                         {"global_batch_tokens", spec.training.globalBatchTokens},
                         {"batch_follows_layout", spec.training.batchFollowsLayout},
                         {"precision", precisionName(spec.training.precision)},
                         {"tokens", spec.training.tokens},
                         {"attention", attentionName(spec.training.attention)},
                         {"mlp", mlpName(spec.model.mlp)},
                         {"sequence_parallel", spec.training.sequenceParallel},
                         {"overlap_comm", spec.training.overlapComm},
                         {"pipeline_schedule", pipelineScheduleName(spec.training.schedule)},
                         {"grad_reduce", gradReduceName(spec.training)}};
    if (spec.training.precision == Precision::Fp8)
        j["training"]["fp8_recipe"] = spec.training.fp8Recipe == Fp8Recipe::Mx ? "mxfp8" : "tensor";
    if (spec.model.moe()) {
        j["training"]["moe_dispatcher"] = moeDispatchName(spec.training.moeDispatch);
        j["training"]["moe_dispatch_fp8"] = spec.training.moeDispatchFp8;
    }
    if (o.searched) {
        json top = json::array();
        for (const RankedConfig &rc : o.search.top)
            top.push_back(json{{"parallelism", parallelToJson(rc.estimate.config)},
                               {"step_time_s", rc.estimate.stepTimeS},
                               {"mfu", rc.estimate.mfu},
                               {"memory_gb_per_gpu", rc.estimate.memoryGb()},
                               {"why_not_best", rc.why}});
        j["search"] = json{{"evaluated", o.search.evaluated},
                           {"feasible", o.search.feasible},
                           {"rejected_memory", o.search.rejectedMemory},
                           {"rejected_layout", o.search.rejectedLayout},
                           {"seconds", o.search.seconds},
                           {"cancelled", o.search.cancelled},
                           {"top", top}};
        if (!o.search.found())
            j["search"]["failure"] = o.search.failureReason();
    }
    return j;
}

std::string assumptionChangeText(const AssumptionEffect &a)
{
    return a.assumed + " -> " + a.alternative + ": " +
           (a.runs ? (a.throughputChange >= 0 ? "+" : "") + fixedText(100.0 * a.throughputChange, 1) + " %"
                   : std::string("does not fit in memory at this layout"));
}

std::string estimateToText(const EstimateSpec &spec, const EstimateOutcome &o)
{
    const StepEstimate &e = o.estimate;
    std::ostringstream s;
    const ClusterSpec &c = spec.cluster;
    s << (spec.name.empty() ? std::string("Estimate") : spec.name) << "\n\n";
    s << "Cluster   " << c.gpus << " × " << c.gpu.id << ", scale-up domain " << c.domainGpus
      << " GPUs at " << fixedText(c.scaleUpGbPerSPerGpu, 0) << " GB/s, scale-out "
      << fixedText(c.scaleOutGbpsPerGpu, 0) << " Gb/s per GPU, " << c.tiers
      << (c.tiers == 1 ? " tier\n" : " tiers\n");
    s << "Model     " << fixedText(spec.model.totalParams() / 1e9, 1) << " B parameters ("
      << fixedText(spec.model.activeParams() / 1e9, 1) << " B active), " << spec.model.layers
      << " layers, hidden " << spec.model.hidden << ", " << mlpName(spec.model.mlp) << ", "
      << attentionName(spec.training.attention) << " attention\n";
    if (o.searched && !o.search.found() && o.search.rejectedMemory == 0)
        s << "Layout    none runs (below)\n";
    else
        s << "Layout    " << describe(e.config) << "\n";
    if (!o.chosenBySearch.empty()) {
        s << "          chosen by search:";
        for (const auto &k : o.chosenBySearch)
            s << " " << k;
        s << " (" << o.search.evaluated << " configurations in " << fixedText(o.search.seconds, 3)
          << " s)\n";
    }
    if (!e.feasible()) {
        s << "\nDoes not run: " << whyItDoesNotRun(o) << "\n";
        if (e.infeasible != Infeasible::Memory || e.stepTimeS <= 0)
            return s.str();
        s << "Figures if it fitted:\n";
    }
    if (o.gpusUsed > 0 && o.gpusUsed < spec.cluster.gpus)
        s << "\nGPUs used              " << o.gpusUsed << " of " << spec.cluster.gpus
          << " (a count that splits into whole parallel groups trains faster)\n";
    s << "\nStep time              " << fixedText(e.stepTimeS, 3) << " s (" << e.microbatches
      << (e.microbatches == 1 ? " micro-batch)\n" : " micro-batches)\n")
      << "Model TFLOP/s per GPU  " << fixedText(e.modelTflopsPerGpu, 1) << "\n"
      << "Hardware TFLOP/s/GPU   " << fixedText(e.hardwareTflopsPerGpu, 1)
      << " (recomputation counted)\n"
      << "MFU                    " << fixedText(100.0 * e.mfu, 1) << " %\n"
      << "Tokens per second      " << fixedText(e.tokensPerS, 0) << "\n"
      << "Memory per GPU         " << fixedText(e.memoryGb(), 1) << " of " << fixedText(e.hbmGb, 0)
      << " GB (weights " << fixedText(e.memory.weights / kBytesPerMemoryGb, 1) << ", gradients "
      << fixedText(e.memory.gradients / kBytesPerMemoryGb, 1) << ", optimizer "
      << fixedText(e.memory.optimizer / kBytesPerMemoryGb, 1) << ", activations "
      << fixedText(e.memory.activations / kBytesPerMemoryGb, 1) << ", other "
      << fixedText(e.memory.other / kBytesPerMemoryGb, 1) << "; pipeline rank " << e.memory.stage << ", "
      << fixedText(e.memory.layersInFlight, 1) << " layer activations held)\n";
    if (spec.training.tokens > 0)
        s << "Time to train          " << fixedText(e.timeToTrainDays, 1) << " days for "
          << fixedText(spec.training.tokens / 1e9, 0) << " B tokens\n";
    if (e.feasible()) {
        // The P10–P90 band of the figures above (docs/validation.md, "Error bands").
        const PerformanceBands b = performanceBands(spec, e);
        s << "P10-P90 band           MFU " << fixedText(100.0 * b.mfu.p10, 1) << "-" << fixedText(100.0 * b.mfu.p90, 1)
          << " %, model TFLOP/s per GPU " << fixedText(b.modelTflopsPerGpu.p10, 0) << "-"
          << fixedText(b.modelTflopsPerGpu.p90, 0) << ", step time " << fixedText(b.stepTimeS.p10, 2) << "-"
          << fixedText(b.stepTimeS.p90, 2) << " s";
        if (spec.training.tokens > 0)
            s << ", time to train " << fixedText(b.timeToTrainDays.p10, 0) << "-" << fixedText(b.timeToTrainDays.p90, 0)
              << " days";
        s << " (" << regimeName(b.regime) << " runs against published ones, docs/validation.md)\n";
        if (const std::string caution = bandCaution(b); !caution.empty())
            s << "Caution                " << caution << "\n";
        s << "Nearest published runs the model's held-out error on each (+: it predicted faster; docs/validation.md)\n";
        const std::vector<NearbyRun> runs = nearestPublishedRuns(spec);
        for (const NearbyRun &n : runs)
            s << "  " << nearbyRunText(n) << "\n";
        if (const std::string caveat = nearbyRunsCaveatText(nearbyRunsCaveat(spec, runs), spec.cluster.gpu.id);
            !caveat.empty())
            s << "  " << caveat << "\n";
    }
    const StepBreakdown &b = e.time;
    s << "\nStep breakdown (s)     compute " << fixedText(b.computeS, 3) << " (slowest GPU "
      << fixedText(b.stragglerS, 3)
      << (b.offloadExposedS > 0 ? ", offload copies " + fixedText(b.offloadExposedS, 3) : "")
      << "), bubble " << fixedText(b.bubbleS, 3) << ", TP " << fixedText(b.tpExposedS, 3) << " exposed of "
      << fixedText(b.tpTotalS, 3) << ", PP " << fixedText(b.ppExposedS, 3) << ", DP "
      << fixedText(b.dpExposedS, 3) << " exposed of " << fixedText(b.dpTotalS, 3) << ", EP "
      << fixedText(b.epExposedS, 3) << ", CP " << fixedText(b.cpExposedS, 3) << ", optimizer "
      << fixedText(b.optimizerS, 3) << "\n";
    if (o.searched && o.search.top.size() > 1) {
        s << "\nRunners-up\n";
        for (size_t i = 1; i < o.search.top.size(); ++i)
            s << "  " << describe(o.search.top[i].estimate.config) << "  "
              << fixedText(o.search.top[i].estimate.stepTimeS, 3) << " s — " << o.search.top[i].why
              << "\n";
    }
    if (!spec.defaultsUsed.empty()) {
        s << "\nDefaults used\n";
        for (const auto &d : spec.defaultsUsed)
            s << "  " << d << "\n";
    }
    if (const std::vector<AssumptionEffect> effects = assumptionEffects(spec, o); !effects.empty()) {
        s << "\nWhat the defaults move (this layout, one field set the other way; tokens/s)\n";
        for (const AssumptionEffect &a : effects)
            s << "  " << a.field << " " << assumptionChangeText(a) << "\n";
    }
    return s.str();
}

} // namespace cp
