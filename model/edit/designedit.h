#pragma once

#include "model/core/design.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cp {

class Catalog;

/// Inserts, removals and in-place changes of one list of a design (racks or units), reversible.
/// Applying: changes first (indexes in the old list), then removals (old indexes), then inserts
/// (indexes in the new list). Reverting runs the same steps backwards.
template<typename T>
struct ListPatch
{
    struct Change
    {
        size_t index = 0;
        T before;
        T after;
    };
    std::vector<Change> changed;                 ///< ascending index
    std::vector<std::pair<size_t, T>> removed;   ///< ascending index in the old list
    std::vector<std::pair<size_t, T>> inserted;  ///< ascending index in the new list

    bool empty() const { return changed.empty() && removed.empty() && inserted.empty(); }
    /// True when only items in place changed: indexes of every other item stay valid.
    bool changesOnly() const { return removed.empty() && inserted.empty(); }
    void apply(std::vector<T> &list) const;
    void revert(std::vector<T> &list) const;
};

/// One reversible edit of a design: what the undo stack keeps. Settings (everything but the
/// racks and units: name, hall, fabric, workload, reliability, finance) are kept as whole
/// designs with empty lists, so fields added to Design later are carried along unchanged.
struct DesignPatch
{
    ListPatch<Rack> racks;
    ListPatch<FacilityUnit> powerUnits;
    ListPatch<FacilityUnit> coolingUnits;
    std::optional<Design> settingsBefore; ///< racks and units empty
    std::optional<Design> settingsAfter;

    bool empty() const;
    void apply(Design &design) const;
    void revert(Design &design) const;
    /// Folds `next` into this patch when both change the same items in place only (consecutive
    /// drags of one selection): this keeps its "before", takes `next`'s "after". False otherwise.
    bool mergeWith(const DesignPatch &next);
};

/// The outcome of planning an edit: a patch to apply, or the reason the edit is refused.
/// Planning never touches the design, so a refused edit leaves it as it was.
///
/// A reason made from a template keeps it, as a Problem does (model/core/problem.h): `errorText`
/// is the template (marked with CP_TR_NOOP("cp::Problems", …)), `errorArgs` what %1, %2, … stand
/// for, and `error` == fillTemplate(errorText, errorArgs). A reason that quotes a problem ("rack
/// "R01": contents[2]: …") has that problem's English message as its last argument, and keeps the
/// problem's own template and arguments in causeText and causeArgs: the window translates the
/// template, and the quoted problem's template for the last argument.
///
/// Which refused() is called: a std::string is a verbatim reason; a string literal (any
/// const char *) is a template, with or without arguments — refused(CP_TR_NOOP("cp::Problems",
/// "nothing to paste"), {}) — so a literal never falls through to the verbatim overload.
struct Edit
{
    DesignPatch patch;
    std::string error;             ///< the reason in English; empty = the edit is valid
    std::string errorText;         ///< its template (CP_TR_NOOP("cp::Problems", …)); empty = `error` is verbatim
    /// What %1, %2, … stand for; with quotesCause, the last is the quoted problem's English message.
    std::vector<std::string> errorArgs;
    /// The reason quotes a problem as its last argument (…: %N): that problem's own template and
    /// arguments, so the window translates it too. quotesCause false: no quoted problem.
    /// causeText empty (a problem without a template): the English message in errorArgs stands.
    bool quotesCause = false;
    std::string causeText;
    std::vector<std::string> causeArgs;

    bool ok() const { return error.empty(); }
    static Edit refused(std::string message);                                  ///< verbatim
    static Edit refused(const char *text, std::vector<std::string> args = {}); ///< from a template
    static Edit refused(const Problem &problem); ///< the problem's message, template kept
    /// A template whose last placeholder is the problem's message (args exclude it).
    static Edit refused(const char *text, std::vector<std::string> args, const Problem &cause);
};

/// Items of a design an edit operates on: indexes into racks, power units and cooling units.
struct Selection
{
    std::vector<int> racks;
    std::vector<int> powerUnits;
    std::vector<int> coolingUnits;

    bool empty() const { return racks.empty() && powerUnits.empty() && coolingUnits.empty(); }
    bool operator==(const Selection &) const = default;
};

