// deadlock-lock's trace building without a GPU: every shipped trace recorded on a GPU is what
// today's trace building makes of the turns it recorded, and a made-up run whose watchdog stopped
// it shows the threads that gave up apart from the turns.
#include <gtest/gtest.h>

#include "locks/deadlock-lock/timeline_steps.hpp"
#include "rebuild/rebuild.hpp"

namespace {

namespace tr = gridlock::trace;

// The turns a shipped trace shows, read back from its threads' rows, block by block and thread by
// thread, with the SMs of its blocks' rows, the count it left and the notices' words.
l3::RecordedRun recorded_in(const tr::Trace& t) {
  l3::RecordedRun r;
  r.variant =
      t.launches.at(0).name == "count_with_a_lock_in_every_thread" ? "every-thread" : "inside-the-loop";
  r.grid = int(t.launches[0].grid);
  r.block = t.launches[0].block;
  for (const tr::Track& row : t.tracks) {
    if (row.kind == tr::TrackKind::block) {
      r.sms.resize(std::max(r.sms.size(), size_t(row.block) + 1));
      r.sms[size_t(row.block)] = unsigned(row.sm);
    }
    if (row.kind != tr::TrackKind::lane) continue;
    l3::Turn turn;
    turn.block = row.block;
    turn.thread = row.warp * 32 + row.lane;
    const std::vector<tr::Event> spin = rebuild_test::events_on(t, row.id, tr::Category::spin),
                                 hold = rebuild_test::events_on(t, row.id, tr::Category::critical);
    if (spin.size() == 2)
      turn.asked = spin[0].t_ns, turn.took = spin[1].t_ns, turn.spins = int(spin[0].value);
    if (hold.size() == 2)
      turn.released = hold[1].t_ns;
    else
      turn.gave_up = true, turn.released = turn.took;
    r.turns.push_back(turn);
  }
  r.recorded_grid = int(r.sms.size());
  std::sort(r.turns.begin(), r.turns.end(), [](const l3::Turn& a, const l3::Turn& b) {
    return std::make_pair(a.block, a.thread) < std::make_pair(b.block, b.thread);
  });
  r.final_count = int(t.steps.back().snapshots.at(0).values.at(0));
  const rebuild_test::NoticeWords words = rebuild_test::notice_words(t);
  r.stopped = words.stopped, r.limit_ms = words.limit_ms, r.dropped = words.dropped;
  return r;
}

}  // namespace

TEST(L3Timeline, EveryShippedTraceFromAGpuIsWhatItsTurnsBuild) {
  // The lockstep model's traces (program deadlock-lock-model) are not built from a recording.
  EXPECT_EQ(rebuild_test::expect_shipped_traces_rebuilt("locks/deadlock-lock", "deadlock-lock", recorded_in,
                                                        l3::build_steps),
            3);
}

// One block of 64 threads: 40 take the lock in turn, then the watchdog stops the run and the other
// 24 give up. The give-ups get steps of their own, after the turns.
TEST(L3Timeline, ThreadsThatGaveUpComeAfterTheTurns) {
  l3::RecordedRun r;
  r.variant = "every-thread";
  r.grid = r.recorded_grid = 1;
  r.block = 64;
  r.sms = {5};
  for (int thread = 0; thread < 64; ++thread) {
    l3::Turn turn;
    turn.thread = thread;
    turn.asked = 100;
    turn.gave_up = thread >= 40;
    turn.took = turn.gave_up ? 5000 : 200 + 100 * thread;
    turn.released = turn.gave_up ? 5000 : turn.took + 60;
    turn.spins = thread;
    r.turns.push_back(turn);
  }
  r.final_count = 40;
  r.stopped = true;
  r.limit_ms = 5000;
  const tr::Trace t = rebuild_test::built(
      rebuild_test::made_up_run("lessons/locks/deadlock-lock/kernels.cuh"), r, l3::build_steps);
  rebuild_test::expect_valid_and_truthful(t);
  EXPECT_EQ(t.facts.at("recorded.gave_up"), "24");
  EXPECT_EQ(t.facts.at("recorded.final"), "40");
  // 8 steps of 5 turns, then the 24 give-ups in steps of at most 5, then the count after the kernel.
  ASSERT_EQ(t.steps.size(), 8u + 5u + 1u);
  EXPECT_EQ(t.steps[7].detail,
            "turns 36\xE2\x80\x93"
            "40 of 40, in the order the lock was taken");
  int gave_up = 0;
  for (size_t s = 8; s < 13; ++s) {
    EXPECT_NE(t.steps[s].detail.find("more threads, which gave up when the watchdog said so"),
              std::string::npos);
    gave_up += std::stoi(t.steps[s].detail);
  }
  EXPECT_EQ(gave_up, 24);
  EXPECT_EQ(t.notices.at(0), "the watchdog stopped the recorded run after 5000 ms: some threads gave up");
}
