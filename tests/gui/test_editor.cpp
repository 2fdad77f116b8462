// The design editor driven through its real widgets on Qt's offscreen platform: a catalog entry
// dropped from the palette lands in the design and changes the figures; drags move (and merge
// into one undo step), stamp, feed, rotate, delete; undoing everything gives the original design;
// a saved edit reopens identically. The Inspector's fields: test_inspectoredits.cpp.

#include "model/core/catalog.h"
#include "views/session/commands.h"
#include "model/core/design.h"
#include "model/edit/designedit.h"
#include "views/session/document.h"
#include "model/engine/evaluation.h"
#include "views/session/evaluationrunner.h"
#include "views/session/resultshub.h"

#include "pluginregistry.h"
#include "views/plan/items/facilityitem.h"
#include "views/plan/items/feedlinesitem.h"
#include "views/plan/hallscene.h"
#include "views/plan/hallview.h"
#include "views/docks/inspectordock.h"
#include "views/window/mainwindow.h"
#include "views/docks/palettedock.h"
#include "views/plan/items/rackitem.h"

#include "guisupport.h"

#include <QAction>
#include <QClipboard>
#include <QDialog>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QTimer>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QUndoStack>
#include <QUndoView>
#include <QtTest>

#include <map>
#include <memory>
#include <set>

using namespace cp;
using namespace cp::gui;
using namespace cp::gui::testsupport;

namespace {

constexpr int kEvaluationTimeoutMs = 60000;

/// Evaluates in a worker as the application does and returns what arrives.
EvaluationOutcome evaluateInWorker(const Design &design, const Catalog &catalog)
{
    EvaluationRunner runner;
    QSignalSpy spy(&runner, &EvaluationRunner::finished);
    runner.start(design, catalog);
    if (!spy.wait(kEvaluationTimeoutMs))
        return {};
    return spy.takeFirst().at(0).value<EvaluationOutcome>();
}

/// Sends a drag enter and a drop of `mime` at `scenePos` to the view's viewport.
bool dropAt(HallView *view, const QMimeData *mime, const QPointF &scenePos)
{
    const QPoint at = view->mapFromScene(scenePos);
    QDragEnterEvent enter(at, Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(view->viewport(), &enter);
    if (!enter.isAccepted())
        return false;
    QDropEvent drop(QPointF(at), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(view->viewport(), &drop);
    return drop.isAccepted();
}

/// A grid point on the floor (metres) with nothing within `clearM` of it.
QPointF freeSpot(const HallScene *scene, const Design &design, double clearM)
{
    const double g = design.hall.gridM;
    for (double y = design.hall.depthM - 1.0; y > 1.0; y -= g)
        for (double x = 1.0; x < design.hall.widthM - 1.0; x += g) {
            const QPointF c = HallScene::toScene(x, y);
            const qreal r = clearM * HallScene::kUnitsPerMetre;
            bool clear = true;
            for (QGraphicsItem *item : scene->items(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r)))
                clear = clear && item->type() != RackItem::Type && item->type() != FacilityItem::Type;
            if (clear)
                return {x, y};
        }
    return {-1, -1};
}

/// A left-button drag on the view's viewport from one scene point to another, in a few steps.
void drag(HallView *view, const QPointF &fromScene, const QPointF &toScene)
{
    QWidget *vp = view->viewport();
    const QPoint from = view->mapFromScene(fromScene);
    const QPoint to = view->mapFromScene(toScene);
    sendMouse(vp, QEvent::MouseButtonPress, from, Qt::LeftButton, Qt::LeftButton);
    for (int i = 1; i <= 4; ++i)
        sendMouse(vp, QEvent::MouseMove, from + (to - from) * i / 4, Qt::NoButton, Qt::LeftButton);
    sendMouse(vp, QEvent::MouseButtonRelease, to, Qt::LeftButton, Qt::NoButton);
}

void click(HallView *view, const QPointF &scenePos)
{
    const QPoint at = view->mapFromScene(scenePos);
    sendMouse(view->viewport(), QEvent::MouseButtonPress, at, Qt::LeftButton, Qt::LeftButton);
    sendMouse(view->viewport(), QEvent::MouseButtonRelease, at, Qt::LeftButton, Qt::NoButton);
}

/// The indexes of the racks in row `row`.
std::vector<int> racksOfRow(const Design &design, const std::string &row)
{
    std::vector<int> out;
    for (size_t i = 0; i < design.racks.size(); ++i)
        if (design.racks[i].row == row)
            out.push_back(static_cast<int>(i));
    return out;
}

std::string firstOfKind(const Catalog &catalog, PartKind kind)
{
    const auto entries = catalog.ofKind(kind);
    return entries.empty() ? std::string() : entries.front()->id;
}

} // namespace

class TestEditor : public QObject, private SampleWindowFixture
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void dropFromPaletteAddsPartsAndChangesFigures();
    void dropRefusedWithMessage();
    void dragMovesSnappedAndMerges();
    void rotateDeleteDuplicateByKeysAndActions();
    void stampRepeatsRows();
    void stampDialogAsksCopiesAndSpacing();
    void copyAndPasteGiveNewIds();
    void feedToolConnectsRacks();
    void undoAllGivesOriginal();
    void redoKeysRedo();
    void pluginsInTheWindow();
    void overlapByDragIsReportedAndSelectsBoth();
    void duplicateOfARowLandsOnFreeFloor();
    void saveAndReopenIsIdentical();
};

