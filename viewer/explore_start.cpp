// --explore, --challenge and --keys.
#include "explore_start.hpp"

#include <iostream>

#include "explore/challenges.hpp"
#include "model/key_events.hpp"

namespace gridlock::viewer {
namespace {

// GLFW's codes for the named keys (the GLFW backend indexes ImGui's keys by them).
constexpr int kSpace = 32, kBackspace = 259, kHome = 268;

// A key of the script as its code, or -1: a digit, a letter, Space, Backspace or Home.
int key_code(const std::string& token) {
  if (token == "Space") return kSpace;
  if (token == "Backspace") return kBackspace;
  if (token == "Home") return kHome;
  if (token.size() == 1 && ((token[0] >= '0' && token[0] <= '9') || (token[0] >= 'A' && token[0] <= 'Z')))
    return token[0];
  return -1;
}

}  // namespace

int prepare_explore(const Options& options, ExploreStart& start) {
  if (!options.explore.empty()) {
    try {
      start.run = explore::parse_model_run(explore::words_of(options.explore));
    } catch (const std::invalid_argument& e) {
      std::cerr << "gridlock-viewer: --explore \"" << options.explore << "\": " << e.what() << "\n";
      return 2;
    }
  }
  if (options.challenge > 0) {
    if (static_cast<size_t>(options.challenge) > explore::challenges().size()) {
      std::cerr << "gridlock-viewer: --challenge " << options.challenge << ": there are "
                << explore::challenges().size() << " challenges\n";
      return 2;
    }
    start.challenge = options.challenge - 1;
  }
  for (const std::string& token : explore::words_of(options.keys)) {
    const int code = key_code(token);
    if (code < 0) {
      std::cerr << "gridlock-viewer: --keys: \"" << token
                << "\" is not a key (a digit, a capital letter, Space, Backspace or Home)\n";
      return 2;
    }
    start.keys.push_back(code);
  }
  if (options.solved) {
    if (start.challenge < 0) {
      std::cerr << "gridlock-viewer: --solved needs --challenge\n";
      return 2;
    }
    const explore::Challenge& c = explore::challenges()[static_cast<size_t>(start.challenge)];
    const std::string keys = explore::solution_keys(c, c.run);
    if (keys.empty()) {
      std::cerr << "gridlock-viewer: --solved: no run of the model solves \"" << c.title << "\" by keys\n";
      return 1;
    }
    for (const std::string& token : explore::words_of(keys)) start.keys.push_back(key_code(token));
  }
  if (!start.keys.empty() && options.screenshot.empty()) {
    std::cerr << "gridlock-viewer: --keys needs --screenshot (in a window, press them yourself)\n";
    return 2;
  }
  return -1;
}

void start_explore(App& app, const ExploreStart& start) {
  if (start.run) app.explore(*start.run);
  if (start.challenge >= 0) app.explore_challenge(static_cast<size_t>(start.challenge));
}

int press_keys(const RenderFrame& render, const std::vector<int>& keys, int width, int height) {
  OffscreenTarget target;
  if (!target.create(width, height)) {
    std::cerr << "gridlock-viewer: " << target.error() << "\n";
    return 1;
  }
  render(&target, 1.0f / 60.0f);  // the first frame shows what the keys act on
  for (int key : keys) {
    frame_keys().push({key, 0, false});
    render(&target, 1.0f / 60.0f);
  }
  return 0;
}

}  // namespace gridlock::viewer
