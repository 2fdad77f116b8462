#pragma once

#include "model/training/collectives.h"

#include <string>
#include <vector>

namespace cp {

/// Bytes in one "GB" of accelerator memory. Vendors quote HBM capacity in binary gigabytes: the
/// H100 "80GB" shows 81,559 MiB in nvidia-smi (79.6 GiB, 85.5·10^9 bytes), the H200 "141GB"
/// 143,771 MiB, the B200 "180GB" 183,359 MiB. The model's memory figures use the same unit, so a
/// layout's "GB" compare with the catalog's.
inline constexpr double kBytesPerMemoryGb = 1024.0 * 1024.0 * 1024.0;

/// The accelerator figures the training model needs (a catalog accelerator or an inline one).
struct GpuSpec
{
    std::string id;              ///< catalog id, or "inline"
    double peakTflopsBf16 = 0.0; ///< dense
    double peakTflopsFp8 = 0.0;  ///< dense; 0 = no FP8 tensor cores (A100): FP8 runs at the BF16 rate
    double hbmGb = 0.0; ///< capacity in memory "GB", which are GiB (kBytesPerMemoryGb)
    double hbmTbPerS = 0.0;
    /// Sustained dense BF16 GEMM rate, TFLOP/s, measured at the power limit (catalog figure
    /// `gemm_tflops_bf16_sustained`); 0 = unknown: peak × Calibration::defaultGemmFraction.
    double gemmTflopsBf16 = 0.0;
    /// Fused-attention forward rate, BF16, TFLOP/s, measured for the kernel the training stack
    /// runs on this part at head dimension 128 and long sequences (catalog figure
    /// `attention_tflops_bf16`); 0 = unknown: derived from the GEMM rate
    /// (Calibration::flashEfficiency).
    double attentionTflopsBf16 = 0.0;
    /// Host link, GB/s one direction per GPU (catalog `host_link_gb_per_s`: PCIe, or NVLink-C2C
    /// to Grace); 0 = unknown, activation offloading is not considered.
    double hostLinkGbPerS = 0.0;
    /// Whether the host link also carries the GPU's scale-out NIC traffic (PCIe: on HGX boards the
    /// GPU and its NIC sit behind one PCIe switch, sharing the GPU's x16 upstream link).
    bool hostLinkSharedWithNic = false;
    /// Block-scaled (OCP MX) tensor cores: MXFP8 runs here (catalog attribute
    /// `fp8_block_scaling: mx`, Blackwell).
    bool mxfp8 = false;
};

/// A cluster as the training model sees it: GPUs, scale-up domains and the scale-out fabric.
struct ClusterSpec
{
    GpuSpec gpu;
    long long gpus = 0;
    int domainGpus = 8;               ///< GPUs per scale-up domain (NVLink server, supernode)
    double scaleUpGbPerSPerGpu = 0.0; ///< one direction per GPU (H100 NVLink 4: 450)
    double scaleOutGbpsPerGpu = 0.0;  ///< NIC line rate per GPU, Gb/s
    int tiers = 2;                    ///< switch tiers of the scale-out fabric
    /// Taper of traffic climbing to tier t+1 (index 0 = leaf). Empty = non-blocking.
    std::vector<double> oversubscription;
    int radix = 64; ///< switch ports; sets how many GPUs each tier reaches (2·(k/2)^t hosts)
};

enum class MlpKind { SwiGlu, Gelu };
/// How activations are kept for the backward. Block: Megatron-LM's `recompute_method block` — the
/// first n layers of each (virtual) pipeline chunk are recomputed in full. Offload: Megatron-Core's
/// `cpu_offloading` — n layers' activations go to host memory during the forward and come back
/// before their backward. n is the fewest that fit in HBM (ParallelConfig::recomputeLayers, chosen
/// by estimateStep).
enum class Recompute { None, Selective, Full, Block, Offload };
/// Fp16: the 16-bit mixed precision of 2020–2021 Megatron-LM runs — the same tensor-core rate as
/// bf16, but gradients accumulated and reduced in fp16 (Megatron-LM forces fp32 gradient
/// reduction only for bf16: arguments.py, "bfloat16 requires gradient accumulation and all-reduce
/// to be done in fp32").
enum class Precision { Bf16, Fp16, Fp8 };
/// How FP8 tensors are scaled: one factor per tensor (delayed or current scaling, Transformer
/// Engine's default on every FP8 part), or OCP microscaling, one E8M0 factor per 32 values that
/// Blackwell's tensor cores apply inside the GEMM (MXFP8).
enum class Fp8Recipe { Tensor, Mx };
enum class AttentionKind { Flash, Unfused };
/// The pipeline's schedule: 1F1B (interleaved with more than one chunk per rank; Narayanan et
/// al. 2021), or DeepSeek-V3's DualPipe (DeepSeek-AI 2024, arXiv 2412.19437 §3.2.1): micro-batches
/// fed from both ends, each forward chunk paired with a backward chunk whose all-to-all and
/// pipeline traffic it hides, every rank holding two stages.
enum class PipelineSchedule { OneFOneB, DualPipe };
/// How an MoE layer's tokens reach their experts. AllToAll: every routed copy travels to its
/// expert's rank on its own (Megatron-Core's `alltoall` dispatcher; GShard). Deduplicated: a token
/// crosses the scale-out network once per scale-up domain that holds one of its experts and is
/// forwarded to them inside the domain (DeepSeek-V3 §3.2.2; DeepEP's internode kernels).
enum class MoeDispatch { AllToAll, Deduplicated };

const char *mlpName(MlpKind k);
const char *recomputeName(Recompute r);
/// The recomputation a name gives ("none", "selective", "full", "block"); None for any other.
Recompute recomputeFromName(const std::string &name);
const char *precisionName(Precision p);
const char *attentionName(AttentionKind a);
/// "1f1b" or "dualpipe", as spec and design files name the schedule.
const char *pipelineScheduleName(PipelineSchedule s);
/// The schedule a name gives; OneFOneB for any name but "dualpipe" (the readers check names).
PipelineSchedule pipelineScheduleFromName(const std::string &name);
/// "all_to_all" or "deduplicated", as spec files name the dispatcher.
const char *moeDispatchName(MoeDispatch d);

/// A decoder-only transformer.
struct ModelSpec
{
    int layers = 0;
    int hidden = 0;
    int heads = 0;
    int kvHeads = 0; ///< 0 = heads (multi-head attention)
    int ffnHidden = 0;
    int vocab = 0;
    MlpKind mlp = MlpKind::SwiGlu;
    int experts = 0; ///< 0 = dense
    int topK = 0;
    int expertFfnHidden = 0; ///< 0 = ffnHidden
    int sharedExperts = 0;   ///< experts every token passes through (DeepSeek-V3: 1)
    /// Routed tokens the busiest expert-parallel rank receives over the mean share (1 = balanced
    /// routing). Capacity-factor routing that pads every expert to its capacity sets it to the
    /// capacity factor (Lepikhin et al. 2020, §2.2); docs/model.md §2.2.
    double moeLoadImbalance = 1.0;
    /// Group-limited routing (DeepSeek-V3 §2.1.2 "node-limited routing"; its configuration's
    /// n_group 8, topk_group 4): the experts form `moeGroups` groups and a token's experts come
    /// from at most `moeTopGroups` of them. 0 = no limit.
    int moeGroups = 0;
    int moeTopGroups = 0;
    /// Attention shape: query/key width per head (0 = hidden / heads) and value width (0 = the
    /// query/key width) — Qwen3's 128-wide heads on a 4,096 hidden, DeepSeek-V3's 192 / 128.
    int headDim = 0;
    int vHeadDim = 0;
    /// Multi-head latent attention (DeepSeek-V2/V3): queries and keys/values through low-rank
    /// latents; `ropeHeadDim` of each query/key head carries the position (shared key across
    /// heads). All 0 = grouped-query attention.
    int qLoraRank = 0;
    int kvLoraRank = 0;
    int ropeHeadDim = 0;
    /// Multi-token prediction modules (DeepSeek-V3 §2.2: D = 1): each one more transformer layer
    /// after a 2h → h projection, and one more pass through the shared output head, on the last
    /// pipeline stage.
    int mtpLayers = 0;
    bool tiedEmbeddings = false;
    bool dropout = false; ///< GPT-3-era models keep dropout masks in the activations

