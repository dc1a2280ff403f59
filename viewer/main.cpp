// gridlock-viewer: GLFW + GLAD + ImGui set-up and the frame loop. Everything shown is built by App.
#include "render/gl.hpp"  // before GLFW
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app.hpp"
#include "explore_start.hpp"
#include "export_animation.hpp"
#include "format.hpp"
#include "gallery_writer.hpp"
#include "headless.hpp"
#include "layout_check.hpp"
#include "lecture_run.hpp"
#include "model/event_markers.hpp"
#include "model/fact_places.hpp"
#include "model/gallery_manifest.hpp"
#include "model/key_events.hpp"
#include "model/paths.hpp"
#include "model/presenter_settings.hpp"
#include "model/questions.hpp"
#include "model/step_text.hpp"
#include "options.hpp"
#include "presenter.hpp"
#include "render/offscreen.hpp"
#include "views/registry.hpp"
#include "window_frame.hpp"

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

// The documents a screenshot shows, read before any window so that bad input fails fast.
struct Shot {
  std::unique_ptr<gv::Document> document, other;  // other: the second side of --compare
  gv::StartAt start;
};

std::unique_ptr<gv::Document> load_or_report(const std::string& path) {
  gv::LoadResult loaded = gv::load_document(path);
  if (!loaded.ok()) std::cerr << "gridlock-viewer: cannot read trace: " << loaded.error << "\n";
  return std::move(loaded.document);
}

// --step counted from the end when negative, checked against `d`'s steps. -1 on failure. A trace
// of timings alone has one thing to show, whichever end is asked for: --step 0 or -1.
int resolve_step(const gv::Options& options, const gv::Document& d) {
  const int count = static_cast<int>(d.trace.steps.size());
  if (!options.step_with.empty()) {
    if (const int step = gv::step_holding(d.trace, options.step_with); step >= 0) return step;
    std::cerr << "gridlock-viewer: --step-with \"" << options.step_with << "\": no step of " << d.name
              << " holds it in its detail, label or note\n";
    return -1;
  }
  if (count == 0) {
    if (options.step == 0 || options.step == -1) return 0;
    std::cerr << "gridlock-viewer: --step " << options.step << " is out of range: " << d.name
              << " has no steps (it holds timings only; --step 0 or -1 shows them)\n";
    return -1;
  }
  const int step = options.step < 0 ? count + options.step : options.step;
  if (step >= 0 && step < count) return step;
  std::cerr << "gridlock-viewer: --step " << options.step << " is out of range: " << d.name << " has "
            << count << " steps (0.." << count - 1 << ", or -1.." << -count << " from the end)\n";
  return -1;
}

// --view must apply to the trace (or, comparing, to one of the two).
bool view_applies(const gv::Options& options, const std::vector<const gv::Document*>& docs) {
  if (options.view.empty()) return true;
  std::string offered;
  for (const gv::Document* d : docs) {
    const std::vector<std::string> names = gv::applicable_views(d->trace);
    if (std::find(names.begin(), names.end(), options.view) != names.end()) return true;
    for (const std::string& n : names) offered += (offered.empty() ? "" : ", ") + n;
  }
  std::cerr << "gridlock-viewer: --view " << options.view << " does not apply to "
            << (docs.size() > 1 ? "these traces" : docs.front()->name) << " (it has: " << offered << ")\n";
  return false;
}

// --marker KIND in `d`: the step and moment of its first such marker become --step and --time,
// and what shows the moment the timeline's first focus. Exit code when it has none, else -1.
int focus_on_marker(gv::Options& options, const gv::Document& d) {
  const std::optional<gv::MarkerKind> kind = gv::marker_kind_named(options.marker);
  for (const gv::EventMarker& m : gv::event_markers(d.trace))
    if (kind && m.kind == *kind) {
      options.step = m.step;
      options.time_ns = m.t_ns;
      options.time_after_first_event = false;
      options.marker_focus = gv::marker_focus(d.trace, m);
      return -1;
    }
  std::cerr << "gridlock-viewer: --marker " << options.marker << ": " << d.name << " holds no such marker\n";
  return 2;
}

