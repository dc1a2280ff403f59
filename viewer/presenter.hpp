// Presenter mode: full screen, one scale for everything (the interface and the data the views
// draw), a light and a dark theme, each on a key; the settings remembered between sessions.
// Owns the window-level side (GLFW, the font atlas); App and the screens read the settings.
#pragma once

#include <memory>
#include <string>

#include "model/presenter_settings.hpp"
#include "style.hpp"
#include "trace_screen.hpp"

struct GLFWwindow;

namespace gridlock::viewer {

class Presenter {
 public:
  // `file`: where the settings are saved on exit; empty: never saved (screenshots, benchmarks).
  Presenter(GLFWwindow* window, Fonts& fonts, PresenterSettings settings, std::string file);

  PresenterSettings& settings() { return settings_; }
  const std::shared_ptr<PanelLayout>& layout() const { return layout_; }

  // Loads the fonts and the style at the settings' scale and theme. Before the first frame.
  void apply();
  // Between glfwPollEvents and the ImGui frame: this frame's presenter keys (F11 full screen,
  // Ctrl+= / Ctrl+- / Ctrl+0 scale, L theme). A new scale rebuilds the font atlas, which cannot
  // change inside a frame.
  void before_frame();
  void set_fullscreen(bool on);
  bool fullscreen() const { return fullscreen_; }
  // Writes the settings (with the shared panel layout) to the file, when there is one. Returns
  // the error message or empty.
  std::string save();

 private:
  GLFWwindow* window_;
  Fonts& fonts_;
  PresenterSettings settings_;
  std::string file_;
  std::shared_ptr<PanelLayout> layout_ = std::make_shared<PanelLayout>();
  float applied_scale_ = 0;
  Theme applied_theme_ = Theme::dark;
  bool fullscreen_ = false;
  int windowed_[4] = {0, 0, 0, 0};  // x, y, width, height before full screen
};

}  // namespace gridlock::viewer
