// racy-counter (L1): every block's thread 0 adds one to a global counter with no lock. Measures
// how wrong the count comes out over many runs and grid sizes, checks the atomicAdd baseline, and
// records one run (--variant racy or atomic) block by block: the value each read and wrote.
#include <algorithm>
#include <string>
#include <vector>

#include "common/device_buffer.hpp"
#include "common/lesson.hpp"
#include "kernels.cuh"
#include "lesson_info.hpp"

namespace l1 {

// L1's documented claim, declared once (TECHNIQUES.md, row L1), and the baseline's guarantee.

inline constexpr gridlock::ClaimSpec kWrongResult{
    "L1.wrong-result",
    "Counting blocks by having thread 0 of each do count = count + 1, with no lock, returns a wrong result."};
inline constexpr gridlock::ClaimSpec kAtomicExact{"L1.atomic-baseline",
                                                  "The same count with atomicAdd returns the number of "
                                                  "blocks (the baseline, not a claim of the document)."};

// L1's plain launches: the unrecorded kernels, as they are measured.

// The variants the lesson records: the documented unlocked counter, and the atomicAdd baseline.
inline const std::vector<std::string> kVariants = {"racy", "atomic"};
inline bool is_atomic(const std::string& variant) { return variant == "atomic"; }

// One launch on a zeroed counter; returns what the counter holds afterwards.
inline int count_on_gpu(bool atomic, int grid, int block, gridlock::DeviceBuffer<int>& count) {
  count.fill_bytes(0);
  if (atomic)
    count_blocks_with_atomic<false><<<grid, block>>>(count.get(), {});
  else
    count_blocks_without_lock<false><<<grid, block>>>(count.get(), {});
  CUDA_CHECK_LAUNCH();
  return count.download_one();
}

}  // namespace l1

// The recording launches through the launch function above.
#include "record_steps.cuh"

namespace {

using gridlock::LessonRun;
namespace tr = gridlock::trace;

struct Counts {
  int grid = 0;
  std::vector<double> finals;  // one per run
  int wrong() const {
    return int(std::count_if(finals.begin(), finals.end(), [&](double f) { return f != grid; }));
  }
};

Counts measure(bool atomic, int grid, int block, int runs) {
  gridlock::DeviceBuffer<int> count(1);
  Counts c;
  c.grid = grid;
  for (int r = 0; r < runs; ++r) c.finals.push_back(l1::count_on_gpu(atomic, grid, block, count));
  return c;
}

// "wrong in 200/200 runs: 23..51..97 of 512 (min..median..max)"
std::string describe(const Counts& c) {
  std::vector<double> sorted = c.finals;
  std::sort(sorted.begin(), sorted.end());
  auto n = [](double v) { return std::to_string(static_cast<long long>(v)); };
  return "wrong in " + std::to_string(c.wrong()) + "/" + std::to_string(c.finals.size()) +
         " runs: " + n(sorted.front()) + ".." + n(sorted[sorted.size() / 2]) + ".." + n(sorted.back()) +
         " of " + std::to_string(c.grid) + " (min..median..max)";
}

// How many blocks of the kernel the GPU holds at once (all SMs, at most occupancy).
int resident_blocks(int block, int sm_count) {
  int per_sm = 0;
  CUDA_CHECK(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, l1::count_blocks_without_lock<false>, block, 0));
  return per_sm * sm_count;
}

void check_claims(LessonRun& run) {
  const auto& o = run.options();
  std::vector<int> grids = {1, 2, 8, 32, run.device().sm_count, 2 * run.device().sm_count, o.grid};
  std::sort(grids.begin(), grids.end());
  grids.erase(std::unique(grids.begin(), grids.end()), grids.end());
  std::string racy_sweep, atomic_sweep;
  bool atomic_exact = true;
  Counts documented, two_blocks;
  int racy_series = -1;  // the final counts without a lock at the lesson's grid
  for (int grid : grids) {
    const Counts racy = measure(false, grid, o.block, o.runs), atomic = measure(true, grid, o.block, o.runs);
    const std::string blocks = std::to_string(grid) + (grid == 1 ? " block: " : " blocks: ");
    racy_sweep += (racy_sweep.empty() ? "" : "; ") + blocks + describe(racy);
    atomic_sweep += (atomic_sweep.empty() ? "" : "; ") + blocks + std::to_string(o.runs - atomic.wrong()) +
                    "/" + std::to_string(o.runs) + " exact";
    atomic_exact &= atomic.wrong() == 0;
    if (grid == 2) two_blocks = racy;
    if (grid == o.grid) {
      documented = racy;
      racy_series =
          tr::add_series(run.trace(), {"final count without a lock, " + std::to_string(grid) + " blocks",
                                       "blocks", racy.finals, true, double(grid)});
      run.trace().series.push_back({"final count with atomicAdd, " + std::to_string(grid) + " blocks",
                                    "blocks", atomic.finals, true, double(grid)});
    }
  }
  tr::Trace& t = run.trace();
  const int two =
      tr::add_series(t, {"final count without a lock, 2 blocks", "blocks", two_blocks.finals, true, 2.0});
  tr::set_fact(t, "racy.two_blocks_wrong", tr::series_differs_fact(t, two));
  tr::set_fact(t, "racy.wrong_runs", tr::series_differs_fact(t, racy_series));
  tr::set_fact(t, "racy.final_range", tr::series_range_fact(t, racy_series));
  tr::set_fact(t, "racy.final_median", tr::series_median_fact(t, racy_series, tr::FactUnit::count, 0));
  // The blocks this GPU holds at once at this block size: a setting of the run, kept with its options.
  tr::set_fact(t, "resident",
               tr::setting_fact(t, "resident_blocks", resident_blocks(o.block, run.device().sm_count)));
  run.claim(l1::kWrongResult, documented.wrong() > 0,
            "at " + std::to_string(o.grid) + " blocks of " + std::to_string(o.block) + " threads, " +
                describe(documented) + ". Sweep: " + racy_sweep,
            "a single block is always right; the count goes wrong as soon as two blocks can run at once");
  run.claim(l1::kAtomicExact, atomic_exact, atomic_sweep);
  if (!atomic_exact) run.check_failed("atomicAdd lost a count: " + atomic_sweep);
}

}  // namespace

int main(int argc, char** argv) {
  gridlock::LessonDefaults defaults;
  defaults.options = {"", /*n=*/1, /*block=*/1024, /*grid=*/512, /*seed=*/1, /*runs=*/200, /*bench=*/false};
  defaults.variants = l1::kVariants;
  return gridlock::run_lesson(argc, argv, kLesson, defaults, [](LessonRun& run) {
    check_claims(run);
    l1::record_steps(run, l1::is_atomic(run.options().variant));
  });
}
