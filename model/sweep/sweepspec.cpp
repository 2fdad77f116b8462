#include "model/sweep/sweepspec.h"

#include "model/core/jsontext.h"
#include "model/core/problem.h"
#include "model/sweep/sweepfigures.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace cp {

using json = nlohmann::json;

const char *samplingName(Sampling s)
{
    switch (s) {
    case Sampling::Grid: return "grid";
    case Sampling::Random: return "random";
    case Sampling::LatinHypercube: return "latin-hypercube";
    }
    return "grid";
}

namespace {

constexpr const char *kFormat = "cluster-planner-sweep";

/// The settings a sweep may vary: the parts of a design that are not its layout.
constexpr const char *kSettingRoots[] = {"/fabric", "/workload", "/reliability", "/finance"};

struct SpecReader
{
    std::string origin;

    [[noreturn]] void fail(const std::string &place, const std::string &problem) const
    {
        throw LoadError(origin, place, problem);
    }

    void onlyKeys(const json &obj, const std::string &place, std::initializer_list<const char *> keys) const
    {
        for (const auto &[k, v] : obj.items()) {
            bool known = false;
            for (const char *allowed : keys)
                known = known || k == allowed;
            if (!known)
                fail(place.empty() ? k : place + "." + k, "unknown key");
        }
    }

    double number(const json &j, const std::string &place) const
    {
        if (!j.is_number())
            fail(place, "must be a number");
        const double v = j.get<double>();
        if (!std::isfinite(v))
            fail(place, "must be a finite number");
        return v;
    }

