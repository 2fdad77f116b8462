#pragma once

// The variants of a sweep: which values each variant takes (by its index, the same on every
// machine and in every shard), and the design each one is.

#include "model/core/design.h"
#include "model/sweep/sweepspec.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cp {

class Catalog;

/// Draws the variants of a spec. Variant i's values depend only on the spec and i: a grid counts
/// through the axes with the template parameters slowest (variants that share a generated base
/// are neighbours), then the workload, fabric and reliability settings, and the finance settings
/// fastest (in the spec's order within each); random sampling draws each variant from its own
/// stream of the seed; a Latin hypercube cuts each axis into `variants` strata and deals them out
/// by a seeded permutation per axis.
class VariantPlan
{
public:
    explicit VariantPlan(const SweepSpec &spec);

    size_t size() const { return mCount; }
    /// The values of variant i, one per axis, in the spec's axis order.
    std::vector<nlohmann::json> values(size_t index) const;
    /// The values as an object (axis name → value): what a results file stores.
    nlohmann::json parameters(size_t index) const;
    /// A key equal for variants that share their template parameters (their generated base).
    std::string templateKey(size_t index) const;

private:
    nlohmann::json valueAt(size_t axis, double u) const;

    const SweepSpec &mSpec;
    size_t mCount = 0;
    std::vector<size_t> mGridOrder; ///< axis indexes, slowest first
    std::vector<std::vector<std::uint32_t>> mStrata; ///< Latin hypercube: per axis, variant → stratum
};

/// Builds a variant's design: the base (generated from the template with the variant's template
/// values, or read from the project), the spec's `set`, then the variant's settings. Keeps the
/// last base it generated, so variants that share it cost no generation.
class VariantBuilder
{
public:
    /// Generates a design from template options (built-in templates or a generator plugin).
    using Generator = std::function<Design(const TemplateOptions &)>;

    VariantBuilder(const SweepSpec &spec, const Catalog &catalog, Generator generate);

    /// Variant `values` (VariantPlan::values). Throws std::runtime_error (std::invalid_argument
    /// from a template, LoadError from a setting) naming what went wrong.
    Design build(const std::vector<nlohmann::json> &values);

    /// The base a project sweep starts from (loaded once by the caller).
    void setProjectBase(Design base);

private:
    TemplateOptions optionsFor(const std::vector<nlohmann::json> &values) const;

    const SweepSpec &mSpec;
    const Catalog &mCatalog;
    Generator mGenerate;
    std::string mBaseKey;
    Design mBase;
    nlohmann::json mBaseSettings; ///< designToJson of the base's settings
    bool mHaveBase = false;
};

/// Applies `value` at `pointer` of a design's settings JSON: an object is merged into an object
/// there (JSON merge patch), anything else replaces it. Throws LoadError naming `place` when the
/// pointer's parent does not exist.
void applySetting(nlohmann::json &settings, const std::string &pointer, const nlohmann::json &value,
                  const std::string &place);

/// Tries every setting the spec gives (its `set`, each axis's values or its range's ends) on
/// `base` and throws LoadError naming `origin` and the place (e.g. "axes[2].values[1]") of the
/// first the design refuses, with the design's reason: a spec is refused before any variant runs.
/// Design rules on the settings (a negative price, an impossible interval) count as refusals too.
void checkSweepSettings(const SweepSpec &spec, const Design &base, const Catalog &catalog, const std::string &origin);

} // namespace cp
