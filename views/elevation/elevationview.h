#pragma once

#include "model/edit/designedit.h"
#include "model/edit/rackcontents.h"

#include <QPointer>
#include <QVector>
#include <QWidget>

#include <functional>
#include <optional>
#include <string>
#include <vector>

class QPainter;

namespace cp::gui {

class Document;

/// Rack elevations side by side: each rack's U positions (U1 at the bottom) with its devices,
/// and under each rack how full it is — units, power against its rating, weight against its
/// rating, heat to air and to liquid against the cooling units serving it.
///
/// Editing, each change one undo step on the document: drop a part from the palette on a U slot
/// (the part's lowest U is the slot under the cursor, centred for tall parts); drag a device to
/// another U of the same or another shown rack; Delete (or the context menu) takes the selected
/// device out. A refused change edits nothing and reports why through refused().
class ElevationView final : public QWidget
{
    Q_OBJECT

public:
    explicit ElevationView(QWidget *parent = nullptr);

    /// The document shown; it must outlive this view or be replaced.
    void setDocument(Document *document);
    /// The racks shown, by index into the design (at most kMaxRacks; the rest are left out).
    void setRacks(const QVector<int> &racks);
    const QVector<int> &racks() const { return mRacks; }
    static constexpr int kMaxRacks = 4;

    /// A device of a shown rack: rack index, mount index, index in the mount's stack.
    struct DeviceRef
    {
        int rack = -1, mount = -1, index = -1;
        friend bool operator==(const DeviceRef &, const DeviceRef &) = default;
    };
    std::optional<DeviceRef> selectedDevice() const { return mSelected; }
    /// Where the U slot `u` of the `column`th shown rack is drawn (its centre), in widget pixels.
    QPoint slotCentre(int column, int u) const;
    /// The device drawn at `pos`, if any.
    std::optional<DeviceRef> deviceAt(const QPoint &pos) const;

    /// Takes the selected device out (one undo step); false (and refused()) when none is selected.
    bool removeSelected();
    /// While a part is dragged over a slot where it fits: the `column`th shown rack's budget with
    /// it there (what the bars show); none otherwise.
    std::optional<cp::RackBudget> previewBudget(int column) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    /// An edit was refused: the reason, for the dock's message row.
    void refused(const QString &message);
    /// An edit was applied: what it did.
    void applied(const QString &message);
    /// While dragging: why the part does not fit where it is (empty where it fits or when the
    /// drag leaves).
    void hint(const QString &message);

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dragLeaveEvent(QDragLeaveEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    struct Slot
    {
        int column = -1;
        int u = 0;
    };
    /// The rack column and U under a point; column -1 outside every rack's slots.
    Slot slotAt(const QPoint &pos) const;
    QRect columnRect(int column) const;
    QRect unitsRect(int column, int firstU, int heightU) const;
    int heightUOf(int column) const;
    /// A part's height in U (1 for a part the catalog does not know, as the model counts it).
    int partHeightU(const std::string &catalogId) const;
    /// The lowest U for a part `heightU` tall dropped at `u` (centred on the cursor).
    static int lowestU(int u, int heightU);
    /// The preview shown while dragging: where the part would go, whether it fits (the edit
    /// `plan` makes, planned when the slot changes) and the shown racks' budgets after it.
    void setPreview(int column, int firstU, int heightU, const std::function<cp::Edit()> &plan);
    void clearPreview();
    bool push(cp::Edit edit, const QString &text);
    void paintColumn(QPainter &p, int column) const;
    void paintBudget(QPainter &p, int column, int top) const;

    QPointer<Document> mDocument;
    QVector<int> mRacks;
    std::optional<DeviceRef> mSelected;
    // A device being dragged within the view: where it was pressed, and whether it moved far enough.
    std::optional<DeviceRef> mPressed;
    QPoint mPressPos;
    bool mDragging = false;
    struct Preview
    {
        int column = -1, firstU = 0, heightU = 0;
        bool fits = false;
    } mPreview;
    std::vector<cp::RackBudget> mPreviewBudgets; ///< per shown rack, while the preview fits
};

} // namespace cp::gui
