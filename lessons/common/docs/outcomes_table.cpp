// Model runs explored while the README is checked, so its outcome sets are the model's.
#include "docs/outcomes_table.hpp"

#include <sstream>
#include <stdexcept>
#include <vector>

#include "docs/problem.hpp"
#include "explore/model_run.hpp"

namespace gridlock::docs {

std::string outcomes_table(const std::string& runs) {
  std::string out =
      "| kernel | blocks | rules | bound | states | deepest run | search | outcomes |\n"
      "|---|---|---|---|---:|---:|---|---|\n";
  std::istringstream list(runs);
  int rows = 0;
  for (std::string text; std::getline(list, text, ';');) {
    explore::ModelRun run;
    try {
      run = explore::parse_model_run(explore::words_of(text));
    } catch (const std::invalid_argument& e) {
      throw DocsError("model run \"" + text + "\": " + e.what());
    }
    const explore::Explorer explorer = explore::explore_to_end(run);
    if (!explorer.complete()) throw DocsError("model run \"" + text + "\": " + explorer.why_stopped());
    std::string outcomes;
    for (const explore::Outcome& o : explorer.outcomes())
      outcomes += (outcomes.empty() ? "" : "; ") + o.label;
    const std::string rules = run.rules();
    const std::string bound =
        std::to_string(run.bounds.depth) + " moves, " + std::to_string(run.bounds.states) + " states";
    out += "| `" + run.kernel + "` | " + run.where() + " | " + (rules.empty() ? "every rule" : rules) +
           " | " + bound + " | " + std::to_string(explorer.states()) + " | " +
           std::to_string(explorer.depth()) + " moves | complete | " + outcomes + " |\n";
    ++rows;
  }
  if (rows == 0)
    throw DocsError("the outcomes marker names no model run: <!-- outcomes: racy-counter --blocks 2 -->");
  return out;
}

}  // namespace gridlock::docs
