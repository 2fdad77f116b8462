#pragma once

#include <string_view>
#include <vector>

namespace cp {

struct Results;

/// Which way a figure is better; `Neither` for figures that are a trade-off (rack density, size).
enum class Better { Neither, Higher, Lower };

/// How a figure appears in the results JSON (docs/results.md).
enum class FigureJson {
    None,          ///< not in the results JSON: a figure derived from several others
    Integer,       ///< a whole number, written by resultsToJson from this table
    Real,          ///< a floating-point number, written by resultsToJson from this table
    IntegerOrNull, ///< a whole number, or null when the design has none; written from this table
    Estimate,      ///< in the JSON, but written with the training estimate (estimateToJson)
};

/// Which part of the evaluation a figure needs; without it the figure is absent (and not in the JSON).
enum class FigureNeeds {
    Nothing,
    Performance, ///< a feasible training estimate (performance.available)
    Reliability, ///< the reliability model ran (reliability.available)
};

/// When a design has a figure the comparison shows, beyond what it needs.
enum class FigurePresent {
    Always,
    Positive,      ///< only a value above zero means something
    CostAvailable, ///< the cost model ran (cost.available)
    CostPositive,  ///< the cost model ran and the value is above zero
};

/// One place a figure is shown: its words and how its value is scaled and rounded there.
struct FigureView
{
    std::string_view label = {}; ///< empty when the figure is not shown there
    std::string_view unit = {}; ///< beside the value (the Results dock's unit column, the CLI's suffix)
    double scale = 1.0;     ///< shown value = read value × scale / per (100 for a share in %)
    double per = 1.0;       ///< (1e6 for $M, 1000 for MW from kW); two factors so each shown value is
                            ///< computed as the outputs always did (a product or a quotient)
    int decimals = 0;       ///< digits after the point; 0 with an integer figure: a whole number
};

/// One scalar figure of the results: where it lives in the results JSON, how to read it from
/// Results, which way is better, and how each output names and formats it.
struct Figure
{
    std::string_view key = {}; ///< results JSON path ("performance.mfu"); "derived.NAME" for a derived figure
    FigureJson json = FigureJson::None;
    double (*read)(const Results &) = nullptr; ///< in the JSON's unit; NaN when the design has none
    FigureNeeds needs = FigureNeeds::Nothing;
    FigurePresent present = FigurePresent::Always;
    Better better = Better::Neither;
    std::string_view source = {};    ///< for a derived figure: the JSON keys it is computed from
    std::string_view missing = "-"; ///< shown when the design has none
    std::string_view note = {};      ///< for a figure the model cannot compute: says so
    FigureView brief = {};  ///< the key-figures table (`compare`, the report's first table); label with its unit
    FigureView detail = {}; ///< the comparison dimensions; when its label is empty, `brief` is used
    FigureView dock = {};   ///< the Results dock (label, unit column, grouped integer or decimals)
    FigureView text = {};   ///< `cluster-planner-cli evaluate` (label, unit after the value)

    /// The comparison's view: `detail` when it has a label, else `brief`.
    const FigureView &comparisonView() const { return detail.label.empty() ? brief : detail; }
    /// Whether the design's results carry this figure (what it needs was evaluated).
    bool available(const Results &r) const;
    /// The value as the comparison sees it, in JSON units: NaN when absent or not `present`.
    double value(const Results &r) const;
    /// The results JSON object (first part of the key) and name (the rest), for a JSON figure.
    std::string_view jsonSection() const;
    std::string_view jsonName() const;
};

/// Every scalar figure, in the order of docs/results.md's sections. Keys are unique.
const std::vector<Figure> &figures();

/// The figure of `key`; throws std::out_of_range for an unknown key (a programming error).
const Figure &figure(std::string_view key);
/// The figure of `key`, or nullptr when there is none.
const Figure *findFigure(std::string_view key);

} // namespace cp
