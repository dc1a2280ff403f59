// reduce-multi-gpu (RM): one sum over two GPUs from the chapter's parts (reduce-fast on each GPU,
// a partial handed over and ordered by an event, cudaStreamWaitEvent, one CUDA graph), checked for
// exactness, recorded on one clock beside NCCL's calls, and with --bench timed on the host against
// one GPU and against NCCL over a sweep of sizes, every form on the way to the lesson's beside it. With one
// GPU it runs the single-GPU part and says what it skipped.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench.cuh"
#include "common/device.hpp"
#include "common/largest_n.hpp"
#include "common/lesson.hpp"
#include "common/units.hpp"
#include "lesson_info.hpp"
#include "record_steps.cuh"
#include "reduction/common/exact_runs.hpp"

namespace rm {

// RM's claims, declared once. The technique goes beyond the documents, so these are the targets
// the lesson sets itself, each measured in the run.

inline constexpr gridlock::ClaimSpec kExact{
    "RM.exact",
    "Two GPUs, each summing its half with reduce-fast, GPU 1's partial written into GPU 0's memory by its "
    "last "
    "block and ordered by an event and cudaStreamWaitEvent, and one addition on GPU 0, the whole captured as "
    "one CUDA graph, give the exact sum (wrapping at 32 bits) for any n."};
inline constexpr gridlock::ClaimSpec kNcclExact{
    "RM.nccl-exact",
    "From the same partials, ncclAllReduce leaves the exact sum on both GPUs and ncclReduce on GPU 0 (one "
    "communicator per GPU in one process)."};
inline constexpr gridlock::ClaimSpec kSpeedUp{
    "RM.speed-up",
    "At the sweep's largest size (2^28 ints per GPU by default) the two-GPU sum is at least 1.9 times as "
    "fast as reduce-fast on one GPU over the same ints, each timed on the host from before the first launch "
    "to the sum readable on the host, in the same run."};
inline constexpr gridlock::ClaimSpec kAgainstNccl{
    "RM.against-nccl",
    "At every size of the sweep the two-GPU sum takes no more time than the same shares combined by "
    "ncclAllReduce or by ncclReduce, each timed the same way in the same run."};

}  // namespace rm

