// What the recordings of the reductions that merge in the last block (R4, R5) say about the
// guard: which blocks went past it, whether the one that did came after every block had stored
// its partial, and over many runs, which block that was.
#pragma once

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "common/record/tree_recording.hpp"

namespace gridlock::reduction {

struct MergeSeen {
  int mergers = 0;        // blocks that went past the guard
  int merger = -1;        // the last of them (the only one, when the guard holds)
  int64_t margin_ns = 0;  // from the last partial's store to the merger's leaving the guard
  bool after_every_store() const { return margin_ns > 0; }
};

// From one recorded launch: block b stored its partial at recorder step store_step[b], and left
// the guard at guard_step; a block that went on recorded the barrier of merge_step.
template <typename T>
MergeSeen merge_seen(const TreeRecording<T>& rec, const std::vector<int>& store_step, int guard_step,
                     int merge_step) {
  MergeSeen seen;
  unsigned long long last_store = 0;
  for (int b = 0; b < rec.grid(); ++b) {
    last_store = std::max(last_store, rec.stored_time(b, store_step[size_t(b)]));
    if (rec.reached(b, merge_step)) {
      ++seen.mergers;
      seen.merger = b;
    }
  }
  if (seen.merger >= 0)
    seen.margin_ns = int64_t(rec.first_left(seen.merger, guard_step)) - int64_t(last_store);
  return seen;
}

// "block 17 most often (5 of 20 runs); 9 different blocks", from the mergers of many runs.
inline std::string mergers_text(const std::vector<double>& mergers) {
  std::map<int, int> count;
  for (double m : mergers) ++count[int(m)];
  const auto most = std::max_element(count.begin(), count.end(),
                                     [](const auto& a, const auto& b) { return a.second < b.second; });
  return "block " + std::to_string(most->first) + " most often (" + std::to_string(most->second) + " of " +
         std::to_string(mergers.size()) + " runs); " + std::to_string(count.size()) + " different block" +
         (count.size() == 1 ? "" : "s");
}

}  // namespace gridlock::reduction
