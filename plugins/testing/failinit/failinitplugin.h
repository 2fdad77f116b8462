#pragma once

#include "pluginapi.h"

#include <QObject>

namespace cp {

/// A test plugin whose initialize() fails (and one that throws, chosen by an environment variable).
class FailInitPlugin final : public QObject, public Plugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CP_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(cp::Plugin)

public:
    bool initialize(std::string &error) override;
};

} // namespace cp
