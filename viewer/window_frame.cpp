// One frame of the window.
#include "window_frame.hpp"

#include <GLFW/glfw3.h>  // after render/gl.hpp, which window_frame.hpp includes
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <string>
#include <vector>

#include "layout_check.hpp"
#include "model/key_events.hpp"

namespace gridlock::viewer {

namespace {

void key_event(GLFWwindow*, int key, int, int action, int mods) {
  if (action == GLFW_PRESS || action == GLFW_REPEAT) frame_keys().push({key, mods, action == GLFW_REPEAT});
}

void files_dropped(GLFWwindow* window, int count, const char** paths) {
  auto* app = static_cast<App*>(glfwGetWindowUserPointer(window));
  app->open_files(std::vector<std::string>(paths, paths + count));
}

double frame_build_ms = 0;

}  // namespace

double last_frame_build_ms() { return frame_build_ms; }

void set_key_callback(GLFWwindow* window) { glfwSetKeyCallback(window, key_event); }

void set_drop_callback(GLFWwindow* window) { glfwSetDropCallback(window, files_dropped); }

void render_frame(GLFWwindow* window, App& app, Presenter& presenter, HeatStripRenderer& heat,
                  const OffscreenTarget* target, float seconds) {
  const double started = glfwGetTime();
  glfwPollEvents();  // 1 (the interactive loop may first have slept until an event)
  frame_keys().begin_frame();
  presenter.before_frame();      // full screen, scale and theme change between frames
  ImGui_ImplOpenGL3_NewFrame();  // 2
  ImGui_ImplGlfw_NewFrame();
  if (target) {
    ImGui::GetIO().DisplaySize =
        ImVec2(static_cast<float>(target->width()), static_cast<float>(target->height()));
    ImGui::GetIO().DisplayFramebufferScale = ImVec2(1, 1);
  }
  ImGui::NewFrame();
  canvas_rects().clear();
  data_rows().clear();
  heat.begin_frame();
  app.frame(seconds);  // 3
  ImGui::Render();     // 4
  frame_build_ms = (glfwGetTime() - started) * 1e3;
  int width = 0, height = 0;
  if (target) {
    target->bind();
    width = target->width();
    height = target->height();
  } else {
    glfwGetFramebufferSize(window, &width, &height);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
  }
  glViewport(0, 0, width, height);
  const ImVec4 clear = ImGui::ColorConvertU32ToFloat4(colour::background);
  glClearColor(clear.x, clear.y, clear.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  if (target)
    target->unbind();
  else
    glfwSwapBuffers(window);  // 5
}

void WindowExport::after_frame(GLFWwindow* window, App& app, const RenderFrame& render) {
  if (!running_) {
    std::optional<ExportRequest> request = app.take_export_request();
    if (!request) return;
    ExportTargets targets;
    targets.kind = request->kind;
    targets.path = path_ = request->path;
    glfwGetFramebufferSize(window, &targets.width, &targets.height);
    back_ = app.current_moment();
    running_ = std::make_unique<AnimationExport>();
    const ExportRange range = request->range;
    if (std::string error = running_->start(
            render, [&] { return app.animation_moves(range); }, targets);
        !error.empty())
      return end(app, error);
  }
  if (std::string error = running_->advance(render); !error.empty()) return end(app, error);
  if (running_->done()) end(app, {});
}

void WindowExport::end(App& app, const std::string& error) {
  std::string summary;
  const std::string failure = error.empty() ? running_->finish(summary) : error;
  running_.reset();
  back_();
  if (failure.empty() && deliver_) deliver_(path_);
  app.notify(failure.empty() ? "Export: " + summary : "Export failed: " + failure, !failure.empty());
}

}  // namespace gridlock::viewer
