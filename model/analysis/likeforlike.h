#pragma once

// Whether a comparison compares like with like: each side's accelerator, workload, token budget
// and resilience policy, and a warning for each that differs (docs/report.md, "Like for like").

#include "model/core/problem.h"

#include <string>
#include <vector>

namespace cp {

struct Design;
struct Results;

/// What a comparison's reader must know about one side before reading its figures.
struct ComparedSide
{
    std::string name;
    std::string accelerator; ///< the accelerator most of its GPUs are (catalog id)
    std::string generation;  ///< its generation (catalog attribute: Hopper, Blackwell, …)
    std::string workload;    ///< the workload's name
    double tokens = 0.0;     ///< the token budget
    std::string precision;
    int seqLen = 0;
    std::string policy;      ///< the resilience policy
};

ComparedSide comparedSide(const std::string &name, const Design &design, const Results &results);

/// One warning per property that differs between the sides, naming each side's value: the
/// figures then differ by more than the design choice under study.
std::vector<std::string> likeForLikeWarnings(const std::vector<ComparedSide> &sides);
/// The same warnings as problems (severity Warning, no place) with their message templates, for a
/// report or window that shows them translated (docs/translation.md).
std::vector<Problem> likeForLikeProblems(const std::vector<ComparedSide> &sides);

/// The header `compare` prints: one line per side, then the warnings.
std::string comparedSidesText(const std::vector<ComparedSide> &sides);

} // namespace cp
