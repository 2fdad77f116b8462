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
    } else if (gj.is_object()) {
        rd.onlyKeys(gj, "gpu",
                    {"id", "name", "source", "peak_tflops_bf16", "peak_tflops_fp8", "hbm_gb",
                     "hbm_tb_per_s", "scale_up_gb_per_s", "tdp_w", "gemm_tflops_bf16_sustained",
                     "gemm_source", "host_link_gb_per_s", "host_link_shared_with_nic"});
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
        g.hostLinkGbPerS = rd.number(gj, "host_link_gb_per_s", "gpu", 0, 1e5, false, 0.0,
                                     "unknown: activation offloading not considered");
        if (gj.contains("host_link_shared_with_nic"))
            g.hostLinkSharedWithNic = rd.boolean(gj, "host_link_shared_with_nic", "gpu", false);
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
        rd.onlyKeys(moe, "model.moe", {"experts", "top_k", "ffn_hidden", "shared_experts"});
        m.experts = rd.integer(moe, "experts", "model.moe", 2, 1e5, true);
        m.topK = rd.integer(moe, "top_k", "model.moe", 1, m.experts, true);
        m.expertFfnHidden = rd.integer(moe, "ffn_hidden", "model.moe", 1, 1e8, false, m.ffnHidden,
                                       "= model.ffn_hidden");
        m.sharedExperts = rd.integer(moe, "shared_experts", "model.moe", 1, 1e4, false, 0,
                                     "routed experts only");
    }
}

/// "training": sequence, batch, precision, token budget and the kernels' options.
void parseTraining(const json &root, const Reader &rd, EstimateSpec &spec)
{
    if (!root.contains("training"))
        rd.fail("training", "is required");
    const json &tj = rd.object(root, "training", "training");
    rd.onlyKeys(tj, "training",
                {"seq_len", "global_batch_tokens", "global_batch_seqs", "precision", "tokens",
                 "recompute", "attention", "sequence_parallel", "overlap_comm", "grad_reduce"});
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
    t.tokens = rd.number(tj, "tokens", "training", 0, 1e17, false, 0.0,
                         "no budget: time_to_train_days is 0");
    spec.tokens = t.tokens;
    t.attention = rd.text(tj, "attention", "training", {"flash", "unfused"}, "flash") == "unfused"
                      ? AttentionKind::Unfused
                      : AttentionKind::Flash;
    t.sequenceParallel = rd.boolean(tj, "sequence_parallel", "training", true);
    t.overlapComm = rd.boolean(tj, "overlap_comm", "training", true);
    const std::string grads = rd.text(tj, "grad_reduce", "training", {"fp32", "bf16", "fp16"},
                                      t.precision == Precision::Fp16 ? "fp16" : "fp32");
    t.gradBytes = grads == "fp32" ? 4 : 2;
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
                {"tp", "pp", "dp", "cp", "ep", "microbatch", "interleave", "zero", "recompute"});
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

// --- running and reporting ----------------------------------------------------------------------

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
void addBands(json &j, const EstimateSpec &spec, const StepEstimate &e)
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
                         {"measured_on", b.band.pooled ? "all validation rows" : "the regime's rows"},
                         {"source", "docs/validation.md (leave-one-source-out errors)"}};
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
    const bool fp16 = t.precision == Precision::Fp16;
    const int bytes = t.gradBytes > 0 ? t.gradBytes : fp16 ? 2 : 4;
    return bytes == 4 ? "fp32" : fp16 ? "fp16" : "bf16";
}

json estimateToJson(const EstimateSpec &spec, const EstimateOutcome &o)
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
    addBands(j, spec, e);
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
    const ClusterSpec &c = spec.cluster;
    j["cluster"] =
        json{{"gpu", c.gpu.id},
             {"gpus", c.gpus},
             {"peak_tflops", spec.training.precision == Precision::Fp8 ? c.gpu.peakTflopsFp8
                                                                       : c.gpu.peakTflopsBf16},
             {"hbm_gb", c.gpu.hbmGb},
             {"hbm_tb_per_s", c.gpu.hbmTbPerS},
             {"gemm_tflops_bf16_sustained", c.gpu.gemmTflopsBf16},
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
                         {"grad_reduce", gradReduceName(spec.training)}};
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
      << " micro-batches)\n"
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
    return s.str();
}

} // namespace cp
