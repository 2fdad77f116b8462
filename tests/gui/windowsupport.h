#pragma once

// Shared helpers of the main-window tests (test_mainwindow, test_windowfiles): loading a sample
// or template, pushing an edit as the editing tools do, deleting racks, counting rack items.

#include "model/core/design.h"
#include "model/edit/designedit.h"
#include "views/plan/hallscene.h"
#include "views/plan/hallview.h"
#include "views/plan/items/rackitem.h"
#include "views/session/commands.h"
#include "views/window/mainwindow.h"

#include <QtTest>

#include <vector>

namespace cp::gui::windowtest {

inline constexpr int kEvaluationTimeoutMs = 60000;

/// Loads a named source into the window: "sample" or "<template>-<gpus>".
inline bool load(MainWindow &window, const QString &source)
{
    if (source == QLatin1String("sample")) {
        window.loadSample();
        return true;
    }
    const QStringList parts = source.split(QLatin1Char('-'));
    return window.newFromTemplate(parts.value(0), parts.value(1).toLongLong());
}

/// Pushes a planned edit onto the window's undo stack, as the editing tools do.
inline void edit(MainWindow &window, const Edit &e, const char *text = "Edit")
{
    QString error;
    QVERIFY2(pushEdit(window.document(), e, QString::fromLatin1(text), &error), qPrintable(error));
}

/// Deletes the racks with these indexes.
inline Edit removeRacks(const Design &design, std::vector<int> racks)
{
    Selection selection;
    selection.racks = std::move(racks);
    return remove(design, selection);
}

inline int rackItemCount(const MainWindow &window)
{
    int count = 0;
    for (QGraphicsItem *item : window.hallView()->hallScene()->items())
        count += item->type() == RackItem::Type ? 1 : 0;
    return count;
}

} // namespace cp::gui::windowtest
