#include "model/sweep/variants.h"

#include "model/core/catalog.h"
#include "model/core/problem.h"
#include "model/io/designjson.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace cp {

using json = nlohmann::json;

namespace {

/// SplitMix64 (Steele, Lea & Flood 2014): one well-mixed 64-bit number per input, the same on
/// every platform (the standard library's distributions are not).
std::uint64_t splitMix(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/// A number in [0, 1) from stream (seed, a, b).
double uniform(std::uint64_t seed, std::uint64_t a, std::uint64_t b)
{
    const std::uint64_t h = splitMix(splitMix(splitMix(seed) ^ a) ^ (b * 0x2545f4914f6cdd1dull));
    return double(h >> 11) * (1.0 / 9007199254740992.0);
}

} // namespace

VariantPlan::VariantPlan(const SweepSpec &spec)
    : mSpec(spec)
    , mCount(spec.variants)
{
    // Slowest first: what regenerates the base, then the settings by how much of the evaluation
    // they reach (the workload, fabric and reliability re-run the parallelism search; finance only
    // the facility and cost stages), so neighbours differ in what is cheapest to re-evaluate.
    const auto rank = [&](const SweepAxis &a) {
        if (a.isTemplate())
            return 0;
        for (const auto &[root, r] : {std::pair{"/workload", 1}, std::pair{"/fabric", 2}, std::pair{"/reliability", 3}})
            if (a.parameter.rfind(root, 0) == 0)
                return r;
        return 4;
    };
    for (int r = 0; r <= 4; ++r)
        for (size_t i = 0; i < spec.axes.size(); ++i)
            if (rank(spec.axes[i]) == r)
                mGridOrder.push_back(i);
    if (spec.sampling != Sampling::LatinHypercube)
        return;
    mStrata.resize(spec.axes.size());
    for (size_t a = 0; a < spec.axes.size(); ++a) {
        std::vector<std::uint32_t> &p = mStrata[a];
        p.resize(mCount);
        std::iota(p.begin(), p.end(), 0u);
        // Fisher–Yates with the seed's own stream: the same permutation everywhere.
        for (size_t i = mCount; i > 1; --i) {
            const size_t j = size_t(uniform(mSpec.seed, 0x5eed0000ull + a, i) * double(i));
            std::swap(p[i - 1], p[std::min(j, i - 1)]);
        }
    }
}

json VariantPlan::valueAt(size_t axis, double u) const
{
    const SweepAxis &a = mSpec.axes[axis];
    if (!a.isRange()) {
        const size_t n = a.values.size();
        return a.values[std::min(n - 1, size_t(u * double(n)))];
    }
    double v = a.logScale ? std::exp(std::log(a.low) + u * (std::log(a.high) - std::log(a.low)))
                          : a.low + u * (a.high - a.low);
    v = std::clamp(v, a.low, a.high);
    if (a.integer)
        return static_cast<long long>(std::llround(v));
    return v;
}

std::vector<json> VariantPlan::values(size_t index) const
{
    std::vector<json> out(mSpec.axes.size());
    if (index >= mCount)
        throw std::out_of_range("variant " + std::to_string(index) + " of " + std::to_string(mCount));
    switch (mSpec.sampling) {
    case Sampling::Grid: {
        size_t rest = index;
        for (size_t k = mGridOrder.size(); k-- > 0;) {
            const size_t axis = mGridOrder[k];
            const SweepAxis &a = mSpec.axes[axis];
            const size_t n = a.gridSize();
            const size_t at = rest % n;
            rest /= n;
            if (!a.isRange())
                out[axis] = a.values[at];
            else
                out[axis] = valueAt(axis, n == 1 ? 0.0 : double(at) / double(n - 1));
        }
        break;
    }
    case Sampling::Random:
        for (size_t a = 0; a < out.size(); ++a)
            out[a] = valueAt(a, uniform(mSpec.seed, index, a + 1));
        break;
    case Sampling::LatinHypercube:
        for (size_t a = 0; a < out.size(); ++a) {
            const double within = uniform(mSpec.seed, index, a + 1);
            out[a] = valueAt(a, (double(mStrata[a][index]) + within) / double(mCount));
        }
        break;
    }
    return out;
}

json VariantPlan::parameters(size_t index) const
{
    const std::vector<json> v = values(index);
    json out = json::object();
    for (size_t a = 0; a < v.size(); ++a)
        out[mSpec.axes[a].name] = v[a];
    return out;
}

std::string VariantPlan::templateKey(size_t index) const
{
    const std::vector<json> v = values(index);
    std::string key;
    for (size_t a = 0; a < v.size(); ++a)
        if (mSpec.axes[a].isTemplate())
            key += v[a].dump() + "|";
    return key;
}

void applySetting(json &settings, const std::string &pointer, const json &value, const std::string &place)
{
    const json::json_pointer p(pointer);
    if (!p.empty() && !settings.contains(p.parent_pointer()))
        throw LoadError("", place, "the design has no " + p.parent_pointer().to_string());
    if (value.is_object() && settings.contains(p) && settings.at(p).is_object())
        settings.at(p).merge_patch(value);
    else
        settings[p] = value;
}

VariantBuilder::VariantBuilder(const SweepSpec &spec, const Catalog &catalog, Generator generate)
    : mSpec(spec)
    , mCatalog(catalog)
    , mGenerate(std::move(generate))
{
}

void VariantBuilder::setProjectBase(Design base)
{
    mBase = std::move(base);
    mBaseSettings = designToJson(designSettings(mBase));
    for (const auto &[pointer, value] : mSpec.set)
        applySetting(mBaseSettings["design"], pointer, value, "set." + pointer);
    mBaseKey = "project";
    mHaveBase = true;
}

TemplateOptions VariantBuilder::optionsFor(const std::vector<json> &values) const
{
    TemplateOptions o = mSpec.base;
    for (size_t a = 0; a < values.size(); ++a) {
        const json &v = values[a];
        switch (mSpec.axes[a].target) {
        case AxisTarget::Template:
            if (v.contains("kind")) o.kind = v["kind"].get<std::string>();
            if (v.contains("gpus")) o.gpus = static_cast<long long>(std::llround(v["gpus"].get<double>()));
            if (v.contains("gpu")) o.gpuId = v["gpu"].get<std::string>();
            if (v.contains("spare_servers")) o.spareServerFraction = v["spare_servers"].get<double>();
            if (v.contains("taper")) o.taper = v["taper"].get<double>();
            break;
        case AxisTarget::TemplateKind: o.kind = v.get<std::string>(); break;
        case AxisTarget::TemplateGpus: o.gpus = static_cast<long long>(std::llround(v.get<double>())); break;
        case AxisTarget::TemplateGpu: o.gpuId = v.get<std::string>(); break;
        case AxisTarget::TemplateSpareServers: o.spareServerFraction = v.get<double>(); break;
        case AxisTarget::TemplateTaper: o.taper = v.get<double>(); break;
        case AxisTarget::Setting: break;
        }
    }
    return o;
}

Design VariantBuilder::build(const std::vector<json> &values)
{
    if (!mSpec.fromProject) {
        std::string key;
        for (size_t a = 0; a < values.size(); ++a)
            if (mSpec.axes[a].isTemplate())
                key += values[a].dump() + "|";
        if (!mHaveBase || key != mBaseKey) {
            mHaveBase = false;
            mBase = mGenerate(optionsFor(values));
            mBaseSettings = designToJson(designSettings(mBase));
            for (const auto &[pointer, value] : mSpec.set)
                applySetting(mBaseSettings["design"], pointer, value, "set." + pointer);
            mBaseKey = key;
            mHaveBase = true;
        }
    } else if (!mHaveBase) {
        throw std::logic_error("VariantBuilder: a project sweep needs setProjectBase()");
    }
    json settings = mBaseSettings;
    for (size_t a = 0; a < values.size(); ++a)
        if (!mSpec.axes[a].isTemplate())
            applySetting(settings["design"], mSpec.axes[a].parameter, values[a], "axes." + mSpec.axes[a].name);
    const Design patched = designFromJson(settings, "sweep variant");
    Design d = mBase;
    d.fabric = patched.fabric;
    d.workload = patched.workload;
    d.reliability = patched.reliability;
    d.finance = patched.finance;
    return d;
}

void checkSweepSettings(const SweepSpec &spec, const Design &base, const Catalog &catalog, const std::string &origin)
{
    json settings = designToJson(designSettings(base));
    // The rules the base's settings already break are not the spec's fault.
    const auto settingErrors = [&](const Design &d) {
        std::vector<Problem> out;
        for (const Problem &p : validate(d, catalog))
            if (p.severity == Severity::Error)
                for (const char *root : {"fabric", "workload", "reliability", "finance"})
                    if (p.place.rfind(root, 0) == 0)
                        out.push_back(p);
        return out;
    };
    const std::vector<Problem> known = settingErrors(designSettings(base));
    const auto attempt = [&](json &into, const std::string &pointer, const json &value, const std::string &place) {
        try {
            applySetting(into["design"], pointer, value, place);
            for (const Problem &p : settingErrors(designFromJson(into, origin)))
                if (std::find(known.begin(), known.end(), p) == known.end())
                    throw LoadError(origin, place, p.message + " (" + p.place + ")");
        } catch (const LoadError &e) {
            throw LoadError(origin, place, e.problem() + (e.place().empty() || e.place() == place ? std::string()
                                                                                              : " (" + e.place() + ")"));
        } catch (const json::exception &e) {
            throw LoadError(origin, place, e.what());
        }
    };
    for (const auto &[pointer, value] : spec.set)
        attempt(settings, pointer, value, "set." + pointer);
    for (size_t i = 0; i < spec.axes.size(); ++i) {
        const SweepAxis &a = spec.axes[i];
        if (a.isTemplate())
            continue;
        const std::string place = "axes[" + std::to_string(i) + "]";
        if (!a.isRange())
            for (size_t k = 0; k < a.values.size(); ++k) {
                json copy = settings;
                attempt(copy, a.parameter, a.values[k], place + ".values[" + std::to_string(k) + "]");
            }
        else
            for (const double end : {a.low, a.high}) {
                json copy = settings;
                attempt(copy, a.parameter, a.integer ? json(static_cast<long long>(std::llround(end))) : json(end),
                        place + ".range");
            }
    }
}

} // namespace cp
