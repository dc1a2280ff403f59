// --write-gallery DIR: the gallery's manifest (model/gallery_manifest.hpp) and a thumbnail of
// every card in both themes, rendered off-screen by the view the card opens on.
#pragma once

#include <string>

#include "model/gallery.hpp"
#include "render/heat_strip.hpp"
#include "style.hpp"
#include "views/registry.hpp"

namespace gridlock::viewer {

// The thumbnail's size at scale 1: a card's thumbnail at 1280 pixels across (two cards a row).
constexpr int kThumbnailWidth = 560;
constexpr int kThumbnailHeight = 243;

// Reads every trace `search` finds (its manifest folders are not read), renders each card's
// thumbnail at the fonts' scale into `folder`/<lesson>/<trace>.{dark,light}.png and writes
// `folder`/manifest.json. Returns the exit code: 0, or 1 with a message on stderr.
int write_gallery(const std::string& folder, GallerySearch search, const ViewConfig& config,
                  const Fonts& fonts, HeatStripRenderer& heat);

}  // namespace gridlock::viewer
