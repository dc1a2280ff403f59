// Gallery thumbnails: the frame every card's miniature sits in, its caption, a placeholder for a
// trace no view applies to, and the tree in miniature (the tree view's thumbnail). A tree is
// drawn complete: the input on top, then every level as a heat strip whose width follows the log
// of its node count, so a halving tree narrows evenly to its root, which is outlined and
// labelled with its value.
#pragma once

#include <imgui.h>

#include <string>

#include "model/input_row.hpp"
#include "model/tree_layout.hpp"
#include "views/tree_textures.hpp"
#include "views/view.hpp"

namespace gridlock::viewer {

// The frame's background and clip; end_thumbnail pops the clip.
void begin_thumbnail(const ThumbnailPaint& p);
void end_thumbnail(const ThumbnailPaint& p);

// The inner area a miniature uses: the frame less its padding.
struct ThumbnailArea {
  float x0, y0, x1, y1;
};
ThumbnailArea thumbnail_area(const ThumbnailPaint& p);

// The size of caption text.
float thumbnail_caption_size(const Fonts& fonts);

// Text in the frame's bottom left corner, its baseline area ending at `bottom`, if it ends left
// of `limit`.
void paint_thumbnail_caption(const ThumbnailPaint& p, const std::string& text, float bottom, float limit);

// "no view to preview this trace": for a trace no view applies to.
void paint_thumbnail_placeholder(const ThumbnailPaint& p);

// A reduction tree in miniature; `textures` are uploaded the first time they are needed.
void paint_tree_thumbnail(const ThumbnailPaint& p, const TreeLayout& tree, const InputRow& input,
                          TreeTextures& textures);

}  // namespace gridlock::viewer
