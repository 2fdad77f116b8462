// new, validate, export, import, import-devicetypes and catalog: designs and files.

#include "clicommon.h"
#include "commands.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "model/generate/templates.h"
#include "model/io/designjson.h"
#include "model/io/outputfolder.h"
#include "pluginregistry.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <iomanip>
#include <iostream>
#include <stdexcept>

namespace cp::cli {

namespace {

/// A built-in template, or else a topology generator plugin of that id.
cp::Design generateDesign(const cp::TemplateOptions &options, const cp::Catalog &catalog)
{
    cp::PluginRegistry plugins;
    plugins.loadStandard();
    return plugins.generate(options, catalog);
}

/// `export FILE --format ID -o DIR`: an exporter plugin writes its files into DIR.
int cmdExportWith(const Args &a, cp::Catalog catalog)
{
    const std::string format = a.option("--format");
    const std::string dir = a.option("-o");
    if (a.positional.size() != 1 || dir.empty())
        usageError("export needs FILE --format FORMAT -o DIR");
    cp::PluginRegistry plugins;
    plugins.loadStandard();
    reportPluginProblems(plugins);
    const cp::Exporter *exporter = plugins.exporter(format);
    if (!exporter) {
        std::string known;
        for (const cp::Exporter *e : plugins.exporters())
            known += (known.empty() ? "" : ", ") + e->id();
        usageError("no exporter \"" + format + "\" (available: " + (known.empty() ? std::string("none") : known) + ")");
    }
    const cp::Design design = loadDesign(a.positional[0], catalog);
    std::vector<cp::ExportedFile> files;
    try {
        files = exporter->exportDesign(design, catalog);
    } catch (const std::runtime_error &e) {
        throw Failure{1, a.positional[0] + ": " + e.what()};
    }
    std::vector<cp::OutputFolderFile> out;
    for (cp::ExportedFile &f : files)
        out.push_back({std::move(f.name), std::move(f.content)});
    try {
        cp::writeOutputFolder(dir, out, "cluster-planner-cli export --format " + format);
    } catch (const cp::LoadError &e) {
        throw Failure{3, e.what()};
    }
    std::cout << dir << ": " << files.size() << " files (" << exporter->name() << ")\n";
    return 0;
}


} // namespace

int cmdNew(const std::vector<std::string> &argv, const cp::Catalog &catalog)
{
    std::vector<std::string> valued = kTemplateOptionNames;
    valued.insert(valued.end(), {"-o", "--output"});
    const Args a = parse(argv, valued, {"--replace"});
    if (!a.positional.empty())
        usageError("new takes no positional argument");
    const std::string out = a.option("-o").empty() ? a.option("--output") : a.option("-o");
    if (out.empty())
        usageError("new needs -o FILE");
    const cp::TemplateOptions options = templateOptions(a);
    cp::Design design;
    try {
        design = generateDesign(options, catalog);
    } catch (const std::invalid_argument &e) {
        throw Failure{1, e.what()};
    }
    saveDesign(out, design, catalog, "Generated from the " + options.kind + " template", a.flag("--replace"));
    const cp::Results r = cp::evaluate(design, catalog);
    std::cout << out << ": " << design.name << " — " << r.inventory.gpusTotal << " GPUs, "
              << r.inventory.racksTotal << " racks\n";
    return 0;
}

int cmdValidate(const std::vector<std::string> &argv, cp::Catalog catalog)
{
    const Args a = parse(argv, {}, {});
    if (a.positional.size() != 1)
        usageError("validate needs exactly one FILE");
    const cp::Design design = loadDesign(a.positional[0], catalog);
    cp::Problems problems = cp::validate(design, catalog);
    // The design rules that need the evaluation are checked too: its errors (a rack over its
    // power limit, a unit over capacity, heat no unit takes) and the warnings that say a sound
    // design cannot train (goodput, days to train).
    if (!cp::hasErrors(problems))
        for (const cp::Problem &p : cp::evaluate(design, catalog).problems)
            if (p.severity == cp::Severity::Error || p.place == "reliability.goodput" ||
                p.place == "reliability.effective_time_to_train_days")
                problems.push_back(p);
    for (const auto &p : problems)
        std::cout << a.positional[0] << ": " << p.place << ": " << cp::severityName(p.severity) << ": "
                  << p.message << "\n";
    if (const size_t errors = cp::errorCount(problems); errors > 0)
        throw Failure{1, a.positional[0] + ": " + std::to_string(errors) + " error(s) in the design"};
    std::cout << a.positional[0] << ": valid (" << problems.size() << " warning(s))\n";
    return 0;
}

int cmdExport(const std::vector<std::string> &argv, cp::Catalog catalog)
{
    const Args a = parse(argv, {"--json", "--format", "-o"}, {});
    if (!a.option("--format").empty())
        return cmdExportWith(a, catalog);
    if (a.positional.size() != 1 || a.option("--json").empty())
        usageError("export needs FILE --json OUT");
    const cp::Design design = loadDesign(a.positional[0], catalog);
    try {
        cp::exportDesignJson(design, catalog, a.option("--json"));
    } catch (const cp::LoadError &e) {
        throw Failure{3, e.what()};
    }
    return 0;
}

int cmdImport(const std::vector<std::string> &argv, cp::Catalog catalog)
{
    const Args a = parse(argv, {"-o", "--output"}, {"--replace"});
    const std::string out = a.option("-o").empty() ? a.option("--output") : a.option("-o");
    if (a.positional.size() != 1 || out.empty())
        usageError("import needs IN.json -o OUT.cplan");
    const cp::Design design = cp::importDesignJson(a.positional[0], catalog);
    const cp::Problems problems = cp::validate(design, catalog);
    if (cp::hasErrors(problems)) {
        for (const auto &p : problems)
            std::cerr << a.positional[0] << ": " << p.place << ": " << p.message << "\n";
        throw Failure{1, a.positional[0] + ": the design has errors; nothing was written"};
    }
    saveDesign(out, design, catalog, "Imported from " + a.positional[0], a.flag("--replace"));
    return 0;
}

int cmdCatalog(const std::vector<std::string> &argv, const cp::Catalog &catalog)
{
    const Args a = parse(argv, {}, {"--json"});
    if (a.flag("--json")) {
        std::cout << catalog.toJson().dump(2) << "\n";
        return 0;
    }
    for (const auto &e : catalog.entries())
        std::cout << std::left << std::setw(12) << cp::partKindName(e.kind) << std::setw(22) << e.id << e.name << "\n";
    return 0;
}

/// `import-devicetypes YAML_OR_DIR... -o CATALOG.json`: NetBox device types into a user catalog.
int cmdImportDeviceTypes(const std::vector<std::string> &argv, const cp::Catalog &catalog)
{
    const Args a = parse(argv, {"-o", "--output"}, {});
    const std::string out = a.option("-o").empty() ? a.option("--output") : a.option("-o");
    if (a.positional.empty() || out.empty())
        usageError("import-devicetypes needs YAML_OR_DIR... -o CATALOG.json");
    cp::PluginRegistry plugins;
    plugins.loadStandard();
    reportPluginProblems(plugins);
    const cp::Importer *importer = plugins.importer("netbox-devicetypes");
    if (!importer)
        throw Failure{1, "the NetBox plugin is not installed (see cluster-planner-cli plugins)"};
    const cp::ImportResult r = importer->importFiles(a.positional, catalog);
    for (const cp::Problem &p : r.notes)
        std::cout << p.place << ": " << cp::severityName(p.severity) << ": " << p.message << "\n";
    writeFileAtomically(out, r.catalog.toJson().dump(2) + "\n");
    std::cout << out << ": " << r.catalog.size() << " catalog entries\n";
    return 0;
}

} // namespace cp::cli
