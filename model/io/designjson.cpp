#include "model/io/designjson.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/core/designlimits.h"
#include "model/core/jsontext.h"
#include "model/core/problem.h"
#include "model/io/outputfile.h"
#include "model/cost/uncertainty.h"
#include "model/reliability/policy.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

namespace cp {

using json = nlohmann::json;

namespace {

/// What the system said about the last failed file operation, as " (reason)", or nothing.
std::string systemReason()
{
    return errno != 0 ? " (" + std::string(std::strerror(errno)) + ")" : std::string();
}

/// Reads typed fields out of a JSON object, naming the file and path in every error.
class Reader
{
public:
    Reader(const json &object, std::string origin, std::string path)
        : mObject(object), mOrigin(std::move(origin)), mPath(std::move(path))
    {
        if (!mObject.is_object())
            fail("", "expected an object, found " + std::string(mObject.type_name()));
    }

    [[noreturn]] void fail(const std::string &key, const std::string &message) const
    {
        throw LoadError(mOrigin, at(key), message);
    }
    std::string at(const std::string &key) const
    {
        if (key.empty())
            return mPath.empty() ? std::string("(top level)") : mPath;
        return mPath.empty() ? key : mPath + "." + key;
    }
    bool has(const char *key) const { return mObject.contains(key) && !mObject[key].is_null(); }
    const json &raw(const char *key) const { return mObject[key]; }

    double number(const char *key, double fallback) const
    {
        if (!has(key))
            return fallback;
        const json &v = mObject[key];
        if (!v.is_number())
            fail(key, "expected a number, found " + std::string(v.type_name()));
        const double d = v.get<double>();
        if (!std::isfinite(d))
            fail(key, "must be a finite number");
        return d;
    }
    int integer(const char *key, int fallback) const
    {
        if (!has(key))
            return fallback;
        const json &v = mObject[key];
        if (!v.is_number_integer())
            fail(key, "expected an integer, found " + std::string(v.type_name()));
        const auto i = v.get<long long>();
        if (i < -1000000000LL || i > 1000000000LL)
            fail(key, "integer out of range");
        return int(i);
    }
    std::string string(const char *key, const std::string &fallback) const
    {
        if (!has(key))
            return fallback;
        const json &v = mObject[key];
        if (!v.is_string())
            fail(key, "expected a string, found " + std::string(v.type_name()));
        return v.get<std::string>();
    }
    std::string requiredString(const char *key) const
    {
        if (!has(key))
            fail(key, "missing");
        return string(key, {});
    }
    bool boolean(const char *key, bool fallback) const
    {
        if (!has(key))
            return fallback;
        if (!mObject[key].is_boolean())
            fail(key, "expected true or false, found " + std::string(mObject[key].type_name()));
        return mObject[key].get<bool>();
    }
    const json &array(const char *key) const
    {
        static const json empty = json::array();
        if (!has(key))
            return empty;
        if (!mObject[key].is_array())
            fail(key, "expected an array, found " + std::string(mObject[key].type_name()));
        return mObject[key];
    }
    Reader object(const char *key) const
    {
        static const json empty = json::object();
        return Reader(has(key) ? mObject[key] : empty, mOrigin, at(key));
    }
    /// The object's keys, in the file's order as nlohmann_json keeps it (sorted).
    std::vector<std::string> keys() const
    {
        std::vector<std::string> out;
        for (auto it = mObject.begin(); it != mObject.end(); ++it)
            out.push_back(it.key());
        return out;
    }
    Reader item(const char *key, size_t index) const
    {
        return Reader(mObject[key][index], mOrigin, at(key) + "[" + std::to_string(index) + "]");
    }
    std::vector<std::string> strings(const char *key) const
    {
        std::vector<std::string> out;
        const json &a = array(key);
        for (size_t i = 0; i < a.size(); ++i) {
            if (!a[i].is_string())
                fail(std::string(key) + "[" + std::to_string(i) + "]", "expected a string");
            out.push_back(a[i].get<std::string>());
        }
        return out;
    }

