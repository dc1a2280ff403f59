// The scrubber's event markers, without a window: what each shipped trace's events give (lost
// updates, tickets and the merge, lock hand-offs, a grid barrier and the watchdog, CUDA events,
// the model's deadlock), that the rules read the events' categories and flows, not their names nor
// the lesson (traces built here, one for every kind), that no marker source reads a name, and the
// jumps from marker to marker.
#include "model/event_markers.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
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

gt::Event instant(int track, int64_t t, const std::string& name, gt::Category c, double value = 0) {
  return gt::make_event(track, gt::EventKind::instant, t, name, c, value);
}

// A trace of no lesson: `blocks` block tracks (ids 0.., named "b0", "b1", ...), no steps yet.
gt::Trace blocks_trace(int blocks) {
  gt::Trace t;
  t.lesson_id = "not-a-lesson";
  for (int id = 0; id < blocks; ++id)
    t.tracks.push_back({id, gt::TrackKind::block, "b" + std::to_string(id), -1, -1, id, -1, -1, -1});
  return t;
}

// The slice of category ticket in which a warp track takes its block's ticket.
void add_ticket_slice(gt::Step& s, int warp_track, int64_t t) {
  s.events.push_back(
      gt::make_event(warp_track, gt::EventKind::slice_begin, t, "fence, ticket", gt::Category::ticket));
  s.events.push_back(
      gt::make_event(warp_track, gt::EventKind::slice_end, t + 5, "fence, ticket", gt::Category::ticket));
}

std::vector<std::string> labels(const std::vector<EventMarker>& markers) {
  std::vector<std::string> out;
  for (const EventMarker& m : markers) out.push_back(m.label);
  return out;
}

}  // namespace

// L1: in the order the writes were issued (the steps', and the events' within a step), every
// block that reads a value some block read before it loses an update. Counted here from the
// values alone, step by step, those are the lost-update markers (from the lost_update instants);
// together they are every lost update the lesson recorded.
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
  ASSERT_FALSE(lost.empty());
  EXPECT_EQ(std::to_string(total(lost)), t.facts.at("recorded.flows"));
  EXPECT_EQ(lost.size(), markers.size()) << "only lost updates in the racy counter";
  // The detail is the recorder's caption of the step's earliest lost update.
  const gt::Event* earliest = nullptr;
  for (const gt::Event& e : t.steps[static_cast<std::size_t>(lost.front().step)].events)
    if (e.category == gt::Category::lost_update && (!earliest || e.t_ns < earliest->t_ns)) earliest = &e;
  ASSERT_NE(earliest, nullptr);
  EXPECT_EQ(lost.front().detail, earliest->name);
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
  EXPECT_EQ(merges[0].label, "merge \xC2\xB7 block " + t.facts.at("recorded.merger"));  // the block's number

  const std::vector<EventMarker> tickets = of_kind(markers, MarkerKind::ticket);
  ASSERT_FALSE(tickets.empty());
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