// --fact KEY in `d`: the step, moment and view where its number was taken from become --step,
// --time and --view (model/fact_places.hpp). Exit code when the fact is not there or names no
// origin, else -1.
int focus_on_fact(gv::Options& options, const gv::Document& d) {
  if (options.fact.empty()) return -1;
  if (!d.trace.facts.count(options.fact)) {
    std::cerr << "gridlock-viewer: --fact " << options.fact << ": " << d.name << " holds no such fact\n";
    return 2;
  }
  const std::optional<gv::FactPlace> place = gv::fact_place(d.trace, options.fact);
  if (!place) {
    std::cerr << "gridlock-viewer: --fact " << options.fact << ": " << d.name
              << " keeps it as text alone, without the origin of its number\n";
    return 2;
  }
  if (place->step >= 0) options.step = place->step;
  options.time_ns = place->time_ns;
  options.time_after_first_event = false;
  options.keep_step = place->time_ns.has_value();
  if (options.view.empty()) options.view = place->view;
  return -1;
}

// The trace a window opens first: the first side of --compare, else the first trace; empty: none.
std::string first_trace_path(const gv::Options& options) {
  if (options.compare.size() == 2) return options.compare.front();
  return options.traces.empty() ? std::string() : options.traces.front();
}

// The first trace (or compared pair's first side), read for an option a window resolves before it
// opens (`option` names it in the message); null with `code` set when there is none or it cannot
// be read. A screenshot reads its traces once, in prepare_shot.
std::unique_ptr<gv::Document> first_document(const gv::Options& options, const std::string& option,
                                             int& code) {
  const std::string path = first_trace_path(options);
  if (path.empty()) {
    std::cerr << "gridlock-viewer: " << option << " needs a trace file\n";
    code = 2;
    return nullptr;
  }
  std::unique_ptr<gv::Document> d = load_or_report(path);
  code = d ? -1 : 1;
  return d;
}

// --marker for a window (checked for a trace file even for a screenshot). Exit code, else -1.
int resolve_marker(gv::Options& options, bool screenshot) {
  if (options.marker.empty()) return -1;
  if (screenshot) {
    if (!first_trace_path(options).empty()) return -1;
    std::cerr << "gridlock-viewer: --marker " << options.marker << " needs a trace file\n";
    return 2;
  }
  int code = -1;
  const std::unique_ptr<gv::Document> d = first_document(options, "--marker " + options.marker, code);
  return d ? focus_on_marker(options, *d) : code;
}

// --fact for a window. Exit code on failure, else -1.
int resolve_fact(gv::Options& options, bool screenshot) {
  if (options.fact.empty() || screenshot) return -1;
  int code = -1;
  const std::unique_ptr<gv::Document> d = first_document(options, "--fact", code);
  return d ? focus_on_fact(options, *d) : code;
}

// --step-with for a window: the step it names in the first trace becomes --step. Exit code on
// failure, else -1.
int resolve_step_with(gv::Options& options, bool screenshot) {
  if (options.step_with.empty() || screenshot) return -1;
  int code = -1;
  const std::unique_ptr<gv::Document> d = first_document(options, "--step-with", code);
  if (!d) return code;
  const int step = resolve_step(options, *d);
  if (step < 0) return 2;
  options.step = step;
  return -1;
}

// --question N must name one of the trace's questions (model/questions.hpp). Exit code, else -1.
int check_question(const gv::Options& options, const gv::Document& d) {
  if (options.question == 0) return -1;
  const std::size_t count = gv::trace_questions(d.trace).size();
  if (static_cast<std::size_t>(options.question) <= count) return -1;
  std::cerr << "gridlock-viewer: --question " << options.question << ": " << d.name << " has "
            << (count == 0 ? std::string("no questions")
                           : gv::format_count(static_cast<int64_t>(count), "question"))
            << "\n";
  return 2;
}

