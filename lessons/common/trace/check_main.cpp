// gridlock-trace-check: validates trace files and checks that what they record respects what the
// hardware guarantees (check_truth); optionally exports one to Perfetto JSON.
//   gridlock-trace-check TRACE.json... [--perfetto OUT.json]
// Exit 0 when every file is valid and truthful, 1 when one is not (or the export fails), 2 on a
// usage error.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "trace/trace.hpp"

namespace tr = gridlock::trace;

namespace {

int usage(const char* program, const char* why) {
  std::fprintf(stderr, "%s: %s\nusage: %s TRACE.json... [--perfetto OUT.json]\n", program, why, program);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string perfetto;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--perfetto") == 0) {
      if (i + 1 >= argc) return usage(argv[0], "--perfetto needs an output path");
      perfetto = argv[++i];
    } else if (argv[i][0] == '-') {
      return usage(argv[0], (std::string("unknown option ") + argv[i]).c_str());
    } else {
      files.push_back(argv[i]);
    }
  }
  if (files.empty()) return usage(argv[0], "no trace file given");
  if (!perfetto.empty() && files.size() != 1) return usage(argv[0], "--perfetto exports one trace at a time");

  int bad = 0;
  for (const std::string& file : files) {
    try {
      tr::Trace t = tr::read_file(file);
      const std::vector<std::string> problems = tr::check_truth(t);
      for (const std::string& p : problems) std::fprintf(stderr, "%s: %s\n", file.c_str(), p.c_str());
      if (!problems.empty()) {
        ++bad;
        continue;
      }
      std::printf("%s: ok (%s, version %d, %zu steps, %zu claims, produced by %s)\n", file.c_str(),
                  t.lesson_id.c_str(), t.version_read, t.steps.size(), t.claims.size(),
                  tr::to_string(t.producer.kind));
      if (perfetto.empty()) continue;
      tr::write_file_atomically(perfetto, tr::to_perfetto_json(t));
      std::printf("%s: timeline written to %s (open it in ui.perfetto.dev)\n", file.c_str(),
                  perfetto.c_str());
    } catch (const tr::TraceError& e) {
      std::fprintf(stderr, "%s\n", e.what());
      ++bad;
    }
  }
  return bad ? 1 : 0;
}
