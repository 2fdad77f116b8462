#include "model/core/parallellayout.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>
#include <map>
#include <optional>

namespace cp {

bool pipelineSplits(int layers, int pp, int interleave)
{
    if (layers < 1 || pp < 1 || interleave < 1 || pp > layers)
        return false;
    const int largest = (layers + pp - 1) / pp;
    return interleave == 1 || (pp > 1 && largest % interleave == 0);
}

long long layoutGpus(long long tp, long long pp, long long dp, long long cp)
{
    long long product = 1;
    for (const long long degree : {tp, pp, dp, cp}) {
        if (degree < 1)
            return 0;
        if (__builtin_mul_overflow(product, degree, &product))
            return std::numeric_limits<long long>::max();
    }
    return product;
}

const std::vector<std::string> &recomputeNames()
{
    static const std::vector<std::string> names = {"auto", "none", "selective", "block", "offload", "full"};
    return names;
}

std::string layoutText(const Parallelism &p)
{
    std::string out = p.automatic ? "automatic"
                                  : "TP" + std::to_string(p.tp) + " PP" + std::to_string(p.pp) + " DP" +
                                        std::to_string(p.dp) + " CP" + std::to_string(p.cp) + " EP" +
                                        std::to_string(p.ep) + " mb" + std::to_string(p.microbatch) + " v" +
                                        std::to_string(p.interleave);
    if (p.etp > 0)
        out += " ETP" + std::to_string(p.etp);
    if (p.zero >= 0)
        out += " zero" + std::to_string(p.zero);
    return out;
}

namespace {

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

std::vector<std::string> tokens(const std::string &text)
{
    std::vector<std::string> out;
    std::string cur;
    for (char c : text) {
        if (std::isspace(static_cast<unsigned char>(c)) || c == ',') {
            if (!cur.empty())
                out.push_back(std::move(cur));
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty())
        out.push_back(std::move(cur));
    return out;
}

/// The whole number after `prefix` in `token`, or nothing when the token is not prefix + digits.
std::optional<int> degreeAfter(const std::string &token, const std::string &prefix)
{
    if (token.size() <= prefix.size() || token.compare(0, prefix.size(), prefix) != 0)
        return std::nullopt;
    int v = 0;
    const char *first = token.data() + prefix.size(), *last = token.data() + token.size();
    const auto [end, ec] = std::from_chars(first, last, v);
    if (ec != std::errc() || end != last)
        return std::nullopt;
    return v;
}

} // namespace

Problem parseLayoutText(const std::string &text, Parallelism &p, std::string &recompute)
{
    const auto refuse = [](const char *message, std::vector<std::string> args = {}) {
        return problem(Severity::Error, "workload.parallelism", message, std::move(args));
    };
    const std::vector<std::string> words = tokens(text);
    if (words.empty())
        return refuse(CP_TR_NOOP("cp::Problems",
                                 "empty: give \"automatic\" or a layout such as \"TP8 PP16 DP64 CP1 EP1 mb1 v8\""));
    bool automatic = false;
    std::optional<std::string> newRecompute;
    // Longest prefixes first: "etp" before "tp" and "ep".
    static const std::vector<std::string> prefixes = {"etp", "zero", "tp", "pp", "dp", "cp", "ep", "mb", "v"};
    std::map<std::string, int> given;
    for (size_t i = 0; i < words.size(); ++i) {
        const std::string w = lower(words[i]);
        if (w == "auto" || w == "automatic") {
            automatic = true;
            continue;
        }
        if (w == "recompute") {
            if (i + 1 >= words.size())
                return refuse(CP_TR_NOOP("cp::Problems",
                                         "\"recompute\" needs a name (auto, none, selective, block, offload or full)"));
            const std::string name = lower(words[++i]);
            if (std::find(recomputeNames().begin(), recomputeNames().end(), name) == recomputeNames().end())
                return refuse(CP_TR_NOOP("cp::Problems",
                                         "\"%1\" is not a recomputation (auto, none, selective, block, offload or full)"),
                              {words[i]});
            newRecompute = name;
            // The estimate prints the layers it recomputes after block and offload: an output, skipped.
            if (i + 1 < words.size() && std::all_of(words[i + 1].begin(), words[i + 1].end(),
                                                 [](unsigned char c) { return std::isdigit(c) != 0; }))
                ++i;
            continue;
        }
        const auto prefix = std::find_if(prefixes.begin(), prefixes.end(),
                                         [&](const std::string &x) { return w.compare(0, x.size(), x) == 0; });
        if (prefix == prefixes.end())
            return refuse(CP_TR_NOOP("cp::Problems", "\"%1\" is not part of a layout (TPn PPn DPn CPn EPn mbn vn "
                                                     "ETPn zeroN, or automatic)"),
                          {words[i]});
        const std::optional<int> v = degreeAfter(w, *prefix);
        if (!v)
            return refuse(CP_TR_NOOP("cp::Problems", "\"%1\": %2 needs a whole number after it, e.g. %3"),
                          {words[i], *prefix, *prefix + "1"});
        if (given.count(*prefix))
            return refuse(CP_TR_NOOP("cp::Problems", "\"%1\": %2 is given twice"), {words[i], *prefix});
        const int low = *prefix == "zero" || *prefix == "etp" ? 0 : 1;
        if (*v < low || *v > 1000000)
            return refuse(CP_TR_NOOP("cp::Problems", "\"%1\": %2 must be between %3 and 1000000"),
                          {words[i], *prefix, std::to_string(low)});
        given[*prefix] = *v;
    }
    Parallelism out = p;
    out.automatic = automatic;
    const auto take = [&](const char *key, int fallback) {
        const auto it = given.find(key);
        return it == given.end() ? fallback : it->second;
    };
    if (automatic) {
        for (const char *degree : {"tp", "pp", "dp", "cp", "ep", "mb", "v"})
            if (given.count(degree))
                return refuse(CP_TR_NOOP("cp::Problems", "automatic layouts leave %1 to the search; give either "
                                                         "\"automatic\" or every degree"),
                              {degree});
    } else {
        for (const char *needed : {"tp", "pp", "dp"})
            if (!given.count(needed))
                return refuse(CP_TR_NOOP("cp::Problems",
                                         "a pinned layout needs %1 (e.g. \"TP8 PP16 DP64\"), or give \"automatic\""),
                              {needed});
        out.tp = take("tp", 1);
        out.pp = take("pp", 1);
        out.dp = take("dp", 1);
        out.cp = take("cp", 1);
        out.ep = take("ep", 1);
        out.microbatch = take("mb", 1);
        out.interleave = take("v", 1);
    }
    out.etp = take("etp", 0);
    out.zero = take("zero", -1);
    if (out.zero > 3)
        return refuse(CP_TR_NOOP("cp::Problems", "zero%1: the ZeRO stage is 0, 1, 2 or 3"), {std::to_string(out.zero)});
    p = out;
    if (newRecompute)
        recompute = *newRecompute;
    return {};
}

} // namespace cp
