// One card of the gallery: a trace's thumbnail on top; its file name, producer, step count and
// verdicts below. A trace that did not load shows the reason where the thumbnail would be.
#pragma once

#include <imgui.h>

#include "model/gallery.hpp"
#include "render/heat_strip.hpp"
#include "style.hpp"
#include "views/tree_textures.hpp"

namespace gridlock::viewer {

// The card's height for a width, both in pixels.
float gallery_card_height(float width, const Fonts& fonts);

// Draws the card at the cursor as one item; returns true when a card that loaded is clicked.
// `textures`: the thumbnail's, kept by the caller between frames.
bool draw_gallery_card(const GalleryTrace& trace, float width, TreeTextures& textures, const Fonts& fonts,
                       HeatStripRenderer& heat);

}  // namespace gridlock::viewer
