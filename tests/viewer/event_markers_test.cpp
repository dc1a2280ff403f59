// The scrubber's event markers, without a window: what each shipped trace's events give (lost
// updates, tickets and the merge, lock hand-offs, a grid barrier and the watchdog, CUDA events,
// the model's deadlock), that the rules read the events and not the lesson, and the jumps from
// marker to marker.
#include "model/event_markers.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <set>

namespace gt = gridlock::trace;
using namespace gridlock::viewer;

namespace {

gt::Trace recorded(const std::string& lesson, const std::string& file) {
  return gt::read_file(std::string(GRIDLOCK_TEST_LESSONS_DIR) + "/" + lesson + "/recorded/" + file);
}

std::vector<EventMarker> of_kind(const std::vector<EventMarker>& markers, MarkerKind kind) {
  std::vector<EventMarker> out;
  std::copy_if(markers.begin(), markers.end(), std::back_inserter(out),
               [kind](const EventMarker& m) { return m.kind == kind; });
  return out;
}

int total(const std::vector<EventMarker>& markers) {
  int n = 0;
  for (const EventMarker& m : markers) n += m.count;
  return n;
}

EventMarker marker(int step, MarkerKind kind) {
  EventMarker m;
  m.step = step;
  m.kind = kind;
  return m;
}

gt::Event event(int track, gt::EventKind kind, int64_t t, gt::Category c, double value = 0) {
  return gt::make_event(track, kind, t, "read-modify-write", c, value);
}

}  // namespace

// L1: in the order the writes were issued (the steps', and the events' within a step), every
// block that reads a value some block read before it loses an update. Counted here from the
// values alone, step by step, those are the lost-update markers; together they are every flow
// the lesson recorded.
TEST(EventMarkers, RacyCounterMarksTheStepsWhereTwoBlocksReadTheSameValue) {
  const gt::Trace t = recorded("locks/racy-counter", "racy-counter.json");
  std::set<double> read;
  std::vector<std::pair<int, int>> expected;  // step, reads of a value read before
  for (std::size_t k = 0; k < t.steps.size(); ++k) {
    int again = 0;
    for (const gt::Event& e : t.steps[k].events)
      if (e.kind == gt::EventKind::slice_begin && !read.insert(e.value).second) ++again;
    if (again > 0) expected.push_back({static_cast<int>(k), again});
  }
  ASSERT_FALSE(expected.empty());
  const std::vector<EventMarker> markers = event_markers(t);
  const std::vector<EventMarker> lost = of_kind(markers, MarkerKind::lost_update);
  std::vector<std::pair<int, int>> found;
  for (const EventMarker& m : lost) found.push_back({m.step, m.count});
  EXPECT_EQ(found, expected);
  EXPECT_EQ(std::to_string(total(lost)), t.facts.at("recorded.flows"));
  EXPECT_EQ(lost.size(), markers.size()) << "only lost updates in the racy counter";
  EXPECT_NE(lost.front().detail.find("both read"), std::string::npos) << lost.front().detail;
  EXPECT_EQ(lost.front().label, std::to_string(lost.front().count) + " lost updates");

  // With atomicAdd nothing is lost, and nothing is marked.
  EXPECT_TRUE(event_markers(recorded("locks/racy-counter", "racy-counter.atomic.json")).empty());
}

