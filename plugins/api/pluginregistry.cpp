#include "pluginregistry.h"

#include "model/core/design.h"
#include "model/generate/templates.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonObject>
#include <QLibrary>
#include <QPluginLoader>
#include <QStandardPaths>

#include <cstdlib>
#include <filesystem>

namespace cp {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

std::string ss(const QString &s)
{
    return s.toStdString();
}

/// The folder of the running program, with or without a QCoreApplication (the CLI has none).
std::filesystem::path programDir()
{
    if (QCoreApplication::instance())
        return std::filesystem::path(ss(QCoreApplication::applicationDirPath()));
    std::error_code ec;
    const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::filesystem::current_path(ec) : exe.parent_path();
}

const char *kIidPrefix = "org.clusterplanner.Plugin/";

} // namespace

PluginRegistry::PluginRegistry() = default;

PluginRegistry::~PluginRegistry()
{
    // Plugin objects live in the libraries: forget them before the loaders go. Libraries stay
    // mapped until the process ends (QPluginLoader never unloads on destruction), which keeps
    // any object a caller still holds valid.
    mPlugins.clear();
}

std::string PluginRegistry::userFolder()
{
    QString base = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    if (base.isEmpty())
        base = QDir::homePath() + QStringLiteral("/.local/share");
    return ss(base + QStringLiteral("/cluster-planner/plugins"));
}

std::vector<std::string> PluginRegistry::standardFolders()
{
    std::vector<std::string> folders;
    if (const char *env = std::getenv("CLUSTER_PLANNER_PLUGIN_PATH")) {
        for (const QString &p : QString::fromLocal8Bit(env).split(QLatin1Char(':'), Qt::SkipEmptyParts))
            folders.push_back(ss(p));
    }
    folders.push_back(userFolder());
    const std::filesystem::path dir = programDir();
    folders.push_back((dir / CP_PLUGIN_INSTALL_RELDIR).lexically_normal().string());
#ifdef CP_BUILD_PLUGIN_DIR
    // Running from the build tree (./build/app/...): its freshly built plugins.
    const std::string build = CP_BUILD_DIR;
    if (dir.string().rfind(build, 0) == 0)
        folders.push_back(CP_BUILD_PLUGIN_DIR);
#endif
    return folders;
}

void PluginRegistry::loadFrom(const std::vector<std::string> &folders)
{
    for (const std::string &folder : folders) {
        const QDir dir(qs(folder));
        if (!dir.exists())
            continue;
        const QFileInfoList files = dir.entryInfoList(QDir::Files | QDir::Readable, QDir::Name);
        for (const QFileInfo &f : files) {
            // Only files named like a shared library are candidates; a README or a plugin's data
            // file beside it is not a plugin.
            if (!QLibrary::isLibrary(f.fileName()))
                continue;
            loadFile(ss(f.absoluteFilePath()));
        }
    }
}

