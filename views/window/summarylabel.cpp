#include "views/window/summarylabel.h"

#include "model/engine/evaluation.h"
#include "views/session/resultshub.h"

#include <QLocale>
#include <QStringList>

#include <cmath>

namespace cp::gui {

SummaryLabel::SummaryLabel(QWidget *parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("summaryLabel"));
}

void SummaryLabel::setResultsHub(const ResultsHub *hub)
{
    connect(hub, &ResultsHub::evaluated, this, [this](const EvaluationOutcome &outcome) {
        setText(summary(outcome.results));
        setEnabled(true);
    });
    connect(hub, &ResultsHub::failed, this, [this] { setText(tr("Evaluation failed")); });
    // The figures shown are now those of an older design.
    connect(hub, &ResultsHub::outdated, this, [this] { setEnabled(false); });
}

QString SummaryLabel::summary(const Results &r)
{
    const QLocale locale;
    QStringList parts;
    parts << tr("%1 GPUs").arg(locale.toString(static_cast<qlonglong>(r.inventory.gpusTotal)))
          << tr("%1 MW IT").arg(locale.toString(r.power.itKwTotal / 1000.0, 'f', 2));
    if (r.performance.available)
        parts << tr("MFU %1 %").arg(locale.toString(r.performance.outcome.estimate.mfu * 100.0, 'f', 1));
    if (r.reliability.available && std::isfinite(r.reliability.jobMtbfHours))
        parts << tr("job MTBF %1 h").arg(locale.toString(r.reliability.jobMtbfHours, 'f', 1));
    if (r.cost.tcoUsd > 0)
        parts << tr("TCO $%1M").arg(locale.toString(r.cost.tcoUsd / 1e6, 'f', 0));
    return parts.join(QStringLiteral(" · "));
}

} // namespace cp::gui
