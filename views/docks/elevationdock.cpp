#include "views/docks/elevationdock.h"

#include "views/elevation/elevationview.h"
#include "views/session/document.h"
#include "views/session/selectionmodel.h"

#include <QLabel>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>

namespace cp::gui {

ElevationDock::ElevationDock(QWidget *parent)
    : QDockWidget(tr("Rack Elevation"), parent)
    , mView(new ElevationView)
    , mCaption(new QLabel)
    , mMessage(new QLabel)
    , mRemove(new QToolButton)
{
    setObjectName(QStringLiteral("elevationDock"));
    mView->setObjectName(QStringLiteral("elevationView"));
    mMessage->setObjectName(QStringLiteral("elevationMessage"));
    mCaption->setWordWrap(true);
    mRemove->setText(tr("Remove Part"));
    mRemove->setToolTip(tr("Take the selected part out of its rack (Delete)"));
    // One line, always there: a refusal never pushes the elevation down.
    mMessage->setFixedHeight(mMessage->fontMetrics().height() * 2 + 4);
    mMessage->setWordWrap(true);
    mMessage->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *scroll = new QScrollArea;
    scroll->setWidget(mView);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);

    auto *top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(mCaption, 1);
    top->addWidget(mRemove);
    auto *body = new QWidget;
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(scroll, 1);
    layout->addWidget(mMessage);
    setWidget(body);

    connect(mRemove, &QToolButton::clicked, mView, &ElevationView::removeSelected);
    connect(mView, &ElevationView::refused, this, [this](const QString &m) {
        mMessage->setStyleSheet(QStringLiteral("color: #b00020"));
        mMessage->setText(m);
    });
    connect(mView, &ElevationView::hint, this, [this](const QString &m) {
        mMessage->setStyleSheet(QStringLiteral("color: #b00020"));
        mMessage->setText(m);
    });
    connect(mView, &ElevationView::applied, this, [this](const QString &m) {
        mMessage->setStyleSheet(QString());
        mMessage->setText(m);
    });
    followSelection();
}

void ElevationDock::setDocument(Document *document)
{
    if (mDocument == document)
        return;
    mDocument = document;
    mView->setDocument(document);
    if (document)
        connect(document, &Document::resetDone, this, [this] {
            mMessage->clear();
            followSelection();
        });
    followSelection();
}

void ElevationDock::setSelectionModel(SelectionModel *selection)
{
    if (mSelection == selection)
        return;
    mSelection = selection;
    connect(selection, &SelectionModel::selectionChanged, this, &ElevationDock::followSelection);
    followSelection();
}

QString ElevationDock::message() const
{
    return mMessage->text();
}

void ElevationDock::followSelection()
{
    const QVector<int> racks = mSelection ? mSelection->selection().racks : QVector<int>();
    mView->setRacks(racks);
    const int shown = int(mView->racks().size());
    if (racks.isEmpty())
        mCaption->setText(tr("No rack selected."));
    else if (shown < racks.size())
        mCaption->setText(tr("Showing %1 of %2 selected racks; drag parts between them.").arg(shown).arg(racks.size()));
    else
        mCaption->setText(tr("%n rack(s): drop parts from the palette on a U, drag a part to move it.", nullptr, shown));
    mRemove->setEnabled(shown > 0);
}

} // namespace cp::gui