// The rules read categories and flows, whatever the lesson: a trace built here, of no lesson, with
// a lost update in step 1 (b1's write replaced b0's, a lost_update instant joined to it by a flow)
// and a lock hand-off in step 2. A flow from a read to the write it missed (how lost updates were
// once told apart) is only a flow: no marker.
TEST(EventMarkers, RulesReadTheEventsNotTheLesson) {
  gt::Trace t = blocks_trace(2);
  t.steps.resize(3);
  gt::Event read = event(1, gt::EventKind::slice_begin, 10, gt::Category::work, 5);
  read.flows_out = {0};
  gt::Event missed = event(0, gt::EventKind::slice_end, 12, gt::Category::work, 6);
  missed.flows_in = {0};
  missed.flows_out = {2};
  gt::Event lost = instant(1, 14, "b1 wrote 6 over b0's 6", gt::Category::lost_update, 6);
  lost.flows_in = {2};
  t.steps[0].events = {missed};
  t.steps[1].events = {read, event(1, gt::EventKind::slice_end, 14, gt::Category::work, 6), lost};
  gt::Event release = event(0, gt::EventKind::slice_end, 20, gt::Category::critical);
  release.flows_out = {1};
  gt::Event take = event(1, gt::EventKind::slice_begin, 21, gt::Category::critical);
  take.flows_in = {1};
  t.steps[2].events = {event(0, gt::EventKind::slice_begin, 15, gt::Category::critical), release, take};
  const std::vector<EventMarker> markers = event_markers(t);
  ASSERT_EQ(markers.size(), 2u);
  EXPECT_EQ(markers[0].step, 1);
  EXPECT_EQ(markers[0].kind, MarkerKind::lost_update);
  EXPECT_EQ(markers[0].label, "1 lost update");
  EXPECT_EQ(markers[0].detail, "b1 wrote 6 over b0's 6");
  EXPECT_EQ(markers[0].t_ns, 14);
  EXPECT_EQ(markers[1].step, 2);
  EXPECT_EQ(markers[1].kind, MarkerKind::lock);
  EXPECT_EQ(markers[1].count, 2);  // b0 takes it, then hands it to b1
  EXPECT_EQ(kinds_present(markers), (std::vector<MarkerKind>{MarkerKind::lock, MarkerKind::lost_update}));
}

// Tickets from instants of category ticket, told by their values whatever they are named: counting
// up one by one ("tickets 0–2"), alone ("ticket 7"), or other values ("2 tickets"). In a step
// without such instants, slices of category ticket on warp tracks give the blocks that take one,
// each block once however many of its warps record the slice.
TEST(EventMarkers, TicketsComeFromTheTicketCategory) {
  gt::Trace t = blocks_trace(4);
  t.launches = {{0, "guarded", -1, -1, 8, 64}};
  for (int w = 0; w < 2; ++w)  // block 3's two warps, then one warp of block 5
    t.tracks.push_back({10 + w, gt::TrackKind::warp, "warp " + std::to_string(w), 3, -1, 3, w, -1, -1});
  t.tracks.push_back({12, gt::TrackKind::warp, "warp 0", -1, -1, 5, 0, -1, -1});
  t.steps.resize(5);
  t.steps[0].events = {instant(0, 30, "took 2", gt::Category::ticket, 2),
                       instant(1, 10, "took 0", gt::Category::ticket, 0),
                       instant(2, 20, "took 1", gt::Category::ticket, 1)};
  t.steps[1].events = {instant(3, 40, "took 7", gt::Category::ticket, 7)};
  t.steps[2].events = {instant(0, 50, "stored 4", gt::Category::ticket, 4),
                       instant(1, 55, "stored 9", gt::Category::ticket, 9)};
  add_ticket_slice(t.steps[3], 11, 62);
  add_ticket_slice(t.steps[3], 10, 60);
  t.steps[3].detail = "block 3 fences its partial and takes a ticket";
  add_ticket_slice(t.steps[4], 10, 70);
  add_ticket_slice(t.steps[4], 12, 71);

  const std::vector<EventMarker> markers = event_markers(t);
  ASSERT_EQ(markers.size(), 5u);
  EXPECT_EQ(kinds_present(markers), std::vector<MarkerKind>{MarkerKind::ticket});
  EXPECT_EQ(labels(markers), (std::vector<std::string>{"tickets 0\xE2\x80\x93"
                                                       "2",
                                                       "ticket 7", "2 tickets", "block 3 takes a ticket",
                                                       "2 blocks take a ticket"}));
  EXPECT_EQ(markers[0].count, 3);
  EXPECT_EQ(markers[0].t_ns, 10);
  EXPECT_EQ(markers[0].detail, "highest: b0, took 2");
  EXPECT_EQ(markers[2].detail, "last: b1, stored 9");
  EXPECT_EQ(markers[3].count, 1);
  EXPECT_EQ(markers[3].t_ns, 60);
  EXPECT_EQ(markers[3].detail, t.steps[3].detail);
  EXPECT_EQ(markers[4].count, 2);
}

