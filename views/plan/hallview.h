#pragma once

#include <QGraphicsView>
#include <QVector>

class QGraphicsItem;
class QMimeData;

namespace cp {
class Catalog;
struct Design;
struct Edit;
struct Selection;
} // namespace cp

namespace cp::gui {

class Document;
class FacilityItem;
class HallScene;
class LegendWidget;

/// The MIME type of a catalog entry dragged from the palette: the entry's id in UTF-8.
inline constexpr char kPartMimeType[] = "application/x-cluster-planner-part";
/// The MIME type of racks and units on the clipboard: a design JSON holding only them.
inline constexpr char kSelectionMimeType[] = "application/x-cluster-planner-selection";

/// The top-down hall plan and its editor: wheel zoom under the mouse, middle- or space-drag
/// pan, fit to view; with a document, drops from the palette, drag to move (snapped to the
/// grid), rotate, delete, copy and paste, stamp and the feed tool. Every edit is one command on
/// the document's undo stack.
class HallView final : public QGraphicsView
{
    Q_OBJECT

public:
    /// Select: click, rubber band, drag to move. Feed: click a unit, then racks to connect.
    enum class Tool { Select, Feed };

    explicit HallView(QWidget *parent = nullptr);

    /// The document edited here; its patches update the plan in place. Null = read-only.
    void setDocument(Document *document);
    Document *document() const { return mDocument; }

    Tool tool() const { return mTool; }
    void setTool(Tool tool);
    /// The feed tool's unit, or null before one is picked.
    FacilityItem *feedUnit() const;

    /// The selected items as design indexes.
    Selection selection() const;
    void selectRacks(const QVector<int> &rackIndexes);
    /// Selects exactly these racks and units (indexes into the design's lists), one signal.
    void selectParts(const QVector<int> &racks, const QVector<int> &powerUnits, const QVector<int> &coolingUnits);
    void centreOnRack(int rackIndex);
    /// Selects and centres the power or cooling unit with this id.
    void selectUnit(const QString &unitId);

    /// Places a catalog entry dropped at `scenePos`: a rack on the floor, a server, switch or
    /// storage into the rack under it, a power or cooling unit on the floor. False (and a
    /// statusMessage saying why) if refused.
    bool dropPart(const QString &catalogId, const QPointF &scenePos);
    /// The message of the last refused edit, empty after a successful one.
    QString lastError() const { return mLastError; }

    /// The mime data the clipboard gets for the current selection (null if nothing is selected).
    QMimeData *selectionMimeData() const;

    HallScene *hallScene() const { return mScene; }
    LegendWidget *legend() const { return mLegend; }

    /// Rebuilds the plan from the design and fits it into the view.
    void setDesign(const Design &design, const Catalog &catalog);

    /// Device pixels per metre at the current zoom.
    qreal pixelsPerMetre() const;
    /// Zoomed out so far that every rack is a few pixels, the plan is painted in one batched
    /// pass (HallScene::drawOverview) instead of item by item; on by default. Off paints every
    /// item at every zoom (the benchmark compares the two).
    void setOverviewEnabled(bool on);
    bool overviewEnabled() const { return mOverviewEnabled; }
    /// True when the current zoom paints the overview.
    bool isOverview() const;

    /// True until the user zooms or pans: a resize then refits the plan.
    bool followsFit() const { return mFollowFit; }

public Q_SLOTS:
    void fitToView();
    void zoomIn();
    void zoomOut();

    void rotateSelection();
    void deleteSelection();
    void copySelection();
    void cutSelection();
    /// Pastes the clipboard at the mouse (or the view's centre when the mouse is elsewhere).
    void paste();
    void duplicateSelection();
    void selectAll();
    /// Repeats the selection `copies` times, (dx, dy) metres apart; selects the copies.
    bool stampSelection(int copies, double dxM, double dyM);
    /// Asks for the number of copies and the spacing, then stamps.
    void stampDialog();
    /// Connects every rack without a feed to the nearest power and cooling unit.
    void autoAssignFeeds();
    /// Connects the selected racks to a power or cooling unit (one step); false, with the reason
    /// in statusMessage, when nothing is selected or all are already fed by it.
    bool feedSelection(bool power, int unitIndex);

Q_SIGNALS:
    void zoomChanged(qreal pixelsPerMetre);
    /// A message for the status bar: what an edit did, or why it was refused.
    void statusMessage(const QString &message);
    void toolChanged(cp::gui::HallView::Tool tool);
    /// A right click (or the menu key) on the plan, after the part under it was selected (a part
    /// already selected keeps the whole selection): where the menu goes, in global coordinates.
    void contextMenuRequested(const QPoint &globalPos);

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dragLeaveEvent(QDragLeaveEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void keyReleaseEvent(QKeyEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;

private:
    /// Scales by `factor` (clamped) keeping the scene point under `anchor` (viewport
    /// coordinates) in place.
    void zoomBy(qreal factor, const QPointF &anchor);
    void placeLegend();
    void setSpacePan(bool on);
    void scaleChanged();
    /// Pushes a planned edit as one command, or reports why it is refused.
    bool push(Edit &&edit, const QString &text, bool move = false);
    void report(const QString &message, bool error);
    void feedClick(QGraphicsItem *item);
    /// The topmost rack or unit under a viewport point (feed lines and the floor are skipped).
    QGraphicsItem *editableItemAt(const QPoint &viewPos) const;
    void selectAppended(int racksBefore, int powerBefore, int coolingBefore);
    void finishDrag(bool commit);
    QPointF pastePoint() const;

    HallScene *mScene;
    Document *mDocument = nullptr;
    Tool mTool = Tool::Select;
    bool mFeedPower = true;
    int mFeedIndex = -1;
    QString mLastError;
    // Dragging the selection: where the press was (scene), the items and their start positions.
    bool mPressOnSelection = false;
    bool mDragging = false;
    QPointF mPressScenePos;
    QPoint mPressViewPos;
    QVector<QGraphicsItem *> mDragItems;
    QVector<QPointF> mDragStart;
    QPointF mDragDelta;
    LegendWidget *mLegend;
    bool mFollowFit = true;
    bool mMiddlePanning = false;
    bool mSpacePan = false;
    QPoint mLastPanPos;
    bool mOverviewEnabled = true;
};

} // namespace cp::gui
