// Trace -> JSON text. The field names are those of FORMAT.md.
#include <nlohmann/json.hpp>

#include "trace/trace.hpp"

namespace gridlock::trace {
namespace {

using nlohmann::json;

json values_json(const std::vector<double>& values) {
  json out = json::array();
  for (double v : values) {
    // Integers stay integers in the file, so i32 buffers read back exactly and stay short.
    if (v == static_cast<double>(static_cast<int64_t>(v)))
      out.push_back(static_cast<int64_t>(v));
    else
      out.push_back(v);
  }
  return out;
}

json step_json(const Step& s) {
  json j = {{"label", s.label}, {"detail", s.detail}, {"lines", {s.line_begin, s.line_end}},
            {"note", s.note}};
  j["snapshots"] = json::array();
  for (const Snapshot& snap : s.snapshots)
    j["snapshots"].push_back({{"buffer", snap.buffer}, {"values", values_json(snap.values)}});
  j["combines"] = json::array();
  for (const Combine& c : s.combines)
    j["combines"].push_back(
        {{"buffer", c.buffer}, {"dst", c.dst}, {"src", c.src}, {"thread", c.thread}});
  j["live"] = json::array();
  for (const LiveRange& l : s.live)
    j["live"].push_back(
        {{"buffer", l.buffer}, {"begin", l.begin}, {"count", l.count}, {"stride", l.stride}});
  j["events"] = json::array();
  for (const Event& e : s.events) {
    json ev = {{"track", e.track}, {"kind", to_string(e.kind)}, {"t_ns", e.t_ns},
               {"name", e.name}};
    if (e.kind == EventKind::counter) ev["value"] = e.value;
    j["events"].push_back(ev);
  }
  return j;
}

json producer_json(const Producer& p) {
  json j = {{"kind", to_string(p.kind)}, {"program", p.program}, {"recorded_at", p.recorded_at}};
  if (p.kind == ProducerKind::gpu) {
    const Device& d = p.device;
    j["device"] = {{"name", d.name},
                   {"compute_capability", {d.cc_major, d.cc_minor}},
                   {"sm_count", d.sm_count},
                   {"driver_version", d.driver_version},
                   {"runtime_version", d.runtime_version}};
  } else {
    j["model"] = p.model;
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
  j["producer"] = producer_json(t.producer);
  j["parameters"] = t.parameters;
  j["exit_code"] = t.exit_code;
  j["source"] = {{"file", t.source.file}, {"hash", t.source.hash}, {"text", t.source.text}};
  j["buffers"] = json::array();
  for (const Buffer& b : t.buffers)
    j["buffers"].push_back({{"id", b.id},
                            {"name", b.name},
                            {"type", to_string(b.type)},
                            {"shape", b.shape},
                            {"space", to_string(b.space)}});
  j["tracks"] = json::array();
  for (const Track& tr : t.tracks)
    j["tracks"].push_back({{"id", tr.id},
                           {"kind", to_string(tr.kind)},
                           {"name", tr.name},
                           {"block", tr.block},
                           {"warp", tr.warp},
                           {"sm", tr.sm}});
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
                            {"repetitions", tm.repetitions},
                            {"median_ns", tm.median_ns},
                            {"min_ns", tm.min_ns},
                            {"max_ns", tm.max_ns}});
  return j.dump(1) + "\n";
}

}  // namespace gridlock::trace