// I1: a marker for every step of tickets, their counts adding up to the grid, and exactly one
// merge, at the first step of PHASE 3, naming the block the lesson says merged.
TEST(EventMarkers, LastBlockGuardHasItsTicketsAndOneMerge) {
  const gt::Trace t = recorded("interblock/last-block-guard", "last-block-guard.json");
  const std::vector<EventMarker> markers = event_markers(t);
  const std::vector<EventMarker> merges = of_kind(markers, MarkerKind::merge);
  ASSERT_EQ(merges.size(), 1u);
  const gt::Step& merge_step = t.steps[static_cast<std::size_t>(merges[0].step)];
  EXPECT_EQ(gt::phase_of(merge_step.label), "PHASE 3");
  EXPECT_EQ(gt::phase_of(t.steps[static_cast<std::size_t>(merges[0].step - 1)].label), "PHASE 2");
  const std::string merger = t.facts.at("recorded.merger");  // "block 208 on SM 44"
  EXPECT_EQ(merges[0].label, "merge \xC2\xB7 " + merger.substr(0, merger.find(" on SM")));

  const std::vector<EventMarker> tickets = of_kind(markers, MarkerKind::ticket);
  EXPECT_EQ(total(tickets), static_cast<int>(t.launches.at(0).grid));
  for (const EventMarker& m : tickets)
    EXPECT_EQ(gt::phase_of(t.steps[static_cast<std::size_t>(m.step)].label), "PHASE 2");
  EXPECT_EQ(tickets.front().label, "tickets 0\xE2\x80\x93" + std::to_string(tickets.front().count - 1));
  EXPECT_NE(tickets.back().detail.find("ticket " + t.facts.at("recorded.merger_ticket")), std::string::npos);

  // A counter left at the grid size: the tickets' flows end at an instant saying nobody merges.
  const std::vector<EventMarker> none = of_kind(
      event_markers(recorded("interblock/last-block-guard", "last-block-guard.counter-not-zeroed.json")),
      MarkerKind::merge);
  ASSERT_EQ(none.size(), 1u);
  EXPECT_EQ(none[0].label.rfind("nobody merges", 0), 0u) << none[0].label;
}

// R: the last-block reduction marks each block's ticket and the merge of the partials; a kernel
// that needs no other block marks nothing.
TEST(EventMarkers, ReductionsMarkTicketsAndTheMergeOnly) {
  const gt::Trace t = recorded("reduction/reduce-last-block", "reduce-last-block.json");
  const std::vector<EventMarker> markers = event_markers(t);
  EXPECT_EQ(of_kind(markers, MarkerKind::ticket).size(), static_cast<std::size_t>(t.launches.at(0).grid));
  const std::vector<EventMarker> merges = of_kind(markers, MarkerKind::merge);
  ASSERT_EQ(merges.size(), 1u);
  EXPECT_EQ(gt::phase_of(t.steps[static_cast<std::size_t>(merges[0].step)].label), "PHASE 5");
  EXPECT_EQ(merges[0].count, 1);
  EXPECT_TRUE(event_markers(recorded("reduction/reduce-single-block", "reduce-single-block.json")).empty());
}

// L3: the lockstep model of a lock taken in every thread repeats its state: a deadlock marker at
// the step where the repeat is found, after the lock was taken once. The corrected program hands
// the lock from lane to lane (31 flows) and never deadlocks; nor does the GPU's run.
TEST(EventMarkers, DeadlockLockModelHasADeadlockMarker) {
  const gt::Trace dead = recorded("locks/deadlock-lock", "deadlock-lock.lockstep.json");
  const std::vector<EventMarker> markers = event_markers(dead);
  const std::vector<EventMarker> deadlocks = of_kind(markers, MarkerKind::deadlock);
  ASSERT_EQ(deadlocks.size(), 1u);
  EXPECT_EQ(deadlocks[0].step, static_cast<int>(dead.steps.size()) - 1);
  EXPECT_EQ(deadlocks[0].label.rfind("deadlock", 0), 0u) << deadlocks[0].label;
  const std::vector<EventMarker> lock = of_kind(markers, MarkerKind::lock);
  ASSERT_EQ(lock.size(), 1u);
  EXPECT_EQ(lock[0].step, 0);
  EXPECT_EQ(lock[0].label, "lane 0 takes the lock");

  const std::vector<EventMarker> safe =
      event_markers(recorded("locks/deadlock-lock", "deadlock-lock.lockstep-inside-the-loop.json"));
  EXPECT_TRUE(of_kind(safe, MarkerKind::deadlock).empty());
  EXPECT_EQ(total(of_kind(safe, MarkerKind::lock)), 1 + 31);
  EXPECT_EQ(safe.back().label, "lock passes to lane 31");

  const std::vector<EventMarker> gpu = event_markers(recorded("locks/deadlock-lock", "deadlock-lock.json"));
  EXPECT_TRUE(of_kind(gpu, MarkerKind::deadlock).empty());
  // Threads of two blocks share names: a marker names the block too.
  EXPECT_TRUE(
      std::regex_match(gpu.front().detail, std::regex("block [0-9]+, thread [0-9]+ is the first to hold it")))
      << gpu.front().detail;
}

