// gridlock-readme: keeps the generated blocks of lesson READMEs equal to the code and traces they
// quote (README.md beside this file lists the markers).
//   gridlock-readme --check README.md...    exit 0 all current, 1 a problem, 2 usage error
//   gridlock-readme --update README.md...   rewrites the blocks in place
//   --chapter: the READMEs are a chapter's, not a lesson's: their blocks only, no lesson outline
//   --index FILE: the lesson index (build/lesson-index.txt) that lessons blocks are written from
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "docs/readme.hpp"
#include "trace/lesson_index.hpp"

namespace docs = gridlock::docs;

namespace {

constexpr const char* kUsage =
    "usage: %s (--check | --update) [--chapter] [--index LESSON_INDEX] README.md...\n";

int usage(const char* program, const std::string& why) {
  std::fprintf(stderr, "%s: %s\n", program, why.c_str());
  std::fprintf(stderr, kUsage, program);
  return 2;
}

void report(const std::string& file, const docs::Outcome& outcome, bool update) {
  for (const docs::Problem& p : outcome.problems) {
    const std::string where = p.line > 0 ? file + ":" + std::to_string(p.line) : file;
    std::fprintf(stderr, "%s: %s\n", where.c_str(), p.message.c_str());
  }
  if (!outcome.problems.empty()) return;
  const char* what = !update ? "ok" : outcome.rewritten ? "updated" : "up to date";
  std::printf("%s: %s (%d generated blocks)\n", file.c_str(), what, outcome.blocks);
}

// The lessons of the index at `path`; false with *why when it cannot be read or has a bad line.
bool read_index(const std::string& path, std::vector<gridlock::trace::LessonEntry>* lessons,
                std::string* why) {
  std::ifstream in(path);
  if (!in) {
    *why = "cannot read the lesson index " + path;
    return false;
  }
  std::vector<std::string> problems;
  *lessons =
      gridlock::trace::parse_lesson_index(in, std::filesystem::path(path).parent_path().string(), problems);
  if (!problems.empty()) {
    *why = path + ": " + problems.front();
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::string mode;
  docs::Outline outline = docs::Outline::lesson;
  std::vector<std::string> files;
  std::vector<gridlock::trace::LessonEntry> lessons;
  bool have_index = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::printf(kUsage, argv[0]);
      return 0;
    }
    if (arg == "--chapter") {
      outline = docs::Outline::chapter;
    } else if (arg == "--index") {
      if (i + 1 == argc) return usage(argv[0], "--index needs a file");
      std::string why;
      if (!read_index(argv[++i], &lessons, &why)) return usage(argv[0], why);
      have_index = true;
    } else if (arg == "--check" || arg == "--update") {
      if (!mode.empty() && mode != arg) return usage(argv[0], "--check and --update exclude each other");
      mode = arg;
    } else if (!arg.empty() && arg[0] == '-') {
      return usage(argv[0], "unknown option " + arg);
    } else {
      files.push_back(arg);
    }
  }
  if (mode.empty()) return usage(argv[0], "say --check or --update");
  if (files.empty()) return usage(argv[0], "no README given");

  const bool update = mode == "--update";
  int failed = 0;
  for (const std::string& file : files) {
    const std::vector<gridlock::trace::LessonEntry>* index = have_index ? &lessons : nullptr;
    const docs::Outcome outcome =
        update ? docs::update_readme(file, index) : docs::check_readme(file, outline, index);
    report(file, outcome, update);
    failed += !outcome.problems.empty();
  }
  return failed ? 1 : 0;
}
