// The words of a trace checked against what it recorded: a step's live set, its detail and note,
// and the names of its events say things about the run (who did what, with which value, in which
// pass of a phase), and check_words reads those statements back and compares each with the
// operations, snapshots, events and launches of the trace. It is written apart from the
// recorders: it knows the phrases, not the code that wrote them. Part of check_truth.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "trace/trace.hpp"

namespace gridlock::trace {

// The kinds of field the words checker reads.
enum class WordKind { live, detail, note, event_name };
const char* to_string(WordKind kind);

// How many fields of each kind a trace holds that state something with numbers, and how many of
// them a rule of the checker read (every number in them compared with the run).
struct WordCoverage {
  WordKind kind = WordKind::live;
  int64_t stated = 0;
  int64_t checked = 0;
};

// Appends a problem for every statement that the recorded run contradicts.
void check_words(const Trace& trace, std::vector<std::string>& problems);

// The fields check_words reads, by kind, for the coverage a test reports.
std::vector<WordCoverage> word_coverage(const Trace& trace);

// Every field a rule of the checker reads, with the phrase it matched ("block # on SM #"), for
// tests that change a number in it and expect a problem. `event` indexes the step's events.
struct WordField {
  WordKind kind = WordKind::live;
  size_t step = 0;
  size_t event = 0;
  std::string phrase;
};
std::vector<WordField> word_fields(const Trace& trace);

// The fields with numbers that no rule of the checker reads, with their text, for a test that
// names what is left unread.
struct UnreadWord {
  WordKind kind = WordKind::live;
  std::string text;
};
std::vector<UnreadWord> unread_words(const Trace& trace);

// `text`, which `phrase` matches, with the number that fills the phrase's `position`-th placeholder
// ('#' or '%') replaced by `value`; `text` itself when the phrase does not match it.
std::string with_number(std::string_view phrase, std::string_view text, size_t position, int64_t value);

}  // namespace gridlock::trace
