// The rack-level editing an architect does by hand, driven through the real widgets on Qt's
// offscreen platform: the rack elevation (parts dropped from the palette on a U slot, moved by
// drag within and between racks, taken out with Delete, refusals in a fixed message row), the
// inspector's pickers (catalog fields and rows chosen from lists), a field edited on several
// racks at once, and the plan's context menu. Every change is one undo step.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/edit/rackcontents.h"
#include "views/docks/elevationdock.h"
#include "views/docks/inspectordock.h"
#include "views/docks/palettedock.h"
#include "views/elevation/elevationview.h"
#include "views/plan/hallscene.h"
#include "views/plan/hallview.h"
#include "views/plan/items/facilityitem.h"
#include "views/plan/items/rackitem.h"
#include "views/session/document.h"
#include "views/session/selectionmodel.h"
#include "views/window/mainwindow.h"

#include "guisupport.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QTabWidget>
#include <QUndoStack>
#include <QtTest>

#include <memory>
#include <set>

using namespace cp;
using namespace cp::gui;
using namespace cp::gui::testsupport;

namespace {

/// The first rack holding `kind` parts (servers, switches), -1 if none.
int firstRackWith(const Design &design, const Catalog &catalog, PartKind kind)
{
    for (size_t i = 0; i < design.racks.size(); ++i)
        for (const Mount &m : design.racks[i].contents)
            if (const CatalogEntry *e = catalog.find(m.catalogId); e && e->kind == kind)
                return int(i);
    return -1;
}

int deviceCount(const Rack &rack, const Catalog &catalog)
{
    return int(rackDevices(rack, catalog).size());
}

/// The lowest U of a free range `heightU` tall in a rack, 0 if none.
int freeU(const Rack &rack, const Catalog &catalog, int rackHeightU, int heightU)
{
    std::vector<char> used(size_t(rackHeightU) + 2, 0);
    for (const RackDevice &d : rackDevices(rack, catalog))
        for (int u = d.u; u < d.u + d.heightU && u <= rackHeightU; ++u)
            used[size_t(u)] = 1;
    for (int u = 1; u + heightU - 1 <= rackHeightU; ++u) {
        bool free = true;
        for (int k = u; k < u + heightU; ++k)
            free = free && !used[size_t(k)];
        if (free)
            return u;
    }
    return 0;
}

/// A drag from the palette entering the view and dropped at `pos`: whether the drop was taken.
bool dropOn(QWidget *w, const QMimeData *mime, const QPoint &pos)
{
    QDragEnterEvent enter(pos, Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(w, &enter);
    if (!enter.isAccepted())
        return false;
    QDragMoveEvent move(pos, Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(w, &move);
    QDropEvent drop(QPointF(pos), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(w, &drop);
    return drop.isAccepted();
}

/// A left-button drag inside a widget, in a few steps.
void dragIn(QWidget *w, const QPoint &from, const QPoint &to)
{
    sendMouse(w, QEvent::MouseButtonPress, from, Qt::LeftButton, Qt::LeftButton);
    for (int i = 1; i <= 5; ++i)
        sendMouse(w, QEvent::MouseMove, from + (to - from) * i / 5, Qt::NoButton, Qt::LeftButton);
    sendMouse(w, QEvent::MouseButtonRelease, to, Qt::LeftButton, Qt::NoButton);
}

} // namespace

class TestRackEditor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void elevationFollowsTheSelection();
    void dropFromThePaletteMountsAtTheSlot();
    void dropOnAnOccupiedSlotIsRefusedInPlace();
    void dragOverFillsTheBarsAheadOrSaysWhyNot();
    void dragMovesADeviceWithinAndBetweenRacks();
    void deleteTakesOneDeviceOut();
    void catalogFieldsArePickersFilteredByKind();
    void rowIsChosenFromTheHallsRows();
    void multiEditChangesEveryRackInOneStep();
    void planContextMenuActsOnTheClickedRack();
    void contextMenuFeedsAndLightsTheFailureDomain();

private:
    std::unique_ptr<MainWindow> mWindow;
    Document *doc() const { return mWindow->document(); }
    const Catalog &catalog() const { return mWindow->document()->catalog(); }
    ElevationView *elevation() const { return mWindow->elevationDock()->view(); }
    int steps() const { return doc()->undoStack()->count(); }
    /// Shows the elevation of `racks`, as a selection on the plan does.
    void showElevation(const QVector<int> &racks);
    void rightClickRack(int index);
    bool waitForResults();
};

void TestRackEditor::init()
{
    mWindow = std::make_unique<MainWindow>(Catalog::builtin());
    mWindow->setErrorDialogsEnabled(false);
    mWindow->loadSample();
    mWindow->resize(1500, 950);
    mWindow->show();
    QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
    mWindow->hallView()->fitToView();
    mWindow->hallView()->zoomIn();
    mWindow->hallView()->zoomIn();
}

void TestRackEditor::cleanup()
{
    mWindow.reset();
}

bool TestRackEditor::waitForResults()
{
    return QTest::qWaitFor([this] { return mWindow->hasResults() && !mWindow->evaluationRunner()->isBusy(); }, 60000);
}

void TestRackEditor::showElevation(const QVector<int> &racks)
{
    mWindow->hallView()->selectRacks(racks);
    mWindow->elevationDock()->show();
    mWindow->elevationDock()->raise();
    QApplication::processEvents();
}

void TestRackEditor::rightClickRack(int index)
{
    HallView *view = mWindow->hallView();
    RackItem *item = view->hallScene()->rackItems()[index];
    view->centerOn(item);
    const QPoint at = view->mapFromScene(item->pos());
    sendMouse(view->viewport(), QEvent::MouseButtonPress, at, Qt::RightButton, Qt::RightButton);
    sendMouse(view->viewport(), QEvent::MouseButtonRelease, at, Qt::RightButton, Qt::NoButton);
    QContextMenuEvent menu(QContextMenuEvent::Mouse, at, view->viewport()->mapToGlobal(at));
    QApplication::sendEvent(view->viewport(), &menu);
}

void TestRackEditor::elevationFollowsTheSelection()
{
    const int servers = firstRackWith(doc()->design(), catalog(), PartKind::Server);
    const int network = firstRackWith(doc()->design(), catalog(), PartKind::Switch);
    QVERIFY(servers >= 0 && network >= 0);
    // A click on the plan selects a rack; the elevation shows it.
    HallView *view = mWindow->hallView();
    RackItem *item = view->hallScene()->rackItems()[servers];
    view->centerOn(item);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, view->mapFromScene(item->pos()));
    QCOMPARE(elevation()->racks(), QVector<int>{servers});
    // Two selected: side by side, and the caption says so.
    showElevation({servers, network});
    QCOMPARE(elevation()->racks().size(), 2);
    // The view is as tall as the rack's units plus the budget bars, whatever the dock's size.
    QVERIFY(elevation()->sizeHint().height() > 42 * 10);
    QVERIFY(elevation()->deviceAt(elevation()->slotCentre(0, rackDevices(doc()->design().racks[size_t(servers)],
                                                                          catalog())
                                                                  .front()
                                                                  .u))
                .has_value());
}

void TestRackEditor::dropFromThePaletteMountsAtTheSlot()
{
    const Design before = doc()->design();
    const int rack = firstRackWith(before, catalog(), PartKind::Switch);
    QVERIFY(rack >= 0);
    showElevation({rack});
    // A 1U part (a switch of the catalog) dropped on the lowest free U.
    const CatalogEntry *part = nullptr;
    for (const CatalogEntry *e : catalog().ofKind(PartKind::Switch))
        if (e->figure("height_u") == 1.0) {
            part = e;
            break;
        }
    QVERIFY(part);
    const CatalogEntry *type = catalog().find(before.racks[size_t(rack)].catalogId);
    const int u = freeU(before.racks[size_t(rack)], catalog(), int(type->figure("height_u")), 1);
    QVERIFY(u > 0);
    auto mime = paletteMime(mWindow->paletteDock(), QString::fromStdString(part->id));
    QVERIFY(mime);
    QVERIFY(dropOn(elevation(), mime.get(), elevation()->slotCentre(0, u)));
    QCOMPARE(steps(), 1);
    const Rack &after = doc()->design().racks[size_t(rack)];
    QCOMPARE(deviceCount(after, catalog()), deviceCount(before.racks[size_t(rack)], catalog()) + 1);
    bool found = false;
    for (const RackDevice &d : rackDevices(after, catalog()))
        found = found || (d.u == u && d.catalogId == part->id);
    QVERIFY2(found, "the part is at the U it was dropped on");
    // The budget the bars draw counts it.
    QVERIFY(rackBudget(doc()->design(), catalog(), size_t(rack)).nameplateKw
            > rackBudget(before, catalog(), size_t(rack)).nameplateKw);
    QVERIFY(mWindow->elevationDock()->message().contains(QString::fromStdString(part->id)));
    doc()->undoStack()->undo();
    QVERIFY(doc()->design() == before);
}

void TestRackEditor::dropOnAnOccupiedSlotIsRefusedInPlace()
{
    const Design before = doc()->design();
    const int rack = firstRackWith(before, catalog(), PartKind::Server);
    showElevation({rack});
    const RackDevice first = rackDevices(before.racks[size_t(rack)], catalog()).front();
    const std::string server = first.catalogId;
    auto mime = paletteMime(mWindow->paletteDock(), QString::fromStdString(server));
    QVERIFY(mime);
    const QRect viewBefore = elevation()->geometry();
    QVERIFY(!dropOn(elevation(), mime.get(), elevation()->slotCentre(0, first.u)));
    QCOMPARE(steps(), 0);
    QVERIFY(doc()->design() == before);
    QVERIFY2(!mWindow->elevationDock()->message().isEmpty(), "the refusal is said");
    // The message row has a fixed height: the elevation did not move.
    QApplication::processEvents();
    QCOMPARE(elevation()->geometry(), viewBefore);
}

void TestRackEditor::dragOverFillsTheBarsAheadOrSaysWhyNot()
{
    const Design before = doc()->design();
    const int rack = firstRackWith(before, catalog(), PartKind::Switch);
    showElevation({rack});
    const CatalogEntry *part = nullptr;
    for (const CatalogEntry *e : catalog().ofKind(PartKind::Switch))
        if (e->figure("height_u") == 1.0)
            part = e;
    QVERIFY(part);
    const Rack &r = before.racks[size_t(rack)];
    const int u = freeU(r, catalog(), int(catalog().find(r.catalogId)->figure("height_u")), 1);
    auto mime = paletteMime(mWindow->paletteDock(), QString::fromStdString(part->id));
    const auto move = [&](const QPoint &at) {
        QDragMoveEvent event(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(elevation(), &event);
    };
    QDragEnterEvent enter(elevation()->slotCentre(0, u), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(elevation(), &enter);
    QVERIFY(enter.isAccepted());
    // Over a free slot: the bars show the rack with the switch in it, before anything changes.
    move(elevation()->slotCentre(0, u));
    const std::optional<RackBudget> ahead = elevation()->previewBudget(0);
    QVERIFY(ahead.has_value());
    const RackBudget now = rackBudget(before, catalog(), size_t(rack));
    QCOMPARE(ahead->usedU, now.usedU + 1);
    QVERIFY(ahead->nameplateKw > now.nameplateKw);
    QVERIFY(doc()->design() == before);
    QCOMPARE(steps(), 0);
    // Over a device: no bars ahead, and the row under the elevation says why.
    const RackDevice taken = rackDevices(r, catalog()).front();
    move(elevation()->slotCentre(0, taken.u));
    QVERIFY(!elevation()->previewBudget(0).has_value());
    QVERIFY2(mWindow->elevationDock()->message().startsWith(QStringLiteral("Does not fit there")),
             qPrintable(mWindow->elevationDock()->message()));
    // The drag leaves: the preview and the hint go.
    QDragLeaveEvent leave;
    QApplication::sendEvent(elevation(), &leave);
    QVERIFY(!elevation()->previewBudget(0).has_value());
    QVERIFY(mWindow->elevationDock()->message().isEmpty());
    QCOMPARE(steps(), 0);
}

void TestRackEditor::dragMovesADeviceWithinAndBetweenRacks()
{
    const Design before = doc()->design();
    const int rack = firstRackWith(before, catalog(), PartKind::Switch);
    QVERIFY(rack >= 0);
    const Rack &r = before.racks[size_t(rack)];
    const int height = int(catalog().find(r.catalogId)->figure("height_u"));
    const RackDevice device = rackDevices(r, catalog()).front();
    const int to = freeU(r, catalog(), height, device.heightU);
    QVERIFY(to > 0);
    showElevation({rack});
    // Within the rack: pressed on the device, released on a free U.
    const QPoint from = elevation()->slotCentre(0, device.u);
    const QPoint target = elevation()->slotCentre(0, to + (device.heightU - 1) / 2);
    dragIn(elevation(), from, target);
    QCOMPARE(steps(), 1);
    bool moved = false;
    for (const RackDevice &d : rackDevices(doc()->design().racks[size_t(rack)], catalog()))
        moved = moved || (d.u == to && d.catalogId == device.catalogId);
    QVERIFY2(moved, qPrintable(mWindow->elevationDock()->message()));
    QCOMPARE(deviceCount(doc()->design().racks[size_t(rack)], catalog()), deviceCount(r, catalog()));

    // Between racks: a second rack shown beside it, with room.
    int other = -1;
    for (size_t i = 0; i < before.racks.size() && other < 0; ++i) {
        const CatalogEntry *t = catalog().find(before.racks[i].catalogId);
        if (int(i) != rack && t && freeU(doc()->design().racks[i], catalog(), int(t->figure("height_u")), device.heightU) > 0
            && rackBudget(doc()->design(), catalog(), i).nameplateKw + 2.0 < rackBudget(doc()->design(), catalog(), i).maxPowerKw)
            other = int(i);
    }
    QVERIFY(other >= 0);
    showElevation({std::min(rack, other), std::max(rack, other)});
    const int column = rack < other ? 1 : 0;
    const int otherHeight = int(catalog().find(before.racks[size_t(other)].catalogId)->figure("height_u"));
    const int free = freeU(doc()->design().racks[size_t(other)], catalog(), otherHeight, device.heightU);
    const int otherDevices = deviceCount(doc()->design().racks[size_t(other)], catalog());
    dragIn(elevation(), elevation()->slotCentre(1 - column, to), elevation()->slotCentre(column, free + (device.heightU - 1) / 2));
    QCOMPARE(steps(), 2);
    QCOMPARE(deviceCount(doc()->design().racks[size_t(other)], catalog()), otherDevices + 1);
    QCOMPARE(deviceCount(doc()->design().racks[size_t(rack)], catalog()), deviceCount(r, catalog()) - 1);
    doc()->undoStack()->undo();
    doc()->undoStack()->undo();
    QVERIFY(doc()->design() == before);
}

void TestRackEditor::deleteTakesOneDeviceOut()
{
    const Design before = doc()->design();
    const int rack = firstRackWith(before, catalog(), PartKind::Server);
    showElevation({rack});
    const RackDevice device = rackDevices(before.racks[size_t(rack)], catalog()).back();
    QTest::mouseClick(elevation(), Qt::LeftButton, Qt::NoModifier, elevation()->slotCentre(0, device.u));
    QVERIFY(elevation()->selectedDevice().has_value());
    QTest::keyClick(elevation(), Qt::Key_Delete);
    QCOMPARE(steps(), 1);
    QCOMPARE(deviceCount(doc()->design().racks[size_t(rack)], catalog()),
             deviceCount(before.racks[size_t(rack)], catalog()) - 1);
    // Nothing selected: the Remove button refuses, saying why, and records nothing.
    QVERIFY(!elevation()->removeSelected());
    QCOMPARE(steps(), 1);
    doc()->undoStack()->undo();
    QVERIFY(doc()->design() == before);
}

void TestRackEditor::catalogFieldsArePickersFilteredByKind()
{
    const Design before = doc()->design();
    const int rack = firstRackWith(before, catalog(), PartKind::Server);
    mWindow->hallView()->selectRacks({rack});
    QLineEdit *model = mWindow->inspectorDock()->field(QStringLiteral("rack.model"));
    QVERIFY(model);
    auto *picker = qobject_cast<QComboBox *>(model->parentWidget());
    QVERIFY2(picker, "the rack model is chosen from a list");
    QCOMPARE(picker->count(), int(catalog().ofKind(PartKind::Rack).size()));
    // Each entry shows its key figures beside the id.
    QVERIFY(picker->model()->index(0, 1).data().toString().contains(QStringLiteral(" U")));
    // Choose another rack model from the list, as a user does: open it, click the entry.
    // The largest rack of the catalog holds whatever the sample's rack holds.
    int other = -1;
    double largest = 0;
    for (int i = 0; i < picker->count(); ++i) {
        const CatalogEntry *e = catalog().find(picker->itemText(i).toStdString());
        if (e->id != before.racks[size_t(rack)].catalogId && e->figure("max_power_kw") > largest) {
            largest = e->figure("max_power_kw");
            other = i;
        }
    }
    QVERIFY(other >= 0);
    const std::string otherId = picker->itemText(other).toStdString();
    picker->showPopup();
    QAbstractItemView *list = picker->view();
    QVERIFY(QTest::qWaitFor([list] { return list->isVisible(); }, 2000));
    const QRect cell = list->visualRect(picker->model()->index(other, 0));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, Qt::NoModifier, cell.center());
    QVERIFY(QTest::qWaitFor([&] { return doc()->design().racks[size_t(rack)].catalogId == otherId || steps() > 0
                                         || !mWindow->inspectorDock()->lastError().isEmpty(); },
                            2000));
    QCOMPARE(steps(), 1);
    QCOMPARE(doc()->design().racks[size_t(rack)].catalogId, otherId);
    QVERIFY(mWindow->inspectorDock()->lastError().isEmpty());

    // The fabric's switch is chosen among switches only, the NIC among NICs (or the servers' own).
    QLineEdit *sw = mWindow->inspectorDock()->field(QStringLiteral("fabric.switchId"));
    auto *switches = qobject_cast<QComboBox *>(sw->parentWidget());
    QVERIFY(switches);
    QCOMPARE(switches->count(), int(catalog().ofKind(PartKind::Switch).size()));
    for (int i = 0; i < switches->count(); ++i)
        QCOMPARE(catalog().find(switches->itemText(i).toStdString())->kind, PartKind::Switch);
    auto *nics = qobject_cast<QComboBox *>(mWindow->inspectorDock()->field(QStringLiteral("fabric.nicId"))->parentWidget());
    QVERIFY(nics);
    QCOMPARE(nics->count(), int(catalog().ofKind(PartKind::Nic).size()) + 1);
    QVERIFY(nics->itemText(0).isEmpty());
}

void TestRackEditor::rowIsChosenFromTheHallsRows()
{
    const Design before = doc()->design();
    const int rack = firstRackWith(before, catalog(), PartKind::Server);
    mWindow->hallView()->selectRacks({rack});
    QLineEdit *row = mWindow->inspectorDock()->field(QStringLiteral("rack.row"));
    auto *picker = qobject_cast<QComboBox *>(row->parentWidget());
    QVERIFY(picker);
    std::set<std::string> rows;
    for (const Rack &r : before.racks)
        rows.insert(r.row);
    QCOMPARE(picker->count(), int(rows.size()));
    // Another row picked by keyboard: the arrow key steps to the list's next (or previous) row.
    const int current = picker->findText(QString::fromStdString(before.racks[size_t(rack)].row));
    QVERIFY(current >= 0);
    QCOMPARE(picker->currentIndex(), current);
    const bool down = current + 1 < picker->count();
    const QString target = picker->itemText(down ? current + 1 : current - 1);
    row->setFocus();
    QTest::keyClick(row, down ? Qt::Key_Down : Qt::Key_Up);
    QCOMPARE(QString::fromStdString(doc()->design().racks[size_t(rack)].row), target);
    QCOMPARE(steps(), 1);
    // A new name typed starts a new row; one that begins like an existing one stays as typed.
    row = mWindow->inspectorDock()->field(QStringLiteral("rack.row"));
    row->setFocus();
    row->selectAll();
    const QString prefix = picker->itemText(0).left(picker->itemText(0).size() - 1) + QStringLiteral("Z9");
    QTest::keyClicks(row, prefix);
    QTest::keyClick(row, Qt::Key_Return);
    QCOMPARE(QString::fromStdString(doc()->design().racks[size_t(rack)].row), prefix);
    QCOMPARE(steps(), 2);
}

void TestRackEditor::multiEditChangesEveryRackInOneStep()
{
    const Design before = doc()->design();
    QVector<int> racks;
    for (size_t i = 0; i < before.racks.size() && racks.size() < 3; ++i)
        racks.push_back(int(i));
    mWindow->hallView()->selectRacks(racks);
    InspectorDock *inspector = mWindow->inspectorDock();
    QLineEdit *row = inspector->field(QStringLiteral("rack.row"));
    QVERIFY2(row, "several racks selected still have a Row field");
    QVERIFY(!inspector->field(QStringLiteral("rack.id")));
    row->setFocus();
    row->selectAll();
    QTest::keyClicks(row, QStringLiteral("Row 77"));
    QTest::keyClick(row, Qt::Key_Return);
    QCOMPARE(steps(), 1);
    for (int i : racks)
        QCOMPARE(doc()->design().racks[size_t(i)].row, std::string("Row 77"));
    // Every rack now shares the row: the field shows it.
    QCOMPARE(inspector->field(QStringLiteral("rack.row"))->text(), QStringLiteral("Row 77"));
    // A value refused for one rack changes none of them.
    QVERIFY(!inspector->editField(QStringLiteral("rack.rotation"), QStringLiteral("400")));
    QCOMPARE(steps(), 1);
    QVERIFY(inspector->lastError().contains(QStringLiteral("rotation")));
    doc()->undoStack()->undo();
    QVERIFY(doc()->design() == before);
}

void TestRackEditor::planContextMenuActsOnTheClickedRack()
{
    const Design before = doc()->design();
    mWindow->hallView()->selectRacks({0});
    const int rack = firstRackWith(before, catalog(), PartKind::Server) == 0 ? 1 : firstRackWith(before, catalog(), PartKind::Server);
    rightClickRack(rack);
    // The rack under the click is selected alone, and the menu is open.
    QCOMPARE(mWindow->selectionModel()->selection().racks, QVector<int>{rack});
    QMenu *menu = mWindow->planMenu();
    QVERIFY(menu);
    QVERIFY(QTest::qWaitFor([menu] { return menu->isVisible(); }, 2000));
    QVERIFY(clickMenuAction(menu, QStringLiteral("rotateAction")));
    QCOMPARE(steps(), 1);
    QCOMPARE(doc()->design().racks[size_t(rack)].rotationDeg, before.racks[size_t(rack)].rotationDeg + 90.0);
    // Duplicate from the menu: one step, one more rack.
    rightClickRack(rack);
    QVERIFY(QTest::qWaitFor([this] { return mWindow->planMenu() && mWindow->planMenu()->isVisible(); }, 2000));
    QVERIFY(clickMenuAction(mWindow->planMenu(), QStringLiteral("duplicateAction")));
    QCOMPARE(steps(), 2);
    QCOMPARE(doc()->design().racks.size(), before.racks.size() + 1);
    // Show in Elevation: the elevation dock comes up with the selected rack.
    rightClickRack(rack);
    QVERIFY(QTest::qWaitFor([this] { return mWindow->planMenu() && mWindow->planMenu()->isVisible(); }, 2000));
    mWindow->inspectorDock()->raise();
    QVERIFY(clickMenuAction(mWindow->planMenu(), QStringLiteral("showElevationAction")));
    QVERIFY(mWindow->elevationDock()->isVisible());
    QCOMPARE(elevation()->racks(), QVector<int>{rack});
}

void TestRackEditor::contextMenuFeedsAndLightsTheFailureDomain()
{
    QVERIFY(waitForResults());
    const Design before = doc()->design();
    // A rack the first power unit does not feed, fed from it through the menu.
    const FacilityUnit &unit = before.powerUnits.front();
    int rack = -1;
    for (size_t i = 0; i < before.racks.size() && rack < 0; ++i)
        if (std::find(unit.serves.begin(), unit.serves.end(), before.racks[i].id) == unit.serves.end())
            rack = int(i);
    QVERIFY(rack >= 0);
    rightClickRack(rack);
    QVERIFY(QTest::qWaitFor([this] { return mWindow->planMenu() && mWindow->planMenu()->isVisible(); }, 2000));
    const QString name = QStringLiteral("feedFrom:") + QString::fromStdString(unit.id);
    // The menu offers the nearest units; the first unit may not be among them, so feed from the
    // first one it does offer when that one is not listed.
    QMenu *power = mWindow->planMenu()->findChild<QMenu *>(QStringLiteral("feedPowerMenu"));
    QVERIFY(power && power->isEnabled());
    QString offered;
    for (QAction *a : power->actions())
        if (a->objectName() == name || (offered.isEmpty() && a->objectName().startsWith(QStringLiteral("feedFrom:"))))
            offered = a->objectName() == name ? name : (offered.isEmpty() ? a->objectName() : offered);
    QVERIFY(!offered.isEmpty());
    QVERIFY(clickMenuAction(mWindow->planMenu(), offered));
    const std::string unitId = offered.mid(9).toStdString();
    const FacilityUnit *fed = nullptr;
    for (const FacilityUnit &u : doc()->design().powerUnits)
        if (u.id == unitId)
            fed = &u;
    QVERIFY(fed);
    const bool nowFed = std::find(fed->serves.begin(), fed->serves.end(), before.racks[size_t(rack)].id) != fed->serves.end();
    QVERIFY(nowFed);
    QCOMPARE(steps(), 1);

    // The failure domain of the clicked rack lights on the plan.
    QVERIFY(waitForResults());
    rightClickRack(rack);
    QVERIFY(QTest::qWaitFor([this] { return mWindow->planMenu() && mWindow->planMenu()->isVisible(); }, 2000));
    QVERIFY(clickMenuAction(mWindow->planMenu(), QStringLiteral("selectFailureDomainAction")));
    QVERIFY(!mWindow->selectionModel()->highlight().isEmpty());
    QVERIFY(mWindow->selectionModel()->highlight().racksDown.contains(rack));
}

QTEST_MAIN(TestRackEditor)
#include "test_rackeditor.moc"