    int kv() const { return kvHeads > 0 ? kvHeads : heads; }
    bool moe() const { return experts > 1 && topK > 0; }
    /// Routed copies of a token the busiest expert-parallel rank handles, per token of the mean:
    /// the expert GEMMs, the all-to-all and the routed activations of the rank that paces the
    /// others at every all-to-all. Model FLOPs count the useful top-k copies only.
    double routedCopiesBusiest() const { return double(topK) * moeLoadImbalance; }
    /// Expected scale-up domains one token's experts lie in, of the `domains` an expert-parallel
    /// group spans with the experts spread evenly over them: the distinct domains of top_k
    /// experts drawn from `experts` without replacement, no more than the domains its allowed
    /// groups can reach.
    double domainsPerToken(int domains) const;
    bool mla() const { return kvLoraRank > 0; }
    double qkHeadDim() const { return headDim > 0 ? headDim : double(hidden) / heads; }
    double vHeadDimOf() const { return vHeadDim > 0 ? vHeadDim : qkHeadDim(); }
    /// Width of all heads' queries (= keys with full multi-head attention) and values.
    double qWidth() const { return heads * qkHeadDim(); }
    double vWidth() const { return heads * vHeadDimOf(); }
    /// Key plus value width per token as attention reads them (and context parallelism passes
    /// them round the ring): the KV heads' keys and values, or with MLA every head's.
    double kvWidth() const;
    /// Parameters of the attention projections of one layer (Q, K, V and output).
    double attentionParams() const;
    /// Parameters of one layer's expert FFNs that every token uses (shared experts).
    double sharedExpertParams() const;
    /// Parameters of one transformer layer (all experts counted).
    double layerParams() const;
    /// Parameters of one layer a token actually uses (top-k experts only).
    double activeLayerParams() const;
    double embeddingParams() const; ///< input embedding plus LM head (once if tied)
    double totalParams() const;
    double activeParams() const;
};

/// How the model is trained: sequence, batch, precision, budget and software-stack behaviour.
struct TrainingSpec
{
    int seqLen = 0;
    double globalBatchTokens = 0.0;
    Precision precision = Precision::Bf16;
    Fp8Recipe fp8Recipe = Fp8Recipe::Tensor; ///< with Precision::Fp8
    double tokens = 0.0; ///< training budget
    AttentionKind attention = AttentionKind::Flash;
    bool sequenceParallel =
        true; ///< Megatron sequence parallelism with TP (Korthikanti et al. 2022)
    /// Modern stacks overlap TP, DP and PP communication with compute; Megatron-LM as of SC'21
    /// kept TP all-reduces and the DP all-reduce on the critical path.
    bool overlapComm = true;
    PipelineSchedule schedule = PipelineSchedule::OneFOneB;
    bool dualPipe() const { return schedule == PipelineSchedule::DualPipe; }
    MoeDispatch moeDispatch = MoeDispatch::AllToAll;
    /// The dispatch all-to-all (forward) and its mirror in the backward carry FP8 activations
    /// with one fp32 scale per 128 values; the combine stays BF16 (DeepSeek-V3 §3.3.1,
    /// "Low-Precision Communication"). Only under Precision::Fp8.
    bool moeDispatchFp8 = false;
    /// Bytes per value of an MoE all-to-all, averaged over dispatch and combine.
    double moeBytesPerValue() const { return moeDispatchFp8 ? (1.0 + 4.0 / 128.0 + 2.0) / 2.0 : 2.0; }
    /// Bytes of one gradient as it is accumulated and reduced over the data-parallel ranks; 0 =
    /// by precision (fp32, 16 bits under Precision::Fp16). NeMo's 2024 performance runs reduced
    /// them in bf16 (`optim.grad_sync_dtype=bf16`): 2.
    int gradBytes = 0;
    /// The bytes gradients are reduced in: gradBytes, else fp32 (2 bytes under fp16).
    int gradReduceBytes() const
    {
        return gradBytes > 0 ? gradBytes : precision == Precision::Fp16 ? 2 : 4;
    }

