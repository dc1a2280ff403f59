// The run loop: issue, remember every state seen, stop on completion, a repeat, or the bound.
#include "simt/run.hpp"

#include <map>
#include <vector>

namespace gridlock::simt {

RunResult run(const Program& program, Scheduler& scheduler, Warp& warp, int64_t step_bound,
              const Observer& observer) {
  check_program(program);
  std::map<std::vector<int64_t>, int64_t> seen;  // a state -> the instructions issued before it
  RunResult result;
  for (int64_t issued = 0;; ++issued) {
    result.instructions = issued;
    if (scheduler.finished()) {
      result.outcome = Outcome::completed;
      return result;
    }
    std::vector<int64_t> state = scheduler.state();
    const std::vector<int64_t> data = warp.state();
    state.insert(state.end(), data.begin(), data.end());
    const auto [first, is_new] = seen.emplace(std::move(state), issued);
    if (!is_new) {
      result.outcome = Outcome::deadlocked;
      result.cycle_start = first->second;
      result.cycle_length = issued - first->second;
      return result;
    }
    if (issued == step_bound) return result;
    const Issue issue = scheduler.issue(program, warp);
    if (observer) observer(issue);
  }
}

const char* to_string(Outcome outcome) {
  switch (outcome) {
    case Outcome::completed:
      return "completed";
    case Outcome::deadlocked:
      return "deadlocked";
    case Outcome::step_bound:
      return "step bound reached";
  }
  return "";
}

}  // namespace gridlock::simt
