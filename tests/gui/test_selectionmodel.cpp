// The shared selection: normalised lists, signals only on change, the source passed through.
#include "views/session/selectionmodel.h"

#include <QSignalSpy>
#include <QTest>

using namespace cp::gui;

class TestSelectionModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void normalisesAndSignalsOnChange()
    {
        SelectionModel model;
        QSignalSpy spy(&model, &SelectionModel::selectionChanged);
        QObject source;
        model.selectRacks({5, 2, 5, -1, 3}, &source);
        QCOMPARE(model.selection().racks, QVector<int>({2, 3, 5}));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).value<QObject *>(), &source);
        model.selectRacks({3, 2, 5}); // same set: no signal
        QCOMPARE(spy.count(), 1);
        PartSelection units;
        units.powerUnits = {1};
        model.select(units);
        QCOMPARE(spy.count(), 2);
        QVERIFY(model.selection().racks.isEmpty());
        QCOMPARE(spy.at(1).at(0).value<QObject *>(), nullptr);
        model.clear();
        QCOMPARE(spy.count(), 3);
        QVERIFY(model.selection().isEmpty());
        model.clear();
        QCOMPARE(spy.count(), 3);
    }

    void highlightIsSeparateFromSelection()
    {
        SelectionModel model;
        QSignalSpy selectionSpy(&model, &SelectionModel::selectionChanged);
        QSignalSpy highlightSpy(&model, &SelectionModel::highlightChanged);
        model.selectRacks({1});
        model.setHighlight({QStringLiteral("power unit \"P1\""), {4, 1, 4}, {7}});
        QCOMPARE(model.highlight().racksDown, QVector<int>({1, 4}));
        QCOMPARE(model.selection().racks, QVector<int>({1}));
        QCOMPARE(highlightSpy.count(), 1);
        QCOMPARE(selectionSpy.count(), 1);
        model.reset();
        QVERIFY(model.selection().isEmpty());
        QVERIFY(model.highlight().isEmpty());
        QCOMPARE(highlightSpy.count(), 2);
        QCOMPARE(selectionSpy.count(), 2);
    }
};

QTEST_MAIN(TestSelectionModel)
#include "test_selectionmodel.moc"