// L2: every one of the 512 turns at the lock is marked (the first hold and 511 hand-offs).
TEST(EventMarkers, CriticalSectionCountsEveryTurnAtTheLock) {
  const gt::Trace t = recorded("locks/critical-section", "critical-section.json");
  const std::vector<EventMarker> lock = of_kind(event_markers(t), MarkerKind::lock);
  EXPECT_EQ(total(lock), static_cast<int>(t.launches.at(0).grid));
  EXPECT_EQ(lock.front().detail.find("is the first to hold it") != std::string::npos, true)
      << lock.front().detail;
}

// G0: a barrier that completes releases every block; one launched too large for the GPU lets
// some pass and stops the rest by the watchdog, as the lesson's facts count them.
TEST(EventMarkers, GridBarrierReleasesOrGivesUp) {
  const gt::Trace fits = recorded("interblock/grid-barrier", "grid-barrier.json");
  const std::vector<EventMarker> ok = event_markers(fits);
  ASSERT_EQ(ok.size(), 1u);
  EXPECT_EQ(ok[0].kind, MarkerKind::barrier);
  EXPECT_EQ(std::to_string(ok[0].count), fits.facts.at("recorded.grid"));

  const gt::Trace large = recorded("interblock/grid-barrier", "grid-barrier.spin-too-large.json");
  const std::vector<EventMarker> stuck = event_markers(large);
  const std::vector<EventMarker> passed = of_kind(stuck, MarkerKind::barrier);
  const std::vector<EventMarker> gave_up = of_kind(stuck, MarkerKind::deadlock);
  ASSERT_EQ(passed.size(), 1u);
  ASSERT_EQ(gave_up.size(), 1u);
  EXPECT_EQ(std::to_string(passed[0].count), large.facts.at("recorded.passed"));
  EXPECT_EQ(std::to_string(gave_up[0].count), large.facts.at("recorded.gave_up"));
  EXPECT_EQ(gave_up[0].label, large.facts.at("recorded.gave_up") + " blocks: gave up");
}

// S2: the event recorded after the producer, then the consumer's wait released; without the
// wait only the record.
TEST(EventMarkers, StreamWaitEventMarksTheRecordAndTheRelease) {
  const std::vector<EventMarker> wait =
      event_markers(recorded("streams/stream-wait-event", "stream-wait-event.json"));
  ASSERT_EQ(wait.size(), 2u);
  EXPECT_EQ(wait[0].kind, MarkerKind::signal);
  EXPECT_EQ(wait[1].kind, MarkerKind::signal);
  EXPECT_LT(wait[0].step, wait[1].step);
  EXPECT_NE(wait[0].label.find("recorded"), std::string::npos) << wait[0].label;
  EXPECT_NE(wait[1].label.find("released"), std::string::npos) << wait[1].label;
  const std::vector<EventMarker> no_wait =
      event_markers(recorded("streams/stream-wait-event", "stream-wait-event.no-wait.json"));
  ASSERT_EQ(no_wait.size(), 1u);
  EXPECT_NE(no_wait[0].label.find("recorded"), std::string::npos) << no_wait[0].label;
}

