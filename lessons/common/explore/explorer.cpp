// The breadth-first search over the model's interleavings.
#include "explore/explorer.hpp"

#include <algorithm>

namespace gridlock::explore {

size_t Explorer::Hash::operator()(const State& s) const {
  uint64_t h = 1469598103934665603ull;  // FNV-1a over the ints
  for (int32_t v : s) {
    h ^= static_cast<uint32_t>(v);
    h *= 1099511628211ull;
  }
  return static_cast<size_t>(h);
}

Explorer::Explorer(Machine machine, OutcomeOf outcome_of, Bounds bounds)
    : machine_(std::move(machine)), outcome_of_(std::move(outcome_of)), bounds_(bounds) {
  add(machine_.initial(), -1, {});
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

bool Explorer::advance(int64_t budget) {
  for (int64_t n = 0; !done_ && n < budget; ++n) {
    if (next_ == states_.size()) {
      done_ = true;  // no state left unvisited: complete
      break;
    }
    const int id = static_cast<int>(next_++);
    const int level = level_[static_cast<size_t>(id)];
    depth_ = std::max(depth_, level);
    // The map's nodes stay put when it grows, so the state is read where it is kept.
    const State& state = *states_[static_cast<size_t>(id)];
    if (machine_.ended(state)) {
      const std::string label = outcome_of_(machine_, state);
      Outcome& o = outcomes_[label];
      if (o.ends++ == 0) {
        o.label = label;
        o.moves = moves_to(id);
        State at = machine_.initial();
        for (const Move& move : o.moves) {
          std::string what;
          at = machine_.apply(at, move, &what);
          o.witness.push_back(what);
        }
      }
      continue;
    }
    if (level == bounds_.depth) {
      done_ = true;
      why_stopped_ = "stopped at the depth bound (" + std::to_string(bounds_.depth) +
                     " moves) with states still to explore: raise --depth";
      break;
    }
    for (const Move& move : machine_.moves(state)) {
      add(machine_.apply(state, move), id, move);
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
