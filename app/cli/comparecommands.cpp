// compare: two to six designs side by side, with the report and the bill of materials.

#include "clicommon.h"
#include "commands.h"

#include "model/analysis/comparison.h"
#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/cost/cost.h"
#include "model/engine/evaluation.h"
#include "model/io/projectfile.h"
#include "model/io/resultsjson.h"
#ifdef CP_HAVE_REPORT
#include "report/report.h"
#endif

#include <nlohmann/json.hpp>

#include <iostream>

namespace cp::cli {

int cmdCompare(const std::vector<std::string> &argv, const cp::Catalog &catalog)
{
    const Args a = parse(argv, {"--bom", "--report"}, {"--json"});
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
        cp::Results results = cp::evaluate(design, own);
        all.push_back({std::move(design), std::move(results)});
    }
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
            cp::report::ReportDesign d{all[i].design.name, a.positional[i], &all[i].results, {}};
            // The revision history of a project (FILE.cplan or FILE.cplan#SCENARIO).
            std::string file = a.positional[i];
            if (const size_t hash = file.find(".cplan#"); hash != std::string::npos)
                file.resize(hash + 6);
            if (endsWith(file, ".cplan"))
                d.revisions = cp::ProjectFile::load(file).revisions;
            designs.push_back(std::move(d));
        }
        writeFileAtomically(reportPath, pdf ? cp::report::pdfReport(designs) : cp::report::htmlReport(designs));
    }
#endif
    if (a.flag("--json")) {
        nlohmann::json out = nlohmann::json::array();
        for (size_t i = 0; i < all.size(); ++i)
            out.push_back({{"file", a.positional[i]}, {"design", all[i].design.name},
                           {"results", cp::resultsToJson(all[i].results)}});
        printJson(out, a.positional.front());
        return 0;
    }
    // The key figures, their better values marked: the same rows as the report's first table.
    std::vector<cp::ComparedDesign> compared;
    for (const Evaluated &e : all)
        compared.push_back({e.design.name, &e.results});
    std::cout << cp::keyFiguresText(cp::compareDesigns(compared));
    return 0;
}


} // namespace cp::cli
