// gridlock-viewer in a browser: the desktop viewer's App, views and panels on WebGL2, one frame
// per animation frame of the page. The page's address says what opens first:
//   index.html?trace=lessons/locks/critical-section/recorded/critical-section.json&view=lock&step=3
//   index.html?compare=A.json,B.json   ?scale=1.5   ?theme=light   ?picture=1   ?size=1280x720
//   index.html?lecture=interblock&stop=3   (lectures/interblock.lecture, walked with PageDown)
//   index.html?challenge=2                 (Explore: the model's challenge 2, played with keys 1-9)
//   index.html?trace=…&bench=200   (plays and times 200 frames: window.gridlockBench)
//   index.html?empty=1&bench=200   (an empty Dear ImGui frame: the floor bench= is measured against)
// A trace named there must lie in the site's lessons/ folder; anything else the address asks for
// that cannot be done is said in the window, and the gallery opens instead.
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <emscripten.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app.hpp"
#include "layout_check.hpp"
#include "lecture_stops.hpp"
#include "model/frame_times.hpp"
#include "model/gallery_manifest.hpp"
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
// message shown, the lecture's stop (counted from 1; 0: no lecture).
EM_JS(void, tell_page, (const char* title, int frames, int waiting, const char* notice, int stop), {
  const text = UTF8ToString(title);
  if (document.title !== text) document.title = text;
  window.gridlockFrames = frames;
  window.gridlockWaiting = waiting !== 0;
  window.gridlockNotice = UTF8ToString(notice);
  window.gridlockStop = stop;
  if (frames === 1) window.gridlockFirstFrameMs = performance.now();
  if (waiting === 0 && text !== "gridlock" && !window.gridlockShownMs) window.gridlockShownMs = performance.now();
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
  const type = name.endsWith(".gif") ? "image/gif" : "image/png";
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([bytes], {type: type}));
  link.download = name.split("/").pop();
  document.body.appendChild(link);
  link.click();
  link.remove();
});

// The frame times a bench= address asked for, in ms, for the tests to read.
EM_JS(void, tell_bench, (const char* json), { window.gridlockBench = JSON.parse(UTF8ToString(json)); });

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
  gv::WindowExport exports{[](const std::string& path) { download_file(path.c_str()); }};
  bool fixed_size = false;  // the address gave the size: the page's size does not change it
  double last = 0;
  int frames = 0;
  // A lecture from the address: its traces are fetched first, then it is checked and started.
  std::optional<gv::LectureFile> lecture;
  std::vector<std::string> lecture_traces;
  gv::RecordedListing listing;
  // bench=N: the times between frames once what the address names is shown (and playing).
  gv::FrameTimes bench;
  gv::FrameTimes bench_work;   // of each, the time the page's own frame function took
  gv::FrameTimes bench_build;  // and of that, the time it took to build the frame (the rest: GL)
  double bench_last = -1;
};

gv::App* g_app = nullptr;  // for gridlock_open

// The recorded traces of a folder as the gallery manifest lists them: a page has no folder to read.
gv::RecordedListing manifest_listing() {
  auto manifest = std::make_shared<gv::GalleryManifest>();
  std::string error;
  if (!gv::read_gallery_manifest("/lessons/gallery", *manifest, error))
    std::printf("gridlock-viewer: %s\n", error.c_str());
  return [manifest](const std::string& folder) {
    std::vector<std::string> files;
    for (const gv::ManifestCard& card : manifest->cards)
      if (std::filesystem::path(card.path).parent_path() == std::filesystem::path(folder))
        files.push_back(card.path);
    std::sort(files.begin(), files.end());
    return files;
  };
}

// Once every trace the lecture opens has arrived: checked as the desktop checks it, then started.
void start_lecture_when_fetched(Viewer& v) {
  if (!v.lecture) return;
  // Every trace is asked for at once (ready() starts its fetch), not one after another.
  bool all_ready = true;
  for (const std::string& path : v.lecture_traces) {
    if (const std::string why = v.files.failure(path); !why.empty()) {
      v.app->notify("The lecture cannot start: " + why, true);
      v.lecture.reset();
      return;
    }
    all_ready = v.files.ready(path) && all_ready;
  }
  if (!all_ready) return;
  gv::ResolvedLecture resolved =
      gv::resolve_lecture(v.lecture->lecture, v.request.lecture, v.lecture->lessons, v.listing);
  v.lecture.reset();
  for (const std::string& problem : resolved.problems) v.app->notify(problem, true);
  if (!resolved.problems.empty()) return;
  if (v.request.stop > static_cast<int>(resolved.stops.size()))
    v.app->notify(
        "The page's address: stop: the lecture has " + std::to_string(resolved.stops.size()) + " stops.",
        true);
  const int stop = std::min(v.request.stop, static_cast<int>(resolved.stops.size())) - 1;
  v.app->start_lecture(std::move(resolved), stop);
}

