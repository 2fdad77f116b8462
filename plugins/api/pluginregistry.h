#pragma once

#include "pluginapi.h"
#include "model/core/problem.h"

#include <memory>
#include <string>
#include <vector>

class QPluginLoader;

namespace cp {

/// Finds, checks and loads plugins, and hands out their objects by kind.
///
/// Plugins that cannot be used — another interface version, a file that is no plugin or cannot be
/// loaded, one whose initialize() fails or throws — are refused: the registry records a problem
/// naming the file and the reason (problems(), for the log and the Problems dock) and carries on.
class PluginRegistry
{
public:
    /// A loaded plugin, as its plugin.json describes it.
    struct Info
    {
        std::string file;
        std::string name;
        std::string version;
        std::string description;
        std::vector<std::string> kinds; ///< "generator", "importer", "exporter"
    };

    PluginRegistry();
    ~PluginRegistry();
    PluginRegistry(const PluginRegistry &) = delete;
    PluginRegistry &operator=(const PluginRegistry &) = delete;

    /// The folders searched, in order: $CLUSTER_PLANNER_PLUGIN_PATH (colon-separated), the user's
    /// folder (~/.local/share/cluster-planner/plugins), the install's folder next to the program
    /// (../lib/cluster-planner/plugins), and the build tree's when the program runs from it.
    static std::vector<std::string> standardFolders();
    /// The user's plugin folder (it need not exist).
    static std::string userFolder();

    /// Loads every plugin file in `folders` (missing folders are skipped). A plugin whose file name
    /// or whose name (plugin.json) was already loaded is skipped with a note: earlier folders win,
    /// and a copy under another file name is the same plugin. A plugin offering a generator,
    /// importer or exporter id that an earlier one offers is refused.
    void loadFrom(const std::vector<std::string> &folders);
    /// loadFrom(standardFolders()).
    void loadStandard() { loadFrom(standardFolders()); }

    const std::vector<Info> &plugins() const { return mInfos; }
    /// Refused plugins and notes: place = the file, message = why.
    const Problems &problems() const { return mProblems; }

    std::vector<const TopologyGenerator *> generators() const;
    std::vector<const Importer *> importers() const;
    std::vector<const Exporter *> exporters() const;
    const TopologyGenerator *generator(const std::string &id) const;
    const Importer *importer(const std::string &id) const;
    const Exporter *exporter(const std::string &id) const;

    /// A design from a built-in template (model/generate/templates.h) or, for any other kind, from
    /// the topology generator plugin of that id. Throws std::invalid_argument as the template does
    /// when neither knows the kind.
    Design generate(const TemplateOptions &options, const Catalog &catalog) const;

private:
    void loadFile(const std::string &path);
    /// Why `plugin` cannot join the loaded ones (an id they already provide), or empty.
    std::string clashingId(const Plugin &plugin) const;

    std::vector<std::unique_ptr<QPluginLoader>> mLoaders;
    std::vector<Plugin *> mPlugins;
    std::vector<Info> mInfos;
    Problems mProblems;
};

} // namespace cp
