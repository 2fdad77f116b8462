#include "views/session/selectionmodel.h"

#include <algorithm>

namespace cp::gui {

namespace {

void sortUnique(QVector<int> &indexes)
{
    indexes.erase(std::remove_if(indexes.begin(), indexes.end(), [](int i) { return i < 0; }),
                  indexes.end());
    std::sort(indexes.begin(), indexes.end());
    indexes.erase(std::unique(indexes.begin(), indexes.end()), indexes.end());
}

} // namespace

void PartSelection::normalize()
{
    sortUnique(racks);
    sortUnique(powerUnits);
    sortUnique(coolingUnits);
}

SelectionModel::SelectionModel(QObject *parent)
    : QObject(parent)
{}

void SelectionModel::select(PartSelection selection, QObject *source)
{
    selection.normalize();
    if (selection == mSelection)
        return;
    mSelection = std::move(selection);
    Q_EMIT selectionChanged(source);
}

void SelectionModel::selectRacks(QVector<int> racks, QObject *source)
{
    PartSelection selection;
    selection.racks = std::move(racks);
    select(std::move(selection), source);
}

void SelectionModel::clear(QObject *source)
{
    select(PartSelection{}, source);
}

void SelectionModel::setHighlight(DomainHighlight highlight, QObject *source)
{
    sortUnique(highlight.racksDown);
    sortUnique(highlight.racksServed);
    if (highlight == mHighlight)
        return;
    mHighlight = std::move(highlight);
    Q_EMIT highlightChanged(source);
}

void SelectionModel::clearHighlight(QObject *source)
{
    setHighlight(DomainHighlight{}, source);
}

void SelectionModel::reset()
{
    const bool hadSelection = !mSelection.isEmpty();
    const bool hadHighlight = !mHighlight.isEmpty();
    mSelection = {};
    mHighlight = {};
    if (hadSelection)
        Q_EMIT selectionChanged(this);
    if (hadHighlight)
        Q_EMIT highlightChanged(this);
}

} // namespace cp::gui
