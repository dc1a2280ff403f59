// Predict, then reveal: questions a trace answers, each asked at the moment before its outcome
// and answered from what the trace recorded. Every word of an answer is computed from the events,
// the model or the claims, and holds by what check_truth verifies of them (a lost update stored no
// more than the write it replaced, a stale read got another value than the store before it, ...).
// No GL, no ImGui.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "trace/trace.hpp"

namespace gridlock::viewer {

enum class QuestionKind {
  moment,   // what happens at a marked moment: a lost update, a stale read, a double fetch, ...
  outcome,  // how the run ends: a counter's last value, whether the model's warp finishes
  claim,    // whether the run bears out what the documentation claims
};

struct Question {
  QuestionKind kind = QuestionKind::moment;
  std::string prompt;
  std::string answer;
  // Where the playback stands while the question is open (just before the outcome), and where
  // the answer shows it. A time, when given, places the cursor within the step.
  int ask_step = 0, reveal_step = 0;
  std::optional<int64_t> ask_t, reveal_t;
  std::string claim;  // for a claim question: its id, whose verdict stays hidden until revealed
};

// The questions `trace` answers, in the order of their moments: the first moment of each kind the
// markers know (lost update, stale read, double fetch, overlap, the last ticket), how the run
// ends, then the claims the run confirmed or contradicted.
std::vector<Question> trace_questions(const trace::Trace& trace);

}  // namespace gridlock::viewer
