#include "palettedock.h"

#include "catalog.h"

#include <QHeaderView>
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

} // namespace

PaletteDock::PaletteDock(QWidget *parent)
    : QDockWidget(tr("Catalog"), parent)
    , mSearch(new QLineEdit)
    , mTree(new QTreeWidget)
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

QString PaletteDock::toolTipFor(const CatalogEntry &entry)
{
    const QLocale locale;
    QString html = QStringLiteral("<b>%1</b>").arg(QString::fromStdString(entry.name).toHtmlEscaped());
    if (!entry.vendor.empty())
        html += QStringLiteral(" — %1").arg(QString::fromStdString(entry.vendor).toHtmlEscaped());
    html += QStringLiteral("<br><small>%1 · %2</small>")
                .arg(QString::fromStdString(entry.id).toHtmlEscaped(), QString::fromLatin1(partKindName(entry.kind)));
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
