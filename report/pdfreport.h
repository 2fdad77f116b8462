#pragma once

#include "report/reportdocument.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

class QObject;
class QPdfWriter;
class QSizeF;
class QTextDocument;

namespace cp::report {

struct TableChunk;
struct HeadingMark;

/// Lays a ReportDocument out on A4 pages and writes it as PDF: a QTextDocument for text and
/// tables (header rows repeated on each page), charts drawn as vector graphics in place, a footer
/// with the title and page number on every page.
class PdfReport
{
public:
    explicit PdfReport(const ReportDocument &document) : mDocument(document) {}

    /// The PDF file's bytes.
    std::string write() const;

private:
    /// The document laid out on pages of `body`, charts drawn by `charts` (a QTextObjectInterface),
    /// tables started anew at `breaks` (report block → body rows; row -1 of a heading's block: the
    /// heading starts a page); `chunks` receives every table and `headings` every heading.
    std::unique_ptr<QTextDocument> layOut(QPdfWriter &pdf, const QSizeF &body, QObject *charts,
                                          const std::map<size_t, std::set<int>> &breaks,
                                          std::vector<TableChunk> &chunks, std::vector<HeadingMark> &headings) const;

    const ReportDocument &mDocument;
};

} // namespace cp::report
