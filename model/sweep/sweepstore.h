#pragma once

// A sweep's results file: one SQLite database, one row per variant (its parameters, its figures
// with their P10/P90, its status), the spec it was made from and the Slurm jobs that fill it.
// Rows are written in transactions, so a killed run leaves only whole rows and resumes where it
// stopped (docs/sweep.md, "Results file").

#include "model/sweep/sweepspec.h"

#include <nlohmann/json.hpp>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace cp {

/// One evaluated variant.
struct VariantRow
{
    size_t index = 0;
    nlohmann::json parameters = nlohmann::json::object(); ///< axis name → value
    bool ok = false;            ///< evaluated; false: `error` says why not
    std::string error;
    bool feasible = false;      ///< evaluated, no design error, every constraint met
    std::string violations;     ///< why not feasible: the constraints missed, "; "-separated
    std::map<std::string, double> figures;

    bool operator==(const VariantRow &) const = default;
};

/// The version of the results file's schema.
constexpr int kSweepStoreVersion = 1;

class SweepStore
{
public:
    /// Creates a results file for `spec` (refuses an existing file unless `replace`).
    static SweepStore create(const std::string &path, const SweepSpec &spec, bool replace);
    /// Opens an existing results file (LoadError naming the file when it is not one).
    static SweepStore open(const std::string &path);

    SweepStore(SweepStore &&) noexcept;
    SweepStore &operator=(SweepStore &&) noexcept;
    ~SweepStore();

    const std::string &path() const;
    /// The spec stored in the file (read back with sweepSpecFromJson).
    SweepSpec spec() const;
    std::string specDigest() const;
    size_t variantCount() const;

    /// Extra facts (Slurm job ids, the shard a file holds, …): key → text.
    std::string meta(const std::string &key) const;
    void setMeta(const std::string &key, const std::string &value);

    /// The indexes already written.
    std::set<size_t> writtenIndexes() const;
    size_t rowCount() const;
    /// Writes rows in one transaction: all of them or none. A row whose index is already there
    /// must be identical to it (else LoadError: two runs disagree).
    void write(const std::vector<VariantRow> &rows);
    /// Every row, by index.
    std::vector<VariantRow> rows() const;

private:
    struct State;
    explicit SweepStore(std::unique_ptr<State> state);
    std::unique_ptr<State> mState;
};

/// The rows as CSV: index, status, feasible, every axis, every figure (full precision), the
/// violations and the error; one header line.
std::string sweepRowsCsv(const SweepSpec &spec, const std::vector<VariantRow> &rows);

} // namespace cp
