// The challenges a student plays in the model: a goal on the outcome, the documented kernel where
// it can be reached, and the corrected kernel where it cannot. Moves are chosen by key: the n-th
// move open in a state (threads first, then pending writes landing, then lines filled, as
// Machine::moves lists them without reduction) is key "1" to "9"; moves after the ninth are
// chosen by pointing at them.
#pragma once

#include <string>
#include <vector>

#include "explore/model_run.hpp"

namespace gridlock::explore {

struct Challenge {
  std::string title;      // "Lose an increment"
  std::string goal;       // what to make happen, one sentence
  std::string reached;    // a part of the outcome label that means the goal is reached: "lost"
  ModelRun run;           // the documented kernel, where the goal is reachable
  std::string corrected;  // the kernel to try next, where it is not: "racy-counter-atomic"
  std::string lesson;     // the lesson whose kernels they are
};

const std::vector<Challenge>& challenges();

// Whether an outcome label reaches the challenge's goal.
bool reaches(const Challenge& challenge, const std::string& outcome);

// The key of the index-th move open in a state ("1".."9"), "" beyond them.
std::string move_key(size_t index);
// The index a key names, or -1.
int move_index(const std::string& key);

// A shortest key script that reaches the goal in `run` (explored to the end): keys separated by
// spaces; "" when no run of the model reaches it, or none by keys alone. For a hang, the script
// goes on with the first move open until a state repeats: the spin, gone round once.
std::string solution_keys(const Challenge& challenge, const ModelRun& run);

}  // namespace gridlock::explore
