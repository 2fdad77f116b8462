// Tests the failure-domain view: its rows against the reliability stage and partFailure, sorting,
// and both directions of the shared selection. Set CP_TEST_PNG_DIR to keep its pictures.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/engine/evaluation.h"
#include "model/reliability/failuredomain.h"
#include "views/analysis/failuredomainsview.h"
#include "model/io/projectfile.h"
#include "views/session/selectionmodel.h"
#include "model/generate/templates.h"

#include <QComboBox>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QSignalSpy>
#include <QTreeView>
#include <QtTest>

#include <algorithm>
#include <memory>

using namespace cp;
using namespace cp::gui;

namespace {

void savePng(QWidget &widget, const char *name)
{
    const QString dir = qEnvironmentVariable("CP_TEST_PNG_DIR");
    if (!dir.isEmpty())
        widget.grab().save(dir + QLatin1Char('/') + QLatin1String(name));
}

/// A design, its evaluation and failure-domain index, as the app hands them to the view.
struct Evaluated
{
    Design design;
    Results results;
    std::shared_ptr<const FailureDomainIndex> index;
};

Evaluated evaluated(Design design, const Catalog &catalog)
{
    Evaluated e{std::move(design), {}, {}};
    e.results = evaluate(e.design, catalog);
    e.index = std::make_shared<const FailureDomainIndex>(buildFailureDomainIndex(e.design, catalog, &e.results.power));
    return e;
}

/// A small classic design. Unless `redundantPower`, its row busways become floor PDUs fed singly
/// (no redundancy), so a PDU's failure takes its racks down; the cooling keeps its N+1.
Evaluated smallDesign(bool redundantPower)
{
    const Catalog c = Catalog::builtin();
    Design d = generateTemplate({"classic", 256, ""}, c);
    if (!redundantPower)
        for (FacilityUnit &u : d.powerUnits) {
            if (c.find(u.catalogId)->kind == PartKind::Busway)
                u.catalogId = "pdu-floor-300kw";
            u.redundancy = Redundancy::N;
        }
    return evaluated(std::move(d), c);
}

/// The kind name of the power units of a design, from the index.
std::string powerKind(const Evaluated &e)
{
    return e.index->powerUnitKinds.empty() ? std::string() : e.index->powerUnitKinds.front();
}

#define CP_COMPARE_KIND(actual, expected) QCOMPARE(QString::fromStdString(actual), QLatin1String(expected))

QStringList rackIds(const Design &d, const std::vector<int> &racks)
{
    QStringList ids;
    for (int r : racks)
        ids << QString::fromStdString(d.racks[size_t(r)].id);
    return ids;
}

QVariant sortValue(const QModelIndex &row, int column)
{
    return row.siblingAtColumn(column).data(FailureDomainsView::SortRole);
}

} // namespace

class TestFailureDomainsView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void unitRowListsItsRacks_data();
    void unitRowListsItsRacks();
    void kindRowsEqualResults();
    void sortingOrdersRows();
    void selectingRowsSetsSelectionAndHighlight();
    void selectionElsewhereSelectsRow();
    void supernodeRacksAreRows();
    void chartPicksKind();
    void longListsAreCapped();
    void emptyResults();
    void exampleProject();
};

void TestFailureDomainsView::unitRowListsItsRacks_data()
{
    QTest::addColumn<bool>("redundant");
    QTest::newRow("fed singly") << false;
    QTest::newRow("redundant") << true;
}

