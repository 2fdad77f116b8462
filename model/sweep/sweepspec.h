#pragma once

// A design-space sweep (docs/sweep.md): a base design, the axes that vary it, how the variants
// are drawn, the constraints a variant must meet and the objectives it is judged by. Read from a
// JSON spec; every refusal names the file and the place.

#include "model/generate/templates.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace cp {

/// The version of the sweep spec format this program reads and writes.
constexpr int kSweepSpecVersion = 1;

/// What an axis varies: a parameter of the base template (the design is generated again), or a
/// setting of the design reached by a JSON pointer (/fabric/…, /workload/…, /reliability/…,
/// /finance/…; docs/file-format.md names the fields). `template` itself takes objects of several
/// template parameters at once (an architecture: {"kind": "supernode", "gpu": "gb200"}).
enum class AxisTarget { Template, TemplateKind, TemplateGpus, TemplateGpu, TemplateSpareServers, TemplateTaper, Setting };

struct SweepAxis
{
    std::string name;      ///< unique; the column of the variant's parameters
    std::string parameter; ///< as written: "template.gpus" or "/finance/energy_usd_per_kwh"
    AxisTarget target = AxisTarget::Setting;
    /// Discrete values (any JSON; an object given to a setting is merged into it), or empty for a range.
    std::vector<nlohmann::json> values;
    std::vector<std::string> labels; ///< one per value, or empty (the value's JSON text)
    // A numeric range [low, high]: a grid takes `steps` points, random and Latin-hypercube
    // sampling draw within it (uniformly, or uniformly in log with `logScale`).
    double low = 0.0, high = 0.0;
    int steps = 0;
    bool logScale = false;
    bool integer = false; ///< values rounded to whole numbers (template.gpus always)

    bool isTemplate() const { return target != AxisTarget::Setting; }
    bool isRange() const { return values.empty(); }
    /// The number of points a grid takes of this axis.
    size_t gridSize() const { return isRange() ? size_t(steps) : values.size(); }
};

enum class Sampling { Grid, Random, LatinHypercube };
const char *samplingName(Sampling s);

/// A figure a constraint or an objective names: one of the sweep's figures (sweepFigures()) or
/// a JSON pointer into the results JSON (docs/results.md).
struct SweepConstraint
{
    std::string figure;
    bool hasMin = false, hasMax = false;
    double min = 0.0, max = 0.0;
};

struct SweepObjective
{
    std::string figure;
    bool maximise = false;
};

struct SweepSpec
{
    std::string name;
    std::string description;
    /// The base: a template (the spec's own options) or a project (`project`, FILE.cplan or
    /// FILE.cplan#SCENARIO or a design .json, resolved against the spec's folder).
    bool fromProject = false;
    TemplateOptions base;
    std::string project;
    /// Settings every variant gets before its axes (JSON pointer → value), e.g. the workload.
    std::vector<std::pair<std::string, nlohmann::json>> set;
    std::vector<SweepAxis> axes;
    Sampling sampling = Sampling::Grid;
    size_t variants = 0; ///< random and Latin hypercube: how many; grid: the product of the axes
    std::uint64_t seed = 1;
    std::vector<SweepConstraint> constraints;
    std::vector<SweepObjective> objectives;

    /// The spec as JSON (the project path as resolved): stored in a results file, and read back
    /// to the same spec by a Slurm task or the window.
    nlohmann::json toJson() const;
};

/// The largest number of variants a spec may describe (a grid's product included).
constexpr size_t kMaxSweepVariants = 10'000'000;

/// Reads a spec. `origin` names the file in messages; `folder` resolves a relative project path.
/// Throws LoadError naming the place (e.g. "axes[2].range") and the problem.
SweepSpec sweepSpecFromJson(const nlohmann::json &json, const std::string &origin, const std::string &folder = {});
/// Reads a spec file.
SweepSpec readSweepSpec(const std::string &path);

/// A variant's parameters (axis name → value) as "name = value, …", values by their labels.
std::string parameterText(const SweepSpec &spec, const nlohmann::json &parameters);

/// A stable digest of the spec (FNV-1a of its canonical JSON, hex): a results file resumes only
/// the spec it was made with.
std::string sweepSpecDigest(const SweepSpec &spec);

} // namespace cp
