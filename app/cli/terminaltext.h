#pragma once

// What the command line prints reaches a terminal: a design's name, a rack id or a catalog entry
// read from a file must not carry escape sequences into it (colour, cursor moves, a retitled
// window, a line overwritten with a carriage return). Every byte the CLI writes to standard
// output and standard error passes through one filter (docs/robustness.md, "Terminal output").

#include <streambuf>
#include <string>

namespace cp::cli {

/// A stream buffer that forwards to `target` with control characters made visible: C0 controls
/// other than newline and tab, DEL, and the C1 controls in UTF-8 (U+0080–U+009F) are written as
/// \xHH (or \u00HH). Everything else, UTF-8 included, passes unchanged. JSON output is unaffected:
/// the JSON writer already escapes every control character inside strings.
class ControlEscapingBuffer : public std::streambuf
{
public:
    explicit ControlEscapingBuffer(std::streambuf *target) : mTarget(target) {}
    ~ControlEscapingBuffer() override;

protected:
    int_type overflow(int_type ch) override;
    std::streamsize xsputn(const char *s, std::streamsize n) override;
    int sync() override;

private:
    bool put(unsigned char c);
    bool write(const std::string &s);
    std::streambuf *mTarget;
    bool mPendingC2 = false; ///< a 0xC2 lead byte waiting for the byte that says if it starts a C1 control
};

/// `s` with its control characters escaped as the filter does (for tests and messages).
std::string escapeControls(const std::string &s);

} // namespace cp::cli
