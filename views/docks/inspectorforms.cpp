// The inspector's edit forms of a selected rack or facility unit (id, place, rotation, row, group
// and redundancy), each edit one undo command.
#include "views/docks/inspectordock.h"
#include "views/docks/inspectorformat.h"

#include "model/core/catalog.h"
#include "views/session/commands.h"
#include "model/core/design.h"
#include "model/edit/designedit.h"
#include "views/session/document.h"
#include "model/engine/evaluation.h"
#include "views/plan/items/rackcategory.h"

#include <QCompleter>
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
                                       std::function<void(const QString &)> apply)
{
    auto *edit = new QLineEdit(value);
    edit->setObjectName(name);
    edit->setProperty(kCommittedValue, value);
    edit->installEventFilter(this);
    QWidget *row = edit;
    if (!unit.isEmpty()) {
        row = new QWidget;
        auto *h = new QHBoxLayout(row);
        h->setContentsMargins(0, 0, 0, 0);
        h->addWidget(edit, 1);
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
    if (selected != 1)
        return;
    mEditor = new QWidget;
    mEditor->setObjectName(QStringLiteral("inspectorEditor"));
    auto *form = new QFormLayout(mEditor);
    form->setContentsMargins(0, 0, 0, 4);
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
        QLineEdit *rowField =
            addEditField(form, QStringLiteral("rack.row"), tr("Row"), qs(rack.row), {}, [this](const QString &t) {
                applyRack([](Rack &r, const QString &v) { return setRow(r, v); }, t, tr("Row"));
            });
        // The hall's rows, offered as the name is typed; a new name starts a new row.
        QStringList rows;
        for (const Rack &r : design.racks)
            if (!r.row.empty())
                rows << qs(r.row);
        rows.removeDuplicates();
        rows.sort();
        auto *completer = new QCompleter(rows, rowField);
        completer->setCaseSensitivity(Qt::CaseInsensitive);
        rowField->setCompleter(completer);
        rowField->setToolTip(tr("One of the hall's rows (%1), or a new row's name").arg(rows.size()));
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
        addEditField(form, QStringLiteral("rack.model"), tr("Rack model"), qs(rack.catalogId), {},
                     [this](const QString &t) {
                         applyRack([](Rack &r, const QString &v) { r.catalogId = v.trimmed().toStdString(); return QString(); },
                                   t, tr("Rack model"));
                     });
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
        addEditField(form, QStringLiteral("unit.model"), tr("Model"), qs(unit.catalogId),
                     entry ? tr("%1 kW").arg(l.toString(entry->figure("capacity_kw"), 'f', 0)) : QString(),
                     [this](const QString &t) {
                         applyUnit([](FacilityUnit &u, const QString &v) { u.catalogId = v.trimmed().toStdString(); return QString(); },
                                   t, tr("Model"));
                     });
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

} // namespace cp::gui