void TestEditor::init()
{
    mWindow = sampleWindow();
    QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
    // Zoomed in enough that a grid step is several pixels: drags and clicks land precisely.
    view()->fitToView();
    view()->zoomIn();
    view()->zoomIn();
}

void TestEditor::cleanup()
{
    mWindow.reset();
}

void TestEditor::dropFromPaletteAddsPartsAndChangesFigures()
{
    const Catalog &catalog = doc()->catalog();
    const Design original = doc()->design();
    const EvaluationOutcome before = evaluateInWorker(original, catalog);
    QVERIFY(before.error.isEmpty());

    // A rack on the free floor: placed on the grid, a new id, one undo step.
    const QPointF spot = freeSpot(view()->hallScene(), original, 1.5);
    QVERIFY(spot.x() > 0);
    view()->centerOn(HallScene::toScene(spot.x(), spot.y()));
    const std::string rackType = original.racks.front().catalogId;
    auto rackMime = paletteMime(mWindow->paletteDock(), QString::fromStdString(rackType));
    QVERIFY(rackMime && rackMime->hasFormat(QLatin1String(kPartMimeType)));
    QVERIFY(dropAt(view(), rackMime.get(), HallScene::toScene(spot.x(), spot.y())));
    QCOMPARE(doc()->design().racks.size(), original.racks.size() + 1);
    const Rack &placed = doc()->design().racks.back();
    QCOMPARE(placed.catalogId, rackType);
    QVERIFY(!original.findRack(placed.id));
    const double grid = original.hall.gridM;
    const double width = catalog.at(rackType).figure("width_m");
    QVERIFY(std::abs(std::remainder(placed.xM - width / 2, grid)) < 1e-6);
    QVERIFY(std::abs(std::remainder(placed.yM, grid)) < 1e-6);
    QCOMPARE(doc()->undoStack()->count(), 1);
    QVERIFY(doc()->isModified());
    // The plan shows it at once, selected.
    QCOMPARE(view()->hallScene()->rackItems().size(), static_cast<int>(doc()->design().racks.size()));
    QVERIFY(view()->hallScene()->rackItems().back()->isSelected());

    // A server dropped onto the new rack is mounted in it.
    const std::string server = original.racks.front().contents.front().catalogId;
    auto serverMime = paletteMime(mWindow->paletteDock(), QString::fromStdString(server));
    QVERIFY(dropAt(view(), serverMime.get(), view()->hallScene()->rackItems().back()->pos()));
    QCOMPARE(doc()->design().racks.back().contents.size(), size_t(1));
    QCOMPARE(doc()->design().racks.back().contents.front().catalogId, server);
    QCOMPARE(doc()->design().racks.back().contents.front().u, 1);

    // Fed by the nearest units, the figures change by the server's GPUs.
    view()->autoAssignFeeds();
    const EvaluationOutcome after = evaluateInWorker(doc()->design(), catalog);
    QVERIFY(after.error.isEmpty());
    QCOMPARE(after.results.inventory.gpusTotal,
             before.results.inventory.gpusTotal + static_cast<long long>(catalog.at(server).figure("gpus")));
    QVERIFY(after.results.power.itKwTotal > before.results.power.itKwTotal);
    QCOMPARE(doc()->undoStack()->count(), 3);

    // A cooling unit from the palette lands on the floor.
    const std::string cooler = original.coolingUnits.front().catalogId;
    const QPointF unitSpot = freeSpot(view()->hallScene(), doc()->design(), 0.6);
    view()->centerOn(HallScene::toScene(unitSpot.x(), unitSpot.y()));
    auto coolerMime = paletteMime(mWindow->paletteDock(), QString::fromStdString(cooler));
    QVERIFY(dropAt(view(), coolerMime.get(), HallScene::toScene(unitSpot.x(), unitSpot.y())));
    QCOMPARE(doc()->design().coolingUnits.size(), original.coolingUnits.size() + 1);
}

