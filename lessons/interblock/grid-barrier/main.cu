// grid-barrier (G0): can all blocks of one launch wait for each other? A barrier written by hand
// over a global counter, on grids that fit the GPU and on grids one wave too large (bounded by
// the watchdog), against a cooperative launch's grid-wide sync and its residency limit. Records
// one run of the chosen variant block by block: who waited, who never started, who passed.
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "common/bounded_launch.hpp"
#include "common/device_buffer.hpp"
#include "common/lesson.hpp"
#include "common/watchdog_limit.hpp"
#include "interblock/common/residency.hpp"
#include "kernels.cuh"
#include "lesson_info.hpp"

namespace g0 {

// G0: the inter-block chapter's opening claim (TECHNIQUES.md, "Inter-block communication"),
// declared once, and the two halves it is measured by.

inline constexpr gridlock::ClaimSpec kNoSafeWay{
    "G0.no-safe-grid-sync",
    "Blocks run semi-independently: there is no safe way to synchronise all of them inside one launch."};
inline constexpr gridlock::ClaimSpec kSpinFits{
    "G0.spin-barrier-fits",
    "A barrier written by hand over a counter in global memory completes while every block of the grid is "
    "resident (measured here, not a claim of the document)."};
inline constexpr gridlock::ClaimSpec kSpinTooLarge{"G0.spin-barrier-too-large",
                                                   "The same barrier cannot complete when the grid is larger "
                                                   "than the GPU holds at once (measured here, not a "
                                                   "claim of the document)."};
inline constexpr gridlock::ClaimSpec kCooperative{
    "G0.cooperative-grid-sync",
    "A cooperative launch's this_grid().sync() synchronises every block, up to the residency limit the "
    "device "
    "reports, and a larger cooperative launch is refused, not hung (today's CUDA, not in the document)."};

// G0's launches: the spin-barrier kernel in an ordinary launch, bounded by the watchdog, and the
// grid-sync kernel in a cooperative launch, which the runtime may refuse; and the residency limit
// each one has on this GPU.

// The variants: the spin barrier on a grid that fits, on one block more than fits, and the
// cooperative launch's grid sync on the largest grid it accepts.
inline const std::vector<std::string> kVariants = {"spin-fits", "spin-too-large", "cooperative"};

// How long a spin barrier may wait: a barrier of resident blocks takes microseconds.
constexpr std::chrono::milliseconds kSpinLimit{200};

// The largest grids of `block` threads this GPU holds at once, per kernel.
inline int spin_limit_blocks(int block, int sm_count) {
  return gridlock::interblock::resident_blocks(exchange_with_spin_barrier<false>, block, sm_count);
}
inline int cooperative_limit_blocks(int block, int sm_count) {
  return gridlock::interblock::resident_blocks(exchange_with_grid_sync<false>, block, sm_count);
}

// What one launch did: how many blocks read their neighbour's value right, whether the watchdog had
// to stop it, or the error a cooperative launch was refused with.
struct Exchange {
  int right = 0;
  bool stopped = false;
  cudaError_t refused = cudaSuccess;
  float ms = 0;
};

inline int right_reads(const gridlock::DeviceBuffer<int>& seen) {
  const std::vector<int> got = seen.download();
  int right = 0;
  for (size_t b = 0; b < got.size(); ++b) right += got[b] == value_of(int((b + 1) % got.size()));
  return right;
}

// One ordinary launch of the spin-barrier kernel (recorded or plain), bounded by the watchdog.
template <bool Record>
Exchange spin_exchange(int grid, int block, gridlock::EventRecorder<Record> rec) {
  gridlock::DeviceBuffer<int> values(static_cast<size_t>(grid)), seen(static_cast<size_t>(grid));
  gridlock::DeviceBuffer<unsigned> arrived(std::vector<unsigned>{0u});
  seen.poison();
  Exchange e;
  const gridlock::BoundedRun run = gridlock::bounded_launch(kSpinLimit, [&](const volatile int* abort) {
    exchange_with_spin_barrier<Record><<<grid, block>>>(values.get(), seen.get(), arrived.get(), abort, rec);
  });
  e.stopped = run.stopped;
  e.ms = run.ms;
  e.right = right_reads(seen);
  return e;
}

// One cooperative launch of the grid-sync kernel (recorded or plain); a refused launch runs nothing.
template <bool Record>
Exchange cooperative_exchange(int grid, int block, gridlock::EventRecorder<Record> rec) {
  gridlock::DeviceBuffer<int> values(static_cast<size_t>(grid)), seen(static_cast<size_t>(grid));
  seen.poison();
  int* values_ptr = values.get();
  int* seen_ptr = seen.get();
  void* args[] = {&values_ptr, &seen_ptr, &rec};
  Exchange e;
  e.refused = cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(exchange_with_grid_sync<Record>),
                                          grid, block, args, 0, nullptr);
  if (e.refused != cudaSuccess) {
    (void)cudaGetLastError();  // the refusal is not sticky: clear it
    return e;
  }
  CUDA_CHECK_LAUNCH();
  e.right = right_reads(seen);
  return e;
}

}  // namespace g0

