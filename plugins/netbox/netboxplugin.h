#pragma once

#include "netboxexporter.h"
#include "pluginapi.h"

#include <QObject>

namespace cp {

/// Provides the NetBox CSV exporter and the NetBox device-type importer.
class NetBoxPlugin final : public QObject, public Plugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CP_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(cp::Plugin)

public:
    std::vector<const Importer *> importers() const override { return {&mImporter}; }
    std::vector<const Exporter *> exporters() const override { return {&mExporter}; }

private:
    NetBoxCsvExporter mExporter;
    NetBoxDeviceTypeImporter mImporter;
};

} // namespace cp
