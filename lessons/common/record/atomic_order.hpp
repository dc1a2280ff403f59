// Atomics in the order the memory saw them. A thread that records an atomic can read the clock
// before it and after it returns, not at the moment it took effect, so two atomics on different
// SMs a few hundred ns apart can have times in the other order. What each atomic returned says
// more: it is the value the word held just before it. This finds an order of the recorded bursts
// (one thread's atomics between two clock reads) in which every atomic reads what the one before
// it on its word left, and places each burst at a time inside its own interval, never before the
// burst before it: a counter drawn from those times replays as the memory did.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace gridlock {

// One atomic: the word it changed (any number that names it), what it returned (the word's
// value before it) and the value it left.
struct AtomicChange {
  int word = 0;
  int64_t before = 0, after = 0;
};

// One thread's atomics, in program order, between a clock read before the first (issued) and one
// after the last returned.
struct AtomicBurst {
  int64_t issued_ns = 0, returned_ns = 0;
  std::vector<AtomicChange> changes;
};

struct AtomicOrder {
  std::vector<size_t> order;   // the bursts, by index, in the order found
  std::vector<int64_t> at_ns;  // per burst (by index, not by place in `order`): its time
  std::string error;           // why no order was found; empty when one was
  bool found() const { return error.empty(); }
};

namespace atomic_order_detail {

struct Search {
  const std::vector<AtomicBurst>& bursts;
  std::map<int, int64_t> words;
  std::vector<bool> placed;
  std::vector<size_t> order;
  std::vector<int64_t> at;
  int64_t budget;

  // The time `b` would get after a burst placed at `t`, or -1 when its interval has passed or one
  // of its atomics reads other than the word holds.
  int64_t fits(size_t b, int64_t t, std::map<int, int64_t>& replay) const {
    const AtomicBurst& burst = bursts[b];
    const int64_t at_ns = std::max(t, burst.issued_ns);
    if (at_ns > burst.returned_ns) return -1;
    replay = words;
    for (const AtomicChange& c : burst.changes) {
      if (replay[c.word] != c.before) return -1;
      replay[c.word] = c.after;
    }
    return at_ns;
  }

  // Places every burst not yet placed after a burst at `t`; false when that cannot be done or the
  // budget of partial orders runs out.
  bool place(int64_t t) {
    if (order.size() == bursts.size()) return true;
    // A burst whose interval ended before `t` can never be placed: this branch is dead.
    for (size_t b = 0; b < bursts.size(); ++b)
      if (!placed[b] && bursts[b].returned_ns < t) return false;
    for (size_t b = 0; b < bursts.size(); ++b) {
      if (placed[b]) continue;
      if (--budget < 0) return false;
      std::map<int, int64_t> replay;
      const int64_t at_ns = fits(b, t, replay);
      if (at_ns < 0) continue;
      std::swap(words, replay);
      placed[b] = true;
      order.push_back(b);
      at[b] = at_ns;
      if (place(at_ns)) return true;
      order.pop_back();
      placed[b] = false;
      std::swap(words, replay);
    }
    return false;
  }
};

}  // namespace atomic_order_detail

// The order of `bursts` as the memory saw them, every word starting at its value in `initial` (0
// where it names none). Depth first, at most `budget` bursts tried in all; a run has an order (the
// true one), so none found means the recording is inconsistent or its atomics interleaved inside
// their bursts (one thread's first atomic before another's, its second after), and `error` says
// which bound stopped the search.
inline AtomicOrder order_atomics(const std::vector<AtomicBurst>& bursts,
                                 const std::map<int, int64_t>& initial = {}, int64_t budget = 1000000) {
  atomic_order_detail::Search s{
      bursts, initial, std::vector<bool>(bursts.size(), false), {}, std::vector<int64_t>(bursts.size(), 0),
      budget};
  AtomicOrder out;
  int64_t first = INT64_MAX;
  for (const AtomicBurst& b : bursts) first = std::min(first, b.issued_ns);
  if (s.place(bursts.empty() ? 0 : first)) {
    out.order = s.order;
    out.at_ns = s.at;
  } else if (s.budget < 0) {
    out.error = "no order of the " + std::to_string(bursts.size()) +
                " recorded atomic bursts was found within " + std::to_string(budget) + " tries";
  } else {
    out.error = "no order of the " + std::to_string(bursts.size()) +
                " recorded atomic bursts lets every atomic read what the one before it left, inside "
                "the bursts' clock intervals";
  }
  return out;
}

}  // namespace gridlock
