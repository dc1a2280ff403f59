// The forms of a warp-level lesson (the documentation's own, and the corrected ones) and the three
// options such a lesson takes besides the shared command line, handled before it:
//   --list-forms   prints the forms, one a line (racecheck.sh asks for them);
//   --list-sources prints the sources this build was compiled from, as a report's header carries
//                  them (racecheck.sh heads each report with it);
//   --form NAME    runs that form once on the first seed's input and prints what it returned,
//                  after a line naming the lesson, the form and the hash of its sources: the run
//                  racecheck.sh puts under compute-sanitizer, whose report the lesson reads.
#pragma once

#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/device.hpp"
#include "common/exit_codes.hpp"
#include "common/lesson.hpp"
#include "reduction/common/racecheck_log.hpp"

namespace gridlock::reduction {

struct WarpForm {
  std::string name;  // on the command line, in file names and in fact keys
  bool corrected;    // false: the documentation's form (or a variation of it); true: a corrected one
};

inline const WarpForm* find_form(const std::vector<WarpForm>& forms, const std::string& name) {
  for (const WarpForm& f : forms)
    if (f.name == name) return &f;
  return nullptr;
}

// Handles --list-forms, --list-sources and --form NAME (the only argument after the program when given).
// run_once(form) launches the form once and describes what it returned. Returns the exit code,
// or std::nullopt when the command line is for the shared options.
inline std::optional<int> handle_form_options(
    int argc, char** argv, const LessonIdentity& lesson, const std::vector<WarpForm>& forms,
    const std::function<std::string(const std::string&)>& run_once) {
  if (argc < 2) return std::nullopt;
  const std::string option = argv[1];
  if (option == "--list-forms") {
    for (const WarpForm& f : forms) std::printf("%s\n", f.name.c_str());
    return kExitOk;
  }
  if (option == "--list-sources") {
    std::fputs(sources::header_text(sources::kLessonSources).c_str(), stdout);
    return kExitOk;
  }
  if (option != "--form") return std::nullopt;
  if (argc != 3 || !find_form(forms, argv[2])) {
    std::string names;
    for (const WarpForm& f : forms) names += " " + f.name;
    std::fprintf(stderr, "%s: --form takes one of:%s\n", lesson.id, names.c_str());
    return kExitUsage;
  }
  std::string why;
  if (!open_device(&why)) {
    std::fprintf(stderr, "%s: no usable CUDA device (%s)\n", lesson.id, why.c_str());
    return kExitNoDevice;
  }
  std::printf("%s\n", form_run_line(lesson.id, argv[2], sources::kLessonSources.hash).c_str());
  try {
    std::printf("%s\n", run_once(argv[2]).c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", lesson.id, e.what());
    return kExitCheckFailed;
  }
  return kExitOk;
}

// The folder of the lesson whose kernels.cuh is at `source_path` inside the repository
// ("lessons/reduction/ID"), and that folder on this machine, given the path of a file in it as
// the compiler saw it (__FILE__ of the lesson's main.cu).
struct LessonFolder {
  std::string here, in_repository;
};
inline LessonFolder lesson_folder(const char* file_in_it, const LessonIdentity& lesson) {
  const std::string file = file_in_it, source = lesson.source_path;
  return {file.substr(0, file.rfind('/')), source.substr(0, source.rfind('/'))};
}

}  // namespace gridlock::reduction
