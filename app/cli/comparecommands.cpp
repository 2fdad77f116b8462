// compare: two to six designs side by side, with the report and the bill of materials.

#include "clicommon.h"
#include "commands.h"

#include "model/analysis/assumedstack.h"
#include "model/analysis/comparison.h"
#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/cost/cost.h"
#include "model/engine/evaluation.h"
#include "model/io/projectfile.h"
#include "model/io/resultsjson.h"
#include "model/analysis/likeforlike.h"
#include "model/analysis/rangetable.h"
#include "model/cost/uncertainty.h"
#include "model/training/publishedruns.h"
#ifdef CP_HAVE_REPORT
#include "report/report.h"
#include "translations/translator.h"
#endif

#include <nlohmann/json.hpp>

#include <cmath>

#include <iostream>
#include <stdexcept>

namespace cp::cli {

namespace {

/// The part records a comparison quotes, as `compare --json` states them (docs/cost.md).
nlohmann::json partRatioJson(const std::vector<cp::PartRatioRecord> &records)
{
    nlohmann::json out = nlohmann::json::array();
    for (const cp::PartRatioRecord &r : records)
        out.push_back({{"a", r.partA},
                       {"b", r.partB},
                       {"pairs", r.pairs},
                       {"stacks", r.stacks},
                       {"lowest", r.lowest},
                       {"median", r.median},
                       {"highest", r.highest},
                       {"model_lean_pct", r.modelLeanPct()},
                       {"text", cp::partRatioText(r)}});
    return out;
}

/// The stack fields the designs assumed (docs/report.md): per field, each design's effect (null
/// where it gave the field or the field does not apply) and the rows whose leader it changes.
nlohmann::json assumedStackJson(const std::vector<cp::AssumedStackRow> &rows, const cp::Comparison &comparison)
{
    nlohmann::json out = nlohmann::json::array();
    for (const cp::AssumedStackRow &row : rows) {
        nlohmann::json effects = nlohmann::json::array();
        for (const std::optional<cp::AssumptionEffect> &e : row.effects)
            effects.push_back(!e ? nlohmann::json(nullptr)
                                 : nlohmann::json{{"runs", e->runs},
                                                  {"throughput_change", e->runs ? nlohmann::json(e->throughputChange)
                                                                                : nlohmann::json(nullptr)}});
        nlohmann::json changes = nlohmann::json::array();
        for (const cp::LeadChange &c : row.leadChanges)
            changes.push_back({{"key", c.key},
                               {"label", c.label},
                               {"leader", comparison.designs[size_t(c.before)]},
                               {"leader_with_alternative", comparison.designs[size_t(c.after)]}});
        out.push_back({{"field", row.field},
                       {"assumed", row.assumed},
                       {"alternative", row.alternative},
                       {"effects", effects},
                       {"lead_changes", changes}});
    }
    return out;
}

} // namespace

int cmdCompare(const std::vector<std::string> &argv, const cp::Catalog &catalog)
{
    const Args a = parse(argv, {"--bom", "--report", "--lang"}, {"--json", "--same-workload"});
    const std::string reportPath = a.option("--report");
    const bool pdf = reportPath.size() > 4 && lowerCase(reportPath.substr(reportPath.size() - 4)) == ".pdf";
    if (a.options.count("--report")) {
        const bool html = reportPath.size() > 5 && lowerCase(reportPath.substr(reportPath.size() - 5)) == ".html";
        if (!html && !pdf)
            usageError("--report needs a file ending in .html or .pdf, got \"" + reportPath + "\"");
#ifndef CP_HAVE_REPORT
        usageError("--report is unavailable: this build has no report writer (it needs the GUI libraries, "
                   "CP_BUILD_GUI=ON)");
#endif
    }
    const std::string language = a.options.count("--lang") ? a.option("--lang") : "en";
    if (a.options.count("--lang") && !a.options.count("--report"))
        usageError("--lang chooses the report's language: it needs --report");
#ifdef CP_HAVE_REPORT
    if (!cp::i18n::knownLanguage(language)) {
        std::string known;
        for (const std::string &l : cp::i18n::languages())
            known += (known.empty() ? "" : ", ") + l;
        usageError("--lang \"" + language + "\" is not a language of this build (" + known + ")");
    }
#endif
    if (a.positional.size() < 2 || a.positional.size() > 6)
        usageError("compare needs 2 to 6 design FILEs");
    struct Evaluated
    {
        cp::Design design;
        cp::Results results;
    };
    std::vector<Evaluated> all;
    for (const std::string &path : a.positional) {
        cp::Catalog own = catalog; // each project brings its own embedded prices
        cp::Design design = loadDesign(path, own);
        // Like for like: every design trains the first one's workload.
        if (a.flag("--same-workload") && !all.empty())
            design.workload = all.front().design.workload;
        cp::Results results = cp::evaluate(design, own);
        all.push_back({std::move(design), std::move(results)});
    }
    std::vector<cp::ComparedSide> sides;
    for (const Evaluated &e : all)
        sides.push_back(cp::comparedSide(e.design.name, e.design, e.results));
    const std::vector<std::string> warnings = cp::likeForLikeWarnings(sides);
    // Designs on different accelerators: the model's measured error on the ratio between their parts.
    std::vector<std::string> parts;
    for (const Evaluated &e : all)
        if (e.results.performance.available)
            parts.push_back(e.results.performance.spec.cluster.gpu.id);
    const std::vector<cp::PartRatioRecord> partRecords = cp::partRatioRecords(parts);
    if (!a.option("--bom").empty()) {
        std::vector<std::pair<std::string, const cp::CostResults *>> rows;
        for (const Evaluated &e : all)
            rows.emplace_back(e.design.name, &e.results.cost);
        writeFileAtomically(a.option("--bom"), cp::bomToCsv(rows));
    }
#ifdef CP_HAVE_REPORT
    if (!reportPath.empty()) {
        std::vector<cp::report::ReportDesign> designs;
        for (size_t i = 0; i < all.size(); ++i) {
            cp::report::ReportDesign d{all[i].design.name, a.positional[i], &all[i].results, {}, sides[i]};
            // The revision history of a project (FILE.cplan or FILE.cplan#SCENARIO).
            std::string file = a.positional[i];
            if (const size_t hash = file.find(".cplan#"); hash != std::string::npos)
                file.resize(hash + 6);
            if (endsWith(file, ".cplan"))
                d.revisions = cp::ProjectFile::load(file).revisions;
            designs.push_back(std::move(d));
        }
        cp::report::ReportOptions options;
        options.language = cp::i18n::canonicalLanguage(language);
        std::string bytes;
        try {
            bytes = pdf ? cp::report::pdfReport(designs, options) : cp::report::htmlReport(designs, options);
        } catch (const std::runtime_error &e) {
            // The report could not be made (no Chinese font, a translation missing): say which file.
            throw std::runtime_error(reportPath + ": " + e.what());
        }
        writeFileAtomically(reportPath, bytes);
    }
#endif
    if (a.flag("--json")) {
        // The key figures as the table prints them: each design's shown value, whether it is the
        // row's better one, and whether the draws settle that (`*` / `~` in the table).
        std::vector<cp::ComparedDesign> comparedJson;
        for (const Evaluated &e : all)
            comparedJson.push_back({e.design.name, &e.results});
        const cp::Comparison table = cp::compareDesigns(comparedJson);
        const nlohmann::json stack = assumedStackJson(cp::assumedStackRows(comparedJson, table), table);
        nlohmann::json out = nlohmann::json::array();
        for (size_t i = 0; i < all.size(); ++i) {
            // The probability that this design (A) beats each other (B) per headline figure, over
            // paired draws of the cost Monte Carlo (common random numbers when the seeds agree).
            nlohmann::json better = nlohmann::json::array();
            for (size_t j = 0; j < all.size(); ++j) {
                if (j == i)
                    continue;
                nlohmann::json figures = nlohmann::json::object();
                for (const std::string &key : cp::comparableFigures()) {
                    const double p = cp::probabilityABetter(all[i].results.cost.uncertainty,
                                                            all[j].results.cost.uncertainty, key);
                    figures[key] = std::isnan(p) ? nlohmann::json(nullptr) : nlohmann::json(p);
                }
                better.push_back({{"b", a.positional[j]}, {"b_design", all[j].design.name}, {"figures", figures}});
            }
            nlohmann::json keyFigures = nlohmann::json::array();
            for (const cp::ComparisonRow &row : table.keyFigures) {
                const cp::ComparisonCell &c = row.cells[i];
                keyFigures.push_back({{"key", row.key}, {"figure", row.figure}, {"label", row.label},
                                      {"shown", c.text}, {"best", c.best}, {"settled", c.best && c.settled}});
            }
            const cp::ComparedSide &side = sides[i];
            out.push_back({{"file", a.positional[i]}, {"design", all[i].design.name},
                           {"side", {{"accelerator", side.accelerator}, {"generation", side.generation}, {"workload", side.workload},
                                     {"tokens", side.tokens}, {"precision", side.precision},
                                     {"seq_len", side.seqLen}, {"policy", side.policy}}},
                           {"like_for_like_warnings", warnings},
                           {"part_ratio", partRatioJson(partRecords)},
                           {"assumed_stack", stack},
                           {"p_a_better", better},
                           {"key_figures", keyFigures},
                           {"results", cp::resultsToJson(all[i].results)}});
        }
        printJson(out, a.positional.front());
        return 0;
    }
    // The key figures, their better values marked: the same rows as the report's first table.
    std::vector<cp::ComparedDesign> compared;
    for (const Evaluated &e : all)
        compared.push_back({e.design.name, &e.results});
    std::cout << cp::comparedSidesText(sides);
    if (!partRecords.empty()) {
        std::cout << "The model's error on the ratio between these parts, in neither design's band (docs/validation.md, "
                     "\"Between two parts\"):\n";
        for (const cp::PartRatioRecord &r : partRecords)
            std::cout << "  " << cp::partRatioText(r) << "\n";
    }
    const cp::Comparison comparison = cp::compareDesigns(compared);
    std::cout << "\n" << cp::keyFiguresText(comparison);
    // The training stack the designs assumed, and the rows whose leader it decides.
    if (const std::string stack = cp::assumedStackText(cp::assumedStackRows(compared, comparison), comparison);
        !stack.empty())
        std::cout << "\n" << stack;
    // The ranges of the headline figures, and the probability that the first design is better.
    std::cout << "\n" << cp::rangesText(compared);
    return 0;
}


} // namespace cp::cli