    /// The batch is a target, not a constraint: each layout rounds it to whole sequences per
    /// data-parallel rank (a design's automatic batch; docs/model.md, "Global batch").
    bool batchFollowsLayout = false;

    double globalBatchSeqs() const { return seqLen > 0 ? globalBatchTokens / seqLen : 0.0; }
};

/// One parallel layout of the job. ZeRO stage 0 = plain DP; 1 = optimizer state sharded
/// (Megatron distributed optimizer); 2 = + gradients; 3 = + parameters (FSDP full shard).
struct ParallelConfig
{
    int tp = 1, pp = 1, dp = 1, cp = 1, ep = 1;
    int microbatch = 1;
    int interleave = 1;
    Recompute recompute = Recompute::None;
    int zero = 1;
    /// With Recompute::Block or Offload: layers recomputed (offloaded) per chunk of stage layers /
    /// interleave (an output of estimateStep; ignored on input).
    int recomputeLayers = 0;
    /// Tensor-parallel ranks one expert is split over (Megatron-Core expert_tensor_parallel_size):
    /// 0 = as the layout allows (see ExpertLayout), 1 = folded, `tp` = classic.
    int expertTp = 0;

    bool operator==(const ParallelConfig &) const = default;
};

/// How the experts of an MoE layer lie on the ranks. Classic Megatron-Core: the ep expert ranks
/// are data-parallel (or context-parallel) ranks and each expert is split over the TP group like
/// the dense MLP. MoE parallel folding (Liu et al. 2025; Megatron-Core expert_tensor_parallel_size
/// 1): when ep does not divide dp·cp, the expert ranks also span the TP group (ep a multiple of
/// tp dividing tp·dp·cp), and each expert is whole on one GPU. A run may also fold where the
/// classic layout would fit (expert_tensor_parallel_size 1 with TP > 1, as NVIDIA's Grok-1 recipe
/// on H100): `expertTp` 1 asks for folding, `expertTp` = tp for the classic layout, 0 takes
/// whichever the layout allows, classic first.
struct ExpertLayout
{
    bool valid = false;
    bool folded = false;
    int etp = 1; ///< tensor-parallel ranks one expert is split over
    int edp = 1; ///< ranks holding the same experts (their gradients are reduced together)
};
ExpertLayout expertLayout(const ModelSpec &model, int tp, int dp, int cp, int ep, int expertTp = 0);

/// What a search may choose: 0 (or negative for zero/recompute) means "free".
struct ParallelConstraints
{
    int tp = 0, pp = 0, dp = 0, cp = 0, ep = 0, microbatch = 0, interleave = 0;
    int recompute = -1; ///< -1 free, else a Recompute value
    int zero = -1;      ///< -1 free, else 0..3
    int expertTp = 0;   ///< ParallelConfig::expertTp: 0 as the layout allows, 1 folded, tp classic

