// Finding the recorded traces of every lesson.
#include "model/gallery.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>

#include "format.hpp"
#include "model/document.hpp"
#include "model/gallery_manifest.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

namespace fs = std::filesystem;
using trace::LessonEntry;

namespace {

// A lesson's classroom-sized recording (recorded/<id>.classroom.json): a block of 32 or 64
// threads that a class can read on a projector, so the gallery offers it first.
bool is_classroom(const std::string& path) { return fs::path(path).stem().extension() == ".classroom"; }

std::vector<std::string> recorded_traces(const fs::path& lesson_folder) {
  std::vector<std::string> files;
  std::error_code ec;
  fs::path recorded = lesson_folder / "recorded";
  if (!fs::is_directory(recorded, ec)) return files;
  for (fs::directory_iterator it(recorded, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() == ".json" && it->is_regular_file(ec))
      files.push_back(it->path().lexically_normal().string());
  }
  std::sort(files.begin(), files.end(), [](const std::string& a, const std::string& b) {
    const bool ca = is_classroom(a), cb = is_classroom(b);
    return ca != cb ? ca : a < b;
  });
  return files;
}

// Each card of a declared pair names the other trace.
void link_pairs(GalleryLesson& lesson) {
  for (const auto& [a, b] : lesson.compare) {
    for (GalleryTrace& t : lesson.traces) {
      if (t.path == a) t.compare.push_back({b, true});
      if (t.path == b) t.compare.push_back({a, false});
    }
  }
}

// A lesson's traces: its recorded/*.json, or, with a manifest trusted to list them (a site
// without folder listings), the manifest's cards in its recorded/, in the manifest's order.
GalleryLesson make_lesson(const LessonEntry& entry, const GalleryManifest* listing) {
  GalleryLesson lesson{entry.id, entry.title, entry.folder, {}, {}, {}};
  lesson.summary = lesson_summary(read_text_file((fs::path(entry.folder) / "README.md").string()));
  const fs::path recorded = fs::path(entry.folder) / "recorded";
  std::vector<std::string> files;
  if (listing) {
    const std::string folder = fs::absolute(recorded).lexically_normal().string();
    for (const ManifestCard& c : listing->cards) {
      const fs::path file = c.path;
      if (file.parent_path().string() == folder) files.push_back((recorded / file.filename()).string());
    }
  } else {
    files = recorded_traces(entry.folder);
  }
  for (const std::string& file : files) {
    GalleryTrace listed;  // its card is filled once every lesson is listed
    listed.path = file;
    listed.name = fs::path(file).filename().string();
    lesson.traces.push_back(std::move(listed));
  }
  for (const auto& [a, b] : entry.compare)
    lesson.compare.emplace_back((recorded / a).lexically_normal().string(),
                                (recorded / b).lexically_normal().string());
  link_pairs(lesson);
  return lesson;
}

// Lesson folders under a root: any folder holding recorded/*.json, in path order.
std::vector<LessonEntry> scan_root(const fs::path& root) {
  std::vector<LessonEntry> found;
  std::error_code ec;
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec);
  for (fs::recursive_directory_iterator end; !ec && it != end; it.increment(ec)) {
    if (it.depth() > 4) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->path().filename() == "recorded" && it->is_directory(ec)) {
      fs::path folder = it->path().parent_path();
      std::string id = folder.filename().string();
      found.push_back({id, id, folder.string(), {}, {}, {}});
      it.disable_recursion_pending();
    }
  }
  std::sort(found.begin(), found.end(),
            [](const LessonEntry& a, const LessonEntry& b) { return a.folder < b.folder; });
  return found;
}

// The first manifest of `folders` that can be read; one that cannot is named in `problems`.
std::optional<GalleryManifest> find_manifest(const std::vector<std::string>& folders,
                                             std::vector<std::string>& problems) {
  std::error_code ec;
  for (const std::string& folder : folders) {
    if (folder.empty() || !fs::is_directory(folder, ec)) continue;
    GalleryManifest manifest;
    std::string error;
    if (read_gallery_manifest(folder, manifest, error)) return manifest;
    if (fs::exists(fs::path(folder) / "manifest.json", ec)) problems.push_back(error);
  }
  return std::nullopt;
}

}  // namespace

