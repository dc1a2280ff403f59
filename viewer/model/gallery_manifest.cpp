// The gallery's manifest: cards and thumbnails kept beside the traces.
#include "model/gallery_manifest.hpp"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "model/document.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr const char* kManifestFile = "manifest.json";

std::string absolute_normal(const fs::path& p) {
  std::error_code ec;
  const fs::path a = fs::absolute(p, ec);
  return (ec ? p : a).lexically_normal().string();
}

std::uintmax_t size_of(const std::string& path) {
  std::error_code ec;
  const std::uintmax_t bytes = fs::file_size(path, ec);
  return ec ? 0 : bytes;
}

json card_json(const GalleryTrace& t) {
  return {{"title", t.title},         {"technique", t.technique},       {"variant", t.variant},
          {"modelled", t.modelled},   {"producer", t.producer},         {"recorded_at", t.recorded_at},
          {"steps", t.steps},         {"timings", t.timings},           {"notices", t.notices},
          {"confirmed", t.confirmed}, {"contradicted", t.contradicted}, {"not_observable", t.not_observable},
          {"error", t.error}};
}

GalleryTrace card_from_json(const json& j) {
  GalleryTrace t;
  t.title = j.at("title").get<std::string>();
  t.technique = j.at("technique").get<std::string>();
  t.variant = j.at("variant").get<std::string>();
  t.modelled = j.at("modelled").get<bool>();
  t.producer = j.at("producer").get<std::string>();
  t.recorded_at = j.at("recorded_at").get<std::string>();
  t.steps = j.at("steps").get<int>();
  t.timings = j.at("timings").get<int>();
  t.notices = j.at("notices").get<int>();
  t.confirmed = j.at("confirmed").get<int>();
  t.contradicted = j.at("contradicted").get<int>();
  t.not_observable = j.at("not_observable").get<int>();
  t.error = j.at("error").get<std::string>();
  return t;
}

// The card's text as the manifest compares it (path, name and compare partners aside).
std::string card_text(const GalleryTrace& t) { return card_json(t).dump(); }

// Keeps the card's place (path, name, partners) and takes its text from `from`.
void take_card_text(GalleryTrace& card, const GalleryTrace& from) {
  GalleryTrace text = from;
  text.path = card.path;
  text.name = card.name;
  text.compare = std::move(card.compare);
  text.trace = nullptr;
  card = std::move(text);
}

std::string relative_to(const std::string& path, const std::string& folder) {
  return fs::path(absolute_normal(path)).lexically_relative(absolute_normal(folder)).generic_string();
}

}  // namespace

const ManifestCard* GalleryManifest::find(const std::string& trace_path) const {
  const std::string wanted = absolute_normal(trace_path);
  for (const ManifestCard& c : cards)
    if (c.path == wanted) return &c;
  return nullptr;
}

std::string GalleryManifest::resolve(const std::string& relative) const {
  return absolute_normal(fs::path(folder) / relative);
}

bool read_gallery_manifest(const std::string& folder, GalleryManifest& manifest, std::string& error) {
  const fs::path file = fs::path(folder) / kManifestFile;
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) {
    error = file.string() + ": no gallery manifest";
    return false;
  }
  const std::string text = read_text_file(file.string());
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    error =
        file.string() + ": not a gallery manifest (not a JSON object); write it again with --write-gallery";
    return false;
  }
  if (!j.contains("gridlock_gallery") || j["gridlock_gallery"] != kGalleryManifestVersion) {
    error = file.string() + ": not a gallery manifest of version " + std::to_string(kGalleryManifestVersion) +
            "; write it again with --write-gallery";
    return false;
  }
  GalleryManifest read;
  read.folder = absolute_normal(folder);
  try {
    for (const json& c : j.at("cards")) {
      ManifestCard card;
      card.file = c.at("file").get<std::string>();
      card.path = read.resolve(card.file);
      card.bytes = c.at("bytes").get<std::uintmax_t>();
      card.hash = c.at("hash").get<std::string>();
      card.thumbnail = c.at("thumbnail").get<std::string>();
      card.card = card_from_json(c.at("card"));
      read.cards.push_back(std::move(card));
    }
  } catch (const json::exception&) {
    error = file.string() +
            ": a card lacks a field or has one of the wrong kind; write it again with --write-gallery";
    return false;
  }
  manifest = std::move(read);
  return true;
}

