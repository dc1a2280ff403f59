// Trace -> JSON text, version 2. The field names are those of FORMAT.md. Objects are indented
// one member a line, but a flat object (an event, a track) and an array of numbers stay on one
// line, so a trace is short to read and to diff.
#include <cmath>
#include <nlohmann/json.hpp>

#include "trace/trace.hpp"

namespace gridlock::trace {
namespace {

using json = nlohmann::ordered_json;  // members in the order written here

// Integers stay integers in the file, so i32 buffers read back exactly and stay short. The range
// test comes first: converting a double outside int64_t's range is undefined.
json number_json(double v) {
  if (std::fabs(v) <= 9007199254740992.0 && v == std::floor(v))
    return static_cast<int64_t>(v);  // |v| <= 2^53
  return v;
}

json values_json(const std::vector<double>& values) {
  json out = json::array();
  for (double v : values) out.push_back(number_json(v));
  return out;
}

bool is_flat(const json& j) {
  if (j.is_array()) {
    for (const json& e : j)
      if (e.is_structured()) return false;
    return true;
  }
  if (j.is_object()) {
    for (const json& e : j)
      if (e.is_object() || (e.is_array() && !is_flat(e))) return false;
    return j.size() <= 12;
  }
  return true;
}

void emit(const json& j, std::string& out, int indent) {
  if (!j.is_structured() || is_flat(j)) {
    out += j.dump();
    return;
  }
  const std::string inner(static_cast<size_t>(indent + 1), ' ');
  const bool object = j.is_object();
  out += object ? "{\n" : "[\n";
  bool first = true;
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (!first) out += ",\n";
    first = false;
    out += inner;
    if (object) out += json(it.key()).dump() + ": ";
    emit(it.value(), out, indent + 1);
  }
  out += "\n" + std::string(static_cast<size_t>(indent), ' ') + (object ? "}" : "]");
}

json snapshot_json(const Snapshot& s) {
  json j = {{"buffer", s.buffer}};
  if (!s.items.empty()) j["items"] = s.items;
  j["values"] = values_json(s.values);
  return j;
}

json operation_json(const Operation& o) {
  return {{"op", to_string(o.op)},
          {"dst_buffer", o.dst_buffer},
          {"a_buffer", o.a_buffer},
          {"b_buffer", o.b_buffer},
          {"dst", o.dst},
          {"a", o.a},
          {"b", o.b},
          {"thread", o.thread}};
}

json event_json(const Event& e) {
  json j = {{"track", e.track}, {"kind", to_string(e.kind)},         {"t_ns", e.t_ns},
            {"name", e.name},   {"category", to_string(e.category)}, {"value", number_json(e.value)}};
  if (!e.flows_out.empty()) j["flows_out"] = e.flows_out;
  if (!e.flows_in.empty()) j["flows_in"] = e.flows_in;
  return j;
}

json step_json(const Step& s) {
  json j = {{"label", s.label},
            {"detail", s.detail},
            {"note", s.note},
            {"source", s.source},
            {"lines", {s.line_begin, s.line_end}},
            {"launch", s.launch}};
  j["snapshots"] = json::array();
  for (const Snapshot& snap : s.snapshots) j["snapshots"].push_back(snapshot_json(snap));
  j["ops"] = json::array();
  for (const Operation& o : s.ops) j["ops"].push_back(operation_json(o));
  j["live"] = json::array();
  for (const LiveRange& l : s.live)
    j["live"].push_back({{"buffer", l.buffer}, {"begin", l.begin}, {"count", l.count}, {"stride", l.stride}});
  j["events"] = json::array();
  for (const Event& e : s.events) j["events"].push_back(event_json(e));
  for (const SourceLines& l : s.lights)
    j["lights"].push_back({{"source", l.source}, {"lines", {l.line_begin, l.line_end}}});
  if (const int focus = focus_event(s); focus >= 0) j["focus"] = focus;
  return j;
}

json producer_json(const Producer& p) {
  json j = {{"kind", to_string(p.kind)}, {"program", p.program}, {"recorded_at", p.recorded_at}};
  if (p.kind == ProducerKind::model) j["model"] = p.model;
  j["devices"] = json::array();
  for (const Device& d : p.devices)
    j["devices"].push_back({{"name", d.name},
                            {"compute_capability", {d.cc_major, d.cc_minor}},
                            {"sm_count", d.sm_count},
                            {"driver_version", d.driver_version},
                            {"runtime_version", d.runtime_version}});
  return j;
}

json ref_json(EventRef r) { return {r.step, r.event}; }

// A fact's number and origin: the fields its kind uses and no others (FORMAT.md, "fact_values").
json fact_value_json(const FactValue& f) {
  json j = {{"kind", to_string(f.kind)}, {"value", number_json(f.value)}, {"unit", to_string(f.unit)}};
  if (f.decimals != 0) j["decimals"] = f.decimals;
  if (f.unit == FactUnit::out_of) j["of"] = number_json(f.of);
  if (f.unit == FactUnit::range || f.unit == FactUnit::spread) j["upper"] = number_json(f.upper);
  switch (f.kind) {
    case FactKind::duration:
      j["clock"] = f.clock;
      j["start"] = ref_json(f.start);
      j["end"] = ref_json(f.end);
      break;
    case FactKind::event_value:
    case FactKind::event_block:
    case FactKind::event_sm:
      j["at"] = ref_json(f.at);
      break;
    case FactKind::shortfall:
      j["launch"] = f.launch;
      [[fallthrough]];
    case FactKind::snapshot_value:
      j["step"] = f.step;
      j["buffer"] = f.buffer;
      j["item"] = f.item;
      break;
    case FactKind::event_count:
      j["category"] = to_string(f.category);
      break;
    case FactKind::series_value:
      j["item"] = f.item;
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
      j["series"] = f.series;
      break;
    case FactKind::parameter:
      j["parameter"] = f.parameter;
      break;
    case FactKind::launch_grid:
      j["launch"] = f.launch;
      break;
    case FactKind::timing_ratio:
      j["versus"] = f.versus;
      [[fallthrough]];
    case FactKind::timing_median:
    case FactKind::timing_rate:
      j["timing"] = f.timing;
      break;
    case FactKind::timing_share:
      j["timing"] = f.timing;
      j["parameter"] = f.parameter;
      break;
    case FactKind::report_count:
      j["report"] = f.report;
      j["counted"] = f.counted;
      break;
    case FactKind::report_sites:
      j["report"] = f.report;
      j["listed"] = f.listed;
      break;
    case FactKind::event_rate:
    case FactKind::series_share:
      if (f.kind == FactKind::event_rate) j["parameter"] = f.parameter;
      if (f.kind == FactKind::series_share) j["series"] = f.series, j["launch"] = f.launch;
      j["clock"] = f.clock;
      j["start"] = ref_json(f.start);
      j["end"] = ref_json(f.end);
      break;
    case FactKind::most_at_once:
      j["category"] = to_string(f.category);
      j["at"] = ref_json(f.at);
      break;
    case FactKind::snapshot_item:
      j["item"] = f.item;
      [[fallthrough]];
    case FactKind::snapshot_fold:
      j["step"] = f.step;
      j["buffer"] = f.buffer;
      if (f.kind == FactKind::snapshot_fold) j["op"] = to_string(f.op);
      break;
  }
  return j;
}

}  // namespace

