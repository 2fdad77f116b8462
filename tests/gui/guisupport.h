#pragma once

// Shared helpers of the GUI tests that drive the editor: the main window on the sample design,
// the palette's own drag data, raw mouse events sent to a widget, and a popup menu's action clicked
// where it is drawn.

#include "model/core/catalog.h"
#include "views/docks/palettedock.h"
#include "views/plan/hallview.h"
#include "views/session/document.h"
#include "views/window/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QMimeData>
#include <QMouseEvent>
#include <QTreeWidget>
#include <QtTest>

#include <memory>

namespace cp::gui::testsupport {

/// The main window on the sample design, 1400 × 900, shown, error dialogs off (the caller waits
/// for it to be exposed).
inline std::unique_ptr<MainWindow> sampleWindow()
{
    auto window = std::make_unique<MainWindow>(Catalog::builtin());
    window->setErrorDialogsEnabled(false);
    window->loadSample();
    window->resize(1400, 900);
    window->show();
    return window;
}

/// The fixture the editor tests share: a sample window per test, its document and plan view.
class SampleWindowFixture
{
protected:
    std::unique_ptr<MainWindow> mWindow;
    Document *doc() const { return const_cast<Document *>(mWindow->document()); }
    HallView *view() const { return mWindow->hallView(); }
};

/// The palette's own drag data for an entry, as a drag from its tree would carry.
inline std::unique_ptr<QMimeData> paletteMime(PaletteDock *palette, const QString &id)
{
    QTreeWidgetItem *item = palette->itemFor(id);
    if (!item)
        return nullptr;
    QTreeWidget *tree = palette->tree();
    const QModelIndex index = tree->model()->index(item->parent()->indexOfChild(item), 0,
                                                   tree->model()->index(tree->indexOfTopLevelItem(item->parent()), 0));
    return std::unique_ptr<QMimeData>(tree->model()->mimeData({index}));
}

inline void sendMouse(QWidget *w, QEvent::Type type, const QPoint &pos, Qt::MouseButton button,
                      Qt::MouseButtons buttons, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QMouseEvent event(type, QPointF(pos), QPointF(w->mapToGlobal(pos)), button, buttons, modifiers);
    QApplication::sendEvent(w, &event);
}

/// Clicks the action named `name` of an open menu (or of one of its submenus, opened by a click
/// on their own entry first) where the menu draws it. False when it is not there or disabled.
inline bool clickMenuAction(QMenu *menu, const QString &name)
{
    for (QAction *a : menu->actions()) {
        if (a->objectName() == name) {
            if (!a->isEnabled() || !a->isVisible())
                return false;
            QTest::mouseClick(menu, Qt::LeftButton, Qt::NoModifier, menu->actionGeometry(a).center());
            return true;
        }
    }
    for (QAction *a : menu->actions()) {
        QMenu *sub = a->menu();
        if (!sub || !sub->isEnabled())
            continue;
        const auto owns = [&](QMenu *m) {
            for (QAction *x : m->actions())
                if (x->objectName() == name)
                    return true;
            return false;
        };
        if (!owns(sub))
            continue;
        menu->setActiveAction(a);
        QTest::mouseClick(menu, Qt::LeftButton, Qt::NoModifier, menu->actionGeometry(a).center());
        if (!QTest::qWaitFor([sub] { return sub->isVisible(); }, 2000))
            return false;
        return clickMenuAction(sub, name);
    }
    return false;
}

} // namespace cp::gui::testsupport