std::string thumbnail_name(const GalleryLesson& lesson, const GalleryTrace& trace) {
  return lesson.id + "/" + fs::path(trace.path).stem().string();
}

std::string themed_thumbnail(const std::string& picture, Theme theme) {
  return picture + (theme == Theme::light ? ".light.png" : ".dark.png");
}

std::string gallery_manifest_json(const Gallery& gallery, const std::string& folder,
                                  const std::map<std::string, std::string>& thumbnails) {
  json cards = json::array();
  for (const GalleryLesson& lesson : gallery.lessons) {
    for (const GalleryTrace& t : lesson.traces) {
      const auto thumbnail = thumbnails.find(t.path);
      cards.push_back({{"file", relative_to(t.path, folder)},
                       {"bytes", size_of(t.path)},
                       {"hash", trace::source_hash(read_text_file(t.path))},
                       {"thumbnail", thumbnail == thumbnails.end() ? "" : thumbnail->second},
                       {"card", card_json(t)}});
    }
  }
  json j = {{"gridlock_gallery", kGalleryManifestVersion}, {"cards", cards}};
  return j.dump(1) + "\n";
}

int fill_gallery_cards(Gallery& gallery, const GalleryManifest* manifest, bool check_size) {
  int from_manifest = 0;
  for (GalleryLesson& lesson : gallery.lessons) {
    for (GalleryTrace& t : lesson.traces) {
      const ManifestCard* kept = manifest ? manifest->find(t.path) : nullptr;
      if (kept && (!check_size || kept->bytes == size_of(t.path))) {
        take_card_text(t, kept->card);
        if (!kept->thumbnail.empty()) t.thumbnail_png = manifest->resolve(kept->thumbnail);
        ++from_manifest;
        continue;
      }
      std::vector<GalleryTrace::Partner> partners = std::move(t.compare);
      t = summarise_trace(t.path);
      t.compare = std::move(partners);
    }
  }
  return from_manifest;
}

std::vector<std::string> stale_manifest_entries(const Gallery& gallery, const GalleryManifest& manifest) {
  std::vector<std::string> stale;
  for (const GalleryLesson& lesson : gallery.lessons) {
    for (const GalleryTrace& listed : lesson.traces) {
      const ManifestCard* kept = manifest.find(listed.path);
      if (!kept) {
        stale.push_back(listed.path + ": not in the manifest");
        continue;
      }
      const std::string hash = trace::source_hash(read_text_file(listed.path));
      if (kept->hash != hash)
        stale.push_back(listed.path + ": the manifest has " + kept->hash + ", the file " + hash);
      if (kept->bytes != size_of(listed.path))
        stale.push_back(listed.path + ": the manifest has another size");
      const GalleryTrace now = summarise_trace(listed.path);
      if (card_text(kept->card) != card_text(now))
        stale.push_back(listed.path + ": its card reads\n  " + card_text(now) + "\nthe manifest's\n  " +
                        card_text(kept->card));
      std::error_code ec;
      if (!now.ok()) continue;  // its card shows the error where the thumbnail would be
      for (Theme theme : {Theme::dark, Theme::light}) {
        const std::string picture = themed_thumbnail(kept->thumbnail, theme);
        if (kept->thumbnail.empty() || !fs::is_regular_file(manifest.resolve(picture), ec))
          stale.push_back(listed.path + ": its thumbnail " + picture + " is missing");
      }
    }
  }
  for (const ManifestCard& c : manifest.cards) {
    std::error_code ec;
    if (!fs::is_regular_file(c.path, ec)) stale.push_back(c.file + ": in the manifest, but no such trace");
  }
  return stale;
}

}  // namespace gridlock::viewer
