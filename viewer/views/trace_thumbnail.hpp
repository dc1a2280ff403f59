// A trace in miniature, for the gallery's cards. A tree is drawn complete: the input on top, then
// every level as a heat strip whose width follows the log of its node count, so a halving tree
// narrows evenly to its root, which is outlined and labelled with its value. A trace without a
// tree shows the tracks of its busiest step as bars; a trace with neither, a placeholder.
#pragma once

#include <imgui.h>

#include "model/gallery.hpp"
#include "render/heat_strip.hpp"
#include "style.hpp"
#include "views/tree_textures.hpp"

namespace gridlock::viewer {

struct ThumbnailPaint {
  const GalleryThumbnail& thumb;
  TreeTextures& textures;  // uploaded here the first time they are needed
  HeatStripRenderer& heat;
  const Fonts& fonts;
  ImDrawList* list;
  ImVec2 min, max;  // the frame, pixels
};

void paint_thumbnail(const ThumbnailPaint& p);

}  // namespace gridlock::viewer