void PluginRegistry::loadFile(const std::string &path)
{
    const QString fileName = QFileInfo(qs(path)).fileName();
    for (const Info &info : mInfos)
        if (QFileInfo(qs(info.file)).fileName() == fileName) {
            mProblems.push_back({Severity::Info, path, "skipped: a plugin of the same name was loaded from " + info.file});
            return;
        }
    auto loader = std::make_unique<QPluginLoader>(qs(path));
    // Read the metadata first: it names the interface version without running any plugin code.
    const QJsonObject meta = loader->metaData();
    if (meta.isEmpty()) {
        mProblems.push_back({Severity::Error, path, "refused: not a Qt plugin or cannot be read ("
                                                        + ss(loader->errorString()) + ")"});
        return;
    }
    const QString iid = meta.value(QStringLiteral("IID")).toString();
    if (iid != QLatin1String(CP_PLUGIN_IID)) {
        const std::string why = iid.startsWith(QLatin1String(kIidPrefix))
                                    ? "built for plugin interface " + ss(iid) + ", but this Cluster Planner provides "
                                          + CP_PLUGIN_IID + "; rebuild the plugin against this version"
                                    : "not a Cluster Planner plugin (interface \"" + ss(iid) + "\")";
        mProblems.push_back({Severity::Error, path, "refused: " + why});
        return;
    }
    const QJsonObject data = meta.value(QStringLiteral("MetaData")).toObject();
    Info info;
    info.file = path;
    info.name = ss(data.value(QStringLiteral("name")).toString(fileName));
    info.version = ss(data.value(QStringLiteral("version")).toString());
    info.description = ss(data.value(QStringLiteral("description")).toString());
    // A plugin copied under another file name (or reached through a link) is the same plugin:
    // loading it twice would list every generator and exporter twice.
    for (const Info &loaded : mInfos)
        if (loaded.name == info.name) {
            mProblems.push_back({Severity::Info, path, "skipped: the plugin \"" + info.name
                                                           + "\" is already loaded from " + loaded.file});
            return;
        }

    QObject *root = loader->instance();
    if (!root) {
        mProblems.push_back({Severity::Error, path, "refused: cannot load (" + ss(loader->errorString()) + ")"});
        return;
    }
    Plugin *plugin = qobject_cast<Plugin *>(root);
    if (!plugin) {
        mProblems.push_back({Severity::Error, path, "refused: its root object does not implement cp::Plugin"});
        loader->unload();
        return;
    }
    std::string error;
    bool ok = false;
    try {
        ok = plugin->initialize(error);
    } catch (const std::exception &e) {
        error = std::string("initialisation threw: ") + e.what();
    } catch (...) {
        error = "initialisation threw an unknown exception";
    }
    if (!ok) {
        mProblems.push_back({Severity::Error, path, "refused: " + info.name + " failed to initialise: "
                                                        + (error.empty() ? std::string("no reason given") : error)});
        loader->unload();
        return;
    }
    if (const std::string clash = clashingId(*plugin); !clash.empty()) {
        mProblems.push_back({Severity::Error, path, "refused: " + clash});
        loader->unload();
        return;
    }
    if (!plugin->generators().empty())
        info.kinds.push_back("generator");
    if (!plugin->importers().empty())
        info.kinds.push_back("importer");
    if (!plugin->exporters().empty())
        info.kinds.push_back("exporter");
    mInfos.push_back(std::move(info));
    mPlugins.push_back(plugin);
    mLoaders.push_back(std::move(loader));
}

std::string PluginRegistry::clashingId(const Plugin &plugin) const
{
    for (const TopologyGenerator *g : plugin.generators())
        if (generator(g->id()))
            return "its generator \"" + g->id() + "\" is already provided by another plugin";
    for (const Importer *i : plugin.importers())
        if (importer(i->id()))
            return "its importer \"" + i->id() + "\" is already provided by another plugin";
    for (const Exporter *e : plugin.exporters())
        if (exporter(e->id()))
            return "its exporter \"" + e->id() + "\" is already provided by another plugin";
    return {};
}

std::vector<const TopologyGenerator *> PluginRegistry::generators() const
{
    std::vector<const TopologyGenerator *> all;
    for (const Plugin *p : mPlugins)
        for (const TopologyGenerator *g : p->generators())
            all.push_back(g);
    return all;
}

std::vector<const Importer *> PluginRegistry::importers() const
{
    std::vector<const Importer *> all;
    for (const Plugin *p : mPlugins)
        for (const Importer *i : p->importers())
            all.push_back(i);
    return all;
}

std::vector<const Exporter *> PluginRegistry::exporters() const
{
    std::vector<const Exporter *> all;
    for (const Plugin *p : mPlugins)
        for (const Exporter *e : p->exporters())
            all.push_back(e);
    return all;
}

const TopologyGenerator *PluginRegistry::generator(const std::string &id) const
{
    for (const TopologyGenerator *g : generators())
        if (g->id() == id)
            return g;
    return nullptr;
}

const Importer *PluginRegistry::importer(const std::string &id) const
{
    for (const Importer *i : importers())
        if (i->id() == id)
            return i;
    return nullptr;
}

const Exporter *PluginRegistry::exporter(const std::string &id) const
{
    for (const Exporter *e : exporters())
        if (e->id() == id)
            return e;
    return nullptr;
}

Design PluginRegistry::generate(const TemplateOptions &options, const Catalog &catalog) const
{
    try {
        return generateTemplate(options, catalog);
    } catch (const std::invalid_argument &) {
        if (const TopologyGenerator *g = generator(options.kind))
            return g->generate(options, catalog);
        throw;
    }
}

} // namespace cp