/// Where a rack or unit goes; metres.
struct Point
{
    double xM = 0.0;
    double yM = 0.0;
};

/// Snaps a coordinate to the hall's grid (no snapping when the grid is not positive).
double snapToGrid(double valueM, double gridM);

/// An id not yet used by any rack or unit: `prefix` followed by the smallest free number,
/// zero-padded to `width` digits.
std::string uniqueId(const Design &design, const std::string &prefix, int width = 3);

/// A new rack of catalog kind Rack at `at` (snapped to the grid), empty, with a fresh id.
Edit addRack(const Design &design, const Catalog &catalog, const std::string &rackCatalogId, Point at);
/// A new power or cooling unit (decided by the catalog entry's kind) at `at`, serving nothing.
Edit addUnit(const Design &design, const Catalog &catalog, const std::string &unitCatalogId, Point at);
/// Mounts one part (server, supernode, switch, storage) in the lowest free U range of a rack.
Edit mountPart(const Design &design, const Catalog &catalog, int rackIndex, const std::string &partCatalogId);
/// Moves the selection by (dx, dy) metres; the result must stay in the hall.
Edit moveBy(const Design &design, const Selection &selection, double dxM, double dyM);
/// Rotates the selected racks by `degrees` about their own centres (units have no orientation).
Edit rotateBy(const Design &design, const Selection &selection, double degrees);
/// Deletes the selection; racks also leave every unit's "serves" list.
Edit remove(const Design &design, const Selection &selection);
/// Copies of the selection moved by (dx, dy) metres, with new unique ids; feeds between copied
/// units and copied racks are copied too. The copies are appended (existing indexes stay valid).
Edit duplicate(const Design &design, const Selection &selection, double dxM, double dyM);
/// Pastes racks and units (e.g. from the clipboard) with new unique ids, shifted so that their
/// bounding box's top-left corner lands on `at` (snapped). Serves lists keep only pasted racks.
Edit paste(const Design &design, const Catalog &catalog, const std::vector<Rack> &racks,
           const std::vector<FacilityUnit> &powerUnits, const std::vector<FacilityUnit> &coolingUnits, Point at);
/// Repeats the selection `copies` more times, each shifted by (dx, dy) metres from the one
/// before: a selected row stamped into N rows, a pod into N pods. Rows get new names.
Edit stamp(const Design &design, const Selection &selection, int copies, double dxM, double dyM);
/// Connects a power or cooling unit to racks (already fed racks are skipped).
Edit feed(const Design &design, bool power, int unitIndex, const std::vector<int> &rackIndexes);
/// Disconnects racks from a unit.
Edit unfeed(const Design &design, bool power, int unitIndex, const std::vector<int> &rackIndexes);
/// Each rack that no unit of a kind feeds is connected to the nearest unit of that kind.
Edit autoAssignNearest(const Design &design);
/// Replaces one rack by `rack` (id, position, rotation, row, contents); a new id is also changed
/// in every unit's serves list. Refused: empty or duplicate id, unknown catalog ids, a position
/// outside the hall, contents that overlap or do not fit.
Edit changeRack(const Design &design, const Catalog &catalog, int rackIndex, const Rack &rack);
/// Replaces several racks at once (the same field changed on a multi-selection): one patch, each
/// rack checked as changeRack checks it and refused with the first rack's reason. Ids must stay
/// as they are (renaming is one rack at a time); racks left unchanged are skipped.
Edit changeRacks(const Design &design, const Catalog &catalog, const std::vector<std::pair<int, Rack>> &racks);
/// Replaces one power or cooling unit; same checks as for racks, and the model must be a unit of
/// the same kind (power or cooling).
Edit changeUnit(const Design &design, const Catalog &catalog, bool power, int unitIndex, const FacilityUnit &unit);
/// Replaces the settings: everything but racks and units, taken from `settings` (its lists are
/// ignored). Refused when the validation of the settings reports an error.
Edit changeSettings(const Design &design, const Catalog &catalog, const Design &settings);

/// The design with its racks and units removed: the settings part of a patch.
Design settingsOf(const Design &design);

} // namespace cp
