#include "model/sweep/sweepfigures.h"

#include "model/analysis/figures.h"
#include "model/core/design.h"
#include "model/core/problem.h"
#include "model/engine/results.h"
#include "model/io/resultsjson.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <memory>

namespace cp {

using json = nlohmann::json;

const std::vector<SweepFigure> &sweepFigures()
{
    static const std::vector<SweepFigure> figures = {
        {"gpus_total", "inventory.gpus_total", 1.0, false, CP_TR_NOOP("cp::report::Charts", "GPUs installed")},
        {"racks_total", "inventory.racks_total", 1.0, false, CP_TR_NOOP("cp::report::Charts", "Racks")},
        {"facility_mw", "power.facility_kw_total", 1e-3, false, CP_TR_NOOP("cp::report::Charts", "Facility power (MW)")},
        {"it_mw", "power.it_kw_total", 1e-3, false, CP_TR_NOOP("cp::report::Charts", "IT power at training load (MW)")},
        {"hall_area_m2", "", 1.0, false, CP_TR_NOOP("cp::report::Charts", "Hall area (m²)")},
        {"mfu", "performance.mfu", 1.0, true, CP_TR_NOOP("cp::report::Charts", "MFU")},
        {"time_to_train_days", "performance.time_to_train_days", 1.0, true, CP_TR_NOOP("cp::report::Charts", "Time to train, no failures (days)")},
        {"goodput", "reliability.goodput", 1.0, true, CP_TR_NOOP("cp::report::Charts", "Goodput")},
        {"effective_time_to_train_days", "reliability.effective_time_to_train_days", 1.0, true,
         CP_TR_NOOP("cp::report::Charts", "Time to train with failures (days)")},
        {"capex_usd", "cost.capex_usd", 1.0, false, CP_TR_NOOP("cp::report::Charts", "CAPEX ($)")},
        {"opex_usd_per_year", "cost.opex_usd_per_year", 1.0, false, CP_TR_NOOP("cp::report::Charts", "OPEX ($/year)")},
        {"tco_usd", "cost.tco_usd", 1.0, true, CP_TR_NOOP("cp::report::Charts", "TCO over life ($)")},
        {"cost_to_train_usd", "cost.cost_to_train_usd", 1.0, true, CP_TR_NOOP("cp::report::Charts", "Cost to train ($)")},
        {"cost_per_effective_pflop_hour_usd", "cost.cost_per_effective_pflop_hour_usd", 1.0, true,
         CP_TR_NOOP("cp::report::Charts", "Cost per effective PFLOP-hour ($)")},
        {"npv_owning_vs_cloud_usd", "cost.npv_owning_vs_cloud_usd", 1.0, true, CP_TR_NOOP("cp::report::Charts", "NPV of owning vs the cloud ($)")},
    };
    return figures;
}

const SweepFigure *findSweepFigure(const std::string &name)
{
    for (const SweepFigure &f : sweepFigures())
        if (name == f.name)
            return &f;
    return nullptr;
}

std::string sweepFigureProblem(const std::string &figure)
{
    if (findSweepFigure(figure))
        return {};
    if (!figure.empty() && figure[0] == '/') {
        try {
            (void)json::json_pointer(figure);
            return {};
        } catch (const json::exception &) {
            return "\"" + figure + "\" is not a JSON pointer";
        }
    }
    std::string known;
    for (const SweepFigure &f : sweepFigures())
        known += (known.empty() ? "" : ", ") + std::string(f.name);
    return "unknown figure \"" + figure + "\" (" + known + ", or a JSON pointer into the results such as /power/pue)";
}

std::string sweepFigureLabel(const std::string &figure)
{
    if (const SweepFigure *f = findSweepFigure(figure))
        return f->label;
    return figure;
}

namespace {

/// The figure table's entry of `key` ("cost.tco_usd"), or null.
const Figure *tableFigure(const std::string &key)
{
    for (const Figure &f : figures())
        if (f.key == key)
            return &f;
    return nullptr;
}

/// A table figure's value when the results carry it.
bool tableValue(const Results &results, const std::string &key, double &out)
{
    const Figure *f = tableFigure(key);
    if (!f || !f->read || !f->available(results))
        return false;
    out = f->read(results);
    return std::isfinite(out);
}

bool numberAt(const json &results, const std::string &pointer, double &out)
{
    try {
        const json::json_pointer p(pointer);
        if (!results.contains(p))
            return false;
        const json &v = results.at(p);
        if (v.is_boolean()) {
            out = v.get<bool>() ? 1.0 : 0.0;
            return true;
        }
        if (!v.is_number())
            return false;
        out = v.get<double>();
        return std::isfinite(out);
    } catch (const json::exception &) {
        return false;
    }
}

/// "/power/pue" → "power.pue".
std::string keyOf(const std::string &pointer)
{
    std::string key = pointer.substr(1);
    for (char &c : key)
        if (c == '/')
            c = '.';
    return key;
}

} // namespace

std::map<std::string, double> sweepFiguresOf(const Results &results, const Design &design,
                                             const std::vector<std::string> &extra)
{
    std::map<std::string, double> out;
    for (const SweepFigure &f : sweepFigures()) {
        if (std::string(f.name) == "hall_area_m2") {
            out[f.name] = design.hall.widthM * design.hall.depthM;
            continue;
        }
        double v = 0.0;
        if (!tableValue(results, f.key, v))
            continue;
        out[f.name] = v * f.scale;
        if (!f.banded)
            continue;
        for (const char *suffix : {"_p10", "_p90"})
            if (tableValue(results, std::string(f.key) + suffix, v))
                out[std::string(f.name) + suffix] = v * f.scale;
    }
    // A job that never finishes (goodput 0: every failure waits for a repair) has no time to
    // train; the results JSON says 0 days, which an objective to minimise would call the best.
    if (const auto g = out.find("goodput"); g != out.end() && g->second <= 0.0)
        for (const char *name : {"effective_time_to_train_days", "effective_time_to_train_days_p10",
                                 "effective_time_to_train_days_p90"})
            out.erase(name);
    std::unique_ptr<json> whole; // built only for a pointer the table lacks
    for (const std::string &pointer : extra) {
        if (pointer.empty() || pointer[0] != '/')
            continue;
        double v = 0.0;
        if (tableFigure(keyOf(pointer))) {
            if (tableValue(results, keyOf(pointer), v))
                out[pointer] = v;
            continue;
        }
        if (!whole)
            whole = std::make_unique<json>(resultsToJson(results));
        if (numberAt(*whole, pointer, v))
            out[pointer] = v;
    }
    return out;
}

} // namespace cp
