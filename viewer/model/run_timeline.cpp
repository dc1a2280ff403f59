// The whole-run timeline: rows nested by the tracks' parents, summaries of collapsed groups.
#include "model/run_timeline.hpp"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace gridlock::viewer {

namespace {

// The tracks to show: those with events and every track they nest in, as children lists.
struct TrackTree {
  std::vector<int> roots;                          // track ids, declaration order
  std::unordered_map<int, std::vector<int>> kids;  // parent id -> child ids, declaration order
};

TrackTree track_tree(const trace::Trace& trace, const std::unordered_map<int, std::size_t>& with_events) {
  std::unordered_map<int, bool> shown;
  for (const auto& [id, row] : with_events) {
    // Each track with events and its ancestors (validated traces have no cycles; the bound is a guard).
    const trace::Track* t = trace.find_track(id);
    for (std::size_t hops = 0; t && !shown[t->id] && hops <= trace.tracks.size(); ++hops) {
      shown[t->id] = true;
      t = t->parent >= 0 ? trace.find_track(t->parent) : nullptr;
    }
  }
  TrackTree tree;
  for (const trace::Track& t : trace.tracks) {
    if (!shown[t.id]) continue;
    if (t.parent >= 0 && trace.find_track(t.parent))
      tree.kids[t.parent].push_back(t.id);
    else
      tree.roots.push_back(t.id);
  }
  // Events on undeclared tracks (validated traces have none) still get rows, at the top.
  std::vector<int> undeclared;
  for (const auto& [id, row] : with_events)
    if (!trace.find_track(id)) undeclared.push_back(id);
  std::sort(undeclared.begin(), undeclared.end());
  tree.roots.insert(tree.roots.end(), undeclared.begin(), undeclared.end());
  return tree;
}

struct Builder {
  const trace::Trace& trace;
  StepTimeline& all;  // the run's events, one row per track with events
  const std::unordered_map<int, std::size_t>& row_of_track;
  const TrackTree& tree;
  RunTimeline& out;

  void add(int id, int depth, int parent) {
    const int index = static_cast<int>(out.rows.size());
    out.rows.emplace_back();
    RunRow& row = out.rows.back();
    row.track = id;
    row.depth = depth;
    row.parent = parent;
    if (const trace::Track* t = trace.find_track(id)) {
      row.name = t->name;
      row.kind = t->kind;
    } else {
      row.name = "track " + std::to_string(id);
    }
    if (auto it = row_of_track.find(id); it != row_of_track.end())
      row.events = std::move(all.rows[it->second]);
    const auto kids = tree.kids.find(id);
    if (kids != tree.kids.end())
      for (int child : kids->second) add(child, depth + 1, index);
    RunRow& done = out.rows[static_cast<std::size_t>(index)];
    done.end = static_cast<int>(out.rows.size());
    done.pinned = depth == 0 && done.end == index + 1 &&
                  (done.kind == trace::TrackKind::memory || done.kind == trace::TrackKind::lock ||
                   !done.events.counters.empty());
  }
};

// Merges the outermost slices of the rows nested in `group` into spans, per category.
std::vector<SummarySpan> summarise(const RunTimeline& t, int group) {
  std::map<trace::Category, std::vector<SummarySpan>> spans;
  for (int r = group + 1; r < t.rows[static_cast<std::size_t>(group)].end; ++r)
    for (const TimelineSlice& s : t.rows[static_cast<std::size_t>(r)].events.slices)
      if (s.depth == 0) spans[s.category].push_back({s.begin_ns, s.end_ns, s.category});
  std::vector<SummarySpan> out;
  for (auto& [category, list] : spans) {
    std::sort(list.begin(), list.end(),
              [](const SummarySpan& a, const SummarySpan& b) { return a.begin_ns < b.begin_ns; });
    for (const SummarySpan& s : list) {
      if (!out.empty() && out.back().category == category && s.begin_ns <= out.back().end_ns)
        out.back().end_ns = std::max(out.back().end_ns, s.end_ns);
      else
        out.push_back(s);
    }
  }
  return out;
}

// Per depth, the kind most rows at that depth have.
std::vector<trace::TrackKind> level_kinds(const RunTimeline& t) {
  std::vector<std::map<trace::TrackKind, int>> counts;
  for (const RunRow& r : t.rows) {
    if (r.pinned) continue;
    if (counts.size() <= static_cast<std::size_t>(r.depth))
      counts.resize(static_cast<std::size_t>(r.depth) + 1);
    ++counts[static_cast<std::size_t>(r.depth)][r.kind];
  }
  std::vector<trace::TrackKind> out;
  for (const auto& level : counts) {
    auto most = std::max_element(level.begin(), level.end(),
                                 [](const auto& a, const auto& b) { return a.second < b.second; });
    out.push_back(most == level.end() ? trace::TrackKind::block : most->first);
  }
  return out;
}

}  // namespace

