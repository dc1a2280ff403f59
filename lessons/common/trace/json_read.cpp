// JSON text -> Trace. Untrusted input: every field is checked where it is read, every refusal
// names the place, and validate() then checks the trace as a whole. Version 2 is the one read: a
// version 1 file is refused with the advice to record it again (FORMAT.md, "Versions").
#include <nlohmann/json.hpp>

#include "trace/json_reader.hpp"
#include "trace/trace.hpp"

namespace gridlock::trace {
namespace {

constexpr int64_t kMaxElements = int64_t(1) << 28;  // per buffer; larger is refused
constexpr int64_t kMaxIndex = kMaxElements;
constexpr int64_t kMaxTime = int64_t(1) << 62;
constexpr int64_t kMaxId = int64_t(1) << 30;

std::vector<int64_t> index_list(const JsonPlace& p, int64_t lowest = 0) {
  std::vector<int64_t> out(p.size());
  for (size_t i = 0; i < out.size(); ++i) out[i] = p[i].integer(lowest, kMaxIndex);
  return out;
}

std::vector<int> id_list(const JsonPlace& p) {
  std::vector<int> out(p.size());
  for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<int>(p[i].integer(0, kMaxId));
  return out;
}

std::vector<double> number_list(const JsonPlace& p) {
  const size_t n = p.size();
  if (static_cast<int64_t>(n) > kMaxElements) p.fail("more than 2^28 values");
  std::vector<double> out(n);
  for (size_t i = 0; i < n; ++i) out[i] = p[i].number();
  return out;
}

// An optional array member: empty when absent.
template <typename F>
auto optional_list(const JsonPlace& p, const char* key, F read) -> decltype(read(p)) {
  if (!p.has(key)) return {};
  return read(p.at(key));
}

Buffer read_buffer(const JsonPlace& p) {
  Buffer b;
  b.id = p.at("id").small_int();
  b.name = p.at("name").text();
  b.type = p.at("type").choice<ElementType>();
  b.space = p.at("space").choice<MemorySpace>();
  b.device = p.at("device").small_int();
  JsonPlace shape = p.at("shape");
  if (shape.size() == 0) shape.fail("a shape needs at least one dimension");
  int64_t count = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    int64_t d = shape[i].integer(1, kMaxElements);
    if (count > kMaxElements / d) shape.fail("more than 2^28 elements");
    count *= d;
    b.shape.push_back(d);
  }
  return b;
}

Track read_track(const JsonPlace& p) {
  Track t;
  t.id = p.at("id").small_int();
  t.kind = p.at("kind").choice<TrackKind>();
  t.name = p.at("name").text();
  t.block = p.at("block").small_int();
  t.warp = p.at("warp").small_int();
  t.sm = p.at("sm").small_int();
  t.parent = p.at("parent").small_int();
  t.device = p.at("device").small_int();
  t.lane = p.at("lane").small_int();
  if (p.has("base")) t.base = p.at("base").choice<ValueBase>();
  return t;
}

Snapshot read_snapshot(const JsonPlace& p) {
  Snapshot s;
  s.buffer = p.at("buffer").small_int();
  s.items = optional_list(p, "items", [](const JsonPlace& l) { return index_list(l); });
  s.values = number_list(p.at("values"));
  return s;
}

Operation read_operation(const JsonPlace& p) {
  Operation o;
  o.op = p.at("op").choice<Operator>();
  o.dst_buffer = p.at("dst_buffer").small_int();
  o.a_buffer = p.at("a_buffer").small_int();
  o.b_buffer = p.at("b_buffer").small_int();
  o.dst = index_list(p.at("dst"));
  o.a = index_list(p.at("a"), -1);
  o.b = index_list(p.at("b"), -1);
  o.thread = index_list(p.at("thread"), -1);
  return o;
}

Event read_event(const JsonPlace& e) {
  Event ev;
  ev.track = e.at("track").small_int();
  ev.kind = e.at("kind").choice<EventKind>();
  ev.t_ns = e.at("t_ns").integer(-kMaxTime, kMaxTime);
  ev.name = e.at("name").text();
  ev.category = e.at("category").choice<Category>();
  ev.value = e.at("value").number();
  ev.flows_out = optional_list(e, "flows_out", id_list);
  ev.flows_in = optional_list(e, "flows_in", id_list);
  return ev;
}

Step read_step(const JsonPlace& p) {
  Step s;
  s.label = p.at("label").text();
  s.detail = p.at("detail").text();
  s.note = p.at("note").text();
  JsonPlace lines = p.at("lines");
  if (lines.size() != 2) lines.fail("expected [first line, last line]");
  s.line_begin = static_cast<int>(lines[0].integer(0, 1 << 24));
  s.line_end = static_cast<int>(lines[1].integer(0, 1 << 24));
  s.source = p.at("source").small_int();
  s.launch = p.at("launch").small_int();
  JsonPlace snaps = p.at("snapshots");
  for (size_t i = 0; i < snaps.size(); ++i) s.snapshots.push_back(read_snapshot(snaps[i]));
  JsonPlace ops = p.at("ops");
  for (size_t i = 0; i < ops.size(); ++i) s.ops.push_back(read_operation(ops[i]));
  JsonPlace live = p.at("live");
  for (size_t i = 0; i < live.size(); ++i) {
    JsonPlace l = live[i];
    s.live.push_back({l.at("buffer").small_int(), l.at("begin").integer(0, kMaxIndex),
                      l.at("count").integer(0, kMaxIndex), l.at("stride").integer(1, kMaxIndex)});
  }
  JsonPlace events = p.at("events");
  for (size_t i = 0; i < events.size(); ++i) s.events.push_back(read_event(events[i]));
  if (p.has("lights")) {
    JsonPlace lights = p.at("lights");
    for (size_t i = 0; i < lights.size(); ++i) {
      JsonPlace l = lights[i];
      JsonPlace range = l.at("lines");
      if (range.size() != 2) range.fail("expected [first line, last line]");
      s.lights.push_back({l.at("source").small_int(), static_cast<int>(range[0].integer(0, 1 << 24)),
                          static_cast<int>(range[1].integer(0, 1 << 24))});
    }
  }
  if (p.has("focus")) s.focus = static_cast<int>(p.at("focus").integer(0, 1 << 30));
  return s;
}

Device read_device(const JsonPlace& d) {
  Device out;
  out.name = d.at("name").text();
  JsonPlace cc = d.at("compute_capability");
  if (cc.size() != 2) cc.fail("expected [major, minor]");
  out.cc_major = static_cast<int>(cc[0].integer(0, 100));
  out.cc_minor = static_cast<int>(cc[1].integer(0, 100));
  out.sm_count = static_cast<int>(d.at("sm_count").integer(1, 1 << 16));
  out.driver_version = static_cast<int>(d.at("driver_version").integer(0, 1 << 30));
  out.runtime_version = static_cast<int>(d.at("runtime_version").integer(0, 1 << 30));
  return out;
}

Producer read_producer(const JsonPlace& p) {
  Producer out;
  out.kind = p.at("kind").choice<ProducerKind>();
  out.program = p.at("program").text();
  out.recorded_at = p.at("recorded_at").text();
  if (out.kind == ProducerKind::model) {
    out.model = p.at("model").text();
    if (out.model.empty()) p.at("model").fail("a model-produced trace must say what the model is");
  }
  JsonPlace devices = p.at("devices");
  for (size_t i = 0; i < devices.size(); ++i) out.devices.push_back(read_device(devices[i]));
  if (out.kind == ProducerKind::gpu && out.devices.empty())
    devices.fail("a GPU-produced trace must name the GPU it ran on");
  return out;
}

int read_header(const JsonPlace& root) {
  root.expect_object();
  if (!root.has("format")) root.fail("not a gridlock trace (it has no \"format\": \"gridlock-trace\" field)");
  JsonPlace format = root.at("format");
  if (format.text() != kFormatName) format.fail("not a gridlock trace (format is \"" + format.text() + "\")");
  JsonPlace version = root.at("version");
  int64_t v = version.integer(INT32_MIN, INT32_MAX);
  if (v != kFormatVersion)
    version.fail("format version " + std::to_string(v) + " is not read by this build, which reads version " +
                 std::to_string(kFormatVersion) +
                 (v < kFormatVersion ? ": record the trace again with this build's lesson" : ""));
  return static_cast<int>(v);
}

Source read_source(const JsonPlace& p) {
  Source s{p.at("file").text(), p.at("text").text(), p.at("hash").text()};
  if (p.has("role")) s.role = p.at("role").choice<SourceRole>();
  if (p.has("recording")) {
    const JsonPlace lines = p.at("recording");
    for (size_t i = 0; i < lines.size(); ++i)
      s.recording.push_back(static_cast<int>(lines[i].integer(1, 1 << 30)));
  }
  return s;
}

Timing read_timing(const JsonPlace& m) {
  Timing tm;
  tm.name = m.at("name").text();
  tm.elements = m.at("elements").integer(0, int64_t(1) << 40);
  tm.bytes = m.at("bytes").integer(0, int64_t(1) << 50);
  tm.repetitions = static_cast<int>(m.at("repetitions").integer(0, 1 << 30));
  tm.median_ns = m.at("median_ns").number();
  tm.min_ns = m.at("min_ns").number();
  tm.max_ns = m.at("max_ns").number();
  return tm;
}

EventRef read_ref(const JsonPlace& p) {
  if (p.size() != 2) p.fail("expected [step, event]");
  return {p[0].small_int(), p[1].small_int()};
}

FactValue read_fact_value(const JsonPlace& p) {
  FactValue f;
  f.kind = p.at("kind").choice<FactKind>();
  f.value = p.at("value").number();
  f.unit = p.at("unit").choice<FactUnit>();
  if (p.has("decimals")) f.decimals = static_cast<int>(p.at("decimals").integer(0, 12));
  if (f.unit == FactUnit::out_of) f.of = p.at("of").number();
  if (f.unit == FactUnit::range || f.unit == FactUnit::spread) f.upper = p.at("upper").number();
  switch (f.kind) {
    case FactKind::duration:
      f.clock = p.at("clock").text();
      f.start = read_ref(p.at("start"));
      f.end = read_ref(p.at("end"));
      break;
    case FactKind::event_value:
    case FactKind::event_block:
    case FactKind::event_sm:
      f.at = read_ref(p.at("at"));
      break;
    case FactKind::shortfall:
      f.launch = p.at("launch").small_int();
      [[fallthrough]];
    case FactKind::snapshot_value:
      f.step = p.at("step").small_int();
      f.buffer = p.at("buffer").small_int();
      f.item = p.at("item").integer(0, kMaxIndex);
      break;
    case FactKind::event_count:
      f.category = p.at("category").choice<Category>();
      break;
    case FactKind::series_value:
      f.item = p.at("item").integer(0, kMaxIndex);
      [[fallthrough]];
    case FactKind::series_matches:
    case FactKind::series_median:
    case FactKind::series_range:
    case FactKind::series_distinct:
    case FactKind::series_mode:
    case FactKind::series_mode_count:
    case FactKind::series_differs:
    case FactKind::series_sum:
    case FactKind::series_spread:
    case FactKind::series_count:
    case FactKind::series_values:
      f.series = p.at("series").small_int();
      break;
    case FactKind::parameter:
      f.parameter = p.at("parameter").text();
      break;
    case FactKind::launch_grid:
      f.launch = p.at("launch").small_int();
      break;
    case FactKind::timing_ratio:
      f.versus = p.at("versus").small_int();
      [[fallthrough]];
    case FactKind::timing_median:
    case FactKind::timing_rate:
      f.timing = p.at("timing").small_int();
      break;
    case FactKind::timing_share:
      f.timing = p.at("timing").small_int();
      f.parameter = p.at("parameter").text();
      break;
    case FactKind::report_count:
      f.report = p.at("report").text();
      f.counted = p.at("counted").text();
      break;
    case FactKind::report_sites:
      f.report = p.at("report").text();
      for (size_t k = 0, n = p.at("listed").size(); k < n; ++k) f.listed.push_back(p.at("listed")[k].text());
      break;
    case FactKind::event_rate:
    case FactKind::series_share:
      if (f.kind == FactKind::event_rate) f.parameter = p.at("parameter").text();
      if (f.kind == FactKind::series_share) {
        f.series = p.at("series").small_int();
        f.launch = p.at("launch").small_int();
      }
      f.clock = p.at("clock").text();
      f.start = read_ref(p.at("start"));
      f.end = read_ref(p.at("end"));
      break;
    case FactKind::most_at_once:
      f.category = p.at("category").choice<Category>();
      f.at = read_ref(p.at("at"));
      break;
    case FactKind::snapshot_item:
      f.item = p.at("item").integer(0, kMaxIndex);
      [[fallthrough]];
    case FactKind::snapshot_fold:
      f.step = p.at("step").small_int();
      f.buffer = p.at("buffer").small_int();
      if (f.kind == FactKind::snapshot_fold) f.op = p.at("op").choice<Operator>();
      break;
  }
  return f;
}

}  // namespace