    bool complete() const
    {
        return tp > 0 && pp > 0 && dp > 0 && cp > 0 && ep > 0 && microbatch > 0 && interleave > 0 &&
               recompute >= 0 && zero >= 0;
    }
};

/// Why a configuration cannot run (no allocation: the numbers say the rest).
enum class Infeasible {
    None,
    GpuCount, ///< tp·pp·dp·cp ≠ GPUs
    Heads,    ///< tp does not divide the heads
    Layers,   ///< more stages than layers, or interleave does not divide a stage's layers
    Batch,    ///< global batch not divisible into micro-batches of this size per DP rank
    Sequence, ///< cp does not divide the sequence
    Experts,  ///< ep does not divide the experts or the DP ranks
    Memory,   ///< does not fit in HBM
    HostLink, ///< activation offloading without a known host link
    Schedule, ///< DualPipe without an even pipeline depth, with interleaving, or an odd micro-batch count
};
const char *infeasibleName(Infeasible why);

/// Time per step split by cause. `*Exposed` is what adds to the step; `*Total` includes the part
/// hidden under compute.
struct StepBreakdown
{
    double computeS = 0.0; ///< all micro-batches on the slowest stage, without bubble
    double tpExposedS = 0.0, ppExposedS = 0.0, dpExposedS = 0.0, epExposedS = 0.0, cpExposedS = 0.0;
    double tpTotalS = 0.0, ppTotalS = 0.0, dpTotalS = 0.0, epTotalS = 0.0, cpTotalS = 0.0;
    double bubbleS = 0.0;
    double optimizerS = 0.0;
    double gemmS = 0.0; ///< of computeS: matrix multiplies
    double attentionS =
        0.0; ///< of computeS: attention core (flash kernel or score GEMMs + softmax)
    double elementwiseS = 0.0; ///< of computeS: memory-bound work (norms, activations, residuals)
    double stragglerS = 0.0; ///< of computeS: the slowest GPU's shortfall (Calibration::rankSpread)
    double offloadExposedS = 0.0; ///< of computeS: activation copies to and from the host not hidden
};

/// Memory per GPU (bytes) on the most loaded pipeline stage.
struct MemoryBreakdown
{
    double weights = 0.0, gradients = 0.0, optimizer = 0.0, activations = 0.0, other = 0.0;
    int stage = 0;               ///< the pipeline rank these figures are for (the most loaded)
    double layersInFlight = 0.0; ///< layer activations held at its peak (micro-batch × layers)
    double total() const { return weights + gradients + optimizer + activations + other; }
};

/// Everything the training model says about one configuration.
struct StepEstimate
{
    ParallelConfig config;
    Infeasible infeasible = Infeasible::None;
    double stepTimeS = 0.0;
    int microbatches = 0;              ///< per pipeline per step
    double modelFlopsPerStep = 0.0;    ///< no recomputation (MFU basis)
    double hardwareFlopsPerStep = 0.0; ///< recomputation counted (Megatron-LM's TFLOP/s)
    double modelTflopsPerGpu = 0.0;
    double hardwareTflopsPerGpu = 0.0;
    double mfu = 0.0;
    double tokensPerS = 0.0;
    double globalBatchTokens = 0.0; ///< tokens per step of this layout (a target batch, rounded to its DP)
    double timeToTrainDays = 0.0;
    double bubbleFraction = 0.0; ///< bubble / step time
    double hbmGb = 0.0;          ///< capacity it was checked against
    StepBreakdown time;
    MemoryBreakdown memory;

