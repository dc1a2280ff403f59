// Explore: a lesson's kernel in the model (lessons/common/explore), played by the student. Rows
// for the blocks with the line each would run next, memory with its values, every SM's cached
// lines and pending writes, the moves open now (keys 1 to 9, or a click), undo, a seeded random
// scheduler, the challenges with their goals, and every outcome the model allows, searched a slice
// a frame. A model, not a GPU: its moves are turns, not nanoseconds, and the screen says so.
#pragma once

#include <memory>
#include <string>

#include "explore_recording.hpp"
#include "model/explore_session.hpp"
#include "style.hpp"

namespace gridlock::viewer {

class ExploreScreen {
 public:
  // Throws std::invalid_argument for a run the model refuses.
  explicit ExploreScreen(explore::ModelRun run, std::optional<explore::Challenge> challenge = std::nullopt);
  // The challenge `index` of explore::challenges(), on its documented kernel.
  static std::unique_ptr<ExploreScreen> for_challenge(size_t index);

  ExploreSession& session() { return *session_; }
  // This frame's keys: 1–9 a move, Backspace undo, Home restart, Space a random move, E every
  // outcome, T the challenge's corrected kernel.
  void keys();
  bool animating() const { return playing_ > 0 || (session_->search() && !session_->search()->done()); }
  // Fills the current window; false when the user closed the screen.
  bool draw(const Fonts& fonts);
  std::string title() const;
  // Where the recorded side comes from (the panel is left out without one).
  void set_recording(std::shared_ptr<ExploreRecording> recording) { recording_ = std::move(recording); }

 private:
  void replace(explore::ModelRun run, std::optional<explore::Challenge> challenge);
  void settings_row(const Fonts& fonts);
  void challenge_row(const Fonts& fonts);
  void threads_table(const Fonts& fonts);
  void code_lines(const Fonts& fonts);
  void memory_table(const Fonts& fonts);
  void moves_list(const Fonts& fonts);
  void outcomes_panel(const Fonts& fonts);

  std::unique_ptr<ExploreSession> session_;
  std::shared_ptr<ExploreRecording> recording_;
  int challenge_ = -1;       // index into explore::challenges(), -1: none
  int seed_ = 1;             // the seeded scheduler's seed, as the student typed it
  bool show_rules_ = false;  // the model's rules shown under the settings
  int playing_ = 0;          // random moves left to play to the end, a slice a frame (R); 0: none
};

}  // namespace gridlock::viewer
