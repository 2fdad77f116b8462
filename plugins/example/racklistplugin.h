#pragma once

#include "pluginapi.h"

#include <QObject>

namespace cp {

/// Exports one tab-separated line per rack: id, row, catalog id, position and what it holds.
class RackListExporter final : public Exporter
{
public:
    std::string id() const override { return "rack-list"; }
    std::string name() const override { return "Rack list (tab-separated)"; }
    std::string description() const override { return "One line per rack: id, row, rack type, x, y, devices."; }
    std::vector<ExportedFile> exportDesign(const Design &design, const Catalog &catalog) const override;
};

/// The example plugin: one exporter, nothing to initialise.
class RackListPlugin final : public QObject, public Plugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CP_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(cp::Plugin)

public:
    std::vector<const Exporter *> exporters() const override { return {&mExporter}; }

private:
    RackListExporter mExporter;
};

} // namespace cp
