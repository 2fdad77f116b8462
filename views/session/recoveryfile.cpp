#include "views/session/recoveryfile.h"

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/io/projectfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QSaveFile>
#include <QStandardPaths>
#include <QUuid>

#include <algorithm>
#include <cstdio>
#include <exception>

namespace cp::gui {

namespace {

const char *const kSuffix = ".cplan";

QString lockPath(const QString &path)
{
    return path + QStringLiteral(".lock");
}

QString originPath(const QString &path)
{
    return path + QStringLiteral(".origin");
}

} // namespace

QString RecoveryFile::directory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/recovery");
}

RecoveryFile::RecoveryFile()
{
    QDir().mkpath(directory());
    // A random name: two windows (or two instances) never share a file.
    const QString name = QStringLiteral("autosave-%1%2")
                             .arg(QUuid::createUuid().toString(QUuid::WithoutBraces).left(13), QLatin1String(kSuffix));
    mPath = QDir(directory()).filePath(name);
    mLock = std::make_unique<QLockFile>(lockPath(mPath));
    mLock->setStaleLockTime(0); // stale only when its process is gone, however long it runs
    if (!mLock->tryLock(0))
        std::fprintf(stderr, "cluster-planner: cannot lock %s; another instance may offer it for recovery\n",
                     qPrintable(lockPath(mPath)));
}

RecoveryFile::~RecoveryFile()
{
    mLock->unlock();
}

bool RecoveryFile::exists() const
{
    return QFileInfo::exists(mPath);
}

bool RecoveryFile::write(const std::vector<Scenario> &scenarios, const QString &openScenario, const Catalog &catalog,
                         const QString &originalPath, QString *error)
{
    QDir().mkpath(directory());
    // The note: the original file on the first line, the open scenario on the second.
    QSaveFile origin(originPath(mPath));
    if (!origin.open(QIODevice::WriteOnly) || origin.write((originalPath + QLatin1Char('\n') + openScenario).toUtf8()) < 0
        || !origin.commit()) {
        if (error)
            *error = QCoreApplication::translate("cp::gui::RecoveryFile", "%1: %2").arg(origin.fileName(), origin.errorString());
        return false;
    }
    // SQLite writes in place; a fresh temporary file renamed over the old copy keeps the
    // recovery file whole even if the program dies mid-write.
    const QString temp = mPath + QStringLiteral(".tmp");
    QFile::remove(temp);
    try {
        ProjectFile::saveProject(QFile::encodeName(temp).toStdString(), scenarios, catalog, "autosave",
                                 "Autosaved copy");
    } catch (const std::exception &e) {
        QFile::remove(temp);
        if (error)
            *error = QString::fromLocal8Bit(e.what());
        return false;
    }
    if (std::rename(QFile::encodeName(temp).constData(), QFile::encodeName(mPath).constData()) != 0) {
        QFile::remove(temp);
        if (error)
            *error = QCoreApplication::translate("cp::gui::RecoveryFile", "%1: cannot replace the recovery file")
                         .arg(mPath);
        return false;
    }
    return true;
}

void RecoveryFile::remove()
{
    QFile::remove(mPath);
    QFile::remove(originPath(mPath));
}

QVector<RecoveryFile::Orphan> RecoveryFile::findOrphans()
{
    QVector<Orphan> out;
    const QDir dir(directory());
    const QFileInfoList files =
        dir.entryInfoList({QStringLiteral("*") + QLatin1String(kSuffix)}, QDir::Files, QDir::Time);
    for (const QFileInfo &file : files) {
        const QString path = file.absoluteFilePath();
        QLockFile lock(lockPath(path));
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0))
            continue; // a live window holds it
        lock.unlock();
        out.push_back({path, originalPathOf(path), file.lastModified()});
    }
    return out;
}

bool RecoveryFile::discard(const QString &path)
{
    QFile::remove(originPath(path));
    QFile::remove(lockPath(path));
    return QFile::remove(path) || !QFileInfo::exists(path);
}

namespace {

/// Line `line` of the note beside a recovery file (a path holds no newline on the systems the
/// program runs on; a copy from before the second line has one line).
QString noteLine(const QString &notePath, int line)
{
    QFile origin(notePath);
    if (!origin.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(origin.readAll()).split(QLatin1Char('\n')).value(line);
}

} // namespace

QString RecoveryFile::originalPathOf(const QString &path)
{
    return noteLine(originPath(path), 0);
}

QString RecoveryFile::openScenarioOf(const QString &path)
{
    return noteLine(originPath(path), 1);
}

} // namespace cp::gui
