// One frame of the viewer's window, and the window's input callbacks: shared by the desktop's
// main.cpp and the browser's web/web_main.cpp, which own the window and the loop around it.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "app.hpp"
#include "export_animation.hpp"
#include "headless.hpp"
#include "presenter.hpp"
#include "render/heat_strip.hpp"
#include "render/offscreen.hpp"

struct GLFWwindow;

namespace gridlock::viewer {

// Records every key press and repeat (model/key_events.hpp) before the ImGui backend, which
// chains to it, keeps only whether the key is down: a tap within one frame still counts. Set it
// before ImGui_ImplGlfw_InitForOpenGL.
void set_key_callback(GLFWwindow* window);

// Files dropped on the window open in the App that glfwGetWindowUserPointer holds.
void set_drop_callback(GLFWwindow* window);

// One frame: 1. events, 2. new ImGui frame, 3. the app's UI, 4. render, 5. present. With a
// target the frame goes there at the target's size instead of to the window.
void render_frame(GLFWwindow* window, App& app, Presenter& presenter, HeatStripRenderer& heat,
                  const OffscreenTarget* target, float seconds);

// How long the last render_frame took to build its frame (steps 1 to 4: events, the UI, ImGui's
// draw lists), in ms; the rest of the frame is the GL calls that draw and present it.
double last_frame_build_ms();

// An export chosen in the window's Export menu, made at the window's size one frame of the
// animation per frame of the window, so that the window (or a browser page) keeps drawing; then
// the view returns to where it was and the notice popup says how it went.
class WindowExport {
 public:
  // `deliver`, when set, is handed each file written (a browser page downloads it).
  explicit WindowExport(std::function<void(const std::string& path)> deliver = nullptr)
      : deliver_(std::move(deliver)) {}
  // After each frame of the window: starts an export the Export menu asked for, or makes the
  // next frame of the one under way.
  void after_frame(GLFWwindow* window, App& app, const RenderFrame& render);
  // An export is under way: the window must not wait for input.
  bool busy() const { return running_ != nullptr; }

 private:
  void end(App& app, const std::string& error);

  std::function<void(const std::string& path)> deliver_;
  std::unique_ptr<AnimationExport> running_;
  Move back_;  // to where the view was
  std::string path_;
};

}  // namespace gridlock::viewer
