#pragma once

#include "model/io/plugin.h"

namespace cp {

/// Writes a design as the CSV files NetBox's bulk import takes, one per object type, numbered in
/// the order they must be imported (each refers to objects of the earlier ones by name). Columns
/// are the field names of NetBox 4's import forms (dcim/forms/bulk_import.py).
class NetBoxCsvExporter final : public Exporter
{
public:
    std::string id() const override { return "netbox-csv"; }
    std::string name() const override { return "NetBox bulk-import CSV"; }
    std::string description() const override;
    std::vector<ExportedFile> exportDesign(const Design &design, const Catalog &catalog) const override;
};

/// Reads NetBox device-type YAML files (netbox-community/devicetype-library) into catalog entries:
/// GPU servers, switches and in-rack CDUs. Figures a file lacks are filled by the catalog's
/// documented rules and marked "assumption:" in their source; each is also reported as a note.
class NetBoxDeviceTypeImporter final : public Importer
{
public:
    std::string id() const override { return "netbox-devicetypes"; }
    std::string name() const override { return "NetBox device types (YAML)"; }
    std::string description() const override;
    ImportResult importFiles(const std::vector<std::string> &paths, const Catalog &known) const override;
};

} // namespace cp
