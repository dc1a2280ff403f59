// gridlock-viewer in a browser: the desktop viewer's App, views and panels on WebGL2, one frame
// per animation frame of the page. The page's address says what opens first:
//   index.html?trace=lessons/locks/critical-section/recorded/critical-section.json&view=lock&step=3
//   index.html?compare=A.json,B.json   ?scale=1.5   ?theme=light   ?picture=1   ?size=1280x720
// A trace named there must lie in the site's lessons/ folder; anything else the address asks for
// that cannot be done is said in the window, and the gallery opens instead.
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <emscripten.h>
#include <imgui.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "app.hpp"
#include "model/presenter_settings.hpp"
#include "model/web_address.hpp"
#include "presenter.hpp"
#include "render/gl.hpp"  // before GLFW
#include "views/registry.hpp"
#include "web/web_files.hpp"
#include "window_frame.hpp"

namespace gv = gridlock::viewer;

namespace {

// The page's JavaScript, which clang-format would take for C++.
// clang-format off

// The page's query string, decoded by the browser: "key<TAB>value" lines.
EM_JS(char*, page_parameters, (), {
  const params = new URLSearchParams(window.location.search);
  let text = "";
  params.forEach(function(value, key) { text += key + "\t" + value + "\n"; });
  const bytes = lengthBytesUTF8(text) + 1;
  const out = _malloc(bytes);
  stringToUTF8(text, out, bytes);
  return out;
});

// The page's title, and what its tests read: frames drawn, whether files are awaited, the latest
// message shown.
EM_JS(void, tell_page, (const char* title, int frames, int waiting, const char* notice), {
  const text = UTF8ToString(title);
  if (document.title !== text) document.title = text;
  window.gridlockFrames = frames;
  window.gridlockWaiting = waiting !== 0;
  window.gridlockNotice = UTF8ToString(notice);
});

// window.gridlockOpenFiles(files): each file (the file picker's, or a test's) is copied into
// /opened/ and handed to gridlock_open, as a file dropped on the desktop window is.
EM_JS(void, install_file_opener, (), {
  window.gridlockOpenFiles = function(files) {
    for (const file of files) {
      file.arrayBuffer().then(function(bytes) {
        FS.mkdirTree("/opened");
        const path = "/opened/" + file.name.split("/").join("_");
        FS.writeFile(path, new Uint8Array(bytes));
        Module.ccall("gridlock_open", null, ["string"], [path]);
      });
    }
  };
});

// The browser's file picker, for File > Open.
EM_JS(void, pick_trace_files, (), {
  const input = document.createElement("input");
  input.type = "file";
  input.accept = ".json,application/json";
  input.multiple = true;
  input.onchange = function() { window.gridlockOpenFiles(input.files); };
  input.click();
});

// A file the page wrote, handed to the browser as a download.
EM_JS(void, download_file, (const char* path), {
  const name = UTF8ToString(path);
  const bytes = FS.readFile(name);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([bytes], {type: "image/png"}));
  link.download = name.split("/").pop();
  document.body.appendChild(link);
  link.click();
  link.remove();
});

// The page's size in CSS pixels.
EM_JS(int, page_width, (), { return window.innerWidth; });
EM_JS(int, page_height, (), { return window.innerHeight; });
// clang-format on

struct Viewer {
  GLFWwindow* window = nullptr;
  gv::Fonts fonts;
  gv::PresenterSettings settings;
  std::unique_ptr<gv::Presenter> presenter;
  gv::HeatStripRenderer heat;
  gv::WebFiles files;
  std::unique_ptr<gv::App> app;
  gv::WebRequest request;
  bool fixed_size = false;  // the address gave the size: the page's size does not change it
  double last = 0;
  int frames = 0;
};

gv::App* g_app = nullptr;  // for gridlock_open

void frame(void* arg) {
  auto& v = *static_cast<Viewer*>(arg);
  if (!v.fixed_size) {
    int w = 0, h = 0;
    glfwGetWindowSize(v.window, &w, &h);
    if (w != page_width() || h != page_height()) glfwSetWindowSize(v.window, page_width(), page_height());
  }
  const double now = glfwGetTime();
  const gv::RenderFrame render = [&v](const gv::OffscreenTarget* target, float seconds) {
    gv::render_frame(v.window, *v.app, *v.presenter, v.heat, target, seconds);
  };
  render(nullptr, static_cast<float>(now - v.last));
  v.last = now;
  gv::export_from_window(v.window, *v.app, render,
                         [](const std::string& path) { download_file(path.c_str()); });
  tell_page(v.app->title().c_str(), ++v.frames, v.app->waiting_for_files() ? 1 : 0,
            v.app->last_notice().c_str());
}

}  // namespace

// A file the person chose in the browser's file picker, copied into the page's file system.
extern "C" EMSCRIPTEN_KEEPALIVE void gridlock_open(const char* path) {
  if (g_app) g_app->open_files({path});
}

int main() {
  static Viewer v;  // lives as long as the page: the main loop never returns
  char* parameters = page_parameters();
  v.request = gv::read_web_address(parameters, gv::view_names());
  std::free(parameters);
  v.fixed_size = v.request.width > 0;
  if (!glfwInit()) {
    std::printf("gridlock-viewer: cannot start GLFW in this browser\n");
    return 1;
  }
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  v.window = glfwCreateWindow(v.fixed_size ? v.request.width : page_width(),
                              v.fixed_size ? v.request.height : page_height(), "gridlock", nullptr, nullptr);
  if (!v.window) {
    std::printf("gridlock-viewer: this browser gives no WebGL2 context\n");
    return 1;
  }
  glfwMakeContextCurrent(v.window);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  if (v.request.scale > 0) v.settings.scale = v.request.scale;
  if (v.request.light) v.settings.theme = gv::Theme::light;
  v.presenter = std::make_unique<gv::Presenter>(v.window, v.fonts, v.settings, std::string());
  v.presenter->apply();
  v.presenter->layout()->picture = v.request.picture;
  gv::set_key_callback(v.window);
  ImGui_ImplGlfw_InitForOpenGL(v.window, true);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  if (!v.heat.init("/shaders"))
    std::printf("gridlock-viewer: heat strips drawn without shaders: %s\n", v.heat.error().c_str());

  gv::AppConfig config;
  config.gallery_search.index_files = {"/lesson-index.txt"};
  config.gallery_search.manifest_folders = {"/lessons/gallery"};
  config.gallery_search.manifest_lists_traces = true;
  config.open_folder = "/";
  config.screens.first_view = v.request.view;
  config.screens.layout = v.presenter->layout();
  config.screens.first_panel = v.presenter->layout()->panel;
  config.settings = &v.presenter->settings();
  config.files = &v.files;
  config.pick_files = [] { pick_trace_files(); };
  config.run.no_programs =
      "a browser cannot run a lesson: the desktop viewer runs it, on a machine with the lessons built and a "
      "GPU";
  v.app = std::make_unique<gv::App>(config, v.fonts, v.heat);
  g_app = v.app.get();
  install_file_opener();
  glfwSetWindowUserPointer(v.window, v.app.get());
  gv::set_drop_callback(v.window);
  for (const std::string& problem : v.request.problems) v.app->notify(problem, true);
  gv::StartAt start;
  start.step = v.request.step;
  if (v.request.compare.size() == 2)
    v.app->compare_files(v.request.compare[0], v.request.compare[1], start);
  else if (!v.request.trace.empty())
    v.app->open_files({v.request.trace}, start);
  v.last = glfwGetTime();
  emscripten_set_main_loop_arg(frame, &v, 0, true);
  return 0;
}
