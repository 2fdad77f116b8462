#pragma once

#include "model/edit/designedit.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace cp {

struct CatalogEntry;

/// Checks and id handing shared by the planning functions of the edits (not part of the API).
/// A check's reason is a Problem (an error without a place) made from a message template, so that
/// a refusal passes it on, or quotes it, with its template (Edit::refused).
namespace editsupport {

/// An error without a place from a template marked with CP_TR_NOOP("cp::Problems", …).
Problem reason(const char *text, std::vector<std::string> args = {});
/// A refusal as a problem, to quote in another refusal: its template and arguments. A refusal
/// that itself quotes a problem is passed on as its English text (verbatim, no template): an Edit
/// quotes one problem, not a chain.
Problem reasonOf(const Edit &refusal);

/// `s` in double quotes, for messages.
std::string quoted(const std::string &s);
/// A length in metres with two decimals.
std::string metres(double v);
/// Whether (x, y) is a finite point of the hall floor.
bool insideHall(const Design &design, double x, double y);
/// "position (x, y) m lies outside the W × D m hall".
Problem outsideMessage(const Design &design, double x, double y);
/// Splits "R01-07" into "R01-" and 7 (with 2 digits); an id without a trailing number gets "-".
void splitNumbered(const std::string &id, std::string &prefix, int &width);
/// `prefix` followed by `n` zero-padded to `width` digits.
std::string numbered(const std::string &prefix, long long n, int width);

/// Hands out ids not used by any rack or unit of the design (nor by ids handed out before).
class IdAllocator
{
public:
    explicit IdAllocator(const Design &design)
    {
        mUsed.reserve(design.racks.size() + design.powerUnits.size() + design.coolingUnits.size());
        for (const Rack &r : design.racks)
            mUsed.insert(r.id);
        for (const FacilityUnit &u : design.powerUnits)
            mUsed.insert(u.id);
        for (const FacilityUnit &u : design.coolingUnits)
            mUsed.insert(u.id);
    }

    std::string next(const std::string &prefix, int width)
    {
        long long &n = mNext[prefix];
        std::string id;
        do
            id = numbered(prefix, ++n, width);
        while (mUsed.count(id));
        mUsed.insert(id);
        return id;
    }

    /// A fresh id shaped like `like` ("R01-07" → "R01-08" or the next free number).
    std::string nextLike(const std::string &like)
    {
        std::string prefix;
        int width = 0;
        splitNumbered(like, prefix, width);
        return next(prefix, width);
    }

private:
    std::unordered_set<std::string> mUsed;
    std::unordered_map<std::string, long long> mNext;
};

/// The U ranges [first, last] a rack's contents occupy, and their weight.
struct RackFill
{
    int heightU = 0;
    double maxWeightKg = 0.0;
    double weightKg = 0.0;
    std::vector<std::pair<int, int>> used;
};

/// Rack units one part takes (at least 1).
int partHeightU(const CatalogEntry &part);
/// Checks a rack on its own: its model, its contents (kinds, fit, overlaps, weight). None if sound.
std::optional<Problem> checkRackModelAndContents(const Rack &rack, const Catalog &catalog,
                                                 RackFill *fillOut = nullptr);
/// Whether a rack or unit other than the excepted ones already has `id`.
bool idUsedElsewhere(const Design &design, const std::string &id, const Rack *exceptRack,
                     const FacilityUnit *exceptUnit);
/// None when every index of the selection names an item of the design, else the first bad one.
std::optional<Problem> checkSelection(const Design &design, const Selection &selection);
/// Sorted, without duplicates.
std::vector<int> normalised(std::vector<int> indexes);
/// Each list of the selection sorted, without duplicates.
Selection normalised(const Selection &s);
/// The selection checked (checkSelection) and normalised into `out`; the reason when an index is
/// bad or nothing is selected ("nothing is selected"), else none.
std::optional<Problem> selectedItems(const Design &design, const Selection &selection, Selection &out);
/// The id prefix of a new unit of this catalog kind ("UPS-", "CDU-").
std::string unitPrefix(const CatalogEntry &entry);

} // namespace editsupport
} // namespace cp
