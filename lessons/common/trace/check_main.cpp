// gridlock-trace-check: validates trace files; optionally exports one to Perfetto JSON.
// Exit 0 when every file is valid, 1 when one is not, 2 on a usage error.
#include <cstdio>
#include <cstring>
#include <fstream>

#include "trace/trace.hpp"

namespace tr = gridlock::trace;

int main(int argc, char** argv) {
  const char* perfetto = nullptr;
  int files = 0, bad = 0;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--perfetto") == 0 && i + 1 < argc) {
      perfetto = argv[++i];
      continue;
    }
    if (argv[i][0] == '-') {
      std::fprintf(stderr, "usage: %s TRACE.json... [--perfetto OUT.json]\n", argv[0]);
      return 2;
    }
    ++files;
    try {
      tr::Trace t = tr::read_file(argv[i]);
      std::printf("%s: ok (%s, %zu steps, %zu claims, produced by %s)\n", argv[i],
                  t.lesson_id.c_str(), t.steps.size(), t.claims.size(),
                  tr::to_string(t.producer.kind));
      if (perfetto) {
        std::ofstream(perfetto) << tr::to_perfetto_json(t);
        std::printf("%s: timeline written to %s\n", argv[i], perfetto);
      }
    } catch (const tr::TraceError& e) {
      std::fprintf(stderr, "%s\n", e.what());
      ++bad;
    }
  }
  if (files == 0) {
    std::fprintf(stderr, "usage: %s TRACE.json... [--perfetto OUT.json]\n", argv[0]);
    return 2;
  }
  return bad ? 1 : 0;
}
