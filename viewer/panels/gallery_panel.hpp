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

// What the gallery keeps between frames: by trace path, the first view that applies to it (it
// draws the card's thumbnail), made the first time the card is drawn. Cleared whenever the
// gallery is listed again.
struct GalleryState {
  ViewConfig config;
  std::map<std::string, std::unique_ptr<TraceView>> thumbnails;
};

GalleryChoice draw_gallery(const Gallery& gallery, GalleryState& state,
                           const std::vector<OpenFailure>& failures, const Fonts& fonts,
                           HeatStripRenderer& heat);

}  // namespace gridlock::viewer
