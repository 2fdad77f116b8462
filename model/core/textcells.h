#pragma once

// Cells of the delimited text files the tool writes (the BOM CSV, the NetBox CSV files, the
// rack list TSV): one rule for every writer, so that a name from a design can neither start a
// spreadsheet formula nor split a row (docs/robustness.md, "Cells").

#include <string>

namespace cp {

/// One CSV field (RFC 4180): a text that a spreadsheet would read as a formula — it begins with
/// `=`, `+`, `-`, `@`, a tab or a carriage return, and is not simply a number — gets a leading `'`
/// (OWASP, "CSV Injection"); a field holding a comma, a quote or a line break is quoted, its
/// quotes doubled.
std::string csvField(const std::string &s);

/// One TSV field: the same formula guard; tabs and line breaks become spaces, so a field never
/// splits a row or a line.
std::string tsvField(const std::string &s);

/// A name other tools take as an identifier (NetBox slugs, Slurm switch names and features):
/// lower-case letters and digits, every other run of characters one '-', none at either end;
/// `empty` when nothing is left.
std::string slugify(const std::string &s, const std::string &empty = "unnamed");

} // namespace cp
