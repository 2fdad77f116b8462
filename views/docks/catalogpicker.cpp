#include "views/docks/catalogpicker.h"

#include "views/style/format.h"

#include <QComboBox>
#include <QCompleter>
#include <QHeaderView>
#include <QLineEdit>
#include <QStandardItemModel>
#include <QScrollBar>
#include <QTreeView>

#include <algorithm>

namespace cp::gui {

namespace {

QString kw(double watts)
{
    return QComboBox::tr("%1 kW").arg(fmt::number(watts / 1000.0, 1));
}

/// The list's signature: refilled only when it changes (a refresh on every edit must not close
/// an open list or move its selection).
constexpr char kSignature[] = "pickerSignature";

void fill(QComboBox *picker, const QList<QPair<QString, QString>> &rows)
{
    QStringList sig;
    for (const auto &[id, note] : rows)
        sig << id << note;
    const QString signature = sig.join(QChar(0x1f));
    if (picker->property(kSignature).toString() == signature && picker->count() == rows.size())
        return;
    picker->setProperty(kSignature, signature);
    const QString text = picker->lineEdit() ? picker->lineEdit()->text() : QString();
    auto *model = new QStandardItemModel(int(rows.size()), 2, picker);
    QStringList ids;
    for (int i = 0; i < rows.size(); ++i) {
        auto *id = new QStandardItem(rows[i].first);
        auto *note = new QStandardItem(rows[i].second);
        id->setToolTip(rows[i].second);
        note->setToolTip(rows[i].second);
        model->setItem(i, 0, id);
        model->setItem(i, 1, note);
        if (!rows[i].first.isEmpty())
            ids << rows[i].first;
    }
    const QSignalBlocker block(picker);
    picker->setModel(model); // the combo deletes its previous model (a child of it)
    picker->setModelColumn(0);
    // Typing offers the matching ids in a list; nothing is completed in place (a new row's name
    // that begins like an existing one must stay as typed).
    delete picker->completer();
    auto *completer = new QCompleter(ids, picker);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchContains);
    completer->setCompletionMode(QCompleter::PopupCompletion);
    picker->setCompleter(completer);
    // The entry the field holds is the current one (the arrow keys step from it).
    picker->setCurrentIndex(picker->findText(text));
    if (picker->lineEdit())
        picker->lineEdit()->setText(text);
    if (auto *view = qobject_cast<QTreeView *>(picker->view())) {
        view->resizeColumnToContents(0);
        view->resizeColumnToContents(1);
        // The list as wide as its two columns (within reason), not the field's width.
        const int width = view->columnWidth(0) + view->columnWidth(1) + view->verticalScrollBar()->sizeHint().width() + 8;
        view->setMinimumWidth(std::min(width, 620));
    }
}

} // namespace

QString keyFigures(const CatalogEntry &e)
{
    const auto f = [&](const char *key) { return e.figure(key); };
    const QString name = QString::fromStdString(e.name.empty() ? e.id : e.name);
    QString figures;
    switch (e.kind) {
    case PartKind::Switch:
        figures = QComboBox::tr("%1 × %2 Gb/s, %3").arg(fmt::number(f("ports"), 0), fmt::number(f("port_gbps"), 0),
                                                     kw(f("power_typical_w")));
        break;
    case PartKind::Nic:
        figures = QComboBox::tr("%1 Gb/s").arg(fmt::number(f("gbps"), 0));
        break;
    case PartKind::Cable:
        figures = QComboBox::tr("%1 Gb/s, up to %2 m").arg(fmt::number(f("gbps"), 0), fmt::number(f("max_length_m"), 0));
        break;
    case PartKind::Rack:
        figures = QComboBox::tr("%1 U, %2 kW, %3 kg")
                      .arg(fmt::number(f("height_u"), 0), fmt::number(f("max_power_kw"), 0),
                           fmt::number(f("max_weight_kg"), 0));
        break;
    case PartKind::Server:
    case PartKind::Supernode:
        figures = QComboBox::tr("%1 GPUs, %2 U, %3").arg(fmt::number(f("gpus"), 0), fmt::number(f("height_u"), 0),
                                                      kw(f("power_max_w")));
        break;
    case PartKind::Storage:
        figures = QComboBox::tr("%1 TB, %2 U").arg(fmt::number(f("capacity_tb"), 0), fmt::number(f("height_u"), 0));
        break;
    case PartKind::Accelerator:
        figures = QComboBox::tr("%1 TFLOPS bf16, %2 GB").arg(fmt::number(f("peak_tflops_bf16"), 0),
                                                          fmt::number(f("hbm_gb"), 0));
        break;
    default:
        figures = QComboBox::tr("%1 kW").arg(fmt::number(f("capacity_kw"), 0));
        break;
    }
    // The figures first: the list is narrow, the name can be long.
    return figures + QStringLiteral(" — ") + name;
}

QComboBox *makePicker(QLineEdit *edit)
{
    auto *picker = new QComboBox;
    picker->setObjectName(edit->objectName() + QStringLiteral(".picker"));
    picker->setEditable(true);
    picker->setInsertPolicy(QComboBox::NoInsert);
    picker->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    picker->setMinimumContentsLength(8);
    // A two-column list: the id (what the field holds) beside the name and key figures.
    auto *view = new QTreeView;
    view->setHeaderHidden(true);
    view->setRootIsDecorated(false);
    view->setUniformRowHeights(true);
    view->setAllColumnsShowFocus(true);
    view->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    picker->setView(view);
    const QString text = edit->text();
    picker->setLineEdit(edit);
    edit->setText(text);
    QObject::connect(picker, &QComboBox::activated, edit, [picker, edit](int index) {
        const QString id = picker->itemText(index);
        edit->setText(id);
        Q_EMIT edit->editingFinished();
    });
    return picker;
}

void fillCatalogPicker(QComboBox *picker, const Catalog &catalog, const std::vector<PartKind> &kinds,
                       bool allowEmpty, const QString &emptyLabel)
{
    QList<QPair<QString, QString>> rows;
    if (allowEmpty)
        rows.append({QString(), emptyLabel});
    for (const CatalogEntry &e : catalog.entries())
        if (std::find(kinds.begin(), kinds.end(), e.kind) != kinds.end())
            rows.append({QString::fromStdString(e.id), keyFigures(e)});
    fill(picker, rows);
}

void fillNamePicker(QComboBox *picker, const QStringList &names, const QStringList &notes)
{
    QList<QPair<QString, QString>> rows;
    for (int i = 0; i < names.size(); ++i)
        rows.append({names[i], i < notes.size() ? notes[i] : QString()});
    fill(picker, rows);
}

} // namespace cp::gui
