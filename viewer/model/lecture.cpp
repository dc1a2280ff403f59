// Reading a lecture file: "stop TITLE" starts a stop; the lines under it are "KEY VALUE".
#include "model/lecture.hpp"

#include <cctype>
#include <sstream>

namespace gridlock::viewer {

namespace {

std::string trim(const std::string& s) {
  const std::size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  const std::size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

// "-3" or "12": false for anything else, or a value out of int's range.
bool parse_int(const std::string& text, int& out) {
  if (text.empty() || text.size() > 9) return false;
  std::size_t i = text[0] == '-' ? 1 : 0;
  if (i == text.size()) return false;
  for (std::size_t k = i; k < text.size(); ++k)
    if (!std::isdigit(static_cast<unsigned char>(text[k]))) return false;
  out = std::stoi(text);
  return true;
}

std::vector<std::string> split_words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

}  // namespace

bool holds_a_number(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) continue;
    std::size_t end = i;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
    const bool joined_before = i > 0 && std::isalpha(static_cast<unsigned char>(text[i - 1]));
    const bool joined_after = end < text.size() && std::isalpha(static_cast<unsigned char>(text[end]));
    if (!joined_before && !joined_after) return true;
    i = end;
  }
  return false;
}

LectureRead parse_lecture(std::istream& in, const std::string& name) {
  LectureRead out;
  auto problem = [&](int line, const std::string& what) {
    out.problems.push_back(name + ":" + std::to_string(line) + ": " + what);
  };
  std::string line;
  int number = 0;
  LectureStop* stop = nullptr;
  bool where_given = false;  // step, step-with or marker: one of them per stop
  while (std::getline(in, line)) {
    ++number;
    const std::string text = trim(line);
    if (text.empty()) continue;
    if (text[0] == '#') {
      if (out.lecture.title.empty() && out.lecture.stops.empty()) out.lecture.title = trim(text.substr(1));
      continue;
    }
    const std::size_t gap = text.find_first_of(" \t");
    const std::string key = text.substr(0, gap);
    const std::string value = gap == std::string::npos ? "" : trim(text.substr(gap));
    if (key == "stop") {
      out.lecture.stops.emplace_back();
      stop = &out.lecture.stops.back();
      stop->line = number;
      stop->title = value;
      where_given = false;
      if (value.empty()) problem(number, "a stop needs a title (\"stop The lock that loses updates\")");
      continue;
    }
    if (!stop) {
      problem(number, "\"" + key + "\" before the first \"stop\"");
      continue;
    }
    if (value.empty()) {
      problem(number, "\"" + key + "\" needs a value");
      continue;
    }
    auto once = [&](std::string& field) {
      if (!field.empty()) problem(number, "\"" + key + "\" is given twice in this stop");
      field = value;
    };
    auto where = [&] {
      if (where_given) problem(number, "a stop opens at one place: give one of step, step-with and marker");
      where_given = true;
    };
    if (key == "lesson") {
      once(stop->lesson);
    } else if (key == "trace" || key == "compare") {
      const std::vector<std::string> files = split_words(value);
      if (!stop->files.empty()) problem(number, "a stop shows one trace or one comparison");
      if (files.size() != (key == "trace" ? 1u : 2u))
        problem(number,
                key == "trace" ? "\"trace\" takes one file name" : "\"compare\" takes two file names");
      stop->files = files;
    } else if (key == "view") {
      once(stop->view);
    } else if (key == "step") {
      where();
      if (!parse_int(value, stop->step))
        problem(number, "\"step " + value + "\": expected a step number (negative counts from the end)");
    } else if (key == "step-with") {
      where();
      once(stop->step_with);
    } else if (key == "marker") {
      where();
      once(stop->marker);
    } else if (key == "panel") {
      once(stop->panel);
      if (value != "claims" && value != "timeline" && value != "lesson" && value != "run")
        problem(number, "\"panel " + value + "\": expected claims, timeline, lesson or run");
    } else if (key == "source") {
      once(stop->source);
    } else if (key == "ask") {
      if (!parse_int(value, stop->ask) || stop->ask < 1)
        problem(number, "\"ask " + value + "\": expected a question's number, counted from 1");
    } else if (key == "claim") {
      once(stop->claim);
    } else if (key == "say") {
      stop->say += (stop->say.empty() ? "" : " ") + value;
      if (holds_a_number(value))
        problem(number,
                "\"say\" holds a number: a lecture's notes carry none (the lecture bar shows the claim's "
                "measured ones)");
    } else {
      problem(number, "unknown word \"" + key +
                          "\" (stop, lesson, trace, compare, view, step, step-with, marker, panel, source, "
                          "claim, say)");
    }
  }
  for (const LectureStop& s : out.lecture.stops)
    if (s.lesson.empty()) problem(s.line, "stop \"" + s.title + "\" names no lesson");
  if (out.lecture.stops.empty() && out.problems.empty()) problem(number, "the lecture has no stop");
  return out;
}

}  // namespace gridlock::viewer
