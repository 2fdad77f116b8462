// The plan's context menu: what the Edit menu does to the selection, where its racks get their
// power and cooling, what fails with the part, and the racks' elevation.

#include "views/window/mainwindow.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/reliability/failuredomain.h"
#include "views/docks/elevationdock.h"
#include "views/plan/hallview.h"
#include "views/session/document.h"
#include "views/session/selectionmodel.h"
#include "views/style/format.h"

#include <QAction>
#include <QMenu>
#include <QStatusBar>

#include <algorithm>
#include <cmath>

namespace cp::gui {

namespace {

/// Units of one kind nearest to a point, nearest first: a campus has thousands, a menu shows a few.
std::vector<int> nearestUnits(const std::vector<FacilityUnit> &units, double x, double y, size_t most)
{
    std::vector<int> order(units.size());
    for (size_t i = 0; i < units.size(); ++i)
        order[i] = int(i);
    const auto distance = [&](int i) { return std::hypot(units[size_t(i)].xM - x, units[size_t(i)].yM - y); };
    const size_t n = std::min(most, order.size());
    std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(n), order.end(),
                      [&](int a, int b) { return distance(a) < distance(b); });
    order.resize(n);
    return order;
}

constexpr size_t kUnitsListed = 8;

} // namespace

void MainWindow::addFeedMenus(QMenu *menu)
{
    const Design &design = mDocument->design();
    const Catalog &catalog = mDocument->catalog();
    const QVector<int> racks = mSelection->selection().racks;
    double x = 0, y = 0;
    for (int r : racks) {
        x += design.racks[size_t(r)].xM;
        y += design.racks[size_t(r)].yM;
    }
    if (!racks.isEmpty()) {
        x /= racks.size();
        y /= racks.size();
    }
    for (const bool power : {true, false}) {
        QMenu *sub = menu->addMenu(power ? tr("Feed Power From") : tr("Feed Cooling From"));
        sub->setObjectName(power ? QStringLiteral("feedPowerMenu") : QStringLiteral("feedCoolingMenu"));
        const auto &units = power ? design.powerUnits : design.coolingUnits;
        sub->setEnabled(!racks.isEmpty() && !units.empty());
        for (int u : nearestUnits(units, x, y, kUnitsListed)) {
            const FacilityUnit &unit = units[size_t(u)];
            const CatalogEntry *entry = catalog.find(unit.catalogId);
            const QString text = tr("%1 — %2, %3 kW, %n rack(s) served", nullptr, int(unit.serves.size()))
                                     .arg(QString::fromStdString(unit.id),
                                          QString::fromStdString(entry ? entry->name : unit.catalogId),
                                          fmt::number(entry ? entry->figure("capacity_kw") : 0.0, 0));
            QAction *a = sub->addAction(text);
            a->setObjectName(QStringLiteral("feedFrom:") + QString::fromStdString(unit.id));
            connect(a, &QAction::triggered, this, [this, power, u] { mHallView->feedSelection(power, u); });
        }
        if (units.size() > kUnitsListed)
            sub->addSection(tr("the %1 nearest of %2; use the Feed Tool (E) for others")
                                .arg(kUnitsListed)
                                .arg(units.size()));
    }
}

void MainWindow::showPlanMenu(const QPoint &globalPos)
{
    if (mPlanMenu)
        mPlanMenu->close();
    auto *menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("planContextMenu"));
    menu->setAttribute(Qt::WA_DeleteOnClose);
    mPlanMenu = menu;
    const auto action = [this](const char *name) { return findChild<QAction *>(QLatin1String(name)); };
    for (const char *name : {"cutAction", "copyAction", "pasteAction", "duplicateAction", "deleteAction"})
        if (QAction *a = action(name))
            menu->addAction(a);
    menu->addSeparator();
    if (QAction *a = action("rotateAction"))
        menu->addAction(a);
    // The shared actions act on the selection as their keys do (nothing selected: nothing done).
    const PartSelection selection = mSelection->selection();
    menu->addSeparator();
    addFeedMenus(menu);
    menu->addSeparator();

    // What fails with the one part selected: lit on the plan and in 3D, as the failure-domain
    // table lights it.
    QAction *domain = menu->addAction(tr("Select Failure Domain"));
    domain->setObjectName(QStringLiteral("selectFailureDomainAction"));
    const int parts = int(selection.racks.size() + selection.powerUnits.size() + selection.coolingUnits.size());
    const bool indexed = hasResults() && outcome().failureDomains;
    domain->setEnabled(parts == 1 && indexed);
    if (parts != 1)
        domain->setToolTip(tr("Select one rack or unit"));
    connect(domain, &QAction::triggered, this, [this, selection] {
        if (!hasResults() || !outcome().failureDomains)
            return;
        const PartRef part = !selection.racks.isEmpty()        ? PartRef{PartRef::Kind::Rack, selection.racks.front()}
                             : !selection.powerUnits.isEmpty() ? PartRef{PartRef::Kind::PowerUnit, selection.powerUnits.front()}
                                                               : PartRef{PartRef::Kind::CoolingUnit, selection.coolingUnits.front()};
        const PartFailure f = partFailure(mDocument->design(), *outcome().failureDomains, part);
        mSelection->setHighlight({QString::fromStdString(f.part), QVector<int>(f.racksDown.begin(), f.racksDown.end()),
                                  QVector<int>(f.racksServed.begin(), f.racksServed.end())});
        statusBar()->showMessage(tr("%1: %2 GPUs down in %n rack(s)", nullptr, int(f.racksDown.size()))
                                     .arg(QString::fromStdString(f.part), fmt::number(double(f.gpusDown), 0)),
                                 10000);
    });
    QAction *elevation = menu->addAction(tr("Show in Elevation"));
    elevation->setObjectName(QStringLiteral("showElevationAction"));
    elevation->setEnabled(!selection.racks.isEmpty());
    connect(elevation, &QAction::triggered, this, [this] {
        mElevation->show();
        mElevation->raise();
    });
    menu->popup(globalPos);
}

} // namespace cp::gui