void TestEditor::dropRefusedWithMessage()
{
    const Design original = doc()->design();
    QSignalSpy messages(view(), &HallView::statusMessage);
    // A server on the bare floor: refused, the design untouched.
    const QPointF spot = freeSpot(view()->hallScene(), original, 1.5);
    view()->centerOn(HallScene::toScene(spot.x(), spot.y()));
    auto serverMime = paletteMime(mWindow->paletteDock(),
                                  QString::fromStdString(original.racks.front().contents.front().catalogId));
    QVERIFY(!dropAt(view(), serverMime.get(), HallScene::toScene(spot.x(), spot.y())));
    QVERIFY(view()->lastError().contains(QLatin1String("onto a rack")));
    QVERIFY(!messages.isEmpty());
    QVERIFY(doc()->design() == original);

    // A full rack refuses one more server, saying it does not fit.
    const int full = 0;
    const QPointF rackPos = view()->hallScene()->rackItems()[full]->pos();
    view()->centerOn(rackPos);
    Design before = doc()->design();
    for (int i = 0; i < 50 && dropAt(view(), serverMime.get(), rackPos); ++i)
        before = doc()->design();
    QVERIFY2(view()->lastError().contains(QLatin1String("does not fit")) || view()->lastError().contains(QLatin1String("weigh")),
             qPrintable(view()->lastError()));
    QVERIFY(doc()->design() == before);

    // Foreign drag data is not accepted at all.
    QMimeData text;
    text.setText(QStringLiteral("hello"));
    QVERIFY(!dropAt(view(), &text, rackPos));
}

void TestEditor::dragMovesSnappedAndMerges()
{
    const Design original = doc()->design();
    const double grid = original.hall.gridM;
    // Select a whole row and drag it twice: two grid steps down, one undo step.
    std::vector<int> row;
    for (size_t i = 0; i < original.racks.size(); ++i)
        if (original.racks[i].row == original.racks.back().row)
            row.push_back(static_cast<int>(i));
    view()->selectRacks(QVector<int>(row.begin(), row.end()));
    RackItem *grab = view()->hallScene()->rackItems()[row.front()];
    view()->centerOn(grab);
    const QPointF start = grab->pos();
    const QPointF step(0, grid * HallScene::kUnitsPerMetre);
    drag(view(), start, start + step * 1.1); // a little past the grid line: snapped back onto it
    QCOMPARE(doc()->undoStack()->count(), 1);
    drag(view(), grab->pos(), grab->pos() + step);
    QCOMPARE(doc()->undoStack()->count(), 1); // merged with the first drag
    for (int i : row) {
        const Rack &moved = doc()->design().racks[static_cast<size_t>(i)];
        QVERIFY(std::abs(moved.yM - (original.racks[static_cast<size_t>(i)].yM + 2 * grid)) < 1e-9);
        QCOMPARE(moved.xM, original.racks[static_cast<size_t>(i)].xM);
    }
    // Items follow the design; the selection stays.
    QCOMPARE(grab->pos(), HallScene::toScene(original.racks[static_cast<size_t>(row.front())].xM,
                                             original.racks[static_cast<size_t>(row.front())].yM + 2 * grid));
    QVERIFY(grab->isSelected());

    doc()->undoStack()->undo();
    QVERIFY(doc()->design() == original);
    QCOMPARE(grab->pos(), start);
    QVERIFY(!doc()->isModified());
}

