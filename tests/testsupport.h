#pragma once

#include "model/core/catalog.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <string>

namespace cptest {

/// Writes `text` to `path` (binary, replacing it).
inline void writeFile(const std::string &path, const std::string &text)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
}

inline std::string readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline std::string dataPath(const char *name) { return std::string(CP_TEST_DATA) + "/" + name; }

inline std::string tempPath(const QTemporaryDir &dir, const char *name)
{
    return dir.filePath(QString::fromUtf8(name)).toStdString();
}

/// What a run of a command-line program printed and returned.
struct CliRun
{
    int code;    ///< exit code; -1 on timeout, -2 on a crash
    QString out;
    QString err;
};

/// Runs `program` with `args` as a user would, waiting up to two minutes.
inline CliRun runCli(const QString &program, const QStringList &args)
{
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(120000))
        return {-1, {}, QStringLiteral("timeout")};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2,
            QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

} // namespace cptest

/// QCOMPARE for std::string with readable output.
#define CP_COMPARE_STR(actual, expected) \
    QCOMPARE(QString::fromStdString(actual), QString::fromStdString(expected))
