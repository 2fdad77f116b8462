#pragma once

// The figures a sweep records for every variant: the headline figures an architect ranks designs
// by, each read from the results JSON (docs/results.md) with its P10/P90 where the engine gives
// one. Constraints and objectives name one of them, or any number in the results JSON by its
// JSON pointer.

#include <map>
#include <string>
#include <vector>

namespace cp {

struct Design;

struct SweepFigure
{
    const char *name;    ///< the column name, e.g. "facility_mw"
    const char *key;     ///< its figure-table key, which is its place in the results JSON ("power.facility_kw_total")
    double scale;        ///< the results JSON's value × scale (kW → MW)
    bool banded;         ///< the results JSON has NAME_p10 and NAME_p90 beside it
    const char *label;   ///< for charts and tables, with the unit
};

/// Every recorded figure, in the order tables show them.
const std::vector<SweepFigure> &sweepFigures();
const SweepFigure *findSweepFigure(const std::string &name);

/// Why `figure` cannot be named in a constraint or an objective (empty when it can): a known
/// name, or a JSON pointer ("/power/pue").
std::string sweepFigureProblem(const std::string &figure);

/// A readable label for a figure name or pointer.
std::string sweepFigureLabel(const std::string &figure);

/// The variant's figures: every sweepFigures() entry (and its _p10/_p90) the results hold, the
/// hall's area, and every pointer in `extra` (constraints and objectives named by pointer; one
/// the figure table lacks is read from the whole results JSON). A figure the results lack (no
/// performance without a workload) is left out.
struct Results;
std::map<std::string, double> sweepFiguresOf(const Results &results, const Design &design,
                                             const std::vector<std::string> &extra);

} // namespace cp