Trace from_json(std::string_view text, const std::string& origin) {
  const nlohmann::json doc = parse_within_bounds(text, origin);
  JsonPlace root(doc, origin);
  Trace t;
  t.version_read = read_header(root);
  JsonPlace lesson = root.at("lesson");
  t.lesson_id = lesson.at("id").text();
  t.lesson_title = lesson.at("title").text();
  t.technique = lesson.at("technique").text();
  if (lesson.has("variant")) t.variant = lesson.at("variant").text();
  t.producer = read_producer(root.at("producer"));
  t.exit_code = static_cast<int>(root.at("exit_code").integer(0, 255));
  JsonPlace params = root.at("parameters");
  params.for_each_member(
      [&](const std::string& key, const JsonPlace& value) { t.parameters[key] = value.number(); });

  JsonPlace clock = root.at("clock");
  t.clock.source = clock.at("source").text();
  t.clock.resolution_ns = clock.at("resolution_ns").integer(0, int64_t(1) << 40);
  t.clock.origin = clock.at("origin").text();
  if (clock.has("unit")) t.clock.unit = clock.at("unit").choice<TimeUnit>();
  JsonPlace sources = root.at("sources");
  for (size_t i = 0; i < sources.size(); ++i) t.sources.push_back(read_source(sources[i]));
  JsonPlace notices = root.at("notices");
  for (size_t i = 0; i < notices.size(); ++i) t.notices.push_back(notices[i].text());
  JsonPlace facts = root.at("facts");
  facts.for_each_member([&](const std::string& key, const JsonPlace& value) { t.facts[key] = value.text(); });
  if (root.has("fact_values")) {
    JsonPlace values = root.at("fact_values");
    values.for_each_member(
        [&](const std::string& key, const JsonPlace& value) { t.fact_values[key] = read_fact_value(value); });
  }
  JsonPlace buffers = root.at("buffers");
  for (size_t i = 0; i < buffers.size(); ++i) t.buffers.push_back(read_buffer(buffers[i]));
  JsonPlace tracks = root.at("tracks");
  for (size_t i = 0; i < tracks.size(); ++i) t.tracks.push_back(read_track(tracks[i]));
  JsonPlace launches = root.at("launches");
  for (size_t i = 0; i < launches.size(); ++i) {
    JsonPlace l = launches[i];
    t.launches.push_back({l.at("id").small_int(), l.at("name").text(), l.at("device").small_int(),
                          l.at("stream").small_int(), l.at("grid").integer(1, kMaxIndex),
                          static_cast<int>(l.at("block").integer(1, 1 << 20))});
  }
  JsonPlace steps = root.at("steps");
  for (size_t i = 0; i < steps.size(); ++i) t.steps.push_back(read_step(steps[i]));
  JsonPlace claims = root.at("claims");
  for (size_t i = 0; i < claims.size(); ++i) {
    JsonPlace c = claims[i];
    t.claims.push_back({c.at("id").text(), c.at("statement").text(), c.at("verdict").choice<Verdict>(),
                        c.at("measurement").text(), c.at("reason").text()});
  }
  JsonPlace timings = root.at("timings");
  for (size_t i = 0; i < timings.size(); ++i) t.timings.push_back(read_timing(timings[i]));
  if (root.has("series")) {
    JsonPlace series = root.at("series");
    for (size_t i = 0; i < series.size(); ++i) {
      JsonPlace p = series[i];
      Series s{p.at("name").text(), p.at("unit").text(), number_list(p.at("values"))};
      if (p.has("reference")) {
        s.has_reference = true;
        s.reference = p.at("reference").number();
      }
      if (p.has("out_of")) s.out_of = p.at("out_of").number();
      t.series.push_back(std::move(s));
    }
  }
  std::vector<std::string> problems = validate(t);
  if (!problems.empty()) throw TraceError(origin + ": " + problems[0]);
  return t;
}

}  // namespace gridlock::trace