    const std::string &origin() const { return mOrigin; }

private:
    const json &mObject;
    std::string mOrigin;
    std::string mPath;
};

json rangesToJson(const ReliabilitySettings &s)
{
    const auto r = [](const ReliabilitySettings::Range &x) { return json{{"low", x.low}, {"high", x.high}}; };
    return {{"hardware", r(s.hardwareRange)}, {"job", r(s.jobRange)}, {"recovery", r(s.recoveryRange)},
            {"repair", r(s.repairRange)}};
}

/// The uncertain inputs' ranges the design sets (the others take the defaults of model/cost/uncertainty.h).
json financeRangesToJson(const FinanceSettings &s)
{
    json out = json::object();
    for (const auto &[key, range] : s.ranges)
        out[key] = {{"low", range.low}, {"high", range.high}};
    return out;
}

json unitsToJson(const std::vector<FacilityUnit> &units)
{
    json a = json::array();
    for (const auto &u : units)
        a.push_back({{"id", u.id}, {"catalog_id", u.catalogId}, {"x_m", u.xM}, {"y_m", u.yM},
                     {"group", u.group}, {"redundancy", redundancyName(u.redundancy)},
                     {"serves", u.serves}});
    return a;
}

std::vector<FacilityUnit> unitsFromJson(const Reader &r, const char *key)
{
    std::vector<FacilityUnit> out;
    const json &a = r.array(key);
    for (size_t i = 0; i < a.size(); ++i) {
        Reader u = r.item(key, i);
        FacilityUnit f;
        f.id = u.requiredString("id");
        f.catalogId = u.requiredString("catalog_id");
        f.xM = u.number("x_m", 0.0);
        f.yM = u.number("y_m", 0.0);
        f.group = u.string("group", {});
        const std::string red = u.string("redundancy", "N");
        auto parsed = redundancyFromName(red);
        if (!parsed)
            u.fail("redundancy", "unknown redundancy \"" + red + "\" (N, N+1 or 2N)");
        f.redundancy = *parsed;
        f.serves = u.strings("serves");
        out.push_back(std::move(f));
    }
    return out;
}

} // namespace

json designToJson(const Design &d)
{
    json racks = json::array();
    for (const auto &r : d.racks) {
        json contents = json::array();
        for (const auto &m : r.contents) {
            json mj = {{"catalog_id", m.catalogId}, {"u", m.u}, {"count", m.count}};
            if (m.role != SwitchRole::None)
                mj["role"] = switchRoleName(m.role);
            contents.push_back(std::move(mj));
        }
        racks.push_back({{"id", r.id}, {"catalog_id", r.catalogId}, {"x_m", r.xM}, {"y_m", r.yM},
                         {"rotation_deg", r.rotationDeg}, {"row", r.row}, {"contents", contents}});
    }
    const Workload &w = d.workload;
    const Parallelism &p = w.parallelism;
    json design = {
        {"name", d.name},
        {"description", d.description},
        {"hall", {{"name", d.hall.name}, {"width_m", d.hall.widthM}, {"depth_m", d.hall.depthM},
                  {"grid_m", d.hall.gridM}, {"floor_load_kg_per_m2", d.hall.floorLoadKgPerM2}}},
        {"racks", racks},
        {"power_units", unitsToJson(d.powerUnits)},
        {"cooling_units", unitsToJson(d.coolingUnits)},
        {"fabric", {{"topology", topologyName(d.fabric.topology)}, {"tiers", d.fabric.tiers},
                    {"oversubscription", d.fabric.oversubscription},
                    {"switch_id", d.fabric.switchId}, {"nic_id", d.fabric.nicId},
                    {"short_cable_id", d.fabric.shortCableId},
                    {"long_cable_id", d.fabric.longCableId}}},
        {"workload", {{"name", w.name}, {"layers", w.layers}, {"hidden", w.hidden},
                      {"heads", w.heads}, {"kv_heads", w.kvHeads}, {"ffn_hidden", w.ffnHidden},
                      {"vocab", w.vocab}, {"experts", w.experts},
                      {"active_experts", w.activeExperts},
                      {"moe_load_imbalance", w.moeLoadImbalance}, {"seq_len", w.seqLen},
                      {"global_batch_tokens", w.globalBatchTokens > 0 ? json(w.globalBatchTokens) : json("auto")},
                      {"jobs", w.jobs}, {"tokens", w.tokens},
                      {"precision", w.precision}, {"recompute", w.recompute},
                      {"pipeline_schedule", w.pipelineSchedule},
                      {"moe_groups", w.moeGroups}, {"moe_top_groups", w.moeTopGroups},
                      {"moe_dispatcher", w.moeDispatcher}, {"moe_dispatch_precision", w.moeDispatchPrecision},
                      {"expert_ffn_hidden", w.expertFfnHidden}, {"shared_experts", w.sharedExperts},
                      {"mtp_layers", w.mtpLayers},
                      {"attention", w.attention}, {"sequence_parallel", w.sequenceParallel},
                      {"overlap_comm", w.overlapComm}, {"grad_reduce", w.gradReduce},
                      {"parallelism", {{"auto", p.automatic}, {"tp", p.tp}, {"pp", p.pp},
                                       {"dp", p.dp}, {"cp", p.cp}, {"ep", p.ep},
                                       {"microbatch", p.microbatch},
                                       {"interleave", p.interleave}, {"etp", p.etp},
                                       {"zero", p.zero >= 0 ? json(p.zero) : json("auto")}}},
                      {"stack_efficiency", w.stackEfficiency}}},
        {"reliability", {{"gpu_mtbf_hours", d.reliability.gpuMtbfHours},
                         {"node_mtbf_hours", d.reliability.nodeMtbfHours},
                         {"switch_mtbf_hours", d.reliability.switchMtbfHours},
                         {"link_mtbf_hours", d.reliability.linkMtbfHours},
                         {"nic_mtbf_hours", d.reliability.nicMtbfHours},
                         {"software_mtbf_hours", d.reliability.softwareMtbfHours},
                         {"power_unit_mtbf_hours", d.reliability.powerUnitMtbfHours},
                         {"cooling_unit_mtbf_hours", d.reliability.coolingUnitMtbfHours},
                         {"checkpoint_interval_minutes", d.reliability.checkpointIntervalMinutes},
                         {"detect_minutes", d.reliability.detectMinutes},
                         {"restart_minutes", d.reliability.restartMinutes},
                         {"warmup_minutes", d.reliability.warmupMinutes},
                         {"repair_hours", d.reliability.repairHours},
                         {"hot_spares_per_domain", d.reliability.hotSparesPerDomain},
                         {"spare_servers", d.reliability.spareServers},
                         {"policy", d.reliability.policy},
                         {"job_mtbf_hours", d.reliability.jobMtbfHours},
                         {"init_seconds_at_1k", d.reliability.initSecondsAt1k},
                         {"init_exponent", d.reliability.initExponent},
                         {"checkpoint_kind", d.reliability.checkpointKind},
                         {"without_spare", d.reliability.withoutSpare},
                         {"ranges", rangesToJson(d.reliability)}}},
        {"finance", {{"life_years", d.finance.lifeYears},
                     {"energy_usd_per_kwh", d.finance.energyUsdPerKwh}, {"pue", d.finance.pue},
                     {"staff_fte", d.finance.staffFte},
                     {"staff_usd_per_year", d.finance.staffUsdPerYear},
                     {"cloud_usd_per_gpu_hour", d.finance.cloudUsdPerGpuHour},
                     {"utilisation", d.finance.utilisation},
                     {"facility_usd_per_mw", d.finance.facilityUsdPerMw},
                     {"colocation_usd_per_kw_month", d.finance.colocationUsdPerKwMonth},
                     {"cooling_air_usd_per_kw", d.finance.coolingAirUsdPerKw},
                     {"cooling_liquid_usd_per_kw", d.finance.coolingLiquidUsdPerKw},
                     {"integration_fraction", d.finance.integrationFraction},
                     {"maintenance_fraction", d.finance.maintenanceFraction},
                     {"software_usd_per_gpu_year", d.finance.softwareUsdPerGpuYear},
                     {"spares_fraction", d.finance.sparesFraction},
                     {"delivery_months", d.finance.deliveryMonths},
                     {"cloud_pricing", cloudPricingName(d.finance.cloudPricing)},
                     {"cloud_reserved_usd_per_gpu_hour", d.finance.cloudReservedUsdPerGpuHour},
                     {"reserved_term_years", d.finance.reservedTermYears},
                     {"discount_rate", d.finance.discountRate},
                     {"ownership", ownershipName(d.finance.ownership)},
                     {"fleet_utilisation", d.finance.fleetUtilisation},
                     {"cloud_price_decline_per_year", d.finance.cloudPriceDeclinePerYear},
                     {"facility_life_years", d.finance.facilityLifeYears},
                     {"ranges", financeRangesToJson(d.finance)},
                     {"uncertainty_seed", d.finance.uncertaintySeed},
                     {"uncertainty_draws", d.finance.uncertaintyDraws}}},
    };
    return {{"format", "cluster-planner-design"}, {"version", kDesignJsonVersion}, {"design", design}};
}

namespace {

/// The "hall" object.
void hallFromJson(const Reader &r, Design &d)
{
    Reader h = r.object("hall");
    d.hall.name = h.string("name", d.hall.name);
    d.hall.widthM = h.number("width_m", d.hall.widthM);
    d.hall.depthM = h.number("depth_m", d.hall.depthM);
    d.hall.gridM = h.number("grid_m", d.hall.gridM);
    d.hall.floorLoadKgPerM2 = h.number("floor_load_kg_per_m2", d.hall.floorLoadKgPerM2);
}

/// The "racks" array with their contents.
void racksFromJson(const Reader &r, Design &d)
{
    const json &racks = r.array("racks");
    d.racks.reserve(racks.size());
    for (size_t i = 0; i < racks.size(); ++i) {
        Reader rr = r.item("racks", i);
        Rack rack;
        rack.id = rr.requiredString("id");
        rack.catalogId = rr.requiredString("catalog_id");
        rack.xM = rr.number("x_m", 0.0);
        rack.yM = rr.number("y_m", 0.0);
        rack.rotationDeg = rr.number("rotation_deg", 0.0);
        rack.row = rr.string("row", {});
        const json &contents = rr.array("contents");
        for (size_t m = 0; m < contents.size(); ++m) {
            Reader mr = rr.item("contents", m);
            Mount mount;
            mount.catalogId = mr.requiredString("catalog_id");
            mount.u = mr.integer("u", 1);
            mount.count = mr.integer("count", 1);
            const std::string role = mr.string("role", "none");
            auto parsed = switchRoleFromName(role);
            if (!parsed)
                mr.fail("role", "unknown role \"" + role + "\"");
            mount.role = *parsed;
            rack.contents.push_back(std::move(mount));
        }
        d.racks.push_back(std::move(rack));
    }
}

/// The "fabric" object.
void fabricFromJson(const Reader &r, Design &d)
{
    Reader f = r.object("fabric");
    const std::string topo = f.string("topology", topologyName(d.fabric.topology));
    auto parsed = topologyFromName(topo);
    if (!parsed)
        f.fail("topology", "unknown topology \"" + topo + "\" (rail-optimized or leaf-spine)");
    d.fabric.topology = *parsed;
    d.fabric.tiers = f.integer("tiers", 0);
    const json &o = f.array("oversubscription");
    for (size_t i = 0; i < o.size(); ++i) {
        if (!o[i].is_number())
            f.fail("oversubscription[" + std::to_string(i) + "]", "expected a number");
        d.fabric.oversubscription.push_back(o[i].get<double>());
    }
    d.fabric.switchId = f.string("switch_id", {});
    d.fabric.nicId = f.string("nic_id", {});
    d.fabric.shortCableId = f.string("short_cable_id", {});
    d.fabric.longCableId = f.string("long_cable_id", {});
}

/// The "workload" object and its parallelism.
void workloadFromJson(const Reader &r, Design &d)
{
    Reader w = r.object("workload");
    Workload &wl = d.workload;
    wl.name = w.string("name", wl.name);
    wl.layers = w.integer("layers", wl.layers);
    wl.hidden = w.integer("hidden", wl.hidden);
    wl.heads = w.integer("heads", wl.heads);
    wl.kvHeads = w.integer("kv_heads", wl.kvHeads);
    wl.ffnHidden = w.integer("ffn_hidden", wl.ffnHidden);
    wl.vocab = w.integer("vocab", wl.vocab);
    wl.experts = w.integer("experts", wl.experts);
    wl.activeExperts = w.integer("active_experts", wl.activeExperts);
    wl.moeLoadImbalance = w.number("moe_load_imbalance", wl.moeLoadImbalance);
    wl.seqLen = w.integer("seq_len", wl.seqLen);
    if (w.has("global_batch_tokens") && w.raw("global_batch_tokens").is_string()) {
        if (w.string("global_batch_tokens", "") != "auto")
            w.fail("global_batch_tokens", "must be a number of tokens or \"auto\"");
        wl.globalBatchTokens = 0.0;
    } else {
        wl.globalBatchTokens = w.number("global_batch_tokens", wl.globalBatchTokens);
        if (wl.globalBatchTokens < 0)
            w.fail("global_batch_tokens", "must not be negative (0 or \"auto\": follows the GPU count)");
    }
    wl.jobs = w.integer("jobs", wl.jobs);
    if (wl.jobs < 1)
        w.fail("jobs", "must be at least 1");
    wl.tokens = w.number("tokens", wl.tokens);
    wl.precision = w.string("precision", wl.precision);
    wl.recompute = w.string("recompute", wl.recompute);
    wl.pipelineSchedule = w.string("pipeline_schedule", wl.pipelineSchedule);
    wl.moeGroups = w.integer("moe_groups", wl.moeGroups);
    wl.moeTopGroups = w.integer("moe_top_groups", wl.moeTopGroups);
    wl.moeDispatcher = w.string("moe_dispatcher", wl.moeDispatcher);
    wl.moeDispatchPrecision = w.string("moe_dispatch_precision", wl.moeDispatchPrecision);
    wl.expertFfnHidden = w.integer("expert_ffn_hidden", wl.expertFfnHidden);
    wl.sharedExperts = w.integer("shared_experts", wl.sharedExperts);
    wl.mtpLayers = w.integer("mtp_layers", wl.mtpLayers);
    wl.attention = w.string("attention", wl.attention);
    wl.sequenceParallel = w.string("sequence_parallel", wl.sequenceParallel);
    wl.overlapComm = w.string("overlap_comm", wl.overlapComm);
    wl.gradReduce = w.string("grad_reduce", wl.gradReduce);
    Reader p = w.object("parallelism");
    Parallelism &pl = wl.parallelism;
    pl.automatic = p.boolean("auto", pl.automatic);
    pl.tp = p.integer("tp", pl.tp);
    pl.pp = p.integer("pp", pl.pp);
    pl.dp = p.integer("dp", pl.dp);
    pl.cp = p.integer("cp", pl.cp);
    pl.ep = p.integer("ep", pl.ep);
    pl.microbatch = p.integer("microbatch", pl.microbatch);
    pl.interleave = p.integer("interleave", pl.interleave);
    pl.etp = p.integer("etp", pl.etp);
    if (p.has("zero") && p.raw("zero").is_string()) {
        if (p.string("zero", "") != "auto")
            p.fail("zero", "must be 0, 1, 2, 3 or \"auto\"");
        pl.zero = -1;
    } else {
        pl.zero = p.integer("zero", pl.zero);
    }
    wl.stackEfficiency = w.number("stack_efficiency", wl.stackEfficiency);
    if (wl.stackEfficiency <= 0 || wl.stackEfficiency > 1)
        w.fail("stack_efficiency", "must be more than 0 and at most 1 (1 = a tuned stack)");
}

/// The "reliability" object.
void reliabilityFromJson(const Reader &r, Design &d)
{
    Reader rel = r.object("reliability");
    ReliabilitySettings &s = d.reliability;
    s.gpuMtbfHours = rel.number("gpu_mtbf_hours", s.gpuMtbfHours);
    s.nodeMtbfHours = rel.number("node_mtbf_hours", s.nodeMtbfHours);
    s.switchMtbfHours = rel.number("switch_mtbf_hours", s.switchMtbfHours);
    s.linkMtbfHours = rel.number("link_mtbf_hours", s.linkMtbfHours);
    s.nicMtbfHours = rel.number("nic_mtbf_hours", s.nicMtbfHours);
    s.softwareMtbfHours = rel.number("software_mtbf_hours", s.softwareMtbfHours);
    s.powerUnitMtbfHours = rel.number("power_unit_mtbf_hours", s.powerUnitMtbfHours);
    s.coolingUnitMtbfHours = rel.number("cooling_unit_mtbf_hours", s.coolingUnitMtbfHours);
    s.checkpointIntervalMinutes = rel.number("checkpoint_interval_minutes", s.checkpointIntervalMinutes);
    s.detectMinutes = rel.number("detect_minutes", s.detectMinutes);
    s.restartMinutes = rel.number("restart_minutes", s.restartMinutes);
    s.warmupMinutes = rel.number("warmup_minutes", s.warmupMinutes);
    s.repairHours = rel.number("repair_hours", s.repairHours);
    s.hotSparesPerDomain = rel.integer("hot_spares_per_domain", s.hotSparesPerDomain);
    s.spareServers = rel.integer("spare_servers", s.spareServers);
    if (s.spareServers < 0)
        rel.fail("spare_servers", "must not be negative");
    // Files written before policies existed: their own times ("custom"), all software causes
    // per GPU and no job-level cause, so that they evaluate as they did.
    const bool before = !rel.has("policy");
    s.policy = rel.string("policy", before ? "custom" : s.policy);
    if (!resolvePolicy(s))
        rel.fail("policy", "must be " + policyNames());
    if (!rel.has("job_mtbf_hours")) {
        s.jobMtbfHours = 0.0;
        if (!rel.has("software_mtbf_hours"))
            s.softwareMtbfHours = 337000.0;
    }
    s.jobMtbfHours = rel.number("job_mtbf_hours", s.jobMtbfHours);
    s.initSecondsAt1k = rel.number("init_seconds_at_1k", before ? 0.0 : s.initSecondsAt1k);
    s.initExponent = rel.number("init_exponent", s.initExponent);
    s.checkpointKind = rel.string("checkpoint_kind", s.checkpointKind);
    if (!checkpointKindFromName(s.checkpointKind))
        rel.fail("checkpoint_kind", "must be \"blocking\", \"async\" or \"in-memory\"");
    s.withoutSpare = rel.string("without_spare", s.withoutSpare);
    if (!withoutSpareFromName(s.withoutSpare))
        rel.fail("without_spare", "must be \"shrink\" or \"wait\"");
    Reader ranges = rel.object("ranges");
    for (auto &[name, range] : {std::pair<const char *, ReliabilitySettings::Range *>{"hardware", &s.hardwareRange},
                                {"job", &s.jobRange}, {"recovery", &s.recoveryRange}, {"repair", &s.repairRange}}) {
        Reader r2 = ranges.object(name);
        range->low = r2.number("low", range->low);
        range->high = r2.number("high", range->high);
        if (!(range->low > 0 && range->low <= 1.0))
            r2.fail("low", "must be more than 0 and at most 1 (a factor on the typical value)");
        if (!(range->high >= 1.0 && range->high <= 100.0))
            r2.fail("high", "must be between 1 and 100 (a factor on the typical value)");
    }
}

/// finance.ranges: a factor range per uncertain input, by its key (model/cost/uncertainty.h).
void financeRangesFromJson(const Reader &fin, FinanceSettings &s)
{
    Reader ranges = fin.object("ranges");
    for (const std::string &key : ranges.keys()) {
        if (!costInputByKey(key)) {
            std::string known;
            for (const CostInputSpec &spec : costInputs())
                known += (known.empty() ? "" : ", ") + std::string(spec.key);
            ranges.fail(key, "unknown uncertain input (one of " + known + ")");
        }
        Reader r2 = ranges.object(key.c_str());
        FactorRange range{r2.number("low", 1.0), r2.number("high", 1.0)};
        if (!(range.low > 0 && range.low <= 1.0))
            r2.fail("low", "must be more than 0 and at most 1 (a factor on the typical value)");
        if (!(range.high >= 1.0 && range.high <= 100.0))
            r2.fail("high", "must be between 1 and 100 (a factor on the typical value)");
        s.ranges[key] = range;
    }
}

/// The "finance" object.
void financeFromJson(const Reader &r, Design &d)
{
    Reader fin = r.object("finance");
    FinanceSettings &s = d.finance;
    s.lifeYears = fin.number("life_years", s.lifeYears);
    s.energyUsdPerKwh = fin.number("energy_usd_per_kwh", s.energyUsdPerKwh);
    s.pue = fin.number("pue", s.pue);
    s.staffFte = fin.number("staff_fte", s.staffFte);
    s.staffUsdPerYear = fin.number("staff_usd_per_year", s.staffUsdPerYear);
    s.cloudUsdPerGpuHour = fin.number("cloud_usd_per_gpu_hour", s.cloudUsdPerGpuHour);
    s.utilisation = fin.number("utilisation", s.utilisation);
    s.facilityUsdPerMw = fin.number("facility_usd_per_mw", s.facilityUsdPerMw);
    s.colocationUsdPerKwMonth = fin.number("colocation_usd_per_kw_month", s.colocationUsdPerKwMonth);
    s.coolingAirUsdPerKw = fin.number("cooling_air_usd_per_kw", s.coolingAirUsdPerKw);
    s.coolingLiquidUsdPerKw = fin.number("cooling_liquid_usd_per_kw", s.coolingLiquidUsdPerKw);
    s.integrationFraction = fin.number("integration_fraction", s.integrationFraction);
    s.maintenanceFraction = fin.number("maintenance_fraction", s.maintenanceFraction);
    s.softwareUsdPerGpuYear = fin.number("software_usd_per_gpu_year", s.softwareUsdPerGpuYear);
    s.sparesFraction = fin.number("spares_fraction", s.sparesFraction);
    s.deliveryMonths = fin.number("delivery_months", s.deliveryMonths);
    const std::string pricing = fin.string("cloud_pricing", cloudPricingName(s.cloudPricing));
    const auto parsedPricing = cloudPricingFromName(pricing);
    if (!parsedPricing)
        fin.fail("cloud_pricing", "unknown cloud pricing \"" + pricing + "\" (on_demand or reserved)");
    s.cloudPricing = *parsedPricing;
    s.cloudReservedUsdPerGpuHour = fin.number("cloud_reserved_usd_per_gpu_hour", s.cloudReservedUsdPerGpuHour);
    s.reservedTermYears = fin.number("reserved_term_years", s.reservedTermYears);
    if (s.reservedTermYears <= 0 || s.reservedTermYears > 30)
        fin.fail("reserved_term_years", "must be more than 0 and at most 30 years");
    s.discountRate = fin.number("discount_rate", s.discountRate);
    if (s.discountRate < 0 || s.discountRate > 1)
        fin.fail("discount_rate", "must be between 0 and 1 (0.08 = 8 % a year)");
    const std::string owner = fin.string("ownership", ownershipName(s.ownership));
    const auto parsedOwner = ownershipFromName(owner);
    if (!parsedOwner)
        fin.fail("ownership", "unknown ownership \"" + owner + "\" (self_built or cloud_hosted)");
    s.ownership = *parsedOwner;
    s.fleetUtilisation = fin.number("fleet_utilisation", s.fleetUtilisation);
    if (!(s.fleetUtilisation > 0 && s.fleetUtilisation <= 1))
        fin.fail("fleet_utilisation", "must be more than 0 and at most 1 (0.85 = 85 % of the GPU-hours do useful work)");
    s.cloudPriceDeclinePerYear = fin.number("cloud_price_decline_per_year", s.cloudPriceDeclinePerYear);
    if (!(s.cloudPriceDeclinePerYear >= 0 && s.cloudPriceDeclinePerYear <= 0.9))
        fin.fail("cloud_price_decline_per_year", "must be between 0 and 0.9 (0.15 = the price falls 15 % a year)");
    s.facilityLifeYears = fin.number("facility_life_years", s.facilityLifeYears);
    if (!(s.facilityLifeYears >= 1 && s.facilityLifeYears <= 100))
        fin.fail("facility_life_years", "must be between 1 and 100 years");
    s.uncertaintySeed = fin.integer("uncertainty_seed", s.uncertaintySeed);
    s.uncertaintyDraws = fin.integer("uncertainty_draws", s.uncertaintyDraws);
    if (s.uncertaintyDraws < 0 || s.uncertaintyDraws > 100000)
        fin.fail("uncertainty_draws", "must be between 0 and 100,000");
    financeRangesFromJson(fin, s);
}

} // namespace

Design designFromJson(const json &top, const std::string &origin)
{
    Reader root(top, origin, "");
    if (root.string("format", {}) != "cluster-planner-design")
        root.fail("format", "not a Cluster Planner design (expected \"format\": \"cluster-planner-design\")");
    const int version = root.integer("version", -1);
    if (version < 1)
        root.fail("version", "missing or not a positive integer");
    if (version > kDesignJsonVersion)
        root.fail("version", "design format version " + std::to_string(version)
                                 + " is newer than this program reads ("
                                 + std::to_string(kDesignJsonVersion) + "); update Cluster Planner");
    if (!root.has("design"))
        root.fail("design", "missing");
    Reader r = root.object("design");

    Design d;
    d.name = r.string("name", d.name);
    d.description = r.string("description", {});
    hallFromJson(r, d);
    racksFromJson(r, d);
    d.powerUnits = unitsFromJson(r, "power_units");
    d.coolingUnits = unitsFromJson(r, "cooling_units");
    fabricFromJson(r, d);
    workloadFromJson(r, d);
    // Version 1 stored a recomputation that the evaluation never applied (the search chose it):
    // read as "auto", the design keeps the figures it showed (docs/file-format.md).
    if (version < 2)
        d.workload.recompute = "auto";
    reliabilityFromJson(r, d);
    financeFromJson(r, d);
    return d;
}

Design designFromJsonText(const std::string &text, const std::string &origin)
{
    const json j = parseJsonText(text, origin);
    return designFromJson(j, origin);
}

/// The catalog entries a design refers to, directly or through a node's accelerator and NIC.
Catalog usedCatalogEntries(const Design &design, const Catalog &catalog)
{
    std::set<std::string> ids;
    for (const auto &r : design.racks) {
        ids.insert(r.catalogId);
        for (const auto &m : r.contents)
            ids.insert(m.catalogId);
    }
    for (const auto &u : design.powerUnits)
        ids.insert(u.catalogId);
    for (const auto &u : design.coolingUnits)
        ids.insert(u.catalogId);
    for (const auto &id : {design.fabric.switchId, design.fabric.nicId, design.fabric.shortCableId,
                           design.fabric.longCableId})
        if (!id.empty())
            ids.insert(id);
    // Follow references (a server names its accelerator and NIC) until closed.
    std::vector<std::string> pending(ids.begin(), ids.end());
    while (!pending.empty()) {
        const std::string id = pending.back();
        pending.pop_back();
        if (const CatalogEntry *e = catalog.find(id))
            for (const auto &[key, target] : e->refs)
                if (ids.insert(target).second)
                    pending.push_back(target);
    }
    Catalog used;
    for (const auto &id : ids)
        if (const CatalogEntry *e = catalog.find(id))
            used.put(*e);
    return used;
}

void exportDesignJson(const Design &design, const Catalog &catalog, const std::string &path)
{
    json j = designToJson(design);
    j["catalog"] = usedCatalogEntries(design, catalog).toJson();
    // All or nothing, never through a device or over a link (model/io/outputfile.h).
    writeOutputFile(path, j.dump(2) + "\n");
}

Design importDesignJson(const std::string &path, Catalog &catalog)
{
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw LoadError(path, "", "cannot open the file" + systemReason());
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    const json j = parseJsonText(text, path);
    Design design = designFromJson(j, path);
    if (j.is_object() && j.contains("catalog")) {
        Catalog embedded = Catalog::fromJson(j["catalog"], path + " (catalog)");
        Catalog merged = catalog;
        merged.merge(embedded, path);
        catalog = std::move(merged);
    }
    if (const auto tooLarge = limitProblem(design, catalog)) // docs/robustness.md
        throw LoadError(path, "design." + tooLarge->place, tooLarge->message);
    return design;
}

} // namespace cp
