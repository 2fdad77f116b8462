#include "views/docks/palettedock.h"

#include "model/core/catalog.h"
#include "views/plan/hallview.h"
#include "views/plan/items/rackcategory.h"

#include <QHeaderView>
#include <QMimeData>
#include <QPainter>
#include <QLineEdit>
#include <QLocale>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace cp::gui {

namespace {

enum Role { EntryIdRole = Qt::UserRole + 1, SearchTextRole };

QString kindTitle(PartKind kind)
{
    switch (kind) {
    case PartKind::Accelerator: return PaletteDock::tr("Accelerators");
    case PartKind::Server: return PaletteDock::tr("GPU servers");
    case PartKind::Supernode: return PaletteDock::tr("Supernodes");
    case PartKind::Switch: return PaletteDock::tr("Switches");
    case PartKind::Nic: return PaletteDock::tr("NICs");
    case PartKind::Cable: return PaletteDock::tr("Cables and optics");
    case PartKind::Storage: return PaletteDock::tr("Storage");
    case PartKind::Rack: return PaletteDock::tr("Racks");
    case PartKind::Pdu: return PaletteDock::tr("PDUs");
    case PartKind::Busway: return PaletteDock::tr("Busways");
    case PartKind::Ups: return PaletteDock::tr("UPS");
    case PartKind::Crah: return PaletteDock::tr("CRAH units");
    case PartKind::RearDoor: return PaletteDock::tr("Rear-door heat exchangers");
    case PartKind::Cdu: return PaletteDock::tr("CDUs");
    }
    return QString::fromLatin1(partKindName(kind));
}

/// The catalog tree: only entries (not category rows) drag, as kPartMimeType with their id.
class PaletteTree final : public QTreeWidget
{
public:
    QStringList mimeTypes() const override { return {QLatin1String(kPartMimeType)}; }

protected:
    QMimeData *mimeData(const QList<QTreeWidgetItem *> &items) const override
    {
        for (QTreeWidgetItem *item : items) {
            const QString id = item->data(0, EntryIdRole).toString();
            if (!id.isEmpty())
                return PaletteDock::mimeDataFor(id);
        }
        return nullptr;
    }
    Qt::DropActions supportedDropActions() const override { return Qt::CopyAction; }
};

} // namespace

PaletteDock::PaletteDock(QWidget *parent)
    : QDockWidget(tr("Catalog"), parent)
    , mSearch(new QLineEdit)
    , mTree(new PaletteTree)
{
    setObjectName(QStringLiteral("paletteDock"));
    mSearch->setPlaceholderText(tr("Search parts…"));
    mSearch->setClearButtonEnabled(true);
    mSearch->setObjectName(QStringLiteral("paletteSearch"));
    mTree->setObjectName(QStringLiteral("paletteTree"));
    mTree->setColumnCount(2);
    mTree->setHeaderLabels({tr("Part"), tr("Catalog id")});
    mTree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    mTree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    mTree->header()->setStretchLastSection(false);
    mTree->setUniformRowHeights(true);
    mTree->setAlternatingRowColors(true);
    mTree->setDragEnabled(true);
    mTree->setDragDropMode(QAbstractItemView::DragOnly);
    mTree->setDefaultDropAction(Qt::CopyAction);
    mTree->setIconSize(QSize(16, 16));

    auto *body = new QWidget;
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    layout->addWidget(mSearch);
    layout->addWidget(mTree);
    setWidget(body);

    connect(mSearch, &QLineEdit::textChanged, this, &PaletteDock::applyFilter);
}

void PaletteDock::setCatalog(const Catalog &catalog)
{
    mTree->clear();
    for (PartKind kind : allPartKinds()) {
        const auto entries = catalog.ofKind(kind);
        if (entries.empty())
            continue;
        auto *group = new QTreeWidgetItem(mTree, {kindTitle(kind), QString()});
        QFont bold = group->font(0);
        bold.setBold(true);
        group->setFont(0, bold);
        group->setFlags(Qt::ItemIsEnabled);
        group->setData(0, Qt::UserRole, QString::fromLatin1(partKindName(kind)));
        for (const CatalogEntry *entry : entries) {
            const QString name = QString::fromStdString(entry->name.empty() ? entry->id : entry->name);
            const QString id = QString::fromStdString(entry->id);
            auto *item = new QTreeWidgetItem(group, {name, id});
            item->setData(0, EntryIdRole, id);
            item->setIcon(0, iconFor(*entry));
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
            item->setData(0, SearchTextRole,
                          (name + QLatin1Char(' ') + id + QLatin1Char(' ') + QString::fromStdString(entry->vendor))
                              .toCaseFolded());
            const QString tip = toolTipFor(*entry);
            item->setToolTip(0, tip);
            item->setToolTip(1, tip);
        }
        // The count goes with the category's name, not in the id column.
        group->setText(0, tr("%1 (%2)").arg(kindTitle(kind), QLocale().toString(group->childCount())));
    }
    applyFilter();
}

