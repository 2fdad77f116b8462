#pragma once

// File › Open Sweep Results: a sweep's variants as a scatter of two objectives with the Pareto
// front (report/sweepreport.h draws the same chart), constraint violators grey; hovering a point
// shows its parameters and figures, clicking it asks for that variant as a scenario; the rows
// export as CSV. A window of its own beside the main window (non-modal).

#include "model/sweep/pareto.h"
#include "model/sweep/sweepstore.h"

#include <QDialog>

#include <memory>
#include <vector>

class QChartView;
class QComboBox;
class QLabel;
class QPushButton;

namespace cp::gui {

class SweepResultsView final : public QDialog
{
    Q_OBJECT

public:
    /// Reads `path` (a results file of `cluster-planner-cli sweep`); throws LoadError naming the
    /// file and the problem when it is not one.
    explicit SweepResultsView(const QString &path, QWidget *parent = nullptr);
    ~SweepResultsView() override;

    const QString &path() const { return mPath; }
    const SweepSpec &spec() const { return mSpec; }
    const std::vector<VariantRow> &rows() const { return mRows; }
    QChartView *chartView() const { return mView; }
    /// Positions in rows() of the front drawn now, best first along x.
    const std::vector<size_t> &front() const { return mFront; }
    /// Shows x against y (figure names of sweepFigures() or the spec's pointers).
    void setAxes(const ParetoAxis &x, const ParetoAxis &y);
    /// The text shown for row `position` (hover and the detail line).
    QString variantText(size_t position) const;
    /// Writes every row as CSV (the CLI's sweep report --csv); false with `error` set on failure.
    bool exportCsv(const QString &file, QString *error) const;

Q_SIGNALS:
    /// A point was clicked: the user wants variant `index` (a row's VariantRow::index) as a scenario.
    void variantChosen(const QString &resultsPath, qulonglong index);

private:
    void rebuild();
    void pointEvent(int series, const QPointF &point, bool click);
    void chooseAxesFromCombos();
    void exportCsvDialog();

    QString mPath;
    SweepSpec mSpec;
    std::vector<VariantRow> mRows;
    ParetoAxis mX, mY;
    std::vector<size_t> mFront;
    std::vector<std::vector<size_t>> mPointRows; ///< per series, the row of each point
    QChartView *mView = nullptr;
    QComboBox *mXCombo = nullptr, *mYCombo = nullptr;
    QLabel *mSummary = nullptr, *mDetail = nullptr;
};

} // namespace cp::gui