void TestFailureDomainsView::unitRowListsItsRacks()
{
    // The failure table's row for a PDU (busway, …) lists the racks it feeds: exactly those
    // partFailure takes down, or, for a redundant unit, those it serves and redundancy keeps up.
    QFETCH(bool, redundant);
    const Evaluated e = smallDesign(redundant);
    const std::string kind = powerKind(e);
    CP_COMPARE_KIND(kind, redundant ? "busway" : "pdu");
    FailureDomainsView view;
    view.setEvaluation(e.design, e.results, e.index);
    const std::vector<FailureInstance> &inst = view.instances(QString::fromStdString(kind));
    // One row per unit of that kind (the design has other power kinds too, e.g. a UPS).
    QCOMPARE(qsizetype(inst.size()), std::count(e.index->powerUnitKinds.begin(), e.index->powerUnitKinds.end(), kind));
    int checked = 0;
    for (int i = 0; i < int(inst.size()); ++i) {
        QCOMPARE(inst[size_t(i)].partKind, PartRef::Kind::PowerUnit);
        const int unit = inst[size_t(i)].parts.front();
        const PartFailure f = partFailure(e.design, *e.index, {PartRef::Kind::PowerUnit, unit});
        QCOMPARE(f.redundant, redundant);
        const QModelIndex row = view.rowIndex(QString::fromStdString(kind), i);
        QVERIFY(row.isValid());
        QCOMPARE(row.data().toString(), QString::fromStdString(f.part));
        const QModelIndex racks = row.siblingAtColumn(FailureDomainsView::RacksColumn);
        const QStringList expected = rackIds(e.design, redundant ? f.racksServed : f.racksDown);
        QVERIFY(!expected.isEmpty());
        QCOMPARE(racks.data(FailureDomainsView::RackIdsRole).toStringList(), expected);
        // Every rack the unit feeds is listed, in the cell's text (runs of ids) and its tooltip.
        for (const std::string &rid : e.design.powerUnits[size_t(unit)].serves)
            QVERIFY2(expected.contains(QString::fromStdString(rid)), rid.c_str());
        QVERIFY(racks.data().toString().contains(expected.front()));
        QVERIFY(racks.data(Qt::ToolTipRole).toString().contains(expected.back()));
        QCOMPARE(sortValue(row, FailureDomainsView::GpusLostColumn).toDouble(), double(f.gpusDown));
        if (redundant)
            QVERIFY(racks.data().toString().contains(QStringLiteral("kept up")));
        ++checked;
    }
    QVERIFY(checked > 0);
}

void TestFailureDomainsView::kindRowsEqualResults()
{
    const Evaluated e = smallDesign(false);
    FailureDomainsView view;
    view.setEvaluation(e.design, e.results, e.index);
    const QAbstractItemModel *m = view.tree()->model();
    QCOMPARE(m->rowCount(), int(e.results.reliability.kinds.size()));
    for (const FailureDomainKind &k : e.results.reliability.kinds) {
        const QModelIndex row = view.rowIndex(QString::fromStdString(k.kind));
        QVERIFY2(row.isValid(), k.kind.c_str());
        QCOMPARE(row.data(FailureDomainsView::RowTypeRole).toInt(), int(FailureDomainsView::KindRow));
        QCOMPARE(sortValue(row, FailureDomainsView::CountColumn).toDouble(), double(k.count));
        QCOMPARE(sortValue(row, FailureDomainsView::GpusLostColumn).toDouble(), double(k.gpusLostMax));
        QCOMPARE(sortValue(row, FailureDomainsView::RateColumn).toDouble(), k.failuresPerHour);
        QCOMPARE(sortValue(row, FailureDomainsView::EventsColumn).toDouble(), k.eventsPerMonth);
        QCOMPARE(sortValue(row, FailureDomainsView::DowntimeColumn).toDouble(), k.downtimeShare);
        // The text says the same, with its unit.
        const QString count = row.siblingAtColumn(FailureDomainsView::CountColumn).data().toString();
        QCOMPARE(QLocale().toLongLong(count), k.count);
        if (k.failuresPerHour > 0)
            QVERIFY(row.siblingAtColumn(FailureDomainsView::RateColumn).data().toString().endsWith(QStringLiteral("%/yr")));
        if (k.interruptsJob)
            QVERIFY(row.siblingAtColumn(FailureDomainsView::DowntimeColumn).data().toString().endsWith(QStringLiteral(" %")));
    }
    // The GPU row of a classic design: 8 GPUs per failure, no place of its own.
    const QModelIndex gpu = view.rowIndex(QStringLiteral("gpu"));
    QCOMPARE(m->rowCount(gpu), 0);
    QCOMPARE(gpu.siblingAtColumn(FailureDomainsView::GpusLostColumn).data().toString(), QStringLiteral("8"));
}