std::string to_json(const Trace& t) {
  std::vector<std::string> problems = validate(t);
  if (!problems.empty()) throw TraceError("refusing to write an invalid trace: " + problems[0]);

  json j;
  j["format"] = kFormatName;
  j["version"] = kFormatVersion;
  j["lesson"] = {{"id", t.lesson_id}, {"title", t.lesson_title}, {"technique", t.technique}};
  if (!t.variant.empty()) j["lesson"]["variant"] = t.variant;
  j["producer"] = producer_json(t.producer);
  j["clock"] = {{"source", t.clock.source},
                {"resolution_ns", t.clock.resolution_ns},
                {"origin", t.clock.origin},
                {"unit", to_string(t.clock.unit)}};
  j["parameters"] = json::object();
  for (const auto& [name, value] : t.parameters) j["parameters"][name] = number_json(value);
  j["exit_code"] = t.exit_code;
  j["notices"] = t.notices;
  j["facts"] = t.facts;
  if (!t.fact_values.empty()) {
    j["fact_values"] = json::object();
    for (const auto& [key, f] : t.fact_values) j["fact_values"][key] = fact_value_json(f);
  }
  j["sources"] = json::array();
  for (const Source& s : t.sources) {
    json source = {{"file", s.file}, {"role", to_string(s.role)}, {"hash", s.hash}, {"text", s.text}};
    if (!s.recording.empty()) source["recording"] = s.recording;
    j["sources"].push_back(std::move(source));
  }
  j["buffers"] = json::array();
  for (const Buffer& b : t.buffers)
    j["buffers"].push_back({{"id", b.id},
                            {"name", b.name},
                            {"type", to_string(b.type)},
                            {"shape", b.shape},
                            {"space", to_string(b.space)},
                            {"device", b.device}});
  j["tracks"] = json::array();
  for (const Track& tr : t.tracks) {
    j["tracks"].push_back({{"id", tr.id},
                           {"kind", to_string(tr.kind)},
                           {"name", tr.name},
                           {"parent", tr.parent},
                           {"device", tr.device},
                           {"block", tr.block},
                           {"warp", tr.warp},
                           {"lane", tr.lane},
                           {"sm", tr.sm}});
    if (tr.base != ValueBase::decimal) j["tracks"].back()["base"] = to_string(tr.base);
  }
  j["launches"] = json::array();
  for (const Launch& l : t.launches)
    j["launches"].push_back({{"id", l.id},
                             {"name", l.name},
                             {"device", l.device},
                             {"stream", l.stream},
                             {"grid", l.grid},
                             {"block", l.block}});
  j["steps"] = json::array();
  for (const Step& s : t.steps) j["steps"].push_back(step_json(s));
  j["claims"] = json::array();
  for (const Claim& c : t.claims)
    j["claims"].push_back({{"id", c.id},
                           {"statement", c.statement},
                           {"verdict", to_string(c.verdict)},
                           {"measurement", c.measurement},
                           {"reason", c.reason}});
  j["timings"] = json::array();
  for (const Timing& tm : t.timings)
    j["timings"].push_back({{"name", tm.name},
                            {"elements", tm.elements},
                            {"bytes", tm.bytes},
                            {"repetitions", tm.repetitions},
                            {"median_ns", tm.median_ns},
                            {"min_ns", tm.min_ns},
                            {"max_ns", tm.max_ns}});
  if (!t.series.empty()) {
    j["series"] = json::array();
    for (const Series& s : t.series) {
      json item = {{"name", s.name}, {"unit", s.unit}};
      if (s.has_reference) item["reference"] = number_json(s.reference);
      if (s.out_of > 0) item["out_of"] = number_json(s.out_of);
      item["values"] = values_json(s.values);
      j["series"].push_back(item);
    }
  }
  std::string out;
  emit(j, out, 0);
  return out + "\n";
}

}  // namespace gridlock::trace
