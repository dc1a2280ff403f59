// The gallery: every recorded trace of every lesson, in lesson order, found without arguments.
#pragma once

#include <istream>
#include <string>
#include <vector>

#include "model/input_row.hpp"
#include "model/timeline.hpp"
#include "model/tree_layout.hpp"
#include "trace/lesson_index.hpp"

namespace gridlock::viewer {

// A miniature of what a trace holds: its reduction tree complete, as of the last step, with the
// input its leaves were loaded from; for a trace without a tree, the tracks of its busiest step
// (the one with the most events); else nothing.
struct GalleryThumbnail {
  TreeLayout tree;  // tree_buffers' first choice; empty when the trace has no tree
  InputRow input;
  StepTimeline timeline;  // only for a trace without a tree
  int timeline_step = -1;
  bool empty() const { return tree.empty() && timeline.empty(); }
};

// What the gallery card of one trace file shows. A file that does not load is still listed,
// with its error, so a broken recording is visible rather than silently missing.
struct GalleryTrace {
  std::string path;
  std::string name;       // file name
  std::string error;      // empty when the trace loaded
  std::string title;      // lesson title from the trace
  std::string technique;  // "R1"
  bool modelled = false;  // produced by a model, not measured on a GPU
  std::string producer;   // the GPUs' names (format_devices), or the model's description
  std::string recorded_at;
  int steps = 0;
  int version = 0;  // the format version of the file
  int notices = 0;  // what the trace says the viewer must tell (dropped events, unrecorded input)
  int confirmed = 0;
  int contradicted = 0;
  int not_observable = 0;
  GalleryThumbnail thumbnail;
  bool ok() const { return error.empty(); }
};

struct GalleryLesson {
  std::string id;
  std::string title;
  std::string folder;
  std::string summary;               // the README's goal, one paragraph
  std::vector<GalleryTrace> traces;  // recorded/*.json, sorted by name
};

struct Gallery {
  std::vector<GalleryLesson> lessons;
  std::string found_in;               // the index file or folder the lessons came from
  std::vector<std::string> problems;  // index lines that could not be used, missing folders
};

// Where to look, in order: lesson index files (id<TAB>title<TAB>folder per line; a relative
// folder is taken relative to the index file), then folders scanned for */recorded/*.json.
// The first candidate that exists is used.
struct GallerySearch {
  std::vector<std::string> index_files;
  std::vector<std::string> lesson_roots;
};

// The paragraph under a README's "## Goal" heading (or, without one, its first paragraph),
// joined into one line without Markdown markers. Empty when there is none.
std::string lesson_summary(const std::string& readme);

// The thumbnail of a loaded trace.
GalleryThumbnail make_thumbnail(const trace::Trace& trace);

// Reads one trace file for its gallery card, thumbnail included; never throws.
GalleryTrace summarise_trace(const std::string& path);

// Lists the lessons and their recorded traces. Never throws; an empty gallery says where it
// looked in `problems`.
Gallery discover_gallery(const GallerySearch& search);

}  // namespace gridlock::viewer
