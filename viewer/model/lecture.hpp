// A lecture: stops the viewer walks with PageDown and PageUp (a presenter's clicker), each
// opening one lesson's trace or a comparison at a view and a step, with a note of what to say.
// The file is plain text (lectures/README.md gives its words); this part reads it, checks its
// words and numbers, and knows nothing of traces: lecture_stops.hpp resolves the stops.
#pragma once

#include <istream>
#include <string>
#include <vector>

namespace gridlock::viewer {

struct LectureStop {
  int line = 0;  // where "stop" stands in the file, for messages
  std::string title;
  std::string lesson;              // the lesson's id in the lesson index
  std::vector<std::string> files;  // one trace, or two to compare (names in recorded/); empty: the first card
  std::string view;                // the view tab; empty: the first that applies
  int step = 0;                    // counted from 0; negative from the end
  std::string step_with;           // the first step whose detail, label or note holds this text
  std::string marker;              // the first marker of this kind
  std::string panel;               // claims, timeline, lesson or run; empty: as it was
  std::string source;              // the carried source shown first (the end of its path)
  std::string claim;               // the claim the stop makes its point with; shown with its verdict
  int ask = 0;                     // the trace's question asked at the stop, counted from 1; 0: none
  std::string say;                 // what to say, its lines joined with spaces
  bool compares() const { return files.size() == 2; }
};

struct Lecture {
  std::string title;  // the first comment line, without its '#'
  std::vector<LectureStop> stops;
};

struct LectureRead {
  Lecture lecture;
  std::vector<std::string> problems;  // "FILE:LINE: what is wrong"; the lecture is unusable unless empty
};

// Reads a lecture. `name` prefixes the problems. Never throws.
LectureRead parse_lecture(std::istream& in, const std::string& name);

// Whether `text` holds a number written out (a run of digits that is not part of a word such as
// "R1" or "0x1f"): the notes of a lecture carry none, since every number on screen is measured.
bool holds_a_number(const std::string& text);

}  // namespace gridlock::viewer
