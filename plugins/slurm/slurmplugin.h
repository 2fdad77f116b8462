#pragma once

#include "pluginapi.h"
#include "slurmtopology.h"

#include <QObject>

namespace cp {

/// Provides the Slurm topology exporter.
class SlurmPlugin final : public QObject, public Plugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CP_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(cp::Plugin)

public:
    std::vector<const Exporter *> exporters() const override { return {&mTopology}; }

private:
    SlurmTopologyExporter mTopology;
};

} // namespace cp
