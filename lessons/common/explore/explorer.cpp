// The breadth-first search over the model's interleavings.
#include "explore/explorer.hpp"

#include <algorithm>

namespace gridlock::explore {

std::string outcome_label(const Machine& machine, const OutcomeOf& outcome_of, const State& state) {
  const std::string fault = machine.fault(state);
  return fault.empty() ? outcome_of(machine, state) : "outside an array: " + fault;
}

std::string ends_in_words(const Outcome& o) {
  const std::string n = std::to_string(o.ends);
  if (o.label == kNeverEnds) return n + (o.ends == 1 ? " state" : " states") + " from which no run ends";
  return n + (o.ends == 1 ? " final state" : " final states");
}

size_t Explorer::Hash::operator()(const State& s) const {
  uint64_t h = 1469598103934665603ull;  // FNV-1a over the ints
  for (int32_t v : s) {
    h ^= static_cast<uint32_t>(v);
    h *= 1099511628211ull;
  }
  return static_cast<size_t>(h);
}

Explorer::Explorer(Machine machine, OutcomeOf outcome_of, Bounds bounds, State from)
    : machine_(std::move(machine)),
      outcome_of_(std::move(outcome_of)),
      bounds_(bounds),
      start_(std::move(from)) {
  if (start_.empty()) start_ = machine_.initial();
  add(machine_.canonical(start_), -1, {});
}

int Explorer::add(State state, int parent, const Move& move) {
  const auto found = index_.find(state);
  if (found != index_.end()) return found->second;
  const int id = static_cast<int>(states_.size());
  states_.push_back(&index_.emplace(std::move(state), id).first->first);
  parent_.push_back(parent);
  move_.push_back(move);
  level_.push_back(parent < 0 ? 0 : level_[static_cast<size_t>(parent)] + 1);
  return id;
}

std::vector<Move> Explorer::moves_to(int state) const {
  std::vector<Move> moves;
  for (int s = state; parent_[static_cast<size_t>(s)] >= 0; s = parent_[static_cast<size_t>(s)])
    moves.push_back(move_[static_cast<size_t>(s)]);
  std::reverse(moves.begin(), moves.end());
  return moves;
}

Outcome Explorer::outcome_at(int state, const std::string& label) const {
  Outcome o;
  o.label = label;
  o.moves = moves_to(state);
  State at = start_;
  for (const Move& move : o.moves) {
    std::string what;
    at = machine_.apply(at, move, &what);
    o.witness.push_back(what);
  }
  return o;
}

// Every visited state that cannot reach an end, by a search backwards from the ends; the first of
// them found (the one nearest the start) gives the outcome its run.
void Explorer::find_hangs() {
  const size_t n = first_successor_.size();
  std::vector<size_t> first_predecessor(n + 1, 0);
  for (size_t i = 0; i < n; ++i) {
    const size_t last = i + 1 < n ? first_successor_[i + 1] : successors_.size();
    for (size_t k = first_successor_[i]; k < last; ++k)
      ++first_predecessor[static_cast<size_t>(successors_[k]) + 1];
  }
  for (size_t i = 0; i < n; ++i) first_predecessor[i + 1] += first_predecessor[i];
  std::vector<int> predecessors(successors_.size());
  std::vector<size_t> fill = first_predecessor;
  for (size_t i = 0; i < n; ++i) {
    const size_t last = i + 1 < n ? first_successor_[i + 1] : successors_.size();
    for (size_t k = first_successor_[i]; k < last; ++k)
      predecessors[fill[static_cast<size_t>(successors_[k])]++] = static_cast<int>(i);
  }
  std::vector<bool> can_end(n, false);
  std::vector<int> todo;
  for (size_t i = 0; i < n; ++i)
    if (machine_.ended(*states_[i])) can_end[i] = true, todo.push_back(static_cast<int>(i));
  while (!todo.empty()) {
    const size_t at = static_cast<size_t>(todo.back());
    todo.pop_back();
    for (size_t k = first_predecessor[at]; k < first_predecessor[at + 1]; ++k) {
      const size_t p = static_cast<size_t>(predecessors[k]);
      if (!can_end[p]) can_end[p] = true, todo.push_back(static_cast<int>(p));
    }
  }
  // The run shown is the shortest to a state that repeats (or has no move): where it spins.
  int64_t stuck = 0;
  size_t shown = n, tried = 0;
  for (size_t i = 0; i < n; ++i) {
    if (can_end[i]) continue;
    ++stuck;
    if (shown == n && tried++ < 1000 && returns_to(i, can_end)) shown = i;
    if (shown == n && tried == 1000) shown = i;
  }
  if (stuck == 0) return;
  Outcome o = outcome_at(static_cast<int>(shown), kNeverEnds);
  o.ends = stuck;
  outcomes_[kNeverEnds] = o;
  where_it_hangs_ = machine_.where_threads_are(*states_[shown]);
}

// Whether a state that cannot end comes back to itself (or has no move at all).
bool Explorer::returns_to(size_t state, const std::vector<bool>& can_end) const {
  const auto successors = [&](size_t i) {
    const size_t first = first_successor_[i];
    const size_t last = i + 1 < first_successor_.size() ? first_successor_[i + 1] : successors_.size();
    return std::pair<size_t, size_t>{first, last};
  };
  if (successors(state).first == successors(state).second) return true;
  std::vector<size_t> todo{state};
  std::unordered_map<size_t, bool> seen;
  while (!todo.empty() && seen.size() < 100000) {
    const size_t at = todo.back();
    todo.pop_back();
    const auto [first, last] = successors(at);
    for (size_t k = first; k < last; ++k) {
      const size_t next = static_cast<size_t>(successors_[k]);
      if (next == state) return true;
      if (!can_end[next] && next < first_successor_.size() && seen.emplace(next, true).second)
        todo.push_back(next);
    }
  }
  return false;
}

bool Explorer::advance(int64_t budget) {
  for (int64_t n = 0; !done_ && n < budget; ++n) {
    if (next_ == states_.size()) {
      done_ = true;  // no state left unvisited: complete
      find_hangs();
      break;
    }
    const int id = static_cast<int>(next_++);
    const int level = level_[static_cast<size_t>(id)];
    depth_ = std::max(depth_, level);
    // The map's nodes stay put when it grows, so the state is read where it is kept.
    const State& state = *states_[static_cast<size_t>(id)];
    first_successor_.push_back(successors_.size());
    if (machine_.ended(state)) {
      const std::string label = outcome_label(machine_, outcome_of_, state);
      Outcome& o = outcomes_[label];
      if (o.ends++ == 0) {
        o = outcome_at(id, label);
        o.ends = 1;
      }
      continue;
    }
    if (level == bounds_.depth) {
      done_ = true;
      why_stopped_ = "stopped at the depth bound (" + std::to_string(bounds_.depth) +
                     " moves) with states still to explore: raise --depth";
      break;
    }
    for (const Move& move : machine_.moves(state, bounds_.reduce)) {
      successors_.push_back(add(machine_.canonical(machine_.apply(state, move)), id, move));
      if (states() > bounds_.states) {
        done_ = true;
        why_stopped_ = "stopped at " + std::to_string(bounds_.states) +
                       " states, the model's bound: fewer blocks, or raise --max-states";
        break;
      }
    }
  }
  return done_;
}

std::vector<Outcome> Explorer::outcomes() const {
  std::vector<Outcome> out;
  for (const auto& item : outcomes_) out.push_back(item.second);
  std::sort(out.begin(), out.end(), [](const Outcome& a, const Outcome& b) { return a.label < b.label; });
  return out;
}

}  // namespace gridlock::explore
