// The parts of the words checker (words.cpp) that its rule files share: reading a phrase's
// numbers, what the run recorded looked up, and the rules' tables. Private to the trace library.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "trace/trace.hpp"

namespace gridlock::trace::words {

// ---- phrases ---------------------------------------------------------------------------------
//
// A phrase is literal text with '#' for a decimal integer, '%' for the hex digits after "0x" and
// '*' for any text.

// A number read from a text: its value and where it stands.
struct Number {
  int64_t value = 0;
  size_t begin = 0, length = 0;
  bool hex = false;
};

// Whether `text` is `pattern` with its placeholders filled; the numbers in the order they stand.
// `offset` is where `text` begins in the whole field.
bool match(std::string_view pattern, std::string_view text, std::vector<Number>& numbers, size_t offset = 0);
bool match(std::string_view pattern, std::string_view text, std::vector<int64_t>& values);
bool has_number(std::string_view text);

std::string str(int64_t v);
std::string str(double v);
// "the block reads 5 where the run has 6", or empty when they agree.
std::string differ(const char* what, int64_t said, double actual);
// The first non-empty problem, or empty.
std::string first_of(std::initializer_list<std::string> problems);

// ---- what the run recorded, looked up -------------------------------------------------------

class Run {
 public:
  explicit Run(const Trace& t) : t(t) {
    for (const Track& track : t.tracks) tracks_.emplace(track.id, &track);
    for (const Launch& l : t.launches) launches_.emplace(l.id, &l);
    for (const Step& s : t.steps)
      for (const Event& e : s.events) {
        step_of_.emplace(&e, &s);
        for (int f : e.flows_out) flow_sources_.emplace(f, &e);
      }
  }

  const Trace& t;

  const Track* track(int id) const {
    const auto found = tracks_.find(id);
    return found == tracks_.end() ? nullptr : found->second;
  }
  const Launch* launch(int id) const {
    const auto found = launches_.find(id);
    return found == launches_.end() ? nullptr : found->second;
  }
  std::vector<const Event*> flow_sources(const Event& e) const {
    std::vector<const Event*> out;
    for (int f : e.flows_in)
      if (const auto found = flow_sources_.find(f); found != flow_sources_.end())
        out.push_back(found->second);
    return out;
  }
  const Step& step_of(const Event& e) const { return *step_of_.at(&e); }
  size_t step_index_of(const Event& e) const { return size_t(&step_of(e) - t.steps.data()); }
  const Buffer* buffer_named(const std::string& name) const {
    for (const Buffer& b : t.buffers)
      if (b.name == name) return &b;
    return nullptr;
  }

 private:
  std::unordered_map<int, const Track*> tracks_;
  std::unordered_map<int, const Launch*> launches_;
  std::unordered_map<int, const Event*> flow_sources_;
  std::unordered_map<const Event*, const Step*> step_of_;
};

// ---- rules -----------------------------------------------------------------------------------

// An event's name read by a phrase; the judge compares its numbers with the run and says what
// disagrees (empty: nothing).
using EventJudge = std::function<std::string(const Run&, const Event&, const std::vector<int64_t>&)>;
struct EventRule {
  const char* phrase;
  EventJudge judge;
};

// A step's detail or note read by a phrase.
using StepJudge = std::function<std::string(const Run&, size_t step, const std::vector<int64_t>&)>;
struct StepRule {
  const char* phrase;
  StepJudge judge;
  // Where the pass stands among the steps of its kind ("level 2 of 5"): the index of that
  // number in the phrase's numbers, the total after it; -1 when the phrase names no pass.
  int pass = -1;
  // The index of the number that says whose passes they are (a block, a warp); -1: nobody's.
  int whose = -1;
};

// The rules, first match wins: the recorders' words (words_events.cpp, words_steps.cpp) and the
// lockstep model's (words_model.cpp).
const std::vector<EventRule>& event_rules();
const std::vector<StepRule>& detail_rules();
const std::vector<StepRule>& note_rules();
const std::vector<EventRule>& model_event_rules();
const std::vector<StepRule>& model_detail_rules();
const std::vector<StepRule>& model_note_rules();

}  // namespace gridlock::trace::words