    std::string text(const json &j, const std::string &place) const
    {
        if (!j.is_string())
            fail(place, "must be a string");
        return j.get<std::string>();
    }
};

bool isSettingPointer(const std::string &p)
{
    for (const char *root : kSettingRoots) {
        const std::string r(root);
        if (p == r || p.rfind(r + "/", 0) == 0)
            return true;
    }
    return false;
}

AxisTarget targetOf(const SpecReader &r, const std::string &parameter, const std::string &place)
{
    if (parameter == "template")
        return AxisTarget::Template;
    if (parameter == "template.kind")
        return AxisTarget::TemplateKind;
    if (parameter == "template.gpus")
        return AxisTarget::TemplateGpus;
    if (parameter == "template.gpu")
        return AxisTarget::TemplateGpu;
    if (parameter == "template.spare_servers")
        return AxisTarget::TemplateSpareServers;
    if (parameter == "template.taper")
        return AxisTarget::TemplateTaper;
    if (parameter.rfind("template.", 0) == 0)
        r.fail(place, "unknown template parameter \"" + parameter +
                          "\" (template.kind, template.gpus, template.gpu, template.spare_servers, template.taper)");
    if (!isSettingPointer(parameter))
        r.fail(place, "\"" + parameter +
                          "\" is neither a template parameter (template.gpus, …) nor a setting's JSON pointer "
                          "under /fabric, /workload, /reliability or /finance");
    try {
        (void)json::json_pointer(parameter);
    } catch (const json::exception &) {
        r.fail(place, "\"" + parameter + "\" is not a JSON pointer");
    }
    return AxisTarget::Setting;
}

/// A template value's type: kind and gpu are ids, the others numbers in their ranges.
void checkTemplateValue(const SpecReader &r, AxisTarget t, const json &v, const std::string &place)
{
    switch (t) {
    case AxisTarget::Template:
        if (!v.is_object() || v.empty())
            r.fail(place, "a template axis takes objects of template parameters, e.g. {\"kind\": \"supernode\", \"gpu\": \"gb200\"}");
        for (const auto &[k, inner] : v.items()) {
            AxisTarget it = AxisTarget::Setting;
            if (k == "kind") it = AxisTarget::TemplateKind;
            else if (k == "gpus") it = AxisTarget::TemplateGpus;
            else if (k == "gpu") it = AxisTarget::TemplateGpu;
            else if (k == "spare_servers") it = AxisTarget::TemplateSpareServers;
            else if (k == "taper") it = AxisTarget::TemplateTaper;
            else r.fail(place + "." + k, "unknown template parameter (kind, gpus, gpu, spare_servers, taper)");
            checkTemplateValue(r, it, inner, place + "." + k);
        }
        return;
    case AxisTarget::TemplateKind:
    case AxisTarget::TemplateGpu:
        if (!v.is_string() || v.get<std::string>().empty())
            r.fail(place, "must be a non-empty string (a template kind or a catalog id)");
        return;
    case AxisTarget::TemplateGpus: {
        const double g = r.number(v, place);
        if (g < 1 || g > 10'000'000)
            r.fail(place, "GPU count must be between 1 and 10,000,000");
        return;
    }
    case AxisTarget::TemplateSpareServers: {
        const double s = r.number(v, place);
        if (s < 0 || s > 0.5)
            r.fail(place, "spare-server share must be between 0 and 0.5");
        return;
    }
    case AxisTarget::TemplateTaper: {
        const double s = r.number(v, place);
        if (s < 1 || s > kMaxTaper)
            r.fail(place, "taper must be between 1 and " + std::to_string(int(kMaxTaper)));
        return;
    }
    case AxisTarget::Setting:
        return;
    }
}

SweepAxis readAxis(const SpecReader &r, const json &a, const std::string &place)
{
    if (!a.is_object())
        r.fail(place, "must be an object");
    r.onlyKeys(a, place, {"name", "parameter", "values", "labels", "range", "steps", "scale", "integer"});
    SweepAxis axis;
    if (!a.contains("parameter"))
        r.fail(place + ".parameter", "missing");
    axis.parameter = r.text(a["parameter"], place + ".parameter");
    axis.target = targetOf(r, axis.parameter, place + ".parameter");
    axis.name = a.contains("name") ? r.text(a["name"], place + ".name") : axis.parameter;
    if (axis.name.empty() || axis.name.size() > 64)
        r.fail(place + ".name", "must be 1 to 64 characters");
    const bool hasValues = a.contains("values"), hasRange = a.contains("range");
    if (hasValues == hasRange)
        r.fail(place, "needs exactly one of \"values\" (a list) or \"range\" ([low, high])");
    if (hasValues) {
        const json &v = a["values"];
        if (!v.is_array() || v.empty())
            r.fail(place + ".values", "must be a non-empty list");
        if (v.size() > 100'000)
            r.fail(place + ".values", "more than 100,000 values");
        for (size_t i = 0; i < v.size(); ++i) {
            const std::string at = place + ".values[" + std::to_string(i) + "]";
            if (v[i].is_null())
                r.fail(at, "must not be null");
            if (v[i].is_number())
                (void)r.number(v[i], at);
            checkTemplateValue(r, axis.target, v[i], at);
            axis.values.push_back(v[i]);
        }
        if (a.contains("labels")) {
            const json &l = a["labels"];
            if (!l.is_array() || l.size() != v.size())
                r.fail(place + ".labels", "must be a list of one label per value");
            for (size_t i = 0; i < l.size(); ++i)
                axis.labels.push_back(r.text(l[i], place + ".labels[" + std::to_string(i) + "]"));
        }
        for (const char *k : {"steps", "scale"})
            if (a.contains(k))
                r.fail(place + "." + k, "applies to a range, not to values");
    } else {
        const json &range = a["range"];
        if (!range.is_array() || range.size() != 2)
            r.fail(place + ".range", "must be [low, high]");
        axis.low = r.number(range[0], place + ".range[0]");
        axis.high = r.number(range[1], place + ".range[1]");
        if (!(axis.low <= axis.high))
            r.fail(place + ".range", "low must not exceed high");
        if (axis.target == AxisTarget::Template || axis.target == AxisTarget::TemplateKind ||
            axis.target == AxisTarget::TemplateGpu)
            r.fail(place + ".range", "a " + axis.parameter + " axis takes values, not a range");
        checkTemplateValue(r, axis.target, range[0], place + ".range[0]");
        checkTemplateValue(r, axis.target, range[1], place + ".range[1]");
        if (a.contains("steps")) {
            const double s = r.number(a["steps"], place + ".steps");
            if (s < 1 || s > 100'000 || s != std::floor(s))
                r.fail(place + ".steps", "must be a whole number from 1 to 100,000");
            axis.steps = int(s);
        }
        if (a.contains("scale")) {
            const std::string s = r.text(a["scale"], place + ".scale");
            if (s != "linear" && s != "log")
                r.fail(place + ".scale", "must be \"linear\" or \"log\"");
            axis.logScale = s == "log";
            if (axis.logScale && axis.low <= 0)
                r.fail(place + ".range", "a log scale needs a range above 0");
        }
        if (a.contains("labels"))
            r.fail(place + ".labels", "applies to values, not to a range");
    }
    if (a.contains("integer")) {
        if (!a["integer"].is_boolean())
            r.fail(place + ".integer", "must be true or false");
        axis.integer = a["integer"].get<bool>();
    }
    if (axis.target == AxisTarget::TemplateGpus)
        axis.integer = true;
    return axis;
}

void readBase(const SpecReader &r, const json &b, const std::string &folder, SweepSpec &spec)
{
    if (!b.is_object())
        r.fail("base", "must be an object with \"template\" or \"project\"");
    r.onlyKeys(b, "base", {"template", "project"});
    if (b.contains("template") == b.contains("project"))
        r.fail("base", "needs exactly one of \"template\" or \"project\"");
    if (b.contains("project")) {
        spec.fromProject = true;
        spec.project = r.text(b["project"], "base.project");
        if (spec.project.empty())
            r.fail("base.project", "must name a file");
        const size_t hash = spec.project.find('#');
        const std::string file = spec.project.substr(0, hash);
        std::filesystem::path p(file);
        if (p.is_relative() && !folder.empty())
            spec.project = (std::filesystem::path(folder) / p).lexically_normal().string() +
                           (hash == std::string::npos ? std::string() : spec.project.substr(hash));
        return;
    }
    const json &t = b["template"];
    if (!t.is_object())
        r.fail("base.template", "must be an object");
    r.onlyKeys(t, "base.template", {"kind", "gpus", "gpu", "spare_servers", "taper"});
    if (t.contains("kind")) {
        checkTemplateValue(r, AxisTarget::TemplateKind, t["kind"], "base.template.kind");
        spec.base.kind = t["kind"].get<std::string>();
    }
    if (t.contains("gpus")) {
        checkTemplateValue(r, AxisTarget::TemplateGpus, t["gpus"], "base.template.gpus");
        spec.base.gpus = static_cast<long long>(std::llround(t["gpus"].get<double>()));
    }
    if (t.contains("gpu")) {
        checkTemplateValue(r, AxisTarget::TemplateGpu, t["gpu"], "base.template.gpu");
        spec.base.gpuId = t["gpu"].get<std::string>();
    }
    if (t.contains("spare_servers")) {
        checkTemplateValue(r, AxisTarget::TemplateSpareServers, t["spare_servers"], "base.template.spare_servers");
        spec.base.spareServerFraction = t["spare_servers"].get<double>();
    }
    if (t.contains("taper")) {
        checkTemplateValue(r, AxisTarget::TemplateTaper, t["taper"], "base.template.taper");
        spec.base.taper = t["taper"].get<double>();
    }
}

void readSampling(const SpecReader &r, const json &s, SweepSpec &spec)
{
    if (!s.is_object())
        r.fail("sampling", "must be an object");
    r.onlyKeys(s, "sampling", {"method", "variants", "seed"});
    const std::string method = s.contains("method") ? r.text(s["method"], "sampling.method") : "grid";
    if (method == "grid")
        spec.sampling = Sampling::Grid;
    else if (method == "random")
        spec.sampling = Sampling::Random;
    else if (method == "latin-hypercube")
        spec.sampling = Sampling::LatinHypercube;
    else
        r.fail("sampling.method", "must be \"grid\", \"random\" or \"latin-hypercube\"");
    if (s.contains("variants")) {
        if (spec.sampling == Sampling::Grid)
            r.fail("sampling.variants", "a grid takes every combination of the axes; variants applies to random "
                                        "and latin-hypercube sampling");
        const double n = r.number(s["variants"], "sampling.variants");
        if (n < 1 || n > double(kMaxSweepVariants) || n != std::floor(n))
            r.fail("sampling.variants", "must be a whole number from 1 to " + std::to_string(kMaxSweepVariants));
        spec.variants = size_t(n);
    } else if (spec.sampling != Sampling::Grid) {
        r.fail("sampling.variants", "missing: how many variants to draw");
    }
    if (s.contains("seed")) {
        const double seed = r.number(s["seed"], "sampling.seed");
        if (seed < 0 || seed > 9.0e15 || seed != std::floor(seed))
            r.fail("sampling.seed", "must be a whole number from 0 to 9e15");
        spec.seed = std::uint64_t(seed);
    }
}

void readFigures(const SpecReader &r, const json &j, SweepSpec &spec)
{
    if (j.contains("constraints")) {
        const json &c = j["constraints"];
        if (!c.is_array())
            r.fail("constraints", "must be a list");
        for (size_t i = 0; i < c.size(); ++i) {
            const std::string place = "constraints[" + std::to_string(i) + "]";
            if (!c[i].is_object())
                r.fail(place, "must be an object");
            r.onlyKeys(c[i], place, {"figure", "min", "max"});
            SweepConstraint k;
            if (!c[i].contains("figure"))
                r.fail(place + ".figure", "missing");
            k.figure = r.text(c[i]["figure"], place + ".figure");
            if (const std::string why = sweepFigureProblem(k.figure); !why.empty())
                r.fail(place + ".figure", why);
            k.hasMin = c[i].contains("min");
            k.hasMax = c[i].contains("max");
            if (!k.hasMin && !k.hasMax)
                r.fail(place, "needs \"min\", \"max\" or both");
            if (k.hasMin)
                k.min = r.number(c[i]["min"], place + ".min");
            if (k.hasMax)
                k.max = r.number(c[i]["max"], place + ".max");
            if (k.hasMin && k.hasMax && k.min > k.max)
                r.fail(place, "min exceeds max: no variant could meet it");
            spec.constraints.push_back(k);
        }
    }
    if (!j.contains("objectives"))
        r.fail("objectives", "missing: at least one figure to minimise or maximise");
    const json &o = j["objectives"];
    if (!o.is_array() || o.empty() || o.size() > 8)
        r.fail("objectives", "must be a list of 1 to 8 objectives");
    std::set<std::string> seen;
    for (size_t i = 0; i < o.size(); ++i) {
        const std::string place = "objectives[" + std::to_string(i) + "]";
        if (!o[i].is_object())
            r.fail(place, "must be an object");
        r.onlyKeys(o[i], place, {"figure", "goal"});
        SweepObjective obj;
        if (!o[i].contains("figure"))
            r.fail(place + ".figure", "missing");
        obj.figure = r.text(o[i]["figure"], place + ".figure");
        if (const std::string why = sweepFigureProblem(obj.figure); !why.empty())
            r.fail(place + ".figure", why);
        if (!seen.insert(obj.figure).second)
            r.fail(place + ".figure", "\"" + obj.figure + "\" is already an objective");
        const std::string goal = o[i].contains("goal") ? r.text(o[i]["goal"], place + ".goal") : "min";
        if (goal != "min" && goal != "max")
            r.fail(place + ".goal", "must be \"min\" or \"max\"");
        obj.maximise = goal == "max";
        spec.objectives.push_back(obj);
    }
}

void readSet(const SpecReader &r, const json &s, SweepSpec &spec)
{
    if (!s.is_object())
        r.fail("set", "must be an object of setting pointer → value");
    for (const auto &[pointer, value] : s.items()) {
        const std::string place = "set." + pointer;
        (void)targetOf(r, pointer, place);
        if (!isSettingPointer(pointer))
            r.fail(place, "set takes settings (/fabric, /workload, /reliability, /finance)");
        if (value.is_null())
            r.fail(place, "must not be null");
        spec.set.emplace_back(pointer, value);
    }
}

} // namespace

SweepSpec sweepSpecFromJson(const json &j, const std::string &origin, const std::string &folder)
{
    const SpecReader r{origin};
    if (!j.is_object())
        r.fail("", "a sweep spec is a JSON object");
    r.onlyKeys(j, "", {"format", "version", "name", "description", "base", "set", "axes", "sampling",
                       "constraints", "objectives"});
    if (j.contains("format") && j["format"] != kFormat)
        r.fail("format", std::string("must be \"") + kFormat + "\"");
    if (j.contains("version")) {
        const double v = r.number(j["version"], "version");
        if (v != kSweepSpecVersion)
            r.fail("version", "this program reads sweep specs of version " + std::to_string(kSweepSpecVersion));
    }
    SweepSpec spec;
    spec.name = j.contains("name") ? r.text(j["name"], "name") : std::string("Sweep");
    spec.description = j.contains("description") ? r.text(j["description"], "description") : std::string();
    if (!j.contains("base"))
        r.fail("base", "missing: {\"template\": {…}} or {\"project\": \"FILE.cplan\"}");
    readBase(r, j["base"], folder, spec);
    if (j.contains("set"))
        readSet(r, j["set"], spec);
    if (!j.contains("axes"))
        r.fail("axes", "missing: the list of what the sweep varies");
    const json &axes = j["axes"];
    if (!axes.is_array() || axes.empty() || axes.size() > 32)
        r.fail("axes", "must be a list of 1 to 32 axes");
    std::set<std::string> names, parameters;
    for (size_t i = 0; i < axes.size(); ++i) {
        const std::string place = "axes[" + std::to_string(i) + "]";
        SweepAxis axis = readAxis(r, axes[i], place);
        if (!names.insert(axis.name).second)
            r.fail(place + ".name", "\"" + axis.name + "\" names another axis too");
        if (!parameters.insert(axis.parameter).second)
            r.fail(place + ".parameter", "\"" + axis.parameter + "\" is varied by another axis too");
        if (axis.isTemplate() && spec.fromProject)
            r.fail(place + ".parameter", "a sweep based on a project varies its settings, not template parameters");
        spec.axes.push_back(std::move(axis));
    }
    if (j.contains("sampling"))
        readSampling(r, j["sampling"], spec);
    if (spec.sampling == Sampling::Grid) {
        double product = 1;
        for (size_t i = 0; i < spec.axes.size(); ++i) {
            if (spec.axes[i].isRange() && spec.axes[i].steps < 1)
                r.fail("axes[" + std::to_string(i) + "].steps", "a grid over a range needs \"steps\"");
            product *= double(spec.axes[i].gridSize());
        }
        if (product > double(kMaxSweepVariants))
            r.fail("axes", "the grid has " + std::to_string(static_cast<long long>(product)) +
                               " variants, more than " + std::to_string(kMaxSweepVariants) +
                               "; use random or latin-hypercube sampling");
        spec.variants = size_t(product);
    }
    readFigures(r, j, spec);
    return spec;
}

SweepSpec readSweepSpec(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw LoadError(path, "", "cannot open the file");
    std::ostringstream text;
    text << in.rdbuf();
    if (text.str().size() > 16 * 1024 * 1024)
        throw LoadError(path, "", "larger than 16 MB: not a sweep spec");
    const json j = parseJsonText(text.str(), path);
    return sweepSpecFromJson(j, path, std::filesystem::path(path).parent_path().string());
}

json SweepSpec::toJson() const
{
    json j = {{"format", kFormat}, {"version", kSweepSpecVersion}, {"name", name}};
    if (!description.empty())
        j["description"] = description;
    if (fromProject) {
        j["base"] = {{"project", project}};
    } else {
        json t = {{"kind", base.kind}, {"spare_servers", base.spareServerFraction}, {"taper", base.taper}};
        if (base.gpus > 0)
            t["gpus"] = base.gpus;
        if (!base.gpuId.empty())
            t["gpu"] = base.gpuId;
        j["base"] = {{"template", t}};
    }
    if (!set.empty()) {
        json s = json::object();
        for (const auto &[p, v] : set)
            s[p] = v;
        j["set"] = s;
    }
    json axesJson = json::array();
    for (const SweepAxis &a : axes) {
        json aj = {{"name", a.name}, {"parameter", a.parameter}};
        if (a.isRange()) {
            aj["range"] = {a.low, a.high};
            if (a.steps > 0)
                aj["steps"] = a.steps;
            aj["scale"] = a.logScale ? "log" : "linear";
        } else {
            aj["values"] = a.values;
            if (!a.labels.empty())
                aj["labels"] = a.labels;
        }
        if (a.integer)
            aj["integer"] = true;
        axesJson.push_back(aj);
    }
    j["axes"] = axesJson;
    json drawn = {{"method", samplingName(sampling)}, {"seed", seed}};
    if (sampling != Sampling::Grid)
        drawn["variants"] = variants;
    j["sampling"] = drawn;
    json cons = json::array();
    for (const SweepConstraint &c : constraints) {
        json cj = {{"figure", c.figure}};
        if (c.hasMin)
            cj["min"] = c.min;
        if (c.hasMax)
            cj["max"] = c.max;
        cons.push_back(cj);
    }
    j["constraints"] = cons;
    json objs = json::array();
    for (const SweepObjective &o : objectives)
        objs.push_back({{"figure", o.figure}, {"goal", o.maximise ? "max" : "min"}});
    j["objectives"] = objs;
    return j;
}

std::string parameterText(const SweepSpec &spec, const json &parameters)
{
    std::string out;
    for (const SweepAxis &a : spec.axes) {
        if (!parameters.is_object() || !parameters.contains(a.name))
            continue;
        const json &v = parameters[a.name];
        std::string text = v.is_string() ? v.get<std::string>() : v.dump();
        for (size_t k = 0; k < a.values.size() && k < a.labels.size(); ++k)
            if (a.values[k] == v)
                text = a.labels[k];
        out += (out.empty() ? "" : ", ") + a.name + " = " + text;
    }
    return out;
}

std::string sweepSpecDigest(const SweepSpec &spec)
{
    const std::string text = spec.toJson().dump();
    std::uint64_t h = 14695981039346656037ull;
    for (const unsigned char c : text) {
        h ^= c;
        h *= 1099511628211ull;
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

} // namespace cp