// --question for a window: checked against the first trace (a screenshot checks it in prepare_shot).
int resolve_question(const gv::Options& options, bool screenshot) {
  if (options.question == 0 || screenshot) return -1;
  if (options.traces.empty()) {
    std::cerr << "gridlock-viewer: --question needs a trace file\n";
    return 2;
  }
  const std::unique_ptr<gv::Document> d = load_or_report(options.traces.front());
  return d ? check_question(options, *d) : 1;
}

// Loads and checks what --screenshot shows. Returns -1 to go on, else the exit code.
int prepare_shot(gv::Options& options, Shot& shot) {
  if (options.compare.size() == 2) {
    shot.document = load_or_report(options.compare[0]);
    shot.other = load_or_report(options.compare[1]);
    if (!shot.document || !shot.other) return 1;
  } else if (!options.traces.empty()) {
    if (!(shot.document = load_or_report(options.traces.front()))) return 1;
  } else {
    return -1;  // the gallery
  }
  std::vector<const gv::Document*> docs = {shot.document.get()};
  if (shot.other) docs.push_back(shot.other.get());
  if (int code = focus_on_fact(options, *shot.document); code >= 0) return code;
  if (!view_applies(options, docs)) return 2;
  if (!options.marker.empty())
    if (int code = focus_on_marker(options, *shot.document); code >= 0) return code;
  if (int code = check_question(options, *shot.document); code >= 0) return code;
  shot.start.step = resolve_step(options, *shot.document);
  if (shot.start.step < 0) return 2;
  if (shot.other && options.step == -1) shot.start.step = -1;  // comparing: the end of both runs
  shot.start.time_ns = options.time_ns;
  shot.start.after_first_event = options.time_after_first_event;
  shot.start.keep_step = options.keep_step;
  return -1;
}

// --list-views: one line per trace, "PATH: tree timeline".
int list_views(const gv::Options& options) {
  int code = 0;
  for (const std::string& path : options.traces) {
    std::unique_ptr<gv::Document> d = load_or_report(path);
    if (!d) {
      code = 1;
      continue;
    }
    for (const std::string& name : gv::applicable_views(d->trace)) std::cout << name << "\n";
  }
  return code;
}

// Where the lesson index is looked for: the build's, then the installed one.
std::vector<std::string> lesson_index_files(const std::string& exe_dir) {
  return {GRIDLOCK_VIEWER_LESSON_INDEX, exe_dir + "/../share/gridlock/lesson-index.txt"};
}

// Where the gallery's lessons and its manifest are looked for: --lessons (a folder with the
// manifest in its gallery/, or an index with it in gallery/ beside it), else the build's and the
// installed ones.
gv::GallerySearch gallery_search(const gv::Options& options, const std::string& exe_dir) {
  if (!options.lessons.empty()) {
    std::error_code ec;
    const std::filesystem::path lessons(options.lessons);
    const std::filesystem::path folder =
        std::filesystem::is_directory(lessons, ec) ? lessons : lessons.parent_path();
    return {{options.lessons}, {options.lessons}, {(folder / "gallery").string()}};
  }
  return {lesson_index_files(exe_dir),
          {GRIDLOCK_VIEWER_LESSONS_DIR, exe_dir + "/../share/gridlock/lessons"},
          {std::string(GRIDLOCK_VIEWER_LESSONS_DIR) + "/gallery",
           exe_dir + "/../share/gridlock/lessons/gallery"}};
}

// --check-gallery DIR: what in the manifest no longer matches the traces.
int check_gallery(const gv::Options& options, const std::string& exe_dir) {
  gv::GallerySearch search = gallery_search(options, exe_dir);
  search.manifest_folders.clear();
  const gv::Gallery gallery = gv::discover_gallery(search);
  gv::GalleryManifest manifest;
  std::string error;
  if (!gv::read_gallery_manifest(options.check_gallery, manifest, error)) {
    std::cerr << "gridlock-viewer: " << error << "\n";
    return 1;
  }
  const std::vector<std::string> stale = gv::stale_manifest_entries(gallery, manifest);
  for (const std::string& s : stale) std::cout << s << "\n";
  std::size_t traces = 0;
  for (const gv::GalleryLesson& lesson : gallery.lessons) traces += lesson.traces.size();
  std::cout << "gridlock-viewer: " << traces << " traces, " << stale.size() << " differences from "
            << options.check_gallery << "/manifest.json"
            << (stale.empty() ? "" : "; write it again with --write-gallery " + options.check_gallery)
            << "\n";
  return stale.empty() && traces > 0 ? 0 : 1;
}

