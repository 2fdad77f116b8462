#pragma once

#include "pluginapi.h"
#include "simulatorexporters.h"

#include <QObject>

namespace cp {

/// Provides the Calculon and ASTRA-sim exporters.
class SimulatorsPlugin final : public QObject, public Plugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CP_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(cp::Plugin)

public:
    std::vector<const Exporter *> exporters() const override { return {&mCalculon, &mAstraSim}; }

private:
    CalculonExporter mCalculon;
    AstraSimExporter mAstraSim;
};

} // namespace cp
