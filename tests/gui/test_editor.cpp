// The design editor driven through its real widgets on Qt's offscreen platform: a catalog entry
// dropped from the palette lands in the design and changes the figures; drags move (and merge
// into one undo step), stamp, feed, rotate, delete; undoing everything gives the original design;
// the inspector refuses invalid values with a message; a saved edit reopens identically.

#include "model/core/catalog.h"
#include "model/core/parallellayout.h"
#include "model/training/trainingmodel.h"
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
#include "views/docks/resultsdock.h"
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
#include <QTreeWidgetItemIterator>
#include <QContextMenuEvent>
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

class TestEditor : public QObject
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
    void inspectorRefusesInvalidValues();
    void redoKeysRedo();
    void undoKeyInsideAField();
    void refusalLeavesTheFieldsInPlace();
    void fabricSettingsActOrSayWhyNot();
    void pluginsInTheWindow();
    void overlapByDragIsReportedAndSelectsBoth();
    void duplicateOfARowLandsOnFreeFloor();
    void settingsPanelEditsWholeStruct();
    void layoutIsPinnedFromTheResultsOrTyped();
    void saveAndReopenIsIdentical();

private:
    std::unique_ptr<MainWindow> mWindow;
    Document *doc() const { return const_cast<Document *>(mWindow->document()); }
    HallView *view() const { return mWindow->hallView(); }
};

