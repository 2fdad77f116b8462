#pragma once

#include "reportdocument.h"

#include <string>

namespace cp::report {

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
    const ReportDocument &mDocument;
};

} // namespace cp::report