// A name is not a category: events named for a ticket, a lost update or a stale read, of the
// categories atomic, work and other (the atomic instant even starting a flow on a block's track,
// as tickets once were told apart), mark nothing.
TEST(EventMarkers, ANameIsNoCategory) {
  gt::Trace t = blocks_trace(2);
  t.steps.resize(2);
  gt::Event atomic_ticket = instant(0, 10, "ticket", gt::Category::atomic, 0);
  atomic_ticket.flows_out = {0};
  gt::Event taken = instant(1, 12, "ticket", gt::Category::atomic, 1);
  taken.flows_out = {1};
  t.steps[0].events = {atomic_ticket, taken,
                       gt::make_event(1, gt::EventKind::slice_begin, 20, "fence, ticket", gt::Category::work),
                       gt::make_event(1, gt::EventKind::slice_end, 25, "fence, ticket", gt::Category::work)};
  t.steps[1].events = {instant(0, 30, "lost update", gt::Category::other, 3),
                       instant(1, 31, "stale read", gt::Category::atomic, 3),
                       instant(1, 32, "item 4 fetched again", gt::Category::work, 4),
                       instant(0, 33, "3 kernels at once", gt::Category::other, 3),
                       instant(0, 34, "lane 0 holds the lock and waits", gt::Category::wait)};
  EXPECT_TRUE(event_markers(t).empty());
}

// Each moment a lesson exists for, from instants of its category alone: one instant's marker reads
// as the instant's caption (lost updates as a count), several as a count; the detail is the
// earliest one's caption.
TEST(EventMarkers, EachMomentComesFromInstantsOfItsCategory) {
  struct Case {
    gt::Category category;
    MarkerKind kind;
    std::string alone;    // the label of a step with one such instant named "alone"
    std::string several;  // the label of a step with two
  };
  const std::vector<Case> cases = {
      {gt::Category::lost_update, MarkerKind::lost_update, "1 lost update", "2 lost updates"},
      {gt::Category::stale_read, MarkerKind::stale_read, "alone", "2 stale reads"},
      {gt::Category::double_fetch, MarkerKind::double_fetch, "alone", "2 double fetches"},
      {gt::Category::overlap, MarkerKind::overlap, "alone", "2 overlaps"},
      {gt::Category::waiting_holder, MarkerKind::waiting_holder, "alone", "2 waits holding the lock"}};
  for (const Case& c : cases) {
    SCOPED_TRACE(marker_name(c.kind));
    gt::Trace t = blocks_trace(2);
    t.steps.resize(2);
    t.steps[0].events = {instant(0, 5, "alone", c.category, 2)};
    gt::Event later = instant(0, 50, "later", c.category, 3),
              earlier = instant(1, 40, "earlier", c.category, 3);
    later.flows_in = {0};  // a flow from where the moment comes from is no merge
    t.steps[1].events = {later, earlier};
    t.steps[1].events.insert(t.steps[1].events.begin(),
                             gt::make_event(1, gt::EventKind::slice_end, 30, "store", gt::Category::work));
    t.steps[1].events.front().flows_out = {0};
    const std::vector<EventMarker> markers = event_markers(t);
    ASSERT_EQ(markers.size(), 2u);
    EXPECT_EQ(kinds_present(markers), std::vector<MarkerKind>{c.kind});
    EXPECT_EQ(markers[0].label, c.alone);
    EXPECT_EQ(markers[0].detail, "alone");
    EXPECT_EQ(markers[0].count, 1);
    EXPECT_EQ(markers[1].step, 1);
    EXPECT_EQ(markers[1].label, c.several);
    EXPECT_EQ(markers[1].detail, "earlier");
    EXPECT_EQ(markers[1].count, 2);
    EXPECT_EQ(markers[1].t_ns, 40);
  }
}

