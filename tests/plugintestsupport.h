#pragma once

// Loads the plugins built in this tree (CP_PLUGIN_DIR) once per test program, through the real
// registry, so every plugin test also exercises discovery, the version check and loading.

#include "pluginregistry.h"

#include <QtTest>

namespace cptest {

inline cp::PluginRegistry &builtPlugins()
{
    static cp::PluginRegistry registry;
    static bool loaded = false;
    if (!loaded) {
        registry.loadFrom({CP_PLUGIN_DIR});
        loaded = true;
    }
    return registry;
}

} // namespace cptest
