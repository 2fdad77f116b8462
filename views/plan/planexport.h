#pragma once

#include <QString>

class QGraphicsScene;
class QRectF;

namespace cp::gui {

/// What the title block of an exported plan says.
struct PlanTitleBlock
{
    QString title;    ///< the design's name
    QString file;     ///< the project file, or "unsaved"
    QString scenario; ///< empty for a project of one design
    QString date;     ///< YYYY-MM-DD
    QString summary;  ///< the headline figures (GPUs, power, …), one line
};

/// Draws `scene`'s `source` rectangle (scene units, HallScene::kUnitsPerMetre per metre) with a
/// title block and a scale bar, and writes it to `path` as SVG or PDF (by the suffix, A3
/// landscape for PDF), through writeOutputFile: the file is the old one or the whole new one.
/// Throws std::exception naming the file and the problem.
void writePlan(QGraphicsScene &scene, const QRectF &source, const PlanTitleBlock &block, const QString &path);

} // namespace cp::gui
