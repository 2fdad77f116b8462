#include "views/window/hall3dpage.h"

#include "views/hall3d/hall3dview.h"
#include "views/session/document.h"
#include "views/session/resultshub.h"

#include <QLabel>
#include <QVBoxLayout>

namespace cp::gui {

Hall3dPage::Hall3dPage(const Document *document, const ResultsHub *hub, SelectionModel *selection, QWidget *parent)
    : QWidget(parent)
    , mDocument(document)
    , mHub(hub)
    , mSelection(selection)
    , mLayout(new QVBoxLayout(this))
{
    setObjectName(QStringLiteral("hall3dPage"));
    mLayout->setContentsMargins(0, 0, 0, 0);
    connect(mDocument, &Document::resetDone, this, &Hall3dPage::onReset);
    connect(mDocument, &Document::designChanged, this, &Hall3dPage::onDesignChanged);
    connect(mHub, &ResultsHub::evaluationStarted, this, &Hall3dPage::onEvaluationStarted);
    connect(mHub, &ResultsHub::evaluated, this, &Hall3dPage::onEvaluated);
}

void Hall3dPage::setOnScreen(bool onScreen)
{
    mOnScreen = onScreen;
    if (!onScreen)
        return;
    ensureView();
    if (mStale && mView) {
        mView->setDesign(mDocument->design(), mDocument->catalog());
        mStale = false;
        if (mHub->hasResults() && !mHub->isEvaluating())
            mView->setResults(mHub->outcome().results);
    }
}

void Hall3dPage::ensureView()
{
    // Created the first time its tab is shown (as ParaView does): GL setup costs, and a
    // display without OpenGL must never get a QOpenGLWidget at all.
    if (mContent)
        return;
    QString reason;
    if (!Hall3dView::isOpenGLAvailable(&reason)) {
        auto *label = new QLabel(tr("3D view unavailable: %1").arg(reason));
        label->setObjectName(QStringLiteral("hall3dPlaceholder"));
        label->setAlignment(Qt::AlignCenter);
        label->setWordWrap(true);
        label->setEnabled(false);
        mContent = label;
    } else {
        mView = new Hall3dView;
        mView->setObjectName(QStringLiteral("hall3dView"));
        mView->setSelectionModel(mSelection);
        mView->setDesign(mDocument->design(), mDocument->catalog());
        if (mHub->hasResults())
            mView->setResults(mHub->outcome().results);
        mContent = mView;
    }
    mLayout->addWidget(mContent);
}

void Hall3dPage::onReset()
{
    if (mView)
        mView->setDesign(mDocument->design(), mDocument->catalog());
    mStale = false;
}

void Hall3dPage::onDesignChanged()
{
    mStale = mView != nullptr;
}

void Hall3dPage::onEvaluationStarted()
{
    // The 3D scene is rebuilt once the edits pause, and only while it is on screen.
    if (mStale && mOnScreen) {
        mView->setDesign(mDocument->design(), mDocument->catalog());
        mStale = false; // coloured when this evaluation's results arrive
    }
}

void Hall3dPage::onEvaluated()
{
    // The 3D racks are coloured by these results once the scene shows the evaluated design.
    if (mView && !mStale)
        mView->setResults(mHub->outcome().results);
}

} // namespace cp::gui