void TestEditor::rotateDeleteDuplicateByKeysAndActions()
{
    const Design original = doc()->design();
    view()->setFocus();
    view()->selectRacks({0});
    QTest::keyClick(view(), Qt::Key_R);
    QCOMPARE(doc()->design().racks[0].rotationDeg, std::fmod(original.racks[0].rotationDeg + 90.0, 360.0));
    QCOMPARE(view()->hallScene()->rackItems()[0]->rotation(), doc()->design().racks[0].rotationDeg);

    // Ctrl+D duplicates with a new id; the copy is selected.
    mWindow->findChild<QAction *>(QStringLiteral("duplicateAction"))->trigger();
    QCOMPARE(doc()->design().racks.size(), original.racks.size() + 1);
    QVERIFY(doc()->design().racks.back().id != doc()->design().racks[0].id);
    QCOMPARE(doc()->design().racks.back().contents, original.racks[0].contents);
    QCOMPARE(view()->hallScene()->selectedRackIndexes(), QVector<int>{static_cast<int>(original.racks.size())});

    // Delete removes the selection and its feeds; undo brings both back.
    view()->selectRacks({1});
    const std::string gone = original.racks[1].id;
    QTest::keyClick(view(), Qt::Key_Delete);
    QVERIFY(!doc()->design().findRack(gone));
    QCOMPARE(view()->hallScene()->rackItems().size(), static_cast<int>(doc()->design().racks.size()));
    QVERIFY(!view()->hallScene()->rackItem(QString::fromStdString(gone)));
    QCOMPARE(doc()->undoStack()->count(), 3);

    QAction *undo = mWindow->findChild<QAction *>(QStringLiteral("undoAction"));
    QVERIFY(undo && undo->isEnabled());
    undo->trigger();
    QVERIFY(doc()->design().findRack(gone));
    QVERIFY(view()->hallScene()->rackItem(QString::fromStdString(gone)));

    // The undo history dock lists every step.
    auto *history = mWindow->findChild<QUndoView *>(QStringLiteral("undoView"));
    QVERIFY(history);
    QCOMPARE(history->stack(), doc()->undoStack());
}

void TestEditor::stampRepeatsRows()
{
    Design design = doc()->design();
    std::vector<int> row;
    for (size_t i = 0; i < design.racks.size(); ++i)
        if (design.racks[i].row == design.racks.front().row)
            row.push_back(static_cast<int>(i));
    // Room below everything for two more rows.
    double bottom = 0;
    for (const Rack &r : design.racks)
        bottom = std::max(bottom, r.yM);
    for (const auto *list : {&design.powerUnits, &design.coolingUnits})
        for (const FacilityUnit &u : *list)
            bottom = std::max(bottom, u.yM);
    const double dy = snapToGrid(bottom - design.racks[static_cast<size_t>(row.front())].yM + 2.4, design.hall.gridM);
    Design bigger = design;
    bigger.hall.depthM = design.racks[static_cast<size_t>(row.front())].yM + 2 * dy + 3;
    QString error;
    QVERIFY2(pushEdit(doc(), changeSettings(doc()->design(), doc()->catalog(), bigger), QStringLiteral("Resize hall"), &error),
             qPrintable(error));
    const size_t before = doc()->design().racks.size();
    view()->selectRacks(QVector<int>(row.begin(), row.end()));
    const int steps = doc()->undoStack()->count();
    QVERIFY(view()->stampSelection(2, 0.0, dy));
    QCOMPARE(doc()->undoStack()->count(), steps + 1);
    QCOMPARE(doc()->design().racks.size(), before + 2 * row.size());
    QCOMPARE(view()->hallScene()->rackItems().size(), static_cast<int>(doc()->design().racks.size()));
    QCOMPARE(view()->hallScene()->selectedRackIndexes().size(), static_cast<int>(2 * row.size()));
    // The rows have new names, drawn as new row labels.
    std::set<std::string> rows;
    for (const Rack &r : doc()->design().racks)
        rows.insert(r.row);
    std::set<std::string> oldRows;
    for (const Rack &r : design.racks)
        oldRows.insert(r.row);
    QCOMPARE(rows.size(), oldRows.size() + 2);
    // Refused when the copies leave the hall: nothing changes.
    const Design now = doc()->design();
    QVERIFY(!view()->stampSelection(50, 0.0, dy));
    QVERIFY(view()->lastError().contains(QLatin1String("do not fit")));
    QVERIFY(doc()->design() == now);
}

