// reduction-ladder: every reduction lesson's plain kernel, reduce-fast, cub::DeviceReduce::Sum and
// the memory system's limits, timed in one run on the same input at 100,000,000 ints and at 2^28
// ints, each kernel at the configuration its sweep found fastest; the table is printed, and written
// as Markdown (--markdown) and as a trace of timings and facts (--json).
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/cuda_check.hpp"
#include "common/device.hpp"
#include "common/exit_codes.hpp"
#include "common/fresh_runs.hpp"
#include "common/kernel_timer.hpp"
#include "common/trace_path.hpp"
#include "lesson_info.hpp"
#include "reduction/common/bench_table.cuh"
#include "reduction/common/memory_system.cuh"
#include "reduction/common/reference.hpp"
#include "rungs.cuh"
#include "table.hpp"

namespace gridlock::ladder {
namespace {

constexpr int64_t kDocumentedN = 100000000, kLargeN = int64_t(1) << 28;
constexpr int kSweepRepetitions = 5;  // per candidate, after time_kernel's warm-up

struct Options {
  std::string markdown_path, json_path;
  uint64_t seed = 1;
  bool target_run = false;  // one more run of the targets' measurement only, for its parent
};

constexpr const char* kUsage =
    "usage: reduction-ladder [--markdown PATH] [--json PATH] [--seed N]\n"
    "  Times every reduction lesson's kernel, reduce-fast, cub::DeviceReduce::Sum, a read-only\n"
    "  streaming kernel and a device copy at 100,000,000 and 2^28 ints, on one input, in one run;\n"
    "  reduce-fast's targets are measured again in separate runs of this program (--target-run).\n";

std::optional<Options> parse(int argc, char** argv, int* exit_code) {
  Options o;
  *exit_code = kExitUsage;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--target-run") {
      o.target_run = true;
      continue;
    }
    if (arg == "--help" || arg == "-h") {
      std::printf("%s", kUsage);
      *exit_code = kExitOk;
      return std::nullopt;
    }
    if (i + 1 >= argc || (arg != "--markdown" && arg != "--json" && arg != "--seed")) {
      std::fprintf(stderr, "reduction-ladder: %s: unknown option or missing value\n%s", arg.c_str(), kUsage);
      return std::nullopt;
    }
    const std::string value = argv[++i];
    if (arg == "--seed") {
      if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos || value.size() > 18) {
        std::fprintf(stderr, "reduction-ladder: --seed %s: a non-negative whole number\n", value.c_str());
        return std::nullopt;
      }
      o.seed = std::stoull(value);
      continue;
    }
    const std::string problem = trace_path_problem(value);
    if (!problem.empty()) {
      std::fprintf(stderr, "reduction-ladder: %s %s: %s\n", arg.c_str(), value.c_str(), problem.c_str());
      return std::nullopt;
    }
    (arg == "--json" ? o.json_path : o.markdown_path) = value;
  }
  return o;
}

// The sweep: each candidate timed briefly, before any timed launch; the fastest is kept.
const Candidate& fastest(const Rung& rung, int64_t n) {
  const Candidate* best = nullptr;
  double best_ns = 0;
  for (const Candidate& c : rung.candidates) {
    const double ns = time_kernel(c.config, n, n * 4, kSweepRepetitions, c.launch).median_ns;
    if (!best || ns < best_ns) best = &c, best_ns = ns;
  }
  return *best;
}

std::string row_key(const std::string& lesson) {
  if (lesson == "reduce-fast") return "fast";
  return "r" + lesson.substr(1, lesson.find(' ') - 1);  // "R4 reduce-..." -> "r4"
}

// reduce-fast's target measurement at one size: reduce-fast (at `config`) and CUB side by side in
// rounds, so that a clock that drifts falls on both, each ratio once per round. Each round reads
// its own copy of the input, kept until the end: where the memory lies (which pages, which
// channels) moves the throughput by a fraction of a percent, and one buffer shows one placement.
struct TargetRounds {
  std::vector<double> vs_cub, of_peak;  // per round: CUB's time over reduce-fast's; GB/s over the peak
};