void TestEditor::init()
{
    mWindow = std::make_unique<MainWindow>(Catalog::builtin());
    mWindow->setErrorDialogsEnabled(false);
    mWindow->loadSample();
    mWindow->resize(1400, 900);
    mWindow->show();
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

void TestEditor::inspectorRefusesInvalidValues()
{
    InspectorDock *inspector = mWindow->inspectorDock();
    const Design original = doc()->design();
    view()->selectRacks({2});
    QVERIFY(inspector->field(QStringLiteral("rack.id")));
    QCOMPARE(inspector->field(QStringLiteral("rack.id"))->text(), QString::fromStdString(original.racks[2].id));

    struct Case
    {
        const char *field;
        QString text;
        const char *message;
    };
    const Case cases[] = {
        {"rack.x", QStringLiteral("-5"), "outside"},
        {"rack.x", QStringLiteral("abc"), "not a number"},
        {"rack.id", QString::fromStdString(original.racks[0].id), "already used"},
        {"rack.id", QString(), "must not be empty"},
        {"rack.model", QStringLiteral("rack-9000"), "unknown catalog id"},
    };
    for (const Case &c : cases) {
        QVERIFY2(!inspector->editField(QString::fromLatin1(c.field), c.text), c.field);
        QVERIFY2(inspector->lastError().contains(QLatin1String(c.message)), qPrintable(inspector->lastError()));
        QVERIFY(doc()->design() == original);
        QCOMPARE(doc()->undoStack()->count(), 0);
        // The field shows the design's value again.
        QCOMPARE(inspector->field(QString::fromLatin1(c.field))->text(),
                 QString::fromLatin1(c.field) == QLatin1String("rack.x")
                     ? QLocale().toString(original.racks[2].xM, 'f', 2)
                     : QString::fromLatin1(c.field) == QLatin1String("rack.model")
                         ? QString::fromStdString(original.racks[2].catalogId)
                         : QString::fromStdString(original.racks[2].id));
    }
    auto *message = inspector->findChild<QLabel *>(QStringLiteral("inspectorMessage"));
    QVERIFY(message && !message->isHidden());
    // A row is a name: not a number (it would be drawn as a label over the rows), never empty; the
    // field offers the hall's rows as it is typed.
    for (const auto &[text, why] : {std::pair{QStringLiteral("4.9"), "is a number"}, {QString(), "always in a row"}}) {
        QVERIFY(!inspector->editField(QStringLiteral("rack.row"), text));
        QVERIFY2(inspector->lastError().contains(QLatin1String(why)), qPrintable(inspector->lastError()));
        QCOMPARE(inspector->field(QStringLiteral("rack.row"))->text(), QString::fromStdString(original.racks[2].row));
    }
    QVERIFY(inspector->field(QStringLiteral("rack.row"))->completer());
    QVERIFY(doc()->design() == original);

    // A valid value is one undo step and clears the message.
    QVERIFY(inspector->editField(QStringLiteral("rack.id"), QStringLiteral("MY-RACK")));
    QCOMPARE(doc()->design().racks[2].id, std::string("MY-RACK"));
    QVERIFY(inspector->lastError().isEmpty());
    QCOMPARE(doc()->undoStack()->count(), 1);

    // A unit: an unknown model and a cooling model on a power unit are refused.
    view()->selectUnit(QString::fromStdString(original.powerUnits.front().id));
    QVERIFY(!inspector->editField(QStringLiteral("unit.model"), QStringLiteral("no-such-pdu")));
    QVERIFY(inspector->lastError().contains(QLatin1String("unknown catalog id")));
    QVERIFY(!inspector->editField(QStringLiteral("unit.model"), QString::fromStdString(original.coolingUnits.front().catalogId)));
    QVERIFY(inspector->lastError().contains(QLatin1String("not a power unit")));
    // Settings: a negative energy price or power usage effectiveness below 1.
    QVERIFY(!inspector->editField(QStringLiteral("finance.energyUsdPerKwh"), QStringLiteral("-0.1")));
    QVERIFY(inspector->lastError().contains(QLatin1String("negative")));
    QVERIFY(!inspector->editField(QStringLiteral("finance.pue"), QStringLiteral("0.5")));
    QCOMPARE(doc()->undoStack()->count(), 1);
    QCOMPARE(doc()->design().finance, original.finance);
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

/// Ctrl+Z in a field with unsaved text reverts the text only; without unsaved text it undoes the
/// design and the field shows the value undone to; leaving the field afterwards adds no step. The
/// same in a settings tab.
void TestEditor::undoKeyInsideAField()
{
    mWindow->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(mWindow.get()));
    InspectorDock *inspector = mWindow->inspectorDock();
    const Design original = doc()->design();
    view()->selectRacks({2});
    const QString wanted = QLocale().toString(original.racks[2].xM + 1.0, 'f', 2);
    QVERIFY(inspector->editField(QStringLiteral("rack.x"), wanted));
    QCOMPARE(doc()->undoStack()->count(), 1);

    QLineEdit *x = inspector->field(QStringLiteral("rack.x"));
    QVERIFY(x);
    x->setFocus();
    x->selectAll();
    QTest::keyClicks(x, QStringLiteral("12"));
    QCOMPARE(x->text(), QStringLiteral("12"));
    QTest::keySequence(x, QKeySequence::Undo); // unsaved text: back to the design's value, no step
    QCOMPARE(inspector->field(QStringLiteral("rack.x"))->text(), wanted);
    QCOMPARE(doc()->undoStack()->index(), 1);
    QCOMPARE(doc()->undoStack()->count(), 1);

    QTest::keySequence(inspector->field(QStringLiteral("rack.x")), QKeySequence::Undo); // the design's step
    QCOMPARE(doc()->undoStack()->index(), 0);
    QCOMPARE(doc()->design().racks[2].xM, original.racks[2].xM);
    x = inspector->field(QStringLiteral("rack.x"));
    QCOMPARE(x->text(), QLocale().toString(original.racks[2].xM, 'f', 2));
    QVERIFY(x->hasFocus());
    view()->setFocus(); // leaving the field is not an edit
    QCOMPARE(doc()->undoStack()->index(), 0);
    QCOMPARE(doc()->undoStack()->count(), 1);
    QVERIFY(doc()->design() == original);

    QTest::keySequence(inspector->field(QStringLiteral("rack.x")), QKeySequence(Qt::CTRL | Qt::Key_Y)); // redo
    QCOMPARE(doc()->design().racks[2].xM, original.racks[2].xM + 1.0);

    // A settings field: the undo key undoes its step and the field follows.
    const QString price = QStringLiteral("finance.energyUsdPerKwh");
    QLineEdit *energy = inspector->field(price);
    QVERIFY(energy);
    const QString oldPrice = energy->text();
    QVERIFY(inspector->editField(price, QStringLiteral("0.5")));
    energy->setFocus();
    QTest::keySequence(energy, QKeySequence::Undo);
    QCOMPARE(energy->text(), oldPrice);
    QCOMPARE(doc()->design().finance, original.finance);
    view()->setFocus();
    QCOMPARE(doc()->design().finance, original.finance);
    QCOMPARE(doc()->undoStack()->index(), 1);
}

/// A refused value shows its message without moving any field, so the next click lands where aimed.
void TestEditor::refusalLeavesTheFieldsInPlace()
{
    InspectorDock *inspector = mWindow->inspectorDock();
    view()->selectRacks({2});
    QApplication::processEvents();
    QLineEdit *y = inspector->field(QStringLiteral("rack.y"));
    QVERIFY(y);
    const QPoint before = y->mapTo(inspector, QPoint(0, 0));
    QVERIFY(!inspector->editField(QStringLiteral("rack.x"), QStringLiteral("abc")));
    QApplication::processEvents();
    auto *message = inspector->findChild<QLabel *>(QStringLiteral("inspectorMessage"));
    QVERIFY(message && message->isVisible() && message->text().contains(QLatin1String("not a number")));
    y = inspector->field(QStringLiteral("rack.y"));
    QCOMPARE(y->mapTo(inspector, QPoint(0, 0)), before);
    // A long refusal is cut to the row; the whole text is in its tooltip.
    const int height = message->height();
    QVERIFY(!inspector->editField(QStringLiteral("rack.model"), QString(200, QLatin1Char('x'))));
    QApplication::processEvents();
    QCOMPARE(message->height(), height);
    QVERIFY(message->toolTip().contains(QString(200, QLatin1Char('x'))));
    QCOMPARE(inspector->field(QStringLiteral("rack.y"))->mapTo(inspector, QPoint(0, 0)), before);
}

/// On a design whose racks hold switches, the fabric's tiers and tapers are theirs: the two fields
/// show the racks' values, read-only, with the reason (before, an edit recorded a step and no
/// figure moved). Without switches the settings act, and a taper per tier parses as typed.
void TestEditor::fabricSettingsActOrSayWhyNot()
{
    InspectorDock *inspector = mWindow->inspectorDock();
    QSignalSpy evaluated(mWindow.get(), &MainWindow::evaluated);
    mWindow->loadSample();
    QVERIFY(evaluated.wait(kEvaluationTimeoutMs));
    QLineEdit *over = inspector->field(QStringLiteral("fabric.oversubscription"));
    QLineEdit *tiers = inspector->field(QStringLiteral("fabric.tiers"));
    QVERIFY(over && tiers);
    QVERIFY(!over->isEnabled() && !tiers->isEnabled());
    QVERIFY(over->toolTip().contains(QLatin1String("switches")));
    QCOMPARE(tiers->text(), QLocale().toString(mWindow->resultsHub()->outcome().results.fabric.tiers));
    auto *hint = inspector->findChild<QLabel *>(QStringLiteral("fabric.oversubscription.hint"));
    QVERIFY(hint && hint->text().contains(QLatin1String("racks")));
    QVERIFY(inspector->field(QStringLiteral("fabric.topology"))->isEnabled()); // acts on any design

    mWindow->loadEmpty();
    QVERIFY(evaluated.wait(kEvaluationTimeoutMs));
    QVERIFY(over->isEnabled() && tiers->isEnabled());
    const std::vector<double> wanted{1.0, 4.0};
    for (const QString &typed : {QStringLiteral("1, 4"), QStringLiteral("1,4"), QStringLiteral("1:4"), QStringLiteral("1; 4")}) {
        QVERIFY(inspector->editField(QStringLiteral("fabric.oversubscription"), QStringLiteral("2")));
        QVERIFY2(inspector->editField(QStringLiteral("fabric.oversubscription"), typed), qPrintable(inspector->lastError()));
        QVERIFY2(doc()->design().fabric.oversubscription == wanted, qPrintable(typed));
    }
    QVERIFY(!inspector->editField(QStringLiteral("fabric.oversubscription"), QStringLiteral("1, four")));
    QVERIFY(inspector->lastError().contains(QLatin1String("not a number")));
    QVERIFY(doc()->design().fabric.oversubscription == wanted);
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

void TestEditor::settingsPanelEditsWholeStruct()
{
    InspectorDock *inspector = mWindow->inspectorDock();
    const Design original = doc()->design();
    QVERIFY(inspector->editField(QStringLiteral("workload.layers"), QStringLiteral("120")));
    QCOMPARE(doc()->design().workload.layers, 120);
    // Every other setting is carried along unchanged.
    Workload expected = original.workload;
    expected.layers = 120;
    QCOMPARE(doc()->design().workload, expected);
    QCOMPARE(doc()->design().finance, original.finance);
    QVERIFY(inspector->editField(QStringLiteral("reliability.repairHours"), QStringLiteral("48")));
    QCOMPARE(doc()->design().reliability.repairHours, 48.0);
    QVERIFY(!inspector->editField(QStringLiteral("workload.heads"), QStringLiteral("100"))); // 16384 % 100 != 0
    // MoE routing imbalance: a number from 1 (balanced) to 16; below 1 is refused.
    QVERIFY(inspector->editField(QStringLiteral("workload.moeLoadImbalance"), QLocale().toString(1.5)));
    QCOMPARE(doc()->design().workload.moeLoadImbalance, 1.5);
    QVERIFY(!inspector->editField(QStringLiteral("workload.moeLoadImbalance"), QLocale().toString(0.5)));
    QCOMPARE(doc()->design().workload.moeLoadImbalance, 1.5);
    QCOMPARE(doc()->undoStack()->count(), 3);
    doc()->undoStack()->undo();
    doc()->undoStack()->undo();
    doc()->undoStack()->undo();
    QVERIFY(doc()->design() == original);
    QCOMPARE(inspector->field(QStringLiteral("workload.layers"))->text(), QLocale().toString(original.workload.layers));
}

/// The layout the search chose is pinned from the Results dock's context menu (one step, undone
/// as one), or typed into the Inspector's Parallelism field in the same notation; a layout the
/// design cannot run is refused with the reason and nothing changes.
void TestEditor::layoutIsPinnedFromTheResultsOrTyped()
{
    QSignalSpy evaluated(mWindow.get(), &MainWindow::evaluated);
    mWindow->loadSample();
    QVERIFY(evaluated.wait(kEvaluationTimeoutMs));
    const Design original = doc()->design();
    QVERIFY(original.workload.parallelism.automatic);
    ResultsDock *results = mWindow->resultsDock();
    const QString shown = results->value(QStringLiteral("performance.parallelism_used"));
    const QString searched = QString::fromStdString(describe(mWindow->resultsHub()->outcome().results.performance.outcome.estimate.config));
    QCOMPARE(shown, searched); // the whole layout: degrees, micro-batch, interleave, recompute, ZeRO

    // Right-click the layout row: its menu pins it.
    results->raise();
    QTreeWidget *tree = results->performanceTree();
    QTreeWidgetItem *row = nullptr;
    for (QTreeWidgetItemIterator it(tree); *it; ++it)
        if ((*it)->toolTip(0) == QLatin1String("performance.parallelism_used"))
            row = *it;
    QVERIFY(row);
    tree->scrollToItem(row);
    const QPoint at = tree->visualItemRect(row).center();
    sendMouse(tree->viewport(), QEvent::MouseButtonPress, at, Qt::RightButton, Qt::RightButton);
    sendMouse(tree->viewport(), QEvent::MouseButtonRelease, at, Qt::RightButton, Qt::NoButton);
    QContextMenuEvent event(QContextMenuEvent::Mouse, at, tree->viewport()->mapToGlobal(at));
    QApplication::sendEvent(tree->viewport(), &event);
    QMenu *menu = results->layoutMenu();
    QVERIFY(menu);
    QVERIFY(QTest::qWaitFor([menu] { return menu->isVisible(); }, 2000));
    QVERIFY(clickMenuAction(menu, QStringLiteral("pinLayoutAction")));
    QCOMPARE(doc()->undoStack()->count(), 1);
    const Workload pinned = doc()->design().workload;
    QVERIFY(!pinned.parallelism.automatic);
    const ParallelConfig &c = mWindow->resultsHub()->outcome().results.performance.outcome.estimate.config;
    QCOMPARE(pinned.parallelism.tp, c.tp);
    QCOMPARE(pinned.parallelism.pp, c.pp);
    QCOMPARE(pinned.parallelism.interleave, c.interleave);
    QCOMPARE(pinned.parallelism.zero, c.zero);
    QCOMPARE(QString::fromStdString(pinned.recompute), QString::fromLatin1(recomputeName(c.recompute)));
    // Evaluated as pinned: the same layout, now not searched.
    QVERIFY(evaluated.wait(kEvaluationTimeoutMs));
    QCOMPARE(results->value(QStringLiteral("performance.parallelism_used")), searched);
    QVERIFY(!mWindow->resultsHub()->outcome().results.performance.outcome.searched);

    // Typed, with real keys, into the Inspector: the same notation.
    InspectorDock *inspector = mWindow->inspectorDock();
    QLineEdit *field = inspector->field(QStringLiteral("workload.parallelism"));
    QVERIFY(field && field->isEnabled());
    QCOMPARE(field->text(), QString::fromStdString(layoutText(pinned.parallelism)));
    inspector->raise();
    field->setFocus();
    field->selectAll();
    QTest::keyClicks(field, QStringLiteral("TP8 PP8 DP4 mb1 v2"));
    QTest::keyClick(field, Qt::Key_Return);
    QCOMPARE(doc()->undoStack()->count(), 2);
    QCOMPARE(doc()->design().workload.parallelism, (Parallelism{false, 8, 8, 4, 1, 1, 1, 2, 0, -1}));
    // Refused: the sample's 80 layers on 9 stages are up to 9 per stage, which 4 chunks do not
    // split; the design is unchanged, the field restored. (What the typed text above left out,
    // the ZeRO stage, is the search's again.)
    const Design before = doc()->design();
    QVERIFY(!inspector->editField(QStringLiteral("workload.parallelism"), QStringLiteral("TP8 PP9 DP4 v4")));
    QVERIFY2(inspector->lastError().contains(QLatin1String("do not split into 9 stages of 4 chunks")),
             qPrintable(inspector->lastError()));
    QVERIFY(!inspector->editField(QStringLiteral("workload.parallelism"), QStringLiteral("TP8 PP8 FSDP")));
    QVERIFY2(inspector->lastError().contains(QLatin1String("FSDP")), qPrintable(inspector->lastError()));
    QVERIFY(doc()->design() == before);
    QCOMPARE(field->text(), QString::fromStdString(layoutText(before.workload.parallelism)));
    // Back to the search, then every step undone.
    QVERIFY(inspector->editField(QStringLiteral("workload.parallelism"), QStringLiteral("automatic")));
    QVERIFY(doc()->design().workload.parallelism.automatic);
    while (doc()->undoStack()->canUndo())
        doc()->undoStack()->undo();
    QVERIFY(doc()->design() == original);
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
