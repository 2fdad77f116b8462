// The design edited through the Inspector's fields and the Results dock's layout menu, on Qt's
// offscreen platform with real keys and clicks: invalid values are refused with a message and
// leave the fields as they were, undo works inside a field, the fabric and workload settings edit
// their whole struct, and a searched layout is pinned or typed (one undo step each).

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/core/parallellayout.h"
#include "model/training/trainingmodel.h"
#include "views/docks/inspectordock.h"
#include "views/docks/resultsdock.h"
#include "views/plan/hallview.h"
#include "views/session/document.h"
#include "views/session/resultshub.h"
#include "views/window/mainwindow.h"

#include "guisupport.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSignalSpy>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QUndoStack>
#include <QtTest>

#include <memory>

using namespace cp;
using namespace cp::gui;
using namespace cp::gui::testsupport;

namespace {

constexpr int kEvaluationTimeoutMs = 60000;

} // namespace

class TestInspectorEdits : public QObject, private SampleWindowFixture
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void inspectorRefusesInvalidValues();
    void undoKeyInsideAField();
    void refusalLeavesTheFieldsInPlace();
    void fabricSettingsActOrSayWhyNot();
    void settingsPanelEditsWholeStruct();
    void layoutIsPinnedFromTheResultsOrTyped();
};

void TestInspectorEdits::init()
{
    mWindow = sampleWindow();
    QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
}

void TestInspectorEdits::cleanup()
{
    mWindow.reset();
}

void TestInspectorEdits::inspectorRefusesInvalidValues()
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

/// Ctrl+Z in a field with unsaved text reverts the text only; without unsaved text it undoes the
/// design and the field shows the value undone to; leaving the field afterwards adds no step. The
/// same in a settings tab.
void TestInspectorEdits::undoKeyInsideAField()
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
void TestInspectorEdits::refusalLeavesTheFieldsInPlace()
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
void TestInspectorEdits::fabricSettingsActOrSayWhyNot()
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

void TestInspectorEdits::settingsPanelEditsWholeStruct()
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
void TestInspectorEdits::layoutIsPinnedFromTheResultsOrTyped()
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
        if (ResultsDock::keyOf(*it) == QLatin1String("performance.parallelism_used"))
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

QTEST_MAIN(TestInspectorEdits)
#include "test_inspectoredits.moc"
