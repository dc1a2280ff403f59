// What the warp-level lessons' recordings share: replaying a LaneRecording step by step (with the
// recording launched again when its lanes did not read what lockstep gives), the block and warp
// tracks, and each warp's slices on the run's clock.
#pragma once

#include <algorithm>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "common/record/lane_recording.hpp"
#include "common/record/run_clock.hpp"
#include "trace/trace.hpp"

namespace gridlock::reduction {

// One recorded step as replayed: its operations, and the spaces it wrote as they were after it.
struct ReplayedStep {
  std::vector<trace::Operation> ops;
  std::vector<trace::Snapshot> snapshots;
};

// Replays steps [first, last) of `block`, each step's entries in the order LaneRecording lists
// them; the snapshots are of the spaces the step wrote.
template <typename Op>
std::vector<ReplayedStep> replay_steps(LaneReplay<Op>& replay, const LaneRecording<typename Op::T>& rec,
                                       int block, int first, int last) {
  std::vector<ReplayedStep> out;
  for (int s = first; s < last; ++s) {
    const std::vector<ThreadEntry<typename Op::T>> entries = rec.step_entries(block, s);
    ReplayedStep r;
    r.ops = replay.apply(s, entries);
    std::set<int> written;
    for (const ThreadEntry<typename Op::T>& e : entries) written.insert(e.entry.dst_space);
    for (int space : written) r.snapshots.push_back(replay.snapshot(space));
    out.push_back(std::move(r));
  }
  return out;
}

// Launches a recording until one shows every lane reading what the replay in lockstep order gives,
// at most `attempts` times. attempt() launches, replays and returns what did not fit (empty: it
// all did). Returns the launches it took, how many values did not fit in each, and the first
// misfit of each rejected one.
struct LockstepAttempts {
  int launches = 0;
  bool found = false;
  std::vector<double> misfits;  // per launch, in order: the values the replay did not give
  std::vector<std::string> rejected;
  // "1 launch", or "3 launches (launch 1: thread 5 read s[13] = 4, the replay gives 9; ...)".
  std::string text() const {
    std::string out = std::to_string(launches) + (launches == 1 ? " launch" : " launches");
    for (size_t i = 0; i < rejected.size(); ++i)
      out += (i == 0 ? " (" : "; ") + std::string("launch ") + std::to_string(i + 1) + ": " + rejected[i];
    return out + (rejected.empty() ? "" : ")");
  }
};
inline LockstepAttempts record_in_lockstep(int attempts,
                                           const std::function<std::vector<LaneSurprise>()>& attempt) {
  LockstepAttempts a;
  while (a.launches < attempts) {
    ++a.launches;
    const std::vector<LaneSurprise> misfits = attempt();
    a.misfits.push_back(double(misfits.size()));
    if (misfits.empty()) {
      a.found = true;
      break;
    }
    a.rejected.push_back("step " + std::to_string(misfits.front().step) + ", " + misfits.front().what);
  }
  return a;
}

// The recording's launches as a series, one value a launch (the lane values the lockstep replay
// did not give: 0 for the launch kept), and their count as the fact recorded.launches. A recording
// launched more than once says why in a notice: the first misfit of each launch set aside.
inline void add_launches_fact(trace::Trace& t, const LockstepAttempts& a) {
  const int launches =
      trace::add_series(t, {"lane values the lockstep replay does not give, per launch of the recording",
                            "values", a.misfits, true, 0});
  trace::set_fact(t, "recorded.launches", trace::series_count_fact(t, launches));
  if (!a.found)
    t.notices.push_back("no recorded launch of " + std::to_string(a.launches) +
                        " had every lane read what lockstep gives: " + a.text());
  else if (!a.rejected.empty())
    t.notices.push_back("the recording took " + a.text() + "; the last is the one recorded");
}

using trace::make_event;

// Track `block_track` is the block (with the SM it ran on); the next `warps` tracks its warps.
inline void declare_block_and_warps(trace::Trace& t, int block_track, unsigned sm, int warps) {
  t.tracks.push_back({block_track, trace::TrackKind::block, "block 0 (SM " + std::to_string(sm) + ")", -1, 0,
                      0, -1, -1, int(sm)});
  for (int w = 0; w < warps; ++w)
    t.tracks.push_back({block_track + 1 + w, trace::TrackKind::warp, "warp " + std::to_string(w), block_track,
                        0, 0, w, -1, int(sm)});
}

// Each warp's time line through a recorded block: a work slice per step, from where the warp was
// (its first lane's start, its previous step, or its leaving a barrier) to when its last lane was
// done with the step; a barrier slice from there to when its first lane left the barrier. If the
// lanes of a step were all done before that point (lanes that ran apart), the step's slice is
// empty, at that point.
template <typename T>
class WarpTimeline {
 public:
  WarpTimeline(const LaneRecording<T>& rec, int block, int first_track, RunClock& clock)
      : rec_(rec), block_(block), first_track_(first_track), clock_(clock) {
    const int warps = (rec.shape().block + 31) / 32;
    for (int w = 0; w < warps; ++w) {
      unsigned long long first = ~0ull;
      for (int l = 0; l < 32; ++l) first = std::min(first, rec.start_ns(block, 32 * w + l));
      at_.push_back(first);
    }
  }

  // The work slices of `step` for the warps with a lane that recorded it.
  std::vector<trace::Event> work(int step, const std::string& name) {
    std::vector<trace::Event> events;
    for (size_t w = 0; w < at_.size(); ++w) {
      unsigned long long done = 0;
      for (int l = 0; l < 32; ++l) done = std::max(done, rec_.done_ns(block_, 32 * int(w) + l, step));
      if (done == 0) continue;
      done = std::max(done, at_[w]);
      slice(events, int(w), at_[w], done, name, trace::Category::work);
      at_[w] = done;
    }
    return events;
  }
  // The barrier slices after `step` (every warp's lanes record when they left it).
  std::vector<trace::Event> barrier(int step, const std::string& name) {
    std::vector<trace::Event> events;
    for (size_t w = 0; w < at_.size(); ++w) {
      unsigned long long left = ~0ull;
      for (int l = 0; l < 32; ++l) left = std::min(left, rec_.left_ns(block_, 32 * int(w) + l, step));
      slice(events, int(w), at_[w], left, name, trace::Category::barrier);
      at_[w] = left;
    }
    return events;
  }
  // The block from its first lane's start to the latest time recorded so far.
  std::pair<int64_t, int64_t> span() const {
    unsigned long long first = ~0ull;
    for (int t = 0; t < rec_.shape().block; ++t) first = std::min(first, rec_.start_ns(block_, t));
    return {clock_.since_origin(first), clock_.since_origin(*std::max_element(at_.begin(), at_.end()))};
  }

 private:
  void slice(std::vector<trace::Event>& events, int warp, unsigned long long from, unsigned long long to,
             const std::string& name, trace::Category category) const {
    const int track = first_track_ + warp;
    events.push_back(
        make_event(track, trace::EventKind::slice_begin, clock_.since_origin(from), name, category));
    events.push_back(make_event(track, trace::EventKind::slice_end, clock_.since_origin(to), name, category));
  }

  const LaneRecording<T>& rec_;
  int block_, first_track_;
  RunClock& clock_;
  std::vector<unsigned long long> at_;
};

}  // namespace gridlock::reduction