void TestEditor::stampDialogAsksCopiesAndSpacing()
{
    // A selected row: the dialog proposes the next row's spacing; OK stamps that many copies.
    const Design original = doc()->design();
    Design bigger = original;
    bigger.hall.depthM += 10;
    QString error;
    QVERIFY2(pushEdit(doc(), changeSettings(original, doc()->catalog(), bigger), QStringLiteral("Resize hall"), &error),
             qPrintable(error));
    const std::vector<int> row = racksOfRow(original, original.racks.front().row);
    QVERIFY(row.size() >= 4); // a long row: stamped downwards
    view()->selectRacks(QVector<int>(row.begin(), row.end()));
    bool seen = false;
    QTimer::singleShot(0, this, [&] {
        auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        seen = true;
        auto *copies = dialog->findChild<QSpinBox *>(QStringLiteral("stampCopies"));
        auto *dy = dialog->findChild<QDoubleSpinBox *>(QStringLiteral("stampDy"));
        auto *dx = dialog->findChild<QDoubleSpinBox *>(QStringLiteral("stampDx"));
        if (copies && dx && dy && dx->value() == 0.0 && dy->value() > 1.2) {
            copies->setValue(2);
            dialog->accept();
        } else {
            dialog->reject();
        }
    });
    mWindow->findChild<QAction *>(QStringLiteral("stampAction"))->trigger();
    QVERIFY(seen);
    QCOMPARE(doc()->design().racks.size(), original.racks.size() + 2 * row.size());
    QCOMPARE(doc()->undoStack()->count(), 2);
}

void TestEditor::copyAndPasteGiveNewIds()
{
    const Design original = doc()->design();
    view()->selectRacks({0, 1});
    QScopedPointer<QMimeData> mime(view()->selectionMimeData());
    QVERIFY(mime && mime->hasFormat(QLatin1String(kSelectionMimeType)));
    view()->copySelection();
    const QMimeData *clip = QApplication::clipboard()->mimeData();
    if (!clip || !clip->hasFormat(QLatin1String(kSelectionMimeType)))
        QSKIP("this platform has no clipboard");
    // Paste at the view's centre on free floor.
    const QPointF spot = freeSpot(view()->hallScene(), original, 2.0);
    view()->centerOn(HallScene::toScene(spot.x(), spot.y()));
    QCursor::setPos(view()->viewport()->mapToGlobal(QPoint(-50, -50))); // the mouse is elsewhere
    mWindow->findChild<QAction *>(QStringLiteral("pasteAction"))->trigger();
    QCOMPARE(doc()->design().racks.size(), original.racks.size() + 2);
    const Rack &a = doc()->design().racks[original.racks.size()];
    const Rack &b = doc()->design().racks.back();
    QVERIFY(!original.findRack(a.id) && !original.findRack(b.id));
    QCOMPARE(a.contents, original.racks[0].contents);
    QVERIFY(std::abs((b.xM - a.xM) - (original.racks[1].xM - original.racks[0].xM)) < 1e-9);
    QCOMPARE(view()->hallScene()->selectedRackIndexes().size(), 2);
    // Cut removes the selection as one step; paste brings racks back with fresh ids.
    const int steps = doc()->undoStack()->count();
    mWindow->findChild<QAction *>(QStringLiteral("cutAction"))->trigger();
    QCOMPARE(doc()->design().racks.size(), original.racks.size());
    QCOMPARE(doc()->undoStack()->count(), steps + 1);
}