// The recording launches through the launch function above.
#include "record_steps.cuh"

namespace {

using gridlock::LessonRun;
namespace tr = gridlock::trace;

std::string fraction(int part, int whole) { return std::to_string(part) + "/" + std::to_string(whole); }

// A setting the run took (a residency limit, the watchdog's limit in ns), kept among the trace's
// parameters as `name`, and the fact `key` that quotes it, written as `unit`.
void setting_fact(tr::Trace& t, const std::string& key, const std::string& name, double value,
                  tr::FactUnit unit = tr::FactUnit::count) {
  tr::FactValue f = tr::setting_fact(t, name, value);
  f.unit = unit;
  tr::set_fact(t, key, f);
}

// The runs of one launch at one grid size as a series, one value a run: the blocks that read their
// neighbour's value right, out of the grid, which is also the reference (a run where every block
// did was exact). The fact `key`: how many runs were exact, out of the runs.
void exact_runs_fact(tr::Trace& t, const std::string& key, const std::string& launch, int grid,
                     const std::vector<double>& right) {
  const int series = tr::add_series(t, {"blocks that read their neighbour right, one a run (" + launch +
                                            ", " + std::to_string(grid) + " blocks)",
                                        "blocks", right, true, double(grid), double(grid)});
  tr::set_fact(t, key, tr::series_matches_fact(t, series));
}

// Runs of the spin barrier at one grid size: completed (not stopped), and exchanged right, with
// the blocks that read right in each run.
struct SpinRuns {
  int grid = 0, runs = 0, completed = 0, exact = 0;
  std::vector<double> right;  // one a run
  std::string text() const {
    return std::to_string(grid) + " blocks: completed " + fraction(completed, runs) +
           ", every neighbour read right " + fraction(exact, runs);
  }
};

SpinRuns spin_runs(int grid, int block, int runs) {
  SpinRuns s{grid, runs, 0, 0, {}};
  for (int r = 0; r < runs; ++r) {
    const g0::Exchange e = g0::spin_exchange<false>(grid, block, {});
    s.completed += !e.stopped;
    // Exact: every block read right, so every block passed (one that gave up reads nothing).
    s.exact += e.right == grid;
    s.right.push_back(e.right);
  }
  std::printf("  spin barrier   %s\n", s.text().c_str());
  return s;
}

// The hand-written barrier on grids that fit and on grids one wave too large; returns what was
// measured, for the chapter's claim.
std::string check_spin(LessonRun& run) {
  const auto& o = run.options();
  const int limit = g0::spin_limit_blocks(o.block, run.device().sm_count);
  std::printf("\nThe hand-written barrier (the GPU holds %d blocks of %d threads at once):\n", limit,
              o.block);
  const SpinRuns one_per_sm = spin_runs(run.device().sm_count, o.block, o.runs);
  const SpinRuns full = spin_runs(limit, o.block, o.runs);
  // Each run that cannot complete costs the watchdog's whole limit: one run per size.
  const SpinRuns one_more = spin_runs(limit + 1, o.block, 1);
  const SpinRuns twice = spin_runs(2 * limit, o.block, 1);
  tr::Trace& t = run.trace();
  setting_fact(t, "spin.limit", "spin_resident_blocks", limit);
  const std::chrono::nanoseconds watchdog = gridlock::watchdog_limit(g0::kSpinLimit);
  setting_fact(t, "spin.watchdog", "watchdog_ns", double(watchdog.count()), tr::FactUnit::ms);
  exact_runs_fact(t, "spin.one_per_sm", "spin barrier", one_per_sm.grid, one_per_sm.right);
  exact_runs_fact(t, "spin.fits", "spin barrier", full.grid, full.right);
  exact_runs_fact(t, "spin.too_large", "spin barrier", one_more.grid, one_more.right);
  exact_runs_fact(t, "spin.twice", "spin barrier", twice.grid, twice.right);
  const std::string fits_text = one_per_sm.text() + "; " + full.text();
  const std::string too_large_text = one_more.text() + "; " + twice.text();
  const bool fits = one_per_sm.exact == o.runs && full.exact == o.runs;
  run.claim(g0::kSpinFits, fits, fits_text);
  if (!fits) run.check_failed("the spin barrier failed on a grid the GPU holds at once");
  run.claim(g0::kSpinTooLarge, one_more.completed == 0 && twice.completed == 0,
            too_large_text + " (stopped by the watchdog after " + t.facts["spin.watchdog"] + ")",
            "the resident blocks spin and keep their SMs; the blocks beyond them cannot start until one "
            "ends, so the "
            "count never reaches the grid size");
  return fits_text + "; " + too_large_text;
}

// The cooperative launch's grid sync at its residency limit and one block beyond it; `spin` is
// what check_spin measured, for the chapter's claim.
void check_cooperative(LessonRun& run, const std::string& spin) {
  const auto& o = run.options();
  const int sms = run.device().sm_count;
  const int limit = g0::cooperative_limit_blocks(o.block, sms);
  int completed = 0;
  std::vector<double> right;  // one a run: the blocks that read right (none in a refused launch)
  for (int r = 0; r < o.runs; ++r) {
    const g0::Exchange e = g0::cooperative_exchange<false>(limit, o.block, {});
    completed += e.refused == cudaSuccess && e.right == limit;
    right.push_back(e.right);
  }
  const g0::Exchange beyond = g0::cooperative_exchange<false>(limit + 1, o.block, {});
  int per_sm = 0;
  CUDA_CHECK(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, g0::exchange_with_grid_sync<false>, o.block, 0));
  const std::string refusal = beyond.refused == cudaSuccess
                                  ? "accepted"
                                  : std::string("refused: ") + cudaGetErrorName(beyond.refused);
  std::printf(
      "\nCooperative launch (limit %d x %d SMs = %d blocks): %s runs exact at %d blocks; %d blocks %s\n",
      per_sm, sms, limit, fraction(completed, o.runs).c_str(), limit, limit + 1, refusal.c_str());
  tr::Trace& t = run.trace();
  setting_fact(t, "cooperative.per_sm", "cooperative_blocks_per_sm", per_sm);
  setting_fact(t, "cooperative.limit", "cooperative_resident_blocks", limit);
  exact_runs_fact(t, "cooperative.exact", "cooperative launch", limit, right);
  t.facts["cooperative.beyond"] = refusal;  // an error's name, not a number: text alone
  const bool works = completed == o.runs && beyond.refused != cudaSuccess;
  const std::string measured = "this_grid().sync() at " + std::to_string(limit) + " blocks (" +
                               std::to_string(per_sm) + " blocks per SM \xC3\x97 " + std::to_string(sms) +
                               " SMs = " + std::to_string(limit) + "): every neighbour read right in " +
                               fraction(completed, o.runs) + " runs; a cooperative launch of " +
                               std::to_string(limit + 1) + " blocks was " + refusal;
  run.claim(g0::kCooperative, works, measured);
  if (!works) run.check_failed("the cooperative grid sync did not behave as documented: " + measured);
  run.claim(
      g0::kNoSafeWay, !works, "ordinary launch: " + spin + ". Cooperative launch: " + measured,
      "true of an ordinary launch: nothing guarantees that all its blocks run at once, and a hand-written "
      "barrier completes only when they happen to. A cooperative launch (CUDA 9 and later) is the safe way: "
      "the runtime starts it only if every block fits at once, and its grid sync is then guaranteed");
}

}  // namespace

int main(int argc, char** argv) {
  gridlock::LessonDefaults defaults;
  defaults.options = {"", /*n=*/1, /*block=*/1024, /*grid=*/1, /*seed=*/1, /*runs=*/20, /*bench=*/false};
  defaults.variants = g0::kVariants;
  return gridlock::run_lesson(argc, argv, kLesson, defaults, [](LessonRun& run) {
    if (run.options().grid != 1)
      std::printf("note: the grid sizes follow from what this GPU holds at once; --grid %d is ignored\n",
                  run.options().grid);
    const std::string spin = check_spin(run);
    check_cooperative(run, spin);
    g0::record_steps(run, run.options().variant);
  });
}
