// The questions a trace answers, built from its events, its model and its claims.
#include "model/questions.hpp"

#include <algorithm>
#include <map>
#include <unordered_map>

#include "format.hpp"
#include "model/event_markers.hpp"
#include "model/lock_run.hpp"

namespace gridlock::viewer {

namespace {

using trace::Category;
using trace::Event;
using trace::EventKind;

struct Placed {
  int step = -1;
  const Event* event = nullptr;
};

// Every event by the flows that start at it.
std::unordered_map<int, Placed> flow_sources(const trace::Trace& trace) {
  std::unordered_map<int, Placed> out;
  for (std::size_t k = 0; k < trace.steps.size(); ++k)
    for (const Event& e : trace.steps[k].events)
      for (int f : e.flows_out) out[f] = {static_cast<int>(k), &e};
  return out;
}

// The first instant of `category` in the run, and the event its first flow comes from.
struct Moment {
  Placed at, from;
};
std::optional<Moment> first_moment(const trace::Trace& trace, Category category,
                                   const std::unordered_map<int, Placed>& sources) {
  for (std::size_t k = 0; k < trace.steps.size(); ++k)
    for (const Event& e : trace.steps[k].events) {
      if (e.kind != EventKind::instant || e.category != category) continue;
      Moment m{{static_cast<int>(k), &e}, {}};
      for (int f : e.flows_in)
        if (const auto s = sources.find(f); s != sources.end()) {
          m.from = s->second;
          break;
        }
      return m;
    }
  return std::nullopt;
}

// "block 3 wrote" -> "Block 3 wrote": a prompt may begin with a track's name.
std::string sentence(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

Question at_moment(const Moment& m, std::string prompt, std::string answer) {
  Question q;
  q.prompt = sentence(std::move(prompt));
  q.answer = std::move(answer);
  q.ask_step = q.reveal_step = m.at.step;
  q.ask_t = m.at.event->t_ns - 1;
  q.reveal_t = m.at.event->t_ns;
  return q;
}

void add_moments(const trace::Trace& trace, std::vector<Question>& out) {
  const auto sources = flow_sources(trace);
  auto who = [&](const Placed& p) { return track_name(trace, p.event->track); };
  if (auto m = first_moment(trace, Category::lost_update, sources); m && m->from.event) {
    const std::string a = who(m->at), b = who(m->from), vb = value_text(m->from.event->value);
    out.push_back(at_moment(
        *m, b + " has just written " + vb + ". " + sentence(a) + " writes next. What will " + a + " store?",
        value_text(m->at.event->value) + ": no more than " + b + "'s " + vb + ", so " + b +
            "'s write is lost (a lost update)."));
  }
  if (auto m = first_moment(trace, Category::stale_read, sources); m && m->from.event) {
    const std::string a = who(m->at), b = who(m->from), vb = value_text(m->from.event->value);
    out.push_back(
        at_moment(*m, b + " stored " + vb + " before " + a + " reads it. What will " + a + " read?",
                  value_text(m->at.event->value) + ": not the " + vb + " " + b + " stored (a stale read)."));
  }
  if (auto m = first_moment(trace, Category::double_fetch, sources); m && m->from.event) {
    const std::string a = who(m->at), b = who(m->from), item = value_text(m->at.event->value);
    out.push_back(at_moment(
        *m, a + " fetches item " + item + " and starts it. Has any block started item " + item + " before?",
        "Yes: " + b + " started it first, so item " + item + " is worked on twice (a double fetch)."));
  }
  if (auto m = first_moment(trace, Category::overlap, sources)) {
    out.push_back(at_moment(*m, "How many kernels are running at this moment?",
                            value_text(m->at.event->value) + " run at once here."));
  }
}

// The last ticket: the block that draws the highest of the tickets, where the ticket instants'
// values are the tickets themselves (every value from the lowest to the highest, once each).
// Asked before the first ticket is taken.
void add_last_ticket(const trace::Trace& trace, std::vector<Question>& out) {
  std::vector<Placed> tickets;
  for (std::size_t k = 0; k < trace.steps.size(); ++k)
    for (const Event& e : trace.steps[k].events)
      if (e.kind == EventKind::instant && e.category == Category::ticket)
        tickets.push_back({static_cast<int>(k), &e});
  if (tickets.size() < 2) return;
  std::vector<double> values;
  for (const Placed& p : tickets) values.push_back(p.event->value);
  std::sort(values.begin(), values.end());
  for (std::size_t i = 0; i < values.size(); ++i)
    if (values[i] != values.front() + static_cast<double>(i)) return;  // not the tickets themselves
  const auto highest = std::max_element(tickets.begin(), tickets.end(), [](const Placed& a, const Placed& b) {
    return a.event->value < b.event->value;
  });
  const auto first = std::min_element(tickets.begin(), tickets.end(), [](const Placed& a, const Placed& b) {
    return a.event->t_ns < b.event->t_ns;
  });
  Question q;
  q.kind = QuestionKind::outcome;
  q.prompt = "The blocks take tickets " + value_text(values.front()) + "\xE2\x80\x93" +
             value_text(values.back()) + ". Which block draws ticket " + value_text(values.back()) + "?";
  q.answer = sentence(track_name(trace, highest->event->track)) + ".";
  q.ask_step = first->step;
  q.ask_t = first->event->t_ns - 1;
  q.reveal_step = highest->step;
  q.reveal_t = highest->event->t_ns;
  out.push_back(q);
}

// A model's warp: does it finish?
void add_model_end(const trace::Trace& trace, std::vector<Question>& out) {
  if (!has_warp_model(trace)) return;
  const WarpModel model = warp_model(trace);
  if (model.steps.empty()) return;
  Question q;
  q.kind = QuestionKind::outcome;
  q.prompt = "Will the model's warp ever finish?";
  if (model.deadlocked()) {
    q.answer = "No: the whole state after step " + std::to_string(model.cycle_end + 1) +
               " is the state after step " + std::to_string(model.cycle_start) + ", so steps " +
               std::to_string(model.cycle_start + 1) + "\xE2\x80\x93" + std::to_string(model.cycle_end + 1) +
               " repeat forever and no lane gets further.";
    q.reveal_step = model.cycle_end;
  } else {
    q.answer = "Yes: it completes after " + std::to_string(model.steps.size()) + " steps.";
    q.reveal_step = static_cast<int>(model.steps.size()) - 1;
  }
  out.push_back(q);
}

// A word of memory the trace follows and reads back after the kernel (a one-value buffer of the
// same name): what it holds then. Not for a model, whose warp may never end (add_model_end).
void add_counters(const trace::Trace& trace, std::vector<Question>& out) {
  if (has_warp_model(trace)) return;
  for (const trace::Track& track : trace.tracks) {
    if (track.kind != trace::TrackKind::memory) continue;
    Placed first;
    int writes = 0;
    for (std::size_t k = 0; k < trace.steps.size(); ++k)
      for (const Event& e : trace.steps[k].events) {
        if (e.track != track.id || e.kind != EventKind::counter) continue;
        ++writes;
        if (!first.event || e.t_ns < first.event->t_ns) first = {static_cast<int>(k), &e};
      }
    const trace::Buffer* buffer = nullptr;
    for (const trace::Buffer& b : trace.buffers)
      if (b.name == track.name) buffer = &b;
    int read_back = -1;
    double value = 0;
    for (std::size_t k = 0; buffer && k < trace.steps.size(); ++k)
      for (const trace::Snapshot& snap : trace.steps[k].snapshots)
        if (snap.buffer == buffer->id && snap.values.size() == 1) {
          read_back = static_cast<int>(k);
          value = snap.values.front();
        }
    if (writes < 2 || read_back < 0) continue;
    Question q;
    q.kind = QuestionKind::outcome;
    q.prompt = "The trace records " + std::to_string(writes) + " writes to " + track.name + ". What does " +
               track.name + " hold after the kernel?";
    q.answer = value_text(value) + ", read back after the kernel.";
    q.ask_step = first.step;
    q.ask_t = first.event->t_ns - 1;
    q.reveal_step = read_back;
    out.push_back(q);
  }
}

void add_claims(const trace::Trace& trace, std::vector<Question>& out) {
  const int last = std::max(0, static_cast<int>(trace.steps.size()) - 1);
  for (const trace::Claim& c : trace.claims) {
    if (c.verdict == trace::Verdict::not_observable) continue;
    const bool confirmed = c.verdict == trace::Verdict::confirmed;
    Question q;
    q.kind = QuestionKind::claim;
    q.claim = c.id;
    q.prompt =
        "The documentation says: \xE2\x80\x9C" + c.statement + "\xE2\x80\x9D Does this run bear it out?";
    q.answer = std::string(confirmed ? "Yes, confirmed: " : "No, contradicted: ") + c.measurement;
    q.ask_step = 0;
    q.reveal_step = last;
    out.push_back(q);
  }
}

}  // namespace

std::vector<Question> trace_questions(const trace::Trace& trace) {
  std::vector<Question> out;
  add_moments(trace, out);
  add_last_ticket(trace, out);
  add_model_end(trace, out);
  add_counters(trace, out);
  std::stable_sort(out.begin(), out.end(),
                   [](const Question& a, const Question& b) { return a.ask_step < b.ask_step; });
  add_claims(trace, out);
  return out;
}

}  // namespace gridlock::viewer
