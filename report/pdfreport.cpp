#include "report/pdfreport.h"

#include "report/reportcharts.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QCoreApplication>
#include <QPainter>
#include <QPdfWriter>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextObjectInterface>
#include <QTextTable>

#include <cmath>
#include <limits>
#include <memory>
#include <optional>

namespace cp::report {

/// A QTextTable of the document: which report block it shows, from which body row.
struct TableChunk
{
    size_t block = 0;
    QTextTable *table = nullptr;
    int firstRow = 0;
};

/// A heading as laid out: its report block and its text block, to keep it with what follows.
struct HeadingMark
{
    size_t block = 0;
    QTextBlock text;
};

/// The `breaks` row that starts a heading's page rather than a table's row.
constexpr int kHeadingBreak = -1;

namespace {

constexpr int kChartObject = QTextFormat::UserObject + 1;
constexpr int kChartIndex = QTextFormat::UserProperty + 1;

/// Draws a report chart where the text layout placed its object character: on a PDF page the
/// chart's shapes and text stay vector.
class ChartObject : public QObject, public QTextObjectInterface
{
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)

public:
    ChartObject(const std::vector<ChartData> &charts, double width)
        : mCharts(charts)
        , mWidth(width)
    {
    }

    QSizeF intrinsicSize(QTextDocument *, int, const QTextFormat &) override
    {
        const QSize logical = ReportCharts::logicalSize();
        return {mWidth, mWidth * logical.height() / logical.width()};
    }

    void drawObject(QPainter *painter, const QRectF &rect, QTextDocument *, int, const QTextFormat &format) override
    {
        // A chart always fits on one page, but the page before it is asked to draw it too when
        // its line starts there: draw it only on the page that holds all of it, never across the
        // footer of the page before.
        if (painter->hasClipping() && !painter->clipBoundingRect().contains(rect.adjusted(1, 1, -1, -1)))
            return;
        const int i = format.property(kChartIndex).toInt();
        if (i >= 0 && size_t(i) < mCharts.size())
            ReportCharts::paint(mCharts[size_t(i)], painter, rect);
    }

private:
    const std::vector<ChartData> &mCharts;
    double mWidth;
};

/// Builds the QTextDocument block by block. Margins, paddings and borders are given in
/// millimetres: the text layout takes them in pixels at 96 dpi and scales them to the device.
class Builder
{
public:
    // One edit block for the whole build: the document is laid out once, at the end, rather
    // than after every cell (which is quadratic in the size of a table).
    explicit Builder(QTextDocument &doc)
        : mCursor(&doc)
    {
        mCursor.beginEditBlock();
    }
    void finish() { mCursor.endEditBlock(); }
    QTextBlock currentBlock() const { return mCursor.block(); }

    void title(const QString &text)
    {
        block(0, 2, false, Qt::AlignLeft);
        mCursor.insertText(text, charFormat(20, true, QColor(0x22, 0x22, 0x33)));
    }

    void paragraph(const QString &text, bool lead)
    {
        block(lead ? 1 : 1.2, lead ? 3 : 1.5, false, Qt::AlignLeft);
        mCursor.insertText(text, lead ? charFormat(12.5, false, QColor(0x33, 0x33, 0x44))
                                      : charFormat(9, false, QColor(0x22, 0x22, 0x22)));
    }

    void heading(const QString &text, bool pageBreak)
    {
        block(pageBreak ? 0 : 6, 2, pageBreak, Qt::AlignLeft);
        mCursor.insertText(text, charFormat(15, true, QColor(0x22, 0x22, 0x33)));
    }

    void subHeading(const QString &text, bool pageBreak)
    {
        block(pageBreak ? 0 : 4, 1, pageBreak, Qt::AlignLeft);
        mCursor.insertText(text, charFormat(11, true, QColor(0x22, 0x22, 0x33)));
    }

    void chart(int index, const QString &caption)
    {
        block(2, 0.5, false, Qt::AlignCenter);
        QTextCharFormat f;
        f.setObjectType(kChartObject);
        f.setProperty(kChartIndex, index);
        mCursor.insertText(QString(QChar::ObjectReplacementCharacter), f);
        block(0.5, 4, false, Qt::AlignLeft);
        mCursor.insertText(caption, charFormat(7.5, false, QColor(0x55, 0x55, 0x55)));
    }

