#include "views/window/heatmapfeed.h"

#include "views/analysis/heatmapview.h"
#include "views/session/resultshub.h"

namespace cp::gui {

HeatmapFeed::HeatmapFeed(HeatmapView *view, const ResultsHub *hub, QObject *parent)
    : QObject(parent)
    , mView(view)
    , mHub(hub)
{
    connect(mHub, &ResultsHub::evaluated, this, [this] {
        mStale = true;
        if (mOnScreen)
            refresh();
    });
}

void HeatmapFeed::setOnScreen(bool onScreen)
{
    mOnScreen = onScreen;
    if (mOnScreen && mStale)
        refresh();
}

void HeatmapFeed::refresh()
{
    mStale = false;
    mView->setFabric(mHub->hasResults() ? mHub->outcome().results.fabric : FabricResults());
}

} // namespace cp::gui