TargetRounds target_rounds(const int* in, int n, int sm_count, Buffers& buffers, const std::string& config,
                           double peak_gbs) {
  TargetRounds out;
  DeviceBuffer<int> cub_out(1);
  std::vector<std::unique_ptr<DeviceBuffer<int>>> copies;
  for (int round = 0; round < kTargetRounds; ++round) {
    copies.push_back(std::make_unique<DeviceBuffer<int>>(size_t(n)));
    const int* copy = copies.back()->get();
    CUDA_CHECK(cudaMemcpy(copies.back()->get(), in, size_t(n) * sizeof(int), cudaMemcpyDeviceToDevice));
    for (const Rung& rung : rungs(copy, n, sm_count, buffers)) {
      if (row_key(rung.lesson) != "fast") continue;
      const auto same = std::find_if(rung.candidates.begin(), rung.candidates.end(),
                                     [&](const Candidate& c) { return c.config == config; });
      const double fast_ns =
          time_kernel(rung.kernel, n, int64_t(n) * 4, red::repetitions_for(n), same->launch).median_ns;
      const double cub_ns = red::time_cub_sum(copy, cub_out.get(), n).median_ns;
      out.vs_cub.push_back(cub_ns / fast_ns);
      out.of_peak.push_back(double(n) * 4 / fast_ns / peak_gbs);
    }
  }
  return out;
}

// One size: the sweeps, then every kernel at its best configuration, CUB, the read-only kernel and
// the copy, one after the other on in[0..n); then reduce-fast and CUB again in rounds, for the
// targets.
SizeTable time_size(const int* in, int n, int expected, int sm_count, double peak_gbs) {
  Buffers buffers(sm_count);
  const std::vector<Rung> all = rungs(in, n, sm_count, buffers);
  std::vector<const Candidate*> best;
  for (const Rung& rung : all) {
    best.push_back(&fastest(rung, n));
    std::printf("  n=%d: %s: swept %zu configurations, fastest %s\n", n, rung.lesson.c_str(),
                rung.candidates.size(), best.back()->config.c_str());
    std::fflush(stdout);
  }
  SizeTable s;
  s.n = n;
  for (size_t i = 0; i < all.size(); ++i) {
    Row r{row_key(all[i].lesson), all[i].lesson, best[i]->config, RowKind::reduction};
    r.timing = time_kernel(all[i].kernel, n, int64_t(n) * 4, red::repetitions_for(n), best[i]->launch);
    r.exact = all[i].result() == expected;
    s.rows.push_back(r);
  }
  DeviceBuffer<int> cub_out(1);
  Row cub{"cub", "cub::DeviceReduce::Sum", "CUB's own", RowKind::baseline};
  cub.timing = red::time_cub_sum(in, cub_out.get(), n);
  cub.exact = cub_out.download_one() == expected;
  s.rows.push_back(cub);
  Row read_only{"read_only", "read-only streaming kernel", grid_text(8 * sm_count, 256) + ", int4 loads",
                RowKind::memory};
  read_only.timing = red::time_read_only(in, n, sm_count);
  s.rows.push_back(read_only);
  Row copy{"copy", "cudaMemcpyAsync device to device", "read + write counted", RowKind::memory};
  copy.timing = red::time_device_copy(in, n);
  s.rows.push_back(copy);
  const size_t fast =
      size_t(std::find_if(all.begin(), all.end(), [](const Rung& r) { return row_key(r.lesson) == "fast"; }) -
             all.begin());
  if (fast < all.size()) {
    const TargetRounds t = target_rounds(in, n, sm_count, buffers, best[fast]->config, peak_gbs);
    s.fast_vs_cub = measured_ratio(t.vs_cub);
    s.fast_of_peak = measured_ratio(t.of_peak);
  }
  return s;
}

// --target-run: the targets' measurement alone (reduce-fast's sweep, then target_rounds), one
// "target-run N VS_CUB OF_PEAK" line per size, each the median of its rounds.
int target_run(const int* in, int sm_count, double peak_gbs) {
  for (int64_t n : {kDocumentedN, kLargeN}) {
    Buffers buffers(sm_count);
    for (const Rung& rung : rungs(in, int(n), sm_count, buffers)) {
      if (row_key(rung.lesson) != "fast") continue;
      const TargetRounds t = target_rounds(in, int(n), sm_count, buffers, fastest(rung, n).config, peak_gbs);
      std::printf("target-run %lld %.9f %.9f\n", static_cast<long long>(n), measured_ratio(t.vs_cub).median,
                  measured_ratio(t.of_peak).median);
    }
  }
  return kExitOk;
}

