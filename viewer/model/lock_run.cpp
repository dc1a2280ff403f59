// The lock view's model: lanes, holds, hand-offs and spin heat from the whole-run timeline, and a
// model's warp step by step from its stack buffers and lane tracks.
#include "model/lock_run.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "format.hpp"

namespace gridlock::viewer {

namespace {

using trace::Category;

bool is_lock_category(Category c) { return c == Category::critical || c == Category::spin; }

bool row_fights(const RunRow& row) {
  if (row.kind == trace::TrackKind::lock || row.kind == trace::TrackKind::memory) return false;
  return std::any_of(row.events.slices.begin(), row.events.slices.end(),
                     [](const TimelineSlice& s) { return is_lock_category(s.category); });
}

std::string lane_name(const trace::Trace& trace, const RunRow& row) {
  const trace::Track* t = trace.find_track(row.track);
  if (t && row.kind == trace::TrackKind::lane && t->block >= 0 && trace.launches.size() == 1 &&
      trace.launches.front().grid > 1)
    return "b" + std::to_string(t->block) + " " + row.name;
  return row.name;
}

// A lane's critical slices, merged where one begins where (or before) the last ended.
void add_holds(const RunRow& row, int lane, std::vector<LockHold>& holds) {
  bool open = false;
  LockHold h{lane, 0, 0};
  for (const TimelineSlice& s : row.events.slices) {
    if (s.category != Category::critical || s.depth != 0) continue;
    if (open && s.begin_ns <= h.end_ns) {
      h.end_ns = std::max(h.end_ns, s.end_ns);
      continue;
    }
    if (open) holds.push_back(h);
    h = {lane, s.begin_ns, s.end_ns};
    open = true;
  }
  if (open) holds.push_back(h);
}

// Hand-offs: flows from one lane to the start of another lane's hold (other flows, such as a lost
// update's from the write it replaced, are not the lock changing hands).
void add_handoffs(LockRun& lock) {
  std::map<int, int> lane_of_row;
  for (std::size_t i = 0; i < lock.lanes.size(); ++i) lane_of_row[lock.lanes[i]] = static_cast<int>(i);
  std::set<std::pair<int, int64_t>> hold_starts;  // lane, begin
  for (const LockHold& h : lock.holds) hold_starts.insert({h.lane, h.begin_ns});
  for (const RunFlow& f : lock.run.flows) {
    const auto a = lane_of_row.find(f.from_row), b = lane_of_row.find(f.to_row);
    if (a != lane_of_row.end() && b != lane_of_row.end() && a->second != b->second &&
        hold_starts.count({b->second, f.to_ns}))
      lock.handoffs.push_back({a->second, b->second, f.from_ns, f.to_ns});
  }
  if (!lock.handoffs.empty()) return;
  for (std::size_t i = 1; i < lock.holds.size(); ++i)
    if (lock.holds[i].lane != lock.holds[i - 1].lane)
      lock.handoffs.push_back(
          {lock.holds[i - 1].lane, lock.holds[i].lane, lock.holds[i - 1].end_ns, lock.holds[i].begin_ns});
}

}  // namespace

bool has_lock(const trace::Trace& trace) {
  for (const trace::Step& s : trace.steps)
    for (const trace::Event& e : s.events)
      if (e.kind == trace::EventKind::slice_begin && e.category == trace::Category::critical) return true;
  return false;
}

LockRun lock_run(const trace::Trace& trace) {
  LockRun lock;
  lock.run = run_timeline(trace);
  lock.modelled = trace.producer.kind == trace::ProducerKind::model;
  lock.begin_ns = lock.run.begin_ns;
  lock.end_ns = lock.run.end_ns;
  for (std::size_t r = 0; r < lock.run.rows.size(); ++r) {
    const RunRow& row = lock.run.rows[r];
    if (!row.events.counters.empty()) lock.counters.push_back(static_cast<int>(r));
    if (lock.run.is_group(static_cast<int>(r)) || !row_fights(row)) continue;
    const int lane = static_cast<int>(lock.lanes.size());
    lock.lanes.push_back(static_cast<int>(r));
    lock.lane_names.push_back(lane_name(trace, row));
    add_holds(row, lane, lock.holds);
    for (const TimelineSlice& s : row.events.slices)
      if (s.category == Category::spin && s.depth == 0)
        lock.spin_attempts += std::max<int64_t>(1, static_cast<int64_t>(s.begin_value));
  }
  std::stable_sort(lock.holds.begin(), lock.holds.end(),
                   [](const LockHold& a, const LockHold& b) { return a.begin_ns < b.begin_ns; });
  add_handoffs(lock);
  return lock;
}

int owner_at(const LockRun& lock, int64_t t) {
  auto it = std::upper_bound(lock.holds.begin(), lock.holds.end(), t,
                             [](int64_t v, const LockHold& h) { return v < h.begin_ns; });
  // Holds may overlap where a lock fails to exclude: the latest that began and has not ended.
  for (int back = 0; it != lock.holds.begin() && back < 8; ++back) {
    --it;
    if (t < it->end_ns) return it->lane;
  }
  return -1;
}

SpinHeat spin_heat(const LockRun& lock, int buckets, int64_t begin_ns, int64_t end_ns) {
  SpinHeat h;
  h.buckets = std::max(1, buckets);
  h.begin_ns = begin_ns;
  h.end_ns = std::max(end_ns, begin_ns + 1);
  h.cells.assign(lock.lanes.size() * static_cast<std::size_t>(h.buckets), 0.0);
  h.total.assign(static_cast<std::size_t>(h.buckets), 0.0);
  const double width = static_cast<double>(h.end_ns - h.begin_ns) / h.buckets;
  for (std::size_t lane = 0; lane < lock.lanes.size(); ++lane) {
    const RunRow& row = lock.run.rows[static_cast<std::size_t>(lock.lanes[lane])];
    for (const TimelineSlice& s : row.events.slices) {
      if (s.category != Category::spin || s.depth != 0) continue;
      const double attempts = std::max(1.0, s.begin_value);
      const double b = static_cast<double>(s.begin_ns - h.begin_ns) / width;
      const double e = std::max(b + 1e-9, static_cast<double>(s.end_ns - h.begin_ns) / width);
      for (int k = std::max(0, static_cast<int>(b)); k < std::min(h.buckets, static_cast<int>(e) + 1); ++k) {
        const double overlap = std::min<double>(e, k + 1) - std::max<double>(b, k);
        if (overlap <= 0) continue;
        const double share = attempts * overlap / (e - b);
        h.cells[lane * static_cast<std::size_t>(h.buckets) + static_cast<std::size_t>(k)] += share;
        h.total[static_cast<std::size_t>(k)] += share;
      }
    }
  }
  for (double v : h.cells) h.cell_max = std::max(h.cell_max, v);
  for (double v : h.total) h.total_max = std::max(h.total_max, v);
  return h;
}

namespace {

const trace::Buffer* buffer_named(const trace::Trace& trace, const std::string& name) {
  for (const trace::Buffer& b : trace.buffers)
    if (b.name == name) return &b;
  return nullptr;
}

LaneState state_of(Category c) {
  switch (c) {
    case Category::critical:
      return LaneState::critical;
    case Category::spin:
      return LaneState::spin;
    case Category::wait:
    case Category::barrier:
    case Category::sync:
      return LaneState::wait;
    default:
      return LaneState::work;
  }
}

// Every buffer's values after each step, one vector per step, for finding a repeated state.
using State = std::map<int, std::vector<double>>;

void apply(State& state, const trace::Step& step) {
  for (const trace::Snapshot& s : step.snapshots) {
    std::vector<double>& v = state[s.buffer];
    if (s.items.empty()) {
      v = s.values;
      continue;
    }
    for (std::size_t i = 0; i < s.items.size() && i < s.values.size(); ++i) {
      const auto at = static_cast<std::size_t>(s.items[i]);
      if (v.size() <= at) v.resize(at + 1, 0.0);
      v[at] = s.values[i];
    }
  }
}

std::vector<StackEntry> stack_of(const trace::Trace& trace, const State& state) {
  const trace::Buffer* pc = buffer_named(trace, "stack: pc");
  const trace::Buffer* mask = buffer_named(trace, "stack: active mask");
  const trace::Buffer* rpc = buffer_named(trace, "stack: reconvergence pc");
  std::vector<StackEntry> stack;
  if (!pc || !mask || !state.count(pc->id) || !state.count(mask->id)) return stack;
  const std::vector<double>& pcs = state.at(pc->id);
  const std::vector<double>& masks = state.at(mask->id);
  const std::vector<double>* rpcs = rpc && state.count(rpc->id) ? &state.at(rpc->id) : nullptr;
  for (std::size_t i = 0; i < pcs.size() && i < masks.size(); ++i) {
    if (pcs[i] < 0 || masks[i] == 0) break;  // unused entries above the top
    stack.push_back({static_cast<int>(pcs[i]), static_cast<uint32_t>(masks[i]),
                     rpcs && i < rpcs->size() ? static_cast<int>((*rpcs)[i]) : -1});
  }
  return stack;
}

// The warp's track and its lanes' tracks, by lane.
struct WarpTracks {
  int warp = -1;
  std::map<int, int> lane_of_track;
};

WarpTracks warp_tracks(const trace::Trace& trace, WarpModel& model) {
  WarpTracks w;
  for (const trace::Track& t : trace.tracks)
    if (t.kind == trace::TrackKind::warp && w.warp < 0) {
      w.warp = t.id;
      model.warp = t.name;
    }
  for (const trace::Track& t : trace.tracks)
    if (t.kind == trace::TrackKind::lane && t.parent == w.warp && t.lane >= 0) {
      w.lane_of_track[t.id] = t.lane;
      model.lane_count = std::max(model.lane_count, t.lane + 1);
    }
  return w;
}

WarpStep warp_step(const trace::Step& step, const WarpTracks& w, int lane_count) {
  WarpStep ws;
  ws.lanes.assign(static_cast<std::size_t>(lane_count), LaneState::inactive);
  ws.holds_lock.assign(static_cast<std::size_t>(lane_count), false);
  for (const trace::Event& e : step.events)
    if (e.track == w.warp && e.kind == trace::EventKind::slice_begin) {
      ws.instruction = e.name;
      ws.begin_ns = e.t_ns;
    } else if (e.track == w.warp && e.kind == trace::EventKind::slice_end) {
      ws.end_ns = e.t_ns;
    }
  for (const trace::Event& e : step.events) {
    const auto lane = w.lane_of_track.find(e.track);
    if (lane == w.lane_of_track.end() || e.kind != trace::EventKind::slice_begin) continue;
    const auto l = static_cast<std::size_t>(lane->second);
    if (e.t_ns == ws.begin_ns && ws.lanes[l] == LaneState::inactive) ws.lanes[l] = state_of(e.category);
  }
  return ws;
}

}  // namespace

bool has_warp_model(const trace::Trace& trace) {
  return trace.producer.kind == trace::ProducerKind::model && buffer_named(trace, "stack: pc") &&
         buffer_named(trace, "stack: active mask");
}

WarpModel warp_model(const trace::Trace& trace) {
  WarpModel model;
  const WarpTracks w = warp_tracks(trace, model);
  // Who holds the lock: a lane inside one of its critical slices (the whole run's, which pairs
  // ends with begins across steps) when the step's tick begins.
  std::map<int, std::vector<std::pair<int64_t, int64_t>>> critical;
  for (const RunRow& row : run_timeline(trace).rows) {
    const auto lane = w.lane_of_track.find(row.track);
    if (lane == w.lane_of_track.end()) continue;
    for (const TimelineSlice& s : row.events.slices)
      if (s.category == Category::critical) critical[lane->second].emplace_back(s.begin_ns, s.end_ns);
  }
  State state;
  std::vector<State> after;
  for (const trace::Step& step : trace.steps) {
    apply(state, step);
    WarpStep ws = warp_step(step, w, model.lane_count);
    for (const auto& [lane, spans] : critical)
      for (const auto& [b, e] : spans)
        if (b <= ws.begin_ns && ws.begin_ns < e) ws.holds_lock[static_cast<std::size_t>(lane)] = true;
    ws.stack = stack_of(trace, state);
    model.steps.push_back(std::move(ws));
    for (std::size_t j = 0; j < after.size() && model.cycle_start < 0; ++j)
      if (after[j] == state) {
        model.cycle_start = static_cast<int>(j) + 1;
        model.cycle_end = static_cast<int>(after.size());
      }
    after.push_back(state);
  }
  return model;
}

const char* lane_state_name(LaneState state) {
  switch (state) {
    case LaneState::inactive:
      return "inactive";
    case LaneState::work:
      return "working";
    case LaneState::critical:
      return "in the critical section";
    case LaneState::spin:
      return "spinning";
    case LaneState::wait:
      return "waiting to reconverge";
  }
  return "";
}

std::string lane_state_text(const LockRun& lock, int lane, int64_t t) {
  if (lane < 0 || lane >= static_cast<int>(lock.lanes.size())) return {};
  for (const LockHold& h : lock.holds)
    if (h.lane == lane && t >= h.begin_ns && t <= h.end_ns)
      return "holds the lock " + format_duration(static_cast<double>(h.begin_ns)) + " \xE2\x80\x93 " +
             format_duration(static_cast<double>(h.end_ns));
  const RunRow& row = lock.run.rows[static_cast<std::size_t>(lock.lanes[static_cast<std::size_t>(lane)])];
  for (const TimelineSlice& s : row.events.slices) {
    if (t < s.begin_ns || t > s.end_ns) continue;
    if (s.category == trace::Category::spin)
      return "spins on the lock: " +
             format_count(static_cast<int64_t>(std::max(1.0, s.begin_value)), "attempt") + " from " +
             format_duration(static_cast<double>(s.begin_ns));
    return s.name + " from " + format_duration(static_cast<double>(s.begin_ns));
  }
  return {};
}

}  // namespace gridlock::viewer