gv::AppConfig make_app_config(const gv::Options& options, const std::string& exe_dir, bool screenshot,
                              gv::Presenter& presenter) {
  gv::AppConfig config;
  config.gallery_search = gallery_search(options, exe_dir);
  std::error_code ec;
  config.open_folder = std::filesystem::current_path(ec).string();
  config.screens.animate = !screenshot;
  config.screens.views.tree_zoom = options.zoom;
  config.screens.views.tree_followed_thread = options.follow_thread;
  const gv::ExportRange& range = options.export_range;
  if (range.from_ns && range.to_ns) {
    config.screens.views.timeline_window = std::pair{*range.from_ns, *range.to_ns};
    config.screens.views.timeline_window_after_first_event = range.after_first_event;
  }
  if (options.marker_focus) {
    config.screens.views.timeline_window = options.marker_focus->window;
    config.screens.views.timeline_tracks = options.marker_focus->tracks;
    config.screens.views.timeline_pinned = options.marker_focus->pinned;
  }
  config.screens.views.tree_arrangement =
      options.tree_order ? gv::Arrangement::tree : gv::Arrangement::memory;
  config.screens.first_view = options.view;
  config.screens.layout = presenter.layout();
  config.screens.first_panel = options.panel.empty() ? presenter.layout()->panel : options.panel;
  config.screens.first_source = options.source;
  config.screens.first_fact = options.fact;
  config.screens.first_question = options.question - 1;
  config.screens.reveal = options.reveal;
  config.settings = &presenter.settings();
  const char* lesson_bin = std::getenv("GRIDLOCK_LESSON_BIN");
  config.run.search.folders = {options.lesson_bin, lesson_bin ? lesson_bin : "", exe_dir, exe_dir + "/../bin",
                               std::string(GRIDLOCK_VIEWER_LESSONS_DIR) + "/../build/bin"};
  config.run.runs_folder = (std::filesystem::temp_directory_path(ec) / "gridlock-runs").string();
  config.run.start_at_once = options.run_lesson;
  config.run.cancel_after_lines = options.cancel_after_lines;
  config.run.set_values = options.set_values;
  return config;
}

// --export-frames, --export-gif, --export-video: the animation of what the app shows.
int export_from_command_line(const gv::Options& options, gv::App& app, const gv::RenderFrame& render) {
  gv::ExportTargets targets;
  targets.kind = !options.export_gif.empty()     ? gv::ExportKind::gif
                 : !options.export_video.empty() ? gv::ExportKind::video
                                                 : gv::ExportKind::frames;
  targets.path = options.export_gif + options.export_video + options.export_frames;
  targets.width = options.width;
  targets.height = options.height;
  targets.frames_per_second = options.fps;
  std::string summary;
  const std::string error = gv::export_animation(
      render, [&] { return app.animation_moves(options.export_range); }, targets, summary);
  if (!error.empty()) {
    std::cerr << "gridlock-viewer: " << error << "\n";
    return 1;
  }
  std::cout << "gridlock-viewer: " << summary << "\n";
  return 0;
}

