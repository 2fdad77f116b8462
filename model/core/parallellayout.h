#pragma once
// The parallel layout rules a design and the training model share: how layers split into pipeline
// stages, and a layout as one line of text in the notation the estimate prints ("TP8 PP16 DP64
// CP1 EP1 mb1 v8", docs/estimate.md), so that a layout read off the results can be typed or
// pasted back into a design (the Inspector's Parallelism field, the Results dock's Pin action).

#include "model/core/design.h"
#include "model/core/problem.h"

#include <string>
#include <vector>

namespace cp {

/// Whether `layers` split into `pp` pipeline stages of `interleave` model chunks each, as the
/// training model runs them: at most one stage per layer; stages may differ by a layer (the first
/// and last hold the embedding and the head: Llama 3's 126 layers on 16 stages are 8 per stage,
/// the first and last 7, §3.3.2); interleaving needs more than one stage and splits the
/// largest stage, ceil(layers / pp), into equal chunks.
bool pipelineSplits(int layers, int pp, int interleave);

/// The GPUs a layout spans, tp·pp·dp·cp, saturated at the largest long long (a hostile file's
/// degrees must not overflow the product); 0 when a degree is below 1.
long long layoutGpus(long long tp, long long pp, long long dp, long long cp);

/// The recomputation choices a design names: "auto" (the search's) and the five the model runs.
const std::vector<std::string> &recomputeNames();

/// "automatic" or the pinned degrees ("TP8 PP16 DP64 CP1 EP1 mb1 v8"), then " ETPn" and " zeroN"
/// where they are pinned. Recomputation has its own field and is not part of the text.
std::string layoutText(const Parallelism &p);

/// Reads such a text into `p` (and `recompute`, when the text carries "recompute NAME [layers]" as
/// the estimate prints it). Tokens, in any order and any case, separated by spaces or commas:
/// "auto"/"automatic", TPn PPn DPn CPn EPn mbn vn ETPn zeroN. A pinned layout needs TP, PP and
/// DP; CP, EP, mb and v default to 1. With "auto" only ETP, zero and recompute may be given.
/// Returns no problem (an empty message), or the problem at "workload.parallelism" naming the token,
/// its message a template the window translates (model/core/problem.h); nothing is changed then.
Problem parseLayoutText(const std::string &text, Parallelism &p, std::string &recompute);

} // namespace cp
