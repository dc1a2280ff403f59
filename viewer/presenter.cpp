// Presenter mode's keys and their effects on the window, the fonts and the style.
#include "presenter.hpp"

#include <algorithm>

#include "render/gl.hpp"  // before GLFW
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_opengl3.h>

#include "model/key_events.hpp"

namespace gridlock::viewer {

Presenter::Presenter(GLFWwindow* window, Fonts& fonts, PresenterSettings settings, std::string file)
    : window_(window), fonts_(fonts), settings_(std::move(settings)), file_(std::move(file)) {
  layout_->left_share = settings_.left_share;
  layout_->source_share = settings_.source_share;
  layout_->panel = settings_.panel;
}

void Presenter::apply() {
  ImGuiIO& io = ImGui::GetIO();
  const bool rebuild = applied_scale_ > 0;
  io.Fonts->Clear();
  fonts_ = load_fonts(settings_.scale);
  if (rebuild) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
  apply_style(settings_.scale, settings_.theme);
  applied_scale_ = settings_.scale;
  applied_theme_ = settings_.theme;
}

void Presenter::before_frame() {
  const KeyEvents& keys = frame_keys();
  const bool typing = ImGui::GetIO().WantTextInput;
  if (keys.pressed(GLFW_KEY_F11)) set_fullscreen(!fullscreen_);
  const int ctrl = KeyEvents::kCtrl;
  if (keys.pressed(GLFW_KEY_EQUAL, true, ctrl) || keys.pressed(GLFW_KEY_KP_ADD, true, ctrl))
    settings_.scale = next_scale(settings_.scale, +1);
  if (keys.pressed(GLFW_KEY_MINUS, true, ctrl) || keys.pressed(GLFW_KEY_KP_SUBTRACT, true, ctrl))
    settings_.scale = next_scale(settings_.scale, -1);
  if (keys.pressed(GLFW_KEY_0, false, ctrl)) settings_.scale = 1.0f;
  if (!typing && keys.pressed(GLFW_KEY_L))
    settings_.theme = settings_.theme == Theme::dark ? Theme::light : Theme::dark;
  if (settings_.scale != applied_scale_) {
    apply();
  } else if (settings_.theme != applied_theme_) {
    apply_style(settings_.scale, settings_.theme);
    applied_theme_ = settings_.theme;
  }
}

void Presenter::set_fullscreen(bool on) {
  if (on == fullscreen_ || !window_) return;
  if (on) {
    GLFWmonitor* monitor = glfwGetPrimaryMonitor();
    const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
    if (!mode) return;
    glfwGetWindowPos(window_, &windowed_[0], &windowed_[1]);
    glfwGetWindowSize(window_, &windowed_[2], &windowed_[3]);
    glfwSetWindowMonitor(window_, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
  } else {
    glfwSetWindowMonitor(window_, nullptr, windowed_[0], windowed_[1], windowed_[2], windowed_[3], 0);
  }
  fullscreen_ = on;
}

std::string Presenter::save() {
  if (file_.empty()) return {};
  settings_.left_share = std::clamp(layout_->left_share, 0.2f, 0.85f);
  settings_.source_share = std::clamp(layout_->source_share, 0.15f, 0.85f);
  settings_.panel = layout_->panel;
  return save_settings(file_, settings_);
}

}  // namespace gridlock::viewer
