#include "views/plan/items/rackcategory.h"

#include "model/core/catalog.h"
#include "model/core/design.h"

#include <QCoreApplication>

namespace cp::gui {

RackCategory rackCategory(const Rack &rack, const Catalog &catalog)
{
    bool servers = false, supernodes = false, switches = false, storage = false;
    for (const Mount &mount : rack.contents) {
        const CatalogEntry *entry = catalog.find(mount.catalogId);
        if (!entry)
            continue;
        switch (entry->kind) {
        case PartKind::Supernode: supernodes = true; break;
        case PartKind::Server: servers = true; break;
        case PartKind::Switch: switches = true; break;
        case PartKind::Storage: storage = true; break;
        default: break;
        }
    }
    // A compute rack usually carries its top-of-rack switch too; the nodes define it.
    if (supernodes)
        return RackCategory::Supernode;
    if (servers)
        return RackCategory::Compute;
    if (storage)
        return RackCategory::Storage;
    if (switches)
        return RackCategory::Network;
    return RackCategory::Empty;
}

QString rackCategoryName(RackCategory category)
{
    switch (category) {
    case RackCategory::Compute: return QCoreApplication::translate("RackCategory", "GPU servers");
    case RackCategory::Supernode: return QCoreApplication::translate("RackCategory", "Supernode");
    case RackCategory::Network: return QCoreApplication::translate("RackCategory", "Network");
    case RackCategory::Storage: return QCoreApplication::translate("RackCategory", "Storage");
    case RackCategory::Empty: return QCoreApplication::translate("RackCategory", "Empty / other");
    }
    return {};
}

QColor rackCategoryColor(RackCategory category)
{
    // Okabe & Ito (2008), "Color Universal Design": blue, reddish purple, bluish green and
    // yellow stay apart for deuteranopia, protanopia and tritanopia, and apart from the
    // orange of power units and the sky blue of cooling units.
    switch (category) {
    case RackCategory::Compute: return QColor(0x00, 0x72, 0xB2);
    case RackCategory::Supernode: return QColor(0xCC, 0x79, 0xA7);
    case RackCategory::Network: return QColor(0x00, 0x9E, 0x73);
    case RackCategory::Storage: return QColor(0xF0, 0xE4, 0x42);
    case RackCategory::Empty: return QColor(0xB0, 0xB0, 0xB0);
    }
    return Qt::gray;
}

QColor powerUnitColor()
{
    return QColor(0xE6, 0x9F, 0x00); // Okabe–Ito orange ("amber")
}

QColor coolingUnitColor()
{
    return QColor(0x56, 0xB4, 0xE9); // Okabe–Ito sky blue
}

RackGeometry rackGeometry(const Rack &rack, const Catalog &catalog)
{
    RackGeometry g;
    if (const CatalogEntry *entry = catalog.find(rack.catalogId)) {
        g.widthM = entry->figure("width_m", g.widthM);
        g.depthM = entry->figure("depth_m", g.depthM);
        g.heightU = static_cast<int>(entry->figure("height_u", g.heightU));
    }
    if (g.widthM <= 0.0)
        g.widthM = 0.6;
    if (g.depthM <= 0.0)
        g.depthM = 1.2;
    if (g.heightU <= 0)
        g.heightU = 42;
    // 1U = 44.45 mm (EIA-310); plus plinth and top cover.
    g.heightM = g.heightU * 0.04445 + 0.13;
    return g;
}

} // namespace cp::gui