    /// Inserts a table; body rows listed in `breaks` start a new page, under a repeated header
    /// (PdfReport::write moves rows that would straddle a page break there).
    void table(const Table &t, size_t blockIndex, const std::set<int> &breaks, std::vector<TableChunk> &chunks)
    {
        const int cols = int(t.header.size());
        const int bodyRows = int(t.rows.size());
        int first = 0;
        while (first < bodyRows || first == 0) {
            int end = bodyRows;
            for (int b : breaks)
                if (b > first) {
                    end = std::min(end, b);
                    break;
                }
            if (first > 0 || breaks.count(0))
                mBreakNext = true;
            block(1, 0, false, Qt::AlignLeft);
            QTextTable *table = insertTable(t, cols, end - first + 1);
            const double size = t.small ? 7 : 8.5;
            for (int c = 0; c < cols; ++c)
                fill(table, 0, c, t.header[size_t(c)], size, true);
            for (int r = first; r < end; ++r) {
                int c = 0;
                for (const Cell &cell : t.rows[size_t(r)]) {
                    if (c >= cols)
                        break;
                    fill(table, r - first + 1, c, cell, size, false);
                    if (cell.colspan > 1)
                        table->mergeCells(r - first + 1, c, 1, std::min(cell.colspan, cols - c));
                    c += std::max(1, cell.colspan);
                }
            }
            chunks.push_back({blockIndex, table, first});
            mCursor.movePosition(QTextCursor::End);
            if (end >= bodyRows)
                break;
            first = end;
        }
    }

    void pageBreakNext() { mBreakNext = true; }

private:
    QTextTable *insertTable(const Table &t, int cols, int rows)
    {
        QTextTableFormat tf;
        tf.setWidth(QTextLength(QTextLength::PercentageLength, 100));
        tf.setHeaderRowCount(1);
        tf.setCellSpacing(0);
        tf.setCellPadding(0.9 * mMm);
        tf.setBorder(0);
        tf.setBorderCollapse(true);
        tf.setBottomMargin(4 * mMm);
        if (!t.widths.empty()) {
            QList<QTextLength> widths;
            for (int w : t.widths)
                widths << QTextLength(QTextLength::PercentageLength, w);
            tf.setColumnWidthConstraints(widths);
        }
        return mCursor.insertTable(rows, cols, tf);
    }

    QTextCharFormat charFormat(double points, bool bold, const QColor &colour) const
    {
        QTextCharFormat f;
        f.setFontFamilies(reportFontFamilies());
        f.setFontPointSize(points);
        f.setFontWeight(bold ? QFont::Bold : QFont::Normal);
        f.setForeground(colour);
        return f;
    }

    /// Starts a block (the document's first block is reused) with margins in millimetres.
    void block(double topMm, double bottomMm, bool pageBreak, Qt::Alignment align)
    {
        QTextBlockFormat f;
        f.setTopMargin(topMm * mMm);
        f.setBottomMargin(bottomMm * mMm);
        f.setAlignment(align);
        if (pageBreak || mBreakNext)
            f.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        mBreakNext = false;
        if (mFirst) {
            mCursor.setBlockFormat(f);
            mFirst = false;
        } else {
            mCursor.insertBlock(f);
        }
    }

