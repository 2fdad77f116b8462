#pragma once

// The kinds of plugin Cluster Planner loads, as plain C++ interfaces: a plugin library (see
// plugins/api/pluginapi.h) hands out objects of these kinds, and everything they take and return
// is a model value, so they can be tested and used without Qt. docs/plugins.md describes them.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/core/problem.h"
#include "model/generate/templates.h"

#include <string>
#include <vector>

namespace cp {

/// What every plugin object says about itself: an id used on the command line, a display name
/// and a one-line description.
class PluginObject
{
public:
    virtual ~PluginObject() = default;
    virtual std::string id() const = 0;
    virtual std::string name() const = 0;
    virtual std::string description() const = 0;
};

/// Generates a whole design (racks, fabric, power, cooling, workload) from template options.
/// Throws std::invalid_argument with a one-line message for options it cannot build.
class TopologyGenerator : public PluginObject
{
public:
    virtual Design generate(const TemplateOptions &options, const Catalog &catalog) const = 0;
};

/// One file an exporter writes; `name` is relative to the output folder.
struct ExportedFile
{
    std::string name;
    std::string content;
};

/// Writes a design as files for another tool. Throws std::runtime_error naming the problem.
class Exporter : public PluginObject
{
public:
    virtual std::vector<ExportedFile> exportDesign(const Design &design, const Catalog &catalog) const = 0;
};

/// What an importer read: catalog entries, and notes on every figure it assumed or could not find.
struct ImportResult
{
    Catalog catalog;
    Problems notes; ///< place = input file (and item); severity Info, Warning or Error
};

/// Reads parts described in another tool's format into catalog entries. `known` is the catalog the
/// entries will sit beside (for references such as a server's accelerator). Throws LoadError
/// naming the file, the place and the problem.
class Importer : public PluginObject
{
public:
    virtual ImportResult importFiles(const std::vector<std::string> &paths, const Catalog &known) const = 0;
};

} // namespace cp
