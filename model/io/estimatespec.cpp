#include "model/io/estimatespec.h"

#include "model/core/catalog.h"
#include "model/core/jsontext.h"
#include "model/training/accuracy.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

namespace cp {

using json = nlohmann::json;

namespace {

/// Reads values out of a JSON object, throwing LoadError with the file and JSON path on a problem.
class Reader
{
public:
    Reader(const std::string &origin, std::vector<std::string> &defaults)
        : mOrigin(origin)
        , mDefaults(defaults)
    {
    }

    [[noreturn]] void fail(const std::string &place, const std::string &problem) const
    {
        throw LoadError(mOrigin, place, problem);
    }

    const json &object(const json &parent, const std::string &key, const std::string &place) const
    {
        const json &j = parent.at(key);
        if (!j.is_object())
            fail(place, "must be an object");
        return j;
    }

    void onlyKeys(const json &obj, const std::string &place,
                  std::initializer_list<const char *> keys) const
    {
        for (const auto &[k, v] : obj.items()) {
            bool known = false;
            for (const char *allowed : keys)
                known = known || k == allowed;
            if (!known)
                fail(place + "." + k, "unknown key");
        }
    }

    /// A number in [lo, hi]; `fallback` (recorded as a default) when absent or null.
    double number(const json &obj, const char *key, const std::string &place, double lo, double hi,
                  bool required, double fallback = 0.0, const std::string &why = "default") const
    {
        const std::string where = place.empty() ? std::string(key) : place + "." + key;
        if (!obj.contains(key) || obj.at(key).is_null()) {
            if (required)
                fail(where, "is required");
            mDefaults.push_back(where + " = " + shortNumber(fallback) + " (" + why + ")");
            return fallback;
        }
        const json &j = obj.at(key);
        if (!j.is_number())
            fail(where, std::string("must be a number, not ") + j.type_name());
        const double v = j.get<double>();
        if (!std::isfinite(v) || v < lo || v > hi)
            fail(where, shortNumber(v) + " is out of range [" + shortNumber(lo) + ", " +
                            shortNumber(hi) + "]");
        return v;
    }

    int integer(const json &obj, const char *key, const std::string &place, double lo, double hi,
                bool required, int fallback = 0, const std::string &why = "default") const
    {
        const double v = number(obj, key, place, lo, hi, required, fallback, why);
        if (std::floor(v) != v)
            fail(place.empty() ? std::string(key) : place + "." + key,
                 shortNumber(v) + " must be a whole number");
        return int(v);
    }

    std::string text(const json &obj, const char *key, const std::string &place,
                     std::initializer_list<const char *> allowed, const char *fallback) const
    {
        const std::string where = place + "." + key;
        if (!obj.contains(key) || obj.at(key).is_null()) {
            mDefaults.push_back(where + " = " + fallback + " (default)");
            return fallback;
        }
        if (!obj.at(key).is_string())
            fail(where, "must be a string");
        const std::string v = obj.at(key).get<std::string>();
        std::string list;
        for (const char *a : allowed) {
            if (v == a)
                return v;
            list += (list.empty() ? "" : "|") + std::string(a);
        }
        fail(where, "\"" + v + "\" is not one of " + list);
    }

    bool boolean(const json &obj, const char *key, const std::string &place, bool fallback) const
    {
        const std::string where = place + "." + key;
        if (!obj.contains(key) || obj.at(key).is_null()) {
            mDefaults.push_back(where + " = " + (fallback ? "true" : "false") + " (default)");
            return fallback;
        }
        if (!obj.at(key).is_boolean())
            fail(where, "must be true or false");
        return obj.at(key).get<bool>();
    }

