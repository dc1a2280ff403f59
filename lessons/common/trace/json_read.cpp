// JSON text -> Trace. Untrusted input: every field is checked where it is read, and every
// refusal names the place. validate() then checks the trace as a whole.
#include <nlohmann/json.hpp>

#include "trace/json_reader.hpp"
#include "trace/trace.hpp"

namespace gridlock::trace {
namespace {

constexpr int64_t kMaxElements = int64_t(1) << 28;   // per buffer; larger is refused
constexpr int64_t kMaxIndex = kMaxElements;
constexpr int64_t kMaxTime = int64_t(1) << 62;

constexpr ElementType kElementTypes[] = {ElementType::i32, ElementType::u32, ElementType::f32};
constexpr MemorySpace kSpaces[] = {MemorySpace::global, MemorySpace::shared,
                                   MemorySpace::registers};
constexpr TrackKind kTrackKinds[] = {TrackKind::block, TrackKind::warp, TrackKind::lane,
                                     TrackKind::stream, TrackKind::lock};
constexpr EventKind kEventKinds[] = {EventKind::slice_begin, EventKind::slice_end,
                                     EventKind::instant, EventKind::counter};
constexpr Verdict kVerdicts[] = {Verdict::confirmed, Verdict::contradicted,
                                 Verdict::not_observable};
constexpr ProducerKind kProducerKinds[] = {ProducerKind::gpu, ProducerKind::model};

std::vector<int64_t> index_list(const JsonPlace& p) {
  std::vector<int64_t> out(p.size());
  for (size_t i = 0; i < out.size(); ++i) out[i] = p[i].integer(0, kMaxIndex);
  return out;
}

Buffer read_buffer(const JsonPlace& p) {
  Buffer b;
  b.id = p.at("id").small_int();
  b.name = p.at("name").text();
  b.type = p.at("type").choice(kElementTypes);
  b.space = p.at("space").choice(kSpaces);
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
  t.kind = p.at("kind").choice(kTrackKinds);
  t.name = p.at("name").text();
  t.block = p.at("block").small_int();
  t.warp = p.at("warp").small_int();
  t.sm = p.at("sm").small_int();
  return t;
}

Snapshot read_snapshot(const JsonPlace& p) {
  Snapshot s;
  s.buffer = p.at("buffer").small_int();
  JsonPlace values = p.at("values");
  size_t n = values.size();
  if (static_cast<int64_t>(n) > kMaxElements) values.fail("more than 2^28 values");
  s.values.resize(n);
  for (size_t i = 0; i < n; ++i) s.values[i] = values[i].number();
  return s;
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
  JsonPlace snaps = p.at("snapshots");
  for (size_t i = 0; i < snaps.size(); ++i) s.snapshots.push_back(read_snapshot(snaps[i]));
  JsonPlace combines = p.at("combines");
  for (size_t i = 0; i < combines.size(); ++i) {
    JsonPlace c = combines[i];
    s.combines.push_back({c.at("buffer").small_int(), index_list(c.at("dst")),
                          index_list(c.at("src")), index_list(c.at("thread"))});
  }
  JsonPlace live = p.at("live");
  for (size_t i = 0; i < live.size(); ++i) {
    JsonPlace l = live[i];
    s.live.push_back({l.at("buffer").small_int(), l.at("begin").integer(0, kMaxIndex),
                      l.at("count").integer(0, kMaxIndex), l.at("stride").integer(1, kMaxIndex)});
  }
  JsonPlace events = p.at("events");
  for (size_t i = 0; i < events.size(); ++i) {
    JsonPlace e = events[i];
    Event ev;
    ev.track = e.at("track").small_int();
    ev.kind = e.at("kind").choice(kEventKinds);
    ev.t_ns = e.at("t_ns").integer(-kMaxTime, kMaxTime);
    ev.name = e.at("name").text();
    if (ev.kind == EventKind::counter) ev.value = e.at("value").number();
    s.events.push_back(ev);
  }
  return s;
}

Producer read_producer(const JsonPlace& p) {
  Producer out;
  out.kind = p.at("kind").choice(kProducerKinds);
  out.program = p.at("program").text();
  out.recorded_at = p.at("recorded_at").text();
  if (out.kind == ProducerKind::model) {
    out.model = p.at("model").text();
    if (out.model.empty()) p.at("model").fail("a model-produced trace must say what the model is");
    return out;
  }
  JsonPlace d = p.at("device");
  out.device.name = d.at("name").text();
  JsonPlace cc = d.at("compute_capability");
  if (cc.size() != 2) cc.fail("expected [major, minor]");
  out.device.cc_major = static_cast<int>(cc[0].integer(0, 100));
  out.device.cc_minor = static_cast<int>(cc[1].integer(0, 100));
  out.device.sm_count = static_cast<int>(d.at("sm_count").integer(1, 1 << 16));
  out.device.driver_version = static_cast<int>(d.at("driver_version").integer(0, 1 << 30));
  out.device.runtime_version = static_cast<int>(d.at("runtime_version").integer(0, 1 << 30));
  return out;
}

void read_header(const JsonPlace& root) {
  root.expect_object();
  JsonPlace format = root.at("format");
  if (format.text() != kFormatName)
    format.fail("not a gridlock trace (format is \"" + format.text() + "\")");
  JsonPlace version = root.at("version");
  int64_t v = version.integer(INT32_MIN, INT32_MAX);
  if (v != kFormatVersion)
    version.fail("format version " + std::to_string(v) + " is not supported (this build reads " +
                 std::to_string(kFormatVersion) + ")");
}

}  // namespace

Trace from_json(std::string_view text, const std::string& origin) {
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::parse_error& e) {
    throw TraceError(origin + ": not valid JSON at byte " + std::to_string(e.byte) + ": " +
                     e.what());
  }
  JsonPlace root(doc, origin, "");
  read_header(root);

