// The inspector's edit forms of a selected rack or facility unit (id, place, rotation, row, group
// and redundancy), each edit one undo command.
#include "views/docks/inspectordock.h"
#include "views/docks/inspectorformat.h"
#include "views/docks/catalogpicker.h"

#include "model/core/catalog.h"
#include "views/session/commands.h"
#include "model/core/design.h"
#include "model/edit/designedit.h"
#include "views/session/document.h"
#include "model/engine/evaluation.h"
#include "views/plan/items/rackcategory.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QScrollArea>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

namespace cp::gui {

using namespace inspector;

/// A rack's row: a name, not a number (a row called "4.9" is drawn as a label over the hall's rows)
/// and not empty (every rack is in a row). Returns the refusal, or empty.
static QString setRow(Rack &rack, const QString &text)
{
    const QString name = text.trimmed();
    double number = 0;
    if (name.isEmpty())
        return InspectorDock::tr("a rack is always in a row: give a row's name, e.g. “Row 01”");
    if (parseNumber(name, number))
        return InspectorDock::tr("“%1” is a number, not a row's name (e.g. “Row 05”)").arg(name);
    rack.row = name.toStdString();
    return {};
}

QLineEdit *InspectorDock::addEditField(QFormLayout *form, const QString &name, const QString &label,
                                       const QString &value, const QString &unit,
                                       std::function<void(const QString &)> apply, QComboBox **picker)
{
    auto *edit = new QLineEdit(value);
    edit->setObjectName(name);
    edit->setProperty(kCommittedValue, value);
    edit->installEventFilter(this);
    QWidget *row = edit;
    if (picker)
        row = *picker = makePicker(edit);
    if (!unit.isEmpty()) {
        QWidget *field = row;
        row = new QWidget;
        auto *h = new QHBoxLayout(row);
        h->setContentsMargins(0, 0, 0, 0);
        h->addWidget(field, 1);
        h->addWidget(new QLabel(unit));
    }
    form->addRow(label, row);
    connect(edit, &QLineEdit::editingFinished, this, [edit, apply, value] {
        // editingFinished also comes on focus loss: only a changed text is an edit.
        if (edit->text() != value)
            apply(edit->text());
    });
    return edit;
}

void InspectorDock::applyRack(const std::function<QString(Rack &, const QString &)> &change, const QString &text,
                              const QString &what)
{
    if (!mDocument || mRacks.size() != 1)
        return;
    const int index = mRacks.front();
    Rack rack = mDocument->design().racks[static_cast<size_t>(index)];
    QString error = change(rack, text);
    if (error.isEmpty()) {
        pushEdit(mDocument, changeRack(mDocument->design(), mDocument->catalog(), index, rack),
                 tr("Change rack %1").arg(what), &error);
    }
    if (!error.isEmpty()) {
        refresh(); // the fields show the design's values again
        setError(tr("%1 refused: %2").arg(what, error));
        return;
    }
    setError(QString());
}

void InspectorDock::applyRacks(const std::function<QString(Rack &, const QString &)> &change, const QString &text,
                               const QString &what)
{
    if (!mDocument || mRacks.size() < 2)
        return;
    std::vector<std::pair<int, Rack>> racks;
    QString error;
    for (int index : mRacks) {
        Rack rack = mDocument->design().racks[static_cast<size_t>(index)];
        error = change(rack, text);
        if (!error.isEmpty())
            break;
        racks.emplace_back(index, std::move(rack));
    }
    if (error.isEmpty())
        pushEdit(mDocument, changeRacks(mDocument->design(), mDocument->catalog(), racks),
                 tr("Change %1 of %n rack(s)", nullptr, int(racks.size())).arg(what), &error);
    if (!error.isEmpty()) {
        refresh();
        setError(tr("%1 refused: %2").arg(what, error));
        return;
    }
    setError(QString());
}

void InspectorDock::applyUnit(const std::function<QString(FacilityUnit &, const QString &)> &change,
                              const QString &text, const QString &what)
{
    if (!mDocument || mPowerUnits.size() + mCoolingUnits.size() != 1 || !mRacks.isEmpty())
        return;
    const bool power = !mPowerUnits.isEmpty();
    const int index = power ? mPowerUnits.front() : mCoolingUnits.front();
    FacilityUnit unit = (power ? mDocument->design().powerUnits : mDocument->design().coolingUnits)[static_cast<size_t>(index)];
    QString error = change(unit, text);
    if (error.isEmpty()) {
        pushEdit(mDocument, changeUnit(mDocument->design(), mDocument->catalog(), power, index, unit),
                 tr("Change unit %1").arg(what), &error);
    }
    if (!error.isEmpty()) {
        refresh();
        setError(tr("%1 refused: %2").arg(what, error));
        return;
    }
    setError(QString());
}

void InspectorDock::rebuildEditor()
{
    if (mEditor) {
        // The editor may be rebuilt from inside one of its own fields' signals.
        mEditor->hide();
        mEditor->setParent(nullptr);
        mEditor->deleteLater();
        mEditor = nullptr;
    }
    if (!mDocument)
        return;
    const Design &design = mDocument->design();
    const int selected = static_cast<int>(mRacks.size() + mPowerUnits.size() + mCoolingUnits.size());
    const bool manyRacks = mRacks.size() > 1 && mPowerUnits.isEmpty() && mCoolingUnits.isEmpty();
    if (selected != 1 && !manyRacks)
        return;
    mEditor = new QWidget;
    mEditor->setObjectName(QStringLiteral("inspectorEditor"));
    auto *form = new QFormLayout(mEditor);
    form->setContentsMargins(0, 0, 0, 4);
    if (manyRacks) {
        buildMultiRackForm(form);
        static_cast<QVBoxLayout *>(mSelectionPage->layout())->insertWidget(0, mEditor);
        mEditor->show();
        return;
    }
    const QLocale l;
    const auto coordinate = [](double &target, const QString &text) -> QString {
        double v = 0;
        if (!parseNumber(text, v))
            return numberError(text);
        target = v;
        return {};
    };
    if (!mRacks.isEmpty()) {
        const int index = mRacks.front();
        if (index < 0 || index >= static_cast<int>(design.racks.size()))
            return;
        const Rack &rack = design.racks[static_cast<size_t>(index)];
        addEditField(form, QStringLiteral("rack.id"), tr("Id"), qs(rack.id), {}, [this](const QString &t) {
            applyRack([](Rack &r, const QString &v) { r.id = v.trimmed().toStdString(); return QString(); }, t, tr("Id"));
        });
        addRowPicker(form, qs(rack.row), [this](const QString &t) {
            applyRack([](Rack &r, const QString &v) { return setRow(r, v); }, t, tr("Row"));
        });
        addEditField(form, QStringLiteral("rack.x"), tr("X"), l.toString(rack.xM, 'f', 2), tr("m"),
                     [this, coordinate](const QString &t) {
                         applyRack([coordinate](Rack &r, const QString &v) { return coordinate(r.xM, v); }, t, tr("X"));
                     });
        addEditField(form, QStringLiteral("rack.y"), tr("Y"), l.toString(rack.yM, 'f', 2), tr("m"),
                     [this, coordinate](const QString &t) {
                         applyRack([coordinate](Rack &r, const QString &v) { return coordinate(r.yM, v); }, t, tr("Y"));
                     });
        addEditField(form, QStringLiteral("rack.rotation"), tr("Rotation"), l.toString(rack.rotationDeg, 'f', 0),
                     tr("°"), [this, coordinate](const QString &t) {
                         applyRack([coordinate](Rack &r, const QString &v) { return coordinate(r.rotationDeg, v); }, t,
                                   tr("Rotation"));
                     });
        QComboBox *model = nullptr;
        addEditField(
            form, QStringLiteral("rack.model"), tr("Rack model"), qs(rack.catalogId), {},
            [this](const QString &t) {
                applyRack([](Rack &r, const QString &v) { r.catalogId = v.trimmed().toStdString(); return QString(); }, t,
                          tr("Rack model"));
            },
            &model);
        fillCatalogPicker(model, mDocument->catalog(), {PartKind::Rack});
    } else {
        const bool power = !mPowerUnits.isEmpty();
        const int index = power ? mPowerUnits.front() : mCoolingUnits.front();
        const auto &units = power ? design.powerUnits : design.coolingUnits;
        if (index < 0 || index >= static_cast<int>(units.size()))
            return;
        const FacilityUnit &unit = units[static_cast<size_t>(index)];
        addEditField(form, QStringLiteral("unit.id"), tr("Id"), qs(unit.id), {}, [this](const QString &t) {
            applyUnit([](FacilityUnit &u, const QString &v) { u.id = v.trimmed().toStdString(); return QString(); }, t, tr("Id"));
        });
        // The capacity comes with the model: changing the model changes the capacity.
        const CatalogEntry *entry = mDocument->catalog().find(unit.catalogId);
        QComboBox *model = nullptr;
        addEditField(
            form, QStringLiteral("unit.model"), tr("Model"), qs(unit.catalogId),
            entry ? tr("%1 kW").arg(l.toString(entry->figure("capacity_kw"), 'f', 0)) : QString(),
            [this](const QString &t) {
                applyUnit([](FacilityUnit &u, const QString &v) { u.catalogId = v.trimmed().toStdString(); return QString(); },
                          t, tr("Model"));
            },
            &model);
        std::vector<PartKind> kinds;
        for (PartKind k : allPartKinds())
            if (power ? isPowerKind(k) : isCoolingKind(k))
                kinds.push_back(k);
        fillCatalogPicker(model, mDocument->catalog(), kinds);
        addEditField(form, QStringLiteral("unit.x"), tr("X"), l.toString(unit.xM, 'f', 2), tr("m"),
                     [this, coordinate](const QString &t) {
                         applyUnit([coordinate](FacilityUnit &u, const QString &v) { return coordinate(u.xM, v); }, t, tr("X"));
                     });
        addEditField(form, QStringLiteral("unit.y"), tr("Y"), l.toString(unit.yM, 'f', 2), tr("m"),
                     [this, coordinate](const QString &t) {
                         applyUnit([coordinate](FacilityUnit &u, const QString &v) { return coordinate(u.yM, v); }, t, tr("Y"));
                     });
        addEditField(form, QStringLiteral("unit.group"), tr("Group"), qs(unit.group), {}, [this](const QString &t) {
            applyUnit([](FacilityUnit &u, const QString &v) { u.group = v.trimmed().toStdString(); return QString(); }, t,
                      tr("Group"));
        });
        addEditField(form, QStringLiteral("unit.redundancy"), tr("Redundancy"),
                     QString::fromLatin1(redundancyName(unit.redundancy)), tr("N, N+1 or 2N"), [this](const QString &t) {
                         applyUnit(
                             [](FacilityUnit &u, const QString &v) {
                                 const auto r = redundancyFromName(v.trimmed().toUpper().toStdString());
                                 if (!r)
                                     return tr("“%1” is not N, N+1 or 2N").arg(v);
                                 u.redundancy = *r;
                                 return QString();
                             },
                             t, tr("Redundancy"));
                     });
    }
    static_cast<QVBoxLayout *>(mSelectionPage->layout())->insertWidget(0, mEditor);
    mEditor->show(); // now, not on the next event loop: a field of it can take the focus at once
}

QLineEdit *InspectorDock::addRowPicker(QFormLayout *form, const QString &value, std::function<void(const QString &)> apply)
{
    // The hall's rows with their rack counts; a name typed that is not one starts a new row.
    std::map<QString, int> counts;
    for (const Rack &r : mDocument->design().racks)
        if (!r.row.empty())
            ++counts[qs(r.row)];
    QStringList rows, notes;
    for (const auto &[row, n] : counts) {
        rows << row;
        notes << tr("%n rack(s)", nullptr, n);
    }
    QComboBox *picker = nullptr;
    QLineEdit *field = addEditField(form, QStringLiteral("rack.row"), tr("Row"), value, {}, std::move(apply), &picker);
    fillNamePicker(picker, rows, notes);
    field->setPlaceholderText(value.isEmpty() ? tr("several rows") : QString());
    picker->setToolTip(tr("One of the hall's %n row(s), or a new row's name", nullptr, int(rows.size())));
    return field;
}

void InspectorDock::buildMultiRackForm(QFormLayout *form)
{
    // Racks selected together: a field shows the value they share (else it is empty, saying
    // "several"), and a value entered changes every selected rack in one step.
    const Design &design = mDocument->design();
    const auto shared = [&](const auto &get) -> QString {
        const QString first = get(design.racks[static_cast<size_t>(mRacks.front())]);
        for (int i : mRacks)
            if (get(design.racks[static_cast<size_t>(i)]) != first)
                return {};
        return first;
    };
    const QLocale l;
    auto *caption = new QLabel(tr("%n racks selected: a value entered changes all of them in one step.", nullptr,
                                  int(mRacks.size())));
    caption->setWordWrap(true);
    form->addRow(caption);
    addRowPicker(form, shared([](const Rack &r) { return qs(r.row); }), [this](const QString &t) {
        applyRacks([](Rack &r, const QString &v) { return setRow(r, v); }, t, tr("Row"));
    });
    const QString rotation = shared([&l](const Rack &r) { return l.toString(r.rotationDeg, 'f', 0); });
    QLineEdit *rot = addEditField(form, QStringLiteral("rack.rotation"), tr("Rotation"), rotation, tr("°"),
                                  [this](const QString &t) {
                                      applyRacks(
                                          [](Rack &r, const QString &v) {
                                              double deg = 0;
                                              if (!parseNumber(v, deg))
                                                  return numberError(v);
                                              r.rotationDeg = deg;
                                              return QString();
                                          },
                                          t, tr("Rotation"));
                                  });
    rot->setPlaceholderText(rotation.isEmpty() ? tr("several") : QString());
    QComboBox *model = nullptr;
    const QString modelId = shared([](const Rack &r) { return qs(r.catalogId); });
    QLineEdit *modelField = addEditField(
        form, QStringLiteral("rack.model"), tr("Rack model"), modelId, {},
        [this](const QString &t) {
            applyRacks([](Rack &r, const QString &v) { r.catalogId = v.trimmed().toStdString(); return QString(); }, t,
                       tr("Rack model"));
        },
        &model);
    fillCatalogPicker(model, mDocument->catalog(), {PartKind::Rack});
    modelField->setPlaceholderText(modelId.isEmpty() ? tr("several models") : QString());
}

} // namespace cp::gui
