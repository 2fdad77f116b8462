#include "views/session/scenarioset.h"

#include <QRegularExpression>

#include <algorithm>

#include <stdexcept>

namespace cp::gui {

ScenarioSet::ScenarioSet(QObject *parent) : QObject(parent)
{
    reset({{ProjectFile::kDefaultScenario, Design()}}, 0);
}

void ScenarioSet::reset(std::vector<Scenario> scenarios, int current)
{
    if (scenarios.empty())
        scenarios.push_back({ProjectFile::kDefaultScenario, Design()});
    mScenarios = std::move(scenarios);
    mCompared.assign(mScenarios.size(), true);
    mCurrent = std::clamp(current, 0, count() - 1);
    mSavedNames = names();
    mDropped.clear();
    setModified(false);
    Q_EMIT changed();
}

QString ScenarioSet::name(int index) const
{
    return index >= 0 && index < count() ? QString::fromStdString(mScenarios[size_t(index)].name) : QString();
}

QStringList ScenarioSet::names() const
{
    QStringList out;
    for (const Scenario &s : mScenarios)
        out << QString::fromStdString(s.name);
    return out;
}

int ScenarioSet::indexOf(const QString &name) const
{
    return int(names().indexOf(name));
}

const Design &ScenarioSet::design(int index) const
{
    return mScenarios.at(size_t(index)).design;
}

void ScenarioSet::storeDesign(int index, Design design)
{
    mScenarios.at(size_t(index)).design = std::move(design);
}

Design ScenarioSet::takeDesign(int index)
{
    Design out = std::move(mScenarios.at(size_t(index)).design);
    mScenarios[size_t(index)].design = Design();
    return out;
}

void ScenarioSet::setCurrentIndex(int index)
{
    if (index < 0 || index >= count() || index == mCurrent)
        return;
    mCurrent = index;
    Q_EMIT changed();
}

bool ScenarioSet::isCompared(int index) const
{
    return index >= 0 && index < count() && mCompared[size_t(index)];
}

void ScenarioSet::setCompared(int index, bool compared)
{
    if (index < 0 || index >= count() || mCompared[size_t(index)] == compared)
        return;
    mCompared[size_t(index)] = compared;
    Q_EMIT changed();
    Q_EMIT comparedChanged();
}

QString ScenarioSet::nameProblem(const QString &name, int except) const
{
    if (const std::string why = ProjectFile::scenarioNameProblem(name.toStdString()); !why.empty())
        return QString::fromStdString(why);
    const int existing = indexOf(name);
    if (existing >= 0 && existing != except)
        return tr("the project already has a scenario named \"%1\"").arg(name);
    return QString();
}

QString ScenarioSet::freeName(const QString &base) const
{
    // Keep what the file rule allows: letters, digits, '.', '_' and '-'.
    QString stem = base;
    stem.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("-"));
    stem.remove(QRegularExpression(QStringLiteral("^[._-]+")));
    stem.truncate(56);
    if (stem.isEmpty())
        stem = QStringLiteral("scenario");
    if (nameProblem(stem).isEmpty())
        return stem;
    for (int n = 2;; ++n) {
        const QString candidate = stem + QLatin1Char('-') + QString::number(n);
        if (nameProblem(candidate).isEmpty())
            return candidate;
    }
}

int ScenarioSet::add(const QString &name, Design design)
{
    if (const QString why = nameProblem(name); !why.isEmpty())
        throw std::invalid_argument(why.toStdString());
    mScenarios.push_back({name.toStdString(), std::move(design)});
    mCompared.push_back(true);
    setModified(true);
    Q_EMIT changed();
    Q_EMIT comparedChanged();
    return count() - 1;
}

void ScenarioSet::rename(int index, const QString &name)
{
    if (index < 0 || index >= count())
        return;
    if (const QString why = nameProblem(name, index); !why.isEmpty())
        throw std::invalid_argument(why.toStdString());
    const QString old = this->name(index);
    if (old == name)
        return;
    if (mSavedNames.contains(old) && !mDropped.contains(old))
        mDropped << old;
    mDropped.removeAll(name);
    mScenarios[size_t(index)].name = name.toStdString();
    setModified(true);
    Q_EMIT changed();
    Q_EMIT comparedChanged();
}

void ScenarioSet::remove(int index)
{
    if (index < 0 || index >= count() || index == mCurrent || count() < 2)
        return;
    const QString old = name(index);
    if (mSavedNames.contains(old) && !mDropped.contains(old))
        mDropped << old;
    mScenarios.erase(mScenarios.begin() + index);
    mCompared.erase(mCompared.begin() + index);
    if (mCurrent > index)
        --mCurrent;
    setModified(true);
    Q_EMIT changed();
    Q_EMIT comparedChanged();
}

std::vector<Scenario> ScenarioSet::scenarios(const Design &openDesign) const
{
    std::vector<Scenario> out = mScenarios;
    out[size_t(mCurrent)].design = openDesign;
    return out;
}

void ScenarioSet::setSaved()
{
    mSavedNames = names();
    mDropped.clear();
    setModified(false);
}

void ScenarioSet::markModified()
{
    setModified(true);
}

void ScenarioSet::setModified(bool modified)
{
    if (mModified == modified)
        return;
    mModified = modified;
    Q_EMIT modifiedChanged(modified);
}

} // namespace cp::gui