void TestFailureDomainsView::sortingOrdersRows()
{
    const Evaluated e = smallDesign(false);
    FailureDomainsView view;
    view.setEvaluation(e.design, e.results, e.index);
    QTreeView *tree = view.tree();
    const QAbstractItemModel *m = tree->model();
    QVERIFY(m->rowCount() >= 5);
    for (const int column : {int(FailureDomainsView::EventsColumn), int(FailureDomainsView::GpusLostColumn),
                             int(FailureDomainsView::DowntimeColumn), int(FailureDomainsView::RateColumn)}) {
        for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
            tree->sortByColumn(column, order);
            bool someDiffer = false;
            for (int r = 1; r < m->rowCount(); ++r) {
                const double a = sortValue(m->index(r - 1, 0), column).toDouble();
                const double b = sortValue(m->index(r, 0), column).toDouble();
                QVERIFY2(order == Qt::AscendingOrder ? a <= b : a >= b, qPrintable(QString::number(column)));
                someDiffer = someDiffer || a != b;
            }
            QVERIFY(someDiffer);
        }
    }
    // By name, as text; the header click does the same.
    tree->header()->setSortIndicator(FailureDomainsView::PartColumn, Qt::AscendingOrder);
    for (int r = 1; r < m->rowCount(); ++r)
        QVERIFY(QString::localeAwareCompare(m->index(r - 1, 0).data().toString(), m->index(r, 0).data().toString()) <= 0);
}

