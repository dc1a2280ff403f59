// The registry's rows. Each view's file defines its maker; the row says when it applies.
#include "views/registry.hpp"

#include "model/barrier_chart.hpp"
#include "model/block_trees.hpp"
#include "model/gantt_chart.hpp"
#include "model/histogram.hpp"
#include "model/lock_run.hpp"
#include "model/run_timeline.hpp"
#include "model/ticket_chart.hpp"
#include "model/timings_chart.hpp"
#include "model/warp_lanes.hpp"
#include "views/view.hpp"

namespace gridlock::viewer {

// The makers, one per view file.
std::unique_ptr<TraceView> make_tree_view(const trace::Trace& trace, const ViewConfig& config);
std::unique_ptr<TraceView> make_lock_view(const trace::Trace& trace, const ViewConfig& config);
std::unique_ptr<TraceView> make_timeline_view(const trace::Trace& trace, const ViewConfig& config);
std::unique_ptr<TraceView> make_histogram_view(const trace::Trace& trace, const ViewConfig& config);
std::unique_ptr<TraceView> make_blocks_view(const trace::Trace& trace, const ViewConfig& config);
std::unique_ptr<TraceView> make_lanes_view(const trace::Trace& trace, const ViewConfig& config);
std::unique_ptr<TraceView> make_barrier_view(const trace::Trace& trace, const ViewConfig& config);
std::unique_ptr<TraceView> make_guard_view(const trace::Trace& trace, const ViewConfig& config);
std::unique_ptr<TraceView> make_gantt_view(const trace::Trace& trace, const ViewConfig& config);
std::unique_ptr<TraceView> make_timings_view(const trace::Trace& trace, const ViewConfig& config);

namespace {

bool has_tree(const trace::Trace& trace) { return !tree_buffers(trace).empty(); }

}  // namespace

const std::vector<ViewEntry>& view_registry() {
  static const std::vector<ViewEntry> rows = {
      {"tree", has_tree, make_tree_view},
      {"lock", has_lock, make_lock_view},
      {"blocks", has_block_trees, make_blocks_view},
      {"lanes", has_warp_lanes, make_lanes_view},
      {"barrier", has_barrier, make_barrier_view},
      {"guard", has_tickets, make_guard_view},
      {"gantt", has_gantt, make_gantt_view},
      {"timeline", has_timeline, make_timeline_view},
      {"histogram", has_series, make_histogram_view},
      {"timings", has_timings, make_timings_view},  // last: a run's own views come first
  };
  return rows;
}

std::vector<std::string> view_names() {
  std::vector<std::string> names;
  for (const ViewEntry& e : view_registry()) names.emplace_back(e.name);
  return names;
}

std::vector<std::string> applicable_views(const trace::Trace& trace) {
  std::vector<std::string> names;
  for (const ViewEntry& e : view_registry())
    if (e.applies(trace)) names.emplace_back(e.name);
  return names;
}

std::vector<std::unique_ptr<TraceView>> make_views(const trace::Trace& trace, const ViewConfig& config) {
  std::vector<std::unique_ptr<TraceView>> views;
  for (const ViewEntry& e : view_registry())
    if (e.applies(trace)) views.push_back(e.make(trace, config));
  return views;
}

std::unique_ptr<TraceView> make_first_view(const trace::Trace& trace, const ViewConfig& config) {
  for (const ViewEntry& e : view_registry())
    if (e.applies(trace)) return e.make(trace, config);
  return nullptr;
}

}  // namespace gridlock::viewer