void TestEditor::feedToolConnectsRacks()
{
    const Design original = doc()->design();
    // Find a rack the first power unit does not feed.
    const FacilityUnit &unit = original.powerUnits.front();
    int target = -1;
    for (size_t i = 0; i < original.racks.size() && target < 0; ++i)
        if (std::find(unit.serves.begin(), unit.serves.end(), original.racks[i].id) == unit.serves.end())
            target = static_cast<int>(i);
    QVERIFY(target >= 0);
    view()->setTool(HallView::Tool::Feed);
    FacilityItem *unitItem = view()->hallScene()->powerItems().front();
    view()->centerOn(unitItem);
    click(view(), unitItem->pos());
    QCOMPARE(view()->feedUnit(), unitItem);
    // The unit's feed lines are drawn.
    QCOMPARE(view()->hallScene()->feedLinesItem()->lineCount(), static_cast<int>(unit.serves.size()));

    RackItem *rackItem = view()->hallScene()->rackItems()[target];
    view()->centerOn(rackItem);
    click(view(), rackItem->pos());
    const auto &serves = doc()->design().powerUnits.front().serves;
    QCOMPARE(serves.back(), original.racks[static_cast<size_t>(target)].id);
    QCOMPARE(view()->hallScene()->feedLinesItem()->lineCount(), static_cast<int>(unit.serves.size()) + 1);
    // A second click disconnects.
    click(view(), rackItem->pos());
    QVERIFY(doc()->design().powerUnits.front().serves == unit.serves);
    QCOMPARE(doc()->undoStack()->count(), 2);
    QTest::keyClick(view(), Qt::Key_Escape);
    QCOMPARE(view()->tool(), HallView::Tool::Select);
}

void TestEditor::undoAllGivesOriginal()
{
    const Design original = doc()->design();
    const Catalog &catalog = doc()->catalog();
    // A session of mixed edits: place, mount, move, rotate, duplicate, stamp, feed, settings, delete.
    const QPointF spot = freeSpot(view()->hallScene(), original, 1.5);
    view()->centerOn(HallScene::toScene(spot.x(), spot.y()));
    auto rackMime = paletteMime(mWindow->paletteDock(), QString::fromStdString(firstOfKind(catalog, PartKind::Rack)));
    QVERIFY(dropAt(view(), rackMime.get(), HallScene::toScene(spot.x(), spot.y())));
    auto switchMime = paletteMime(mWindow->paletteDock(), QString::fromStdString(firstOfKind(catalog, PartKind::Switch)));
    QVERIFY(dropAt(view(), switchMime.get(), view()->hallScene()->rackItems().back()->pos()));
    view()->selectRacks({0, 2});
    view()->rotateSelection();
    view()->duplicateSelection();
    view()->selectRacks({3});
    view()->deleteSelection();
    view()->autoAssignFeeds();
    QVERIFY(mWindow->inspectorDock()->editField(QStringLiteral("finance.energyUsdPerKwh"), QStringLiteral("0.11")));
    QVERIFY(doc()->undoStack()->count() >= 7);
    QVERIFY(!(doc()->design() == original));

    while (doc()->undoStack()->canUndo())
        doc()->undoStack()->undo();
    QVERIFY(doc()->design() == original);
    QVERIFY(!doc()->isModified());
    QCOMPARE(view()->hallScene()->rackItems().size(), static_cast<int>(original.racks.size()));
    for (int i = 0; i < view()->hallScene()->rackItems().size(); ++i) {
        const RackItem *item = view()->hallScene()->rackItems()[i];
        QCOMPARE(item->id(), QString::fromStdString(original.racks[static_cast<size_t>(i)].id));
        QCOMPARE(item->pos(), HallScene::toScene(original.racks[static_cast<size_t>(i)].xM, original.racks[static_cast<size_t>(i)].yM));
    }
    // And redo all gets the edited design back.
    while (doc()->undoStack()->canRedo())
        doc()->undoStack()->redo();
    QCOMPARE(doc()->design().finance.energyUsdPerKwh, 0.11);
}

