// The text a README quotes from a trace: the claims table, the timings table and facts.
//
// Number formats (fixed, so a block changes only when the trace does):
//   timings: elements as plain digits; median, min and max in µs with two decimals; GB/s (bytes
//   over the median) with one decimal. Parameters: plain digits when integral, else the shortest
//   text that reads back as the same double.
#pragma once

#include <string>

#include "trace/trace.hpp"

namespace gridlock::docs {

// One table cell: line breaks become spaces, '|' is escaped.
std::string table_cell(const std::string& text);

// A verdict as a README writes it: "confirmed", "contradicted", "not observable".
std::string verdict_words(trace::Verdict verdict);

// | claim | verdict | measured |: the statement, the verdict ("not observable" with a space) and
// the measurement, followed by " — " and the reason where there is one. Cells escape '|'.
std::string claims_table(const trace::Trace& trace);

// | timing | elements | median µs | min–max µs | GB/s |, one row per timing.
std::string timings_table(const trace::Trace& trace);

// The text of a fact: a key of trace.facts, or a built-in: device, device.summary, devices, recorded_at,
// parameter.NAME, clock.resolution_ns (built-in names take precedence). Throws DocsError for an
// unknown key or a value that cannot be written inline.
std::string fact_text(const trace::Trace& trace, const std::string& key);

}  // namespace gridlock::docs