// --run-lesson: runs the shown trace's lesson off-screen until it ends, then the screenshot.
int run_lesson_from_command_line(const gv::Options& options, gv::App& app, const gv::RenderFrame& render) {
  gv::OffscreenTarget target;
  if (!target.create(options.width, options.height)) return 1;
  render(&target, 1.0f / 60.0f);
  app.open_run_panel();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(10);
  while (app.lesson_running() && std::chrono::steady_clock::now() < deadline) {
    render(&target, 1.0f / 60.0f);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return gv::take_screenshot(render, options.screenshot, options.width, options.height);
}

// The interactive loop: sleeps while nothing moves, until an input arrives.
void run_interactive(GLFWwindow* window, gv::App& app, const gv::RenderFrame& render, gv::StopShots shots) {
  double last = glfwGetTime();
  std::string title;
  int settle_frames = 0;  // frames still drawn after an input, so hover and layout catch up
  gv::WindowExport exports;
  while (!glfwWindowShouldClose(window) && !app.quit_requested()) {
    if (!app.animating() && settle_frames == 0 && !shots.waiting(app) && !exports.busy()) {
      const double before = glfwGetTime();
      glfwWaitEventsTimeout(kIdleRedrawSeconds);
      if (glfwGetTime() - before < kIdleRedrawSeconds * 0.9) settle_frames = 3;
    } else if (settle_frames > 0) {
      --settle_frames;
    }
    const double now = glfwGetTime();
    render(nullptr, static_cast<float>(now - last));
    last = now;
    exports.after_frame(window, app, render);
    shots.after_frame(window, app, render);
    if (app.title() != title) glfwSetWindowTitle(window, (title = app.title()).c_str());
  }
}

// GLFW on the display. A display that is there but refuses a connection for a moment (an X server
// while many clients start at once, as a test suite run in parallel starts them) gets four more
// tries, 200 ms apart; without DISPLAY or WAYLAND_DISPLAY it fails at once.
bool init_glfw() {
  const bool display = std::getenv("DISPLAY") != nullptr || std::getenv("WAYLAND_DISPLAY") != nullptr;
  for (int attempt = 0; attempt < (display ? 5 : 1); ++attempt) {
    if (attempt > 0) std::this_thread::sleep_for(std::chrono::milliseconds(200));
    if (glfwInit()) return true;
  }
  return false;
}

// Window and OpenGL 3.3 core context; null (with a message) when there is none.
GLFWwindow* open_window(const gv::Options& options, bool hidden) {
  glfwSetErrorCallback(glfw_error);
  if (!init_glfw()) {
    std::cerr << "gridlock-viewer: cannot open a window (no display? try xvfb-run -a)\n";
    return nullptr;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_VISIBLE, hidden ? GLFW_FALSE : GLFW_TRUE);
  GLFWwindow* window = glfwCreateWindow(options.width, options.height, "gridlock", nullptr, nullptr);
  if (!window) {
    std::cerr << "gridlock-viewer: cannot create an OpenGL 3.3 core window\n";
    glfwTerminate();
    return nullptr;
  }
  glfwMakeContextCurrent(window);
  if (!gladLoadGL(glfwGetProcAddress)) {
    std::cerr << "gridlock-viewer: cannot load the OpenGL 3.3 entry points\n";
    glfwTerminate();
    return nullptr;
  }
  return window;
}

}  // namespace