  Trace t;
  JsonPlace lesson = root.at("lesson");
  t.lesson_id = lesson.at("id").text();
  t.lesson_title = lesson.at("title").text();
  t.technique = lesson.at("technique").text();
  t.producer = read_producer(root.at("producer"));
  t.exit_code = static_cast<int>(root.at("exit_code").integer(0, 255));
  JsonPlace params = root.at("parameters");
  params.expect_object();
  for (const auto& item : params.value().items())
    t.parameters[item.key()] = JsonPlace(item.value(), origin, "parameters." + item.key()).number();
  JsonPlace source = root.at("source");
  t.source.file = source.at("file").text();
  t.source.hash = source.at("hash").text();
  t.source.text = source.at("text").text();

  JsonPlace buffers = root.at("buffers");
  for (size_t i = 0; i < buffers.size(); ++i) t.buffers.push_back(read_buffer(buffers[i]));
  JsonPlace tracks = root.at("tracks");
  for (size_t i = 0; i < tracks.size(); ++i) t.tracks.push_back(read_track(tracks[i]));
  JsonPlace steps = root.at("steps");
  for (size_t i = 0; i < steps.size(); ++i) t.steps.push_back(read_step(steps[i]));
  JsonPlace claims = root.at("claims");
  for (size_t i = 0; i < claims.size(); ++i) {
    JsonPlace c = claims[i];
    t.claims.push_back({c.at("id").text(), c.at("statement").text(),
                        c.at("verdict").choice(kVerdicts), c.at("measurement").text(),
                        c.at("reason").text()});
  }
  JsonPlace timings = root.at("timings");
  for (size_t i = 0; i < timings.size(); ++i) {
    JsonPlace m = timings[i];
    Timing tm;
    tm.name = m.at("name").text();
    tm.elements = m.at("elements").integer(0, int64_t(1) << 40);
    tm.repetitions = static_cast<int>(m.at("repetitions").integer(0, 1 << 30));
    tm.median_ns = m.at("median_ns").number();
    tm.min_ns = m.at("min_ns").number();
    tm.max_ns = m.at("max_ns").number();
    t.timings.push_back(tm);
  }

  std::vector<std::string> problems = validate(t);
  if (!problems.empty()) throw TraceError(origin + ": " + problems[0]);
  return t;
}

}  // namespace gridlock::trace
