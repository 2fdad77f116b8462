#pragma once

#include <QDateTime>
#include <QString>
#include <QVector>

#include <memory>
#include <vector>

class QLockFile;

namespace cp {
class Catalog;
struct Design;
struct Scenario;
} // namespace cp

namespace cp::gui {

/// An autosaved copy of the open project — every scenario of the window, the open one as edited —
/// so a crash loses at most a few minutes of work.
/// Each window owns one file in the application's data directory, locked while the window
/// lives; a file nobody holds after start-up is what a crashed session left behind.
class RecoveryFile final
{
public:
    /// Picks a fresh name and locks it; nothing is written until write().
    RecoveryFile();
    /// Releases the lock and leaves the file: only a clean save or close removes it.
    ~RecoveryFile();
    RecoveryFile(const RecoveryFile &) = delete;
    RecoveryFile &operator=(const RecoveryFile &) = delete;

    QString path() const { return mPath; }
    bool exists() const;

    /// Writes the project's scenarios (at least one), atomically (a temporary file renamed over
    /// the old copy), with the file they came from (empty if never saved) and the name of the
    /// scenario open in the window noted beside it.
    bool write(const std::vector<Scenario> &scenarios, const QString &openScenario, const Catalog &catalog,
               const QString &originalPath, QString *error);
    /// Deletes the copy (after a clean save or close).
    void remove();

    /// Where recovery files live: <AppDataLocation>/recovery.
    static QString directory();

    /// A recovery file left by a session that ended without removing it.
    struct Orphan
    {
        QString path;
        QString originalPath; ///< the file the design came from; empty if never saved
        QDateTime saved;
    };
    /// Recovery files no running window holds, newest first.
    static QVector<Orphan> findOrphans();
    /// Deletes a recovery file and the notes beside it.
    static bool discard(const QString &path);
    /// The file the recovered design came from, as noted beside it; empty if none.
    static QString originalPathOf(const QString &path);
    /// The scenario that was open in the window; empty if not noted (a copy written before
    /// scenarios were kept: its first scenario).
    static QString openScenarioOf(const QString &path);

private:
    QString mPath;
    std::unique_ptr<QLockFile> mLock;
};

} // namespace cp::gui
