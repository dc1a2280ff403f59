#include "model/fact_places.hpp"

#include <filesystem>

#include "format.hpp"

namespace gridlock::viewer {
namespace {

const trace::Event* event_of(const trace::Trace& t, trace::EventRef r) {
  if (r.step < 0 || r.step >= static_cast<int>(t.steps.size())) return nullptr;
  const auto& events = t.steps[static_cast<std::size_t>(r.step)].events;
  if (r.event < 0 || r.event >= static_cast<int>(events.size())) return nullptr;
  return &events[static_cast<std::size_t>(r.event)];
}

std::string step_words(int step) { return "step " + std::to_string(step + 1); }

// At the event: its step, its time, and what it is.
std::optional<FactPlace> at_event(const trace::Trace& t, trace::EventRef r, const std::string& what) {
  const trace::Event* e = event_of(t, r);
  if (e == nullptr) return std::nullopt;
  FactPlace p;
  p.step = r.step;
  p.time_ns = e->t_ns;
  p.where = step_words(r.step) + ", at " + format_duration(double(e->t_ns), t.clock.unit) + ": " + what +
            " \"" + e->name + "\"";
  return p;
}

}  // namespace

std::optional<FactPlace> fact_place(const trace::Trace& t, const std::string& key) {
  const auto found = t.fact_values.find(key);
  if (found == t.fact_values.end()) return std::nullopt;
  const trace::FactValue& f = found->second;
  switch (f.kind) {
    case trace::FactKind::duration:
    case trace::FactKind::event_rate:
    case trace::FactKind::series_share: {
      // The span's end, with its start named: the cursor lands where the time ran out.
      const trace::Event* start = event_of(t, f.start);
      std::optional<FactPlace> p = at_event(t, f.end, "the end of the span");
      if (!p || start == nullptr) return std::nullopt;
      p->where += ", which began at " + format_duration(double(start->t_ns), t.clock.unit) + " (" +
                  step_words(f.start.step) + ")";
      return p;
    }
    case trace::FactKind::event_value:
      return at_event(t, f.at, "the value of");
    case trace::FactKind::event_block:
      return at_event(t, f.at, "the block whose row holds");
    case trace::FactKind::event_sm:
      return at_event(t, f.at, "the SM whose row holds");
    case trace::FactKind::most_at_once:
      return at_event(
          t, f.at,
          "the most " + std::string(trace::to_string(f.category)) + " intervals open at once, reached at");
    case trace::FactKind::snapshot_value:
    case trace::FactKind::shortfall:
    case trace::FactKind::snapshot_item:
    case trace::FactKind::snapshot_fold: {
      if (f.step < 0 || f.step >= static_cast<int>(t.steps.size())) return std::nullopt;
      const trace::Buffer* b = t.find_buffer(f.buffer);
      const std::string name = b ? b->name : std::string("a buffer");
      FactPlace p;
      p.step = f.step;
      if (f.kind == trace::FactKind::snapshot_fold)
        p.where = step_words(f.step) + ": every item of " + name + " in its snapshot, folded with " +
                  trace::to_string(f.op);
      else
        p.where = step_words(f.step) + ": " + name + "[" + std::to_string(f.item) + "] in its snapshot" +
                  (f.kind == trace::FactKind::shortfall ? ", short of one per block" : "");
      return p;
    }
    case trace::FactKind::event_count:
      // The first moment of the kind counted.
      for (std::size_t s = 0; s < t.steps.size(); ++s)
        for (std::size_t e = 0; e < t.steps[s].events.size(); ++e)
          if (t.steps[s].events[e].category == f.category)
            return at_event(
                t, {static_cast<int>(s), static_cast<int>(e)},
                "the first of the " + std::string(trace::to_string(f.category)) + " events counted,");
      return std::nullopt;
    case trace::FactKind::series_value:
    case trace::FactKind::series_matches:
    case trace::FactKind::series_median:
    case trace::FactKind::series_range:
    case trace::FactKind::series_distinct:
    case trace::FactKind::series_mode:
    case trace::FactKind::series_mode_count:
    case trace::FactKind::series_differs:
    case trace::FactKind::series_sum:
    case trace::FactKind::series_spread:
    case trace::FactKind::series_count:
    case trace::FactKind::series_values: {
      if (f.series < 0 || f.series >= static_cast<int>(t.series.size())) return std::nullopt;
      FactPlace p;
      p.view = "histogram";
      p.item = f.series;
      p.where = "the histogram of \"" + t.series[static_cast<std::size_t>(f.series)].name + "\"";
      return p;
    }
    case trace::FactKind::timing_median:
    case trace::FactKind::timing_rate:
    case trace::FactKind::timing_ratio:
    case trace::FactKind::timing_share: {
      if (f.timing < 0 || f.timing >= static_cast<int>(t.timings.size())) return std::nullopt;
      FactPlace p;
      p.view = "timings";
      p.item = f.timing;
      p.where = "the timings: \"" + t.timings[static_cast<std::size_t>(f.timing)].name + "\"";
      if (f.kind == trace::FactKind::timing_ratio && f.versus >= 0 &&
          f.versus < static_cast<int>(t.timings.size()))
        p.where += " against \"" + t.timings[static_cast<std::size_t>(f.versus)].name + "\"";
      return p;
    }
    case trace::FactKind::parameter:
    case trace::FactKind::launch_grid:
      return std::nullopt;  // a setting of the run, before anything happened: no moment to go to
    case trace::FactKind::report_count:
    case trace::FactKind::report_sites:
      return std::nullopt;  // a tool's report beside the trace, not a moment of the run
  }
  return std::nullopt;
}

std::optional<FactLink> resolve_fact_link(const std::string& readme, const std::string& readme_path,
                                          const std::string& spec) {
  const std::size_t hash = spec.find('#');
  std::string file, key;
  if (hash != std::string::npos) {
    file = spec.substr(0, hash);
    key = spec.substr(hash + 1);
  } else {
    key = spec;
    const std::string marker = "<!-- trace:";
    const std::size_t at = readme.find(marker);
    if (at == std::string::npos) return std::nullopt;
    const std::size_t close = readme.find("-->", at);
    if (close == std::string::npos) return std::nullopt;
    file = readme.substr(at + marker.size(), close - at - marker.size());
    file.erase(0, file.find_first_not_of(" \t"));
    file.erase(file.find_last_not_of(" \t") + 1);
  }
  if (file.empty() || key.empty()) return std::nullopt;
  const std::filesystem::path folder = std::filesystem::path(readme_path).parent_path();
  return FactLink{(folder / file).lexically_normal().string(), key};
}

bool same_trace_file(const std::string& a, const std::string& b) {
  namespace fs = std::filesystem;
  return fs::absolute(a).lexically_normal() == fs::absolute(b).lexically_normal();
}

}  // namespace gridlock::viewer
