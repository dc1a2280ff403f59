// critical-section (L2): thread 0 of every block takes a lock and adds one to a counter. Puts the
// documented lock, the lock with acquire/release and atomicAdd through many runs at the
// documented size, times an acquisition, and records one run of the chosen variant: who held
// the lock when, how long the others spun, and the hand-offs.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "kernels.cuh"
#include "lesson_info.hpp"
#include "locks/common/fresh_lock.hpp"

namespace l2 {

// L2's documented claim, declared once (TECHNIQUES.md, row L2), and what the corrected lock and
// the baseline must give.

inline constexpr gridlock::ClaimSpec kCorrect{
    "L2.correct",
    "With the lock (atomicCAS to take it, atomicExch to give it back), the block count is correct."};
inline constexpr gridlock::ClaimSpec kOrdered{
    "L2.ordered-lock",
    "The lock with acquire and release orders (today's CUDA memory model) gives the correct count."};
inline constexpr gridlock::ClaimSpec kAtomic{
    "L2.atomic-baseline", "atomicAdd alone gives the correct count, without a lock (the baseline)."};

// L2's plain launches: each variant's unrecorded kernel on a fresh lock and counter, bounded by
// the watchdog, timed with CUDA events.

// The variants: the documented lock, the lock with acquire/release, and atomicAdd alone.
inline const std::vector<std::string> kVariants = {"documented", "ordered", "atomic"};

// How long a launch may spin before the watchdog tells it to give up.
constexpr std::chrono::milliseconds kSpinLimit{5000};

// Launches `variant` with (recorded or plain) recorder `rec` on zeroed words.
template <bool Record>
void launch(const std::string& variant, int grid, int block, int* state, int* count,
            const volatile int* abort, gridlock::EventRecorder<Record> rec) {
  if (variant == "documented")
    count_blocks_with_lock<gridlock::locks::DocumentedLock, Record>
        <<<grid, block>>>({state}, count, abort, rec);
  else if (variant == "ordered")
    count_blocks_with_lock<gridlock::locks::OrderedLock, Record><<<grid, block>>>({state}, count, abort, rec);
  else
    count_blocks_with_atomic<Record><<<grid, block>>>(count, rec);
}

// One plain launch on a fresh lock and counter; the count it leaves, its time, whether it was
// stopped.
inline gridlock::locks::CountedRun count_on_gpu(const std::string& variant, int grid, int block) {
  return gridlock::locks::count_on_fresh_lock(kSpinLimit,
                                              [&](int* state, int* count, const volatile int* abort) {
                                                launch<false>(variant, grid, block, state, count, abort, {});
                                              });
}

}  // namespace l2

// The recording launches through the launch function above.
#include "record_steps.cuh"

