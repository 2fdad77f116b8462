#pragma once

#include <QLabel>

namespace cp {
struct Results;
} // namespace cp

namespace cp::gui {

class ResultsHub;

/// The status bar's one-line summary of the latest results (GPUs, MW, MFU, MTBF, TCO), greyed
/// while the design has changed since.
class SummaryLabel final : public QLabel
{
    Q_OBJECT

public:
    explicit SummaryLabel(QWidget *parent = nullptr);

    /// Subscribes to `hub`'s outcomes and edits.
    void setResultsHub(const ResultsHub *hub);

    /// "N GPUs · X MW IT · MFU … · job MTBF … · TCO …", the parts the results have.
    static QString summary(const Results &results);
};

} // namespace cp::gui
