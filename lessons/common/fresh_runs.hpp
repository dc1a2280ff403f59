// Run to run: rounds inside one run share its process, its allocations and its moment, and a ratio
// near a threshold can move between runs of a program by more than the rounds' spread. A
// measurement repeated in fresh processes of the same program samples what moves between runs.
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace gridlock {

// Runs this program again `runs` times, one after the other, with `arguments` (words without
// quotes), and returns the lines of their standard output that begin with `tag`, in order. A run
// that cannot start or that fails throws std::runtime_error.
inline std::vector<std::string> fresh_run_lines(int runs, const std::string& arguments,
                                                const std::string& tag) {
  const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  const std::string command = "'" + self + "' " + arguments;
  std::vector<std::string> lines;
  for (int run = 0; run < runs; ++run) {
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) throw std::runtime_error("cannot start " + command);
    char line[512];
    while (std::fgets(line, sizeof line, pipe))
      if (std::string(line).rfind(tag, 0) == 0) lines.push_back(line);
    if (pclose(pipe) != 0) throw std::runtime_error(command + " failed");
  }
  return lines;
}

// Two measurements per size from a run: the lines "TAG N A B".
struct RunSamples {
  std::vector<double> a, b;  // one per run, in the order the runs were made
};

// fresh_run_lines' lines "TAG N A B" (e.g. "bench-run 268435456 1.018 0.918"), by size N, added
// after the samples already in `samples` (the calling run's own, first).
inline void add_fresh_run_samples(std::map<int64_t, RunSamples>& samples, int runs,
                                  const std::string& arguments, const std::string& tag) {
  const std::string format = tag + "%lld %lf %lf";
  for (const std::string& line : fresh_run_lines(runs, arguments, tag)) {
    long long n = 0;
    double a = 0, b = 0;
    if (std::sscanf(line.c_str(), format.c_str(), &n, &a, &b) != 3) continue;
    samples[n].a.push_back(a);
    samples[n].b.push_back(b);
  }
}

}  // namespace gridlock