void PaletteDock::setFilterText(const QString &text)
{
    mSearch->setText(text);
}

void PaletteDock::applyFilter()
{
    const QString needle = mSearch->text().trimmed().toCaseFolded();
    for (int g = 0; g < mTree->topLevelItemCount(); ++g) {
        QTreeWidgetItem *group = mTree->topLevelItem(g);
        int shown = 0;
        for (int i = 0; i < group->childCount(); ++i) {
            QTreeWidgetItem *item = group->child(i);
            const bool match = needle.isEmpty() || item->data(0, SearchTextRole).toString().contains(needle);
            item->setHidden(!match);
            shown += match ? 1 : 0;
        }
        group->setHidden(shown == 0);
        // While searching, show the hits; otherwise keep the user's expansion.
        if (!needle.isEmpty())
            group->setExpanded(true);
    }
}

int PaletteDock::visibleEntryCount() const
{
    int count = 0;
    for (int g = 0; g < mTree->topLevelItemCount(); ++g) {
        const QTreeWidgetItem *group = mTree->topLevelItem(g);
        if (group->isHidden())
            continue;
        for (int i = 0; i < group->childCount(); ++i)
            count += group->child(i)->isHidden() ? 0 : 1;
    }
    return count;
}

QMimeData *PaletteDock::mimeDataFor(const QString &catalogId)
{
    auto *mime = new QMimeData;
    mime->setData(QLatin1String(kPartMimeType), catalogId.toUtf8());
    mime->setText(catalogId);
    return mime;
}

QTreeWidgetItem *PaletteDock::itemFor(const QString &catalogId) const
{
    for (int g = 0; g < mTree->topLevelItemCount(); ++g) {
        QTreeWidgetItem *group = mTree->topLevelItem(g);
        for (int i = 0; i < group->childCount(); ++i)
            if (group->child(i)->data(0, EntryIdRole).toString() == catalogId)
                return group->child(i);
    }
    return nullptr;
}

QIcon PaletteDock::iconFor(const CatalogEntry &entry)
{
    QPixmap pixmap(32, 32);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    const auto box = [&p](const QRectF &r, const QColor &c) {
        p.setPen(QPen(c.darker(150), 2));
        p.setBrush(c);
        p.drawRect(r);
    };
    switch (entry.kind) {
    case PartKind::Rack:
        box(QRectF(8, 2, 16, 28), rackCategoryColor(RackCategory::Empty));
        break;
    case PartKind::Server:
        box(QRectF(2, 10, 28, 12), rackCategoryColor(RackCategory::Compute));
        break;
    case PartKind::Supernode:
        box(QRectF(6, 2, 20, 28), rackCategoryColor(RackCategory::Supernode));
        break;
    case PartKind::Switch:
        box(QRectF(2, 12, 28, 8), rackCategoryColor(RackCategory::Network));
        break;
    case PartKind::Storage:
        box(QRectF(2, 8, 28, 16), rackCategoryColor(RackCategory::Storage));
        break;
    case PartKind::Pdu:
    case PartKind::Busway:
    case PartKind::Ups:
        box(QRectF(6, 6, 20, 20), powerUnitColor());
        break;
    case PartKind::Crah:
    case PartKind::RearDoor:
    case PartKind::Cdu:
        p.setPen(QPen(coolingUnitColor().darker(150), 2));
        p.setBrush(coolingUnitColor());
        p.drawEllipse(QRectF(5, 5, 22, 22));
        break;
    default:
        // Parts of parts (accelerators, NICs, cables): a small outline, they are not placed.
        p.setPen(QPen(QColor(0x70, 0x70, 0x70), 2));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(QRectF(8, 8, 16, 16), 3, 3);
        break;
    }
    return QIcon(pixmap);
}

