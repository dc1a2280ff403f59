// The gallery's manifest and thumbnails, rendered off-screen.
#include "gallery_writer.hpp"

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include "model/gallery_manifest.hpp"
#include "render/offscreen.hpp"
#include "views/trace_thumbnail.hpp"

namespace gridlock::viewer {

namespace fs = std::filesystem;

namespace {

// Frames per thumbnail: a view uploads its textures in the first.
constexpr int kFrames = 3;

// One frame holding the thumbnail alone, filling `target`, on the card's own colour (which shows
// at the frame's rounded corners).
void render_thumbnail(TraceView* view, const OffscreenTarget& target, const Fonts& fonts,
                      HeatStripRenderer& heat) {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  const ImVec2 size(static_cast<float>(target.width()), static_cast<float>(target.height()));
  ImGui::GetIO().DisplaySize = size;
  ImGui::GetIO().DisplayFramebufferScale = ImVec2(1, 1);
  ImGui::NewFrame();
  heat.begin_frame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(size);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::Begin("thumbnail", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoInputs);
  const ThumbnailPaint paint{fonts, heat, ImGui::GetWindowDrawList(), ImVec2(0, 0), size};
  begin_thumbnail(paint);
  if (view)
    view->paint_thumbnail(paint);
  else
    paint_thumbnail_placeholder(paint);
  end_thumbnail(paint);
  ImGui::End();
  ImGui::PopStyleVar();
  ImGui::Render();
  target.bind();
  glViewport(0, 0, target.width(), target.height());
  const ImVec4 clear = ImGui::ColorConvertU32ToFloat4(colour::panel);
  glClearColor(clear.x, clear.y, clear.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  target.unbind();
}

}  // namespace

int write_gallery(const std::string& folder, GallerySearch search, const ViewConfig& config,
                  const Fonts& fonts, HeatStripRenderer& heat) {
  search.manifest_folders.clear();
  const Gallery gallery = discover_gallery(search);
  if (gallery.lessons.empty()) {
    for (const std::string& p : gallery.problems) std::cerr << "gridlock-viewer: " << p << "\n";
    return 1;
  }
  if (!ImGui::GetIO().Fonts->IsBuilt()) ImGui::GetIO().Fonts->Build();  // gives the fonts their size
  const float scale = ui_scale(fonts);
  OffscreenTarget target;
  if (!target.create(static_cast<int>(std::lround(kThumbnailWidth * scale)),
                     static_cast<int>(std::lround(kThumbnailHeight * scale)))) {
    std::cerr << "gridlock-viewer: " << target.error() << "\n";
    return 1;
  }
  std::map<std::string, std::string> pictures;  // by trace path
  int written = 0;
  for (Theme theme : {Theme::dark, Theme::light}) {
    apply_style(scale, theme);
    for (const GalleryLesson& lesson : gallery.lessons) {
      for (const GalleryTrace& t : lesson.traces) {
        if (!t.trace) continue;  // a card that cannot be opened shows its error instead
        const std::string picture = thumbnail_name(lesson, t);
        const fs::path file = fs::path(folder) / themed_thumbnail(picture, theme);
        std::error_code ec;
        fs::create_directories(file.parent_path(), ec);
        std::unique_ptr<TraceView> view = make_first_view(*t.trace, config);
        for (int i = 0; i < kFrames; ++i) render_thumbnail(view.get(), target, fonts, heat);
        glFinish();
        if (!write_png(file.string(), target.width(), target.height(), target.read_rgb())) {
          std::cerr << "gridlock-viewer: cannot write " << file.string() << "\n";
          return 1;
        }
        pictures[t.path] = picture;
        ++written;
      }
    }
  }
  apply_style(scale, Theme::dark);
  const fs::path manifest = fs::path(folder) / "manifest.json";
  std::ofstream out(manifest);
  out << gallery_manifest_json(gallery, folder, pictures);
  if (!out) {
    std::cerr << "gridlock-viewer: cannot write " << manifest.string() << "\n";
    return 1;
  }
  std::cout << "gridlock-viewer: wrote " << manifest.string() << " and " << written << " thumbnails ("
            << target.width() << "x" << target.height() << ")\n";
  return 0;
}

}  // namespace gridlock::viewer