namespace {

namespace red = gridlock::reduction;
using gridlock::LessonRun;

const std::vector<std::string> kVariants = {"peer", "through-host"};

#if !GRIDLOCK_HAVE_NCCL
constexpr const char* kNoNccl = "the lesson was built without NCCL (" GRIDLOCK_NCCL_REASON
                                "): configure with GRIDLOCK_NCCL_ROOT=<folder with "
                                "include/nccl.h and lib/libnccl.so*>";
#endif

rf::Config config_of(const LessonRun& run) { return {run.options().block, rf::Config{}.in_flight, 2}; }

void one_gpu_only(LessonRun& run, int devices, const std::vector<int>& input) {
  const std::string why = "this machine has " + std::to_string(devices) +
                          " GPU; the claim needs two (the lesson runs it when two are present)";
  std::printf(
      "Only one GPU: the two-GPU sum, the crossing of the partial, NCCL and the two-GPU columns of the "
      "sweep are skipped; reduce-fast runs over the whole input on GPU 0.\n");
  for (const gridlock::ClaimSpec& c : {rm::kExact, rm::kNcclExact, rm::kSpeedUp, rm::kAgainstNccl})
    run.claim_not_observable(c, why);
  const rf::Config c = config_of(run);
  const int expected = red::cpu_reduce<red::Sum>(input);
  if (rf::sum_on_gpu(c, run.device().sm_count, input) != expected) run.check_failed("one GPU's sum is wrong");
  rm::RecordedRun r;
  r.device_names = {run.device().name};
  r.n = int64_t(input.size());
  r.block = c.block;
  rm::record_one_gpu(run, c, input, r);
  rm::build_steps(run, r);
  if (run.options().bench)
    for (int64_t n : rm::sweep_sizes(int(run.options().parameter("largest-log2")))) {
      const std::vector<int> in = red::input_for<red::Sum>(n, run.options().seed);
      const gridlock::trace::Timing t = rm::time_one_gpu(run, c, in, red::cpu_reduce<red::Sum>(in));
      run.trace().timings.push_back(t);
      std::printf("  one GPU, n=%lld: %s, %.0f GB/s\n", static_cast<long long>(n),
                  rm::us_tenths(t.median_ns).c_str(), t.gbytes_per_s());
    }
}

// Exact at awkward sizes (GPU 0's half empty, tails of 1 to 3 ints) and at the run's n.
void check_exact(LessonRun& run, const rm::BenchSetup& b) {
  std::string measured;
  bool all = true;
  for (int64_t n : {int64_t(1), int64_t(3), int64_t(7), int64_t(1021), int64_t(262147), run.options().n}) {
    const red::ExactRuns r = red::exact_runs<red::Sum>(run.options(), n, [&](const std::vector<int>& input) {
      rm::TwoGpus g(input, b.grid[0], b.grid[1], b.route, b.gpu0_share);
      return g.sum(b.config);
    });
    measured += (measured.empty() ? "" : "; ") + ("n=" + std::to_string(n) + ": " + r.text());
    all = all && r.all();
  }
  run.claim(rm::kExact, all, measured + " (fresh random input per run)");
  if (!all) run.check_failed("a two-GPU sum differs from the CPU reference");
}

#if GRIDLOCK_HAVE_NCCL
void check_nccl_exact(LessonRun& run, const rm::BenchSetup& b, rm::TwoGpus& g, int expected) {
  rm::Share<false> s[2];
  g.shares(s);
  int* results[2] = {g.part(0).nccl_result.get(), g.part(1).nccl_result.get()};
  std::string measured;
  bool all = true;
  for (bool all_reduce : {true, false}) {
    for (int d = 0; d < 2; ++d) rm::gs::on_device(d, [&] { g.part(d).nccl_result.upload({0}); });
    rm::sum_with_nccl<false>(b.config, s, b.nccl->get(), results, all_reduce);
    int got[2];
    for (int d = 0; d < 2; ++d)
      got[d] = rm::gs::on_device(d, [&] {
        CUDA_CHECK(cudaStreamSynchronize(s[d].stream));
        return g.part(d).nccl_result.download_one();
      });
    const bool ok = got[0] == expected && (!all_reduce || got[1] == expected);
    all = all && ok;
    measured += std::string(measured.empty() ? "" : "; ") + (all_reduce ? "ncclAllReduce" : "ncclReduce") +
                ": GPU 0 " + std::to_string(got[0]) + (all_reduce ? ", GPU 1 " + std::to_string(got[1]) : "");
  }
  run.claim(rm::kNcclExact, all,
            measured + "; CPU " + std::to_string(expected) + " (n=" + std::to_string(run.options().n) +
                ", NCCL_NVLS_ENABLE=" + std::getenv("NCCL_NVLS_ENABLE") + ")");
  if (!all) run.check_failed("NCCL's sum differs from the CPU reference");
}
#endif

// NCCL's two ways to combine the shares, as the sweep times them.
struct NcclForm {
  const char* name;
  double (*ahead)(const rm::SweepRow&);  // how many times as fast the lesson's two-GPU sum is
  rm::Column column;
};
constexpr NcclForm kNcclForms[] = {{"ncclAllReduce", rm::ahead_of_all_reduce, rm::kAllReduce},
                                   {"ncclReduce", rm::ahead_of_reduce, rm::kReduce}};

// The sweep, every size in kRounds rounds. A ratio whose median lies within its rounds' spread of
// the target decides nothing: its verdict reads not observable.
void bench(LessonRun& run, const rm::BenchSetup& b) {
  constexpr int kRounds = 5;
  constexpr double kTargetSpeedUp = 1.9;
  std::vector<rm::SweepSize> sizes;
  std::vector<rm::SweepRow> shown;
  const std::vector<int64_t> all = rm::sweep_sizes(int(run.options().parameter("largest-log2")));
  for (int64_t n : all) {
    sizes.push_back(rm::sweep_size(run, b, n, kRounds, n == all.back()));
    shown.push_back(sizes.back().median_round());
  }
  rm::print_sweep(shown);
  run.trace().facts["timing.method"] =
      "the host's steady_clock from before the first launch to the sum readable on the host; " +
      std::to_string(rm::kRepetitions) + " runs after " + std::to_string(rm::kWarmUps) + " warm-ups";
  run.trace().facts["bench.ladder"] = rm::ladder_text(shown.back());
  run.trace().facts["bench.ladder_smallest"] = rm::ladder_text(shown.front());
  run.trace().facts["bench.without_event"] =
      rm::without_event_text(sizes.front()) + "; " + rm::without_event_text(sizes.back());
  std::printf("\nWhat each change bought:\n  %s\n  %s\nWithout the event: %s\n",
              run.trace().facts["bench.ladder_smallest"].c_str(), run.trace().facts["bench.ladder"].c_str(),
              run.trace().facts["bench.without_event"].c_str());
  const rm::SweepRow& top = shown.back();
  const gridlock::MeasuredRatio speed_up = sizes.back().ratio(rm::speed_up);
  const double one = std::min(top.t[rm::kOneGpu].median_ns, top.t[rm::kOneGpuToHost].median_ns);
  const std::string text = "n=" + std::to_string(top.n) + ": one GPU " + rm::us_tenths(one) + ", two GPUs " +
                           rm::us_tenths(top.t[rm::kTechnique].median_ns) + ": " +
                           gridlock::ratio_with_spread(speed_up) + " as fast (median of " +
                           std::to_string(kRounds) + " rounds)";
  run.trace().facts["bench.speed_up"] = text;
  if (gridlock::within_noise(speed_up, kTargetSpeedUp))
    run.claim_not_observable(rm::kSpeedUp,
                             gridlock::within_noise_reason(speed_up, kTargetSpeedUp) + "; " + text);
  else
    run.claim(rm::kSpeedUp, speed_up.median >= kTargetSpeedUp, text);
  if (!top.ran(rm::kAllReduce)) {
#if !GRIDLOCK_HAVE_NCCL
    run.claim_not_observable(rm::kAgainstNccl, kNoNccl);
#endif
    return;
  }
  // "No more time than NCCL": the two-GPU sum at least 1.0 times as fast as each.
  std::string measured, noisy;
  bool slower = false;
  for (size_t k = 0; k < sizes.size(); ++k) {
    const rm::SweepRow& r = shown[k];
    measured += (measured.empty() ? "" : "; ") +
                ("n=" + std::to_string(r.n) + ": " + rm::us_tenths(r.t[rm::kTechnique].median_ns));
    for (const NcclForm& nccl : kNcclForms) {
      const gridlock::MeasuredRatio m = sizes[k].ratio(nccl.ahead);
      measured += std::string(&nccl == kNcclForms ? " vs " : ", ") + nccl.name + " " +
                  rm::us_tenths(r.t[nccl.column].median_ns) + " (" + gridlock::ratio_with_spread(m) +
                  " as fast)";
      if (gridlock::within_noise(m, 1.0))
        noisy = "n=" + std::to_string(r.n) + " against " + nccl.name + ": " +
                gridlock::within_noise_reason(m, 1.0);
      else
        slower = slower || m.median < 1.0;
    }
  }
  measured += " (median of " + std::to_string(kRounds) + " rounds)";
  if (!slower && !noisy.empty())
    run.claim_not_observable(rm::kAgainstNccl, noisy + "; " + measured);
  else
    run.claim(rm::kAgainstNccl, !slower, measured);
}

// Splits every input so that both GPUs' kernels take the same time (rm::balance_shares).
void balance(LessonRun& run, rm::BenchSetup& b) {
  const int log2 = int(run.options().parameter("largest-log2"));
  const rm::Balance measured =
      rm::balance_shares(b.config, b.grid, red::input_for<red::Sum>(int64_t(1) << log2, run.options().seed));
  b.gpu0_share = measured.gpu0_share;
  char share[32];
  std::snprintf(share, sizeof share, "%.2f%%", 100 * measured.gpu0_share);
  const std::string split = "GPU 0 sums " + std::string(share) + " of the ints: 2^" + std::to_string(log2) +
                            " ints took " + rm::us_tenths(measured.ns[0]) + " on GPU 0 and " +
                            rm::us_tenths(measured.ns[1]) + " on GPU 1 (reduce-fast, median of 20)";
  std::printf("The split: %s.\n", split.c_str());
  run.trace().facts["split"] = split;
}

void two_gpus(LessonRun& run, const std::vector<int>& input) {
  std::string why;
  const std::optional<gridlock::trace::Device> second = gridlock::describe_device(1, &why);
  if (!second) throw std::runtime_error("GPU 1: " + why);
  run.trace().producer.devices.push_back(*second);
  rm::BenchSetup b;
  b.config = config_of(run);
  b.grid[0] = b.config.grid(run.device().sm_count);
  b.grid[1] = b.config.grid(second->sm_count);
  const bool peer = rm::enable_peer_access(0, 1);
  b.route = peer && run.options().variant != "through-host" ? rm::Route::peer : rm::Route::host;
  const std::string route =
      b.route == rm::Route::peer
          ? "peer to peer: GPU 1's last block writes it into GPU 0's memory (peer access enabled both ways)"
      : peer ? "through pinned host memory (--variant through-host; the GPUs have peer access)"
             : "through pinned host memory: the GPUs have no peer access";
  std::printf("GPU 1's partial travels %s.\n", route.c_str());
  run.trace().facts["route"] = route;
  balance(run, b);
  check_exact(run, b);
  const int expected = red::cpu_reduce<red::Sum>(input);
  rm::TwoGpus g(input, b.grid[0], b.grid[1], b.route, b.gpu0_share);
#if GRIDLOCK_HAVE_NCCL
  rm::NcclComms comms;
  b.nccl = &comms;
  std::printf("NCCL runs with NCCL_NVLS_ENABLE=%s (NVLink SHARP off).\n", std::getenv("NCCL_NVLS_ENABLE"));
  run.trace().facts["nccl.nvls"] = std::string("NCCL_NVLS_ENABLE=") + std::getenv("NCCL_NVLS_ENABLE");
  check_nccl_exact(run, b, g, expected);
#else
  std::printf("NCCL: %s.\n", kNoNccl);
  run.claim_not_observable(rm::kNcclExact, kNoNccl);
#endif
  rm::RecordedRun r;
  for (const gridlock::trace::Device& d : run.trace().producer.devices) r.device_names.push_back(d.name);
  r.n = int64_t(input.size());
  r.block = b.config.block;
  const rm::Clocks clocks = rm::measure_clocks(2);
  rm::record_event_path(run, b.config, g, clocks, rm::lesson_form(b.route), r);
  if (r.total != expected) run.check_failed("the recorded two-GPU sum is wrong");
#if GRIDLOCK_HAVE_NCCL
  for (bool all_reduce : {true, false})
    r.nccl.push_back(rm::record_nccl(run, b.config, g, comms, all_reduce, clocks));
#endif
  rm::describe_two_gpu_clock(run, clocks);
  rm::build_steps(run, r);
  if (run.options().bench) {
    bench(run, b);
  } else {
    for (const gridlock::ClaimSpec& c : {rm::kSpeedUp, rm::kAgainstNccl})
      run.claim_not_observable(c, "a performance claim: run with --bench to time the sweep");
  }
}

}  // namespace