namespace {

/// The two or three figures that tell parts of a kind apart, first in the tooltip.
QString keyFigures(const CatalogEntry &entry)
{
    const QLocale l;
    const auto f = [&](const char *key) { return l.toString(entry.figure(key), 'g', 4); };
    switch (entry.kind) {
    case PartKind::Server:
    case PartKind::Supernode:
        return PaletteDock::tr("%1 GPUs · %2 U · %3 kW max")
            .arg(f("gpus"), f("height_u"), l.toString(entry.figure("power_max_w") / 1000.0, 'g', 3));
    case PartKind::Switch:
        return PaletteDock::tr("%1 × %2 Gb/s · %3 U").arg(f("ports"), f("port_gbps"), f("height_u"));
    case PartKind::Storage:
        return PaletteDock::tr("%1 TB · %2 GB/s read · %3 U").arg(f("capacity_tb"), f("read_gb_per_s"), f("height_u"));
    case PartKind::Rack:
        return PaletteDock::tr("%1 U · %2 kW · %3 × %4 m").arg(f("height_u"), f("max_power_kw"), f("width_m"), f("depth_m"));
    case PartKind::Pdu:
    case PartKind::Busway:
    case PartKind::Ups:
    case PartKind::Crah:
    case PartKind::RearDoor:
    case PartKind::Cdu:
        return PaletteDock::tr("%1 kW capacity").arg(f("capacity_kw"));
    default:
        return {};
    }
}

QString dropHint(PartKind kind)
{
    switch (kind) {
    case PartKind::Rack: return PaletteDock::tr("Drag onto the floor to place.");
    case PartKind::Server:
    case PartKind::Supernode:
    case PartKind::Switch:
    case PartKind::Storage: return PaletteDock::tr("Drag onto a rack to mount.");
    case PartKind::Pdu:
    case PartKind::Busway:
    case PartKind::Ups:
    case PartKind::Crah:
    case PartKind::RearDoor:
    case PartKind::Cdu: return PaletteDock::tr("Drag onto the floor, then feed racks.");
    default: return {};
    }
}

} // namespace

QString PaletteDock::toolTipFor(const CatalogEntry &entry)
{
    const QLocale locale;
    QString html = QStringLiteral("<b>%1</b>").arg(QString::fromStdString(entry.name).toHtmlEscaped());
    if (!entry.vendor.empty())
        html += QStringLiteral(" — %1").arg(QString::fromStdString(entry.vendor).toHtmlEscaped());
    html += QStringLiteral("<br><small>%1 · %2</small>")
                .arg(QString::fromStdString(entry.id).toHtmlEscaped(), QString::fromLatin1(partKindName(entry.kind)));
    if (const QString key = keyFigures(entry); !key.isEmpty())
        html += QStringLiteral("<br><b>%1</b>").arg(key.toHtmlEscaped());
    if (const QString hint = dropHint(entry.kind); !hint.isEmpty())
        html += QStringLiteral("<br><i>%1</i>").arg(hint.toHtmlEscaped());
    // Sources as numbered notes: most entries cite one datasheet for all their figures.
    QStringList sources;
    html += QStringLiteral("<table cellspacing='0' cellpadding='1'>");
    for (const auto &[key, value] : entry.figures) {
        const QString source = QString::fromStdString(entry.sourceOf(key));
        QString note;
        if (!source.isEmpty()) {
            int index = sources.indexOf(source);
            if (index < 0) {
                sources.push_back(source);
                index = static_cast<int>(sources.size()) - 1;
            }
            note = QStringLiteral("[%1]").arg(index + 1);
        }
        html += QStringLiteral("<tr><td>%1</td><td align='right'>&nbsp;<b>%2</b></td><td>&nbsp;<small>%3</small></td></tr>")
                    .arg(QString::fromStdString(key).toHtmlEscaped(), locale.toString(value, 'g', 6), note);
    }
    for (const auto &[key, value] : entry.attributes) {
        html += QStringLiteral("<tr><td>%1</td><td align='right'>&nbsp;%2</td><td></td></tr>")
                    .arg(QString::fromStdString(key).toHtmlEscaped(), QString::fromStdString(value).toHtmlEscaped());
    }
    html += QStringLiteral("</table>");
    if (sources.isEmpty()) {
        html += QStringLiteral("<small><i>%1</i></small>").arg(tr("No source given."));
    } else {
        html += QStringLiteral("<small>");
        for (int i = 0; i < sources.size(); ++i)
            html += QStringLiteral("[%1] %2<br>").arg(i + 1).arg(sources[i].toHtmlEscaped());
        html += QStringLiteral("</small>");
    }
    return html;
}

} // namespace cp::gui