    static std::string shortNumber(double v)
    {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.6g", v);
        return buf;
    }

private:
    std::string mOrigin;
    std::vector<std::string> &mDefaults;
};

constexpr double kMaxGpus = 1e7; // DESIGN.md: a million-GPU design is the top of the range

/// The top level's "gpu": a catalog id or an inline accelerator. Returns the GPU's scale-up
/// bandwidth (0 when it names none), the default of scale_up.gb_per_s_per_gpu.
double parseGpu(const json &root, const Reader &rd, const Catalog &catalog, EstimateSpec &spec)
{
    if (!root.contains("gpu"))
        rd.fail(
            "gpu",
            "is required (a catalog id or an object with peak_tflops_bf16, hbm_gb, hbm_tb_per_s)");
    const json &gj = root.at("gpu");
    double gpuScaleUp = 0.0;
    if (gj.is_string()) {
        const std::string id = gj.get<std::string>();
        const CatalogEntry *e = catalog.find(id);
        if (!e)
            rd.fail("gpu", "unknown catalog id \"" + id + "\"");
        if (e->kind != PartKind::Accelerator)
            rd.fail("gpu", "\"" + id + "\" is a " + partKindName(e->kind) + ", not an accelerator");
        spec.cluster.gpu = gpuFromCatalog(*e);
        gpuScaleUp = e->figure("scale_up_gb_per_s");
        if (spec.cluster.gpu.gemmTflopsBf16 <= 0)
            spec.defaultsUsed.push_back("gpu.gemm_tflops_bf16_sustained = peak × the default sustained share (" + id +
                                        " has no measured sustained rate; assumption, docs/model.md §3)");
        if (spec.cluster.gpu.attentionTflopsBf16 <= 0)
            spec.defaultsUsed.push_back("gpu.attention_tflops_bf16 = derived from the GEMM rate (" + id +
                                        " has no measured fused-attention rate; docs/model.md §2)");
    } else if (gj.is_object()) {
        rd.onlyKeys(gj, "gpu",
                    {"id", "name", "source", "peak_tflops_bf16", "peak_tflops_fp8", "hbm_gb",
                     "hbm_tb_per_s", "scale_up_gb_per_s", "tdp_w", "gemm_tflops_bf16_sustained",
                     "gemm_source", "attention_tflops_bf16", "attention_source",
                     "host_link_gb_per_s", "host_link_shared_with_nic", "mxfp8"});
        GpuSpec &g = spec.cluster.gpu;
        g.id = gj.contains("id") && gj.at("id").is_string() ? gj.at("id").get<std::string>()
                                                            : "inline";
        g.peakTflopsBf16 = rd.number(gj, "peak_tflops_bf16", "gpu", 1e-3, 1e6, true);
        g.peakTflopsFp8 = rd.number(gj, "peak_tflops_fp8", "gpu", 0, 1e7, false,
                                    2.0 * g.peakTflopsBf16, "2 × peak_tflops_bf16");
        g.hbmGb = rd.number(gj, "hbm_gb", "gpu", 1e-3, 1e5, true);
        g.hbmTbPerS = rd.number(gj, "hbm_tb_per_s", "gpu", 1e-3, 1e4, true);
        gpuScaleUp = rd.number(gj, "scale_up_gb_per_s", "gpu", 0, 1e5, false, 0.0, "none");
        g.gemmTflopsBf16 =
            rd.number(gj, "gemm_tflops_bf16_sustained", "gpu", 0, g.peakTflopsBf16, false, 0.0,
                      "unknown: peak × the default sustained share, docs/model.md §3");
        g.attentionTflopsBf16 =
            rd.number(gj, "attention_tflops_bf16", "gpu", 0, g.peakTflopsBf16, false, 0.0,
                      "unknown: derived from the GEMM rate, docs/model.md §2");
        g.hostLinkGbPerS = rd.number(gj, "host_link_gb_per_s", "gpu", 0, 1e5, false, 0.0,
                                     "unknown: activation offloading not considered");
        if (gj.contains("host_link_shared_with_nic"))
            g.hostLinkSharedWithNic = rd.boolean(gj, "host_link_shared_with_nic", "gpu", false);
        if (gj.contains("mxfp8"))
            g.mxfp8 = rd.boolean(gj, "mxfp8", "gpu", false);
    } else {
        rd.fail("gpu", std::string("must be a catalog id or an object, not ") + gj.type_name());
    }
    return gpuScaleUp;
}

/// "gpus", "scale_up" and "scale_out": the cluster's size, domain and fabric.
void parseCluster(const json &root, const Reader &rd, double gpuScaleUp, EstimateSpec &spec)
{
    spec.cluster.gpus = (long long)rd.number(root, "gpus", "", 1, kMaxGpus, true);
    if (std::floor(root.at("gpus").get<double>()) != root.at("gpus").get<double>())
        rd.fail("gpus", "must be a whole number");
    const json empty = json::object();
    const json &su = root.contains("scale_up") ? rd.object(root, "scale_up", "scale_up") : empty;
    rd.onlyKeys(su, "scale_up", {"domain_gpus", "gb_per_s_per_gpu"});
    spec.cluster.domainGpus =
        rd.integer(su, "domain_gpus", "scale_up", 1, 1e6, false, 8, "8-GPU server");
    spec.cluster.scaleUpGbPerSPerGpu =
        rd.number(su, "gb_per_s_per_gpu", "scale_up", 1e-3, 1e6, gpuScaleUp <= 0, gpuScaleUp,
                  "the GPU's scale_up_gb_per_s");
    const json &so = root.contains("scale_out") ? rd.object(root, "scale_out", "scale_out") : empty;
    rd.onlyKeys(so, "scale_out", {"gbps_per_gpu", "tiers", "oversubscription", "radix"});
    spec.cluster.scaleOutGbpsPerGpu =
        rd.number(so, "gbps_per_gpu", "scale_out", 1e-3, 1e6, false, 400.0, "one 400G NIC per GPU");
    spec.cluster.radix =
        rd.integer(so, "radix", "scale_out", 4, 4096, false, 64, "64-port switches");
    spec.cluster.tiers = rd.integer(so, "tiers", "scale_out", 1, 6, false,
                                    fatTreeTiers(double(spec.cluster.gpus), spec.cluster.radix),
                                    "fat tree for the GPU count");
    if (so.contains("oversubscription")) {
        const json &o = so.at("oversubscription");
        if (!o.is_array())
            rd.fail("scale_out.oversubscription",
                    "must be an array of ratios, one per tier from the leaf up");
        if (int(o.size()) > spec.cluster.tiers)
            rd.fail("scale_out.oversubscription", std::to_string(o.size()) + " ratios for " +
                                                      std::to_string(spec.cluster.tiers) +
                                                      " tiers");
        for (size_t i = 0; i < o.size(); ++i) {
            const std::string where = "scale_out.oversubscription[" + std::to_string(i) + "]";
            if (!o[i].is_number())
                rd.fail(where, "must be a number");
            const double v = o[i].get<double>();
            if (!(v >= 1.0 && v <= 1000.0))
                rd.fail(where, Reader::shortNumber(v) + " is out of range [1, 1000]");
            spec.cluster.oversubscription.push_back(v);
        }
    } else {
        spec.defaultsUsed.push_back("scale_out.oversubscription = 1:1 at every tier (default)");
    }
}


/// "model.moe.groups" / "top_groups": group-limited routing (DeepSeek-V3 §2.1.2), both or neither.
void parseRoutingGroups(const json &moe, const Reader &rd, ModelSpec &m)
{
    if (moe.contains("groups") != moe.contains("top_groups"))
        rd.fail(moe.contains("groups") ? "model.moe.top_groups" : "model.moe.groups",
                "group-limited routing needs both groups and top_groups");
    if (!moe.contains("groups"))
        return;
    m.moeGroups = rd.integer(moe, "groups", "model.moe", 1, m.experts, true);
    if (m.experts % m.moeGroups != 0)
        rd.fail("model.moe.groups", std::to_string(m.moeGroups) + " does not divide experts " +
                                        std::to_string(m.experts));
    m.moeTopGroups = rd.integer(moe, "top_groups", "model.moe", 1, m.moeGroups, true);
    if (double(m.moeTopGroups) * m.experts / m.moeGroups < m.topK)
        rd.fail("model.moe.top_groups",
                std::to_string(m.moeTopGroups) + " groups of " +
                    std::to_string(m.experts / m.moeGroups) + " experts hold fewer than top_k " +
                    std::to_string(m.topK));
}

/// "model": the transformer.
void parseModel(const json &root, const Reader &rd, EstimateSpec &spec)
{
    if (!root.contains("model"))
        rd.fail("model", "is required");
    const json &mj = rd.object(root, "model", "model");
    rd.onlyKeys(mj, "model",
                {"name", "layers", "hidden", "heads", "kv_heads", "head_dim", "v_head_dim", "mla",
                 "ffn_hidden", "vocab", "moe", "mlp", "mtp_layers", "tied_embeddings", "dropout"});
    ModelSpec &m = spec.model;
    m.layers = rd.integer(mj, "layers", "model", 1, 1e5, true);
    m.hidden = rd.integer(mj, "hidden", "model", 1, 1e7, true);
    m.heads = rd.integer(mj, "heads", "model", 1, 1e5, true);
    if (!mj.contains("head_dim") && m.hidden % m.heads != 0)
        rd.fail("model.heads", std::to_string(m.heads) + " does not divide hidden " +
                                   std::to_string(m.hidden) + " (give model.head_dim)");
    m.headDim = rd.integer(mj, "head_dim", "model", 1, 1e5, false, m.hidden / m.heads,
                           "= hidden / heads");
    m.vHeadDim = rd.integer(mj, "v_head_dim", "model", 1, 1e5, false, m.headDim, "= head_dim");
    if (mj.contains("mla") && !mj.at("mla").is_null()) {
        const json &mla = rd.object(mj, "mla", "model.mla");
        rd.onlyKeys(mla, "model.mla", {"q_lora_rank", "kv_lora_rank", "rope_head_dim"});
        m.kvLoraRank = rd.integer(mla, "kv_lora_rank", "model.mla", 1, 1e6, true);
        m.qLoraRank = rd.integer(mla, "q_lora_rank", "model.mla", 1, 1e6, false, 0,
                                 "queries projected directly");
        m.ropeHeadDim = rd.integer(mla, "rope_head_dim", "model.mla", 1, 1e5, false, 0,
                                   "no separate rotary key");
        if (m.ropeHeadDim >= m.qkHeadDim())
            rd.fail("model.mla.rope_head_dim", std::to_string(m.ropeHeadDim) +
                                                   " is not below the head width " +
                                                   std::to_string(int(m.qkHeadDim())));
    }
    m.kvHeads = rd.integer(mj, "kv_heads", "model", 1, m.heads, false, m.heads,
                           "= heads (multi-head attention)");
    if (m.heads % m.kvHeads != 0)
        rd.fail("model.kv_heads",
                std::to_string(m.kvHeads) + " does not divide heads " + std::to_string(m.heads));
    m.mlp = rd.text(mj, "mlp", "model", {"swiglu", "gelu"}, "swiglu") == "gelu" ? MlpKind::Gelu
                                                                                : MlpKind::SwiGlu;
    m.ffnHidden =
        rd.integer(mj, "ffn_hidden", "model", 1, 1e8, false,
                   m.mlp == MlpKind::Gelu ? 4 * m.hidden : (8 * m.hidden / 3 + 255) / 256 * 256,
                   m.mlp == MlpKind::Gelu ? "4 × hidden" : "8/3 × hidden, to a multiple of 256");
    m.vocab = rd.integer(mj, "vocab", "model", 1, 1e8, true);
    m.tiedEmbeddings = rd.boolean(mj, "tied_embeddings", "model", false);
    m.mtpLayers = rd.integer(mj, "mtp_layers", "model", 0, 16, false, 0,
                             "no multi-token prediction");
    m.dropout = rd.boolean(mj, "dropout", "model", false);
    if (mj.contains("moe") && !mj.at("moe").is_null()) {
        const json &moe = rd.object(mj, "moe", "model.moe");
        rd.onlyKeys(moe, "model.moe",
                    {"experts", "top_k", "ffn_hidden", "shared_experts", "load_imbalance",
                     "groups", "top_groups"});
        m.experts = rd.integer(moe, "experts", "model.moe", 2, 1e5, true);
        m.topK = rd.integer(moe, "top_k", "model.moe", 1, m.experts, true);
        m.expertFfnHidden = rd.integer(moe, "ffn_hidden", "model.moe", 1, 1e8, false, m.ffnHidden,
                                       "= model.ffn_hidden");
        m.sharedExperts = rd.integer(moe, "shared_experts", "model.moe", 1, 1e4, false, 0,
                                     "routed experts only");
        m.moeLoadImbalance =
            rd.number(moe, "load_imbalance", "model.moe", 1.0, 16.0, false, 1.0,
                      "balanced routing: every expert-parallel rank receives the mean share");
        parseRoutingGroups(moe, rd, m);
    }
}

/// "training": how an MoE layer's tokens travel (dispatcher, FP8 dispatch); MoE models only.
void parseMoeDispatch(const json &tj, const Reader &rd, TrainingSpec &t, const ModelSpec &m)
{
    if (!m.moe()) {
        for (const char *key : {"moe_dispatcher", "moe_dispatch_fp8"})
            if (tj.contains(key))
                rd.fail(std::string("training.") + key, "applies to MoE models only");
        return;
    }
    t.moeDispatch = rd.text(tj, "moe_dispatcher", "training", {"all_to_all", "deduplicated"},
                            "all_to_all") == "deduplicated"
                        ? MoeDispatch::Deduplicated
                        : MoeDispatch::AllToAll;
    if (t.precision == Precision::Fp8)
        t.moeDispatchFp8 = rd.boolean(tj, "moe_dispatch_fp8", "training", false);
    else if (tj.contains("moe_dispatch_fp8"))
        rd.fail("training.moe_dispatch_fp8", "applies to precision fp8 only");
}

/// "training": sequence, batch, precision, token budget and the kernels' options.
void parseTraining(const json &root, const Reader &rd, EstimateSpec &spec)
{
    if (!root.contains("training"))
        rd.fail("training", "is required");
    const json &tj = rd.object(root, "training", "training");
    rd.onlyKeys(tj, "training",
                {"seq_len", "global_batch_tokens", "global_batch_seqs", "precision", "tokens",
                 "recompute", "attention", "sequence_parallel", "overlap_comm", "grad_reduce",
                 "fp8_recipe", "pipeline_schedule", "moe_dispatcher", "moe_dispatch_fp8"});
    TrainingSpec &t = spec.training;
    t.seqLen = rd.integer(tj, "seq_len", "training", 1, 1e8, true);
    if (tj.contains("global_batch_seqs") && tj.contains("global_batch_tokens"))
        rd.fail("training.global_batch_seqs",
                "give global_batch_tokens or global_batch_seqs, not both");
    if (tj.contains("global_batch_seqs"))
        t.globalBatchTokens =
            rd.integer(tj, "global_batch_seqs", "training", 1, 1e9, true) * double(t.seqLen);
    else
        t.globalBatchTokens = rd.number(tj, "global_batch_tokens", "training", 1, 1e13, true);
    if (std::fmod(t.globalBatchTokens, t.seqLen) != 0.0)
        rd.fail("training.global_batch_tokens",
                "must be a whole number of sequences of seq_len tokens");
    const std::string precision =
        rd.text(tj, "precision", "training", {"bf16", "fp16", "fp8"}, "bf16");
    t.precision = precision == "fp8"    ? Precision::Fp8
                  : precision == "fp16" ? Precision::Fp16
                                        : Precision::Bf16;
    if (t.precision == Precision::Fp8) {
        t.fp8Recipe = rd.text(tj, "fp8_recipe", "training", {"tensor", "mxfp8"}, "tensor") == "mxfp8"
                          ? Fp8Recipe::Mx
                          : Fp8Recipe::Tensor;
        if (t.fp8Recipe == Fp8Recipe::Mx && !spec.cluster.gpu.mxfp8)
            rd.fail("training.fp8_recipe",
                    "mxfp8 needs block-scaled (OCP MX) tensor cores, which " + spec.cluster.gpu.id +
                        " does not have (Blackwell has them; the catalog marks them fp8_block_scaling: mx)");
    } else if (tj.contains("fp8_recipe")) {
        rd.fail("training.fp8_recipe", "applies to precision fp8 only");
    }
    t.tokens = rd.number(tj, "tokens", "training", 0, 1e17, false, 0.0,
                         "no budget: time_to_train_days is 0");
    spec.tokens = t.tokens;
    t.attention = rd.text(tj, "attention", "training", {"flash", "unfused"}, "flash") == "unfused"
                      ? AttentionKind::Unfused
                      : AttentionKind::Flash;
    t.sequenceParallel = rd.boolean(tj, "sequence_parallel", "training", true);
    t.overlapComm = rd.boolean(tj, "overlap_comm", "training", true);
    t.schedule = pipelineScheduleFromName(rd.text(tj, "pipeline_schedule", "training", {"1f1b", "dualpipe"}, "1f1b"));
    const std::string grads = rd.text(tj, "grad_reduce", "training", {"fp32", "bf16", "fp16"},
                                      t.precision == Precision::Fp16 ? "fp16" : "fp32");
    t.gradBytes = grads == "fp32" ? 4 : 2;
    parseMoeDispatch(tj, rd, t, spec.model);
    if (tj.contains("recompute") && !tj.at("recompute").is_null()) {
        const std::string r =
            rd.text(tj, "recompute", "training", {"none", "selective", "full", "block", "offload"}, "none");
        spec.parallelism.recompute = int(recomputeFromName(r));
    }
}

/// "parallelism": "auto" or the degrees the search must keep.
void parseParallelism(const json &root, const Reader &rd, EstimateSpec &spec)
{
    if (root.contains("parallelism") && !root.at("parallelism").is_null()) {
        const json &pj = root.at("parallelism");
        if (pj.is_string()) {
            if (pj.get<std::string>() != "auto")
                rd.fail("parallelism", "must be \"auto\" or an object");
        } else if (pj.is_object()) {
            rd.onlyKeys(
                pj, "parallelism",
                {"tp", "pp", "dp", "cp", "ep", "etp", "microbatch", "interleave", "zero", "recompute"});
            ParallelConstraints &p = spec.parallelism;
            auto opt = [&](const char *key, int &out, double hi) {
                if (pj.contains(key) && !pj.at(key).is_null())
                    out = rd.integer(pj, key, "parallelism", 1, hi, true);
            };
            opt("tp", p.tp, 1e6);
            opt("pp", p.pp, 1e6);
            opt("dp", p.dp, 1e7);
            opt("cp", p.cp, 1e6);
            opt("ep", p.ep, 1e6);
            opt("microbatch", p.microbatch, 1e6);
            opt("interleave", p.interleave, 1e4);
            if (pj.contains("zero") && !pj.at("zero").is_null())
                p.zero = rd.integer(pj, "zero", "parallelism", 0, 3, true);
            if (pj.contains("recompute") && !pj.at("recompute").is_null()) {
                const std::string r =
                    rd.text(pj, "recompute", "parallelism", {"none", "selective", "full", "block", "offload"}, "none");
                p.recompute = int(recomputeFromName(r));
            }
            opt("etp", p.expertTp, 1e6);
            if (p.expertTp > 1 && p.tp > 0 && p.expertTp != p.tp)
                rd.fail("parallelism.etp", "must be 1 (each expert whole on one GPU) or tp (" +
                                               std::to_string(p.tp) + "), not " + std::to_string(p.expertTp));
            if (p.expertTp > 0 && !spec.model.moe())
                rd.fail("parallelism.etp", "is for MoE models; this model has no experts");
            const long long prod = (long long)std::max(1, p.tp) * std::max(1, p.pp) *
                                   std::max(1, p.dp) * std::max(1, p.cp);
            if (p.tp > 0 && p.pp > 0 && p.dp > 0 && p.cp > 0 && prod != spec.cluster.gpus)
                rd.fail("parallelism", "tp·pp·dp·cp = " + std::to_string(prod) + " but gpus is " +
                                           std::to_string(spec.cluster.gpus));
        } else {
            rd.fail("parallelism",
                    std::string("must be \"auto\" or an object, not ") + pj.type_name());
        }
    }
    const ParallelConstraints &p = spec.parallelism;
    if (p.expertTp == 0 && spec.model.moe() && p.tp != 1 && p.complete())
        spec.defaultsUsed.push_back(
            "parallelism.etp = as the layout allows (each expert split over the TP group where EP "
            "divides DP·CP, else whole on one GPU; with a field left free the search tries both; "
            "docs/model.md §2.2)");
}

/// `published`: what the run measured (validation specs). `also` holds other published figures
/// of the same run, kept for the reader.
PublishedFigure parsePublished(const json &root, const Reader &rd)
{
    const json &pj = rd.object(root, "published", "published");
    rd.onlyKeys(pj, "published", {"source", "metric", "value", "also"});
    PublishedFigure f;
    if (!pj.contains("source") || !pj.at("source").is_string() || pj.at("source").get<std::string>().empty())
        rd.fail("published.source", "must be a non-empty string naming the publication");
    f.source = pj.at("source").get<std::string>();
    if (!pj.contains("metric"))
        rd.fail("published.metric", "is required");
    f.metric = rd.text(pj, "metric", "published",
                       {"hardware_tflops_per_gpu", "model_tflops_per_gpu", "mfu", "tokens_per_s_per_gpu"},
                       "model_tflops_per_gpu");
    f.value = rd.number(pj, "value", "published", 1e-9, 1e12, true);
    return f;
}

} // namespace

EstimateSpec parseEstimateSpec(const json &root, const std::string &origin, const Catalog &catalog)
{
    EstimateSpec spec;
    Reader rd(origin, spec.defaultsUsed);
    if (!root.is_object())
        rd.fail("(top level)", "must be a JSON object");
    rd.onlyKeys(root, "",
                {"name", "description", "source", "comment", "gpu", "gpus", "scale_up", "scale_out",
                 "model", "training", "parallelism", "published"});
    if (root.contains("name") && root.at("name").is_string())
        spec.name = root.at("name").get<std::string>();

    const double gpuScaleUp = parseGpu(root, rd, catalog, spec);
    parseCluster(root, rd, gpuScaleUp, spec);
    parseModel(root, rd, spec);
    parseTraining(root, rd, spec);
    parseParallelism(root, rd, spec);
    if (!spec.model.moe() && spec.parallelism.ep <= 0)
        spec.parallelism.ep = 1; // a dense model has no experts to spread
    if (root.contains("published"))
        spec.published = parsePublished(root, rd);
    return spec;
}

EstimateSpec loadEstimateSpec(const std::string &path, const Catalog &catalog)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw LoadError(path, "", "cannot open the file");
    std::stringstream buf;
    buf << in.rdbuf();
    const json root = parseJsonText(buf.str(), path);
    return parseEstimateSpec(root, path, catalog);
}

} // namespace cp
