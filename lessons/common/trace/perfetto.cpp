// Chrome trace-event JSON from the steps' events; opens in ui.perfetto.dev and chrome://tracing.
#include <nlohmann/json.hpp>

#include "trace/trace.hpp"

namespace gridlock::trace {

std::string to_perfetto_json(const Trace& t) {
  using nlohmann::json;
  json events = json::array();
  for (const Track& tr : t.tracks)
    events.push_back({{"ph", "M"}, {"name", "thread_name"}, {"pid", 1}, {"tid", tr.id},
                      {"args", {{"name", tr.name}}}});
  events.push_back({{"ph", "M"}, {"name", "process_name"}, {"pid", 1},
                    {"args", {{"name", t.lesson_id}}}});
  for (const Step& s : t.steps) {
    for (const Event& e : s.events) {
      json ev = {{"name", e.name}, {"pid", 1}, {"tid", e.track},
                 {"ts", static_cast<double>(e.t_ns) / 1000.0}};   // microseconds
      switch (e.kind) {
        case EventKind::slice_begin: ev["ph"] = "B"; break;
        case EventKind::slice_end: ev["ph"] = "E"; break;
        case EventKind::instant: ev["ph"] = "i"; ev["s"] = "t"; break;
        case EventKind::counter: ev["ph"] = "C"; ev["args"] = {{e.name, e.value}}; break;
      }
      events.push_back(ev);
    }
  }
  return json({{"traceEvents", events}, {"displayTimeUnit", "ns"}}).dump() + "\n";
}

}  // namespace gridlock::trace
