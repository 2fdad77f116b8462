#include "model/analysis/likeforlike.h"

#include "model/core/design.h"
#include "model/engine/evaluation.h"

#include <cstdio>
#include <functional>
#include <sstream>

namespace cp {

namespace {

std::string tokensText(double tokens)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3gT tokens", tokens / 1e12);
    return buf;
}

} // namespace

ComparedSide comparedSide(const std::string &name, const Design &design, const Results &results)
{
    return {name,
            results.cost.cloudAcceleratorId.empty() ? std::string("none") : results.cost.cloudAcceleratorId,
            results.cost.acceleratorGeneration.empty() ? std::string("none") : results.cost.acceleratorGeneration,
            design.workload.name,
            design.workload.tokens,
            design.workload.precision,
            design.workload.seqLen,
            design.reliability.policy};
}

std::vector<std::string> likeForLikeWarnings(const std::vector<ComparedSide> &sides)
{
    std::vector<std::string> out;
    for (const Problem &p : likeForLikeProblems(sides))
        out.push_back(p.message);
    return out;
}

std::vector<Problem> likeForLikeProblems(const std::vector<ComparedSide> &sides)
{
    std::vector<Problem> out;
    if (sides.size() < 2)
        return out;
    struct Property
    {
        std::function<std::string(const ComparedSide &)> text;
        const char *warning; ///< %1: each side's name and value
    };
    const std::vector<Property> properties = {
        {[](const ComparedSide &s) { return s.generation; },
         CP_TR_NOOP("cp::Problems", "the GPU generation differs (%1): part of every difference is the GPU generation, not "
                                    "the architecture")},
        {[](const ComparedSide &s) { return s.workload; },
         CP_TR_NOOP("cp::Problems", "the workload differs (%1): speed and cost to train are for different models "
                                    "(compare --same-workload trains the first's on all)")},
        {[](const ComparedSide &s) { return tokensText(s.tokens); },
         CP_TR_NOOP("cp::Problems", "the token budget differs (%1): times and costs to train are for different amounts "
                                    "of work")},
        {[](const ComparedSide &s) { return s.precision; },
         CP_TR_NOOP("cp::Problems", "the precision differs (%1): throughputs are at different precisions")},
        {[](const ComparedSide &s) { return std::to_string(s.seqLen); },
         CP_TR_NOOP("cp::Problems", "the sequence length differs (%1): throughputs are at different context lengths")},
        {[](const ComparedSide &s) { return s.policy; },
         CP_TR_NOOP("cp::Problems", "the resilience policy differs (%1): goodput differs by the team's recovery, not "
                                    "only the design")},
    };
    // The same generation in another variant (B200 in servers, GB200 in NVL72 racks) is the
    // architecture comparison itself: the header names the accelerators, no warning.
    for (const Property &p : properties) {
        bool differs = false;
        for (const ComparedSide &s : sides)
            differs = differs || p.text(s) != p.text(sides.front());
        if (!differs)
            continue;
        std::string values;
        for (size_t i = 0; i < sides.size(); ++i)
            values += (i ? ", " : "") + sides[i].name + ": " + p.text(sides[i]);
        out.push_back(problem(Severity::Warning, {}, p.warning, {values}));
    }
    return out;
}

std::string comparedSidesText(const std::vector<ComparedSide> &sides)
{
    std::ostringstream out;
    for (const ComparedSide &s : sides)
        out << s.name << ": " << s.accelerator << " (" << s.generation << "), " << s.workload << ", " << tokensText(s.tokens) << ", "
            << s.precision << ", sequence " << s.seqLen << ", policy " << s.policy << "\n";
    for (const std::string &w : likeForLikeWarnings(sides))
        out << "warning: " << w << "\n";
    return out.str();
}

} // namespace cp