    bool feasible() const { return infeasible == Infeasible::None; }
    double memoryGb() const { return memory.total() / kBytesPerMemoryGb; }
};

/// The calibration constants of the model: ONE set for every case (docs/model.md gives each
/// constant's rationale; tests/test_trainingmodel.cpp checks them against published runs).
struct Calibration
{
    /// Share of the accelerator's sustained GEMM rate (GpuSpec::gemmTflopsBf16) that large GEMMs
    /// reach inside a training step.
    double gemmEfficiencyMax = 0.0;
    /// Sustained GEMM rate / dense peak for an accelerator whose catalog entry has no measured
    /// `gemm_tflops_bf16_sustained` (an assumption, docs/model.md §3).
    double defaultGemmFraction = 0.0;
    /// FP8 GEMMs reach this share of the FP8 peak for each unit of the BF16 peak share BF16 GEMMs
    /// reach: the FP8 / BF16 speed-up of a training step's GEMMs ÷ the peak ratio (2 on Hopper
    /// and Blackwell). Fitted on the FP8 validation rows (docs/validation.md).
    double fp8GemmEfficiency = 0.0;
    /// MXFP8 GEMMs' rate over per-tensor FP8 GEMMs' on the same part (measured, not fitted).
    double mxfp8GemmShare = 0.0;
    double gemmHalfDim = 0.0;      ///< a GEMM dimension of this size costs as much again (see .cpp)
    double flashEfficiency = 0.0;  ///< fused attention kernel vs the GEMM curve at head dim
    double memoryEfficiency = 0.0; ///< achievable share of HBM bandwidth for streaming kernels
    double scaleUpEfficiency = 0.0;  ///< NCCL bus bandwidth / wire on NVLink
    double scaleOutEfficiency = 0.0; ///< NCCL bus bandwidth / wire on InfiniBand / RoCE
    double scaleUpLatencyS = 0.0;
    double scaleOutLatencyS = 0.0;  ///< per hop-level; + this per tier climbed
    double overlappedExposed = 0.0; ///< share of overlappable communication still exposed
    double memoryReserveGb = 0.0;   ///< CUDA context, NCCL buffers, allocator fragmentation
    double layerOverheadS = 0.0;    ///< kernel launches and synchronisation per layer pass
    double hostLinkEfficiency = 0.0; ///< achievable share of the host link for activation copies
    /// Spread (coefficient of variation) of the sustained GEMM rate from GPU to GPU of one part:
    /// synchronous training waits for the slowest of its N GPUs, σ·√(2 ln N) below the mean.
    double rankSpread = 0.0;
};

const Calibration &defaultCalibration();

/// GPUs reached below switch tier `tier` (1 = leaf); infinite at the top tier.
double tierReachGpus(const ClusterSpec &cluster, int tier);
/// The tier traffic climbs to inside a contiguous block of `spanGpus` GPUs (1 = leaf).
int tierClimbed(const ClusterSpec &cluster, double spanGpus);
/// How a group of `size` ranks, `stride` apart in rank order, lies on the cluster: members per
/// scale-up domain, domains, and achievable links (scale-out at the highest tier it crosses).
GroupSpan placeGroup(const ClusterSpec &cluster, long long stride, int size,
                     const Calibration &cal = defaultCalibration());

/// Estimates one training step. Cheap and allocation-free: the search calls it ~10^5 times a
/// second. Infeasible configurations come back with `infeasible` set (memory is still filled in).
StepEstimate estimateStep(const ClusterSpec &cluster, const ModelSpec &model,
                          const TrainingSpec &training, const ParallelConfig &config,
                          const Calibration &cal = defaultCalibration());

/// A short human description of a configuration ("TP8 PP16 DP64 CP1 EP1 mb1 v2 recompute none
/// zero1").
std::string describe(const ParallelConfig &config);

} // namespace cp
