// One card of the gallery: a trace's thumbnail on top (the manifest's picture, or drawn by the
// first view that applies to it); its file name, variant, producer, step count and verdicts below; a Compare
// button on a trace the lesson pairs with another. A trace that did not load shows the reason where the
// thumbnail would be.
#pragma once

#include <imgui.h>

#include "model/gallery.hpp"
#include "render/heat_strip.hpp"
#include "render/image_texture.hpp"
#include "style.hpp"
#include "views/view.hpp"

namespace gridlock::viewer {

// The card's height for a width, both in pixels.
float gallery_card_height(float width, const Fonts& fonts);

enum class CardAction { none, open, compare };

struct CardChoice {
  CardAction action = CardAction::none;
  int partner = 0;  // with compare: the index into trace.compare
};

// What draws a card's miniature: the manifest's picture, else the view that paints it (kept by
// the caller between frames), else neither (a placeholder).
struct CardThumbnail {
  const ImageTexture* picture = nullptr;
  TraceView* view = nullptr;
};

// Draws the card at the cursor as one item. A trace paired with several others offers them in a
// menu under its Compare button.
CardChoice draw_gallery_card(const GalleryTrace& trace, float width, CardThumbnail thumbnail,
                             const Fonts& fonts, HeatStripRenderer& heat);

}  // namespace gridlock::viewer