// Run to run: rounds in one run share its process, its allocations and its moment, and a ratio
// near a threshold moved between runs by more than their spread. So the targets are measured again
// in kTargetRuns - 1 fresh runs of this program, one after the other; each run's median of its
// rounds is one sample, this run's first, and the targets are decided on their spread.
void targets_run_to_run(Ladder& ladder, const Options& o) {
  std::map<int64_t, RunSamples> runs;  // a: CUB's time over reduce-fast's; b: of the peak
  for (const SizeTable& s : ladder.sizes) {
    runs[s.n].a.push_back(s.fast_vs_cub.median);
    runs[s.n].b.push_back(s.fast_of_peak.median);
  }
  std::printf("  targets: %d more runs, each in a fresh process\n", kTargetRuns - 1);
  std::fflush(stdout);
  add_fresh_run_samples(runs, kTargetRuns - 1, "--target-run --seed " + std::to_string(o.seed),
                        "target-run ");
  for (SizeTable& s : ladder.sizes) {
    s.fast_vs_cub = measured_ratio(runs[s.n].a);
    s.fast_of_peak = measured_ratio(runs[s.n].b);
  }
}

std::string utc_now() {
  std::time_t now = std::time(nullptr);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return text;
}

trace::Trace ladder_trace(const Ladder& ladder, const trace::Device& device, const Options& o) {
  trace::Trace t;
  t.lesson_id = kLesson.id;
  t.lesson_title = kLesson.title;
  t.technique = kLesson.technique;
  t.producer.kind = trace::ProducerKind::gpu;
  t.producer.devices = {device};
  t.producer.program = kLesson.id;
  t.producer.recorded_at = utc_now();
  t.clock.source = "CUDA events";
  t.clock.origin = "none: the trace holds timings, not events";
  t.parameters = {{"seed", double(o.seed)}, {"sweep_repetitions", double(kSweepRepetitions)}};
  t.sources = {{kLesson.source_path, kLesson.source_text, trace::source_hash(kLesson.source_text)}};
  add_to_trace(ladder, t);
  t.exit_code = ladder.all_exact() ? kExitOk : kExitCheckFailed;
  return t;
}

int run(const Options& o) {
  std::string why;
  const std::optional<trace::Device> device = open_device(&why);
  if (!device) {
    std::fprintf(stderr, "reduction-ladder: no usable CUDA device (%s)\n", why.c_str());
    return kExitNoDevice;
  }
  std::printf("Generating %lld ints (seed %llu); the 10^8 run reads the first 10^8 of them.\n",
              static_cast<long long>(kLargeN), static_cast<unsigned long long>(o.seed));
  std::fflush(stdout);
  const std::vector<int> host = red::input_for<red::Sum>(kLargeN, o.seed);
  const DeviceBuffer<int> in(host);
  Ladder ladder;
  ladder.peak_gbs = red::peak_bandwidth_gbs();
  if (o.target_run) return target_run(in.get(), device->sm_count, ladder.peak_gbs);
  for (int64_t n : {kDocumentedN, kLargeN})
    ladder.sizes.push_back(time_size(in.get(), int(n), red::cpu_reduce<red::Sum>(host, size_t(n)),
                                     device->sm_count, ladder.peak_gbs));
  targets_run_to_run(ladder, o);
  for (const LeftOut& l : left_out()) ladder.left_out.push_back({l.lesson, l.reason});
  std::printf("%s", text_table(ladder).c_str());
  if (!o.markdown_path.empty()) {
    trace::write_file_atomically(o.markdown_path, markdown_table(ladder));
    std::printf("table written to %s\n", o.markdown_path.c_str());
  }
  const trace::Trace t = ladder_trace(ladder, *device, o);
  if (!o.json_path.empty()) {
    trace::write_file(t, o.json_path);
    std::printf("trace written to %s\n", o.json_path.c_str());
  }
  if (!ladder.all_exact())
    std::fprintf(stderr, "reduction-ladder: CHECK FAILED: a sum differs from the CPU's\n");
  return t.exit_code;
}

}  // namespace
}  // namespace gridlock::ladder

int main(int argc, char** argv) {
  int exit_code = gridlock::kExitOk;
  const std::optional<gridlock::ladder::Options> options = gridlock::ladder::parse(argc, argv, &exit_code);
  if (!options) return exit_code;
  try {
    return gridlock::ladder::run(*options);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "reduction-ladder: %s\n", e.what());
    return gridlock::kExitCheckFailed;
  }
}
