// A student's run of a kernel in the model (lessons/common/explore): the state, the moves open to
// them, undo, the challenge being played, and every outcome the model allows, searched a slice a
// frame so that the window stays responsive (and the same code runs in a browser).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "explore/challenges.hpp"

namespace gridlock::viewer {

class ExploreSession {
 public:
  // Throws std::invalid_argument for a run the model refuses.
  explicit ExploreSession(explore::ModelRun run, std::optional<explore::Challenge> challenge = std::nullopt);

  const explore::ModelRun& run() const { return run_; }
  // run().where(), worked out once: "1 block of 2 threads on 1 SM, warps in lockstep".
  const std::string& where() const { return where_; }
  const explore::ModelKernel& kernel() const { return kernel_; }
  const explore::Machine& machine() const { return machine_; }
  const explore::State& state() const { return history_.back(); }
  const std::optional<explore::Challenge>& challenge() const { return challenge_; }

  // The moves open now, each with what it would do, in the order their keys name them.
  struct Choice {
    explore::Move move;
    std::string key;   // "1".."9"; "" for a move after the ninth (chosen by pointing)
    std::string text;  // "block 0 (SM 0), line 27: seen = count (load): reads 0 from memory"
  };
  const std::vector<Choice>& choices() const { return choices_; }

  bool choose(size_t index);  // false when there is no such move
  bool choose_key(const std::string& key);
  bool undo();
  void restart();
  // One move chosen by the seeded scheduler (the same seed, the same run); false once ended.
  bool random_move();
  // Random moves until the kernel ends or spins, at most `most`; how many were taken.
  int random_to_the_end(int most);
  void set_seed(uint64_t seed) { seed_ = seed; }

  // The moves taken, in words.
  const std::vector<std::string>& log() const { return log_; }
  bool ended() const { return machine_.ended(state()); }
  // No run from here ends: a search from this state (a small one, after every move) found every
  // state it can reach and none where the kernel ends.
  bool hung() const { return hung_; }
  // Hung, and back in a state the run was in before: the spin has gone round once.
  bool spins() const;
  std::string outcome() const;  // "" until the kernel has ended or spins
  bool solved() const;          // the challenge's goal reached

  // Every outcome: started on demand, advanced a slice at a time, stopped when asked.
  void start_search();
  void stop_search() { search_.reset(); }
  // Visits up to `budget` states; true while the search goes on.
  bool advance_search(int64_t budget);
  const explore::Explorer* search() const { return search_.get(); }

 private:
  void list_choices();
  void look_for_a_hang();

  explore::ModelRun run_;
  std::optional<explore::Challenge> challenge_;
  explore::ModelKernel kernel_;
  explore::Machine machine_;
  std::string where_;
  std::vector<explore::State> history_;
  std::vector<std::string> log_;
  std::vector<Choice> choices_;
  uint64_t seed_ = 1;
  bool hung_ = false;
  std::unique_ptr<explore::Explorer> search_;
};

}  // namespace gridlock::viewer
