// The start screen: every lesson's recorded traces as cards, in lesson order, plus the files
// that could not be opened.
#pragma once

#include <string>
#include <vector>

#include "model/gallery.hpp"
#include "style.hpp"

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

GalleryChoice draw_gallery(const Gallery& gallery, const std::vector<OpenFailure>& failures,
                           const Fonts& fonts);

}  // namespace gridlock::viewer
