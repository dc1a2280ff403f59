// The gallery's manifest: every shipped trace's card (its text and verdict counts) and a
// thumbnail image, written once after the traces are recorded, so that the gallery opens without
// parsing a single trace. A card is taken from the manifest only while its trace file has the
// size the manifest saw; any other trace is read and summarised as before, and drawn by its view.
//
//   lessons/gallery/manifest.json          {"gridlock_gallery": 1, "cards": [...]}
//   lessons/gallery/<lesson>/<trace>.dark.png, .light.png
//                                          the thumbnail in each theme, rendered by the view the
//                                          card opens on
//
// Paths in the manifest are relative to its folder. `gridlock-viewer --write-gallery DIR`
// writes both; the test viewer.gallery-manifest fails when a shipped trace differs from the
// card its manifest holds.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "model/gallery.hpp"
#include "model/presenter_settings.hpp"

namespace gridlock::viewer {

constexpr int kGalleryManifestVersion = 1;

// One trace's card as the manifest keeps it.
struct ManifestCard {
  std::string file;  // the trace, relative to the manifest's folder
  std::string path;  // the same, absolute and normalised, as it was read
  std::uintmax_t bytes = 0;
  std::string hash;       // trace::source_hash of the file's bytes
  std::string thumbnail;  // the picture, relative to the manifest's folder, less ".dark.png"; empty: none
  GalleryTrace card;      // path, trace and compare are not kept
};

struct GalleryManifest {
  std::string folder;  // where it was read from; paths are relative to it
  std::vector<ManifestCard> cards;
  // The card of a trace (by normalised absolute path), or null.
  const ManifestCard* find(const std::string& trace_path) const;
  std::string resolve(const std::string& relative) const;  // normalised, absolute
};

// Reads `folder`/manifest.json. Returns false, with a message in `error` naming the file, when it
// is missing or is not a manifest of this version.
bool read_gallery_manifest(const std::string& folder, GalleryManifest& manifest, std::string& error);

// The manifest's JSON text for the cards of `gallery` (summarised from their traces), each with
// the thumbnail path `thumbnails` holds for it (by trace path) and its file's size and hash.
std::string gallery_manifest_json(const Gallery& gallery, const std::string& folder,
                                  const std::map<std::string, std::string>& thumbnails);

// Where a trace's thumbnail goes, relative to the manifest's folder: <lesson id>/<file stem>,
// less the theme's ending.
std::string thumbnail_name(const GalleryLesson& lesson, const GalleryTrace& trace);

// The file of a thumbnail in a theme: "<picture>.dark.png", "<picture>.light.png".
std::string themed_thumbnail(const std::string& picture, Theme theme);

// Takes every card of `gallery` whose trace has the manifest's size (any size unless
// `check_size`) from the manifest, its thumbnail_png set to its picture and no trace kept; reads
// and summarises the others. Returns how many came from the manifest.
int fill_gallery_cards(Gallery& gallery, const GalleryManifest* manifest, bool check_size = true);

// What differs between the manifest and the traces it describes: a trace missing from it, a
// hash or card field that no longer matches, a thumbnail file that is missing. Empty when it is
// current. Reads every trace.
std::vector<std::string> stale_manifest_entries(const Gallery& gallery, const GalleryManifest& manifest);

}  // namespace gridlock::viewer
