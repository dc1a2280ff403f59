// The counters an atomicAdd of one feeds (the work queue's index, the atomic forms of the racy
// counter and the critical section) never fall in a shipped trace: the word cannot, whatever order
// the adds' time stamps came out in. Also raised_counter itself, the drawing that keeps them so.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "common/record/raised_counter.hpp"
#include "shipped_lessons.hpp"
#include "trace/trace.hpp"

namespace tr = gridlock::trace;

TEST(RaisedCounter, EachTimeShowsTheHighestValueRecordedByThen) {
  // Adds that left 1, 2, 3, 4, their times out of order; two share a time.
  const std::vector<int64_t> t = {10, 30, 20, 30};
  const std::vector<double> left = {1, 2, 3, 4};
  EXPECT_EQ(gridlock::raised_counter(t, left), (std::vector<double>{1, 4, 3, 4}));
  EXPECT_EQ(gridlock::raised_counter({5, 6, 7}, {1, 2, 3}),
            (std::vector<double>{1, 2, 3}));  // in order: as left
  EXPECT_TRUE(gridlock::raised_counter({}, {}).empty());
}

// The word's counter on `track_name`, by time; ties keep the order listed.
std::vector<const tr::Event*> counter_by_time(const tr::Trace& t, const std::string& track_name) {
  int id = -1;
  for (const tr::Track& track : t.tracks)
    if (track.kind == tr::TrackKind::memory && track.name == track_name) id = track.id;
  std::vector<const tr::Event*> out;
  for (const tr::Step& s : t.steps)
    for (const tr::Event& e : s.events)
      if (e.track == id && e.kind == tr::EventKind::counter) out.push_back(&e);
  std::stable_sort(out.begin(), out.end(),
                   [](const tr::Event* a, const tr::Event* b) { return a->t_ns < b->t_ns; });
  return out;
}

TEST(AtomicCounters, ACounterThatAtomicAddFeedsNeverFalls) {
  struct Fed {
    std::string lesson, variant, track;  // variant empty: every trace of the lesson
  };
  const std::vector<Fed> fed = {{"work-queue", "", "queue: next item"},
                                {"racy-counter", "atomic", "count"},
                                {"critical-section", "atomic", "count"}};
  int checked = 0;
  for (const std::filesystem::path& path : shipped_trace_paths()) {
    const tr::Trace t = tr::read_file(path.string());
    for (const Fed& f : fed) {
      if (t.lesson_id != f.lesson || (!f.variant.empty() && t.variant != f.variant)) continue;
      const std::vector<const tr::Event*> counter = counter_by_time(t, f.track);
      if (counter.empty()) continue;  // the up-front form has no queue
      ++checked;
      for (size_t i = 1; i < counter.size(); ++i)
        if (counter[i]->value < counter[i - 1]->value) {
          ADD_FAILURE() << path.filename() << ": " << f.track << " falls from " << counter[i - 1]->value
                        << " at " << counter[i - 1]->t_ns << " ns to " << counter[i]->value << " at "
                        << counter[i]->t_ns << " ns";
          break;
        }
    }
  }
  EXPECT_GE(checked, 7);
}
