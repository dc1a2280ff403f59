// The start screen: every lesson's recorded traces as cards, in lesson order, plus the files
// that could not be opened. A card shows the trace in miniature (the gallery manifest's picture,
// else drawn by views/trace_thumbnail.hpp)
// above its file name, producer and verdicts; a file that did not load shows why.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "model/file_source.hpp"
#include "model/gallery.hpp"
#include "render/heat_strip.hpp"
#include "render/image_texture.hpp"
#include "style.hpp"
#include "views/registry.hpp"
#include "views/view.hpp"

namespace gridlock::viewer {

// A file the user asked for that did not open, with the reason.
struct OpenFailure {
  std::string path;
  std::string error;
};

struct GalleryChoice {
  std::string open_path;             // a card was clicked
  bool browse = false;               // "Open file..." was clicked
  std::string compare_a, compare_b;  // a card's Compare button was clicked: the lesson's pair
};

// What the gallery keeps between frames, made the first time a card is on screen: the manifest's
// pictures (by file) and, for a card without one, the first view that applies to its trace (by
// trace path). Cleared whenever the gallery is listed again.
struct GalleryState {
  ViewConfig config;
  Theme theme = Theme::dark;    // whose pictures the cards show
  FileSource* files = nullptr;  // where pictures are fetched first (a browser); null: on disk
  std::map<std::string, std::unique_ptr<ImageTexture>> pictures;
  std::map<std::string, std::unique_ptr<TraceView>> thumbnails;
};

GalleryChoice draw_gallery(const Gallery& gallery, GalleryState& state,
                           const std::vector<OpenFailure>& failures, const Fonts& fonts,
                           HeatStripRenderer& heat);

}  // namespace gridlock::viewer
