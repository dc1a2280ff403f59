// Where a fact of a trace can be seen: the step, the moment and the view that show what its number
// was taken from (trace::FactValue), so that a reader who meets "164 µs" in the README can open the
// run at the two holds it spans. Facts without an origin have no place.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "trace/trace.hpp"

namespace gridlock::viewer {

struct FactPlace {
  int step = -1;                   // the step that shows it; -1: the view alone (a series, a timing)
  std::optional<int64_t> time_ns;  // the moment it is about, on the trace's clock; none: the step's own
  std::string view;                // the view that shows it ("histogram", "timings"); empty: the step's
  int item = -1;                   // in that view, the series or timing it reads; -1: none
  std::string where;               // in words: "steps 1 to 8: from a hold's start to a hold's end"
};

// The place of `key`'s fact; nothing when the trace has no such fact or it names no origin.
std::optional<FactPlace> fact_place(const trace::Trace& trace, const std::string& key);

// A README's fact marker resolved: the trace file it reads (beside the README) and the key there.
struct FactLink {
  std::string trace_path;
  std::string key;
};

// Where the marker `spec` of the README at `readme_path` reads its fact: "recorded/x.json#key" names
// its trace, a bare "key" reads the README's default (its "<!-- trace: recorded/x.json -->" marker,
// given in `readme`). Nothing when the spec names no trace and the README has no default.
std::optional<FactLink> resolve_fact_link(const std::string& readme, const std::string& readme_path,
                                          const std::string& spec);

// Whether two paths name the same trace file, as written (made absolute and normal, not resolved
// on disk: a page's files need not be there yet).
bool same_trace_file(const std::string& a, const std::string& b);

}  // namespace gridlock::viewer