std::string lesson_summary(const std::string& readme) {
  std::vector<std::string> lines;
  for (std::string_view line : trace::split_lines(readme)) lines.emplace_back(line);
  auto paragraph_from = [&](std::size_t i) {
    while (i < lines.size() && lines[i].find_first_not_of(" \t") == std::string::npos) ++i;
    std::string text;
    for (; i < lines.size(); ++i) {
      const std::string& l = lines[i];
      if (l.find_first_not_of(" \t") == std::string::npos || l[0] == '#' || l.rfind("```", 0) == 0) break;
      if (!text.empty()) text += ' ';
      text += l.substr(l.find_first_not_of(" \t"));
    }
    std::string plain;
    for (std::size_t k = 0; k < text.size(); ++k) {
      if (text[k] == '`' || text[k] == '*') continue;
      plain.push_back(text[k]);
    }
    return plain;
  };
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i].rfind("## Goal", 0) == 0) return paragraph_from(i + 1);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].empty() || lines[i][0] == '#') continue;
    return paragraph_from(i);
  }
  return {};
}

GalleryTrace summarise_trace(const std::string& path) {
  GalleryTrace card;
  card.path = path;
  card.name = fs::path(path).filename().string();
  LoadResult loaded = load_document(path);
  if (!loaded.ok()) {
    card.error = loaded.error;
    return card;
  }
  card.trace = std::make_shared<const trace::Trace>(std::move(loaded.document->trace));
  const trace::Trace& t = *card.trace;
  card.title = t.lesson_title;
  card.technique = t.technique;
  card.variant = t.variant;
  card.modelled = t.producer.kind == trace::ProducerKind::model;
  card.producer = card.modelled ? t.producer.model : format_devices(t.producer.devices);
  card.recorded_at = t.producer.recorded_at;
  card.steps = static_cast<int>(t.steps.size());
  card.timings = static_cast<int>(t.timings.size());
  card.notices = static_cast<int>(t.notices.size());
  for (const trace::Claim& c : t.claims) {
    switch (c.verdict) {
      case trace::Verdict::confirmed:
        ++card.confirmed;
        break;
      case trace::Verdict::contradicted:
        ++card.contradicted;
        break;
      case trace::Verdict::not_observable:
        ++card.not_observable;
        break;
    }
  }
  return card;
}

Gallery discover_gallery(const GallerySearch& search) {
  Gallery gallery;
  const std::optional<GalleryManifest> manifest = find_manifest(search.manifest_folders, gallery.problems);
  const GalleryManifest* listing = manifest && search.manifest_lists_traces ? &*manifest : nullptr;
  // Every card, from the manifest where it is current, else from its trace.
  auto fill_cards = [&] {
    if (manifest) gallery.manifest = manifest->folder;
    gallery.cards_from_manifest =
        fill_gallery_cards(gallery, manifest ? &*manifest : nullptr, !search.manifest_lists_traces);
  };
  std::error_code ec;
  for (const std::string& index : search.index_files) {
    if (index.empty() || !fs::is_regular_file(index, ec)) continue;
    std::ifstream in(index);
    if (!in) {
      gallery.problems.push_back(index + ": cannot be read");
      continue;
    }
    std::string base = fs::path(index).parent_path().string();
    for (const LessonEntry& entry : trace::parse_lesson_index(in, base, gallery.problems)) {
      if (!listing && !fs::is_directory(entry.folder, ec))
        gallery.problems.push_back(entry.id + ": lesson folder " + entry.folder + " is missing");
      gallery.lessons.push_back(make_lesson(entry, listing));
    }
    gallery.found_in = index;
    fill_cards();
    return gallery;
  }
  for (const std::string& root : search.lesson_roots) {
    if (root.empty() || !fs::is_directory(root, ec)) continue;
    for (const LessonEntry& entry : scan_root(root)) gallery.lessons.push_back(make_lesson(entry, nullptr));
    gallery.found_in = root;
    fill_cards();
    return gallery;
  }
  std::string looked;
  for (const std::string& p : search.index_files) looked += "\n  " + p;
  for (const std::string& p : search.lesson_roots) looked += "\n  " + p;
  gallery.problems.push_back("no lessons found; looked in:" + looked);
  return gallery;
}

}  // namespace gridlock::viewer
