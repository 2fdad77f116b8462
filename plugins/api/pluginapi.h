#pragma once

// The Qt side of the plugin interface: the root object every plugin library exports.
// A plugin is a Qt plugin (QPluginLoader) whose root object implements cp::Plugin and carries
//   Q_PLUGIN_METADATA(IID CP_PLUGIN_IID FILE "plugin.json")
//   Q_INTERFACES(cp::Plugin)
// The IID carries the interface version: the registry refuses a plugin built for another one.

#include "model/io/plugin.h"

#include <QtPlugin>

#include <string>
#include <vector>

/// Interface id with its version. Bump the number whenever model/plugin.h or this file changes
/// in a way that breaks binary compatibility (a changed virtual, a changed model struct).
#define CP_PLUGIN_IID "org.clusterplanner.Plugin/1"

namespace cp {

/// The object a plugin library exports: it starts up, then hands out the objects it provides.
/// The objects stay owned by the plugin and live as long as the registry that loaded it.
class Plugin
{
public:
    virtual ~Plugin() = default;

    /// Called once after loading. Returns false, with `error` set, to refuse to start (a missing
    /// data file, an unsupported environment); the registry then unloads the plugin.
    virtual bool initialize(std::string &error)
    {
        (void)error;
        return true;
    }

    virtual std::vector<const TopologyGenerator *> generators() const { return {}; }
    virtual std::vector<const Importer *> importers() const { return {}; }
    virtual std::vector<const Exporter *> exporters() const { return {}; }
};

} // namespace cp

Q_DECLARE_INTERFACE(cp::Plugin, CP_PLUGIN_IID)
