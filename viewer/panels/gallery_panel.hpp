// The start screen: every lesson's recorded traces as cards, in lesson order, plus the files
// that could not be opened. A card shows the trace in miniature (views/trace_thumbnail.hpp)
// above its file name, producer and verdicts; a file that did not load shows why.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "model/gallery.hpp"
#include "render/heat_strip.hpp"
#include "style.hpp"
#include "views/tree_textures.hpp"

namespace gridlock::viewer {

// A file the user asked for that did not open, with the reason.
struct OpenFailure {
  std::string path;
  std::string error;
};

struct GalleryChoice {
  std::string open_path;  // a card was clicked
  bool browse = false;    // "Open file..." was clicked
};

// What the gallery keeps between frames: its thumbnails' textures, by trace path, made the first
// time a card is drawn. Cleared whenever the gallery is listed again.
struct GalleryState {
  std::map<std::string, std::unique_ptr<TreeTextures>> textures;
};

GalleryChoice draw_gallery(const Gallery& gallery, GalleryState& state,
                           const std::vector<OpenFailure>& failures, const Fonts& fonts,
                           HeatStripRenderer& heat);

}  // namespace gridlock::viewer
