// Beside a model run, what the GPU did: the lesson's classroom trace, its producer and each claim
// with the verdict and what was measured. The model's moves are turns and the trace's times are
// nanoseconds, so the two meet at the outcome: the model's outcome set beside the measured one.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "model/file_source.hpp"
#include "panels/source_panel.hpp"
#include "style.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

class ExploreRecording {
 public:
  // `traces`: each lesson's classroom trace, by lesson id; `files`: how files are fetched (a
  // browser), or null when they are on disk.
  ExploreRecording(std::map<std::string, std::string> traces, FileSource* files)
      : traces_(std::move(traces)), files_(files) {}

  // The panel for `lesson`: loading while the file is fetched, then the trace's claims.
  void draw(const std::string& lesson, const Fonts& fonts);

  // The trace the panel shows for `lesson`: "" when the lesson has none.
  std::string path_of(const std::string& lesson) const;
  // The lines of `file` as the lesson's trace carries it, coloured once; null until the trace is
  // loaded, or when it does not carry that file.
  const std::vector<SourceLine>* source_lines(const std::string& lesson, const std::string& file);

 private:
  struct Loaded {
    std::shared_ptr<const trace::Trace> trace;
    std::string error;
  };
  const Loaded* load(const std::string& path);

  std::map<std::string, std::string> traces_;
  FileSource* files_ = nullptr;
  std::map<std::string, Loaded> loaded_;
  std::map<std::pair<std::string, std::string>, std::vector<SourceLine>> coloured_;  // (trace, file)
};

}  // namespace gridlock::viewer
