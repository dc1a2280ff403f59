// Chrome trace-event JSON from the steps' events; opens in ui.perfetto.dev and chrome://tracing.
// One process per device (the host and device-less tracks share process 0), one thread per track,
// the event's category as "cat", and flows as "s"/"f" pairs.
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "trace/trace.hpp"

namespace gridlock::trace {

std::string to_perfetto_json(const Trace& t) {
  using nlohmann::json;
  std::unordered_map<int, int> device_of;  // track id -> device, the first declaration's
  for (const Track& tr : t.tracks) device_of.emplace(tr.id, tr.device);
  auto pid_of = [&](int track) {
    const auto found = device_of.find(track);
    return found != device_of.end() && found->second >= 0 ? found->second + 1 : 0;
  };
  json events = json::array();
  events.push_back({{"ph", "M"}, {"name", "process_name"}, {"pid", 0}, {"args", {{"name", t.lesson_id}}}});
  for (size_t d = 0; d < t.producer.devices.size(); ++d)
    events.push_back({{"ph", "M"},
                      {"name", "process_name"},
                      {"pid", d + 1},
                      {"args", {{"name", "GPU " + std::to_string(d) + ": " + t.producer.devices[d].name}}}});
  for (const Track& tr : t.tracks) {
    events.push_back({{"ph", "M"},
                      {"name", "thread_name"},
                      {"pid", pid_of(tr.id)},
                      {"tid", tr.id},
                      {"args", {{"name", tr.name}}}});
    events.push_back({{"ph", "M"},
                      {"name", "thread_sort_index"},
                      {"pid", pid_of(tr.id)},
                      {"tid", tr.id},
                      {"args", {{"sort_index", tr.id}}}});
  }
  for (const Step& s : t.steps) {
    for (const Event& e : s.events) {
      const double us = static_cast<double>(e.t_ns) / 1000.0;
      json ev = {{"name", e.name},
                 {"cat", to_string(e.category)},
                 {"pid", pid_of(e.track)},
                 {"tid", e.track},
                 {"ts", us}};
      switch (e.kind) {
        case EventKind::slice_begin:
          ev["ph"] = "B";
          break;
        case EventKind::slice_end:
          ev["ph"] = "E";
          break;
        case EventKind::instant:
          ev["ph"] = "i";
          ev["s"] = "t";
          ev["args"] = {{"value", e.value}};
          break;
        case EventKind::counter:
          ev["ph"] = "C";
          ev["args"] = {{e.name, e.value}};
          break;
      }
      events.push_back(ev);
      // Flows as "s" (start) and "f" (finish, bound to the enclosing slice) events.
      auto flow = [&](const char* phase, int id) {
        json f = {{"ph", phase},    {"id", id}, {"name", "flow"}, {"cat", "flow"}, {"pid", pid_of(e.track)},
                  {"tid", e.track}, {"ts", us}};
        if (phase[0] == 'f') f["bp"] = "e";
        events.push_back(f);
      };
      for (int id : e.flows_out) flow("s", id);
      for (int id : e.flows_in) flow("f", id);
    }
  }
  return json({{"traceEvents", events}, {"displayTimeUnit", "ns"}}).dump() + "\n";
}

}  // namespace gridlock::trace
