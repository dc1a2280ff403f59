// What the browser page's address asks the viewer to open (viewer/web/web_main.cpp), read from
// its query parameters. The address is untrusted input: a trace must be a .json file inside the
// site's lessons/ folder, every value is checked, and whatever cannot be used is named in
// `problems` (the page then says so and opens the rest, or the gallery).
#pragma once

#include <string>
#include <vector>

namespace gridlock::viewer {

struct WebRequest {
  std::string trace;                 // "/lessons/…/x.json"; empty: none
  std::vector<std::string> compare;  // two such paths, or none
  std::string view;                  // a view's name; empty: the trace's first
  int step = 0;                      // counted from 0; negative from the end
  float scale = 0;                   // 0: the default
  bool light = false;                // the light theme
  bool picture = false;              // the picture mode
  int width = 0, height = 0;         // 0: the page's size
  std::string lecture;               // "/lectures/<name>.lecture"; empty: none
  int stop = 1;                      // the lecture's first stop shown, counted from 1
  int challenge = 0;                 // an Explore challenge shown, counted from 1; 0: none
  int bench_frames = 0;              // > 0: play and time this many frames (window.gridlockBench)
  bool empty = false;                // an empty Dear ImGui frame only: what bench= is measured against
  std::vector<std::string> problems;
};

// A lecture named in the address ("interblock" is "/lectures/interblock.lecture"), or empty, with
// the reason in `why`, when the name is not one of letters, digits, '-' and '_'.
std::string site_lecture_path(const std::string& named, std::string& why);

// `parameters`: "key<TAB>value" lines, as the browser decodes them. `views`: the names a view
// may be asked for by.
WebRequest read_web_address(const std::string& parameters, const std::vector<std::string>& views);

// The path in the page's file system of a trace named in the address ("lessons/a/recorded/b.json"
// is "/lessons/a/recorded/b.json"), or empty, with the reason in `why`, when it is not a .json
// file inside lessons/.
std::string site_trace_path(const std::string& named, std::string& why);

}  // namespace gridlock::viewer
