// The moments a lesson exists for, checked against the events around them: a lost update stored
// no more than the write it replaced, a stale read returned something else than the store before
// it, an overlap has two kernels running at once, a double fetch starts an item that another
// fetch started already, a waiting holder holds the lock while it waits. Part of check_truth.
#include <algorithm>
#include <map>
#include <unordered_map>

#include "trace/moment.hpp"
#include "trace/trace.hpp"

namespace gridlock::trace {
namespace {

// A slice as it ran on its track: [begin, end).
struct Span {
  int64_t begin = 0, end = 0;
  Category category = Category::other;
  std::string name;
};

// Every slice of every track, matched begin to end as check_slices matches them. A slice that
// never ends (check_slices reports it) runs to the end of time.
std::map<int, std::vector<Span>> spans_by_track(const Trace& t) {
  std::map<int, std::vector<Span>> done;
  std::map<int, std::vector<Span>> open;
  for (const Step& s : t.steps)
    for (const Event& e : s.events) {
      if (e.kind == EventKind::slice_begin) open[e.track].push_back({e.t_ns, e.t_ns, e.category, e.name});
      if (e.kind != EventKind::slice_end || open[e.track].empty()) continue;
      Span span = open[e.track].back();
      open[e.track].pop_back();
      span.end = e.t_ns;
      done[e.track].push_back(span);
    }
  for (auto& [track, spans] : open)
    for (Span& span : spans) {
      span.end = INT64_MAX;
      done[track].push_back(span);
    }
  return done;
}

class Moments {
 public:
  explicit Moments(const Trace& t) : t_(t), spans_(spans_by_track(t)) {
    for (const Step& s : t.steps)
      for (const Event& e : s.events)
        for (int f : e.flows_out) sources_.emplace(f, &e);
  }

  void check(std::vector<std::string>& problems) const {
    for (size_t si = 0; si < t_.steps.size(); ++si)
      for (const Event& e : t_.steps[si].events) {
        if (!is_moment(e.category)) continue;
        const std::string where = "steps[" + std::to_string(si) + "], track " + std::to_string(e.track) +
                                  ", " + to_string(e.category) + " \"" + e.name + "\" at " +
                                  std::to_string(e.t_ns) + ": ";
        const std::string problem = e.kind != EventKind::instant ? "a moment is an instant" : judge(e);
        if (!problem.empty()) problems.push_back(where + problem);
      }
  }

 private:
  // The events the moment's flows come from.
  std::vector<const Event*> sources(const Event& e) const {
    std::vector<const Event*> out;
    for (int f : e.flows_in)
      if (const auto found = sources_.find(f); found != sources_.end()) out.push_back(found->second);
    return out;
  }

  // The slices open on `track` at `t` whose category satisfies `pick`.
  template <typename Pick>
  int open_at(int track, int64_t t, Pick pick) const {
    const auto found = spans_.find(track);
    if (found == spans_.end()) return 0;
    return static_cast<int>(std::count_if(found->second.begin(), found->second.end(), [&](const Span& s) {
      return s.begin <= t && t < s.end && pick(s.category);
    }));
  }

  // The slices named `name` that start on `track` at `t`.
  int starts_at(int track, int64_t t, const std::string& name) const {
    const auto found = spans_.find(track);
    if (found == spans_.end()) return 0;
    return static_cast<int>(std::count_if(found->second.begin(), found->second.end(),
                                          [&](const Span& s) { return s.begin == t && s.name == name; }));
  }

  // Empty when the moment is what it says, else why not.
  std::string judge(const Event& e) const {
    const std::vector<const Event*> from = sources(e);
    switch (e.category) {
      case Category::lost_update:
      case Category::stale_read: {
        if (from.empty()) return "no flow from the store it contradicts";
        for (const Event* w : from) {
          if (w->kind == EventKind::slice_begin)
            return "its flow comes from a slice's begin, not from a store";
          if (w->t_ns > e.t_ns)
            return "the store its flow comes from lands later, at " + std::to_string(w->t_ns);
          if (e.category == Category::lost_update && e.value > w->value)
            return "it stores " + std::to_string(e.value) + ", more than the " + std::to_string(w->value) +
                   " it is said to replace: nothing was lost";
          if (e.category == Category::stale_read && e.value == w->value)
            return "it reads " + std::to_string(e.value) + ", the value the store before it wrote";
        }
        return "";
      }
      case Category::overlap: {
        int running = 0;
        for (const auto& [track, spans] : spans_)
          running += open_at(track, e.t_ns, [](Category c) { return c == Category::kernel; }) > 0;
        if (e.value < 2) return "an overlap counts at least 2 kernels, not " + std::to_string(e.value);
        if (running < e.value)
          return std::to_string(running) + " kernel track(s) run at that moment, not " +
                 std::to_string(e.value);
        return "";
      }
      case Category::double_fetch: {
        if (from.empty()) return "no flow from the first fetch";
        for (const Event* f : from) {
          if (f->kind != EventKind::slice_begin) return "its flow does not come from the start of an item";
          if (f->t_ns > e.t_ns) return "the first fetch comes later, at " + std::to_string(f->t_ns);
          // A slice of the item's name starts on the moment's track then, and it is not the first
          // start itself.
          const bool first_is_here = f->track == e.track && f->t_ns == e.t_ns;
          if (starts_at(e.track, e.t_ns, f->name) < (first_is_here ? 2 : 1))
            return "no second start of \"" + f->name + "\" on its track at that moment";
        }
        return "";
      }
      case Category::waiting_holder: {
        if (open_at(e.track, e.t_ns, [](Category c) { return c == Category::critical; }) == 0)
          return "its track does not hold the lock then";
        if (open_at(e.track, e.t_ns, [](Category c) {
              return c == Category::wait || c == Category::spin || c == Category::barrier;
            }) == 0)
          return "its track is not waiting then";
        const bool took = std::any_of(from.begin(), from.end(), [&](const Event* s) {
          return s->track == e.track && s->kind == EventKind::slice_begin &&
                 s->category == Category::critical && s->t_ns <= e.t_ns;
        });
        if (!took) return "no flow from its own taking of the lock";
        return "";
      }
      default:
        return "";
    }
  }

  const Trace& t_;
  std::map<int, std::vector<Span>> spans_;
  std::unordered_map<int, const Event*> sources_;  // flow id -> the event it starts at (one)
};

}  // namespace

void check_moments(const Trace& trace, std::vector<std::string>& problems) { Moments(trace).check(problems); }

}  // namespace gridlock::trace
