// The gridlock trace: what one lesson run did, step by step. Plain C++17; no CUDA, GL or ImGui.
//
// Written by the lessons, read by the viewer and the tests. FORMAT.md beside this file documents
// the JSON form field by field (version 2; version 1 files are read and converted). Everything a
// step refers to (sources, buffers, tracks, launches, devices) is declared once in the Trace and
// referred to by its index or id.
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gridlock::trace {

inline constexpr const char* kFormatName = "gridlock-trace";
inline constexpr int kFormatVersion = 2;  // what the writer writes and the reader reads

// What a reader accepts at most (FORMAT.md, "Limits"), checked before a file is parsed into memory
// or replayed: bytes of a file, JSON values in it (numbers, strings, arrays, objects and object
// keys each count one), nesting of arrays and objects, and the element operations its `ops`
// compute when replayed (an entry of a matmul on side x side items counts side^3).
inline constexpr int64_t kMaxFileBytes = int64_t(64) << 20;
inline constexpr int64_t kMaxJsonValues = int64_t(1) << 23;
inline constexpr int kMaxJsonDepth = 32;
inline constexpr int64_t kMaxReplayWork = int64_t(1) << 24;

// Raised by the reader and the writer. The message names the file and the place in it.
class TraceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class ElementType { i32, u32, f32 };
enum class MemorySpace { global, shared, registers, host };
enum class TrackKind { device, host, stream, kernel, sm, block, warp, lane, lock, memory };
enum class EventKind { slice_begin, slice_end, instant, counter };
// What an event's time was spent on; the timeline colours by it and the checks use it
// ("barrier": a wait at a barrier that every track with the same parent takes part in).
// `ticket` marks a ticket taken; the five after it are the moments a lesson exists for, each an
// instant that check_truth verifies against the events around it (FORMAT.md).
enum class Category {
  work,
  barrier,
  wait,
  spin,
  critical,
  atomic,
  kernel,
  copy,
  sync,
  host,
  other,
  ticket,
  lost_update,
  stale_read,
  overlap,
  double_fetch,
  waiting_holder
};
enum class Verdict { confirmed, contradicted, not_observable };
enum class ProducerKind { gpu, model };
// What one unit of the clock is: a nanosecond, or one step of a model (an instruction issued).
enum class TimeUnit { ns, tick };
// What a carried source is to the lesson: its kernel (the file its steps' phase comments are in),
// technique code the kernel uses (a lock, a guard, an operator), or code that only records.
enum class SourceRole { kernel, technique, recording };
// How a memory word's values are written: in decimal, or in hexadecimal where the code writes them
// so (a bit mask).
enum class ValueBase { decimal, hex };
// What an operation computes.
enum class Operator { copy, add, mul, min, max, matmul };
// Where a fact's number comes from (FactValue), each checked by check_facts against the trace:
//   duration        the time from one event to another, on the trace's clock
//   event_value     one event's value (a counter's reading, a ticket)
//   event_block     the block whose row holds an event (the block that merged, that read stale)
//   event_sm        the SM whose row holds an event (where that block ran)
//   snapshot_value  one item of a buffer as a step's snapshot holds it
//   shortfall       how far a snapshot's value falls short of its launch's grid (lost updates)
//   event_count     how many events of a category the steps hold (the moments of a kind)
//   series_value    one value of a series (the exact runs at one grid of a sweep)
//   series_matches  how many values of a series equal its reference (runs that were exact)
//   series_median   the median of a series' values
//   series_range    the least and the greatest value of a series ("2–3")
//   series_distinct how many different values a series holds (blocks that merged, over the runs)
//   series_mode     the value a series holds most often (the block that merged most often; of
//                   values held equally often, the least)
//   series_mode_count how often it holds that value, out of how many values it holds ("3205/10000")
//   series_differs  how many values of a series differ from its reference, out of how many it holds
//                   (runs that came out wrong: "3/200")
//   series_sum      the sum of a series' values, out of all its values could count where each counts
//                   out of a whole (wrong warps over every launch: "0/84480")
//   timing_median   a timing's median time (a benchmark's row)
//   timing_rate     a timing's bandwidth, GB/s (its bytes over its median time)
//   timing_ratio    a timing's bandwidth over another's (above 1: faster than that baseline)
//   series_spread   a series of ratios measured in rounds: their median, and half their range as
//                   the spread ("1.82× ± 0.01")
//   series_count    how many values a series holds (the runs a litmus test made)
//   parameter       one of the run's parameters (Trace::parameters: the runs, the seed, n)
//   launch_grid     the blocks a launch asked for (Launch::grid)
//   series_values   every value of a series in order, one after another ("0x1 0x3 0x7"); the
//                   number is how many there are
//   snapshot_item   every word of one item of a buffer as a step's snapshot holds it (a 2x2
//                   matrix, "[[1, 2], [3, 4]]"); the number is how many words there are
//   report_sites    the places a tool's report names (racecheck's racing accesses, each
//                   "file:line (function)" once, in report order); the number is how many
//   snapshot_fold   every item of a buffer as a step's snapshot holds it, folded in index order
//                   with an operator (what a right reduction of the input returns): a number, or
//                   for items of several words every word of the fold, as snapshot_item
//   event_rate      a parameter's bytes over the time from one event to another: GB/s (the input
//                   read over the recorded launch's span)
//   series_share    a series' sum over a launch's grid times the time from one event to another
//                   (block time idle, as a share of grid x span)
//   most_at_once    the most intervals open at one instant, each track's events of a category
//                   (counters aside) paired in time order, first with second, third with fourth
//                   (the most kernels, or block 0s between check-in and check-out, at once)
enum class FactKind {
  duration,
  event_value,
  event_block,
  event_sm,
  snapshot_value,
  shortfall,
  event_count,
  series_value,
  series_matches,
  series_median,
  series_range,
  series_distinct,
  series_mode,
  series_mode_count,
  series_differs,
  series_sum,
  timing_median,
  timing_rate,
  timing_ratio,
  series_spread,
  series_count,
  parameter,
  launch_grid,
  series_values,
  timing_share,
  report_count,
  snapshot_item,
  snapshot_fold,
  report_sites,
  event_rate,
  series_share,
  most_at_once
};
// How a fact's number is written: a plain number, nanoseconds, microseconds or milliseconds (the
// value is in the clock's unit, ns), "A/B" (value out of `of`), "A–B" (value to `upper`), "1.02×"
// (a ratio), "95.6%" (a ratio as a percentage: the value is the fraction) or "1.82× ± 0.01" (a
// ratio with its spread in `upper`) or "0x1f" (an integer in hex, as the code writes a bit mask);
// a list of a square matrix's words, row by row, is written "[[1, 2], [3, 4]]" (matrix).
enum class FactUnit { count, ns, us, ms, out_of, range, times, percent, spread, hex, matrix };

struct Buffer {
  int id = 0;
  std::string name;
  ElementType type = ElementType::i32;
  // Row-major. Operations index items: the rows of the first dimension (a [n] buffer holds n
  // scalars, a [n, 2, 2] buffer n 2x2 matrices).
  std::vector<int64_t> shape;
  MemorySpace space = MemorySpace::global;
  int device = -1;  // index into producer.devices; -1 where it does not apply
  int64_t element_count() const;
  int64_t item_count() const { return shape.empty() ? 0 : shape[0]; }
  int64_t item_size() const;  // elements per item
};

struct Track {
  int id = 0;
  TrackKind kind = TrackKind::block;
  std::string name;
  int parent = -1;  // the id of the track this one nests in (a warp in its block); -1: none
  int device = -1;  // index into producer.devices; -1 where it does not apply
  int block = -1;   // -1 where it does not apply
  int warp = -1;
  int lane = -1;
  int sm = -1;                          // %smid the block ran on, if recorded
  ValueBase base = ValueBase::decimal;  // a memory word's values: hex for a bit mask
};

// Values of a buffer after a step: the whole buffer when `items` is empty, else the listed items
// (item_size() values each, in the order listed).
struct Snapshot {
  int buffer = 0;
  std::vector<int64_t> items;
  std::vector<double> values;  // integers of up to 2^53 are exact in a double
};

// What a step computed, in order: for each k, thread[k] did
//   dst_buffer[dst[k]] = a_buffer[a[k]] op b_buffer[b[k]]     (copy: dst_buffer[dst[k]] = a_buffer[a[k]])
// An operand index of -1 stands for the operator's identity (the value an accumulator starts at).
struct Operation {
  Operator op = Operator::add;
  int dst_buffer = 0;
  int a_buffer = 0;
  int b_buffer = -1;  // -1 for copy
  std::vector<int64_t> dst;
  std::vector<int64_t> a;
  std::vector<int64_t> b;  // empty for copy
  std::vector<int64_t> thread;
};

// The items of a buffer that still carry a partial result after a step:
// begin, begin + stride, ..., count of them.
struct LiveRange {
  int buffer = 0;
  int64_t begin = 0;
  int64_t count = 0;
  int64_t stride = 1;
};

struct Event {
  int track = 0;
  EventKind kind = EventKind::instant;
  int64_t t_ns = 0;  // on the trace's clock, relative to its origin
  std::string name;
  Category category = Category::work;
  double value = 0;            // a counter's value, a ticket, the value a thread read, ...
  std::vector<int> flows_out;  // flows that start at this event
  std::vector<int> flows_in;   // flows that end here (a lost write -> the write that overwrote it)
};

// An event built in one call (flows are added by the caller).
inline Event make_event(int track, EventKind kind, int64_t t_ns, std::string name, Category category,
                        double value = 0) {
  Event e;
  e.track = track;
  e.kind = kind;
  e.t_ns = t_ns;
  e.name = std::move(name);
  e.category = category;
  e.value = value;
  return e;
}

// One kernel launch (or host-side phase) that steps belong to.
struct Launch {
  int id = 0;
  std::string name;  // the kernel, e.g. "reduce_single_block<1024>"
  int device = -1;
  int stream = -1;   // a stream track's id, -1 for the default stream
  int64_t grid = 1;  // blocks
  int block = 1;     // threads per block
};

// Lines [line_begin, line_end] (1-based) of source `source`.
struct SourceLines {
  int source = 0;
  int line_begin = 0;
  int line_end = 0;
};

struct Step {
  std::string label;   // equals a phase comment in the step's source, e.g. "PHASE 2: tree"
  std::string detail;  // what distinguishes this pass of the phase, e.g. "level 3 of 10, size 128"
  std::string note;    // one sentence for the viewer's caption
  int source = 0;      // index into Trace::sources
  int line_begin = 0;  // 1-based lines of that source this step belongs to
  int line_end = 0;
  int launch = -1;  // the Launch id, -1 when the step belongs to none
  // Other lines the step's work ran, in any carried source: the technique code its phase calls
  // (the lock's atomicCAS loop in locks.cuh), lit beside the phase's own lines.
  std::vector<SourceLines> lights;
  std::vector<Snapshot> snapshots;
  std::vector<Operation> ops;
  std::vector<LiveRange> live;
  std::vector<Event> events;
  // The event the step is about (index into events): where the viewer puts its time cursor for
  // the step. -1: the lesson named none, and focus_event() picks one.
  int focus = -1;
};

// Repeated measurements of one quantity (the final count of 1000 runs, a time per launch): the
// viewer draws them as a histogram. `reference` is the value a correct run gives, if there is one.
struct Series {
  std::string name;
  std::string unit;
  std::vector<double> values;
  bool has_reference = false;
  double reference = 0;
  // Where each value counts things out of a whole (the wrong warps of a launch of 8448 warps):
  // that whole; 0 where the values are not such counts.
  double out_of = 0;
};

struct Claim {
  std::string id;         // e.g. "R1.sum"
  std::string statement;  // what the documentation says
  Verdict verdict = Verdict::not_observable;
  std::string measurement;  // what was measured, with numbers
  std::string reason;       // why not observable / what the correct technique is
};

struct Timing {
  std::string name;  // "lesson kernel", "cub::DeviceReduce::Sum"
  int64_t elements = 0;
  int64_t bytes = 0;  // bytes the kernel must move at least (input read once)
  int repetitions = 0;
  double median_ns = 0;
  double min_ns = 0;
  double max_ns = 0;
  double gbytes_per_s() const;  // bytes / median
};

struct Device {
  std::string name;
  int cc_major = 0;
  int cc_minor = 0;
  int sm_count = 0;
  int driver_version = 0;  // as cudaDriverGetVersion gives it, e.g. 13000
  int runtime_version = 0;
};

struct Producer {
  ProducerKind kind = ProducerKind::gpu;
  std::vector<Device> devices;  // gpu: at least one; model: the GPUs it models, if any
  std::string model;            // kind == model: what the model simulates and how
  std::string program;          // executable that wrote the trace
  std::string recorded_at;      // ISO 8601 UTC
};

// The one clock every time in the trace is on.
struct Clock {
  std::string source = "%globaltimer";  // or "model steps", "host steady_clock", ...
  int64_t resolution_ns = 0;            // the smallest step it advances by; 0: not stated
  std::string origin;                   // what t = 0 is, e.g. "the start of the run"
  TimeUnit unit = TimeUnit::ns;         // what every time in the trace counts (t_ns, resolution_ns)
};

struct Source {
  std::string file;  // path inside the repository
  std::string text;
  std::string hash;  // source_hash(text)
  SourceRole role = SourceRole::kernel;
  // The lines (1-based, ascending) that only record: code the compiler placed on them in the
  // kernels that record and in no plain one. Empty when the producer did not say.
  std::vector<int> recording = {};
};

// One event of a trace: steps[step].events[event].
struct EventRef {
  int step = -1;
  int event = -1;
};

// A fact's number and where it comes from. The fact's text (Trace::facts) is fact_text() of it,
// and check_facts recomputes the number from what the trace recorded. Fields a kind does not use
// keep their defaults.
struct FactValue {
  FactKind kind = FactKind::event_value;
  double value = 0;
  FactUnit unit = FactUnit::count;
  int decimals = 0;
  double of = 0;     // out_of: the whole ("100" of "97/100"); range: unused
  double upper = 0;  // range: the greatest value; spread: the spread
  // duration, event_rate, series_share: the clock it is on (Clock::source) and the events its
  // time runs from and to.
  std::string clock;
  EventRef start;
  EventRef end;
  // event_value, event_block, event_sm: the event; most_at_once: the event that opened the
  // interval with which the most were first open at once.
  EventRef at;
  int step = -1;     // snapshot_value, shortfall: the step whose snapshot holds the value
  int buffer = -1;   // snapshot_value, shortfall: the buffer
  int64_t item = 0;  // snapshot_value, shortfall: the element; series_value: the value's index
  int launch = -1;   // shortfall: the launch whose grid the value falls short of; launch_grid,
                     // series_share: the launch
  Category category = Category::work;  // event_count, most_at_once
  int series = -1;                     // series_*: index into Trace::series
  int timing = -1;                     // timing_*: index into Trace::timings
  int versus = -1;                     // timing_ratio: the timing it is compared with
  std::string parameter;               // parameter, timing_share, event_rate: its name in Trace::parameters
  // report_count: the report it was counted in (a path in the repository, which a fact named
  // "*.report" cites) and what was counted there (races, hazards, errors or warnings).
  std::string report;
  std::string counted;
  Operator op = Operator::copy;     // snapshot_fold: the operator the items are folded with
  std::vector<std::string> listed;  // report_sites: the places, "kernels.cuh:27 (r6::fold)"
};

struct Trace {
  int version_read = kFormatVersion;  // the version of the file it was read from
  std::string lesson_id;
  std::string lesson_title;
  std::string technique;  // the TECHNIQUES.md entry, e.g. "R1"
  std::string variant;    // which of the lesson's variants was recorded ("racy", "atomic"); may be empty
  Producer producer;
  Clock clock;
  std::map<std::string, double> parameters;
  std::vector<Source> sources;
  std::vector<Buffer> buffers;
  std::vector<Track> tracks;
  std::vector<Launch> launches;
  std::vector<Step> steps;
  std::vector<Claim> claims;
  std::vector<Timing> timings;
  std::vector<Series> series;
  std::vector<std::string> notices;  // what the viewer must say: dropped events, unrecorded input
  // Numbers the lesson computed from this run, as display text with units ("0.80–1.12 µs"), by
  // key; the lesson's README quotes them by key, and a test keeps the two equal.
  std::map<std::string, std::string> facts;
  // The facts whose number the trace can show the origin of, by the same key (set_fact() writes
  // both); check_facts holds each to what was recorded. Other facts are text alone.
  std::map<std::string, FactValue> fact_values;
  int exit_code = 0;  // the lesson's own exit code for this run

  const Buffer* find_buffer(int id) const;
  const Track* find_track(int id) const;
  const Launch* find_launch(int id) const;
  const Device* first_device() const;  // nullptr when none is declared
};

// ---- text and files -----------------------------------------------------------------------

// "fnv1a64:" followed by 16 hex digits, over the bytes of text.
std::string source_hash(std::string_view text);

// The serialised form (JSON, numeric arrays on one line). Throws TraceError if the trace does
// not validate.
std::string to_json(const Trace& trace);

// The event a step is about when its lesson named none: the earliest of its events that is not
// the begin of a slice (a lock taken, a write done, a counter changed), or the earliest event
// where all of them begin slices; ties go to the first listed. -1 for a step without events.
// A slice's begin is passed over because it often only says since when a lane waited or ran,
// which for every step of a lock lesson is the kernel's launch.
int default_focus(const Step& step);

// The step's focus: the one its lesson named, else default_focus(). -1 for a step without events.
int focus_event(const Step& step);

// Orders each step's events by track, then time (ties keep their order), as the trace checks
// require, and keeps every step's focus and every fact's events on the events they named. The
// lesson's run does this before it writes the trace, so a lesson adds events in any order.
void order_events(Trace& trace);

// Parses and validates; `origin` names the input in messages. Throws TraceError.
Trace from_json(std::string_view text, const std::string& origin = "<memory>");

// Writes `text` to PATH through a temporary file in the same folder that is renamed over PATH,
// so PATH holds either its old content or the new one, never half a file. Throws TraceError.
void write_file_atomically(const std::string& path, std::string_view text);

// to_json, then write_file_atomically. Throws TraceError.
void write_file(const Trace& trace, const std::string& path);

// Reads, parses and validates a file. Throws TraceError naming the file.
Trace read_file(const std::string& path);

// Consistency checks a parsed trace must pass: ids declared before use, sizes that match the
// declared shapes, lines inside the sources, hashes matching the texts. Empty when valid.
std::vector<std::string> validate(const Trace& trace);

// What a recorded run must respect (truth.cpp): slices nest per track and never run backwards;
// no track leaves a barrier before the last track of its parent has arrived there (ties within
// one tick of the clock's resolution); every snapshot follows from what was known before by
// exactly the step's operations; every moment (lost_update, stale_read, overlap, double_fetch,
// waiting_holder) is what the events its flows come from say it is. Empty when it does.
std::vector<std::string> check_truth(const Trace& trace);
// The moments' part of check_truth (moments.cpp), appending to `problems`.
void check_moments(const Trace& trace, std::vector<std::string>& problems);

// The steps' events as Chrome trace JSON (opens in ui.perfetto.dev), flows included.
std::string to_perfetto_json(const Trace& trace);

// ---- facts with their origin (facts.cpp; checked by facts_check.cpp) -------------------------

// The one rule that writes a fact's number: rounded at `decimals` (printf's %.*f), never
// truncated; "164 µs", "342 ns", "97/100", "2–3", "15".
std::string fact_text(const FactValue& v);
// The same, where the fact is a list (series_values, snapshot_item, a fold of items of several
// words): each value written by that rule, one blank between them, or as a matrix.
std::string fact_text(const Trace& trace, const FactValue& v);
// The values a list fact states, in order (empty for a fact of one number).
std::vector<double> fact_list(const Trace& trace, const FactValue& v);
// The same rule for a number that is not a fact (a claim's measurement, a printed table): `value`
// in `unit` (ns for the times, a fraction for percent) rounded at `decimals`. For out_of and
// range only the first number.
std::string number_text(double value, FactUnit unit, int decimals);

// Stores `v` under `key` with its text: trace.facts[key] = fact_text(trace, v).
void set_fact(Trace& trace, const std::string& key, const FactValue& v);

// A fact's number built from what the trace holds, so that it is the recorded one by construction
// (check_facts still recomputes it). Each throws TraceError on a reference the trace lacks.
FactValue duration_fact(const Trace& trace, EventRef start, EventRef end, FactUnit unit, int decimals);
FactValue event_value_fact(const Trace& trace, EventRef at);
FactValue event_block_fact(const Trace& trace, EventRef at);
FactValue event_sm_fact(const Trace& trace, EventRef at);
FactValue snapshot_value_fact(const Trace& trace, int step, int buffer, int64_t item);
FactValue shortfall_fact(const Trace& trace, int step, int buffer, int64_t item, int launch);
FactValue event_count_fact(const Trace& trace, Category category);
FactValue series_value_fact(const Trace& trace, int series, int64_t item, bool out_of_reference);
FactValue series_matches_fact(const Trace& trace, int series);
FactValue series_median_fact(const Trace& trace, int series, FactUnit unit, int decimals);
FactValue series_range_fact(const Trace& trace, int series);
FactValue series_distinct_fact(const Trace& trace, int series);
FactValue series_mode_fact(const Trace& trace, int series);
FactValue series_mode_count_fact(const Trace& trace, int series);
FactValue series_differs_fact(const Trace& trace, int series);
FactValue series_sum_fact(const Trace& trace, int series);
// The median of a series of ratios with half their range, written "1.82× ± 0.01" at `decimals`.
FactValue series_spread_fact(const Trace& trace, int series, int decimals);
FactValue series_count_fact(const Trace& trace, int series);
// Every value of a series in order, each written as `unit` at `decimals` ("0x1 0x3 0x7" in hex).
FactValue series_values_fact(const Trace& trace, int series, FactUnit unit = FactUnit::count,
                             int decimals = 0);
// Every word of item `item` of `buffer` in step `step`'s snapshot, written as a matrix where the
// item has several words.
FactValue snapshot_item_fact(const Trace& trace, int step, int buffer, int64_t item);
// Every item of `buffer` in step `step`'s snapshot folded in index order with `op`, in the
// buffer's element type (32-bit integers wrap): a number, or a matrix's words.
FactValue snapshot_fold_fact(const Trace& trace, int step, int buffer, Operator op);
FactValue parameter_fact(const Trace& trace, const std::string& name);
// Keeps a setting the run took among the trace's parameters as `name` and returns the fact that
// quotes it (parameter_fact): one place for the number, however many facts show it.
FactValue setting_fact(Trace& trace, const std::string& name, double value);
FactValue launch_grid_fact(const Trace& trace, int launch);
// Appends `s` to trace.series and returns its index, for the facts that read it.
int add_series(Trace& trace, Series s);
FactValue timing_median_fact(const Trace& trace, int timing, FactUnit unit, int decimals);
FactValue timing_rate_fact(const Trace& trace, int timing, int decimals);
// unit: times ("0.98×") or percent ("95.6%").
FactValue timing_ratio_fact(const Trace& trace, int timing, int versus, int decimals,
                            FactUnit unit = FactUnit::times);
// A timing's GB/s as a share of a stated rate the run's parameters hold (the device's peak
// bandwidth, "peak_gbs"), written as a percentage.
FactValue timing_share_fact(const Trace& trace, int timing, const std::string& parameter, int decimals);
// A count a tool's report states (racecheck's races, hazards, errors or warnings): `report` is
// the report's path, which a fact named "*.report" of the trace cites; gridlock-evidence-check
// counts it again in the file.
FactValue report_count_fact(const std::string& report, const std::string& counted, double value);
// The places a tool's report names, each "file:line (function)", in the report's order and each
// once; written one after another with ", " between them. gridlock-evidence-check reads them
// again in the file.
FactValue report_sites_fact(const std::string& report, const std::vector<std::string>& sites);
// Parameter `bytes` (a byte count) over the time from `start` to `end`: GB/s, a count at `decimals`.
FactValue event_rate_fact(const Trace& trace, const std::string& bytes, EventRef start, EventRef end,
                          int decimals);
// Series `series`' sum (a time a block, ns) over launch `launch`'s grid times the time from `start`
// to `end`: a percentage at `decimals`.
FactValue series_share_fact(const Trace& trace, int series, int launch, EventRef start, EventRef end,
                            int decimals);
// The most intervals of `category` open at one instant: on each track its events of that category
// (counters aside), in time order, pair up first with second, third with fourth. An interval is
// open from its first event's time up to, not at, its second's.
FactValue most_at_once_fact(const Trace& trace, Category category);

// The event of `step` on `track` at `t_ns` of `kind`, for a fact that names it. Throws TraceError
// when there is none.
EventRef find_event(const Trace& trace, int step, int track, int64_t t_ns, EventKind kind);
// The same, in whichever step holds it, of `category`: the first in step order.
EventRef find_event(const Trace& trace, int track, int64_t t_ns, EventKind kind, Category category);

// Appends a problem for every fact_values entry the trace contradicts: a number that is not what
// its origin recorded, a text that does not state the number (rounded, not truncated), a clock
// that is not the trace's, a reference to nothing. Written apart from facts.cpp. Part of
// check_truth.
void check_facts(const Trace& trace, std::vector<std::string>& problems);
// The replay's arithmetic (truth.cpp), which check_facts folds with: `a op b` for two items of
// `type` (element by element, or a square matrix product for matmul), and the operator's identity.
std::vector<double> combine_items(Operator op, ElementType type, const std::vector<double>& a,
                                  const std::vector<double>& b);
std::vector<double> identity_item(Operator op, ElementType type, int64_t size);

// ---- names, for messages and for the JSON form ---------------------------------------------
const char* to_string(ElementType v);
const char* to_string(MemorySpace v);
const char* to_string(TrackKind v);
const char* to_string(EventKind v);
const char* to_string(Category v);
const char* to_string(Verdict v);
const char* to_string(ProducerKind v);
const char* to_string(TimeUnit v);
const char* to_string(Operator v);
const char* to_string(SourceRole v);
const char* to_string(ValueBase v);
const char* to_string(FactKind v);
const char* to_string(FactUnit v);

// ---- kernel source helpers -----------------------------------------------------------------

// The lines of a text as an editor numbers them: split at '\n', a trailing '\r' dropped, and a
// text ending in '\n' has an empty last line. The views point into `text`.
std::vector<std::string_view> split_lines(std::string_view text);

// The phase a step label names: "PHASE 2" for "PHASE 2: halving tree"; the label itself when it
// has no ':'.
std::string_view phase_of(std::string_view label);

// Whether a source line is a phase comment ("// PHASE 2: tree"), and its label.
bool is_phase_comment(std::string_view line, std::string_view* label = nullptr);

// Lines [begin, end] (1-based) of the phase whose comment is "// <label>": from the comment to
// the line before the next phase comment or the closing brace of the function.
// Returns {0, 0} when the label does not appear, and also when it appears more than once (a
// label must name one place).
struct LineRange {
  int begin = 0;
  int end = 0;
};
LineRange find_phase_lines(std::string_view source, std::string_view label);

// Lines [begin, end] (1-based) between "// lesson-begin NAME" and "// lesson-end NAME", the marker
// lines left out (README snippets are cut from the same regions). {0, 0} when the region is not
// there, begins twice, is never closed or is empty.
LineRange find_region_lines(std::string_view source, std::string_view name);

}  // namespace gridlock::trace
