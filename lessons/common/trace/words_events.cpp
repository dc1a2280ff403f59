// The rules that read the recorders' event names ("block 3 on SM 12", "ticket 7", "level 2").
#include <string>

#include "trace/words_rules.hpp"

namespace gridlock::trace::words {

namespace {
std::string track_block(const Run& run, const Event& e, int64_t said) {
  const Track* t = run.track(e.track);
  return t ? differ("the block", said, t->block) : "its track is not declared";
}

std::string value_is(const Event& e, int64_t said, const char* what = "the value") {
  return differ(what, said, e.value);
}

// A slice on a lock's track named for its holder: the holder's own track begins a critical slice at
// the same time. `thread` -1: any thread of the block.
std::string holder(const Run& r, const Event& e, int64_t block, int64_t thread) {
  if (e.kind != EventKind::slice_begin) return "";
  for (const Event& other : r.step_of(e).events) {
    if (other.kind != EventKind::slice_begin || other.category != Category::critical || other.t_ns != e.t_ns)
      continue;
    const Track* t = r.track(other.track);
    if (!t || t->kind == TrackKind::lock || t->block != block) continue;
    if (thread < 0 || t->warp < 0 || t->lane < 0 || int64_t(t->warp) * 32 + t->lane == thread) return "";
  }
  return "no track of block " + str(block) + (thread >= 0 ? ", thread " + str(thread) : "") +
         " takes the lock at " + str(e.t_ns);
}

// A slice named for the pass of its step ("level 3"): the step's detail names the same pass.
std::string in_detail(const Run& r, const Event& e, const char* word, int64_t pass) {
  const std::string& detail = r.step_of(e).detail;
  const std::string named = std::string(word) + " " + str(pass);
  for (const char* after : {" of", ","})
    if (detail.find(named + after) != std::string::npos) return "";
  return "the step's detail \"" + detail + "\" names another " + word;
}

// "out[0] written": one of the step's copies writes that item.
std::string copied_to(const Run& r, const Event& e, int64_t item) {
  for (const Operation& o : r.step_of(e).ops)
    if (o.op == Operator::copy)
      for (int64_t d : o.dst)
        if (d == item) return "";
  return "no copy of the step writes item " + str(item);
}

// "add_kernel 3" on a stream's track: the launch on that stream is kernel 3 ("… kid 3").
std::string kernel_on_stream(const Run& r, const Event& e, int64_t kernel) {
  for (const Launch& l : r.t.launches) {
    if (l.stream != e.track) continue;
    const size_t at = l.name.rfind(" kid ");
    if (at != std::string::npos && l.name.substr(at + 5) == str(kernel)) return "";
  }
  return "no launch on the track's stream is kernel " + str(kernel);
}

}  // namespace

const std::vector<EventRule>& event_rules() {
  static const std::vector<EventRule> rules = {
      {"block # on SM #",
       [](const Run& r, const Event& e, const std::vector<int64_t>& n) {
         const Track* t = r.track(e.track);
         return t ? first_of({differ("the block", n[0], t->block), differ("the SM", n[1], t->sm)})
                  : "its track is not declared";
       }},
      {"block # (SM #)",
       [](const Run& r, const Event& e, const std::vector<int64_t>& n) {
         const Track* t = r.track(e.track);
         return t ? first_of({differ("the block", n[0], t->block), differ("the SM", n[1], t->sm)})
                  : "its track is not declared";
       }},
      {"block #",
       [](const Run& r, const Event& e, const std::vector<int64_t>& n) { return track_block(r, e, n[0]); }},
      {"block #, thread #",
       [](const Run& r, const Event& e, const std::vector<int64_t>& n) {
         const Track* t = r.track(e.track);
         if (t && t->kind == TrackKind::lock) return holder(r, e, n[0], n[1]);
         if (t && t->warp >= 0 && t->lane >= 0 && int64_t(t->warp) * 32 + t->lane != n[1])
           return "the thread reads " + str(n[1]) + " where the track is warp " + str(int64_t(t->warp)) +
                  ", lane " + str(int64_t(t->lane));
         return track_block(r, e, n[0]);
       }},
      {"held by block #",
       [](const Run& r, const Event& e, const std::vector<int64_t>& n) {
         return first_of({value_is(e, n[0], "the holder"), holder(r, e, n[0], -1)});
       }},
      {"ticket #", [](const Run&, const Event& e,
                      const std::vector<int64_t>& n) { return value_is(e, n[0], "the ticket"); }},
      {"item # (cost #)", [](const Run&, const Event& e,
                             const std::vector<int64_t>& n) { return value_is(e, n[1], "the cost"); }},
      {"item # fetched again by block #",
       [](const Run& r, const Event& e, const std::vector<int64_t>& n) {
         return first_of({value_is(e, n[0], "the item"), track_block(r, e, n[1])});
       }},
      {"block # wrote # over block #'s #",
       [](const Run& r, const Event& e, const std::vector<int64_t>& n) {
         std::string problem = first_of({track_block(r, e, n[0]), value_is(e, n[1], "the value written")});
         if (!problem.empty()) return problem;
         for (const Event* replaced : r.flow_sources(e)) {
           const Track* t = r.track(replaced->track);
           if (t && t->block == n[2] && replaced->value == static_cast<double>(n[3])) return std::string();
         }
         return "no flow comes from block " + str(n[2]) + "'s write of " + str(n[3]);
       }},
      {"kernel # starts: # kernels at once",
       [](const Run&, const Event& e, const std::vector<int64_t>& n) {
         return value_is(e, n[1], "the kernels at once");
       }},
      {"reads partial #: #, not #",
       [](const Run& r, const Event& e, const std::vector<int64_t>& n) {
         std::string problem = value_is(e, n[1], "the value read");
         if (!problem.empty()) return problem;
         for (const Event* store : r.flow_sources(e)) {
           const Track* t = r.track(store->track);
           if (t && t->block == n[0] && store->value == static_cast<double>(n[2])) return std::string();
         }
         return "no flow comes from block " + str(n[0]) + "'s store of " + str(n[2]);
       }},
      {"check in: sees 0x%", [](const Run&, const Event& e,
                                const std::vector<int64_t>& n) { return value_is(e, n[0], "the mask"); }},
      {"check out: 0x% -> 0x%", [](const Run&, const Event& e,
                                   const std::vector<int64_t>& n) { return value_is(e, n[1], "the mask"); }},
      {"level #", [](const Run& r, const Event& e,
                     const std::vector<int64_t>& n) { return in_detail(r, e, "level", n[0]); }},
      {"load #", [](const Run& r, const Event& e,
                    const std::vector<int64_t>& n) { return in_detail(r, e, "load", n[0]); }},
      {"compress #", [](const Run& r, const Event& e,
                        const std::vector<int64_t>& n) { return in_detail(r, e, "compression", n[0]); }},
      {"out[#] written",
       [](const Run& r, const Event& e, const std::vector<int64_t>& n) { return copied_to(r, e, n[0]); }},
      {"add_kernel #", [](const Run& r, const Event& e,
                          const std::vector<int64_t>& n) { return kernel_on_stream(r, e, n[0]); }},
      {"step #", [](const Run& r, const Event& e,
                    const std::vector<int64_t>& n) { return in_detail(r, e, "step", n[0]); }},
  };
  return rules;
}

}  // namespace gridlock::trace::words
