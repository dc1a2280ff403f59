// Every outcome a kernel can reach in the model, not one: a breadth-first search over every
// interleaving of moves (memory_model.hpp), each state visited once. It runs in slices (advance),
// so a window's frame loop can drive it with progress and a way to stop, and it reports itself
// complete only when the search ran out of new states within its bounds: then raising a bound
// adds no new state, and the outcome set is every outcome the model allows. A complete search
// also finds the states from which no run ends (a spin that can never be left, a barrier that
// never opens): they are the outcome "never ends".
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "explore/memory_model.hpp"

namespace gridlock::explore {

// What a finished kernel left, in words: "count = 1".
using OutcomeOf = std::function<std::string(const Machine&, const State&)>;

// The outcome of a state where the kernel has ended: the machine's fault if a thread indexed
// outside an array ("outside an array: ..."), else what `outcome_of` says.
std::string outcome_label(const Machine& machine, const OutcomeOf& outcome_of, const State& state);

struct Bounds {
  int depth = 200;             // moves from the start
  int64_t states = 2'000'000;  // distinct states kept
  // Offer a single move where it commutes with every other (Machine::moves); false: every move,
  // for checking that the reduction loses no outcome.
  bool reduce = true;
};

// The outcome of the runs that can no longer end.
inline constexpr const char* kNeverEnds = "never ends";

struct Outcome {
  std::string label;
  int64_t ends = 0;                  // distinct final states with this outcome (never ends: states
                                     // from which no run ends)
  std::vector<std::string> witness;  // the moves of a shortest run that reaches it, in words
  std::vector<Move> moves;           // the same run's moves
};

// "1 final state", "3 final states", "8 states from which no run ends".
std::string ends_in_words(const Outcome& outcome);

class Explorer {
 public:
  // Searches from `from` (the kernel's start when empty).
  Explorer(Machine machine, OutcomeOf outcome_of, Bounds bounds = {}, State from = {});
  // It keeps pointers to the states it holds: a move keeps them valid, a copy would not.
  Explorer(Explorer&&) = default;
  Explorer& operator=(Explorer&&) = default;
  Explorer(const Explorer&) = delete;
  Explorer& operator=(const Explorer&) = delete;

  // Visits up to `budget` more states; true once the search is over (complete or at a bound).
  bool advance(int64_t budget);
  bool done() const { return done_; }
  // Every reachable state was visited: the outcomes are all the model allows.
  bool complete() const { return done_ && why_stopped_.empty(); }
  // Empty when complete; else which bound stopped the search, in words.
  const std::string& why_stopped() const { return why_stopped_; }

  int64_t states() const { return static_cast<int64_t>(states_.size()); }
  int64_t visited() const { return static_cast<int64_t>(next_); }
  int depth() const { return depth_; }  // the deepest level reached, in moves
  // Sorted by label.
  std::vector<Outcome> outcomes() const;
  const Machine& machine() const { return machine_; }
  const Bounds& bounds() const { return bounds_; }
  // Where the search started, and where the never-ending outcome's run ends: where the threads
  // are once no run can end ("" when every run ends).
  const State& start() const { return start_; }
  const std::string& where_it_hangs() const { return where_it_hangs_; }

 private:
  struct Hash {
    size_t operator()(const State& s) const;
  };
  int add(State state, int parent, const Move& move);
  std::vector<Move> moves_to(int state) const;
  Outcome outcome_at(int state, const std::string& label) const;
  void find_hangs();
  bool returns_to(size_t state, const std::vector<bool>& can_end) const;

  Machine machine_;
  OutcomeOf outcome_of_;
  Bounds bounds_;
  std::vector<const State*> states_;  // the keys of index_, in the order they were found
  std::vector<int> parent_;
  std::vector<Move> move_;
  std::vector<int> level_;
  std::vector<size_t> first_successor_;  // per visited state, into successors_
  std::vector<int> successors_;
  State start_;
  std::string where_it_hangs_;
  std::unordered_map<State, int, Hash> index_;
  std::unordered_map<std::string, Outcome> outcomes_;
  size_t next_ = 0;
  int depth_ = 0;
  bool done_ = false;
  std::string why_stopped_;
};

}  // namespace gridlock::explore