// The legend's order, a name and a sentence for every kind, and a step's markers in that order.
TEST(EventMarkers, EveryKindHasANameAMeaningAndItsPlaceInTheLegend) {
  EXPECT_EQ(std::vector<MarkerKind>(kMarkerKinds.begin(), kMarkerKinds.end()),
            (std::vector<MarkerKind>{MarkerKind::ticket, MarkerKind::lock, MarkerKind::lost_update,
                                     MarkerKind::stale_read, MarkerKind::double_fetch, MarkerKind::overlap,
                                     MarkerKind::merge, MarkerKind::barrier, MarkerKind::signal,
                                     MarkerKind::waiting_holder, MarkerKind::deadlock}));
  std::set<std::string> names, meanings;
  for (MarkerKind kind : kMarkerKinds) {
    const std::string name = marker_name(kind), meaning = marker_meaning(kind);
    EXPECT_FALSE(name.empty());
    EXPECT_EQ(meaning.back(), '.') << meaning;
    names.insert(name);
    meanings.insert(meaning);
  }
  EXPECT_EQ(names.size(), kMarkerKinds.size());
  EXPECT_EQ(meanings.size(), kMarkerKinds.size());

  gt::Trace t = blocks_trace(2);
  t.steps.resize(1);
  t.steps[0].events = {instant(0, 1, "lane 0 holds the lock and waits", gt::Category::waiting_holder),
                       instant(1, 2, "2 kernels at once", gt::Category::overlap, 2),
                       instant(0, 3, "b0 read 4 before b1's store", gt::Category::stale_read, 4),
                       instant(1, 4, "took 0", gt::Category::ticket, 0)};
  std::vector<MarkerKind> kinds;
  for (const EventMarker& m : event_markers(t)) kinds.push_back(m.kind);
  EXPECT_EQ(kinds, (std::vector<MarkerKind>{MarkerKind::ticket, MarkerKind::stale_read, MarkerKind::overlap,
                                            MarkerKind::waiting_holder}));
}