int main(int argc, char** argv) {
  gridlock::LessonDefaults defaults;
  defaults.options = {"",         /*n=*/1 << 24, /*block=*/1024, /*grid=*/1,
                      /*seed=*/1, /*runs=*/20,   /*bench=*/false};
  defaults.min_block = 256;  // reduce-fast's blocks: 256, 512 or 1024 threads
  // Up to the sweep's largest size, 2^29 ints, which the sweep sums on one GPU as well (the shipped
  // traces are recorded there): reduce-fast takes its count as an int, which holds it.
  gridlock::raise_largest_n(int64_t(1) << 29);
  defaults.variants = kVariants;
  defaults.parameters = {
      {"largest-log2", "The sweep's largest size (--bench): 2^this ints per GPU", 28, 20, 29}};
  return gridlock::run_lesson(argc, argv, kLesson, defaults, [](LessonRun& run) {
    if (run.options().grid != 1)
      std::printf(
          "note: each grid is sized from its GPU's SM count (2 blocks per SM); --grid %d is ignored\n",
          run.options().grid);
    int devices = 0;
    CUDA_CHECK(cudaGetDeviceCount(&devices));
    const std::vector<int> input = red::input_for<red::Sum>(run.options().n, run.options().seed);
    if (devices < 2 && run.options().variant == "through-host")
      throw gridlock::NotOnThisMachine(
          "--variant through-host records the two-GPU run, and this machine has one GPU");
    if (devices < 2)
      one_gpu_only(run, devices, input);
    else
      two_gpus(run, input);
  });
}
