#pragma once

#include <QWidget>

class QVBoxLayout;

namespace cp::gui {

class Document;
class Hall3dView;
class ResultsHub;
class SelectionModel;

/// The 3D tab: creates the 3D view the first time it shows and keeps it in step with the
/// document and the results hub, rebuilding the scene only while it is on screen.
class Hall3dPage final : public QWidget
{
    Q_OBJECT

public:
    Hall3dPage(const Document *document, const ResultsHub *hub, SelectionModel *selection, QWidget *parent = nullptr);

    /// Told by the tabs whether this page is the current one; the first time creates the view.
    void setOnScreen(bool onScreen);

    /// The 3D view once created and if OpenGL is available; otherwise null.
    Hall3dView *view() const { return mView; }
    /// What the page shows: the view, the "unavailable" label, or null before first shown.
    QWidget *content() const { return mContent; }

private:
    void ensureView();
    void onDesignChanged();
    void onEvaluationStarted();
    void onEvaluated();
    void onReset();

    const Document *mDocument;
    const ResultsHub *mHub;
    SelectionModel *mSelection;
    QVBoxLayout *mLayout;
    QWidget *mContent = nullptr;
    Hall3dView *mView = nullptr;
    bool mOnScreen = false;
    bool mStale = false; ///< the view shows an older design (updated when it next shows)
};

} // namespace cp::gui