namespace {

// A source line with its comment left out (a comment may well name a ticket).
std::string code_of(const std::string& line) {
  bool in_string = false;
  for (std::size_t i = 0; i + 1 < line.size(); ++i) {
    if (in_string && line[i] == '\\') {
      ++i;
      continue;
    }
    if (line[i] == '"') in_string = !in_string;
    if (!in_string && line[i] == '/' && line[i + 1] == '/') return line.substr(0, i);
  }
  return line;
}

// Code that tells a marker's kind from what an event is called. Anywhere in the model and the
// views: a search for, or comparison with, a marker's words. In the sources that decide markers
// (`deciding`): any comparison or search of a name, a helper that tests one, and "ticket" itself.
bool reads_a_name(const std::string& line, bool deciding) {
  static const std::regex marker_words(
      R"re((find|rfind|starts_with|ends_with|==|!=)\s*\(?\s*"[^"]*(ticket|lost.update|stale|overlap|double.fetch|fetched again|holder|holds the lock))re",
      std::regex::icase);
  static const std::regex name_test(
      R"re(\bname\s*(==|!=|\.\s*(find|rfind|compare|starts_with|ends_with|substr|find_first_of|find_last_of)\s*\()|(==|!=)\s*[\w.>-]*name\b|\bnames_\w+\s*\(|\btolower\b|\bregex_(search|match)\b|"ticket")re");
  // The kind's own name in the legend (marker_name) is the one "ticket" a deciding source holds.
  static const std::regex legend_name(R"re(^\s*return "ticket";\s*$)re");
  const std::string code = code_of(line);
  if (std::regex_search(code, marker_words)) return true;
  return deciding && std::regex_search(code, name_test) && !std::regex_search(code, legend_name);
}

}  // namespace

// The rules above read categories: the tests prove it for the kinds they build, and this keeps any
// marker source from going back to names. It also shows that the check finds what it looks for.
TEST(EventMarkers, NoMarkerSourceReadsAnEventsName) {
  EXPECT_TRUE(reads_a_name("  if (e.name.find(\"ticket\") != std::string::npos)", false));
  EXPECT_TRUE(reads_a_name("  if (e.name == \"lost update\") ++lost;", false));
  EXPECT_TRUE(reads_a_name("      if (e.kind == EventKind::instant && names_ticket(e.name))", true));
  EXPECT_TRUE(reads_a_name("  return lower.find(\"ticket\") != std::string::npos;", true));
  EXPECT_TRUE(reads_a_name("  const bool merge = s.name == merge_name;", true));
  EXPECT_FALSE(reads_a_name("    label = \"ticket \" + value_text(low->value);", true));
  EXPECT_FALSE(
      reads_a_name("      if (e.category != Category::ticket) continue;  // not \"ticket\" by name", true));
  EXPECT_FALSE(reads_a_name("  c.merge_name = s.name;", true));
  EXPECT_FALSE(reads_a_name("      return \"ticket\";", true));
  EXPECT_TRUE(reads_a_name("  const char* kWord = \"ticket\";", true));

  namespace fs = std::filesystem;
  const fs::path viewer = fs::path(GRIDLOCK_SOURCE_DIR) / "viewer";
  const std::set<std::string> deciding = {"event_markers.hpp", "event_markers.cpp", "ticket_chart.hpp",
                                          "ticket_chart.cpp"};
  int files = 0, deciding_files = 0;
  for (const char* folder : {"model", "views"})
    for (const fs::directory_entry& entry : fs::directory_iterator(viewer / folder)) {
      const std::string file = entry.path().filename().string();
      if (entry.path().extension() != ".cpp" && entry.path().extension() != ".hpp") continue;
      ++files;
      const bool decides = deciding.count(file) > 0;
      deciding_files += decides ? 1 : 0;
      std::ifstream in(entry.path());
      std::string line;
      for (int number = 1; std::getline(in, line); ++number)
        EXPECT_FALSE(reads_a_name(line, decides)) << folder << "/" << file << ":" << number << ": " << line;
    }
  EXPECT_GT(files, 20);
  EXPECT_EQ(deciding_files, 4);
}

// The jump keys in the model: from marker step to marker step, pausing; nothing beyond the ends.
TEST(EventMarkers, JumpsGoFromMarkerToMarker) {
  const gt::Trace t = recorded("reduction/reduce-last-block", "reduce-last-block.json");
  const std::vector<EventMarker> markers = event_markers(t);
  ASSERT_GE(markers.size(), 3u);  // the walk below visits three
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

// --marker's focus: a lost update is shown between the write it replaced and itself, on the two
// blocks' rows; an overlap over the whole run, on the streams whose kernels run then.
TEST(EventMarkers, AMarkersFocusHoldsItsMomentAndWhatItsFlowsComeFrom) {
  const gt::Trace cs = recorded("locks/critical-section", "critical-section.classroom.json");
  const std::vector<EventMarker> lost = of_kind(event_markers(cs), MarkerKind::lost_update);
  ASSERT_FALSE(lost.empty());
  const MarkerFocus focus = marker_focus(cs, lost.front());
  ASSERT_TRUE(focus.window.has_value());
  EXPECT_LT(focus.window->first, lost.front().t_ns);
  EXPECT_GT(focus.window->second, lost.front().t_ns);
  EXPECT_EQ(focus.tracks.size(), 2u);
  EXPECT_TRUE(focus.pinned);

  const gt::Trace ck = recorded("streams/concurrent-kernels", "concurrent-kernels.classroom.json");
  const std::vector<EventMarker> overlaps = of_kind(event_markers(ck), MarkerKind::overlap);
  ASSERT_FALSE(overlaps.empty());
  const MarkerFocus running = marker_focus(ck, overlaps.front());
  EXPECT_FALSE(running.window.has_value());
  EXPECT_GE(running.tracks.size(), 2u);
  EXPECT_FALSE(running.pinned);
  for (int track : running.tracks) EXPECT_EQ(ck.find_track(track)->kind, gt::TrackKind::stream);
}
