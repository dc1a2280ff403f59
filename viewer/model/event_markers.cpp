// Markers from a trace's event categories, flows and model state; jumps between them.
#include "model/event_markers.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <unordered_map>
#include <utility>

#include "format.hpp"
#include "model/barrier_chart.hpp"
#include "model/lock_run.hpp"
#include "model/run_timeline.hpp"
#include "model/timeline.hpp"

namespace gridlock::viewer {

namespace {

using trace::Category;
using trace::Event;
using trace::EventKind;

// One event behind a marker: when, how the marker reads when it is the step's only one, and a
// name for a marker that gathers several.
struct Moment {
  int64_t t_ns = 0;
  std::string label;
  std::string detail;
  std::string name;
};
using ByStep = std::map<int, std::vector<Moment>>;

// One marker per step of `by_step`: the only moment's label, or plural(count, earliest) for
// several; the detail of the earliest moment.
using Plural = std::function<std::string(int, const Moment&)>;
void emit(const ByStep& by_step, MarkerKind kind, const Plural& plural, std::vector<EventMarker>& out) {
  for (const auto& [step, moments] : by_step) {
    const Moment& first = *std::min_element(moments.begin(), moments.end(),
                                            [](const Moment& a, const Moment& b) { return a.t_ns < b.t_ns; });
    const int count = static_cast<int>(moments.size());
    out.push_back(
        {step, kind, first.t_ns, count, count == 1 ? first.label : plural(count, first), first.detail});
  }
}

}  // namespace

std::string track_name(const trace::Trace& trace, int id) {
  const trace::Track* t = trace.find_track(id);
  if (!t) return "track " + std::to_string(id);
  const bool inside_block = t->kind == trace::TrackKind::warp || t->kind == trace::TrackKind::lane;
  const bool several_blocks = std::any_of(trace.launches.begin(), trace.launches.end(),
                                          [](const trace::Launch& l) { return l.grid > 1; });
  if (inside_block && t->block >= 0 && several_blocks)
    return "block " + std::to_string(t->block) + ", " + t->name;
  return t->name;
}

namespace {

bool on_track_of_kind(const trace::Trace& trace, const Event& e, trace::TrackKind kind) {
  const trace::Track* t = trace.find_track(e.track);
  return t && t->kind == kind;
}

bool is_instant_of(const Event& e, Category category) {
  return e.kind == EventKind::instant && e.category == category;
}

int64_t earliest_time(const std::vector<const Event*>& events) {
  int64_t t = std::numeric_limits<int64_t>::max();
  for (const Event* e : events) t = std::min(t, e->t_ns);
  return t;
}

// The ticket instants of one step as one marker. Values that count up one by one are the tickets
// themselves ("tickets 0–32"); other values (a partial stored with the ticket, say) only give the
// count ("5 tickets").
EventMarker ticket_instants_marker(const trace::Trace& trace, int step,
                                   const std::vector<const Event*>& instants) {
  auto by_value = [](const Event* a, const Event* b) { return a->value < b->value; };
  const Event* low = *std::min_element(instants.begin(), instants.end(), by_value);
  const Event* high = *std::max_element(instants.begin(), instants.end(), by_value);
  const auto count = static_cast<int64_t>(instants.size());
  const bool consecutive =
      low->value == std::floor(low->value) && high->value == low->value + static_cast<double>(count - 1);
  const Event* last = *std::max_element(instants.begin(), instants.end(),
                                        [](const Event* a, const Event* b) { return a->t_ns < b->t_ns; });
  std::string label;
  if (count == 1)
    label = "ticket " + value_text(low->value);
  else if (consecutive)
    label = "tickets " + value_text(low->value) + "\xE2\x80\x93" + value_text(high->value);
  else
    label = std::to_string(count) + " tickets";
  const Event* told = consecutive ? high : last;
  const std::string detail =
      (consecutive ? "highest: " : "last: ") + track_name(trace, told->track) + ", " + told->name;
  return {step, MarkerKind::ticket, earliest_time(instants), static_cast<int>(count), label, detail};
}

// The block a ticket slice belongs to ("block 3"), or its track's name where it has none.
std::string block_of(const trace::Trace& trace, const Event& e) {
  const trace::Track* t = trace.find_track(e.track);
  return t && t->block >= 0 ? "block " + std::to_string(t->block) : track_name(trace, e.track);
}

// The ticket slices of one step as one marker: each block once, however many of its warps record
// the slice ("block 3 takes a ticket", "4 blocks take a ticket").
EventMarker ticket_slices_marker(const trace::Trace& trace, const trace::Step& s, int step,
                                 const std::vector<const Event*>& slices) {
  std::map<std::string, int64_t> takers;  // block -> its first ticket slice
  for (const Event* e : slices) {
    auto [at, fresh] = takers.try_emplace(block_of(trace, *e), e->t_ns);
    if (!fresh) at->second = std::min(at->second, e->t_ns);
  }
  const auto count = static_cast<int64_t>(takers.size());
  const std::string label = count == 1 ? takers.begin()->first + " takes a ticket"
                                       : format_count(count, "block") + " take a ticket";
  return {step, MarkerKind::ticket, earliest_time(slices), static_cast<int>(count), label, s.detail};
}

// Tickets: the step's ticket instants, or where it has none, its ticket slices.
void add_tickets(const trace::Trace& trace, std::vector<EventMarker>& out) {
  for (std::size_t k = 0; k < trace.steps.size(); ++k) {
    std::vector<const Event*> instants, slices;
    for (const Event& e : trace.steps[k].events) {
      if (e.category != Category::ticket) continue;
      if (e.kind == EventKind::instant) instants.push_back(&e);
      if (e.kind == EventKind::slice_begin) slices.push_back(&e);
    }
    const int step = static_cast<int>(k);
    if (!instants.empty())
      out.push_back(ticket_instants_marker(trace, step, instants));
    else if (!slices.empty())
      out.push_back(ticket_slices_marker(trace, trace.steps[k], step, slices));
  }
}

// An event and the step that holds it.
struct Placed {
  int step = 0;
  const Event* event = nullptr;
};

// The lock: taken first, then handed on along the flows from the end of one critical slice to the
// begin of another on another track.
void add_lock(const trace::Trace& trace, std::vector<EventMarker>& out) {
  ByStep lock;
  // The first hold: the earliest critical slice of the first step that has one, on a track that
  // holds (not the lock's own track, nor a memory word's).
  for (std::size_t k = 0; k < trace.steps.size() && lock.empty(); ++k) {
    const Event* first = nullptr;
    for (const Event& e : trace.steps[k].events)
      if (e.kind == EventKind::slice_begin && e.category == Category::critical &&
          !on_track_of_kind(trace, e, trace::TrackKind::lock) &&
          !on_track_of_kind(trace, e, trace::TrackKind::memory) && (!first || e.t_ns < first->t_ns))
        first = &e;
    if (!first) continue;
    const std::string who = track_name(trace, first->track);
    lock[static_cast<int>(k)].push_back(
        {first->t_ns, who + " takes the lock", who + " is the first to hold it", first->name});
  }

  std::unordered_map<int, Placed> starts;
  for (std::size_t k = 0; k < trace.steps.size(); ++k)
    for (const Event& e : trace.steps[k].events)
      for (int f : e.flows_out) starts[f] = {static_cast<int>(k), &e};
  for (std::size_t k = 0; k < trace.steps.size(); ++k)
    for (const Event& b : trace.steps[k].events)
      for (int f : b.flows_in) {
        const auto found = starts.find(f);
        if (found == starts.end() || found->second.event->track == b.track) continue;
        const Event& a = *found->second.event;
        const bool hand_off = a.kind == EventKind::slice_end && b.kind == EventKind::slice_begin &&
                              a.category == Category::critical && b.category == Category::critical;
        if (!hand_off) continue;
        const std::string from = track_name(trace, a.track), to = track_name(trace, b.track);
        lock[static_cast<int>(k)].push_back(
            {b.t_ns, "lock passes to " + to, from + " hands the lock to " + to, b.name});
      }
  emit(
      lock, MarkerKind::lock,
      [](int n, const Moment&) { return "lock taken " + std::to_string(n) + " times"; }, out);
}

// The instants of `category`, by step. Each instant's name is the recorder's caption for it, one
// that reads on its own ("item 12 fetched again"): the label when it is its step's only one, and
// the detail when it is the earliest.
ByStep instants_by_step(const trace::Trace& trace, Category category) {
  ByStep by_step;
  for (std::size_t k = 0; k < trace.steps.size(); ++k)
    for (const Event& e : trace.steps[k].events)
      if (is_instant_of(e, category))
        by_step[static_cast<int>(k)].push_back({e.t_ns, e.name, e.name, e.name});
  return by_step;
}

// A moment a lesson exists for: its category, its marker, and how several of them in one step
// read ("3 stale reads").
struct MomentKind {
  Category category;
  MarkerKind marker;
  const char* several;  // the plural after the count
};

void add_moments(const trace::Trace& trace, const MomentKind& kind, std::vector<EventMarker>& out) {
  const std::string several = kind.several;
  emit(
      instants_by_step(trace, kind.category), kind.marker,
      [several](int n, const Moment&) { return std::to_string(n) + " " + several; }, out);
}

// Lost updates read as a count even alone ("1 lost update"); the caption goes to the detail.
void add_lost_updates(const trace::Trace& trace, std::vector<EventMarker>& out) {
  ByStep lost = instants_by_step(trace, Category::lost_update);
  for (auto& [step, moments] : lost)
    for (Moment& m : moments) m.label = format_count(1, "lost update");
  emit(
      lost, MarkerKind::lost_update, [](int n, const Moment&) { return format_count(n, "lost update"); },
      out);
}

// Merges: events where two or more flows end, named with whoever holds them.
void add_merges(const trace::Trace& trace, std::vector<EventMarker>& out) {
  ByStep merges;
  for (std::size_t k = 0; k < trace.steps.size(); ++k)
    for (const Event& e : trace.steps[k].events)
      if (e.flows_in.size() >= 2)
        merges[static_cast<int>(k)].push_back(
            {e.t_ns, e.name + " \xC2\xB7 " + track_name(trace, e.track),
             format_count(static_cast<int64_t>(e.flows_in.size()), "flow") + " end here", e.name});
  emit(
      merges, MarkerKind::merge, [](int n, const Moment&) { return std::to_string(n) + " merges"; }, out);
}

// A grid-wide wait: blocks released, and blocks whose wait ended with an instant of their own at
// that moment ("gave up": the watchdog stopped them).
void add_grid_wait(const trace::Trace& trace, std::vector<EventMarker>& out) {
  if (!has_barrier(trace)) return;
  ByStep released, stopped;
  for (std::size_t k = 0; k < trace.steps.size(); ++k) {
    const std::vector<Event>& events = trace.steps[k].events;
    // The step's instants by track and time, the first of each: what may have ended a wait.
    std::map<std::pair<int, int64_t>, const Event*> instants;
    for (const Event& i : events)
      if (i.kind == EventKind::instant) instants.try_emplace({i.track, i.t_ns}, &i);
    for (const Event& e : events) {
      if (e.kind != EventKind::slice_end || !is_waiting(e.category) ||
          !on_track_of_kind(trace, e, trace::TrackKind::block))
        continue;
      const auto found = instants.find({e.track, e.t_ns});
      const Event* ender = found == instants.end() ? nullptr : found->second;
      const std::string who = track_name(trace, e.track);
      if (!ender)
        released[static_cast<int>(k)].push_back(
            {e.t_ns, who + " released", "released first: " + who, e.name});
      else
        stopped[static_cast<int>(k)].push_back(
            {e.t_ns, who + ": " + ender->name,
             "the wait ended with \xE2\x80\x9C" + ender->name + "\xE2\x80\x9D, not with a release",
             ender->name});
    }
  }
  emit(
      released, MarkerKind::barrier,
      [](int n, const Moment&) { return format_count(n, "block") + " released"; }, out);
  emit(
      stopped, MarkerKind::deadlock,
      [](int n, const Moment& first) { return format_count(n, "block") + ": " + first.name; }, out);
}

// CUDA events: sync instants (recorded, or a wait on one released).
void add_signals(const trace::Trace& trace, std::vector<EventMarker>& out) {
  ByStep signals;
  for (std::size_t k = 0; k < trace.steps.size(); ++k)
    for (const Event& e : trace.steps[k].events)
      if (e.kind == EventKind::instant && e.category == Category::sync)
        signals[static_cast<int>(k)].push_back({e.t_ns, e.name, track_name(trace, e.track), e.name});
  emit(
      signals, MarkerKind::signal, [](int n, const Moment&) { return format_count(n, "CUDA event"); }, out);
}

// A model's warp whose whole state repeats: from then on no lane can progress.
void add_model_deadlock(const trace::Trace& trace, std::vector<EventMarker>& out) {
  if (!has_warp_model(trace)) return;
  const WarpModel model = warp_model(trace);
  if (!model.deadlocked()) return;
  const int end = model.cycle_end;
  const std::vector<Event>& events = trace.steps[static_cast<std::size_t>(end)].events;
  const auto earliest = std::min_element(events.begin(), events.end(),
                                         [](const Event& a, const Event& b) { return a.t_ns < b.t_ns; });
  const int64_t t = earliest == events.end() ? 0 : earliest->t_ns;
  const std::string from = std::to_string(model.cycle_start + 1), to = std::to_string(end + 1);
  out.push_back({end, MarkerKind::deadlock, t, 1,
                 "deadlock: steps " + from + "\xE2\x80\x93" + to + " repeat forever",
                 "the state after step " + to + " is the state after step " +
                     std::to_string(model.cycle_start) + ": no lane can ever get further"});
}

}  // namespace

std::vector<EventMarker> event_markers(const trace::Trace& trace) {
  std::vector<EventMarker> out;
  add_tickets(trace, out);
  add_lock(trace, out);
  add_lost_updates(trace, out);
  add_moments(trace, {Category::stale_read, MarkerKind::stale_read, "stale reads"}, out);
  add_moments(trace, {Category::double_fetch, MarkerKind::double_fetch, "double fetches"}, out);
  add_moments(trace, {Category::overlap, MarkerKind::overlap, "overlaps"}, out);
  add_moments(trace, {Category::waiting_holder, MarkerKind::waiting_holder, "waits holding the lock"}, out);
  add_merges(trace, out);
  add_grid_wait(trace, out);
  add_signals(trace, out);
  add_model_deadlock(trace, out);
  std::stable_sort(out.begin(), out.end(), [](const EventMarker& a, const EventMarker& b) {
    return a.step != b.step ? a.step < b.step : a.kind < b.kind;
  });
  return out;
}

const char* marker_name(MarkerKind kind) {
  switch (kind) {
    case MarkerKind::ticket:
      return "ticket";
    case MarkerKind::lock:
      return "lock";
    case MarkerKind::lost_update:
      return "lost update";
    case MarkerKind::stale_read:
      return "stale read";
    case MarkerKind::double_fetch:
      return "double fetch";
    case MarkerKind::overlap:
      return "overlap";
    case MarkerKind::merge:
      return "merge";
    case MarkerKind::barrier:
      return "barrier";
    case MarkerKind::signal:
      return "CUDA event";
    case MarkerKind::waiting_holder:
      return "waiting holder";
    case MarkerKind::deadlock:
      return "deadlock";
  }
  return "";
}

MarkerFocus marker_focus(const trace::Trace& trace, const EventMarker& m) {
  std::unordered_map<int, const Event*> starts;  // flow id -> the event it starts at
  for (const trace::Step& s : trace.steps)
    for (const Event& e : s.events)
      for (int f : e.flows_out) starts[f] = &e;
  MarkerFocus focus;
  int64_t from = m.t_ns, to = m.t_ns;
  const auto add_track = [&](int track) {
    if (std::find(focus.tracks.begin(), focus.tracks.end(), track) == focus.tracks.end())
      focus.tracks.push_back(track);
  };
  if (m.step >= 0 && m.step < static_cast<int>(trace.steps.size()))
    for (const Event& e : trace.steps[static_cast<std::size_t>(m.step)].events) {
      if (e.t_ns != m.t_ns || e.kind != EventKind::instant) continue;
      add_track(e.track);
      for (int f : e.flows_in)
        if (const auto found = starts.find(f); found != starts.end()) {
          from = std::min(from, found->second->t_ns);
          to = std::max(to, found->second->t_ns);
          add_track(found->second->track);
        }
    }
  const int64_t least = trace.clock.unit == trace::TimeUnit::tick ? 2 : 500;
  const int64_t margin = std::max(least, (to - from) / 3);
  if (focus.tracks.size() >= 2) {
    focus.window = std::make_pair(from - margin, to + margin);
    return focus;
  }
  // A moment no flow joins to another track (an overlap) is seen over the whole run, on the
  // tracks whose kernels run at that moment, without the pinned rows.
  focus = {};
  const RunTimeline run = run_timeline(trace);
  for (const RunRow& row : run.rows)
    for (const TimelineSlice& s : row.events.slices)
      if (s.category == Category::kernel && s.begin_ns <= m.t_ns && m.t_ns < s.end_ns) add_track(row.track);
  if (focus.tracks.size() < 2) focus.tracks.clear();
  focus.pinned = false;
  return focus;
}

std::string marker_word(MarkerKind kind) {
  std::string word = marker_name(kind);
  std::replace(word.begin(), word.end(), ' ', '_');
  return word;
}

std::optional<MarkerKind> marker_kind_named(const std::string& word) {
  for (MarkerKind kind : kMarkerKinds)
    if (marker_word(kind) == word) return kind;
  return std::nullopt;
}

const char* marker_meaning(MarkerKind kind) {
  switch (kind) {
    case MarkerKind::ticket:
      return "A block takes a ticket: an atomic count of the blocks that have finished.";
    case MarkerKind::lock:
      return "The lock is taken: first, or handed on from the block or thread that held it.";
    case MarkerKind::lost_update:
      return "Two blocks read the same value, and the later write replaced the earlier: one update is lost.";
    case MarkerKind::stale_read:
      return "A read missed the store just before it: the value it got was already out of date.";
    case MarkerKind::double_fetch:
      return "A work item is started a second time: two fetches handed out the same item.";
    case MarkerKind::overlap:
      return "Several kernels run at the same moment: their streams really overlap.";
    case MarkerKind::merge:
      return "The results come together: the flows of many blocks end at one event.";
    case MarkerKind::barrier:
      return "A grid-wide barrier lets blocks go on.";
    case MarkerKind::signal:
      return "A CUDA event is recorded in a stream, or a wait for one is released.";
    case MarkerKind::waiting_holder:
      return "A thread waits while it holds the lock: nobody else can take the lock until it goes on.";
    case MarkerKind::deadlock:
      return "No progress: a wait the watchdog had to stop, or a state that repeats forever.";
  }
  return "";
}

std::vector<MarkerKind> kinds_present(const std::vector<EventMarker>& markers) {
  std::vector<MarkerKind> kinds;
  for (MarkerKind kind : kMarkerKinds)
    if (std::any_of(markers.begin(), markers.end(), [kind](const EventMarker& m) { return m.kind == kind; }))
      kinds.push_back(kind);
  return kinds;
}

int next_marker_step(const std::vector<EventMarker>& markers, int step) {
  int best = -1;
  for (const EventMarker& m : markers)
    if (m.step > step && (best < 0 || m.step < best)) best = m.step;
  return best;
}

int previous_marker_step(const std::vector<EventMarker>& markers, int step) {
  int best = -1;
  for (const EventMarker& m : markers)
    if (m.step < step && m.step > best) best = m.step;
  return best;
}

bool jump_to_next_marker(Playback& playback, const std::vector<EventMarker>& markers) {
  const int step = next_marker_step(markers, playback.step());
  if (step < 0 || step >= playback.step_count()) return false;
  playback.seek(step);
  return true;
}

bool jump_to_previous_marker(Playback& playback, const std::vector<EventMarker>& markers) {
  const int step = previous_marker_step(markers, playback.step());
  if (step < 0) return false;
  playback.seek(step);
  return true;
}

}  // namespace gridlock::viewer
