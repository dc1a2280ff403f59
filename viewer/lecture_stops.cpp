// Resolving a lecture's stops: lesson, files, view, place and claim, each checked on the trace.
#include "lecture_stops.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>

#include "model/document.hpp"
#include "model/questions.hpp"
#include "model/step_text.hpp"
#include "views/registry.hpp"

namespace gridlock::viewer {

namespace fs = std::filesystem;

std::vector<std::string> folder_traces(const std::string& folder) {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec))
    if (entry.path().extension() == ".json") files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

std::string first_card(const trace::LessonEntry& lesson, const RecordedListing& list) {
  const fs::path recorded = fs::path(lesson.folder) / "recorded";
  const std::string classroom = (recorded / (lesson.id + ".classroom.json")).lexically_normal().string();
  const std::vector<std::string> files = list(recorded.lexically_normal().string());
  if (std::find(files.begin(), files.end(), classroom) != files.end()) return classroom;
  return files.empty() ? std::string() : files.front();
}

namespace {

const trace::Claim* find_claim(const trace::Trace& t, const std::string& id) {
  for (const trace::Claim& c : t.claims)
    if (c.id == id) return &c;
  return nullptr;
}

std::string view_list(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

const trace::LessonEntry* find_lesson(const std::vector<trace::LessonEntry>& lessons, const std::string& id) {
  const auto lesson =
      std::find_if(lessons.begin(), lessons.end(), [&](const trace::LessonEntry& e) { return e.id == id; });
  return lesson == lessons.end() ? nullptr : &*lesson;
}

// The files a stop opens: those it names in its lesson's recorded/ folder, else the first card.
std::vector<std::string> stop_files(const LectureStop& stop, const trace::LessonEntry& lesson,
                                    const RecordedListing& list) {
  if (stop.files.empty()) return {first_card(lesson, list)};
  std::vector<std::string> paths;
  for (const std::string& file : stop.files)
    paths.push_back((fs::path(lesson.folder) / "recorded" / file).lexically_normal().string());
  return paths;
}

// One stop: its problems go to `problems`, prefixed with the stop's place in the file.
std::optional<ResolvedStop> resolve_stop(const LectureStop& stop, const std::string& where,
                                         const std::vector<trace::LessonEntry>& lessons,
                                         const RecordedListing& list, std::vector<std::string>& problems) {
  auto problem = [&](const std::string& what) { problems.push_back(where + ": " + what); };
  const trace::LessonEntry* lesson = find_lesson(lessons, stop.lesson);
  if (!lesson) {
    problem("no lesson \"" + stop.lesson + "\" in the lesson index");
    return std::nullopt;
  }
  ResolvedStop out;
  out.title = stop.title;
  out.say = stop.say;
  out.view = stop.view;
  out.panel = stop.panel;
  out.source = stop.source;
  out.claim_id = stop.claim;
  out.paths = stop_files(stop, *lesson, list);
  if (out.paths.front().empty()) {
    problem("lesson " + stop.lesson + " has no recorded trace");
    return std::nullopt;
  }

  std::vector<std::unique_ptr<Document>> docs;
  for (const std::string& path : out.paths) {
    LoadResult loaded = load_document(path);
    if (!loaded.ok()) {
      problem(loaded.error);
      return std::nullopt;
    }
    docs.push_back(std::move(loaded.document));
  }
  const trace::Trace& first = docs.front()->trace;

  if (!stop.view.empty()) {
    bool applies = false;
    std::string offered;
    for (const auto& d : docs) {
      const std::vector<std::string> names = applicable_views(d->trace);
      applies = applies || std::find(names.begin(), names.end(), stop.view) != names.end();
      offered = view_list(names);
    }
    if (!applies)
      problem("view " + stop.view + " does not apply (" + docs.front()->name + " has: " + offered + ")");
  }
  const int count = static_cast<int>(first.steps.size());
  if (!stop.step_with.empty()) {
    out.start.step = step_holding(first, stop.step_with);
    if (out.start.step < 0) problem("no step of " + docs.front()->name + " holds \"" + stop.step_with + "\"");
  } else if (!stop.marker.empty()) {
    const std::optional<MarkerKind> kind = marker_kind_named(stop.marker);
    bool found = false;
    for (const EventMarker& m : event_markers(first)) {
      if (!kind || m.kind != *kind) continue;
      out.start.step = m.step;
      out.start.time_ns = m.t_ns;
      out.focus = marker_focus(first, m);
      found = true;
      break;
    }
    if (!found) problem("marker " + stop.marker + ": " + docs.front()->name + " holds no such marker");
  } else {
    out.start.step = stop.step;
    if (count > 0 && (stop.step >= count || stop.step < -count))
      problem("step " + std::to_string(stop.step) + " is out of range: " + docs.front()->name + " has " +
              std::to_string(count) + " steps");
  }
  if (stop.ask > 0) {
    const std::size_t count = trace_questions(first).size();
    if (stop.files.size() > 1)
      problem("ask: a question is asked of one trace, not of a comparison");
    else if (static_cast<std::size_t>(stop.ask) > count)
      problem("ask " + std::to_string(stop.ask) + ": " + docs.front()->name + " has " +
              std::to_string(count) + " questions");
    else
      out.question = stop.ask - 1;
  }
  if (!stop.claim.empty()) {
    for (const auto& d : docs) {
      const trace::Claim* c = find_claim(d->trace, stop.claim);
      if (!c) {
        problem("claim " + stop.claim + " is not in " + d->name);
        continue;
      }
      out.claim_statement = c->statement;
      out.claims.push_back(
          {d->trace.variant.empty() ? d->name : d->trace.variant, c->verdict, c->measurement});
    }
    out.shown_claims = out.claims;
    if (out.claims.size() == 2 && out.claims[0].verdict == out.claims[1].verdict &&
        out.claims[0].measurement == out.claims[1].measurement)
      out.shown_claims.pop_back();
  }
  return out;
}

}  // namespace

LectureFile read_lecture_file(const std::string& path, const std::string& index_path) {
  LectureFile out;
  std::ifstream in(path);
  if (!in) return {{}, {}, {"cannot read the lecture " + path}};
  LectureRead read = parse_lecture(in, path);
  if (!read.problems.empty()) return {{}, {}, read.problems};
  out.lecture = std::move(read.lecture);
  std::ifstream index(index_path);
  if (!index) return {{}, {}, {"cannot read the lesson index " + index_path}};
  std::vector<std::string> index_problems;
  out.lessons = trace::parse_lesson_index(index, fs::path(index_path).parent_path().string(), index_problems);
  for (const std::string& p : index_problems) out.problems.push_back(index_path + ": " + p);
  return out;
}

std::vector<std::string> lecture_files(const LectureFile& file, const RecordedListing& list) {
  std::vector<std::string> out;
  for (const LectureStop& stop : file.lecture.stops)
    if (const trace::LessonEntry* lesson = find_lesson(file.lessons, stop.lesson))
      for (const std::string& path : stop_files(stop, *lesson, list))
        if (!path.empty() && std::find(out.begin(), out.end(), path) == out.end()) out.push_back(path);
  return out;
}

ResolvedLecture resolve_lecture(const Lecture& lecture, const std::string& name,
                                const std::vector<trace::LessonEntry>& lessons, const RecordedListing& list) {
  ResolvedLecture out;
  out.title = lecture.title;
  for (const LectureStop& stop : lecture.stops) {
    const std::string where = name + ":" + std::to_string(stop.line) + " (stop \"" + stop.title + "\")";
    std::optional<ResolvedStop> resolved = resolve_stop(stop, where, lessons, list, out.problems);
    if (!resolved) continue;
    resolved->number = static_cast<int>(out.stops.size()) + 1;
    out.stops.push_back(std::move(*resolved));
  }
  return out;
}

ResolvedLecture load_lecture(const std::string& path, const std::string& index_path) {
  const LectureFile file = read_lecture_file(path, index_path);
  if (file.lessons.empty() && !file.problems.empty()) return {{}, {}, file.problems};
  ResolvedLecture out = resolve_lecture(file.lecture, path, file.lessons);
  out.problems.insert(out.problems.end(), file.problems.begin(), file.problems.end());
  return out;
}

}  // namespace gridlock::viewer
