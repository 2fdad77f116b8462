#pragma once

#include "pluginapi.h"

#include <QObject>

namespace cp {

/// A test plugin that declares an older interface version: the registry must refuse it before
/// running any of its code.
class WrongVersionPlugin final : public QObject, public Plugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID "org.clusterplanner.Plugin/0" FILE "plugin.json")
    Q_INTERFACES(cp::Plugin)
};

} // namespace cp
