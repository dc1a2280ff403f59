// The student's run: moves, undo, the seeded scheduler and the search in slices.
#include "model/explore_session.hpp"

#include <algorithm>

namespace gridlock::viewer {

namespace ex = gridlock::explore;

namespace {

// The most states a search in the window keeps: a few hundred MB at most, in a browser too.
constexpr int64_t kWindowStates = 500'000;
// The most states the look for a hang visits after a move: a few ms.
constexpr int64_t kHangSearchStates = 5'000;

ex::ModelRun within_the_window(ex::ModelRun run) {
  run.bounds.states = std::min(run.bounds.states, kWindowStates);
  return run;
}

}  // namespace

ExploreSession::ExploreSession(ex::ModelRun run, std::optional<ex::Challenge> challenge)
    : run_(within_the_window(std::move(run))),
      challenge_(std::move(challenge)),
      kernel_(ex::model_kernel(run_.kernel, run_.blocks, run_.lanes)),
      machine_(kernel_.program, run_.placement()),
      where_(run_.where()) {
  restart();
}

void ExploreSession::restart() {
  history_.assign(1, machine_.initial());
  log_.clear();
  list_choices();
}

void ExploreSession::look_for_a_hang() {
  hung_ = false;
  if (ended()) return;
  ex::Bounds small;
  small.states = kHangSearchStates;
  ex::Explorer from_here(machine_, kernel_.outcome, small, state());
  while (!from_here.advance(kHangSearchStates)) {
  }
  const std::vector<ex::Outcome> outcomes = from_here.outcomes();
  hung_ = from_here.complete() && outcomes.size() == 1 && outcomes[0].label == ex::kNeverEnds;
}

void ExploreSession::list_choices() {
  look_for_a_hang();
  choices_.clear();
  const std::vector<ex::Move> open = machine_.moves(state(), false);
  for (size_t i = 0; i < open.size(); ++i) {
    Choice c{open[i], ex::move_key(i), {}};
    machine_.apply(state(), open[i], &c.text);
    choices_.push_back(std::move(c));
  }
}

bool ExploreSession::choose(size_t index) {
  if (index >= choices_.size()) return false;
  std::string what;
  history_.push_back(machine_.apply(state(), choices_[index].move, &what));
  log_.push_back(what);
  list_choices();
  return true;
}

bool ExploreSession::choose_key(const std::string& key) {
  const int index = ex::move_index(key);
  return index >= 0 && choose(static_cast<size_t>(index));
}

bool ExploreSession::undo() {
  if (history_.size() < 2) return false;
  history_.pop_back();
  log_.pop_back();
  list_choices();
  return true;
}

bool ExploreSession::random_move() {
  if (choices_.empty()) return false;
  seed_ =
      seed_ * 6364136223846793005ull + 1442695040888963407ull;  // a 64-bit LCG: the same seed, the same run
  return choose(static_cast<size_t>((seed_ >> 33) % choices_.size()));
}

bool ExploreSession::spins() const {
  return hung_ && std::find(history_.begin(), history_.end() - 1, state()) != history_.end() - 1;
}

int ExploreSession::random_to_the_end(int most) {
  int moves = 0;
  while (moves < most && !ended() && !spins() && random_move()) ++moves;
  return moves;
}

std::string ExploreSession::outcome() const {
  if (spins()) return std::string(ex::kNeverEnds) + ": " + machine_.where_threads_are(state());
  return ended() ? ex::outcome_label(machine_, kernel_.outcome, state()) : "";
}

bool ExploreSession::solved() const {
  return challenge_ && (ended() || spins()) && ex::reaches(*challenge_, outcome());
}

void ExploreSession::start_search() {
  search_ = std::make_unique<ex::Explorer>(machine_, kernel_.outcome, run_.bounds);
}

bool ExploreSession::advance_search(int64_t budget) {
  if (!search_) return false;
  return !search_->advance(budget);
}

}  // namespace gridlock::viewer