int main(int argc, char** argv) {
  // 1. Command line, and what a screenshot shows, before any window: bad input fails fast.
  gv::Options options;
  if (int code = gv::parse_options(argc, argv, options); code >= 0) return code;
  if (options.list_views) return list_views(options);
  if (!options.check_gallery.empty()) return check_gallery(options, gv::executable_dir(argv[0]));
  const bool screenshot = options.headless();
  const std::string exe_dir = gv::executable_dir(argv[0]);
  gv::ResolvedLecture lecture;
  if (int code = gv::prepare_lecture(options, lesson_index_files(exe_dir), lecture); code >= 0) return code;
  if (int code = resolve_marker(options, screenshot); code >= 0) return code;
  if (int code = resolve_step_with(options, screenshot); code >= 0) return code;
  if (int code = resolve_fact(options, screenshot); code >= 0) return code;
  if (int code = resolve_question(options, screenshot); code >= 0) return code;
  gv::ExploreStart explore;
  if (int code = gv::prepare_explore(options, explore); code >= 0) return code;
  Shot shot;
  if (screenshot)
    if (int code = prepare_shot(options, shot); code >= 0) return code;

  // 2. Window, OpenGL, Dear ImGui with the GLFW and OpenGL 3 backends.
  GLFWwindow* window = open_window(options, screenshot);
  if (!window) return 1;
  glfwSwapInterval(screenshot || options.bench_frames > 0 ? 0 : 1);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  // The remembered settings, for a person at the window only: screenshots and benchmarks are
  // made from the command line alone, the same on every machine.
  gv::PresenterSettings settings;
  std::string settings_file;
  if (!screenshot && options.bench_frames == 0) {
    settings_file = gv::settings_path();
    gv::SettingsLoad loaded = gv::load_settings(settings_file);
    if (!loaded.message.empty()) std::cerr << "gridlock-viewer: " << loaded.message << "\n";
    settings = loaded.settings;
  }
  if (options.scale > 0) settings.scale = options.scale;
  if (!options.theme.empty()) gv::parse_theme(options.theme, settings.theme);
  gv::Fonts fonts;
  gv::Presenter presenter(window, fonts, settings, settings_file);
  presenter.apply();
  if (options.fullscreen) presenter.set_fullscreen(true);
  presenter.layout()->picture = options.picture;
  gv::set_key_callback(window);  // before the backend's, which calls it first
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  // 3. The application, in one of its three modes.
  int code = 0;
  {
    gv::HeatStripRenderer heat;
    if (!heat.init(gv::find_shader_folder(GRIDLOCK_VIEWER_SHADERS_DIR, exe_dir)))
      std::cerr << "gridlock-viewer: heat strips drawn without shaders: " << heat.error() << "\n";
    gv::App app(make_app_config(options, exe_dir, screenshot, presenter), fonts, heat);
    glfwSetWindowUserPointer(window, &app);
    gv::set_drop_callback(window);
    const gv::RenderFrame render = [&](const gv::OffscreenTarget* target, float seconds) {
      gv::render_frame(window, app, presenter, heat, target, seconds);
    };
    if (!lecture.stops.empty()) app.start_lecture(std::move(lecture), std::max(0, options.stop - 1));
    if (!options.write_gallery.empty()) {
      code = gv::write_gallery(options.write_gallery, gallery_search(options, exe_dir), gv::ViewConfig{},
                               fonts, heat);
    } else if (screenshot) {
      if (shot.other)
        app.compare(std::move(shot.document), std::move(shot.other), shot.start);
      else if (shot.document)
        app.show(std::move(shot.document), shot.start);
      else if (explore.wanted())
        gv::start_explore(app, explore);
      else if (options.lecture.empty())
        app.load_gallery();
      if (!explore.keys.empty()) code = gv::press_keys(render, explore.keys, options.width, options.height);
      if (code == 0) {
        if (options.exporting())
          code = export_from_command_line(options, app, render);
        else if (options.run_lesson)
          code = run_lesson_from_command_line(options, app, render);
        else
          code = gv::take_screenshot(render, options.screenshot, options.width, options.height);
      }
      if (code == 0 && !options.layout_report.empty())
        code = gv::write_layout_report(options.layout_report,
                                       ImVec2(float(options.width), float(options.height)));
    } else {
      gv::StartAt start{options.step, options.time_ns, options.time_after_first_event, options.keep_step, {}};
      const auto before_load = std::chrono::steady_clock::now();
      if (options.compare.size() == 2) app.compare_files(options.compare[0], options.compare[1], start);
      app.open_files(options.traces, start);
      gv::start_explore(app, explore);
      if (options.bench_frames > 0) {
        // Load: reading and checking the files (the views are built in the first frame).
        std::printf("load ms: %.1f (read and check the trace files)\n",
                    std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - before_load)
                        .count());
        app.set_autoplay(true);  // frame times during playback, from the first step again at the end
        code = gv::benchmark(render, options.bench_frames, [&] { return !glfwWindowShouldClose(window); });
      } else if (options.bench_frames == 0)
        run_interactive(window, app, render, gv::StopShots(options.lecture_shots));
    }
  }
  if (const std::string error = presenter.save(); !error.empty())
    std::cerr << "gridlock-viewer: " << error << "\n";

  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return code;
}
