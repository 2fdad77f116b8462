// plugins: what was loaded and what was refused.

#include "clicommon.h"
#include "commands.h"

#include "pluginregistry.h"

#include <nlohmann/json.hpp>

#include <iomanip>
#include <iostream>

namespace cp::cli {

/// `plugins [--json]`: what was loaded, what each provides, and what was refused.
int cmdPlugins(const std::vector<std::string> &argv)
{
    const Args a = parse(argv, {}, {"--json"});
    cp::PluginRegistry plugins;
    plugins.loadStandard();
    if (a.flag("--json")) {
        nlohmann::json out = {{"folders", cp::PluginRegistry::standardFolders()},
                              {"plugins", nlohmann::json::array()},
                              {"generators", nlohmann::json::array()},
                              {"importers", nlohmann::json::array()},
                              {"exporters", nlohmann::json::array()},
                              {"problems", nlohmann::json::array()}};
        for (const auto &p : plugins.plugins())
            out["plugins"].push_back({{"name", p.name}, {"version", p.version}, {"file", p.file}, {"kinds", p.kinds},
                                      {"description", p.description}});
        for (const auto *g : plugins.generators())
            out["generators"].push_back({{"id", g->id()}, {"name", g->name()}});
        for (const auto *i : plugins.importers())
            out["importers"].push_back({{"id", i->id()}, {"name", i->name()}});
        for (const auto *e : plugins.exporters())
            out["exporters"].push_back({{"id", e->id()}, {"name", e->name()}});
        for (const auto &p : plugins.problems())
            out["problems"].push_back({{"severity", cp::severityName(p.severity)}, {"file", p.place}, {"message", p.message}});
        std::cout << out.dump(2) << "\n";
        return 0;
    }
    std::cout << "Plugins (" << plugins.plugins().size() << ")\n";
    for (const auto &p : plugins.plugins())
        std::cout << "  " << p.name << " " << p.version << "  " << p.file << "\n";
    const auto list = [](const char *title, const auto &objects) {
        std::cout << title << "\n";
        for (const auto *o : objects)
            std::cout << "  " << std::left << std::setw(20) << o->id() << o->name() << "\n";
    };
    list("Topology generators (new --template ID)", plugins.generators());
    list("Importers", plugins.importers());
    list("Exporters (export FILE --format ID -o DIR)", plugins.exporters());
    if (!plugins.problems().empty()) {
        std::cout << "Problems\n";
        for (const auto &p : plugins.problems())
            std::cout << "  " << cp::severityName(p.severity) << "  " << p.place << ": " << p.message << "\n";
    }
    return 0;
}


} // namespace cp::cli
