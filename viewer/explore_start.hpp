// The command line's way into Explore: --explore RUN or --challenge N, checked before any window
// opens, and --keys, a script of keys pressed one a frame before a screenshot (the tests play the
// challenges with it, through the same key handler a person's keys go through).
#pragma once

#include <optional>
#include <vector>

#include "app.hpp"
#include "explore/model_run.hpp"
#include "headless.hpp"
#include "options.hpp"

namespace gridlock::viewer {

struct ExploreStart {
  std::optional<explore::ModelRun> run;
  int challenge = -1;     // index into explore::challenges(); -1: none
  std::vector<int> keys;  // key codes (the GLFW backend's)
  bool wanted() const { return run || challenge >= 0; }
};

// Returns -1 to go on, or 2 after printing what is wrong.
int prepare_explore(const Options& options, ExploreStart& start);

// Shows what `start` asks for.
void start_explore(App& app, const ExploreStart& start);

// Presses each key in its own frame, as the window's key callback would, the frames drawn into
// an offscreen image of the screenshot's size (as the screenshot's are). Returns 1 after saying
// why when that image cannot be made, else 0.
int press_keys(const RenderFrame& render, const std::vector<int>& keys, int width, int height);

}  // namespace gridlock::viewer
