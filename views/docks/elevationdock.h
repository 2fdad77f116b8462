#pragma once

#include <QDockWidget>
#include <QPointer>

class QLabel;
class QToolButton;

namespace cp::gui {

class Document;
class ElevationView;
class SelectionModel;

/// The rack-elevation editor: the selected racks' elevations (up to ElevationView::kMaxRacks),
/// editable by drag and drop, with a fixed message row for refusals (the view never moves).
class ElevationDock final : public QDockWidget
{
    Q_OBJECT

public:
    explicit ElevationDock(QWidget *parent = nullptr);

    /// Subscribes to the document and to the shared selection (once each).
    void setDocument(Document *document);
    void setSelectionModel(SelectionModel *selection);

    ElevationView *view() const { return mView; }
    /// The message row: why the last change was refused, or what it did.
    QString message() const;

private:
    void followSelection();

    ElevationView *mView;
    QLabel *mCaption;
    QLabel *mMessage;
    QToolButton *mRemove;
    QPointer<SelectionModel> mSelection;
    QPointer<Document> mDocument;
};

} // namespace cp::gui
