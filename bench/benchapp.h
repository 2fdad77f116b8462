#pragma once

// The Qt application the GUI benchmarks run in: the platform, the application object, and
// Google Benchmark's own setup and teardown, the same for every view benchmark.

#include <QApplication>
#include <QByteArray>

#include <benchmark/benchmark.h>

#include <functional>

namespace cp::bench {

/// Runs the registered benchmarks inside a QApplication on `platform` ("offscreen", or "xcb"
/// for OpenGL under xvfb-run) unless QT_QPA_PLATFORM names another. `beforeApplication` runs
/// before the application object exists (e.g. to set the default surface format);
/// `applicationReady` after, and returning false ends the run with exit code 1.
/// Returns the process' exit code.
inline int runBenchmarks(int argc, char **argv, const char *platform,
                         const std::function<void()> &beforeApplication = {},
                         const std::function<bool()> &applicationReady = {})
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", platform);
    if (beforeApplication)
        beforeApplication();
    QApplication app(argc, argv);
    if (applicationReady && !applicationReady())
        return 1;
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}

} // namespace cp::bench
