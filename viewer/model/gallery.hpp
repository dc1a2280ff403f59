// The gallery: every recorded trace of every lesson, in lesson order, found without arguments.
#pragma once

#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "trace/lesson_index.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

// What the gallery card of one trace file shows. A file that does not load is still listed,
// with its error, so a broken recording is visible rather than silently missing. The trace is
// kept, so that the card's thumbnail can be drawn by the first view that applies to it.
struct GalleryTrace {
  std::string path;
  std::string name;       // file name
  std::string error;      // empty when the trace loaded
  std::string title;      // lesson title from the trace
  std::string technique;  // "R1"
  std::string variant;    // the lesson's variant the trace records ("racy"); may be empty
  bool modelled = false;  // produced by a model, not measured on a GPU
  std::string producer;   // the GPUs' names (format_devices), or the model's description
  std::string recorded_at;
  int steps = 0;
  int timings = 0;  // benchmark results; a trace of timings alone has no steps
  int notices = 0;  // what the trace says the viewer must tell (dropped events, unrecorded input)
  int confirmed = 0;
  int contradicted = 0;
  int not_observable = 0;
  std::shared_ptr<const trace::Trace> trace;  // null when it did not load or came from the manifest
  std::string thumbnail_png;  // the manifest's picture (absolute, less ".dark.png"); empty: a view draws it
  // The traces the lesson pairs this one with for comparison, in the order it declares them.
  struct Partner {
    std::string path;   // normalised
    bool first = true;  // this trace is the pair's first (left) one
  };
  std::vector<Partner> compare;
  bool ok() const { return error.empty(); }
};

struct GalleryLesson {
  std::string id;
  std::string title;
  std::string folder;
  std::string summary;               // the README's goal, one paragraph
  std::vector<GalleryTrace> traces;  // recorded/*.json: the classroom-sized one first, then by name
  // The pairs the lesson declares for side-by-side comparison: paths of files in its recorded/
  // (or, through "..", another lesson's), normalised.
  std::vector<std::pair<std::string, std::string>> compare;
};

struct Gallery {
  std::vector<GalleryLesson> lessons;
  std::string found_in;               // the index file or folder the lessons came from
  std::string manifest;               // the manifest's folder the cards came from; empty: none
  int cards_from_manifest = 0;        // the others were read from their traces
  std::vector<std::string> problems;  // index lines that could not be used, missing folders
};

// Where to look, in order: lesson index files (id<TAB>title<TAB>folder per line; a relative
// folder is taken relative to the index file), then folders scanned for */recorded/*.json.
// The first candidate that exists is used. The cards come from the first folder of
// `manifest_folders` that holds a gallery manifest (model/gallery_manifest.hpp), as far as it
// is current; without one every trace is read for its card.
struct GallerySearch {
  std::vector<std::string> index_files;
  std::vector<std::string> lesson_roots;
  std::vector<std::string> manifest_folders;
  // The manifest lists each lesson's traces and is current (a site built as one, where folders
  // cannot be listed nor sizes read): the cards are taken from it as they are.
  bool manifest_lists_traces = false;
};

// The paragraph under a README's "## Goal" heading (or, without one, its first paragraph),
// joined into one line without Markdown markers. Empty when there is none.
std::string lesson_summary(const std::string& readme);

// Reads one trace file for its gallery card; never throws.
GalleryTrace summarise_trace(const std::string& path);

// Lists the lessons and their recorded traces, with their cards. Never throws; an empty gallery
// says where it looked in `problems`, a manifest that cannot be used says why there too.
Gallery discover_gallery(const GallerySearch& search);

}  // namespace gridlock::viewer
