// gridlock-viewer: GLFW + GLAD + ImGui set-up and the frame loop. Everything shown is built by App.
#include "render/gl.hpp"  // before GLFW
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <filesystem>
#include <iostream>
#include <vector>

#include "app.hpp"
#include "headless.hpp"
#include "model/paths.hpp"
#include "options.hpp"
#include "render/offscreen.hpp"

#ifndef GRIDLOCK_VIEWER_SHADERS_DIR
#define GRIDLOCK_VIEWER_SHADERS_DIR ""
#endif
#ifndef GRIDLOCK_VIEWER_LESSON_INDEX
#define GRIDLOCK_VIEWER_LESSON_INDEX ""
#endif
#ifndef GRIDLOCK_VIEWER_LESSONS_DIR
#define GRIDLOCK_VIEWER_LESSONS_DIR ""
#endif

namespace gv = gridlock::viewer;

namespace {

void glfw_error(int code, const char* text) {
  std::cerr << "gridlock-viewer: GLFW error " << code << ": " << text << "\n";
}

constexpr double kIdleRedrawSeconds = 0.5;  // an idle window still redraws this often

void files_dropped(GLFWwindow* window, int count, const char** paths) {
  auto* app = static_cast<gv::App*>(glfwGetWindowUserPointer(window));
  app->open_files(std::vector<std::string>(paths, paths + count));
}

// One frame: 1. events, 2. new ImGui frame, 3. the app's UI, 4. render, 5. present.
// With a target the frame goes there at the target's size instead of to the window.
void render_frame(GLFWwindow* window, gv::App& app, gv::HeatStripRenderer& heat,
                  const gv::OffscreenTarget* target, float seconds) {
  glfwPollEvents();              // 1 (the interactive loop may first have slept until an event)
  ImGui_ImplOpenGL3_NewFrame();  // 2
  ImGui_ImplGlfw_NewFrame();
  if (target) {
    ImGui::GetIO().DisplaySize =
        ImVec2(static_cast<float>(target->width()), static_cast<float>(target->height()));
    ImGui::GetIO().DisplayFramebufferScale = ImVec2(1, 1);
  }
  ImGui::NewFrame();
  heat.begin_frame();
  app.frame(seconds);  // 3
  ImGui::Render();     // 4
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
  const ImVec4 clear = ImGui::ColorConvertU32ToFloat4(gv::colour::background);
  glClearColor(clear.x, clear.y, clear.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  if (target)
    target->unbind();
  else
    glfwSwapBuffers(window);  // 5
}

}  // namespace

int main(int argc, char** argv) {
  // Command line, and the trace for a screenshot, before any window: bad input fails fast.
  gv::Options options;
  if (int code = gv::parse_options(argc, argv, options); code >= 0) return code;
  const bool screenshot = !options.screenshot.empty();
  std::unique_ptr<gv::Document> shot_document;
  if (screenshot && !options.traces.empty()) {
    gv::LoadResult loaded = gv::load_document(options.traces.front());
    if (!loaded.ok()) {
      std::cerr << "gridlock-viewer: cannot read trace: " << loaded.error << "\n";
      return 1;
    }
    const int count = static_cast<int>(loaded.document->trace.steps.size());
    const int step = options.step < 0 ? count + options.step : options.step;
    if (step < 0 || step >= count) {
      std::cerr << "gridlock-viewer: --step " << options.step << " is out of range: the trace has " << count
                << " steps (0.." << count - 1 << ", or -1.." << -count << " from the end)\n";
      return 2;
    }
    options.step = step;
    shot_document = std::move(loaded.document);
  }

  // Window and OpenGL 3.3 core context.
  glfwSetErrorCallback(glfw_error);
  if (!glfwInit()) {
    std::cerr << "gridlock-viewer: cannot open a window (no display? try xvfb-run -a)\n";
    return 1;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_VISIBLE, screenshot ? GLFW_FALSE : GLFW_TRUE);
  GLFWwindow* window = glfwCreateWindow(options.width, options.height, "gridlock", nullptr, nullptr);
  if (!window) {
    std::cerr << "gridlock-viewer: cannot create an OpenGL 3.3 core window\n";
    glfwTerminate();
    return 1;
  }
  glfwMakeContextCurrent(window);
  if (!gladLoadGL(glfwGetProcAddress)) {
    std::cerr << "gridlock-viewer: cannot load the OpenGL 3.3 entry points\n";
    glfwTerminate();
    return 1;
  }
  glfwSwapInterval(screenshot || options.bench_frames > 0 ? 0 : 1);

  // Dear ImGui with the GLFW and OpenGL 3 backends.
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  const gv::Fonts fonts = gv::load_fonts(options.scale);
  gv::apply_style(options.scale);
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  // The application.
  const std::string exe_dir = gv::executable_dir(argv[0]);
  int code = 0;
  {
    gv::HeatStripRenderer heat;
    if (!heat.init(gv::find_shader_folder(GRIDLOCK_VIEWER_SHADERS_DIR, exe_dir)))
      std::cerr << "gridlock-viewer: heat strips drawn without shaders: " << heat.error() << "\n";
    gv::AppConfig config;
    config.gallery_search.index_files = {GRIDLOCK_VIEWER_LESSON_INDEX,
                                         exe_dir + "/../share/gridlock/lesson-index.txt"};
    config.gallery_search.lesson_roots = {GRIDLOCK_VIEWER_LESSONS_DIR,
                                          exe_dir + "/../share/gridlock/lessons"};
    if (!options.lessons.empty()) config.gallery_search = {{options.lessons}, {options.lessons}};
    std::error_code ec;
    config.open_folder = std::filesystem::current_path(ec).string();
    config.animate = !screenshot;
    config.tree_zoom = options.zoom;
    config.first_panel = options.panel;
    config.tree_arrangement = options.tree_order ? gv::Arrangement::tree : gv::Arrangement::memory;
    gv::App app(config, fonts, heat);
    glfwSetWindowUserPointer(window, &app);
    glfwSetDropCallback(window, files_dropped);

    const gv::RenderFrame render = [&](const gv::OffscreenTarget* target, float seconds) {
      render_frame(window, app, heat, target, seconds);
    };
    if (screenshot) {
      if (shot_document)
        app.show(std::move(shot_document), options.step);
      else
        app.load_gallery();
      code = gv::take_screenshot(render, options.screenshot, options.width, options.height);
    } else {
      app.open_files(options.traces);
      if (options.bench_frames > 0) {
        code = gv::benchmark(render, options.bench_frames, [&] { return !glfwWindowShouldClose(window); });
      } else {
        double last = glfwGetTime();
        std::string title;
        int settle_frames = 0;  // frames still drawn after an input, so hover and layout catch up
        while (!glfwWindowShouldClose(window) && !app.quit_requested()) {
          // Idle (nothing playing or moving): sleep until an input arrives instead of redrawing.
          if (!app.animating() && settle_frames == 0) {
            const double before = glfwGetTime();
            glfwWaitEventsTimeout(kIdleRedrawSeconds);
            if (glfwGetTime() - before < kIdleRedrawSeconds * 0.9) settle_frames = 3;
          } else if (settle_frames > 0) {
            --settle_frames;
          }
          const double now = glfwGetTime();
          render(nullptr, static_cast<float>(now - last));
          last = now;
          if (app.title() != title) glfwSetWindowTitle(window, (title = app.title()).c_str());
        }
      }
    }
  }

  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return code;
}