// bench=N: once what the address names is shown (the gallery at once), playback starts and N
// frame-to-frame times are kept; then their median and 95th percentile go to the page.
void time_frames(Viewer& v, double now_ms, double work_ms) {
  if (v.request.bench_frames <= 0) return;
  if (v.app) {
    const bool named = !v.request.trace.empty() || !v.request.compare.empty();
    if (v.app->waiting_for_files() || (named && v.app->title() == "gridlock")) return;
  }
  if (v.bench_last < 0) {
    if (v.app) v.app->set_autoplay(true);
    v.bench_last = now_ms;
    return;
  }
  v.bench.add(now_ms - v.bench_last);
  v.bench_work.add(work_ms);
  v.bench_build.add(v.app ? gv::last_frame_build_ms() : 0.0);
  v.bench_last = now_ms;
  if (static_cast<int>(v.bench.count()) != v.request.bench_frames) return;
  std::string json = v.bench.json();
  char work[96];
  std::snprintf(work, sizeof work, ", \"work_median_ms\": %.3f, \"build_median_ms\": %.3f}",
                v.bench_work.quantile(0.5), v.bench_build.quantile(0.5));
  json.replace(json.size() - 1, 1, work);
  tell_bench(json.c_str());
  v.request.bench_frames = 0;
}

// empty=1: a Dear ImGui frame with nothing in it, the floor of every frame time the page measures.
void empty_frame(void* arg) {
  auto& v = *static_cast<Viewer*>(arg);
  const double start = emscripten_get_now();
  glfwPollEvents();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
  ImGui::Render();
  int width = 0, height = 0;
  glfwGetFramebufferSize(v.window, &width, &height);
  glViewport(0, 0, width, height);
  glClearColor(0.08f, 0.09f, 0.11f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  time_frames(v, start, emscripten_get_now() - start);
  tell_page("gridlock", ++v.frames, 0, "", 0);
}

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
  start_lecture_when_fetched(v);
  const double start = emscripten_get_now();
  render(nullptr, static_cast<float>(now - v.last));
  v.last = now;
  time_frames(v, start, emscripten_get_now() - start);
  v.exports.after_frame(v.window, *v.app, render);
  tell_page(v.app->title().c_str(), ++v.frames, v.app->waiting_for_files() || v.lecture ? 1 : 0,
            v.app->last_notice().c_str(), v.app->lecture_stop() + 1);
}

}  // namespace

// A file the person chose in the browser's file picker, copied into the page's file system.
extern "C" EMSCRIPTEN_KEEPALIVE void gridlock_open(const char* path) {
  if (g_app) g_app->open_files({path});
}

// The labels the last frame drew (layout_check.hpp's shown_labels_text), in CSS pixels: where a
// test clicks a menu or a button by its text.
extern "C" EMSCRIPTEN_KEEPALIVE const char* gridlock_labels() {
  static std::string text;
  const ImDrawData* data = ImGui::GetDrawData();
  text = data ? gv::shown_labels_text(gv::check_layout(*data, ImGui::GetIO().DisplaySize)) : std::string();
  return text.c_str();
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
  // An opaque canvas without depth or stencil: the page composites it without blending, and the
  // browser's GPU process clears and keeps one buffer, not three (a frame costs less, most of all
  // where the GPU is the CPU: SwiftShader, llvmpipe).
  glfwWindowHint(GLFW_ALPHA_BITS, 0);
  glfwWindowHint(GLFW_DEPTH_BITS, 0);
  glfwWindowHint(GLFW_STENCIL_BITS, 0);
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
  if (v.request.empty) {
    emscripten_set_main_loop_arg(empty_frame, &v, 0, true);
    return 0;
  }
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
  if (v.request.challenge > 0) v.app->explore_challenge(static_cast<size_t>(v.request.challenge - 1));
  if (!v.request.lecture.empty()) {
    gv::LectureFile lecture = gv::read_lecture_file(v.request.lecture, "/lesson-index.txt");
    for (const std::string& problem : lecture.problems) v.app->notify(problem, true);
    if (lecture.problems.empty()) {
      v.listing = manifest_listing();
      v.lecture_traces = gv::lecture_files(lecture, v.listing);
      v.lecture = std::move(lecture);
    }
  }
  v.last = glfwGetTime();
  emscripten_set_main_loop_arg(frame, &v, 0, true);
  return 0;
}
