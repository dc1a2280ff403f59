// What the warps (or blocks, streams, locks) did during one step, from the step's events:
// begin/end pairs become slices, per track; instants stay marks, counters become series, and
// flows join the events they connect.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "trace/trace.hpp"

namespace gridlock::viewer {

struct TimelineSlice {
  int64_t begin_ns = 0;
  int64_t end_ns = 0;
  std::string name;
  trace::Category category = trace::Category::work;  // the begin event's
  int depth = 0;                                     // nesting level inside the track, 0 outermost
  bool open = false;                                 // no matching end in the step: drawn to the step's end
  double begin_value = 0;                            // the values its begin and end events carry
  double end_value = 0;
};

struct TimelineInstant {
  int64_t t_ns = 0;
  std::string name;
  trace::Category category = trace::Category::work;
  double value = 0;
};

struct CounterSample {
  int64_t t_ns = 0;
  double value = 0;
};

// The samples of one counter (by name) on one track, in time order.
struct CounterSeries {
  std::string name;
  std::vector<CounterSample> samples;
  double min = 0, max = 0;  // over the samples
  bool hex = false;         // its track's values are written in hexadecimal (a bit mask)
};

// A counter's value as its track writes it: "255", or "0xff" for a mask.
std::string counter_value_text(const CounterSeries& counter, double value);

struct TimelineRow {
  int track = 0;                      // track id
  std::string name;                   // the track's name
  int warp = -1;                      // from the track declaration
  std::vector<TimelineSlice> slices;  // in order of their begin
  std::vector<TimelineInstant> instants;
  std::vector<CounterSeries> counters;
};

// A flow whose two ends are both in the step: from an event with the id in flows_out to one
// with it in flows_in (a flow with several ends gives one TimelineFlow per end).
struct TimelineFlow {
  int id = 0;
  std::size_t from_row = 0, to_row = 0;  // indices into StepTimeline::rows
  int64_t from_ns = 0, to_ns = 0;
  bool to_moment = false;  // it ends at a moment (trace::is_moment): what the moment contradicts
};

struct StepTimeline {
  std::vector<TimelineRow> rows;  // tracks with events in this step, in track-id order
  std::vector<TimelineFlow> flows;
  int64_t begin_ns = 0;                        // earliest event of the step
  int64_t end_ns = 0;                          // latest
  trace::TimeUnit unit = trace::TimeUnit::ns;  // the trace's clock's
  bool empty() const { return rows.empty(); }
};

// Pairs each slice_end with the latest open slice_begin of the same track (and name, when one
// matches). An end without a begin is ignored; a begin without an end stays open.
StepTimeline step_timeline(const trace::Trace& trace, int step);

// The same over any events (the whole run's: model/run_timeline.hpp), taken in time order (events
// at one time in the order given), with rows for the tracks they name.
StepTimeline events_timeline(const trace::Trace& trace, std::vector<const trace::Event*> events);

// What a counter reads at time t: its last sample at or before t (the last listed of those at t);
// nothing before its first sample.
std::optional<double> counter_value_at(const CounterSeries& counter, int64_t t);

// Whether time in a slice of this category is spent waiting for others (barrier, wait, spin,
// sync) rather than on the work itself.
bool is_waiting(trace::Category category);

// Time the row spends in outermost slices that are not waiting.
int64_t work_ns(const TimelineRow& row);

// The categories of the step's slices and instants, each once, in the order trace::Category
// declares them: what the timeline's legend lists.
std::vector<trace::Category> categories_in(const StepTimeline& timeline);

}  // namespace gridlock::viewer
