// A lecture's stops made concrete: each stop's trace files found through the lesson index, loaded
// and checked once before the window opens (a view that does not apply, a step text no step
// holds, a claim the trace lacks: each a problem with its line), and turned into what the app
// opens: the files, where they start, the view, panel and source, and the claim's verdict.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/event_markers.hpp"
#include "model/lecture.hpp"
#include "trace/lesson_index.hpp"
#include "trace/trace.hpp"
#include "trace_screen.hpp"

namespace gridlock::viewer {

// The claim a stop makes its point with, as one side's trace judged it.
struct StopClaim {
  std::string side;  // the trace's variant, else its file name
  trace::Verdict verdict = trace::Verdict::not_observable;
  std::string measurement;
};

struct ResolvedStop {
  int number = 0;  // counted from 1
  std::string title, say, claim_id, claim_statement;
  std::vector<std::string> paths;  // one trace, or the two sides of a comparison
  StartAt start;
  std::string view, panel, source;
  std::optional<MarkerFocus> focus;  // with "marker": what the timeline opens on
  int question = -1;                 // the question asked at the stop (counted from 0); -1: none
  std::vector<StopClaim> claims;     // one per path
  // What the bar shows: `claims`, or one of them where both sides of a comparison judged alike.
  std::vector<StopClaim> shown_claims;
};

struct ResolvedLecture {
  std::string title;
  std::vector<ResolvedStop> stops;
  std::vector<std::string> problems;  // empty: every stop opens
};

// The .json files of a lesson's recorded/ folder, by name: on the desktop the folder's listing; in a
// browser, where a trace is fetched only when opened, the gallery manifest's.
using RecordedListing = std::function<std::vector<std::string>(const std::string& folder)>;
std::vector<std::string> folder_traces(const std::string& folder);

// The first card of a lesson's recorded/ folder: <id>.classroom.json when there is one, else the
// first .json by name. Empty when the folder holds none.
std::string first_card(const trace::LessonEntry& lesson, const RecordedListing& list = folder_traces);

// A lecture file as read, with the lesson index it names its lessons in.
struct LectureFile {
  Lecture lecture;
  std::vector<trace::LessonEntry> lessons;
  std::vector<std::string> problems;  // empty: read
};
LectureFile read_lecture_file(const std::string& path, const std::string& index_path);

// The trace files the lecture's stops open, each once, found without reading them (a browser
// fetches them before the lecture is checked). A stop whose lesson or files are not found adds
// none: resolving it names the problem.
std::vector<std::string> lecture_files(const LectureFile& file, const RecordedListing& list = folder_traces);

// Resolves every stop of `lecture` (read from `name`) against `lessons`, loading each trace once.
ResolvedLecture resolve_lecture(const Lecture& lecture, const std::string& name,
                                const std::vector<trace::LessonEntry>& lessons,
                                const RecordedListing& list = folder_traces);

// Reads and resolves the lecture file at `path` with the lesson index at `index_path`.
ResolvedLecture load_lecture(const std::string& path, const std::string& index_path);

}  // namespace gridlock::viewer
