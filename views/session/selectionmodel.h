#pragma once

#include <QObject>
#include <QString>
#include <QVector>

namespace cp::gui {

/// Parts of the design by index: into Design::racks, Design::powerUnits, Design::coolingUnits.
/// Each list is sorted and holds no duplicates.
struct PartSelection
{
    QVector<int> racks;
    QVector<int> powerUnits;
    QVector<int> coolingUnits;

    bool isEmpty() const { return racks.isEmpty() && powerUnits.isEmpty() && coolingUnits.isEmpty(); }
    friend bool operator==(const PartSelection &, const PartSelection &) = default;
    /// Sorts each list and drops duplicates and negative indexes.
    void normalize();
};

/// A set of racks shown as one failure domain: those one failure takes down, and those the failed
/// part serves that redundancy keeps up. Shown on top of the selection, without changing it.
struct DomainHighlight
{
    QString label;            ///< what failed, e.g. "power unit \"PDU-A1\""
    QVector<int> racksDown;   ///< sorted rack indexes
    QVector<int> racksServed; ///< sorted rack indexes

    bool isEmpty() const { return racksDown.isEmpty() && racksServed.isEmpty() && label.isEmpty(); }
    friend bool operator==(const DomainHighlight &, const DomainHighlight &) = default;
};

/// The one selection every view shares: the hall plan, the 3D hall, the bandwidth heatmap and the
/// failure-domain table read it and write it. A view that changes it passes itself as `source`,
/// so it can ignore the echo; signals are emitted only when something changed.
class SelectionModel final : public QObject
{
    Q_OBJECT

public:
    explicit SelectionModel(QObject *parent = nullptr);

    const PartSelection &selection() const { return mSelection; }
    const DomainHighlight &highlight() const { return mHighlight; }

    void select(PartSelection selection, QObject *source = nullptr);
    void selectRacks(QVector<int> racks, QObject *source = nullptr);
    void clear(QObject *source = nullptr);

    void setHighlight(DomainHighlight highlight, QObject *source = nullptr);
    void clearHighlight(QObject *source = nullptr);

    /// Forgets both without signals being wrong: for a new design whose indexes mean other parts.
    void reset();

Q_SIGNALS:
    void selectionChanged(QObject *source);
    void highlightChanged(QObject *source);

private:
    PartSelection mSelection;
    DomainHighlight mHighlight;
};

} // namespace cp::gui
