#include "model/sweep/sweepfigures.h"

#include "model/core/design.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace cp {

using json = nlohmann::json;

const std::vector<SweepFigure> &sweepFigures()
{
    static const std::vector<SweepFigure> figures = {
        {"gpus_total", "/inventory/gpus_total", 1.0, false, "GPUs installed"},
        {"racks_total", "/inventory/racks_total", 1.0, false, "Racks"},
        {"facility_mw", "/power/facility_kw_total", 1e-3, false, "Facility power (MW)"},
        {"it_mw", "/power/it_kw_total", 1e-3, false, "IT power at training load (MW)"},
        {"hall_area_m2", "", 1.0, false, "Hall area (m²)"},
        {"mfu", "/performance/mfu", 1.0, true, "MFU"},
        {"time_to_train_days", "/performance/time_to_train_days", 1.0, true, "Time to train, no failures (days)"},
        {"goodput", "/reliability/goodput", 1.0, true, "Goodput"},
        {"effective_time_to_train_days", "/reliability/effective_time_to_train_days", 1.0, true,
         "Time to train with failures (days)"},
        {"capex_usd", "/cost/capex_usd", 1.0, false, "CAPEX ($)"},
        {"opex_usd_per_year", "/cost/opex_usd_per_year", 1.0, false, "OPEX ($/year)"},
        {"tco_usd", "/cost/tco_usd", 1.0, true, "TCO over life ($)"},
        {"cost_to_train_usd", "/cost/cost_to_train_usd", 1.0, true, "Cost to train ($)"},
        {"cost_per_effective_pflop_hour_usd", "/cost/cost_per_effective_pflop_hour_usd", 1.0, true,
         "Cost per effective PFLOP-hour ($)"},
        {"npv_owning_vs_cloud_usd", "/cost/npv_owning_vs_cloud_usd", 1.0, true, "NPV of owning vs the cloud ($)"},
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

} // namespace

std::map<std::string, double> sweepFiguresOf(const json &results, const Design &design,
                                             const std::vector<std::string> &extra)
{
    std::map<std::string, double> out;
    for (const SweepFigure &f : sweepFigures()) {
        if (std::string(f.name) == "hall_area_m2") {
            out[f.name] = design.hall.widthM * design.hall.depthM;
            continue;
        }
        double v = 0.0;
        if (!numberAt(results, f.pointer, v))
            continue;
        out[f.name] = v * f.scale;
        if (!f.banded)
            continue;
        for (const char *suffix : {"_p10", "_p90"})
            if (numberAt(results, std::string(f.pointer) + suffix, v))
                out[std::string(f.name) + suffix] = v * f.scale;
    }
    for (const std::string &pointer : extra) {
        double v = 0.0;
        if (!pointer.empty() && pointer[0] == '/' && numberAt(results, pointer, v))
            out[pointer] = v;
    }
    return out;
}

} // namespace cp
