#pragma once

#include "pluginapi.h"
#include "railonlygenerator.h"

#include <QObject>

namespace cp {

/// Provides the rail-only topology generator.
class RailOnlyPlugin final : public QObject, public Plugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CP_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(cp::Plugin)

public:
    std::vector<const TopologyGenerator *> generators() const override { return {&mGenerator}; }

private:
    RailOnlyGenerator mGenerator;
};

} // namespace cp
