#include "terminaltext.h"

#include <cstdio>
#include <sstream>

namespace cp::cli {

namespace {

std::string hex(const char *prefix, unsigned char c)
{
    char buf[8];
    std::snprintf(buf, sizeof buf, "%s%02X", prefix, unsigned(c));
    return buf;
}

bool isC0OrDel(unsigned char c)
{
    return (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f;
}

} // namespace

ControlEscapingBuffer::~ControlEscapingBuffer()
{
    if (mPendingC2)
        mTarget->sputc(char(0xc2)); // a lone lead byte at the very end: passed on as it came
    mTarget->pubsync();
}

bool ControlEscapingBuffer::write(const std::string &s)
{
    return mTarget->sputn(s.data(), std::streamsize(s.size())) == std::streamsize(s.size());
}

bool ControlEscapingBuffer::put(unsigned char c)
{
    if (mPendingC2) {
        mPendingC2 = false;
        if (c >= 0x80 && c <= 0x9f)
            return write(hex("\\u00", c)); // U+0080–U+009F: a C1 control (CSI is U+009B)
        if (mTarget->sputc(char(0xc2)) == traits_type::eof())
            return false;
    }
    if (c == 0xc2) {
        mPendingC2 = true;
        return true;
    }
    if (isC0OrDel(c))
        return write(hex("\\x", c));
    return mTarget->sputc(char(c)) != traits_type::eof();
}

ControlEscapingBuffer::int_type ControlEscapingBuffer::overflow(int_type ch)
{
    if (traits_type::eq_int_type(ch, traits_type::eof()))
        return traits_type::not_eof(ch);
    return put((unsigned char)traits_type::to_char_type(ch)) ? ch : traits_type::eof();
}

std::streamsize ControlEscapingBuffer::xsputn(const char *s, std::streamsize n)
{
    std::streamsize done = 0;
    // Runs without anything to escape go through in one call (a 30 MB JSON stays fast).
    while (done < n) {
        std::streamsize run = done;
        while (run < n && !mPendingC2) {
            const auto c = (unsigned char)s[run];
            if (isC0OrDel(c) || c == 0xc2)
                break;
            ++run;
        }
        if (run > done) {
            if (mTarget->sputn(s + done, run - done) != run - done)
                return done;
            done = run;
            continue;
        }
        if (!put((unsigned char)s[done]))
            return done;
        ++done;
    }
    return done;
}

int ControlEscapingBuffer::sync()
{
    // A lone 0xC2 at a flush: keep it for the next write (it may be the lead of a character split
    // across writes); it is written at the end if nothing follows.
    return mTarget->pubsync();
}

std::string escapeControls(const std::string &s)
{
    std::stringbuf out;
    {
        ControlEscapingBuffer filter(&out);
        filter.sputn(s.data(), std::streamsize(s.size()));
    }
    return out.str();
}

} // namespace cp::cli
