// The application's screenshot runs (--screenshot, --screenshot-3d, --screenshot-views): wait for
// the window to be shown and evaluated, save the pictures the user guide uses, and quit.
#pragma once

#include <QString>

#include <memory>

class QObject;

namespace cp::gui {
class MainWindow;
} // namespace cp::gui

/// Prints "cluster-planner: MESSAGE" on standard error.
void printError(const QString &message);

/// What to show before a screenshot is taken.
struct ScreenshotScene
{
    QString select;            ///< a rack or unit id to select
    bool showProblems = false; ///< select the worst problem's part and bring the Problems dock up
};

/// Saves the plan (and the 3D hall) of `window` once it is evaluated, then quits the event loop
/// (exit status 0, or non-zero naming what failed). The returned object runs it; keep it alive.
std::unique_ptr<QObject> startScreenshotRun(cp::gui::MainWindow *window, const QString &planPng,
                                            const QString &hall3dPng, const ScreenshotScene &scene);
/// Saves a picture of every view into `dir` (the user guide's), then quits the event loop.
std::unique_ptr<QObject> startViewsScreenshotRun(cp::gui::MainWindow *window, const QString &dir);