// The rules read events and flows, whatever the lesson: a trace built here, of no lesson, with a
// lost update (b0's write in step 0, b1's read that missed it in step 1: marked where the reader
// is) and a lock hand-off in step 2.
TEST(EventMarkers, RulesReadTheEventsNotTheLesson) {
  gt::Trace t;
  t.lesson_id = "not-a-lesson";
  for (int id = 0; id < 2; ++id) t.tracks.push_back({id, gt::TrackKind::block, "b" + std::to_string(id)});
  t.steps.resize(3);
  gt::Event read = event(1, gt::EventKind::slice_begin, 10, gt::Category::work, 5);
  read.flows_out = {0};
  gt::Event missed = event(0, gt::EventKind::slice_end, 12, gt::Category::work, 6);
  missed.flows_in = {0};
  t.steps[0].events = {missed};
  t.steps[1].events = {read};
  gt::Event release = event(0, gt::EventKind::slice_end, 20, gt::Category::critical);
  release.flows_out = {1};
  gt::Event take = event(1, gt::EventKind::slice_begin, 21, gt::Category::critical);
  take.flows_in = {1};
  t.steps[2].events = {event(0, gt::EventKind::slice_begin, 15, gt::Category::critical), release, take};
  const std::vector<EventMarker> markers = event_markers(t);
  ASSERT_EQ(markers.size(), 2u);
  EXPECT_EQ(markers[0].step, 1);
  EXPECT_EQ(markers[0].kind, MarkerKind::lost_update);
  EXPECT_EQ(markers[0].detail, "b0 and b1 both read 5: b1's write replaced b0's");
  EXPECT_EQ(markers[1].step, 2);
  EXPECT_EQ(markers[1].kind, MarkerKind::lock);
  EXPECT_EQ(markers[1].count, 2);  // b0 takes it, then hands it to b1
  EXPECT_EQ(kinds_present(markers), (std::vector<MarkerKind>{MarkerKind::lock, MarkerKind::lost_update}));
}

// The jump keys in the model: from marker step to marker step, pausing; nothing beyond the ends.
TEST(EventMarkers, JumpsGoFromMarkerToMarker) {
  const gt::Trace t = recorded("reduction/reduce-last-block", "reduce-last-block.json");
  const std::vector<EventMarker> markers = event_markers(t);
  Playback playback(step_times(t));
  playback.play();
  ASSERT_TRUE(jump_to_next_marker(playback, markers));
  EXPECT_EQ(playback.step(), markers.front().step);
  EXPECT_FALSE(playback.playing());
  EXPECT_EQ(playback.time_ns(), playback.times().window(playback.step()).focus_ns);
  ASSERT_TRUE(jump_to_next_marker(playback, markers));
  EXPECT_EQ(playback.step(), markers[1].step);
  EXPECT_TRUE(jump_to_previous_marker(playback, markers));
  EXPECT_EQ(playback.step(), markers.front().step);
  EXPECT_FALSE(jump_to_previous_marker(playback, markers));
  EXPECT_EQ(playback.step(), markers.front().step);

  playback.last();
  EXPECT_FALSE(jump_to_next_marker(playback, markers));
  EXPECT_EQ(playback.step(), playback.last_step());
  ASSERT_TRUE(jump_to_previous_marker(playback, markers));
  EXPECT_EQ(playback.step(), markers.back().step);

  // Between two markers, each way goes to the nearest; a step with two kinds is one stop.
  playback.seek(markers[1].step + 3);
  EXPECT_EQ(next_marker_step(markers, playback.step()), markers[2].step);
  EXPECT_EQ(previous_marker_step(markers, playback.step()), markers[1].step);
  const std::vector<EventMarker> two_kinds = {marker(4, MarkerKind::ticket), marker(4, MarkerKind::merge),
                                              marker(9, MarkerKind::lock)};
  EXPECT_EQ(next_marker_step(two_kinds, 4), 9);
  EXPECT_EQ(previous_marker_step(two_kinds, 9), 4);
  EXPECT_EQ(next_marker_step({}, 0), -1);
}