bool has_timeline(const trace::Trace& trace) {
  return std::any_of(trace.steps.begin(), trace.steps.end(),
                     [](const trace::Step& s) { return !s.events.empty(); });
}

RunTimeline run_timeline(const trace::Trace& trace) {
  std::vector<const trace::Event*> events;
  for (const trace::Step& step : trace.steps)
    for (const trace::Event& e : step.events) events.push_back(&e);
  StepTimeline all = events_timeline(trace, std::move(events));
  RunTimeline out;
  if (all.empty()) return out;
  out.begin_ns = all.begin_ns;
  out.end_ns = all.end_ns;
  out.categories = categories_in(all);
  std::unordered_map<int, std::size_t> row_of_track;
  for (std::size_t r = 0; r < all.rows.size(); ++r) {
    row_of_track[all.rows[r].track] = r;
    out.has_counters = out.has_counters || !all.rows[r].counters.empty();
  }
  const TrackTree tree = track_tree(trace, row_of_track);
  Builder build{trace, all, row_of_track, tree, out};
  for (int id : tree.roots) build.add(id, 0, -1);

  std::unordered_map<int, int> run_row;  // track id -> row
  for (std::size_t r = 0; r < out.rows.size(); ++r) run_row[out.rows[r].track] = static_cast<int>(r);
  std::unordered_map<int, int> step_of_flow;  // flow id -> the step of its start
  for (std::size_t k = 0; k < trace.steps.size(); ++k)
    for (const trace::Event& e : trace.steps[k].events)
      for (int id : e.flows_out) step_of_flow[id] = static_cast<int>(k);
  for (const TimelineFlow& f : all.flows)
    out.flows.push_back({f.id, step_of_flow[f.id], run_row.at(all.rows[f.from_row].track),
                         run_row.at(all.rows[f.to_row].track), f.from_ns, f.to_ns, f.to_moment});
  for (std::size_t r = 0; r < out.rows.size(); ++r)
    if (out.is_group(static_cast<int>(r))) out.rows[r].summary = summarise(out, static_cast<int>(r));
  out.level_kinds = level_kinds(out);
  return out;
}

Collapsed collapse_from_depth(const RunTimeline& timeline, int depth) {
  Collapsed c(timeline.rows.size(), 0);
  for (std::size_t r = 0; r < timeline.rows.size(); ++r)
    c[r] = timeline.is_group(static_cast<int>(r)) && timeline.rows[r].depth >= depth ? 1 : 0;
  return c;
}

int opening_depth(const RunTimeline& timeline, std::size_t max_rows) {
  const int deepest = static_cast<int>(timeline.level_kinds.size());
  for (int depth = deepest; depth > 1; --depth)
    if (visible_rows(timeline, collapse_from_depth(timeline, depth)).size() <= max_rows) return depth;
  return std::min(deepest, 1);
}

std::vector<int> visible_rows(const RunTimeline& timeline, const Collapsed& collapsed) {
  std::vector<int> out;
  const int n = static_cast<int>(timeline.rows.size());
  for (int r = 0; r < n;) {
    const RunRow& row = timeline.rows[static_cast<std::size_t>(r)];
    if (!row.pinned) out.push_back(r);
    const bool closed =
        static_cast<std::size_t>(r) < collapsed.size() && collapsed[static_cast<std::size_t>(r)];
    r = closed ? row.end : r + 1;
  }
  return out;
}

int shown_row(const RunTimeline& timeline, const Collapsed& collapsed, int row) {
  int shown = row;
  for (int r = timeline.rows[static_cast<std::size_t>(row)].parent; r >= 0;
       r = timeline.rows[static_cast<std::size_t>(r)].parent)
    if (static_cast<std::size_t>(r) < collapsed.size() && collapsed[static_cast<std::size_t>(r)]) shown = r;
  return shown;
}

}  // namespace gridlock::viewer