void TestFailureDomainsView::selectingRowsSetsSelectionAndHighlight()
{
    const Evaluated e = smallDesign(false);
    SelectionModel selection;
    FailureDomainsView view;
    view.setSelectionModel(&selection);
    view.setEvaluation(e.design, e.results, e.index);
    QSignalSpy selected(&selection, &SelectionModel::selectionChanged);
    QItemSelectionModel *rows = view.tree()->selectionModel();
    const QString kind = QString::fromStdString(powerKind(e));

    // A unit's row: that unit selected, its domain highlighted.
    const FailureInstance &unit = view.instances(kind).at(1);
    rows->setCurrentIndex(view.rowIndex(kind, 1), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.last().at(0).value<QObject *>(), &view);
    QCOMPARE(selection.selection().powerUnits, QVector<int>{unit.parts.front()});
    QVERIFY(selection.selection().racks.isEmpty());
    const PartFailure f = partFailure(e.design, *e.index, {PartRef::Kind::PowerUnit, unit.parts.front()});
    QCOMPARE(selection.highlight().label, QString::fromStdString(f.part));
    QCOMPARE(selection.highlight().racksDown, QVector<int>(f.racksDown.begin(), f.racksDown.end()));
    QVERIFY(!selection.highlight().racksDown.isEmpty());
    QVERIFY(view.hint()->text().contains(QString::fromStdString(f.part)));

    // The leaf kind's row: its worst group, the group's leaf racks selected.
    const std::vector<FailureInstance> &leaves = view.instances(QStringLiteral("leaf"));
    QVERIFY(!leaves.empty());
    rows->setCurrentIndex(view.rowIndex(QStringLiteral("leaf")), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QCOMPARE(selection.selection().racks, QVector<int>(leaves.front().parts.begin(), leaves.front().parts.end()));
    QCOMPARE(selection.highlight().racksDown,
             QVector<int>(leaves.front().racksDown.begin(), leaves.front().racksDown.end()));
    QCOMPARE(selection.highlight().label, QStringLiteral("Leaf switch in ") + QString::fromStdString(leaves.front().label));

    // The GPU kind has no place in a classic design: no highlight, and the hint says why.
    rows->setCurrentIndex(view.rowIndex(QStringLiteral("gpu")), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QVERIFY(selection.highlight().isEmpty());
    QVERIFY(view.hint()->text().contains(QStringLiteral("no place")));
    QCOMPARE(view.chart()->currentKind() >= 0, true);
}

void TestFailureDomainsView::selectionElsewhereSelectsRow()
{
    const Evaluated e = smallDesign(false);
    SelectionModel selection;
    FailureDomainsView view;
    view.setSelectionModel(&selection);
    view.setEvaluation(e.design, e.results, e.index);
    QSignalSpy highlighted(&selection, &SelectionModel::highlightChanged);
    QSignalSpy selected(&selection, &SelectionModel::selectionChanged);
    const QString kind = QString::fromStdString(powerKind(e));
    const std::vector<FailureInstance> &units = view.instances(kind);

    // A power unit picked on the plan selects its row, without echoing back.
    const int last = int(units.size()) - 1;
    PartSelection unit;
    unit.powerUnits = {units[size_t(last)].parts.front()};
    selection.select(unit);
    QCOMPARE(view.tree()->currentIndex(), view.rowIndex(kind, last));
    QVERIFY(view.tree()->selectionModel()->isRowSelected(view.rowIndex(kind, last).row(), view.rowIndex(kind, last).parent()));
    QVERIFY(view.tree()->isExpanded(view.rowIndex(kind)));
    QCOMPARE(highlighted.count(), 0);
    QCOMPARE(selected.count(), 1);

    // A leaf rack selects its leaf group.
    const std::vector<FailureInstance> &groups = view.instances(QStringLiteral("leaf"));
    const int group = int(groups.size()) - 1;
    selection.selectRacks({groups[size_t(group)].parts.front()});
    QCOMPARE(view.tree()->currentIndex(), view.rowIndex(QStringLiteral("leaf"), group));

    // A compute rack of 8-GPU servers is no row: nothing is selected in the table.
    int compute = -1;
    for (int i = 0; i < int(e.design.racks.size()) && compute < 0; ++i)
        if (e.index->rackGpus[size_t(i)] > 0 && e.index->leafGroupOfRack[size_t(i)] < 0)
            compute = i;
    QVERIFY(compute >= 0);
    selection.selectRacks({compute});
    QVERIFY(!view.tree()->selectionModel()->hasSelection());
    QCOMPARE(highlighted.count(), 0);

    // After a new evaluation the row follows the selection again.
    selection.select(unit);
    view.setEvaluation(e.design, e.results, e.index);
    QCOMPARE(view.tree()->currentIndex(), view.rowIndex(kind, last));

    // A kind row picked and rows opened stay so through the next evaluation (one per edit).
    view.tree()->expand(view.rowIndex(QStringLiteral("leaf")));
    view.tree()->selectionModel()->setCurrentIndex(view.rowIndex(QStringLiteral("leaf")),
                                                   QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    const DomainHighlight before = selection.highlight();
    view.setEvaluation(e.design, e.results, e.index);
    QCOMPARE(view.tree()->currentIndex(), view.rowIndex(QStringLiteral("leaf")));
    QVERIFY(view.tree()->isExpanded(view.rowIndex(QStringLiteral("leaf"))));
    QVERIFY(view.tree()->isExpanded(view.rowIndex(kind)));
    QCOMPARE(selection.highlight(), before);
}

void TestFailureDomainsView::supernodeRacksAreRows()
{
    // In a supernode design a GPU failure drains its whole rack: each supernode rack is a row.
    const Catalog c = Catalog::builtin();
    const Evaluated e = evaluated(generateTemplate({"supernode", 576, ""}, c), c);
    SelectionModel selection;
    FailureDomainsView view;
    view.setSelectionModel(&selection);
    view.setEvaluation(e.design, e.results, e.index);
    const std::vector<FailureInstance> &racks = view.instances(QStringLiteral("gpu"));
    QCOMPARE(qsizetype(racks.size()), qsizetype(e.results.inventory.gpusTotal / 72));
    const int third = racks[2].parts.front();
    view.tree()->selectionModel()->setCurrentIndex(view.rowIndex(QStringLiteral("gpu"), 2),
                                                   QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QCOMPARE(selection.selection().racks, QVector<int>{third});
    QCOMPARE(selection.highlight().racksDown, QVector<int>{third});
    const QString rackId = QString::fromStdString(e.design.racks[size_t(third)].id);
    QCOMPARE(selection.highlight().label, QStringLiteral("GPU in rack \"%1\"").arg(rackId));
    QVERIFY(view.hint()->text().contains(QStringLiteral("72 GPUs")));
    QCOMPARE(view.rowIndex(QStringLiteral("gpu"), 2).siblingAtColumn(FailureDomainsView::RacksColumn).data().toString(), rackId);

    // The rack picked on the plan: the first kind listing it (the GPU's) selects its row.
    selection.selectRacks({racks[4].parts.front()});
    QCOMPARE(view.tree()->currentIndex(), view.rowIndex(QStringLiteral("gpu"), 4));
}

void TestFailureDomainsView::chartPicksKind()
{
    const Evaluated e = smallDesign(false);
    SelectionModel selection;
    FailureDomainsView view;
    view.setSelectionModel(&selection);
    view.resize(1200, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setEvaluation(e.design, e.results, e.index);
    BlastRadiusChart *chart = view.chart();
    QVERIFY(chart->barKinds().size() >= 3);
    // Bars largest first, only kinds that cost something.
    for (size_t i = 1; i < chart->barKinds().size(); ++i)
        QVERIFY(chart->value(chart->barKinds()[i - 1]) >= chart->value(chart->barKinds()[i]));
    for (int k : chart->barKinds())
        QVERIFY(chart->value(k) > 0);
    const int leaf = [&] {
        for (int k = 0; k < int(e.results.reliability.kinds.size()); ++k)
            if (e.results.reliability.kinds[size_t(k)].kind == "leaf")
                return k;
        return -1;
    }();
    QVERIFY(leaf >= 0);
    const QRect row = chart->rowRect(leaf);
    QVERIFY(!row.isEmpty());
    QTest::mouseClick(chart, Qt::LeftButton, {}, row.center());
    QCOMPARE(view.tree()->currentIndex(), view.rowIndex(QStringLiteral("leaf")));
    QCOMPARE(chart->currentKind(), leaf);
    QVERIFY(selection.highlight().label.endsWith(QString::fromStdString(view.instances(QStringLiteral("leaf")).front().label)));

    // The other scale: share of downtime, summing to one over the kinds.
    auto *metric = view.findChild<QComboBox *>(QStringLiteral("blastRadiusMetric"));
    QVERIFY(metric);
    metric->setCurrentIndex(1);
    QCOMPARE(chart->metric(), BlastRadiusChart::Metric::DowntimeShare);
    double sum = 0;
    for (int k : chart->barKinds())
        sum += chart->value(k);
    QVERIFY(std::abs(sum - 1.0) < 1e-9);
    savePng(view, "failure-domains-small.png");
}

void TestFailureDomainsView::longListsAreCapped()
{
    // 16k GPUs in supernodes: a supernode rack per 72 GPUs, more than the rows shown per kind.
    const Catalog c = Catalog::builtin();
    const Evaluated e = evaluated(generateTemplate({"supernode", 16384, ""}, c), c);
    FailureDomainsView view;
    view.setEvaluation(e.design, e.results, e.index);
    const std::vector<FailureInstance> &racks = view.instances(QStringLiteral("gpu"));
    QVERIFY(int(racks.size()) > FailureDomainsView::kMaxInstanceRows);
    const QModelIndex gpu = view.rowIndex(QStringLiteral("gpu"));
    const QAbstractItemModel *m = view.tree()->model();
    QCOMPARE(m->rowCount(gpu), FailureDomainsView::kMaxInstanceRows + 1);
    // The summary row stays last whichever way the table is sorted.
    for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
        view.tree()->sortByColumn(FailureDomainsView::GpusLostColumn, order);
        const QModelIndex g = view.rowIndex(QStringLiteral("gpu"));
        const QModelIndex lastRow = m->index(m->rowCount(g) - 1, 0, g);
        QCOMPARE(lastRow.data(FailureDomainsView::RowTypeRole).toInt(), int(FailureDomainsView::MoreRow));
        QVERIFY(lastRow.data().toString().contains(
            QLocale().toString(qlonglong(racks.size()) - FailureDomainsView::kMaxInstanceRows)));
    }
    QVERIFY(!view.rowIndex(QStringLiteral("gpu"), FailureDomainsView::kMaxInstanceRows).isValid());
}

void TestFailureDomainsView::emptyResults()
{
    SelectionModel selection;
    FailureDomainsView view;
    view.setSelectionModel(&selection);
    view.show();
    const Catalog c = Catalog::builtin();
    const Evaluated e = evaluated(Design{}, c);
    QVERIFY(!e.results.reliability.available);
    view.setEvaluation(e.design, e.results, e.index);
    auto *empty = view.findChild<QLabel *>(QStringLiteral("failureDomainsEmpty"));
    QVERIFY(empty && empty->isVisible());
    QVERIFY(empty->text().contains(QStringLiteral("No GPUs")));
    QCOMPARE(view.tree()->model()->rowCount(), 0);
    selection.selectRacks({0, 3});
    QVERIFY(view.instances(QStringLiteral("gpu")).empty());
    QVERIFY(!view.rowIndex(QStringLiteral("gpu")).isValid());
    view.grab();

    // Results without an index: the kinds, no places; then the design again with one.
    const Evaluated s = smallDesign(false);
    view.setEvaluation(s.design, s.results, nullptr);
    QVERIFY(!empty->isVisible());
    QCOMPARE(view.tree()->model()->rowCount(), int(s.results.reliability.kinds.size()));
    QVERIFY(view.instances(QStringLiteral("leaf")).empty());
    view.tree()->selectionModel()->setCurrentIndex(view.rowIndex(QStringLiteral("leaf")),
                                                   QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QVERIFY(selection.highlight().isEmpty());
    // An index of another design is not used.
    view.setEvaluation(s.design, s.results, e.index);
    QVERIFY(view.instances(QStringLiteral("leaf")).empty());
    view.clear();
    QVERIFY(empty->isVisible());
}

void TestFailureDomainsView::exampleProject()
{
    // The 16k example, both scenarios: every kind's row and no column narrower than its text.
    const QString path = QStringLiteral(CP_SOURCE_DIR "/resources/examples/16k-servers-vs-supernodes.cplan");
    const std::string file = QFile::encodeName(path).toStdString();
    for (const std::string &name : ProjectFile::scenarioNames(file)) {
        const Project project = ProjectFile::load(file, name);
        const Evaluated e = evaluated(project.design, project.catalog);
        SelectionModel selection;
        FailureDomainsView view;
        view.setSelectionModel(&selection);
        view.resize(1500, 420);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setEvaluation(e.design, e.results, e.index);
        QTreeView *tree = view.tree();
        QCOMPARE(tree->model()->rowCount(), int(e.results.reliability.kinds.size()));
        for (int c = 0; c < FailureDomainsView::RacksColumn; ++c)
            QVERIFY2(tree->columnWidth(c) >= tree->header()->sectionSizeHint(c) - 1, qPrintable(QString::number(c)));
        // Show the first power unit, as a user checking the feeds would.
        tree->sortByColumn(FailureDomainsView::DowntimeColumn, Qt::DescendingOrder);
        for (const FailureDomainKind &k : e.results.reliability.kinds)
            if (const auto &inst = view.instances(QString::fromStdString(k.kind));
                !inst.empty() && inst.front().partKind == PartRef::Kind::PowerUnit) {
                const QModelIndex first = view.rowIndex(QString::fromStdString(k.kind), 0);
                tree->selectionModel()->setCurrentIndex(first, QItemSelectionModel::ClearAndSelect
                                                                   | QItemSelectionModel::Rows);
                tree->expand(first.parent());
                QVERIFY(!selection.highlight().label.isEmpty());
                break;
            }
        savePng(view, ("failure-domains-16k-" + name + ".png").c_str());
    }
}

QTEST_MAIN(TestFailureDomainsView)
#include "test_failuredomainsview.moc"
