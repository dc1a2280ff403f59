// The challenges, and the key scripts that solve them.
#include "explore/challenges.hpp"

#include <algorithm>

namespace gridlock::explore {
namespace {

ModelRun run_of(const char* kernel, int blocks, int sms, bool lockstep = false) {
  ModelRun run;
  run.kernel = kernel;
  run.blocks = blocks;
  run.sms = sms;
  run.lockstep = lockstep;
  return run;
}

}  // namespace

const std::vector<Challenge>& challenges() {
  static const std::vector<Challenge> all = [] {
    std::vector<Challenge> c;
    c.push_back({"Lose an increment", "Make the count come out below the number of blocks.", "lost",
                 run_of("racy-counter", 2, 2), "racy-counter-atomic", "racy-counter"});
    c.push_back({"Lose an update inside the lock",
                 "Make the count come out wrong although only one block at a time holds the lock.", "lost",
                 run_of("documented-lock", 2, 2), "ordered-lock", "critical-section"});
    ModelRun h100 = run_of("documented-lock", 3, 2);
    h100.fills = false;
    h100.in_order_atomics = true;
    c.push_back(
        {"Lose an update the way the GPU did",
         "Lines filled by loads only, writes landing before the SM's next atomic: lose an update. Two "
         "blocks share SM 0.",
         "lost", h100, "ordered-lock", "critical-section"});
    c.push_back({"Read a stale partial",
                 "Make the last block merge a partial older than that block's ticket.", "stale",
                 run_of("documented-guard", 2, 2), "acquire-guard", "last-block-guard"});
    c.push_back(
        {"Deadlock the lock",
         "Lanes in lockstep, every thread takes the lock: make the kernel hang. Then T: the loop form.",
         kNeverEnds, run_of("lock-in-every-thread", 1, 1, true), "lock-inside-the-loop", "deadlock-lock"});
    c.push_back(
        {"Break the warp sum",
         "Lanes scheduled independently, no barrier between the folds: make a lane return a wrong sum.",
         "wrong sum", run_of("warp-sum-documented", 1, 1), "warp-sum-syncwarp", "reduce-warp-volatile"});
    c.push_back({"Do an item's work in another's place",
                 "No barrier before the next fetch: make warp 1 store its result in another item's place.",
                 "holds item", run_of("work-queue-no-barrier", 1, 1), "work-queue", "work-queue"});
    return c;
  }();
  return all;
}

bool reaches(const Challenge& challenge, const std::string& outcome) {
  return outcome.find(challenge.reached) != std::string::npos;
}

std::string move_key(size_t index) { return index < 9 ? std::string(1, static_cast<char>('1' + index)) : ""; }

int move_index(const std::string& key) {
  return key.size() == 1 && key[0] >= '1' && key[0] <= '9' ? key[0] - '1' : -1;
}

std::string solution_keys(const Challenge& challenge, const ModelRun& run) {
  const Explorer explorer = explore_to_end(run);
  for (const Outcome& o : explorer.outcomes()) {
    if (!reaches(challenge, o.label)) continue;
    const Machine& m = explorer.machine();
    State at = m.initial();
    std::string keys;
    for (const Move& move : o.moves) {
      const std::vector<Move> open = m.moves(at, false);
      const size_t index = static_cast<size_t>(std::find(open.begin(), open.end(), move) - open.begin());
      if (move_key(index).empty()) return "";
      keys += (keys.empty() ? "" : " ") + move_key(index);
      at = m.apply(at, move);
    }
    // A hang is shown by going round its spin once: the first move open, until a state repeats.
    std::vector<State> seen{at};
    for (int n = 0; o.label == kNeverEnds && n < 64; ++n) {
      if (m.moves(at, false).empty()) break;
      at = m.apply(at, m.moves(at, false).front());
      keys += " " + move_key(0);
      if (std::find(seen.begin(), seen.end(), at) != seen.end()) break;
      seen.push_back(at);
    }
    return keys;
  }
  return "";
}

}  // namespace gridlock::explore