/// Ctrl+Z undoes and both Ctrl+Y and Ctrl+Shift+Z redo, from the plan; no two of the window's
/// actions share a key (Qt fires neither of two actions bound to one sequence).
void TestEditor::redoKeysRedo()
{
    mWindow->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(mWindow.get()));
    const double before = doc()->design().racks[0].rotationDeg;
    view()->setFocus();
    view()->selectRacks({0});
    QTest::keyClick(view(), Qt::Key_R);
    const double rotated = doc()->design().racks[0].rotationDeg;
    QVERIFY(rotated != before);
    for (const QKeySequence &redo : {QKeySequence(Qt::CTRL | Qt::Key_Y), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)}) {
        QTest::keySequence(view(), QKeySequence::Undo);
        QCOMPARE(doc()->design().racks[0].rotationDeg, before);
        QTest::keySequence(view(), redo);
        QVERIFY2(doc()->design().racks[0].rotationDeg == rotated, qPrintable(redo.toString()));
    }
    // Each key sequence is bound once in the whole window, the redo action's own list included
    // (an X desktop binds Redo to Ctrl+Shift+Z already: gui_editor_keys_xcb runs this there).
    std::map<QString, QString> owner;
    for (QAction *action : mWindow->findChildren<QAction *>())
        for (const QKeySequence &key : action->shortcuts()) {
            const auto [it, fresh] = owner.emplace(key.toString(), action->objectName() + action->text());
            QVERIFY2(fresh, qPrintable(key.toString() + QStringLiteral(": ") + it->second + QStringLiteral(" and ") +
                                       action->objectName() + action->text()));
        }
    const QList<QKeySequence> redoKeys = mWindow->findChild<QAction *>(QStringLiteral("redoAction"))->shortcuts();
    QVERIFY(redoKeys.contains(QKeySequence(Qt::CTRL | Qt::Key_Y)));
    QVERIFY(redoKeys.contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)));
}

/// A rack dragged onto its neighbour: the Problems dock reports the overlap, and activating the
/// problem selects both racks on the plan (not only the later one).
void TestEditor::overlapByDragIsReportedAndSelectsBoth()
{
    const Design original = doc()->design();
    const std::vector<int> row = racksOfRow(original, original.racks.front().row);
    QVERIFY(row.size() >= 2);
    const int a = row[0], b = row[1];
    view()->selectRacks({b});
    RackItem *moved = view()->hallScene()->rackItems()[b];
    view()->centerOn(moved);
    // Onto the neighbour's place (the drag snaps to whole grid steps): the footprints overlap.
    drag(view(), moved->pos(), view()->hallScene()->rackItems()[a]->pos());
    QCOMPARE(doc()->undoStack()->count(), 1);
    auto *tree = mWindow->findChild<QTreeWidget *>(QStringLiteral("problemsTree"));
    QVERIFY(tree);
    QTreeWidgetItem *overlap = nullptr;
    const auto findOverlap = [&] {
        for (int i = 0; i < tree->topLevelItemCount(); ++i)
            if (tree->topLevelItem(i)->text(2).contains(QLatin1String("overlaps rack")))
                overlap = tree->topLevelItem(i);
        return overlap != nullptr;
    };
    QTRY_VERIFY_WITH_TIMEOUT(findOverlap(), kEvaluationTimeoutMs);
    view()->selectRacks({});
    Q_EMIT tree->itemActivated(overlap, 0);
    QVector<int> selected = view()->hallScene()->selectedRackIndexes();
    std::sort(selected.begin(), selected.end());
    QCOMPARE(selected, (QVector<int>{std::min(a, b), std::max(a, b)}));
}

