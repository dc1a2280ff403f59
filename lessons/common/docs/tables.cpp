// The claims and timings tables a README quotes from a trace.
#include <cstdio>
#include <initializer_list>

#include "docs/trace_text.hpp"

namespace gridlock::docs {
namespace {

std::string row(std::initializer_list<std::string> cells) {
  std::string out = "|";
  for (const std::string& c : cells) out += " " + c + " |";
  return out + "\n";
}

std::string fixed(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

std::string microseconds(double ns) { return fixed(ns / 1000.0, 2); }

}  // namespace

std::string table_cell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n' || c == '\r')
      out += ' ';
    else
      out += c;
  }
  return out;
}

std::string verdict_words(trace::Verdict verdict) {
  std::string word = trace::to_string(verdict);
  for (char& c : word)
    if (c == '_') c = ' ';
  return word;
}

std::string claims_table(const trace::Trace& trace) {
  std::string out = "| claim | verdict | measured |\n|---|---|---|\n";
  for (const trace::Claim& claim : trace.claims) {
    std::string measured = claim.measurement;
    if (!claim.reason.empty()) measured += measured.empty() ? claim.reason : " — " + claim.reason;
    out += row({table_cell(claim.statement), verdict_words(claim.verdict), table_cell(measured)});
  }
  return out;
}

std::string timings_table(const trace::Trace& trace) {
  std::string out = "| timing | elements | median µs | min–max µs | GB/s |\n|---|---:|---:|---:|---:|\n";
  for (const trace::Timing& t : trace.timings)
    out += row({table_cell(t.name), std::to_string(t.elements), microseconds(t.median_ns),
                microseconds(t.min_ns) + "–" + microseconds(t.max_ns), fixed(t.gbytes_per_s(), 1)});
  return out;
}

}  // namespace gridlock::docs
