#pragma once

#include <QObject>

namespace cp::gui {

class HeatmapView;
class ResultsHub;

/// Hands the heatmap the fabric of the latest results, only while its tab shows: the matrix
/// image (up to 2,048² cells) is rebuilt when it is seen, not on every evaluation.
class HeatmapFeed final : public QObject
{
    Q_OBJECT

public:
    HeatmapFeed(HeatmapView *view, const ResultsHub *hub, QObject *parent = nullptr);

    /// Told by the tabs whether the heatmap is the current one; showing it catches up.
    void setOnScreen(bool onScreen);
    /// True while the heatmap shows older results than the hub holds.
    bool isStale() const { return mStale; }

private:
    void refresh();

    HeatmapView *mView;
    const ResultsHub *mHub;
    bool mOnScreen = false;
    bool mStale = false;
};

} // namespace cp::gui