    void fill(QTextTable *table, int r, int c, const Cell &cell, double points, bool header)
    {
        QTextTableCell tc = table->cellAt(r, c);
        QTextTableCellFormat cf = tc.format().toTableCellFormat();
        const bool section = cell.head && cell.colspan > 1;
        if (header)
            cf.setBackground(QColor(0xee, 0xf1, 0xf6));
        else if (cell.best)
            cf.setBackground(QColor(0xd7, 0xf0, 0xdd));
        else if (cell.ahead)
            cf.setBackground(QColor(0xee, 0xf8, 0xf0));
        else if (section)
            cf.setBackground(QColor(0xe4, 0xe9, 0xf2));
        cf.setBottomBorder(0.2 * mMm);
        cf.setBottomBorderBrush(QColor(0xcc, 0xcc, 0xdd));
        cf.setBottomBorderStyle(QTextFrameFormat::BorderStyle_Solid);
        cf.setTopBorder(0);
        cf.setLeftBorder(0);
        cf.setRightBorder(0);
        tc.setFormat(cf);
        QTextCursor cc = tc.firstCursorPosition();
        QTextBlockFormat bf;
        bf.setAlignment(cell.numeric ? Qt::AlignRight : Qt::AlignLeft);
        bf.setNonBreakableLines(cell.numeric && !header);
        cc.setBlockFormat(bf);
        QString text = QString::fromStdString(cell.text);
        if (header && cell.design >= 0)
            text = QStringLiteral("■ ") + text; // its colour in the charts
        QTextCharFormat f = charFormat(cell.muted ? points - 1.5 : points, header || cell.best || cell.head,
                                       cell.muted ? QColor(0x77, 0x77, 0x77) : QColor(0x22, 0x22, 0x22));
        f.setFontItalic(cell.ahead);
        if (header && cell.design >= 0) {
            QTextCharFormat swatch = f;
            swatch.setForeground(QColor(QString::fromLatin1(ReportDocument::colour(size_t(cell.design)))));
            cc.insertText(text.left(2), swatch);
            cc.insertText(text.mid(2), f);
        } else {
            cc.insertText(text, f);
        }
    }

    static constexpr double mMm = 96.0 / 25.4;
    QTextCursor mCursor;
    bool mFirst = true;
    bool mBreakNext = false;
};

/// A heading left at the foot of a page, its content starting on the next: its report block.
std::optional<size_t> strandedHeading(QTextDocument &doc, const std::vector<HeadingMark> &headings, double pageHeight)
{
    QAbstractTextDocumentLayout *layout = doc.documentLayout();
    for (const HeadingMark &h : headings) {
        // What follows: the next block with text (a paragraph, or a table's header cell).
        QTextBlock next = h.text.next();
        while (next.isValid() && next.text().isEmpty())
            next = next.next();
        if (!next.isValid())
            continue;
        const double headingTop = layout->blockBoundingRect(h.text).top();
        const double nextBottom = layout->blockBoundingRect(next).bottom();
        if (std::floor(headingTop / pageHeight) != std::floor((nextBottom - 1.0) / pageHeight))
            return h.block;
    }
    return std::nullopt;
}

/// The body row of a table chunk whose cells run over a page break, as (report block, row).
std::optional<std::pair<size_t, int>> straddlingRow(QTextDocument &doc, const std::vector<TableChunk> &chunks,
                                                     double pageHeight)
{
    QAbstractTextDocumentLayout *layout = doc.documentLayout();
    for (const TableChunk &chunk : chunks) {
        for (int r = 1; r < chunk.table->rows(); ++r) {
            double top = std::numeric_limits<double>::infinity(), bottom = -top;
            for (int c = 0; c < chunk.table->columns(); ++c) {
                const QTextTableCell cell = chunk.table->cellAt(r, c);
                if (cell.row() != r || cell.column() != c)
                    continue;
                for (QTextFrame::iterator it = cell.begin(); !it.atEnd(); ++it) {
                    const QTextBlock b = it.currentBlock();
                    if (!b.isValid())
                        continue;
                    const QRectF rect = layout->blockBoundingRect(b);
                    top = std::min(top, rect.top());
                    bottom = std::max(bottom, rect.bottom());
                }
            }
            if (top < bottom && std::floor(top / pageHeight) != std::floor((bottom - 1.0) / pageHeight)
                && bottom - top < pageHeight / 2)
                return std::make_pair(chunk.block, chunk.firstRow + r - 1);
        }
    }
    return std::nullopt;
}

} // namespace