namespace {

using gridlock::LessonRun;
namespace tr = gridlock::trace;

struct Outcome {
  std::string variant;
  std::vector<double> counts;
  std::vector<double> ns_per_block;  // kernel time / blocks, per run
  gridlock::WatchdogTally watchdog;
  int exact(int grid) const { return int(std::count(counts.begin(), counts.end(), double(grid))); }
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

Outcome measure(const std::string& variant, const gridlock::LessonOptions& o) {
  Outcome out;
  out.variant = variant;
  for (int r = 0; r < o.runs; ++r) {
    const gridlock::locks::CountedRun l = l2::count_on_gpu(variant, o.grid, o.block);
    out.counts.push_back(l.count);
    out.ns_per_block.push_back(l.run.ms * 1e6 / o.grid);
    out.watchdog.add(l.run);
  }
  return out;
}

std::string describe(const Outcome& m, int grid) {
  char text[160];
  std::snprintf(text, sizeof text, "%d/%zu runs exact (counts %g..%g of %d), %.0f ns per block (median)",
                m.exact(grid), m.counts.size(), *std::min_element(m.counts.begin(), m.counts.end()),
                *std::max_element(m.counts.begin(), m.counts.end()), grid, median(m.ns_per_block));
  return m.watchdog.stopped ? text + (", " + m.watchdog.text()) : text;
}

// The documented lock across grid sizes from one block to four per SM: where the count stops being
// exact says why. Blocks on different SMs meet only in L2, where the count's load and store are
// ordered by the atomics around them; two blocks that share an SM share its L1, which can hand the
// next holder the count it read before the previous holder's store.
struct GridSweep {
  std::vector<int> grids;
  std::vector<int> exact;  // runs with an exact count, per grid
  int runs = 0;
  int last_exact = -1;     // index of the largest grid with every run exact (-1: none)
  int first_inexact = -1;  // index of the smallest grid with a run that lost a count (-1: none)
};

GridSweep sweep_grids(LessonRun& run) {
  const auto& o = run.options();
  const int sms = run.device().sm_count;
  GridSweep g;
  g.runs = o.runs;
  g.grids = {1, std::max(1, sms / 4), std::max(1, sms / 2), sms, sms + sms / 2, 2 * sms, 4 * sms};
  g.grids.erase(std::unique(g.grids.begin(), g.grids.end()), g.grids.end());
  std::printf("\ndocumented lock by grid (%d runs each, blocks of %d threads, %d SMs)\n", o.runs, o.block,
              sms);
  for (const int grid : g.grids) {
    int exact = 0;
    for (int r = 0; r < o.runs; ++r) exact += l2::count_on_gpu("documented", grid, o.block).count == grid;
    g.exact.push_back(exact);
    std::printf("  %5d blocks: %d/%d runs exact\n", grid, exact, o.runs);
    const int k = int(g.exact.size()) - 1;
    if (exact == o.runs && g.first_inexact < 0) g.last_exact = k;
    if (exact < o.runs && g.first_inexact < 0) g.first_inexact = k;
  }
  tr::Trace& t = run.trace();
  const int sweep = tr::add_series(
      t, {"exact runs of the documented lock, at 1, SMs/4, SMs/2, SMs, 1.5 SMs, 2 SMs and 4 SMs blocks",
          "runs", std::vector<double>(g.exact.begin(), g.exact.end()), true, double(o.runs)});
  const int grids = tr::add_series(
      t, {"blocks in each grid of the sweep", "blocks", std::vector<double>(g.grids.begin(), g.grids.end())});
  for (size_t k = 0; k < g.grids.size(); ++k)
    tr::set_fact(t, "sweep." + std::to_string(g.grids[k]) + ".exact_runs",
                 tr::series_value_fact(t, sweep, int64_t(k), true));
  // The threshold, as the grids of the sweep on either side of it ("0" where a side is empty).
  const auto grid_at = [&](const std::string& key, int k) {
    if (k >= 0)
      tr::set_fact(t, key, tr::series_value_fact(t, grids, k, false));
    else
      t.facts[key] = "0";
  };
  grid_at("sweep.last_exact_grid", g.last_exact);
  grid_at("sweep.first_inexact_grid", g.first_inexact);
  return g;
}

// "exact in every run up to 132 blocks (one per SM at most), not from 198": the sweep in one line.
std::string sweep_text(const GridSweep& g, int sms) {
  std::string text = "by grid:";
  for (size_t k = 0; k < g.grids.size(); ++k)
    text += (k ? ", " : " ") + std::to_string(g.grids[k]) + (g.grids[k] == 1 ? " block " : " blocks ") +
            std::to_string(g.exact[k]) + "/" + std::to_string(g.runs) + " exact";
  text += " (" + std::to_string(sms) + " SMs)";
  return text;
}

void check_claims(LessonRun& run) {
  const auto& o = run.options();
  const std::string size =
      " at " + std::to_string(o.grid) + " blocks of " + std::to_string(o.block) + " threads";
  const std::string by_grid = sweep_text(sweep_grids(run), run.device().sm_count);
  std::printf("\n%-12s %10s %14s\n", "variant", "exact runs", "ns per block");
  for (const std::string& variant : l2::kVariants) {
    const Outcome m = measure(variant, o);
    std::printf("%-12s %6d/%-3d %14.0f\n", variant.c_str(), m.exact(o.grid), o.runs, median(m.ns_per_block));
    const bool exact = m.exact(o.grid) == o.runs;
    tr::Trace& t = run.trace();
    const int counts =
        tr::add_series(t, {"final count, " + variant + size, "blocks", m.counts, true, double(o.grid)});
    tr::set_fact(t, variant + ".exact_runs", tr::series_matches_fact(t, counts));
    const int times =
        tr::add_series(t, {"kernel time per block, " + variant + size, "ns", m.ns_per_block, false, 0});
    tr::set_fact(t, variant + ".ns_per_block", tr::series_median_fact(t, times, tr::FactUnit::ns, 0));
    if (variant == "documented") run.claim(l2::kCorrect, exact, describe(m, o.grid) + size + "; " + by_grid);
    if (variant == "ordered") run.claim(l2::kOrdered, exact, describe(m, o.grid) + size);
    if (variant == "atomic") run.claim(l2::kAtomic, exact, describe(m, o.grid) + size);
    if (!exact && variant != "documented")
      run.check_failed(variant + " gave a wrong count: " + describe(m, o.grid));
  }
}

}  // namespace

int main(int argc, char** argv) {
  gridlock::LessonDefaults defaults;
  defaults.options = {"", /*n=*/1, /*block=*/1024, /*grid=*/512, /*seed=*/1, /*runs=*/100, /*bench=*/false};
  defaults.variants = l2::kVariants;
  return gridlock::run_lesson(argc, argv, kLesson, defaults, [](LessonRun& run) {
    // The turns run the lock itself: its atomicCAS loop and atomicExch, in the chapter's locks.cuh.
    if (run.options().variant != "atomic")
      run.light("PHASE 2: count inside the critical section", "locks/common/locks.cuh",
                run.options().variant == "ordered" ? "ordered-lock" : "documented-lock");
    check_claims(run);
    l2::record_steps(run, run.options().variant);
  });
}