/// Edit › Duplicate of a whole row puts the copies on free floor: validation finds no overlap.
void TestEditor::duplicateOfARowLandsOnFreeFloor()
{
    const Design original = doc()->design();
    const std::vector<int> row = racksOfRow(original, original.racks.front().row);
    view()->setFocus();
    view()->selectRacks(QVector<int>(row.begin(), row.end()));
    mWindow->findChild<QAction *>(QStringLiteral("duplicateAction"))->trigger();
    QCOMPARE(doc()->design().racks.size(), original.racks.size() + row.size());
    for (const Problem &p : validate(doc()->design(), doc()->catalog()))
        QVERIFY2(p.message.find("overlaps") == std::string::npos, p.message.c_str());
    QCOMPARE(view()->hallScene()->selectedRackIndexes().size(), static_cast<int>(row.size()));
}

/// The window loads the plugins: a generator plugin makes a new design, an exporter writes the
/// design into a folder from File › Export with Plugin, Help › Plugins lists them, and a refused
/// plugin is named in the Problems dock.
void TestEditor::pluginsInTheWindow()
{
    qputenv("CLUSTER_PLANNER_PLUGIN_PATH", QByteArray(CP_TEST_PLUGIN_DIR));
    MainWindow window(Catalog::builtin());
    qunsetenv("CLUSTER_PLANNER_PLUGIN_PATH");
    window.setErrorDialogsEnabled(false);
    QVERIFY(window.plugins().generator("rail-only"));
    QVERIFY(window.plugins().exporter("netbox-csv"));

    QVERIFY2(window.newFromTemplate(QStringLiteral("rail-only"), 512), qPrintable(window.errorString()));
    QVERIFY(!window.document()->design().racks.empty());

    auto *menu = window.findChild<QMenu *>(QStringLiteral("pluginExportMenu"));
    QVERIFY(menu);
    QVERIFY(window.findChild<QAction *>(QStringLiteral("exportPlugin_netbox-csv")));
    QVERIFY(window.findChild<QAction *>(QStringLiteral("exportPlugin_rack-list")));
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("netbox"));
    QVERIFY2(window.exportWithPlugin(QStringLiteral("netbox-csv"), out), qPrintable(window.errorString()));
    QVERIFY(!QDir(out).entryList(QDir::Files).isEmpty());
    QVERIFY(!window.exportWithPlugin(QStringLiteral("no-such-format"), out));
    QVERIFY(window.errorString().contains(QLatin1String("no-such-format")));

    QVERIFY(window.findChild<QAction *>(QStringLiteral("pluginsAction")));
    const QString page = window.pluginsHtml();
    QVERIFY(page.contains(QLatin1String("rail-only")) && page.contains(QLatin1String("netbox-csv")));
    QVERIFY(page.contains(QLatin1String("Refused")));

    auto *tree = window.findChild<QTreeWidget *>(QStringLiteral("problemsTree"));
    QVERIFY(tree);
    bool refused = false;
    for (int i = 0; i < tree->topLevelItemCount(); ++i)
        refused = refused || (tree->topLevelItem(i)->text(3) == QLatin1String("plugins") &&
                              tree->topLevelItem(i)->text(1).contains(QLatin1String("wrongversion")));
    QVERIFY(refused);
}

void TestEditor::saveAndReopenIsIdentical()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    view()->selectRacks({0, 1});
    view()->rotateSelection();
    view()->duplicateSelection();
    view()->autoAssignFeeds();
    QVERIFY(doc()->isModified());
    const QString path = dir.filePath(QStringLiteral("edited.cplan"));
    QVERIFY2(mWindow->saveFile(path), qPrintable(mWindow->errorString()));
    QVERIFY(!doc()->isModified());
    // An edit after the save is dirty again; undoing it is clean again.
    view()->selectRacks({0});
    view()->rotateSelection();
    QVERIFY(doc()->isModified());
    doc()->undoStack()->undo();
    QVERIFY(!doc()->isModified());

    MainWindow reopened(Catalog::builtin());
    reopened.setErrorDialogsEnabled(false);
    QVERIFY2(reopened.openFile(path), qPrintable(reopened.errorString()));
    QVERIFY(reopened.document()->design() == doc()->design());
    QVERIFY(!reopened.document()->isModified());
    QCOMPARE(reopened.document()->undoStack()->count(), 0);
}

QTEST_MAIN(TestEditor)
#include "test_editor.moc"
