// One frame of the viewer's window, and the window's input callbacks: shared by the desktop's
// main.cpp and the browser's web/web_main.cpp, which own the window and the loop around it.
#pragma once

#include <functional>
#include <string>

#include "app.hpp"
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

// An export chosen in the window's Export menu, made at the window's size; the view returns to
// where it was and the notice popup says how it went. `deliver`, when set, is handed the file
// written (a browser page downloads it).
void export_from_window(GLFWwindow* window, App& app, const RenderFrame& render,
                        const std::function<void(const std::string& path)>& deliver);

}  // namespace gridlock::viewer
