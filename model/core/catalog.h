#pragma once

#include "model/core/problem.h"

#include <nlohmann/json_fwd.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cp {

/// The kinds of part a catalog holds; each kind has its own required figures.
enum class PartKind {
    Accelerator,
    Server,
    Supernode,
    Switch,
    Nic,
    Cable,
    Storage,
    Rack,
    Pdu,
    Busway,
    Ups,
    Crah,
    RearDoor,
    Cdu,
};

const char *partKindName(PartKind kind);
std::optional<PartKind> partKindFromName(const std::string &name);
/// Every kind, in the order the palette lists them.
const std::vector<PartKind> &allPartKinds();

bool isPowerKind(PartKind kind);
bool isCoolingKind(PartKind kind);
/// Kinds that can be mounted inside a rack.
bool isMountableKind(PartKind kind);

/// One part with its figures, each figure with the public source it comes from.
struct CatalogEntry
{
    std::string id;
    PartKind kind = PartKind::Accelerator;
    std::string name;
    std::string vendor;
    std::map<std::string, double> figures;        ///< numeric specs; units in the key names
    std::map<std::string, std::string> attributes; ///< textual specs (cooling, medium, fabric)
    std::map<std::string, std::string> refs;       ///< ids of other entries (accelerator, nic)
    std::map<std::string, std::string> sources;    ///< figure key -> source; "*" covers the rest

    double figure(const std::string &key, double fallback = 0.0) const;
    bool hasFigure(const std::string &key) const { return figures.count(key) != 0; }
    std::string attribute(const std::string &key, const std::string &fallback = {}) const;
    std::string ref(const std::string &key) const;
    /// The source of a figure, or of the entry as a whole; empty if none is given.
    std::string sourceOf(const std::string &key) const;

    bool operator==(const CatalogEntry &) const = default;
};

/// A part's power at training load in W: its catalog typical figure, else its nameplate (power_max_w,
/// else power_w) times `utilisation`.
double partTypicalW(const CatalogEntry &e, double utilisation);
/// A part's nameplate power in W (power_max_w, else power_w; 0 without either).
double partNameplateW(const CatalogEntry &e);
/// A part's idle power in W: its catalog idle figure, else its training-load power (storage and
/// the like are counted as not idling down).
double partIdleW(const CatalogEntry &e, double utilisation);

/// The figures every entry of a kind must carry.
const std::vector<std::string> &requiredFigures(PartKind kind);
/// The references (to other entries) every entry of a kind must carry, with the kind they name.
const std::vector<std::pair<std::string, PartKind>> &requiredRefs(PartKind kind);

/// Parts by id. The shipped default catalog plus any user catalogs loaded beside it.
class Catalog
{
public:
    Catalog() = default;

    /// Loads the default catalog that ships with the program (compiled in).
    static Catalog builtin();
    /// Parses a catalog file; throws LoadError naming the file, the entry and the problem.
    static Catalog fromFile(const std::string &path);
    /// Parses catalog JSON text; `origin` names the input in messages.
    static Catalog fromJsonText(const std::string &text, const std::string &origin);
    static Catalog fromJson(const nlohmann::json &json, const std::string &origin);

    nlohmann::json toJson() const;

    /// Adds or replaces entries from another catalog (a user catalog beside the default).
    /// The merged catalog is checked as a whole; on error nothing changes and LoadError is thrown.
    void merge(const Catalog &other, const std::string &origin);

    const CatalogEntry *find(const std::string &id) const;
    const CatalogEntry &at(const std::string &id) const; ///< throws std::out_of_range
    bool contains(const std::string &id) const { return find(id) != nullptr; }
    std::vector<const CatalogEntry *> ofKind(PartKind kind) const;
    const std::vector<CatalogEntry> &entries() const { return mEntries; }
    size_t size() const { return mEntries.size(); }

    /// Adds one entry (used by the project loader); replaces an entry with the same id.
    void put(CatalogEntry entry);

    bool operator==(const Catalog &other) const { return mEntries == other.mEntries; }

private:
    void reindex();
    /// Checks every entry's figures, sources and references; throws LoadError.
    void check(const std::string &origin) const;

    std::vector<CatalogEntry> mEntries;
    std::map<std::string, size_t> mIndex;
};

} // namespace cp