std::unique_ptr<QTextDocument> PdfReport::layOut(QPdfWriter &pdf, const QSizeF &body, QObject *charts,
                                                 const std::map<size_t, std::set<int>> &breaks,
                                                 std::vector<TableChunk> &chunks,
                                                 std::vector<HeadingMark> &headings) const
{
    auto doc = std::make_unique<QTextDocument>();
    doc->documentLayout()->setPaintDevice(&pdf);
    doc->setPageSize(body);
    doc->setDocumentMargin(0);
    QFont base;
    base.setFamilies(reportFontFamilies());
    base.setPointSizeF(9);
    doc->setDefaultFont(base);
    doc->documentLayout()->registerHandler(kChartObject, charts);

    Builder b(*doc);
    bool afterTitle = false;
    bool breakNext = false;
    static const std::set<int> kNone;
    for (size_t i = 0; i < mDocument.blocks().size(); ++i) {
        const Block &block = mDocument.blocks()[i];
        const QString text = QString::fromStdString(block.text);
        switch (block.kind) {
        case Block::Kind::Title:
            b.title(text);
            afterTitle = true;
            continue;
        case Block::Kind::Heading:
        case Block::Kind::SubHeading: {
            const auto it = breaks.find(i);
            const bool stranded = it != breaks.end() && it->second.count(kHeadingBreak);
            if (block.kind == Block::Kind::Heading)
                b.heading(text, breakNext || stranded);
            else
                b.subHeading(text, stranded);
            breakNext = false;
            headings.push_back({i, b.currentBlock()});
            break;
        }
        case Block::Kind::Paragraph: b.paragraph(text, afterTitle); break;
        case Block::Kind::PageBreak: breakNext = true; break;
        case Block::Kind::Table: {
            const auto it = breaks.find(i);
            b.table(block.table, i, it == breaks.end() ? kNone : it->second, chunks);
            break;
        }
        case Block::Kind::Chart: b.chart(block.chart, QString::fromStdString(block.caption)); break;
        }
        afterTitle = false;
    }
    b.finish();
    doc->pageCount(); // lays it out
    return doc;
}

std::string PdfReport::write() const
{
    ensureApplication();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter pdf(&buffer);
    pdf.setPageSize(QPageSize(QPageSize::A4));
    pdf.setPageMargins(QMarginsF(16, 14, 16, 10), QPageLayout::Millimeter);
    pdf.setResolution(300);
    pdf.setTitle(QString::fromStdString(mDocument.title()));
    pdf.setCreator(QStringLiteral("Cluster Planner"));
    const double mm = pdf.resolution() / 25.4;
    const double footer = 8 * mm;
    const QSizeF body(pdf.width(), pdf.height() - footer);

    ChartObject charts(mDocument.charts(), body.width());
    // Lay the document out; while a table row would straddle a page break, start its table
    // again on the next page from that row (Qt's layout moves only rows whose every cell starts
    // past the break), and while a heading is left at a page's foot, start its page with it. Each
    // pass adds one break that was not there, so the loop ends.
    std::map<size_t, std::set<int>> breaks;
    std::unique_ptr<QTextDocument> doc;
    for (int pass = 0; pass < 200; ++pass) {
        std::vector<TableChunk> chunks;
        std::vector<HeadingMark> headings;
        doc = layOut(pdf, body, &charts, breaks, chunks, headings);
        if (const auto split = straddlingRow(*doc, chunks, body.height());
            split && breaks[split->first].insert(split->second).second)
            continue;
        const auto stranded = strandedHeading(*doc, headings, body.height());
        if (!stranded || !breaks[*stranded].insert(kHeadingBreak).second)
            break;
    }

    QPainter painter(&pdf);
    const int pages = doc->pageCount();
    QFont small;
    small.setFamilies(reportFontFamilies());
    small.setPointSizeF(7);
    for (int p = 0; p < pages; ++p) {
        if (p > 0)
            pdf.newPage();
        painter.save();
        painter.translate(0, -p * body.height());
        doc->drawContents(&painter, QRectF(QPointF(0, p * body.height()), body));
        painter.restore();
        // Footer: the title and the page number.
        painter.setFont(small);
        painter.setPen(QPen(QColor(0x99, 0x99, 0xaa), 0.2 * mm));
        const double y = body.height() + 2 * mm;
        painter.drawLine(QPointF(0, y), QPointF(body.width(), y));
        painter.setPen(QColor(0x66, 0x66, 0x77));
        const QRectF line(0, y + 0.8 * mm, body.width(), footer - 3 * mm);
        painter.drawText(line, Qt::AlignLeft | Qt::AlignTop, QString::fromStdString(mDocument.title()));
        painter.drawText(line, Qt::AlignRight | Qt::AlignTop,
                         QCoreApplication::translate("cp::report::Report", "page %1 of %2").arg(p + 1).arg(pages));
    }
    painter.end();
    buffer.close();
    return bytes.toStdString();
}

} // namespace cp::report

#include "pdfreport.moc"
